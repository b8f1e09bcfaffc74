"""The platforms' limits, checked on the renderers directly with turns larger than the KB's."""

from __future__ import annotations

from api.channels import discord_render, slack_render
from api.channels.common import Action, Choice, Handle, Link, TurnView, truncate, unfence
from kb.schema import KnowledgeBase, QuestionNode
from locales import Catalog

LABELS = {"paste_config": "Paste my config", "start_over": "Start over", "answer": "Answer"}
LONGEST_ID = "A" * 24
LONGEST_USER = "9" * 20


def _view(body: str, citations: int = 3, options: int = 3, label: str = "Option") -> TurnView:
    return TurnView(
        handle=Handle(Action.OPTION, LONGEST_ID, 999, LONGEST_USER),
        locale="en",
        body=body,
        citations=tuple(
            Link(f"{i}) Section [{i}]", f"https://example.com/guide#s{i}") for i in range(citations)
        ),
        options=tuple(Choice(f"{label} {i}", f"value_{i}") for i in range(options)),
        asks=options > 0,
        read_more="Read more",
        labels=LABELS,
    )


def test_a_long_body_is_shortened_but_every_citation_survives() -> None:
    view = _view("word " * 3000, citations=6)
    description = discord_render.description(view)
    assert len(description) <= 4096
    assert description.count("](https://example.com/guide#s") == 6
    assert "…" in description
    assert "[3) Section (3)](https://example.com/guide#s3)" in description


def test_discord_rows_and_labels_stay_within_limits() -> None:
    view = _view("body", options=30, label="L" * 200)
    rows = discord_render.components(view)
    assert len(rows) <= 5
    assert all(len(row["components"]) <= 5 for row in rows)
    labels = [b["label"] for row in rows for b in row["components"]]
    assert all(len(label) <= 80 for label in labels)
    assert labels[-1] == "Start over"


def test_every_option_of_the_kb_fits_in_a_custom_id(
    loaded_kb: tuple[KnowledgeBase, Catalog],
) -> None:
    kb, _ = loaded_kb
    questions = [n for n in kb.nodes if isinstance(n, QuestionNode)]
    assert questions
    for question in questions:
        for value in question.options:
            custom_id = Handle(Action.OPTION, LONGEST_ID, 999, LONGEST_USER, value).encode()
            assert len(custom_id) <= 100, custom_id
            assert Handle.decode(custom_id) == Handle(
                Action.OPTION, LONGEST_ID, 999, LONGEST_USER, value
            )


def test_handles_refuse_what_they_did_not_write() -> None:
    assert Handle.decode("oom:o:conv:1:user:value") is not None
    for raw in [None, 7, "", "oom:o:conv:x:user:v", "oom:o:c o:1:u:v", "other:o:c:1:u:v"]:
        assert Handle.decode(raw) is None


def test_slack_splits_long_text_into_sections_within_limits() -> None:
    view = _view(("paragraph " * 200 + "\n\n") * 40, citations=5, options=30)
    blocks = slack_render.blocks(view, "Or answer")
    assert len(blocks) <= 50
    sections = [b for b in blocks if b["type"] == "section"]
    assert len(sections) > 1
    assert all(len(b["text"]["text"]) <= 3000 for b in sections)
    actions = next(b for b in blocks if b["type"] == "actions")
    assert len(actions["elements"]) <= 25
    context = next(b for b in blocks if b["type"] == "context")
    assert context["elements"][0]["text"].count("<https://example.com/guide#s") == 5


def test_slack_mrkdwn_escapes_then_links() -> None:
    text = "**Bold** <!here> & [guide](https://example.com/a?b=1&c=2)"
    converted = slack_render.mrkdwn(text)
    assert converted == "*Bold* &lt;!here&gt; &amp; <https://example.com/a?b=1&amp;c=2|guide>"


def test_truncate_prefers_a_word_boundary() -> None:
    assert truncate("short", 10) == "short"
    cut = truncate("alpha " * 20, 50)
    assert len(cut) <= 50
    assert cut.endswith(" alpha…")  # not "alph…"


def test_unfence_takes_the_config_out_of_a_code_block() -> None:
    assert unfence("```yaml\njob: extension\n```") == "job: extension\n"
    assert unfence("job: extension") == "job: extension"
