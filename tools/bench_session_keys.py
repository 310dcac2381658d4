"""Idle-machine figures for issue 22 item 7 and issue 23 (the functions `underground bench --only ui` calls, repeated for medians): python tools/bench_session_keys.py"""
import json, os, time
os.environ.setdefault("SDL_VIDEODRIVER", "dummy"); os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
from game.ui.bench import p99, scripted_minute, phones_frames
from game.ui.play_scene import bench_frames
from game.ui.bench_waits import launch_figures, wait_figures
out = {"load_before": os.getloadavg()}
t = time.time()
for run in range(3):
    ms = bench_frames((1920, 1080), frames=600); out.setdefault("frame_ms_p99_1080p", []).append(round(p99(ms), 3))
    ms, got = phones_frames((1920, 1080), frames=600); out.setdefault("frame_ms_p99_1080p_phones", []).append(round(p99(ms), 3))
for run in range(2):
    ms = scripted_minute((1920, 1080), seconds=60.0, clock="cpu"); out.setdefault("worst_frame_cpu_ms_1080p", []).append(round(max(ms), 3))
out.update(launch_figures(3)); out.update(wait_figures(3))
out["load_after"] = os.getloadavg(); out["seconds"] = round(time.time() - t)
print(json.dumps(out, indent=1))
