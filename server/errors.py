"""The one error shape: {"error": {"code", "message"}} with an honest status."""

from __future__ import annotations

import logging

from litestar import Request, Response
from litestar.exceptions import HTTPException, ValidationException
from litestar.status_codes import HTTP_500_INTERNAL_SERVER_ERROR

log = logging.getLogger("waypoint")

_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    410: "gone",
    413: "payload_too_large",
    415: "unsupported_media_type",
    422: "unprocessable",
    429: "rate_limited",
    502: "bad_gateway",
    503: "unavailable",
}


class ApiError(HTTPException):
    """Raise with a stable machine code and a message a person can read."""

    def __init__(self, status_code: int, message: str, code: str | None = None, headers: dict | None = None):
        super().__init__(status_code=status_code, detail=message, headers=headers)
        self.code = code or _CODES.get(status_code, "error")


def error_body(status: int, message: str, code: str | None = None) -> dict:
    return {"error": {"code": code or _CODES.get(status, "error"), "message": message}}


MISSING_BODY = "The request body is missing: send a JSON object"


def _body_missing(entry: object) -> bool:
    return isinstance(entry, dict) and entry.get("source") == "body" and entry.get("key") == "data" \
        and entry.get("message") == "'data'"


def http_exception_handler(_: Request, exc: HTTPException) -> Response:
    status = exc.status_code
    code = getattr(exc, "code", None)
    message = exc.detail
    if isinstance(exc, ValidationException):
        code = code or "validation_error"
        extra = exc.extra if isinstance(exc.extra, list) else []
        if any(_body_missing(e) for e in extra):
            # Litestar reports an absent body as the KeyError of its "data" argument: "data: 'data'".
            return Response(error_body(status, MISSING_BODY, code), status_code=status, headers=exc.headers)
        details = "; ".join(
            f"{e.get('key') or e.get('source') or 'body'}: {e.get('message')}" for e in extra if isinstance(e, dict)
        )
        if details:
            message = f"{message}: {details}" if message else details
    return Response(error_body(status, str(message), code), status_code=status, headers=exc.headers)


def internal_error_handler(request: Request, exc: Exception) -> Response:
    log.exception("unhandled error on %s %s", request.method, request.url.path, exc_info=exc)
    return Response(
        error_body(HTTP_500_INTERNAL_SERVER_ERROR, "Internal server error", "internal"),
        status_code=HTTP_500_INTERNAL_SERVER_ERROR,
    )


async def strict_body(request: Request, kind: type):
    """The JSON body decoded with msgspec's strict rules (1 is not a boolean, "2" is not a number).

    Litestar converts bodies leniently, as it must for query strings; handlers whose fields a
    lenient reading would change call this on the same (cached) body.
    """
    import msgspec

    try:
        return msgspec.json.decode(await request.body(), type=kind)
    except msgspec.ValidationError as exc:
        raise ApiError(400, f"Invalid request body: {exc}", "validation_error") from exc
