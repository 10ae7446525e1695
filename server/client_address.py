"""The address a per-client limit counts a request under.

An IPv4 address counts alone. An IPv6 address counts as its /64: one home connection or server
holds a whole /64 (often a /56), so a client rotating its source address would otherwise get a
fresh budget on every request. An IPv4-mapped IPv6 address (::ffff:a.b.c.d) counts as its IPv4
address. Anything that is not an address (a test client's name) counts as itself.
"""

from __future__ import annotations

import functools
import ipaddress

V6_PREFIX = 64


@functools.lru_cache(maxsize=4096)
def limit_key(host: str) -> str:
    try:
        address = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, V6_PREFIX), strict=False))
    return str(address)


def scope_limit_key(scope) -> str:
    """limit_key of an ASGI scope's client address."""
    return limit_key((scope.get("client") or ("unknown", 0))[0])


def request_limit_key(request) -> str:
    """limit_key of a Litestar request's client address."""
    return limit_key(request.client.host if request.client else "unknown")
