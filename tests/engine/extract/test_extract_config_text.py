"""A job config pasted into a message is handed back whole and not read as prose."""

from __future__ import annotations

from engine.extract import extract

CONFIG = """job: extension
config:
  name: my_lora
  process:
    - type: sd_trainer
      train:
        batch_size: 4
        gradient_checkpointing: false"""


def test_fenced_config_is_returned() -> None:
    result = extract(f"Dá OOM com esse config:\n```yaml\n{CONFIG}\n```\nalguma ideia?")
    assert result.config_text == CONFIG
    assert result.facts == {"goal": "fix_oom"}


def test_unfenced_config_lines_are_returned() -> None:
    result = extract(f"OOM with this:\n{CONFIG}\n\nany idea?")
    assert result.config_text == CONFIG
    assert "gc" not in result.facts


def test_a_fragment_starting_at_train_counts() -> None:
    fragment = "train:\n  batch_size: 1\n  gradient_checkpointing: true"
    assert extract(f"meu config:\n{fragment}").config_text == fragment


def test_a_fenced_log_is_not_a_config_and_is_read() -> None:
    log = "```\ntorch.OutOfMemoryError: CUDA out of memory.\n```"
    result = extract(log)
    assert result.config_text is None
    assert result.facts == {"goal": "fix_oom", "memory_kind": "gpu"}


def test_one_inline_key_is_not_a_config() -> None:
    result = extract("gradient_checkpointing: false")
    assert result.config_text is None
    assert result.facts == {"gc": "disabled"}
    assert result.on_topic
