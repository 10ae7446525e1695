"""Demo builds from the planner corpus, so a new user's Explore tab is alive.

Every planner build in ../shared/corpus/pob (a `.code.txt` and its `.xml` twin
count once) is published by one of a few demo creators, with a one-step-per-tree
progression and some likes by demo users. Builds that fail extraction are skipped
with a log line. When fewer than MIN_BUILDS are publishable, clearly labelled
variants ("Demo variants") are added so paging has more than one page. Ids are
derived from the file path, so seeding twice adds nothing.
"""

from __future__ import annotations

import base64
import logging
import re
import uuid
import zlib
from pathlib import Path

import msgspec

from server.store.interface import Store
from server.store.types import NewBuild
from server.wire import Step

log = logging.getLogger("waypoint.seed")

NAMESPACE = uuid.UUID("5f0c7a52-9d0e-4a7e-8f43-4d3c0b1f9a10")
DEMO_CREATORS = ["Demo Exile", "Demo Archivist", "Demo Theorycrafter", "Demo Speedrunner"]
DEMO_LIKERS = 12
MIN_BUILDS = 25  # more than one page of 20
SUPPORTISH = re.compile(r"(support|awakened |^enhance|^enlighten|^empower)", re.I)


class SeedReport(msgspec.Struct):
    published: int = 0
    skipped: int = 0
    existing: int = 0
    variants: int = 0


def _sources(pob_dir: Path) -> list[Path]:
    """One file per build: prefer the planner code, else the XML."""
    chosen: dict[str, Path] = {}
    for path in sorted(pob_dir.rglob("*")):
        if not path.is_file():
            continue
        if path.name.endswith(".code.txt"):
            stem = str(path)[: -len(".code.txt")]
            chosen[stem] = path
        elif path.suffix == ".xml":
            stem = str(path)[: -len(".xml")]
            chosen.setdefault(stem, path)
    return [chosen[k] for k in sorted(chosen)]


def to_code(text: str) -> str:
    """A planner code for raw XML (zlib, URL-safe base64), as the planner exports."""
    if text.lstrip().startswith("<"):
        return base64.urlsafe_b64encode(zlib.compress(text.encode(), 9)).decode()
    return text.strip()


def pick_skills(extract, hint: str, main: str = "") -> list[str]:
    """Up to three title skills: the planner's main skill first, then gems named in the file name,
    then other active gems (utility gems after real skills), supports last."""
    from server.planner.skills import is_support_name, is_utility_name

    ordered: list[str] = []
    for s in extract.skill_sets:
        for g in s.gems:
            if g not in ordered:
                ordered.append(g)
    key = re.sub(r"[^a-z0-9]+", " ", hint.lower())
    named = [g for g in ordered if re.sub(r"[^a-z0-9]+", " ", g.lower()).strip() in key]
    active = [g for g in ordered if not SUPPORTISH.search(g) and not is_support_name(g)]
    skills = [g for g in active if not is_utility_name(g)]
    out: list[str] = [main] if main else []
    for g in named + skills + active + ordered:
        if g not in out:
            out.append(g)
    return out[:3]


def plan_build(path: Path, corpus_root: Path):
    """(build id, NewBuild-ish fields) for one corpus file, or None when unusable."""
    from server.planner import PlannerError, extract_planner, offered_trees
    from server.planner.decode import parse_planner_xml, planner_xml_bytes
    from server.planner.skills import main_skill
    from server.planner.stats import read_stats

    rel = path.relative_to(corpus_root).as_posix()
    try:
        code = to_code(path.read_text(errors="replace"))
        root = parse_planner_xml(planner_xml_bytes(code))
        extract = extract_planner(root)
    except (PlannerError, OSError) as exc:
        log.warning("seed: skipping %s: %s", rel, exc)
        return None
    skills = pick_skills(extract, path.name, main_skill(root))
    # Trees of another class or ascendancy are never steps (as at publish).
    offered = set(offered_trees(extract).ids)
    trees = [(i, t) for i, t in enumerate(extract.trees) if t.id in offered]
    if not extract.class_name or not skills or not trees or not extract.item_sets or not extract.skill_sets:
        log.warning("seed: skipping %s: no class, skills, tree of its class, item set or skill set", rel)
        return None
    steps = []
    for n, (i, tree) in enumerate(trees):
        items = extract.item_sets[min(i, len(extract.item_sets) - 1)]
        skill_set = extract.skill_sets[min(i, len(extract.skill_sets) - 1)]
        steps.append(Step(tree.title or f"Step {n + 1}", items.id, skill_set.id, tree.id))
    active = next((t for _, t in trees if t.id == extract.active_tree_id), trees[-1][1])
    return rel, dict(
        base_class=extract.class_name,
        ascendancy=extract.ascendancy_name or "",
        tree_version=active.tree_version or "3_25",
        code=code,
        skills=skills,
        steps=steps,
        stats=read_stats(root),
    )


async def seed_demo(db: Store, corpus_dir: str | Path) -> SeedReport:
    report = SeedReport()
    root = Path(corpus_dir)
    pob_dir = root / "pob"
    if not pob_dir.is_dir():
        log.warning("seed: no planner corpus at %s", pob_dir)
        return report
    creators = [await db.upsert_user("demo", n.lower(), n) for n in DEMO_CREATORS]
    likers = [await db.upsert_user("demo", f"liker-{i}", f"Demo Fan {i}") for i in range(DEMO_LIKERS)]
    planned = [p for p in (plan_build(path, root) for path in _sources(pob_dir)) if p is not None]
    report.skipped = len(_sources(pob_dir)) - len(planned)
    queue = [(rel, fields, "") for rel, fields in planned]
    # Variants keep paging alive on small corpora; they say what they are.
    i = 0
    while planned and len(queue) < MIN_BUILDS:
        rel, fields = planned[i % len(planned)]
        queue.append((rel, fields, f"#variant-{i // len(planned) + 1}"))
        i += 1
    for n, (rel, fields, variant) in enumerate(queue):
        build_id = str(uuid.uuid5(NAMESPACE, rel + variant))
        creator = creators[n % len(creators)]
        name = creator.display_name
        if variant:
            creator = creators[0]
            name = "Demo variants"
        slug, created = await db.insert_build(
            NewBuild(id=build_id, creator_id=creator.id, creator_name=name, **fields)
        )
        if not created:
            report.existing += 1
            continue
        report.published += 1
        report.variants += bool(variant)
        # A deterministic spread of likes: 0..DEMO_LIKERS fans per build.
        fans = int(uuid.uuid5(NAMESPACE, "likes" + build_id).int % (DEMO_LIKERS + 1))
        for fan in likers[:fans]:
            await db.set_like(fan.id, build_id, True)
    log.info("seed: %s", report)
    return report


async def seed_if_empty(app) -> None:
    """Startup hook: seed an empty database when seed_demo is on."""
    settings = app.state.settings
    db: Store = app.state.store
    if not settings.seed_demo:
        return
    if await db.has_builds():
        return
    await seed_demo(db, settings.corpus_dir)
