import { describe, expect, it } from "vitest";
import { searchNodes } from "../search";
import { realTree, tinyModel } from "./testModel";

describe("passive search", () => {
  it("matches names case-insensitively, trims, and clears on empty", () => {
    const m = tinyModel();
    expect(searchNodes(m, "  resolute ")).toEqual([3]);
    expect(searchNodes(m, "   ")).toEqual([]);
    expect(searchNodes(m, "node 1")).toEqual([0, 1, 2]); // "Node 10", "Node 11", "Node 12"
    expect(searchNodes(m, "socket")).toEqual([]); // proxies are never found
    expect(searchNodes(m, "node 1", (i) => i !== 1)).toEqual([0, 2]);
  });

  it("searches stats of the real tree", () => {
    const { model } = realTree();
    const hits = searchNodes(model, "can't be evaded").map((i) => model.nodes[i].name);
    expect(hits).toContain("Resolute Technique");
  });
});
