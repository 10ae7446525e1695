"""Real parts for end-to-end tests: the built PWA, the real server on a free
loopback port with its own SQLite file, and Debian's Chromium through Playwright.

Import from tests too (`from e2e.harness import ServerProcess`), so server tests
run against the same real process the browser talks to.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from server.paths import SHARED_DIR

REPO = Path(__file__).resolve().parent.parent
SHARED = SHARED_DIR
ARTIFACTS = REPO / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-dev-shm-usage",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def build_pwa(out_dir: Path, dev_pages: bool = True) -> Path:
    """vite build into out_dir, so parallel runs never serve a half-written pwa/dist.

    `dev_pages` sets VITE_DEV_PAGES=1: the build then also routes /dev/tree and /dev/guide
    and has the test hooks (a forced render error); production builds have neither.
    """
    env = {**os.environ, "VITE_DEV_PAGES": "1" if dev_pages else ""}
    subprocess.run(
        ["npx", "vite", "build", "pwa", "--outDir", str(out_dir), "--emptyOutDir", "--logLevel", "error"],
        cwd=REPO,
        env=env,
        check=True,
    )
    return out_dir


class ServerProcess:
    """`python -m server serve` on a free port with a temporary database."""

    def __init__(self, pwa_dist: Path | None = None, env: dict[str, str] | None = None, db_path: Path | None = None):
        self.port = free_port()
        self.tmp = Path(tempfile.mkdtemp(prefix="waypoint-e2e-"))
        self.db_path = db_path or self.tmp / "waypoint.sqlite3"
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.env = {
            **os.environ,
            "WAYPOINT_HOST": "127.0.0.1",
            "WAYPOINT_PORT": str(self.port),
            "WAYPOINT_DB_PATH": str(self.db_path),
            "WAYPOINT_LOG_LEVEL": "warning",
            **({"WAYPOINT_PWA_DIST": str(pwa_dist)} if pwa_dist else {}),
            **(env or {}),
        }
        self.proc: subprocess.Popen | None = None
        self.log = self.tmp / "server.log"

    def start(self, timeout: float = 60.0) -> ServerProcess:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "server", "serve"],
            cwd=REPO,
            env=self.env,
            stdout=self.log.open("wb"),
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited with {self.proc.returncode}:\n{self.log.read_text()}")
            try:
                if httpx.get(f"{self.base_url}/api/health", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        log = self.log.read_text()
        self.stop()
        raise RuntimeError(f"server did not become healthy:\n{log}")

    def stop(self) -> None:
        """Stop the server and remove its temporary folder (log, default database)."""
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.proc = None
        shutil.rmtree(self.tmp, ignore_errors=True)

    def client(self, **kw) -> httpx.Client:
        return httpx.Client(base_url=self.base_url, timeout=15, **kw)

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


def launch_chromium(playwright, *extra_args: str):
    if not Path(CHROMIUM).exists():
        raise RuntimeError("Debian's chromium is missing: run ./just chromium")
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=[*CHROMIUM_ARGS, *extra_args])


def screenshot(page, name: str, full_page: bool = False) -> Path:
    """Save a screenshot under test-artifacts/<name>.png (kept as a CI artifact)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path
