"""Bad input: each refused with its own code and location, nothing executed, all at once."""

from __future__ import annotations

import time
import tracemalloc

import pytest

from engine.config import MAX_CONFIG_BYTES, ConfigError, ConfigIssue, read_config
from tests.engine.config.config_support import fixture


def _issues(text: str | bytes) -> tuple[ConfigIssue, ...]:
    with pytest.raises(ConfigError) as caught:
        read_config(text)
    return caught.value.issues


def _codes(text: str | bytes) -> list[str]:
    return [issue.code for issue in _issues(text)]


def test_wrong_types_are_all_reported_at_once() -> None:
    found = {(i.code, i.field) for i in _issues(fixture("wrong_types.yaml"))}
    prefix = "config.process[0]."
    assert found == {
        ("expected_positive_int", prefix + "datasets[0].resolution[1]"),
        ("expected_positive_int", prefix + "datasets[1].resolution"),
        ("expected_positive_int", prefix + "train.batch_size"),
        ("expected_bool", prefix + "train.gradient_checkpointing"),
        ("expected_bool", prefix + "model.quantize"),
        ("expected_positive_int", prefix + "sample.width"),
    }


def test_wrong_type_issue_carries_value_line_and_column() -> None:
    issues = _issues(fixture("wrong_types.yaml"))
    batch = next(i for i in issues if i.field and i.field.endswith("train.batch_size"))
    assert (batch.line, batch.column, batch.params) == (12, 21, {"value": '"four"'})
    text = str(ConfigError(issues))
    assert "line 12, column 21, config.process[0].train.batch_size" in text
    assert text.count("\n- ") == len(issues)


def test_python_and_custom_tags_are_refused_before_anything_is_built() -> None:
    issues = _issues(fixture("python_tag.yaml"))
    assert [(i.code, i.params["tag"], i.line) for i in issues] == [
        ("unsafe_tag", "tag:yaml.org,2002:python/object/apply:os.system", 3),
        ("unsafe_tag", "!custom", 7),
    ]


def test_alias_bomb_is_refused_fast_and_small() -> None:
    tracemalloc.start()
    started = time.perf_counter()
    codes = _codes(fixture("alias_bomb.yaml"))
    elapsed = time.perf_counter() - started
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert codes == ["alias_bomb"]
    assert elapsed < 0.5
    assert peak < 4 * 1024 * 1024


def test_too_many_aliases() -> None:
    text = "job: extension\nx: &x 1\nl: [" + ", ".join(["*x"] * 1500) + "]\n"
    assert _codes(text) == ["too_many_aliases"]


def test_recursive_alias_is_refused() -> None:
    issue = _issues("job: extension\nloop: &a [1, *a]\n")[0]
    assert (issue.code, issue.line) == ("recursive_alias", 2)


@pytest.mark.parametrize("size", [MAX_CONFIG_BYTES + 1, 4 * MAX_CONFIG_BYTES])
def test_oversized_input_is_refused_before_parsing(size: int) -> None:
    (issue,) = _issues(b"#" * size)
    assert (issue.code, issue.params) == ("too_large", {"size": size, "limit": MAX_CONFIG_BYTES})


def test_binary_input_is_not_text() -> None:
    data = fixture("gc_absent.yaml")
    (issue,) = _issues(data[:40] + b"\x00\x01\x02" + data[40:])
    assert (issue.code, issue.params, issue.line) == ("not_text", {"offset": 40}, 3)


def test_non_utf8_input_is_not_text() -> None:
    (issue,) = _issues("job: extension\nconfig:\n  name: café\n".encode("latin-1"))
    assert (issue.code, issue.line) == ("not_text", 3)


def test_control_characters_are_not_text() -> None:
    assert _codes("job: extension\x07\n") == ["not_text"]


def test_lone_surrogate_in_str_is_not_text() -> None:
    assert _codes("job: \ud800\n") == ["not_text"]


@pytest.mark.parametrize("text", ["", "   \n\t\n", b"", "# only a comment\n", "\ufeff"])
def test_empty_input_has_its_own_code(text: str | bytes) -> None:
    assert _codes(text) == ["empty"]


@pytest.mark.parametrize("text", ["- a\n- b\n", "just a string\n", "42\n"])
def test_document_that_is_not_a_mapping_is_not_a_job(text: str) -> None:
    assert _codes(text) == ["not_a_job"]


@pytest.mark.parametrize(
    ("text", "code", "field"),
    [
        ("config: {}\n", "missing_field", "job"),
        ("job: [extension]\n", "expected_string", "job"),
        ("job: frobnicate\n", "unknown_job", "job"),
        ("job: extension\n", "missing_field", "config"),
        ("job: extension\nconfig:\n", "missing_field", "config"),
        ("job: extension\nconfig: []\n", "expected_mapping", "config"),
        ("job: extension\nconfig: {name: x}\n", "missing_field", "config.process"),
        ("job: extension\nconfig: {process: {}}\n", "expected_list", "config.process"),
        ("job: extension\nconfig: {process: []}\n", "empty_process_list", "config.process"),
        (
            "job: extension\nconfig: {process: [{type: to_folder}]}\n",
            "no_training_process",
            "config.process",
        ),
        (
            "job: extension\nconfig: {process: [{train: {}}]}\n",
            "missing_field",
            "config.process[0].type",
        ),
        ("job: extension\nconfig: {process: [7]}\n", "expected_mapping", "config.process[0]"),
    ],
)
def test_job_shape_errors(text: str, code: str, field: str) -> None:
    (issue,) = _issues(text)
    assert (issue.code, issue.field) == (code, field)


def test_train_job_with_slider_is_training() -> None:
    reading = read_config("job: train\nconfig: {process: [{type: slider}]}\n")
    assert reading.processes[0].facts["gc"] == "enabled"


def test_multiple_documents_are_invalid_yaml() -> None:
    assert _codes("job: extension\n---\njob: extension\n") == ["invalid_yaml"]


def test_bad_merge_is_invalid_yaml() -> None:
    assert _codes("job: extension\nconfig:\n  <<: 5\n") == ["invalid_yaml"]


def test_unreadable_int_shape_is_a_wrong_type() -> None:
    text = "job: extension\nconfig: {process: [{type: sd_trainer, train: {batch_size: 0b_}}]}\n"
    assert _codes(text) == ["expected_positive_int"]


def test_deep_nesting_is_refused() -> None:
    text = "job: extension\nx: " + "[" * 5000 + "]" * 5000 + "\n"
    assert _codes(text)[0] in {"invalid_yaml", "too_deep"}
