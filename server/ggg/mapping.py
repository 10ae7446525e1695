"""Official character JSON -> our Character shape (spec section 3).

Accepts both mod forms: plain strings and the 3.29 objects {description, flags}.
Unknown inventory slots are skipped, never fatal. Older answers' shapes map like current ones
(packed mastery lists, font markup in names, jewel_data as a list); a field in a shape the API
does not document reads as empty (tests/server/test_ggg_answer_shapes.py).
"""

from __future__ import annotations

import re
from typing import Any

import msgspec

SLOT_TYPES = {
    "Weapon": "Weapon", "Weapon2": "Weapon2", "Offhand": "Offhand", "Offhand2": "Offhand2",
    "BodyArmour": "BodyArmour", "Helm": "Helm", "Gloves": "Gloves", "Boots": "Boots", "Belt": "Belt",
    "Ring": "Ring", "Ring2": "Ring2", "Amulet": "Amulet",
}
RARITY_BY_FRAME = {0: "Normal", 1: "Magic", 2: "Rare", 3: "Unique", 9: "Relic"}
INFLUENCES = {
    "shaper": "Shaper", "elder": "Elder", "crusader": "Crusader", "hunter": "Hunter",
    "redeemer": "Redeemer", "warlord": "Warlord",
}
_NUMBER = re.compile(r"[-+]?\d+")
# The official API sometimes answers `class` with the game's internal class ids (older characters).
OLD_CLASS_IDS = {
    "StrClass": "Marauder", "DexClass": "Ranger", "IntClass": "Witch", "StrDexClass": "Duelist",
    "StrIntClass": "Templar", "DexIntClass": "Shadow", "StrDexIntClass": "Scion",
}


class Requirements(msgspec.Struct):
    level: int = 0
    # Wire names str/int/dex; Python names avoid shadowing the builtins.
    strength: int = msgspec.field(name="str", default=0)
    intelligence: int = msgspec.field(name="int", default=0)
    dexterity: int = msgspec.field(name="dex", default=0)


class ItemProperties(msgspec.Struct, rename="camel"):
    quality: int = 0
    alt_quality: int = 0
    armour: int = 0
    evasion: int = 0
    energy_shield: int = 0
    ward: int = 0


class EquipmentItem(msgspec.Struct, rename="camel"):
    slot_type: str
    name: str
    base_type: str
    rarity: str
    item_level: int
    requirements: Requirements
    properties: ItemProperties
    influence1: str
    influence2: str
    is_corrupted: bool
    is_mirrored: bool
    is_split: bool
    enchant_mods: list[str]
    implicit_mods: list[str]
    explicit_mods: list[str]
    crafted_mods: list[str]
    fractured_mods: list[str]
    # The item's own art on the official image host (the API's `icon`), "" when none or not http(s).
    icon: str = ""
    # What a catalyst's quality raises, as the official property names it ("Quality (Attribute
    # Modifiers)" -> "Attribute Modifiers"); "" for plain quality. Its value is properties.quality.
    quality_modifiers: str = ""


class CharacterSkill(msgspec.Struct, rename="camel"):
    identifying_name: str
    level: int
    quality: int
    is_corrupted: bool
    equipment_slot_type: str
    group_index: int
    is_support: bool


class SocketedJewel(msgspec.Struct, rename="camel"):
    # The official API's jewel socket index (`x`), keyed like passives.jewel_data.
    socket_node_index: int
    equipment: EquipmentItem
    # Cluster jewels only: orbit slots of the allocated passives of the jewel's own subgraph
    # (spec doc 2 §3), read from passives.hashes_ex and jewel_data[x].subgraph.
    allocated_orbit_indices: list[int] = []


class SkillOverride(msgspec.Struct, rename="camel"):
    """What a tattoo (or other override) puts in place of a passive node (passives.skill_overrides)."""

    name: str = ""
    icon: str = ""
    active_effect_image: str = ""
    is_tattoo: bool = False
    stats: list[str] = []
    reminder_text: list[str] = []


