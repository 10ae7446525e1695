// @vitest-environment happy-dom
import "fake-indexeddb/auto";
import { describe, expect, it, vi } from "vitest";
import { getDb, type WaypointDb } from "./db";
import { lazyLiveQuery } from "./lazyLiveQuery";

/** A start the test triggers by hand. */
function manualStart() {
  const s = { go: undefined as (() => void) | undefined, cancelled: false };
  const start = (go: () => void) => {
    s.go = go;
    return () => void (s.cancelled = true);
  };
  return { s, start };
}

const countLists = (db: WaypointDb) => db.lists.count();

describe("lazyLiveQuery", () => {
  it("runs nothing before its start, then follows the database live until unsubscribed", async () => {
    const db = getDb();
    await db.lists.clear();
    const { s, start } = manualStart();
    const query = vi.fn(countLists);
    const seen: number[] = [];
    const stop = lazyLiveQuery(query, (n) => seen.push(n), { start });
    await new Promise((r) => setTimeout(r, 50));
    expect(query).not.toHaveBeenCalled();
    expect(seen).toEqual([]);

    s.go!();
    await vi.waitFor(() => expect(seen).toEqual([0]));
    await db.lists.put({ key: "k", pages: [], savedAt: 1 });
    await vi.waitFor(() => expect(seen).toEqual([0, 1]));

    stop();
    expect(s.cancelled).toBe(true);
    await db.lists.put({ key: "k2", pages: [], savedAt: 1 });
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toEqual([0, 1]);
  });

  it("never subscribes when stopped before its start or before Dexie loaded", async () => {
    const { s, start } = manualStart();
    const query = vi.fn(countLists);
    lazyLiveQuery(query, () => undefined, { start })();
    expect(s.cancelled).toBe(true);

    const late = manualStart();
    const stop = lazyLiveQuery(query, () => undefined, { start: late.start });
    late.s.go!();
    stop(); // Dexie's import is still on its way
    await new Promise((r) => setTimeout(r, 50));
    expect(query).not.toHaveBeenCalled();
  });

  it("starts after the next paint by default", async () => {
    const seen: number[] = [];
    let framed = false;
    requestAnimationFrame(() => (framed = true));
    const stop = lazyLiveQuery(countLists, (n) => {
      expect(framed).toBe(true);
      seen.push(n);
    });
    await vi.waitFor(() => expect(seen.length).toBe(1));
    stop();
  });
});
