import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

// One Vitest run over the pure modules of workers/, pwa/ and game-data/.
// Files that need a DOM opt in with `// @vitest-environment happy-dom`.
export default defineConfig({
  resolve: { alias: { "@workers": fileURLToPath(new URL("./workers", import.meta.url)) } },
  test: {
    include: ["workers/**/*.test.ts", "pwa/src/**/*.test.{ts,tsx}", "game-data/**/*.test.ts"],
    exclude: ["**/node_modules/**", "**/dist/**"],
    environment: "node",
    testTimeout: 30_000,
  },
});
