"""A step exported by the TypeScript exporter (workers/planner/exportStep.ts) reads back, with the
server's lxml extraction, to the same tree, equipment set and skill set as the step in the original."""

from __future__ import annotations

import json
import subprocess

import pytest

from e2e.harness import REPO
from server.planner import decode_planner
from tests.planner.corpus import corpus_file, corpus_files
from tests.planner.ts_cli import CLI, TSX


def exported_steps() -> list[dict]:
    out = subprocess.run(
        [str(TSX), str(CLI), "--export-steps", *map(str, corpus_files())],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    return [json.loads(line) for line in out.stdout.splitlines() if line.strip()]


@pytest.fixture(scope="module")
def steps() -> list[dict]:
    return exported_steps()


def by_id(sets, wanted: str):
    return next(s for s in sets if s.id == wanted)


def test_every_corpus_step_reads_back_alike_on_the_server(steps):
    assert len(steps) > 60
    assert len({row["file"] for row in steps}) > 40
    originals = {}
    for row in steps:
        original = originals.setdefault(
            row["file"], decode_planner(open(row["file"], encoding="utf-8").read())
        )
        back = decode_planner(row["code"])
        step = row["step"]
        assert (len(back.trees), len(back.item_sets), len(back.skill_sets)) == (1, 1, 1), row["file"]
        tree = by_id(original.trees, step["passiveTreeId"])
        assert sorted(back.trees[0].nodes) == sorted(tree.nodes)
        assert back.trees[0].mastery_effects == tree.mastery_effects
        assert (back.trees[0].class_id, back.trees[0].ascendancy_id, back.trees[0].tree_version) == (
            tree.class_id,
            tree.ascendancy_id,
            tree.tree_version,
        )
        assert back.item_sets[0].slots == by_id(original.item_sets, step["equipmentSetId"]).slots
        assert back.skill_sets[0].gems == by_id(original.skill_sets, step["skillSetId"]).gems
        assert (back.class_name, back.ascendancy_name, back.bandit) == (
            original.class_name,
            original.ascendancy_name,
            original.bandit,
        )
        assert back.invalid_item_ids == []
        assert (back.active_tree_id, back.active_item_set_id, back.active_skill_set_id) == (
            back.trees[0].id,
            back.item_sets[0].id,
            back.skill_sets[0].id,
        )


def test_the_planner_json_cli_reads_an_exported_step(steps, tmp_path):
    source = str(corpus_file("sanavixx_cyclone_shockwave_slayer_328.code.txt"))
    row = next(r for r in steps if r["file"] == source and r["step"]["passiveTreeId"] == "lvl 58 (cruel lab)")
    path = tmp_path / "step.txt"
    path.write_text(row["code"])
    out = subprocess.run(
        [str(REPO / ".venv/bin/python"), "-m", "server", "planner-json", str(path)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    data = json.loads(out.stdout)
    assert [t["id"] for t in data["trees"]] == ["lvl 58 (cruel lab)"]
    assert [s["id"] for s in data["item_sets"]] == ["lvl 58 (cruel lab)"]
    assert [s["id"] for s in data["skill_sets"]] == ["lvl 58 (cruel lab)"]
