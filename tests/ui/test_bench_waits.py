"""The bench's waits (game/ui/bench_waits.py): each child process taps, runs the real loop and reports when the
first frame came and when the screen was ready. The times themselves are the bench's, not checked here."""
from __future__ import annotations

import os

from game.ui import bench_waits


def test_a_start_and_a_watch_are_timed_in_fresh_processes(tmp_path):
    data = str(tmp_path / "data")
    bench_waits._finished_game(data, "london", "standard")
    env = bench_waits._env(data, str(tmp_path / "pycache"))
    assert "PYTHONDONTWRITEBYTECODE" not in env and env["UNDERGROUND_DATA_DIR"] == data
    for args in (["start", "london", "standard"], ["watch", data]):
        got = bench_waits._child(args, env)
        assert set(got) == {"ready_s", "cpu_s", "first_frame_ms", "gap_ms"}
        # a frame came after the tap before the screen was ready, and the gaps lie within the wait
        assert 0 < got["first_frame_ms"] <= got["ready_s"] * 1000
        assert 0 < got["gap_ms"] <= got["ready_s"] * 1000
    assert os.listdir(tmp_path / "pycache"), "the children keep their compiled modules"
