"""An independent reader for the guide route scripts (guide/act-N.txt).

It is deliberately separate from the TypeScript parser in workers/guide: a small regex
reader plus a travel simulation over the campaign facts, so a route mistake is caught
even if both the parser and the route share the same misunderstanding of the contract.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from server.paths import CAMPAIGN_DIR

REPO = Path(__file__).resolve().parents[2]
CAMPAIGN = CAMPAIGN_DIR
GUIDE = REPO / "guide"
ACTS = range(1, 11)
if str(REPO / "game-data") not in sys.path:
    sys.path.insert(0, str(REPO / "game-data"))

import pipeline  # noqa: E402
from route_facts import build_route_facts, load_supplement  # noqa: E402

BANDIT_FLAGS = ("BANDIT_KILL", "BANDIT_ALIRA", "BANDIT_KRAITYN", "BANDIT_OAK")
START_AREA = "1_1_1"
START_TOWN = "1_1_town"
PLAZA = "Labyrinth_Airlock"

FRAGMENT = re.compile(r"\{([^{}]*)\}")

# Argument counts from the guide language contract: (min, max); None = unbounded.
ARITY: dict[str, tuple[int, int | None]] = {
    "kill": (1, 1),
    "arena": (1, 1),
    "area": (1, 1),
    "enter": (1, 1),
    "logout": (0, 0),
    "waypoint": (0, 1),
    "waypoint_get": (0, 0),
    "portal": (1, 1),
    "quest": (1, None),
    "quest_name": (1, None),
    "quest_text": (1, 1),
    "generic": (1, 1),
    "copy": (1, 1),
    "reward_quest": (1, 1),
    "reward_vendor": (2, 2),
    "trial": (0, 0),
    "ascend": (1, 1),
    "crafting": (0, 1),
    "dir": (1, 1),
}
ASCEND_ORDER = ("normal", "cruel", "merciless")
# The labyrinth each ascension runs, by its last area in the campaign facts (Izaro's chamber, which
# carries the labyrinth's monster level: 33, 55, 68); a level note under an {ascend} step is about it.
LABYRINTH = {"normal": "1_Labyrinth_boss_3", "cruel": "2_Labyrinth_boss_3", "merciless": "3_Labyrinth_boss_3"}


@cache
def areas() -> dict:
    return json.loads((CAMPAIGN / "areas.json").read_text())


@cache
def quests() -> dict:
    return json.loads((CAMPAIGN / "quests.json").read_text())


@cache
def kill_waypoints() -> dict[str, list[str]]:
    return json.loads((CAMPAIGN / "kill-waypoints.json").read_text())


@cache
def route_facts() -> dict:
    """The pipeline's route-facts table, built from the same sources the bundle uses."""
    base_items = json.loads(pipeline.repoe_paths()["base_items"].read_bytes())
    return build_route_facts(quests(), areas(), base_items, load_supplement())


@dataclass(frozen=True)
class Fragment:
    command: str
    args: tuple[str, ...]


@dataclass(frozen=True)
class Line:
    act: int
    number: int  # 1-based line number in the act file
    text: str
    kind: str  # "step" | "sub" | "section" | "ifdef" | "ifndef" | "endif" | "comment"
    fragments: tuple[Fragment, ...] = ()
    flag: str | None = None


def fragments_of(text: str) -> tuple[Fragment, ...]:
    out = []
    for body in FRAGMENT.findall(text):
        command, *args = body.split("|")
        out.append(Fragment(command.strip(), tuple(a.strip() for a in args)))
    return tuple(out)


def read_act(act: int, text: str | None = None) -> list[Line]:
    if text is None:
        text = (GUIDE / f"act-{act}.txt").read_text(encoding="utf-8")
    lines: list[Line] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if not stripped:
            continue
        if stripped.startswith("#"):
            word, _, rest = stripped[1:].partition(" ")
            rest = rest.strip()
            if word in ("ifdef", "ifndef"):
                lines.append(Line(act, number, stripped, word, flag=rest))
            elif word == "endif":
                lines.append(Line(act, number, stripped, "endif"))
            elif word == "section":
                lines.append(Line(act, number, rest, "section"))
            elif word == "sub":
                lines.append(Line(act, number, rest, "sub", fragments_of(rest)))
            else:
                lines.append(Line(act, number, stripped, "comment"))
            continue
        lines.append(Line(act, number, stripped, "step", fragments_of(stripped)))
    return lines


def active_lines(lines: list[Line], flag: str) -> list[Line]:
    """The step and sub lines a build with this bandit flag sees (ifdef/ifndef evaluated)."""
    stack: list[bool] = []
    out = []
    for line in lines:
        if line.kind in ("ifdef", "ifndef"):
            on = (line.flag == flag) if line.kind == "ifdef" else (line.flag != flag)
            stack.append(on)
        elif line.kind == "endif":
            stack.pop()
        elif all(stack) and line.kind in ("step", "sub"):
            out.append(line)
    return out


