"""Revisions of a build and follows (issue 36).

Paths (under /api/Build, next to server.api.builds):
POST /{idOrSlug}/revisions (the creator publishes a new revision, naming the one it is based on;
a stale base is a 409), GET /{idOrSlug}/revisions (newest first), GET /{idOrSlug}/revision/{n},
GET|POST /{idOrSlug}/follow (follower count, whether the viewer follows; set semantics),
POST /{idOrSlug}/seen, GET /updates (followed builds with a revision the player has not seen),
GET /following-search.

Publishing a revision goes through the same gates as a publish: the guard's size cap, origin
check, rate limits and Idempotency-Key replay (server.guard, every mutation), the same shape
checks and the bounded planner decode in the decode child (server.publish, server.publish_gate).
"""

from __future__ import annotations

from typing import Annotated

from litestar import Request, Response, Router, get, post
from litestar.di import NamedDependency
from litestar.params import JSONBody, Parameter

from server.api.builds import _SEARCH_DEPS, IdOrSlug, SearchParams, _missing, _search, missing_reference
from server.auth.session import current_user, require_user
from server.errors import ApiError, strict_body
from server.publish import PublishRejected, decode_and_validate
from server.publish_gate import decode_off_loop
from server.store.revisions import MAX_NOTE, NewRevision, NotCreator, NotFollowing, StaleRevision
from server.store.types import MissingReference
from server.wire import (
    BuildPageAnswer,
    BuildUpdates,
    BuildUpdatesAnswer,
    FollowRequest,
    FollowStateAnswer,
    PublishRequest,
    RevisionInfoAnswer,
    RevisionListAnswer,
    RevisionPublished,
    RevisionPublishedAnswer,
    RevisionRequest,
    SeenRequest,
)

MAX_REVISION = 2**31 - 1
# Revisions one build keeps at most: every one is stored and GET /revisions lists them all.
MAX_REVISIONS = 1000
# The publish checks want a client build id; a revision keeps the build's own.
_CHECK_ID = "revision-of-a-build"

RevisionNumber = Annotated[int, Parameter(ge=1, le=MAX_REVISION, description="A revision number (1 is the first)")]


async def _build_id(request: Request, id_or_slug: str) -> str:
    store = request.app.state.store
    build_id = await store.resolve_build_id(id_or_slug)
    if build_id is None:
        raise await _missing(store, id_or_slug)
    return build_id


def _stale(base: int, newest: int) -> ApiError:
    return ApiError(
        409,
        f"This revision is based on revision {base}, but the build's newest is revision {newest}:"
        " load the newest revision and apply your changes to it",
        "stale_revision",
    )


@post("/{id_or_slug:str}/revisions", summary="Publish a new revision of a build (its creator only)",
      status_code=201)
async def publish_revision(request: Request, id_or_slug: IdOrSlug,
                           data: JSONBody[RevisionRequest]) -> Response[RevisionPublishedAnswer]:
    user = require_user(request)
    data = await strict_body(request, RevisionRequest)
    store = request.app.state.store
    build_id = await _build_id(request, id_or_slug)
    owner = await store.find_owner(build_id)
    if owner is None:
        raise await _missing(store, id_or_slug)
    if owner[1] != user.id:
        raise ApiError(403, "Only the build's creator can publish a revision of it", "forbidden")
    if not 1 <= data.base_revision <= MAX_REVISION:
        raise ApiError(422, f"baseRevision must be 1 to {MAX_REVISION}", "invalid_revision")
    note = data.note.strip()
    if len(note) > MAX_NOTE:
        raise ApiError(422, f"The note is longer than {MAX_NOTE} characters", "invalid_revision")
    state = await store.follow_state(None, build_id)
    if state is not None and state.revision != data.base_revision:
        raise _stale(data.base_revision, state.revision)  # before any decoding work
    if state is not None and state.revision >= MAX_REVISIONS:
        # A stale base is refused before the store writes, so no race passes this number.
        raise ApiError(422, f"This build has {state.revision} revisions, the most a build keeps:"
                            " publish the changes as a new build", "invalid_revision")
    check = PublishRequest(
        build_id=_CHECK_ID, pob_cod=data.pob_cod, base_class=data.base_class, ascendancy=data.ascendancy,
        tree_version=data.tree_version, steps=data.steps, skills=data.skills,
    )
    try:
        ok = await decode_off_loop(request, decode_and_validate, check)
    except PublishRejected as exc:
        raise ApiError(422, str(exc), "invalid_build") from exc
    build = await store.find_build(build_id)
    if build is None:
        raise await _missing(store, id_or_slug)
    if (ok.base_class, ok.ascendancy) != (build.base_class, build.ascendancy):
        raise ApiError(
            422,
            f"A revision keeps the build's class: the build is {build.ascendancy or build.base_class},"
            f" the planner code's is {ok.ascendancy or ok.base_class} (publish it as a new build instead)",
            "invalid_build",
        )
    try:
        done = await store.revise(NewRevision(
            build_id=build_id, creator_id=user.id, base_revision=data.base_revision, tree_version=ok.tree_version,
            code=ok.code, skills=ok.skills, steps=ok.steps, note=note, stats=ok.stats,
        ))
    except StaleRevision as exc:
        raise _stale(data.base_revision, exc.newest) from exc
    except NotCreator as exc:
        raise ApiError(403, "Only the build's creator can publish a revision of it", "forbidden") from exc
    except MissingReference as exc:
        raise await missing_reference(request, id_or_slug) from exc
    if done is None:
        raise await _missing(store, id_or_slug)
    slug, n = done
    return Response(RevisionPublishedAnswer(RevisionPublished(build_id, slug, n)), status_code=201)


