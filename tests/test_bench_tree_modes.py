"""The tree bench's first-frame figures: the SVG's bimodal first presentation is reported as two modes."""

from __future__ import annotations

from e2e.bench.bench_tree import first_frame_lines, modes


def test_two_modes_are_found_and_one_mode_is_not_split():
    # The two modes (about 106 ms and about 195 ms) in one run of 7 pages.
    lo, hi = modes([104.0, 197.0, 108.0, 190.0, 111.0, 201.0, 106.0])
    assert lo == [104.0, 106.0, 108.0, 111.0] and hi == [190.0, 197.0, 201.0]
    # Spread within one mode, however wide page to page, is not two modes.
    assert modes([100.0, 112.0, 125.0, 131.0, 118.0, 109.0, 127.0]) is None
    # A single outlier is not a mode.
    assert modes([100.0, 104.0, 103.0, 101.0, 99.0, 102.0, 190.0]) is None
    assert modes([]) is None and modes([5.0]) is None


def test_first_frame_lines_print_both_modes_and_each_ratio():
    lines = first_frame_lines([50.0] * 7, [104.0, 197.0, 108.0, 190.0, 111.0, 201.0, 106.0])
    figures = {ln.split()[1]: float(ln.split()[2]) for ln in lines}
    assert all(ln.startswith("BENCH tree.") for ln in lines)
    assert figures["tree.svg_first_presented_ms"] == 111.0  # the median of 7 pages
    assert figures["tree.first_frame_vs_svg_ratio"] == 0.45
    assert figures["tree.first_frame_pages"] == 7 and figures["tree.svg_first_presented_pages"] == 7
    assert figures["tree.svg_first_presented_modes"] == 2
    assert figures["tree.svg_first_presented_low_mode_ms"] == 107.0
    assert figures["tree.svg_first_presented_high_mode_ms"] == 197.0
    assert figures["tree.svg_first_presented_low_mode_pages"] == 4
    assert figures["tree.first_frame_vs_svg_low_mode_ratio"] == 0.47
    assert figures["tree.first_frame_vs_svg_high_mode_ratio"] == 0.25
    one = {ln.split()[1]: float(ln.split()[2]) for ln in first_frame_lines([50.0] * 7, [100.0] * 7)}
    assert one["tree.svg_first_presented_modes"] == 1 and "tree.svg_first_presented_low_mode_ms" not in one
