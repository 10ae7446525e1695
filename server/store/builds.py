"""Builds, their title skills, and keyset search.

Search order is likes descending, then build id ascending. Likes change while a
reader pages, so a plain keyset on (likes, id) could skip or repeat builds. A
cursor therefore pins a snapshot: the last `like_events.seq` seen by its first
page. Later pages sort every build by its likes *as of that snapshot*: builds
untouched since then use their (indexed) current count; the few builds with
events after the snapshot get `likes - sum(later deltas)`. The order is then the
same total order on every page, so no build is skipped or repeated. The counts
shown are current ones; only the order is pinned.
"""

from __future__ import annotations

import re
import secrets
import sqlite3
import time
import zlib
from datetime import UTC, datetime

import msgspec

from server.store.db import Database
from server.wire import BuildInfo, BuildPage, BuildSummary, Cursor, LikeResult, Step

SLUG_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"  # no look-alikes (l, o, 0, 1)
SLUG_LEN = 8
# Slugs and build ids are disjoint: a publish whose id has this form is refused, so a
# value of this form names a slug and anything else names a build id.
SLUG_FORM = re.compile(f"^[{SLUG_ALPHABET}]{{{SLUG_LEN}}}$")
# A snapshot with more later events than this is too old to replay cheaply; the
# page then sorts by current counts (best effort) and pins a fresh snapshot.
MAX_SNAPSHOT_LAG = 20_000


class NewBuild(msgspec.Struct, frozen=True):
    id: str
    creator_id: int
    creator_name: str
    base_class: str
    ascendancy: str
    tree_version: str
    code: str
    skills: list[str]
    steps: list[Step]


class SearchQuery(msgspec.Struct, frozen=True):
    classes: list[str] = []
    skills: list[str] = []
    creator: str = ""
    liked_by: int | None = None
    created_by: int | None = None
    viewer: int | None = None
    after: Cursor | None = None
    page_size: int = 20


class SlugTaken(Exception):
    """The client build id equals another build's slug."""


class BuildConflict(Exception):
    """The client build id is already taken by another creator."""


_steps_decoder = msgspec.json.Decoder(list[Step])
_skills_decoder = msgspec.json.Decoder(list[str])


def now_iso() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def new_slug() -> str:
    return "".join(secrets.choice(SLUG_ALPHABET) for _ in range(SLUG_LEN))


def compress_code(code: str) -> bytes:
    return zlib.compress(code.encode(), 9)


async def insert_build(db: Database, build: NewBuild) -> tuple[str, bool]:
    """Store a build once per client id: (slug, created). Same creator again -> (slug, False)."""
    code_z = compress_code(build.code)
    stamp = now_iso()
    def run(conn: sqlite3.Connection) -> tuple[str, bool]:
        existing = conn.execute("SELECT slug, creator_id FROM builds WHERE id = ?", (build.id,)).fetchone()
        if existing is not None:
            if existing[1] != build.creator_id:
                raise BuildConflict(build.id)
            return existing[0], False
        if conn.execute("SELECT 1 FROM builds WHERE slug = ?", (build.id,)).fetchone() is not None:
            raise SlugTaken(build.id)
        # A slug is never equal to any build id or slug (ids of slug form are refused at publish).
        while True:
            slug = new_slug()
            if conn.execute("SELECT 1 FROM builds WHERE slug = ? OR id = ?", (slug, slug)).fetchone() is None:
                break
        conn.execute(
            "INSERT INTO builds(id, slug, creator_id, creator_name, base_class, ascendancy, tree_version,"
            " code_z, skills, steps, step_count, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (
                build.id, slug, build.creator_id, build.creator_name, build.base_class, build.ascendancy,
                build.tree_version, code_z, msgspec.json.encode(build.skills).decode(),
                msgspec.json.encode(build.steps).decode(), len(build.steps), stamp, stamp,
            ),
        )
        conn.executemany(
            "INSERT OR IGNORE INTO build_skills(skill, build_id) VALUES (?, ?)",
            [(s.lower(), build.id) for s in build.skills],
        )
        return slug, True

    return await db.write(run)


