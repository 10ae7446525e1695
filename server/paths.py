"""Where this checkout and `../shared` sit: the one place Python computes them.

`../shared` (specs, game data, the corpus) is read in place, never copied. The
server settings, the game-data pipeline, the tests and the benchmarks all take
these paths from here.
"""

from __future__ import annotations

from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
SHARED_DIR = REPO_ROOT.parent / "shared"
CORPUS_DIR = SHARED_DIR / "corpus"
POB_CORPUS = CORPUS_DIR / "pob"
CAMPAIGN_DIR = SHARED_DIR / "game-data" / "campaign"
TREES_DIR = SHARED_DIR / "game-data" / "trees"
PLANNER_GEMS = SHARED_DIR / "game-data" / "pob" / "Gems.json.gz"
CLUSTER_JEWELS = SHARED_DIR / "game-data" / "pob" / "ClusterJewels.json.gz"
TREE_ART_DIR = SHARED_DIR / "game-data" / "tree-art"
