"""Faults the server must ride out, for tests and benchmarks: another process holding a SQLite
file's write lock, a Redis server that answers nobody."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from tests.processes import stop
from tests.redis_server import RedisServer

# Holds the file's write lock (an open write transaction) until its stdin closes.
_HOLD_WRITE_LOCK = """
import sqlite3, sys
connection = sqlite3.connect(sys.argv[1], isolation_level=None)
connection.execute("BEGIN IMMEDIATE")
print("holding", flush=True)
sys.stdin.read()
connection.execute("ROLLBACK")
"""


@contextmanager
def sqlite_write_lock_held(database: str) -> Iterator[None]:
    """Another process holds ``database``'s write lock for the length of the block."""
    holder = subprocess.Popen(
        [sys.executable, "-c", _HOLD_WRITE_LOCK, database],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    with holder:
        try:
            assert holder.stdout is not None and holder.stdout.readline() == b"holding\n"
            yield
        finally:
            if holder.stdin is not None:
                holder.stdin.close()
            stop(holder, timeout=10)


@contextmanager
def redis_stopped(server: RedisServer) -> Iterator[None]:
    """The server answers nobody for the length of the block (SIGSTOP, then SIGCONT): its
    connections stay open, so each command waits for its timeout."""
    os.kill(server.process.pid, signal.SIGSTOP)
    try:
        yield
    finally:
        os.kill(server.process.pid, signal.SIGCONT)
