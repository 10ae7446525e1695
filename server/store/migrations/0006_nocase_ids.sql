-- Build ids and slugs are unique without regard to case ('URDXW3NV' beside 'urdxw3nv' is one
-- name to a person reading a link). The publish path also refuses an id equal to any slug in
-- any case (server.store.builds.insert_build); these indexes make those look-ups cheap.
-- Look-alikes stored before these indexes are renamed first, in this migration's transaction
-- (server.store.nocase_renames: the oldest keeps its value, old values stay links in build_aliases).
CREATE UNIQUE INDEX builds_id_nocase ON builds(lower(id));
CREATE UNIQUE INDEX builds_slug_nocase ON builds(lower(slug));