class Passives(msgspec.Struct, rename="camel"):
    hashes: list[int]
    mastery_effects: dict[str, int]
    bandit_choice: str
    major_pantheon: str
    minor_pantheon: str
    jewels: list[SocketedJewel]
    expansion_jewels: list[SocketedJewel]
    # Node id (string) -> the tattoo on it.
    skill_overrides: dict[str, SkillOverride] = {}
    # The Bloodline / Trial ascendancy chosen beside the class's own ("" when none), e.g. "Farrul".
    alternate_ascendancy: str = ""


class CharacterSummary(msgspec.Struct):
    id: str
    name: str
    realm: str
    # "class" is a Python keyword; the wire name is still "class".
    class_: str = msgspec.field(name="class")
    league: str
    level: int
    experience: int


class Character(msgspec.Struct, rename="camel"):
    id: str
    name: str
    level: int
    class_: str = msgspec.field(name="class")
    realm: str = "pc"
    league: str = ""
    experience: int = 0
    equipment: list[EquipmentItem] = []
    equipment_jewels: list[EquipmentItem] = []
    skills: list[CharacterSkill] = []
    passives: Passives | None = None
    # The game version the official answer was made with (metadata.version, e.g. "3.28.0g"): the
    # tree whose jewel slot list the jewels' socket indexes refer to.
    version: str = ""
    # A Ruthless-mode character: the official answer's `ruthless` flag, or a league named with
    # "Ruthless" (what Path of Building's importer reads; answers without the flag name it there).
    ruthless: bool = False


def _int(value: Any) -> int:
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    m = _NUMBER.search(str(value or ""))
    return int(m.group()) if m else 0


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


# Fields are read by the shape the API documents; any other shape reads as empty, never an error
# (an answer we cannot foresee must not turn into a 500).
def _list(value: Any) -> list:
    return value if isinstance(value, list) else []


def _dict(value: Any) -> dict:
    return value if isinstance(value, dict) else {}


# Older answers wrap item names in the in-game font markup: "<<set:MS>><<set:M>><<set:S>>Tabula Rasa".
_FONT_MARKUP = re.compile(r"<<set:[^<>]*>>")


def _label(value: Any) -> str:
    """An item or gem name as the game shows it: text, without the older answers' font markup."""
    return _FONT_MARKUP.sub("", value).strip() if isinstance(value, str) else str(value or "")


def _lines(text: str) -> list[str]:
    """One official modifier string as the planner's item lines.

    The official text joins with a newline both several modifiers (Thread of Hope's "...your tree\n-17% to
    all Elemental Resistances\nPassage", a timeless jewel's "Commanded leadership over ...\nPassives in
    radius are Conquered by the Karui") and one modifier wrapped in the game's stat text (Impossible
    Escape's "Passives in Radius of X can be Allocated\nwithout being connected to your tree"). The
    planner writes each modifier on one line; a wrapped part starts in lower case (a modifier never
    does), so it joins the line before, and every other part is a line of its own.
    """
    out: list[str] = []
    for part in text.split("\n"):
        part = part.strip()
        if not part:
            continue
        if out and part[0].islower():
            out[-1] = f"{out[-1]} {part}"
        else:
            out.append(part)
    return out


def _mods(raw: Any) -> list[str]:
    out = []
    for mod in _list(raw):
        text = mod if isinstance(mod, str) else mod.get("description") if isinstance(mod, dict) else None
        if isinstance(text, str):
            out.extend(_lines(text))
    return out


def _first_value(entries: Any, *names: str) -> int:
    wanted = {n.lower() for n in names}
    for entry in _list(entries):
        if isinstance(entry, dict) and str(entry.get("name", "")).lower() in wanted:
            values = _list(entry.get("values"))
            if values and isinstance(values[0], list) and values[0]:
                return _int(values[0][0])
    return 0


# The 3.29 item API sends crafted and fractured modifiers among explicitMods, marked by their flags
# ({description, flags: {crafted, fractured, mutated, vestigial}}), where older answers sent them in
# craftedMods / fracturedMods (Path of Building's TestImport_spec "modifier flags from the 3.29 item API").
_MOVED_BY_FLAG = ("crafted", "fractured")


def _flag(mod: Any) -> str:
    """"crafted" or "fractured" for a 3.29 explicit modifier flagged so; "" otherwise."""
    flags = mod.get("flags") if isinstance(mod, dict) else None
    return next((f for f in _MOVED_BY_FLAG if isinstance(flags, dict) and flags.get(f) is True), "")


