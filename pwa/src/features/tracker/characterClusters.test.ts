/**
 * The character's cluster jewel rings on every official-API sample that holds cluster
 * jewels, against an expectation read here from the raw sample alone: each jewel_data
 * subgraph's nodes that hashes_ex names (their names, notables, sockets), per jewel socket.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { ClustersBundle } from "../../data/gameDataTypes";
import { readClusterJewel } from "../../tree/clusterJewel";
import { withClusters } from "../../tree/clusterLayout";
import { allocationStates, NodeState } from "../../tree/states";
import { distManifest, realTree } from "../../tree/test/testModel";
import { characterClusters } from "./characterClusters";
import { characterAllocation, plannerItemOf } from "./characterView";
import { mapOfficial, officialSamples } from "./test/officialSamples";
import { realClassTable } from "./test/testClasses";

const DIST = fileURLToPath(new URL("../../../../game-data/dist/", import.meta.url));
const clusters = JSON.parse(readFileSync(DIST + distManifest().files.clusters, "utf8")) as ClustersBundle;
const { model } = realTree("3.28");

type RawNode = { name: string; isNotable?: boolean; isJewelSocket?: boolean };
type RawPassives = { hashes_ex?: number[]; jewel_data?: Record<string, { subgraph?: { nodes: Record<string, RawNode> } }> };

/** Per jewel socket index x: the sorted names of the subgraph nodes hashes_ex allocates. */
function expected(raw: RawPassives): Map<number, string[]> {
  const ex = new Set((raw.hashes_ex ?? []).map(String));
  const out = new Map<number, string[]>();
  for (const [x, info] of Object.entries(raw.jewel_data ?? {})) {
    if (!info?.subgraph) continue;
    out.set(Number(x), Object.entries(info.subgraph.nodes).filter(([k]) => ex.has(k)).map(([, n]) => n.name).sort());
  }
  return out;
}

const samples = officialSamples()
  .map((s) => {
    const d = JSON.parse(readFileSync(s.file, "utf8"));
    return { file: s.file.split("/").pop()!, character: s.character ?? s.fromPassives, raw: (d.character?.passives ?? d) as RawPassives };
  })
  .filter((s) => s.character && expected(s.raw).size > 0);

describe("the character's cluster jewels on its tree", () => {
  it("covers every official sample with cluster jewels", () => {
    expect(samples.length).toBeGreaterThanOrEqual(1);
    expect(samples.some((s) => s.file === "character_detail_SampleCharacter.json")).toBe(true);
  });

  for (const s of samples) {
    it(`allocates the ring passives of ${s.file}`, () => {
      const c = s.character!;
      const got = characterClusters(c, model, clusters);
      const want = expected(s.raw);
      expect(got.unmatched).toBe(0);
      for (const [x, names] of want) {
        const socket = model.jewelSlots[x];
        const mine = got.allocated.filter((n) => n.parentSocket === socket).map((n) => n.name).sort();
        expect(mine, `jewel socket ${x}`).toEqual(names);
      }
      // No node twice, and each allocated notable is a ring notable with its stats.
      const ids = got.allocated.map((n) => n.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const n of got.allocated.filter((k) => k.kind === "notable")) expect(clusters.notables[n.name]?.stats.length).toBeGreaterThan(0);
      // The allocation holds them, and on the tree with the rings they are drawn allocated (no notice).
      const alloc = characterAllocation(realClassTable(), c, "3.28.0g", model, got);
      const tree = withClusters(model, got.layout);
      const { states, clusterIds } = allocationStates(tree, alloc);
      expect(clusterIds).toEqual([]);
      expect(alloc.clusterPassives).toBe(0);
      for (const id of ids) expect(states.has(tree.byId.get(id)!.index, NodeState.Active), `node ${id}`).toBe(true);
    });
  }

  it("draws the detail sample's notables, nested rings included", () => {
    const s = samples.find((k) => k.file === "character_detail_SampleCharacter.json")!;
    const got = characterClusters(s.character!, model, clusters);
    const notables = got.allocated.filter((n) => n.kind === "notable").map((n) => n.name).sort();
    expect(notables).toEqual(["Circling Oblivion", "Dragon Hunter", "Scintillating Idea", "Widespread Destruction"]);
    // Dragon Hunter is on the small jewel (x 25) nested in the medium one (x 11) in a large socket.
    expect(got.allocated.find((n) => n.name === "Dragon Hunter")!.parentSocket).toBe(model.jewelSlots[25]);
  });
});

