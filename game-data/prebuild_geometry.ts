/**
 * Writes each tree bundle's static geometry (pwa/src/tree/prebuiltGeometry.ts: node quads and
 * points, edges with every coarse level, group discs, hit grid) as a content-hashed binary file
 * beside it, built by the page's own geometry code so the two cannot drift. Run by pipeline.py:
 *
 *   tsx game-data/prebuild_geometry.ts <dist> '{"tree/3.28": "tree-3.28.<hash>.json", ...}'
 *
 * prints {"geometry/tree/3.28": "tree-3.28.<hash>.bin", ...} (the manifest's new entries).
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync, existsSync, renameSync } from "node:fs";
import { join } from "node:path";
import { geometryFileOf, geometryName } from "../pwa/src/tree/prebuiltGeometry";

const [dist, treesJson] = process.argv.slice(2);
const trees = JSON.parse(treesJson) as Record<string, string>;
const out: Record<string, string> = {};
for (const [name, file] of Object.entries(trees)) {
  const bytes = geometryFileOf(JSON.parse(readFileSync(join(dist, file), "utf8")));
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 16);
  const target = `${name.replace("/", "-")}.${hash}.bin`;
  if (!existsSync(join(dist, target))) {
    writeFileSync(join(dist, target + ".tmp"), bytes);
    renameSync(join(dist, target + ".tmp"), join(dist, target));
  }
  out[geometryName(name)] = target;
}
process.stdout.write(JSON.stringify(out));
