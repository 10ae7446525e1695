"""Older and odd official answers through the character detail call: a real server process against the
fake official server, which serves characters built from the real corpus sample at test time.

- "OldRuthless": a Ruthless league without the flag, 3.16-era packed mastery list, jewel_data sent as a
  list (jewels in sockets 0 and 1), names in the older font markup. The call answers it as the current
  form would be answered.
- "OddShapes": fields in shapes the API does not document (passives a list, an item's influences a
  list, a socket a string). The call answers 200 with what it could read, never a 500.
"""

from __future__ import annotations

import copy
import json

import pytest

from e2e.harness import ServerProcess
from tests.fakes.ggg import SAMPLE, FakeGgg
from tests.server.test_ggg_oauth import sign_in

MARKUP = "<<set:MS>><<set:M>><<set:S>>"


def _older(detail: dict) -> dict:
    c = copy.deepcopy(detail)
    c.update(id="c-old", name="OldRuthless", league="SSF Ruthless")
    p = c["passives"]
    p["mastery_effects"] = [str(e << 16 | int(n)) for n, e in p["mastery_effects"].items()]
    small = next(j for j in c["jewels"] if j["name"] == "Fulgent Bliss")
    sol = next(j for j in c["jewels"] if j["name"] == "Sol Shard")
    p["jewel_data"] = [p["jewel_data"][str(small["x"])], p["jewel_data"][str(sol["x"])]]
    small["x"], sol["x"] = 0, 1
    c["jewels"] = [small, sol]
    for item in [*c["equipment"], *c["jewels"]]:
        if item.get("name"):
            item["name"] = MARKUP + item["name"]
    return c


def _odd(detail: dict) -> dict:
    c = copy.deepcopy(detail)
    c.update(id="c-odd", name="OddShapes")
    c["passives"] = [1, 2, 3]
    c["equipment"][0]["influences"] = ["shaper"]
    weapon = next(i for i in c["equipment"] if i["inventoryId"] == "Weapon")
    weapon["sockets"] = ["R", *weapon["sockets"][1:]]
    return c


@pytest.fixture(scope="module")
def fake():
    f = FakeGgg()
    detail = json.loads(SAMPLE.read_text())["character"]
    f.characters += [_older(detail), _odd(detail)]
    f.start()
    yield f
    f.stop()


@pytest.fixture(scope="module")
def server(fake):
    with ServerProcess(env={**fake.env(), "WAYPOINT_SEED_DEMO": "false", "WAYPOINT_RATE_LIMIT_PER_MINUTE": "0"}) as s:
        yield s


def test_an_older_ruthless_answer_maps_like_a_current_one(server, fake):
    client = sign_in(server, fake)
    current = client.get("/api/Character/character/pc/testcharacter")
    older = client.get("/api/Character/character/pc/OldRuthless")
    assert current.status_code == 200 and older.status_code == 200, older.text
    cur, old = current.json()["data"], older.json()["data"]
    assert (cur["ruthless"], old["ruthless"]) == (False, True)
    assert old["passives"]["masteryEffects"] == cur["passives"]["masteryEffects"] and len(cur["passives"]["masteryEffects"]) == 7
    assert [(j["socketNodeIndex"], j["equipment"]["name"], j["allocatedOrbitIndices"]) for j in old["passives"]["expansionJewels"]] == [
        (0, "Fulgent Bliss", [0, 2])
    ]
    assert [(j["socketNodeIndex"], j["equipment"]["name"]) for j in old["passives"]["jewels"]] == [(1, "Sol Shard")]
    assert [e["name"] for e in old["equipment"]] == [e["name"] for e in cur["equipment"]]


def test_undocumented_field_shapes_answer_200_with_what_could_be_read(server, fake):
    client = sign_in(server, fake)
    r = client.get("/api/Character/character/pc/OddShapes")
    assert r.status_code == 200, r.text
    odd = r.json()["data"]
    cur = client.get("/api/Character/character/pc/testcharacter").json()["data"]
    assert odd["passives"]["hashes"] == [] and odd["passives"]["masteryEffects"] == {}
    assert len(odd["equipment"]) == len(cur["equipment"])
    assert [s["identifyingName"] for s in odd["skills"]] == [s["identifyingName"] for s in cur["skills"]]
