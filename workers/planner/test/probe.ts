/**
 * Subprocess probe for the hostile-input tests: decode one payload file and
 * report the error kind, wall and CPU time, and peak memory growth as one JSON line.
 * Usage: tsx workers/planner/test/probe.ts <payload-file>
 */
import { readFileSync } from "node:fs";
import { decodePlanner, PlannerError } from "../index";

const payload = readFileSync(process.argv[2], "utf8");
decodePlanner('<PathOfBuilding><Build className="Witch"/></PathOfBuilding>'); // warm the code paths
const before = process.resourceUsage().maxRSS;
const heapBefore = process.memoryUsage();
const started = performance.now();
const cpuBefore = process.cpuUsage();
let kind = "ok";
try {
  decodePlanner(payload);
} catch (error) {
  if (!(error instanceof PlannerError)) throw error;
  kind = error.kind;
}
const ms = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
const heapAfter = process.memoryUsage();
process.stdout.write(
  JSON.stringify({
    kind,
    ms,
    cpu_ms: (cpu.user + cpu.system) / 1000,
    rss_growth_kb: process.resourceUsage().maxRSS - before,
    heap_growth_kb: Math.round((heapAfter.heapUsed + heapAfter.arrayBuffers - heapBefore.heapUsed - heapBefore.arrayBuffers) / 1024),
  }) + "\n",
);
