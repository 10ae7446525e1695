"""A gem's tooltip text per level, rendered from RePoE's gems and stat translations.

The rules follow RePoE's `stat_translations` entries (the game's stat description
files): an entry covers one or more stat ids; its English variants each carry a
condition per stat (min / max, optionally negated), a format per stat ("#", "+#",
"ignore"), index handlers per stat (negate, divide_by_one_hundred, ...) and a
string with {0}, {1}, ... placeholders. The first variant whose conditions all hold
is used; stats without a translation (or with a hidden one) show nothing, as in the
game. See game-data/FORMAT.md "Gem text" for why this is written here rather than
taken from the npm package poe-i18n.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

Number = float


def _fmt_number(v: Number) -> str:
    if isinstance(v, float):
        if v.is_integer():
            return str(int(v))
        return f"{v:.2f}".rstrip("0").rstrip(".")
    return str(v)


# Index handlers: value -> value. The "Ndp" variants round to N decimals; "if_required"
# ones drop trailing zeros, which _fmt_number does for every value.
HANDLERS: dict[str, Callable[[Number], Number]] = {
    "negate": lambda v: -v,
    "divide_by_one_hundred": lambda v: v / 100,
    "divide_by_one_hundred_0dp": lambda v: round(v / 100),
    "divide_by_one_hundred_1dp": lambda v: round(v / 100, 1),
    "divide_by_one_hundred_2dp": lambda v: round(v / 100, 2),
    "divide_by_one_hundred_2dp_if_required": lambda v: round(v / 100, 2),
    "divide_by_one_hundred_and_negate": lambda v: -v / 100,
    "divide_by_one_thousand": lambda v: v / 1000,
    "per_minute_to_per_second": lambda v: round(v / 60, 1),
    "per_minute_to_per_second_0dp": lambda v: round(v / 60),
    "per_minute_to_per_second_1dp": lambda v: round(v / 60, 1),
    "per_minute_to_per_second_2dp": lambda v: round(v / 60, 2),
    "per_minute_to_per_second_2dp_if_required": lambda v: round(v / 60, 2),
    "milliseconds_to_seconds": lambda v: v / 1000,
    "milliseconds_to_seconds_0dp": lambda v: round(v / 1000),
    "milliseconds_to_seconds_1dp": lambda v: round(v / 1000, 1),
    "milliseconds_to_seconds_2dp": lambda v: round(v / 1000, 2),
    "milliseconds_to_seconds_2dp_if_required": lambda v: round(v / 1000, 2),
    "milliseconds_to_seconds_halved": lambda v: v / 1000 / 2,
    "deciseconds_to_seconds": lambda v: v / 10,
    "divide_by_ten_0dp": lambda v: round(v / 10),
    "divide_by_ten_1dp": lambda v: round(v / 10, 1),
    "divide_by_ten_1dp_if_required": lambda v: round(v / 10, 1),
    "divide_by_two_0dp": lambda v: round(v / 2),
    "divide_by_three": lambda v: v / 3,
    "divide_by_four": lambda v: v / 4,
    "divide_by_five": lambda v: v / 5,
    "divide_by_six": lambda v: v / 6,
    "divide_by_twelve": lambda v: v / 12,
    "divide_by_fifteen_0dp": lambda v: round(v / 15),
    "divide_by_twenty": lambda v: v / 20,
    "divide_by_twenty_then_double_0dp": lambda v: round(v / 20) * 2,
    "double": lambda v: v * 2,
    "negate_and_double": lambda v: -v * 2,
    "times_twenty": lambda v: v * 20,
    "times_one_point_five": lambda v: v * 1.5,
    "multiply_by_four": lambda v: v * 4,
    "multiply_by_ten": lambda v: v * 10,
    "plus_two_hundred": lambda v: v + 200,
    "30%_of_value": lambda v: v * 0.3,
    "60%_of_value": lambda v: v * 0.6,
    "invert_chance": lambda v: 100 - v,
    "locations_to_metres": lambda v: round(v / 10, 1),
    "old_leech_percent": lambda v: v / 5,
    "old_leech_permyriad": lambda v: v / 50,
    "multiplicative_damage_modifier": lambda v: v + 100,
}


class Translator:
    """Stat ids -> English lines, with RePoE's stat_translations."""

    def __init__(self, translations: list[dict[str, Any]]):
        self.entries = translations
        self.by_stat: dict[str, int] = {}
        for i, entry in enumerate(translations):
            for stat_id in entry["ids"]:
                self.by_stat.setdefault(stat_id, i)
        self.unknown_handlers: set[str] = set()

    def lines(self, stats: dict[str, Number]) -> list[str]:
        """The lines for these stats, in the order of the stats given."""
        out: list[str] = []
        done: set[int] = set()
        for stat_id, value in stats.items():
            i = self.by_stat.get(stat_id)
            if i is None or i in done or not value:
                continue
            done.add(i)
            entry = self.entries[i]
            if entry.get("hidden"):
                continue
            line = self._render(entry, [stats.get(s, 0) for s in entry["ids"]])
            if line:
                out.extend(line.split("\n"))
        return out

    def _render(self, entry: dict[str, Any], values: list[Number]) -> str | None:
        for variant in entry["English"]:
            if all(_holds(c, v) for c, v in zip(variant["condition"], values, strict=False)):
                shown: list[str] = []
                for v, fmt, handlers in zip(values, variant["format"], variant["index_handlers"], strict=False):
                    if fmt == "ignore":
                        shown.append("")
                        continue
                    for h in handlers:
                        fn = HANDLERS.get(h)
                        if fn is None:
                            self.unknown_handlers.add(h)
                        else:
                            v = fn(v)
                    text = _fmt_number(v)
                    if fmt == "+#" and v >= 0:
                        text = "+" + text
                    shown.append(text)
                try:
                    return variant["string"].format(*shown)
                except (IndexError, KeyError, ValueError):
                    return variant["string"]
        return None


