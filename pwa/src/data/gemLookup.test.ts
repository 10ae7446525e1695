// findGem over every gem of every corpus build, against the real gems bundle
// of the game-data pipeline. The expectation is a brute-force scan of the
// bundle's gem table (no byName or alias index), and the planner's own gem
// names from the corpus.
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

let bundle: GemsBundle;
let tmp: string | null = null;

/** The gems bundle of game-data/dist, or of a fresh pipeline run when the checkout has none. */
function readGemsBundle(): GemsBundle {
  let dist = join(REPO_DIR, "game-data/dist");
  if (!existsSync(join(dist, "manifest.json"))) {
    tmp = mkdtempSync(join(tmpdir(), "waypoint-gems-"));
    dist = join(tmp, "dist");
    execFileSync(join(REPO_DIR, ".venv/bin/python"), ["game-data/pipeline.py", "--out", dist], { cwd: REPO_DIR, stdio: "pipe" });
  }
  const manifest = JSON.parse(readFileSync(join(dist, "manifest.json"), "utf8")) as { files: Record<string, string> };
  return JSON.parse(readFileSync(join(dist, manifest.files.gems), "utf8")) as GemsBundle;
}

beforeAll(() => {
  bundle = readGemsBundle();
}, 300_000);
afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

const bare = (name: string) => name.trim().replace(/ Support$/, "").toLowerCase();

/** The gem ids whose shown name is the planner gem's name, by scanning the whole gem table. */
function scan(gem: PlannerGem): string[] {
  const wanted = bare(gem.name);
  return wanted ? Object.entries(bundle.gems).filter(([, g]) => bare(g.name) === wanted).map(([id]) => id) : [];
}

const byNameScan = scan;

function corpusGems(): PlannerGem[] {
  const gems: PlannerGem[] = [];
  for (const file of corpusFiles().filter((f) => f.endsWith(".xml"))) {
    const build = decodePlanner(readFileSync(CORPUS_DIR + file, "utf8"));
    for (const set of build.skillSets) for (const group of set.groups) gems.push(...group.gems);
  }
  return gems;
}

describe("findGem over the corpus", () => {
  const gems = corpusGems();

  it("finds exactly the gems the bundle's table holds, and only those", () => {
    let found = 0;
    for (const gem of gems) {
      const hit = findGem(bundle, gem.gemId, gem.name);
      const label = `${gem.gemId} "${gem.name}"`;
      const alias = gem.gemId ? bundle.aliases?.[gem.gemId] : undefined;
      const variant = byNameScan(gem).find((id) => gem.gemId && id.startsWith(gem.gemId) && /Alt[XYZ]$/.test(id));
      if (variant) {
        // A transfigured gem: its own entry, not its base gem's.
        expect(hit?.id, label).toBe(variant);
        expect(bundle.gems[variant].name).toBe(gem.name.trim());
      } else if (gem.gemId && bundle.gems[gem.gemId]) {
        // The metadata id wins over the name: the game renames gems (Increased Duration is now More Duration).
        expect(hit?.id, label).toBe(gem.gemId);
      } else if (alias) {
        expect(hit?.id, label).toBe(alias);
      } else {
        const byName = scan(gem);
        if (byName.length === 0) expect(hit, label).toBeNull();
        else expect(byName, label).toContain(hit?.id);
      }
      if (hit) found++;
    }
    // With the planner's gem list every gem is known; what is left are skills granted by items (no gem id).
    expect(gems.filter((g) => g.gemId && !findGem(bundle, g.gemId, g.name)).map((g) => g.name)).toEqual([]);
    expect(found / gems.length).toBeGreaterThan(0.95);
  });

  it("resolves every older id spelling to its gem", () => {
    const aliases = Object.entries(bundle.aliases ?? {});
    expect(aliases.length).toBeGreaterThan(0);
    for (const [old, id] of aliases) {
      expect(findGem(bundle, old)?.gem).toBe(bundle.gems[id]);
      expect(bare(id.split("/").pop()!)).toContain(bare(old.split("/").pop()!));
    }
  });

  it("finds a gem by its shown name with or without ' Support', and trims the name", () => {
    for (const [id, gem] of Object.entries(bundle.gems)) {
      if (Object.values(bundle.gems).filter((g) => bare(g.name) === bare(gem.name)).length > 1) continue;
      expect(findGem(bundle, "", ` ${gem.name} `)?.id).toBe(id);
      if (gem.isSupport) expect(findGem(bundle, null, gem.name.replace(/ Support$/, ""))?.id).toBe(id);
    }
    expect(findGem(bundle, "Metadata/Items/Gems/Nope", "Nope")).toBeNull();
    expect(findGem(bundle, "", "")).toBeNull();
  });
});
