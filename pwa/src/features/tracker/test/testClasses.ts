/** Test helper: the game-data class table the pipeline wrote to game-data/dist (what useClassTable loads). */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { ClassTable } from "../../../data/classes";

const DIST = fileURLToPath(new URL("../../../../../game-data/dist/", import.meta.url));

export function realClassTable(): ClassTable {
  const manifest = JSON.parse(readFileSync(DIST + "manifest.json", "utf8")) as { files: Record<string, string> };
  return JSON.parse(readFileSync(DIST + manifest.files.classes, "utf8")) as ClassTable;
}
