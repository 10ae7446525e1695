"""The paste-proxy bomb of issue 32, as a process of its own (so its threads never share a GIL
with whoever measures the server).

`python -m e2e.bench.proxy_attack CLIENTS` serves a fake pobb.in on loopback that answers every
paste id with one CPU-heavy planner code (100 passive trees of 19,000 node entries each: within
publish's limits, about a CPU-second to decode), prints `READY <fake base URL>`, and waits for
a line on stdin: `GO <server base URL>` starts CLIENTS anonymous clients, each from its own
loopback address (127.0.0.2, .3, ...: separate per-address budgets), each asking in a loop for
fresh paste ids; `PAUSE` holds them and prints `PAUSED` once none has a request in flight;
`RESUME` lets them go on; `COUNT` prints `ANSWERED <n>` (answers so far); `STOP` ends them and
prints `DONE <json of answer status -> count>`.

`search_p99_under_proxy_attack()` runs the whole measurement (the test
tests/server/test_proxy_decode.py and the bench bench_server_proxy_attack.py share it).
"""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
import threading
import time
import uuid
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import httpx

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

TREES, NODES = 100, 19_000


def bomb_code() -> str:
    """A real build's code with its trees replaced by TREES trees of NODES node entries each."""
    import base64
    import zlib

    from lxml import etree

    from server.paths import POB_CORPUS
    from server.planner.decode import parse_planner_xml, planner_xml_bytes

    source = POB_CORPUS / "AdamZ-8113__pob-codes" / "heavy_strike_of_trarthus_inquisitor_328.code.txt"
    root = parse_planner_xml(planner_xml_bytes(source.read_text()))
    tree = root.find("Tree")
    specs = tree.findall("Spec")
    attrs = {k: v for k, v in specs[0].attrib.items() if k not in ("nodes", "title")}
    for spec in specs:
        tree.remove(spec)
    nodes = ",".join(["1"] * NODES)
    for i in range(TREES):
        etree.SubElement(tree, "Spec", title=f"Tree {i}", nodes=nodes, **attrs)
    return base64.urlsafe_b64encode(zlib.compress(etree.tostring(root), 9)).decode()


def fake_host(code: str) -> ThreadingHTTPServer:
    body = code.encode()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (http.server API)
            try:
                self.send_response(200)
                self.send_header("Content-Type", "text/plain")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):
                pass

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class Control:
    def __init__(self) -> None:
        self.stop = threading.Event()
        self.running = threading.Event()  # cleared: paused
        self.lock = threading.Lock()
        self.in_flight = 0
        self.idle = threading.Condition(self.lock)
        self.seen: Counter = Counter()


def attack(base_url: str, address: str, ctl: Control) -> None:
    transport = httpx.HTTPTransport(local_address=address)
    with httpx.Client(base_url=base_url, transport=transport, timeout=60) as client:
        paused = True
        while not ctl.stop.is_set():
            if not ctl.running.wait(0.05):
                paused = True
                continue
            if paused:
                # Six independent clients, not one volley: each (re)starts at its own moment.
                paused = False
                time.sleep(random.uniform(0, 1))
            with ctl.lock:
                if not ctl.running.is_set() or ctl.stop.is_set():
                    continue
                ctl.in_flight += 1
            paste = uuid.uuid4().hex[:12]  # a fresh id: never cached, always a fetch and a decode
            try:
                status = client.get(f"/api/proxy/pobb/{paste}").status_code
            except httpx.HTTPError as exc:
                status = type(exc).__name__
            with ctl.lock:
                ctl.seen[str(status)] += 1
                ctl.in_flight -= 1
                ctl.idle.notify_all()


