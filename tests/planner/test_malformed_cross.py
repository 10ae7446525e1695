"""Odd and malformed planner XML: both decoders accept or refuse each input alike, at load time.

A real export (corpus heavy_strike_of_trarthus_inquisitor_328.xml) is changed in memory, one case
at a time, and decoded as raw XML and as a planner code by the TypeScript decoder (workers/planner,
as the editor loads it) and the server's lxml decoder (as publishing checks it).

- Characters XML does not allow (U+000B, U+0000, ESC, U+FFFE) are accepted and read as spaces: the
  planner writes them into exports as they are (its XML writer escapes only < > & ' "), so an export
  whose notes or item text hold one is a real export, not a broken one.
- What is not well-formed (a duplicate or unquoted attribute, a '<' in an attribute value, "<3" in
  text, a character reference to a control character) is refused by both, as not_planner_xml. The
  planner never writes these (it quotes, escapes and writes each attribute once).
"""

from __future__ import annotations

import random

import pytest

from server.ggg.planner_items import parse_item, variant_attributes
from server.planner import PlannerError, decode_planner
from server.planner.decode import NAMESPACES_MESSAGE, parse_planner_xml, planner_xml_bytes
from tests.planner.corpus import corpus_file
from tests.planner.hostile import encode
from tests.planner.test_corpus_cross import assert_agree
from tests.planner.ts_cli import ts_batch

SOURCE = "heavy_strike_of_trarthus_inquisitor_328.xml"
BUILD = 'className="Templar"'
SPEC = '<Spec ascendClassId="1"'
ITEM_NAME = "Whispers of Infinity"


def source() -> str:
    return corpus_file(SOURCE).read_text(encoding="utf-8")


def edit(xml: str, old: str, new: str) -> str:
    assert old in xml, old
    return xml.replace(old, new, 1)


def odd(char: str):
    """A case with `char` in the notes, in a tree's title attribute and in an item's name."""

    def make(xml: str) -> str:
        xml = edit(xml, "<Notes>", f"<Notes>Level{char}with care")
        xml = edit(xml, SPEC, f'<Spec title="Early{char}game" ascendClassId="1"')
        return edit(xml, ITEM_NAME, ITEM_NAME.replace(" ", char, 1))

    return make


ACCEPTED = {
    "vertical_tab": odd("\x0b"),
    "form_feed": odd("\x0c"),
    "nul": odd("\x00"),
    "escape": odd("\x1b"),
    "noncharacter_fffe": odd("\ufffe"),
}

REFUSED = {
    "duplicate_attribute": (lambda x: edit(x, 'level="92"', 'level="92" level="93"'), "appears twice"),
    "unquoted_attribute": (lambda x: edit(x, 'level="92"', "level=92"), "not in quotes"),
    "lt_in_attribute": (lambda x: edit(x, BUILD, BUILD + ' note="a<b"'), "contains '<'"),
    "heart_in_text": (lambda x: edit(x, "<Notes>", "<Notes>I <3 this build"), "does not start a tag"),
    "control_char_reference": (lambda x: edit(x, "<Notes>", "<Notes>odd&#11;char"), "'&#11;'"),
    "mismatched_close": (lambda x: edit(x, "</Notes>", "</Note>"), "is closed by </Note>"),
}


@pytest.fixture(scope="module")
def decoded(tmp_path_factory):
    """name -> (input text, TypeScript row, Python result or PlannerError), for every case as XML and as a code."""
    folder = tmp_path_factory.mktemp("malformed")
    xml = source()
    inputs: dict[str, str] = {}
    for name, make in [*ACCEPTED.items(), *((n, m) for n, (m, _) in REFUSED.items())]:
        text = make(xml)
        inputs[f"{name}.xml"] = text
        inputs[f"{name}.code"] = encode(text.encode("utf-8"))
    files = {}
    for name, text in inputs.items():
        files[name] = folder / name
        files[name].write_text(text, encoding="utf-8")
    rows = ts_batch(list(files.values()))
    out = {}
    for name, text in inputs.items():
        try:
            py = decode_planner(text)
        except PlannerError as exc:
            py = exc
        out[name] = (text, rows[str(files[name])], py)
    return out