def _explicit(item: dict, kind: str) -> list[str]:
    """Explicit ("" kind), crafted or fractured modifiers: the old list plus the flagged explicit ones."""
    explicit = _list(item.get("explicitMods"))
    own = [] if not kind else _mods(item.get(f"{kind}Mods"))
    return own + _mods([m for m in explicit if _flag(m) == kind])


def _influences(item: dict) -> list[str]:
    found = [INFLUENCES[k] for k, v in _dict(item.get("influences")).items() if v and k in INFLUENCES]
    if item.get("searing"):
        found.append("SearingExarch")
    if item.get("tangled"):
        found.append("EaterOfWorlds")
    if item.get("synthesised"):
        found.append("Synthesis")
    if item.get("fractured") or item.get("fracturedMods") or _explicit(item, "fractured"):
        found.append("Fracture")
    return found


def _rarity(item: dict) -> str:
    rarity = item.get("rarity")
    if isinstance(rarity, str) and rarity:
        return rarity
    frame = item.get("frameType")
    return RARITY_BY_FRAME.get(frame, "Normal") if isinstance(frame, int) else "Normal"


_CATALYST_QUALITY = re.compile(r"^Quality \((.+)\)$")


def _catalyst_quality(props: Any) -> tuple[str, int]:
    """("Attribute Modifiers", 20) from a "Quality (Attribute Modifiers)" property; ("", 0) without one."""
    for entry in _list(props):
        m = _CATALYST_QUALITY.match(str(entry.get("name", ""))) if isinstance(entry, dict) else None
        if m:
            return m.group(1), _first_value([entry], entry["name"])
    return "", 0


def map_item(item: dict, slot_type: str) -> EquipmentItem:
    infl = _influences(item)
    reqs = item.get("requirements")
    props = item.get("properties")
    modifiers, catalyst_quality = _catalyst_quality(props)
    return EquipmentItem(
        slot_type=slot_type,
        name=_label(item.get("name")),
        base_type=_label(item.get("baseType") or item.get("typeLine")),
        rarity=_rarity(item),
        item_level=_int(item.get("ilvl")),
        requirements=Requirements(
            level=_first_value(reqs, "Level"),
            strength=_first_value(reqs, "Str", "Strength"),
            intelligence=_first_value(reqs, "Int", "Intelligence"),
            dexterity=_first_value(reqs, "Dex", "Dexterity"),
        ),
        properties=ItemProperties(
            quality=_first_value(props, "Quality") or catalyst_quality,
            armour=_first_value(props, "Armour"),
            evasion=_first_value(props, "Evasion Rating", "Evasion"),
            energy_shield=_first_value(props, "Energy Shield"),
            ward=_first_value(props, "Ward"),
        ),
        influence1=infl[0] if infl else "",
        influence2=infl[1] if len(infl) > 1 else "",
        is_corrupted=bool(item.get("corrupted")),
        is_mirrored=bool(item.get("duplicated") or item.get("mirrored")),
        is_split=bool(item.get("split")),
        enchant_mods=_mods(item.get("enchantMods")),
        implicit_mods=_mods(item.get("implicitMods")),
        # A Foulborn unique's mutated modifiers: the 3.29 API sends them among explicitMods (flag
        # "mutated"), older answers apart in mutatedMods; the item shows them with its explicit ones either way.
        explicit_mods=_explicit(item, "") + _mods(item.get("mutatedMods")),
        crafted_mods=_explicit(item, "crafted"),
        fractured_mods=_explicit(item, "fractured"),
        icon=_icon(item.get("icon")),
        quality_modifiers=modifiers,
    )


def _icon(raw: Any) -> str:
    """The official `icon` URL, kept only when it is an http(s) URL (the page loads it as an image)."""
    text = _text(raw).strip()
    return text if text.startswith(("https://", "http://")) and len(text) <= 2048 else ""


def slot_of(item: dict) -> str | None:
    inv = item.get("inventoryId")
    if inv == "Flask":
        x = _int(item.get("x"))
        return f"Flask{x + 1}" if 0 <= x <= 4 else None
    return SLOT_TYPES.get(inv) if isinstance(inv, str) else None


