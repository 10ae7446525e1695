-- Issue 36: revisions of a build and players following builds (same as SQLite's 0009).
ALTER TABLE builds ADD COLUMN revision INTEGER NOT NULL DEFAULT 1;
ALTER TABLE builds ADD COLUMN followers INTEGER NOT NULL DEFAULT 0 CHECK (followers >= 0);

CREATE TABLE build_revisions (
  build_id TEXT COLLATE "C" NOT NULL REFERENCES builds(id) ON DELETE CASCADE,
  revision INTEGER NOT NULL,
  base_class TEXT NOT NULL,
  ascendancy TEXT NOT NULL,
  tree_version TEXT NOT NULL,
  code_z BYTEA NOT NULL,
  skills TEXT NOT NULL,
  steps TEXT NOT NULL,
  note TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  PRIMARY KEY (build_id, revision)
);

CREATE TABLE follows (
  user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  build_id TEXT COLLATE "C" NOT NULL REFERENCES builds(id) ON DELETE CASCADE,
  seen_revision INTEGER NOT NULL,
  created_at DOUBLE PRECISION NOT NULL,
  PRIMARY KEY (user_id, build_id)
);
CREATE INDEX follows_by_build ON follows(build_id);

CREATE FUNCTION follows_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE builds SET followers = followers + 1 WHERE id = NEW.build_id;
  ELSE
    UPDATE builds SET followers = followers - 1 WHERE id = OLD.build_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER follows_count AFTER INSERT OR DELETE ON follows FOR EACH ROW EXECUTE FUNCTION follows_count();
