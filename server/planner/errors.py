"""The planner's named errors; the TypeScript decoder uses the same kinds."""

from __future__ import annotations

from typing import Literal

# poe2_build: a well-formed export of Path of Building 2, for Path of Exile 2 (other classes, trees and gems).
PlannerErrorKind = Literal["not_base64", "not_zlib", "too_large", "not_planner_xml", "invalid_item", "poe2_build"]

KINDS: tuple[str, ...] = ("not_base64", "not_zlib", "too_large", "not_planner_xml", "invalid_item", "poe2_build")


class PlannerError(ValueError):
    def __init__(self, kind: PlannerErrorKind, message: str):
        if kind not in KINDS:
            raise ValueError(f"unknown planner error kind {kind!r}")
        super().__init__(message)
        self.kind = kind
        self.message = message

    def __repr__(self) -> str:
        return f"PlannerError({self.kind!r}, {self.message!r})"
