// Lays out a mapped character's cluster jewel rings with the PWA's own code (characterClusters) and
// prints, per character, the ring passives it finds and the ones it cannot place. Used by
// tests/server/test_demo_characters.py: argv[2] is a JSON file {key: {character, treeFile}}.
import { readFileSync } from "node:fs";
import { characterClusters } from "../../pwa/src/features/tracker/characterClusters";
import { treeModelFromBundle } from "../../pwa/src/tree/adapter";

const input = JSON.parse(readFileSync(process.argv[2], "utf8"));
const clusters = JSON.parse(readFileSync(input.clustersFile, "utf8"));
const out: Record<string, { allocated: number[]; unmatched: number }> = {};
for (const [key, { character, treeFile }] of Object.entries<{ character: never; treeFile: string }>(input.characters)) {
  const model = treeModelFromBundle(JSON.parse(readFileSync(treeFile, "utf8")));
  const r = characterClusters(character, model, clusters);
  out[key] = { allocated: r.allocated.map((n) => n.id).sort((a, b) => a - b), unmatched: r.unmatched };
}
process.stdout.write(JSON.stringify(out));
