-- Builds deleted with their creator's account (same as SQLite's 0007): their links answer 410,
-- and their ids and slugs are never given to another build.
CREATE TABLE deleted_builds (
  id TEXT COLLATE "C" PRIMARY KEY,
  slug TEXT COLLATE "C" NOT NULL,
  deleted_at DOUBLE PRECISION NOT NULL
);
CREATE UNIQUE INDEX deleted_builds_id_nocase ON deleted_builds(lower(id));
CREATE UNIQUE INDEX deleted_builds_slug_nocase ON deleted_builds(lower(slug));
