"""Fixtures for the game-data pipeline tests: the real tree exports and real pipeline runs."""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

import pytest

GAME_DATA = Path(__file__).resolve().parent.parent
if str(GAME_DATA) not in sys.path:
    sys.path.insert(0, str(GAME_DATA))

import pipeline  # noqa: E402
from tree_bundle import build_tree_bundle  # noqa: E402

from server.paths import CAMPAIGN_DIR, POB_CORPUS, TREES_DIR  # noqa: E402

SHARED_CAMPAIGN = CAMPAIGN_DIR
SHARED_TREES = TREES_DIR
CORPUS = POB_CORPUS


def load_export(version: str) -> dict:
    """The official export of a tree version ("3_25") from ../shared."""
    return json.loads(gzip.decompress((SHARED_TREES / f"{version}.json.gz").read_bytes()))


@pytest.fixture(scope="session")
def repoe_paths() -> dict[str, Path]:
    return pipeline.repoe_paths()


@pytest.fixture(scope="session")
def tree_export(repoe_paths) -> dict:
    # RePoE's 3.25 export: the hand-computed positions below were taken from it.
    return json.loads(repoe_paths["skill_tree"].read_bytes())


@pytest.fixture(scope="session")
def tree_bundle(tree_export) -> dict:
    # Built from a fresh parse so no test can leak changes into another.
    return build_tree_bundle(json.loads(json.dumps(tree_export)), "3.25")


@pytest.fixture(scope="session")
def built_dist(tmp_path_factory) -> tuple[Path, pipeline.Result]:
    out = tmp_path_factory.mktemp("game-data-dist")
    result = pipeline.run(pipeline.Options(out=out, campaign=str(SHARED_CAMPAIGN)))
    return out, result
