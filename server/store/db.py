"""Opening the database and applying numbered migrations.

Migrations are files `migrations/NNNN_name.sql`, applied in order, each in one
transaction, and recorded in `schema_migrations`. They run at start and through
`python -m server migrate`.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
import threading
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

import aiosqlite

MIGRATIONS_DIR = Path(__file__).parent / "migrations"
_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")

PRAGMAS = (
    "PRAGMA journal_mode=WAL",
    "PRAGMA synchronous=NORMAL",
    "PRAGMA foreign_keys=ON",
    "PRAGMA busy_timeout=5000",
)


def migration_files() -> list[tuple[int, Path]]:
    found = []
    for path in MIGRATIONS_DIR.iterdir():
        m = _NAME.match(path.name)
        if m:
            found.append((int(m.group(1)), path))
    found.sort()
    versions = [v for v, _ in found]
    if len(versions) != len(set(versions)):
        raise RuntimeError(f"duplicate migration numbers in {MIGRATIONS_DIR}")
    return found


def apply_migrations(db_path: str | Path) -> list[int]:
    """Apply pending migrations synchronously; returns the versions applied."""
    path = Path(db_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        for pragma in PRAGMAS:
            conn.execute(pragma)
        conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
            " applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')))"
        )
        done = {row[0] for row in conn.execute("SELECT version FROM schema_migrations")}
        applied = []
        for version, file in migration_files():
            if version in done:
                continue
            conn.execute("BEGIN IMMEDIATE")
            # Another process (a second uvicorn worker) may have applied it meanwhile.
            if conn.execute("SELECT 1 FROM schema_migrations WHERE version = ?", (version,)).fetchone():
                conn.execute("ROLLBACK")
                continue
            try:
                for statement in _split_sql(file.read_text()):
                    conn.execute(statement)
                conn.execute("INSERT INTO schema_migrations(version, name) VALUES (?, ?)", (version, file.name))
                conn.execute("COMMIT")
            except Exception:
                conn.execute("ROLLBACK")
                raise
            applied.append(version)
        return applied
    finally:
        conn.close()


def _split_sql(script: str) -> list[str]:
    """Split a migration into statements; sqlite3.complete_statement keeps triggers whole."""
    statements, buf = [], ""
    for line in script.splitlines(keepends=True):
        buf += line
        if sqlite3.complete_statement(buf):
            if buf.strip():
                statements.append(buf.strip())
            buf = ""
    if buf.strip():
        raise ValueError("migration ends with an incomplete statement")
    return statements


class Database:
    """The app's connections.

    Writes go through one aiosqlite connection (its own thread), one transaction
    at a time (`transaction()`: an asyncio lock plus BEGIN IMMEDIATE, so other
    processes wait on SQLite's lock). Reads use a plain sqlite3 connection on the
    event-loop thread: WAL readers never block on the writer, and a keyset query
    on an index takes far less time than a hop to another thread.
    """

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.conn: aiosqlite.Connection | None = None
        self.reader: sqlite3.Connection | None = None
        self._write_lock = asyncio.Lock()
        self._local = threading.local()
        self._thread_readers: list[sqlite3.Connection] = []

    async def open(self) -> Database:
        apply_migrations(self.path)
        self.conn = await aiosqlite.connect(self.path, isolation_level=None)
        self.conn.row_factory = aiosqlite.Row
        for pragma in PRAGMAS:
            await self.conn.execute(pragma)
        self.reader = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.reader.row_factory = sqlite3.Row
        for pragma in PRAGMAS:
            self.reader.execute(pragma)
        self.reader.execute("PRAGMA query_only=ON")
        return self

    async def close(self) -> None:
        if self.conn is not None:
            await self.conn.close()
            self.conn = None
        if self.reader is not None:
            self.reader.close()
            self.reader = None
        for conn in self._thread_readers:
            conn.close()
        self._thread_readers.clear()

    def thread_reader(self) -> sqlite3.Connection:
        """A read connection for the calling worker thread (slow reads run off the event loop)."""
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            conn.row_factory = sqlite3.Row
            for pragma in PRAGMAS:
                conn.execute(pragma)
            conn.execute("PRAGMA query_only=ON")
            self._local.conn = conn
            self._thread_readers.append(conn)
        return conn

    def read_all(self, sql: str, params: Sequence | dict = ()) -> list[sqlite3.Row]:
        assert self.reader is not None, "database is not open"
        return self.reader.execute(sql, params).fetchall()

    def read_one(self, sql: str, params: Sequence | dict = ()) -> sqlite3.Row | None:
        assert self.reader is not None, "database is not open"
        return self.reader.execute(sql, params).fetchone()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction; commits on success, rolls back on any error."""
        assert self.conn is not None, "database is not open"
        async with self._write_lock:
            await self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield self.conn
            except BaseException:
                await self.conn.execute("ROLLBACK")
                raise
            await self.conn.execute("COMMIT")

    async def ok(self) -> bool:
        try:
            assert self.conn is not None
            async with self.conn.execute("SELECT 1") as cur:
                return (await cur.fetchone())[0] == 1
        except Exception:
            return False
