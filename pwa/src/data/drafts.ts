/**
 * Build drafts (the step editor's work) in Dexie, and their publish through the
 * outbox: a draft waits there while offline, is sent once on reconnect (its
 * Idempotency-Key and client build id make replays safe), learns its slug from
 * the server, or goes back to editing with the server's messages on a refusal.
 */
import { request } from "./api";
import type { BuildDraft, WaypointDb } from "./db";
import type { FlushResult, Outbox } from "./outbox";
import { publishIntent, revisionIntent } from "./outbox";
import { requestPersistence } from "./persist";
import type { BuildInfo, PublishRequest, RevisionRequest } from "./types";

/** The draft the editor opens: the newest one not yet published. */
export function currentDraft(db: WaypointDb): Promise<BuildDraft | undefined> {
  return db.drafts.orderBy("updatedAt").reverse().filter((d) => d.status !== "published").first();
}

export async function saveDraft(db: WaypointDb, draft: BuildDraft, now = Date.now()): Promise<void> {
  await db.drafts.put({ ...draft, updatedAt: now });
  void requestPersistence("draft"); // the first draft is the player's own work to keep
}

export async function discardDraft(db: WaypointDb, buildId: string): Promise<void> {
  await db.drafts.delete(buildId);
}

/** A client build id the server accepts (8 to 64 letters, digits, '-' or '_'). */
export function newBuildId(): string {
  return crypto.randomUUID();
}

/** Queue the publish and mark the draft waiting; the caller flushes the outbox. */
export async function queuePublish(db: WaypointDb, outbox: Outbox, draft: BuildDraft, payload: PublishRequest): Promise<void> {
  await saveDraft(db, { ...draft, status: "waiting", errors: undefined });
  await outbox.enqueue(publishIntent(payload));
}

/** Queue a new revision of the draft's build and mark the draft waiting; the caller flushes the outbox. */
export async function queueRevision(db: WaypointDb, outbox: Outbox, draft: BuildDraft, payload: RevisionRequest): Promise<void> {
  if (!draft.revisionOf) throw new Error("not a revision draft");
  await saveDraft(db, { ...draft, status: "waiting", errors: undefined, stale: false });
  await outbox.enqueue(revisionIntent(draft.buildId, draft.revisionOf.buildId, payload));
}

/** The draft id of a new revision of a build (one draft per build). */
export const revisionDraftId = (buildId: string) => `revision-${buildId}`;

/** A draft for the next revision of a published build, holding its newest revision's code, steps and skills. */
export function revisionDraft(info: BuildInfo, stepKey: () => string, now = Date.now()): BuildDraft {
  return {
    buildId: revisionDraftId(info.buildId),
    source: `Revision ${info.revision ?? 1} of ${info.slug}`,
    code: info.pobCode,
    steps: info.steps.map((s) => ({ key: stepKey(), title: s.title, equipmentSetId: s.equipmentSetId, passiveTreeId: s.passiveTreeId, skillSetId: s.skillSetId })),
    active: 0,
    skills: [info.skills[0] ?? null, info.skills[1] ?? null, info.skills[2] ?? null],
    status: "editing",
    revisionOf: { buildId: info.buildId, slug: info.slug, base: info.revision ?? 1 },
    note: "",
    updatedAt: now,
  };
}

/**
 * The player's edits on top of the newest revision: what they changed (code, steps, skills, note)
 * is kept, and the draft is now based on the newest revision, ready to publish again.
 */
export function rebaseDraft(draft: BuildDraft, newest: number, now = Date.now()): BuildDraft {
  if (!draft.revisionOf) return draft;
  return { ...draft, revisionOf: { ...draft.revisionOf, base: newest }, stale: false, errors: undefined, status: "editing", updatedAt: now };
}

type Fetch = typeof request;

/**
 * After a flush: a sent publish asks the server for its slug (by build id) and
 * the draft becomes published; a dropped one (422 and other final refusals)
 * goes back to editing with the server's message.
 */
export async function settlePublishes(db: WaypointDb, result: FlushResult, fetcher: Fetch = request): Promise<void> {
  for (const { entry, error, code } of result.dropped) {
    if (entry.kind === "revision") {
      const draft = await db.drafts.get(entry.key.slice("revision:".length));
      if (draft) await saveDraft(db, { ...draft, status: "editing", errors: [error], stale: code === "stale_revision" });
      continue;
    }
    if (entry.kind !== "publish") continue;
    const buildId = (entry.body as PublishRequest).buildId;
    const draft = await db.drafts.get(buildId);
    if (draft) await saveDraft(db, { ...draft, status: "editing", errors: [error] });
  }
  for (const entry of result.sent) {
    if (entry.kind === "revision") {
      const draft = await db.drafts.get(entry.key.slice("revision:".length));
      if (draft?.revisionOf) await saveDraft(db, { ...draft, status: "published", slug: draft.revisionOf.slug });
      continue;
    }
    if (entry.kind !== "publish") continue;
    await resolveSlug(db, (entry.body as PublishRequest).buildId, fetcher);
  }
}

/** A waiting draft whose build the server holds becomes published with its slug. */
export async function resolveSlug(db: WaypointDb, buildId: string, fetcher: Fetch = request): Promise<string | undefined> {
  const draft = await db.drafts.get(buildId);
  if (!draft || draft.status === "editing") return undefined;
  try {
    const { buildInfo } = await fetcher<{ buildInfo: BuildInfo }>("GET", `/Build/${encodeURIComponent(buildId)}`, { retries: 0 });
    await saveDraft(db, { ...draft, status: "published", slug: buildInfo.slug });
    return buildInfo.slug;
  } catch {
    // Offline again or not there yet: the next flush or visit asks again.
    return undefined;
  }
}
