/**
 * The HTTP client for the sync server: `/api` base, cookies, a 10 s timeout per
 * attempt and the retry schedule of retry.ts. Answers are unwrapped from
 * `data`; errors become ApiRequestError. A 401 from any call notifies the
 * listeners (the 'Session expired' dialog and the logout handler, data/expiry.ts)
 * before it is thrown.
 */
import { retryDelay, shouldRetry, type Failure } from "./retry";

export const API_BASE = "/api";
let apiBase = API_BASE;

/** Point the client at another origin (tests against a loopback server). */
export function configureApi(base: string): void {
  apiBase = base;
}
export const REQUEST_TIMEOUT_MS = 10_000;

export class ApiRequestError extends Error {
  constructor(
    public readonly failure: Failure,
    public readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "ApiRequestError";
  }
  get status(): number | undefined {
    return this.failure.status;
  }
  /** True when the server was never reached (offline, DNS, timeout). */
  get offline(): boolean {
    return this.failure.kind === "network" || this.failure.kind === "timeout";
  }
}

type Query = Record<string, string | number | string[] | undefined | null>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** Retries after the first attempt; the spec's 3 unless a caller (the outbox) retries on its own. */
  retries?: number;
  /**
   * A check the player did not ask for (the updates poll): its 401 does not end the session. The next
   * call the player makes will, so a public page never signs anyone out by itself.
   */
  background?: boolean;
  /** Injected for tests: waits between attempts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

type UnauthorizedListener = (path: string) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Subscribe to 401 answers from any call; returns the unsubscribe function. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export function buildUrl(path: string, query?: Query, base = apiBase): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === "") continue;
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v));
  }
  const qs = params.toString();
  return `${base}${path}${qs ? `?${qs}` : ""}`;
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(new ApiRequestError({ kind: "cancelled" }, "cancelled", "Request cancelled"));
    });
  });
}

async function attempt<T>(method: string, url: string, opts: RequestOptions): Promise<{ status: number; data: T | undefined }> {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  const headers: Record<string, string> = { Accept: "application/json" };
  if (opts.body !== undefined) headers["Content-Type"] = "application/json";
  if (opts.idempotencyKey) headers["Idempotency-Key"] = opts.idempotencyKey;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      credentials: "include",
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal,
    });
  } catch (err) {
    if (opts.signal?.aborted) throw new ApiRequestError({ kind: "cancelled" }, "cancelled", "Request cancelled");
    if (timeout.aborted) throw new ApiRequestError({ kind: "timeout" }, "timeout", "The server did not answer in time");
    throw new ApiRequestError({ kind: "network" }, "network", (err as Error)?.message || "Network error");
  }
  if (res.status === 204) return { status: 204, data: undefined };
  const text = await res.text();
  let json: { data?: T; error?: { code?: string; message?: string } } | undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!res.ok) {
    const code = json?.error?.code ?? `http_${res.status}`;
    const message = json?.error?.message ?? `Request failed with status ${res.status}`;
    const retryAfter = res.headers.get("Retry-After") ?? undefined;
    throw new ApiRequestError({ kind: "http", status: res.status, ...(retryAfter !== undefined && { retryAfter }) }, code, message);
  }
  return { status: res.status, data: json?.data };
}

/** One call with retries; resolves with the `data` member (undefined for 204). */
export async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const url = buildUrl(path, opts.query);
  const maxRetries = opts.retries ?? 3;
  const sleep = opts.sleep ?? defaultSleep;
  for (let retries = 0; ; retries++) {
    try {
      return (await attempt<T>(method, url, opts)).data as T;
    } catch (err) {
      const e = err as ApiRequestError;
      if (e.failure?.status === 401 && !opts.background) for (const l of unauthorizedListeners) l(path);
      if (!(e instanceof ApiRequestError) || retries >= maxRetries || !shouldRetry(retries, e.failure)) throw e;
      // The browser knows it is offline: answer from the cache now instead of after 7 s of backoff.
      if (e.offline && typeof navigator !== "undefined" && navigator.onLine === false) throw e;
      await sleep(retryDelay(retries), opts.signal);
    }
  }
}

export const api = {
  get: <T>(path: string, opts?: RequestOptions) => request<T>("GET", path, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>("POST", path, { ...opts, body }),
};

/** A fresh Idempotency-Key for a mutation (kept with outbox entries so replays repeat it). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
