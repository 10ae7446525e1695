/**
 * BENCH tracker.compare_ms and tracker.next_passives_ms: the sample character
 * (the server's own mapping of the official-API sample, a Templar) against the
 * largest Templar step in the planner corpus (most allocated passives): tree diff, gear per
 * slot and gems; then the next passives from the character to that step.
 * Both include the cluster jewels: the compare matches both sides' rings (stepClusters),
 * the next passives walk the tree with the rings added. That tree is a new model per
 * step change, its neighbour lists built once for it: BENCH tracker.compare_tree_model_ms
 * times that apart (as tree_adjacency_ms the plain tree's), since building hundreds of
 * models in a loop times the garbage collector more than the work.
 * Medians of many runs after a warm-up (the first next-passives call on the plain
 * tree is reported apart). BENCH tracker.character_tree_ms:
 * the character's own tree allocation with its jewels placed in their sockets.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { decodePlanner } from "../../../../../workers/planner/index";
import type { PlannerBuild, PlannerTree } from "../../../../../workers/planner/types";
import { POB_CORPUS_DIR as POB } from "../../../../../workers/sharedDir";
import { adjacency, nextPassives } from "../../../tree/pathing";
import { realTree } from "../../../tree/test/testModel";
import { stepSets } from "../../build-view/stepView";
import { characterAllocation, classIds } from "../characterView";
import { compareStep } from "../compare";
import { compareModel, stepClusters, stepNextPassives } from "../stepClusters";
import type { ClustersBundle } from "../../../data/gameDataTypes";
import { distManifest } from "../../../tree/test/testModel";
import { sampleCharacter } from "./officialSamples";
import { realClassTable } from "./testClasses";

const DIST = fileURLToPath(new URL("../../../../../game-data/dist/", import.meta.url));
const RUNS = 200;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function time(fn: () => unknown): number[] {
  for (let i = 0; i < 20; i++) fn();
  const out: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    fn();
    out.push(performance.now() - t);
  }
  return out;
}

let largest: { build: PlannerBuild; tree: PlannerTree } | null = null;
for (const dir of readdirSync(POB, { withFileTypes: true }).filter((d) => d.isDirectory())) {
  for (const f of readdirSync(POB + dir.name).filter((n) => n.endsWith(".code.txt"))) {
    let build: PlannerBuild;
    try {
      build = decodePlanner(readFileSync(`${POB}${dir.name}/${f}`, "utf8").trim());
    } catch {
      continue;
    }
    // Pathing needs the character's class start: Templar trees only (class 5).
    for (const tree of build.trees) if (tree.classId === 5 && (!largest || tree.nodes.length > largest.tree.nodes.length)) largest = { build, tree };
  }
}
if (!largest) throw new Error("no planner build in the corpus");
const { build, tree } = largest;
const sets = { ...stepSets(build, undefined), tree };
const character = sampleCharacter();
const { model } = realTree("3.28");
const classId = classIds(realClassTable(), character.class).classId;
if (classId !== 5) throw new Error(`the sample character is no longer a Templar (${character.class})`);

const t0 = performance.now();
adjacency(model);
const adjacencyMs = performance.now() - t0;
const t1 = performance.now();
nextPassives(model, character.passives!.hashes, tree.nodes, classId);
const cold = performance.now() - t1;

const bundle = JSON.parse(readFileSync(DIST + distManifest().files.clusters, "utf8")) as ClustersBundle;
const compare = time(() => compareStep(model, build, sets, character, stepClusters(model, build, tree, character, bundle)));
const clusters = stepClusters(model, build, tree, character, bundle);
const treeModel = time(() => adjacency(compareModel(model, clusters)));
const drawn = compareModel(model, clusters);
const next = time(() => stepNextPassives(drawn, character, tree, classId, clusters));
// The character's tree: passives, masteries and its jewels placed by the tree's jewel slot list.
const characterTree = time(() => characterAllocation(realClassTable(), character, "3.28", model));
const r = stepNextPassives(drawn, character, tree, classId, clusters);
console.log(`BENCH tracker.compare_ms ${median(compare).toFixed(3)} ms`);
console.log(`BENCH tracker.next_passives_ms ${median(next).toFixed(3)} ms`);
console.log(`BENCH tracker.compare_tree_model_ms ${median(treeModel).toFixed(3)} ms`);
console.log(`BENCH tracker.character_tree_ms ${median(characterTree).toFixed(3)} ms`);
console.log(`BENCH tracker.next_passives_first_ms ${cold.toFixed(3)} ms`);
console.log(`BENCH tracker.tree_adjacency_ms ${adjacencyMs.toFixed(3)} ms`);
console.error(
  `(step of ${tree.nodes.length} passives; ${r.paths.length} paths, ${r.total} points, ${r.respecs.length} respecs;` +
    ` cluster rings ${clusters?.rings.map((x) => x.match).join(", ") || "none"})`,
);
