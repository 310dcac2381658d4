"""game/resources.py: bundled maps and assets are found wherever the game runs from."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game import resources

REPO = Path(__file__).resolve().parents[2]


def test_in_a_checkout_the_top_level_folders_are_the_bundled_ones():
    assert Path(resources.bundled_dir("maps")) == REPO / "maps"
    assert Path(resources.bundled_dir("assets")) == REPO / "assets"


def test_every_font_is_a_real_file_pygame_can_open():
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansCondensed.ttf",
                 "DejaVuSansCondensed-Bold.ttf"):
        path = resources.asset_path(f"fonts/{name}")
        assert path.is_file() and path.read_bytes() == (REPO / "assets" / "fonts" / name).read_bytes()
    with resources.open_asset("fonts/DejaVuSans.ttf") as f:
        assert f.read(4) in (b"\x00\x01\x00\x00", b"true")  # a TrueType file


def test_the_gui_theme_reads_as_json():
    assert "defaults" in json.loads(resources.read_asset_text("gui_theme.json"))


@pytest.mark.parametrize("name", ["../maps/london.toml", "/etc/passwd", "fonts/../../setup.py", ""])
def test_an_asset_is_a_file_inside_assets(name):
    with pytest.raises(ValueError, match="name a file inside assets/"):
        resources.asset_path(name)


def test_a_missing_asset_says_which_and_what_to_do():
    with pytest.raises(FileNotFoundError, match="asset 'fonts/Nope.ttf' is missing .* reinstall the game"):
        resources.asset_path("fonts/Nope.ttf")
    with pytest.raises(FileNotFoundError, match="asset 'nope.json' is missing"):
        resources.read_asset_text("nope.json")


def test_only_maps_and_assets_are_bundled():
    with pytest.raises(ValueError):
        resources.bundled_dir("tests")