def _viewer(viewer: int | None) -> int:
    return viewer if viewer is not None else -1


def is_slug(value: str) -> bool:
    return SLUG_FORM.match(value) is not None


def _lookup(id_or_slug: str) -> tuple[str, tuple[str, ...]]:
    """WHERE clause and params: a value of slug form is a slug (or, for rows stored before ids
    of that form were refused, an id of a build whose slug it is not); anything else is an id."""
    if is_slug(id_or_slug):
        return "b.id = COALESCE((SELECT id FROM builds WHERE slug = ?), ?)", (id_or_slug, id_or_slug)
    # Slugs not made by this server (bulk-inserted data) have other forms; the id comes first,
    # and a publish whose id equals any existing slug is refused (SlugTaken).
    return ("b.id = COALESCE((SELECT id FROM builds WHERE id = ?), (SELECT id FROM builds WHERE slug = ?))",
            (id_or_slug, id_or_slug))


def find_build(db: Database, id_or_slug: str, viewer: int | None = None) -> BuildInfo | None:
    """The build as the API sends it, with `isLiked` for `viewer`."""
    where, params = _lookup(id_or_slug)
    row = db.read_one(
        "SELECT b.id, b.slug, b.creator_id, b.creator_name, b.base_class, b.ascendancy, b.tree_version, b.code_z,"
        " b.skills, b.steps, b.likes, EXISTS(SELECT 1 FROM likes l WHERE l.user_id = ? AND l.build_id = b.id),"
        f" b.created_at, b.updated_at FROM builds b WHERE {where}",
        (_viewer(viewer), *params),
    )
    if row is None:
        return None
    return BuildInfo(
        build_id=row[0], slug=row[1], creator_name=row[3], base_class=row[4], ascendancy=row[5],
        tree_version=row[6], pob_code=zlib.decompress(row[7]).decode(), skills=_skills_decoder.decode(row[8]),
        steps=_steps_decoder.decode(row[9]), likes=row[10], is_liked=bool(row[11]),
        created_at=row[12], updated_at=row[13],
    )


def find_owner(db: Database, build_id: str) -> tuple[str, int] | None:
    """(slug, creator id) of the build with exactly this client id."""
    row = db.read_one("SELECT slug, creator_id FROM builds WHERE id = ?", (build_id,))
    return (row[0], row[1]) if row else None


def data_version(db: Database) -> int:
    """SQLite's `PRAGMA data_version` on the event-loop reader: it changes with every commit
    from any other connection or process, so answers cached under it are current."""
    return db.reader.execute("PRAGMA data_version").fetchone()[0]


def resolve_build_id(db: Database, id_or_slug: str) -> str | None:
    where, params = _lookup(id_or_slug)
    row = db.read_one(f"SELECT b.id FROM builds b WHERE {where}", params)
    return row[0] if row else None


_COLS = (
    "b.id, b.slug, b.skills, b.base_class, b.ascendancy, b.step_count, b.creator_name, b.likes,"
    " EXISTS(SELECT 1 FROM likes l WHERE l.user_id = :viewer AND l.build_id = b.id) AS liked"
)


def _filters(q: SearchQuery, params: dict) -> str:
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
        where.append("b.creator_name LIKE :creator ESCAPE '\\'")
    if q.liked_by is not None:
        params["liked_by"] = q.liked_by
        where.append("b.id IN (SELECT build_id FROM likes WHERE user_id = :liked_by)")
    if q.created_by is not None:
        params["created_by"] = q.created_by
        where.append("b.creator_id = :created_by")
    return " AND ".join(where) or "1"


def needs_thread(q: SearchQuery) -> bool:
    """Filtered searches may sort thousands of rows; they run off the event loop."""
    return bool(q.classes or q.skills or q.creator or q.liked_by is not None)


