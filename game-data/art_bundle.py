"""Tree art (../shared/game-data/tree-art/<version>/): the sprite sheets the renderer
draws node icons and frames from, copied into dist under content-hashed names, and the
`art/<version>` bundle (see FORMAT.md): where each icon and frame sits in its sheet and
which icon each node id shows. The PWA loads it after the tree's first frame.
"""

from __future__ import annotations

import gzip
import io
import json
from pathlib import Path
from typing import Any

FORMAT = 1
# Sheet role -> (sprite kind that names the file, sprite kinds read from it).
SHEETS = {
    "active": ("normalActive", ("normalActive", "notableActive", "keystoneActive")),
    "inactive": ("normalInactive", ("normalInactive", "notableInactive", "keystoneInactive")),
    "frame": ("frame", ("frame",)),
    "jewel": ("jewel", ("jewel",)),
    "group": ("groupBackground", ("groupBackground", "startNode")),
    "line": ("line", ("line",)),
    # The tree's backdrops: the tiled main background, each ascendancy's circular art (the
    # league bloodlines' on their own sheet); the class start art is on the group sheet.
    "background": ("background", ("background",)),
    "ascendancy": ("ascendancy", ("ascendancy",)),
    "bloodline": ("azmeriBloodline", tuple()),
    # The masteries' own icons (their node `icon`), shown in the side lists beside each mastery's name.
    "mastery": ("mastery", ("mastery",)),
}
# Ascendancy backdrops are the sprites named "Classes<ascendancy id>" on these sheets.
BACKDROP_ROLES = ("ascendancy", "bloodline")
# The "-3" sheets are the official tree's largest image zoom level (its `imageZoomLevels[3]`):
# a sprite's pixel size divided by this is its size in tree units (group backgrounds, line art).
SHEET_ZOOM = 0.3835
KIND_OF = {"normalActive": "normal", "notableActive": "notable", "keystoneActive": "keystone"}
# Optional sheets (role -> sprite kind; roles are lower case: the server serves art-<version>-<role>.<hash>),
# shipped when the art has them. The jewel radius rings
# (`JewelCircle1`, its `Inverse`, the timeless factions' `<Faction>JewelCircle1/2`) come as a 1.5 MB
# PNG that is mostly transparent; it is re-encoded as lossy WebP (about a third of that).
OPTIONAL_SHEETS = {"rings": "jewelRadius"}
RING_WEBP_QUALITY = 75


def _as_webp(data: bytes) -> bytes:
    """A PNG sheet as lossy WebP with its alpha, when Pillow (with WebP) is installed; else as it is."""
    try:
        from PIL import Image, features
    except ImportError:
        return data
    if data[:8] != b"\x89PNG\r\n\x1a\n" or not features.check("webp"):
        return data
    with Image.open(io.BytesIO(data)) as im:
        out = io.BytesIO()
        im.convert("RGBA").save(out, "WEBP", quality=RING_WEBP_QUALITY, alpha_quality=80, method=4)
    return out.getvalue()


def _file_of(sprite: dict[str, Any]) -> str:
    return sprite["filename"].rsplit("/", 1)[-1].split("?", 1)[0]


def read_art(folder: Path) -> tuple[dict[str, Any], dict[str, bytes]]:
    """sprites.json and the bytes of the sheets this renderer uses, by role."""
    sprites = json.loads(gzip.decompress((folder / "sprites.json.gz").read_bytes()))["sprites"]
    sheets = {}
    for role, (kind, kinds) in SHEETS.items():
        path = folder / _file_of(sprites[kind])
        for other in kinds:
            if _file_of(sprites[other]) != path.name:
                raise ValueError(f"tree art {folder}: {other} is on {_file_of(sprites[other])}, not {path.name}")
        if not path.is_file():
            raise ValueError(f"tree art {folder}: sheet {path.name} of {kind} is missing")
        sheets[role] = path.read_bytes()
    for role, kind in OPTIONAL_SHEETS.items():
        path = folder / _file_of(sprites[kind]) if kind in sprites else None
        if path is not None and path.is_file():
            sheets[role] = _as_webp(path.read_bytes())
    return sprites, sheets


