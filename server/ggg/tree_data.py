"""What the planner -> official character conversion needs from the game-data bundles.

Read from game-data/dist (built by the pipeline; format in game-data/FORMAT.md): a tree bundle
(class and ascendancy names, the jewel slot list the official API's jewel `x` indexes, cluster
sockets) and the clusters bundle (ring sizes and start offsets).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path


class TreeDataError(Exception):
    pass


@dataclass(frozen=True)
class ExpansionSocket:
    node: int
    size: int  # 0 small, 1 medium, 2 large
    index: int
    proxy: int | None  # node id
    parent: int | None  # node id


@dataclass(frozen=True)
class TreeData:
    version: str  # "3.27"
    class_names: tuple[str, ...]  # by classId
    # classId -> ascendancy names in the planner's ascendClassId order (1-based there).
    ascendancies: tuple[tuple[str, ...], ...]
    # The alternate ascendancies' ids ("Farrul") in the planner's secondaryAscendClassId order.
    alternates: tuple[str, ...]
    jewel_slots: tuple[int, ...]
    node_ids: frozenset[int]
    group_of: dict[int, int]
    orbit_index_of: dict[int, int]
    sockets: dict[int, ExpansionSocket]
    skills_per_orbit: tuple[int, ...]

    def class_name(self, class_id: int, ascendancy_id: int) -> str:
        """The class as the official API names it: the ascendancy, else the base class."""
        if not 0 <= class_id < len(self.class_names):
            raise TreeDataError(f"tree {self.version} has no class {class_id}")
        ascs = self.ascendancies[class_id]
        if ascendancy_id <= 0:
            return self.class_names[class_id]
        if ascendancy_id > len(ascs):
            raise TreeDataError(f"tree {self.version} has no ascendancy {ascendancy_id} for class {class_id}")
        return ascs[ascendancy_id - 1]


def _manifest(dist: Path) -> dict[str, str]:
    try:
        return json.loads((dist / "manifest.json").read_text())["files"]
    except (OSError, ValueError, KeyError) as exc:
        raise TreeDataError(f"no game-data manifest in {dist} ({exc}); run ./just game-data") from exc


def planner_version(tree_version: str) -> str:
    """"3_27" (or "3_27_alternate") -> "3.27"."""
    return ".".join(tree_version.split("_")[:2])


@lru_cache(maxsize=8)
def load_tree(dist: str, version: str) -> TreeData:
    """The plain tree bundle of a version ("3.27"); TreeDataError when the dist has none."""
    root = Path(dist)
    name = _manifest(root).get(f"tree/{version}")
    if name is None:
        raise TreeDataError(f"game-data has no tree {version}")
    try:
        b = json.loads((root / name).read_text())
        ids = b["nodes"]["id"]
        ascs = b["ascendancies"]
        ej = b["expansionJewels"]
        sockets = {
            ids[n]: ExpansionSocket(
                node=ids[n], size=ej["size"][k], index=ej["index"][k],
                proxy=ids[ej["proxy"][k]] if ej["proxy"][k] >= 0 else None,
                parent=ids[ej["parent"][k]] if ej["parent"][k] >= 0 else None,
            )
            for k, n in enumerate(ej["node"])
        }
        return TreeData(
            version=version,
            class_names=tuple(c["name"] for c in b["classes"]),
            ascendancies=tuple(tuple(ascs[i]["name"] for i in c["ascendancies"]) for c in b["classes"]),
            alternates=tuple(a["id"] for a in ascs if a.get("alternate")),
            jewel_slots=tuple(b.get("jewelSlots") or ()),
            node_ids=frozenset(ids),
            group_of=dict(zip(ids, b["nodes"]["group"], strict=True)),
            orbit_index_of=dict(zip(ids, b["nodes"]["orbitIndex"], strict=True)),
            sockets=sockets,
            skills_per_orbit=tuple(b["constants"]["skillsPerOrbit"]),
        )
    except (OSError, ValueError, KeyError, IndexError, TypeError) as exc:
        raise TreeDataError(f"tree bundle {name} is unreadable ({exc})") from exc


@lru_cache(maxsize=2)
def load_clusters(dist: str) -> dict:
    """The clusters bundle: jewels (by size: sizeIndex, totalIndicies) and orbitOffsets."""
    root = Path(dist)
    name = _manifest(root).get("clusters")
    if name is None:
        raise TreeDataError("game-data has no clusters bundle")
    try:
        return json.loads((root / name).read_text())
    except (OSError, ValueError) as exc:
        raise TreeDataError(f"clusters bundle {name} is unreadable ({exc})") from exc


@dataclass(frozen=True)
class GemInfo:
    attribute: str  # "strength", "dexterity", "intelligence" or "none"
    # required_levels[i]: the character level gem level i + 1 needs.
    required_levels: tuple[int, ...]


@lru_cache(maxsize=2)
def gems_bundle(dist: str) -> dict:
    """The gems bundle (about 2 MB of JSON, read once for every reader); empty when the dist has none."""
    root = Path(dist)
    try:
        name = _manifest(root).get("gems")
        bundle = json.loads((root / name).read_text()) if name else {}
    except (OSError, ValueError, TreeDataError):
        return {}
    return bundle if isinstance(bundle, dict) else {}


@lru_cache(maxsize=2)
def gem_infos(dist: str) -> dict[str, GemInfo]:
    """Gem metadata id (and older alias) and lower-cased name -> GemInfo, from the gems bundle;
    empty when the dist has none (sockets are then white, levels not capped)."""
    bundle = gems_bundle(dist)
    gems = bundle.get("gems") or {}
    out = {
        gid: GemInfo(str(g.get("attribute") or "none"), tuple(g.get("requiredLevel") or ()))
        for gid, g in gems.items()
        if isinstance(g, dict)
    }
    for alias, gid in (bundle.get("aliases") or {}).items():
        if gid in out:
            out.setdefault(alias, out[gid])
    for gem_name, gid in (bundle.get("byName") or {}).items():
        if gid in out:
            out.setdefault(gem_name.lower(), out[gid])
    return out
