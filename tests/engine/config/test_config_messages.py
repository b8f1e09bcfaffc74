"""Every issue code has a template in both locales, fed exactly its params and location."""

from __future__ import annotations

import pytest

from engine.config import CODES, ConfigIssue, catalog_key
from engine.config.issues import LOCATION_NAMES
from locales import load_catalog

CATALOG = load_catalog()


@pytest.mark.parametrize("locale", ["pt-BR", "en"])
@pytest.mark.parametrize("code", sorted(CODES))
def test_template_placeholders_are_the_params_and_location(locale: str, code: str) -> None:
    variables = CATALOG.variables(catalog_key(code), locale)
    assert variables - LOCATION_NAMES == CODES[code].params


@pytest.mark.parametrize("code", sorted(CODES))
def test_translation_is_current(code: str) -> None:
    from locales import source_hash

    entry = CATALOG.entries["en"][catalog_key(code)]
    assert entry.source == source_hash(CATALOG.text(catalog_key(code), "pt-BR"))


def test_no_stray_config_keys_in_either_locale() -> None:
    expected = {catalog_key(code) for code in CODES}
    for locale in ("pt-BR", "en"):
        found = {key for key in CATALOG.entries[locale] if key.startswith("config.")}
        assert found == expected


@pytest.mark.parametrize("code", sorted(CODES))
def test_every_code_renders_in_both_locales(code: str) -> None:
    params = dict.fromkeys(CODES[code].params, 7)
    issue = ConfigIssue(code, dict(params), field="config.name", line=3, column=5)
    english = issue.message()
    portuguese = CATALOG.render(catalog_key(code), "pt-BR", issue.context())
    assert english
    assert portuguese
    assert english != portuguese
    assert "None" not in english
