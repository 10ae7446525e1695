"""SQLite storage through aiosqlite (WAL), with numbered SQL migrations."""

from server.store.db import Database, apply_migrations

__all__ = ["Database", "apply_migrations"]
