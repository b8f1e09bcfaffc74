"""The family table is data; these pin the rules the guide depends on."""

from __future__ import annotations

import pytest

from engine.config.families import family_rules, parse_rules, strip_arch_tag


@pytest.mark.parametrize(
    ("arch", "family"),
    [
        ("zimage", "z_image"),
        ("qwen_image_edit", "qwen_edit"),
        ("qwen_image", "other"),
        ("flux2_klein", "flux_flex"),
        ("flex1", "flux_flex"),
        ("wan22_14b_i2v", "video"),
        ("ltx2", "video"),
        ("sdxl", "other"),
    ],
)
def test_arch_families(arch: str, family: str) -> None:
    assert family_rules().for_arch(arch) == family


def test_tag_is_stripped() -> None:
    assert strip_arch_tag("wan21_i2v:14b480p") == "wan21_i2v"


@pytest.mark.parametrize(
    ("name", "family"),
    [
        ("Qwen/Qwen-Image-Edit-2509", "qwen_edit"),
        ("black-forest-labs/FLUX.1-dev", "flux_flex"),
        ("Wan-AI/Wan2.1-T2V-14B-Diffusers", "video"),
        ("runwayml/stable-diffusion-v1-5", None),
    ],
)
def test_name_patterns(name: str, family: str | None) -> None:
    assert family_rules().for_name(name) == family


def test_a_family_outside_the_contract_is_refused() -> None:
    data = {"archs": {"x": "giant"}, "arch_prefixes": {}, "legacy_flags": {}, "names": []}
    with pytest.raises(ValueError, match="giant"):
        parse_rules(data)
