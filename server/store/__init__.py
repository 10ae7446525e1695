"""Storage: one Store interface (server.store.interface), two engines.

The embedded default is SQLite (WAL) with numbered migrations in migrations/; a
postgresql:// WAYPOINT_DATABASE_URL selects PostgreSQL (server.store.pg), whose own
numbered migrations live in pg/migrations/. Nothing above this package picks an engine.
"""

from __future__ import annotations

from server.store.db import Database, apply_migrations
from server.store.interface import Store

__all__ = ["Database", "Store", "apply_migrations", "is_postgres_url", "make_store", "migrate"]


def is_postgres_url(url: str) -> bool:
    return url.startswith(("postgresql://", "postgres://"))


def make_store(settings) -> Store:
    """The store the settings name (not yet open)."""
    if settings.database_url:
        if not is_postgres_url(settings.database_url):
            raise ValueError("WAYPOINT_DATABASE_URL must be a postgresql:// URL (unset: the embedded SQLite file)")
        from server.store.pg import PgStore

        return PgStore(settings.database_url, max_size=settings.database_pool_size)
    from server.store.sqlite import SqliteStore

    return SqliteStore(settings.db_path)


def migrate(settings) -> tuple[list[int], str]:
    """Apply pending migrations to the database the settings name: (versions applied, where)."""
    if settings.database_url:
        import asyncio

        from server.store.pg import apply_pg_migrations

        return asyncio.run(apply_pg_migrations(settings.database_url)), "PostgreSQL"
    return apply_migrations(settings.db_path), settings.db_path
