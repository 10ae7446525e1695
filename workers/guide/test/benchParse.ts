/**
 * Benchmark body for e2e/bench/bench_guide.py (run under Node with tsx):
 * parses all ten acts, median of many runs after a warm-up, with no build and
 * with a corpus build's gems. Prints `BENCH <name> <value> <unit>` lines.
 */
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { decodePlanner } from "../../planner/index";
import { guideBuildFrom } from "../build";
import { loadActs, loadCampaign } from "../campaignFiles";
import { parseGuide, type ParseOptions } from "../parser";
import { banditFlag } from "../rewards";

const RUNS = Number(process.env.GUIDE_BENCH_RUNS ?? 200);
const WARMUP = 30;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function measure(options: ParseOptions): number {
  const data = loadCampaign();
  const acts = loadActs();
  const times: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const t0 = performance.now();
    const r = parseGuide(acts, data, options);
    const dt = performance.now() - t0;
    if (r.errors.length > 0) throw new Error(`route has ${r.errors.length} errors`);
    if (i >= WARMUP) times.push(dt);
  }
  return median(times);
}

const codePath = process.argv[2];
console.log(`BENCH guide.parse_all_acts_ms ${measure({ flags: ["BANDIT_KILL"] }).toFixed(2)} ms`);
if (codePath) {
  const build = decodePlanner(readFileSync(codePath, "utf8").trim());
  const data = loadCampaign();
  const ms = measure({ flags: [banditFlag(build.bandit)], build: guideBuildFrom(build, data) });
  console.log(`BENCH guide.parse_all_acts_with_build_ms ${ms.toFixed(2)} ms`);
}
