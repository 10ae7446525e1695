-- Foundation: a key/value table for server metadata (e.g. demo-seed marker).
CREATE TABLE IF NOT EXISTS meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
