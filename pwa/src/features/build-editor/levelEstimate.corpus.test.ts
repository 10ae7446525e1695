/**
 * The level estimate for every step of every corpus build (the steps the editor
 * suggests, one per tree), with the rule that set it, against an independent
 * computation here: the spec's text for the quest-point levels, the route facts
 * for the bandits' point, the items bundle read directly for item requirements.
 */
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { decodePlanner } from "@workers/planner/index";
import { corpusFiles, corpusText, specText } from "@workers/planner/test/corpus";
import type { PlannerBuild, PlannerItem } from "@workers/planner/types";
import type { GemsBundle, ItemsBundle, TreeBundle } from "../../data/gameDataTypes";
import { estimateStepLevel, type LevelRule } from "./approximateLevel";
import { suggestSteps } from "./autoSteps";
import { gemRequiredLevel, levelData } from "./levelData";

const DIST = fileURLToPath(new URL("../../../../game-data/dist/", import.meta.url));
const manifest = JSON.parse(readFileSync(DIST + "manifest.json", "utf8")) as { files: Record<string, string> };
const bundle = <T>(name: string): T => JSON.parse(readFileSync(DIST + manifest.files[name], "utf8"));
const items = bundle<ItemsBundle>("items");
const gems = bundle<GemsBundle>("gems");
const treeCache = new Map<string, TreeBundle>();
function treeFor(version: string): TreeBundle {
  const m = /^(\d+)_(\d+)/.exec(version);
  const wanted = m ? `tree/${m[1]}.${m[2]}` : "";
  const name = manifest.files[wanted] ? wanted : "tree/3.28";
  if (!treeCache.has(name)) treeCache.set(name, bundle<TreeBundle>(name));
  return treeCache.get(name)!;
}

// ---- the independent computation
const specLine = specText("builds-browser-and-tracker.md").split("\n").find((l) => l.includes("Passive point estimate"))!;
const specMatch = specLine.match(/quest points of 1 at levels ([\d, and]+?) and 2 at (\d+)/)!;
const QUEST_LEVELS = [...specMatch[1].split(/,\s*/).map((l) => [Number(l), 1]), [Number(specMatch[2]), 2]];
const routeFacts = JSON.parse(readFileSync(fileURLToPath(new URL("../../../../game-data/route-facts.json", import.meta.url)), "utf8"));
const KILL_ALL_POINTS = routeFacts.quests.a2q7.passivePoints as number;

function treeLevelOf(nodes: number, bandit: string): number {
  if (nodes === 0) return 1;
  const killsAll = !/alira|kraityn|oak/i.test(bandit);
  const needed = nodes - (killsAll && nodes >= 15 ? KILL_ALL_POINTS : 0);
  for (let level = 1; level <= 100; level++) {
    const quests = QUEST_LEVELS.filter(([l]) => l <= level).reduce((s, [, n]) => s + n, 0);
    if (level - 1 + quests >= needed) return level;
  }
  return 100;
}

const baseNames = Object.keys(items.bases).sort((a, b) => b.length - a.length);
const baseLevelCache = new Map<string, number>();
function bundleLevel(item: PlannerItem): number {
  if (item.rarity === "Unique" || item.rarity === "Relic") {
    const u = items.uniques[item.name];
    if (u) return Math.max(u.req[0], items.bases[u.base]?.req[0] ?? 0);
  }
  const name = item.baseType;
  if (!baseLevelCache.has(name)) {
    const padded = ` ${name} `;
    const base = baseNames.find((b) => padded.includes(` ${b} `));
    baseLevelCache.set(name, base ? items.bases[base].req[0] : 0);
  }
  return baseLevelCache.get(name)!;
}

const isItem = (x: unknown): x is PlannerItem => !!x && typeof x === "object" && !("error" in x);
const gemLevel = gemRequiredLevel(gems);

