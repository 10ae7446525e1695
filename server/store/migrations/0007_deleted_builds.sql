-- Builds deleted with their creator's account: a link to one answers 410 Gone, and its id and
-- slug are never given to another build (in any case).
CREATE TABLE deleted_builds (
  id TEXT PRIMARY KEY,
  slug TEXT NOT NULL,
  deleted_at REAL NOT NULL
);
CREATE UNIQUE INDEX deleted_builds_id_nocase ON deleted_builds(lower(id));
CREATE UNIQUE INDEX deleted_builds_slug_nocase ON deleted_builds(lower(slug));
