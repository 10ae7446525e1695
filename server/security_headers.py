"""The security headers, set in one place: an ASGI wrapper around the whole app, so every
answer carries them: route answers, the in-memory shell and assets, the guard's refusals and
the router's own 404 and 405 (which no Litestar middleware sees).

CSP (same-origin scripts, workers and connections; frame-ancestors 'none'), nosniff,
Referrer-Policy same-origin and X-Frame-Options DENY. A header the answer already set is kept.
"""

from __future__ import annotations

# The app's own pages: scripts, workers (module workers, blob: for libraries that spawn
# them), styles (Mantine and index.html inline a few), images, WebGL and the service worker
# are all same-origin.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:;"
    " font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; manifest-src 'self';"
    " object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)
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


def headers_for(path: str) -> tuple[tuple[bytes, bytes], ...]:
    return DOCS_HEADERS if path.startswith("/schema") else APP_HEADERS


class SecurityHeaders:
    """ASGI wrapper: adds the headers to every http.response.start that lacks them."""

    def __init__(self, inner):
        self.inner = inner

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            return await self.inner(scope, receive, send)
        extra = headers_for(scope["path"])

        async def secured(message):
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                present = {k.lower() for k, _ in headers} & NAMES
                headers += [(k, v) for k, v in extra if k not in present] if present else extra
                message = {**message, "headers": headers}
            await send(message)

        await self.inner(scope, receive, secured)
