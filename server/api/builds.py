"""Builds: search (explore, liked, created), read by id or slug, publish, like.

Paths: GET /api/Build/search | /liked-search | /created-search,
GET /api/Build/{idOrSlug} (the client build id or the short slug),
POST /api/Build, POST /api/Build/{idOrSlug}/like.
"""

from __future__ import annotations

import logging
from typing import Annotated

import msgspec
from litestar import Request, Response, Router, get, post
from litestar.di import NamedDependency, Provide
from litestar.params import JSONBody, Parameter, QueryParameter

from server.auth.session import COOKIE, current_user, require_user, session_ended
from server.classes import canonical_class
from server.cursors import remember_snapshot, remembered_snapshot
from server.errors import ApiError, strict_body
from server.public_pages import StaleBoundedCache
from server.publish import PublishRejected, decode_and_validate
from server.publish_gate import decode_off_loop
from server.store.types import (
    SORT_BYS,
    STAT_SORTS,
    BuildConflict,
    BuildGone,
    CreatorGone,
    LookalikeId,
    MissingReference,
    NewBuild,
    SearchQuery,
    SlugTaken,
    User,
)
from server.wire import (
    BuildInfoAnswer,
    BuildInfoData,
    BuildPageAnswer,
    Cursor,
    LikeAnswer,
    LikeRequest,
    Published,
    PublishedAnswer,
    PublishRequest,
)

log = logging.getLogger("waypoint")

MAX_SKILL_FILTERS = 8
MAX_CLASS_FILTERS = 30
PAGE_SIZE_DEFAULT = 20
PAGE_SIZE_CAP = 50


# Anonymous search answers, keyed by the raw query and served with bounded staleness
# (server.public_pages), per worker process. Snapshots of issued cursors live in the shared
# state (server.cursors), so paging keeps its order whichever worker answers.
PUBLIC_PAGES_SIZE = 2_000


def public_pages(request: Request) -> StaleBoundedCache:
    """This worker's cache of anonymous search answers, made on first use."""
    state = request.app.state
    if not hasattr(state, "public_pages"):
        state.public_pages = StaleBoundedCache(PUBLIC_PAGES_SIZE, state.settings.public_page_max_stale_ms / 1000)
    return state.public_pages


def _clean(values: list[str] | None, what: str, cap: int) -> list[str]:
    out = []
    for v in values or []:
        v = v.strip()
        if v and v not in out:
            out.append(v[:80])
    if len(out) > cap:
        raise ApiError(400, f"At most {cap} {what} filters are allowed; got {len(out)}")
    return out


# Minimum filters and stat cursors: plain decimal numbers within these bounds (the planner's own
# figures stay far below; server.planner.stats drops anything above 1e15).
MAX_STAT_VALUE = 1e15


def _stat_number(raw: str | None, name: str, low: float) -> float | None:
    """A query parameter holding a stat value: None when absent or empty, else a finite number in
    [low, MAX_STAT_VALUE]; anything else is refused with 422."""
    text = (raw or "").strip()
    if not text:
        return None
    try:
        value = float(text) if len(text) <= 40 else None
    except ValueError:
        value = None
    # float() reads "inf" and "nan" too; the range check refuses both.
    if value is not None and value != value:
        value = None
    if value is None or not low <= value <= MAX_STAT_VALUE:
        raise ApiError(422, f"{name} must be a number from {low:g} to {MAX_STAT_VALUE:g}; got '{raw[:40]}'",
                       "invalid_query")
    return value


def _sort_by(raw: str | None) -> str:
    value = (raw or "likes").strip().lower()
    if value not in SORT_BYS:
        raise ApiError(422, f"SortBy must be one of {', '.join(SORT_BYS)}; got '{(raw or '')[:40]}'", "invalid_query")
    return value


async def _search(request: Request, p: SearchParams, *, liked: bool = False, created: bool = False,
                  followed: bool = False) -> BuildPageAnswer:
    user = require_user(request) if (liked or created or followed) else current_user(request)
    if user is not None:
        return await _read_page(request, p, user, liked=liked, created=created, followed=followed)
    version = await request.app.state.store.data_version()
    return await public_pages(request).get(
        request.scope.get("query_string", b""), version, lambda: _read_page(request, p, None)
    )


