"""Campaign facts (quests, areas, gems, characters, lookups) -> one campaign bundle.

The source is a folder or a base URL holding the eight JSON files below; the
pipeline never copies them into the repository, only into the built bundle.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx

FORMAT = 1
# Bundle key -> source file name.
FILES = {
    "quests": "quests.json",
    "areas": "areas.json",
    "gems": "gems.json",
    "characters": "characters.json",
    "vaalGemLookup": "vaal-gem-lookup.json",
    "awakenedGemLookup": "awakened-gem-lookup.json",
    "killWaypoints": "kill-waypoints.json",
    "gemColours": "gem-colours.json",
}
MAX_FILE_BYTES = 16 * 1024 * 1024


class CampaignSourceError(Exception):
    pass


def read_campaign_sources(source: str, timeout_s: float = 10.0) -> dict[str, bytes]:
    """Raw bytes of every campaign file, from a folder or an http(s) base URL."""
    raw: dict[str, bytes] = {}
    if source.startswith(("http://", "https://")):
        base = source.rstrip("/") + "/"
        with httpx.Client(timeout=timeout_s, follow_redirects=True) as client:
            for key, fname in FILES.items():
                try:
                    with client.stream("GET", base + fname) as r:
                        if r.status_code != 200:
                            raise CampaignSourceError(f"{base + fname}: HTTP {r.status_code}")
                        body = bytearray()
                        for chunk in r.iter_bytes():
                            body += chunk
                            if len(body) > MAX_FILE_BYTES:
                                raise CampaignSourceError(
                                    f"{base + fname}: larger than {MAX_FILE_BYTES} bytes"
                                )
                        raw[key] = bytes(body)
                except httpx.HTTPError as e:
                    raise CampaignSourceError(f"{base + fname}: {e}") from e
        return raw
    folder = Path(source)
    if not folder.is_dir():
        raise CampaignSourceError(f"campaign source {source} is not a folder or an http(s) URL")
    for key, fname in FILES.items():
        path = folder / fname
        if not path.is_file():
            raise CampaignSourceError(f"campaign source is missing {path}")
        if path.stat().st_size > MAX_FILE_BYTES:
            raise CampaignSourceError(f"{path}: larger than {MAX_FILE_BYTES} bytes")
        raw[key] = path.read_bytes()
    return raw


def build_campaign_bundle(raw: dict[str, bytes]) -> dict[str, Any]:
    out: dict[str, Any] = {"format": FORMAT}
    for key, fname in FILES.items():
        try:
            value = json.loads(raw[key])
        except (KeyError, ValueError, RecursionError) as e:
            raise CampaignSourceError(f"{fname}: not valid JSON ({e})") from e
        if not isinstance(value, dict):
            raise CampaignSourceError(f"{fname}: expected a JSON object at the top level")
        out[key] = value
    for qid, quest in out["quests"].items():
        if not isinstance(quest, dict) or quest.get("id") != qid:
            raise CampaignSourceError(f"quests.json: entry {qid!r} has no matching id")
    for aid, area in out["areas"].items():
        if not isinstance(area, dict) or area.get("id") != aid:
            raise CampaignSourceError(f"areas.json: entry {aid!r} has no matching id")
    return out
