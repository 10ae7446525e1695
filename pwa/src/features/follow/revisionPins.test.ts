import { describe, expect, it } from "vitest";
import { pinnedRevision } from "./revisionPins";

describe("tracker revision pins", () => {
  it("apply only to the same build and an earlier revision", () => {
    expect(pinnedRevision(null, "b", 3)).toBeNull();
    expect(pinnedRevision({ buildId: "b", revision: 2 }, "b", 3)).toBe(2);
    expect(pinnedRevision({ buildId: "b", revision: 3 }, "b", 3)).toBeNull();
    expect(pinnedRevision({ buildId: "other", revision: 1 }, "b", 3)).toBeNull();
  });
});
