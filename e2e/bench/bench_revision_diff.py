"""BENCH pwa.revision_diff_ms (issue 36): the PWA's revision diff (pwa/src/features/follow/revisionDiff.ts)
of the largest corpus build against another build of its class, run under Node by tsx
(pwa/src/features/follow/bench.ts). Goal: 50 ms or less."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def main() -> int:
    out = subprocess.run([str(REPO / "node_modules" / ".bin" / "tsx"), "pwa/src/features/follow/bench.ts"], cwd=REPO,
                         capture_output=True, text=True, timeout=600)
    sys.stdout.write(out.stdout)
    sys.stderr.write(out.stderr)
    return out.returncode


if __name__ == "__main__":
    sys.exit(main())
