/**
 * The outbox: likes, attachments and publishes wait here while the app is
 * offline or the server fails. Entries survive reloads (IndexedDB), keep the
 * Idempotency-Key they were given, and are replayed strictly in order. A newer
 * intent for the same key (a like of one build, the attachment of one
 * character) replaces the older one, so only the latest is ever sent.
 */
import { ApiRequestError, newIdempotencyKey } from "./api";
import type { OutboxEntry, OutboxKind, WaypointDb } from "./db";
import { LIKE_KEY_PREFIX } from "./likes";
import type { LikeRequest, LikeResult, RevisionRequest } from "./types";

/** Sends one entry; resolves with the server's answer or throws ApiRequestError. */
export type OutboxSender = (entry: OutboxEntry) => Promise<unknown>;

export interface FlushResult {
  sent: OutboxEntry[];
  dropped: { entry: OutboxEntry; error: string; code?: string }[];
  /** Entries still waiting (the first of them failed for a transient reason). */
  remaining: number;
  /** True when the flush stopped on a 401: the session is gone. */
  unauthorized: boolean;
}

export interface Intent {
  kind: OutboxKind;
  key: string;
  path: string;
  body: unknown;
}

export const likeIntent = (buildId: string, like: boolean): Intent => ({
  kind: "like",
  key: `${LIKE_KEY_PREFIX}${buildId}`,
  path: `/Build/${encodeURIComponent(buildId)}/like`,
  body: { like } satisfies LikeRequest,
});

/** Follow or unfollow a build: set semantics, so a replay or a repeat changes nothing. */
export const followIntent = (buildId: string, follow: boolean): Intent => ({
  kind: "follow",
  key: `follow:${buildId}`,
  path: `/Build/${encodeURIComponent(buildId)}/follow`,
  body: { follow },
});

export const attachIntent = (characterId: string, buildId: string): Intent => ({
  kind: "attach",
  key: `attach:${characterId}`,
  path: `/Character/${encodeURIComponent(characterId)}/attached-build`,
  body: { buildId },
});

/** A publish is created once per client build id, so it never coalesces with another. */
export const publishIntent = (payload: { buildId: string }): Intent => ({
  kind: "publish",
  key: `publish:${payload.buildId}`,
  path: "/Build",
  body: payload,
});

/** A new revision of a published build; once per draft, like a publish. */
export const revisionIntent = (draftId: string, buildId: string, body: RevisionRequest): Intent => ({
  kind: "revision",
  key: `revision:${draftId}`,
  path: `/Build/${encodeURIComponent(buildId)}/revisions`,
  body,
});

export class Outbox {
  private flushing: Promise<FlushResult> | null = null;
  private listeners = new Set<() => void>();

  constructor(
    private readonly db: WaypointDb,
    private readonly send: OutboxSender,
    private readonly now: () => number = Date.now,
  ) {}

  /** Queue an intent; an older pending one with the same key is replaced (latest intent wins). */
  async enqueue(intent: Intent): Promise<OutboxEntry> {
    const entry: OutboxEntry = {
      ...intent,
      method: "POST",
      idempotencyKey: newIdempotencyKey(),
      createdAt: this.now(),
      attempts: 0,
    };
    await this.db.transaction("rw", this.db.outbox, async () => {
      if (intent.kind !== "publish" && intent.kind !== "revision") await this.db.outbox.where("key").equals(intent.key).delete();
      else if (await this.db.outbox.where("key").equals(intent.key).count()) return;
      entry.seq = await this.db.outbox.add(entry);
    });
    this.emit();
    return entry;
  }

  pending(): Promise<OutboxEntry[]> {
    return this.db.outbox.orderBy("seq").toArray();
  }

  count(): Promise<number> {
    return this.db.outbox.count();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit() {
    for (const l of this.listeners) l();
  }

  /** Replay the queue in order. Concurrent calls share one run. */
  flush(): Promise<FlushResult> {
    this.flushing ??= this.run().finally(() => {
      this.flushing = null;
      this.emit();
    });
    return this.flushing;
  }

  private async run(): Promise<FlushResult> {
    const result: FlushResult = { sent: [], dropped: [], remaining: 0, unauthorized: false };
    for (;;) {
      const entry = await this.db.outbox.orderBy("seq").first();
      if (!entry) break;
      try {
        const answer = await this.send(entry);
        await this.db.transaction("rw", this.db.outbox, this.db.likeOverrides, async () => {
          await this.db.outbox.delete(entry.seq!);
          // The server accepted the like: its state becomes the override (in the same
          // transaction, so the UI never sees the pending state gone and no override yet).
          if (entry.kind === "like") {
            const liked = (answer as LikeResult | undefined)?.isLiked ?? (entry.body as LikeRequest).like;
            await this.db.likeOverrides.put({ buildId: entry.key.slice(LIKE_KEY_PREFIX.length), liked, at: this.now() });
          }
        });
        result.sent.push(entry);
      } catch (err) {
        const e = err as ApiRequestError;
        const transient = !(e instanceof ApiRequestError) || e.offline || (e.status ?? 0) >= 500 || e.status === 429 || e.status === 408;
        if (e instanceof ApiRequestError && e.status === 401) {
          result.unauthorized = true;
          break;
        }
        if (transient) {
          // Keep order: nothing behind a failing entry may overtake it.
          await this.db.outbox.update(entry.seq!, { attempts: entry.attempts + 1, lastError: e.message });
          break;
        }
        // The server answered for good (404, 422, ...): resending would get the same answer.
        await this.db.outbox.delete(entry.seq!);
        result.dropped.push({ entry, error: e.message, code: e instanceof ApiRequestError ? e.code : undefined });
      }
      this.emit();
    }
    result.remaining = await this.db.outbox.count();
    return result;
  }
}
