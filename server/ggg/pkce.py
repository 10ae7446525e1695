"""PKCE (RFC 7636, S256) pieces for the authorization-code sign-in."""

from __future__ import annotations

import base64
import hashlib
import secrets
from urllib.parse import urlencode

SCOPES = "account:profile account:characters"


def new_verifier() -> str:
    # 43..128 characters from the unreserved set; 48 random bytes -> 64 characters.
    return secrets.token_urlsafe(48)


def challenge(verifier: str) -> str:
    digest = hashlib.sha256(verifier.encode("ascii")).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def authorize_url(base: str, client_id: str, redirect_uri: str, state: str, verifier: str) -> str:
    query = urlencode(
        {
            "client_id": client_id,
            "response_type": "code",
            "scope": SCOPES,
            "state": state,
            "redirect_uri": redirect_uri,
            "code_challenge": challenge(verifier),
            "code_challenge_method": "S256",
        }
    )
    return f"{base}{'&' if '?' in base else '?'}{query}"