def static_problems(lines: list[Line]) -> list[str]:
    """Flag-independent problems: directives, command names, argument counts, unknown ids."""
    problems = []
    depth = 0
    for line in lines:
        where = f"act {line.act} line {line.number}"
        if line.kind in ("ifdef", "ifndef"):
            if line.flag not in BANDIT_FLAGS:
                problems.append(f"{where}: unknown flag {line.flag!r}")
            depth += 1
        elif line.kind == "endif":
            depth -= 1
            if depth < 0:
                problems.append(f"{where}: #endif without #ifdef/#ifndef")
                depth = 0
        for frag in line.fragments:
            problems += [f"{where}: {p}" for p in fragment_problems(frag)]
    if depth:
        problems.append(f"act {lines[0].act if lines else '?'}: {depth} unclosed #ifdef/#ifndef")
    return problems


def fragment_problems(frag: Fragment) -> list[str]:
    if frag.command not in ARITY:
        return [f"unknown command {frag.command!r}"]
    lo, hi = ARITY[frag.command]
    n = len(frag.args)
    if n < lo or (hi is not None and n > hi):
        return [f"{{{frag.command}}} takes {lo}..{hi} arguments, got {n}"]
    if any(not a for a in frag.args):
        return [f"{{{frag.command}}} has an empty argument"]
    c, a = frag.command, frag.args
    if c in ("area", "enter") or (c in ("waypoint", "crafting") and a):
        if a[0] not in areas():
            return [f"unknown area id {a[0]!r}"]
        if c == "crafting" and not areas()[a[0]]["crafting_recipes"]:
            return [f"{a[0]} has no crafting recipes"]
    if c in ("quest", "quest_name"):
        quest = quests().get(a[0])
        if quest is None:
            return [f"unknown quest id {a[0]!r}"]
        missing = [o for o in a[1:] if o not in quest["reward_offers"]]
        if missing:
            return [f"quest {a[0]} has no reward offers {missing}"]
    if c == "ascend" and a[0] not in ASCEND_ORDER:
        return [f"unknown ascend version {a[0]!r}"]
    if c == "dir":
        try:
            float(a[0])
        except ValueError:
            return [f"direction {a[0]!r} is not a number"]
    return []


