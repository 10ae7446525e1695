import { describe, expect, it } from "vitest";
import type { LikeOverride } from "./db";
import { peekAhead, readAhead, takeAhead, toFirstPage, type FirstPage } from "./firstPage";
import type { BuildPage, BuildSummary } from "./types";

const summary = (id: string, likes: number, isLiked = false) => ({ buildId: id, likes, isLiked }) as BuildSummary;
const now = 1_700_000_000_000;

describe("first pages", () => {
  it("orders by the counts the cards show (overrides applied), ties in the server's order, and keeps the overrides", () => {
    const page: BuildPage = { builds: [summary("a", 5), summary("b", 5), summary("c", 4)], pageSize: 20, cursor: null };
    const overrides = new Map<string, LikeOverride>([["c", { buildId: "c", liked: true, at: now }], ["x", { buildId: "x", liked: true, at: now }]]);
    const first = toFirstPage(page, true, overrides, now);
    expect(first.builds.map((b) => b.buildId)).toEqual(["a", "b", "c"]);
    const liked = toFirstPage({ ...page, builds: [summary("a", 4), summary("b", 5), summary("c", 4)] }, false, overrides, now);
    expect(liked.builds.map((b) => b.buildId)).toEqual(["b", "c", "a"]); // c 4+1 ties b and follows it
    expect(liked.overrides).toBe(overrides);
    expect(liked.fromCache).toBe(false);
  });

  it("serves a read ahead once, to the list it was read for", async () => {
    const value = { builds: [], cursor: null, fromCache: true, overrides: new Map() } satisfies FirstPage;
    let reads = 0;
    const read = async () => {
      reads++;
      return value;
    };
    const pending = readAhead("k1", read);
    expect(peekAhead("k1")).toBeUndefined(); // not there yet
    expect(readAhead("k1", read)).toBe(pending); // joined, not read twice
    await pending;
    expect(reads).toBe(1);
    expect(peekAhead("k1")).toBe(value);
    expect(peekAhead("k2")).toBeUndefined();
    expect(await takeAhead("k1")).toBe(value);
    expect(takeAhead("k1")).toBeUndefined();
    expect(peekAhead("k1")).toBeUndefined();
  });

  it("settles a failed read ahead with nothing, so the list reads as usual", async () => {
    await expect(readAhead("k3", () => Promise.reject(new Error("no")))).resolves.toBeUndefined();
    expect(peekAhead("k3")).toBeUndefined();
    await expect(takeAhead("k3")).resolves.toBeUndefined();
  });
});
