"""RePoE base items + wiki unique items -> requirements by item name.

The official data gives requirements per base item; the unique-item export has
no requirement fields, so a unique carries its base item's requirements.
"""

from __future__ import annotations

from typing import Any

FORMAT = 1
FIELDS = ("level", "str", "dex", "int")


def _requirements(base: dict[str, Any]) -> list[int]:
    req = base.get("requirements") or {}
    return [
        int(req.get("level", 0)),
        int(req.get("strength", 0)),
        int(req.get("dexterity", 0)),
        int(req.get("intelligence", 0)),
    ]


def build_items_bundle(
    base_items: dict[str, dict[str, Any]], uniques: list[dict[str, Any]]
) -> dict[str, Any]:
    bases: dict[str, dict[str, Any]] = {}
    for meta_id in sorted(base_items):
        b = base_items[meta_id]
        name = b.get("name", "")
        if not name or b.get("release_state") == "unreleased" or name.startswith("["):
            continue
        entry = {"itemClass": b.get("item_class", ""), "req": _requirements(b)}
        prev = bases.get(name)
        # Duplicate names (atlas/league copies): keep the stricter requirement.
        if prev is None or sum(entry["req"]) > sum(prev["req"]):
            bases[name] = entry

    out_uniques: dict[str, dict[str, Any]] = {}
    for u in sorted(uniques, key=lambda u: (u.get("name", ""), u.get("base_item", ""))):
        name, base = u.get("name", ""), u.get("base_item", "")
        if not name or name in out_uniques:
            continue
        req = bases[base]["req"] if base in bases else [0, 0, 0, 0]
        out_uniques[name] = {"base": base, "itemClass": u.get("class_id", ""), "req": req}
    return {
        "format": FORMAT,
        "fields": list(FIELDS),
        "bases": dict(sorted(bases.items())),
        "uniques": out_uniques,
    }
