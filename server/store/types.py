"""Types every store engine shares: what the API layer hands to and gets from a Store.

Pure: no engine module is imported here, so the API layer can use these names freely.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import zlib
from datetime import UTC, datetime

import msgspec

from server.wire import (
    AccountInfo,
    AttachmentInfo,
    BuildInfo,
    BuildStats,
    Cursor,
    FollowInfo,
    LikeInfo,
    OfficialGrant,
    ReplayAnswer,
    SessionInfo,
    Step,
)

STATE_TTL_S = 600
# Idempotency answers are kept this long, seconds.
KEEP_S = 24 * 3600

SLUG_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"  # no look-alikes (l, o, 0, 1)
SLUG_LEN = 8
# Slugs and build ids are disjoint: a publish whose id has this form is refused, so a
# value of this form names a slug and anything else names a build id.
SLUG_FORM = re.compile(f"^[{SLUG_ALPHABET}]{{{SLUG_LEN}}}$")
# A snapshot with more later events than this is too old to replay cheaply; the
# page then sorts by current counts (best effort) and pins a fresh snapshot.
MAX_SNAPSHOT_LAG = 20_000


class NewBuild(msgspec.Struct, frozen=True):
    id: str
    creator_id: int
    creator_name: str
    base_class: str
    ascendancy: str
    tree_version: str
    code: str
    skills: list[str]
    steps: list[Step]
    # The planner's saved stats (server.planner.stats), None when the export carries none.
    stats: BuildStats | None = None


# SortBy values -> the indexed column each sorts by (migration 0008 on both engines); "likes" is the default.
STAT_SORTS = {"dps": "stat_dps", "life": "stat_life", "es": "stat_energy_shield"}
SORT_BYS = ("likes", *STAT_SORTS)
# The sort key of a build without the stat: below every real value (all are >= 0).
NO_STAT = -1.0

_stats_encoder = msgspec.json.Encoder()
_stats_decoder = msgspec.json.Decoder(BuildStats | None)


def stat_columns(stats: BuildStats | None) -> tuple[float, float, float, str]:
    """(stat_dps, stat_life, stat_energy_shield, stats JSON) as both engines store them."""
    if stats is None:
        return NO_STAT, NO_STAT, NO_STAT, "null"

    def key(v: float | None) -> float:
        return float(v) if v is not None and v >= 0 else NO_STAT

    return key(stats.dps), key(stats.life), key(stats.energy_shield), _stats_encoder.encode(stats).decode()


def stats_of(raw: str | None) -> BuildStats | None:
    """The stored stats JSON -> BuildStats (None for none, not yet read, or unreadable)."""
    if not raw:
        return None
    try:
        return _stats_decoder.decode(raw)
    except msgspec.DecodeError:
        return None


class SearchQuery(msgspec.Struct, frozen=True):
    classes: list[str] = []
    skills: list[str] = []
    creator: str = ""
    liked_by: int | None = None
    created_by: int | None = None
    # Builds this user follows (issue 36).
    followed_by: int | None = None
    viewer: int | None = None
    after: Cursor | None = None
    page_size: int = 20
    # One of SORT_BYS; stat sorts order by the stat descending, then id, builds without it last.
    sort_by: str = "likes"
    # Minimum filters: builds whose stat is at least this (builds without the stat never match).
    min_dps: float | None = None
    min_life: float | None = None
    min_es: float | None = None


class SlugTaken(Exception):
    """The client build id equals another build's slug, in any case."""


class LookalikeId(Exception):
    """The client build id differs only in case from another build's id."""


class BuildGone(Exception):
    """The client build id (or a slug) belonged to a build deleted with its creator's account."""


class MissingReference(Exception):
    """A write named a row (a user, a build) that another request deleted meanwhile (a foreign-key
    failure): the player's account was deleted, or the build with its creator's."""


class CreatorGone(Exception):
    """The publishing player's account was deleted while the publish was on its way (its decode
    waits its turn): there is nobody to store the build under."""


# The creator kept builds of a deleted account move to (they keep their creator name).
FORMER_PROVIDER = "deleted"
FORMER_SUBJECT = "former-players"
FORMER_NAME = "Former player"


class AccountData(msgspec.Struct, frozen=True):
    """Everything the store keeps about one user (server.wire.AccountExport without the
    shared-state parts)."""

    account: AccountInfo
    builds: list[BuildInfo]
    likes: list[LikeInfo]
    attachments: list[AttachmentInfo]
    sessions: list[SessionInfo]
    official_api: OfficialGrant | None
    replay_answers: list[ReplayAnswer]
    follows: list[FollowInfo] = []


def iso_of(value) -> str:
    """A stored time (unix seconds, an ISO text or a datetime) as ISO-8601 UTC text."""
    if isinstance(value, int | float):
        value = datetime.fromtimestamp(value, UTC)
    if isinstance(value, datetime):
        return value.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"
    return str(value)


class BuildConflict(Exception):
    """The client build id is already taken by another creator."""


steps_decoder = msgspec.json.Decoder(list[Step])
skills_decoder = msgspec.json.Decoder(list[str])


def build_info_of(row, viewer: int | None = None) -> BuildInfo:
    """A build row as both engines select it -> the build as the API sends it. Row order: id, slug,
    creator_id, creator_name, base_class, ascendancy, tree_version, code_z, skills, steps, likes,
    liked by the viewer, created_at, updated_at[, stats JSON[, newest revision, followers]].
    `isCreator` is the signed-in `viewer`'s: the row's creator id against theirs."""
    return BuildInfo(
        build_id=row[0], slug=row[1], creator_name=row[3], base_class=row[4], ascendancy=row[5],
        tree_version=row[6], pob_code=zlib.decompress(row[7]).decode(), skills=skills_decoder.decode(row[8]),
        steps=steps_decoder.decode(row[9]), likes=row[10], is_liked=bool(row[11]),
        created_at=row[12], updated_at=row[13], stats=stats_of(row[14]) if len(row) > 14 else None,
        revision=row[15] if len(row) > 15 else 1, followers=row[16] if len(row) > 16 else 0,
        is_creator=viewer is not None and row[2] == viewer,
    )


def now_iso() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def new_slug() -> str:
    return "".join(secrets.choice(SLUG_ALPHABET) for _ in range(SLUG_LEN))


def compress_code(code: str) -> bytes:
    return zlib.compress(code.encode(), 9)


def is_slug(value: str) -> bool:
    return SLUG_FORM.match(value) is not None


class User(msgspec.Struct, frozen=True):
    id: int
    provider: str
    display_name: str


class SessionUser(msgspec.Struct, frozen=True):
    user: User
    expires_at: float


class PendingSignIn(msgspec.Struct, frozen=True):
    state: str
    verifier: str
    return_path: str
    initial_realm: str


class Tokens(msgspec.Struct, frozen=True):
    access_token: str
    refresh_token: str
    scope: str
    expires_at: float


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class AccountTaken(Exception):
    """The local account name is already in use."""


class Attachment(msgspec.Struct, frozen=True):
    build_id: str
    slug: str


class StoredAnswer(msgspec.Struct, frozen=True):
    method: str
    path: str
    request_hash: str
    status: int
    headers: list[tuple[str, str]]
    body: bytes



