"""Running the TypeScript decoder's CLI (workers/planner/cli.ts) under Node from pytest."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from e2e.harness import REPO

TSX = REPO / "node_modules" / ".bin" / "tsx"
CLI = REPO / "workers" / "planner" / "cli.ts"


def ts_batch(files: list[Path]) -> dict[str, dict]:
    """file path -> {"build": PlannerBuild} or {"error": {kind, message}}, one Node process for all."""
    out = subprocess.run(
        [str(TSX), str(CLI), "--batch", *map(str, files)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    # One JSON line each, split at "\n" only: str.splitlines also splits at U+0085 or U+2028 inside a value.
    rows = [json.loads(line) for line in out.stdout.split("\n") if line.strip()]
    return {row["file"]: row for row in rows}
