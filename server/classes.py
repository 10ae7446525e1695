"""Base classes and their ascendancies (spec section 3, plus 3.25+ additions)."""

from __future__ import annotations

ASCENDANCIES = {
    "Marauder": ("Juggernaut", "Berserker", "Chieftain"),
    "Ranger": ("Deadeye", "Raider", "Pathfinder", "Warden"),
    "Witch": ("Necromancer", "Elementalist", "Occultist"),
    "Duelist": ("Champion", "Gladiator", "Slayer"),
    "Templar": ("Inquisitor", "Hierophant", "Guardian"),
    "Shadow": ("Assassin", "Saboteur", "Trickster"),
    "Scion": ("Ascendant", "Reliquarian"),
}
BASE_OF = {a.lower(): base for base, ascs in ASCENDANCIES.items() for a in ascs}
BASE_OF.update({b.lower(): b for b in ASCENDANCIES})


def base_class(name: str) -> str:
    """The base class of a class or ascendancy name; the name itself when unknown."""
    return BASE_OF.get((name or "").strip().lower(), (name or "").strip())