@pytest.mark.parametrize("form", ["xml", "code"])
@pytest.mark.parametrize("name", sorted(ACCEPTED))
def test_odd_characters_load_in_both_as_spaces(decoded, name, form):
    text, row, py = decoded[f"{name}.{form}"]
    assert not isinstance(py, PlannerError), py
    assert "build" in row, row.get("error")
    ts = row["build"]
    assert_agree(ts, py)
    assert "Level with care" in ts["notes"]
    assert [t["title"] for t in ts["trees"]][:1] == ["Early game"] == [t.title for t in py.trees][:1]
    assert ts["items"]["1"]["name"] == "Whispers of Infinity"
    # The server's planner -> official item conversion reads the same name.
    element = next(i for i in parse_planner_xml(planner_xml_bytes(text)).iter("Item") if i.get("id") == "1")
    assert parse_item(element.text, *variant_attributes(element))["name"] == "Whispers of Infinity"


@pytest.mark.parametrize("form", ["xml", "code"])
@pytest.mark.parametrize("name", sorted(REFUSED))
def test_malformed_xml_is_refused_by_both(decoded, name, form):
    _, row, py = decoded[f"{name}.{form}"]
    assert isinstance(py, PlannerError)
    assert py.kind == "not_planner_xml"
    assert py.message.startswith("Planner XML is malformed: ")
    assert "error" in row, "the PWA's decoder loaded what the server refuses"
    assert row["error"]["kind"] == "not_planner_xml"
    message = row["error"]["message"]
    assert message.startswith("Planner XML is malformed: ")
    assert REFUSED[name][1] in message
    assert "(line " in message


# Insertions that break (or only look as if they break) well-formedness, for the mutation test below.
TOKENS = [
    "<",
    ">",
    "&",
    "&amp;",
    "&#0;",
    "&#11;",
    "&#65;",
    '"',
    "'",
    "=",
    "/>",
    "</Item>",
    "<Item>",
    "<3",
    "a<b",
    " x=1",
    ' level="1"',
    "<a:b/>",
    ' xmlns:a="u"',
    "]]>",
    "--",
    "<!-- c -->",
    "<![CDATA[x]]>",
    "<?pi x?>",
    "<?xml ?>",
    "\x0b",
    "\x00",
    "\ufffe",
    "\x85",
    "\u00a0",
    "<!x>",
    "</Build>",
]


def test_mutated_exports_are_accepted_or_refused_alike(tmp_path):
    """Seeded mutations of a real export: whatever one decoder accepts, the other does too."""
    rng = random.Random(20261129)
    xml = source()
    texts = []
    for _ in range(150):
        text = xml
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(len(text))
            insert = (
                rng.choice(TOKENS) if rng.random() < 0.8 else "".join(rng.choices("ab<>&;'\"=/ !?-:\n#", k=4))
            )
            text = text[:at] + insert + text[at + rng.choice([0, 0, 1, 5]) :]
        texts.append(text)
    files = []
    for i, text in enumerate(texts):
        files.append(tmp_path / f"m{i}.xml")
        files[-1].write_text(text, encoding="utf-8")
    rows = ts_batch(files)
    outcomes = {"accepted": 0, "refused": 0}
    for path, text in zip(files, texts, strict=True):
        try:
            decode_planner(text)
            py = None
        except PlannerError as exc:
            py = exc.kind
        row = rows[str(path)]
        ts = row["error"]["kind"] if "error" in row else None
        assert ts == py, (path.name, row.get("error"), py)
        outcomes["refused" if py else "accepted"] += 1
    # Both outcomes occur, so the comparison means something.
    assert min(outcomes.values()) >= 20, outcomes


