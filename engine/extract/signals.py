"""Signals: situations the guide does not cover, noticed so the engine can say so plainly."""

from __future__ import annotations

from typing import Final

from engine.extract.phrases import Hit
from engine.extract.reading import Reading

REGRESSION_AFTER_UPDATE: Final = "regression_after_update"
"""It broke right after updating AI Toolkit (a pull, a new version, a new image)."""

SHARED_MEMORY_SPILL: Final = "shared_memory_spill"
"""Training slowed down because VRAM spilled into shared/system memory (driver sysmem fallback)."""

DEV_SHM: Final = "dev_shm"
"""The container's /dev/shm (Docker --shm-size) is too small, usually for data loader workers."""

OOM_KILLER: Final = "oom_killer"
"""The kernel's OOM killer ended the process: "Killed", SIGKILL, exit code 137 or -9."""

OTHER_PROCESS: Final = "other_process"
"""Another process (a second job, ComfyUI, a stuck Python) holds memory on the same GPU."""

WRONG_GPU: Final = "wrong_gpu"
"""The job runs on another GPU than the person meant (CUDA_VISIBLE_DEVICES, cuda:0 vs cuda:1)."""

ASK_WHERE: Final = "ask_where"
"""The person asks where the setting is: which screen, which key."""

ASK_ACCUMULATION: Final = "ask_accumulation"
"""The person asks how to train with a larger effective batch than the card holds."""

OFF_TOPIC_GREETING: Final = "off_topic_greeting"
"""The message is only a greeting or thanks, with nothing about training in it."""

# Memory trouble the guide does not cover.
OUTSIDE_GUIDE: Final[frozenset[str]] = frozenset(
    {REGRESSION_AFTER_UPDATE, SHARED_MEMORY_SPILL, DEV_SHM, OOM_KILLER, OTHER_PROCESS, WRONG_GPU}
)
SIGNALS: Final[frozenset[str]] = OUTSIDE_GUIDE | {ASK_WHERE, ASK_ACCUMULATION, OFF_TOPIC_GREETING}


def signal_hits(reading: Reading) -> dict[str, Hit]:
    """The first words that raised each signal (all but the greeting, which needs the facts)."""
    found: dict[str, Hit] = {}
    shared = reading.of("shared_memory")
    if not shared:
        for hit in reading.of("signal"):
            found.setdefault(hit.arg, hit)
        return found
    # "shared memory" in a container is /dev/shm; on a desktop GPU it is the spill.
    spill = DEV_SHM if reading.has("docker") else SHARED_MEMORY_SPILL
    for hit in reading.hits:
        if hit.kind == "signal":
            found.setdefault(hit.arg, hit)
        elif hit.kind == "shared_memory":
            found.setdefault(spill, hit)
    return found
