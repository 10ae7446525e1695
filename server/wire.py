"""Wire types of the builds API: what the server sends and takes, one struct per concept.

The store returns these (server/store/builds.py), the routes send them
(server/api/builds.py), and the PWA's `pwa/src/data/types.ts` names the same
fields (checked against the served OpenAPI schema by tests/contract/test_contract.py).
"""

from __future__ import annotations

import msgspec


class Step(msgspec.Struct, rename="camel", frozen=True):
    """One step of a build: a title and the planner sets it uses (published, stored and sent alike)."""

    title: str
    equipment_set_id: str
    skill_set_id: str
    passive_tree_id: str


class PublishRequest(msgspec.Struct, rename="camel"):
    """The spec's publish payload: every field is sent (ascendancy empty if none)."""

    build_id: str
    pob_cod: str
    base_class: str
    ascendancy: str
    tree_version: str
    steps: list[Step]
    skills: list[str]


class BuildStats(msgspec.Struct, rename="camel", frozen=True):
    """The planner's own saved figures for the build's active sets (its export's PlayerStat lines),
    read by server.planner.stats; None where the export has none. Not computed by Waypoint.

    dpsKind names which figure `dps` is: "full" (FullDPS), "combined" (CombinedDPS), "hit"
    (TotalDPS) or "dot" (TotalDotDPS). Resistances, block and suppression are percentages;
    movementSpeed is the planner's multiplier (1 = base speed)."""

    life: float | None = None
    energy_shield: float | None = None
    mana: float | None = None
    ward: float | None = None
    ehp: float | None = None
    dps: float | None = None
    dps_kind: str | None = None
    fire_resist: float | None = None
    cold_resist: float | None = None
    lightning_resist: float | None = None
    chaos_resist: float | None = None
    armour: float | None = None
    evasion: float | None = None
    block: float | None = None
    spell_suppression: float | None = None
    movement_speed: float | None = None


class BuildSummary(msgspec.Struct, rename="camel", frozen=True):
    build_id: str
    slug: str
    skills: list[str]
    base_class: str
    ascendancy: str
    steps: int
    creator_name: str
    likes: int
    is_liked: bool
    stats: BuildStats | None = None


class Cursor(msgspec.Struct, rename="camel", frozen=True, omit_defaults=True):
    """Where the next page starts: after (likeAmount, lastGuid) in the order as of `snapshot`.

    `snapshot` is the like-event sequence the first page was read at. Clients send
    it back, so every page of one walk sorts by the same counts, whichever worker
    process answers.
    """

    last_guid: str
    like_amount: int
    snapshot: int | None = None
    # Stat sorts (SortBy dps, life or es) only: the last build's sort key, which is its value of
    # the sorted stat, or -1 once the walk has reached the builds without that stat (they come
    # last, by id). Sent back as the `sortValue` query parameter. Fields at their default (None)
    # are left out of the JSON, so a likes cursor is the three fields it always was.
    sort_value: float | None = None


class BuildPage(msgspec.Struct, rename="camel", frozen=True):
    builds: list[BuildSummary]
    page_size: int
    cursor: Cursor | None


class BuildPageAnswer(msgspec.Struct, frozen=True):
    data: BuildPage


class BuildInfo(msgspec.Struct, rename="camel", frozen=True):
    build_id: str
    slug: str
    creator_name: str
    likes: int
    is_liked: bool
    base_class: str
    ascendancy: str
    tree_version: str
    skills: list[str]
    steps: list[Step]
    pob_code: str
    created_at: str
    updated_at: str
    stats: BuildStats | None = None
    # The newest revision's number (the share link opens it) and how many players follow the
    # build (issue 36).
    revision: int = 1
    followers: int = 0
    # Whether the signed-in viewer created the build (by user id; false for anyone else and for
    # anonymous readers).
    is_creator: bool = False


class BuildInfoData(msgspec.Struct, rename="camel", frozen=True):
    build_info: BuildInfo


class BuildInfoAnswer(msgspec.Struct, frozen=True):
    data: BuildInfoData


class Published(msgspec.Struct, rename="camel", frozen=True):
    slug: str
    build_id: str


class PublishedAnswer(msgspec.Struct, frozen=True):
    data: Published


class LikeRequest(msgspec.Struct, frozen=True):
    like: bool


class LikeResult(msgspec.Struct, rename="camel", frozen=True):
    build_id: str
    likes: int
    is_liked: bool


class LikeAnswer(msgspec.Struct, frozen=True):
    data: LikeResult


# The player's own data (GET /api/account/export, POST /api/account/delete).


class AccountInfo(msgspec.Struct, rename="camel", frozen=True):
    # The stable key ("<provider>:<id>"), as /api/auth/me names it.
    account: str
    provider: str
    # The local account's sign-in name; None for official-site accounts.
    account_name: str | None
    display_name: str
    created_at: str
    # Whether a password hash is kept (local accounts; the hash itself is not exported).
    has_password: bool


class SessionInfo(msgspec.Struct, rename="camel", frozen=True):
    """A signed-in browser; its token is kept only as a hash and is not exported."""

    created_at: str
    expires_at: str


