"""Idle-machine figures for issue 24 item 2 (the game review's bench keys, repeated for medians):
python tools/bench_review_keys.py [runs]"""
import json, os, statistics, sys, time
os.environ.setdefault("SDL_VIDEODRIVER", "dummy"); os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
from game.ui.bench import p99
from game.ui.review_bench import review_frames, review_ready_figures

if __name__ == "__main__":  # the review's process starts by spawn, which imports this file again
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    out = {"load_before": os.getloadavg()}
    t = time.time()
    for run in range(runs):
        ms, messages = review_frames((1920, 1080), frames=600)
        out.setdefault("frame_ms_p99_1080p_review", []).append(round(p99(ms), 3))
        out.setdefault("review_messages_during_frames", []).append(messages)
        out.setdefault("frame_ms_p99_1080p_review_off", []).append(
            round(p99(review_frames((1920, 1080), frames=600, review=False)[0]), 3))
        for k, v in review_ready_figures().items():
            out.setdefault(k, []).append(v)
    out["medians"] = {k: statistics.median(v) for k, v in out.items() if isinstance(v, list) and k != "load_before"}
    out["load_after"] = os.getloadavg(); out["seconds"] = round(time.time() - t)
    print(json.dumps(out, indent=1))
