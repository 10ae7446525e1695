/**
 * Wire types of the sync server's HTTP API (DESIGN.md "Contracts"; spec §7).
 * Each interface has the name, fields and optionality of the server's msgspec
 * struct (server/wire.py and the other routers); tests/contract/test_contract.py
 * checks them against the served /schema/openapi.json.
 */

export type Realm = "pc" | "xbox" | "sony";
export const REALMS: { value: Realm; label: string }[] = [
  { value: "pc", label: "PC" },
  { value: "xbox", label: "Xbox" },
  { value: "sony", label: "Sony" },
];

export interface Identity {
  displayName: string;
  /** Date string; the identity is expired when it lies in the past. */
  expiresOn: string;
  /** The server's stable account key ("<provider>:<id>"); display names may repeat. */
  account?: string;
}

/**
 * The planner's own saved figures for the build's active sets (its export's PlayerStat lines),
 * not computed by Waypoint; null where the export has none. `dpsKind`: "full" (FullDPS),
 * "combined" (CombinedDPS), "hit" (TotalDPS) or "dot" (TotalDotDPS). Resistances, block and
 * suppression are percentages; `movementSpeed` is the planner's multiplier (1 = base speed).
 */
export interface BuildStats {
  life?: number | null;
  energyShield?: number | null;
  mana?: number | null;
  ward?: number | null;
  ehp?: number | null;
  dps?: number | null;
  dpsKind?: string | null;
  fireResist?: number | null;
  coldResist?: number | null;
  lightningResist?: number | null;
  chaosResist?: number | null;
  armour?: number | null;
  evasion?: number | null;
  block?: number | null;
  spellSuppression?: number | null;
  movementSpeed?: number | null;
}

export interface BuildSummary {
  buildId: string;
  slug: string;
  skills: string[];
  baseClass: string;
  ascendancy: string;
  steps: number;
  creatorName: string;
  likes: number;
  isLiked: boolean;
  stats?: BuildStats | null;
}

/** Where the next page starts. Sent back whole: `snapshot` keeps later pages in the first page's order on any server worker. */
export interface Cursor {
  lastGuid: string;
  likeAmount: number;
  snapshot?: number | null;
  /** Stat sorts only: the last build's sort key (its stat, or -1 once past the builds without it); sent back as `sortValue`. */
  sortValue?: number | null;
}

export interface BuildPage {
  builds: BuildSummary[];
  pageSize: number;
  cursor: Cursor | null;
}

export interface Step {
  title: string;
  equipmentSetId: string;
  skillSetId: string;
  passiveTreeId: string;
}

export interface BuildInfo {
  buildId: string;
  slug: string;
  creatorName: string;
  likes: number;
  isLiked: boolean;
  baseClass: string;
  ascendancy: string;
  treeVersion: string;
  skills: string[];
  steps: Step[];
  pobCode: string;
  createdAt: string;
  updatedAt: string;
  stats?: BuildStats | null;
  /** The newest revision's number (the share link opens it). */
  revision?: number;
  followers?: number;
  /** The signed-in viewer created this build (by account, not display name); false when anonymous. */
  isCreator?: boolean;
}

export interface LikeRequest {
  like: boolean;
}

export interface LikeResult {
  buildId: string;
  likes: number;
  isLiked: boolean;
}

export interface PublishRequest {
  buildId: string;
  ascendancy: string;
  baseClass: string;
  treeVersion: string;
  steps: Step[];
  pobCod: string;
  skills: string[];
}

export interface Published {
  slug: string;
  buildId: string;
}

export interface CharacterSummary {
  id: string;
  name: string;
  realm: Realm;
  class: string;
  league: string;
  level: number;
  experience: number;
}

export interface AttachedBuild {
  buildId: string;
  slug: string;
  pobUrl: string;
}

/** The player's own data: GET /api/account/export (one JSON file) and POST /api/account/delete. */
export interface AccountInfo {
  /** The stable key ("<provider>:<id>"), as /api/auth/me names it. */
  account: string;
  provider: string;
  /** The local account's sign-in name; null for official-site accounts. */
  accountName: string | null;
  displayName: string;
  createdAt: string;
  /** Whether a password hash is kept (the hash itself is never exported). */
  hasPassword: boolean;
}

export interface SessionInfo {
  createdAt: string;
  expiresAt: string;
}

export interface LikeInfo {
  buildId: string;
  slug: string;
  likedAt: string;
}

export interface AttachmentInfo {
  characterId: string;
  buildId: string;
  slug: string;
  updatedAt: string;
}

export interface OfficialGrant {
  scope: string;
  expiresAt: string;
}

export interface ReplayAnswer {
  key: string;
  method: string;
  path: string;
  status: number;
  createdAt: string;
}

export interface CachedCharacters {
  key: string;
  data: unknown;
}

export interface AccountExport {
  exportedAt: string;
  account: AccountInfo;
  builds: BuildInfo[];
  likes: LikeInfo[];
  attachments: AttachmentInfo[];
  sessions: SessionInfo[];
  officialApi: OfficialGrant | null;
  replayAnswers: ReplayAnswer[];
  cachedCharacters: CachedCharacters[];
  /** The builds the player follows (issue 36). */
  follows?: FollowInfo[];
}

export interface DeleteAccountRequest {
  /** True: the published builds go too (their links answer 410); false: they stay public. */
  deleteBuilds: boolean;
}

export interface AccountDeleted {
  buildsDeleted: number;
  buildsKept: number;
}

export type BrowseSource = "explore" | "liked" | "created" | "following";

// Revisions and follows (issue 36; server/wire.py's structs of the same names).

export interface RevisionRequest {
  /** The revision this one was based on; a stale base (not the newest) is refused with 409. */
  baseRevision: number;
  pobCod: string;
  baseClass: string;
  ascendancy: string;
  treeVersion: string;
  steps: Step[];
  skills: string[];
  note?: string;
}

export interface RevisionPublished {
  buildId: string;
  slug: string;
  revision: number;
}

export interface RevisionSummary {
  revision: number;
  note: string;
  treeVersion: string;
  createdAt: string;
}

export interface RevisionList {
  buildId: string;
  slug: string;
  /** The newest revision's number (the one the share link opens). */
  newest: number;
  /** Newest first. */
  revisions: RevisionSummary[];
}

export interface RevisionInfo {
  buildId: string;
  slug: string;
  revision: number;
  newest: number;
  note: string;
  baseClass: string;
  ascendancy: string;
  treeVersion: string;
  skills: string[];
  steps: Step[];
  pobCode: string;
  createdAt: string;
}

export interface FollowRequest {
  follow: boolean;
}

export interface FollowState {
  buildId: string;
  slug: string;
  revision: number;
  followers: number;
  isFollowing: boolean;
  seenRevision: number | null;
}

export interface SeenRequest {
  revision: number;
}

export interface BuildUpdate {
  buildId: string;
  slug: string;
  creatorName: string;
  revision: number;
  seenRevision: number;
  note: string;
  updatedAt: string;
  /** The newest revision's title skills and class: what buildTitle() names the build by. */
  skills: string[];
  baseClass: string;
  ascendancy: string;
}

export interface BuildUpdates {
  updates: BuildUpdate[];
}

export interface FollowInfo {
  buildId: string;
  slug: string;
  seenRevision: number;
  followedAt: string;
}
