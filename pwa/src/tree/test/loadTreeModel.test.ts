// A tree bundle the adapter refuses must end the load in an error the view shows, not a load that
// never ends (issue 31): the model is made inside the promise.
import { describe, expect, it } from "vitest";
import type { TreeBundle } from "../../data/gameDataTypes";
import { TreeFormatError } from "../adapter";
import { loadTreeModel } from "../useTreeModel";
import { realTree } from "./testModel";

describe("loadTreeModel", () => {
  it("rejects with the adapter's error for a bundle of an unknown format", async () => {
    const bad = { ...realTree("3.28").bundle, format: 99 } as unknown as TreeBundle;
    await expect(loadTreeModel("3.28", undefined, async () => bad)).rejects.toBeInstanceOf(TreeFormatError);
    await expect(loadTreeModel("3.28", undefined, async () => bad)).rejects.toThrow(/Unknown passive tree bundle format 99/);
  });

  it("makes one model per bundle", async () => {
    const { bundle } = realTree("3.27");
    const a = await loadTreeModel("3_27", [1, 2], async () => bundle);
    const b = await loadTreeModel("3.27", undefined, async () => bundle);
    expect(a).toBe(b);
    expect(a.version).toBe(bundle.version);
  });
});
