"""Hypothesis: thousands of mutated real planner codes and XML never raise anything but PlannerError."""

from __future__ import annotations

import base64
import zlib

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from server.planner import PlannerError, decode_planner
from tests.planner.corpus import corpus_file

CODES = [
    corpus_file(name).read_text().strip()
    for name in (
        "heavy_strike_of_trarthus_inquisitor_328.code.txt",
        "test_code.code.txt",
        "The_TyTyKiller_Armageddon_Build.code.txt",
    )
]
XMLS = [
    corpus_file(name).read_text()
    for name in ("test_code.xml", "heavy_strike_of_trarthus_inquisitor_328.xml", "320_impending_doom.xml")
]
TOKENS = [
    "<",
    ">",
    "&",
    "&amp;",
    "&#0;",
    "&#x110000;",
    '"',
    "'",
    "/>",
    "</Item>",
    '<Item id="9">',
    "Rarity: RARE\n",
    "{variant:",
    "{range:x}",
    "Implicits: 99\n",
    'nodes="a,b"',
    'level="NaN"',
    "<Spec>",
    "</Spec>",
    "<!--",
    "<![CDATA[",
    "]]>",
    "\x00",
    "\ufffe",
    'title="---"',
    'activeSpec="99999999999"',
    '<SkillSet title="">',
    "<Gem/>",
    "<!DOCTYPE x>",
    '<!ENTITY a "b">',
]

mutation = st.tuples(
    st.floats(0, 1), st.integers(0, 40), st.one_of(st.sampled_from(TOKENS), st.text(max_size=6))
)
code_mutation = st.tuples(st.floats(0, 1), st.integers(0, 40), st.text("ABCxyz019+/-_=!@ \n", max_size=8))


def mutate(text: str, mutations: list[tuple[float, int, str]]) -> str:
    for where, delete, insert in mutations:
        at = int(where * len(text))
        text = text[:at] + insert + text[at + delete :]
    return text


def check(text: str) -> None:
    try:
        extract = decode_planner(text)
    except PlannerError as exc:
        assert exc.kind in ("not_base64", "not_zlib", "too_large", "not_planner_xml", "invalid_item", "poe2_build")
        return
    assert isinstance(extract.class_name, str)
    assert len({s.id for s in extract.item_sets}) == len(extract.item_sets)
    assert len({s.id for s in extract.skill_sets}) == len(extract.skill_sets)
    assert extract.gem_names == sorted(set(extract.gem_names))


SETTINGS = settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(st.sampled_from(CODES), st.lists(code_mutation, min_size=1, max_size=4))
def test_mutated_codes(code, mutations):
    check(mutate(code, mutations))


@SETTINGS
@given(st.sampled_from(XMLS), st.lists(mutation, min_size=1, max_size=4), st.booleans())
def test_mutated_xml(xml, mutations, as_code):
    text = mutate(xml, mutations)
    if as_code:
        raw = text.encode("utf-8", errors="surrogatepass")
        text = base64.urlsafe_b64encode(zlib.compress(raw)).decode()
    check(text)
