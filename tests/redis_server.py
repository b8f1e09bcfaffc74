"""A throwaway real redis-server for tests: loopback only, no persistence, its own temp dir.

Independent of pytest so that any fixture (or a benchmark script) can start one.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import IO

from tests.processes import stop

_HOST = "127.0.0.1"
_START_TIMEOUT_SECONDS = 10.0
_START_ATTEMPTS = 3


class RedisServerError(RuntimeError):
    """redis-server is missing or did not answer PING in time."""


@dataclass
class RedisServer:
    """A running redis-server; `stop()` or leaving a `with` block ends it and removes its dir."""

    port: int
    process: subprocess.Popen[bytes]
    directory: Path
    log: IO[bytes]

    @property
    def url(self) -> str:
        return f"redis://{_HOST}:{self.port}/0"

    def stop(self) -> None:
        stop(self.process, timeout=5)
        self.log.close()
        shutil.rmtree(self.directory, ignore_errors=True)

    def __enter__(self) -> RedisServer:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()


def start_redis_server(executable: str = "redis-server") -> RedisServer:
    """Start redis-server on a free loopback port and wait until it answers PING."""
    binary = shutil.which(executable)
    if binary is None:
        raise RedisServerError(f"{executable} not found on PATH (apt-get install redis-server)")
    last_error = "never started"
    # The free port is found by binding and releasing it, so another process can take it
    # before redis-server binds: retry on a fresh port instead of failing the run.
    for _ in range(_START_ATTEMPTS):
        server = _spawn(binary, _free_port())
        if _wait_for_ping(server):
            return server
        last_error = _log_tail(server)
        server.stop()
    raise RedisServerError(f"redis-server did not start: {last_error}")


def _spawn(binary: str, port: int) -> RedisServer:
    directory = Path(tempfile.mkdtemp(prefix="redis-test-"))
    log = (directory / "redis.log").open("wb")
    command = [
        binary,
        "--port", str(port),
        "--bind", _HOST,
        "--save", "",
        "--appendonly", "no",
        "--dir", str(directory),
        "--daemonize", "no",
    ]  # fmt: skip
    process = subprocess.Popen(
        command, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT
    )
    return RedisServer(port=port, process=process, directory=directory, log=log)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((_HOST, 0))
        port: int = probe.getsockname()[1]
        return port


def _wait_for_ping(server: RedisServer) -> bool:
    deadline = time.monotonic() + _START_TIMEOUT_SECONDS
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            return False
        if _ping(server.port):
            return True
        time.sleep(0.02)
    return False


def _ping(port: int) -> bool:
    try:
        with socket.create_connection((_HOST, port), timeout=0.5) as connection:
            connection.sendall(b"PING\r\n")
            return connection.recv(64).startswith(b"+PONG")
    except OSError:
        return False


def _log_tail(server: RedisServer) -> str:
    server.log.flush()
    text = (server.directory / "redis.log").read_text(errors="replace")
    return text[-500:] or f"exit code {server.process.poll()}"
