"""A planner item's text -> the official API's item JSON (the inverse of mapping.map_item).

Reads the text as the PWA's reader does (workers/planner/items.ts, after the planner's own
Item:ParseRaw): a rarity line, name and base lines, "Key: value" header lines, "Implicits: N"
followed by N enchant/implicit lines, then explicit lines. Mod lines carry {variant:..},
{range:..} and flag prefixes ({crafted}, {fractured}, ...); lines of unselected variants are
dropped and ranges are resolved as the planner shows them. Only what map_item reads is written.
"""

from __future__ import annotations

import math
import re

RARITIES = {"NORMAL": "Normal", "MAGIC": "Magic", "RARE": "Rare", "UNIQUE": "Unique", "RELIC": "Relic"}
FRAME_TYPES = {"Normal": 0, "Magic": 1, "Rare": 2, "Unique": 3, "Relic": 9}
# The planner's influence marker lines -> the official item's flag (influences{} or a top-level key).
# The ten catalysts and the modifiers their quality raises (the PWA's list: pwa/src/data/itemNames.ts).
CATALYST_CATEGORIES = {
    "Abrasive": "Attack", "Accelerating": "Speed", "Fertile": "Life and Mana", "Imbued": "Caster",
    "Intrinsic": "Attribute", "Noxious": "Physical and Chaos Damage", "Prismatic": "Resistance",
    "Tempering": "Defence", "Turbulent": "Elemental Damage", "Unstable": "Critical",
}
INFLUENCE_LINES = {
    "Shaper Item": ("influences", "shaper"), "Elder Item": ("influences", "elder"),
    "Crusader Item": ("influences", "crusader"), "Hunter Item": ("influences", "hunter"),
    "Redeemer Item": ("influences", "redeemer"), "Warlord Item": ("influences", "warlord"),
    "Searing Exarch Item": ("searing", None), "Eater of Worlds Item": ("tangled", None),
    "Synthesised Item": ("synthesised", None), "Fractured Item": ("fractured", None),
}
LINE_FLAGS = {"crafted", "crucible", "custom", "eater", "enchant", "exarch", "fractured", "implicit",
              "mutated", "scourge", "synthesis"}
# Header keys the planner reads itself (as items.ts HEADER_KEYS); any other "Key: value" line is a mod.
HEADER_KEYS = {
    "Unique ID", "Item Level", "Quality", "Sockets", "Radius", "Limited to", "Variant", "Talisman Tier",
    "Armour", "Evasion Rating", "Evasion", "Energy Shield", "Ward", "Requires Level", "Level", "LevelReq",
    "Has Alt Variant", "Has Alt Variant Two", "Has Alt Variant Three", "Has Alt Variant Four",
    "Has Alt Variant Five", "Selected Variant", "Selected Alt Variant", "Selected Alt Variant Two",
    "Selected Alt Variant Three", "Selected Alt Variant Four", "Selected Alt Variant Five", "Has Variants",
    "Selected Variants", "League", "Crafted", "Scourge", "Crucible", "Implicit", "Prefix", "Suffix", "Implicits",
    "Unreleased", "Upgrade", "Source", "Cluster Jewel Skill", "Cluster Jewel Node Count", "Catalyst",
    "CatalystQuality", "Note", "Str", "Strength", "Dex", "Dexterity", "Int", "Intelligence", "Requires Class",
    "Class:", "Critical Strike Range", "Attacks per Second", "Weapon Range", "Critical Strike Chance",
    "Physical Damage", "Elemental Damage", "Chaos Damage", "Chance to Block", "Item Class",
}
_HEADER_KEY = re.compile(r"^[A-Za-z ]+:?$")
_SPEC_LINE = re.compile(r"^([A-Za-z ]+:?): (.+)$")
_REQUIRES = re.compile(r"^(Requires [A-Za-z]+) (.+)$")
# The attributes an old export lists after the level ("Requires Level 60, 138 Dex"), as items.ts reads them:
# the planner reads only the level there (it has base item data); the line is all the export says of them.
_REQUIRED_ATTRIBUTE = re.compile(r", *(\d+) +(Str|Dex|Int)(?:ength|terity|elligence)?\b", re.ASCII)
_LEADING_NUMBER = re.compile(r"^([+-]?[\d.]+)")
_BRACE = re.compile(r"\{([A-Za-z]*):?([^}]*)\}")
_PAREN_FLAG = re.compile(r" \(([a-z]+)\)")
DEFAULT_RANGE = 0.5


def _number(value: str) -> int:
    m = _LEADING_NUMBER.match(value)
    try:
        n = float(m.group(1)) if m else 0.0
    except ValueError:
        return 0
    return int(n) if math.isfinite(n) else 0


def _round_half_up(x: float) -> int:
    return math.floor(x + 0.5)


