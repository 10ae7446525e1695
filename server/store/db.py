"""Opening the database and applying numbered migrations.

Migrations are files `migrations/NNNN_name.sql`, applied in order, each in one
transaction, and recorded in `schema_migrations`. They run at start and through
`python -m server migrate`.
"""

from __future__ import annotations

import asyncio
import logging
import re
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TypeVar

from server.store import nocase_renames
from server.store.stats_backfill import resume_backfill_sqlite
from server.store.types import MissingReference

log = logging.getLogger("waypoint")

MIGRATIONS_DIR = Path(__file__).parent / "migrations"
T = TypeVar("T")
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


def apply_migrations(db_path: str | Path, until: int | None = None) -> list[int]:
    """Apply pending migrations synchronously; returns the versions applied.

    `until` stops after that version: the schema an older server left (tests upgrade from it).
    Such a partial run leaves the data steps after the files (the stats backfill) to a full one."""
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
            if until is not None and version > until:
                break
            conn.execute("BEGIN IMMEDIATE")
            # Another process (a second uvicorn worker) may have applied it meanwhile.
            if conn.execute("SELECT 1 FROM schema_migrations WHERE version = ?", (version,)).fetchone():
                conn.execute("ROLLBACK")
                continue
            try:
                if version == nocase_renames.SQLITE_MIGRATION:
                    # Look-alike ids and slugs stored before the unique indexes would stop them.
                    nocase_renames.rename_lookalikes_sqlite(conn)
                for statement in _split_sql(file.read_text()):
                    conn.execute(statement)
                conn.execute("INSERT INTO schema_migrations(version, name) VALUES (?, ?)", (version, file.name))
                conn.execute("COMMIT")
            except Exception:
                conn.execute("ROLLBACK")
                raise
            applied.append(version)
        if until is None:
            # Builds stored before the stats columns: read once, resumed on the next start if a
            # start was stopped before the backfill finished.
            resume_backfill_sqlite(conn)
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


WRITE_WAIT_S = 10.0
# Inline commits between checkpoints. SQLite's own auto-checkpoint would copy the WAL into the
# database and fsync it inside whichever COMMIT crosses 1,000 pages: on the event loop, for a
# like, several times a second under load. The inline connection turns it off and a thread of
# its own checkpoints instead (PASSIVE: it never blocks a reader or a writer).
CHECKPOINT_EVERY = 32


def _lock_waits():
    """Pauses between tries for another connection's write lock: 0.5 ms doubling to 4 ms, for up
    to WRITE_WAIT_S (SQLite's own busy handler sleeps up to 100 ms at a time)."""
    deadline = time.monotonic() + WRITE_WAIT_S
    delay = 0.0005
    while time.monotonic() <= deadline:
        yield delay
        delay = min(delay * 2, 0.004)


def _try_begin(conn: sqlite3.Connection) -> bool:
    """BEGIN IMMEDIATE; False while another connection holds the write lock (busy_timeout 0)."""
    try:
        conn.execute("BEGIN IMMEDIATE")
        return True
    except sqlite3.OperationalError as exc:
        if "locked" in str(exc) or "busy" in str(exc):
            return False
        raise


def _begin(conn: sqlite3.Connection) -> None:
    """BEGIN IMMEDIATE, waiting for another process's write lock (on this thread)."""
    for delay in _lock_waits():
        if _try_begin(conn):
            return
        time.sleep(delay)
    conn.execute("BEGIN IMMEDIATE")  # a last try, which raises "database is locked"


def _finish(conn: sqlite3.Connection, fn: Callable[[sqlite3.Connection], T]) -> T:
    """fn(conn) inside the transaction already begun: COMMIT on success, ROLLBACK on error. A
    foreign-key failure is a MissingReference: a row it names was deleted meanwhile."""
    try:
        result = fn(conn)
    except sqlite3.IntegrityError as exc:
        conn.execute("ROLLBACK")
        if "FOREIGN KEY" in str(exc):
            raise MissingReference(str(exc)) from exc
        raise
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
    return result


