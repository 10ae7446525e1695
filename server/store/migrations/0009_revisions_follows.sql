-- Issue 36: revisions of a build and players following builds.
-- The builds row always holds the newest revision (its number in builds.revision), so every
-- existing read (search, the share link) opens the newest. build_revisions keeps every
-- revision once a build has more than one: revision 1 is copied from the builds row when
-- revision 2 is published (server.store.revisions).
ALTER TABLE builds ADD COLUMN revision INTEGER NOT NULL DEFAULT 1;
ALTER TABLE builds ADD COLUMN followers INTEGER NOT NULL DEFAULT 0 CHECK (followers >= 0);
-- The unseen-updates query checks each followed build's revision in this index alone (SQLite
-- reads the table row only for the builds that have an update): half the pages of a PK lookup.
CREATE INDEX builds_revision ON builds(id, revision);

CREATE TABLE build_revisions (
  build_id TEXT NOT NULL REFERENCES builds(id) ON DELETE CASCADE,
  revision INTEGER NOT NULL,
  base_class TEXT NOT NULL,
  ascendancy TEXT NOT NULL,
  tree_version TEXT NOT NULL,
  code_z BLOB NOT NULL,
  skills TEXT NOT NULL,
  steps TEXT NOT NULL,
  note TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  PRIMARY KEY (build_id, revision)
) WITHOUT ROWID;

-- Who follows which build, and the newest revision of it the player has seen.
CREATE TABLE follows (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  build_id TEXT NOT NULL REFERENCES builds(id) ON DELETE CASCADE,
  seen_revision INTEGER NOT NULL,
  created_at REAL NOT NULL,
  PRIMARY KEY (user_id, build_id)
) WITHOUT ROWID;
CREATE INDEX follows_by_build ON follows(build_id);

-- The followers count is kept by the database in the same transaction as the row change.
CREATE TRIGGER follows_count_up AFTER INSERT ON follows BEGIN
  UPDATE builds SET followers = followers + 1 WHERE id = NEW.build_id;
END;

CREATE TRIGGER follows_count_down AFTER DELETE ON follows BEGIN
  UPDATE builds SET followers = followers - 1 WHERE id = OLD.build_id;
END;
