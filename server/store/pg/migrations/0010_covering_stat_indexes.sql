-- Issue 35 (the same number as SQLite's): each stat sort's index also carries the other two
-- stats and the class columns, so a stat-sorted page with minimum or class filters is chosen by
-- an index-only scan (see search_sql._stat_statement).
DROP INDEX builds_by_dps;
DROP INDEX builds_by_life;
DROP INDEX builds_by_energy_shield;
CREATE INDEX builds_by_dps ON builds(stat_dps DESC, id) INCLUDE (stat_life, stat_energy_shield, base_class, ascendancy);
CREATE INDEX builds_by_life ON builds(stat_life DESC, id) INCLUDE (stat_dps, stat_energy_shield, base_class, ascendancy);
CREATE INDEX builds_by_energy_shield ON builds(stat_energy_shield DESC, id) INCLUDE (stat_dps, stat_life, base_class, ascendancy);
