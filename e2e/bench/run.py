"""./just bench: runs every e2e/bench/bench_*.py in order; each prints `BENCH <name> <value> <unit>` lines.

A bench module that fails is reported on stderr and makes the run exit non-zero,
but never hides the figures of the others.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent


def main() -> int:
    only = set(sys.argv[1:])
    failed = []
    for path in sorted(HERE.glob("bench_*.py")):
        name = path.stem.removeprefix("bench_")
        if only and name not in only:
            continue
        r = subprocess.run([sys.executable, str(path)], cwd=REPO)
        if r.returncode != 0:
            failed.append(name)
    if failed:
        print(f"bench modules failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
