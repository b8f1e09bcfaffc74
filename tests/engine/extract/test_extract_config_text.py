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


def test_fragments_complete_into_a_job_that_reads() -> None:
    from engine.config import read_config
    from engine.extract.config_block import as_job

    fragments = {
        "train:\n  batch_size: 4\n  gradient_checkpointing: false\n"
        "model:\n  name_or_path: Tongyi-MAI/Z-Image-Turbo": ("z_image", 4),
        "config:\n  process:\n    - type: sd_trainer\n      train:\n        batch_size: 2\n"
        "      model:\n        name_or_path: black-forest-labs/FLUX.1-dev": ("flux_flex", 2),
        "process:\n  - type: sd_trainer\n    train:\n      batch_size: 1\n"
        "    model:\n      name_or_path: Qwen/Qwen-Image-Edit-2509": ("qwen_edit", 1),
    }
    for fragment, (family, batch) in fragments.items():
        completed = as_job(fragment)
        assert completed is not None, fragment
        facts = read_config(completed).processes[0].facts
        assert (facts["model_family"], facts["batch_size"]) == (family, batch), fragment


def test_a_whole_job_or_an_unknown_shape_is_not_completed() -> None:
    from engine.extract.config_block import as_job

    assert as_job(CONFIG) is None
    assert as_job("foo:\n  bar: 1\nbaz: 2") is None


def test_a_line_of_prose_beside_a_fragment_is_left_out() -> None:
    from engine.config import read_config
    from engine.extract.config_block import as_job

    fragment = "train:\n  batch_size: 4\n  gradient_checkpointing: false\nplaca: RTX 5080"
    completed = as_job(fragment)
    assert completed is not None and "placa" not in completed
    assert read_config(completed).processes[0].facts["batch_size"] == 4
    # a stray key with a block of its own is no line of prose: the fragment is not completed
    assert as_job("train:\n  batch_size: 4\nfoo:\n  bar: 1") is None
