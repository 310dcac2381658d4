"""The game on screen (pygame-ce + pygame-gui). See docs/ui.md for the structure and input rules."""
from __future__ import annotations

import os
import time


def run_play(fullscreen: bool = False, size: tuple[int, int] | None = None, display: int = 0) -> int:
    """Open the window at the title screen and play until the window is closed; returns an exit code."""
    from .app import App
    from .screens import make_screen

    app = App(size=size, fullscreen=fullscreen, display=display)
    try:
        app.push(make_screen(app, "title"))
        if os.environ.get("UNDERGROUND_STARTUP_PROBE"):
            # bench hook: report when the first frame is on screen, then leave
            app.step(0.0) or app.draw(force=True)
            print(f"first-frame {time.time():.6f}", flush=True)
            return 0
        return app.run()
    finally:
        app.close()


def render_screenshot(map: str, scene: str, size, out):
    from .screenshot import render_screenshot as _render

    return _render(map, scene, size, out)


__all__ = ["run_play", "render_screenshot"]
