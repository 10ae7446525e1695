/**
 * Benchmark body for e2e/bench/bench_guide_log.py (Node, tsx): reading a log's
 * appended bytes. A 64 MB log file of real-shaped lines (the act 1-3 fixture
 * over and over; denser in events than a real log) is read from offset 0
 * through followFile, the follower's whole look: chunked reads from a
 * file-backed Blob (as the browser's File), the event scan of the bytes (only
 * an event's words are decoded), the fold.
 * Prints BENCH guide.log_read_mb_s (median of runs after a warm-up).
 */
import { mkdtempSync, openAsBlob, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { loadCampaign } from "../../../../../../workers/guide/campaignFiles";
import { emptyFollowState, followFile } from "../follow";

const MB = 1024 * 1024;
const SIZE_MB = Number(process.env.LOG_BENCH_MB ?? 64);
const RUNS = Number(process.env.LOG_BENCH_RUNS ?? 5);

const fixture = readFileSync(new URL("./client-acts-1-3.txt", import.meta.url));
const copies = Math.ceil((SIZE_MB * MB) / fixture.length);
const dir = mkdtempSync(join(tmpdir(), "waypoint-log-bench-"));
const path = join(dir, "Client.txt");
writeFileSync(path, Buffer.concat(Array.from({ length: copies }, () => fixture)));
const blob = await openAsBlob(path);
const areas = loadCampaign().areas;

const rates: number[] = [];
for (let i = 0; i < RUNS + 1; i++) {
  const t0 = performance.now();
  const look = await followFile(blob, 0, emptyFollowState(), areas);
  const s = (performance.now() - t0) / 1000;
  if (look.offset !== blob.size || look.state.characters.Wanderer.deaths !== 2 * copies) throw new Error("bench read the log wrong");
  if (i > 0) rates.push(look.bytesRead / MB / s); // the first run warms the JIT
}
rmSync(dir, { recursive: true, force: true });
rates.sort((a, b) => a - b);
console.log(`BENCH guide.log_read_mb_s ${rates[Math.floor(rates.length / 2)].toFixed(0)} MB/s`);
