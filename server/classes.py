"""Base classes and their ascendancies, read from the game-data pipeline's class
table (`classes` in game-data/dist/manifest.json, built from the tree bundles of
every shipped tree version; see game-data/FORMAT.md). The PWA reads the same table.
"""

from __future__ import annotations

import logging
from functools import lru_cache
from pathlib import Path

import msgspec

log = logging.getLogger(__name__)


class ClassEntry(msgspec.Struct, frozen=True):
    name: str
    attribute: str
    ascendancies: list[str]


class AlternateEntry(msgspec.Struct, frozen=True):
    id: str
    name: str


class ClassesBundle(msgspec.Struct, frozen=True):
    format: int
    classes: list[ClassEntry]
    alternate_ascendancies: list[AlternateEntry] = msgspec.field(name="alternateAscendancies")


class ClassTableError(Exception):
    pass


class ClassTable(msgspec.Struct, frozen=True):
    """Base class -> ascendancy names (every name a planner export may use), and the
    alternate ascendancies (Warden of the Maji, the bloodlines), which belong to no class."""

    ascendancies: dict[str, tuple[str, ...]]
    alternate: tuple[str, ...] = ()

    def base_class(self, name: str) -> str:
        """The base class of a class or ascendancy name; the name itself when unknown or
        an alternate ascendancy (it has no class)."""
        key = (name or "").strip()
        low = key.lower()
        for base, ascs in self.ascendancies.items():
            if low == base.lower() or low in (a.lower() for a in ascs):
                return base
        return key

    def canonical(self, name: str) -> str:
        """A class or ascendancy name spelled as the table spells it ("blind prophet" ->
        "Blind Prophet", "warden of the maji" -> "Warden of the Maji"); an unknown name
        capitalised, as planner exports spell them."""
        low = (name or "").strip().lower()
        for base, ascs in self.ascendancies.items():
            for known in (base, *ascs):
                if known.lower() == low:
                    return known
        for known in self.alternate:
            if known.lower() == low:
                return known
        return (name or "").strip().capitalize()


class _Manifest(msgspec.Struct):
    files: dict[str, str]


@lru_cache(maxsize=4)
def load_class_table(dist: str) -> ClassTable:
    """The class table of a game-data dist folder; ClassTableError when it has none."""
    root = Path(dist)
    try:
        manifest = msgspec.json.decode((root / "manifest.json").read_bytes(), type=_Manifest)
        fname = manifest.files["classes"]
        bundle = msgspec.json.decode((root / fname).read_bytes(), type=ClassesBundle)
    except (OSError, KeyError, msgspec.DecodeError) as e:
        raise ClassTableError(f"no class table in {root} ({e}); run ./just game-data") from e
    if bundle.format != 1:
        raise ClassTableError(f"{root}: unknown class table format {bundle.format}")
    return ClassTable(
        {c.name: tuple(c.ascendancies) for c in bundle.classes},
        tuple(a.name for a in bundle.alternate_ascendancies),
    )


def canonical_class(dist: str, name: str) -> str:
    """ClassTable.canonical of the dist's table; without a table, the name capitalised."""
    try:
        return load_class_table(dist).canonical(name)
    except ClassTableError as e:
        log.warning("%s", e)
        return (name or "").strip().capitalize()


def base_class(dist: str, name: str) -> str:
    """base_class of the dist's table; without a table every name stands for itself."""
    try:
        return load_class_table(dist).base_class(name)
    except ClassTableError as e:
        log.warning("%s", e)
        return (name or "").strip()
