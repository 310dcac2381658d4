"""The UI bench harness measures what it says: each timed tap really places a token in a drawn frame."""
from __future__ import annotations

import math

from game.ui.bench import p99, scripted_minute, tap_latencies


def test_tap_latencies_time_real_taps_that_place_tokens():
    # tap_latencies raises if a posted tap did not place its token in the frame it timed
    ms = tap_latencies((1280, 720), taps=4)
    assert len(ms) == 4 and all(math.isfinite(v) and v > 0 for v in ms)
    cpu = tap_latencies((1280, 720), taps=2, clock="cpu")
    assert len(cpu) == 2 and all(v >= 0 for v in cpu)


def test_the_scripted_minute_times_every_loop_pass():
    ms = scripted_minute((1280, 720), seconds=3.0)
    assert len(ms) == 180 and max(ms) > 0


def test_p99_picks_the_99th_percentile():
    assert p99(list(range(1, 101))) == 99
    assert p99([5.0]) == 5.0


def test_the_phones_bench_sends_every_update_to_every_phone():
    from game.ui.bench import PHONES, SPECTATORS, phones_frames

    ms, got = phones_frames((1280, 720), frames=30)
    assert len(ms) == 30 and all(v > 0 for v in ms)
    assert got["sockets"] == PHONES + SPECTATORS
    assert got["updates"] == 5 and got["least_states"] >= got["updates"]  # each got every update (and the first)
