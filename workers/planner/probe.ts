/**
 * Subprocess probe for the hostile-input tests: decode one payload file and
 * report the error kind, time and peak memory growth as one JSON line.
 * Usage: tsx workers/planner/probe.ts <payload-file>
 */
import { readFileSync } from "node:fs";
import { decodePlanner, PlannerError } from "./index";

const payload = readFileSync(process.argv[2], "utf8");
decodePlanner('<PathOfBuilding><Build className="Witch"/></PathOfBuilding>'); // warm the code paths
const before = process.resourceUsage().maxRSS;
const heapBefore = process.memoryUsage();
const started = performance.now();
let kind = "ok";
try {
  decodePlanner(payload);
} catch (error) {
  if (!(error instanceof PlannerError)) throw error;
  kind = error.kind;
}
const ms = performance.now() - started;
const heapAfter = process.memoryUsage();
process.stdout.write(
  JSON.stringify({
    kind,
    ms,
    rss_growth_kb: process.resourceUsage().maxRSS - before,
    heap_growth_kb: Math.round((heapAfter.heapUsed + heapAfter.arrayBuffers - heapBefore.heapUsed - heapBefore.arrayBuffers) / 1024),
  }) + "\n",
);
