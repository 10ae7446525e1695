"""Control characters in text fields: found, and named by the field that holds them.

Every text a client sends (JSON body fields, form fields, query parameters) is refused with a
422 naming the field when it holds a control character: C0 (NUL included), DEL, C1, or a
bidirectional embedding, override or isolate. Stored,
such a character hides text, breaks logs and exports, or means something else to the next
program that reads it. A planner code may hold line breaks and tabs (pasted across lines;
the decoder skips white space)."""

from __future__ import annotations

import re

# The bidirectional embeddings, overrides and isolates (U+202A-202E, U+2066-2069) count too: they
# reorder the text around them where it is shown ('Demo\u202eretfarcyroehT' reads as another name).
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
CONTROL_BUT_WHITESPACE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
# Fields whose text may hold line breaks and tabs.
MULTILINE = frozenset({"pobCod"})


def _bad(value: str, name: str) -> str | None:
    found = (CONTROL_BUT_WHITESPACE if name in MULTILINE else CONTROL).search(value)
    return found.group() if found else None


# Deepest JSON nesting taken (our bodies nest 3 levels). Decoding stops at Python's recursion
# limit, which depends on how deep the stack already is: a body the guard could decode overflowed
# when Litestar decoded it again further down the stack (a 500), so nesting is bounded by count,
# in the same walk that looks for control characters.
MAX_JSON_DEPTH = 64


class NestedTooDeeply(ValueError):
    pass


def control_in_json(value, field: str = "", name: str = "", depth: int = 0) -> tuple[str, str] | None:
    """(field path, the character) of the first string in a decoded JSON value that holds a
    control character; paths read `steps[0].title`. NestedTooDeeply past MAX_JSON_DEPTH levels."""
    if isinstance(value, str):
        ch = _bad(value, name)
        return (field or "the body", ch) if ch else None
    if isinstance(value, dict):
        if depth >= MAX_JSON_DEPTH:
            raise NestedTooDeeply(field)
        for key, item in value.items():
            found = control_in_json(item, f"{field}.{key}" if field else str(key), str(key), depth + 1)
            if found:
                return found
    elif isinstance(value, list):
        if depth >= MAX_JSON_DEPTH:
            raise NestedTooDeeply(field)
        for i, item in enumerate(value):
            found = control_in_json(item, f"{field}[{i}]", name, depth + 1)
            if found:
                return found
    return None


def control_in_pairs(pairs: list[tuple[str, str]]) -> tuple[str, str] | None:
    """The same for (name, value) pairs of a query string or a form."""
    for key, value in pairs:
        ch = _bad(key, "") or _bad(value, key)
        if ch:
            return key, ch
    return None


def refusal(field: str, ch: str) -> str:
    shown = CONTROL.sub(lambda m: f"\\u{ord(m.group()):04x}", field)  # a field's own name may hold one
    return f"{shown} holds a control character (U+{ord(ch):04X}); remove it"
