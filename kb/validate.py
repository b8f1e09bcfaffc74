"""Loading the KB and its texts, and checking every rule: the one entry point for both.

Problems name KB files relative to the KB directory (``graph/oom.yaml``) and locale files as
``<locales dir>/<locale>/<file>`` (``locales/en/kb.yaml``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import yaml

from kb.checks import CheckContext, run_checks
from kb.graph import build_graph
from kb.loader import DATA_DIR, _duplicate_keys, _surprises, load_kb
from kb.problems import KBError, Problem
from kb.schema import KnowledgeBase
from locales.catalog import LOCALES_DIR, Catalog, LocaleError, read_locale_dir

# The locale files are the largest YAML read; libyaml composes them several times faster.
_FAST_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass(frozen=True)
class ValidationReport:
    """What was loaded (None where it could not be) and every problem, by file and line."""

    kb: KnowledgeBase | None
    catalog: Catalog | None
    problems: tuple[Problem, ...]

    @property
    def ok(self) -> bool:
        return not self.problems


def _locale_name(root: Path, path: Path) -> str:
    return f"{root.name}/{path.relative_to(root).as_posix()}"


def _scan_locale_files(root: Path) -> list[Problem]:
    """YAML-level problems of every locale file, so that one bad file does not hide another."""
    problems: list[Problem] = []
    for path in sorted(root.glob("*/*.yaml")):
        if path.parent.name.startswith("_"):
            continue
        name = _locale_name(root, path)
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError as exc:
            hint = "save the file as UTF-8"
            problems.append(Problem(name, 0, "locale-file", f"not UTF-8 text: {exc.reason}", hint))
            continue
        tree = _compose(name, text, problems)
        if tree is not None:
            problems.extend(_duplicate_keys(tree, name))
            problems.extend(_surprises(tree, name))
            problems.extend(_unquoted_hashes(tree, name))
    return problems


def _compose(name: str, text: str, problems: list[Problem]) -> yaml.Node | None:
    try:
        return yaml.compose(text, Loader=_FAST_LOADER)
    except yaml.MarkedYAMLError as exc:
        line = exc.problem_mark.line + 1 if exc.problem_mark else 0
        problems.append(
            Problem(
                name,
                line,
                "yaml-syntax",
                f"invalid YAML: {exc.problem}",
                "fix the YAML syntax at that line",
            )
        )
        return None


def _unquoted_hashes(tree: yaml.Node, name: str) -> Iterator[Problem]:
    """A hex hash made only of digits reads as a number, which the catalog then rejects."""
    if not isinstance(tree, yaml.MappingNode):
        return
    for key, value in tree.value:
        fields = value.value if isinstance(value, yaml.MappingNode) else []
        for field, hashed in fields:
            kind = hashed.tag.rsplit(":", 1)[-1]
            if field.value == "source" and kind in ("int", "float"):
                yield Problem(
                    name,
                    hashed.start_mark.line + 1,
                    "locale-source-hash",
                    f"the source hash of {key.value!r} is read as a number ({kind})",
                    f'write it in quotes: source: "{hashed.value}"',
                )


def read_catalog(root: Path) -> tuple[Catalog | None, list[Problem]]:
    """The catalog below ``root`` (templates not compiled), or None and why it cannot be read."""
    if not root.is_dir():
        return None, [
            Problem(
                root.name,
                0,
                "locale-file",
                "the locales directory does not exist",
                "create it with one directory per locale",
            )
        ]
    problems = _scan_locale_files(root)
    if any(p.rule in ("yaml-syntax", "locale-file") for p in problems):
        return None, problems
    try:
        return Catalog(read_locale_dir(root)), problems
    except LocaleError as exc:
        name = _locale_name(root, exc.path)
        problems.append(
            Problem(
                name,
                exc.line,
                "locale-file",
                exc.message,
                "write the text as a string, or as {text: ..., source: ...}",
            )
        )
        return None, problems


def validate(kb_root: Path | None = None, locales_root: Path | None = None) -> ValidationReport:
    """Load and check the KB and its locale texts; every problem is reported, nothing raised."""
    kb_root = kb_root or DATA_DIR
    locales_root = locales_root or LOCALES_DIR
    if not kb_root.is_dir():
        missing = Problem(
            kb_root.name,
            0,
            "kb-missing",
            "the KB directory does not exist",
            "point at the directory that holds start.yaml",
        )
        return ValidationReport(None, None, (missing,))
    loaded = load_kb(kb_root)
    catalog, problems = read_catalog(locales_root)
    problems += loaded.problems
    if loaded.kb is not None:
        ctx = CheckContext(loaded.kb, build_graph(loaded.kb), catalog, loaded.files, locales_root)
        problems += run_checks(ctx)
    return ValidationReport(loaded.kb, catalog, tuple(sorted(set(problems))))


def load_validated(
    kb_root: Path | None = None, locales_root: Path | None = None
) -> tuple[KnowledgeBase, Catalog]:
    """The KB and its catalog, ready to serve; raises :class:`KBError` with every problem."""
    report = validate(kb_root, locales_root)
    if not report.ok or report.kb is None or report.catalog is None:
        raise KBError(report.problems)
    report.catalog.compile_all()
    return versioned(report.kb, report.catalog), report.catalog


def versioned(kb: KnowledgeBase, catalog: Catalog) -> KnowledgeBase:
    """The KB's version covers its texts too: an edited answer is a new version of the KB."""
    digest = hashlib.sha256(kb.version.encode())
    for locale in sorted(catalog.entries):
        for key, entry in sorted(catalog.entries[locale].items()):
            digest.update(f"\0{locale}\0{key}\0{entry.text}".encode())
    return kb.model_copy(update={"version": digest.hexdigest()[:16]})
