"""Planner code or raw XML -> parsed, bounded lxml root.

Limits (the same in workers/planner/limits.ts):
- a code longer than MAX_CODE_CHARS is rejected before decoding;
- inflation stops once the output passes MAX_XML_BYTES (zip bombs stop early);
- DTDs and entity declarations are rejected before parsing (billion laughs,
  external entities), and lxml never resolves entities or touches the network;
- elements nested deeper than MAX_DEPTH are rejected.
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

_PARSER = etree.XMLParser(
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
        data = stripped.encode("utf-8")
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


def parse_planner_xml(data: bytes) -> etree._Element:
    """Parse bounded planner XML; the root must be <PathOfBuilding>."""
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
