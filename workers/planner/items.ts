/**
 * The planner's item text -> our Equipment item fields.
 *
 * Follows the planner's own reader (Item:ParseRaw): header lines "Key: value",
 * "Implicits: N" followed by N implicit/enchant lines, then explicit lines; mod
 * lines carry {variant:..}, {tags:..}, {range:..} and flag prefixes. Lines of
 * variants that are not selected are dropped; ranged values are resolved the
 * way the planner shows them.
 */
import type { InvalidItem, ModLine, PlannerItem, Rarity } from "./types";

const RARITY_LINE = /^Rarity: ([A-Za-z]+)/;
/** The shape of a planner header key; the key itself is read with indexOf(": "). */
const HEADER_KEY = /^[A-Za-z ]+:?$/;
const SPEC_LINE = /^([A-Za-z ]+:?): (.+)$/;
const REQUIRES_LINE = /^(Requires [A-Za-z]+) (.+)$/;
/**
 * The attributes an old export lists after the level ("Requires Level 60, 138 Dex", "Requires Level 60,
 * 100 Str, 100 Int", copied from the game's item text). The planner reads only the level there (it takes
 * attribute requirements from its base item data); the line is all the export itself says of them.
 */
const REQUIRED_ATTRIBUTE = /, *(\d+) +(Str|Dex|Int)(?:ength|terity|elligence)?\b/g;
const ATTRIBUTE_KEYS = { Str: "str", Dex: "dex", Int: "int" } as const;
/** The planner's line flags ({crafted}, " (fractured)", ...) as bits, so a mod line costs no Set. */
const F = {
  crafted: 1, crucible: 2, custom: 4, eater: 8, enchant: 16, exarch: 32,
  fractured: 64, implicit: 128, mutated: 256, scourge: 512, synthesis: 1024,
} as const;
const LINE_FLAGS: Record<string, number> = F;
const RARITIES: Record<string, Rarity> = {
  NORMAL: "Normal", MAGIC: "Magic", RARE: "Rare", UNIQUE: "Unique", RELIC: "Relic",
};
/** Spec influence names, by the planner's marker line. */
const INFLUENCE_LINES: Record<string, string> = {
  "Shaper Item": "Shaper",
  "Elder Item": "Elder",
  "Crusader Item": "Crusader",
  "Hunter Item": "Hunter",
  "Redeemer Item": "Redeemer",
  "Warlord Item": "Warlord",
  "Searing Exarch Item": "SearingExarch",
  "Eater of Worlds Item": "EaterOfWorlds",
  "Synthesised Item": "Synthesis",
  "Fractured Item": "Fracture",
};
/** Header keys the planner reads itself; any other "Key: value" line is a mod (e.g. "Fortress Covenant"). */
const HEADER_KEYS = new Set([
  "Unique ID", "Item Level", "Quality", "Sockets", "Radius", "Limited to", "Variant", "Talisman Tier",
  "Armour", "Evasion Rating", "Evasion", "Energy Shield", "Ward", "Requires Level", "Level", "LevelReq",
  "Has Alt Variant", "Has Alt Variant Two", "Has Alt Variant Three", "Has Alt Variant Four", "Has Alt Variant Five",
  "Selected Variant", "Selected Alt Variant", "Selected Alt Variant Two", "Selected Alt Variant Three",
  "Selected Alt Variant Four", "Selected Alt Variant Five", "Has Variants", "Selected Variants", "League",
  "Crafted", "Scourge", "Crucible", "Implicit", "Prefix", "Suffix", "Implicits", "Unreleased", "Upgrade", "Source",
  "Cluster Jewel Skill", "Cluster Jewel Node Count", "Catalyst", "CatalystQuality", "Note",
  "Str", "Strength", "Dex", "Dexterity", "Int", "Intelligence", "Requires Class", "Class:",
  "Critical Strike Range", "Attacks per Second", "Weapon Range", "Critical Strike Chance", "Physical Damage",
  "Elemental Damage", "Chaos Damage", "Chance to Block", "Item Class",
]);
const CLUSTER_ADDS = /^Adds (\d+) Passive Skills$/;
const CLUSTER_GRANT = /^Added Small Passive Skills grant: (.+)$/;
/** The planner's default roll when a line has no {range:..}. */
const DEFAULT_RANGE = 0.5;