class LikeInfo(msgspec.Struct, rename="camel", frozen=True):
    build_id: str
    slug: str
    liked_at: str


class AttachmentInfo(msgspec.Struct, rename="camel", frozen=True):
    character_id: str
    build_id: str
    slug: str
    updated_at: str


class OfficialGrant(msgspec.Struct, rename="camel", frozen=True):
    """The official service's grant kept for this account (the token values are not exported)."""

    scope: str
    expires_at: str


class ReplayAnswer(msgspec.Struct, rename="camel", frozen=True):
    """A change's first answer, kept 24 h so a repeated Idempotency-Key is not applied twice."""

    key: str
    method: str
    path: str
    status: int
    created_at: str


class CachedCharacters(msgspec.Struct, rename="camel", frozen=True):
    """Character data from the official service (or the demo characters), cached for 30 s."""

    key: str
    data: object


class AccountExport(msgspec.Struct, rename="camel", frozen=True):
    exported_at: str
    account: AccountInfo
    builds: list[BuildInfo]
    likes: list[LikeInfo]
    attachments: list[AttachmentInfo]
    sessions: list[SessionInfo]
    official_api: OfficialGrant | None
    replay_answers: list[ReplayAnswer]
    cached_characters: list[CachedCharacters]
    # The builds the player follows (issue 36).
    follows: list[FollowInfo] = []


class AccountExportAnswer(msgspec.Struct, frozen=True):
    data: AccountExport


class DeleteAccountRequest(msgspec.Struct, rename="camel", frozen=True):
    # True: the account's published builds are deleted too (their links answer 410); False:
    # they stay public under the creator name they were published with.
    delete_builds: bool


class AccountDeleted(msgspec.Struct, rename="camel", frozen=True):
    builds_deleted: int
    builds_kept: int


class AccountDeletedAnswer(msgspec.Struct, frozen=True):
    data: AccountDeleted


# Revisions and follows (issue 36). A build's share link opens its newest revision; every
# revision stays readable at /api/Build/{idOrSlug}/revision/{n}.


class RevisionRequest(msgspec.Struct, rename="camel"):
    """A new revision of a build, by its creator: the publish payload without the build id, plus
    the revision it was based on (refused with 409 when that is not the newest) and a note."""

    base_revision: int
    pob_cod: str
    base_class: str
    ascendancy: str
    tree_version: str
    steps: list[Step]
    skills: list[str]
    note: str = ""


class RevisionPublished(msgspec.Struct, rename="camel", frozen=True):
    build_id: str
    slug: str
    revision: int


class RevisionPublishedAnswer(msgspec.Struct, frozen=True):
    data: RevisionPublished


class RevisionSummary(msgspec.Struct, rename="camel", frozen=True):
    revision: int
    note: str
    tree_version: str
    created_at: str


class RevisionList(msgspec.Struct, rename="camel", frozen=True):
    build_id: str
    slug: str
    # The newest revision's number (the one the share link opens).
    newest: int
    # Newest first.
    revisions: list[RevisionSummary]


class RevisionListAnswer(msgspec.Struct, frozen=True):
    data: RevisionList


class RevisionInfo(msgspec.Struct, rename="camel", frozen=True):
    build_id: str
    slug: str
    revision: int
    newest: int
    note: str
    base_class: str
    ascendancy: str
    tree_version: str
    skills: list[str]
    steps: list[Step]
    pob_code: str
    created_at: str


class RevisionInfoAnswer(msgspec.Struct, frozen=True):
    data: RevisionInfo


class FollowRequest(msgspec.Struct, frozen=True):
    follow: bool


class FollowState(msgspec.Struct, rename="camel", frozen=True):
    """One build as the viewer follows it (or not): the newest revision, the follower count and,
    when followed, the newest revision the viewer has seen."""

    build_id: str
    slug: str
    revision: int
    followers: int
    is_following: bool
    seen_revision: int | None


class FollowStateAnswer(msgspec.Struct, frozen=True):
    data: FollowState


class SeenRequest(msgspec.Struct, frozen=True):
    # The revision the player has now seen (at most the newest; never moves back).
    revision: int


class BuildUpdate(msgspec.Struct, rename="camel", frozen=True):
    """A followed build whose newest revision is past the newest the player has seen."""

    build_id: str
    slug: str
    creator_name: str
    revision: int
    seen_revision: int
    note: str
    updated_at: str
    # What the app titles a build by (its first main skill and ascendancy, else its class),
    # read in the same statement as the rest.
    skills: list[str]
    base_class: str
    ascendancy: str


class BuildUpdates(msgspec.Struct, rename="camel", frozen=True):
    updates: list[BuildUpdate]


class BuildUpdatesAnswer(msgspec.Struct, frozen=True):
    data: BuildUpdates


class FollowInfo(msgspec.Struct, rename="camel", frozen=True):
    """A build the player follows, in the account export: the newest revision they have seen."""

    build_id: str
    slug: str
    seen_revision: int
    followed_at: str
