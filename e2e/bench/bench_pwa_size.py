"""BENCH pwa.initial_js_gz: gzipped size of the JavaScript that index.html loads before any lazy route."""

from __future__ import annotations

import gzip
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def initial_js(dist: Path) -> list[Path]:
    """Entry scripts plus their static (modulepreload) imports, as index.html names them."""
    html = (dist / "index.html").read_text()
    refs = re.findall(r'<script[^>]+src="([^"]+\.js)"', html) + re.findall(r'<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"', html)
    return [dist / ref.lstrip("/") for ref in dict.fromkeys(refs)]


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="waypoint-bench-pwa-") as tmp:
        out = Path(tmp) / "dist"
        # A production build: no VITE_DEV_PAGES, so no dev pages or test hooks.
        env = {k: v for k, v in os.environ.items() if k != "VITE_DEV_PAGES"}
        subprocess.run(
            ["npx", "vite", "build", "pwa", "--outDir", str(out), "--logLevel", "error"], cwd=REPO, env=env, check=True
        )
        files = initial_js(out)
        if not files:
            sys.exit("no entry script found in index.html")
        total = sum(len(gzip.compress(f.read_bytes(), 9)) for f in files)
    print(f"BENCH pwa.initial_js_gz {total / 1024:.1f} KB", flush=True)


if __name__ == "__main__":
    main()