function expected(build: PlannerBuild, step: { equipmentSetId: string | null; passiveTreeId: string | null; skillSetId: string | null }) {
  const tree = build.trees.find((t) => t.id === step.passiveTreeId);
  const set = build.itemSets.find((s) => s.id === step.equipmentSetId);
  const skills = build.skillSets.find((s) => s.id === step.skillSetId);
  if (!tree || !set || !skills) return { level: 0, rule: "incomplete" as LevelRule, raised: 0 };
  const t = treeFor(tree.treeVersion);
  const asc = new Set(t.nodes.id.filter((_, i) => t.nodes.ascendancy[i] >= 0));
  const tl = treeLevelOf(tree.nodes.filter((id) => !asc.has(id)).length, build.bandit);
  const normal: number[] = [];
  let unique: number | null = null;
  let raised = 0;
  for (const id of Object.values(set.slots)) {
    const it = build.items[id];
    if (!isItem(it)) continue;
    const lvl = Math.max(it.requirements.level, bundleLevel(it));
    if (lvl > it.requirements.level) raised++;
    if (it.rarity === "Unique" || it.rarity === "Relic") unique = unique === null ? lvl : Math.min(unique, lvl);
    else normal.push(lvl);
  }
  const avg = normal.length ? Math.round(normal.reduce((a, b) => a + b, 0) / normal.length) : 0;
  const el = unique !== null && unique > avg ? unique : avg;
  const gl: number[] = [];
  for (const g of skills.groups) if (g.enabled) for (const gem of g.gems) if (gem.enabled) { const l = gemLevel(gem); if (l > 1) gl.push(l); }
  const sl = gl.length ? Math.floor(gl.reduce((a, b) => a + b, 0) / gl.length) : 0;
  const level = Math.max(tl, Math.min(el, sl));
  const rule: LevelRule = tl >= Math.min(el, sl) ? "passives" : el <= sl ? (unique !== null && unique > avg ? "unique" : "items") : "gems";
  return { level, rule, raised };
}

// ---- the corpus
const builds = corpusFiles().flatMap((file) => {
  try {
    return [{ file, build: decodePlanner(corpusText(file.split("/")[1])) }];
  } catch {
    return [];
  }
});

describe("the level estimate for every corpus step", () => {
  it("decodes every corpus build", () => {
    expect(builds.length).toBe(corpusFiles().length);
  });

  const rules: Record<string, number> = {};
  let steps = 0;
  let raisedItems = 0;
  it.each(builds.map((b) => [b.file, b.build] as const))("%s", (_file, build) => {
    const data = levelData(treeFor(build.trees[0]?.treeVersion ?? ""), gems, items);
    for (const step of suggestSteps(build)) {
      const got = estimateStepLevel(build, step, data);
      const want = expected(build, step);
      expect({ level: got.level, rule: got.rule }).toEqual({ level: want.level, rule: want.rule });
      if (got.rule === "incomplete") expect(got.reason).toBe("");
      else expect(got.reason.startsWith(`level ${got.level}: `)).toBe(true);
      if (got.rule === "passives") expect(got.reason).toMatch(/^level \d+: \d+ passive points?$/);
      if (got.rule === "unique") expect(got.reason).toMatch(/^level \d+: .+'s requirement$/);
      rules[got.rule] = (rules[got.rule] ?? 0) + 1;
      steps++;
      raisedItems += want.raised;
    }
  });

  it("covers every rule, and the items bundle raises items that state no requirement", () => {
    console.log(`level estimate: ${steps} corpus steps, by rule ${JSON.stringify(rules)}; ${raisedItems} item placements raised by the items bundle`);
    expect(steps).toBeGreaterThanOrEqual(builds.length);
    // No suggested corpus step is set by its gems (min(items, gems) is the items' there); the unit tests cover that rule.
    for (const r of ["passives", "unique", "items"]) expect(rules[r] ?? 0).toBeGreaterThan(0);
    expect(raisedItems).toBeGreaterThan(0);
  });
});

describe("items bundle lookups on real names", () => {
  it("finds bases inside magic names and uniques by name", () => {
    const data = levelData(null, null, items);
    const it = (rarity: PlannerItem["rarity"], name: string, baseType: string) => ({ rarity, name, baseType, requirements: { level: 0 } }) as PlannerItem;
    expect(data.itemLevel(it("Magic", "Hale Vaal Regalia of the Whelpling", "Hale Vaal Regalia of the Whelpling"))).toBe(68);
    expect(data.itemLevel(it("Rare", "Doom Loop", "Vaal Regalia"))).toBe(68);
    expect(data.itemLevel(it("Unique", "Kaom's Heart", "Glorious Plate"))).toBe(68);
    expect(data.itemLevel(it("Rare", "Nothing", "No Such Base"))).toBe(0);
  });
});
