/** Wire types of the sync server's HTTP API (DESIGN.md "Contracts"; spec §7). */

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

export interface Cursor {
  lastGuid: string;
  likeAmount: number;
}

export interface BuildPage {
  builds: BuildSummary[];
  pageSize: number;
  cursor: Cursor | null;
}

export interface BuildStep {
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
  steps: BuildStep[];
  pobCode: string;
  createdAt: string;
  updatedAt: string;
}

export interface LikeResult {
  buildId: string;
  likes: number;
  isLiked: boolean;
}

export interface PublishPayload {
  buildId: string;
  ascendancy: string;
  baseClass: string;
  treeVersion: string;
  steps: BuildStep[];
  pobCod: string;
  skills: string[];
}

export interface CharacterSummary {
  id: string;
  name: string;
  realm: Realm;
  class: string;
  league: string;
  level: number;
  experience?: number;
}

export interface AttachedBuild {
  buildId: string;
  slug: string;
  pobUrl: string;
}

export type BrowseSource = "explore" | "liked" | "created";
