"""Issue 15, item 4: a like commits on the event loop. While another connection holds SQLite's
write lock it waits on the loop, which keeps serving others, and loses nothing; its WAL
checkpoints run on a thread of their own."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time

import pytest

from server.store.db import CHECKPOINT_EVERY, Database


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


async def test_a_small_write_waits_on_the_loop_while_another_process_holds_the_lock(tmp_path):
    db = await _open(tmp_path)
    holder = sqlite3.connect(db.path, isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")
        holder.execute("INSERT INTO t VALUES (2, 'holder')")
        loop_thread = threading.get_ident()
        write = asyncio.create_task(
            db.write_small(lambda c: (c.execute("INSERT INTO t VALUES (3, 'queued')"), threading.get_ident())[1])
        )
        # The loop is not blocked meanwhile: 100 turns of 1 ms take about 0.1 s, not 0.2 s and more.
        began = time.perf_counter()
        for _ in range(100):
            await asyncio.sleep(0.001)
        assert time.perf_counter() - began < 0.19 + 0.2, "the loop kept turning while the write waited"
        assert not write.done(), "the write waits for the lock instead of failing"
        holder.execute("COMMIT")
        ran_on = await asyncio.wait_for(write, 5)
        assert ran_on == loop_thread, "committed on the loop once the lock was free"
        rows = dict(holder.execute("SELECT k, v FROM t").fetchall())
        assert rows == {2: "holder", 3: "queued"}
    finally:
        holder.close()
        await db.close()


async def test_inline_commits_checkpoint_the_wal_on_a_thread_not_in_the_commit(tmp_path):
    db = await _open(tmp_path)
    try:
        # A COMMIT on the loop never copies the WAL into the database (nor fsyncs it) itself...
        assert db._inline_conn.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0
        rows = 3 * CHECKPOINT_EVERY
        for k in range(rows):
            await db.write_small(lambda c, k=k: c.execute("INSERT INTO t VALUES (?, ?)", (100 + k, "x" * 2000)))
        if db._checkpointing is not None:
            await db._checkpointing
        # ...the checkpoint thread does: the database file itself has grown by the rows' pages,
        # which only a checkpoint writes there. (Opening a copy of the file alone would race the
        # next checkpoint's partial backfill.)
        assert db.path.stat().st_size >= CHECKPOINT_EVERY * 2000
    finally:
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
