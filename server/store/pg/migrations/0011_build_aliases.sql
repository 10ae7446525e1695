-- Old values of build ids and slugs renamed by the nocase migration (0004) because they differed
-- from an older build's only by case (same as SQLite's 0011; server.store.nocase_renames).
CREATE TABLE IF NOT EXISTS build_aliases (
  alias TEXT COLLATE "C" PRIMARY KEY,
  build_id TEXT COLLATE "C" NOT NULL REFERENCES builds(id) ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS build_aliases_by_build ON build_aliases(build_id);
