"""The pipeline end to end: manifest, content hashes, determinism, skip, cleanup, bad input."""

from __future__ import annotations

import gzip
import hashlib
import http.server
import json
import re
import shutil
import tempfile
import threading
from functools import partial
from pathlib import Path

import pipeline
import pytest
from campaign_bundle import FILES, CampaignSourceError
from conftest import SHARED_CAMPAIGN, SHARED_TREES

# Issue 12's goal for each version's bundle.
TREE_GZ_LIMIT = 150 * 1024


# Two exports (an old layout and the newest) keep the tests that run the pipeline often quick;
# built_dist (conftest) runs it once over every version.
SMALL_TREES = Path(tempfile.mkdtemp(prefix="waypoint-small-trees-"))
for _v in ("3_6", "3_28"):
    shutil.copy(SHARED_TREES / f"{_v}.json.gz", SMALL_TREES / f"{_v}.json.gz")


def shipped_versions() -> list[str]:
    """The plain <major>_<minor> exports in ../shared (the tree key `data`)."""
    names = [p.name.removesuffix(".json.gz").split("_") for p in SHARED_TREES.glob("*_*.json.gz")]
    return sorted(f"{a}.{b}" for a, b, *rest in names if not rest)


def shipped_variants() -> dict[str, tuple[str, str]]:
    """Manifest name -> (version, tree key) of every variant export ("3_28_ruthless_alternate")."""
    out = {}
    for p in SHARED_TREES.glob("*_*_*.json.gz"):
        a, b, *rest = p.name.removesuffix(".json.gz").split("_")
        key = "-".join(rest)
        out[f"tree-{key}/{a}.{b}"] = (f"{a}.{b}", key)
    return out


def test_manifest_names_every_bundle_by_content_hash(built_dist):
    out, result = built_dist
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest == result.manifest
    assert manifest["version"] == 1
    trees = {f"tree/{v}" for v in shipped_versions()}
    variants = shipped_variants()
    assert len(trees) >= 14
    # Every version's alternate, ruthless and ruthless-alternate tree (3.25 to 3.28) is listed too.
    assert {key for _, key in variants.values()} == {"alternate", "ruthless", "ruthless-alternate"}
    assert len(variants) >= 12
    geometry = {f"geometry/{name}" for name in (*trees, *variants)}
    others = {"art/3.28", "classes", "clusters", "gems", "items", "campaign", "node-index"}
    assert set(manifest["files"]) == {*trees, *variants, *geometry, *others}
    for name, fname in manifest["files"].items():
        data = (out / fname).read_bytes()
        assert gzip.decompress((out / (fname + ".gz")).read_bytes()) == data
        if name in geometry:
            # The tree's prebuilt geometry (FORMAT.md): "WPTG", then its header; named like its tree, .bin.
            tree = name.removeprefix("geometry/")
            assert fname == f"{tree.replace('/', '-')}.{hashlib.sha256(data).hexdigest()[:16]}.bin"
            assert data[:4] == b"WPTG"
            continue
        assert fname == f"{name.replace('/', '-')}.{hashlib.sha256(data).hexdigest()[:16]}.json"
        assert gzip.decompress((out / (fname + ".gz")).read_bytes()) == data
        is_tree = name in trees or name in variants
        assert json.loads(data)["format"] == (2 if is_tree or name == "gems" else 1)  # gems 2: with text
        if name in trees:
            assert json.loads(data)["version"] == name.removeprefix("tree/")
            assert json.loads(data)["key"] == "data"
        if name in variants:
            assert (json.loads(data)["version"], json.loads(data)["key"]) == variants[name]


