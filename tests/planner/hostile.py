"""Hostile planner inputs, each paired with the error kind both decoders must name."""

from __future__ import annotations

import base64
import random
import zlib

from tests.planner.corpus import corpus_file

GIB = 1024**3


def encode(xml: bytes) -> str:
    return base64.urlsafe_b64encode(zlib.compress(xml, 9)).decode()


def zip_bomb(total: int = GIB + 64 * 1024**2) -> str:
    """A valid zlib stream of `total` zero bytes (> 1 GiB) as a planner code (~1.4 MB of text).

    Raw deflate blocks ending in a full flush do not refer back, so one 64 MiB
    block repeated is a valid stream; the adler32 trailer is computed for real.
    """
    chunk = 64 * 1024**2
    assert total % chunk == 0
    zeros = bytes(chunk)
    raw = zlib.compressobj(9, zlib.DEFLATED, -15)
    block = raw.compress(zeros) + raw.flush(zlib.Z_FULL_FLUSH)
    adler = 1
    for _ in range(total // chunk):
        adler = zlib.adler32(zeros, adler)
    final = b"\x03\x00"  # an empty final fixed-Huffman block
    stream = b"\x78\xda" + block * (total // chunk) + final + adler.to_bytes(4, "big")
    assert zlib.decompressobj().decompress(stream[:4096], 1024) == bytes(1024)
    return base64.urlsafe_b64encode(stream).decode()


BILLION_LAUGHS = (
    '<?xml version="1.0"?>\n<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n'
    + "".join(
        f' <!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">\n' for i in range(1, 10)
    )
    + ']>\n<PathOfBuilding><Build className="&lol9;"/></PathOfBuilding>'
)

EXTERNAL_ENTITY = (
    '<?xml version="1.0"?>\n<!DOCTYPE PathOfBuilding [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n'
    '<PathOfBuilding><Build className="Witch"/><Notes>&xxe;</Notes></PathOfBuilding>'
)

UNDEFINED_ENTITY = '<PathOfBuilding><Build className="Witch"/><Notes>&xxe;</Notes></PathOfBuilding>'


def deep_nesting(depth: int = 10_000) -> str:
    return (
        '<PathOfBuilding><Build className="Witch"/><Notes>'
        + "<a>" * depth
        + "</a>" * depth
        + "</Notes></PathOfBuilding>"
    )


def truncated_code() -> str:
    code = corpus_file("heavy_strike_of_trarthus_inquisitor_328.code.txt").read_text().strip()
    return code[: len(code) // 2]


def real_xml() -> str:
    return corpus_file("heavy_strike_of_trarthus_inquisitor_328.xml").read_text(encoding="utf-8").strip()


def truncated_xml(xml: str) -> str:
    """A real export cut short, as a clipboard paste can be: a partial build must not pass."""
    return xml[: int(len(xml) * 0.9)]


def random_bytes_code(seed: int = 7) -> str:
    rng = random.Random(seed)
    return base64.urlsafe_b64encode(bytes(rng.getrandbits(8) for _ in range(20_000))).decode()


def random_text(seed: int = 11) -> str:
    rng = random.Random(seed)
    return "".join(chr(rng.randrange(32, 0x2FF)) for _ in range(20_000))


def cases() -> dict[str, tuple[str, str]]:
    """name -> (payload text, expected kind). The zip bomb is built separately (it takes a moment)."""
    xml = real_xml()
    return {
        "truncated": (truncated_code(), "not_zlib"),
        "random_bytes": (random_bytes_code(), "not_zlib"),
        "random_text": (random_text(), "not_base64"),
        "billion_laughs_xml": (BILLION_LAUGHS, "not_planner_xml"),
        "billion_laughs_code": (encode(BILLION_LAUGHS.encode()), "not_planner_xml"),
        "external_entity_xml": (EXTERNAL_ENTITY, "not_planner_xml"),
        "external_entity_code": (encode(EXTERNAL_ENTITY.encode()), "not_planner_xml"),
        "undefined_entity": (UNDEFINED_ENTITY, "not_planner_xml"),
        "deep_nesting_xml": (deep_nesting(), "not_planner_xml"),
        "deep_nesting_code": (encode(deep_nesting().encode()), "not_planner_xml"),
        "code_too_long": ("A" * (3 * 1024 * 1024), "too_large"),
        "xml_too_large": ("<PathOfBuilding>" + " " * (9 * 1024 * 1024) + "</PathOfBuilding>", "too_large"),
        "truncated_xml": (truncated_xml(xml), "not_planner_xml"),
        "truncated_xml_code": (encode(truncated_xml(xml).encode()), "not_planner_xml"),
        "second_root": (xml + "<PathOfBuilding><Build/></PathOfBuilding>", "not_planner_xml"),
        "unclosed_comments_after_root": (xml + "<!--" * 400_000, "not_planner_xml"),
        "whitespace_then_text_after_root": (xml + " " * 1_500_000 + "x", "not_planner_xml"),
        "not_planner_root": ("<html><body>hi</body></html>", "not_planner_xml"),
    }