def apply_range(line: str, roll: float) -> str:
    """Resolve "(min-max)" ranges at a roll in [0, 1], as the planner displays them (items.ts applyRange)."""
    out = line
    if "(" in out:
        if " to " in out:
            out = re.sub(r"\((\d+)-(\d+) to (\d+)-(\d+)\)", r"(\1-\2) to (\3-\4)", out)
            out = re.sub(r"(\+?)\((-?\d+) to (\d+)\)", r"\1(\2-\3)", out)

        def whole(m: re.Match) -> str:
            lo, hi = int(m.group(2)), int(m.group(3))
            value = _round_half_up(lo + roll * (hi - lo))
            return ("" if value < 0 else m.group(1)) + str(value)

        out = re.sub(r"(\+?)\((-?\d+)-(\d+)\)", whole, out)
        if "(" in out:
            def decimal(m: re.Match) -> str:
                lo, hi = float(m.group(1)), float(m.group(2))
                value = math.floor((lo + roll * (hi - lo)) * 10 + 0.5) / 10
                return str(int(value)) if value == int(value) else str(value)

            out = re.sub(r"\((\d+\.?\d*)-(\d+\.?\d*)\)", decimal, out)
    if "-" in out and " increased" in out:
        out = re.sub(r"-(\d+%) increased", r"\1 reduced", out)
    return out


def _mod_line(line: str) -> dict:
    mod = {"flags": set(), "variants": None, "range": None}

    def brace(m: re.Match) -> str:
        key, value = m.group(1), m.group(2)
        if key == "variant":
            mod["variants"] = value
        elif key == "range":
            mod["range"] = value
        elif key in LINE_FLAGS:
            mod["flags"].add(key)
        return ""

    text = _BRACE.sub(brace, line)

    def paren(m: re.Match) -> str:
        if m.group(1) not in LINE_FLAGS:
            return m.group(0)
        mod["flags"].add(m.group(1))
        return ""

    text = _PAREN_FLAG.sub(paren, text)
    if "enchant" in mod["flags"]:
        mod["flags"] |= {"crafted", "implicit"}
    mod["text"] = text
    return mod


def _header(line: str) -> tuple[str, str] | None:
    split = line.find(": ")
    if split > 0:
        key = line[:split]
        if key in HEADER_KEYS or (key.endswith("BasePercentile") and _HEADER_KEY.match(key)):
            return key, line[split + 2:]
    if line.startswith("Requires ") and not (split > 0 and _SPEC_LINE.match(line)):
        m = _REQUIRES.match(line)
        if m and m.group(1) in HEADER_KEYS:
            return m.group(1), m.group(2)
    return None


def _applies(mod: dict, active: list[int]) -> bool:
    if mod["variants"] is None:
        return True
    return any(v.strip().isdigit() and int(v) in active for v in mod["variants"].split(","))


def _text(mod: dict) -> str:
    try:
        roll = float(mod["range"]) if mod["range"] is not None else DEFAULT_RANGE
    except ValueError:
        roll = DEFAULT_RANGE
    return apply_range(mod["text"], roll if math.isfinite(roll) else DEFAULT_RANGE)


def _value(name: str, shown: str, kind: int = 0) -> dict:
    return {"name": name, "values": [[shown, kind]], "displayMode": 0}


ALT_VARIANT_ATTRIBUTES = ("variantAlt", "variantAlt2", "variantAlt3", "variantAlt4", "variantAlt5")


def variant_attributes(element) -> tuple[int | None, list[int]]:
    """The variants an older planner export selects on the <Item> element itself (variant="2",
    variantAlt="1", variantAlt2..5) instead of "Selected Variant:" lines (as workers/planner/build.ts)."""

    def number(name: str) -> int | None:
        value = _number(element.get(name) or "")
        return value if value > 0 else None

    alts = [n for n in (number(a) for a in ALT_VARIANT_ATTRIBUTES) if n is not None]
    return number("variant"), alts


def mod_ranges(element) -> dict[int, float]:
    """The <ModRange id="3" range="0.8"/> children: the roll of the item's 3rd mod line (1-based, in
    text order). Older exports carry rolls only there; a {range:..} on the line itself wins."""
    out: dict[int, float] = {}
    for child in element.findall("ModRange"):
        index = _number(child.get("id") or "")
        try:
            value = float((child.get("range") or "").strip())
        except ValueError:
            continue
        if index > 0 and math.isfinite(value):
            out[index] = value
    return out


