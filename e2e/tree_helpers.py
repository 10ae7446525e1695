"""Shared by the tree e2e tests and the tree benchmark: corpus planner codes,
their allocated node ids (decoded here with lxml, independently of the PWA),
the real tree bundle, and an independent projection of node positions.
"""

from __future__ import annotations

import base64
import json
import time
import urllib.parse
import uuid
import zlib
from dataclasses import dataclass

from lxml import etree

from e2e.harness import REPO
from server.paths import POB_CORPUS

CORPUS = POB_CORPUS
SWIFTSHADER = ("--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--ignore-gpu-blocklist")
CANVAS = "[data-testid=tree-canvas]"
# Init script: the tree draws its plain shapes only (TREE_ART_KEY in pwa/src/tree/art/loadArt.ts).
GEOMETRY_ONLY = "localStorage.setItem('waypoint:tree-art', 'off')"


def corpus_code(relpath: str) -> str:
    return (CORPUS / relpath).read_text().strip()


def dev_tree_url(code: str) -> str:
    return "/dev/tree?code=" + urllib.parse.quote(code, safe="")


def seeded_build_id(relpath: str) -> str:
    """The id the demo seed gave the corpus build at `relpath` (under corpus/pob)."""
    from server.seed import NAMESPACE

    return str(uuid.uuid5(NAMESPACE, f"pob/{relpath}"))


def build_view_url(page, relpath: str) -> str:
    """The product route of a seeded corpus build: /build/view/{slug}."""
    res = page.request.get(f"/api/Build/{seeded_build_id(relpath)}")
    assert res.ok, f"{relpath} was not seeded: {res.status}"
    return f"/build/view/{res.json()['data']['buildInfo']['slug']}"


def version_key(v: str) -> tuple[int, int]:
    major, minor = v.replace("_", ".").split(".")[:2]
    return int(major), int(minor)


def nearest_version(available: list[str], wanted: str) -> str:
    """The shipped tree version nearest to `wanted` ("3_18"); a tie goes to the newer one."""
    key = version_key
    w = key(wanted)
    return min(available, key=lambda v: (abs((key(v)[0] - w[0]) * 1000 + key(v)[1] - w[1]), -key(v)[0], -key(v)[1]))


def shipped_versions() -> list[str]:
    manifest = json.loads((REPO / "game-data" / "dist" / "manifest.json").read_text())
    return [k.removeprefix("tree/") for k in manifest["files"] if k.startswith("tree/")]


@dataclass
class Spec:
    title: str | None
    tree_version: str | None
    nodes: list[int]
    mastery_effects: dict[int, int]
    #: Jewel socket node id -> (item name, base type) of the socketed item.
    jewels: dict[int, tuple[str, str]]


def planner_specs(code: str) -> list[Spec]:
    """Tree specs of a planner code, read straight from its XML."""
    return planner_specs_of_xml(zlib.decompress(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))))


def corpus_specs(relpath: str) -> list[Spec]:
    """Tree specs of a corpus file (a planner code or its XML)."""
    path = CORPUS / relpath
    return planner_specs(corpus_code(relpath)) if path.suffix == ".txt" else planner_specs_of_xml(path.read_bytes())


def planner_specs_of_xml(xml: bytes) -> list[Spec]:
    root = etree.fromstring(xml, etree.XMLParser(resolve_entities=False, no_network=True))
    out = []
    for spec in root.findall("./Tree/Spec"):
        nodes = [int(n) for n in (spec.get("nodes") or "").split(",") if n.strip()]
        effects = {}
        for pair in (spec.get("masteryEffects") or "").replace("}", "").split("{"):
            if "," in pair:
                a, b = pair.strip(", ").split(",")[:2]
                effects[int(a)] = int(b)
        jewels = {}
        for sock in spec.findall("./Sockets/Socket"):
            item = root.find(f"./Items/Item[@id='{sock.get('itemId')}']")
            if item is not None and sock.get("itemId") != "0":
                lines = [ln.strip() for ln in (item.text or "").strip().splitlines()]
                jewels[int(sock.get("nodeId"))] = (lines[1], lines[2])
        out.append(Spec(spec.get("title"), spec.get("treeVersion"), nodes, effects, jewels))
    return out


@dataclass
class Bundle:
    bounds: tuple[float, float, float, float]
    pos: dict[int, tuple[float, float]]
    kind: dict[int, str]
    name: dict[int, str]
    ascendancy: dict[int, str | None]
    stats: dict[int, list[str]]
    #: Cluster jewel proxy nodes (hidden until a cluster jewel fills them).
    proxy: set[int]


def tree_bundle(version: str = "3.28") -> Bundle:
    dist = REPO / "game-data" / "dist"
    manifest = json.loads((dist / "manifest.json").read_text())
    b = json.loads((dist / manifest["files"][f"tree/{version}"]).read_text())
    n = b["nodes"]
    strings = b["strings"]
    ascs = [a["id"] for a in b["ascendancies"]]
    ids = n["id"]
    return Bundle(
        bounds=tuple(b["bounds"]),
        pos={i: (n["x"][k], n["y"][k]) for k, i in enumerate(ids)},
        kind={i: b["kinds"][n["kind"][k]] for k, i in enumerate(ids)},
        name={i: strings[n["name"][k]] for k, i in enumerate(ids)},
        ascendancy={
            i: (ascs[n["ascendancy"][k]] if n["ascendancy"][k] >= 0 else None) for k, i in enumerate(ids)
        },
        stats={i: [strings[s] for s in n["stats"][k]] for k, i in enumerate(ids)},
        proxy={i for k, i in enumerate(ids) if n["flags"][k] & b["flagBits"]["proxy"]},
    )


def project(bundle: Bundle, camera: dict, width: float, height: float, node_id: int) -> tuple[float, float]:
    """World -> canvas CSS pixels with the camera the page reports (zoom is relative to the whole-tree fit)."""
    min_x, min_y, max_x, max_y = bundle.bounds
    scale = min(width / (max_x - min_x), height / (max_y - min_y)) * camera["zoom"]
    x, y = bundle.pos[node_id]
    return (x - camera["x"]) * scale + width / 2, (y - camera["y"]) * scale + height / 2


def tree_api(page, expr: str):
    """Evaluate `expr` with `t` bound to the canvas's tree handle."""
    return page.evaluate(f"() => {{ const t = document.querySelector('{CANVAS}').__tree; return {expr}; }}")


def wait_tree_ready(page, timeout: float = 60_000) -> None:
    page.wait_for_function(
        f"() => document.querySelector('{CANVAS}')?.__tree?.firstFrameMs() != null", timeout=timeout
    )


def wait_idle(page, timeout: float = 30_000) -> None:
    page.wait_for_function(f"() => !document.querySelector('{CANVAS}').__tree.busy()", timeout=timeout)


def wait_frames(page, frames: int) -> None:
    """Let the page go through `frames` animation frames: a window counted in the page's own frames, not in ms."""
    page.evaluate(
        "(n) => new Promise((done) => { const tick = () => (--n > 0 ? requestAnimationFrame(tick) : done()); requestAnimationFrame(tick); })",
        frames,
    )


def pump_until(page, check, timeout_s: float = 30.0, message: str = "condition"):
    """Poll a Python-side condition while Playwright keeps dispatching events (route and console handlers run
    only while the sync API waits, so time.sleep would starve them)."""
    deadline = time.monotonic() + timeout_s
    while not (value := check()):
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {message}")
        page.wait_for_timeout(50)
    return value
