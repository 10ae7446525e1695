// The game-data loader against the real pipeline output served by the real
// server (python -m server serve on loopback), plus the pure version picker.
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POB_CORPUS_DIR, TREES_DIR } from "@workers/sharedDir";
import { NEWEST_TREE_CACHE } from "../app/cacheBudget";
import { treeModelFromBundle } from "../tree/adapter";
import { GameDataClient, GameDataError, closestTreeVersion, findGem, pickTreeBundle, prefersAlternate, treeKeyOf, type TreeBundle } from "./gameData";
import { heldByVersion, type NodeIndexBundle } from "./treeVersions";

const REPO = resolve(__dirname, "../../..");
const PYTHON = join(REPO, ".venv/bin/python");

describe("closestTreeVersion", () => {
  it("picks the closest available tree for a build's version", () => {
    expect(closestTreeVersion(["3.25"], "3_28")).toBe("3.25");
    expect(closestTreeVersion(["3.25", "3.28"], "3.28.1")).toBe("3.28");
    expect(closestTreeVersion(["3.25", "3.27"], "3_26")).toBe("3.27"); // a tie goes to the newer tree
    expect(closestTreeVersion(["3.25", "3.26"], "3_22")).toBe("3.25");
    expect(closestTreeVersion(["3.9", "3.10"], "3_11")).toBe("3.10"); // numeric, not string order
    expect(closestTreeVersion(["3.25", "3.26"], null)).toBe("3.26");
    expect(closestTreeVersion(["3.25", "3.26"], "not a version")).toBe("3.26");
    expect(closestTreeVersion([], "3.25")).toBeNull();
  });
});

describe("tree keys", () => {
  it("reads the spec's tree key from the planner's treeVersion", () => {
    expect(treeKeyOf("3_28")).toBe("data");
    expect(treeKeyOf("3_25_alternate")).toBe("alternate");
    expect(treeKeyOf("3_26_ruthless")).toBe("ruthless");
    expect(treeKeyOf("3_27_ruthless_alternate")).toBe("ruthless-alternate");
    expect(treeKeyOf(undefined)).toBe("data");
  });

  const files = {
    "tree/3.12": "a", "tree/3.25": "b", "tree/3.28": "c",
    "tree-alternate/3.25": "d", "tree-ruthless/3.28": "e", "tree-ruthless-alternate/3.28": "f", gems: "g",
  };
  it("draws a variant on its own bundle, and falls back to the plain tree of the nearest version", () => {
    expect(pickTreeBundle(files, "3_25_alternate")).toEqual({ name: "tree-alternate/3.25", version: "3.25", key: "alternate" });
    expect(pickTreeBundle(files, "3_28_ruthless_alternate")?.name).toBe("tree-ruthless-alternate/3.28");
    expect(pickTreeBundle(files, "3_27_ruthless")?.name).toBe("tree-ruthless/3.28"); // nearest version, its variant
    expect(pickTreeBundle(files, "3_25_ruthless")).toEqual({ name: "tree/3.25", version: "3.25", key: "data" });
    expect(pickTreeBundle(files, "3_13")?.name).toBe("tree/3.12");
    expect(pickTreeBundle(files, "3_28")?.name).toBe("tree/3.28");
    expect(pickTreeBundle({ gems: "g" }, "3_28")).toBeNull();
  });
});

describe("the alternate-ascendancy tree from the build's passives", () => {
  it("wins only with more of the build's passives than the plain tree", () => {
    const plain = new Set([1, 2, 3]), alternate = new Set([1, 2, 4, 5]);
    expect(prefersAlternate([1, 2, 4, 5], plain, alternate)).toBe(true);
    expect(prefersAlternate([1, 2, 3], plain, alternate)).toBe(false);
    // Missing from both (a version we lack): the plain tree stays.
    expect(prefersAlternate([1, 9], plain, alternate)).toBe(false);
    // Cluster jewel passives are in neither tree and count for neither.
    expect(prefersAlternate([1, 70000, 70001], plain, new Set([1]))).toBe(false);
  });
});