class Database:
    """The app's connections.

    Writes: one dedicated writer thread with its own connection; `write(fn)` queues
    fn(conn) there and runs it whole as one BEGIN IMMEDIATE ... COMMIT, so SQLite's
    write lock is never held across event-loop round trips and a busy loop cannot
    stall a commit. Tiny writes (`write_small`) commit inline on the event loop, waiting for a
    busy lock with asyncio sleeps; their WAL checkpoints run on a thread of their own.
    Reads: WAL readers never block on the writer; cheap point reads use a connection on the
    event-loop thread (`read_one`, `read_all`), heavier ones run on a small reader pool with a
    connection per thread (`read(fn)`).
    """

    def __init__(self, path: str | Path, reader_threads: int = 4):
        self.path = Path(path)
        self.reader: sqlite3.Connection | None = None
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="waypoint-writer")
        self._writer_conn: sqlite3.Connection | None = None
        self._writer_durable = False  # PRAGMAS set synchronous=NORMAL
        self._readers = ThreadPoolExecutor(reader_threads, thread_name_prefix="waypoint-reader")
        self._local = threading.local()
        self._thread_readers: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        self._inline_conn: sqlite3.Connection | None = None
        self._checkpointer = ThreadPoolExecutor(1, thread_name_prefix="waypoint-checkpoint")
        self._checkpoint_conn: sqlite3.Connection | None = None
        self._inline_commits = 0
        self._checkpointing: asyncio.Future | None = None

    def _connect(self, query_only: bool) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        conn.row_factory = sqlite3.Row
        for pragma in PRAGMAS:
            conn.execute(pragma)
        if query_only:
            conn.execute("PRAGMA query_only=ON")
        return conn

    async def open(self) -> Database:
        apply_migrations(self.path)
        loop = asyncio.get_running_loop()
        self._writer_conn = await loop.run_in_executor(self._writer, self._connect, False)
        # The writer waits for another process's write lock itself (see _begin), in short steps:
        # SQLite's own busy handler sleeps up to 100 ms at a time.
        await loop.run_in_executor(self._writer, self._writer_conn.execute, "PRAGMA busy_timeout=0")
        self.reader = self._connect(True)
        self._inline_conn = self._connect(False)
        self._inline_conn.execute("PRAGMA busy_timeout=0")
        self._inline_conn.execute("PRAGMA wal_autocheckpoint=0")
        self._checkpoint_conn = await loop.run_in_executor(self._checkpointer, self._connect, False)
        return self

    async def close(self) -> None:
        if self._checkpointing is not None:
            await asyncio.wait([self._checkpointing])
        if self._checkpoint_conn is not None:
            conn, self._checkpoint_conn = self._checkpoint_conn, None
            await asyncio.get_running_loop().run_in_executor(self._checkpointer, conn.close)
        if self._writer_conn is not None:
            conn, self._writer_conn = self._writer_conn, None
            await asyncio.get_running_loop().run_in_executor(self._writer, conn.close)
        if self.reader is not None:
            self.reader.close()
            self.reader = None
        if self._inline_conn is not None:
            self._inline_conn.close()
            self._inline_conn = None
        with self._lock:
            for conn in self._thread_readers:
                conn.close()
            self._thread_readers.clear()

    def thread_reader(self) -> sqlite3.Connection:
        """A read connection for the calling worker thread (slow reads run off the event loop)."""
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = self._connect(True)
            self._local.conn = conn
            with self._lock:
                self._thread_readers.append(conn)
        return conn

    async def read(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """fn(conn) on the reader pool, with that thread's own read connection."""
        return await asyncio.get_running_loop().run_in_executor(self._readers, lambda: fn(self.thread_reader()))

    def read_all(self, sql: str, params: Sequence | dict = ()) -> list[sqlite3.Row]:
        assert self.reader is not None, "database is not open"
        return self.reader.execute(sql, params).fetchall()

    def read_one(self, sql: str, params: Sequence | dict = ()) -> sqlite3.Row | None:
        assert self.reader is not None, "database is not open"
        return self.reader.execute(sql, params).fetchone()

    async def write(self, fn: Callable[[sqlite3.Connection], T], durable: bool = True) -> T:
        """fn(conn) as one write transaction on the writer thread; commits on success, rolls back on error.

        Durable (the default: publishes, sign-ups, sessions, attachments, account deletions): the
        COMMIT syncs the WAL to disk (synchronous=FULL), so what it acknowledged survives a power
        loss too. Not durable (answers kept for Idempotency-Key replay): synchronous=NORMAL, which
        survives a crash of the process but may lose the last commits in a power loss."""
        assert self._writer_conn is not None, "database is not open"
        return await asyncio.get_running_loop().run_in_executor(self._writer, self._transaction, fn, durable)

    async def write_small(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """A write of a few indexed rows (a like), committed right here on the event loop: a hop
        to the writer thread and back costs two turns of a busy loop, and there the write lock is
        held while the thread waits for the GIL, hundreds of ms under read load, for 0.1 ms of
        work. While another connection or process holds the lock, it waits on the loop in steps
        of 0.5 to 4 ms (other requests run meanwhile) and tries again; the lock is only ever
        taken between two awaits, so it is never held across a loop round trip."""
        conn = self._inline_conn
        assert conn is not None, "database is not open"
        for delay in _lock_waits():
            if _try_begin(conn):
                break
            await asyncio.sleep(delay)
        else:
            conn.execute("BEGIN IMMEDIATE")  # a last try, which raises "database is locked"
        result = _finish(conn, fn)
        self._inline_commits += 1
        if self._inline_commits >= CHECKPOINT_EVERY and self._checkpointing is None:
            self._inline_commits = 0
            self._checkpointing = asyncio.get_running_loop().run_in_executor(self._checkpointer, self._checkpoint)
            self._checkpointing.add_done_callback(self._checkpointed)
        return result

    def _checkpoint(self) -> tuple[int, int, int]:
        """(busy, WAL frames, frames copied): PASSIVE copies what no reader still needs."""
        assert self._checkpoint_conn is not None, "database is not open"
        return self._checkpoint_conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()

    def _checkpointed(self, done: asyncio.Future) -> None:
        self._checkpointing = None
        if not done.cancelled() and done.exception() is not None:
            # Another process may hold the checkpoint lock; the next round retries.
            log.warning("WAL checkpoint failed: %s", done.exception())

    def _transaction(self, fn: Callable[[sqlite3.Connection], T], durable: bool = True) -> T:
        conn = self._writer_conn
        assert conn is not None, "database is not open"
        if durable != self._writer_durable:
            conn.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
            self._writer_durable = durable
        _begin(conn)
        return _finish(conn, fn)

    async def ok(self) -> bool:
        try:
            return await self.read(lambda conn: conn.execute("SELECT 1").fetchone()[0] == 1)
        except Exception:
            return False
