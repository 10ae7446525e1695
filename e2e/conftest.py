"""Session fixtures: one PWA build, one seeded server, one Chromium."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from e2e.harness import ServerProcess, build_pwa, launch_chromium


def pytest_collection_modifyitems(items):
    for item in items:
        if "/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def pwa_dist() -> Iterator[Path]:
    """The PWA built once per session into a private folder, removed afterwards (WAYPOINT_E2E_PWA_DIST
    reuses a build; make it with VITE_DEV_PAGES=1, see README)."""
    reuse = os.environ.get("WAYPOINT_E2E_PWA_DIST")
    if reuse:
        yield Path(reuse)
        return
    with tempfile.TemporaryDirectory(prefix="waypoint-pwa-") as tmp:
        yield build_pwa(Path(tmp) / "dist")


@pytest.fixture(scope="session")
def live_server(pwa_dist):
    """The real server with the built PWA and a fresh SQLite file, shared by a session."""
    with ServerProcess(pwa_dist) as server:
        yield server


@pytest.fixture(scope="session")
def start_server(pwa_dist):
    """Factory for a dedicated server (own database, own env), stopped at session end."""
    started: list[ServerProcess] = []

    def start(env: dict[str, str] | None = None, **kw) -> ServerProcess:
        server = ServerProcess(pwa_dist, env=env, **kw).start()
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


@pytest.fixture(scope="session")
def playwright_instance():
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright_instance):
    b = launch_chromium(playwright_instance)
    yield b
    b.close()


@pytest.fixture
def context(browser, live_server):
    ctx = browser.new_context(base_url=live_server.base_url, viewport={"width": 1400, "height": 900})
    yield ctx
    ctx.close()


@pytest.fixture
def page(context):
    p = context.new_page()
    p.set_default_timeout(15_000)
    yield p