GEM_FRAME = 4
# Alternate-quality gems (3.12 to 3.22) were sent as "Anomalous Arc", "Divergent Arc", "Phantasmal Arc":
# the gem is the rest of the name, as Path of Building's importer reads it (GetBaseNameAndQuality).
_ALT_QUALITY = re.compile(r"^(?:Anomalous|Divergent|Phantasmal) (?=\S)")


def _skills(item: dict, slot: str) -> list[CharacterSkill]:
    sockets = _list(item.get("sockets"))
    out = []
    for gem in _list(item.get("socketedItems")):
        # An abyssal socket holds a jewel (abyssJewel, frameType 0-3), not a skill: gems are frameType 4.
        if not isinstance(gem, dict) or gem.get("abyssJewel") or gem.get("frameType", GEM_FRAME) != GEM_FRAME:
            continue
        idx = gem.get("socket")
        socket = sockets[idx] if isinstance(idx, int) and 0 <= idx < len(sockets) else None
        group = socket.get("group", 0) if isinstance(socket, dict) else 0
        props = gem.get("properties")
        out.append(
            CharacterSkill(
                # The gem item's base type is its name in the gem table (and the planner's): a dual gem's
                # typeLine names the skill it grants ("Summon Sacred Wisps" on "Sacred Wisps Support").
                # Older answers have no baseType; their typeLine is the gem's name.
                identifying_name=_ALT_QUALITY.sub("", _label(gem.get("baseType") or gem.get("typeLine"))),
                level=_first_value(props, "Level"),
                quality=_first_value(props, "Quality"),
                is_corrupted=bool(gem.get("corrupted")),
                equipment_slot_type=slot,
                group_index=_int(group),
                is_support=bool(gem.get("support")),
            )
        )
    return out


def class_name(raw: Any) -> str:
    """The class as we name it: old internal ids ("StrClass") become the base class."""
    name = str(raw or "")
    return OLD_CLASS_IDS.get(name, name)


def _str_list(raw: Any) -> list[str]:
    return [s for s in raw if isinstance(s, str)] if isinstance(raw, list) else []


def _skill_overrides(raw: Any) -> dict[str, SkillOverride]:
    out = {}
    for node, o in (raw.items() if isinstance(raw, dict) else []):
        if not isinstance(o, dict):
            continue
        out[str(node)] = SkillOverride(
            name=str(o.get("name") or ""),
            icon=str(o.get("icon") or ""),
            active_effect_image=str(o.get("activeEffectImage") or ""),
            is_tattoo=bool(o.get("isTattoo")),
            stats=_str_list(o.get("stats")),
            reminder_text=_str_list(o.get("reminderText")),
        )
    return out


def _allocated_orbits(subgraph: dict, allocated: set[str]) -> list[int]:
    """Orbit slots of a cluster subgraph's nodes that `hashes_ex` names (it uses the subgraph's node keys)."""
    nodes = subgraph.get("nodes") or {}
    if not isinstance(nodes, dict):
        return []
    return sorted(
        _int(n.get("orbitIndex")) for key, n in nodes.items() if key in allocated and isinstance(n, dict)
    )


def is_ruthless(c: dict) -> bool:
    """The answer's own flag (strictly true), else the league name: Ruthless leagues carry the word
    ("Ruthless", "SSF Ruthless", "Hardcore Ruthless Settlers"), and Path of Building's importer
    picks the Ruthless tree by finding "Ruthless" in the league (case-sensitive), as here."""
    return c.get("ruthless") is True or "Ruthless" in _text(c.get("league"))


# Packed mastery choice in 3.16-era answers: the effect's hash in the high 16 bits, the mastery
# node's in the low 16 (Path of Building's ImportTab unpacks value & 0xFFFF, value >> 16).
_NODE_BITS = 16
_NODE_MASK = (1 << _NODE_BITS) - 1
_DIGITS = re.compile(r"[0-9]{1,12}")


