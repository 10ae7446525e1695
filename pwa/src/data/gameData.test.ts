// The game-data loader against the real pipeline output served by the real
// server (python -m server serve on loopback), plus the pure version picker.
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GameDataClient, GameDataError, closestTreeVersion, findGem, type DecodedTree } from "./gameData";

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
  let tree: DecodedTree;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "waypoint-game-data-"));
    execFileSync(PYTHON, ["game-data/pipeline.py", "--out", join(dir, "dist")], { cwd: REPO, stdio: "pipe" });
    const port = await freePort();
    server = spawn(PYTHON, ["-m", "server", "serve"], {
      cwd: REPO,
      stdio: "ignore",
      env: {
        ...process.env,
        WAYPOINT_HOST: "127.0.0.1",
        WAYPOINT_PORT: String(port),
        WAYPOINT_DB_PATH: join(dir, "db.sqlite3"),
        WAYPOINT_GAME_DATA_DIST: join(dir, "dist"),
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
    tree = await client.getTree("3_28");
  }, 60_000);

  afterAll(() => {
    server?.kill();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("loads the closest tree once and keeps it in memory", async () => {
    expect(tree.version).toBe("3.25");
    expect(await client.treeVersions()).toEqual(["3.25"]);
    expect(await client.getTree("3.25")).toBe(tree);
    expect(await client.getTree()).toBe(tree);
    const manifestCalls = requests.filter((r) => r.includes("manifest.json"));
    expect(manifestCalls).toEqual([`${base}/game-data/manifest.json no-cache`]);
    expect(requests.filter((r) => /tree-3\.25\.[0-9a-f]{16}\.json$/.test(r))).toHaveLength(1);
  });

  it("decodes the columnar nodes into node objects", () => {
    expect(tree.nodes).toHaveLength(2572);
    const executioner = tree.byId.get(10016)!;
    expect(executioner.name).toBe("Executioner");
    expect(executioner.kind).toBe("notable");
    expect(executioner.isNotable).toBe(true);
    expect(executioner.stats).toEqual([
      "60% increased Damage with Hits against Enemies that are on Low Life",
      "15% increased Area of Effect if you've Killed Recently",
    ]);
    expect(executioner.reminderText).toEqual(["(Recently refers to the past 4 seconds)"]);
    // Orbit 3 (16 slots), slot 11 = 240 degrees, radius 335, group centre (-2783.94, 8089.25).
    expect(executioner.x).toBeCloseTo(-2783.94 - 335 * (Math.sqrt(3) / 2), 1);
    expect(executioner.y).toBeCloseTo(8089.25 + 335 * 0.5, 1);
    expect(executioner.angle).toBeCloseTo((240 * Math.PI) / 180, 3);

    const mastery = tree.byId.get(10141)!;
    expect(mastery.kind).toBe("mastery");
    expect(mastery.masteryEffects.map((e) => e.effect)).toEqual([19002, 24305, 6630, 36081, 16013, 45653]);
    expect(mastery.masteryEffects[0].stats).toEqual(["3% chance to Recover all Life when you Kill an Enemy"]);
    expect(mastery.neighbours).toEqual([]); // no mastery edges

    expect(tree.byId.get(10532)!.expansionJewel).toEqual({ size: 1, index: 0, proxy: 37898, parent: 2491 });
    expect(tree.byId.get(10153)!.grantedStrength).toBe(30);

    const witchStart = tree.nodes[tree.classes[3].startNode];
    expect(witchStart.classStartIndex).toBe(3);
    expect(witchStart.kind).toBe("classStart");
    const necro = tree.ascendancies.find((a) => a.id === "Necromancer")!;
    const necroStart = tree.nodes[necro.startNode];
    expect(necroStart.isAscendancyStart).toBe(true);
    expect(necroStart.ascendancyName).toBe("Necromancer");
    expect(Math.hypot(necroStart.x - tree.classes[3].x, necroStart.y - tree.classes[3].y)).toBeCloseTo(1450, 1);
    expect(witchStart.neighbours).not.toContain(necroStart.index);

    const { minX, minY, maxX, maxY } = tree.bounds;
    for (const n of tree.nodes) {
      expect(Number.isFinite(n.x) && n.x >= minX && n.x <= maxX && n.y >= minY && n.y <= maxY).toBe(true);
    }
  });

  it("decodes edges, with arcs that end on their nodes", () => {
    expect(tree.edges).toHaveLength(2577);
    const arcs = tree.edges.filter((e) => e.arc);
    expect(arcs).toHaveLength(1421);
    for (const e of arcs) {
      const { cx, cy, r, start, end } = e.arc!;
      const a = tree.nodes[e.a];
      const b = tree.nodes[e.b];
      const ps = [cx + r * Math.sin(start), cy - r * Math.cos(start)];
      const pe = [cx + r * Math.sin(end), cy - r * Math.cos(end)];
      const d = (p: number[], n: { x: number; y: number }) => Math.hypot(p[0] - n.x, p[1] - n.y);
      expect(Math.min(d(ps, a) + d(pe, b), d(ps, b) + d(pe, a))).toBeLessThan(0.2);
    }
    for (const e of tree.edges) {
      expect(tree.nodes[e.a].neighbours).toContain(e.b);
      expect(tree.nodes[e.b].neighbours).toContain(e.a);
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
    await expect(flaky.getTree()).rejects.toThrow(/network down/);
    fail = false;
    expect((await flaky.getTree()).nodes).toHaveLength(2572);
  });
});
