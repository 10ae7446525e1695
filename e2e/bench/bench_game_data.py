"""BENCH tree.bundle_gz_kb and the game-data pipeline's cold/warm times.

The tree bundle is measured against a baseline from the same run: the official
3.25 export it is built from, gzipped the same way.
"""

from __future__ import annotations

import gzip
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "game-data"))

import pipeline  # noqa: E402


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="waypoint-bench-game-data-") as tmp:
        measure(Path(tmp))


def measure(tmp: Path) -> None:
    campaign = pipeline.default_campaign_source()
    cold: list[float] = []
    warm: list[float] = []
    result = None
    for i in range(3):
        out = tmp / str(i)
        t0 = time.perf_counter()
        result = pipeline.run(pipeline.Options(out=out, campaign=campaign))
        cold.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        again = pipeline.run(pipeline.Options(out=out, campaign=campaign))
        warm.append(time.perf_counter() - t0)
        assert again.skipped
    assert result is not None
    tree_file = out / result.manifest["files"]["tree/3.25"]
    tree_gz = len(gzip.compress(tree_file.read_bytes(), 9, mtime=0))
    export_gz = len(gzip.compress(pipeline.repoe_paths()["skill_tree"].read_bytes(), 9, mtime=0))
    total_gz = sum((out / (f + ".gz")).stat().st_size for f in result.manifest["files"].values())
    print(f"BENCH tree.bundle_gz_kb {tree_gz / 1024:.1f} KB", flush=True)
    print(f"BENCH tree.bundle_raw_kb {tree_file.stat().st_size / 1024:.1f} KB", flush=True)
    print(f"BENCH tree.export_gz_kb {export_gz / 1024:.1f} KB", flush=True)
    print(f"BENCH tree.bundle_vs_export_gz_ratio {tree_gz / export_gz:.3f} x", flush=True)
    print(f"BENCH game_data.all_bundles_gz_kb {total_gz / 1024:.1f} KB", flush=True)
    print(f"BENCH game_data.pipeline_cold_s {statistics.median(cold):.2f} s", flush=True)
    print(f"BENCH game_data.pipeline_warm_ms {statistics.median(warm) * 1000:.0f} ms", flush=True)


if __name__ == "__main__":
    main()
