"""`python -m server planner-json <file-or-code>`: print the server's extraction as JSON."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import msgspec

from server.planner.errors import PlannerError
from server.planner.extract import decode_planner


def add_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("input", help="a file holding a planner code or raw XML, or the code itself")


def read_input(arg: str) -> str:
    path = Path(arg)
    try:
        if len(arg) < 4096 and path.is_file():
            return path.read_text(encoding="utf-8")
    except OSError:
        pass
    return arg


def cmd_planner_json(_settings: object, args: argparse.Namespace) -> int:
    try:
        extract = decode_planner(read_input(args.input))
    except PlannerError as exc:
        print(f"error: {exc.kind}: {exc.message}", file=sys.stderr)
        return 2
    sys.stdout.write(msgspec.json.format(msgspec.json.encode(extract), indent=2).decode() + "\n")
    return 0
