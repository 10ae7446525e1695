"""Gems an export names only by skillId or gemId, without nameSpec (older planner versions and
other tools write them so): named from the game data's gem list, the gems bundle in
game-data/dist (format in game-data/FORMAT.md), as workers/planner/gemNames.ts does.

Without a built bundle such gems stay unnamed, as they were before.
"""

from __future__ import annotations

import logging
from functools import lru_cache

import msgspec

from server.ggg.tree_data import gems_bundle
from server.settings import Settings

log = logging.getLogger("waypoint")


class GemEntry(msgspec.Struct, frozen=True):
    name: str
    is_support: bool


class GemIdTable(msgspec.Struct, frozen=True):
    gems: dict[str, GemEntry]
    # Older spellings without the "SkillGem" prefix -> metadata id.
    aliases: dict[str, str]
    # The planner's skillId (a granted effect id, "ArcAltX") -> metadata id.
    by_skill_id: dict[str, str]

    def entry(self, gem_id: str, skill_id: str) -> GemEntry | None:
        """By skillId first (it tells a transfigured gem from its base, which shares the base's
        gemId), then by gemId or its older spelling."""
        for key in (self.by_skill_id.get(skill_id) if skill_id else None, gem_id, self.aliases.get(gem_id)):
            if key and key in self.gems:
                return self.gems[key]
        return None

    def name(self, gem_id: str, skill_id: str) -> str:
        """The name the planner would show ("" when the list has neither id): supports as the
        planner names them ("Added Fire Damage", not the item's "Added Fire Damage Support")."""
        entry = self.entry(gem_id, skill_id)
        if entry is None:
            return ""
        support = entry.is_support or skill_id.startswith("Support") or "/SupportGem" in gem_id
        return entry.name.removesuffix(" Support") if support else entry.name


EMPTY = GemIdTable(gems={}, aliases={}, by_skill_id={})


@lru_cache(maxsize=4)
def gem_id_table(dist: str) -> GemIdTable:
    bundle = gems_bundle(dist)
    if not bundle:
        log.warning("planner gems: no gems bundle in %s; gems named only by id stay unnamed", dist)
        return EMPTY
    gems = {
        gid: GemEntry(str(g.get("name") or ""), bool(g.get("isSupport")))
        for gid, g in (bundle.get("gems") or {}).items()
        if isinstance(g, dict) and g.get("name")
    }
    return GemIdTable(gems=gems, aliases=dict(bundle.get("aliases") or {}), by_skill_id=dict(bundle.get("bySkillId") or {}))


def gem_names() -> GemIdTable:
    # The pure decoder has no app state; the server's Settings (WAYPOINT_GAME_DATA_DIST) name the dist.
    return gem_id_table(Settings.from_env().game_data_dist)
