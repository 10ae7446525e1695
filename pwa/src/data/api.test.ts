import { afterEach, describe, expect, it } from "vitest";
import { ApiRequestError, buildUrl, configureApi, onUnauthorized, request } from "./api";
import { startTestServer } from "./test/scriptedServer";

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const noWait = (delays: number[]) => async (ms: number) => {
  delays.push(ms);
};

describe("api client", () => {
  it("repeats query arrays and skips empty values", () => {
    expect(buildUrl("/Build/search", { ClassFilters: ["Witch", "Slayer"], CreatorFilter: "", lastGuid: undefined, pageSize: 20 }, "/api")).toBe(
      "/api/Build/search?ClassFilters=Witch&ClassFilters=Slayer&pageSize=20",
    );
  });

  it("retries server failures with backoff and unwraps data", async () => {
    let n = 0;
    const srv = await startTestServer(() => (++n < 3 ? { status: 503, body: { error: { code: "down", message: "down" } } } : { status: 200, body: { data: { ok: n } } }));
    close = srv.close;
    configureApi(srv.base);
    const delays: number[] = [];
    const data = await request<{ ok: number }>("POST", "/Build/x/like", { body: { like: true }, idempotencyKey: "k-1", sleep: noWait(delays) });
    expect(data).toEqual({ ok: 3 });
    expect(srv.seen).toHaveLength(3);
    expect(srv.seen.every((s) => s.headers["idempotency-key"] === "k-1")).toBe(true);
    expect(JSON.parse(srv.seen[0].body)).toEqual({ like: true });
    expect(delays.map((d) => Math.floor(d / 1000))).toEqual([1, 2]);
  });

  it("gives up after three retries", async () => {
    const srv = await startTestServer(() => ({ status: 500 }));
    close = srv.close;
    configureApi(srv.base);
    await expect(request("GET", "/Build/search", { sleep: noWait([]) })).rejects.toMatchObject({ status: 500 });
    expect(srv.seen).toHaveLength(4);
  });

  it("does not retry a 401 and tells the session once per answer", async () => {
    const srv = await startTestServer(() => ({ status: 401, body: { error: { code: "unauthorized", message: "Session missing" } } }));
    close = srv.close;
    configureApi(srv.base);
    const seen: string[] = [];
    const off = onUnauthorized((p) => seen.push(p));
    const err = (await request("GET", "/Build/liked-search", { sleep: noWait([]) }).catch((e: unknown) => e)) as ApiRequestError;
    off();
    expect(err).toBeInstanceOf(ApiRequestError);
    expect(err.code).toBe("unauthorized");
    expect(err.message).toBe("Session missing");
    expect(srv.seen).toHaveLength(1);
    expect(seen).toEqual(["/Build/liked-search"]);
    // A background check's 401 fails the check only: the session is not told.
    const off2 = onUnauthorized((p) => seen.push(p));
    await expect(request("GET", "/Build/updates", { retries: 0, background: true })).rejects.toMatchObject({ status: 401 });
    off2();
    expect(seen).toEqual(["/Build/liked-search"]);
  });

  it("does not retry after a cancellation", async () => {
    const srv = await startTestServer(() => "hang");
    close = srv.close;
    configureApi(srv.base);
    const ctl = new AbortController();
    const p = request("GET", "/Build/search", { signal: ctl.signal, sleep: noWait([]) });
    // Abort once the server holds the request (a fixed delay races a busy machine).
    const poll = setInterval(() => srv.seen.length && (clearInterval(poll), ctl.abort()), 5);
    await expect(p).rejects.toMatchObject({ failure: { kind: "cancelled" } });
    expect(srv.seen).toHaveLength(1);
  });

  it("reports an unreachable server as offline", async () => {
    const srv = await startTestServer(() => ({ status: 200 }));
    await srv.close();
    configureApi(srv.base);
    const err = (await request("GET", "/Build/search", { retries: 0 }).catch((e: unknown) => e)) as ApiRequestError;
    expect(err.offline).toBe(true);
  });
});

describe("api client offline", () => {
  it("does not back off when the browser reports it is offline", async () => {
    const srv = await startTestServer(() => ({ status: 200 }));
    await srv.close();
    configureApi(srv.base);
    const delays: number[] = [];
    const nav = Object.getOwnPropertyDescriptor(globalThis, "navigator");
    Object.defineProperty(globalThis, "navigator", { value: { onLine: false }, configurable: true });
    try {
      const err = (await request("GET", "/Build/search", { sleep: noWait(delays) }).catch((e: unknown) => e)) as ApiRequestError;
      expect(err.offline).toBe(true);
      expect(delays).toEqual([]);
    } finally {
      if (nav) Object.defineProperty(globalThis, "navigator", nav);
      else delete (globalThis as { navigator?: unknown }).navigator;
    }
    const online: number[] = [];
    await request("GET", "/Build/search", { sleep: noWait(online) }).catch(() => undefined);
    expect(online).toHaveLength(3);
  });
});
