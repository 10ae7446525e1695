-- The sync store: users and sessions, builds, likes, attachments, OAuth state
-- and tokens, and idempotency keys. Times are ISO-8601 UTC text or unix seconds
-- (REAL) where the server compares them.

CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  provider TEXT NOT NULL,            -- 'local' | 'ggg'
  subject TEXT NOT NULL,             -- local: lower-cased display name; ggg: account uuid
  display_name TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  UNIQUE (provider, subject)
);

-- The cookie holds a random token; only its SHA-256 is stored.
CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at REAL NOT NULL,
  created_at REAL NOT NULL
);
CREATE INDEX sessions_user ON sessions(user_id);

-- Pending sign-ins: state -> PKCE verifier and where to return afterwards.
CREATE TABLE oauth_states (
  state TEXT PRIMARY KEY,
  verifier TEXT NOT NULL,
  return_path TEXT NOT NULL,
  initial_realm TEXT NOT NULL,
  created_at REAL NOT NULL
);

-- Official-API tokens, held server-side only.
CREATE TABLE ggg_tokens (
  user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  access_token TEXT NOT NULL,
  refresh_token TEXT NOT NULL,
  scope TEXT NOT NULL,
  expires_at REAL NOT NULL
);

CREATE TABLE builds (
  id TEXT PRIMARY KEY,               -- client-generated build id (publish is created once per id)
  slug TEXT NOT NULL UNIQUE,
  creator_id INTEGER NOT NULL REFERENCES users(id),
  creator_name TEXT NOT NULL,        -- denormalised for search and CreatorFilter
  base_class TEXT NOT NULL,
  ascendancy TEXT NOT NULL DEFAULT '',
  tree_version TEXT NOT NULL,
  code_z BLOB NOT NULL,              -- planner code, zlib-compressed
  skills TEXT NOT NULL,              -- JSON list of 1..3 title skills
  steps TEXT NOT NULL,               -- JSON list of steps
  step_count INTEGER NOT NULL,
  likes INTEGER NOT NULL DEFAULT 0 CHECK (likes >= 0),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX builds_by_likes ON builds(likes DESC, id);
CREATE INDEX builds_by_creator ON builds(creator_id, likes DESC, id);
CREATE INDEX builds_by_class ON builds(base_class, likes DESC, id);
CREATE INDEX builds_by_ascendancy ON builds(ascendancy, likes DESC, id);

-- Title skills, lower-cased, for SkillFilters.
CREATE TABLE build_skills (
  skill TEXT NOT NULL,
  build_id TEXT NOT NULL REFERENCES builds(id) ON DELETE CASCADE,
  PRIMARY KEY (skill, build_id)
) WITHOUT ROWID;
CREATE INDEX build_skills_by_build ON build_skills(build_id);

CREATE TABLE likes (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  build_id TEXT NOT NULL REFERENCES builds(id) ON DELETE CASCADE,
  created_at REAL NOT NULL,
  PRIMARY KEY (user_id, build_id)
) WITHOUT ROWID;
CREATE INDEX likes_by_build ON likes(build_id);

-- Every change of a likes count, in commit order. Search cursors pin a seq so
-- later pages sort by the counts as they were when the first page was read.
CREATE TABLE like_events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  build_id TEXT NOT NULL,
  delta INTEGER NOT NULL
);
CREATE INDEX like_events_by_seq ON like_events(seq, build_id, delta);

-- The count is maintained by the database itself, in the same transaction as
-- the row change, so it can never drift from the likes rows.
CREATE TRIGGER likes_count_up AFTER INSERT ON likes BEGIN
  UPDATE builds SET likes = likes + 1 WHERE id = NEW.build_id;
  INSERT INTO like_events(build_id, delta) VALUES (NEW.build_id, 1);
END;

CREATE TRIGGER likes_count_down AFTER DELETE ON likes BEGIN
  UPDATE builds SET likes = likes - 1 WHERE id = OLD.build_id;
  INSERT INTO like_events(build_id, delta) VALUES (OLD.build_id, -1);
END;

-- Which build a character is tracked against; last writer wins.
CREATE TABLE attachments (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  character_id TEXT NOT NULL,
  build_id TEXT NOT NULL REFERENCES builds(id) ON DELETE CASCADE,
  updated_at REAL NOT NULL,
  PRIMARY KEY (user_id, character_id)
) WITHOUT ROWID;

-- First answer to a mutation per (scope, Idempotency-Key), replayed on repeats.
CREATE TABLE idempotency_keys (
  scope TEXT NOT NULL,               -- 'u:<user id>' or 'ip:<address>'
  key TEXT NOT NULL,
  method TEXT NOT NULL,
  path TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  status INTEGER NOT NULL,
  headers TEXT NOT NULL,             -- JSON list of [name, value]
  body BLOB NOT NULL,
  created_at REAL NOT NULL,
  PRIMARY KEY (scope, key)
) WITHOUT ROWID;
CREATE INDEX idempotency_keys_age ON idempotency_keys(created_at);
