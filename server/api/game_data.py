"""Game-data bundles under /game-data/: the manifest (revalidated) and the
content-hashed bundles it names (immutable), from settings.game_data_dist.

A bundle is served pre-gzipped when the client accepts gzip and the pipeline
wrote a .gz beside it.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from litestar import Request, Response, get
from litestar.datastructures import State
from litestar.params import FromPath
from litestar.response import File

from server.errors import ApiError
from server.static import IMMUTABLE, REVALIDATE

# Only the pipeline's own output names; nothing else in the folder is reachable.
# Trees: "tree-3.28.<hash>.json", variants "tree-ruthless-alternate-3.28.<hash>.json"; a tree's
# prebuilt geometry "tree-3.28.<hash>.bin" (game-data/FORMAT.md), gzipped like the bundles.
BUNDLE_NAME = re.compile(r"^[a-z]+(?:-[a-z]+)*(?:-[0-9][0-9._]*)?\.[0-9a-f]{16}\.(json|bin)$")
BUNDLE_TYPES = {"json": "application/json", "bin": "application/octet-stream"}
# Tree art sheets: "art-3.28-active.<hash>.jpg" (already compressed: served as they are).
ART_NAME = re.compile(r"^art-[0-9][0-9._]*-[a-z]+\.[0-9a-f]{16}\.(jpg|png|webp)$")
ART_TYPES = {"jpg": "image/jpeg", "png": "image/png", "webp": "image/webp"}


def _dist(state: State) -> Path:
    return Path(state.settings.game_data_dist).resolve()


@get("/game-data/manifest.json", include_in_schema=False, sync_to_thread=False)
def game_data_manifest(request: Request, state: State) -> Response:
    path = _dist(state) / "manifest.json"
    if not path.is_file():
        raise ApiError(503, "The game data is not built; run ./just game-data", "game_data_not_built")
    body = path.read_bytes()
    # Revalidated on every load, so an ETag turns the common "nothing changed" into a 304.
    etag = '"' + hashlib.sha256(body).hexdigest()[:16] + '"'
    headers = {"Cache-Control": REVALIDATE, "ETag": etag}
    if etag in request.headers.get("if-none-match", ""):
        return Response(b"", status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)


@get("/game-data/{name:str}", include_in_schema=False, sync_to_thread=False)
def game_data_bundle(request: Request, state: State, name: FromPath[str]) -> Response:
    art = ART_NAME.match(name)
    bundle = BUNDLE_NAME.match(name)
    if not art and not bundle:
        raise ApiError(404, f"No game-data file {name}")
    path = _dist(state) / name
    if not path.is_file():
        raise ApiError(404, f"No game-data file {name}")
    if art:
        return File(
            path,
            filename=name,
            media_type=ART_TYPES[art[1]],
            content_disposition_type="inline",
            headers={"Cache-Control": IMMUTABLE},
        )
    assert bundle is not None
    media_type = BUNDLE_TYPES[bundle[1]]
    headers = {"Cache-Control": IMMUTABLE, "Vary": "Accept-Encoding"}
    gz = path.with_name(name + ".gz")
    if "gzip" in request.headers.get("accept-encoding", "") and gz.is_file():
        return File(
            gz,
            filename=name,
            media_type=media_type,
            content_disposition_type="inline",
            headers={**headers, "Content-Encoding": "gzip"},
        )
    return File(
        path, filename=name, media_type=media_type, content_disposition_type="inline", headers=headers
    )


GAME_DATA_HANDLERS = [game_data_manifest, game_data_bundle]
