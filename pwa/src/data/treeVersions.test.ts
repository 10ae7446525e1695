// The tree version a build is drawn on: its own when we ship it, else the one holding the most of its
// passives, read from the pipeline's real node index (game-data/dist) for real corpus exports.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { POB_CORPUS_DIR } from "@workers/sharedDir";
import { heldByVersion, NODE_INDEX_BUNDLE, pickTreeBundle, versionHoldingMost, type NodeIndexBundle } from "./treeVersions";

const DIST = fileURLToPath(new URL("../../../game-data/dist/", import.meta.url));
const files = (JSON.parse(readFileSync(DIST + "manifest.json", "utf8")) as { files: Record<string, string> }).files;
const index = JSON.parse(readFileSync(DIST + files[NODE_INDEX_BUNDLE], "utf8")) as NodeIndexBundle;

/** Every spec's title, treeVersion and allocated ids, straight from a corpus XML (specs span lines). */
function specs(relpath: string): { title: string; treeVersion: string; nodes: number[] }[] {
  return [...readFileSync(POB_CORPUS_DIR + relpath, "utf8").matchAll(/<Spec\b[^>]*>/g)].map(([spec]) => {
    const attr = (k: string) => new RegExp(`\\s${k}="([^"]*)"`).exec(spec)?.[1] ?? "";
    return { title: attr("title"), treeVersion: attr("treeVersion"), nodes: attr("nodes").split(",").filter(Boolean).map(Number) };
  });
}

/** A node index as the pipeline writes it (game-data/node_index.py), for hand-made trees. */
function indexOf(trees: Record<string, number[]>): NodeIndexBundle {
  const union = [...new Set(Object.values(trees).flat())].sort((a, b) => a - b);
  const versions = Object.fromEntries(
    Object.entries(trees).map(([v, ids]) => {
      const bytes = new Uint8Array((union.length + 7) >> 3);
      for (const id of ids) {
        const k = union.indexOf(id);
        bytes[k >> 3] |= 1 << (k & 7);
      }
      return [v, btoa(String.fromCharCode(...bytes))];
    }),
  );
  return { format: 1, ids: union.map((id, k) => (k === 0 ? id : id - union[k - 1])), versions };
}

describe("the version holding the most of a build's passives", () => {
  const trees = indexOf({ "3.9": [1, 2, 3], "3.10": [1, 2, 3, 4], "3.12": [1, 2, 3, 4, 5], "3.13": [1, 2, 3, 4, 5], "3.20": [1, 2, 6, 7] });

  it("counts each tree's share of the passives, cluster jewel passives in none", () => {
    expect(heldByVersion(trees, [1, 2, 4, 70000, 2, 999])).toEqual({ "3.9": 2, "3.10": 3, "3.12": 3, "3.13": 3, "3.20": 2 });
    expect(heldByVersion(trees, [])).toEqual({ "3.9": 0, "3.10": 0, "3.12": 0, "3.13": 0, "3.20": 0 });
  });

  it("takes the one holding the most, with passives from two versions", () => {
    // 3.20's 6 and 7 with older passives 1, 2 (two versions' passives in one spec): 3.20 holds 4, the others 2 at most.
    expect(versionHoldingMost(heldByVersion(trees, [1, 2, 6, 7]), null)).toBe("3.20");
    // 3.12 and 3.13 hold 4 each: the one nearer the build's version.
    expect(versionHoldingMost(heldByVersion(trees, [1, 2, 3, 5, 6]), "3_29")).toBe("3.13");
    expect(versionHoldingMost(heldByVersion(trees, [1, 2, 3, 5, 6]), "3_11")).toBe("3.12");
  });

  it("breaks ties toward the version nearest the build's, and without one toward the newest", () => {
    const held = heldByVersion(trees, [1, 2]); // every tree holds both
    expect(versionHoldingMost(held, null)).toBe("3.20");
    expect(versionHoldingMost(held, "")).toBe("3.20");
    expect(versionHoldingMost(held, "garbage")).toBe("3.20");
    expect(versionHoldingMost(held, "3_29")).toBe("3.20");
    expect(versionHoldingMost(held, "3_11")).toBe("3.12"); // 3.10 and 3.12 are as near: the newer
    expect(versionHoldingMost(held, "3_5")).toBe("3.9");
    expect(versionHoldingMost({}, "3_5")).toBeNull();
  });

  it("draws a build on its own version whenever we ship it, however few of its passives it holds", () => {
    const manifest = { "tree/3.9": "a", "tree/3.20": "b", "tree-ruthless/3.20": "c" };
    const held = heldByVersion(trees, [1, 2, 6, 7]);
    expect(pickTreeBundle(manifest, "3_9", held)?.name).toBe("tree/3.9");
    expect(pickTreeBundle(manifest, "3_29", held)?.name).toBe("tree/3.20");
    expect(pickTreeBundle(manifest, "3_29_ruthless", held)?.name).toBe("tree-ruthless/3.20");
    // Only versions the manifest ships are chosen; with none held, the nearest.
    expect(pickTreeBundle(manifest, undefined, heldByVersion(trees, [4, 5]))?.name).toBe("tree/3.20");
    expect(pickTreeBundle({ "tree/3.9": "a" }, "3_29", { "3.20": 4 })?.name).toBe("tree/3.9");
  });
});

