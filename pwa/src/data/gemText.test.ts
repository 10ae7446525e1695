// gemTooltipText and gemKind against the real gems bundle of the game-data pipeline and the
// corpus builds' gems: every corpus gem found by findGem has tooltip text at its own level and
// quality; per-level text follows the level; a transfigured gem reads its base gem's lines.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodePlanner, type PlannerGem } from "@workers/planner/index";
import { CORPUS_DIR, corpusFiles } from "@workers/planner/test/corpus";
import { REPO_DIR } from "@workers/sharedDir";
import type { GemsBundle } from "./gameDataTypes";
import { findGem } from "./gemLookup";
import { gemKind, gemTooltipText } from "./gemText";

let bundle: GemsBundle;
let tmp: string | null = null;

beforeAll(() => {
  let dist = join(REPO_DIR, "game-data/dist");
  if (!existsSync(join(dist, "manifest.json"))) {
    tmp = mkdtempSync(join(tmpdir(), "waypoint-gemtext-"));
    dist = join(tmp, "dist");
    execFileSync(join(REPO_DIR, ".venv/bin/python"), ["game-data/pipeline.py", "--out", dist], { cwd: REPO_DIR, stdio: "pipe" });
  }
  const manifest = JSON.parse(readFileSync(join(dist, "manifest.json"), "utf8")) as { files: Record<string, string> };
  bundle = JSON.parse(readFileSync(join(dist, manifest.files.gems), "utf8")) as GemsBundle;
}, 300_000);
afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

function corpusGems(): PlannerGem[] {
  const gems: PlannerGem[] = [];
  for (const file of corpusFiles().filter((f) => f.endsWith(".xml"))) {
    const build = decodePlanner(readFileSync(CORPUS_DIR + file, "utf8"));
    for (const set of build.skillSets) for (const group of set.groups) gems.push(...group.gems);
  }
  return gems;
}

describe("gem tooltip text", () => {
  it("every corpus gem the bundle finds has text at its level and quality", () => {
    const gems = corpusGems().filter((g) => g.gemId);
    expect(gems.length).toBeGreaterThan(500);
    const unresolved: string[] = [];
    let withLines = 0;
    for (const g of gems) {
      const found = findGem(bundle, g.gemId, g.name);
      const text = found && gemTooltipText(bundle, found.gem, g.level, g.quality);
      if (!text) { unresolved.push(g.name); continue; }
      if (text.header.length + text.stats.length > 0) withLines++;
      else expect(text.missing, g.name).toBe(true);
    }
    expect(unresolved).toEqual([]);
    expect(withLines / gems.length).toBeGreaterThan(0.97);
  });

  it("follows the level, shows quality only with quality, and reads a transfigured gem's base lines", () => {
    const fireball = findGem(bundle, "Metadata/Items/Gems/SkillGemFireball", "Fireball")!.gem;
    const at1 = gemTooltipText(bundle, fireball, 1, 0)!;
    const at20 = gemTooltipText(bundle, fireball, 20, 20)!;
    expect(at1.stats).not.toEqual(at20.stats);
    expect(at1.quality).toEqual([]);
    expect(at20.quality.length).toBeGreaterThan(0);
    expect(gemTooltipText(bundle, fireball, 25, 0)!.stats).toEqual(at20.stats); // past the last level: the last

    const found = findGem(bundle, "Metadata/Items/Gems/SkillGemArc", "Arc of Surging")!;
    expect(found.id).toBe("Metadata/Items/Gems/SkillGemArcAltX");
    const t = gemTooltipText(bundle, found.gem, 20, 0)!;
    const arc = gemTooltipText(bundle, findGem(bundle, "Metadata/Items/Gems/SkillGemArc", "Arc")!.gem, 20, 0)!;
    expect(t.basedOn).toBe("Arc");
    expect(t.stats).toEqual(arc.stats);
    expect(gemKind(found.gem)).toBe("transfigured");
  });

  it("names each kind", () => {
    const kind = (id: string) => gemKind(bundle.gems[id]);
    expect(kind("Metadata/Items/Gems/SkillGemFireball")).toBe("active");
    expect(kind("Metadata/Items/Gems/SupportGemAddedFireDamage")).toBe("support");
    expect(kind("Metadata/Items/Gems/SkillGemVaalFireball")).toBe("vaal");
    expect(Object.values(bundle.gems).some((g) => gemKind(g) === "awakened" && g.isSupport)).toBe(true);
  });
});
