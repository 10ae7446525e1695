// Cluster jewel rings on the real trees (game-data/dist) for the real corpus builds,
// checked against an independent reading of each export's <Spec nodes="...">.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { POB_CORPUS_DIR } from "@workers/sharedDir";
import { decodePlanner } from "@workers/planner/index";
import type { ClustersBundle, TreeBundle } from "../../data/gameDataTypes";
import { pickTreeBundle } from "../../data/treeVersions";
import { treeModelFromBundle } from "../adapter";
import { readClusterJewel, type ClusterItemLike } from "../clusterJewel";
import { CLUSTER_ID_BASE, layoutClusters, orbitAngle, translateSlot, withClusters } from "../clusterLayout";
import type { TreeModel } from "../model";
import { allocationStates, NodeState } from "../states";
import { distManifest } from "./testModel";

const DIST = fileURLToPath(new URL("../../../../game-data/dist/", import.meta.url));
const files = distManifest().files;
const clusters = JSON.parse(readFileSync(DIST + files.clusters, "utf8")) as ClustersBundle;
const models = new Map<string, TreeModel>();
function modelFor(treeVersion: string): TreeModel {
  const name = pickTreeBundle(files, treeVersion)!.name;
  let m = models.get(name);
  if (!m) {
    m = treeModelFromBundle(JSON.parse(readFileSync(DIST + files[name], "utf8")) as TreeBundle);
    models.set(name, m);
  }
  return m;
}

/** The independent reading: every <Spec>'s node ids straight from the XML text. */
function rawSpecs(xml: string): number[][] {
  return [...xml.matchAll(/<Spec\b[^>]*?\snodes="([^"]*)"/g)].map((m) => (m[1].match(/\d+/g) ?? []).map(Number));
}

const corpus = readdirSync(POB_CORPUS_DIR, { recursive: true, encoding: "utf8" })
  .filter((f) => f.endsWith(".xml"))
  .map((f) => ({ file: f, xml: readFileSync(POB_CORPUS_DIR + f, "utf8") }))
  .filter(({ xml }) => rawSpecs(xml).some((ids) => ids.some((id) => id >= CLUSTER_ID_BASE)));

describe("cluster slots", () => {
  it("translates the data's 12 slots to the 16-slot orbits as the planner does", () => {
    expect([0, 1, 2, 3, 6, 11].map((s) => translateSlot(s, 12, 16))).toEqual([0, 1, 3, 4, 8, 15]);
    expect(translateSlot(5, 6, 6)).toBe(5);
    expect(orbitAngle(16, 2)).toBeCloseTo(Math.PI / 4); // 45 degrees, not 360 / 16 * 2
    expect(orbitAngle(6, 3)).toBeCloseTo(Math.PI);
  });

  it("reads a cluster jewel's size, passives, sockets and notables in sort order", () => {
    const item: ClusterItemLike = {
      baseType: "Large Cluster Jewel",
      enchantMods: [{ text: "Adds 8 Passive Skills" }, { text: "2 Added Passive Skills are Jewel Sockets" },
        { text: "Added Small Passive Skills grant: 12% increased Chaos Damage" }],
      explicitMods: [{ text: "1 Added Passive Skill is Wicked Pall" }, { text: "1 Added Passive Skill is Misery Everlasting" },
        { text: "Added Small Passive Skills also grant: +5 to Intelligence" }],
    };
    const j = readClusterJewel(item, clusters)!;
    expect([j.size, j.nodeCount, j.socketCount, j.smallName]).toEqual(["Large", 8, 2, "Chaos Damage"]);
    const order = clusters.notableSortOrder;
    expect(j.notables).toEqual(["Wicked Pall", "Misery Everlasting"].sort((a, b) => order[a] - order[b]));
    expect(j.smallStats).toEqual(["12% increased Chaos Damage", "+5 to Intelligence"]);
    expect(readClusterJewel({ baseType: "Cobalt Jewel" }, clusters)).toBeNull();
  });
});

describe("cluster jewels of the corpus builds", () => {
  it("finds the corpus builds with cluster passives", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(10);
  });

  for (const { file, xml } of corpus) {
    it(`${file}: draws exactly the cluster passives each spec allocates`, () => {
      const build = decodePlanner(xml);
      const raw = rawSpecs(xml);
      let checked = 0;
      for (const tree of build.trees) {
        // Pair the decoded spec with its raw one by the tree's own (non-cluster) ids.
        const key = (ids: number[]) => [...new Set(ids.filter((id) => id < CLUSTER_ID_BASE))].sort((a, b) => a - b).join(",");
        const rawIds = raw.find((ids) => key(ids) === key(tree.nodes));
        if (!rawIds) {
          // A spec kept as a tree URL only (no nodes attribute): such links hold 16-bit ids, no cluster passives.
          const tag = [...xml.matchAll(/<Spec\b[^>]*>/g)].map((m) => m[0]).find((t) => t.includes(`title="${tree.title}"`));
          expect(tag, `${tree.title} is in the XML`).toBeDefined();
          expect(tag).not.toMatch(/\snodes="/);
          continue;
        }
        const want = [...new Set(rawIds!.filter((id) => id >= CLUSTER_ID_BASE))].sort((a, b) => a - b);
        if (want.length === 0) continue;
        const model = modelFor(tree.treeVersion);
        const jewelAt = (socket: number) => {
          const item = build.items[tree.jewels[socket]] as ClusterItemLike | undefined;
          return item && "baseType" in item ? readClusterJewel(item, clusters) : null;
        };
        if (!Object.keys(tree.jewels).some((s) => jewelAt(Number(s)))) {
          // An export stripped of its items (322_overrides) cannot be laid out: the notice counts them.
          expect(allocationStates(model, tree).clusterIds.filter((id) => id >= CLUSTER_ID_BASE), tree.title).toEqual(want);
          checked++;
          continue;
        }
        const layout = layoutClusters(model, clusters, jewelAt);
        const drawn = withClusters(model, layout);
        const { states, clusterIds } = allocationStates(drawn, tree);
        const active = drawn.nodes
          .filter((n) => n.id >= CLUSTER_ID_BASE && states.has(n.index, NodeState.Active) && states.visible(n.index))
          .map((n) => n.id)
          .sort((a, b) => a - b);
        expect(active, `${tree.title} (${tree.treeVersion})`).toEqual(want);
        expect(clusterIds).toEqual([]);
        // Every laid-out passive has a place, a name and (unless a socket) its texts; ids are unique.
        expect(new Set(layout.nodes.map((n) => n.id)).size).toBe(layout.nodes.length);
        for (const n of layout.nodes) {
          expect(Number.isFinite(n.x) && Number.isFinite(n.y)).toBe(true);
          expect(n.name).not.toBe("");
          if (n.kind === "notable") expect(n.stats.length, n.name).toBeGreaterThan(0);
          // The export places the nested sockets where the game shows them: the ring's slot math must land there.
          if (n.kind === "socket") {
            const own = model.byId.get(n.id)!;
            expect(Math.hypot(own.x - n.x, own.y - n.y), `socket ${n.id} on ${tree.treeVersion}`).toBeLessThan(1);
          }
        }
        checked++;
      }
      expect(checked).toBeGreaterThan(0);
    });
  }
});
