"""The official Path of Exile API: OAuth (authorization code + PKCE), the
character client with rate limits, and mapping to our Character shape."""
