"""Game-data pipeline: upstream sources -> content-hashed bundles + manifest.json.

    .venv/bin/python game-data/pipeline.py [--out DIR] [--campaign PATH|URL]
                                           [--trees DIR] [--tree VERSION=PATH ...] [--force]

Sources: the passive tree of every version in the trees folder
(../shared/game-data/trees), RePoE-Liberatorist (gems, base items, wiki
uniques), extra tree exports keyed by version, and the campaign facts. Output
is deterministic; nothing is rewritten when the inputs' hash is unchanged, and
hashed files that the new manifest no longer names are removed. Everything is
built in memory first, so a bad source leaves the previous bundles in place.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import importlib.util
import io
import json
import os
import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from art_bundle import build_art_bundle, node_icons_of, read_art  # noqa: E402
from campaign_bundle import CampaignSourceError, build_campaign_bundle, read_campaign_sources  # noqa: E402
from classes_bundle import build_classes_bundle, version_key  # noqa: E402
from clusters_bundle import build_clusters_bundle, templates_of  # noqa: E402
from gems_bundle import build_gems_bundle  # noqa: E402
from items_bundle import build_items_bundle  # noqa: E402
from node_index import build_node_index  # noqa: E402
from route_facts import SUPPLEMENT, RouteFactsError, build_route_facts, load_supplement  # noqa: E402
from tree_bundle import build_tree_bundle  # noqa: E402
from tree_layouts import upgrade as upgrade_layout  # noqa: E402

from server.paths import CAMPAIGN_DIR, CLUSTER_JEWELS, PLANNER_GEMS, TREE_ART_DIR, TREES_DIR  # noqa: E402

REPO = HERE.parent
DEFAULT_OUT = HERE / "dist"
DEFAULT_CAMPAIGN = CAMPAIGN_DIR
DEFAULT_TREES = TREES_DIR
# The planner's gem list (transfigured and post-3.25 gems), gzipped JSON.
DEFAULT_PLANNER_GEMS = PLANNER_GEMS
# The planner's cluster jewel layout data (sizes, orbit slots, notable order, proxies' offsets).
DEFAULT_CLUSTER_JEWELS = CLUSTER_JEWELS
# One tree per game version and variant in the trees folder: "3_28.json.gz" is the
# spec's tree key `data`, "3_28_alternate" / "3_28_ruthless" / "3_28_ruthless_alternate"
# are `alternate`, `ruthless` and `ruthless-alternate` (as the planner names them).
TREE_FILE = re.compile(r"^(\d+)_(\d+)(?:_(ruthless_alternate|ruthless|alternate))?\.json(\.gz)?$")
TREE_KEYS = ("data", "alternate", "ruthless", "ruthless-alternate")
# Tree art by game version ("3_28/"): sprite sheets + sprites.json.gz; other versions draw with the nearest.
ART_DIR = re.compile(r"^(\d+)_(\d+)$")
MANIFEST_VERSION = 1
STAMP = ".inputs-hash"
# Prebuilt tree geometry (FORMAT.md "Prebuilt tree geometry"): written by the page's own TypeScript
# geometry code, run with tsx; these sources are inputs of the output like our Python.
GEOMETRY_SCRIPT = HERE / "prebuild_geometry.ts"
GEOMETRY_SOURCES = [
    GEOMETRY_SCRIPT,
    *(
        REPO / "pwa" / "src" / "tree" / f
        for f in ("prebuiltGeometry.ts", "geometryCoding.ts", "geometry.ts", "hitGrid.ts", "adapter.ts", "style.ts", "camera.ts", "model.ts")
    ),
]
TSX = REPO / "node_modules" / ".bin" / "tsx"
MAX_TREE_BYTES = 64 * 1024 * 1024


class PipelineError(Exception):
    pass


@dataclass
class Options:
    out: Path = DEFAULT_OUT
    campaign: str | None = None
    trees_dir: Path | None = field(default_factory=lambda: DEFAULT_TREES if DEFAULT_TREES.is_dir() else None)
    trees: dict[str, Path] = field(default_factory=dict)
    force: bool = False
    art_dir: Path | None = field(default_factory=lambda: TREE_ART_DIR if TREE_ART_DIR.is_dir() else None)


@dataclass
class Result:
    manifest: dict[str, Any]
    skipped: bool
    sizes: dict[str, tuple[int, int]]  # logical name -> (raw bytes, gzip bytes)
    seconds: float


def repoe_paths() -> dict[str, Path]:
    # find_spec locates the package without running its __init__, which loads every file.
    spec = importlib.util.find_spec("RePoE")
    if spec is None or spec.origin is None:
        raise PipelineError("RePoE-Liberatorist is not installed; run ./just deps")
    root = Path(spec.origin).resolve().parent
    return {
        "skill_tree": root / "data" / "skill_tree.min.json",
        "gems": root / "data" / "gems.min.json",
        "stat_translations": root / "data" / "stat_translations.min.json",
        "gem_tags": root / "data" / "gem_tags.min.json",
        "base_items": root / "data" / "base_items.min.json",
        "uniques": root / "wikidata" / "unique_items.min.json",
    }


def default_campaign_source() -> str | None:
    env = os.environ.get("WAYPOINT_CAMPAIGN_SOURCE")
    if env:
        return env
    return str(DEFAULT_CAMPAIGN) if DEFAULT_CAMPAIGN.is_dir() else None


def tree_label(version: str, key: str = "data") -> str:
    """Internal label of one tree: "3.28" for the key `data`, "3.28/alternate" for a variant."""
    return version if key == "data" else f"{version}/{key}"


def bundle_name(label: str) -> str:
    """Manifest name of a tree: "tree/3.28", variants "tree-alternate/3.28" (readers that list
    "tree/" names see the plain versions only)."""
    version, _, key = label.partition("/")
    return f"tree/{version}" if not key else f"tree-{key}/{version}"


def tree_files(folder: Path | None) -> dict[str, Path]:
    """Tree exports of a trees folder by label ("3.28", "3.28/ruthless"); without one, the 3.25 export RePoE ships."""
    if folder is None:
        return {"3.25": repoe_paths()["skill_tree"]}
    if not folder.is_dir():
        raise PipelineError(f"trees folder {folder} does not exist")
    found = {
        tree_label(f"{m[1]}.{m[2]}", (m[3] or "data").replace("_", "-")): p
        for p in sorted(folder.iterdir())
        if (m := TREE_FILE.match(p.name))
    }
    if not any("/" not in label for label in found):
        raise PipelineError(f"trees folder {folder} has no tree export (<major>_<minor>.json.gz)")
    return found


def parse_tree_args(values: list[str]) -> dict[str, Path]:
    trees: dict[str, Path] = {}
    for value in values:
        version, sep, path = value.partition("=")
        version = version.strip().replace("_", ".")
        if not sep or not version or not path:
            raise PipelineError(f"--tree expects VERSION=PATH, got {value!r}")
        trees[version] = Path(path)
    return trees


def _dumps(obj: Any) -> bytes:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False, sort_keys=True).encode()


def _gzip(data: bytes) -> bytes:
    return gzip.compress(data, compresslevel=9, mtime=0)


def _atomic_write(path: Path, data: bytes) -> None:
    # Unique per process: two setups may run the pipeline into the same folder at once.
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def _load_tree(path: Path) -> dict[str, Any]:
    if not path.is_file():
        raise PipelineError(f"tree export {path} does not exist")
    if path.stat().st_size > MAX_TREE_BYTES:
        raise PipelineError(f"tree export {path} is larger than {MAX_TREE_BYTES} bytes")
    try:
        raw = path.read_bytes()
        if path.name.endswith(".gz"):
            # Bounded: a small gzip must not inflate past the same limit.
            with gzip.GzipFile(fileobj=io.BytesIO(raw)) as f:
                raw = f.read(MAX_TREE_BYTES + 1)
            if len(raw) > MAX_TREE_BYTES:
                raise PipelineError(f"tree export {path} inflates past {MAX_TREE_BYTES} bytes")
        tree = json.loads(raw)
    except (ValueError, RecursionError, OSError, EOFError) as e:
        raise PipelineError(f"tree export {path} is not valid JSON: {e}") from e
    for key in ("nodes", "groups", "classes", "constants"):
        if key not in tree:
            raise PipelineError(f"tree export {path} has no {key!r}")
    return tree


def run(opts: Options) -> Result:
    started = time.perf_counter()
    paths = repoe_paths()
    trees = {**tree_files(opts.trees_dir), **opts.trees}
    campaign_raw = read_campaign_sources(opts.campaign) if opts.campaign else None

    # Everything that can change the output: our own code and every source's bytes.
    h = hashlib.sha256()
    for src in sorted([*HERE.glob("*.py"), SUPPLEMENT]):
        h.update(src.name.encode() + b"\0" + src.read_bytes())
    for src in GEOMETRY_SOURCES:
        if src.is_file():
            h.update(src.name.encode() + b"\0" + src.read_bytes())
    for name in sorted(paths):
        if name != "skill_tree":
            h.update(name.encode() + b"\0" + paths[name].read_bytes())
    if DEFAULT_PLANNER_GEMS.is_file():
        h.update(b"planner-gems\0" + DEFAULT_PLANNER_GEMS.read_bytes())
    if DEFAULT_CLUSTER_JEWELS.is_file():
        h.update(b"cluster-jewels\0" + DEFAULT_CLUSTER_JEWELS.read_bytes())
    for version in sorted(trees):
        h.update(b"tree/" + version.encode() + b"\0" + trees[version].read_bytes())
    art_sources: dict[str, Path] = {}
    if opts.art_dir is not None and opts.art_dir.is_dir():
        art_sources = {
            f"{m[1]}.{m[2]}": p for p in sorted(opts.art_dir.iterdir()) if p.is_dir() and (m := ART_DIR.match(p.name))
        }
    for version in sorted(art_sources):
        for f in sorted(art_sources[version].iterdir()):
            h.update(b"art/" + version.encode() + b"/" + f.name.encode() + b"\0" + f.read_bytes())
    for key in sorted(campaign_raw or {}):
        h.update(b"campaign/" + key.encode() + b"\0" + campaign_raw[key])
    inputs_hash = h.hexdigest()

    out = opts.out
    manifest_path = out / "manifest.json"
    if not opts.force and (out / STAMP).is_file() and manifest_path.is_file():
        if (out / STAMP).read_text().strip() == inputs_hash:
            manifest = json.loads(manifest_path.read_text())
            if all((out / f).is_file() for f in manifest["files"].values()):
                return Result(manifest, True, {}, time.perf_counter() - started)

    bundles: dict[str, tuple[str, Any]] = {}  # logical name -> (file stem, object)
    templates: dict[str, dict[str, Any]] = {}
    icons: dict[int, str] = {}
    for label in sorted(trees, key=lambda lb: (version_key(lb), lb)):
        version, _, key = label.partition("/")
        try:
            upgraded = upgrade_layout(_load_tree(trees[label]))
            if not key:
                templates.update(templates_of(upgraded))  # oldest first: the newest tree's texts win
                icons.update(node_icons_of(upgraded))
            tree_bundle = build_tree_bundle(upgraded, version, key or "data")
        except (KeyError, TypeError, ValueError, AttributeError, IndexError, ZeroDivisionError) as e:
            raise PipelineError(f"tree export {trees[label]} is malformed: {e!r}") from e
        name = bundle_name(label)
        bundles[name] = (name.replace("/", "-"), tree_bundle)
    # The class table reads every tree, variants too (the alternate trees' ascendancy names).
    trees_by_version = {
        tree_label(obj["version"], obj.get("key", "data")): obj
        for name, (_, obj) in bundles.items()
        if name.startswith("tree")
    }
    # Which plain versions hold each node id: a build whose version we lack is drawn on the one holding most of it.
    plain_trees = {obj["version"]: obj for name, (_, obj) in bundles.items() if name.startswith("tree/")}
    bundles["node-index"] = ("node-index", build_node_index(plain_trees))
    try:
        bundles["classes"] = ("classes", build_classes_bundle(trees_by_version))
    except ValueError as e:
        raise PipelineError(f"classes: {e}") from e
    if DEFAULT_CLUSTER_JEWELS.is_file():
        try:
            raw_clusters = json.loads(gzip.decompress(DEFAULT_CLUSTER_JEWELS.read_bytes()))
            bundles["clusters"] = ("clusters", build_clusters_bundle(raw_clusters, templates))
        except (KeyError, TypeError, ValueError, OSError, EOFError) as e:
            raise PipelineError(f"cluster jewels {DEFAULT_CLUSTER_JEWELS}: {e!r}") from e
    gems = json.loads(paths["gems"].read_bytes())
    planner_gems = (
        json.loads(gzip.decompress(DEFAULT_PLANNER_GEMS.read_bytes()))
        if DEFAULT_PLANNER_GEMS.is_file()
        else {}
    )
    bundles["gems"] = (
        "gems",
        build_gems_bundle(
            gems,
            planner_gems,
            json.loads(paths["stat_translations"].read_bytes()),
            json.loads(paths["gem_tags"].read_bytes()),
        ),
    )
    base_items = json.loads(paths["base_items"].read_bytes())
    uniques = json.loads(paths["uniques"].read_bytes())
    bundles["items"] = ("items", build_items_bundle(base_items, uniques))
    if campaign_raw is not None:
        campaign = build_campaign_bundle(campaign_raw)
        try:
            campaign["routeFacts"] = build_route_facts(
                campaign["quests"], campaign["areas"], base_items, load_supplement()
            )
        except (RouteFactsError, KeyError, TypeError, ValueError) as e:
            raise PipelineError(f"route facts: {e}") from e
        bundles["campaign"] = ("campaign", campaign)

    out.mkdir(parents=True, exist_ok=True)
    # Sheets are written as they are, under content-hashed names the art bundle names.
    assets: list[str] = []
    for version, folder in sorted(art_sources.items()):
        try:
            sprites, sheets = read_art(folder)
            sheet_files = {}
            for role, data in sheets.items():
                ext = ".jpg" if data[:3] == b"\xff\xd8\xff" else ".webp" if data[8:12] == b"WEBP" else ".png"
                fname = f"art-{version}-{role}.{hashlib.sha256(data).hexdigest()[:16]}{ext}"
                if not (out / fname).is_file():
                    _atomic_write(out / fname, data)
                sheet_files[role] = fname
                assets.append(fname)
            bundles[f"art/{version}"] = (f"art-{version}", build_art_bundle(version, sprites, sheet_files, icons))
        except (KeyError, TypeError, ValueError, OSError, EOFError) as e:
            raise PipelineError(f"tree art {folder}: {e!r}") from e
    files: dict[str, str] = {}
    sizes: dict[str, tuple[int, int]] = {}
    for name, (stem, obj) in bundles.items():
        try:
            data = _dumps(obj)
        except RecursionError as e:
            raise PipelineError(f"{name}: nested too deeply to write") from e
        gz = _gzip(data)
        fname = f"{stem}.{hashlib.sha256(data).hexdigest()[:16]}.json"
        if not (out / fname).is_file() or (out / fname).read_bytes() != data:
            _atomic_write(out / fname, data)
        _atomic_write(out / (fname + ".gz"), gz)
        files[name] = fname
        sizes[name] = (len(data), len(gz))

    for name, fname in prebuild_geometry(out, {n: f for n, f in files.items() if n.startswith("tree")}).items():
        data = (out / fname).read_bytes()
        gz = _gzip(data)
        _atomic_write(out / (fname + ".gz"), gz)
        files[name] = fname
        sizes[name] = (len(data), len(gz))

    manifest = {"version": MANIFEST_VERSION, "files": dict(sorted(files.items()))}
    _atomic_write(manifest_path, _dumps(manifest))
    keep = {"manifest.json", STAMP, *assets, *files.values(), *(f + ".gz" for f in files.values())}
    for old in out.iterdir():
        if (
            old.is_file()
            and old.name not in keep
            and old.name.endswith((".json", ".json.gz", ".jpg", ".png", ".webp", ".bin", ".bin.gz"))
        ):
            old.unlink()
    _atomic_write(out / STAMP, inputs_hash.encode())
    return Result(manifest, False, sizes, time.perf_counter() - started)


def prebuild_geometry(out: Path, trees: dict[str, str]) -> dict[str, str]:
    """Each tree bundle's static geometry beside it ("geometry/tree/3.28" -> "tree-3.28.<hash>.bin"), by the
    page's own code (prebuild_geometry.ts under tsx). Without node_modules (tsx) none is written, and the page
    builds the geometry itself, as it does for a file that fails to load."""
    if not trees:
        return {}
    if not TSX.is_file():
        print("game-data: no node_modules/.bin/tsx; tree geometry not prebuilt (the page builds it)", file=sys.stderr)
        return {}
    import subprocess

    r = subprocess.run(
        [str(TSX), str(GEOMETRY_SCRIPT), str(out), json.dumps(trees, sort_keys=True)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=600,
    )
    if r.returncode != 0:
        raise PipelineError(f"tree geometry: {r.stderr.strip()[-2000:]}")
    got = json.loads(r.stdout)
    if set(got) != {f"geometry/{name}" for name in trees}:
        raise PipelineError("tree geometry: the script did not write every tree's geometry")
    return got


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=os.environ.get("WAYPOINT_GAME_DATA_DIST", str(DEFAULT_OUT)))
    parser.add_argument("--campaign", default=None, help="campaign folder or http(s) base URL")
    parser.add_argument("--trees", default=None, help="folder of tree exports, <major>_<minor>.json[.gz]")
    parser.add_argument("--tree", action="append", default=[], help="extra tree export, VERSION=PATH")
    parser.add_argument("--force", action="store_true", help="rebuild even when the inputs are unchanged")
    args = parser.parse_args(argv)
    try:
        opts = Options(
            out=Path(args.out),
            campaign=args.campaign or default_campaign_source(),
            trees_dir=Path(args.trees) if args.trees else Options().trees_dir,
            trees=parse_tree_args(args.tree),
            force=args.force,
        )
        if opts.campaign is None:
            print(
                "game-data: no campaign source (pass --campaign); the campaign bundle is skipped",
                file=sys.stderr,
            )
        result = run(opts)
    except (PipelineError, CampaignSourceError) as e:
        print(f"game-data: error: {e}", file=sys.stderr)
        return 1
    if result.skipped:
        print(f"game-data: up to date ({result.seconds * 1000:.0f} ms)")
    else:
        for name, (raw, gz) in result.sizes.items():
            print(f"game-data: {result.manifest['files'][name]}  {raw / 1024:.0f} KB, {gz / 1024:.0f} KB gz")
        print(f"game-data: built in {result.seconds:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
