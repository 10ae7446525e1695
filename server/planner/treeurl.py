"""Official passive-tree URLs (versions 1-6), for planner specs without a `nodes` attribute.

Same layout as the planner's PassiveSpec:DecodeURL and workers/planner/treeUrl.ts:
4-byte version, class id, ascendancy id (version >= 4), then 16-bit node ids;
version >= 5 adds a count byte before the nodes and a cluster-node list
(ids + 65536); version 6 adds mastery pairs (effect id, node id).
"""

from __future__ import annotations

import base64
import binascii

import msgspec


class TreeUrl(msgspec.Struct):
    version: int
    class_id: int
    ascendancy_id: int
    nodes: list[int]
    mastery_effects: dict[int, int]


def decode_tree_url(url: str) -> TreeUrl | None:
    """None when the URL is not a tree link we can read."""
    tail = url.strip().split("?", 1)[0].rsplit("/", 1)[-1]
    tail = tail.replace("-", "+").replace("_", "/").rstrip("=")
    try:
        b = base64.b64decode(tail + "=" * (-len(tail) % 4), validate=True)
    except (binascii.Error, ValueError):
        return None
    if len(b) < 6:
        return None
    version = int.from_bytes(b[0:4], "big")
    if version > 6:
        return None
    class_id = b[4]
    ascendancy_id = b[5] if version >= 4 else 0
    nodes: list[int] = []
    mastery: dict[int, int] = {}
    if version < 5:
        start = 7 if version >= 4 else 6
        body = b[start:]
        nodes = [body[i] << 8 | body[i + 1] for i in range(0, len(body) - 1, 2)]
        return TreeUrl(version, class_id, ascendancy_id, nodes, mastery)
    pos = 6
    count = b[pos] if pos < len(b) else 0
    body = b[pos + 1 : pos + 1 + 2 * count]
    nodes = [body[i] << 8 | body[i + 1] for i in range(0, len(body) - 1, 2)]
    pos += 1 + 2 * count
    if pos < len(b):
        count = b[pos]
        body = b[pos + 1 : pos + 1 + 2 * count]
        nodes += [(body[i] << 8 | body[i + 1]) + 65536 for i in range(0, len(body) - 1, 2)]
        pos += 1 + 2 * count
    if version >= 6 and pos < len(b):
        count = b[pos]
        body = b[pos + 1 : pos + 1 + 4 * count]
        for i in range(0, len(body) - 3, 4):
            mastery[body[i + 2] << 8 | body[i + 3]] = body[i] << 8 | body[i + 1]
    return TreeUrl(version, class_id, ascendancy_id, nodes, mastery)
