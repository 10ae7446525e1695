/**
 * Planner decode benchmark (run by e2e/bench/bench_planner.py): decode time of
 * the largest and the median corpus build, next to a bare inflate + XML parse
 * of the same bytes measured in the same run. Prints `BENCH <name> <value> <unit>`.
 */
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { parse } from "txml";
import { unzlibSync, zlibSync, strToU8 } from "fflate";
import { decodePlanner } from "../index";
import { base64Bytes } from "../code";
import { POB_CORPUS_DIR } from "../../sharedDir";

const CORPUS = POB_CORPUS_DIR;
const utf8 = new TextDecoder();

interface Build {
  name: string;
  xmlBytes: number;
  code: string;
}

function corpusBuilds(): Build[] {
  const builds: Build[] = [];
  for (const dir of readdirSync(CORPUS, { withFileTypes: true })) {
    if (!dir.isDirectory()) continue;
    for (const name of readdirSync(CORPUS + dir.name)) {
      if (!name.endsWith(".xml")) continue;
      const xml = readFileSync(CORPUS + dir.name + "/" + name, "utf8");
      const codeFile = CORPUS + dir.name + "/" + name.replace(/\.xml$/, ".code.txt");
      // The real planner code when the corpus has one, else the XML deflated the way the planner does.
      const code = existsSync(codeFile)
        ? readFileSync(codeFile, "utf8").trim()
        : Buffer.from(zlibSync(strToU8(xml), { level: 9 })).toString("base64url");
      builds.push({ name: `${dir.name}/${name}`, xmlBytes: Buffer.byteLength(xml), code });
    }
  }
  return builds.sort((a, b) => a.xmlBytes - b.xmlBytes);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

/** Wall time, and CPU time of this process (all its threads, GC included), in ms. */
function timeMs(fn: () => unknown): [number, number] {
  const cpu = process.cpuUsage();
  const t = performance.now();
  fn();
  const wall = performance.now() - t;
  const used = process.cpuUsage(cpu);
  return [wall, (used.user + used.system) / 1000];
}

/**
 * Decode and bare parse timed alternately, so load from other processes on
 * the machine hits both alike; the ratio is the median of per-pair ratios.
 */
function paired(decode: () => unknown, bare: () => unknown, runs: number) {
  for (let i = 0; i < 20; i++) decode(), bare();
  const d: number[] = [];
  const b: number[] = [];
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  for (let i = 0; i < runs; i++) {
    const [dt, dc] = timeMs(decode);
    const [bt, bc] = timeMs(bare);
    d.push(dt);
    b.push(bt);
    ratios.push(dt / bt);
    if (bc > 0) cpuRatios.push(dc / bc);
  }
  return { decode: median(d), bare: median(b), ratio: median(ratios), cpuRatio: median(cpuRatios) };
}

/** The least a decoder must do: base64 to bytes, inflate, UTF-8 decode, XML parse. */
function bareParse(code: string): unknown {
  return parse(utf8.decode(unzlibSync(base64Bytes(code))), { noChildNodes: [] });
}

const builds = corpusBuilds();
const largest = builds[builds.length - 1];
const middle = builds[builds.length >> 1];
const runs = Number(process.env.PLANNER_BENCH_RUNS ?? 150);

const max = paired(() => decodePlanner(largest.code), () => bareParse(largest.code), runs);
const mid = paired(() => decodePlanner(middle.code), () => bareParse(middle.code), runs);

const fmt = (n: number) => n.toFixed(2);
console.log(`# planner bench: largest ${largest.name} (${largest.xmlBytes} B XML), median ${middle.name} (${middle.xmlBytes} B XML)`);
console.log(`BENCH planner.decode_max_ms ${fmt(max.decode)} ms`);
console.log(`BENCH planner.decode_median_ms ${fmt(mid.decode)} ms`);
console.log(`BENCH planner.bare_parse_max_ms ${fmt(max.bare)} ms`);
console.log(`BENCH planner.bare_parse_median_ms ${fmt(mid.bare)} ms`);
console.log(`BENCH planner.decode_max_vs_bare_ratio ${max.ratio.toFixed(2)} x`);
console.log(`BENCH planner.decode_median_vs_bare_ratio ${mid.ratio.toFixed(2)} x`);
// The same comparison in CPU time, which a busy shared machine distorts less than wall time.
console.log(`BENCH planner.decode_max_vs_bare_cpu_ratio ${max.cpuRatio.toFixed(2)} x`);
