"""Set ids, shared with workers/planner/sets.ts.

A set's id is its title trimmed (of XML whitespace) and lower-cased; a missing or blank title is
"Default". Titles with no letter or digit are ignored (None). Repeated ids get
" (2)", " (3)", ... in document order.
"""

from __future__ import annotations

import unicodedata

# XML whitespace only (str.strip() would also take other Unicode spaces), as sets.ts trims.
XML_SPACE = " \t\n\r"


def has_letter_or_digit(text: str) -> bool:
    # Unicode categories L* and N*, the same test as /[\p{L}\p{N}]/u in TypeScript.
    return any(unicodedata.category(c)[0] in "LN" for c in text)


def set_title(raw: str | None) -> str | None:
    """The display title, or None when the set is ignored."""
    title = (raw or "").strip(XML_SPACE)
    if not title:
        return "Default"
    return title if has_letter_or_digit(title) else None


def assign_set_ids(titles: list[str | None]) -> list[tuple[str, str] | None]:
    """(id, title) per raw title in order; None for ignored sets.

    Linear: each base id keeps the last suffix it reached. Ids are never freed, so the
    smallest free suffix for a base only grows, and each used id is probed at most once.
    """
    used: set[str] = set()
    last_n: dict[str, int] = {}
    out: list[tuple[str, str] | None] = []
    for raw in titles:
        title = set_title(raw)
        if title is None:
            out.append(None)
            continue
        base = set_id = title.lower()
        # A title that itself reads "x (2)" must not collide with a repeated "x".
        if set_id in used:
            n = last_n.get(base, 1)
            while set_id in used:
                n += 1
                set_id = f"{base} ({n})"
            last_n[base] = n
        used.add(set_id)
        out.append((set_id, title))
    return out
