-- Old values of build ids and slugs renamed by the nocase migration (0006) because they differed
-- from an older build's only by case (server.store.nocase_renames): alias -> the build's id now, so
-- a link shared before still opens that build. 0006 makes this table when it renames anything;
-- this file makes it for every other database.
CREATE TABLE IF NOT EXISTS build_aliases (
  alias TEXT PRIMARY KEY,
  build_id TEXT NOT NULL REFERENCES builds(id) ON DELETE CASCADE
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS build_aliases_by_build ON build_aliases(build_id);
