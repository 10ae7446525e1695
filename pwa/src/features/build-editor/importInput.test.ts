import { describe, expect, it } from "vitest";
import { decodePlanner } from "@workers/planner/index";
import { corpusText } from "@workers/planner/test/corpus";
import { INPUT_ERRORS, loadSummary, readImportInput, suggestedTitle } from "./importInput";
import { KIND_ERRORS, loadErrorFor } from "./loader";
import { ApiRequestError } from "../../data/api";
import { PlannerDecodeError } from "../../data/planner";

const code = corpusText("heavy_strike_of_trarthus_inquisitor_328.code.txt").trim();
const kind = (text: string, file?: string) => readImportInput(text, file);
const POBB = "Link must start with pobb.in/ followed by 12 characters.";

describe("the import box recognises every kind", () => {
  it("paste hosts, in each link shape", () => {
    for (const [text, host, id] of [
      ["https://pobb.in/Ab3_-xyZ0123", "pobb", "Ab3_-xyZ0123"],
      ["pobb.in/Ab3_-xyZ0123", "pobb", "Ab3_-xyZ0123"],
      ["  http://pobb.in/AAAAAAAAAAAA/ ", "pobb", "AAAAAAAAAAAA"],
      ["https://pastebin.com/Xy12Ab34", "pastebin", "Xy12Ab34"],
      ["www.pastebin.com/raw/Xy12Ab34", "pastebin", "Xy12Ab34"],
      ["https://poe.ninja/pob/f00d12", "poeninja", "f00d12"],
      ["https://poe.ninja/poe1/pob/raw/f00d12", "poeninja", "f00d12"],
      ["https://maxroll.gg/poe/pob/ab_c-12", "maxroll", "ab_c-12"],
    ] as const) {
      expect(kind(text)).toMatchObject({ kind: "paste", host, id });
    }
    expect(kind("https://pobb.in/Ab3_-xyZ0123")).toMatchObject({ label: "pobb.in link" });
    expect(kind("https://poe.ninja/pob/f00d12")).toMatchObject({ label: "poe.ninja link" });
  });

  it("planner codes (wrapped or not), raw XML and files", () => {
    expect(kind(code)).toEqual({ kind: "code", code, label: "planner code" });
    expect(kind(`  ${code.slice(0, 60)}\n${code.slice(60)}  `)).toEqual({ kind: "code", code, label: "planner code" });
    expect(kind("<PathOfBuilding/>")).toEqual({ kind: "xml", code: "<PathOfBuilding/>", label: "planner XML" });
    expect(kind("<PathOfBuilding/>", "slayer.xml")).toEqual({ kind: "xml", code: "<PathOfBuilding/>", label: "planner XML from slayer.xml" });
    expect(kind(`${code}\n`, "build.txt")).toEqual({ kind: "code", code, label: "planner code from build.txt" });
  });

  it("Waypoint share links, paths and slugs", () => {
    expect(kind("https://waypoint.example/build/view/abcd2345")).toEqual({ kind: "waypoint", slug: "abcd2345", label: "Waypoint build 'abcd2345'" });
    expect(kind("http://127.0.0.1:8000/build/view/abcd2345?x=1")).toMatchObject({ kind: "waypoint", slug: "abcd2345" });
    expect(kind("/build/view/abcd2345")).toMatchObject({ kind: "waypoint", slug: "abcd2345" });
    expect(kind("abcd2345")).toMatchObject({ kind: "waypoint", slug: "abcd2345" });
    expect(kind("0f8fad5b-d9cb-469f-a165-70867728950e")).toMatchObject({ kind: "waypoint" });
  });
});

describe("each kind has its own error, naming only that kind", () => {
  it("a pobb.in link gets the spec's message, and only a pobb.in link does", () => {
    expect(kind("https://pobb.in/short")).toEqual({ kind: "invalid", message: POBB });
    expect(kind("pobb.in/Ab3_-xyZ01234")).toEqual({ kind: "invalid", message: POBB });
    for (const other of ["hello world", "bad code!!", "", "https://pastebin.com/raw/", "https://example.com/x", "/build/view/"]) {
      const r = kind(other);
      expect(r.kind).toBe("invalid");
      expect(r.kind === "invalid" && r.message).not.toContain("pobb.in/ followed");
    }
  });

  it("the other paste hosts, other sites, Waypoint links, text and files", () => {
    expect(kind("https://pastebin.com/raw/")).toEqual({ kind: "invalid", message: "This pastebin link has no paste id; it should look like pastebin.com/Xy12Ab34." });
    expect(kind("https://maxroll.gg/poe/planner/x1")).toEqual({ kind: "invalid", message: "This maxroll link has no paste id; it should look like maxroll.gg/poe/pob/abc123." });
    expect(kind("https://poe.ninja/builds")).toEqual({ kind: "invalid", message: INPUT_ERRORS.pasteId("poeninja") });
    expect(kind("https://example.com/build")).toEqual({ kind: "invalid", message: INPUT_ERRORS.otherHost("example.com") });
    expect(kind("https://waypoint.example/build/view/")).toEqual({ kind: "invalid", message: INPUT_ERRORS.waypointLink });
    expect(kind("hello world")).toEqual({ kind: "invalid", message: INPUT_ERRORS.text });
    expect(kind("   ")).toEqual({ kind: "invalid", message: INPUT_ERRORS.empty });
    expect(kind("just some words, not a build", "notes.txt")).toEqual({ kind: "invalid", message: "notes.txt is not a planner export: it holds neither planner XML nor a planner code." });
  });

  it("load failures are worded for the kind given: no URL talk for a code, a file or a slug", () => {
    const bad = new PlannerDecodeError("not_base64", "Planner code is not base64 text.");
    expect(loadErrorFor(bad, "paste").title).toBe("Failed to extract build info, please try a different PoB URL.");
    expect(loadErrorFor(bad, "code")).toEqual({ title: KIND_ERRORS.code, message: `Planner code is not base64 text. ${KIND_ERRORS.codeHint}` });
    expect(loadErrorFor(bad, "xml").title).toBe("Failed to read the planner XML");
    const missing = new ApiRequestError({ kind: "http", status: 404 }, "not_found", "no such build");
    expect(loadErrorFor(missing, "waypoint", "abcd2345")).toEqual({ title: "Waypoint build not found", message: "No published build has the slug 'abcd2345'. Check the link, or browse builds." });
    expect(loadErrorFor(missing, "paste")).toEqual({ title: "Failed to load the build", message: "make sure that the url is correct" });
    for (const k of ["code", "xml", "waypoint"] as const) expect(JSON.stringify(loadErrorFor(bad, k)) + JSON.stringify(loadErrorFor(missing, k))).not.toMatch(/PoB URL|url is correct/);
  });
});

describe("what a load found", () => {
  it("names the class, version and sets of corpus builds", () => {
    expect(loadSummary(decodePlanner(code))).toBe("Inquisitor (Templar), version 3.27, 3.28: 2 passive trees, 1 item set, 1 skill set");
    const old = decodePlanner(corpusText("test_code.xml"));
    expect(loadSummary(old)).toBe("Ascendant (Scion), version 3.8: 1 passive tree, 1 item set, 1 skill set");
    expect(suggestedTitle(1)).toBe("Suggested 1 step, one per passive tree");
    expect(suggestedTitle(7)).toBe("Suggested 7 steps, one per passive tree");
  });
});
