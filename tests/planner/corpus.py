"""The real planner builds under ../shared/corpus/pob (read in place, never copied)."""

from __future__ import annotations

from pathlib import Path

from server.paths import POB_CORPUS

CORPUS = POB_CORPUS


def corpus_files() -> list[Path]:
    files = sorted(p for p in CORPUS.glob("*/*") if p.name.endswith((".xml", ".code.txt")))
    assert len(files) >= 50, f"planner corpus missing under {CORPUS}"
    return files


def corpus_file(name: str) -> Path:
    matches = [p for p in corpus_files() if p.name == name]
    assert len(matches) == 1, name
    return matches[0]


def largest_code() -> Path:
    return max((p for p in corpus_files() if p.name.endswith(".code.txt")), key=lambda p: p.stat().st_size)
