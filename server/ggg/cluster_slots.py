"""Planner cluster-jewel node ids -> (jewel socket, orbit slot), as the official API names them.

The planner numbers a cluster ring's passives: bit 16 set, the large socket's index << 6, the
medium socket's index << 9, the jewel's size << 4, plus the node's slot on the ring. The official
answer names them by the subgraph's orbit slot on the tree instead (`orbitIndex`), which is the
slot turned by the socket proxy's start offset and translated from the ring's 12 slots to the
tree orbit's 16. The walk follows pwa/src/tree/clusterLayout.ts (buildRing), which lays out the
same rings from the official answer: each id maps to the slot that layout gives it.
"""

from __future__ import annotations

from server.ggg.tree_data import ExpansionSocket, TreeData

CLUSTER_ID_BASE = 0x10000
SIZES = {"Small Cluster Jewel": "Small", "Medium Cluster Jewel": "Medium", "Large Cluster Jewel": "Large"}


def translate_slot(slot: int, from_n: int, to_n: int) -> int:
    if from_n == to_n:
        return slot
    if from_n == 12 and to_n == 16:
        return [0, 1, 3, 4, 5, 7, 8, 9, 11, 12, 13, 15][slot]
    if from_n == 16 and to_n == 12:
        return [0, 1, 1, 2, 3, 4, 4, 5, 6, 7, 7, 8, 9, 10, 10, 11][slot]
    return (slot * to_n) // from_n


def cluster_slots(tree: TreeData, clusters: dict, jewel_bases: dict[int, str]) -> dict[int, tuple[int, int]]:
    """Planner cluster node id -> (socket node id, orbit slot) for every ring the socketed jewels
    (`jewel_bases`: socket node id -> base type) make; sockets without a cluster jewel make none."""
    out: dict[int, tuple[int, int]] = {}
    by_group: dict[int, list[ExpansionSocket]] = {}
    for s in tree.sockets.values():
        by_group.setdefault(tree.group_of[s.node], []).append(s)

    def ring(socket: ExpansionSocket, id_in: int, up_size: int) -> None:
        size_name = SIZES.get(jewel_bases.get(socket.node, ""))
        if size_name is None or socket.proxy is None:
            return
        data = clusters["jewels"][size_name]
        size_index, total = data["sizeIndex"], data["totalIndicies"]
        ident = id_in + (socket.index << 6 if socket.size == 2 else socket.index << 9 if socket.size == 1 else 0)
        base = ident + (size_index << 4)
        proxy, group_size = socket.proxy, socket.size
        # A smaller jewel in a bigger socket sits on the group of the socket's middle child socket.
        while size_index < group_size:
            inner = by_group.get(tree.group_of[proxy], [])
            child = next((s for s in inner if s.index == 1), None) or next((s for s in inner if s.index == 0), None)
            if child is None or child.proxy is None:
                return
            proxy, group_size, up_size = child.proxy, child.size, up_size + 1
        on_orbit = tree.skills_per_orbit[size_index + 1] if size_index + 1 < len(tree.skills_per_orbit) else total
        # A small jewel in a medium socket is turned by that socket's own proxy, as the official
        # answers place it (clusterLayout.ts says more); the other walks keep the reached proxy.
        turned_by = socket.proxy if socket.size == 1 and size_index == 0 else proxy
        offset = (clusters.get("orbitOffsets", {}).get(str(turned_by)) or {}).get(str(size_index))
        if offset is None:
            offset = translate_slot(tree.orbit_index_of[turned_by], on_orbit, total)
        for slot in range(total):
            out[base + slot] = (socket.node, translate_slot((slot + offset) % total, total, on_orbit))
        for nested in by_group.get(tree.group_of[proxy], []):
            if nested.node != socket.node:
                ring(nested, ident, up_size)

    for s in tree.sockets.values():
        if s.size == 2 and s.parent is None:
            ring(s, CLUSTER_ID_BASE, 0)
    return out
