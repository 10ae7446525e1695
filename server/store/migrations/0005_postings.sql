-- Filtered search reads only the rows of its page: one posting per (filter value, build),
-- keyed in search order (nl = -likes, then build id). A class filter value matches the
-- base class or the ascendancy ('c:<name>'), a skill one a title skill ('s:<skill>'), and
-- a class AND skill search reads the pair postings ('p:<class>:<skill>'). A filtered page
-- is then a merge of one primary-key range per value (see server.store.search_sql).
-- Triggers keep the postings in step with builds, skills and likes counts.
CREATE TABLE postings (
  tag TEXT NOT NULL,
  nl INTEGER NOT NULL,
  build_id TEXT NOT NULL,
  PRIMARY KEY (tag, nl, build_id)
) WITHOUT ROWID;

INSERT OR IGNORE INTO postings(tag, nl, build_id)
SELECT tag, nl, build_id FROM (
  SELECT 'c:' || base_class AS tag, -likes AS nl, id AS build_id FROM builds
  UNION ALL SELECT 'c:' || ascendancy, -likes, id FROM builds WHERE ascendancy <> ''
  UNION ALL SELECT 's:' || s.skill, -b.likes, b.id FROM build_skills s JOIN builds b ON b.id = s.build_id
  UNION ALL SELECT 'p:' || b.base_class || ':' || s.skill, -b.likes, b.id FROM build_skills s JOIN builds b ON b.id = s.build_id
  UNION ALL SELECT 'p:' || b.ascendancy || ':' || s.skill, -b.likes, b.id FROM build_skills s JOIN builds b ON b.id = s.build_id
    WHERE b.ascendancy <> ''
) ORDER BY 1, 2, 3;

CREATE INDEX postings_by_build ON postings(build_id);

CREATE TRIGGER postings_build AFTER INSERT ON builds BEGIN
  INSERT OR IGNORE INTO postings(tag, nl, build_id) VALUES ('c:' || NEW.base_class, -NEW.likes, NEW.id);
  INSERT OR IGNORE INTO postings(tag, nl, build_id)
    SELECT 'c:' || NEW.ascendancy, -NEW.likes, NEW.id WHERE NEW.ascendancy <> '';
END;

CREATE TRIGGER postings_skill AFTER INSERT ON build_skills BEGIN
  INSERT OR IGNORE INTO postings(tag, nl, build_id)
    SELECT 's:' || NEW.skill, -b.likes, b.id FROM builds b WHERE b.id = NEW.build_id;
  INSERT OR IGNORE INTO postings(tag, nl, build_id)
    SELECT 'p:' || b.base_class || ':' || NEW.skill, -b.likes, b.id FROM builds b WHERE b.id = NEW.build_id;
  INSERT OR IGNORE INTO postings(tag, nl, build_id)
    SELECT 'p:' || b.ascendancy || ':' || NEW.skill, -b.likes, b.id FROM builds b
    WHERE b.id = NEW.build_id AND b.ascendancy <> '';
END;

CREATE TRIGGER postings_likes AFTER UPDATE OF likes ON builds WHEN NEW.likes <> OLD.likes BEGIN
  UPDATE postings SET nl = -NEW.likes WHERE build_id = NEW.id;
END;

CREATE TRIGGER postings_gone AFTER DELETE ON builds BEGIN
  DELETE FROM postings WHERE build_id = OLD.id;
END;