describe("a Voices jewel (the official text: \"Adds 1 Small Passive Skill which grants nothing\")", () => {
  // The detail sample with its large cluster jewel (x 20) made the 3-socket Voices, worded as the
  // official answer words it: singular "Skill which grants", not "Skills which grant".
  const voicesCharacter = () => {
    const c = structuredClone(officialSamples().find((s) => s.file.endsWith("character_detail_SampleCharacter.json"))!.character!);
    const j = c.passives!.expansionJewels.find((e) => e.socketNodeIndex === 20)!;
    j.equipment = {
      ...j.equipment, name: "Voices", rarity: "Unique", enchantMods: [], craftedMods: [], fracturedMods: [],
      explicitMods: ["Adds 3 Jewel Socket Passive Skills", "Adds 1 Small Passive Skill which grants nothing"],
    };
    return c;
  };

  it("lays out its ring: three sockets and the passive that grants nothing, at the ring's entrance", () => {
    const got = characterClusters(voicesCharacter(), model, clusters);
    const socket = model.jewelSlots[20];
    const ring = got.layout.nodes.filter((n) => n.parentSocket === socket);
    expect(ring.map((n) => n.kind).sort()).toEqual(["small", "socket", "socket", "socket"]);
    const entrance = got.layout.links.find((l) => l.b === socket && l.ring === null)!;
    expect(ring.find((n) => n.id === entrance.a)?.kind).toBe("small");
    // Its sockets are the large socket's three nested sockets, so nested jewels hang from them.
    const nested = model.nodes.filter((n) => n.expansionJewel?.parent === socket).map((n) => n.id).sort();
    expect(ring.filter((n) => n.kind === "socket").map((n) => n.id).sort()).toEqual(nested);
  });
});

describe("a small cluster jewel in a medium socket (a Voices socket)", () => {
  // The detail sample with the large jewel at x 20 made a Voices and the sample's own small jewel
  // (x 25) also socketed in one of the Voices' medium sockets. Official answers name the medium
  // socket's proxy as such a ring's group, and its allocated slots follow that proxy's size-0 offset.
  it("is turned by the medium socket's own proxy, not by the small socket's proxy behind it", () => {
    const c = structuredClone(officialSamples().find((s) => s.file.endsWith("character_detail_SampleCharacter.json"))!.character!);
    const jewels = c.passives!.expansionJewels;
    const large = jewels.find((e) => e.socketNodeIndex === 20)!;
    large.equipment = {
      ...large.equipment, name: "Voices", rarity: "Unique", enchantMods: [], craftedMods: [], fracturedMods: [],
      explicitMods: ["Adds 3 Jewel Socket Passive Skills", "Adds 1 Small Passive Skill which grants nothing"],
    };
    const medium = model.nodes.find((n) => n.expansionJewel?.parent === model.jewelSlots[20] && n.expansionJewel.index === 1)!;
    const x = model.jewelSlots.indexOf(medium.id);
    jewels.push({ ...structuredClone(jewels.find((e) => e.socketNodeIndex === 25)!), socketNodeIndex: x, allocatedOrbitIndices: [] });

    const got = characterClusters(c, model, clusters);
    const ring = got.layout.nodes.filter((n) => n.parentSocket === medium.id);
    const entrance = got.layout.links.find((l) => l.b === medium.id && l.ring === null)!;
    const own = clusters.orbitOffsets[String(medium.expansionJewel!.proxy)]["0"];
    const small = model.nodes.find((n) => n.expansionJewel?.parent === medium.id)!;
    const behind = clusters.orbitOffsets[String(small.expansionJewel!.proxy)]["0"];
    expect(own).not.toBe(behind); // the two readings differ on this socket
    // The small ring has as many slots (6) as its orbit, so the entrance (slot 0) lands on the offset.
    expect(ring.find((n) => n.id === entrance.a)?.orbitIndex).toBe(own);
  });
});

describe("official modifier strings that hold several lines", () => {
  it("reads a two-stat small passive skill that the official answer sends as one enchant string", () => {
    // The official answer joins a modifier's stats with a newline: a Large Cluster Jewel's
    // "Added Small Passive Skills grant: Axe Attacks ...\nAdded Small Passive Skills grant: Sword Attacks ..."
    // is one enchantMods entry (seen in a real item in a public repository). The sample's Kraken Cut given that skill.
    const raw = JSON.parse(readFileSync(officialSamples().find((s) => s.character)!.file, "utf8"));
    const skill = clusters.jewels.Large!.skills.affliction_axe_and_sword_damage;
    expect(skill.enchant.length).toBe(2);
    const kraken = raw.character.jewels.find((j: { name: string }) => j.name === "Kraken Cut");
    const before = (kraken.enchantMods as string[]).filter((m) => m.startsWith("Added Small Passive Skills grant"));
    expect(before.length).toBeGreaterThan(0);
    kraken.enchantMods = [...(kraken.enchantMods as string[]).filter((m) => !before.includes(m)), skill.enchant.join("\n")];
    const c = mapOfficial(raw);
    const jewel = c.passives!.expansionJewels.find((j) => j.equipment.name === "Kraken Cut")!;
    const spec = readClusterJewel(plannerItemOf(jewel.equipment, "kraken"), clusters)!;
    expect(spec.smallName).toBe(skill.name);
    expect(spec.smallStats.slice(0, skill.stats.length)).toEqual(skill.stats);
  });
});
