/** Property tests: thousands of mutated real planner codes and XML never escape as anything but PlannerError. */
import { deflateSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodePlanner, PlannerError, type PlannerBuild } from "../index";
import { corpusText } from "./corpus";

const codes = [
  corpusText("heavy_strike_of_trarthus_inquisitor_328.code.txt").trim(),
  corpusText("test_code.code.txt").trim(),
  corpusText("The_TyTyKiller_Armageddon_Build.code.txt").trim(),
];
const xmls = [
  corpusText("test_code.xml"),
  corpusText("heavy_strike_of_trarthus_inquisitor_328.xml"),
  corpusText("320_impending_doom.xml"),
];
const TOKENS = [
  "<", ">", "&", "&amp;", "&#0;", "&#x110000;", '"', "'", "/>", "</Item>", "<Item id=\"9\">", "Rarity: RARE\n",
  "Rarity: \n", "{variant:", "{range:x}", "Implicits: 99\n", "Selected Variant: -1\n", 'nodes="a,b"', 'level="NaN"',
  "<Spec>", "</Spec>", "<!--", "<![CDATA[", "]]>", "\u0000", "\uFFFF", "\uD800", "^x", "^9", 'title="---"',
  'activeSpec="99999999999"', '<SkillSet title="">', "<Gem/>", "<Slot name=\"\" itemId=\"0\"/>",
];

type Mutation = { at: number; del: number; insert: string };

function mutate(text: string, mutations: Mutation[]): string {
  let out = text;
  for (const m of mutations) {
    const at = Math.floor(m.at * out.length);
    out = out.slice(0, at) + m.insert + out.slice(at + m.del);
  }
  return out;
}

function check(input: string): void {
  let build: PlannerBuild;
  try {
    build = decodePlanner(input);
  } catch (error) {
    if (error instanceof PlannerError) return;
    throw error;
  }
  // A build that decodes is well-formed.
  expect(typeof build.className).toBe("string");
  for (const tree of build.trees) expect(tree.nodes.every(Number.isInteger)).toBe(true);
  expect(new Set(build.itemSets.map((s) => s.id)).size).toBe(build.itemSets.length);
  expect(new Set(build.skillSets.map((s) => s.id)).size).toBe(build.skillSets.length);
}

const mutationArb = (alphabet: fc.Arbitrary<string>) =>
  fc.array(fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), del: fc.nat(40), insert: alphabet }), {
    minLength: 1,
    maxLength: 4,
  });

describe("fuzz", () => {
  it("mutated planner codes: only PlannerError escapes", () => {
    const codeChar = fc.constantFrom(..."ABCxyz019+/-_=!@ \n".split(""));
    fc.assert(
      fc.property(fc.nat(codes.length - 1), mutationArb(fc.string({ unit: codeChar, maxLength: 8 })), (i, muts) => {
        check(mutate(codes[i], muts));
      }),
      { numRuns: 1500, seed: 20261121 },
    );
  });

  it("mutated planner XML behind a valid code: only PlannerError escapes", () => {
    const insert = fc.oneof(fc.constantFrom(...TOKENS), fc.string({ maxLength: 6 }));
    fc.assert(
      fc.property(fc.nat(xmls.length - 1), mutationArb(insert), fc.boolean(), (i, muts, asCode) => {
        const xml = mutate(xmls[i], muts);
        check(asCode ? deflateSync(Buffer.from(xml)).toString("base64url") : xml);
      }),
      { numRuns: 1500, seed: 424242 },
    );
  });
});