async def _read_page(request: Request, p: SearchParams, user: User | None, *, liked: bool = False, created: bool = False,
                     followed: bool = False) -> BuildPageAnswer:
    classes, skills, creator, snapshot, page_size = p.classes, p.skills, p.creator, p.snapshot, p.page_size
    store = request.app.state.store
    if page_size < 1:
        raise ApiError(400, "pageSize must be at least 1")
    size = min(page_size, PAGE_SIZE_CAP)
    guid = p.last_guid if p.last_guid is not None else p.cur_guid
    amount = p.like_amount if p.like_amount is not None else p.cur_amount
    sort_by = _sort_by(p.sort_by)
    minimums = {field: _stat_number(raw, name, 0.0)
                for field, name, raw in (("min_dps", "MinDps", p.min_dps), ("min_life", "MinLife", p.min_life),
                                         ("min_es", "MinEs", p.min_es))}
    sort_value = _stat_number(p.sort_value, "sortValue", -1.0)
    if sort_by in STAT_SORTS:
        # A stat sort's cursor is (sortValue, lastGuid); likeAmount is not needed.
        if (guid is None) != (sort_value is None):
            raise ApiError(422, "A cursor of a stat sort needs both lastGuid and sortValue", "invalid_query")
        after = Cursor(last_guid=guid, like_amount=amount or 0, sort_value=sort_value) if guid is not None else None
    else:
        if (guid is None) != (amount is None):
            raise ApiError(400, "A cursor needs both lastGuid and likeAmount")
        if guid is not None and snapshot is None:
            snapshot = await remembered_snapshot(request, guid, amount)
        after = Cursor(last_guid=guid, like_amount=amount, snapshot=snapshot) if guid is not None else None
    dist = request.app.state.settings.game_data_dist
    q = SearchQuery(
        # Any case; spelled as the class table spells it ("Blind Prophet" is two words).
        classes=[canonical_class(dist, c) for c in _clean(classes, "class", MAX_CLASS_FILTERS)],
        skills=_clean(skills, "skill", MAX_SKILL_FILTERS),
        creator="" if created else (creator or "").strip()[:64],
        liked_by=user.id if liked else None,
        created_by=user.id if created else None,
        followed_by=user.id if followed else None,
        viewer=user.id if user else None,
        after=after,
        page_size=size,
        sort_by=sort_by,
        **minimums,
    )
    page = await store.search(q)
    nxt = page.cursor
    if nxt is not None and nxt.snapshot is not None:
        await remember_snapshot(request, nxt.last_guid, nxt.like_amount, nxt.snapshot)
    return BuildPageAnswer(page)


ClassFilters = Annotated[list[str] | None, QueryParameter(name="ClassFilters", description="Base class or ascendancy names (repeat)")]
SkillFilters = Annotated[list[str] | None, QueryParameter(name="SkillFilters", description=f"Skill names (repeat; at most {MAX_SKILL_FILTERS})")]
CreatorFilter = Annotated[str | None, QueryParameter(name="CreatorFilter", max_length=200)]
LastGuid = Annotated[str | None, QueryParameter(name="lastGuid", max_length=100)]
LikeAmount = Annotated[int | None, QueryParameter(name="likeAmount", ge=0, le=2**31)]
CurGuid = Annotated[str | None, QueryParameter(name="CurrentCursor.LastGuid", max_length=100)]
CurAmount = Annotated[int | None, QueryParameter(name="CurrentCursor.LikeAmount", ge=0, le=2**31)]
Snapshot = Annotated[int | None, QueryParameter(name="snapshot", ge=0, le=2**62)]
SortBy = Annotated[str | None, QueryParameter(
    name="SortBy",
    description="likes (default), dps, life or es: a stat sort orders by the planner's saved figure, highest first,"
                " builds without it last")]
MinDps = Annotated[str | None, QueryParameter(name="MinDps", description="Only builds whose DPS is at least this")]
MinLife = Annotated[str | None, QueryParameter(name="MinLife", description="Only builds whose life is at least this")]
MinEs = Annotated[str | None, QueryParameter(name="MinEs", description="Only builds whose energy shield is at least this")]
SortValue = Annotated[str | None, QueryParameter(
    name="sortValue", description="A stat sort's cursor: the cursor's sortValue")]
PageSize = Annotated[int, QueryParameter(name="pageSize", ge=-(2**31), le=2**31)]


class SearchParams(msgspec.Struct, frozen=True):
    """The query every build search takes; both cursor spellings are kept until _search picks one."""

    classes: list[str] | None
    skills: list[str] | None
    creator: str | None
    last_guid: str | None
    like_amount: int | None
    cur_guid: str | None
    cur_amount: int | None
    snapshot: int | None
    page_size: int
    sort_by: str | None = None
    min_dps: str | None = None
    min_life: str | None = None
    min_es: str | None = None
    sort_value: str | None = None


def search_params(ClassFilters: ClassFilters = None, SkillFilters: SkillFilters = None,  # noqa: N803
                  CreatorFilter: CreatorFilter = None, lastGuid: LastGuid = None, likeAmount: LikeAmount = None,  # noqa: N803
                  CurrentCursorLastGuid: CurGuid = None, CurrentCursorLikeAmount: CurAmount = None,  # noqa: N803
                  snapshot: Snapshot = None, pageSize: PageSize = PAGE_SIZE_DEFAULT,  # noqa: N803
                  SortBy: SortBy = None, MinDps: MinDps = None, MinLife: MinLife = None,  # noqa: N803
                  MinEs: MinEs = None, sortValue: SortValue = None) -> SearchParams:  # noqa: N803
    return SearchParams(ClassFilters, SkillFilters, CreatorFilter, lastGuid, likeAmount, CurrentCursorLastGuid,
                        CurrentCursorLikeAmount, snapshot, pageSize, SortBy, MinDps, MinLife, MinEs, sortValue)


