"""Fast bulk insert of synthetic builds straight into SQLite (benchmarks, paging tests).

Not a publish path: no planner validation. Builds get real class/ascendancy
pairs, one to three skills from a fixed list and a skewed likes count; the
likes column is set directly (these builds have no likes rows).
"""

from __future__ import annotations

import random
import sqlite3
import zlib
from pathlib import Path

import msgspec

from server.classes import load_class_table
from server.settings import Settings
from server.store.db import PRAGMAS, apply_migrations
from server.store.types import stat_columns
from server.wire import BuildStats

SKILLS = [
    "Cyclone", "Fireball", "Arc", "Toxic Rain", "Vortex", "Boneshatter", "Lightning Arrow", "Righteous Fire",
    "Spark", "Tornado Shot", "Blade Vortex", "Earthquake", "Ice Nova", "Penance Brand", "Kinetic Blast",
    "Flicker Strike", "Heavy Strike", "Dual Strike", "Armageddon Brand", "Essence Drain",
]
_STEP = [{"title": "Step 1", "equipmentSetId": "default", "skillSetId": "default", "passiveTreeId": "default"}]


# The postings (see migration 0005) of the builds whose ids lie in [:lo, :hi] and match :like.
POSTINGS_OF_RANGE = """
INSERT INTO postings(tag, nl, build_id)
SELECT tag, nl, build_id FROM (
  SELECT 'c:' || base_class AS tag, -likes AS nl, id AS build_id FROM builds b WHERE {r}
  UNION ALL SELECT 'c:' || ascendancy, -likes, id FROM builds b WHERE ascendancy <> '' AND {r}
  UNION ALL SELECT 's:' || s.skill, -b.likes, b.id FROM build_skills s JOIN builds b ON b.id = s.build_id WHERE {r}
  UNION ALL SELECT 'p:' || b.base_class || ':' || s.skill, -b.likes, b.id
    FROM build_skills s JOIN builds b ON b.id = s.build_id WHERE {r}
  UNION ALL SELECT 'p:' || b.ascendancy || ':' || s.skill, -b.likes, b.id
    FROM build_skills s JOIN builds b ON b.id = s.build_id WHERE b.ascendancy <> '' AND {r}
) t ORDER BY 1, 2, 3
""".replace("{r}", "b.id BETWEEN :lo AND :hi AND b.id LIKE :like")


def synthetic_stats(rng: random.Random) -> BuildStats | None:
    """Planner-like saved stats: some builds have none, some lack DPS or ES; values are rounded
    so that ties occur (the keyset must order them by id)."""
    if rng.random() < 0.08:
        return None
    dps = None if rng.random() < 0.1 else float(int(10 ** rng.uniform(2, 7.5)) // 100 * 100)
    life = None if rng.random() < 0.05 else float(rng.randint(20, 160) * 50)
    es = None if rng.random() < 0.1 else (0.0 if rng.random() < 0.4 else float(rng.randint(1, 400) * 25))
    return BuildStats(life=life, energy_shield=es, dps=dps, dps_kind=None if dps is None else "combined",
                      fire_resist=75.0, cold_resist=75.0, lightning_resist=75.0, chaos_resist=float(rng.randint(-60, 75)))


def synthetic_builds(count: int, seed: int, max_likes: int, start: int, creator: int,
                     rng: random.Random | None = None, stats_rng: random.Random | None = None):
    """(build rows, skill rows) of `count` synthetic builds numbered from `start`. Row order:
    id, slug, creator_id, creator_name, base_class, ascendancy, tree_version, code_z, skills,
    steps, step_count, likes, created_at, updated_at, stat_dps, stat_life, stat_energy_shield,
    stats. The stats draw from a stream of their own, so the other columns are as before them."""
    rng = rng or random.Random(seed)
    stats_rng = stats_rng or random.Random(f"stats-{seed}-{start}")
    code_z = zlib.compress(b"synthetic-bench-build", 9)
    steps = msgspec.json.encode(_STEP).decode()
    table = load_class_table(Settings.from_env().game_data_dist)
    classes = [(b, a) for b, ascs in table.ascendancies.items() for a in ("", *ascs)]
    rows, skill_rows = [], []
    for i in range(count):
        n = start + i
        build_id = f"bulk-{seed}-{n:08d}"
        base, asc = rng.choice(classes)
        skills = rng.sample(SKILLS, rng.randint(1, 3))
        # Skewed like counts: most builds have few likes, some many.
        likes = int(max_likes * rng.random() ** 4)
        rows.append((
            build_id, f"bk{seed}{n:07d}", creator, f"Creator {n % 997}", base, asc, "3_25", code_z,
            msgspec.json.encode(skills).decode(), steps, 1, likes, "2026-01-01T00:00:00.000Z",
            "2026-01-01T00:00:00.000Z", *stat_columns(synthetic_stats(stats_rng)),
        ))
        skill_rows.extend((s.lower(), build_id) for s in skills)
    return rows, skill_rows


def bulk_insert_builds(db_path: str | Path, count: int, seed: int = 7, max_likes: int = 500) -> list[str]:
    """Insert `count` builds; returns their ids. One transaction, executemany."""
    apply_migrations(db_path)
    conn = sqlite3.connect(db_path, isolation_level=None)
    for pragma in PRAGMAS:
        conn.execute(pragma)
    conn.execute("BEGIN IMMEDIATE")
    # Secondary indexes and the postings are built once after the rows (a sorted pass each)
    # instead of row by row; their triggers are dropped meanwhile and made again after.
    postings_ddl = conn.execute(
        "SELECT name, sql, type FROM sqlite_master WHERE tbl_name IN ('builds', 'build_skills', 'postings')"
        " AND sql IS NOT NULL AND type IN ('trigger', 'index')"
    ).fetchall()
    for name, _, kind in postings_ddl:
        conn.execute(f"DROP {kind} {name}")
    conn.execute(
        "INSERT INTO users(provider, subject, display_name) VALUES ('demo', 'bulk', 'Bulk Creator')"
        " ON CONFLICT(provider, subject) DO NOTHING"
    )
    creator = conn.execute("SELECT id FROM users WHERE provider = 'demo' AND subject = 'bulk'").fetchone()[0]
    start = conn.execute("SELECT COUNT(*) FROM builds").fetchone()[0]
    rows, skill_rows = synthetic_builds(count, seed, max_likes, start, creator)
    conn.executemany(
        "INSERT INTO builds(id, slug, creator_id, creator_name, base_class, ascendancy, tree_version, code_z,"
        " skills, steps, step_count, likes, created_at, updated_at, stat_dps, stat_life, stat_energy_shield, stats)"
        " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
        rows,
    )
    conn.executemany("INSERT INTO build_skills(skill, build_id) VALUES (?, ?)", skill_rows)
    if rows:
        conn.execute(POSTINGS_OF_RANGE.replace("INSERT INTO", "INSERT OR IGNORE INTO"),
                     {"lo": rows[0][0], "hi": rows[-1][0], "like": f"bulk-{seed}-%"})
    for _, sql, _kind in sorted(postings_ddl, key=lambda d: d[2] != "index"):
        conn.execute(sql)
    conn.execute("COMMIT")
    conn.execute("ANALYZE")
    conn.close()
    return [r[0] for r in rows]
