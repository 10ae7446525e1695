import { describe, expect, it } from "vitest";
import { ascendancyTarget, visibleAscendancies } from "../model";
import { tinyModel } from "./testModel";

describe("ascendancy target", () => {
  it("needs allocated ascendancy nodes beyond the start", () => {
    const m = tinyModel();
    expect(ascendancyTarget(m, { classId: 1, ascendancyId: 1, nodes: [11] })).toBeNull();
    expect(ascendancyTarget(m, { classId: 1, ascendancyId: 1, nodes: [20] })).toBeNull(); // the start alone
    expect(ascendancyTarget(m, { classId: 1, ascendancyId: 1, nodes: [20, 21] })).toEqual({ minX: 200, minY: 150, maxX: 260, maxY: 150 });
  });

  it("ignores nodes of an ascendancy the allocation does not have, and uses the other's in a compare", () => {
    const m = tinyModel();
    expect(ascendancyTarget(m, { classId: 1, ascendancyId: 1, nodes: [30] })).toBeNull();
    const other = { classId: 1, ascendancyId: 2, nodes: [30] };
    expect(ascendancyTarget(m, { classId: 1, ascendancyId: 1, nodes: [] }, other)).toEqual({ minX: 800, minY: 150, maxX: 800, maxY: 150 });
    // The build's own ascendancy wins when both have nodes.
    expect(ascendancyTarget(m, { classId: 1, ascendancyId: 1, nodes: [21] }, other)?.minX).toBe(200);
  });

  it("maps class and 1-based ascendancy ids to names; unknown ids show none", () => {
    const m = tinyModel();
    expect([...visibleAscendancies(m, { classId: 1, ascendancyId: 2 })]).toEqual(["Berserker"]);
    expect([...visibleAscendancies(m, { classId: 1, ascendancyId: 0 })]).toEqual([]);
    expect([...visibleAscendancies(m, { classId: 0, ascendancyId: 2 })]).toEqual([]); // a newer ascendancy
  });
});
