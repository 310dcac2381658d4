import os

import pytest

# Pygame in tests: never open a real window or audio device.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture(autouse=True)
def _config_dir(tmp_path, monkeypatch):
    """Every test keeps its settings, autosaves and logs in its own directories, never the user's."""
    d = tmp_path / "config"
    monkeypatch.setenv("UNDERGROUND_CONFIG_DIR", str(d))
    monkeypatch.setenv("UNDERGROUND_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("UNDERGROUND_CACHE_DIR", str(tmp_path / "cache"))  # kept name placements (board/name_cache.py)
    return d


@pytest.fixture
def app():
    """A headless App at 1280x720, emptied afterwards."""
    import pygame

    from game.ui.app import App

    a = App(size=(1280, 720), headless=True)
    pygame.event.clear()
    yield a
    while a.scenes:
        a.scenes.pop().exit()
    pygame.event.clear()
