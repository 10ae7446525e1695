"""`python -m server backup PATH` and `python -m server restore PATH` for the SQLite store.

The backup is SQLite's online backup API, in one step: it reads the database as of one moment
(a read transaction, which in WAL mode holds no writer up) while the server keeps serving, so
the copy holds every write acknowledged before it started and is consistent (counts match
their rows, no half transaction). It is written beside PATH, checked (integrity_check and
the migration log), fsynced and then renamed into place, so PATH is never a half-made file.

Restore copies a checked backup into the configured database the same way (the API takes the
destination's write lock, and every connection sees the restored data at its next read).
Stop the server first: a write it acknowledges during the restore is overwritten.

PostgreSQL has its own tools (pg_dump / pg_restore, or pg_basebackup with WAL archiving for
point-in-time recovery); both commands say so and do nothing there.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

PG_ADVICE = (
    "The store is PostgreSQL (WAYPOINT_DATABASE_URL): back it up with PostgreSQL's own tools, e.g."
    " `pg_dump -Fc -f waypoint.dump \"$WAYPOINT_DATABASE_URL\"` (restore: `pg_restore -d <url> waypoint.dump`),"
    " or pg_basebackup with WAL archiving for point-in-time recovery."
)


class BackupError(Exception):
    pass


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def check(path: Path) -> int:
    """The schema version of a Waypoint SQLite file that passes integrity_check; BackupError else."""
    if not path.is_file():
        raise BackupError(f"{path} is not a file")
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        (verdict,) = conn.execute("PRAGMA integrity_check").fetchone()
        if verdict != "ok":
            raise BackupError(f"{path} is damaged: {verdict}")
        try:
            (version,) = conn.execute("SELECT MAX(version) FROM schema_migrations").fetchone()
        except sqlite3.DatabaseError as exc:
            raise BackupError(f"{path} is not a Waypoint database ({exc})") from exc
        if version is None:
            raise BackupError(f"{path} is not a Waypoint database (no migrations)")
        return version
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"{path} is not a readable SQLite database ({exc})") from exc
    finally:
        conn.close()


def _copy(source: Path, target: Path) -> None:
    """SQLite's backup API, all pages in one step (one consistent read of the source)."""
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True, timeout=30)
    dst = sqlite3.connect(target, timeout=30)
    try:
        src.backup(dst)
        # The copy is a plain single file: no WAL beside it to lose or to forget to copy.
        dst.execute("PRAGMA journal_mode=DELETE")
    finally:
        dst.close()
        src.close()


def backup(db_path: str | Path, target: str | Path) -> int:
    """Copy the live database at db_path to target; returns the backup's schema version."""
    source, target = Path(db_path), Path(target)
    if not source.is_file():
        raise BackupError(f"no database at {source}")
    if target.resolve() == source.resolve():
        raise BackupError("the backup must go to another file than the database")
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    try:
        _copy(source, partial)
        version = check(partial)
        _fsync(partial)
        partial.replace(target)
        _fsync(target.parent)
    finally:
        partial.unlink(missing_ok=True)
    return version


def restore(backup_path: str | Path, db_path: str | Path) -> int:
    """Replace the database at db_path with a checked backup; returns its schema version."""
    source, target = Path(backup_path), Path(db_path)
    version = check(source)
    target.parent.mkdir(parents=True, exist_ok=True)
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    dst = sqlite3.connect(target, timeout=30)
    try:
        src.backup(dst)
        # The server's mode (the backup is a plain file); the copied pages reach the main file.
        dst.execute("PRAGMA journal_mode=WAL")
        dst.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        dst.close()
        src.close()
    check(target)
    return version
