import { describe, expect, it } from "vitest";
import { parsePlannerInput, PLANNER_LINK_MESSAGE, validatePlannerLink } from "../links";
import { corpusText, specText } from "./corpus";

// The spec's message for the paste host, read from the spec rather than restated.
const specMessage = /Planner link must match[^\n]*message '([^']+)'/.exec(specText("builds-browser-and-tracker.md"))?.[1];
const MESSAGE = specMessage!.replace("{host}", "pobb.in");

describe("validatePlannerLink", () => {
  it("uses the spec's exact message", () => {
    expect(specMessage).toContain("{host}/");
    expect(PLANNER_LINK_MESSAGE).toBe(MESSAGE);
  });

  it("accepts pobb.in/ plus exactly 12 letters, digits, _ or -", () => {
    expect(validatePlannerLink("https://pobb.in/Ab3_-xyZ0123")).toBeNull();
    expect(validatePlannerLink("pobb.in/Ab3_-xyZ0123")).toBeNull();
    expect(validatePlannerLink("  https://pobb.in/AAAAAAAAAAAA ")).toBeNull();
  });

  it("rejects anything else", () => {
    for (const bad of [
      "",
      "https://pobb.in/short",
      "https://pobb.in/Ab3_-xyZ01234",
      "https://pobb.in/Ab3_-xyZ012!",
      "https://pastebin.com/Ab3_-xyZ0123",
      "https://pobb.in/Ab3_-xyZ0123/raw",
      "ftp://pobb.in/Ab3_-xyZ0123",
    ]) {
      expect(validatePlannerLink(bad)).toBe(MESSAGE);
    }
  });

  it("enforces the 28-character maximum", () => {
    expect("https://pobb.in/Ab3_-xyZ0123".length).toBe(28);
    expect(validatePlannerLink("https://www.pobb.in/Ab3_-xyZ0123")).toBe(MESSAGE);
  });
});

describe("parsePlannerInput", () => {
  it("gives the paste id of a link", () => {
    expect(parsePlannerInput("https://pobb.in/Ab3_-xyZ0123")).toEqual({ kind: "pobb", id: "Ab3_-xyZ0123" });
  });

  it("gives the host and id of a pastebin, poe.ninja or maxroll link", () => {
    expect(parsePlannerInput("https://pastebin.com/Xy12Ab34")).toEqual({ kind: "pastebin", id: "Xy12Ab34" });
    expect(parsePlannerInput("pastebin.com/raw/Xy12Ab34")).toEqual({ kind: "pastebin", id: "Xy12Ab34" });
    expect(parsePlannerInput("https://poe.ninja/pob/f00d12")).toEqual({ kind: "poeninja", id: "f00d12" });
    expect(parsePlannerInput("https://poe.ninja/poe1/pob/f00d12")).toEqual({ kind: "poeninja", id: "f00d12" });
    expect(parsePlannerInput("https://maxroll.gg/poe/pob/ab_c-12")).toEqual({ kind: "maxroll", id: "ab_c-12" });
    // Links of those hosts that carry no id of theirs fall back to the spec's link message.
    expect(parsePlannerInput("https://pastebin.com/raw/")).toEqual({ kind: "error", message: MESSAGE });
    expect(parsePlannerInput("https://maxroll.gg/poe/planner/x1")).toEqual({ kind: "error", message: MESSAGE });
  });

  it("keeps a raw planner code or raw XML", () => {
    const code = corpusText("heavy_strike_of_trarthus_inquisitor_328.code.txt").trim();
    expect(parsePlannerInput(code)).toEqual({ kind: "code", code });
    expect(parsePlannerInput(`  ${code.slice(0, 60)}\n${code.slice(60)}  `)).toEqual({ kind: "code", code });
    expect(parsePlannerInput("<PathOfBuilding/>")).toEqual({ kind: "code", code: "<PathOfBuilding/>" });
  });

  it("reports the link message for everything else", () => {
    expect(parsePlannerInput("https://pobb.in/nope")).toEqual({ kind: "error", message: MESSAGE });
    expect(parsePlannerInput("hello world")).toEqual({ kind: "error", message: MESSAGE });
    expect(parsePlannerInput("")).toEqual({ kind: "error", message: MESSAGE });
    expect(parsePlannerInput("https://pastebin.com/" + "a".repeat(40))).toEqual({ kind: "error", message: MESSAGE });
  });
});
