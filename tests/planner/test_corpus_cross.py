"""Every corpus build decodes in both implementations, and they agree.

The TypeScript decoder runs through its CLI (workers/planner/cli.ts) under
Node; the Python extraction is server.planner. Node ids are compared exactly.
"""

from __future__ import annotations

import base64
import json
import re
import subprocess
import zlib
from pathlib import Path

import pytest

from e2e.harness import REPO
from server.planner import PlannerError, decode_planner, offered_trees
from tests.planner.corpus import CORPUS, corpus_file, corpus_files
from tests.planner.ts_cli import ts_batch

FILES = corpus_files()


@pytest.fixture(scope="module")
def ts_results():
    return ts_batch(FILES)


def active_gem_names(skill_set: dict) -> list[str]:
    return [
        gem["name"]
        for group in skill_set["groups"]
        if group["enabled"]
        for gem in group["gems"]
        if gem["enabled"] and gem["name"]
    ]


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_both_implementations_agree(path, ts_results):
    row = ts_results[str(path)]
    assert "build" in row, row.get("error")
    assert_agree(row["build"], decode_planner(path.read_text(encoding="utf-8")))


def assert_agree(ts: dict, py) -> None:

    assert ts["className"] == py.class_name
    assert ts["ascendancyName"] == py.ascendancy_name
    assert ts["level"] == py.level
    assert ts["bandit"] == py.bandit
    assert (ts["pantheonMajor"], ts["pantheonMinor"]) == (py.pantheon_major, py.pantheon_minor)

    assert len(ts["trees"]) == len(py.trees)
    for t, p in zip(ts["trees"], py.trees, strict=True):
        assert (t["id"], t["title"], t["treeVersion"]) == (p.id, p.title, p.tree_version)
        assert (t["classId"], t["ascendancyId"]) == (p.class_id, p.ascendancy_id)
        assert t["nodes"] == p.nodes
        assert {int(k): v for k, v in t["masteryEffects"].items()} == p.mastery_effects

    assert [(s["id"], s["title"], s["slots"]) for s in ts["itemSets"]] == [
        (s.id, s.title, s.slots) for s in py.item_sets
    ]
    assert [(s["id"], s["title"], active_gem_names(s)) for s in ts["skillSets"]] == [
        (s.id, s.title, s.gems) for s in py.skill_sets
    ]
    ts_gems = sorted({g for s in ts["skillSets"] for g in active_gem_names(s)})
    assert ts_gems == py.gem_names
    assert (ts["activeTreeId"], ts["activeItemSetId"], ts["activeSkillSetId"]) == (
        py.active_tree_id,
        py.active_item_set_id,
        py.active_skill_set_id,
    )
    assert len(ts["items"]) == py.item_count
    assert sorted(k for k, v in ts["items"].items() if "error" in v) == sorted(py.invalid_item_ids)


def test_code_and_xml_of_the_same_build_decode_alike(ts_results):
    pairs = [
        (p, p.with_name(p.name.replace(".code.txt", ".xml"))) for p in FILES if p.name.endswith(".code.txt")
    ]
    assert len(pairs) >= 10
    for code, xml in pairs:
        assert ts_results[str(code)]["build"] == ts_results[str(xml)]["build"]
        assert decode_planner(code.read_text()) == decode_planner(xml.read_text())


def manifest_entries() -> list[dict]:
    return json.loads((CORPUS / "MANIFEST.json").read_text())


@pytest.mark.parametrize("entry", manifest_entries(), ids=lambda e: e["file"])
def test_corpus_manifest_summary_matches(entry):
    """The corpus curator's own per-build summary (class, level, counts) agrees with our decoding."""
    summary = entry["summary"]
    path = CORPUS.parent / entry["file"]
    for file in [path] + ([CORPUS.parent / entry["code_file"]] if entry.get("code_file") else []):
        py = decode_planner(file.read_text())
        assert py.class_name == summary["className"]
        assert py.ascendancy_name == (
            "" if summary["ascendClassName"] == "None" else summary["ascendClassName"]
        )
        assert py.level == int(summary["level"])
        assert len(py.trees) == summary["specs"]
        assert py.item_count == summary["items"]
        if summary["skillSets"]:
            assert len(py.skill_sets) == summary["skillSets"]
        if summary["itemSets"]:
            assert len(py.item_sets) == summary["itemSets"]
        if summary["treeVersions"]:
            assert {t.tree_version for t in py.trees} == set(summary["treeVersions"])