interface RawModLine {
  text: string;
  /** Raw {variant:..} value ("1,3"): read only once the selected variants are known. */
  variants: string | null;
  flags: number;
  /** Raw {tags:..} and {range:..} values, parsed only for lines of the selected variant. */
  tags: string | null;
  range: string | null;
}

function specNumber(value: string): number {
  const m = /^([+-]?[\d.]+)/.exec(value);
  const n = m ? Number(m[1]) : NaN;
  return Number.isFinite(n) ? n : 0;
}

/** Resolve "(min-max)" ranges at a roll in [0, 1], as the planner displays them. */
export function applyRange(line: string, range: number): string {
  // Most lines have nothing to resolve; each pass runs only when its pattern can occur.
  let out = line;
  if (out.includes("(")) {
    if (out.includes(" to ")) {
      out = out
        .replace(/\((\d+)-(\d+) to (\d+)-(\d+)\)/g, "($1-$2) to ($3-$4)")
        .replace(/(\+?)\((-?\d+) to (\d+)\)/g, "$1($2-$3)");
    }
    out = out.replace(/(\+?)\((-?\d+)-(\d+)\)/g, (_, plus: string, min: string, max: string) => {
      const value = Math.floor(Number(min) + range * (Number(max) - Number(min)) + 0.5);
      return (value < 0 ? "" : plus) + String(value);
    });
    if (out.includes("(")) {
      out = out.replace(/\((\d+\.?\d*)-(\d+\.?\d*)\)/g, (_, min: string, max: string) => {
        const value = Math.floor((Number(min) + range * (Number(max) - Number(min))) * 10 + 0.5) / 10;
        return String(value);
      });
    }
  }
  return out.includes("-") && out.includes(" increased") ? out.replace(/-(\d+%) increased/g, "$1 reduced") : out;
}

function readBrace(mod: RawModLine, key: string, value: string): void {
  if (key === "variant") mod.variants = value;
  else if (key === "tags") mod.tags = value;
  else if (key === "range") mod.range = value;
  else if (Object.hasOwn(LINE_FLAGS, key)) mod.flags |= LINE_FLAGS[key];
}

function isLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

function parseModLine(line: string): RawModLine {
  const mod: RawModLine = { text: "", variants: null, flags: 0, tags: null, range: null };
  // Leading "{key:value}" blocks, read by index (most mod lines have one or more)...
  let at = 0;
  while (line.charCodeAt(at) === 123 /* { */) {
    const close = line.indexOf("}", at);
    if (close === -1) break;
    let end = at + 1;
    while (end < close && isLetter(line.charCodeAt(end))) end++;
    const colon = line.charCodeAt(end) === 58; /* : */
    // A key with anything but letters ends the prefix; the line keeps it as text.
    if (end !== close && !colon) break;
    readBrace(mod, line.slice(at + 1, end), colon ? line.slice(end + 1, close) : "");
    at = close + 1;
  }
  let text = at === 0 ? line : line.slice(at);
  // ...and any others anywhere in the line, as the planner strips them too.
  if (text.includes("{")) {
    text = text.replace(/\{([A-Za-z]*):?([^}]*)\}/g, (_, key: string, value: string) => {
      readBrace(mod, key, value);
      return "";
    });
  }
  if (text.includes(" (")) {
    text = text.replace(/ \(([a-z]+)\)/g, (whole, key: string) => {
      if (!Object.hasOwn(LINE_FLAGS, key)) return whole;
      mod.flags |= LINE_FLAGS[key];
      return "";
    });
  }
  if (mod.flags & F.enchant) mod.flags |= F.crafted | F.implicit;
  mod.text = text;
  return mod;
}

