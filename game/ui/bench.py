"""UI figures for `underground bench`: frame times of the play scene and start-up time."""
from __future__ import annotations

import os
import subprocess
import sys
import time


def p99(values: list[float]) -> float:
    v = sorted(values)
    return v[min(len(v) - 1, int(round(0.99 * (len(v) - 1))))]


def startup_seconds(runs: int = 3) -> float:
    """Median seconds from spawning `underground play` to its first frame drawn (title, dummy video driver)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", UNDERGROUND_STARTUP_PROBE="1")
    cmd = [sys.executable, "-m", "game.cli", "play", "--size", "1920x1080"]
    times = []
    for _ in range(runs):
        # wall clock from just before the process is spawned to the child's first drawn frame
        # (psutil's create_time is only as precise as the kernel's boot time: a whole second)
        t0 = time.time()
        r = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=60)
        if r.returncode != 0:
            raise RuntimeError(f"start-up probe failed: {r.stderr.strip()[-400:]}")
        stamp = [ln for ln in r.stdout.splitlines() if ln.startswith("first-frame ")]
        if not stamp:
            raise RuntimeError(f"start-up probe printed no first-frame stamp: {r.stdout[-400:]!r}")
        times.append(float(stamp[-1].split()[1]) - t0)
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
