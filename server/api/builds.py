"""Builds: search (explore, liked, created), read by id or slug, publish, like.

Paths: GET /api/Build/search | /liked-search | /created-search,
GET /api/Build/{idOrSlug} (the client build id or the short slug),
POST /api/Build, POST /api/Build/{idOrSlug}/like.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Annotated

import msgspec
from litestar import Request, Response, Router, get, post
from litestar.di import NamedDependency, Provide
from litestar.params import JSONBody, Parameter, QueryParameter

from server.auth.session import current_user, require_user
from server.cursors import remember_snapshot, remembered_snapshot
from server.errors import ApiError, strict_body
from server.publish import PublishRejected, PublishRequest, decode_and_validate
from server.publish_gate import publish_slot
from server.store import builds as store

log = logging.getLogger("waypoint")

MAX_SKILL_FILTERS = 8
MAX_CLASS_FILTERS = 30
PAGE_SIZE_DEFAULT = 20
PAGE_SIZE_CAP = 50


class BuildSummary(msgspec.Struct, rename="camel"):
    build_id: str
    slug: str
    skills: list[str]
    base_class: str
    ascendancy: str
    steps: int
    creator_name: str
    likes: int
    is_liked: bool


class PageCursor(msgspec.Struct, rename="camel"):
    last_guid: str
    like_amount: int
    # Additive: the like-event sequence the first page was read at. Sending it
    # back (snapshot=...) keeps later pages in the first page's order.
    snapshot: int | None = None


class BuildPage(msgspec.Struct, rename="camel"):
    builds: list[BuildSummary]
    page_size: int
    cursor: PageCursor | None


class BuildPageAnswer(msgspec.Struct):
    data: BuildPage


class StepOut(msgspec.Struct, rename="camel"):
    title: str
    equipment_set_id: str
    skill_set_id: str
    passive_tree_id: str


class BuildInfo(msgspec.Struct, rename="camel"):
    build_id: str
    slug: str
    creator_name: str
    likes: int
    is_liked: bool
    base_class: str
    ascendancy: str
    tree_version: str
    skills: list[str]
    steps: list[StepOut]
    pob_code: str
    created_at: str
    updated_at: str


class BuildInfoData(msgspec.Struct, rename="camel"):
    build_info: BuildInfo


class BuildInfoAnswer(msgspec.Struct):
    data: BuildInfoData


class Published(msgspec.Struct, rename="camel"):
    slug: str
    build_id: str


class PublishedAnswer(msgspec.Struct):
    data: Published


class LikeRequest(msgspec.Struct):
    like: bool


class LikeState(msgspec.Struct, rename="camel"):
    build_id: str
    likes: int
    is_liked: bool


class LikeAnswer(msgspec.Struct):
    data: LikeState


class PublicPages:
    """Anonymous search answers, reused while the database is unchanged.

    An answer is fresh while the reader's `PRAGMA data_version` (bumped by every commit
    from any other connection or process) stays the one it was read at, and may be served
    up to `max_stale_s` after a change: under a stream of likes, anonymous readers then
    share one query per page and interval instead of one each. Keyed by the raw query.
    """

    def __init__(self, size: int = 2_000, max_stale_s: float = 0.0):
        self.size, self.max_stale_s = size, max_stale_s
        self.items: dict[bytes, tuple[int, float, BuildPageAnswer]] = {}

    def get(self, version: int, key: bytes) -> BuildPageAnswer | None:
        hit = self.items.get(key)
        if hit is None:
            return None
        read_at, at, answer = hit
        if read_at == version or time.monotonic() - at < self.max_stale_s:
            return answer
        return None

    def put(self, version: int, key: bytes, answer: BuildPageAnswer) -> None:
        if len(self.items) >= self.size:
            self.items.clear()
        self.items[key] = (version, time.monotonic(), answer)


def _public_pages(request: Request) -> PublicPages:
    state = request.app.state
    if not hasattr(state, "public_pages"):
        state.public_pages = PublicPages(max_stale_s=state.settings.public_page_max_stale_ms / 1000)
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


async def _search(request: Request, p: SearchParams, *, liked: bool = False, created: bool = False) -> BuildPageAnswer:
    classes, skills, creator, snapshot, page_size = p.classes, p.skills, p.creator, p.snapshot, p.page_size
    user = require_user(request) if (liked or created) else current_user(request)
    db = request.app.state.db
    cache = version = None
    if user is None:
        cache = _public_pages(request)
        version = db.reader.execute("PRAGMA data_version").fetchone()[0]
        hit = cache.get(version, request.scope.get("query_string", b""))
        if hit is not None:
            return hit
    if page_size < 1:
        raise ApiError(400, "pageSize must be at least 1")
    size = min(page_size, PAGE_SIZE_CAP)
    guid = p.last_guid if p.last_guid is not None else p.cur_guid
    amount = p.like_amount if p.like_amount is not None else p.cur_amount
    if (guid is None) != (amount is None):
        raise ApiError(400, "A cursor needs both lastGuid and likeAmount")
    if guid is not None and snapshot is None:
        snapshot = await remembered_snapshot(request, guid, amount)
    after = store.Cursor(likes=amount, last_id=guid, snapshot=snapshot) if guid is not None else None
    q = store.SearchQuery(
        # Class names are single capitalised words ("Hierophant"); accept any case.
        classes=[c.capitalize() for c in _clean(classes, "class", MAX_CLASS_FILTERS)],
        skills=_clean(skills, "skill", MAX_SKILL_FILTERS),
        creator="" if created else (creator or "").strip()[:64],
        liked_by=user.id if liked else None,
        created_by=user.id if created else None,
        viewer=user.id if user else None,
        after=after,
        page_size=size,
    )
    if store.needs_thread(q):
        page = await asyncio.to_thread(lambda: store.search(db, q, db.thread_reader()))
    else:
        page = store.search(db, q)
    nxt = page.next
    if nxt is not None and nxt.snapshot is not None:
        await remember_snapshot(request, nxt.last_id, nxt.likes, nxt.snapshot)
    answer = BuildPageAnswer(
        BuildPage(
            builds=[
                BuildSummary(b.id, b.slug, b.skills, b.base_class, b.ascendancy, b.step_count, b.creator_name,
                             b.likes, b.is_liked)
                for b in page.builds
            ],
            page_size=size,
            cursor=PageCursor(nxt.last_id, nxt.likes, nxt.snapshot) if nxt else None,
        )
    )
    if cache is not None:
        cache.put(version, request.scope.get("query_string", b""), answer)
    return answer


ClassFilters = Annotated[list[str] | None, QueryParameter(name="ClassFilters", description="Base class or ascendancy names (repeat)")]
SkillFilters = Annotated[list[str] | None, QueryParameter(name="SkillFilters", description=f"Skill names (repeat; at most {MAX_SKILL_FILTERS})")]
CreatorFilter = Annotated[str | None, QueryParameter(name="CreatorFilter", max_length=200)]
LastGuid = Annotated[str | None, QueryParameter(name="lastGuid", max_length=100)]
LikeAmount = Annotated[int | None, QueryParameter(name="likeAmount", ge=0, le=2**31)]
CurGuid = Annotated[str | None, QueryParameter(name="CurrentCursor.LastGuid", max_length=100)]
CurAmount = Annotated[int | None, QueryParameter(name="CurrentCursor.LikeAmount", ge=0, le=2**31)]
Snapshot = Annotated[int | None, QueryParameter(name="snapshot", ge=0, le=2**62)]
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


def search_params(ClassFilters: ClassFilters = None, SkillFilters: SkillFilters = None,  # noqa: N803
                  CreatorFilter: CreatorFilter = None, lastGuid: LastGuid = None, likeAmount: LikeAmount = None,  # noqa: N803
                  CurrentCursorLastGuid: CurGuid = None, CurrentCursorLikeAmount: CurAmount = None,  # noqa: N803
                  snapshot: Snapshot = None, pageSize: PageSize = PAGE_SIZE_DEFAULT) -> SearchParams:  # noqa: N803
    return SearchParams(ClassFilters, SkillFilters, CreatorFilter, lastGuid, likeAmount, CurrentCursorLastGuid,
                        CurrentCursorLikeAmount, snapshot, pageSize)


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


@get("/{id_or_slug:str}", summary="One build by id or slug", sync_to_thread=False)
def read_build(request: Request, id_or_slug: IdOrSlug) -> BuildInfoAnswer:
    user = current_user(request)
    b = store.find_build(request.app.state.db, id_or_slug, user.id if user else None)
    if b is None:
        raise ApiError(404, f"No build '{id_or_slug}'")
    return BuildInfoAnswer(
        BuildInfoData(
            BuildInfo(
                build_id=b.id, slug=b.slug, creator_name=b.creator_name, likes=b.likes, is_liked=b.is_liked,
                base_class=b.base_class, ascendancy=b.ascendancy, tree_version=b.tree_version, skills=b.skills,
                steps=[StepOut(s.title, s.equipment_set_id, s.skill_set_id, s.passive_tree_id) for s in b.steps],
                pob_code=b.code, created_at=b.created_at, updated_at=b.updated_at,
            )
        )
    )


@post("/", summary="Publish a build (created once per client buildId)", status_code=201)
async def publish(request: Request, data: JSONBody[PublishRequest]) -> Response[PublishedAnswer]:
    user = require_user(request)
    db = request.app.state.db
    existing = store.build_owner(db, data.build_id)
    if existing is not None:
        if existing[1] != user.id:
            raise ApiError(409, "This buildId is already used by another creator")
        return Response(PublishedAnswer(Published(existing[0], data.build_id)), status_code=200)
    try:
        # Bounded CPU work, off the event loop, one decode at a time per process.
        async with publish_slot(request):
            ok = await asyncio.to_thread(decode_and_validate, data)
    except PublishRejected as exc:
        raise ApiError(422, str(exc), "invalid_build") from exc
    try:
        slug, created = await store.insert_build(
            db,
            store.NewBuild(
                id=data.build_id, creator_id=user.id, creator_name=user.display_name, base_class=ok.base_class,
                ascendancy=ok.ascendancy, tree_version=ok.tree_version, code=ok.code, skills=ok.skills,
                steps=[store.Step(s.title, s.equipment_set_id, s.skill_set_id, s.passive_tree_id) for s in ok.steps],
            ),
        )
    except store.BuildConflict as exc:
        raise ApiError(409, "This buildId is already used by another creator") from exc
    return Response(PublishedAnswer(Published(slug, data.build_id)), status_code=201 if created else 200)


@post("/{id_or_slug:str}/like", summary="Like or unlike (set semantics)", status_code=200)
async def like(request: Request, id_or_slug: IdOrSlug, data: JSONBody[LikeRequest]) -> LikeAnswer:
    user = require_user(request)
    data = await strict_body(request, LikeRequest)  # {"like": 1} is not a boolean
    db = request.app.state.db
    build_id = store.resolve_build_id(db, id_or_slug)
    result = await store.set_like(db, user.id, build_id, data.like) if build_id else None
    if result is None:
        raise ApiError(404, f"No build '{id_or_slug}'")
    return LikeAnswer(LikeState(build_id=build_id, likes=result[0], is_liked=result[1]))


builds_router = Router(
    "/api/Build", route_handlers=[search, liked_search, created_search, read_build, publish, like], tags=["builds"]
)