def _p(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def search_p99_under_proxy_attack(clients: int = 6, rounds: int = 4, per_round: int = 100) -> dict:
    """Signed-in search p99 on a 2-worker server with and without `clients` anonymous proxy bombers
    (e2e/bench/proxy_attack.py, a process of its own), in one run. Attacked and quiet rounds take
    turns, so a change in the machine's other load lands on both sides alike. An attacked round
    lasts until half as many bombs as clients were answered in it (and `per_round` searches at
    least; 45 s at most); a quiet one starts once no bomb is in flight and lasts as long."""
    attacker = subprocess.Popen(
        [sys.executable, str(Path(__file__).resolve()), str(clients)],
        cwd=REPO, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )

    def tell(word: str, answer: str | None = None) -> str:
        attacker.stdin.write(word + "\n")
        attacker.stdin.flush()
        if answer is None:
            return ""
        line = attacker.stdout.readline()
        assert line.startswith(answer), line
        return line[len(answer):].strip()

    def answered() -> int:
        return int(tell("COUNT", "ANSWERED "))

    from e2e.harness import ServerProcess

    try:
        ready = attacker.stdout.readline().split()
        assert ready and ready[0] == "READY", ready
        env = {"WAYPOINT_WORKERS": "2", "WAYPOINT_POBB_BASE_URL": ready[1], "WAYPOINT_RATE_LIMIT_PER_MINUTE": "0"}
        with ServerProcess(env=env) as server:
            reader = server.signed_up("Searcher", timeout=30)

            def search_once() -> float:
                start = time.perf_counter()
                r = reader.get("/api/Build/search", params={"pageSize": 20})
                assert r.status_code == 200 and r.json()["data"]["builds"], r.text
                return time.perf_counter() - start

            for _ in range(20):
                search_once()  # warm both workers
            quiet: list[float] = []
            attacked: list[float] = []
            tell(f"GO {server.base_url}")
            for _ in range(rounds):
                tell("RESUME")
                started = time.monotonic()
                goal, deadline = answered() + max(1, clients // 2), started + 45
                taken = 0
                while taken < per_round or (answered() < goal and time.monotonic() < deadline):
                    attacked += [search_once() for _ in range(10)]
                    taken += 10
                lasted = time.monotonic() - started
                tell("PAUSE", "PAUSED")
                started = time.monotonic()
                while time.monotonic() - started < lasted:
                    quiet += [search_once() for _ in range(10)]
            answers = json.loads(tell("STOP", "DONE "))
    finally:
        if attacker.poll() is None:
            attacker.kill()
        attacker.wait()
    return {
        "quiet_p99": _p(quiet, 0.99), "attack_p99": _p(attacked, 0.99),
        "ratio": _p(attacked, 0.99) / _p(quiet, 0.99), "samples": (len(attacked), len(quiet)),
        "quiet_p50": statistics.median(quiet), "attack_p50": statistics.median(attacked), "answers": answers,
    }


def main() -> int:
    clients = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    host = fake_host(bomb_code())
    print(f"READY http://127.0.0.1:{host.server_address[1]}", flush=True)
    ctl = Control()
    threads: list[threading.Thread] = []
    for line in sys.stdin:
        word, _, arg = line.strip().partition(" ")
        if word == "GO":
            ctl.running.set()
            threads = [
                threading.Thread(target=attack, args=(arg, f"127.0.0.{i + 2}", ctl), daemon=True)
                for i in range(clients)
            ]
            for t in threads:
                t.start()
        elif word == "PAUSE":
            with ctl.lock:
                ctl.running.clear()
                ctl.idle.wait_for(lambda: ctl.in_flight == 0, 120)
            print("PAUSED", flush=True)
        elif word == "COUNT":
            with ctl.lock:
                print(f"ANSWERED {sum(ctl.seen.values())}", flush=True)
        elif word == "RESUME":
            ctl.running.set()
        elif word == "STOP":
            break
    ctl.stop.set()
    ctl.running.set()
    for t in threads:
        t.join(60)
    print(f"DONE {json.dumps(dict(ctl.seen))}", flush=True)
    host.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