@dataclass
class Walk:
    """Where the player is and what they know, following the contract's state transitions."""

    waypoint_sets_town: bool
    learn_from_kills: bool = True
    flag: str = "BANDIT_KILL"  # killing some bosses unlocks a waypoint (kill-waypoints.json)
    area: str = START_AREA
    town: str = START_TOWN
    portal: str | None = None
    known_waypoints: set[str] = field(default_factory=set)
    errors: list[str] = field(default_factory=list)
    trail: list[str] = field(default_factory=list)
    trials: list[tuple[int, str]] = field(default_factory=list)
    ascends: list[tuple[int, str, int]] = field(default_factory=list)  # (act, version, trials so far)
    claimed: list[tuple[int, str, tuple[str, ...]]] = field(default_factory=list)  # (act, quest, offers)
    claimed_at: list[tuple[str, str]] = field(default_factory=list)  # (quest, area)
    # What the player has done, for the route facts' prerequisites.
    entered: set[str] = field(default_factory=lambda: {START_AREA, START_TOWN})
    killed: set[str] = field(default_factory=set)
    held: set[str] = field(default_factory=set)
    handed: set[str] = field(default_factory=set)
    missing: list[str] = field(default_factory=list)  # "act A line L: <what> needs <prerequisite>"
    # (act, area) -> the last step line of that act on which the player is in the area.
    last_in: dict[tuple[int, str], int] = field(default_factory=dict)

    def move(self, area: str) -> None:
        self.area = area
        self.trail.append(area)
        self.entered.add(area)

    def has(self, need: dict[str, str]) -> bool:
        ((kind, value),) = need.items()
        if kind == "kill":
            return value in self.killed
        if kind == "item":
            return value in self.held
        if kind == "enter":
            return value in self.entered
        if kind == "met":
            return any(a in self.entered for a in route_facts()["npcs"][value])
        return value in self.handed  # "handed"

    def require(self, where: str, what: str, fact: dict) -> None:
        """Reports every prerequisite of `fact` not met yet, and a wrong place when it names one."""
        if fact.get("area") and fact["area"] != self.area:
            self.missing.append(
                f"{where}: {what} needs to be in {area_label(fact['area'])}, not {area_label(self.area)}"
            )
        for need in fact.get("needs", []):
            if not self.has(need):
                self.missing.append(f"{where}: {what} needs {need_label(need)}")

    def hand_in(self, act: int, where: str, quest_id: str, offers: tuple[str, ...]) -> None:
        fact = route_facts()["quests"].get(quest_id)
        if fact is None:
            return
        what = f"quest {quest_id} ({fact['name']})"
        if fact["bandit"] is not None and fact["bandit"] != self.flag:
            self.missing.append(f"{where}: {what} belongs to {fact['bandit']}, not {self.flag}")
        if completes(quest_id, offers):
            self.require(where, what, {"needs": fact["needs"]})
        if self.area != fact["where"]:
            self.missing.append(
                f"{where}: {what} is handed in at {area_label(self.area)}, "
                f"but {fact['giver']} gives it in {area_label(fact['where'])}"
            )
        self.held.update(fact["items"])

    def arrive(self, area: str) -> None:
        if areas()[area]["is_town_area"]:
            self.town = area
            self.known_waypoints.add(area)

    def fragment(self, act: int, where: str, frag: Fragment) -> None:
        c, a = frag.command, frag.args
        here = areas()[self.area]
        if c == "enter":
            dest = a[0]
            linked = dest in here["connection_ids"] or self.area in areas()[dest]["connection_ids"]
            if not linked:
                self.errors.append(f"{where}: cannot walk from {self.area} to {dest}")
            self.move(dest)
            self.arrive(dest)
        elif c == "logout":
            self.portal = None
            self.move(self.town)
        elif c == "waypoint" and a:
            dest = a[0]
            if not here["has_waypoint"]:
                self.errors.append(f"{where}: {self.area} has no waypoint to travel from")
            if not areas()[dest]["has_waypoint"]:
                self.errors.append(f"{where}: {dest} has no waypoint")
            elif dest not in self.known_waypoints:
                self.errors.append(f"{where}: waypoint {dest} is not known yet")
            self.known_waypoints.add(self.area)
            self.move(dest)
            if self.waypoint_sets_town:
                self.arrive(dest)
        elif c in ("waypoint", "waypoint_get"):
            if not here["has_waypoint"]:
                self.errors.append(f"{where}: {self.area} has no waypoint")
            self.known_waypoints.add(self.area)
        elif c == "portal":
            if a[0] == "set":
                if here["is_town_area"]:
                    self.errors.append(f"{where}: a portal set in town leads nowhere")
                self.portal = self.area
            elif self.portal is None:
                self.errors.append(f"{where}: portal used with no portal set")
            elif self.portal == self.area:
                self.move(self.town)
            else:
                self.move(self.portal)
                self.portal = None
        elif c == "kill":
            if a[0] in route_facts()["kills"]:
                self.require(where, f"killing {a[0]}", route_facts()["kills"][a[0]])
            self.killed.add(a[0])
            if self.learn_from_kills:
                self.known_waypoints.update(kill_waypoints().get(a[0], []))
        elif c == "quest_text":
            if a[0] in route_facts()["items"]:
                self.require(where, f"taking {a[0]}", route_facts()["items"][a[0]])
            self.held.add(a[0])
        elif c == "generic":
            handover = route_facts()["handovers"].get(a[0])
            if handover is not None and handover["act"] == act:
                self.require(where, f"handing over to {a[0]}", handover)
                self.handed.add(a[0])
        elif c == "crafting" and not a and not here["crafting_recipes"]:
            self.errors.append(f"{where}: {self.area} has no crafting recipes")
        elif c == "trial":
            self.trials.append((act, self.area))
        elif c == "ascend":
            if self.area != PLAZA:
                self.errors.append(f"{where}: ascend away from the Aspirants' Plaza ({self.area})")
            self.ascends.append((act, a[0], len(self.trials)))
            self.move(self.town)
        elif c == "quest":
            offers = a[1:] or default_offers(a[0])
            self.hand_in(act, where, a[0], offers)
            self.claimed.append((act, a[0], offers))
            self.claimed_at.append((a[0], self.area))


def completes(quest_id: str, offers: tuple[str, ...]) -> bool:
    """A hand-in finishes the quest unless it only names side offers (a9q5_offer before Shakari)."""
    return not offers or quest_id in offers


def area_label(area_id: str) -> str:
    return f"{area_id} ({areas()[area_id]['name']})"


def need_label(need: dict[str, str]) -> str:
    ((kind, value),) = need.items()
    if kind == "kill":
        return f"{value} killed first"
    if kind == "item":
        return f"{value} in hand" if value.startswith("The ") else f"the {value} in hand"
    if kind == "enter":
        return f"{area_label(value)} entered first"
    if kind == "met":
        places = " or ".join(area_label(a) for a in route_facts()["npcs"][value])
        return f"{value} met first in {places}"
    return f"the items handed to {value} first"


def default_offers(quest_id: str) -> tuple[str, ...]:
    return (quest_id,) if quest_id in quests()[quest_id]["reward_offers"] else ()


