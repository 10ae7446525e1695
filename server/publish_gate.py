"""Planner decodes (publish and the paste proxy): one at a time per worker process, in a
low-priority child process.

A decode is bounded (size and element caps in server.publish), but a small code can still
cost about a CPU-second. Run on a thread it would hold the GIL against the event loop, and
every request of the worker would wait its turn for it (signed-in search went from 5 ms
to a second under six anonymous proxy clients). So the work runs in one child process per
worker, started with the server and scheduled as idle work: the kernel gives the serving
processes the CPU first, and the loop only awaits a future. At most one decode runs per
worker, and its slot then rests as long as the decode took, so a worker's decodes use at
most half a core however many arrive (cores share caches and memory with the searches they
would slow); a few more decodes may wait their turn (WAIT_S at most); past MAX_WAITING, or
after that wait, the caller gets a 503 with Retry-After at once instead of piling up. One
player (a session, or an address when signed out) has at most PER_CLIENT decodes waiting or at
work in a worker; more of theirs get a 429, so one player's flood cannot fill the line that
every other player's publish waits in.
"""

from __future__ import annotations

import asyncio
import atexit
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from litestar import Request

from server.auth.session import current_user
from server.client_address import request_limit_key
from server.errors import ApiError

WAIT_S = 15.0
# Requests waiting for this worker's decode slot, at most; more are turned away at once.
MAX_WAITING = 8
# The child's niceness: under a flood of decodes the serving processes keep the CPU.
NICENESS = 19
RETRY_AFTER_S = 5
# Decodes one player may have waiting or at work in one worker (the PWA's outbox sends one at a time).
PER_CLIENT = 4
# The share of time a worker's decode slot may be at work.
DUTY = 0.5

_pool: ProcessPoolExecutor | None = None


def _start_child() -> None:
    """The decoders' imports first, at full priority (niced, a start on a busy machine took
    seconds), then the lower priority for the decodes themselves."""
    import server.paste_check
    import server.publish  # noqa: F401

    server.paste_check.check_paste("")  # lxml and the planner modules load on first use
    try:
        # SCHED_IDLE: the CPU only when no serving process wants it, and a serving process
        # that wakes takes it back at once; else the lowest niceness.
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        try:
            os.nice(NICENESS)
        except OSError:
            pass


def _nothing() -> None:
    pass


async def warm_decode_child(_app=None) -> None:
    """Start the decode child now, in the background, so the first publish or paste does not
    wait for a new interpreter (a start-up hook of served processes)."""
    decode_pool().submit(_nothing)


def decode_pool() -> ProcessPoolExecutor:
    """This process's decode child, started on first use (spawned: the server has threads,
    which a fork would copy mid-lock) and kept for the process's life (apps of one test
    process share it)."""
    global _pool
    if _pool is None:
        _pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"), initializer=_start_child)
    return _pool


@atexit.register
def _shutdown() -> None:
    global _pool
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
        _pool = None


def busy() -> ApiError:
    return ApiError(503, "The server is busy checking other builds; retry shortly",
                    headers={"Retry-After": str(RETRY_AFTER_S)})


def yours_busy() -> ApiError:
    return ApiError(429, f"You have {PER_CLIENT} builds being checked already; retry in {RETRY_AFTER_S} seconds",
                    headers={"Retry-After": str(RETRY_AFTER_S)})


class DecodeGate:
    """One decode at a time for one event loop (a worker's app)."""

    def __init__(self) -> None:
        self.slot = asyncio.Semaphore(1)
        self.waiting = 0
        # Decodes waiting or at work, per player.
        self.held: dict[str, int] = {}

    async def run(self, fn, *args, who: str = ""):
        """fn(*args) in the decode child, under the slot; ApiError 429 when `who` has PER_CLIENT
        decodes in already, 503 when the line is full."""
        if self.held.get(who, 0) >= PER_CLIENT:
            raise yours_busy()
        if self.waiting >= MAX_WAITING:
            raise busy()
        self.held[who] = self.held.get(who, 0) + 1
        try:
            return await self._run(fn, *args)
        finally:
            self.held[who] -= 1
            if not self.held[who]:
                del self.held[who]

    async def _run(self, fn, *args):
        global _pool
        self.waiting += 1
        try:
            await asyncio.wait_for(self.slot.acquire(), WAIT_S)
        except TimeoutError as exc:
            raise busy() from exc
        finally:
            self.waiting -= 1
        loop = asyncio.get_running_loop()
        started = loop.time()
        try:
            pool = decode_pool()
            try:
                return await loop.run_in_executor(pool, fn, *args)
            except BrokenProcessPool as exc:
                # The child died (killed, out of memory): the next decode starts a new one.
                if _pool is pool:
                    _pool = None
                raise busy() from exc
        finally:
            # The slot rests as long again as the decode took (DUTY): half a core per worker at
            # most, whatever the flood.
            loop.call_later((loop.time() - started) * (1 / DUTY - 1), self.slot.release)


def decode_gate(request: Request) -> DecodeGate:
    state = request.app.state
    gate = getattr(state, "decode_gate", None)
    if gate is None:
        gate = state.decode_gate = DecodeGate()
    return gate


async def decode_off_loop(request: Request, fn, *args):
    """fn(*args) (a module-level function: it is sent to the child by name) through this
    worker's gate, in the decode child."""
    user = current_user(request)
    who = f"u:{user.id}" if user else f"ip:{request_limit_key(request)}"
    return await decode_gate(request).run(fn, *args, who=who)
