"""schemathesis against /schema of a real server (signed in, so protected calls are reached): no 5xx.

Bounded: a fixed seed, few examples per operation and a time budget.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from e2e.harness import REPO, ServerProcess

BUDGET_S = int(os.environ.get("WAYPOINT_SCHEMATHESIS_SECONDS", "45"))


def test_schemathesis_finds_no_server_errors(tmp_path):
    env = {"WAYPOINT_RATE_LIMIT_PER_MINUTE": "0", "WAYPOINT_SEED_DEMO": "false"}
    with ServerProcess(env=env, db_path=tmp_path / "st.sqlite3") as server:
        with server.signed_up("Fuzzer") as c:
            token = c.cookies["waypoint_session"]
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
            ],
            cwd=REPO, capture_output=True, text=True, timeout=BUDGET_S + 120,
        )
        tail = r.stdout[-4000:]
        assert r.returncode == 0, tail
        assert "passed" in tail
        log = server.log.read_text()
        assert "unhandled error" not in log, log[-4000:]
