"""Rate limits as pure functions over a small stored state; the shared state (server.sharedstate,
server.store.pg.shared) stores them atomically for every worker, and Redis runs the same rules
as Lua scripts.

Token buckets (the generic cell rate algorithm): a limit of N a window lets N through at once
and then one every window/N, so no burst at any moment passes more than N plus what refilled
meanwhile (a fixed window passed 2N across its edge). The state of a bucket is one number, its
theoretical arrival time (TAT): the bucket is full when the TAT is in the past.

Sign-in backoff, per account and address together: the first `free` failures cost nothing;
after that each failure doubles the wait before the next attempt from that pair (1 s, 2 s,
4 s ... at most `cap_s`); a success forgets the pair. Nobody can slow the owner down from
another address, and there is no lock to turn on. The state is (failures, next attempt at).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple


class Slot(NamedTuple):
    """One stored state: two numbers and when it may be forgotten (then it equals no state)."""

    a: float
    b: float
    expires: float


def take(states: Sequence[Slot | None], limits: Sequence[int], window_s: float, now: float
         ) -> tuple[list[Slot] | None, float]:
    """One request through every bucket, or through none: (new states, 0) when each had a token,
    else (None, seconds until all would have one)."""
    new: list[Slot] = []
    wait = 0.0
    for state, limit in zip(states, limits, strict=True):
        interval = window_s / limit
        tat = max(state.a if state else now, now) + interval
        if tat - now > window_s:
            wait = max(wait, tat - window_s - now)
        new.append(Slot(tat, 0.0, tat))
    return (None, wait) if wait > 0 else (new, 0.0)


class Backoff(NamedTuple):
    free: int = 10  # failures that cost no wait
    base_s: float = 1.0  # the first wait; it doubles with every further failure
    cap_s: float = 900.0  # the longest wait
    forget_s: float = 24 * 3600.0  # a pair quiet this long starts over

    def delay(self, failures: int) -> float:
        if failures < self.free:
            return 0.0
        return min(self.cap_s, self.base_s * 2.0 ** min(failures - self.free, 64))


def attempt(state: Slot | None, policy: Backoff, now: float) -> tuple[Slot | None, float]:
    """A sign-in attempt from one (account, address) pair: (new state, 0) when it may go ahead,
    counted as a failure until `forgive` says otherwise (so parallel guesses cannot slip in
    before the count); (None, seconds to wait) while the pair must wait."""
    failures, next_at = (int(state.a), state.b) if state and state.expires > now else (0, 0.0)
    if now < next_at:
        return None, next_at - now
    failures += 1
    next_at = now + policy.delay(failures)
    return Slot(float(failures), next_at, max(next_at, now) + policy.forget_s), 0.0


def whole_seconds(wait: float) -> int:
    """A wait as a Retry-After value: whole seconds, at least 1 (0 stays 0)."""
    return 0 if wait <= 0 else max(1, math.ceil(wait))
