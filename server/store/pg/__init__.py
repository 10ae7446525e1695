"""The PostgreSQL store (asyncpg with a connection pool), chosen by WAYPOINT_DATABASE_URL."""

from server.store.pg.migrate import apply_pg_migrations
from server.store.pg.store import PgStore

__all__ = ["PgStore", "apply_pg_migrations"]
