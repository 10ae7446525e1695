"""Tree bundles -> the class table (see FORMAT.md): every base class with the
ascendancies any shipped tree version gives it, newest version first, and the
alternate (class-less) ascendancies. The server's class names and the PWA's class
filter and badge colours both read this one table.
"""

from __future__ import annotations

import re
from typing import Any

FORMAT = 1
ATTRIBUTES = (("Str", "baseStr"), ("Dex", "baseDex"), ("Int", "baseInt"))


def version_key(version: str) -> tuple[int, ...]:
    return tuple(int(p) for p in re.findall(r"\d+", version))


def attribute_of(cls: dict[str, Any]) -> str:
    """A class's attribute is its highest base attribute(s): Marauder Str, Duelist StrDex, Scion StrDexInt."""
    top = max(cls[key] for _, key in ATTRIBUTES)
    return "".join(name for name, key in ATTRIBUTES if cls[key] == top)


def build_classes_bundle(trees: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """`trees`: tree bundles by version. Names are what planner exports say (`ascendClassName`)."""
    classes: list[dict[str, Any]] = []
    alternate: list[dict[str, Any]] = []
    versions: dict[str, dict[str, Any]] = {}
    # A class ascendancy's art id where its shown name differs (the tree art names Warden's "ClassesRaider").
    art_ids: dict[str, str] = {}
    for version in sorted(trees, key=version_key, reverse=True):
        b = trees[version]
        asc = b["ascendancies"]
        for ci, cls in enumerate(b["classes"]):
            if ci == len(classes):
                classes.append({"name": cls["name"], "attribute": attribute_of(cls), "ascendancies": []})
            entry = classes[ci]
            if entry["name"] != cls["name"]:
                raise ValueError(f"tree {version}: class {ci} is {cls['name']}, elsewhere {entry['name']}")
            for a in cls["ascendancies"]:
                # Plain trees only: a variant's (3.25/alternate) ascendancies reuse the class slots' ids with their own art-less names.
                if "/" not in version and asc[a]["name"] != asc[a]["id"]:
                    art_ids.setdefault(asc[a]["name"], asc[a]["id"])
                # The shown name, and the id when it differs: an older export's name
                # (Raider, shown as Warden since 3.25) is what its builds say.
                for name in (asc[a]["name"], asc[a]["id"]):
                    if name not in entry["ascendancies"]:
                        entry["ascendancies"].append(name)
        for a in asc:
            if a["alternate"] and a["name"] not in [x["name"] for x in alternate]:
                alternate.append({"id": a["id"], "name": a["name"]})
        versions[version] = {
            "ascendancies": [[asc[a]["name"] for a in cls["ascendancies"]] for cls in b["classes"]],
            "alternate": [a["name"] for a in asc if a["alternate"]],
        }
    return {
        "format": FORMAT,
        "classes": classes,
        "alternateAscendancies": alternate,
        "versions": versions,
        "ascendancyIds": art_ids,
    }
