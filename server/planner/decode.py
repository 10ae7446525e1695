"""Planner code or raw XML -> parsed, bounded lxml root.

Limits (the same in workers/planner/limits.ts):
- a code longer than MAX_CODE_CHARS is rejected before decoding;
- inflation stops once the output passes MAX_XML_BYTES (zip bombs stop early);
- DTDs and entity declarations are rejected before parsing (billion laughs,
  external entities), and lxml never resolves entities or touches the network;
- elements nested deeper than MAX_DEPTH are rejected.

Characters XML does not allow (control characters such as U+000B, U+FFFE) are read as spaces
before parsing: the planner writes them into exports as they are (its writer escapes only
< > & ' "), so real exports hold them in notes and item text. The XML is read as UTF-8 whatever
its declaration says, invalid bytes as U+FFFD, as the PWA's decoder reads it. What is not
well-formed (duplicate or unquoted attributes, '<' in a value or in text) is refused, and so are
XML namespaces; the PWA's decoder (workers/planner/wellFormed.ts) refuses the same.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib

from lxml import etree

from server.planner.errors import PlannerError

MAX_CODE_CHARS = 2 * 1024 * 1024
MAX_XML_BYTES = 4 * 1024 * 1024
# Planner XML is about 5 levels deep; 32 leaves room for any legitimate export.
MAX_DEPTH = 32
# Some planner forks write <PathOfBuilding2>; the layout below the root is the same.
ROOT_TAGS = ("PathOfBuilding", "PathOfBuilding2")
# Path of Building 2 (Path of Exile 2) also writes <PathOfBuilding2>, so the root does not tell the
# games apart: its exports target version 0_x, draw on 0_x trees and name classes Path of Exile 1
# never had. Such a build decoded as Path of Exile 1 would read its class id as the wrong class.
POE2_CLASSES = frozenset({"warrior", "mercenary", "huntress", "sorceress", "monk", "druid"})
POE2_MESSAGE = "This is a Path of Exile 2 build (a Path of Building 2 export); Waypoint plans Path of Exile 1 builds only."

_WS = re.compile(r"\s+")
_CODE = re.compile(r"[A-Za-z0-9+/_-]+={0,2}")
_DTD = re.compile(rb"<!(DOCTYPE|ENTITY)")
# Whitespace and byte order marks before a code's XML declaration, which strict XML refuses but the
# planner (and the PWA's decoder) read past, as they do for pasted XML.
_LEADING = re.compile(rb"\A(?:\xef\xbb\xbf|[ \t\r\n])+")
# Only the five predefined entities and character references are XML without a DTD.
_ENTITY_REF = re.compile(rb"&(?!(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);)")

# A character XML 1.0 does not allow (a lone surrogate included); the PWA's xmlChars uses the same class.
_NOT_XML_CHAR = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")

# The planner writes no namespaces, and the lookups below would miss a <PathOfBuilding xmlns="...">: an
# element in a namespace or a namespace declaration is refused (workers/planner/wellFormed.ts alike).
_USES_NAMESPACES = etree.XPath("boolean(//*[namespace-uri() != ''] | //*/namespace::*[name() != 'xml'])")
NAMESPACES_MESSAGE = "Planner XML must not use XML namespaces."

_PARSER = etree.XMLParser(
    encoding="utf-8",
    resolve_entities=False,
    no_network=True,
    huge_tree=False,
    load_dtd=False,
    dtd_validation=False,
    remove_comments=True,
    remove_pis=True,
    recover=False,
)


def planner_xml_bytes(text: str) -> bytes:
    """The XML bytes of a planner code or raw XML text, within the size caps."""
    stripped = text.lstrip("\ufeff").strip()
    if stripped.startswith("<"):
        data = xml_chars(stripped).encode("utf-8")
        if len(data) > MAX_XML_BYTES:
            raise PlannerError(
                "too_large", f"Planner XML is larger than {MAX_XML_BYTES // (1024 * 1024)} MB."
            )
        return data
    return _LEADING.sub(b"", _inflate(_base64(stripped)), count=1)


def _base64(text: str) -> bytes:
    if len(text) > MAX_CODE_CHARS:
        raise PlannerError("too_large", f"Planner code is longer than {MAX_CODE_CHARS // (1024 * 1024)} MB.")
    code = _WS.sub("", text)
    if not code:
        raise PlannerError("not_base64", "Planner code is empty.")
    if not _CODE.fullmatch(code) or len(code.rstrip("=")) % 4 == 1:
        raise PlannerError("not_base64", "Planner code is not base64 text.")
    code = code.rstrip("=").replace("-", "+").replace("_", "/")
    try:
        return base64.b64decode(code + "=" * (-len(code) % 4), validate=True)
    except (binascii.Error, ValueError) as exc:
        raise PlannerError("not_base64", "Planner code is not base64 text.") from exc


def _inflate(raw: bytes) -> bytes:
    # wbits 47 accepts a zlib or a gzip header; max_length bounds the output.
    inflater = zlib.decompressobj(47)
    try:
        out = inflater.decompress(raw, MAX_XML_BYTES + 1)
    except zlib.error as exc:
        raise PlannerError("not_zlib", "Planner code is not zlib-compressed data.") from exc
    if len(out) > MAX_XML_BYTES:
        raise PlannerError(
            "too_large", f"Planner code inflates to more than {MAX_XML_BYTES // (1024 * 1024)} MB."
        )
    if not inflater.eof:
        raise PlannerError("not_zlib", "Planner code is truncated: the compressed data ends early.")
    return out


def xml_chars(text: str) -> str:
    """The text with each character XML does not allow read as a space."""
    return _NOT_XML_CHAR.sub(" ", text) if _NOT_XML_CHAR.search(text) else text


def parse_planner_xml(data: bytes) -> etree._Element:
    """Parse bounded planner XML (UTF-8, characters as xml_chars reads them); the root must be <PathOfBuilding>."""
    # As the PWA's TextDecoder: a leading byte order mark dropped, invalid bytes read as U+FFFD.
    data = xml_chars(data.decode("utf-8-sig", "replace")).encode("utf-8")
    if _DTD.search(data):
        raise PlannerError("not_planner_xml", "Planner XML must not contain a DTD or entity declarations.")
    if _ENTITY_REF.search(data):
        raise PlannerError("not_planner_xml", "Planner XML refers to an undefined entity.")
    try:
        root = etree.fromstring(data, _PARSER)
    except etree.XMLSyntaxError as exc:
        raise PlannerError("not_planner_xml", f"Planner XML is malformed: {exc.msg}") from exc
    except ValueError as exc:
        raise PlannerError("not_planner_xml", f"Planner XML is malformed: {exc}") from exc
    if root is not None and _USES_NAMESPACES(root):
        raise PlannerError("not_planner_xml", NAMESPACES_MESSAGE)
    if root is None or root.tag not in ROOT_TAGS:
        raise PlannerError("not_planner_xml", "Planner XML must have a <PathOfBuilding> root element.")
    if root.find("/".join(["*"] * MAX_DEPTH)) is not None:
        raise PlannerError("not_planner_xml", f"Planner XML is nested deeper than {MAX_DEPTH} elements.")
    build = root.find("Build")
    if build is None:
        raise PlannerError("not_planner_xml", "Planner XML has no <Build> element.")
    if _is_poe2(root, build):
        raise PlannerError("poe2_build", POE2_MESSAGE)
    return root


def _is_poe2(root: etree._Element, build: etree._Element) -> bool:
    if (build.get("targetVersion") or "").strip().startswith("0_"):
        return True
    if (build.get("className") or "").strip().lower() in POE2_CLASSES:
        return True
    specs = [*root.iterfind("Tree/Spec"), *root.iterfind("Spec")]  # root-level: the legacy single tree
    return any((spec.get("treeVersion") or "").strip().startswith("0_") for spec in specs)
