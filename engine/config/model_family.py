"""The model a process trains: its arch as AI Toolkit resolves it, and the guide's family."""

from __future__ import annotations

from dataclasses import dataclass

from engine.config.families import FamilyRules, family_rules, strip_arch_tag
from engine.config.nodes import Located, Reader
from engine.config.process_facts import Facts, child_of

_NO_MODEL = "default: no arch, legacy flag or known model name"
_ARCH_ALIASES = {"flex1": "flux"}  # AI Toolkit renames these right after reading arch


@dataclass(frozen=True)
class ModelReading:
    arch: str | None
    name_or_path: str | None


def _stated_arch(model: Located | None, reader: Reader) -> tuple[str, Located] | None:
    at = child_of(model, "arch")
    arch = reader.string(at)
    if at is None or arch is None or not arch.strip():
        return None
    return strip_arch_tag(arch.strip()), at


def _flag_arch(
    model: Located | None, rules: FamilyRules, reader: Reader
) -> tuple[str, Located] | None:
    """The arch of the first true legacy flag; every flag is still type-checked."""
    found: tuple[str, Located] | None = None
    for flag, arch in rules.legacy_flags:
        at = child_of(model, flag)
        if at is not None and reader.boolean(at) and found is None:
            found = (arch, at)
    return found


def read_model(facts: Facts, model: Located | None, reader: Reader) -> ModelReading:
    """Fill ``model_family``: from the arch, else the legacy flags, else the model's name."""
    rules = family_rules()
    name_at = child_of(model, "name_or_path")
    name = reader.string(name_at)
    stated = _stated_arch(model, reader)
    flagged = _flag_arch(model, rules, reader)
    source = stated or flagged
    if source is not None:
        arch, at = source
        facts.put("model_family", rules.for_arch(arch), facts.stated(at))
        return ModelReading(_ARCH_ALIASES.get(arch, arch), name)
    family = rules.for_name(name) if name else None
    if family is not None and name_at is not None:
        facts.put("model_family", family, facts.stated(name_at))
    else:
        facts.put("model_family", rules.fallback, _NO_MODEL)
    return ModelReading(None, name)
