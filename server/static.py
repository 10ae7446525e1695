"""The built PWA with an SPA fallback, so deep links load the app.

Unknown /api/... paths answer a JSON 404 instead of index.html.
"""

from __future__ import annotations

from pathlib import Path

from litestar import Request, Response, get
from litestar.datastructures import State
from litestar.params import FromPath
from litestar.response import File

from server.errors import ApiError

# Hashed build assets never change; everything else must revalidate so a new
# deploy (and a new service worker) is picked up.
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"


def _resolve(root: Path, rel: str) -> Path | None:
    candidate = (root / rel).resolve()
    if root not in candidate.parents and candidate != root:
        return None
    return candidate if candidate.is_file() else None


@get("/", include_in_schema=False, sync_to_thread=False)
def spa_root(request: Request, state: State) -> Response:
    return _serve(request, state, "")


@get("/{path:path}", include_in_schema=False, sync_to_thread=False)
def spa(request: Request, state: State, path: FromPath[str]) -> Response:
    return _serve(request, state, path.lstrip("/"))


def _serve(request: Request, state: State, rel: str) -> Response:
    if rel == "api" or rel.startswith("api/"):
        raise ApiError(404, f"No API route for {request.method} /{rel}")
    if rel == "game-data" or rel.startswith("game-data/"):
        raise ApiError(404, f"No game-data file /{rel}")
    root: Path = state.pwa_root
    file = _resolve(root, rel) if rel else None
    if file is not None:
        cache = IMMUTABLE if rel.startswith("assets/") else REVALIDATE
        return File(file, filename=file.name, content_disposition_type="inline", headers={"Cache-Control": cache})
    index = root / "index.html"
    if not index.is_file():
        raise ApiError(503, "The PWA is not built; run ./just setup", "pwa_not_built")
    return File(index, filename="index.html", content_disposition_type="inline", headers={"Cache-Control": REVALIDATE})
