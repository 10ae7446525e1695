"""Writes under read load: 200 reading connections and 50 writers at once on 2 workers.

The real server (`python -m server serve`, WAYPOINT_WORKERS=2) over 20,000 bulk-inserted
builds, driven on loopback by small asyncio HTTP/1.1 clients in two processes of their own, so a
busy reader loop cannot delay the writers' clocks:
  readers: 200 keep-alive connections looping over explore search, a later page (cursor),
           a class-filtered search and one build by id, each the next as soon as the last is
           answered (closed loop: they keep both workers busy all the time);
  writers: 50 signed-in users, each liking or unliking a random build.
Every mutation pays the production path's rate-limit counters (per IP and per session, in the
shared state): the limit is set so high that none is refused.

Three phases. The readers alone first (the read-only baseline of the same run). Then readers and
writers together for 30 s, each writer liking at the most a user may: the per-session limit,
120 a minute (WAYPOINT_RATE_LIMIT_PER_MINUTE's default), so one like every 500 ms, 100 a second
from the 50 (WAYPOINT_BENCH_WRITE_EVERY_MS sets another pace). A faster user gets a 429 from the
real server, so this is the heaviest write load 50 users can put on it, and the goals are read
here. Then 30 s more with the writers in a closed loop, the next like as soon as the last is
answered: a stress figure, not a goal. There, like reads, likes take what CPU they can get, so
the faster likes are answered the more of them there are a second, and the read rate falls with
their number (Little's law: 50 writers at a 25 ms mean are 2,000 likes a second).
Prints:
  BENCH server.read_only_rps                 reads a second with no writers (baseline)
  BENCH server.read_p99_read_only_ms         read p99 with no writers
  BENCH server.read_rps_under_write_load     reads a second while the writers run at the limit
  BENCH server.read_rate_vs_read_only        the ratio, percent (goal >= 80)
  BENCH server.read_p99_under_write_load_ms  read p99 while the writers run at the limit
  BENCH server.write_p99_under_read_load_ms  like p99 while the readers run (goal <= 100)
  BENCH server.write_rps_under_read_load     likes a second
  BENCH server.*_closed_loop                 the same four with the writers in a closed loop
  BENCH server.load_errors                   failed or non-2xx answers, all phases (goal 0)
"""

from __future__ import annotations

import asyncio
import multiprocessing as mp
import os
import random
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from e2e.harness import ServerProcess  # noqa: E402
from server.store.bulk import bulk_insert_builds  # noqa: E402

BUILDS = int(os.environ.get("WAYPOINT_BENCH_LOAD_BUILDS", "20000"))
READERS = int(os.environ.get("WAYPOINT_BENCH_READERS", "200"))
WRITERS = int(os.environ.get("WAYPOINT_BENCH_WRITERS", "50"))
DURATION_S = float(os.environ.get("WAYPOINT_BENCH_LOAD_SECONDS", "30"))
RATE_LIMIT_PER_MINUTE = 120  # the server's default (settings.rate_limit_per_minute)
WRITE_EVERY_S = float(os.environ.get("WAYPOINT_BENCH_WRITE_EVERY_MS", str(60_000 / RATE_LIMIT_PER_MINUTE))) / 1000
BASELINE_S = float(os.environ.get("WAYPOINT_BENCH_BASELINE_SECONDS", "15"))
TIMEOUT_S = 30.0


def _p99(values: list[float]) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(0.99 * len(values)))]


class Conn:
    """One keep-alive HTTP/1.1 connection over asyncio streams: a load client light enough that
    the server, not the client, is what is measured (httpx spends most of a core on 200 connections)."""

    def __init__(self, port: int, headers: dict[str, str]):
        self.port = port
        self.head = "".join(f"{k}: {v}\r\n" for k, v in {"Host": f"127.0.0.1:{port}", **headers}.items())
        self.reader = self.writer = None

    async def request(self, method: str, path: str, body: bytes = b"") -> int:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        extra = f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n" if body else ""
        self.writer.write(f"{method} {path} HTTP/1.1\r\n{self.head}{extra}\r\n".encode() + body)
        head = await asyncio.wait_for(self.reader.readuntil(b"\r\n\r\n"), TIMEOUT_S)
        status = int(head.split(b" ", 2)[1])
        length = 0
        for line in head.split(b"\r\n"):
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":", 1)[1])
        if length:
            await self.reader.readexactly(length)
        return status

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None


async def _loop(conn: Conn, end: float, next_request, latencies: list[float], every_s: float = 0.0) -> int:
    errors = 0
    due = time.perf_counter() + random.random() * every_s
    while time.perf_counter() < end:
        if every_s:
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
            due += every_s
        method, path, body = next_request()
        start = time.perf_counter()
        try:
            ok = await conn.request(method, path, body) == 200
        except Exception:
            ok = False
            conn.close()
        latencies.append(time.perf_counter() - start)
        errors += not ok
    conn.close()
    return errors


