"""`pip install .` must carry the KB, the texts, the config data and the widget, not only code."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_wheel_ships_the_data_files(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path)]
    built = subprocess.run([*command, str(REPO)], check=False, capture_output=True, text=True)
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    wheel = next(tmp_path.glob("oomguide-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = {
        "kb/data/start.yaml",
        "kb/data/graph/oom.yaml",
        "locales/pt-BR/kb.yaml",
        "locales/en/kb.yaml",
        "locales/en/config.yaml",
        "locales/en/channels.yaml",
        "engine/config/families.yaml",
        "engine/extract/lexicon.yaml",
        "engine/extract/gpus.yaml",
        "api/static/widget.js",
        "api/static/index.html",
        "api/static/demo.css",
        "api/templates/guide.html",
    }
    assert expected - names == set()
    assert not any(n.startswith("tests/") for n in names)
