"""Issue 15, item 5: limits and cursor snapshots hold across 2 worker processes, and a
forwarded-for header from an untrusted peer changes nothing.

/proc tells which worker accepted each connection; the test keeps one connection to each
worker and takes turns, so every limit and cursor is checked across both processes. Run once with the default SQLite shared state and once with
Redis (skipped when no Redis answers on 127.0.0.1:6379).
"""

from __future__ import annotations

import http.client
import json
import os
import socket
import time
import uuid
from pathlib import Path

import pytest

from e2e.harness import ServerProcess
from server.store.bulk import bulk_insert_builds

REDIS_URL = os.environ.get("WAYPOINT_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


def _redis_up() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=0.5) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def _children(pid: int) -> list[int]:
    return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def _owner_of_peer(workers: list[int], client_port: int) -> int | None:
    """The worker holding the server side of the connection whose client port is `client_port`."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if int(fields[2].rsplit(":", 1)[1], 16) == client_port:
                inodes.add(fields[9])
    for pid in workers:
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            try:
                target = os.readlink(fd)
            except OSError:
                continue
            if target.startswith("socket:[") and target[8:-1] in inodes:
                return pid
    return None


class Caller:
    """Requests spread over both workers on purpose: one keep-alive connection pinned to each
    worker, used in turn, so every check below is made across processes, not by luck of accept()."""

    def __init__(self, server: ServerProcess, cookie: str = ""):
        self.server, self.cookie = server, cookie
        self.workers = _children(server.proc.pid)  # the 2 workers and multiprocessing's helper
        self.conns: dict[int, http.client.HTTPConnection] = {}
        spare: list[http.client.HTTPConnection] = []
        for _ in range(200):
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
            conn.connect()
            owner = self._owner(conn)
            if owner and owner not in self.conns:
                self.conns[owner] = conn
            else:
                spare.append(conn)  # held open so the next connect may land elsewhere
            if len(self.conns) == 2:
                break
        for conn in spare:
            conn.close()
        assert len(self.conns) == 2, "could not reach both workers"
        self.turn = 0
        self.seen: set[int] = set()
        self.used = dict.fromkeys(self.conns, time.monotonic())

    def _repin(self, pid: int) -> None:
        """A fresh connection to worker `pid`: uvicorn closes one idle for 5 s (keep-alive), which a
        loaded machine reaches while other users sign up between two calls."""
        self.conns.pop(pid).close()
        spare: list[http.client.HTTPConnection] = []
        for _ in range(200):
            conn = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=30)
            conn.connect()
            if self._owner(conn) == pid:
                self.conns[pid] = conn
                break
            spare.append(conn)
        for conn in spare:
            conn.close()
        assert pid in self.conns, f"could not reach worker {pid} again"

    def _owner(self, conn: http.client.HTTPConnection) -> int | None:
        deadline = time.monotonic() + 2
        while time.monotonic() < deadline:  # accept() runs in the worker's own time
            owner = _owner_of_peer(self.workers, conn.sock.getsockname()[1])
            if owner:
                return owner
            time.sleep(0.01)
        return None

    def call(self, method: str, path: str, body: dict | None = None, headers: dict | None = None):
        pid = sorted(self.conns)[self.turn % 2]
        self.turn += 1
        if time.monotonic() - self.used[pid] > 3:
            self._repin(pid)
        conn = self.conns[pid]
        h = {"Origin": self.server.base_url, **({"Cookie": self.cookie} if self.cookie else {}), **(headers or {})}
        payload = None
        if body is not None:
            payload = json.dumps(body).encode()
            h["Content-Type"] = "application/json"
        conn.request(method, path, body=payload, headers=h)
        r = conn.getresponse()
        data = r.read()
        assert _owner_of_peer(self.workers, conn.sock.getsockname()[1]) == pid, "the pinned connection moved"
        self.seen.add(pid)
        self.used[pid] = time.monotonic()
        return r.status, data

    def close(self) -> None:
        for conn in self.conns.values():
            conn.close()


def _check_limits_and_paging(tmp_path: Path, extra_env: dict[str, str]) -> None:
    db = tmp_path / "shared.sqlite3"
    # Skewed like counts from 0 to 10 (set directly), spread over every page.
    ids = bulk_insert_builds(db, 60, seed=3, max_likes=10)
    # Per session 12 a minute, per IP 60: every call below comes from 127.0.0.1.
    env = {"WAYPOINT_WORKERS": "2", "WAYPOINT_SEED_DEMO": "false", "WAYPOINT_RATE_LIMIT_PER_MINUTE": "12",
           **extra_env}
    with ServerProcess(env=env, db_path=db) as server:
        # Paging: the first page's cursor, then likes move a build from a later page to the top.
        reader = Caller(server)
        status, raw = reader.call("GET", "/api/Build/search?pageSize=20")
        first = json.loads(raw)["data"]
        page1 = [b["buildId"] for b in first["builds"]]
        low = first["builds"][-1]["buildId"]
        status, raw = reader.call("GET", f"/api/Build/search?pageSize=40&lastGuid={first['cursor']['lastGuid']}"
                                          f"&likeAmount={first['cursor']['likeAmount']}")
        low = json.loads(raw)["data"]["builds"][-1]["buildId"]  # the last build of all
        for i in range(11):  # 2 sign-in calls and 1 like each: 33 of the IP's 60 (or what refilled)
            fan = server.signed_up(f"Mover {i}")
            assert fan.post(f"/api/Build/{low}/like", json={"like": True}).status_code == 200
            fan.close()
        # Walk with lastGuid + likeAmount only, as the PWA does, several times over fresh connections.
        for _ in range(3):
            walked, cursor = list(page1), first["cursor"]
            while cursor:
                status, raw = reader.call(
                    "GET", f"/api/Build/search?pageSize=20&lastGuid={cursor['lastGuid']}&likeAmount={cursor['likeAmount']}"
                )
                data = json.loads(raw)["data"]
                walked += [b["buildId"] for b in data["builds"]]
                cursor = data["cursor"]
            assert len(walked) == len(set(walked)) == 60 and low in walked
        assert len(reader.seen) == 2, "both workers must have answered pages"

        # The per-session limit (12 a minute: a bucket of 12 refilling one every 5 s) holds across
        # both workers.
        user = server.signed_up("Limited")
        caller = Caller(server, f"waypoint_session={user.cookies['waypoint_session']}")
        started = time.monotonic()
        codes = [caller.call("POST", f"/api/Build/{ids[0]}/like", {"like": i % 2 == 0})[0] for i in range(20)]
        refilled = int((time.monotonic() - started) / 5)
        assert 12 <= codes.count(200) <= 12 + refilled and codes.count(429) >= 8 - refilled, codes
        assert len(caller.seen) == 2, "both workers must have counted"

        # The IP's bucket (60 a minute, one a second back) emptied, a rotating X-Forwarded-For from
        # an untrusted peer does not buy a fresh per-IP budget: trusted, each of these would count
        # under its own address.
        anon = Caller(server)
        for _ in range(100):
            if anon.call("POST", "/api/auth/login", {"ReturnPath": "/"})[0] == 429:
                break
        started = time.monotonic()
        codes = [
            anon.call("POST", "/api/auth/login", {"ReturnPath": "/"}, {"X-Forwarded-For": f"10.0.0.{i}"})[0]
            for i in range(1, 31)
        ]
        refilled = int(time.monotonic() - started) + 1
        assert codes.count(200) <= refilled and codes.count(429) >= 30 - refilled, codes
        for c in (reader, caller, anon):
            c.close()


def test_limits_and_snapshots_are_shared_by_two_workers_in_sqlite(tmp_path):
    _check_limits_and_paging(tmp_path, {})


@pytest.mark.skipif(not _redis_up(), reason="no Redis answers on 127.0.0.1:6379")
def test_limits_and_snapshots_are_shared_by_two_workers_in_redis(tmp_path):
    _check_limits_and_paging(tmp_path, {"WAYPOINT_REDIS_URL": REDIS_URL,
                                        "WAYPOINT_REDIS_PREFIX": f"waypoint-test-{uuid.uuid4().hex}:"})
