-- pobb.in pastes fetched by GET /api/proxy/pobb/{code}. A paste never changes,
-- so an entry is kept forever.
CREATE TABLE IF NOT EXISTS planner_cache (
  paste_id TEXT PRIMARY KEY,
  code TEXT NOT NULL,
  fetched_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