def test_variant_trees_carry_their_own_ascendancies(built_dist):
    """The alternate trees (3.25 Phrecia) rename the class ascendancies; the class table lists both."""
    out, result = built_dist
    files = result.manifest["files"]
    plain = json.loads((out / files["tree/3.25"]).read_bytes())
    alternate = json.loads((out / files["tree-alternate/3.25"]).read_bytes())
    assert (plain["key"], alternate["key"]) == ("data", "alternate")
    names = lambda b: {a["name"] for a in b["ascendancies"]}  # noqa: E731
    assert "Ancestral Commander" in names(alternate) and "Ancestral Commander" not in names(plain)
    assert "Reliquarian" in names(json.loads((out / files["tree/3.28"]).read_bytes()))
    classes = json.loads((out / files["classes"]).read_bytes())
    scion = next(c for c in classes["classes"] if c["name"] == "Scion")
    assert {"Ascendant", "Reliquarian", "Scavenger"} <= set(scion["ascendancies"])
    assert "3.25/alternate" in classes["versions"] and "Warden" not in classes["versions"]["3.25"]["alternate"]
    assert "Warden of the Maji" in classes["versions"]["3.28"]["alternate"]


def test_art_bundle_names_its_sheets_and_every_node_icon(built_dist):
    out, result = built_dist
    art = json.loads((out / result.manifest["files"]["art/3.28"]).read_bytes())
    for role in ("active", "inactive", "frame", "jewel", "group", "line"):
        sheet = art["sheets"][role]
        data = (out / sheet["file"]).read_bytes()
        assert sheet["file"] == f"art-3.28-{role}.{hashlib.sha256(data).hexdigest()[:16]}{Path(sheet['file']).suffix}"
        assert data[:3] == b"\xff\xd8\xff" or data[:8] == b"\x89PNG\r\n\x1a\n"
    w, h = art["sheets"]["active"]["size"]
    for kind, rects in art["rects"].items():
        for x, y, rw, rh in rects.values():
            assert 0 <= x and x + rw <= w and 0 <= y and y + rh <= h, kind
    # Every normal, notable and keystone passive of the 3.28 tree shows an icon the sheets have.
    tree = json.loads((out / result.manifest["files"]["tree/3.28"]).read_bytes())
    kinds = [tree["kinds"][k] for k in tree["nodes"]["kind"]]
    plain = [i for i, k, a in zip(tree["nodes"]["id"], kinds, tree["nodes"]["ascendancy"], strict=False) if a < 0 and k in art["rects"]]
    assert len(plain) > 1800
    missing = [i for i, k in zip(tree["nodes"]["id"], kinds, strict=False) if i in set(plain) and str(art["nodeIcons"].get(str(i))) not in art["rects"][k]]
    assert missing == []
    for frame in ("PSSkillFrame", "PSSkillFrameActive", "NotableFrameAllocated", "KeystoneFrameUnallocated", "JewelFrameAllocated"):
        assert frame in art["frames"]


def test_art_bundle_has_group_backgrounds_and_line_art(built_dist):
    out, result = built_dist
    art = json.loads((out / result.manifest["files"]["art/3.28"]).read_bytes())
    radii = json.loads((out / result.manifest["files"]["tree/3.28"]).read_bytes())["constants"]["orbitRadii"]
    for role, rects in (("group", art["groupBackgrounds"]), ("line", art["lines"])):
        w, h = art["sheets"][role]["size"]
        for name, (x, y, rw, rh) in rects.items():
            assert 0 <= x and x + rw <= w and 0 <= y and y + rh <= h, name
    # Every background the 3.28 export names is in the sheet; the half image is half as tall as it is wide.
    tree = json.loads(gzip.decompress((SHARED_TREES / "3_28.json.gz").read_bytes()))
    named = {g["background"]["image"] for g in tree["groups"].values() if g.get("background")}
    assert named == {"PSGroupBackground1", "PSGroupBackground2", "PSGroupBackground3"}
    assert named <= set(art["groupBackgrounds"])
    _, _, w3, h3 = art["groupBackgrounds"]["PSGroupBackground3"]
    assert abs(w3 - 2 * h3) <= 4
    # Orbit arcs are drawn at the orbit's radius: the sprite (in tree units) is about that radius.
    for orbit in range(1, 7):
        for state in ("Normal", "Active"):
            _, _, rw, rh = art["lines"][f"Orbit{orbit}{state}"]
            assert rw == rh and abs(rw / art["zoom"] - radii[orbit]) < 0.1 * radii[orbit] + 20, (orbit, state)
    for state in ("Normal", "Active"):
        assert f"LineConnector{state}" in art["lines"]


