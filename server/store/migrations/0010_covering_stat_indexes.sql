-- Issue 35: each stat sort's index also holds the other two stats and the class columns, so a
-- stat-sorted page with minimum or class filters is chosen from the index alone (one table read
-- per row of the page, not one per build walked past). See search_sql._stat_statement.
DROP INDEX builds_by_dps;
DROP INDEX builds_by_life;
DROP INDEX builds_by_energy_shield;
CREATE INDEX builds_by_dps ON builds(stat_dps DESC, id, stat_life, stat_energy_shield, base_class, ascendancy);
CREATE INDEX builds_by_life ON builds(stat_life DESC, id, stat_dps, stat_energy_shield, base_class, ascendancy);
CREATE INDEX builds_by_energy_shield ON builds(stat_energy_shield DESC, id, stat_dps, stat_life, base_class, ascendancy);
-- The likes order with a minimum filter walks the likes index; holding the stats there lets
-- SQLite test each minimum before it reads the build's row (a deferred seek), where it read a
-- row for every build walked past. (PostgreSQL reads the row before any filter, so its likes
-- index stays as it is.)
DROP INDEX builds_by_likes;
CREATE INDEX builds_by_likes ON builds(likes DESC, id, stat_dps, stat_life, stat_energy_shield);
