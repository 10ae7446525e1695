"""The node index bundle agrees with the plain trees it indexes; every plain tree stays small."""

from __future__ import annotations

import gzip
import json

from node_index import build_node_index, read_node_index
from test_pipeline import TREE_GZ_LIMIT, shipped_versions


def _plain_ids(out, files) -> dict[str, set[int]]:
    return {
        name.removeprefix("tree/"): set(json.loads((out / fname).read_bytes())["nodes"]["id"])
        for name, fname in files.items()
        if name.startswith("tree/")
    }


def test_the_index_holds_exactly_each_plain_trees_node_ids(built_dist):
    out, result = built_dist
    files = result.manifest["files"]
    index = json.loads((out / files["node-index"]).read_bytes())
    assert index["format"] == 1
    ids = _plain_ids(out, files)
    # Every version from 3.6 to 3.28 is indexed, and nothing else (the variants are not).
    assert set(index["versions"]) == set(ids) == set(shipped_versions())
    assert {f"3.{m}" for m in range(6, 29)} <= set(ids)
    decoded = read_node_index(index)
    for version, held in ids.items():
        assert decoded[version] == held, version
    # Gaps, not ids: the union is sorted and each gap is positive.
    assert index["ids"][0] > 0 and all(gap > 0 for gap in index["ids"][1:])
    assert len(index["ids"]) == len(set().union(*ids.values()))
    # Small enough to fetch beside the manifest (the trees themselves are 70-140 KB each).
    assert (out / (files["node-index"] + ".gz")).stat().st_size < 16 * 1024


def test_the_index_tells_versions_apart_where_their_trees_differ():
    trees = {
        "3.9": {"nodes": {"id": [5, 7, 100]}},
        "3.10": {"nodes": {"id": [7, 100, 65000]}},
        "3.28": {"nodes": {"id": []}},
    }
    index = build_node_index(trees)
    assert index["ids"] == [5, 2, 93, 64900]
    assert read_node_index(index) == {"3.9": {5, 7, 100}, "3.10": {7, 100, 65000}, "3.28": set()}
    assert build_node_index(trees) == index  # deterministic
    assert build_node_index({}) == {"format": 1, "ids": [], "versions": {}}


def test_every_plain_tree_bundle_is_at_most_150_kb_gzipped(built_dist):
    out, result = built_dist
    plain = {name: fname for name, fname in result.manifest["files"].items() if name.startswith("tree/")}
    assert {f"tree/3.{m}" for m in range(6, 29)} <= set(plain)
    for name, fname in plain.items():
        assert len(gzip.compress((out / fname).read_bytes(), compresslevel=9)) <= TREE_GZ_LIMIT, name
        assert (out / (fname + ".gz")).stat().st_size <= TREE_GZ_LIMIT, name
