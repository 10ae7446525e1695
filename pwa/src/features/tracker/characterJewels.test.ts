/**
 * Jewel slot mapping on every official-API sample that holds socketed jewels, against an
 * expectation read here from the two raw sources: the sample's items (`x`) and jewel_data, and
 * the official 3.28 tree export (its `jewelSlots` list and which groups are cluster proxies).
 */
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { TREES_DIR } from "@workers/sharedDir";
import { realTree } from "../../tree/test/testModel";
import { placeCharacterJewels } from "./characterJewels";
import { characterAllocation } from "./characterView";
import { officialSamples, sampleCharacter } from "./test/officialSamples";
import { realClassTable } from "./test/testClasses";

type RawTree = { jewelSlots: number[]; nodes: Record<string, { group: number; name: string }>; groups: Record<string, { isProxy?: boolean }> };
const raw = JSON.parse(gunzipSync(readFileSync(`${TREES_DIR}/3_28.json.gz`)).toString("utf8")) as RawTree;
const inCluster = (node: number) => Boolean(raw.groups[String(raw.nodes[String(node)].group)]?.isProxy);

const { model } = realTree("3.28");

describe("the character's jewels in the tree's sockets", () => {
  const samples = officialSamples()
    .map((s) => ({ file: s.file.split("/").pop()!, character: s.character ?? s.fromPassives, raw: s.raw }))
    .filter((s) => s.character && s.raw.some((r) => r.slot === "PassiveJewels"));

  it("covers the detail sample and every passives sample", () => {
    expect(samples.length).toBe(6);
    expect(samples.reduce((n, s) => n + s.raw.filter((r) => r.slot === "PassiveJewels").length, 0)).toBe(40);
  });

  it("reads the tree's jewel slot list in the export's order", () => {
    expect(model.jewelSlots).toEqual(raw.jewelSlots);
  });

  for (const s of samples) {
    it(`places the jewels of ${s.file}`, () => {
      const jewels = s.raw.filter((r) => r.slot === "PassiveJewels").map((r) => r.item as { x: number; name: string; typeLine: string });
      const want: Record<number, string> = {};
      const wantUnplaced: { socketIndex: number; itemId: string; name: string; reason: string }[] = [];
      for (const j of jewels) {
        const socket = raw.jewelSlots[j.x];
        expect(raw.nodes[String(socket)].name).toMatch(/Jewel Socket$/);
        // Nested sockets (in a cluster proxy group) are placed too: the jewel's ring moves them onto it.
        expect(typeof inCluster(socket)).toBe("boolean");
        want[socket] = `char:jewel:${j.x}`;
      }
      wantUnplaced.sort((a, b) => a.socketIndex - b.socketIndex);
      const got = placeCharacterJewels(s.character!, model);
      expect(got.placed).toEqual(want);
      expect(got.unplaced).toEqual(wantUnplaced);
      // Every placed socket is one the renderer draws, as a jewel socket.
      for (const id of Object.keys(got.placed)) expect(model.byId.get(Number(id))?.kind).toBe("jewel");
    });
  }

  it("counts the cluster passives the character allocated (hashes_ex)", () => {
    const detail = officialSamples().find((s) => s.character)!;
    const exRaw = JSON.parse(readFileSync(detail.file, "utf8")).character.passives.hashes_ex as number[];
    const got = placeCharacterJewels(sampleCharacter(), model);
    expect(got.clusterPassives).toBe(exRaw.length);
    expect(got.clusterPassives).toBe(10);
    expect(Object.keys(got.placed)).toHaveLength(11);
    expect(got.unplaced).toEqual([]);
    // The nested sockets (x 25, 51, 53) are placed in their proxy-group socket nodes.
    for (const x of [25, 51, 53]) expect(inCluster(model.jewelSlots[x]) && got.placed[model.jewelSlots[x]]).toBe(`char:jewel:${x}`);
    expect(got.placed[7960]).toBe("char:jewel:11"); // Maelström Ornament (medium cluster) in a large socket
  });

  it("places nothing without the tree, and an index the tree lacks is unknown", () => {
    const c = sampleCharacter();
    expect(placeCharacterJewels(c, null).placed).toEqual({});
    const short = placeCharacterJewels(c, { jewelSlots: model.jewelSlots.slice(0, 10), byId: model.byId });
    expect(short.unplaced.filter((u) => u.reason === "unknown").map((u) => u.socketIndex)).toEqual([11, 14, 19, 20, 25, 51, 53]);
  });

  it("gives the character's tree allocation its jewels and cluster count", () => {
    const alloc = characterAllocation(realClassTable(), sampleCharacter(), "3.28.0g", model);
    expect(alloc.jewels).toEqual(placeCharacterJewels(sampleCharacter(), model).placed);
    expect(alloc.clusterPassives).toBe(10);
  });
});