@get("/{id_or_slug:str}/revisions", summary="Every revision of a build, newest first")
async def list_revisions(request: Request, id_or_slug: IdOrSlug) -> RevisionListAnswer:
    store = request.app.state.store
    found = await store.revisions(await _build_id(request, id_or_slug))
    if found is None:
        raise await _missing(store, id_or_slug)
    return RevisionListAnswer(found)


@get("/{id_or_slug:str}/revision/{n:int}", summary="One revision of a build")
async def read_revision(request: Request, id_or_slug: IdOrSlug, n: RevisionNumber) -> RevisionInfoAnswer:
    store = request.app.state.store
    found = await store.revision(await _build_id(request, id_or_slug), n)
    if found is None:
        if await store.resolve_build_id(id_or_slug) is None:
            raise await _missing(store, id_or_slug)
        raise ApiError(404, f"Build '{id_or_slug}' has no revision {n}")
    return RevisionInfoAnswer(found)


@get("/{id_or_slug:str}/follow", summary="Followers of a build, and whether the viewer follows it")
async def read_follow(request: Request, id_or_slug: IdOrSlug) -> FollowStateAnswer:
    user = current_user(request)
    store = request.app.state.store
    found = await store.follow_state(user.id if user else None, await _build_id(request, id_or_slug))
    if found is None:
        raise await _missing(store, id_or_slug)
    return FollowStateAnswer(found)


@post("/{id_or_slug:str}/follow", summary="Follow or unfollow (set semantics)", status_code=200)
async def follow(request: Request, id_or_slug: IdOrSlug, data: JSONBody[FollowRequest]) -> FollowStateAnswer:
    user = require_user(request)
    data = await strict_body(request, FollowRequest)  # {"follow": 1} is not a boolean
    store = request.app.state.store
    try:
        found = await store.set_follow(user.id, await _build_id(request, id_or_slug), data.follow)
    except MissingReference as exc:
        raise await missing_reference(request, id_or_slug) from exc
    if found is None:
        raise await _missing(store, id_or_slug)
    return FollowStateAnswer(found)


@post("/{id_or_slug:str}/seen", summary="Mark a followed build's revision as seen", status_code=200)
async def mark_seen(request: Request, id_or_slug: IdOrSlug, data: JSONBody[SeenRequest]) -> FollowStateAnswer:
    user = require_user(request)
    data = await strict_body(request, SeenRequest)
    if not 1 <= data.revision <= MAX_REVISION:
        raise ApiError(422, f"revision must be 1 to {MAX_REVISION}", "invalid_revision")
    store = request.app.state.store
    try:
        found = await store.mark_seen(user.id, await _build_id(request, id_or_slug), data.revision)
    except NotFollowing as exc:
        raise ApiError(409, "You do not follow this build", "not_following") from exc
    except MissingReference as exc:
        raise await missing_reference(request, id_or_slug) from exc
    if found is None:
        raise await _missing(store, id_or_slug)
    return FollowStateAnswer(found)


@get("/updates", summary="Followed builds with a revision the signed-in player has not seen")
async def updates(request: Request) -> BuildUpdatesAnswer:
    user = require_user(request)
    return BuildUpdatesAnswer(BuildUpdates(await request.app.state.store.unseen_updates(user.id)))


@get("/following-search", summary="Builds the signed-in user follows", dependencies=_SEARCH_DEPS)
async def following_search(request: Request, params: NamedDependency[SearchParams]) -> BuildPageAnswer:
    return await _search(request, params, followed=True)


revisions_router = Router(
    "/api/Build",
    route_handlers=[publish_revision, list_revisions, read_revision, read_follow, follow, mark_seen, updates,
                    following_search],
    tags=["builds"],
)
