"""Honour the official API's rate-limit headers.

Every answer carries X-Rate-Limit-Rules (e.g. "Account,Ip"), and for each rule
X-Rate-Limit-<Rule> ("hits:period:restrict,...") and X-Rate-Limit-<Rule>-State
("hits:period:active_restriction,..."). A 429 carries Retry-After in seconds.
We never call upstream while a restriction is active; the caller answers 429
with the remaining seconds instead. Limits are read from headers, never fixed.
Restrictions are kept in the state every worker shares (server.sharedstate), so a
restriction one worker met holds every worker's calls. The headers are input like any
other: every figure read from them is bounded (MAX_WAIT_S).
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping

# The longest wait any answer's headers can impose, seconds (the official restrictions seen are
# minutes to an hour); 'inf' or a 4,000-digit figure is read as this.
MAX_WAIT_S = 24 * 3600
PREFIX = "ggg-until:"


def parse_triples(value: str) -> list[tuple[int, int, int]]:
    out = []
    for part in value.split(","):
        bits = part.strip().split(":")
        if len(bits) != 3:
            continue
        try:
            out.append(tuple(min(max(int(b), 0), MAX_WAIT_S) for b in bits))
        except ValueError:  # not a number, or past int()'s 4,300 digits
            continue
    return out


def restriction_seconds(headers: Mapping[str, str], status: int) -> tuple[float, bool]:
    """(seconds to wait, whether the Ip rule is the one restricting) from one answer's headers."""
    wait, ip_bound = 0.0, False
    for rule in (r.strip() for r in headers.get("x-rate-limit-rules", "").split(",") if r.strip()):
        limits = parse_triples(headers.get(f"x-rate-limit-{rule.lower()}", ""))
        states = parse_triples(headers.get(f"x-rate-limit-{rule.lower()}-state", ""))
        for i, (hits, period, active) in enumerate(states):
            rule_wait = float(active)
            # At the limit but not yet restricted: the next call would be; wait out the period.
            if not rule_wait and i < len(limits) and hits >= limits[i][0] > 0:
                rule_wait = float(period)
            if rule_wait > wait:
                wait, ip_bound = rule_wait, rule.lower() == "ip"
    if status == 429:
        retry = parse_retry_after(headers.get("retry-after"))
        if retry is None and wait == 0:
            retry = 5.0  # spec: default 5 s when the header is missing
        if retry is not None and retry > wait:
            wait = retry
    return min(wait, float(MAX_WAIT_S)), ip_bound


def parse_retry_after(value: str | None) -> float | None:
    if not value:
        return None
    try:
        seconds = float(value)
    except ValueError:
        pass
    else:
        return None if seconds != seconds else min(max(0.0, seconds), float(MAX_WAIT_S))  # NaN: no figure
    from email.utils import parsedate_to_datetime

    try:
        return min(max(0.0, parsedate_to_datetime(value).timestamp() - time.time()), float(MAX_WAIT_S))
    except (TypeError, ValueError):
        return None


class RateGate:
    """Restrictions per key (a user, or "ip" for the whole server) until a deadline, kept as
    entries of the shared state (`get`, `put` with a lifetime, and its `clock`)."""

    def __init__(self, entries):
        self.entries = entries

    async def _until(self, key: str) -> float:
        raw = await self.entries.get(PREFIX + key)
        try:
            return float(raw) if raw else 0.0
        except ValueError:
            return 0.0

    async def remaining(self, *keys: str) -> int:
        now = self.entries.clock()
        left = max([await self._until(k) - now for k in keys], default=0.0)
        return math.ceil(left) if left > 0 else 0

    async def observe(self, key: str, headers: Mapping[str, str], status: int) -> int:
        wait, ip_bound = restriction_seconds(headers, status)
        if wait > 0:
            k = "ip" if ip_bound else key
            until = max(await self._until(k), self.entries.clock() + wait)
            await self.entries.put(PREFIX + k, repr(until).encode(), until - self.entries.clock())
        return math.ceil(wait)
