"""At most `read_concurrency` build reads at work at once in one worker process.

asyncio runs every ready callback in arrival order, once per turn of the loop. With 200
keep-alive readers each turn holds ~100 reads of a millisecond or so, and a like that
arrives waits that long for every step it takes (~3), whatever the like itself costs. Build
reads (GET /api/Build/...) are local, CPU-bound and nearly always finish in one step, so a
few at a time keep the CPU as busy; the rest wait here, costing nothing, and a turn holds
at most that many reads plus whatever else is ready: writes, sign-ins, upstream calls. The
gate shapes the order of work only; it never refuses a request. 0 turns it off.

One client (by address, an IPv6 one by its /64: a session cookie is the client's to invent) has at most half the
turns; its other reads wait in its own line, so a flood of reads from one client cannot put
every other client's read behind all of it.
"""

from __future__ import annotations

import asyncio

from server.client_address import scope_limit_key

GATED_PREFIX = "/api/Build/"


class ReadGate:
    def __init__(self, inner, concurrency: int):
        self.inner = inner
        self.concurrency = concurrency
        self.per_client = max(1, concurrency // 2)
        self._slots: asyncio.Semaphore | None = None
        # Per client address: [its own line (a semaphore of per_client turns), reads it has in].
        self._clients: dict[str, list] = {}
        self._loop: asyncio.AbstractEventLoop | None = None  # a semaphore belongs to one loop

    def gated(self, scope) -> bool:
        return (
            self.concurrency > 0
            and scope["type"] == "http"
            and scope["method"] in ("GET", "HEAD")
            and scope["path"].startswith(GATED_PREFIX)
        )

    def clients(self) -> int:
        """Clients with reads in (waiting or at work)."""
        return len(self._clients)

    async def __call__(self, scope, receive, send) -> None:
        if not self.gated(scope):
            await self.inner(scope, receive, send)
            return
        loop = asyncio.get_running_loop()
        if self._loop is not loop:
            self._slots, self._loop, self._clients = asyncio.Semaphore(self.concurrency), loop, {}
        key = scope_limit_key(scope)
        line = self._clients.get(key)
        if line is None:
            line = self._clients[key] = [asyncio.Semaphore(self.per_client), 0]
        line[1] += 1
        try:
            async with line[0], self._slots:
                await self.inner(scope, receive, send)
        finally:
            line[1] -= 1
            if not line[1]:
                del self._clients[key]
