"""UI figures for `underground bench`: frame times of the play scene and start-up time."""
from __future__ import annotations

import os
import subprocess
import sys

_STARTUP = r"""
import time, psutil
t0 = psutil.Process().create_time()
from game.ui.app import App
from game.ui.menu_scenes import TitleScene
app = App(size=(1920, 1080), headless=True)
app.push(TitleScene(app))
assert app.step(0.0) or app.draw(force=True)
print(time.time() - t0)
"""


def p99(values: list[float]) -> float:
    v = sorted(values)
    return v[min(len(v) - 1, int(round(0.99 * (len(v) - 1))))]


def startup_seconds(runs: int = 3) -> float:
    """Median seconds from process start to the first frame drawn (title scene, dummy video driver)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    times = []
    for _ in range(runs):
        r = subprocess.run([sys.executable, "-c", _STARTUP], capture_output=True, text=True, env=env, timeout=60)
        if r.returncode != 0:
            raise RuntimeError(f"start-up probe failed: {r.stderr.strip()[-400:]}")
        times.append(float(r.stdout.strip().splitlines()[-1]))
    return sorted(times)[len(times) // 2]


def ui_figures(quick: bool = False) -> dict:
    from .play_scene import bench_frames

    frames = 120 if quick else 600
    out = {}
    for label, size in (("1080p", (1920, 1080)), ("2160p", (3840, 2160))):
        ms = bench_frames(size, frames=frames)
        out[f"frame_ms_p99_{label}"] = round(p99(ms), 3)
        out[f"frame_ms_median_{label}"] = round(sorted(ms)[len(ms) // 2], 3)
    out["startup_s"] = round(startup_seconds(1 if quick else 3), 3)
    return out
