import { describe, expect, it } from "vitest";
import { loadCampaign } from "./campaignFiles";
import { DEFAULT_SECTION, formatError, parseGuide } from "./parser";
import type { BanditFlag } from "./types";

const data = loadCampaign();

function parse(text: string, flags: BanditFlag[] = ["BANDIT_KILL"]) {
  return parseGuide([{ file: "act-x.txt", text }], data, { flags });
}

const stepTexts = (r: ReturnType<typeof parse>, section = 0) =>
  r.sections[section].steps.map((s) => s.parts.map((p) => ("value" in p ? p.value : p.type)).join(""));

describe("sections, steps, sub-steps, comments", () => {
  it("lines before any #section go to the Default section", () => {
    const r = parse("step one\n#section Act 1\nstep two\n#section\nstep three");
    expect(r.sections.map((s) => s.name)).toEqual([DEFAULT_SECTION, "Act 1", "Default"]);
    expect(stepTexts(r, 1)).toEqual(["step two"]);
  });
  it("every step is a fragment_step with parts and sub-steps", () => {
    const r = parse("#section Act 1\n{kill|Hillock}\n#sub Level {generic|4} here\n#sub second note");
    const [step] = r.sections[0].steps;
    expect(step.type).toBe("fragment_step");
    expect(step.subSteps).toHaveLength(2);
    expect(step.subSteps[0].parts).toEqual([
      { type: "text", value: "Level " },
      { type: "generic", value: "4" },
      { type: "text", value: " here" },
    ]);
    expect(step.subSteps[0].type).toBe("fragment_step");
  });
  it("#sub with no step before it is an error", () => {
    const r = parse("#section A\n#sub lonely");
    expect(r.errors).toEqual([{ file: "act-x.txt", line: 2, reason: "#sub without a step before it", text: "#sub lonely" }]);
  });
  it("#sub does not attach across a section boundary", () => {
    const r = parse("#section A\nstep\n#section B\n#sub orphan");
    expect(r.errors.map((e) => e.line)).toEqual([4]);
    expect(r.sections[0].steps[0].subSteps).toEqual([]);
  });
  it("blank lines and # comments make no steps", () => {
    const r = parse("#section A\n\n# a comment {kill|x\n   \n#note also a comment\nreal step\n");
    expect(r.errors).toEqual([]);
    expect(stepTexts(r)).toEqual(["real step"]);
  });
  it("handles CRLF line endings and reports 1-based lines", () => {
    const r = parse("#section A\r\nok\r\n{bogus}\r\n");
    expect(r.errors[0].line).toBe(3);
    expect(formatError(r.errors[0])).toBe("act-x.txt:3: unknown command 'bogus'");
  });
  it("state carries from one script to the next", () => {
    const r = parseGuide(
      [
        { file: "act-1.txt", text: "#section Act 1\n{enter|1_2_town}" },
        { file: "act-2.txt", text: "#section Act 2\n{enter|1_2_1}\n{logout}\n{bad}" },
      ],
      data,
      { flags: ["BANDIT_KILL"] },
    );
    expect(r.state.currentAreaId).toBe("1_2_town");
    expect(r.errors).toMatchObject([{ file: "act-2.txt", line: 4 }]);
  });
});

describe("#ifdef, #ifndef, #endif", () => {
  const script = [
    "#section Bandits",
    "always",
    "#ifdef BANDIT_KILL",
    "kill them all",
    "#endif",
    "#ifndef BANDIT_KILL",
    "help someone",
    "    #ifdef BANDIT_ALIRA",
    "    help alira",
    "    #endif",
    "    #ifndef BANDIT_ALIRA",
    "    not alira",
    "        #ifdef BANDIT_OAK",
    "        help oak",
    "        #endif",
    "    #endif",
    "#endif",
    "after",
  ].join("\n");

  it.each<[BanditFlag, string[]]>([
    ["BANDIT_KILL", ["always", "kill them all", "after"]],
    ["BANDIT_ALIRA", ["always", "help someone", "help alira", "after"]],
    ["BANDIT_OAK", ["always", "help someone", "not alira", "help oak", "after"]],
    ["BANDIT_KRAITYN", ["always", "help someone", "not alira", "after"]],
  ])("with %s the enabled lines are kept", (flag, expected) => {
    const r = parse(script, [flag]);
    expect(r.errors).toEqual([]);
    expect(stepTexts(r)).toEqual(expected);
  });

  it("commands in disabled blocks are skipped, errors and state included", () => {
    const r = parse("#ifdef BANDIT_OAK\n{enter|1_2_town}\n{nonsense}\n#sub {kill}\n#endif", ["BANDIT_KILL"]);
    expect(r.errors).toEqual([]);
    expect(r.state.currentAreaId).toBe("1_1_1");
  });

  it("an unmatched #endif and an unclosed #ifdef are errors", () => {
    const r = parse("#endif\n#ifdef BANDIT_KILL\nstep");
    expect(r.errors.map((e) => [e.line, e.reason])).toEqual([
      [1, "#endif without #ifdef or #ifndef"],
      [2, "#ifdef or #ifndef without #endif"],
    ]);
  });

  it("an unknown flag is an error and the block stays off", () => {
    const r = parse("#ifdef BANDIT_EVERYONE\nhidden\n#endif\nshown");
    expect(r.errors.map((e) => e.reason)).toEqual([
      "#ifdef needs one of BANDIT_KILL, BANDIT_ALIRA, BANDIT_KRAITYN, BANDIT_OAK, got 'BANDIT_EVERYONE'",
    ]);
    expect(stepTexts(r)).toEqual(["shown"]);
  });

  it("conditionals do not leak from one script into the next", () => {
    const r = parseGuide(
      [
        { file: "a.txt", text: "#ifdef BANDIT_OAK\nhidden" },
        { file: "b.txt", text: "#section B\nshown" },
      ],
      data,
      { flags: ["BANDIT_KILL"] },
    );
    expect(r.errors).toMatchObject([{ file: "a.txt", line: 1 }]);
    expect(r.sections.at(-1)!.steps).toHaveLength(1);
  });
});

describe("LANGUAGE.md", () => {
  it("its example blocks parse without errors", async () => {
    const { readFileSync } = await import("node:fs");
    const { guideDir } = await import("./campaignFiles");
    const doc = readFileSync(`${guideDir}/LANGUAGE.md`, "utf8");
    const blocks = [...doc.matchAll(/```\n([\s\S]*?)```/g)].map((m) => m[1]);
    expect(blocks.length).toBeGreaterThanOrEqual(2);
    for (const flag of ["BANDIT_KILL", "BANDIT_ALIRA", "BANDIT_KRAITYN", "BANDIT_OAK"] as const) {
      for (const text of blocks) expect(parseGuide([{ file: "doc", text }], data, { flags: [flag] }).errors).toEqual([]);
    }
  });
});
