"""Each test gets its own copy of the minimal valid KB and its texts."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.kb.kbcopy import MINIMAL, KBCopy


@pytest.fixture
def kb_copy(tmp_path: Path) -> KBCopy:
    shutil.copytree(MINIMAL, tmp_path, dirs_exist_ok=True)
    return KBCopy(tmp_path)