# Constructs at the edges of well-formedness, each put in a real export: in its notes, as its XML
# declaration, or after its root element. Both decoders decide each alike (lxml's verdicts include
# namespace prefixes, comments, character references, CDATA and the declaration's syntax).
IN_NOTES = [
    "<x:b/>",
    '<a xmlns:x="u"><x:b/></a>',
    '<a x:y="1"/>',
    '<a xml:lang="en"/>',
    "<:a/>",
    "x]]>y",
    '<a b="]]>"/>',
    "<!-- x -- y -->",
    "<!-- x --->",
    "<!--->",
    "<!---->",
    "<?xml-x?>",
    "<?x:y?>",
    "<? x?>",
    "<?XmL x?>",
    '<a b="1"c="2"/>',
    '<a b=">"/>',
    "< a/>",
    "<a></a >",
    "<a></ a>",
    "<a></A>",
    "<a.b-c/>",
    "<-a/>",
    "<\u00e9a/>",
    "<\u00b7a/>",
    '<a \u00e9="1"/>',
    "<a / >",
    "<a//>",
    "<a b='x\"y'/>",
    "<a\tb='1'\n/>",
    "&#65;&#x41;",
    "&#0;",
    "&#x110000;",
    "&#xFFFE;",
    "&#xD800;",
    "&#X41;",
    "&#x41",
    "&#99999999999999999999;",
    "<!-- &#0; -->",
    "<![CDATA[&#0;]]>",
    "<![CDATA[ <x> ]]>",
    "<![cdata[x]]>",
    "<![CDATA[x]]]>",
    "<!foo>",
    '<a xmlns:x=""/>',
    "<xmlns:a/>",
    "<xml:a/>",
    '<a xmlns:x="u" x:b="1" b="2"/>',
    '<a xmlns:y="u" xmlns:x="u" x:b="1" y:b="2"/>',
    '<a:b:c xmlns:a="u"/>',
    '<a xmlns:x="u"><x:3/></a>',
    "\u00a0",
    "<a\u00a0b='1'/>",
]
DECLARATIONS = [
    '<?xml encoding="UTF-8"?>',
    '<?xml version="1.1"?>',
    '<?xml version="2.0"?>',
    '<?xml version = "1.0" ?>',
    '<?xml version="1.0" encoding="bogus"?>',
    '<?XML version="1.0"?>',
    '<?xml version="1.0" standalone="maybe"?>',
    '<?xml version="1.0"encoding="UTF-8"?>',
    "<?xml?>",
    '<?xml version="1.0" standalone="yes" encoding="UTF-8"?>',
    "<?xml version='1.0' encoding='UTF-8' standalone='no' ?>",
    "<?xml-stylesheet x?>",
    "<!-- c -->",
    "",
]
AFTER_ROOT = ["<![CDATA[x]]>", "x", "<!-- c -->", "<?pi x?>", "<a/>", "</a>", "&amp;", "<!-- open"]


def test_edge_constructs_are_decided_alike(tmp_path):
    xml = source()
    declaration, rest = xml.split("\n", 1)
    assert declaration.startswith("<?xml ")
    cases = {
        **{f"notes {s!r}": edit(xml, "<Notes>", "<Notes>" + s) for s in IN_NOTES},
        **{f"declaration {s!r}": s + "\n" + rest for s in DECLARATIONS},
        **{f"after root {s!r}": xml.rstrip() + s for s in AFTER_ROOT},
        # Namespaces: the server's lookups would miss a root or an <Items> in one, so both refuse them by name.
        "namespace root": edit(xml, "<PathOfBuilding>", '<PathOfBuilding xmlns="urn:x">'),
        "namespace items": edit(xml, "<Items ", '<Items xmlns="urn:x" '),
        "namespace undeclared default": edit(xml, "<Notes>", '<Notes xmlns="">'),
    }
    files = {}
    for i, (name, text) in enumerate(cases.items()):
        files[name] = tmp_path / f"c{i}.xml"
        files[name].write_text(text, encoding="utf-8")
    rows = ts_batch(list(files.values()))
    outcomes = {"accepted": 0, "refused": 0}
    for name, text in cases.items():
        try:
            decode_planner(text)
            py = None
        except PlannerError as exc:
            py = exc.kind
        row = rows[str(files[name])]
        ts = row["error"]["kind"] if "error" in row else None
        assert ts == py, (name, row.get("error"), py)
        outcomes["refused" if py else "accepted"] += 1
        if name.startswith("namespace "):
            assert row["error"]["message"] == NAMESPACES_MESSAGE == py_message(text)
    assert outcomes["accepted"] >= 20 and outcomes["refused"] >= 40, outcomes


def py_message(text: str) -> str:
    with pytest.raises(PlannerError) as err:
        decode_planner(text)
    return err.value.message
