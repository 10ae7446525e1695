/**
 * Persistent storage: the browser may clear a site's IndexedDB under storage
 * pressure unless the site asked to keep it. Asked once, when there is first
 * something of the player's own to lose (a draft, a like, an attached
 * character); the answer is remembered and shown (a notice once, Settings
 * always). Settings shows the storage used.
 */

export type PersistAnswer = "granted" | "refused" | "unsupported";

export const PERSIST_KEY = "waypoint:storage-persist";

interface Stored {
  answer: PersistAnswer;
  /** What made the app ask. */
  reason: string;
  at: number;
}

type Listener = (answer: PersistAnswer, reason: string) => void;
const listeners = new Set<Listener>();
let asking: Promise<PersistAnswer> | null = null;

/** Told once, when the browser answered the request (the notice). */
export function onPersistAnswer(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function storage(): StorageManager | null {
  return typeof navigator !== "undefined" && navigator.storage && typeof navigator.storage.persist === "function" ? navigator.storage : null;
}

export function storedAnswer(): Stored | null {
  try {
    const raw = localStorage.getItem(PERSIST_KEY);
    const s = raw ? (JSON.parse(raw) as Stored) : null;
    return s && (s.answer === "granted" || s.answer === "refused" || s.answer === "unsupported") ? s : null;
  } catch {
    return null;
  }
}

/**
 * Asks the browser to keep the data, the first time only (later calls answer
 * what was answered then). Never throws: losing this is not worth a failed like.
 */
export function requestPersistence(reason: string): Promise<PersistAnswer> {
  const stored = storedAnswer();
  if (stored) return Promise.resolve(stored.answer);
  asking ??= (async () => {
    const s = storage();
    let answer: PersistAnswer = "unsupported";
    try {
      if (s) answer = (await s.persisted()) || (await s.persist()) ? "granted" : "refused";
    } catch {
      answer = "refused";
    }
    try {
      localStorage.setItem(PERSIST_KEY, JSON.stringify({ answer, reason, at: Date.now() } satisfies Stored));
    } catch {
      // Private mode without localStorage: ask again next time.
    }
    for (const l of listeners) l(answer, reason);
    asking = null;
    return answer;
  })();
  return asking;
}

export interface StorageReport {
  /** Whether the browser keeps the data now (null: it cannot say). */
  persisted: boolean | null;
  usageBytes: number | null;
  quotaBytes: number | null;
}

export async function storageReport(): Promise<StorageReport> {
  const s = storage();
  if (!s) return { persisted: null, usageBytes: null, quotaBytes: null };
  const [persisted, estimate] = await Promise.all([s.persisted().catch(() => null), s.estimate().catch(() => null)]);
  return { persisted, usageBytes: estimate?.usage ?? null, quotaBytes: estimate?.quota ?? null };
}

/** 1,536 -> "1.5 KB"; 12,582,912 -> "12.0 MB". */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(1)} ${units[i]}`;
}
