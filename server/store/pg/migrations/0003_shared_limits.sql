-- Rate limits are token buckets and sign-in backoffs (server.ratelimit), not fixed-window
-- counters: one row per limit key holding two numbers and when it may be forgotten.
-- Unlogged, as the other shared state: a crash only refills buckets.
DROP TABLE IF EXISTS shared_counters;
CREATE UNLOGGED TABLE shared_limits (
  key TEXT PRIMARY KEY,
  a DOUBLE PRECISION NOT NULL,
  b DOUBLE PRECISION NOT NULL,
  expires DOUBLE PRECISION NOT NULL
);
