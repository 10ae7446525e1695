/**
 * The planner's saved figures (<PlayerStat> lines under <Build>): every corpus
 * export against a reading of its XML text made here with regular
 * expressions and Node's own inflate (not the decoder's parser or inflater).
 */
import { unzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { decodePlanner, exportStep, stepStats, type BuildStats, type PlannerBuild } from "../index";
import { corpusFiles, corpusText } from "./corpus";

/** The XML of a corpus file: raw XML as is, a planner code through node:zlib. */
function xmlOf(text: string): string {
  const t = text.replace(/^\uFEFF/, "").trim();
  if (t.startsWith("<")) return t;
  return unzipSync(Buffer.from(t.replace(/\s+/g, "").replace(/-/g, "+").replace(/_/g, "/"), "base64")).toString("utf8");
}

const ENTITY: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&apos;": "'" };
const unescape = (s: string) => s.replace(/&(amp|lt|gt|quot|apos);/g, (e) => ENTITY[e]);

/** [stat, value] of the PlayerStat lines that sit directly in <Build> (attributes in either order), in document order. */
function savedLines(xml: string): [string, string][] {
  const open = /<Build[\s>]/.exec(xml);
  if (!open) return [];
  const body = xml.slice(open.index, xml.indexOf("</Build>", open.index) + 1 || undefined);
  const out: [string, string][] = [];
  for (const m of body.matchAll(/<PlayerStat\b([^>]*?)\/?>/g)) {
    const stat = /\bstat="([^"]*)"/.exec(m[1])?.[1];
    const value = /\bvalue="([^"]*)"/.exec(m[1])?.[1];
    if (stat !== undefined && value !== undefined) out.push([unescape(stat), unescape(value)]);
  }
  return out;
}

// The field rules, written out again: figure -> planner names (first with a figure wins) and plausible range.
const FIELDS: [keyof BuildStats, string[], number, number][] = [
  ["life", ["Life"], 0, 1e8],
  ["energyShield", ["EnergyShield"], 0, 1e8],
  ["mana", ["Mana"], 0, 1e8],
  ["ward", ["Ward"], 0, 1e8],
  ["ehp", ["TotalEHP"], 0, 1e12],
  ["fireResist", ["FireResist"], -1000, 1000],
  ["coldResist", ["ColdResist"], -1000, 1000],
  ["lightningResist", ["LightningResist"], -1000, 1000],
  ["chaosResist", ["ChaosResist"], -1000, 1000],
  ["armour", ["Armour"], 0, 1e9],
  ["evasion", ["Evasion"], 0, 1e9],
  ["block", ["EffectiveBlockChance", "BlockChance"], 0, 100],
  ["spellSuppression", ["SpellSuppressionChance"], 0, 100],
  ["movementSpeed", ["EffectiveMovementSpeedMod"], 0, 100],
];
const DPS: [string, string][] = [["FullDPS", "full"], ["CombinedDPS", "combined"], ["TotalDPS", "hit"], ["TotalDotDPS", "dot"]];

function expectedStats(xml: string): BuildStats | null {
  const first = new Map<string, number>();
  for (const [stat, value] of savedLines(xml)) {
    const n = parseFloat(value);
    // Only plain decimals the planner writes count; "inf", "nan" and "table: 0x..." do not.
    if (!first.has(stat) && /^-?[\d.]+(e[+-]?\d+)?$/i.test(value.trim()) && Number.isFinite(n)) first.set(stat, n);
  }
  const within = (n: number | undefined, lo: number, hi: number) => (n !== undefined && n >= lo && n <= hi ? n : undefined);
  const out: BuildStats = {};
  for (const [field, names, lo, hi] of FIELDS) {
    const n = names.map((name) => within(first.get(name), lo, hi)).find((v) => v !== undefined);
    if (n !== undefined) (out as Record<string, number>)[field] = n;
  }
  const dps = DPS.map(([name, kind]) => [within(first.get(name), 0, 1e15), kind] as const).filter(([v]) => v !== undefined);
  const pick = dps.find(([v]) => v! > 0) ?? dps[0];
  if (pick) Object.assign(out, { dps: pick[0], dpsKind: pick[1] });
  return Object.keys(out).length ? out : null;
}

