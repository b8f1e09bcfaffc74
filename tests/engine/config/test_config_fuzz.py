"""Mutated real configs: whatever the damage, the reader answers or raises ConfigError."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.config import ConfigError, JobReading, read_config
from tests.engine.config.config_support import corpus_files

SOURCES = [path.read_bytes() for path in corpus_files()]
SNIPPETS = [
    b"&a ",
    b"*a",
    b"!!python/name:os.system ",
    b"<<: ",
    b"- ",
    b": ",
    b"[",
    b"{",
    b'"',
    b"\t",
    b"\x00",
    b"\xff",
    b"off",
    b"-1",
    b"0x1F",
    b"~",
    b"? ",
    b"!x ",
    b"---\n",
]


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    lines = draw(st.sampled_from(SOURCES)).split(b"\n")
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(lines) - 1))
        action = draw(st.sampled_from(["delete", "duplicate", "insert", "swap", "bytes"]))
        if action == "delete" and len(lines) > 1:
            del lines[at]
        elif action == "duplicate":
            lines.insert(at, lines[at])
        elif action == "insert":
            cut = draw(st.integers(0, len(lines[at])))
            extra = draw(st.sampled_from(SNIPPETS) | st.binary(max_size=4))
            lines[at] = lines[at][:cut] + extra + lines[at][cut:]
        elif action == "swap":
            other = draw(st.integers(0, len(lines) - 1))
            lines[at], lines[other] = lines[other], lines[at]
        else:
            lines[at] = draw(st.binary(max_size=12))
    return b"\n".join(lines)


def _read(data: bytes | str) -> None:
    failure: ConfigError | None = None
    try:
        reading = read_config(data)
    except ConfigError as exc:
        failure = exc
    if failure is not None:
        assert failure.issues
        assert str(failure)
    else:
        assert isinstance(reading, JobReading)
        assert reading.processes


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_configs_raise_only_config_error(data: bytes) -> None:
    _read(data)
    _read(data.decode("utf-8", "replace"))


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=300) | st.text(max_size=300))
def test_random_input_raises_only_config_error(data: bytes | str) -> None:
    _read(data if isinstance(data, bytes) else data.encode("utf-8", "surrogatepass"))
