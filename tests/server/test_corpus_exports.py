"""Every planner export of the corpus through the server's extraction and publish validation.

An export may keep a tree of another class (the Mirage Archer build keeps a 3.6 Shadow tree under its
Ranger): such trees are not offered as steps, and the build still publishes with all its own trees.
Only a build without a tree of its class is refused, with one clear message.
"""

from __future__ import annotations

import base64
import uuid
import zlib

import msgspec
import pytest
from lxml import etree

from server.classes import load_class_table
from server.planner import NO_TREE_FOR_CLASS, decode_planner, offered_trees
from server.publish import PublishRejected, decode_and_validate
from server.settings import Settings
from server.wire import PublishRequest, Step
from tests.planner.corpus import corpus_file, corpus_files
from tests.server.conftest import publish_payload, sign_in

FILES = corpus_files()
# Base classes in classId order, read from the game-data class table (not from the code under test).
CLASSES = list(load_class_table(Settings().game_data_dist).ascendancies)


def expected_own(ex) -> tuple[list[str], list[str]]:
    """Trees of the build's class; among them those of one ascendancy (the active tree's, else the
    first ascended one's) or of none. Read straight from each tree's class and ascendancy ids."""
    own = [t for t in ex.trees if 0 <= t.class_id < len(CLASSES) and CLASSES[t.class_id] == ex.class_name]
    active = next((t for t in own if t.id == ex.active_tree_id and t.ascendancy_id), None)
    first = active or next((t for t in own if t.ascendancy_id), None)
    keep = [t.id for t in own if t.ascendancy_id in (0, first.ascendancy_id if first else 0)]
    return keep, [t.title for t in ex.trees if t.id not in keep]


def request(ex, code: str, tree_ids: list[str]) -> PublishRequest:
    gems = next((s.gems for s in ex.skill_sets if s.gems), [])
    return PublishRequest(
        build_id=f"corpus-{uuid.uuid4().hex[:12]}",
        pob_cod=code,
        base_class=ex.class_name,
        ascendancy=ex.ascendancy_name,
        tree_version="",
        steps=[
            Step(f"Step {i}", ex.item_sets[0].id if ex.item_sets else "none",
                 ex.skill_sets[0].id if ex.skill_sets else "none", tree_id)
            for i, tree_id in enumerate(tree_ids or ["none"], 1)
        ],
        skills=gems[:1] or ["Fireball"],
    )


def code_of(path) -> str:
    text = path.read_text(encoding="utf-8")
    return base64.urlsafe_b64encode(zlib.compress(text.encode(), 9)).decode() if text.lstrip().startswith("<") else text


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_each_export_offers_its_own_trees_or_is_refused_with_the_message(path):
    code = code_of(path)
    ex = decode_planner(code)
    want, foreign = expected_own(ex)
    got = offered_trees(ex)
    assert (got.ids, got.not_offered) == (want, foreign)
    publishable = bool(ex.item_sets and ex.skill_sets and any(s.gems for s in ex.skill_sets))
    if not want:
        with pytest.raises(PublishRejected) as refused:
            decode_and_validate(request(ex, code, []))
        assert str(refused.value) == NO_TREE_FOR_CLASS
        return
    if publishable:
        ok = decode_and_validate(request(ex, code, want))
        assert [s.passive_tree_id for s in ok.steps] == want
    for tree in ex.trees:
        if tree.id not in want:
            with pytest.raises(PublishRejected, match="is for another class or ascendancy"):
                decode_and_validate(request(ex, code, [*want, tree.id]))


def test_the_corpus_has_a_foreign_tree_and_a_build_without_one():
    """The cases above are not vacuous: one export keeps a tree of another class, one has no tree."""
    archer = decode_planner(code_of(corpus_file("3.13_Mirage_Archer_Toxic_Rain.xml")))
    offered = offered_trees(archer)
    assert offered.not_offered == ["Default"] and len(offered.ids) == 2
    assert CLASSES[archer.trees[0].class_id] == "Shadow" and archer.class_name == "Ranger"
    empty = decode_planner(code_of(corpus_file("empty.xml")))
    assert offered_trees(empty).ids == []


async def test_publish_over_http_takes_foreign_trees_off_and_refuses_a_treeless_build(client):
    await sign_in(client, "Foreign")
    archer = corpus_file("3.13_Mirage_Archer_Toxic_Rain.xml")
    code = code_of(archer)
    ex = decode_planner(code)
    body = msgspec.to_builtins(request(ex, code, offered_trees(ex).ids))
    r = await client.post("/api/Build", json=body)
    assert r.status_code == 201, r.text
    info = (await client.get(f"/api/Build/{r.json()['data']['slug']}")).json()["data"]["buildInfo"]
    assert [s["passiveTreeId"] for s in info["steps"]] == offered_trees(ex).ids
    # A build whose only tree is of another class: refused with the message, never a 500.
    xml = etree.fromstring(archer.read_bytes())
    tree = xml.find("Tree")
    for spec in tree.findall("Spec")[1:]:
        tree.remove(spec)
    only_foreign = etree.tostring(xml).decode()
    r = await client.post("/api/Build", json=publish_payload(archer) | {
        "pobCod": code_of_text(only_foreign), "steps": [body["steps"][0] | {"passiveTreeId": "default"}]})
    assert r.status_code == 422 and r.json()["error"]["message"] == NO_TREE_FOR_CLASS


def code_of_text(xml: str) -> str:
    return base64.urlsafe_b64encode(zlib.compress(xml.encode(), 9)).decode()


async def test_a_node_number_past_int_limits_is_a_clear_422(client):
    await sign_in(client, "Digits")
    path = corpus_file("3.13_OccVortex.xml")
    xml = etree.fromstring(path.read_bytes())
    spec = xml.find("Tree/Spec")
    spec.set("nodes", spec.get("nodes") + "," + "7" * 5000)
    payload = publish_payload(path) | {"pobCod": code_of_text(etree.tostring(xml).decode())}
    r = await client.post("/api/Build", json=payload)
    assert r.status_code == 422, r.text
    assert "number too long to be a node id" in r.json()["error"]["message"]