def search(db: Database, q: SearchQuery, conn: sqlite3.Connection | None = None) -> BuildPage:
    """One page. `conn` is a read connection (default: the event-loop reader)."""
    conn = conn or db.reader
    params: dict = {"viewer": _viewer(q.viewer), "n": q.page_size + 1}
    where = _filters(q, params)
    head = conn.execute("SELECT COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'like_events'), 0)").fetchone()
    latest = head[0] if head else 0
    after = q.after
    snapshot = after.snapshot if after else None
    if snapshot is not None and (snapshot > latest or latest - snapshot > MAX_SNAPSHOT_LAG or snapshot < 0):
        snapshot = None
    if after is None:
        sql = f"SELECT {_COLS}, b.likes AS k FROM builds b WHERE {where} ORDER BY b.likes DESC, b.id LIMIT :n"
        # Both statements could straddle a like; the page order is by the counts
        # this statement read, so pin the snapshot inside the same statement.
        sql = (
            f"SELECT *, (SELECT COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'like_events'), 0)) AS snap"
            f" FROM ({sql})"
        )
    elif snapshot is None:
        params.update(l=after.like_amount, g=after.last_guid)
        sql = (
            f"SELECT *, (SELECT COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'like_events'), 0)) AS snap"
            f" FROM (SELECT {_COLS}, b.likes AS k FROM builds b WHERE {where}"
            " AND (b.likes < :l OR (b.likes = :l AND b.id > :g)) ORDER BY b.likes DESC, b.id LIMIT :n)"
        )
    else:
        params.update(l=after.like_amount, g=after.last_guid, snap=snapshot)
        sql = (
            "WITH changed AS MATERIALIZED (SELECT build_id, SUM(delta) AS d FROM like_events"
            " WHERE seq > :snap GROUP BY build_id)"
            f" SELECT *, :snap AS snap FROM ("
            f" SELECT * FROM (SELECT {_COLS}, b.likes AS k FROM builds b WHERE {where}"
            " AND (b.likes < :l OR (b.likes = :l AND b.id > :g))"
            " AND b.id NOT IN (SELECT build_id FROM changed) ORDER BY b.likes DESC, b.id LIMIT :n)"
            " UNION ALL"
            f" SELECT * FROM (SELECT {_COLS}, b.likes - c.d AS k FROM changed c JOIN builds b ON b.id = c.build_id"
            f" WHERE {where} AND (b.likes - c.d < :l OR (b.likes - c.d = :l AND b.id > :g)))"
            ") ORDER BY k DESC, id LIMIT :n"
        )
    rows = conn.execute(sql, params).fetchall()
    page = rows[: q.page_size]
    builds = [
        BuildSummary(
            build_id=r[0], slug=r[1], skills=_skills_decoder.decode(r[2]), base_class=r[3], ascendancy=r[4],
            steps=r[5], creator_name=r[6], likes=r[7], is_liked=bool(r[8]),
        )
        for r in page
    ]
    nxt = None
    if len(rows) > q.page_size and page:
        last = page[-1]
        nxt = Cursor(last_guid=last["id"], like_amount=last["k"], snapshot=last["snap"])
    return BuildPage(builds=builds, page_size=q.page_size, cursor=nxt)


async def set_like(db: Database, user_id: int, build_id: str, like: bool) -> LikeResult | None:
    """Set membership: the build's like state after the change, or None for an unknown build."""

    def run(conn: sqlite3.Connection) -> LikeResult | None:
        if conn.execute("SELECT 1 FROM builds WHERE id = ?", (build_id,)).fetchone() is None:
            return None
        if like:
            conn.execute(
                "INSERT OR IGNORE INTO likes(user_id, build_id, created_at) VALUES (?, ?, ?)",
                (user_id, build_id, time.time()),
            )
        else:
            conn.execute("DELETE FROM likes WHERE user_id = ? AND build_id = ?", (user_id, build_id))
        count = conn.execute("SELECT likes FROM builds WHERE id = ?", (build_id,)).fetchone()[0]
        return LikeResult(build_id=build_id, likes=count, is_liked=like)

    return await db.write_small(run)


def is_unique_violation(exc: Exception) -> bool:
    return isinstance(exc, sqlite3.IntegrityError) and "UNIQUE" in str(exc)
