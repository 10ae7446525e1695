// The one planner worker client over the real worker API: the API object the
// worker module exposes, across a real MessageChannel (structured cloning
// included), must come back as a PlannerBuild or a PlannerDecodeError that
// still carries the decoder's error kind.
import "fake-indexeddb/auto";
import { expose, wrap } from "comlink";
import { afterAll, describe, expect, it } from "vitest";
import { plannerWorkerApi } from "@workers/planner/api";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { decodePlanner, PlannerError, type GemIdTable, type PlannerErrorKind } from "@workers/planner/index";
import { corpusText } from "@workers/planner/test/corpus";
import type { PlannerWorkerApi } from "@workers/planner/worker";
import { openDb } from "./db";
import { decodePlannerCached, decodePlannerFresh, decodeThrough, PlannerDecodeError } from "./planner";

const channel = new MessageChannel();
expose(plannerWorkerApi, channel.port1);
const remote = wrap<PlannerWorkerApi>(channel.port2);
afterAll(() => {
  channel.port1.close();
  channel.port2.close();
});

/** What the decoder itself throws for an input, read in this thread. */
function thrownHere(input: string): PlannerError {
  try {
    decodePlanner(input);
  } catch (e) {
    if (e instanceof PlannerError) return e;
    throw e;
  }
  throw new Error("expected the input to fail");
}

describe("planner worker client", () => {
  it("decodes a corpus code through the worker API", async () => {
    const code = corpusText("dual_strike_of_ambidexterity_slayer_328.code.txt");
    expect(await decodeThrough(remote, code)).toEqual(decodePlanner(code));
  });

  const bad: [PlannerErrorKind, string][] = [
    ["not_base64", "not a code!"],
    ["not_base64", ""],
    ["not_zlib", corpusText("dual_strike_of_ambidexterity_slayer_328.code.txt").trim().slice(0, 200)],
    ["not_planner_xml", "<NotAPlanner/>"],
  ];
  it.each(bad)("keeps the error kind %s across the worker boundary", async (kind, input) => {
    const expected = thrownHere(input);
    expect(expected.kind).toBe(kind);
    const err = await decodeThrough(remote, input).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PlannerDecodeError);
    expect((err as PlannerDecodeError).kind).toBe(kind);
    expect((err as PlannerDecodeError).message).toBe(expected.message);
  });
});

describe("gems named only by skillId or gemId", () => {
  const dist = fileURLToPath(new URL("../../../game-data/dist/", import.meta.url));
  const gems = async (): Promise<GemIdTable> => {
    const manifest = JSON.parse(readFileSync(dist + "manifest.json", "utf8")) as { files: Record<string, string> };
    return JSON.parse(readFileSync(dist + manifest.files.gems, "utf8")) as GemIdTable;
  };
  // A real export as older planner versions write it: no nameSpec on any gem.
  const xml = corpusText("dual_strike_of_ambidexterity_slayer_328.xml");
  const stripped = xml.replace(/\snameSpec="[^"]*"/g, "");
  const gemNames = (build: Awaited<ReturnType<typeof decodeThrough>>) =>
    build.skillSets.flatMap((s) => s.groups.flatMap((g) => g.gems.filter((x) => x.name).map((x) => `${x.name} ${x.level}`)));

  it("are named from the gem list after the worker decodes them", async () => {
    const build = await decodeThrough(remote, stripped, gems);
    expect(gemNames(build)).toEqual(gemNames(decodePlanner(xml)));
    expect(gemNames(build)).toContain("Dual Strike of Ambidexterity 20");
  });

  it("are named in a build cached before they were, without decoding it again", async () => {
    const db = openDb(`planner-test-${Math.random()}`);
    const code = stripped;
    await db.planner.put({ code, build: decodePlanner(stripped), savedAt: 0 });
    const decode = () => Promise.reject(new Error("decoded again"));
    expect(gemNames(await decodePlannerCached(db, code, decode, gems))).toEqual(gemNames(decodePlanner(xml)));
    db.close();
  });

  it("are not named in a build cached before granted skills were told from gems: it is decoded again", async () => {
    const db = openDb(`planner-test-${Math.random()}`);
    const code = corpusText("flicker_strike_reliquarian_328.code.txt").trim();
    const fresh = decodePlanner(code);
    // A tree-granted Purity of Elements (blank nameSpec, skillId the gem list knows) in a group with a source.
    expect(fresh.skillSets.some((s) => s.groups.some((g) => g.source && g.gems.some((x) => x.skillId === "PurityOfElements" && !x.name)))).toBe(true);
    const old = { ...fresh, skillSets: fresh.skillSets.map((s) => ({ ...s, groups: s.groups.map(({ source: _source, ...g }) => g) })) };
    await db.planner.put({ code, build: old, savedAt: 0 });
    const decoded: string[] = [];
    const decode = async (c: string) => {
      decoded.push(c);
      return decodeThrough(remote, c, gems);
    };
    const build = await decodePlannerCached(db, code, decode, gems);
    expect(decoded).toEqual([code]);
    expect(gemNames(build)).toEqual(gemNames(fresh));
    db.close();
  });

  it("stay unnamed when the gem list cannot be loaded, and the build still opens", async () => {
    const build = await decodeThrough(remote, stripped, () => Promise.reject(new Error("offline")));
    expect(build.className).toBe("Duelist");
    expect(gemNames(build)).toEqual([]);
  });
});

describe("decoding for the editor", () => {
  it("warms the decoder across the worker boundary with nothing to clone back", async () => {
    expect(await remote.warmUp(1)).toBeUndefined();
  });

  it("decodes a pasted build without a cache lookup first, and caches it for the views", async () => {
    const db = openDb(`planner-test-${Math.random()}`);
    const code = corpusText("dual_strike_of_ambidexterity_slayer_328.code.txt").trim();
    const stale = { ...decodePlanner(code), className: "from an old cache" };
    await db.planner.put({ code, build: stale, savedAt: 0 });
    const decoded: string[] = [];
    const decode = async (c: string) => {
      decoded.push(c);
      return decodeThrough(remote, c);
    };
    const fresh = await decodePlannerFresh(db, code, decode);
    expect(fresh).toEqual(decodePlanner(code));
    expect(decoded).toEqual([code]);
    // The cache now holds the fresh decode: a view opens it without decoding again.
    await new Promise((r) => setTimeout(r, 50));
    expect(await decodePlannerCached(db, code, decode)).toEqual(fresh);
    expect(decoded).toHaveLength(1);
    db.close();
  });

  it("decodes again a cached build from before the planner's figures were read", async () => {
    const db = openDb(`planner-test-${Math.random()}`);
    const code = corpusText("dual_strike_of_ambidexterity_slayer_328.code.txt").trim();
    const { stats, ...old } = decodePlanner(code);
    expect(stats?.life).toBe(3339);
    await db.planner.put({ code, build: old, savedAt: 0 });
    const decoded: string[] = [];
    const decode = async (c: string) => {
      decoded.push(c);
      return decodeThrough(remote, c);
    };
    expect((await decodePlannerCached(db, code, decode)).stats).toEqual(stats);
    expect(decoded).toEqual([code]);
    db.close();
  });
});
