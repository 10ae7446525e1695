"""BENCH tree.bundle_gz_kb (per tree version, and the largest), tree.bundle_and_geometry_gz_kb (the bundle
plus its prebuilt geometry file, game-data/FORMAT.md, per version and the largest; goal <= 300 KB) and the
game-data pipeline's cold/warm times.

Each tree bundle is measured against a baseline from the same run: the official
export it is built from, gzipped the same way.
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


def report(out: Path, result: pipeline.Result) -> None:
    sources = pipeline.tree_files(pipeline.Options().trees_dir)
    largest = 0
    largest_with_geometry = 0
    for name, fname in sorted(result.manifest["files"].items()):
        if not name.startswith("tree"):
            continue
        # "tree/3.28" -> "3.28"; a variant "tree-ruthless/3.28" -> "3.28/ruthless" (the pipeline's label).
        prefix, version = name.split("/", 1)
        key = prefix.removeprefix("tree").removeprefix("-")
        label = f"{version}/{key}" if key else version
        version = label.replace("/", ".")
        data = (out / fname).read_bytes()
        tree_gz = len(gzip.compress(data, 9, mtime=0))
        raw = sources[label].read_bytes()
        export = gzip.decompress(raw) if sources[label].name.endswith(".gz") else raw
        export_gz = len(gzip.compress(export, 9, mtime=0))
        largest = max(largest, tree_gz)
        print(f"BENCH tree.bundle_gz_kb.{version} {tree_gz / 1024:.1f} KB", flush=True)
        print(f"BENCH tree.bundle_vs_export_gz_ratio.{version} {tree_gz / export_gz:.3f} x", flush=True)
        geometry = result.manifest["files"].get(f"geometry/{name}")
        if geometry:
            geometry_gz = len(gzip.compress((out / geometry).read_bytes(), 9, mtime=0))
            largest_with_geometry = max(largest_with_geometry, tree_gz + geometry_gz)
            print(f"BENCH tree.geometry_gz_kb.{version} {geometry_gz / 1024:.1f} KB", flush=True)
            print(f"BENCH tree.bundle_and_geometry_gz_kb.{version} {(tree_gz + geometry_gz) / 1024:.1f} KB", flush=True)
    print(f"BENCH tree.bundle_gz_kb {largest / 1024:.1f} KB", flush=True)
    print(f"BENCH tree.bundle_and_geometry_gz_kb {largest_with_geometry / 1024:.1f} KB", flush=True)
    total_gz = sum((out / (f + ".gz")).stat().st_size for f in result.manifest["files"].values())
    print(f"BENCH game_data.all_bundles_gz_kb {total_gz / 1024:.1f} KB", flush=True)


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="waypoint-bench-game-data-") as tmp:
        measure(Path(tmp))


def measure(tmp: Path) -> None:
    campaign = pipeline.default_campaign_source()
    cold: list[float] = []
    warm: list[float] = []
    result = None
    for i in range(2):
        out = tmp / str(i)
        t0 = time.perf_counter()
        result = pipeline.run(pipeline.Options(out=out, campaign=campaign))
        cold.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        again = pipeline.run(pipeline.Options(out=out, campaign=campaign))
        warm.append(time.perf_counter() - t0)
        assert again.skipped
    assert result is not None
    report(out, result)
    print(f"BENCH game_data.pipeline_cold_s {statistics.median(cold):.2f} s", flush=True)
    print(f"BENCH game_data.pipeline_warm_ms {statistics.median(warm) * 1000:.0f} ms", flush=True)


if __name__ == "__main__":
    main()