const FILES = corpusFiles();
const read = (file: string) => corpusText(file.split("/")[1]);

describe("every corpus export", () => {
  it.each(FILES)("%s: the saved figures, as the XML says", (file) => {
    const text = read(file);
    expect(decodePlanner(text).stats ?? null).toEqual(expectedStats(xmlOf(text)));
  });

  it("has figures in most exports and none in those without (the reading above is not vacuous)", () => {
    const withStats = FILES.filter((f) => expectedStats(xmlOf(read(f))) !== null);
    const without = FILES.filter((f) => expectedStats(xmlOf(read(f))) === null);
    expect(withStats.length).toBeGreaterThan(40);
    // 322_overrides saves only AverageHit: none of our figures.
    expect(without).toContain("Dav1dde__pasteofexile/322_overrides.xml");
    for (const f of without) expect(decodePlanner(read(f)).stats ?? null).toBeNull();
  });
});

describe("known exports", () => {
  it("prefers Full DPS when the planner summed skills into it", () => {
    const s = decodePlanner(read("Vilsol__go-pob/many-builds_7.xml")).stats!;
    expect([s.dps, s.dpsKind, s.life]).toEqual([146628881.32239, "full", 4271]);
  });

  it("falls through a FullDPS of 0 to the combined figure", () => {
    const s = decodePlanner(read("Vilsol__go-pob/many-builds_1.xml")).stats!;
    expect([s.dps, s.dpsKind, s.life]).toEqual([544322.93588615, "combined", 3605]);
  });

  it("reads the player's figures, not the minion's (a CI build's life is 1)", () => {
    const s = decodePlanner(read("AdamZ-8113__pob-codes/dominating_blow_of_inspiring_guardian_328.code.txt")).stats!;
    expect(s.life).toBe(1);
    expect(s.dps).toBe(49454747.864072);
    expect(s.dpsKind).toBe("combined");
  });

  it("drops a negative DPS (out of range) rather than showing it", () => {
    const s = decodePlanner(read("ppoelzl__PathOfBuildingAPI/test_code.xml")).stats!;
    expect(s.dps).toBeUndefined();
    expect(s.life).toBe(163);
  });

  it("drops nan and inf figures", () => {
    const all = FILES.map((f) => decodePlanner(read(f)).stats).filter((s): s is BuildStats => !!s);
    for (const s of all) for (const v of Object.values(s)) if (typeof v === "number") expect(Number.isFinite(v)).toBe(true);
  });
});

const xml = (build: string) => `<PathOfBuilding><Build className="Witch" level="90">${build}</Build><Tree/></PathOfBuilding>`;

