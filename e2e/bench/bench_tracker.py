"""BENCH tracker.compare_ms and tracker.next_passives_ms (goal: 20 ms or less each).

Runs pwa/src/features/tracker/test/bench.ts under Node: the sample character (its cluster jewels too) against
the largest corpus step (tree diff, gear per slot, gems) and the next passives
to take on the real tree; medians of 200 runs after a warm-up.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def main() -> int:
    out = subprocess.run(
        [str(REPO / "node_modules" / ".bin" / "tsx"), "pwa/src/features/tracker/test/bench.ts"],
        cwd=REPO, capture_output=True, text=True, timeout=600,
    )
    sys.stdout.write(out.stdout)
    sys.stderr.write(out.stderr)
    return out.returncode


if __name__ == "__main__":
    sys.exit(main())
