"""BENCH guide.parse_all_acts_ms: the guide parser over all ten acts under Node (tsx),
median of many runs (goal <= 15 ms); also with a corpus build's gems."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from server.paths import POB_CORPUS

REPO = Path(__file__).resolve().parents[2]
CODE = POB_CORPUS / "AdamZ-8113__pob-codes/sanavixx_cyclone_shockwave_slayer_328.code.txt"


def main() -> None:
    r = subprocess.run(
        ["npx", "tsx", "workers/guide/test/benchParse.ts", str(CODE)],
        cwd=REPO,
        capture_output=True,
        text=True,
    )
    lines = [line for line in r.stdout.splitlines() if line.startswith("BENCH ")]
    for line in lines:
        print(line, flush=True)
    if r.returncode != 0 or not lines:
        sys.exit(f"guide bench failed:\n{r.stderr}")


if __name__ == "__main__":
    main()
