"""Subprocess probe: decode one payload file with server.planner; report kind, wall and CPU time, peak memory growth.

Usage: python -m tests.planner.probe <payload-file>; prints one JSON line.
"""

from __future__ import annotations

import json
import resource
import sys
import time
from pathlib import Path

from server.planner import PlannerError, decode_planner


def main(path: str) -> None:
    payload = Path(path).read_text(encoding="utf-8")
    decode_planner('<PathOfBuilding><Build className="Witch"/></PathOfBuilding>')  # warm the parser
    usage = resource.getrusage(resource.RUSAGE_SELF)
    before = usage.ru_maxrss
    cpu_before = usage.ru_utime + usage.ru_stime
    started = time.perf_counter()
    kind = "ok"
    try:
        decode_planner(payload)
    except PlannerError as exc:
        kind = exc.kind
    elapsed_ms = (time.perf_counter() - started) * 1000
    usage = resource.getrusage(resource.RUSAGE_SELF)
    cpu_ms = (usage.ru_utime + usage.ru_stime - cpu_before) * 1000
    print(
        json.dumps(
            {"kind": kind, "ms": elapsed_ms, "cpu_ms": cpu_ms, "rss_growth_kb": usage.ru_maxrss - before}
        )
    )


if __name__ == "__main__":
    main(sys.argv[1])
