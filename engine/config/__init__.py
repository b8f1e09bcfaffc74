"""Reading AI Toolkit job configs into the contract's facts, one record per training process.

Pure: text in, a frozen reading out, nothing executed and nothing read from disk beyond the
package's own data files.
"""

from __future__ import annotations

from engine.config.issues import (
    CODES,
    ConfigError,
    ConfigIssue,
    ConfigLimit,
    IssueKind,
    catalog_key,
)
from engine.config.pipeline import read_config
from engine.config.readings import JobReading, ProcessReading
from engine.config.text import MAX_CONFIG_BYTES

__all__ = [
    "CODES",
    "MAX_CONFIG_BYTES",
    "ConfigError",
    "ConfigIssue",
    "ConfigLimit",
    "IssueKind",
    "JobReading",
    "ProcessReading",
    "catalog_key",
    "read_config",
]
