-- Issue 35: the planner's saved stats of each build (server.planner.stats), for browse sorts and
-- minimum filters. The three sortable figures are columns with a descending index each; a build
-- without the figure holds -1 there (every real value is >= 0), so it sorts after every build
-- with one and no minimum filter (>= 0) matches it. `stats` is the whole BuildStats as JSON:
-- NULL = not read yet (the migration's backfill reads the stored codes right after this file,
-- server.store.stats_backfill), 'null' = the export carries none.
ALTER TABLE builds ADD COLUMN stat_dps REAL NOT NULL DEFAULT -1;
ALTER TABLE builds ADD COLUMN stat_life REAL NOT NULL DEFAULT -1;
ALTER TABLE builds ADD COLUMN stat_energy_shield REAL NOT NULL DEFAULT -1;
ALTER TABLE builds ADD COLUMN stats TEXT;
CREATE INDEX builds_by_dps ON builds(stat_dps DESC, id);
CREATE INDEX builds_by_life ON builds(stat_life DESC, id);
CREATE INDEX builds_by_energy_shield ON builds(stat_energy_shield DESC, id);
