"""create_app(settings): routes, shared state, error shape, static PWA."""

from __future__ import annotations

import gc
import logging
from contextlib import asynccontextmanager
from pathlib import Path

from litestar import Litestar
from litestar.exceptions import HTTPException
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import SwaggerRenderPlugin

from server import __version__
from server.api import ROUTE_HANDLERS
from server.errors import http_exception_handler, internal_error_handler
from server.ggg.client import GggClient
from server.guard import guard_middleware
from server.input_limits import InputLimits
from server.publish_gate import warm_decode_child
from server.read_gate import ReadGate
from server.security_headers import SecurityHeaders
from server.seed import seed_if_empty
from server.settings import Settings
from server.sharedstate import shared_state_for
from server.static import spa, spa_root
from server.static_memory import MemoryStatic, load_dist
from server.store import make_store

log = logging.getLogger("waypoint")


def create_app(settings: Settings | None = None) -> Litestar:
    settings = settings or Settings.from_env()
    store = make_store(settings)

    @asynccontextmanager
    async def lifespan(app: Litestar):
        await store.open()
        app.state.shared = shared_state_for(settings, store)
        app.state.ggg = GggClient(settings, app.state.shared)
        try:
            for hook in app.state.startup_hooks:
                await hook(app)
            yield
        finally:
            await app.state.ggg.aclose()
            await app.state.shared.close()
            await store.close()

    app = Litestar(
        route_handlers=[*ROUTE_HANDLERS, spa_root, spa],
        lifespan=[lifespan],
        exception_handlers={HTTPException: http_exception_handler, Exception: internal_error_handler},
        openapi_config=OpenAPIConfig(
            title="Waypoint sync server",
            version=__version__,
            path="/schema",
            render_plugins=[SwaggerRenderPlugin()],
        ),
        request_max_body_size=settings.max_body_bytes,
        # Size cap, Origin check, rate limits and Idempotency-Key replay for mutations.
        middleware=[guard_middleware],
        debug=False,
    )
    app.state.settings = settings
    app.state.store = store
    app.state.pwa_root = Path(settings.pwa_dist).resolve()
    # The shell and hashed assets answer from memory before routing; other paths reach the router.
    owned = {r.path.strip("/").split("/", 1)[0] for r in app.routes} - {"", "{path:path}"}
    app.asgi_handler = MemoryStatic(load_dist(app.state.pwa_root), owned, app.asgi_handler)
    # Build reads take turns, a few at a time, so writes are not stuck behind a loop full of them.
    app.asgi_handler = ReadGate(app.asgi_handler, settings.read_concurrency)
    # Header and body size caps for every method and path (431, 413), before anything reads them.
    app.asgi_handler = InputLimits(app.asgi_handler, settings.max_header_bytes, settings.max_body_bytes)
    # Outermost: every answer, the router's own 404 and 405 included, gets the security headers.
    app.asgi_handler = SecurityHeaders(app.asgi_handler, settings.image_origins)
    # Async callables (app) -> None run after the database opens (e.g. demo seeding).
    app.state.startup_hooks = [seed_if_empty]
    return app


def create_served_app() -> Litestar:
    """The app as `python -m server serve` runs it, one per worker process."""
    app = create_app()
    app.state.startup_hooks += [warm_decode_child, _freeze_startup_objects]
    return app


async def _freeze_startup_objects(_: Litestar) -> None:
    """What start-up built (routes, schemas, modules: ~56,000 objects) lives as long as the process.
    Frozen out of the collector's reach, it is no longer walked by every full collection, a pause of
    10-20 ms that landed on whichever requests were in flight. Only for a served process: tests that
    build many apps in one process would freeze each other's garbage."""
    gc.collect()
    gc.freeze()