def parse_item(
    raw: str,
    variant: int | None = None,
    variant_alts: list[int] | None = None,
    ranges: dict[int, float] | None = None,
) -> dict | None:
    """The official item JSON of one planner item's text; None when it has no rarity line.
    `variant` and `variant_alts` come from the <Item> element of older exports; a "Selected
    Variant:" line in the text wins over them, as in the planner."""
    lines = [s for s in (x.strip() for x in raw.split("\n")) if s]
    m = re.match(r"^Rarity: ([A-Za-z]+)", lines[0]) if lines else None
    if not m:
        return None
    rarity = RARITIES.get(m.group(1).upper(), "Relic")
    if rarity == "Unique" and "Foil Unique" in raw:
        rarity = "Relic"
    item: dict = {"identified": True, "rarity": rarity, "frameType": FRAME_TYPES[rarity], "ilvl": 0}
    first = lines[1] if len(lines) > 1 else ""
    at = 2
    if rarity in ("Normal", "Magic") or "Unidentified" in lines:
        # The official answer names only rare and unique items; the base line is the whole name.
        name, base = "", first
    else:
        name, base = first, (lines[2] if len(lines) > 2 else first)
        at = 3
    item.update(name=name, typeLine=base, baseType=base)
    reqs: dict[str, int] = {}
    listed: dict[str, int] = {}
    props: dict[str, int] = {}
    implicit_count = variant_count = 0
    selected: int | None = None
    alts: list[int] = []
    level_req = imported_level = None
    catalyst, catalyst_quality = "", 0
    enchant: list[dict] = []
    implicit: list[dict] = []
    explicit: list[dict] = []
    scourge = 0
    mod_index = 0  # 1-based position of the current mod line, as <ModRange id> counts
    for line in lines[at:]:
        if line in ("Split", "Mirrored", "Corrupted"):
            item[{"Split": "split", "Mirrored": "duplicated", "Corrupted": "corrupted"}[line]] = True
            continue
        if line in ("Requirements:", "--------"):
            continue
        if line in INFLUENCE_LINES:
            key, sub = INFLUENCE_LINES[line]
            if sub:
                item.setdefault("influences", {})[sub] = True
            else:
                item[key] = True
            continue
        header = _header(line)
        if header is not None:
            key, value = header
            if key == "Item Level":
                item["ilvl"] = _number(value)
            elif key in ("Quality", "Armour", "Energy Shield", "Ward"):
                props[key] = _number(value)
            elif key == "Catalyst":
                catalyst = value.strip()
            elif key == "CatalystQuality":
                catalyst_quality = _number(value)
            elif key in ("Evasion", "Evasion Rating"):
                props["Evasion Rating"] = _number(value)
            elif key in ("LevelReq", "Requires Level"):
                level_req = _number(value)
                if key == "Requires Level":
                    listed.update((m.group(2), int(m.group(1))) for m in _REQUIRED_ATTRIBUTE.finditer(value))
            elif key == "Level":
                imported_level = _number(value)
            elif key in ("Str", "Strength", "Dex", "Dexterity", "Int", "Intelligence"):
                reqs[key[:3]] = _number(value)
            elif key == "Variant":
                variant_count += 1
            elif key == "Selected Variant":
                selected = _number(value)
            elif key.startswith("Selected Alt Variant"):
                alts.append(_number(value))
            elif key == "Implicits":
                implicit_count = _number(value)
            continue
        mod = _mod_line(line)
        # A line naming the item's base ("Varnished Coat" after a unique's variant list) is its base
        # line, not a modifier; the planner skips it too, before counting implicits (items.ts).
        if mod["text"] == base and name:
            continue
        mod_index += 1
        # Only a line with a "(min-max)" to resolve takes its roll (the planner writes one for others too).
        if mod["range"] is None and ranges and mod_index in ranges and "(" in mod["text"]:
            mod["range"] = str(ranges[mod_index])
        flags = mod["flags"]
        if "enchant" in flags or ("crafted" in flags and len(enchant) + len(implicit) < implicit_count):
            enchant.append(mod)
        elif "scourge" in flags:
            scourge += 1
            explicit.append(mod)
        elif "Requires Class" in mod["text"]:
            continue
        elif "implicit" in flags or ("crafted" not in flags and len(enchant) + scourge + len(implicit) < implicit_count):
            implicit.append(mod)
        else:
            explicit.append(mod)
    alts = alts or list(variant_alts or [])
    chosen = selected or variant or variant_count
    active = [min(variant_count, chosen), *(min(variant_count, a) for a in alts)] if variant_count else []
    item["enchantMods"] = [_text(x) for x in enchant if _applies(x, active)]
    item["implicitMods"] = [_text(x) for x in implicit if _applies(x, active)]
    kept = [x for x in explicit if _applies(x, active)]
    item["fracturedMods"] = [_text(x) for x in kept if "fractured" in x["flags"]]
    item["craftedMods"] = [_text(x) for x in kept if "crafted" in x["flags"] and "fractured" not in x["flags"]]
    item["explicitMods"] = [_text(x) for x in kept if not {"crafted", "fractured"} & x["flags"]]
    level = level_req if level_req is not None else imported_level or 0
    # A "Str: 101" line wins over the level line's list; the official API's order is Str, Dex, Int.
    attributes = {k: reqs.get(k) or listed.get(k, 0) for k in ("Str", "Dex", "Int")}
    item["requirements"] = [_value("Level", str(level))] * bool(level) + [
        _value(k, str(v)) for k, v in attributes.items() if v
    ]
    # A catalyst's quality, named as the official API names it: "Quality (Attribute Modifiers)".
    category = CATALYST_CATEGORIES.get(catalyst)
    if category and catalyst_quality and not props.get("Quality"):
        props.pop("Quality", None)
        props[f"Quality ({category} Modifiers)"] = catalyst_quality
    item["properties"] = [
        _value(k, f"+{v}%" if k.startswith("Quality") else str(v), 1) for k, v in props.items() if v
    ]
    return item