def build_art_bundle(
    version: str, sprites: dict[str, Any], sheet_files: dict[str, str], node_icons: dict[int, str]
) -> dict[str, Any]:
    """`sheet_files`: role -> the hashed file name in dist; `node_icons`: node id -> icon path (newest tree wins)."""
    # Active and inactive sheets share their layout, so one rectangle per kind and icon serves both.
    icons: list[str] = []
    index: dict[str, int] = {}
    rects: dict[str, dict[str, list[int]]] = {}
    for kind_name, kind in KIND_OF.items():
        out: dict[str, list[int]] = {}
        for path, r in sorted(sprites[kind_name]["coords"].items()):
            if path not in index:
                index[path] = len(icons)
                icons.append(path)
            out[str(index[path])] = [int(r["x"]), int(r["y"]), int(r["w"]), int(r["h"])]
        rects[kind] = out
    nodes = {str(nid): index[p] for nid, p in sorted(node_icons.items()) if p in index}
    size = lambda kind: [int(sprites[kind]["w"]), int(sprites[kind]["h"])]  # noqa: E731
    optional = {role: kind for role, kind in OPTIONAL_SHEETS.items() if role in sheet_files and kind in sprites}
    return {
        "format": FORMAT,
        "version": version,
        "sheets": {
            **{role: {"file": sheet_files[role], "size": size(kind)} for role, (kind, _) in SHEETS.items()},
            **{role: {"file": sheet_files[role], "size": size(kind)} for role, kind in optional.items()},
        },
        # The jewel radius rings by sprite name (on the `rings` sheet): each rectangle is the whole circle.
        **({"jewelRadius": _rects(sprites["jewelRadius"])} if "rings" in optional else {}),
        "icons": icons,
        "rects": rects,
        "frames": {k: [int(r["x"]), int(r["y"]), int(r["w"]), int(r["h"])] for k, r in sorted(sprites["frame"]["coords"].items())},
        "jewels": {k: [int(r["x"]), int(r["y"]), int(r["w"]), int(r["h"])] for k, r in sorted(sprites["jewel"]["coords"].items())},
        "nodeIcons": nodes,
        # Mastery node id -> its icon's rectangle on the `mastery` sheet (the side lists show it).
        "masteryIcons": {
            str(nid): [int(r["x"]), int(r["y"]), int(r["w"]), int(r["h"])]
            for nid, p in sorted(node_icons.items())
            if (r := sprites["mastery"]["coords"].get(p)) is not None
        },
        # Every icon on the `mastery` sheet by path: runegrafts (planner overrides) name theirs there.
        "masteryPaths": _rects(sprites["mastery"]),
        # Group backgrounds and line art (orbit arcs are quarter circles centred on the sprite's bottom-right corner).
        "zoom": SHEET_ZOOM,
        "groupBackgrounds": _rects(sprites["groupBackground"]),
        "lines": _rects(sprites["line"]),
        "backdrops": _backdrops(sprites),
    }


def _backdrops(sprites: dict[str, Any]) -> dict[str, Any]:
    """The tiled background, each ascendancy's backdrop (sheet role + rectangle) and the class start art.

    Placed as Path of Building's PassiveTreeView.lua draws them: `Background2` tiled from the tree's
    origin; `"Classes"..group.ascendancyName` centred on each ascendancy start group (a quarter
    opaque unless it is the build's); a class start node shows `startArt` ("center" + class name)
    when allocated, else `PSStartNodeBackgroundInactive`; an ascendancy start node shows its sheet's
    `AscendancyMiddle` (`ascendancyStarts`, by ascendancy id like `ascendancies`).
    """
    sheet_of = {_file_of(sprites[kind]): role for role, (kind, _) in SHEETS.items() if role in BACKDROP_ROLES}
    ascendancies: dict[str, list[Any]] = {}
    # Each ascendancy's start node: the `AscendancyMiddle` of the sprite kind that holds its backdrop
    # (PoB: `node.type == "AscendClassStart"` draws `tree.assets.AscendancyMiddle`; each bloodline has its own).
    ascendancy_starts: dict[str, list[Any]] = {}
    for kind in sorted(sprites):
        role = sheet_of.get(_file_of(sprites[kind]))
        if role is None:
            continue
        coords = sprites[kind]["coords"]
        middle = coords.get("AscendancyMiddle")
        for name, r in sorted(coords.items()):
            if name.startswith("Classes") and len(name) > len("Classes"):
                ascendancies[name[len("Classes"):]] = [role, int(r["x"]), int(r["y"]), int(r["w"]), int(r["h"])]
                if middle is not None:
                    m = middle
                    ascendancy_starts[name[len("Classes"):]] = [role, int(m["x"]), int(m["y"]), int(m["w"]), int(m["h"])]
    tile = next(iter(sorted(sprites["background"]["coords"].items())))[1]
    starts = _rects(sprites["startNode"])
    return {
        "tile": [int(tile["x"]), int(tile["y"]), int(tile["w"]), int(tile["h"])],
        # Path of Building: one tile spans `bg.width * 1.33 * 2.5` tree units.
        "tileUnits": round(int(tile["w"]) * 1.33 * 2.5, 3),
        "ascendancies": ascendancies,
        "ascendancyStarts": ascendancy_starts,
        "classStarts": {k: v for k, v in starts.items() if k.startswith("center")},
        "classStartInactive": starts["PSStartNodeBackgroundInactive"],
    }


def _rects(kind: dict[str, Any]) -> dict[str, list[int]]:
    return {k: [int(r["x"]), int(r["y"]), int(r["w"]), int(r["h"])] for k, r in sorted(kind["coords"].items())}


def node_icons_of(tree: dict[str, Any]) -> dict[int, str]:
    return {int(n.get("skill", k)): n["icon"] for k, n in tree["nodes"].items() if isinstance(n, dict) and n.get("icon")}
