"""Characters from the official API (or demo characters for local users), and
the build attached to each character.

GET /api/Character/character/{realm}, /api/Character/character/{realm}/{name},
GET|POST /api/Character/{charId}/attached-build.
An upstream 429 (or a restriction read from the rate-limit headers) is our 429
with Retry-After in seconds. Answers are cached briefly per user, in the state all workers share.
"""

from __future__ import annotations

import asyncio
import time
from typing import Annotated
from urllib.parse import quote

import msgspec
from litestar import Request, Response, Router, get, post
from litestar.params import JSONBody, Parameter, QueryParameter

from server.auth.session import require_user
from server.classes import base_class
from server.errors import ApiError
from server.ggg import demo
from server.ggg.client import (
    GggClient,
    GrantRefused,
    UpstreamError,
    UpstreamNotFound,
    UpstreamRateLimited,
    UpstreamUnauthorized,
    expires_at,
)
from server.ggg.mapping import Character, CharacterSummary, map_character, map_summary
from server.store import types as users
from server.store.types import Attachment, MissingReference, User

REALMS = ("pc", "xbox", "sony")
CACHE_S = 30.0
REFRESH_MARGIN_S = 60.0


class CharacterListAnswer(msgspec.Struct):
    data: list[CharacterSummary]


class CharacterAnswer(msgspec.Struct):
    data: Character


class AttachedBuild(msgspec.Struct, rename="camel"):
    build_id: str
    slug: str
    # Where the build's planner code is read from (our build API).
    pob_url: str


class AttachedBuildAnswer(msgspec.Struct):
    data: AttachedBuild


class AttachRequest(msgspec.Struct, rename="camel"):
    build_id: str


async def _cached(request: Request, key: str, kind: type):
    raw = await request.app.state.shared.get(f"chars:{key}")
    return msgspec.msgpack.decode(raw, type=kind) if raw else None


async def _remember(request: Request, key: str, value) -> None:
    await request.app.state.shared.put(f"chars:{key}", msgspec.msgpack.encode(value), CACHE_S)


def _realm(realm: str) -> str:
    if realm not in REALMS:
        raise ApiError(400, f"Unknown realm '{realm}'; use pc, xbox or sony")
    return realm


async def _access_token(request: Request, user: User, force_refresh: bool = False) -> str:
    db = request.app.state.store
    tokens = await db.load_tokens(user.id)
    if tokens is None:
        raise ApiError(401, "No official-site authorization for this session; please log in again", "unauthorized")
    if not force_refresh and tokens.expires_at > time.time() + REFRESH_MARGIN_S:
        return tokens.access_token
    client: GggClient = request.app.state.ggg
    try:
        answer = await client.refresh(tokens.refresh_token)
    except GrantRefused as exc:
        await db.expire_sessions_of(user.id)
        raise ApiError(401, "Your official-site authorization expired; please log in again", "unauthorized") from exc
    except UpstreamError as exc:
        raise ApiError(502, f"The official site failed: {exc}") from exc
    fresh = users.Tokens(
        answer.access_token, answer.refresh_token or tokens.refresh_token, answer.scope or tokens.scope,
        expires_at(answer),
    )
    await db.save_tokens(user.id, fresh)
    return fresh.access_token


async def _official(request: Request, user: User, path: str, gate_key: str) -> dict:
    client: GggClient = request.app.state.ggg
    try:
        try:
            raw = await client.get_json(path, await _access_token(request, user), f"{user.id}:{gate_key}")
        except UpstreamUnauthorized:
            # The token may have been revoked early: refresh once and retry.
            raw = await client.get_json(path, await _access_token(request, user, True), f"{user.id}:{gate_key}")
        return msgspec.json.decode(raw)
    except UpstreamRateLimited as exc:
        raise ApiError(
            429, f"Character request limit reached; retry in {exc.retry_after} seconds",
            headers={"Retry-After": str(exc.retry_after)},
        ) from exc
    except UpstreamUnauthorized as exc:
        raise ApiError(401, "The official site refused our token; please log in again", "unauthorized") from exc
    except UpstreamNotFound as exc:
        raise ApiError(404, "The official site has no such character") from exc
    except (UpstreamError, msgspec.DecodeError) as exc:
        raise ApiError(502, f"The official site failed: {exc}") from exc
    except RecursionError as exc:  # msgspec stops at Python's recursion limit
        raise ApiError(502, "The official site failed: its answer is nested too deeply") from exc


def _path(realm: str, name: str | None = None) -> str:
    base = "/character" if realm == "pc" else f"/character/{realm}"
    return base if name is None else f"{base}/{quote(name, safe='')}"


