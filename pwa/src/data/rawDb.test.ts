// @vitest-environment happy-dom
import "fake-indexeddb/auto";
import Dexie from "dexie";
import { afterEach, describe, expect, it } from "vitest";
import { loadListPage } from "./builds";
import { openDb, type WaypointDb } from "./db";
import { EMPTY_FILTERS, listKey } from "./filters";
import { toFirstPage } from "./firstPage";
import { likeIntent, Outbox } from "./outbox";
import { readLikeOverrides } from "./likes";
import { openExisting, readFirstPageRaw } from "./rawDb";
import type { BuildPage, BuildSummary } from "./types";

const summary = (id: string, likes: number, isLiked = false): BuildSummary => ({
  buildId: id,
  slug: `slug-${id}`,
  skills: ["Cyclone"],
  baseClass: "Duelist",
  ascendancy: "Slayer",
  steps: 1,
  creatorName: "Tester",
  likes,
  isLiked,
});

const page = (builds: BuildSummary[], last: string | null): BuildPage => ({
  builds,
  pageSize: 20,
  cursor: last ? { lastGuid: last, likeAmount: 1, snapshot: 7 } : null,
});

let dbs: WaypointDb[] = [];
let n = 0;
const freshName = () => `raw-test-${++n}-${Math.random()}`;
function db(name: string) {
  const d = openDb(name);
  dbs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dbs) d.close();
  dbs = [];
});

const KEY = listKey("explore", EMPTY_FILTERS);
const FIRST = page([summary("a", 5), summary("b", 5), summary("c", 4, true)], "c");
const SECOND = page([summary("d", 1)], null);

/** A database as the app leaves it: a cached list of two pages, an accepted override and a pending like, all written through Dexie. */
async function seeded(name: string) {
  const d = db(name);
  await d.lists.put({ key: KEY, pages: [FIRST, SECOND], savedAt: 1 });
  await d.likeOverrides.bulkPut([
    { buildId: "c", liked: false, at: Date.now() },
    { buildId: "b", liked: true, at: Date.now() },
  ]);
  // Pending intents: a like of "b" over its accepted override, and an attach (not a like) in between.
  const box = new Outbox(d, async () => undefined);
  await box.enqueue(likeIntent("b", false));
  await box.enqueue({ kind: "attach", key: "attach:x", path: "/x", body: {} });
  await box.enqueue(likeIntent("a", true));
  return d;
}

describe("the boot read without Dexie", () => {
  it("reads the first cached page and the overrides Dexie wrote, as the Dexie reads answer them", async () => {
    const name = freshName();
    const d = await seeded(name);
    const raw = await readFirstPageRaw(KEY, name);
    expect(raw).not.toBeNull();
    expect(raw!.page).toEqual(FIRST);
    const overrides = await readLikeOverrides(d);
    expect(raw!.overrides).toEqual(overrides);
    expect([...raw!.overrides.keys()].sort()).toEqual(["a", "b", "c"]);
    expect(raw!.overrides.get("b")?.liked).toBe(false); // the pending like wins over the accepted override
  });

  it("gives the first page the offline Dexie read gives (same cards, same order)", async () => {
    const name = freshName();
    const d = await seeded(name);
    const now = Date.now();
    const raw = (await readFirstPageRaw(KEY, name))!;
    const onLine = Object.getOwnPropertyDescriptor(Navigator.prototype, "onLine");
    Object.defineProperty(navigator, "onLine", { configurable: true, get: () => false });
    try {
      const viaDexie = await loadListPage(d, "explore", EMPTY_FILTERS, null, 0);
      expect(viaDexie.fromCache).toBe(true);
      const fromDexie = toFirstPage(viaDexie.value, true, await readLikeOverrides(d), now);
      const fromRaw = toFirstPage(raw.page!, true, raw.overrides, now);
      expect(fromRaw).toEqual(fromDexie);
      // The overrides reorder it: "a" liked (6), "c" unliked (3), "b" unliked over the server's 5 stays 5.
      expect(fromRaw.builds.map((b) => b.buildId)).toEqual(["a", "b", "c"]);
    } finally {
      delete (navigator as { onLine?: boolean }).onLine;
      if (onLine) Object.defineProperty(Navigator.prototype, "onLine", onLine);
    }
  });

  it("answers no page for a list that was never cached", async () => {
    const name = freshName();
    await seeded(name);
    const raw = await readFirstPageRaw(listKey("explore", { ...EMPTY_FILTERS, creator: "nobody" }), name);
    expect(raw?.page).toBeUndefined();
  });

  it("leaves no database behind on a first visit, so Dexie creates it with its schema", async () => {
    const name = freshName();
    expect(await readFirstPageRaw(KEY, name)).toBeNull();
    expect(await Dexie.exists(name)).toBe(false);
    const d = db(name);
    await d.lists.put({ key: KEY, pages: [FIRST], savedAt: 1 });
    expect((await readFirstPageRaw(KEY, name))?.page).toEqual(FIRST);
  });

  it("does not hold up Dexie opening a newer schema", async () => {
    const name = freshName();
    await seeded(name);
    dbs.splice(0).forEach((d) => d.close());
    const raw = await openExisting(name);
    expect(raw).not.toBeNull();
    const newer = new Dexie(name);
    newer.version(50).stores({ extra: "id" });
    await newer.open(); // blocked forever if the raw connection stayed open
    expect(newer.verno).toBe(50);
    newer.close();
  });
});
