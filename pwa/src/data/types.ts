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
}

/** Where the next page starts. Sent back whole: `snapshot` keeps later pages in the first page's order on any server worker. */
export interface Cursor {
  lastGuid: string;
  likeAmount: number;
  snapshot?: number | null;
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

export type BrowseSource = "explore" | "liked" | "created";