function invalid(id: string, message: string): InvalidItem {
  return { id, error: { kind: "invalid_item", message } };
}

export function isInvalidItem(item: PlannerItem | InvalidItem): item is InvalidItem {
  return "error" in item;
}

/** Trimmed non-blank lines, sliced once each. */
function nonBlankLines(raw: string): string[] {
  const lines: string[] = [];
  const n = raw.length;
  let start = 0;
  while (start < n) {
    let end = raw.indexOf("\n", start);
    if (end === -1) end = n;
    let a = start;
    let b = end;
    while (a < b && raw.charCodeAt(a) <= 32) a++;
    while (b > a && raw.charCodeAt(b - 1) <= 32) b--;
    if (b > a) lines.push(raw.slice(a, b));
    start = end + 1;
  }
  return lines;
}

/**
 * [key, value] of a "Key: value" header line the planner reads itself, else null.
 * The same lines as SPEC_LINE or REQUIRES_LINE with a known key, without a
 * regex on the common paths: the key is everything before the first ": ".
 */
function headerLine(line: string): [string, string] | null {
  const split = line.indexOf(": ");
  if (split > 0) {
    const key = line.slice(0, split);
    if (HEADER_KEYS.has(key) || (key.endsWith("BasePercentile") && HEADER_KEY.test(key))) {
      return [key, line.slice(split + 2)];
    }
  }
  // "Requires Level 68, 101 Str" is a header only when it is not a "Key: value" line.
  if (line.startsWith("Requires ") && !(split > 0 && SPEC_LINE.test(line))) {
    const m = REQUIRES_LINE.exec(line);
    if (m && HEADER_KEYS.has(m[1])) return [m[1], m[2]];
  }
  return null;
}

/** Whether a {variant:..} list names a selected variant; lists are digits and commas but for odd exports. */
function inVariants(list: string, active: number[]): boolean {
  let n = 0;
  let digits = 0;
  for (let i = 0; i <= list.length; i++) {
    const c = i < list.length ? list.charCodeAt(i) : 44; /* , */
    if (c >= 48 && c <= 57) {
      n = n * 10 + (c - 48);
      digits++;
    } else if (c === 44 && digits > 0) {
      if (active.includes(n)) return true;
      n = 0;
      digits = 0;
    } else {
      return list.split(",").some((v) => active.includes(Number(v)));
    }
  }
  return false;
}

function applies(mod: RawModLine, active: number[]): boolean {
  return mod.variants === null || inVariants(mod.variants, active);
}

function toLine(mod: RawModLine): ModLine {
  const range = mod.range === null ? NaN : Number(mod.range);
  const hasRange = !Number.isNaN(range);
  const line: ModLine = { text: applyRange(mod.text, hasRange ? range : DEFAULT_RANGE) };
  if (mod.flags & F.crafted) line.crafted = true;
  if (mod.flags & F.fractured) line.fractured = true;
  if (mod.tags) line.tags = mod.tags.split(",");
  if (hasRange) line.range = range;
  return line;
}

/** Parse one item's text; text without a leading rarity line is an invalid item (that item only). */
/**
 * The variants an older planner export selects on the <Item> element itself (variant="2",
 * variantAlt="1", variantAlt2..5) instead of "Selected Variant:" lines; the planner reads these
 * first and lets lines in the text override them.
 */
export interface ItemVariantAttributes {
  variant?: number;
  alts?: number[];
  /**
   * The <ModRange id="3" range="0.8"/> children: the roll of the item's 3rd mod line (1-based, in
   * text order). Older exports carry rolls only there; a {range:..} on the line itself wins.
   */
  modRanges?: Record<number, number>;
}