def walk_route(
    flag: str,
    waypoint_sets_town: bool,
    acts: dict[int, list[Line]] | None = None,
    learn_from_kills: bool = True,
) -> Walk:
    acts = acts if acts is not None else {n: read_act(n) for n in ACTS}
    walk = Walk(waypoint_sets_town, learn_from_kills, flag)
    for act, lines in acts.items():
        labyrinth = None  # the labyrinth the step above ascended in, for its sub-notes' levels
        for line in active_lines(lines, flag):
            if line.kind == "step":
                ascends = [f for f in line.fragments if f.command == "ascend" and not fragment_problems(f)]
                labyrinth = LABYRINTH[ascends[0].args[0]] if ascends else None
            stays = [walk.area] if line.kind == "step" and not line.fragments else []
            for frag in line.fragments:
                if fragment_problems(frag):
                    continue  # reported by static_problems; the walk only judges travel
                walk.fragment(act, f"act {act} line {line.number}", frag)
                if line.kind == "step":
                    stays.append(walk.area)
            for area in stays:
                walk.last_in[(act, area)] = line.number
            if line.kind == "sub":
                where = f"act {act} line {line.number}"
                walk.missing += level_problems(where, line.text, labyrinth or walk.area)
    return walk


# A recommended level may sit a little under the monsters (levelling is fast) but not far over them.
LEVEL_BELOW, LEVEL_ABOVE = 3, 2
LEVEL_NOTE = re.compile(r"\blevels? (\d+)(?:-(\d+))?")


def level_problems(where: str, text: str, area_id: str) -> list[str]:
    """A sub-note's recommended level against the monster level of the area it is about: the area the
    player is in, or the labyrinth when the step above ascends (the player is back in town by then)."""
    m = LEVEL_NOTE.search(text)
    if not m:
        return []
    low, high = int(m.group(1)), int(m.group(2) or m.group(1))
    level = areas()[area_id]["level"]
    if low < level - LEVEL_BELOW or high > level + LEVEL_ABOVE:
        return [
            f"{where}: recommended level {m.group(0)[m.group(0).index(' ') + 1 :]} is far from the monster level {level} of {area_label(area_id)}"
        ]
    return []


@dataclass
class RouteReport:
    """The route checker's verdict for one bandit flag."""

    flag: str
    problems: list[str]
    passive_points: int
    expected_points: int
    walk: Walk


def check_route(flag: str, acts: dict[int, list[Line]] | None = None) -> RouteReport:
    """Walks the route under one bandit flag with the route facts.

    Problems: a quest, item, kill or hand-over whose prerequisite is not met yet (act, line and
    the missing prerequisite), a reward claimed away from its giver, a passive-point quest never
    handed in, and a passive total that differs from what the campaign gives for the flag.
    """
    acts = acts if acts is not None else {n: read_act(n) for n in ACTS}
    walk = walk_route(flag, True, acts)
    facts = route_facts()
    problems = list(walk.missing)
    claimed = {qid for _, qid, offers in walk.claimed if completes(qid, offers)}
    for qid, q in facts["quests"].items():
        if q["passivePoints"] and q["bandit"] in (None, flag) and qid not in claimed:
            problems.append(never_handed_in(walk, qid, q))
    points = sum(facts["quests"][qid]["passivePoints"] for qid in claimed if qid in facts["quests"])
    expected = facts["passiveTotals"][flag]
    if points != expected:
        problems.append(
            f"passive points: the route gives {points}, the campaign gives {expected} with {flag}"
        )
    return RouteReport(flag, problems, points, expected, walk)


def never_handed_in(walk: Walk, qid: str, q: dict) -> str:
    """A passive-point quest the route never hands in, reported at the last step of its act on which
    the player is where its giver gives it (where the hand-in belongs), else by the end of the act."""
    points = q["passivePoints"]
    act, where = q["act"], q["where"]
    what = f"quest {qid} ({q['name']}) is never handed in"
    missing = f"{points} passive point{'s' if points > 1 else ''} missing"
    line = walk.last_in.get((act, where))
    if line is None:
        return (
            f"by the end of act {act}: {what}; {q['giver']} gives it in {area_label(where)}, "
            f"which the route never visits in act {act}: {missing}"
        )
    return (
        f"act {act} line {line}: {what}; this is the last step of act {act} in {area_label(where)}, "
        f"where {q['giver']} gives it: {missing}"
    )


def town_trips(walk: Walk) -> list[int]:
    """Trail positions where the player goes back to a town they have been in before (logout, waypoint, portal)."""
    seen: set[str] = set()
    trips = []
    prev = START_AREA
    for i, area in enumerate(walk.trail):
        if areas()[area]["is_town_area"] and area != prev and area in seen:
            trips.append(i)
        seen.add(area)
        prev = area
    return trips
