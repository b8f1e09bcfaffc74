"""Understanding what people write: facts, evidence, signals and locale from one message.

Pure and fast: no I/O, everything compiled at import. Only the first ``MAX_SCAN_CHARS``
characters of a message are read for facts; a pasted job config is returned as
``config_text`` (for the engine to read as a config) and is not read as prose.
"""

from engine.extract.extractor import extract, locale_of
from engine.extract.model import MAX_CONFIG_CHARS, MAX_SCAN_CHARS, Evidence, Extraction
from engine.extract.reply import parse_reply
from engine.extract.signals import SIGNALS

__all__ = [
    "MAX_CONFIG_CHARS",
    "MAX_SCAN_CHARS",
    "SIGNALS",
    "Evidence",
    "Extraction",
    "extract",
    "locale_of",
    "parse_reply",
]
