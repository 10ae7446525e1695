/**
 * The real sync server for the PWA's data-layer tests: `python -m server serve`
 * on a free loopback port with its own temporary SQLite file. Tests run in
 * happy-dom with the page's URL on the server's origin, so the API client talks
 * to it as the app does (same origin, the HttpOnly session cookie kept by the
 * page's cookie jar, the Origin header on mutations).
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO_DIR } from "@workers/sharedDir";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { API_BASE, configureApi } from "../api";

const REPO = REPO_DIR;
const PYTHON = join(REPO, ".venv", "bin", "python");

export interface RealServer {
  origin: string;
  dbPath: string;
  /** Ids of the synthetic builds inserted before the start (server/store/bulk.py). */
  buildIds: string[];
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
  const { port } = probe.address() as { port: number };
  await new Promise((r) => probe.close(r));
  return port;
}

/** Node's own HTTP client: the page's fetch (happy-dom) would refuse another origin. */
function healthy(origin: string): Promise<boolean> {
  return new Promise((resolve) => {
    get(`${origin}/api/health`, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    }).on("error", () => resolve(false));
  });
}

/** Start the server; `builds` synthetic builds are inserted first (their likes column starts at 0). */
export async function startRealServer({ builds = 0 } = {}): Promise<RealServer> {
  const dir = mkdtempSync(join(tmpdir(), "waypoint-vitest-"));
  const dbPath = join(dir, "waypoint.sqlite3");
  mkdirSync(join(dir, "dist"));
  writeFileSync(join(dir, "dist", "index.html"), "<!doctype html><title>Waypoint</title>");
  let buildIds: string[] = [];
  if (builds > 0) {
    const script = "import json, sys; from server.store.bulk import bulk_insert_builds; print(json.dumps(bulk_insert_builds(sys.argv[1], int(sys.argv[2]), max_likes=0)))";
    const out = spawnSync(PYTHON, ["-c", script, dbPath, String(builds)], { cwd: REPO, encoding: "utf8" });
    if (out.status !== 0) throw new Error(`bulk insert failed: ${out.stderr}`);
    buildIds = JSON.parse(out.stdout);
  }
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const proc = spawn(PYTHON, ["-m", "server", "serve"], {
    cwd: REPO,
    env: {
      ...process.env,
      WAYPOINT_HOST: "127.0.0.1",
      WAYPOINT_PORT: String(port),
      WAYPOINT_DB_PATH: dbPath,
      WAYPOINT_PWA_DIST: join(dir, "dist"),
      WAYPOINT_SEED_DEMO: "false",
      WAYPOINT_RATE_LIMIT_PER_MINUTE: "0",
      WAYPOINT_LOG_LEVEL: "warning",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  proc.stdout.on("data", (c) => (output += c));
  proc.stderr.on("data", (c) => (output += c));
  const exited = new Promise<void>((r) => proc.once("exit", () => r()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}:\n${output}`);
    if (await healthy(origin)) break;
    if (Date.now() > deadline) {
      proc.kill();
      throw new Error(`server did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    origin,
    dbPath,
    buildIds,
    stop: async () => {
      if (proc.exitCode === null) {
        proc.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Put the page on the server's origin, as the built app is served, and point the API client at it. */
export function openPageOn(server: RealServer): void {
  (globalThis as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${server.origin}/build/browse`);
  configureApi(API_BASE);
}

/** Point the API client at a loopback port nobody listens on: every call fails as offline. */
export async function serverUnreachable(): Promise<void> {
  configureApi(`http://127.0.0.1:${await freePort()}/api`);
}

/** The server's local sign-in, through the page's fetch: the session cookie lands in the page's cookie jar. */
export async function signIn(displayName: string): Promise<void> {
  const start = await fetch("/api/auth/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ReturnPath: "/build/browse", InitialRealm: "pc" }),
  });
  const target = new URL((await start.json()).data.returnPath, location.href);
  const form = new URLSearchParams({ state: target.searchParams.get("state") ?? "", displayName });
  const done = await fetch("/api/auth/local", { method: "POST", body: form, redirect: "manual" });
  if (done.status !== 303 && !done.ok) throw new Error(`local sign-in failed: ${done.status} ${await done.text()}`);
}

/** End the page's session on the server (the cookie is cleared as the app's logout does). */
export async function signOut(): Promise<void> {
  await fetch("/api/auth/logout", { method: "POST" });
}

/**
 * One server for the calling test file: started before its tests, stopped after.
 * Every test starts on the server's origin and signed out, so none depends on another.
 */
export function serverForThisFile(opts: { builds?: number } = {}): { readonly current: RealServer } {
  let server: RealServer | undefined;
  // Python and its imports start slowly on a busy machine: the start gets the server's own 60 s.
  beforeAll(async () => {
    server = await startRealServer(opts);
  }, 90_000);
  afterAll(() => server?.stop());
  beforeEach(async () => {
    openPageOn(server!);
    await signOut();
  });
  return {
    get current() {
      return server!;
    },
  };
}
