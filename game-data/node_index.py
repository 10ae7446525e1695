"""The node index bundle (`node-index`): which plain tree versions hold each passive node id.

A build whose tree version we do not ship (none, garbage, or one newer than our trees) is drawn
on the version whose tree holds the most of its passives. The PWA picks that version from this
small bundle (a few KB gzipped) instead of fetching every tree (2-3 MB).

    {"format": 1,
     "ids": [first id, then the gap to each next id],      # the sorted union of every plain tree's node ids
     "versions": {"3.28": "<base64 bitmap>", ...}}         # bit k (byte k >> 3, bit k & 7) set: holds ids[k]

The node ids are exactly those of each plain tree bundle (`nodes.id`), so "held" means "drawn".
"""

from __future__ import annotations

import base64
from collections.abc import Mapping
from typing import Any

FORMAT = 1


def build_node_index(trees: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """`trees`: plain tree bundles by version ("3.28" -> bundle). Deterministic for the same input."""
    held = {version: set(bundle["nodes"]["id"]) for version, bundle in trees.items()}
    union = sorted(set().union(*held.values())) if held else []
    position = {node_id: k for k, node_id in enumerate(union)}
    versions = {}
    for version in sorted(held):
        bits = bytearray((len(union) + 7) // 8)
        for node_id in held[version]:
            k = position[node_id]
            bits[k >> 3] |= 1 << (k & 7)
        versions[version] = base64.b64encode(bytes(bits)).decode("ascii")
    gaps = [b - a for a, b in zip(union, union[1:], strict=False)]
    return {"format": FORMAT, "ids": union[:1] + gaps, "versions": versions}


def read_node_index(index: Mapping[str, Any]) -> dict[str, set[int]]:
    """The node ids each version holds, decoded from the bundle (the tests' independent reader)."""
    ids: list[int] = []
    for gap in index["ids"]:
        ids.append(gap if not ids else ids[-1] + gap)
    out = {}
    for version, b64 in index["versions"].items():
        bits = base64.b64decode(b64)
        out[version] = {node_id for k, node_id in enumerate(ids) if bits[k >> 3] >> (k & 7) & 1}
    return out
