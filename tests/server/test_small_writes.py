"""Issue 15, item 4: a like commits on the event loop when SQLite's write lock is free, and waits
its turn on the writer thread, losing nothing, when another connection holds the lock."""

from __future__ import annotations

import asyncio
import sqlite3
import threading

import pytest

from server.store.db import Database


async def _open(tmp_path) -> Database:
    db = await Database(tmp_path / "w.sqlite3").open()
    await db.write(lambda c: c.execute("CREATE TABLE t(k INTEGER PRIMARY KEY, v TEXT)"))
    return db


async def test_a_small_write_commits_inline_on_the_loop_thread(tmp_path):
    db = await _open(tmp_path)
    try:
        loop_thread = threading.get_ident()
        ran_on = await db.write_small(lambda c: (c.execute("INSERT INTO t VALUES (1, 'a')"), threading.get_ident())[1])
        assert ran_on == loop_thread
        other = sqlite3.connect(db.path)
        assert other.execute("SELECT v FROM t WHERE k = 1").fetchone() == ("a",), "committed, seen by others"
        other.close()
    finally:
        await db.close()


async def test_a_small_write_queues_while_another_process_holds_the_lock(tmp_path):
    db = await _open(tmp_path)
    holder = sqlite3.connect(db.path, isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")
        holder.execute("INSERT INTO t VALUES (2, 'holder')")
        loop_thread = threading.get_ident()
        write = asyncio.create_task(
            db.write_small(lambda c: (c.execute("INSERT INTO t VALUES (3, 'queued')"), threading.get_ident())[1])
        )
        await asyncio.sleep(0.2)
        assert not write.done(), "the write waits for the lock instead of failing"
        holder.execute("COMMIT")
        ran_on = await asyncio.wait_for(write, 5)
        assert ran_on != loop_thread, "a busy lock sends the write to the writer thread"
        rows = dict(holder.execute("SELECT k, v FROM t").fetchall())
        assert rows == {2: "holder", 3: "queued"}
    finally:
        holder.close()
        await db.close()


async def test_a_failing_small_write_rolls_back_and_frees_the_lock(tmp_path):
    db = await _open(tmp_path)
    try:
        def half_then_fail(c):
            c.execute("INSERT INTO t VALUES (4, 'half')")
            raise ValueError("no")

        with pytest.raises(ValueError):
            await db.write_small(half_then_fail)
        await db.write_small(lambda c: c.execute("INSERT INTO t VALUES (5, 'next')"))
        rows = await db.read(lambda c: dict(c.execute("SELECT k, v FROM t").fetchall()))
        assert rows == {5: "next"}
    finally:
        await db.close()
