-- Build ids and slugs are unique without regard to case (same as SQLite's 0006).
CREATE UNIQUE INDEX builds_id_nocase ON builds(lower(id));
CREATE UNIQUE INDEX builds_slug_nocase ON builds(lower(slug));