async def list_characters(request: Request, user: User, realm: str) -> list[CharacterSummary]:
    key = f"list:{user.id}:{realm}"
    cached = await _cached(request, key, list[CharacterSummary])
    if cached is not None:
        return cached
    if user.provider == "local":
        settings = request.app.state.settings
        # The first call converts the demo builds (about a second, then cached): off the event loop.
        out = await asyncio.to_thread(demo.demo_list, settings.corpus_dir, settings.game_data_dist, realm)
    else:
        raw = await _official(request, user, _path(realm), "character-list")
        entries = raw.get("characters") if isinstance(raw, dict) else None
        if not isinstance(entries, list):
            raise ApiError(502, "The official site sent an unusable character list")
        out = [map_summary(e, realm) for e in entries if isinstance(e, dict)]
    await _remember(request, key, out)
    return out


@get("/character/{realm:str}", summary="The signed-in user's characters in a realm")
async def character_list(request: Request, realm: Annotated[str, Parameter(max_length=10)]) -> CharacterListAnswer:
    user = require_user(request)
    return CharacterListAnswer(await list_characters(request, user, _realm(realm)))


@get("/character/{realm:str}/{name:str}", summary="One character in detail")
async def character_detail(
    request: Request, realm: Annotated[str, Parameter(max_length=10)], name: Annotated[str, Parameter(max_length=100)]
) -> CharacterAnswer:
    user = require_user(request)
    realm = _realm(realm)
    key = f"detail:{user.id}:{realm}:{name.lower()}"
    cached = await _cached(request, key, Character)
    if cached is not None:
        return CharacterAnswer(cached)
    if user.provider == "local":
        settings = request.app.state.settings
        found = await asyncio.to_thread(demo.demo_detail, settings.corpus_dir, settings.game_data_dist, realm, name)
        if found is None:
            raise ApiError(404, f"No character '{name}' in realm {realm}")
    else:
        raw = await _official(request, user, _path(realm, name), "character")
        if not isinstance(raw, dict) or not isinstance(raw.get("character"), dict):
            raise ApiError(502, "The official site sent an unusable character")
        found = map_character(raw)
    await _remember(request, key, found)
    return CharacterAnswer(found)


def _attached(request: Request, att: Attachment) -> AttachedBuildAnswer:
    return AttachedBuildAnswer(AttachedBuild(att.build_id, att.slug, f"/api/Build/{att.slug}"))


CharId = Annotated[str, Parameter(max_length=100, description="The character's id (or its name, in any case)")]
RealmQuery = Annotated[str, QueryParameter(name="realm", max_length=10, description="Realm of the character (default pc)")]


def _named(chars: list[CharacterSummary], char_id: str) -> CharacterSummary | None:
    """The character a path names: by its id, else by its name in any case."""
    return next((c for c in chars if c.id == char_id), None) or next(
        (c for c in chars if c.name.lower() == char_id.lower()), None
    )


async def _known_id(request: Request, user: User, char_id: str) -> str | None:
    """The id of the character `char_id` names, from the character lists at hand: a local user's
    demo list, an official user's lists while cached (never an upstream call for a read)."""
    if user.provider == "local":
        lists = [await list_characters(request, user, "pc")]
    else:
        lists = [found for realm in REALMS
                 if (found := await _cached(request, f"list:{user.id}:{realm}", list[CharacterSummary])) is not None]
    for chars in lists:
        if (char := _named(chars, char_id)) is not None:
            return char.id
    return None


@get("/{char_id:str}/attached-build", summary="The build attached to a character (204 when none)")
async def get_attached(request: Request, char_id: CharId) -> Response[AttachedBuildAnswer | None]:
    user = require_user(request)
    store = request.app.state.store
    att = await store.attached_build(user.id, char_id)
    if att is None and (known := await _known_id(request, user, char_id)) not in (None, char_id):
        # Named by its name: attachments are kept under the character's id.
        att = await store.attached_build(user.id, known)
    if att is None:
        return Response(None, status_code=204)
    return Response(_attached(request, att), status_code=200)


@post("/{char_id:str}/attached-build", summary="Attach a build to a character (last writer wins)", status_code=200)
async def post_attached(request: Request, char_id: CharId, data: JSONBody[AttachRequest], realm: RealmQuery = "pc") -> AttachedBuildAnswer:
    user = require_user(request)
    db = request.app.state.store
    build = await db.find_build(data.build_id.strip())
    if build is None:
        raise ApiError(404, f"No build '{data.build_id}'")
    chars = await list_characters(request, user, _realm(realm))
    char = _named(chars, char_id)
    if char is None:
        raise ApiError(404, f"No character '{char_id}' in realm {realm}")
    char_base = base_class(request.app.state.settings.game_data_dist, char.class_)
    if char_base.lower() != build.base_class.lower():
        raise ApiError(
            422,
            f"Class mismatch: This build is for {build.base_class}, but your selected character is {char_base}. "
            "Please select a different build",
            "class_mismatch",
        )
    # Kept under the character's id however the path named it: one attachment per character.
    try:
        await db.attach(user.id, char.id, build.build_id)
    except MissingReference as exc:
        from server.api.builds import missing_reference

        raise await missing_reference(request, build.build_id) from exc
    return _attached(request, Attachment(build.build_id, build.slug))


characters_router = Router(
    "/api/Character",
    route_handlers=[character_list, character_detail, get_attached, post_attached],
    tags=["characters"],
)