describe("real exports on the pipeline's node index", () => {
  const shipped = Object.keys(files).filter((k) => k.startsWith("tree/"));

  it("indexes every plain version from 3.6 to 3.28", () => {
    for (let minor = 6; minor <= 28; minor++) {
      expect(shipped).toContain(`tree/3.${minor}`);
      expect(Object.keys(index.versions)).toContain(`3.${minor}`);
    }
  });

  it("draws every corpus spec of a version from 3.6 to 3.28 on that version exactly", () => {
    for (const relpath of ["Vilsol__go-pob/many-builds_12.xml", "Dav1dde__pasteofexile/322_overrides.xml", "Dav1dde__pasteofexile/320_impending_doom.xml", "PathOfBuildingCommunity__PathOfBuilding/3.13_OccVortex.xml", "ppoelzl__PathOfBuildingAPI/test_code.xml"]) {
      for (const s of specs(relpath)) {
        const own = s.treeVersion.replace("_", ".");
        expect(pickTreeBundle(files, s.treeVersion, heldByVersion(index, s.nodes))?.name, relpath).toBe(`tree/${own}`);
      }
    }
  });

  it("draws a 3.12 build with no tree version on the newest of the trees holding all its passives, 3.15", () => {
    const final = specs("FWidm__PobBin/resources_ziz_huge_build.xml").at(-1)!;
    expect([final.title, final.treeVersion]).toEqual(["118 Points - Final Tree", "3_12"]);
    const held = heldByVersion(index, final.nodes);
    const all = final.nodes.filter((id) => id <= 65535).length;
    // 3.11 to 3.15 hold every passive; 3.16 dropped some, 3.10 lacks some.
    expect(["3.11", "3.12", "3.13", "3.14", "3.15"].map((v) => held[v])).toEqual([all, all, all, all, all]);
    expect(held["3.16"]).toBeLessThan(all);
    expect(held["3.10"]).toBeLessThan(all);
    expect(pickTreeBundle(files, "", held)?.version).toBe("3.15");
    expect(pickTreeBundle(files, "3_29", held)?.version).toBe("3.15");
    expect(pickTreeBundle(files, "not a version", held)?.version).toBe("3.15");
    // A version we lack below them: the tie goes to the nearest, 3.11.
    expect(pickTreeBundle(files, "3_5", held)?.version).toBe("3.11");
  });

  it("draws a 3.27 end-game tree relabelled 3.29 on 3.28, and its levelling tree on 3.28 too", () => {
    const sanavixx = specs("AdamZ-8113__pob-codes/sanavixx_cyclone_shockwave_slayer_328.xml");
    const endgame = sanavixx.find((s) => s.title.startsWith("Lvl 100"))!;
    const held = heldByVersion(index, endgame.nodes);
    expect(held["3.27"]).toBeGreaterThan(held["3.26"]); // its passives are new in 3.27
    expect(pickTreeBundle(files, "3_29", held)?.version).toBe("3.28");
    expect(pickTreeBundle(files, "3_27", held)?.version).toBe("3.27");
  });
});
