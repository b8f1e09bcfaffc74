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


# Every arch AI Toolkit's web UI offers (ui/src/app/jobs/new/options.ts), as the UI writes it.
UI_ARCHS = {
    "flux": "flux_flex",
    "flux_kontext": "flux_flex",
    "flex1": "flux_flex",
    "flex2": "flux_flex",
    "chroma": "flux_flex",
    "zeta_chroma": "z_image",
    "wan21:1b": "video",
    "wan21_i2v:14b480p": "video",
    "wan21_i2v:14b": "video",
    "wan21:14b": "video",
    "wan22_14b:t2v": "video",
    "wan22_14b_i2v": "video",
    "wan22_5b": "video",
    "lumina2": "other",
    "qwen_image": "other",
    "qwen_image:2512": "other",
    "qwen_image_edit": "qwen_edit",
    "qwen_image_edit_plus": "qwen_edit",
    "qwen_image_edit_plus:2511": "qwen_edit",
    "hidream": "other",
    "hidream_e1": "other",
    "hidream_o1": "other",
    "sdxl": "other",
    "sd15": "other",
    "omnigen2": "other",
    "flux2": "flux_flex",
    "flux2_klein_4b": "flux_flex",
    "flux2_klein_9b": "flux_flex",
    "zimage:turbo": "z_image",
    "zimage": "z_image",
    "zimage:deturbo": "z_image",
    "ltx2": "video",
    "ltx2.3": "video",
    "ernie_image": "other",
    "nucleus_image": "other",
    "ace_step_15": "other",
    "ace_step_15_xl": "other",
}


@pytest.mark.parametrize(("arch", "family"), sorted(UI_ARCHS.items()))
def test_every_ui_arch(arch: str, family: str) -> None:
    assert family_rules().for_arch(strip_arch_tag(arch)) == family


@pytest.mark.parametrize(
    ("arch", "family"),
    [
        ("hunyuan_video", "video"),
        ("hunyuan15", "video"),
        ("mochi1", "video"),
        ("cogvideox", "video"),
        ("my_video_model", "video"),
        ("custom_i2v", "video"),
        ("wan23_20b", "video"),
        ("ltx3", "video"),
        ("chroma_radiance", "flux_flex"),
        ("flux3", "flux_flex"),
        ("Flux", "flux_flex"),
        ("qwen_image_edit_2601", "qwen_edit"),
        ("zimage_base", "z_image"),
        ("sd35", "other"),
        ("something_new", "other"),
    ],
)
def test_unknown_archs_map_sensibly(arch: str, family: str) -> None:
    assert family_rules().for_arch(arch) == family


def test_tag_is_stripped() -> None:
    assert strip_arch_tag("wan21_i2v:14b480p") == "wan21_i2v"


@pytest.mark.parametrize(
    ("name", "family"),
    [
        ("Qwen/Qwen-Image-Edit-2509", "qwen_edit"),
        ("black-forest-labs/FLUX.1-dev", "flux_flex"),
        ("Wan-AI/Wan2.1-T2V-14B-Diffusers", "video"),
        ("lodestones/Zeta-Chroma", "z_image"),
        ("lodestones/Chroma1-Base", "flux_flex"),
        ("Lightricks/LTX-2", "video"),
        ("runwayml/stable-diffusion-v1-5", "other"),
        ("Qwen/Qwen-Image", "other"),
        ("HiDream-ai/HiDream-I1-Full", "other"),
        ("some-user/my-private-model", None),
    ],
)
def test_name_patterns(name: str, family: str | None) -> None:
    assert family_rules().for_name(name) == family


def test_a_family_outside_the_contract_is_refused() -> None:
    data = {"archs": {"x": "giant"}, "arch_prefixes": {}, "legacy_flags": {}, "names": []}
    with pytest.raises(ValueError, match="giant"):
        parse_rules(data)
