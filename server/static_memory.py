"""The built PWA served from memory: every file of the dist folder is read once at
start with its ETag and its gzip and brotli forms, and answered by a plain ASGI
callable in front of Litestar's router (routing, DI and file I/O cost more than
the answer itself for a small file).

Paths the memory does not hold, and every path under a prefix another route owns
(/api, /game-data, /schema ...), go on to Litestar unchanged.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
from dataclasses import dataclass, field
from pathlib import Path

try:  # brotli is a declared dependency; without it the gzip form still serves.
    import brotli
except ImportError:  # pragma: no cover - exercised only on a broken install
    brotli = None

from server.static import IMMUTABLE, REVALIDATE

# Larger files (none in a normal build) are left to the disk path.
MAX_FILE_BYTES = 16 * 1024 * 1024
COMPRESSIBLE = ("text/", "application/javascript", "application/json", "application/manifest+json", "image/svg+xml")
MIN_COMPRESS_BYTES = 256


@dataclass
class Entry:
    body: bytes
    content_type: bytes
    etag: bytes
    cache_control: bytes
    #: encoding name -> compressed body (only forms smaller than the plain body).
    encoded: dict[str, bytes] = field(default_factory=dict)


def _content_type(path: Path) -> str:
    if path.suffix == ".webmanifest":
        return "application/manifest+json"
    if path.suffix in (".js", ".mjs"):
        return "application/javascript; charset=utf-8"
    ctype = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    return f"{ctype}; charset=utf-8" if ctype.startswith("text/") else ctype


def load_entry(path: Path, rel: str) -> Entry:
    body = path.read_bytes()
    ctype = _content_type(path)
    entry = Entry(
        body=body,
        content_type=ctype.encode(),
        etag=b'"' + hashlib.sha256(body).hexdigest()[:20].encode() + b'"',
        cache_control=(IMMUTABLE if rel.startswith("assets/") else REVALIDATE).encode(),
    )
    if len(body) >= MIN_COMPRESS_BYTES and ctype.startswith(COMPRESSIBLE):
        # Middle levels: the whole dist compresses in well under a second at start (brotli 11
        # would take seconds per worker for a few percent less).
        forms = {"gzip": gzip.compress(body, compresslevel=6, mtime=0)}
        if brotli is not None:
            forms["br"] = brotli.compress(body, quality=5)
        entry.encoded = {k: v for k, v in forms.items() if len(v) < len(body)}
    return entry


def load_dist(root: Path) -> dict[str, Entry]:
    """URL path ("/assets/x.js") -> Entry for every file under root."""
    files: dict[str, Entry] = {}
    if not root.is_dir():
        return files
    for path in sorted(root.rglob("*")):
        if not path.is_file() or path.stat().st_size > MAX_FILE_BYTES:
            continue
        rel = path.relative_to(root).as_posix()
        files["/" + rel] = load_entry(path, rel)
    return files


def accepted(header: bytes) -> set[str]:
    """Codings in an Accept-Encoding value that the client did not refuse with q=0."""
    out = set()
    for part in header.decode("latin-1").split(","):
        name, _, params = part.strip().partition(";")
        q = params.strip().removeprefix("q=").strip()
        if q and q.replace(".", "").strip("0") == "":
            continue
        out.add(name.strip().lower())
    return out


class MemoryStatic:
    """ASGI callable: answers GET/HEAD for files in memory (and the SPA fallback), else calls `inner`."""

    def __init__(self, files: dict[str, Entry], reserved: set[str], inner):
        self.files = files
        self.index = files.get("/index.html")
        #: First path segments owned by other routes ("api", "game-data", "schema").
        self.reserved = reserved
        self.inner = inner

    def lookup(self, path: str) -> Entry | None:
        entry = self.files.get(path)
        if entry is not None:
            return entry
        if path == "/":
            return self.index
        first = path.lstrip("/").split("/", 1)[0]
        last = path.rsplit("/", 1)[-1]
        # A deep link of the app (no file extension) gets the shell; anything else goes to the disk path.
        if first in self.reserved or "." in last or ".." in path:
            return None
        return self.index

    async def __call__(self, scope, receive, send) -> None:
        # A NUL in the path goes on to the router, whose guard answers it with a 400.
        if scope["type"] == "http" and scope["method"] in ("GET", "HEAD") and "\x00" not in scope["path"]:
            entry = self.lookup(scope["path"])
            if entry is not None:
                # The security headers are added around the whole app (server.security_headers).
                await self.answer(entry, scope, send)
                return
        await self.inner(scope, receive, send)

    async def answer(self, entry: Entry, scope, send) -> None:
        inm = b""
        enc = b""
        for k, v in scope["headers"]:
            if k == b"if-none-match":
                inm = v
            elif k == b"accept-encoding":
                enc = v
        headers = [
            (b"etag", entry.etag),
            (b"cache-control", entry.cache_control),
            (b"vary", b"Accept-Encoding"),
        ]
        if inm and (inm.strip() == b"*" or entry.etag in [t.strip().removeprefix(b"W/") for t in inm.split(b",")]):
            await send({"type": "http.response.start", "status": 304, "headers": headers})
            await send({"type": "http.response.body", "body": b""})
            return
        body = entry.body
        if entry.encoded and enc:
            codings = accepted(enc)
            for name in ("br", "gzip"):
                if name in codings and name in entry.encoded:
                    body = entry.encoded[name]
                    headers.append((b"content-encoding", name.encode()))
                    break
        headers.append((b"content-type", entry.content_type))
        headers.append((b"content-length", str(len(body)).encode()))
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": b"" if scope["method"] == "HEAD" else body})
