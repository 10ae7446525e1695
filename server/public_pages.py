"""Anonymous answers with bounded staleness ("micro-caching"), kept per worker process.

Under a steady stream of likes every commit changes the data version, so a cache that
trusts only an unchanged version never hits, and every anonymous reader re-runs the same
search. Here an answer read under data version `v`, its read begun at `t0`, is served:
  - while the store's data version is still `v` (no commit since: it is exact);
  - otherwise to requests that arrive before `t0 + max_stale` (it lags the data by less).
One request per key refreshes it once it is half that old, while the others keep the cached
answer; a request arriving past the bound joins a refresh begun within its bound rather than
start its own, so a burst of readers runs one search, not one each. With `max_stale` 0 every
answer is exact. Signed-in answers never come from here: their `isLiked` and the user's own
likes must be current.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass
from typing import Any

from server.cache import LruCache


@dataclass(frozen=True, slots=True)
class Entry:
    version: int
    read_at: float  # monotonic time the read began; the answer holds every commit before it
    answer: Any


@dataclass(frozen=True, slots=True)
class Flight:
    began: float
    done: asyncio.Future


class StaleBoundedCache:
    def __init__(self, size: int, max_stale_s: float, clock: Callable[[], float] = time.monotonic):
        self.entries: LruCache[Hashable, Entry] = LruCache(size)
        self.flights: dict[Hashable, Flight] = {}
        self.max_stale_s = max_stale_s
        self.clock = clock
        self.reads = 0  # how many times `read` ran: reads saved are the point

    async def get(self, key: Hashable, version: int, read: Callable[[], Awaitable[Any]]) -> Any:
        """The answer for `key`; `version` is the store's data version, taken before this call."""
        arrived = self.clock()
        entry = self.entries.get(key)
        if entry is not None and (entry.version == version or arrived - entry.read_at < self.max_stale_s):
            aging = entry.version != version and arrived - entry.read_at >= self.max_stale_s / 2
            if aging and key not in self.flights:
                return await self._refresh(key, version, read)
            return entry.answer
        flight = self.flights.get(key)
        if flight is not None and flight.began > arrived - self.max_stale_s:
            try:
                return await asyncio.shield(flight.done)
            except asyncio.CancelledError:
                if not flight.done.cancelled():
                    raise  # this request itself was cancelled
        return await self._refresh(key, version, read)

    async def _refresh(self, key: Hashable, version: int, read: Callable[[], Awaitable[Any]]) -> Any:
        began = self.clock()
        flight = Flight(began, asyncio.get_running_loop().create_future())
        self.flights[key] = flight
        try:
            self.reads += 1
            answer = await read()
        except asyncio.CancelledError:
            flight.done.cancel()  # joiners read for themselves
            raise
        except BaseException as exc:
            # The same query gets the same error (a bad parameter); joiners raise it too.
            flight.done.set_exception(exc)
            flight.done.exception()  # retrieved here, so an unjoined error is not logged twice
            raise
        else:
            flight.done.set_result(answer)
            current = self.entries.get(key)
            if current is None or current.read_at < began:
                self.entries.put(key, Entry(version, began, answer))
            return answer
        finally:
            if self.flights.get(key) is flight:
                del self.flights[key]

    def clear(self) -> None:
        self.entries.clear()
