"""HTTP resources, one module each. `ROUTE_HANDLERS` is what create_app mounts.

Add a resource by appending its Router (or handlers) here; app.py stays as is.
"""

from server.api.account import account_router
from server.api.auth import auth_router
from server.api.builds import builds_router
from server.api.characters import characters_router
from server.api.game_data import GAME_DATA_HANDLERS
from server.api.health import health
from server.api.planner_proxy import PROXY_HANDLERS
from server.api.revisions import revisions_router

ROUTE_HANDLERS: list = [health, *GAME_DATA_HANDLERS, auth_router, account_router, builds_router, revisions_router, characters_router, *PROXY_HANDLERS]