def _image_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's IHDR or an extended WebP's VP8X header (no image library needed)."""
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert data[:4] == b"RIFF" and data[8:16] == b"WEBPVP8X", data[:16]
    return int.from_bytes(data[24:27], "little") + 1, int.from_bytes(data[27:30], "little") + 1


def test_art_bundle_has_the_tree_backdrops(built_dist):
    out, result = built_dist
    files = result.manifest["files"]
    art = json.loads((out / files["art/3.28"]).read_bytes())
    # The backdrop sheets are copied as they are (WebP stays WebP) and their stated sizes are the images' own.
    for role, suffix in (("background", ".png"), ("ascendancy", ".webp"), ("bloodline", ".webp"), ("group", ".png")):
        sheet = art["sheets"][role]
        data = (out / sheet["file"]).read_bytes()
        assert sheet["file"].endswith(suffix)
        assert list(_image_size(data)) == sheet["size"], role
    backdrops = art["backdrops"]
    tw, th = art["sheets"]["background"]["size"]
    x, y, w, h = backdrops["tile"]
    assert 0 <= x and x + w <= tw and 0 <= y and y + h <= th and w > 0 and h > 0
    assert backdrops["tileUnits"] == pytest.approx(w * 1.33 * 2.5)
    # Every ascendancy of every shipped tree (variants too) has its circular backdrop inside its sheet.
    for name in (n for n in files if n.startswith("tree")):
        tree = json.loads((out / files[name]).read_bytes())
        for asc in tree["ascendancies"]:
            role, bx, by, bw, bh = backdrops["ascendancies"][asc["id"]]
            sw, sh = art["sheets"][role]["size"]
            assert 0 <= bx and bx + bw <= sw and 0 <= by and by + bh <= sh, (name, asc["id"])
            assert abs(bw - bh) <= 0.1 * bw, asc["id"]  # a circle's square (the bloodlines' a little wider)
            # Its start node's AscendancyMiddle: on the same sheet, a small square inside it.
            s_role, mx, my, mw, mh = backdrops["ascendancyStarts"][asc["id"]]
            assert s_role == role and 0 <= mx and mx + mw <= sw and 0 <= my and my + mh <= sh, (name, asc["id"])
            assert mw == mh and 20 <= mw <= 64, asc["id"]
    # The league bloodlines are on their own sheet; the class ascendancies on the ascendancy sheet.
    assert backdrops["ascendancies"]["Warden"][0] == "bloodline"
    assert backdrops["ascendancies"]["Juggernaut"][0] == "ascendancy"
    # Each bloodline's start sprite is its own (sprites.json: the kind holding `Classes<id>` names its AscendancyMiddle).
    sprites = json.loads(gzip.decompress((SHARED_TREES.parent / "tree-art" / "3_28" / "sprites.json.gz").read_bytes()))
    for asc_id, (_, mx, my, mw, mh) in backdrops["ascendancyStarts"].items():
        kind = next(k for k in sprites["sprites"].values() if f"Classes{asc_id}" in k["coords"])
        m = kind["coords"]["AscendancyMiddle"]
        assert [mx, my, mw, mh] == [m["x"], m["y"], m["w"], m["h"]], asc_id
    # Each class start's art, by Path of Building's classArt names ("center" + the class), and the unallocated ring.
    raw = json.loads(gzip.decompress((SHARED_TREES / "3_28.json.gz").read_bytes()))
    gw, gh = art["sheets"]["group"]["size"]
    for cls in raw["classes"]:
        sx, sy, sw_, sh_ = backdrops["classStarts"][f"center{cls['name'].lower()}"]
        assert 0 <= sx and sx + sw_ <= gw and 0 <= sy and sy + sh_ <= gh
    assert len(backdrops["classStarts"]) == len(raw["classes"]) == 7
    assert backdrops["classStartInactive"][2] > 100


def test_art_bundle_ships_the_jewel_radius_rings_as_webp(built_dist):
    """Issue 34: the ring art (JewelCircle1, its Inverse, the timeless factions' two rings each) is shipped
    re-encoded as WebP, its stated size the image's own, at under half the source PNG's bytes."""
    out, result = built_dist
    art = json.loads((out / result.manifest["files"]["art/3.28"]).read_bytes())
    sheet = art["sheets"]["rings"]
    data = (out / sheet["file"]).read_bytes()
    source = (SHARED_TREES.parent / "tree-art" / "3_28" / "jewel-radius.png").read_bytes()
    assert sheet["file"] == f"art-3.28-rings.{hashlib.sha256(data).hexdigest()[:16]}.webp"
    assert list(_image_size(data)) == sheet["size"] == [2252, 2201]
    assert len(data) < len(source) / 2, (len(data), len(source))
    rings = art["jewelRadius"]
    factions = ("Vaal", "Karui", "Maraketh", "Templar", "EternalEmpire", "Kalguur")
    assert {"JewelCircle1", "JewelCircle1Inverse"} | {f"{f}JewelCircle{n}" for f in factions for n in (1, 2)} <= set(rings)
    for name, (x, y, w, h) in rings.items():
        assert w == h and x + w <= sheet["size"][0] and y + h <= sheet["size"][1], name


def test_clusters_bundle_has_every_notable_text(built_dist):
    out, result = built_dist
    clusters = json.loads((out / result.manifest["files"]["clusters"]).read_bytes())
    assert set(clusters["jewels"]) == {"Small", "Medium", "Large"}
    assert clusters["jewels"]["Large"]["totalIndicies"] == 12 and clusters["jewels"]["Small"]["totalIndicies"] == 6
    # Every notable a cluster jewel can add has a sort order and its texts from the newest tree.
    assert set(clusters["notableSortOrder"]) <= set(clusters["notables"])
    assert clusters["notables"]["Self-Fulfilling Prophecy"]["stats"][0].startswith("+1% to Critical Strike Chance")
    assert all(clusters["notables"][k]["keystone"] for k in clusters["keystones"])


def test_each_tree_bundle_is_at_most_150_kb_gzipped(built_dist):
    out, result = built_dist
    for name in [f"tree/{v}" for v in shipped_versions()] + list(shipped_variants()):
        v = name
        fname = result.manifest["files"][name]
        assert len(gzip.compress((out / fname).read_bytes(), compresslevel=9)) <= TREE_GZ_LIMIT, v
        assert (out / (fname + ".gz")).stat().st_size <= TREE_GZ_LIMIT, v


REPO = Path(__file__).resolve().parents[2]
# The page's reader's format (pwa/src/tree/prebuiltGeometry.ts), read from its source so the two cannot drift.
GEOMETRY_FORMAT = int(
    re.search(
        r"export const GEOMETRY_FORMAT = (\d+);", (REPO / "pwa" / "src" / "tree" / "prebuiltGeometry.ts").read_text()
    ).group(1)
)


def test_each_tree_geometry_file_names_its_tree_and_format(built_dist):
    out, result = built_dist
    files = result.manifest["files"]
    for name in [f"tree/{v}" for v in shipped_versions()] + list(shipped_variants()):
        data = (out / files[f"geometry/{name}"]).read_bytes()
        length = int.from_bytes(data[4:8], "little")
        header = json.loads(data[8 : 8 + length])
        tree = json.loads((out / files[name]).read_bytes())
        assert header["format"] == GEOMETRY_FORMAT, name
        # modelSignature: version, node, edge and group counts first.
        counts = [str(len(tree["nodes"]["id"])), str(len(tree["edges"]["a"]))]
        assert header["signature"].split(":")[:3] == [tree["version"], *counts], name
        # One row per node and per edge (FORMAT.md, format 2).
        assert [header["rows"]["nodes"], header["rows"]["edges"]] == [int(c) for c in counts], name


def test_same_inputs_give_the_same_bytes_and_a_second_run_is_skipped(tmp_path):
    out = tmp_path / "first"
    first = pipeline.run(pipeline.Options(trees_dir=SMALL_TREES, out=out, campaign=str(SHARED_CAMPAIGN)))
    tmp_path = tmp_path / "other"
    other = pipeline.run(pipeline.Options(trees_dir=SMALL_TREES, out=tmp_path, campaign=str(SHARED_CAMPAIGN)))
    assert other.manifest == first.manifest and not other.skipped
    for fname in other.manifest["files"].values():
        assert (tmp_path / fname).read_bytes() == (out / fname).read_bytes()
    mtimes = {p.name: p.stat().st_mtime_ns for p in tmp_path.iterdir()}
    again = pipeline.run(pipeline.Options(trees_dir=SMALL_TREES, out=tmp_path, campaign=str(SHARED_CAMPAIGN)))
    assert again.skipped and again.manifest == first.manifest
    assert {p.name: p.stat().st_mtime_ns for p in tmp_path.iterdir()} == mtimes
    # --force rebuilds, to the same names.
    forced = pipeline.run(
        pipeline.Options(trees_dir=SMALL_TREES, out=tmp_path, campaign=str(SHARED_CAMPAIGN), force=True)
    )
    assert not forced.skipped and forced.manifest == first.manifest


def test_a_deleted_bundle_is_rebuilt_even_when_the_inputs_match(tmp_path):
    first = pipeline.run(pipeline.Options(trees_dir=SMALL_TREES, out=tmp_path, campaign=str(SHARED_CAMPAIGN)))
    (tmp_path / first.manifest["files"]["gems"]).unlink()
    again = pipeline.run(pipeline.Options(trees_dir=SMALL_TREES, out=tmp_path, campaign=str(SHARED_CAMPAIGN)))
    assert not again.skipped
    assert (tmp_path / first.manifest["files"]["gems"]).is_file()


def test_extra_tree_versions_are_added_and_old_files_cleaned_up(tmp_path, tree_export):
    trees = tmp_path / "trees"
    trees.mkdir()
    shutil.copy(SHARED_TREES / "3_25.json.gz", trees / "3_25.json.gz")
    (trees / "3_25_atlas.json.gz").write_bytes(b"not read: not a tree key the spec names")
    export = json.loads(json.dumps(tree_export))
    # A "newer" export: one node renamed, so its bundle differs.
    export["nodes"]["10016"]["name"] = "Executioner (3.99)"
    newer = tmp_path / "skill_tree_3_99.json"
    newer.write_text(json.dumps(export))
    out = tmp_path / "dist"
    extra = pipeline.parse_tree_args([f"3_99={newer}"])
    with_newer = pipeline.run(pipeline.Options(out=out, trees_dir=trees, trees=extra))
    files = with_newer.manifest["files"]
    geometry = {"geometry/tree/3.25", "geometry/tree/3.99"}
    assert set(files) == {"tree/3.25", "tree/3.99", *geometry, "art/3.28", "classes", "clusters", "gems", "items", "node-index"}  # no campaign source given
    assert files["tree/3.99"].startswith("tree-3.99.") and files["tree/3.99"] != files["tree/3.25"]
    assert "Executioner (3.99)" in json.loads((out / files["tree/3.99"]).read_bytes())["strings"]
    stale = out / "gems.0123456789abcdef.json"
    stale.write_text("{}")
    without = pipeline.run(pipeline.Options(out=out, trees_dir=trees))
    assert set(without.manifest["files"]) == {"tree/3.25", "geometry/tree/3.25", "art/3.28", "classes", "clusters", "gems", "items", "node-index"}
    assert not (out / files["tree/3.99"]).exists() and not (out / (files["tree/3.99"] + ".gz")).exists()
    # The dropped tree's geometry goes with it.
    gone = files["geometry/tree/3.99"]
    assert not (out / gone).exists() and not (out / (gone + ".gz")).exists()
    assert not stale.exists()
    assert sorted(p.name for p in out.iterdir() if p.name.endswith((".json", ".bin"))) == sorted(
        [*without.manifest["files"].values(), "manifest.json"]
    )


def _copy_campaign(dst: Path) -> Path:
    dst.mkdir()
    for fname in FILES.values():
        shutil.copy(SHARED_CAMPAIGN / fname, dst / fname)
    return dst


@pytest.mark.parametrize(
    "damage,message",
    [
        (lambda d: (d / "quests.json").write_text("{not json"), "quests.json: not valid JSON"),
        (lambda d: (d / "areas.json").write_text("[1, 2]"), "areas.json: expected a JSON object"),
        (lambda d: (d / "gem-colours.json").unlink(), "missing"),
        (
            lambda d: (d / "quests.json").write_text('{"a1q1": {"id": "other"}}'),
            "entry 'a1q1' has no matching id",
        ),
    ],
)
def test_a_bad_campaign_source_fails_clearly_and_keeps_the_previous_bundles(
    tmp_path, damage, message, capsys
):
    out = tmp_path / "dist"
    good = pipeline.run(pipeline.Options(trees_dir=SMALL_TREES, out=out, campaign=str(SHARED_CAMPAIGN)))
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    source = _copy_campaign(tmp_path / "campaign")
    damage(source)
    with pytest.raises(CampaignSourceError, match=message):
        pipeline.run(pipeline.Options(trees_dir=SMALL_TREES, out=out, campaign=str(source)))
    assert pipeline.main(["--out", str(out), "--campaign", str(source)]) == 1
    assert message.split(":")[0] in capsys.readouterr().err
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    assert json.loads((out / "manifest.json").read_text()) == good.manifest


def test_hostile_campaign_input_is_bounded(tmp_path, monkeypatch, campaign_http):
    source = _copy_campaign(tmp_path / "campaign")
    (source / "areas.json").write_text("[" * 200_000 + "]" * 200_000)  # nesting bomb
    with pytest.raises(CampaignSourceError, match="areas.json: not valid JSON"):
        pipeline.run(pipeline.Options(trees_dir=SMALL_TREES, out=tmp_path / "dist", campaign=str(source)))
    import campaign_bundle

    monkeypatch.setattr(campaign_bundle, "MAX_FILE_BYTES", 50_000)  # areas.json is ~53 KB
    with pytest.raises(CampaignSourceError, match="larger than 50000 bytes"):
        campaign_bundle.read_campaign_sources(str(SHARED_CAMPAIGN))
    with pytest.raises(CampaignSourceError, match="larger than 50000 bytes"):
        campaign_bundle.read_campaign_sources(campaign_http)
    assert not (tmp_path / "dist" / "manifest.json").exists()


def test_a_bad_tree_export_fails_clearly(tmp_path):
    broken = tmp_path / "tree.json"
    broken.write_text('{"nodes": {}}')
    with pytest.raises(pipeline.PipelineError, match="has no 'groups'"):
        pipeline.run(pipeline.Options(trees_dir=SMALL_TREES, out=tmp_path / "dist", trees={"3.26": broken}))
    broken.write_text('{"nodes": [], "groups": {}, "classes": [], "constants": {}}')
    with pytest.raises(pipeline.PipelineError, match="is malformed"):
        pipeline.run(pipeline.Options(trees_dir=SMALL_TREES, out=tmp_path / "dist", trees={"3.26": broken}))
    broken.write_text("{" * 100_000)
    with pytest.raises(pipeline.PipelineError, match="is not valid JSON"):
        pipeline.run(pipeline.Options(trees_dir=SMALL_TREES, out=tmp_path / "dist", trees={"3.26": broken}))
    with pytest.raises(pipeline.PipelineError, match="VERSION=PATH"):
        pipeline.parse_tree_args(["3.26"])
    bomb = tmp_path / "3_26.json.gz"
    bomb.write_bytes(gzip.compress(b" " * (pipeline.MAX_TREE_BYTES + 10)))
    with pytest.raises(pipeline.PipelineError, match="inflates past"):
        pipeline.run(pipeline.Options(trees_dir=SMALL_TREES, out=tmp_path / "dist", trees={"3.26": bomb}))
    bomb.write_bytes(b"\x1f\x8b broken")
    with pytest.raises(pipeline.PipelineError, match="is not valid JSON"):
        pipeline.run(pipeline.Options(trees_dir=SMALL_TREES, out=tmp_path / "dist", trees={"3.26": bomb}))
    with pytest.raises(pipeline.PipelineError, match="does not exist"):
        pipeline.run(pipeline.Options(out=tmp_path / "dist", trees_dir=tmp_path / "nowhere"))
    assert not (tmp_path / "dist" / "manifest.json").exists()


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture
def campaign_http():
    """The shared campaign folder on a real loopback HTTP server."""
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), partial(_Quiet, directory=str(SHARED_CAMPAIGN))
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def test_campaign_from_a_url_equals_campaign_from_the_folder(tmp_path, campaign_http, built_dist):
    out, from_folder = built_dist
    result = pipeline.run(pipeline.Options(trees_dir=SMALL_TREES, out=tmp_path, campaign=campaign_http))
    assert result.manifest["files"]["campaign"] == from_folder.manifest["files"]["campaign"]
    with pytest.raises(CampaignSourceError, match="HTTP 404"):
        pipeline.run(
            pipeline.Options(trees_dir=SMALL_TREES, out=tmp_path / "x", campaign=campaign_http + "nowhere/")
        )


def test_the_campaign_bundle_reads_every_file_of_the_campaign_facts():
    """The list of source files is checked against the shared campaign folder, not restated."""
    assert sorted(FILES.values()) == sorted(p.name for p in SHARED_CAMPAIGN.glob("*.json"))


def test_art_bundle_has_every_mastery_icon_on_the_mastery_sheet(built_dist):
    out, result = built_dist
    art = json.loads((out / result.manifest["files"]["art/3.28"]).read_bytes())
    sheet = art["sheets"]["mastery"]
    data = (out / sheet["file"]).read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    w, h = sheet["size"]
    tree = json.loads((out / result.manifest["files"]["tree/3.28"]).read_bytes())
    masteries = [i for i, k in zip(tree["nodes"]["id"], tree["nodes"]["kind"], strict=False) if tree["kinds"][k] == "mastery"]
    assert len(masteries) > 300
    assert [i for i in masteries if str(i) not in art["masteryIcons"]] == []
    for x, y, rw, rh in art["masteryIcons"].values():
        assert 0 <= x and x + rw <= w and 0 <= y and y + rh <= h and rw > 20
    # Runegrafts (planner overrides) name icons on this sheet too.
    assert "Art/2DArt/SkillIcons/passives/AtlasTrees/RuneGraftingIcon14.png" in art["masteryPaths"]


def test_classes_bundle_names_the_art_id_of_a_renamed_ascendancy(built_dist):
    """The tree art names the Ranger's Warden by its id (ClassesRaider); variants' ascendancies are not mixed in."""
    out, result = built_dist
    classes = json.loads((out / result.manifest["files"]["classes"]).read_bytes())
    assert classes["ascendancyIds"] == {"Warden": "Raider"}