def _holds(cond: dict[str, Any], v: Number) -> bool:
    inside = ("min" not in cond or v >= cond["min"]) and ("max" not in cond or v <= cond["max"])
    return not inside if cond.get("negated") else inside


def _seconds(ms: Number) -> str:
    return _fmt_number(round(ms / 1000, 2)) + " sec"


def _cost_text(costs: dict[str, Number]) -> str:
    parts = []
    for kind, amount in costs.items():
        label = {"ManaPerMinute": "Mana per second", "LifePerMinute": "Life per second"}.get(kind, kind)
        if kind.endswith("PerMinute"):
            amount = round(amount / 60, 2)
        parts.append(f"{_fmt_number(float(amount))} {label}")
    return ", ".join(parts)


def _reservation_text(res: dict[str, Number]) -> str:
    parts = []
    for kind, amount in res.items():
        if kind.endswith("_percent"):
            parts.append(f"{_fmt_number(float(amount))}% {kind.removesuffix('_percent').title()}")
        else:
            parts.append(f"{_fmt_number(float(amount))} {kind.removesuffix('_flat').title()}")
    return ", ".join(parts)


def gem_text(gem: dict[str, Any], translator: Translator, tag_names: dict[str, str | None],
             max_level: int) -> dict[str, Any]:
    """The tooltip of one RePoE gem: `tags` (display string), `header` lines per level
    (cost, reservation, cooldown, cast time, crit, effectiveness, ...), `stats` lines per
    level, `quality` lines at 20% quality. Levels 1..max_level, index 0 = level 1."""
    static = gem.get("static") or {}
    per_level = gem.get("per_level") or {}
    is_support = bool(gem.get("is_support"))
    types = ((gem.get("active_skill") or {}).get("types")) or []
    is_attack = "Attack" in types
    # RePoE's damage_effectiveness and damage_multiplier (1/100 %) are offsets from 100% (the game's
    # files store them so: Cyclone level 1 has -40 / -3940, i.e. 60% / 60.6% of base).
    tags = [tag_names[t] for t in gem.get("tags") or [] if tag_names.get(t)]
    header: list[list[str]] = []
    stats: list[list[str]] = []
    for lv in range(1, max_level + 1):
        level = {**static, **{k: v for k, v in (per_level.get(str(lv)) or {}).items() if v is not None}}
        lines: list[str] = []
        explicit = "cost_multiplier" in (per_level.get(str(lv)) or {})  # Enlighten: 100% at level 1
        if is_support and level.get("cost_multiplier") is not None and (explicit or level["cost_multiplier"] != 100):
            lines.append(f"Cost & Reservation Multiplier: {level['cost_multiplier']}%")
        if level.get("costs"):
            lines.append("Cost: " + _cost_text(level["costs"]))
        if level.get("reservations"):
            lines.append("Reservation: " + _reservation_text(level["reservations"]))
        vaal = level.get("vaal") or {}
        if vaal.get("souls"):
            lines.append(f"Souls Per Use: {vaal['souls']}")
            uses = vaal.get("stored_uses") or 1
            lines.append(f"Can Store {uses} Use{'s' if uses > 1 else ''}")
        if level.get("cooldown"):
            uses = level.get("stored_uses") or 1
            lines.append(f"Cooldown Time: {_seconds(level['cooldown'])}"
                         + (f" ({uses} Uses)" if uses > 1 else ""))
        if not is_support:
            if is_attack:
                if level.get("attack_speed_multiplier"):
                    lines.append(f"Attack Speed: {100 + level['attack_speed_multiplier']}% of base")
                if level.get("damage_multiplier") is not None:
                    lines.append(f"Attack Damage: {_fmt_number(100 + level['damage_multiplier'] / 100)}% of base")
            elif gem.get("cast_time"):
                lines.append(f"Cast Time: {_seconds(gem['cast_time'])}")
            if level.get("crit_chance"):
                lines.append(f"Critical Strike Chance: {_fmt_number(level['crit_chance'] / 100)}%")
            if level.get("damage_effectiveness") is not None:
                lines.append(f"Effectiveness of Added Damage: {100 + level['damage_effectiveness']}%")
        header.append(lines)
        stats.append(translator.lines(dict(level.get("stats") or {})))
    # Quality: RePoE gives the stat per 1% quality; the game shows it at 20%, rounded down.
    q_stats = {k: math.floor(v * 20 + 1e-9) for k, v in (static.get("quality_stats") or {}).items()}
    quality = translator.lines(q_stats)
    return {"tags": ", ".join(tags), "header": _compact(header), "stats": _compact(stats), "quality": quality}


def _compact(per_level: list[list[str]]) -> list[list[str]] | list[str]:
    """All levels alike -> one list (saves size); else one list per level."""
    if per_level and all(lines == per_level[0] for lines in per_level):
        return [per_level[0]]
    return per_level
