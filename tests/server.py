"""A real `oomguide serve` process for tests: its own port, database and environment."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

import httpx

from tests.processes import stop


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass
class ServerProcess:
    port: int
    process: subprocess.Popen[bytes]
    log_path: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        stop(self.process, timeout=10)

    def kill(self) -> None:
        """Stop it the hard way, as a crash would."""
        self.process.kill()
        self.process.wait()

    def __enter__(self) -> ServerProcess:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()


def start_server(
    env: dict[str, str],
    log_dir: Path,
    port: int | None = None,
    workers: int = 1,
    module: str = "api.cli",
) -> ServerProcess:
    """Start `oomguide serve` and wait until /healthz answers; ``module`` is the command line
    run with ``python -m`` (a benchmark may run a patched one)."""
    port = port or free_port()
    log_path = log_dir / f"server-{port}.log"
    full_env = {**os.environ, "OOMGUIDE_RATE_LIMIT": "0", **env}
    command = [
        sys.executable,
        "-m",
        module,
        "serve",
        "--port",
        str(port),
        "--workers",
        str(workers),
    ]
    with log_path.open("ab") as log:
        process = subprocess.Popen(command, env=full_env, stdout=log, stderr=subprocess.STDOUT)
    server = ServerProcess(port, process, log_path)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited: {log_path.read_text()[-2000:]}")
        try:
            if httpx.get(f"{server.url}/healthz", timeout=1).status_code == 200:
                return server
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    server.stop()
    raise RuntimeError(f"server did not start: {log_path.read_text()[-2000:]}")
