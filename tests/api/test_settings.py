"""Bad settings end the start-up with one line naming the variable and what is wrong."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from api.settings import Settings, SettingsError, check_database
from tests.server import free_port


@pytest.mark.parametrize(
    ("name", "value", "says"),
    [
        ("OOMGUIDE_REDIS_URL", "notaurl", "redis://"),
        ("OOMGUIDE_REDIS_URL", "http://127.0.0.1:6379", "redis://"),
        ("OOMGUIDE_DISCORD_PUBLIC_KEY", "not-hex", "64 hex"),
        ("OOMGUIDE_DISCORD_PUBLIC_KEY", "00" * 31, "64 hex"),
        ("OOMGUIDE_TRUSTED_PROXIES", "127.0.0.1,proxy.internal", "'proxy.internal'"),
        ("OOMGUIDE_RATE_LIMIT", "-1", "greater than or equal to 0"),
    ],
)
def test_a_bad_value_names_its_variable(name: str, value: str, says: str) -> None:
    with pytest.raises(SettingsError) as raised:
        Settings.from_env({name: value})
    assert str(raised.value).startswith(f"{name}: ")
    assert says in str(raised.value)


@pytest.mark.parametrize(
    "value", ["redis://127.0.0.1:6379/0", "rediss://cache.internal", "unix:///run/redis.sock"]
)
def test_redis_urls_are_accepted(value: str) -> None:
    assert Settings.from_env({"OOMGUIDE_REDIS_URL": value}).redis_url == value


def test_a_database_in_a_missing_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SettingsError, match=r"^OOMGUIDE_DATABASE: cannot write in .*missing"):
        check_database(str(tmp_path / "missing" / "oomguide.db"))


def _serve(tmp_path: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "api.cli", "serve", "--port", str(free_port())]
    full_env = {**os.environ, "OOMGUIDE_DATABASE": str(tmp_path / "oomguide.db"), **env}
    return subprocess.run(
        command, env=full_env, capture_output=True, text=True, timeout=60, check=False
    )


@pytest.mark.server
@pytest.mark.parametrize(
    ("env", "name"),
    [
        ({"OOMGUIDE_REDIS_URL": "notaurl"}, "OOMGUIDE_REDIS_URL"),
        ({"OOMGUIDE_DISCORD_PUBLIC_KEY": "abc123"}, "OOMGUIDE_DISCORD_PUBLIC_KEY"),
        ({"OOMGUIDE_DATABASE": "/proc/oomguide/oomguide.db"}, "OOMGUIDE_DATABASE"),
        ({"OOMGUIDE_DATABASE": "UNWRITABLE"}, "OOMGUIDE_DATABASE"),
    ],
    ids=["redis-url", "discord-key", "missing-folder", "read-only-folder"],
)
def test_serve_stops_with_one_line_and_status_2(
    tmp_path: Path, env: dict[str, str], name: str
) -> None:
    if env.get("OOMGUIDE_DATABASE") == "UNWRITABLE":
        if os.geteuid() == 0:
            pytest.skip("root writes in any folder")
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        env = {"OOMGUIDE_DATABASE": str(locked / "oomguide.db")}

    done = _serve(tmp_path, env)

    assert done.returncode == 2
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith(f"oomguide: bad setting: {name}: ")
