"""At most `read_concurrency` build reads at work at once in one worker process.

asyncio runs every ready callback in arrival order, once per turn of the loop. With 200
keep-alive readers each turn holds ~100 reads of a millisecond or so, and a like that
arrives waits that long for every step it takes (~3), whatever the like itself costs. Build
reads (GET /api/Build/...) are local, CPU-bound and nearly always finish in one step, so a
few at a time keep the CPU as busy; the rest wait here, costing nothing, and a turn holds
at most that many reads plus whatever else is ready: writes, sign-ins, upstream calls. The
gate shapes the order of work only; it never refuses a request. 0 turns it off.
"""

from __future__ import annotations

import asyncio

GATED_PREFIX = "/api/Build/"


class ReadGate:
    def __init__(self, inner, concurrency: int):
        self.inner = inner
        self.concurrency = concurrency
        self._slots: asyncio.Semaphore | None = None
        self._loop: asyncio.AbstractEventLoop | None = None  # a semaphore belongs to one loop

    def gated(self, scope) -> bool:
        return (
            self.concurrency > 0
            and scope["type"] == "http"
            and scope["method"] in ("GET", "HEAD")
            and scope["path"].startswith(GATED_PREFIX)
        )

    async def __call__(self, scope, receive, send) -> None:
        if not self.gated(scope):
            await self.inner(scope, receive, send)
            return
        loop = asyncio.get_running_loop()
        if self._loop is not loop:
            self._slots, self._loop = asyncio.Semaphore(self.concurrency), loop
        async with self._slots:
            await self.inner(scope, receive, send)
