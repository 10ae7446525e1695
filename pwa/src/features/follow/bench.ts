/**
 * BENCH pwa.revision_diff_ms: the revision diff of the largest corpus build (by its planner code)
 * against the corpus build of the same class with the most trees (steps paired by position), median of 30 runs after 5 warm-ups, with the
 * decoded builds and tree models ready (as the app has them: decoded once, models cached).
 * Run by e2e/bench/bench_revision_diff.py through tsx.
 */
import { statSync } from "node:fs";
import { decodePlanner } from "../../../../workers/planner/index";
import { CORPUS_DIR, corpusFiles, corpusText } from "../../../../workers/planner/test/corpus";
import type { PlannerBuild } from "../../../../workers/planner/types";
import { treeVersionName } from "../../data/treeVersions";
import { realTree } from "../../tree/test/testModel";
import { revisionDiff, type NodeLookup, type RevisionSide } from "./revisionDiff";

const lookup: NodeLookup = (id, version) => realTree(treeVersionName(version) ?? "3.28").model.byId.get(id);

/** One step per tree, titled by position, so the steps of the two builds pair up and every pair is diffed. */
function side(revision: number, build: PlannerBuild): RevisionSide {
  return {
    revision, note: "", treeVersion: build.trees[0]?.treeVersion ?? "", skills: [],
    steps: build.trees.map((t, i) => ({
      title: `Step ${i + 1}`, passiveTreeId: t.id,
      equipmentSetId: build.itemSets[Math.min(i, build.itemSets.length - 1)]?.id ?? "",
      skillSetId: build.skillSets[Math.min(i, build.skillSets.length - 1)]?.id ?? "",
    })),
    build,
  };
}

const codes = corpusFiles().filter((f) => f.endsWith(".code.txt"));
const largest = codes.reduce((a, b) => (statSync(CORPUS_DIR + b).size > statSync(CORPUS_DIR + a).size ? b : a));
const big = decodePlanner(corpusText(largest.split("/")[1]));
// Another build of the class (not the largest's XML twin), the one with the most trees.
const other = corpusFiles()
  .filter((f) => f.split("/")[1].split(".")[0] !== largest.split("/")[1].split(".")[0])
  .map((f) => { try { return decodePlanner(corpusText(f.split("/")[1])); } catch { return null; } })
  .filter((b): b is PlannerBuild => b !== null && b.className === big.className && b.trees.length > 0)
  .reduce((a, b) => (b.trees.length > a.trees.length ? b : a));
const before = side(1, other), after = side(2, big);
for (const t of [...other.trees, ...big.trees]) lookup(0, t.treeVersion); // tree models loaded and cached
for (let i = 0; i < 5; i++) revisionDiff(before, after, lookup);
const times: number[] = [];
let changed = 0;
for (let i = 0; i < 30; i++) {
  const t = performance.now();
  changed = revisionDiff(before, after, lookup).steps.changed.length;
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
console.error(`revision diff: ${largest} (${big.trees.length} trees) against a ${other.className} build of ${other.trees.length} trees; ${changed} steps changed`);
console.log(`BENCH pwa.revision_diff_ms ${times[15].toFixed(2)} ms`);
console.log(`BENCH pwa.revision_diff_max_ms ${times[times.length - 1].toFixed(2)} ms`);
