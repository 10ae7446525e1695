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

from server.store.types import MAX_SNAPSHOT_LAG, STAT_SORTS, SearchQuery, skills_decoder, stats_of
from server.wire import BuildPage, BuildSummary, Cursor


@dataclass(frozen=True)
class Dialect:
    # One value: the seq of the last like event visible to this statement.
    head: str
    # Case-insensitive LIKE (SQLite's LIKE already is, for ASCII).
    ilike: str
    # Cut each postings range at the page size inside a subquery: PostgreSQL then merges the
    # ranges (Merge Append) rather than hashing them; SQLite merges plain ranges lazily.
    limit_each_range: bool


SQLITE = Dialect(head="COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'like_events'), 0)", ilike="LIKE", limit_each_range=False)
# Likes serialise their event inserts (see the PG migration), so the visible maximum is a
# prefix of the commit order.
POSTGRES = Dialect(head="(SELECT COALESCE(MAX(seq), 0) FROM like_events)", ilike="ILIKE", limit_each_range=True)

_COLS = (
    "b.id, b.slug, b.skills, b.base_class, b.ascendancy, b.step_count, b.creator_name, b.likes,"
    " EXISTS(SELECT 1 FROM likes l WHERE l.user_id = :viewer AND l.build_id = b.id) AS liked, b.stats"
)
# Minimum filters: (SearchQuery field, column). A build without the stat holds -1, below any minimum.
_MINIMUMS = (("min_dps", "stat_dps"), ("min_life", "stat_life"), ("min_es", "stat_energy_shield"))


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
        if q.sort_by in STAT_SORTS:
            # A stat sort walks its stat's index and checks each build's skills (one primary-key
            # probe each); as an IN list SQLite would read every build of the skills and sort them.
            where.append(f"EXISTS (SELECT 1 FROM build_skills s WHERE s.skill IN ({','.join(names)})"
                         " AND s.build_id = b.id)")
        else:
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
    if q.followed_by is not None:
        params["followed_by"] = q.followed_by
        where.append("b.id IN (SELECT build_id FROM follows WHERE user_id = :followed_by)")
    for field, column in _MINIMUMS:
        value = getattr(q, field)
        if value is not None:
            params[field] = float(value)
            where.append(f"b.{column} >= :{field}")
    return " AND ".join(where) or "1 = 1"


def _has_minimum(q: SearchQuery) -> bool:
    return any(getattr(q, field) is not None for field, _ in _MINIMUMS)


# More ranges than this (many classes times many skills) read the builds table instead.
MAX_RANGES = 64


def posting_tags(q: SearchQuery) -> list[str] | None:
    """The postings ranges whose union is exactly the class/skill filter's result, or None
    when the postings cannot answer the query alone. Classes are OR-ed (base class or
    ascendancy), skills are OR-ed, and the two groups are AND-ed: the pair postings."""
    if not (q.classes or q.skills) or q.creator or q.liked_by is not None or q.created_by is not None \
            or q.followed_by is not None:
        return None
    # The postings are kept in likes order and know no stats.
    if q.sort_by != "likes" or _has_minimum(q):
        return None
    skills = list(dict.fromkeys(s.lower() for s in q.skills))
    classes = list(dict.fromkeys(q.classes))
    if classes and skills:
        tags = [f"p:{c}:{s}" for c in classes for s in skills]
    elif classes:
        tags = [f"c:{c}" for c in classes]
    else:
        tags = [f"s:{s}" for s in skills]
    return tags if len(tags) <= MAX_RANGES else None


def _merged(tags: list[str], params: dict, keyset: bool, exclude_changed: bool, d: Dialect) -> str:
    """(nl, build_id) of the page: one primary-key range per tag, each cut at the cursor and
    at :n rows, merged in (nl, build_id) order; UNION drops a build met in several ranges."""
    parts = []
    for i, tag in enumerate(tags):
        params[f"t{i}"] = tag
        cond = f"tag = :t{i}"
        if keyset:
            cond += " AND (nl, build_id) > (:nl, :g)"
        if exclude_changed:
            cond += " AND build_id NOT IN (SELECT build_id FROM changed)"
        arm = f"SELECT nl, build_id FROM postings WHERE {cond}"
        if d.limit_each_range:
            arm = f"SELECT nl, build_id FROM ({arm} ORDER BY nl, build_id LIMIT :n) r{i}"
        parts.append(arm)
    return " UNION ".join(parts) + " ORDER BY nl, build_id LIMIT :n"