/** Every spec's treeVersion and allocated passives of a real corpus export, read straight from its XML. */
function corpusSpecs(relpath: string): { treeVersion: string; nodes: number[] }[] {
  return [...readFileSync(POB_CORPUS_DIR + relpath, "utf8").matchAll(/<Spec\b[^>]*>/g)].map(([spec]) => {
    const attr = (k: string) => new RegExp(`\\b${k}="([^"]*)"`).exec(spec)?.[1] ?? "";
    return { treeVersion: attr("treeVersion"), nodes: attr("nodes").split(",").filter(Boolean).map(Number) };
  });
}
const corpusSpec = (relpath: string) => corpusSpecs(relpath)[0];

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once("error", rej);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => res(port));
    });
  });
}

describe("GameDataClient over the real server", () => {
  let dir: string;
  let server: ChildProcess;
  let base: string;
  const requests: string[] = [];
  const countingFetch = (input: string, init?: RequestInit) => {
    requests.push(`${input} ${init?.cache ?? ""}`.trim());
    return fetch(input, init);
  };
  let client: GameDataClient;
  let tree: TreeBundle;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "waypoint-game-data-"));
    // The pipeline's own output (./just setup, kept fresh by ./just game-data: it is skipped when up to date).
    execFileSync(PYTHON, ["game-data/pipeline.py"], { cwd: REPO, stdio: "pipe" });
    const port = await freePort();
    server = spawn(PYTHON, ["-m", "server", "serve"], {
      cwd: REPO,
      stdio: "ignore",
      env: {
        ...process.env,
        WAYPOINT_HOST: "127.0.0.1",
        WAYPOINT_PORT: String(port),
        WAYPOINT_DB_PATH: join(dir, "db.sqlite3"),
        WAYPOINT_GAME_DATA_DIST: join(REPO, "game-data/dist"),
        WAYPOINT_PWA_DIST: join(dir, "no-pwa"),
        WAYPOINT_SEED_DEMO: "false",
        WAYPOINT_LOG_LEVEL: "warning",
      },
    });
    base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 300; i++) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        /* not up yet */
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    client = new GameDataClient(`${base}/game-data`, countingFetch);
    tree = await client.getTreeBundle("3_28");
  }, 60_000);

  afterAll(() => {
    server?.kill();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("loads the closest tree once and keeps it in memory", async () => {
    // The plain trees the pipeline reads: every <major>_<minor> export in ../shared (variants are listed apart).
    const shipped = readdirSync(TREES_DIR)
      .map((f) => /^(\d+)_(\d+)\.json\.gz$/.exec(f))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => `${m[1]}.${m[2]}`);
    expect((await client.treeVersions()).sort()).toEqual(shipped.sort());
    expect(tree.version).toBe("3.28");
    expect(await client.getTreeBundle("3.28")).toBe(tree);
    expect(await client.getTreeBundle()).toBe(tree); // the newest
    const manifestCalls = requests.filter((r) => r.includes("manifest.json"));
    expect(manifestCalls).toEqual([`${base}/game-data/manifest.json no-cache`]);
    expect(requests.filter((r) => /tree-3\.28\.[0-9a-f]{16}\.json$/.test(r))).toHaveLength(1);
    expect(treeModelFromBundle(tree).byId.size).toBe(tree.nodes.id.length);
  });

  it("loads the variant a build's treeVersion names, with that variant's ascendancies", async () => {
    const alternate = await client.getTreeBundle("3_25_alternate");
    expect([alternate.version, alternate.key]).toEqual(["3.25", "alternate"]);
    expect(alternate.ascendancies.map((a) => a.name)).toContain("Ancestral Commander");
    const plain = await client.getTreeBundle("3_25");
    expect(plain.key).toBe("data");
    expect(plain.ascendancies.map((a) => a.name)).not.toContain("Ancestral Commander");
    const ruthless = await client.getTreeBundle("3_28_ruthless");
    expect([ruthless.version, ruthless.key]).toEqual(["3.28", "ruthless"]);
    expect(ruthless).not.toBe(tree);
    expect(treeModelFromBundle(ruthless).key).toBe("ruthless");
  });

  it("draws a build on the alternate-ascendancy tree when its passives say so, though its treeVersion names no variant", async () => {
    // No corpus export names an alternate ascendancy (the Build's ascendClassName is never one of Phrecia's),
    // so a real 3.28 Scion build gets the real alternate 3.28 tree's Scavenger passives (the Ascendant's slot).
    const real = corpusSpec("AdamZ-8113__pob-codes/flicker_strike_reliquarian_328.xml");
    expect(real.treeVersion).toBe("3_28");
    const before = requests.length;
    const own = await client.getTreeBundle(real.treeVersion, real.nodes);
    expect([own.version, own.key]).toEqual(["3.28", "data"]);
    // Every passive is on the plain tree: the alternate tree is not even fetched.
    expect(requests.slice(before).some((r) => r.includes("tree-alternate-"))).toBe(false);

    const alt = await client.getTreeBundle("3_28_alternate");
    const ascIndex = (b: TreeBundle, id: string) => b.ascendancies.findIndex((a) => a.id === id);
    const altAsc = alt.nodes.id.filter((_, k) => alt.nodes.ascendancy[k] === ascIndex(alt, "Ascendant"));
    const plainIds = new Set(own.nodes.id);
    const scavenger = altAsc.filter((id) => !plainIds.has(id));
    expect(scavenger.length).toBeGreaterThan(4);
    const mainTree = real.nodes.filter((id) => {
      const k = own.nodes.id.indexOf(id);
      return k >= 0 && own.nodes.ascendancy[k] < 0;
    });
    const onAlternate = [...mainTree, ...scavenger.slice(0, 8)];
    const chosen = await client.getTreeBundle("3_28", onAlternate);
    expect([chosen.version, chosen.key]).toEqual(["3.28", "alternate"]);
    expect(chosen).toBe(alt);
    expect(chosen.ascendancies[ascIndex(chosen, "Ascendant")].name).toBe("Scavenger");
    // Ruthless keeps its mode: its alternate-ascendancy variant.
    expect((await client.getTreeBundle("3_28_ruthless", onAlternate)).key).toBe("ruthless-alternate");
    // A named variant is never second-guessed.
    expect((await client.getTreeBundle("3_28_ruthless", real.nodes)).key).toBe("ruthless");
  });

  it("asks for the alternate tree only for a build on its own version, and draws the plain tree when it cannot be had", async () => {
    // Issue 34: a view asked offline for an alternate tree it would not draw. Scavenger passives (the alternate
    // 3.28 tree's, in the Ascendant's slot) on a build of a version we lack: drawn on the plain tree the index
    // picks, and no alternate tree is fetched (the alternate of a version the build was not made on is not its tree).
    const real = corpusSpec("AdamZ-8113__pob-codes/flicker_strike_reliquarian_328.xml");
    const alt = await client.getTreeBundle("3_28_alternate");
    const plainIds = new Set(tree.nodes.id);
    const ascendant = alt.ascendancies.findIndex((a) => a.id === "Ascendant");
    const scavenger = alt.nodes.id.filter((id, k) => alt.nodes.ascendancy[k] === ascendant && !plainIds.has(id));
    const mainTree = real.nodes.filter((id) => {
      const k = tree.nodes.id.indexOf(id);
      return k >= 0 && tree.nodes.ascendancy[k] < 0;
    });
    const onAlternate = [...mainTree, ...scavenger.slice(0, 8)];
    const fresh = () => {
      const asked: string[] = [];
      let offline = false;
      const c = new GameDataClient(`${base}/game-data`, (input, init) => {
        asked.push(String(input));
        return offline && String(input).includes("tree-alternate-") ? Promise.reject(new TypeError("Failed to fetch")) : fetch(input, init);
      });
      return { c, asked, goOffline: () => (offline = true) };
    };
    const lacked = fresh();
    for (const version of ["3_29", "", "garbage"]) {
      const b = await lacked.c.getTreeBundle(version, onAlternate);
      expect([b.version, b.key]).toEqual(["3.28", "data"]);
    }
    expect(lacked.asked.filter((u) => /\/tree-/.test(u))).toEqual([expect.stringMatching(/\/tree-3\.28\.[0-9a-f]{16}\.json$/)]);
    // On its own version the alternate tree is still chosen; when it cannot be fetched (offline, never cached)
    // the plain tree is drawn rather than the view failing.
    const own = fresh();
    expect((await own.c.getTreeBundle("3_28", onAlternate)).key).toBe("alternate");
    const away = fresh();
    away.goOffline();
    const drawn = await away.c.getTreeBundle("3_28", onAlternate);
    expect([drawn.version, drawn.key]).toEqual(["3.28", "data"]);
    expect(away.asked.some((u) => u.includes("tree-alternate-3.28."))).toBe(true);
  });

  it("draws a build on a version we lack on the tree holding the most of its passives, read from the node index", async () => {
    // Every version from 3.6 to 3.28 is shipped: real exports relabelled 3.29 (a version we lack), or with none.
    expect(await client.treeVersions()).not.toContain("3.29");
    const trees = (from: number) => requests.slice(from).filter((r) => /\/(tree-|node-index\.)/.test(r));
    // A 3.12 build: 3.11 to 3.15 hold all its passives, so a tie, to the nearest version (3.29: 3.15), the newest without one.
    const ziz = corpusSpecs("FWidm__PobBin/resources_ziz_huge_build.xml").at(-1)!;
    expect(ziz.treeVersion).toBe("3_12");
    let before = requests.length;
    const onIndex = await client.getTreeBundle("3_29", ziz.nodes);
    expect([onIndex.version, onIndex.key]).toEqual(["3.15", "data"]);
    // The index and the chosen tree alone, not the 24 trees.
    expect(trees(before)).toEqual([expect.stringMatching(/\/node-index\.[0-9a-f]{16}\.json$/), expect.stringMatching(/\/tree-3\.15\.[0-9a-f]{16}\.json$/)]);
    expect(await client.getTreeBundle("", ziz.nodes)).toBe(onIndex);
    expect(await client.getTreeBundle(undefined, ziz.nodes)).toBe(onIndex);
    expect(await client.getTreeBundle("garbage", ziz.nodes)).toBe(onIndex);
    // Its own version, shipped, is drawn exactly, with no look at the index.
    before = requests.length;
    expect((await client.getTreeBundle(ziz.treeVersion, ziz.nodes)).version).toBe("3.12");
    expect(trees(before)).toEqual([expect.stringMatching(/\/tree-3\.12\.[0-9a-f]{16}\.json$/)]);
    // A 3.22 build: every tree from 3.16 on holds it, so the tie goes to 3.28, its plain tree (nothing is on the alternate one).
    const old = corpusSpec("Dav1dde__pasteofexile/322_overrides.xml");
    expect(old.treeVersion).toBe("3_22");
    expect((await client.getTreeBundle("3_22", old.nodes)).version).toBe("3.22");
    const chosen = await client.getTreeBundle("3_29", old.nodes);
    expect([chosen.version, chosen.key]).toEqual(["3.28", "data"]);
  });

  it("draws a 3.23 or 3.24 build with an alternate ascendancy on the one plain tree that holds them", async () => {
    // Before 3.25 the alternate ascendancies (Warden, Warlock, Primalist) are inside the plain tree: there is no
    // alternate tree to fetch, and a build with their passives is drawn on the plain one.
    const files = (await client.getManifest()).files;
    expect(files["tree-alternate/3.24"]).toBeUndefined();
    const plain = await client.getTreeBundle("3_24");
    const warden = plain.ascendancies.findIndex((a) => a.id === "Warden");
    expect(plain.ascendancies[warden]).toMatchObject({ name: "Warden of the Maji", alternate: true });
    const wardenNodes = plain.nodes.id.filter((_, k) => plain.nodes.ascendancy[k] === warden);
    const build = [...corpusSpec("Dav1dde__pasteofexile/322_overrides.xml").nodes, ...wardenNodes.slice(0, 6)];
    for (const version of ["3_24", "3_24_alternate"]) {
      const b = await client.getTreeBundle(version, build);
      expect([b.version, b.key]).toEqual(["3.24", "data"]);
    }
    // With no version: 3.23, 3.24 and the bloodline trees (3.27 on) hold the Warden's passives, 3.25 and 3.26 do not.
    const held = await client.getBundle<NodeIndexBundle>("node-index").then((index) => heldByVersion(index, build));
    expect([held["3.22"], held["3.25"], held["3.26"]].every((n) => n === held["3.24"] - 6)).toBe(true);
    expect([held["3.23"], held["3.27"], held["3.28"]]).toEqual([held["3.24"], held["3.24"], held["3.24"]]);
    // A tie: to the newest, whose plain tree holds the Warden's passives too.
    const none = await client.getTreeBundle("", build);
    expect([none.version, none.key]).toEqual(["3.28", "data"]);
    expect(wardenNodes.slice(0, 6).every((id) => none.nodes.id.includes(id))).toBe(true);
  });

  it("warms the newest tree for offline use without parsing it", async () => {
    const before = requests.length;
    await client.warmNewestTree();
    expect(closestTreeVersion(await client.treeVersions(), null)).toBe("3.28");
    expect(requests.slice(before).filter((r) => r.includes("/tree-"))).toEqual([
      expect.stringMatching(/\/tree-3\.28\.[0-9a-f]{16}\.json$/),
      expect.stringMatching(/\/tree-3\.28\.[0-9a-f]{16}\.bin$/), // its prebuilt geometry
    ]);
  });

  it("pins the newest tree in a cache of its own that holds it alone, fetched once", async () => {
    // Cache Storage as the page has it, in memory: the pinned cache already holds an older newest.
    const stores = new Map<string, Map<string, Response>>();
    const cacheOf = (name: string) => {
      const m = stores.get(name) ?? new Map<string, Response>();
      stores.set(name, m);
      return {
        match: async (url: string) => m.get(url)?.clone(),
        put: async (url: string, res: Response) => void m.set(url, new Response(await res.arrayBuffer(), res)),
        keys: async () => [...m.keys()].map((u) => new Request(u)),
        delete: async (req: Request) => m.delete(req.url),
      };
    };
    vi.stubGlobal("caches", { open: async (name: string) => cacheOf(name) });
    try {
      const stale = `${base}/game-data/tree-3.27.0000000000000000.json`;
      await cacheOf(NEWEST_TREE_CACHE).put(stale, new Response("{}"));
      const before = requests.length;
      await client.warmNewestTree();
      await client.warmNewestTree();
      const fetched = requests.slice(before).filter((r) => r.includes("/tree-"));
      expect(fetched).toEqual([expect.stringMatching(/\/tree-3\.28\.[0-9a-f]{16}\.json$/), expect.stringMatching(/\/tree-3\.28\.[0-9a-f]{16}\.bin$/)]);
      expect([...stores.keys()]).toEqual([NEWEST_TREE_CACHE]);
      const pinned = stores.get(NEWEST_TREE_CACHE)!;
      expect([...pinned.keys()]).toEqual(fetched);
      const body = (await pinned.get(fetched[0])!.json()) as TreeBundle;
      expect([body.version, body.key, body.nodes.id.length]).toEqual(["3.28", "data", (await client.getTreeBundle()).nodes.id.length]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("serves the gems, items and campaign bundles", async () => {
    const gems = await client.getGems();
    expect(gems.gems["Metadata/Items/Gems/SkillGemFireball"].requiredLevel.slice(0, 4)).toEqual([1, 2, 4, 7]);
    expect(gems.byName["Fireball"]).toBe("Metadata/Items/Gems/SkillGemFireball");
    expect((await client.getItems()).bases["Golden Mantle"].req).toEqual([20, 8, 8, 8]);
    expect((await client.getCampaign()).quests["a1q1"].name).toBe("Enemy at the Gate");
    expect(await client.getGems()).toBe(gems);

    // Planner gems: by id, by an older id spelling, by name with or without " Support".
    expect(findGem(gems, "Metadata/Items/Gems/SkillGemFireball")?.gem.name).toBe("Fireball");
    expect(findGem(gems, "Metadata/Items/Gems/HeraldOfAgony", "")?.id).toBe("Metadata/Items/Gems/SkillGemHeraldOfAgony");
    expect(findGem(gems, "", " Added Fire Damage ")?.id).toBe("Metadata/Items/Gems/SupportGemAddedFireDamage");
    expect(findGem(gems, "Metadata/Items/Gems/Nope", "Nope")).toBeNull();
  });

  it("reports a missing bundle or server clearly, and retries after a failure", async () => {
    await expect(client.getBundle("tree/9.99")).rejects.toThrow('The game data has no "tree/9.99" bundle');
    const wrong = new GameDataClient(`${base}/game-data/nowhere`);
    const err = await wrong.getManifest().catch((e) => e);
    expect(err).toBeInstanceOf(GameDataError);
    expect(err.status).toBe(404);

    let fail = true;
    const flaky = new GameDataClient(`${base}/game-data/`, (input, init) => {
      if (fail) return Promise.reject(new TypeError("network down"));
      return fetch(input, init);
    });
    await expect(flaky.getTreeBundle()).rejects.toThrow(/network down/);
    fail = false;
    expect((await flaky.getTreeBundle()).nodes.id).toEqual(tree.nodes.id);
  });
});