async def _readers(port: int, ids: list[str], cursor: dict, seconds: float):
    rng = random.Random(1)
    paths = [
        "/api/Build/search?pageSize=20",
        f"/api/Build/search?pageSize=20&lastGuid={cursor['lastGuid']}&likeAmount={cursor['likeAmount']}",
        "/api/Build/search?pageSize=20&ClassFilters=Witch",
    ]

    def next_request():
        pick = rng.randrange(4)
        return "GET", paths[pick] if pick < 3 else f"/api/Build/{rng.choice(ids)}", b""

    latencies: list[float] = []
    end = time.perf_counter() + seconds
    began = time.perf_counter()
    errors = await asyncio.gather(*(_loop(Conn(port, {}), end, next_request, latencies) for _ in range(READERS)))
    return len(latencies), sum(errors), _p99(latencies) * 1000, time.perf_counter() - began


async def _writers(port: int, cookies: list[str], ids: list[str], seconds: float, every_s: float):
    latencies: list[float] = []
    end = time.perf_counter() + seconds

    def writer(cookie: str, seed: int):
        rng = random.Random(seed)
        conn = Conn(port, {"Origin": f"http://127.0.0.1:{port}", "Cookie": f"waypoint_session={cookie}"})

        def next_request():
            like = b"true" if rng.random() < 0.6 else b"false"
            return "POST", f"/api/Build/{rng.choice(ids)}/like", b'{"like": ' + like + b"}"

        return _loop(conn, end, next_request, latencies, every_s)

    began = time.perf_counter()
    errors = await asyncio.gather(*(writer(c, i) for i, c in enumerate(cookies)))
    return len(latencies), sum(errors), _p99(latencies) * 1000, time.perf_counter() - began


def _run_readers(port, ids, cursor, seconds, out):
    out.put(asyncio.run(_readers(port, ids, cursor, seconds)))


def _run_writers(port, cookies, ids, seconds, every_s, out):
    out.put(asyncio.run(_writers(port, cookies, ids, seconds, every_s)))


def main() -> int:
    # The bulk-loaded database lives in a temporary folder, removed when the runs are done
    # (ServerProcess removes its own folder, the log's).
    with tempfile.TemporaryDirectory(prefix="waypoint-bench-load-") as tmp:
        db = Path(tmp) / "load.sqlite3"
        ids = bulk_insert_builds(db, BUILDS, seed=21, max_likes=300)
        # Rate-limit counters run on every mutation, as in production; none refuses.
        env = {"WAYPOINT_WORKERS": "2", "WAYPOINT_SEED_DEMO": "false", "WAYPOINT_RATE_LIMIT_PER_MINUTE": "1000000",
               "WAYPOINT_LOGIN_ATTEMPTS_PER_MINUTE": "0"}
        with ServerProcess(env=env, db_path=db) as server:
            port = server.port
            with server.client() as c:
                cursor = c.get("/api/Build/search", params={"pageSize": 20}).json()["data"]["cursor"]
            cookies = [server.signed_up(f"Bench Writer {i}").cookies["waypoint_session"] for i in range(WRITERS)]
            targets = ids[:2000]
            ctx = mp.get_context("spawn")
            out_r, out_w = ctx.Queue(), ctx.Queue()

            def phase(seconds: float, every_s: float | None):
                """Readers alone (every_s None), or readers and writers together."""
                readers = ctx.Process(target=_run_readers, args=(port, targets, cursor, seconds, out_r))
                writers = every_s is not None and ctx.Process(
                    target=_run_writers, args=(port, cookies, targets, seconds, every_s, out_w)
                )
                readers.start()
                if writers:
                    writers.start()
                read = out_r.get()
                write = out_w.get() if writers else None
                readers.join()
                if writers:
                    writers.join()
                return read, write

            phase(3, None)  # warm-up
            base, _ = phase(BASELINE_S, None)
            paced = phase(DURATION_S, WRITE_EVERY_S)
            closed = phase(DURATION_S, 0.0)
            log = server.log.read_text()

    base_n, base_err, base_p99, base_took = base
    base_rps = base_n / base_took
    print(f"BENCH server.read_only_rps {base_rps:.0f} req/s")
    print(f"BENCH server.read_p99_read_only_ms {base_p99:.1f} ms")
    errors = base_err
    for suffix, (read, write) in (("", paced), ("_closed_loop", closed)):
        read_n, read_err, read_p99, read_took = read
        write_n, write_err, write_p99, write_took = write
        read_rps = read_n / read_took
        print(f"BENCH server.read_rps_under_write_load{suffix} {read_rps:.0f} req/s")
        print(f"BENCH server.read_rate_vs_read_only{suffix} {100 * read_rps / base_rps:.0f} %")
        print(f"BENCH server.read_p99_under_write_load_ms{suffix} {read_p99:.1f} ms")
        print(f"BENCH server.write_p99_under_read_load_ms{suffix} {write_p99:.1f} ms")
        print(f"BENCH server.write_rps_under_read_load{suffix} {write_n / write_took:.0f} req/s")
        errors += read_err + write_err
    print(f"BENCH server.load_errors {errors} count")
    if "unhandled error" in log:
        print(log[-3000:], file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
