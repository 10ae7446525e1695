"""Publish validation: a payload must agree with its own planner code.

Pure logic over the planner extract (server.planner), so it is testable without
HTTP. Every failure is a PublishRejected with a message a person can act on.
"""

from __future__ import annotations

import re

import msgspec

from server.store.types import is_slug
from server.wire import BuildStats, PublishRequest, Step

MAX_STEPS = 100
# Publish-time caps on what the planner code holds, checked on the parsed XML before any
# extraction so a small code cannot buy much CPU. Real builds stay far below them (the corpus
# peaks at 11 sets of each kind, 91 items, 236 gems and about 3,500 elements).
MAX_SETS = 100
MAX_ITEMS = 1_000
MAX_GEMS = 2_000
MAX_ELEMENTS = 50_000
MAX_TITLE = 120
MAX_CODE_CHARS = 512 * 1024
BUILD_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{7,63}$")
# Clients may paste a whole link; the payload carries the code "without host prefix".
_HOST_PREFIX = re.compile(r"^(?:https?://)?(?:www\.)?pobb\.in/(?:pob/)?", re.I)


class Publishable(msgspec.Struct, frozen=True):
    base_class: str
    ascendancy: str
    tree_version: str
    code: str
    skills: list[str]
    steps: list[Step]
    # The planner's saved stats (server.planner.stats), None when the code carries none.
    stats: BuildStats | None = None


class PublishRejected(Exception):
    pass


def _norm(value: str | None) -> str:
    return (value or "").strip().lower()


def _ascendancy(value: str | None) -> str:
    v = (value or "").strip()
    return "" if v.lower() in ("", "none") else v


def check_shape(req: PublishRequest) -> str:
    """Checks that need no decoding; returns the planner code to decode."""
    if not BUILD_ID.match(req.build_id or ""):
        raise PublishRejected("buildId must be 8 to 64 letters, digits, '-' or '_' (a client-generated id)")
    if is_slug(req.build_id):
        raise PublishRejected(
            "buildId must not have the form of a share-link slug (8 lower-case letters and digits)"
        )
    code = _HOST_PREFIX.sub("", (req.pob_cod or "").strip())
    if not code:
        raise PublishRejected("pobCod is empty: paste a planner code")
    if len(code) > MAX_CODE_CHARS:
        raise PublishRejected(f"pobCod is longer than {MAX_CODE_CHARS} characters")
    skills = [s.strip() for s in req.skills]
    if not 1 <= len(skills) <= 3:
        raise PublishRejected(f"A build needs one to three skills; got {len(skills)}")
    if any(not s for s in skills):
        raise PublishRejected("Skills must not be empty")
    if len({s.lower() for s in skills}) != len(skills):
        raise PublishRejected("The skills must differ from each other")
    if not 1 <= len(req.steps) <= MAX_STEPS:
        raise PublishRejected(f"A build needs one to {MAX_STEPS} steps; got {len(req.steps)}")
    for i, step in enumerate(req.steps, 1):
        if len(step.title) > MAX_TITLE:
            raise PublishRejected(f"Step {i}: the title is longer than {MAX_TITLE} characters")
    return code


def check_limits(root) -> None:
    """Hard caps on a parsed planner XML root (lxml), each refused with a clear message."""
    for label, path in (("passive trees", "Tree/Spec"), ("item sets", "Items/ItemSet"),
                        ("skill sets", "Skills/SkillSet")):
        if len(root.findall(path)) > MAX_SETS:
            raise PublishRejected(f"The planner code has more than {MAX_SETS} {label}")
    if len(root.findall("Items/Item")) > MAX_ITEMS:
        raise PublishRejected(f"The planner code has more than {MAX_ITEMS} items")
    gems = elements = 0
    for element in root.iter():
        elements += 1
        gems += element.tag == "Gem"
        if elements > MAX_ELEMENTS:
            raise PublishRejected(f"The planner code has more than {MAX_ELEMENTS} XML elements")
    if gems > MAX_GEMS:
        raise PublishRejected(f"The planner code has more than {MAX_GEMS} gems")


def decode_and_validate(req: PublishRequest) -> Publishable:
    """Shape checks, the bounded planner decode (caps before extraction), then the comparison."""
    from server.planner import PlannerError, extract_planner
    from server.planner.decode import parse_planner_xml, planner_xml_bytes

    code = check_shape(req)
    try:
        root = parse_planner_xml(planner_xml_bytes(code))
    except PlannerError as exc:
        raise PublishRejected(f"pobCod is not a valid planner code: {exc}") from exc
    check_limits(root)
    try:
        extract = extract_planner(root)
    except PlannerError as exc:
        raise PublishRejected(f"pobCod is not a valid planner code: {exc}") from exc
    from server.planner.stats import read_stats

    ok = validate(req, code, extract)
    return msgspec.structs.replace(ok, stats=read_stats(root))


def validate(req: PublishRequest, code: str, extract) -> Publishable:
    """Compare the payload with the decoded code (a server.planner PlannerExtract)."""
    if _norm(req.base_class) != _norm(extract.class_name):
        raise PublishRejected(
            f"baseClass '{req.base_class}' does not match the planner code's class '{extract.class_name}'"
        )
    code_asc = _ascendancy(extract.ascendancy_name)
    if _norm(_ascendancy(req.ascendancy)) != _norm(code_asc):
        raise PublishRejected(
            f"ascendancy '{req.ascendancy}' does not match the planner code's ascendancy '{code_asc or 'none'}'"
        )
    from server.planner import NO_TREE_FOR_CLASS, offered_trees

    offered = offered_trees(extract)
    if not offered.ids:
        raise PublishRejected(NO_TREE_FOR_CLASS)
    titles = {t.id: t.title for t in extract.trees}
    for i, step in enumerate(req.steps, 1):
        if step.passive_tree_id in titles and step.passive_tree_id not in offered.ids:
            raise PublishRejected(
                f"Step {i}: passive tree '{titles[step.passive_tree_id]}' is for another class or ascendancy"
                " than the build, so it cannot be a step"
            )
    trees = set(offered.ids)
    items = {s.id for s in extract.item_sets}
    skill_sets = {s.id for s in extract.skill_sets}
    for i, step in enumerate(req.steps, 1):
        for label, value, known in (
            ("equipmentSetId", step.equipment_set_id, items),
            ("skillSetId", step.skill_set_id, skill_sets),
            ("passiveTreeId", step.passive_tree_id, trees),
        ):
            if value not in known:
                raise PublishRejected(f"Step {i}: {label} '{value}' is not a set in the planner code")
    gems: dict[str, str] = {}
    for s in extract.skill_sets:
        for g in s.gems:
            gems.setdefault(g.lower(), g)
    for g in getattr(extract, "gem_names", []) or []:
        gems.setdefault(g.lower(), g)
    skills = []
    for s in req.skills:
        name = gems.get(s.strip().lower())
        if name is None:
            raise PublishRejected(f"Skill '{s.strip()}' is not a gem in the planner code's skill sets")
        skills.append(name)
    tree_version = (req.tree_version or "").strip()[:16] or (extract.tree_version or "")
    return Publishable(
        base_class=extract.class_name,
        ascendancy=code_asc,
        tree_version=tree_version,
        code=code,
        skills=skills,
        steps=[Step(s.title.strip(), s.equipment_set_id, s.skill_set_id, s.passive_tree_id) for s in req.steps],
    )
