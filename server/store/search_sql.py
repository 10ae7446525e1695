"""The keyset search statement, written once for both engines.

Search order is likes descending, then build id ascending. Likes change while a
reader pages, so a plain keyset on (likes, id) could skip or repeat builds. A
cursor therefore pins a snapshot: the last `like_events.seq` seen by its first
page. Later pages sort every build by its likes *as of that snapshot*: builds
untouched since then use their (indexed) current count; the few builds with
events after the snapshot get `likes - sum(later deltas)`. The order is then the
same total order on every page, so no build is skipped or repeated. The counts
shown are current ones; only the order is pinned.

The statement uses `:name` parameters; each engine binds them its own way. The two
dialects differ only in how the latest event number is read and in LIKE's case rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from server.store.types import MAX_SNAPSHOT_LAG, SearchQuery, skills_decoder
from server.wire import BuildPage, BuildSummary, Cursor


@dataclass(frozen=True)
class Dialect:
    # One value: the seq of the last like event visible to this statement.
    head: str
    # Case-insensitive LIKE (SQLite's LIKE already is, for ASCII).
    ilike: str


SQLITE = Dialect(head="COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'like_events'), 0)", ilike="LIKE")
# Likes serialise their event inserts (see the PG migration), so the visible maximum is a
# prefix of the commit order.
POSTGRES = Dialect(head="(SELECT COALESCE(MAX(seq), 0) FROM like_events)", ilike="ILIKE")

_COLS = (
    "b.id, b.slug, b.skills, b.base_class, b.ascendancy, b.step_count, b.creator_name, b.likes,"
    " EXISTS(SELECT 1 FROM likes l WHERE l.user_id = :viewer AND l.build_id = b.id) AS liked"
)


def _viewer(viewer: int | None) -> int:
    return viewer if viewer is not None else -1


def _filters(q: SearchQuery, params: dict, d: Dialect) -> str:
    where = []
    if q.classes:
        names = [f":c{i}" for i in range(len(q.classes))]
        params.update({f"c{i}": v for i, v in enumerate(q.classes)})
        where.append(f"(b.base_class IN ({','.join(names)}) OR b.ascendancy IN ({','.join(names)}))")
    if q.skills:
        names = [f":s{i}" for i in range(len(q.skills))]
        params.update({f"s{i}": v.lower() for i, v in enumerate(q.skills)})
        where.append(f"b.id IN (SELECT build_id FROM build_skills WHERE skill IN ({','.join(names)}))")
    if q.creator:
        escaped = q.creator.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        params["creator"] = f"%{escaped}%"
        where.append(f"b.creator_name {d.ilike} :creator ESCAPE '\\'")
    if q.liked_by is not None:
        params["liked_by"] = q.liked_by
        where.append("b.id IN (SELECT build_id FROM likes WHERE user_id = :liked_by)")
    if q.created_by is not None:
        params["created_by"] = q.created_by
        where.append("b.creator_id = :created_by")
    return " AND ".join(where) or "1 = 1"


def search_statement(q: SearchQuery, latest: int, d: Dialect) -> tuple[str, dict]:
    """(sql, params) for one page; `latest` is the current head of like_events."""
    params: dict = {"viewer": _viewer(q.viewer), "n": q.page_size + 1}
    where = _filters(q, params, d)
    after = q.after
    snapshot = after.snapshot if after else None
    if snapshot is not None and (snapshot > latest or latest - snapshot > MAX_SNAPSHOT_LAG or snapshot < 0):
        snapshot = None
    if after is None:
        # The page order is by the counts this statement read, so pin the snapshot inside it.
        sql = (
            f"SELECT t.*, {d.head} AS snap FROM (SELECT {_COLS}, b.likes AS k FROM builds b WHERE {where}"
            " ORDER BY b.likes DESC, b.id LIMIT :n) t"
        )
    elif snapshot is None:
        params.update(l=after.like_amount, g=after.last_guid)
        sql = (
            f"SELECT t.*, {d.head} AS snap FROM (SELECT {_COLS}, b.likes AS k FROM builds b WHERE {where}"
            " AND (b.likes < :l OR (b.likes = :l AND b.id > :g)) ORDER BY b.likes DESC, b.id LIMIT :n) t"
        )
    else:
        params.update(l=after.like_amount, g=after.last_guid, snap=snapshot)
        sql = (
            "WITH changed AS MATERIALIZED (SELECT build_id, SUM(delta) AS d FROM like_events"
            " WHERE seq > :snap GROUP BY build_id)"
            " SELECT u.*, CAST(:snap AS BIGINT) AS snap FROM ("
            f" SELECT * FROM (SELECT {_COLS}, b.likes AS k FROM builds b WHERE {where}"
            " AND (b.likes < :l OR (b.likes = :l AND b.id > :g))"
            " AND b.id NOT IN (SELECT build_id FROM changed) ORDER BY b.likes DESC, b.id LIMIT :n) t1"
            " UNION ALL"
            f" SELECT * FROM (SELECT {_COLS}, b.likes - c.d AS k FROM changed c JOIN builds b ON b.id = c.build_id"
            f" WHERE {where} AND (b.likes - c.d < :l OR (b.likes - c.d = :l AND b.id > :g))) t2"
            ") u ORDER BY k DESC, id LIMIT :n"
        )
    return sql, params


def page_of(rows, page_size: int) -> BuildPage:
    """Rows (id, slug, skills, class, ascendancy, steps, creator, likes, liked, k, snap) -> a page."""
    page = rows[:page_size]
    builds = [
        BuildSummary(
            build_id=r[0], slug=r[1], skills=skills_decoder.decode(r[2]), base_class=r[3], ascendancy=r[4],
            steps=r[5], creator_name=r[6], likes=r[7], is_liked=bool(r[8]),
        )
        for r in page
    ]
    nxt = None
    if len(rows) > page_size and page:
        last = page[-1]
        nxt = Cursor(last_guid=last[0], like_amount=int(last[9]), snapshot=int(last[10]))
    return BuildPage(builds=builds, page_size=page_size, cursor=nxt)
