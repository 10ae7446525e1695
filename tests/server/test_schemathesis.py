"""schemathesis against /schema of a real server (signed in, so protected calls are reached): no 5xx.

Then the inputs that once gave 500s (NUL bytes in paths, JSON nested 100,000 deep, bodies
that are not UTF-8, booleans given as numbers) on every operation of the same schema.

Bounded: a fixed seed, few examples per operation and a time budget.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import httpx

from e2e.harness import REPO, ServerProcess
from tests.planner.fake_pobb import FakePasteHost

BUDGET_S = int(os.environ.get("WAYPOINT_SCHEMATHESIS_SECONDS", "45"))


DEEP = b"[" * 100_000 + b"]" * 100_000
HOSTILE_BODIES = {
    "deeply nested JSON": DEEP,
    "nested inside an object": b'{"a":' + DEEP + b"}",
    "not UTF-8": b'{"a": "\xff\xfe\xc3\x28"}',
    "truncated": b'{"a": ',
}


def _fill(path: str) -> str:
    return re.sub(r"\{[^}]+\}", "abcdefgh2", path)


def _numbers_for_booleans(schema: dict, components: dict) -> dict:
    """A body whose boolean fields hold 1 and whose other fields hold their type's simplest value."""
    if "$ref" in schema:
        schema = components[schema["$ref"].rsplit("/", 1)[1]]
    simple = {"string": "abcdefgh2", "integer": 1, "number": 1, "array": [], "object": {}}
    out = {}
    for name, prop in schema.get("properties", {}).items():
        kind = prop.get("type") or next((o.get("type") for o in prop.get("oneOf", []) if o.get("type")), "string")
        out[name] = 1 if kind == "boolean" else simple.get(kind, "x")
    return out


def hostile_inputs_on_every_operation(server, token: str) -> None:
    """The inputs that used to give 500s, on every operation of the schema: never a 5xx."""
    doc = httpx.get(f"{server.base_url}/schema/openapi.json").json()
    components = doc.get("components", {}).get("schemas", {})
    headers = {"Cookie": f"waypoint_session={token}", "Origin": server.base_url}
    tried = 0
    with httpx.Client(base_url=server.base_url, timeout=30, headers=headers) as c:
        for path, ops in doc["paths"].items():
            if path == "/api/auth/logout":
                continue
            url = _fill(path)
            for method, op in ops.items():
                statuses = [c.request(method.upper(), url + "%00").status_code]
                if method in ("post", "put", "patch", "delete"):
                    for body in HOSTILE_BODIES.values():
                        statuses.append(c.request(method.upper(), url, content=body,
                                                  headers={"Content-Type": "application/json"}).status_code)
                    content = op.get("requestBody", {}).get("content", {})
                    schema = next(iter(content.values()), {}).get("schema")
                    if schema:
                        statuses.append(c.request(method.upper(), url, json=_numbers_for_booleans(schema, components)).status_code)
                tried += len(statuses)
                assert all(s < 500 for s in statuses), (method, path, statuses)
                # 400 where a route takes the path; a path no route takes is a plain 404.
                assert statuses[0] in (400, 404), (method, path, "NUL byte")
    assert tried > 20


def test_schemathesis_finds_no_server_errors(tmp_path):
    # The paste hosts cannot be reached from here, and an unreachable upstream is an honest 502:
    # the proxies talk to one loopback host that knows no paste (404s), as they would to the real ones.
    with FakePasteHost() as pastes:
        _fuzz(tmp_path, pastes.base_url)


def _fuzz(tmp_path, paste_base_url: str) -> None:
    env = {"WAYPOINT_RATE_LIMIT_PER_MINUTE": "0", "WAYPOINT_SEED_DEMO": "false"}
    for host in ("POBB", "PASTEBIN", "POE_NINJA", "MAXROLL"):
        env[f"WAYPOINT_{host}_BASE_URL"] = paste_base_url
    with ServerProcess(env=env, db_path=tmp_path / "st.sqlite3") as server:
        token = server.signed_up("Fuzzer").cookies["waypoint_session"]
        cli = Path(sys.executable).with_name("schemathesis")
        r = subprocess.run(
            [
                str(cli), "run", f"{server.base_url}/schema/openapi.json",
                "--checks", "not_a_server_error",
                "--max-examples", "15", "--max-time", str(BUDGET_S), "--seed", "7",
                "--generation-database", "none",
                # Logging out would end the fuzzer's session for every later call.
                "--exclude-path", "/api/auth/logout",
                "-H", f"Cookie: waypoint_session={token}",
                # Call as our own pages do, so mutations get past the same-origin check.
                "-H", f"Origin: {server.base_url}",
            ],
            cwd=REPO, capture_output=True, text=True, timeout=BUDGET_S + 120,
        )
        tail = r.stdout[-4000:]
        assert r.returncode == 0, tail
        assert "passed" in tail
        hostile_inputs_on_every_operation(server, token)
        log = server.log.read_text()
        assert "unhandled error" not in log, log[-4000:]
