"""One planner decode at a time per worker process.

A decode is bounded (size and element caps in server.publish), but each still costs CPU and
holds the GIL for part of it. Queuing them keeps the event loop and the other requests of
this process responsive while hostile publishes arrive together; a publish that waits too
long gets a 503 with Retry-After instead of piling up.
"""

from __future__ import annotations

import asyncio
from contextlib import asynccontextmanager

from litestar import Request

from server.errors import ApiError

WAIT_S = 15.0


@asynccontextmanager
async def publish_slot(request: Request):
    state = request.app.state
    gate = getattr(state, "publish_gate", None)
    if gate is None:
        gate = state.publish_gate = asyncio.Semaphore(1)
    try:
        await asyncio.wait_for(gate.acquire(), WAIT_S)
    except TimeoutError as exc:
        raise ApiError(503, "The server is busy checking other builds; retry shortly",
                       headers={"Retry-After": "5"}) from exc
    try:
        yield
    finally:
        gate.release()