def search_statement(q: SearchQuery, latest: int, d: Dialect) -> tuple[str, dict]:
    """(sql, params) for one page; `latest` is the current head of like_events.

    The keyset condition leads with `b.likes <= :l` so both engines start the likes index at
    the cursor (PostgreSQL otherwise reads every build above it and filters them out)."""
    params: dict = {"viewer": _viewer(q.viewer), "n": q.page_size + 1}
    where = _filters(q, params, d)
    if q.sort_by in STAT_SORTS:
        return _stat_statement(q, STAT_SORTS[q.sort_by], where, params), params
    after = q.after
    snapshot = after.snapshot if after else None
    if snapshot is not None and (snapshot > latest or latest - snapshot > MAX_SNAPSHOT_LAG or snapshot < 0):
        snapshot = None
    tags = posting_tags(q)
    if tags is not None:
        return _postings_statement(q, tags, snapshot, where, params, d)
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
            " AND b.likes <= :l AND (b.likes < :l OR b.id > :g) ORDER BY b.likes DESC, b.id LIMIT :n) t"
        )
    else:
        params.update(l=after.like_amount, g=after.last_guid, snap=snapshot)
        sql = (
            "WITH changed AS MATERIALIZED (SELECT build_id, SUM(delta) AS d FROM like_events"
            " WHERE seq > :snap GROUP BY build_id)"
            " SELECT u.*, CAST(:snap AS BIGINT) AS snap FROM ("
            f" SELECT * FROM (SELECT {_COLS}, b.likes AS k FROM builds b WHERE {where}"
            " AND b.likes <= :l AND (b.likes < :l OR b.id > :g)"
            " AND b.id NOT IN (SELECT build_id FROM changed) ORDER BY b.likes DESC, b.id LIMIT :n) t1"
            " UNION ALL"
            f" SELECT * FROM (SELECT {_COLS}, b.likes - c.d AS k FROM changed c JOIN builds b ON b.id = c.build_id"
            f" WHERE {where} AND (b.likes - c.d < :l OR (b.likes - c.d = :l AND b.id > :g))) t2"
            ") u ORDER BY k DESC, id LIMIT :n"
        )
    return sql, params


def _stat_statement(q: SearchQuery, column: str, where: str, params: dict) -> str:
    """A stat sort: the stat descending, then id, from the column's (stat DESC, id, ...) index. Builds
    without the stat hold -1 and so come last, by id. Stats do not change while a reader pages,
    so the keyset needs no snapshot (the `snap` column is NULL).

    The page's ids are chosen from the index alone (it also holds the other stats and the class
    columns, so minimum and class filters need no table row), and only the page's rows are read.
    A later page is two index ranges: the builds tied with the cursor's value after its id, then
    the builds below the value. Written as one `stat <= v AND (stat < v OR id > g)` range, both
    engines walked every build tied at the value (thousands where stats are round numbers)."""
    def ids(cond: str, order: str) -> str:
        return (f"SELECT * FROM (SELECT b.id AS pid, b.{column} AS k FROM builds b WHERE {where}{cond}"
                f" ORDER BY {order} LIMIT :n) r")

    after = q.after
    if after is None:
        page = ids("", f"b.{column} DESC, b.id")
    else:
        params.update(v=float(after.sort_value if after.sort_value is not None else -1.0), g=after.last_guid)
        tied = ids(f" AND b.{column} = :v AND b.id > :g", "b.id")
        below = ids(f" AND b.{column} < :v", f"b.{column} DESC, b.id")
        page = f"SELECT * FROM ({tied} UNION ALL {below}) u ORDER BY k DESC, pid LIMIT :n"
    return (
        f"SELECT {_COLS}, p.k AS k, NULL AS snap FROM ({page}) p JOIN builds b ON b.id = p.pid"
        " ORDER BY p.k DESC, b.id"
    )


def _postings_statement(q: SearchQuery, tags: list[str], snapshot: int | None, where: str, params: dict,
                        d: Dialect) -> tuple[str, dict]:
    """The filtered page from the postings: the same rows and order as the builds-table
    statement, reading about one page of postings per range."""
    after = q.after
    keyset = after is not None
    if keyset:
        params.update(nl=-after.like_amount, g=after.last_guid, l=after.like_amount)
    if snapshot is None:
        merged = _merged(tags, params, keyset, exclude_changed=False, d=d)
        sql = (
            f"SELECT {_COLS}, -p.nl AS k, {d.head} AS snap FROM ({merged}) p"
            " JOIN builds b ON b.id = p.build_id ORDER BY p.nl, p.build_id"
        )
        return sql, params
    params["snap"] = snapshot
    merged = _merged(tags, params, keyset, exclude_changed=True, d=d)
    sql = (
        "WITH changed AS MATERIALIZED (SELECT build_id, SUM(delta) AS d FROM like_events"
        " WHERE seq > :snap GROUP BY build_id)"
        " SELECT u.*, CAST(:snap AS BIGINT) AS snap FROM ("
        f" SELECT * FROM (SELECT {_COLS}, -p.nl AS k FROM ({merged}) p JOIN builds b ON b.id = p.build_id) t1"
        " UNION ALL"
        f" SELECT * FROM (SELECT {_COLS}, b.likes - c.d AS k FROM changed c JOIN builds b ON b.id = c.build_id"
        f" WHERE {where} AND (b.likes - c.d < :l OR (b.likes - c.d = :l AND b.id > :g))) t2"
        ") u ORDER BY k DESC, id LIMIT :n"
    )
    return sql, params


def page_of(rows, page_size: int, sort_by: str = "likes") -> BuildPage:
    """Rows (id, slug, skills, class, ascendancy, steps, creator, likes, liked, stats, k, snap) -> a
    page. `k` is the sort key: the likes (as of the snapshot) or, for a stat sort, the stat."""
    page = rows[:page_size]
    builds = [
        BuildSummary(
            build_id=r[0], slug=r[1], skills=skills_decoder.decode(r[2]), base_class=r[3], ascendancy=r[4],
            steps=r[5], creator_name=r[6], likes=r[7], is_liked=bool(r[8]), stats=stats_of(r[9]),
        )
        for r in page
    ]
    nxt = None
    if len(rows) > page_size and page:
        last = page[-1]
        if sort_by in STAT_SORTS:
            nxt = Cursor(last_guid=last[0], like_amount=int(last[7]), sort_value=float(last[10]))
        else:
            nxt = Cursor(last_guid=last[0], like_amount=int(last[10]), snapshot=int(last[11]))
    return BuildPage(builds=builds, page_size=page_size, cursor=nxt)