export function parseItem(id: string, raw: string, attributes: ItemVariantAttributes = {}): PlannerItem | InvalidItem {
  const lines = nonBlankLines(raw);
  const rarityMatch = lines.length ? RARITY_LINE.exec(lines[0]) : null;
  if (!rarityMatch) return invalid(id, `Item ${id} does not start with a rarity line.`);
  let rarity: Rarity = RARITIES[rarityMatch[1].toUpperCase()] ?? "Relic";
  if (rarity === "Unique" && raw.includes("Foil Unique")) rarity = "Relic";

  const item: PlannerItem = {
    id, rarity, name: "", baseType: "", itemLevel: 0,
    requirements: { level: 0, str: 0, dex: 0, int: 0 },
    quality: 0, armour: 0, evasion: 0, energyShield: 0, ward: 0,
    influences: [], corrupted: false, mirrored: false, split: false,
    enchantMods: [], implicitMods: [], explicitMods: [], craftedMods: [], fracturedMods: [],
    // Present (undefined) on every item, so all items share one object shape.
    clusterNodeCount: undefined, clusterSkill: undefined,
    catalyst: undefined, catalystQuality: undefined,
  };
  let l = 1;
  item.name = lines[l++] ?? "";
  const unidentified = raw.includes("Unidentified") && lines.includes("Unidentified");
  // The line naming the base, when the item has one of its own (not part of its name).
  let baseLine: string | null = null;
  if (rarity === "Normal" || rarity === "Magic" || unidentified) {
    // Without base data we cannot split magic affixes off the base name.
    item.baseType = item.name;
  } else {
    item.baseType = lines[l++] ?? item.name;
    baseLine = item.baseType;
  }

  let implicitCount = 0;
  let variantCount = 0;
  let selected: number | undefined;
  const altSelected: number[] = [];
  let levelReq: number | undefined;
  let importedLevel: number | undefined;
  const listed = { str: 0, dex: 0, int: 0 };
  let clusterSkill: string | undefined;
  let clusterNodes: number | undefined;
  const enchant: RawModLine[] = [];
  const implicit: RawModLine[] = [];
  const explicit: RawModLine[] = [];
  let otherImplicitLike = 0; // scourge lines count toward the implicit block
  let modIndex = 0; // 1-based position of the current mod line, as <ModRange id> counts

  for (; l < lines.length; l++) {
    const line = lines[l];
    // Cheap length and suffix checks first: most lines are mods.
    if (line.length <= 13) {
      if (line === "Split") { item.split = true; continue; }
      if (line === "Mirrored") { item.mirrored = true; continue; }
      if (line === "Corrupted") { item.corrupted = true; continue; }
      if (line === "Requirements:" || line === "--------") continue;
    }
    if (line.endsWith(" Item") && Object.hasOwn(INFLUENCE_LINES, line)) {
      if (!item.influences.includes(INFLUENCE_LINES[line])) item.influences.push(INFLUENCE_LINES[line]);
      continue;
    }
    const header = headerLine(line);
    if (header !== null) {
      const [key, value] = header;
      switch (key) {
        case "Item Level": item.itemLevel = specNumber(value); break;
        case "Quality": item.quality = specNumber(value); break;
        case "Armour": item.armour = specNumber(value); break;
        case "Evasion": case "Evasion Rating": item.evasion = specNumber(value); break;
        case "Energy Shield": item.energyShield = specNumber(value); break;
        case "Ward": item.ward = specNumber(value); break;
        case "LevelReq": levelReq = specNumber(value); break;
        case "Requires Level":
          levelReq = specNumber(value);
          if (value.includes(",")) for (const m of value.matchAll(REQUIRED_ATTRIBUTE)) listed[ATTRIBUTE_KEYS[m[2] as keyof typeof ATTRIBUTE_KEYS]] = Number(m[1]);
          break;
        case "Level": importedLevel = specNumber(value); break;
        case "Str": case "Strength": item.requirements.str = specNumber(value); break;
        case "Dex": case "Dexterity": item.requirements.dex = specNumber(value); break;
        case "Int": case "Intelligence": item.requirements.int = specNumber(value); break;
        case "Variant": variantCount++; break;
        case "Selected Variant": selected = specNumber(value); break;
        case "Selected Alt Variant": case "Selected Alt Variant Two": case "Selected Alt Variant Three":
        case "Selected Alt Variant Four": case "Selected Alt Variant Five":
          altSelected.push(specNumber(value));
          break;
        case "Has Variants": case "Selected Variants": l++; break; // old Watcher's Eye format
        case "Implicits": implicitCount = specNumber(value); break;
        case "Cluster Jewel Skill": clusterSkill = value; break;
        case "Cluster Jewel Node Count": clusterNodes = specNumber(value); break;
        case "Catalyst": item.catalyst = value.trim() || undefined; break;
        case "CatalystQuality": item.catalystQuality = specNumber(value); break;
        default: break;
      }
      continue;
    }
    const mod = parseModLine(line);
    // A line naming the item's base ("Varnished Coat" after a unique's variant list, or
    // "{variant:2}Varnished Coat") is its base line, not a modifier; the planner skips it too,
    // before counting implicits.
    if (mod.text === baseLine) continue;
    modIndex++;
    // Only a line with a "(min-max)" to resolve takes its roll (the planner writes one for others too).
    if (mod.range === null && attributes.modRanges?.[modIndex] !== undefined && mod.text.includes("(")) {
      mod.range = String(attributes.modRanges[modIndex]);
    }
    if (mod.flags & F.enchant || (mod.flags & F.crafted && enchant.length + implicit.length < implicitCount)) {
      enchant.push(mod);
    } else if (mod.flags & F.scourge) {
      otherImplicitLike++;
      explicit.push(mod);
    } else if (mod.text.includes("Requires Class")) {
      // Class restriction of a unique, not a modifier.
    } else if (
      mod.flags & F.implicit ||
      (!(mod.flags & F.crafted) && enchant.length + otherImplicitLike + implicit.length < implicitCount)
    ) {
      implicit.push(mod);
    } else {
      explicit.push(mod);
    }
  }

  // The planner defaults to the last variant when none is selected; a line in the text wins over
  // the element's attributes.
  const active: number[] = [];
  if (variantCount > 0) {
    active.push(Math.min(variantCount, selected ?? attributes.variant ?? variantCount));
    for (const alt of altSelected.length ? altSelected : (attributes.alts ?? [])) active.push(Math.min(variantCount, alt));
  }
  for (const mod of enchant) if (applies(mod, active)) item.enchantMods.push(toLine(mod));
  for (const mod of implicit) if (applies(mod, active)) item.implicitMods.push(toLine(mod));
  for (const mod of explicit) {
    if (!applies(mod, active)) continue;
    const line = toLine(mod);
    if (mod.flags & F.fractured) item.fracturedMods.push(line);
    else if (mod.flags & F.crafted) item.craftedMods.push(line);
    else item.explicitMods.push(line);
  }
  item.requirements.level = levelReq ?? importedLevel ?? 0;
  // A "Str: 101" line wins over the level line's list.
  for (const key of ["str", "dex", "int"] as const) if (!item.requirements[key]) item.requirements[key] = listed[key];

  if (item.baseType.endsWith("Cluster Jewel")) {
    let adds: number | undefined;
    let grant: string | undefined;
    for (const list of [item.enchantMods, item.implicitMods, item.explicitMods, item.craftedMods, item.fracturedMods]) {
      for (const mod of list) {
        const a = CLUSTER_ADDS.exec(mod.text);
        if (a && adds === undefined) adds = Number(a[1]);
        const g = CLUSTER_GRANT.exec(mod.text);
        if (g && grant === undefined) grant = g[1];
      }
    }
    item.clusterNodeCount = clusterNodes ?? adds;
    item.clusterSkill = clusterSkill ?? grant;
  }
  return item;
}
