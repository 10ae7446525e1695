"""One typed Settings object, read from WAYPOINT_* environment variables.

Every field's default is the embedded setup: SQLite under var/ (PostgreSQL when database_url is set), local sign-in,
the built PWA and game data from this checkout. A field `foo_bar` is read from
`WAYPOINT_FOO_BAR`; values are converted to the field's type by msgspec.
"""

from __future__ import annotations

import os
from urllib.parse import urlsplit

import msgspec

from server.paths import CORPUS_DIR, REPO_ROOT

LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1", "[::1]")
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
VITE_DEV_PORT = 5173


def origin_of(url: str) -> str:
    """scheme://host[:port] of a URL, lower-cased, as a browser's Origin header spells it (no
    default port, no path)."""
    parts = urlsplit(url.strip())
    scheme, host = parts.scheme.lower(), (parts.hostname or "").lower()
    if ":" in host:
        host = f"[{host}]"
    port = parts.port
    default = {"http": 80, "https": 443}.get(scheme)
    return f"{scheme}://{host}" + (f":{port}" if port and port != default else "")


class Settings(msgspec.Struct, kw_only=True, frozen=True):
    # Where the server listens; the run command prints http://{host}:{port}.
    host: str = "127.0.0.1"
    port: int = 8000
    # Public base URL (OAuth redirects, the Origin check of mutations); empty means http://{host}:{port}.
    public_url: str = ""
    # More origins whose pages may send mutations (comma-separated), e.g. a second public name.
    extra_origins: str = ""
    # SQLite file; WAL mode; numbered migrations are applied at start.
    db_path: str = str(REPO_ROOT / "var" / "waypoint.sqlite3")
    # A postgresql://user@host:port/db URL selects PostgreSQL instead of the SQLite file: every
    # server process (on any machine) given the same URL serves the same data.
    database_url: str = ""
    # Connections each server process keeps open to PostgreSQL, at most.
    database_pool_size: int = 10
    # The built PWA (vite build output) served with an SPA fallback.
    pwa_dist: str = str(REPO_ROOT / "pwa" / "dist")
    # Game-data bundles served under /game-data/ with immutable caching.
    game_data_dist: str = str(REPO_ROOT / "game-data" / "dist")
    # Real planner builds and official-API samples (demo data, local provider).
    corpus_dir: str = str(CORPUS_DIR)
    # Seed demo builds into an empty database at start.
    seed_demo: bool = True
    # Upstream paste host for GET /api/proxy/pobb/{code}.
    pobb_base_url: str = "https://pobb.in"
    # The other paste hosts of the loader (GET /api/proxy/pastebin|poeninja|maxroll/{id}).
    pastebin_base_url: str = "https://pastebin.com"
    poe_ninja_base_url: str = "https://poe.ninja"
    maxroll_base_url: str = "https://maxroll.gg"
    # Timeout for every upstream call, seconds (spec: 10 s).
    upstream_timeout_s: float = 10.0
    # Official API OAuth client; no client id means the local sign-in provider.
    ggg_client_id: str = ""
    ggg_client_secret: str = ""
    ggg_authorize_url: str = "https://www.pathofexile.com/oauth/authorize"
    ggg_token_url: str = "https://www.pathofexile.com/oauth/token"
    ggg_api_base: str = "https://api.pathofexile.com"
    # Hosts of the item art the official API links (each item's `icon`), comma-separated origins:
    # the pages' Content-Security-Policy lets images load from these.
    item_image_origins: str = "https://web.poecdn.com"
    # Contact carried in the User-Agent, as the official API requires.
    contact: str = "waypoint@example.org"
    # Session cookie lifetime, seconds.
    session_ttl_s: int = 30 * 24 * 3600
    # Largest request body accepted, bytes, for every method (413 beyond).
    max_body_bytes: int = 1024 * 1024
    # Largest request headers together, bytes (431 beyond); the request line is not counted.
    max_header_bytes: int = 32 * 1024
    # Mutations per minute per client (IP or session); 0 disables.
    rate_limit_per_minute: int = 120
    # Paste-proxy fetches that need a decode (not yet cached) per minute per client address; 0 disables.
    proxy_decodes_per_minute: int = 20
    # Local sign-in: failures per (account, address) before each further one doubles the wait
    # (1 s up to 15 min); attempts per client address a minute: five times this. 0 disables.
    login_attempts_per_minute: int = 10
    # Rate-limit counters, cursor snapshots and the character cache are shared by every worker:
    # in a SQLite file beside db_path, in PostgreSQL when database_url is set, or in Redis
    # when this URL (redis://host:port/db) is set (Redis wins).
    redis_url: str = ""
    redis_prefix: str = "waypoint:"
    # Addresses (comma-separated, or "*") whose X-Forwarded-For / X-Forwarded-Proto are trusted;
    # empty trusts nobody, so a client cannot choose the address its limits are counted under.
    forwarded_allow_ips: str = ""
    # How long an anonymous search page may lag the data, ms: an answer read at t is served until
    # t + this after a like or publish changed it (exact while nothing changed); 0 is always exact.
    # Signed-in searches, builds by id and like answers are always exact.
    public_page_max_stale_ms: int = 500
    # Build reads (GET /api/Build/...) at work at once per worker process; more wait their turn,
    # so a loop full of reads cannot hold up a like. 0 lets every read in at once.
    read_concurrency: int = 8
    # Uvicorn worker processes for `serve`.
    workers: int = 1
    log_level: str = "info"

    @property
    def base_url(self) -> str:
        return self.public_url.rstrip("/") or f"http://{self.host}:{self.port}"

    @property
    def own_origins(self) -> frozenset[str]:
        """Origins whose pages may send mutations: the public URL's, and `extra_origins`. Never
        derived from a request (its Host header is the client's to choose). With no public URL on
        a loopback address (the embedded default), the loopback names on this port and on the
        Vite dev server's (5173, which proxies /api here) are ours too."""
        origins = {origin_of(self.base_url)} | {origin_of(o) for o in self.extra_origins.split(",") if o.strip()}
        if not self.public_url and self.host in LOOPBACK_HOSTS:
            origins |= {f"http://{name}:{port}" for name in LOOPBACK_NAMES for port in (self.port, VITE_DEV_PORT)}
        return frozenset(origins)

    @property
    def image_origins(self) -> tuple[str, ...]:
        """item_image_origins as origins (scheme://host[:port]), in the order given."""
        return tuple(dict.fromkeys(origin_of(o) for o in self.item_image_origins.split(",") if o.strip()))

    @property
    def auth_provider(self) -> str:
        return "ggg" if self.ggg_client_id else "local"

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None, **overrides: object) -> Settings:
        env = os.environ if env is None else env
        values: dict[str, object] = {}
        for name in cls.__struct_fields__:
            key = f"WAYPOINT_{name.upper()}"
            if key in env:
                values[name] = env[key]
        values.update(overrides)
        return msgspec.convert(values, cls, strict=False)
