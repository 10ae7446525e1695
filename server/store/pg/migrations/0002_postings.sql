-- Filtered search reads only the rows of its page (same design as SQLite's 0005):
-- postings (tag, nl = -likes, build_id) in search order; tags 'c:<class or ascendancy>',
-- 's:<skill>' and 'p:<class>:<skill>'. A filtered page is a merge of one primary-key range
-- per value. Triggers keep them in step with builds, skills and likes counts.
CREATE TABLE postings (
  tag TEXT COLLATE "C" NOT NULL,
  nl INTEGER NOT NULL,
  build_id TEXT COLLATE "C" NOT NULL,
  PRIMARY KEY (tag, nl, build_id)
);

INSERT INTO postings(tag, nl, build_id)
SELECT DISTINCT tag, nl, build_id FROM (
  SELECT 'c:' || base_class AS tag, -likes AS nl, id AS build_id FROM builds
  UNION ALL SELECT 'c:' || ascendancy, -likes, id FROM builds WHERE ascendancy <> ''
  UNION ALL SELECT 's:' || s.skill, -b.likes, b.id FROM build_skills s JOIN builds b ON b.id = s.build_id
  UNION ALL SELECT 'p:' || b.base_class || ':' || s.skill, -b.likes, b.id FROM build_skills s JOIN builds b ON b.id = s.build_id
  UNION ALL SELECT 'p:' || b.ascendancy || ':' || s.skill, -b.likes, b.id FROM build_skills s JOIN builds b ON b.id = s.build_id
    WHERE b.ascendancy <> ''
) t;

CREATE INDEX postings_by_build ON postings(build_id);

CREATE FUNCTION postings_build() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO postings(tag, nl, build_id) VALUES ('c:' || NEW.base_class, -NEW.likes, NEW.id) ON CONFLICT DO NOTHING;
  IF NEW.ascendancy <> '' THEN
    INSERT INTO postings(tag, nl, build_id) VALUES ('c:' || NEW.ascendancy, -NEW.likes, NEW.id) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER postings_build AFTER INSERT ON builds FOR EACH ROW EXECUTE FUNCTION postings_build();

CREATE FUNCTION postings_skill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO postings(tag, nl, build_id)
    SELECT t.tag, -b.likes, b.id FROM builds b,
      LATERAL (VALUES ('s:' || NEW.skill), ('p:' || b.base_class || ':' || NEW.skill),
                      (CASE WHEN b.ascendancy <> '' THEN 'p:' || b.ascendancy || ':' || NEW.skill END)) t(tag)
    WHERE b.id = NEW.build_id AND t.tag IS NOT NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER postings_skill AFTER INSERT ON build_skills FOR EACH ROW EXECUTE FUNCTION postings_skill();

CREATE FUNCTION postings_likes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE postings SET nl = -NEW.likes WHERE build_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER postings_likes AFTER UPDATE OF likes ON builds FOR EACH ROW
  WHEN (NEW.likes <> OLD.likes) EXECUTE FUNCTION postings_likes();

CREATE FUNCTION postings_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM postings WHERE build_id = OLD.id;
  RETURN NULL;
END $$;
CREATE TRIGGER postings_gone AFTER DELETE ON builds FOR EACH ROW EXECUTE FUNCTION postings_gone();
