"""Signed-in search under a paste-proxy bomb (issue 32): six anonymous clients, each from its own
loopback address, ask a 2-worker server for fresh pastes whose code costs about a CPU-second to
decode, while one signed-in user searches. Attacked and quiet rounds take turns in one run
(e2e/bench/proxy_attack.py). Prints:
  BENCH server.search_p99_under_proxy_attack_ratio  search p99 with the attack / without it (goal <= 2)
  BENCH server.search_p99_under_proxy_attack_ms     the attacked p99
  BENCH server.search_p99_quiet_ms                  the quiet p99
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from e2e.bench.proxy_attack import search_p99_under_proxy_attack  # noqa: E402


def main() -> int:
    result = search_p99_under_proxy_attack()
    print(f"BENCH server.search_p99_under_proxy_attack_ratio {result['ratio']:.2f} x")
    print(f"BENCH server.search_p99_under_proxy_attack_ms {result['attack_p99'] * 1000:.1f} ms")
    print(f"BENCH server.search_p99_quiet_ms {result['quiet_p99'] * 1000:.1f} ms")
    print(f"# answers to the bombers: {result['answers']}, {result['samples']} searches (attacked, quiet)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
