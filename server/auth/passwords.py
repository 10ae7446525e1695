"""Local-account passwords: scrypt (memory-hard, standard library) with a random salt.

Stored as `scrypt$<log2 n>$<r>$<p>$<salt b64>$<hash b64>`, so the cost can rise later
without breaking old hashes. Comparison is constant-time.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

LOG2_N, R, P = 14, 8, 1  # 16 MiB of memory and ~50 ms per hash
DKLEN = 32
MIN_LEN, MAX_LEN = 8, 256


def _derive(password: str, salt: bytes, log2_n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(
        password.encode(), salt=salt, n=1 << log2_n, r=r, p=p, maxmem=256 * 1024 * 1024, dklen=DKLEN
    )


def hash_password(password: str) -> str:
    salt = secrets.token_bytes(16)
    digest = _derive(password, salt, LOG2_N, R, P)
    b64 = base64.b64encode
    return f"scrypt${LOG2_N}${R}${P}${b64(salt).decode()}${b64(digest).decode()}"


def verify_password(password: str, stored: str | None) -> bool:
    """True when `password` matches `stored`; a missing hash costs the same work and fails."""
    try:
        kind, log2_n, r, p, salt, digest = (stored or DUMMY).split("$")
        expected = base64.b64decode(digest)
        got = _derive(password, base64.b64decode(salt), int(log2_n), int(r), int(p))
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(got, expected) and kind == "scrypt" and stored is not None


# Checked against when the account does not exist (or cannot sign in), so a failure takes
# as long whatever the reason.
DUMMY = hash_password(secrets.token_urlsafe(16))