describe("odd and hostile lines", () => {
  it("ignores non-numbers, keeps the first finite value of a repeated stat and reads only <Build>'s own lines", () => {
    const s = decodePlanner(
      xml(`<PlayerStat stat="Life" value="inf"/><PlayerStat stat="Life" value="5000"/><PlayerStat stat="Life" value="6000"/>
      <PlayerStat stat="Mana" value="table: 0x1bebb108"/><PlayerStat stat="Armour" value="0x10"/><PlayerStat stat="Evasion" value=""/>
      <PlayerStat stat="EnergyShield" value=" 12.5 "/><MinionStat stat="Ward" value="300"/><Other><PlayerStat stat="Ward" value="200"/></Other>`),
    ).stats;
    expect(s).toEqual({ life: 5000, energyShield: 12.5 });
  });

  it("takes the effective block chance first, then the plain one", () => {
    expect(decodePlanner(xml(`<PlayerStat stat="BlockChance" value="40"/>`)).stats).toEqual({ block: 40 });
    expect(decodePlanner(xml(`<PlayerStat stat="BlockChance" value="40"/><PlayerStat stat="EffectiveBlockChance" value="75"/>`)).stats).toEqual({ block: 75 });
  });

  it("says 0 of the first kind when every DPS figure is 0", () => {
    expect(decodePlanner(xml(`<PlayerStat stat="FullDPS" value="0"/><PlayerStat stat="TotalDPS" value="0"/>`)).stats).toEqual({ dps: 0, dpsKind: "full" });
    expect(decodePlanner(xml(`<PlayerStat stat="TotalDotDPS" value="12"/><PlayerStat stat="TotalDPS" value="0"/>`)).stats).toEqual({ dps: 12, dpsKind: "dot" });
  });

  it("has no figures for an export without them", () => {
    expect(decodePlanner(xml("")).stats).toBeNull();
    expect(decodePlanner(xml(`<PlayerStat stat="AverageHit" value="5"/>`)).stats).toBeNull();
  });

  it("reads at most 5000 lines", () => {
    const filler = `<PlayerStat stat="X" value="1"/>`.repeat(5000);
    expect(decodePlanner(xml(filler + `<PlayerStat stat="Life" value="1"/>`)).stats).toBeNull();
  });
});

describe("the step the figures belong to", () => {
  // 11 trees, 11 item sets, 11 skill sets; the planner had the last of each active.
  const build = decodePlanner(read("AdamZ-8113__pob-codes/sanavixx_cyclone_shockwave_slayer_328.code.txt"));
  const active = { passiveTreeId: build.activeTreeId, equipmentSetId: build.activeItemSetId, skillSetId: build.activeSkillSetId };

  it("gives them to the step whose three sets are the export's active ones", () => {
    expect(build.stats).not.toBeNull();
    expect(stepStats(build, active)).toBe(build.stats);
    expect(stepStats(build, undefined)).toBe(build.stats);
  });

  it("gives none to any other step, even one sharing two of the three sets", () => {
    const other = build.trees.find((t) => t.id !== build.activeTreeId)!.id;
    expect(stepStats(build, { ...active, passiveTreeId: other })).toBeNull();
    const otherItems = build.itemSets.find((s) => s.id !== build.activeItemSetId)!.id;
    expect(stepStats(build, { ...active, equipmentSetId: otherItems })).toBeNull();
    const otherSkills = build.skillSets.find((s) => s.id !== build.activeSkillSetId)!.id;
    expect(stepStats(build, { ...active, skillSetId: otherSkills })).toBeNull();
  });

  it("gives none when the export has none, and none for a build decoded before figures were read", () => {
    const bare: PlannerBuild = { ...build, stats: null };
    expect(stepStats(bare, active)).toBeNull();
    const { stats: _dropped, ...old } = build;
    expect(stepStats(old, active)).toBeNull();
  });
});

describe("a step exported to a planner code", () => {
  const text = read("AdamZ-8113__pob-codes/sanavixx_cyclone_shockwave_slayer_328.code.txt");
  const build = decodePlanner(text);
  const active = { passiveTreeId: build.activeTreeId, equipmentSetId: build.activeItemSetId, skillSetId: build.activeSkillSetId };

  it("keeps the planner's figures when the step is the planner's active sets", () => {
    expect(decodePlanner(exportStep(text, active)).stats).toEqual(build.stats);
  });

  it("leaves them out for any other step, whose figures they are not", () => {
    const other = { ...active, passiveTreeId: build.trees.find((t) => t.id !== build.activeTreeId)!.id };
    const exported = xmlOf(exportStep(text, other));
    expect(exported).not.toMatch(/<(PlayerStat|MinionStat|FullDPSSkill)\b/);
    expect(decodePlanner(exportStep(text, other)).stats).toBeNull();
  });
});