_SEARCH_DEPS = {"params": Provide(search_params, sync_to_thread=False)}


@get("/search", summary="Explore: public build search", dependencies=_SEARCH_DEPS)
async def search(request: Request, params: NamedDependency[SearchParams]) -> BuildPageAnswer:
    return await _search(request, params)


@get("/liked-search", summary="Builds the signed-in user liked", dependencies=_SEARCH_DEPS)
async def liked_search(request: Request, params: NamedDependency[SearchParams]) -> BuildPageAnswer:
    return await _search(request, params, liked=True)


@get("/created-search", summary="Builds the signed-in user published", dependencies=_SEARCH_DEPS)
async def created_search(request: Request, params: NamedDependency[SearchParams]) -> BuildPageAnswer:
    return await _search(request, params, created=True)


IdOrSlug = Annotated[str, Parameter(max_length=100, description="The build id or its slug")]


GONE = "This build was deleted by its creator"


async def _missing(store, id_or_slug: str) -> ApiError:
    """404 for a build that never was; 410 for one deleted with its creator's account."""
    if await store.build_gone(id_or_slug):
        return ApiError(410, f"{GONE}: '{id_or_slug}'", "gone")
    return ApiError(404, f"No build '{id_or_slug}'")


async def missing_reference(request: Request, id_or_slug: str) -> ApiError:
    """A write named a row deleted meanwhile by another request: the player's account (their
    session has ended: 401) or the build (404, or 410 when deleted with its creator's account)."""
    store = request.app.state.store
    if await store.session_user(request.cookies.get(COOKIE)) is None:
        return session_ended()
    return await _missing(store, id_or_slug)


@get("/{id_or_slug:str}", summary="One build by id or slug")
async def read_build(request: Request, id_or_slug: IdOrSlug) -> BuildInfoAnswer:
    user = current_user(request)
    store = request.app.state.store
    b = await store.find_build(id_or_slug, user.id if user else None)
    if b is None:
        raise await _missing(store, id_or_slug)
    return BuildInfoAnswer(BuildInfoData(b))


@post("/", summary="Publish a build (created once per client buildId)", status_code=201)
async def publish(request: Request, data: JSONBody[PublishRequest]) -> Response[PublishedAnswer]:
    user = require_user(request)
    store = request.app.state.store
    existing = await store.find_owner(data.build_id)
    if existing is not None:
        slug, creator_id = existing
        if creator_id != user.id:
            raise ApiError(409, "This buildId is already used by another creator")
        return Response(PublishedAnswer(Published(slug, data.build_id)), status_code=200)
    try:
        # Bounded CPU work, in this worker's low-priority decode child, one at a time.
        ok = await decode_off_loop(request, decode_and_validate, data)
    except PublishRejected as exc:
        raise ApiError(422, str(exc), "invalid_build") from exc
    try:
        slug, created = await store.insert_build(
            NewBuild(
                id=data.build_id, creator_id=user.id, creator_name=user.display_name, base_class=ok.base_class,
                ascendancy=ok.ascendancy, tree_version=ok.tree_version, code=ok.code, skills=ok.skills,
                steps=ok.steps, stats=ok.stats,
            ),
        )
    except BuildConflict as exc:
        raise ApiError(409, "This buildId is already used by another creator") from exc
    except BuildGone as exc:
        raise ApiError(410, "This buildId belonged to a build its creator deleted; choose another", "gone") from exc
    except CreatorGone as exc:
        # The account was deleted while this publish waited for its decode.
        raise session_ended() from exc
    except MissingReference as exc:
        raise await missing_reference(request, data.build_id) from exc
    except SlugTaken as exc:
        raise ApiError(422, "buildId must not equal another build's slug, in any case", "invalid_build") from exc
    except LookalikeId as exc:
        raise ApiError(422, "buildId differs only in case from another build's id; choose another",
                       "invalid_build") from exc
    return Response(PublishedAnswer(Published(slug, data.build_id)), status_code=201 if created else 200)


@post("/{id_or_slug:str}/like", summary="Like or unlike (set semantics)", status_code=200)
async def like(request: Request, id_or_slug: IdOrSlug, data: JSONBody[LikeRequest]) -> LikeAnswer:
    user = require_user(request)
    data = await strict_body(request, LikeRequest)  # {"like": 1} is not a boolean
    store = request.app.state.store
    build_id = await store.resolve_build_id(id_or_slug)
    try:
        result = await store.set_like(user.id, build_id, data.like) if build_id else None
    except MissingReference as exc:
        raise await missing_reference(request, id_or_slug) from exc
    if result is None:
        raise await _missing(store, id_or_slug)
    return LikeAnswer(result)


builds_router = Router(
    "/api/Build", route_handlers=[search, liked_search, created_search, read_build, publish, like], tags=["builds"]
)