def _mastery_effects(raw: Any) -> dict[str, int]:
    """Mastery node id (string) -> chosen effect hash.

    Current answers send an object {node: effect}; 3.16-era answers sent a list of packed integers
    (as decimal strings, or numbers), one per allocated mastery. An empty one arrives as `[]`.
    Entries that are not non-negative integers are skipped.
    """
    if isinstance(raw, dict):
        return {str(k): _int(v) for k, v in raw.items()}
    out: dict[str, int] = {}
    for packed in raw if isinstance(raw, list) else []:
        if isinstance(packed, str) and _DIGITS.fullmatch(packed.strip()):
            packed = int(packed.strip())
        if isinstance(packed, int) and not isinstance(packed, bool) and packed >= 0:
            out[str(packed & _NODE_MASK)] = packed >> _NODE_BITS
    return out


def _by_socket(raw: Any) -> dict[str, Any]:
    """passives.jewel_data keyed by the socket index (`x`) as a string.

    The answers come from a PHP encoder: an object whose keys are exactly 0..n-1 (jewels only in the
    first sockets of the slot list; "0" is a real key) arrives as a JSON list, the empty one as [].
    """
    if isinstance(raw, dict):
        return {str(k): v for k, v in raw.items()}
    if isinstance(raw, list):
        return {str(i): v for i, v in enumerate(raw)}
    return {}


def map_character(raw: dict) -> Character:
    """Map one official detail answer (`{"character": {...}}` or the inner object)."""
    c = raw["character"] if isinstance(raw.get("character"), dict) else raw
    equipment, skills = [], []
    for item in _list(c.get("equipment")):
        if not isinstance(item, dict):
            continue
        slot = slot_of(item)
        if slot is None:
            continue
        equipment.append(map_item(item, slot))
        skills.extend(_skills(item, slot))
    p = _dict(c.get("passives"))
    jewel_data = _by_socket(p.get("jewel_data"))
    allocated_ex = {str(h) for h in _list(p.get("hashes_ex")) if isinstance(h, (int, str))}
    jewels, expansion, all_jewels = [], [], []
    for item in _list(c.get("jewels")):
        if not isinstance(item, dict):
            continue
        mapped = map_item(item, "PassiveJewels")
        all_jewels.append(mapped)
        x = _int(item.get("x"))
        info = jewel_data.get(str(x)) or {}
        subgraph = info.get("subgraph") if isinstance(info, dict) else None
        if isinstance(subgraph, dict):
            orbits = _allocated_orbits(subgraph, allocated_ex)
            expansion.append(SocketedJewel(socket_node_index=x, equipment=mapped, allocated_orbit_indices=orbits))
        else:
            jewels.append(SocketedJewel(socket_node_index=x, equipment=mapped))
    bandit = p.get("bandit_choice") or ""
    return Character(
        id=str(c.get("id") or c.get("name") or ""),
        name=str(c.get("name") or ""),
        level=_int(c.get("level")),
        class_=class_name(c.get("class")),
        realm=str(c.get("realm") or "pc"),
        league=str(c.get("league") or ""),
        experience=_int(c.get("experience")),
        version=str((c.get("metadata") or {}).get("version") or "") if isinstance(c.get("metadata"), dict) else "",
        ruthless=is_ruthless(c),
        equipment=equipment,
        equipment_jewels=all_jewels,
        skills=skills,
        passives=Passives(
            hashes=[h for h in _list(p.get("hashes")) if isinstance(h, int)],
            mastery_effects=_mastery_effects(p.get("mastery_effects")),
            bandit_choice=str(bandit) if bandit else "None",
            major_pantheon=str(p.get("pantheon_major") or ""),
            minor_pantheon=str(p.get("pantheon_minor") or ""),
            jewels=jewels,
            expansion_jewels=expansion,
            skill_overrides=_skill_overrides(p.get("skill_overrides")),
            alternate_ascendancy=_text(p.get("alternate_ascendancy")),
        ),
    )


def map_summary(entry: dict, realm: str) -> CharacterSummary:
    return CharacterSummary(
        id=str(entry.get("id") or entry.get("name") or ""),
        name=str(entry.get("name") or ""),
        realm=str(entry.get("realm") or realm),
        class_=class_name(entry.get("class")),
        league=str(entry.get("league") or ""),
        level=_int(entry.get("level")),
        experience=_int(entry.get("experience")),
    )
