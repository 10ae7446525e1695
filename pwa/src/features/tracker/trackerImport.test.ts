import { describe, expect, it } from "vitest";
import { corpusText } from "@workers/planner/test/corpus";
import { readTrackerImport } from "./trackerImport";

describe("the tracker's import box", () => {
  it("takes a Waypoint link, path or slug", () => {
    expect(readTrackerImport("https://waypoint.example/build/view/abcd2345")).toEqual({ ok: true, slug: "abcd2345", label: "Waypoint build 'abcd2345'" });
    expect(readTrackerImport("abcd2345")).toMatchObject({ ok: true, slug: "abcd2345" });
  });

  it("names a planner code or paste link for what it is, and says how to track it", () => {
    const code = corpusText("heavy_strike_of_trarthus_inquisitor_328.code.txt");
    expect(readTrackerImport(code)).toEqual({
      ok: false,
      title: "Not a published build",
      message: "That is a planner code. The tracker follows published Waypoint builds: load it in Create New Build and publish it, then paste its Waypoint link or slug here.",
      // Offered to the editor as it was given.
      forEditor: { text: code, source: "planner code", kind: "text" },
    });
    expect(readTrackerImport("https://pobb.in/Ab3_-xyZ0123")).toMatchObject({ ok: false, message: expect.stringMatching(/^That is a pobb\.in link\./) });
  });

  it("gives the import box's own error for anything else, never the pobb.in message for a slug", () => {
    expect(readTrackerImport("hello world")).toMatchObject({ ok: false, title: "Not a build" });
    expect(JSON.stringify(readTrackerImport("/build/view/"))).not.toContain("pobb.in");
  });
});
