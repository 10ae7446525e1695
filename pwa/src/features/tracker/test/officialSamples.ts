/**
 * Test helper: every official-API sample in ../shared/corpus/ggg-api, with the
 * server's own mapping of it (server/ggg/mapping.py, run in the worktree's
 * Python), so PWA tests see exactly what the character calls answer.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { GGG_API_DIR, REPO_DIR } from "../../../../../workers/sharedDir";
import type { Character, EquipmentItem } from "../../../data/character";

const ROOT = `${REPO_DIR}/`;

export interface OfficialSample {
  file: string;
  /** Raw official items (equipment and jewels) with the slot the server maps them to. */
  raw: { item: Record<string, unknown>; slot: string | null }[];
  mapped: (EquipmentItem | null)[];
  /** Detail samples only: the whole character as the detail call answers. */
  character?: Character;
  /**
   * Passives samples only (legacy get-passive-skills: hashes, hashes_ex, jewel_data and the
   * socketed jewels in `items`): the same answer put through the server's character mapping.
   */
  fromPassives?: Character;
}

const SCRIPT = `
import json, sys, msgspec
from server.ggg.mapping import map_character, map_item, slot_of
out = []
for path in sys.argv[1:]:
    d = json.load(open(path))
    c = d.get("character") if isinstance(d.get("character"), dict) else None
    if c is not None:
        items = [(i, slot_of(i)) for i in c.get("equipment") or []] + [(i, "PassiveJewels") for i in c.get("jewels") or []]
        character = msgspec.to_builtins(map_character(d))
        passives = None
    else:
        items = [(i, "PassiveJewels") for i in d.get("items") or []]
        character = None
        keys = ("hashes", "hashes_ex", "mastery_effects", "jewel_data")
        passives = msgspec.to_builtins(map_character({"character": {
            "name": path.rsplit("/", 1)[-1], "jewels": d.get("items") or [], "passives": {k: d.get(k) for k in keys},
        }})) if "jewel_data" in d else None
    mapped = [msgspec.to_builtins(map_item(i, s)) if s else None for i, s in items]
    out.append({"file": path, "raw": [{"item": i, "slot": s} for i, s in items], "mapped": mapped, "character": character, "fromPassives": passives})
print(json.dumps(out))
`;

let cached: OfficialSample[] | null = null;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(`${dir}${e.name}/`) : e.name.endsWith(".json") && e.name !== "MANIFEST.json" ? [`${dir}${e.name}`] : [],
  );
}

/** Samples holding items or a character (the ladder sample has neither). */
export function officialSamples(): OfficialSample[] {
  if (!cached) {
    const files = walk(GGG_API_DIR).filter((f) => {
      const d = JSON.parse(readFileSync(f, "utf8"));
      return typeof d === "object" && d && ("character" in d || "items" in d);
    });
    const out = execFileSync(`${ROOT}.venv/bin/python`, ["-c", SCRIPT, ...files], { cwd: ROOT, encoding: "utf8", maxBuffer: 64 << 20 });
    cached = (JSON.parse(out) as (OfficialSample & { character: Character | null; fromPassives: Character | null })[]).map((s) => ({
      ...s,
      character: s.character ?? undefined,
      fromPassives: s.fromPassives ?? undefined,
    }));
  }
  return cached;
}

/** One official detail answer (e.g. a corpus sample changed by a test) through the server's own mapping. */
export function mapOfficial(raw: unknown): Character {
  const script = "import json, sys, msgspec\nfrom server.ggg.mapping import map_character\nprint(json.dumps(msgspec.to_builtins(map_character(json.load(sys.stdin)))))";
  const out = execFileSync(`${ROOT}.venv/bin/python`, ["-c", script], { cwd: ROOT, encoding: "utf8", input: JSON.stringify(raw), maxBuffer: 64 << 20 });
  return JSON.parse(out) as Character;
}

export function sampleCharacter(): Character {
  const s = officialSamples().find((x) => x.character);
  if (!s?.character) throw new Error("no character detail sample in the corpus");
  return s.character;
}
