"""The security headers, set in one place: an ASGI wrapper around the whole app, so every
answer carries them: route answers, the in-memory shell and assets, the guard's refusals and
the router's own 404 and 405 (which no Litestar middleware sees).

CSP (same-origin scripts, workers and connections; images also from the item image hosts, which the
service worker's script may also connect to; frame-ancestors 'none'), nosniff,
Referrer-Policy same-origin and X-Frame-Options DENY. A header the answer already set is kept.
"""

from __future__ import annotations

# The app's own pages: scripts, workers (module workers, blob: for libraries that spawn
# them), styles (Mantine and index.html inline a few), images, WebGL and the service worker
# are all same-origin.
# Images may also come from the item image host(s): the official API names each item's art by a
# URL there (settings.item_image_origins; issue 35).
DEFAULT_IMAGE_ORIGINS = ("https://web.poecdn.com",)


# The service worker's script: its own fetches obey its connect-src, and its item-art route fetches
# the images the pages show (pwa/src/app/itemArtCache.ts), so only it may connect to the image hosts.
SERVICE_WORKER_PATH = "/sw.js"


def app_csp(image_origins: tuple[str, ...] = DEFAULT_IMAGE_ORIGINS, service_worker: bool = False) -> str:
    images = "".join(f" {o}" for o in image_origins)
    connect = images if service_worker else ""
    return (
        f"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:{images};"
        f" font-src 'self' data:; connect-src 'self'{connect}; worker-src 'self' blob:; manifest-src 'self';"
        " object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
    )


CSP = app_csp()
# Swagger UI (/schema/swagger) loads its bundle from a CDN and starts it with an inline script.
DOCS_CSP = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net;"
    " style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; img-src 'self' data: https:;"
    " connect-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'"
)
COMMON = (
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
)
APP_HEADERS = ((b"content-security-policy", CSP.encode()), *COMMON)
DOCS_HEADERS = ((b"content-security-policy", DOCS_CSP.encode()), *COMMON)
NAMES = frozenset(k for k, _ in APP_HEADERS)


def csp_headers(csp: str) -> tuple[tuple[bytes, bytes], ...]:
    return ((b"content-security-policy", csp.encode()), *COMMON)


def headers_for(
    path: str, app_headers: tuple[tuple[bytes, bytes], ...], sw_headers: tuple[tuple[bytes, bytes], ...]
) -> tuple[tuple[bytes, bytes], ...]:
    if path.startswith("/schema"):
        return DOCS_HEADERS
    return sw_headers if path == SERVICE_WORKER_PATH else app_headers


class SecurityHeaders:
    """ASGI wrapper: adds the headers to every http.response.start that lacks them."""

    def __init__(self, inner, image_origins: tuple[str, ...] = DEFAULT_IMAGE_ORIGINS):
        self.inner = inner
        self.app_headers = csp_headers(app_csp(image_origins))
        self.sw_headers = csp_headers(app_csp(image_origins, service_worker=True))

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            return await self.inner(scope, receive, send)
        extra = headers_for(scope["path"], self.app_headers, self.sw_headers)

        async def secured(message):
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                present = {k.lower() for k, _ in headers} & NAMES
                headers += [(k, v) for k, v in extra if k not in present] if present else extra
                message = {**message, "headers": headers}
            await send(message)

        await self.inner(scope, receive, secured)
