"""The game on screen (pygame-ce + pygame-gui). See docs/ui.md for the structure and input rules."""
from __future__ import annotations

import os
import time


def run_play(fullscreen: bool = False, size: tuple[int, int] | None = None, display: int = 0) -> int:
    """Open the window, show progress at once, prepare the title screen in steps behind it (docs/ui.md, "Waits"),
    and play until the window is closed; returns an exit code. ``UNDERGROUND_STARTUP_PROBE`` (the bench) prints
    the time of the first frame and of the title's, then leaves."""
    from .app import App
    from .loading import TITLE_MODULES, open_loading, screen_steps

    probe = bool(os.environ.get("UNDERGROUND_STARTUP_PROBE"))
    app = App(size=size, fullscreen=fullscreen, display=display, splash=True)
    if probe:
        print(f"first-frame {app.splash_at:.6f}", flush=True)
    try:
        loading = open_loading(app, screen_steps(app, "title", modules=TITLE_MODULES))
        if probe:  # bench hook: run the loop until the title is drawn, then leave
            while app.top is loading or not app.frames_drawn:
                app.step(1 / 60)
            app.step(0.0) or app.draw(force=True)
            print(f"title {time.time():.6f}", flush=True)
            return 0
        return app.run()
    finally:
        app.close()


def render_screenshot(map: str, scene: str, size, out):
    from .screenshot import render_screenshot as _render

    return _render(map, scene, size, out)


__all__ = ["run_play", "render_screenshot"]
