"""Reading an upstream answer's body, bounded by what it inflates to.

httpx inflates a Content-Encoding whole, chunk by chunk, before a caller sees the bytes: 1.4 KB
of brotli is 1 GiB. So the raw bytes are read here and inflated with zlib, at most one byte past
the cap. Clients ask for gzip and deflate only (ACCEPT_ENCODING); brotli's decoder here cannot
stop at a size, and any other coding is refused by name.
"""

from __future__ import annotations

import zlib

import httpx

ACCEPT_ENCODING = "gzip, deflate"


class BodyTooLarge(Exception):
    pass


class BodyUnusable(Exception):
    """A Content-Encoding we do not take, or bytes that do not inflate; the message says which."""


class _Deflate:
    """'deflate' as servers send it: zlib-wrapped, or (some) raw deflate; told apart by the first
    chunk's zlib header, as browsers do."""

    def __init__(self) -> None:
        self.inner = None
        self.unconsumed_tail = b""

    def decompress(self, data: bytes, max_length: int) -> bytes:
        if self.inner is None:
            wrapped = len(data) >= 2 and data[0] & 0x0F == 8 and ((data[0] << 8) | data[1]) % 31 == 0
            self.inner = zlib.decompressobj(zlib.MAX_WBITS if wrapped else -zlib.MAX_WBITS)
        out = self.inner.decompress(data, max_length)
        self.unconsumed_tail = self.inner.unconsumed_tail
        return out


def _inflater(coding: str):
    if coding in ("", "identity"):
        return None
    if coding in ("gzip", "x-gzip"):
        return zlib.decompressobj(16 + zlib.MAX_WBITS)
    if coding == "deflate":
        return _Deflate()
    raise BodyUnusable(f"a Content-Encoding we do not take ({coding[:40]})")


async def read_capped(response: httpx.Response, cap: int) -> bytes:
    """The body of a streamed response, inflated; BodyTooLarge past `cap` bytes (inflated)."""
    coding = response.headers.get("content-encoding", "").strip().lower()
    inflater = _inflater(coding)
    body = bytearray()
    async for chunk in response.aiter_raw():
        if inflater is not None:
            try:
                chunk = inflater.decompress(chunk, cap - len(body) + 1)
            except zlib.error as exc:
                raise BodyUnusable(f"bytes that do not inflate ({coding})") from exc
            if inflater.unconsumed_tail:
                raise BodyTooLarge()
        body += chunk
        if len(body) > cap:
            raise BodyTooLarge()
    return bytes(body)
