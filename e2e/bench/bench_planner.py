"""Planner decoding benchmark.

Runs workers/planner/test/bench.ts under Node (the TypeScript decoder: largest and
median corpus build, and a bare inflate + XML parse of the same bytes in the
same run), then times the Python extraction (server.planner) of the same
largest build. Prints `BENCH <name> <value> <unit>` lines.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from server.paths import POB_CORPUS  # noqa: E402
from server.planner import decode_planner  # noqa: E402

CORPUS = POB_CORPUS


def python_decode_ms(text: str, runs: int = 40) -> float:
    for _ in range(5):
        decode_planner(text)
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        decode_planner(text)
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def main() -> int:
    out = subprocess.run(
        [str(REPO / "node_modules" / ".bin" / "tsx"), "workers/planner/test/bench.ts"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=600,
    )
    sys.stdout.write(out.stdout)
    if out.returncode != 0:
        sys.stderr.write(out.stderr)
        return out.returncode
    largest = max(CORPUS.glob("*/*.code.txt"), key=lambda p: p.stat().st_size)
    print(f"BENCH planner.py_decode_max_ms {python_decode_ms(largest.read_text()):.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
