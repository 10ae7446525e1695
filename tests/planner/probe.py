"""Subprocess probe: decode one payload file with server.planner and report kind, time and peak memory growth.

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
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started = time.perf_counter()
    kind = "ok"
    try:
        decode_planner(payload)
    except PlannerError as exc:
        kind = exc.kind
    elapsed_ms = (time.perf_counter() - started) * 1000
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"kind": kind, "ms": elapsed_ms, "rss_growth_kb": after - before}))


if __name__ == "__main__":
    main(sys.argv[1])
