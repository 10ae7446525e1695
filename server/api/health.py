from __future__ import annotations

import msgspec
from litestar import get
from litestar.datastructures import State

from server import __version__


class Health(msgspec.Struct):
    status: str
    version: str
    database: str


class HealthResponse(msgspec.Struct):
    data: Health


@get("/api/health", cache=False)
async def health(state: State) -> HealthResponse:
    ok = await state.store.ok()
    return HealthResponse(Health(status="ok" if ok else "degraded", version=__version__, database="ok" if ok else "error"))
