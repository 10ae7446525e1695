"""The passives note the guide shows for each bandit flag is the route checker's count.

The TypeScript side (the guide worker's API parsing the real route, then passivesNote) runs
once per source of the route facts under Node (workers/guide/test/passivesByFlag.ts); the
Python side is check_route, which walks the same route independently. Both must agree for
all four flags, and the checker must find nothing wrong with the route it counted.
"""

from __future__ import annotations

import json
import subprocess

import pytest

from tests.guide.route_check import BANDIT_FLAGS, REPO, check_route, route_facts

TSX = REPO / "node_modules" / ".bin" / "tsx"
SCRIPT = REPO / "workers" / "guide" / "test" / "passivesByFlag.ts"

CHOICE = {
    "BANDIT_KILL": "Kill all bandits",
    "BANDIT_ALIRA": "Help Alira",
    "BANDIT_KRAITYN": "Help Kraityn",
    "BANDIT_OAK": "Help Oak",
}


@pytest.fixture(scope="module", params=["bundle", "route-facts.json"])
def parsed(request, tmp_path_factory) -> dict[str, dict]:
    """flag -> {passivePoints, note, errors} from the TypeScript parser.

    "bundle": the table the pipeline joins into the campaign bundle (what the PWA reads, and
    what the checker uses); "route-facts.json": the supplement as the Node tests read it.
    """
    args = [str(TSX), str(SCRIPT)]
    if request.param == "bundle":
        table = tmp_path_factory.mktemp("route-facts") / "route-facts.json"
        table.write_text(json.dumps(route_facts()), encoding="utf-8")
        args.append(str(table))
    out = subprocess.run(args, cwd=REPO, capture_output=True, text=True, timeout=120, check=True)
    return json.loads(out.stdout)


@pytest.mark.parametrize("flag", BANDIT_FLAGS)
def test_the_passives_note_is_the_checkers_count(parsed, flag):
    report = check_route(flag)
    assert report.problems == []
    got = parsed[flag]
    assert got["errors"] == []
    assert got["passivePoints"] == report.passive_points
    assert got["note"] == f"{CHOICE[flag]}: {report.passive_points} passive points from the campaign"


def test_every_flag_is_compared():
    assert set(CHOICE) == set(BANDIT_FLAGS)
