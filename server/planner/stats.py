"""The planner's own saved figures for a build: its `<Build><PlayerStat stat=".." value=".."/>` lines.

These are the planner's numbers, not ours: the export stores what the planner computed for the
export's ACTIVE passive tree, item set and skill set only. Nothing is derived or guessed here: a
stat the export does not carry (or carries as "nan", "inf" or text) is None.

The DPS is the first of these the export carries with a value above zero (its kind in brackets):
FullDPS ("full", the planner's sum over the skills marked for it), CombinedDPS ("combined", hit
plus damage over time of the main skill), TotalDPS ("hit"), TotalDotDPS ("dot"). The planner
writes FullDPS = 0 when no skill is marked for it, so a zero falls through to the next; when every
one present is zero, the DPS is 0 of the first kind present.

The reader walks the parsed, bounded root (server.planner.decode) and reads at most
MAX_STAT_LINES lines, so a hostile export cannot make it work longer than its parse already did.
"""

from __future__ import annotations

import math

from lxml import etree

from server.wire import BuildStats

MAX_STAT_LINES = 5_000
# A value's text longer than this is not a number the planner wrote.
MAX_VALUE_CHARS = 40

# The export's stat names -> BuildStats fields (first name present wins).
_PLAIN = {
    "life": ("Life",),
    "energy_shield": ("EnergyShield",),
    "mana": ("Mana",),
    "ward": ("Ward",),
    "ehp": ("TotalEHP",),
    "fire_resist": ("FireResist",),
    "cold_resist": ("ColdResist",),
    "lightning_resist": ("LightningResist",),
    "chaos_resist": ("ChaosResist",),
    "armour": ("Armour",),
    "evasion": ("Evasion",),
    "block": ("EffectiveBlockChance", "BlockChance"),
    "spell_suppression": ("SpellSuppressionChance",),
    "movement_speed": ("EffectiveMovementSpeedMod",),
}
DPS_KINDS = (("FullDPS", "full"), ("CombinedDPS", "combined"), ("TotalDPS", "hit"), ("TotalDotDPS", "dot"))

# Plausible ranges; a value outside is absurd (a broken or hostile export) and read as absent.
_POOL = (0.0, 1e8)
_RESIST = (-1000.0, 1000.0)
_PERCENT = (0.0, 100.0)
RANGES = {
    "life": _POOL, "energy_shield": _POOL, "mana": _POOL, "ward": _POOL, "ehp": (0.0, 1e12),
    "fire_resist": _RESIST, "cold_resist": _RESIST, "lightning_resist": _RESIST, "chaos_resist": _RESIST,
    "armour": (0.0, 1e9), "evasion": (0.0, 1e9), "block": _PERCENT, "spell_suppression": _PERCENT,
    # A multiplier: 1 is base speed.
    "movement_speed": (0.0, 100.0),
    "dps": (0.0, 1e15),
}


def _number(text: str | None) -> float | None:
    if text is None or len(text) > MAX_VALUE_CHARS:
        return None
    try:
        value = float(text.strip())
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def saved_values(root: etree._Element) -> dict[str, float]:
    """stat name -> the first finite value the export's <Build> carries for it."""
    build = root.find("Build")
    values: dict[str, float] = {}
    if build is None:
        return values
    for n, line in enumerate(build.iterchildren("PlayerStat")):
        if n >= MAX_STAT_LINES:
            break
        name = line.get("stat")
        if not name or name in values:
            continue
        value = _number(line.get("value"))
        if value is not None:
            values[name] = value
    return values


def _in_range(field: str, value: float | None) -> float | None:
    if value is None:
        return None
    lo, hi = RANGES[field]
    return value if lo <= value <= hi else None


def read_stats(root: etree._Element) -> BuildStats | None:
    """The build's saved stats, or None when the export carries none of them."""
    values = saved_values(root)
    fields: dict[str, float | str | None] = {}
    for field, names in _PLAIN.items():
        fields[field] = next(
            (v for name in names if (v := _in_range(field, values.get(name))) is not None), None
        )
    present = [(kind, v) for name, kind in DPS_KINDS if (v := _in_range("dps", values.get(name))) is not None]
    chosen = next(((k, v) for k, v in present if v > 0), present[0] if present else None)
    if chosen is not None:
        fields["dps_kind"], fields["dps"] = chosen
    if all(v is None for v in fields.values()):
        return None
    return BuildStats(**fields)
