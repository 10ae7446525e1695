-- Build ids and slugs are unique without regard to case (same as SQLite's 0006).
-- Look-alikes stored before these indexes are renamed first, in this migration's transaction
-- (server.store.nocase_renames: the oldest keeps its value, old values stay links in build_aliases).
CREATE UNIQUE INDEX builds_id_nocase ON builds(lower(id));
CREATE UNIQUE INDEX builds_slug_nocase ON builds(lower(slug));
