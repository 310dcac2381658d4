"""The game on screen (pygame-ce + pygame-gui). See docs/ui.md for the structure and input rules."""
from __future__ import annotations


def run_play(fullscreen: bool = False, size: tuple[int, int] | None = None, display: int = 0) -> int:
    """Open the window at the title screen and play until the window is closed; returns an exit code."""
    from .app_start import run_play as run

    return run(fullscreen=fullscreen, size=size, display=display)


def render_screenshot(map: str, scene: str, size, out):
    from .screenshot import render_screenshot as _render

    return _render(map, scene, size, out)


__all__ = ["run_play", "render_screenshot"]
