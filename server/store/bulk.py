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

SKILLS = [
    "Cyclone", "Fireball", "Arc", "Toxic Rain", "Vortex", "Boneshatter", "Lightning Arrow", "Righteous Fire",
    "Spark", "Tornado Shot", "Blade Vortex", "Earthquake", "Ice Nova", "Penance Brand", "Kinetic Blast",
    "Flicker Strike", "Heavy Strike", "Dual Strike", "Armageddon Brand", "Essence Drain",
]
_STEP = [{"title": "Step 1", "equipmentSetId": "default", "skillSetId": "default", "passiveTreeId": "default"}]


def synthetic_builds(count: int, seed: int, max_likes: int, start: int, creator: int,
                     rng: random.Random | None = None):
    """(build rows, skill rows) of `count` synthetic builds numbered from `start`. Row order:
    id, slug, creator_id, creator_name, base_class, ascendancy, tree_version, code_z, skills,
    steps, step_count, likes, created_at, updated_at."""
    rng = rng or random.Random(seed)
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
            "2026-01-01T00:00:00.000Z",
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
    conn.execute(
        "INSERT INTO users(provider, subject, display_name) VALUES ('demo', 'bulk', 'Bulk Creator')"
        " ON CONFLICT(provider, subject) DO NOTHING"
    )
    creator = conn.execute("SELECT id FROM users WHERE provider = 'demo' AND subject = 'bulk'").fetchone()[0]
    start = conn.execute("SELECT COUNT(*) FROM builds").fetchone()[0]
    rows, skill_rows = synthetic_builds(count, seed, max_likes, start, creator)
    conn.executemany(
        "INSERT INTO builds(id, slug, creator_id, creator_name, base_class, ascendancy, tree_version, code_z,"
        " skills, steps, step_count, likes, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
        rows,
    )
    conn.executemany("INSERT INTO build_skills(skill, build_id) VALUES (?, ?)", skill_rows)
    conn.execute("COMMIT")
    conn.execute("ANALYZE")
    conn.close()
    return [r[0] for r in rows]