def test_just_planner_json_prints_the_contract_keys():
    path = corpus_file("heavy_strike_of_trarthus_inquisitor_328.code.txt")
    out = subprocess.run(
        ["./just", "planner-json", str(path)], cwd=REPO, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    build = json.loads(out.stdout)
    for key in ("className", "ascendancyName", "level", "bandit", "trees", "itemSets", "items", "skillSets"):
        assert key in build
    assert {"title", "treeVersion", "nodes"} <= build["trees"][0].keys()
    assert {"title", "slots"} <= build["itemSets"][0].keys()
    group = build["skillSets"][0]["groups"][0]
    assert {"slot", "gems"} <= group.keys()
    assert {"name", "level", "quality"} <= group["gems"][0].keys()


def test_just_planner_json_names_the_error_for_bad_input():
    out = subprocess.run(
        ["./just", "planner-json", "not a code!"], cwd=REPO, capture_output=True, text=True, timeout=120
    )
    assert out.returncode != 0
    assert "error: not_base64: Planner code is not base64 text." in out.stderr


def python_planner_json(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(REPO / ".venv/bin/python"), "-m", "server", "planner-json", str(path)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_python_planner_json_cli(tmp_path):
    path = corpus_file("318_skillset.xml")
    out = python_planner_json(path)
    assert out.returncode == 0, out.stderr
    extract = json.loads(out.stdout)
    assert [s["title"] for s in extract["skill_sets"]] == ["Arc SS", "CrackLance", "ImportTest"]
    bad = tmp_path / "bad.txt"
    bad.write_text(
        corpus_file("heavy_strike_of_trarthus_inquisitor_328.code.txt").read_text()[:400]
    )  # cut short
    out = python_planner_json(bad)
    assert out.returncode == 2
    assert out.stderr.startswith("error: not_zlib:")


CRAFTED = {
    "titles": (
        '<PathOfBuilding><Build className="Witch" ascendClassName="None" level="7"/>'
        '<Tree activeSpec="3"><Spec title="  Lvl 10\t" nodes="1, 2,2 ,3"/><Spec title="---"/>'
        '<Spec title="a\nb" nodes="5"/><Spec title="lvl 10"/><Spec title="Lvl &#10; 5"/><Spec/></Tree>'
        '<Items activeItemSet="9"><ItemSet id="4" title=""/><ItemSet id="9" title="Default"/>'
        '<ItemSet id="2" title="A"/><ItemSet id="3" title="a (2)"/><ItemSet id="5" title="a"/></Items>'
        "</PathOfBuilding>"
    ),
    "legacy_skills_and_config": (
        '<PathOfBuilding><Build className="Ranger" ascendClassName="Deadeye" bandit="Oak" pantheonMajorGod="Lunaris"/>'
        '<Skills><Skill enabled="false"><Gem nameSpec="Off Group"/></Skill>'
        '<Skill><Gem nameSpec="Tornado Shot"/><Gem nameSpec="Off Gem" enabled="false"/><Gem nameSpec=""/>'
        '<Gem name="Old Name"/></Skill></Skills>'
        '<Config activeConfigSet="2"><ConfigSet id="1"><Input name="bandit" string="Alira"/></ConfigSet>'
        '<ConfigSet id="2"><Input name="pantheonMajorGod" string="Arakaali"/></ConfigSet></Config>'
        '<Items><Item id="1">Rarity: RARE\nX\nY</Item><Item id="2">  \n Astramentis\nOnyx Amulet</Item>'
        '<Item id="3">\n\t Rarity: UNIQUE\nA\nB</Item><Slot name="Ring 1" itemId="1"/><Slot name="Ring 2" itemId="0"/></Items>'
        "</PathOfBuilding>"
    ),
    "misc_around_root": (
        '<?xml version="1.0" encoding="UTF-8"?>\n<!-- exported -->\n'
        '<PathOfBuilding><Build className="Marauder" ascendClassName="Juggernaut" level="90"/></PathOfBuilding>'
        "\n<!-- a - b -->\n<?pi x?>\n\n"
    ),
}


def write_xmls(folder: Path, xmls: dict[str, str]) -> list[Path]:
    """Each XML as {name}.xml in `folder`, for the TypeScript decoder's batch."""
    files = []
    for name, xml in xmls.items():
        path = folder / f"{name}.xml"
        path.write_text(xml, encoding="utf-8")
        files.append(path)
    return files


def test_crafted_edge_cases_agree(tmp_path):
    files = write_xmls(tmp_path, CRAFTED)
    results = ts_batch(files)
    for path in files:
        row = results[str(path)]
        assert "build" in row, row.get("error")
        assert_agree(row["build"], decode_planner(path.read_text(encoding="utf-8")))
    titles = decode_planner(CRAFTED["titles"])
    assert [(t.id, t.title) for t in titles.trees] == [
        ("lvl 10", "Lvl 10"),
        ("a b", "a b"),
        ("lvl 10 (2)", "lvl 10"),
        ("lvl \n 5", "Lvl \n 5"),
        ("default", "Default"),
    ]
    assert titles.trees[0].nodes == [1, 2, 3]
    assert titles.active_tree_id == "a b"
    assert [s.id for s in titles.item_sets] == ["default", "default (2)", "a", "a (2)", "a (3)"]
    assert titles.active_item_set_id == "default (2)"
    legacy = decode_planner(CRAFTED["legacy_skills_and_config"])
    assert [s.gems for s in legacy.skill_sets] == [["Tornado Shot", "Old Name"]]
    assert (legacy.bandit, legacy.pantheon_major) == ("Oak", "Arakaali")
    assert legacy.invalid_item_ids == ["2"]
    assert [s.slots for s in legacy.item_sets] == [{"Ring 1": "1"}]


@pytest.mark.parametrize("code", ["AAAA===", "A", "AB=C", "====", "😀abc"])
def test_both_reject_malformed_base64_alike(tmp_path, code):
    path = tmp_path / "code.txt"
    path.write_text(code, encoding="utf-8")
    row = ts_batch([path])[str(path)]
    with pytest.raises(PlannerError) as err:
        decode_planner(code)
    assert row["error"]["kind"] == err.value.kind == "not_base64"


def poe2_variants() -> dict[str, str]:
    """A corpus export (PoE1 content under a <PathOfBuilding2> root) given each mark of a Path of
    Building 2 export in turn: its class, its target version, its tree version."""
    xml = corpus_file("325_loadouts.xml").read_text(encoding="utf-8")
    variants = {
        "class": xml.replace('className="Scion"', 'className="Warrior"', 1),
        "target_version": xml.replace('targetVersion="3_0"', 'targetVersion="0_1"', 1),
        "tree_version": xml.replace('treeVersion="3_25"', 'treeVersion="0_4"', 1),
    }
    assert all(v != xml for v in variants.values())
    return variants


def test_both_refuse_path_of_exile_2_exports_alike(tmp_path):
    files = []
    for name, xml in poe2_variants().items():
        for kind, text in (("xml", xml), ("code", base64.urlsafe_b64encode(zlib.compress(xml.encode())).decode())):
            path = tmp_path / f"{name}.{kind}.txt"
            path.write_text(text, encoding="utf-8")
            files.append(path)
    results = ts_batch(files)
    for path in files:
        with pytest.raises(PlannerError) as err:
            decode_planner(path.read_text(encoding="utf-8"))
        assert err.value.kind == "poe2_build", path.name
        assert "Path of Exile 2" in err.value.message
        assert results[str(path)]["error"] == {"kind": err.value.kind, "message": err.value.message}
    # The same export without those marks is a Path of Exile 1 build under the same root.
    assert decode_planner(corpus_file("325_loadouts.xml").read_text(encoding="utf-8")).class_name == "Scion"


def test_both_name_gems_without_name_spec_alike(tmp_path):
    """Every corpus XML with its gems' nameSpec removed (gems named only by skillId and gemId, as
    older planner versions write them): both implementations name them from the gem list alike,
    and most keep their names (those the gem list no longer knows, item skills and renamed
    gems, are left out by both)."""
    files, kept, total = [], 0, 0
    for path in FILES:
        if not path.name.endswith(".xml"):
            continue
        text = path.read_text(encoding="utf-8")
        stripped = re.sub(r'\snameSpec="[^"]*"', "", text)
        if stripped == text:
            continue
        out = tmp_path / f"{path.parent.name}__{path.name}"
        out.write_text(stripped, encoding="utf-8")
        files.append(out)
        before, after = decode_planner(text).gem_names, decode_planner(stripped).gem_names
        kept += len(set(before) & set(after))
        total += len(before)
    assert len(files) >= 30
    assert kept >= 0.9 * total, (kept, total)
    results = ts_batch(files)
    for path in files:
        row = results[str(path)]
        assert "build" in row, row.get("error")
        assert_agree(row["build"], decode_planner(path.read_text(encoding="utf-8")))


def legacy_root_spec_variants() -> dict[str, str]:
    """A corpus export whose one tree is a URL-only <Spec> under <Tree>, rewritten as the planner's first
    versions wrote it (late 2016): that <Spec> directly under the root, which the planner still loads
    as the build's single tree (Build.lua legacyLoaders). With several sections the last one counts."""
    xml = corpus_file("import_code.xml").read_text(encoding="utf-8")
    section = re.search(r'<Tree activeSpec="1">\s*(<Spec>.*?</Spec>)\s*</Tree>', xml, re.S)
    assert section is not None
    spec = section.group(1)

    def titled(title: str) -> str:
        return spec.replace("<Spec>", f'<Spec title="{title}">', 1)

    tree = f'<Tree activeSpec="2">{titled("a")}{titled("b")}</Tree>'
    return {
        "root_spec": xml.replace(section.group(0), spec),
        "spec_then_tree": xml.replace(section.group(0), titled("root") + tree),
        "tree_then_spec": xml.replace(section.group(0), tree + titled("root")),
    }


def test_a_spec_under_the_root_is_the_single_tree_in_both(tmp_path):
    variants = legacy_root_spec_variants()
    files = write_xmls(tmp_path, variants)
    results = ts_batch(files)
    for path in files:
        assert "build" in results[str(path)], results[str(path)].get("error")
        assert_agree(results[str(path)]["build"], decode_planner(path.read_text(encoding="utf-8")))

    was = decode_planner(corpus_file("import_code.xml").read_text(encoding="utf-8"))
    legacy = decode_planner(variants["root_spec"])
    assert legacy.trees == was.trees
    assert (legacy.trees[0].class_id, legacy.trees[0].ascendancy_id, len(legacy.trees[0].nodes)) == (3, 2, 131)
    assert legacy.active_tree_id == legacy.trees[0].id
    assert offered_trees(legacy).ids == [legacy.trees[0].id]
    assert [t.title for t in decode_planner(variants["spec_then_tree"]).trees] == ["a", "b"]
    assert decode_planner(variants["spec_then_tree"]).active_tree_id == "b"
    assert [t.title for t in decode_planner(variants["tree_then_spec"]).trees] == ["root"]
    # A Path of Exile 2 tree version marks such a spec as it does one under <Tree>.
    poe2 = tmp_path / "poe2.xml"
    poe2.write_text(variants["root_spec"].replace("<Spec>", '<Spec treeVersion="0_4">', 1), encoding="utf-8")
    with pytest.raises(PlannerError) as err:
        decode_planner(poe2.read_text(encoding="utf-8"))
    assert err.value.kind == ts_batch([poe2])[str(poe2)]["error"]["kind"] == "poe2_build"


@pytest.mark.parametrize("lead", ["\n\n", "\ufeff\r\n", "\r\n\ufeff \t"])
def test_a_code_whose_xml_starts_with_blank_lines_decodes_in_both(tmp_path, lead):
    """A code whose XML has whitespace or a byte order mark before its declaration (a hand-edited or
    tool-written build, re-encoded): strict XML refuses a declaration there, but the planner reads
    past it, as both decoders do for the same XML pasted as text."""
    xml = corpus_file("322_overrides.xml").read_text(encoding="utf-8")
    assert xml.startswith("<?xml")
    path = tmp_path / "lead.code.txt"
    path.write_text(base64.urlsafe_b64encode(zlib.compress((lead + xml).encode())).decode(), encoding="utf-8")
    row = ts_batch([path])[str(path)]
    assert "build" in row, row.get("error")
    py = decode_planner(path.read_text(encoding="utf-8"))
    assert_agree(row["build"], py)
    assert py == decode_planner(xml)
