"""Demo seeding from the planner corpus: the run command's startup hook and `python -m server seed`."""

from __future__ import annotations

import sqlite3
import subprocess
import sys

from e2e.harness import REPO, ServerProcess
from tests.server.conftest import POB


def _publishable_corpus_files() -> int:
    from server.seed import _sources, plan_build

    return sum(plan_build(p, POB.parent) is not None for p in _sources(POB))


def test_run_command_seeds_an_empty_database_with_more_than_one_page(tmp_path):
    db = tmp_path / "seeded.sqlite3"
    with ServerProcess(env={"WAYPOINT_RATE_LIMIT_PER_MINUTE": "0"}, db_path=db) as server:
        with server.client() as c:
            page = c.get("/api/Build/search").json()["data"]
            assert len(page["builds"]) == 20 and page["cursor"] is not None
            creators = {b["creatorName"] for b in page["builds"]}
            assert creators and all(n.startswith("Demo") for n in creators)
            assert any(b["likes"] > 0 for b in page["builds"])
            # A seeded build decodes: its code is the corpus build and its steps name real sets.
            info = c.get(f"/api/Build/{page['builds'][0]['slug']}").json()["data"]["buildInfo"]
            from server.planner import decode_planner

            ex = decode_planner(info["pobCode"])
            assert ex.class_name == info["baseClass"]
            assert {s["passiveTreeId"] for s in info["steps"]} <= {t.id for t in ex.trees}
    conn = sqlite3.connect(db)
    n = conn.execute("SELECT COUNT(*) FROM builds").fetchone()[0]
    assert n >= _publishable_corpus_files() >= 21
    drift = conn.execute(
        "SELECT COUNT(*) FROM builds b WHERE likes != (SELECT COUNT(*) FROM likes l WHERE l.build_id = b.id)"
    ).fetchone()[0]
    assert drift == 0
    # A second start does not seed again.
    with ServerProcess(env={"WAYPOINT_RATE_LIMIT_PER_MINUTE": "0"}, db_path=db):
        pass
    assert sqlite3.connect(db).execute("SELECT COUNT(*) FROM builds").fetchone()[0] == n


def test_seed_command_is_idempotent_and_logs_skips(tmp_path):
    env = {"WAYPOINT_DB_PATH": str(tmp_path / "cli.sqlite3"), "PATH": "/usr/bin:/bin"}
    first = subprocess.run([sys.executable, "-m", "server", "seed"], cwd=REPO, env=env, capture_output=True, text=True)
    assert first.returncode == 0, first.stderr
    published = _publishable_corpus_files()
    assert f"seeded {published} demo builds" in first.stdout
    assert "seed: skipping pob/TimothyByrd__PathOfBuildingMerge/empty.xml" in first.stderr
    second = subprocess.run([sys.executable, "-m", "server", "seed"], cwd=REPO, env=env, capture_output=True, text=True)
    assert "seeded 0 demo builds" in second.stdout and f"{published} already present" in second.stdout


def test_seed_off_leaves_the_database_empty(tmp_path):
    db = tmp_path / "empty.sqlite3"
    with ServerProcess(env={"WAYPOINT_SEED_DEMO": "false"}, db_path=db) as server:
        with server.client() as c:
            assert c.get("/api/Build/search").json()["data"] == {"builds": [], "pageSize": 20, "cursor": None}
