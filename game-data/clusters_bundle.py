"""The planner's cluster jewel data + the trees' cluster notable templates -> the
`clusters` bundle (see FORMAT.md), which the PWA's cluster layout reads
(pwa/src/tree/clusterLayout.ts) to place a socketed cluster jewel's passives.

The notables and keystones a cluster jewel can add sit in every tree export as
nodes without a group (templates): the tree bundles drop them, as they have no
place until a jewel is socketed, so their names and texts come here instead.
"""

from __future__ import annotations

from typing import Any

FORMAT = 1
SIZES = ("Small", "Medium", "Large")


def _seq(v: Any) -> list[Any]:
    if isinstance(v, dict):
        return [v[k] for k in sorted(v, key=int)]
    return list(v or [])


def templates_of(tree: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Groupless named nodes of an (upgraded) tree: name -> {stats, reminder, keystone}."""
    out: dict[str, dict[str, Any]] = {}
    for n in tree["nodes"].values():
        if n.get("group") is None and n.get("name") and (n.get("isNotable") or n.get("isKeystone")):
            out[n["name"]] = {
                "stats": [str(s) for s in _seq(n.get("stats"))],
                "reminder": [str(s) for s in _seq(n.get("reminderText"))],
                "keystone": bool(n.get("isKeystone")),
            }
    return out


def build_clusters_bundle(raw: dict[str, Any], templates: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """`raw`: ClusterJewels.json; `templates`: cluster notables by name (newest tree wins)."""
    jewels: dict[str, Any] = {}
    for base, j in raw["jewels"].items():
        size = j["size"]
        if size not in SIZES:
            raise ValueError(f"cluster jewel {base}: unknown size {size!r}")
        jewels[size] = {
            "baseType": base,
            "sizeIndex": int(j["sizeIndex"]),
            "totalIndicies": int(j["totalIndicies"]),
            "minNodes": int(j["minNodes"]),
            "maxNodes": int(j["maxNodes"]),
            "notableIndicies": [int(i) for i in _seq(j["notableIndicies"])],
            "smallIndicies": [int(i) for i in _seq(j["smallIndicies"])],
            "socketIndicies": [int(i) for i in _seq(j["socketIndicies"])],
            "skills": {
                tag: {
                    "name": s["name"],
                    "stats": [str(x) for x in _seq(s.get("stats"))],
                    "enchant": [str(x) for x in _seq(s.get("enchant"))],
                    "mastery": bool(s.get("masteryIcon")),
                }
                for tag, s in sorted(j["skills"].items())
            },
        }
    missing = [s for s in SIZES if s not in jewels]
    if missing:
        raise ValueError(f"cluster jewel data lacks {missing}")
    order = {str(k): int(v) for k, v in raw["notableSortOrder"].items()}
    keystones = [str(k) for k in _seq(raw.get("keystones"))]
    wanted = set(order) | set(keystones)
    return {
        "format": FORMAT,
        "jewels": jewels,
        "notableSortOrder": dict(sorted(order.items())),
        "keystones": keystones,
        "orbitOffsets": {
            str(proxy): {str(size): int(v) for size, v in sorted(offsets.items())}
            for proxy, offsets in sorted(raw["orbitOffsets"].items(), key=lambda kv: int(kv[0]))
        },
        "notables": {name: templates[name] for name in sorted(templates) if name in wanted},
    }
