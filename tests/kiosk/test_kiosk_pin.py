"""Admin access: PIN lockout timing and the hidden corner gesture."""

from __future__ import annotations

import pytest

from game.kiosk_config import hash_pin
from kiosk.pin import CornerTapDetector, PinGate

STORED = hash_pin("4321", iterations=1000)


class FakeClock:
    def __init__(self, t: float = 1000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


def test_right_pin_opens_and_wrong_pin_does_not():
    gate = PinGate(STORED, clock=FakeClock())
    assert gate.try_pin("0000") == "wrong"
    assert gate.try_pin("4321") == "ok"
    assert gate.seconds_locked() == 0.0


def test_five_wrong_tries_lock_for_sixty_seconds_then_unlock():
    clock = FakeClock()
    gate = PinGate(STORED, clock=clock)
    for left in (4, 3, 2, 1):
        assert gate.try_pin("1111") == "wrong"
        assert gate.tries_left() == left
    assert gate.try_pin("1111") == "locked"  # the fifth wrong try locks
    assert gate.seconds_locked() == pytest.approx(60.0)
    assert gate.tries_left() == 0
    # while locked even the right PIN is refused
    clock.t += 30
    assert gate.try_pin("4321") == "locked"
    assert gate.seconds_locked() == pytest.approx(30.0)
    clock.t += 29.9
    assert gate.try_pin("4321") == "locked"
    clock.t += 0.1
    assert gate.seconds_locked() == 0.0
    assert gate.tries_left() == 5
    assert gate.try_pin("4321") == "ok"


def test_lock_restarts_after_five_more_wrong_tries():
    clock = FakeClock()
    gate = PinGate(STORED, clock=clock)
    for _ in range(5):
        gate.try_pin("9999")
    clock.t += 60
    for _ in range(4):
        assert gate.try_pin("9999") == "wrong"
    assert gate.try_pin("9999") == "locked"


def test_success_resets_the_wrong_count():
    gate = PinGate(STORED, clock=FakeClock())
    for _ in range(4):
        gate.try_pin("1111")
    assert gate.try_pin("4321") == "ok"
    for _ in range(4):
        assert gate.try_pin("1111") == "wrong"


def test_gate_with_a_broken_hash_never_opens():
    gate = PinGate("not a hash", clock=FakeClock())
    assert gate.try_pin("0000") == "wrong"


def test_gate_rejects_nonsense_settings():
    with pytest.raises(ValueError, match="max_tries"):
        PinGate(STORED, max_tries=0)
    with pytest.raises(ValueError, match="lockout_s"):
        PinGate(STORED, lockout_s=-1)


# ---------------------------------------------------------- corner gesture

W, H = 1920, 1080  # corner side = max(48, 0.08 * 1080) = 86.4


def taps(detector, points, times, w=W, h=H):
    return [detector.feed(x, y, t, w, h) for (x, y), t in zip(points, times)]


def test_corner_side_is_eight_percent_of_the_short_side_but_at_least_48():
    d = CornerTapDetector()
    assert d.corner_side(1920, 1080) == pytest.approx(86.4)
    assert d.corner_side(320, 240) == 48


@pytest.mark.parametrize(
    "point, corner",
    [
        ((5, 5), "top-left"),
        ((W - 1, 10), "top-right"),
        ((20, H - 1), "bottom-left"),
        ((W - 80, H - 80), "bottom-right"),
    ],
)
def test_five_quick_taps_in_any_corner_fire(point, corner):
    d = CornerTapDetector()
    results = taps(d, [point] * 5, [0.0, 0.5, 1.0, 1.5, 2.9])
    assert results == [None, None, None, None, corner]
    # it re-arms: the next tap starts a new count
    assert d.feed(*point, 3.0, W, H) is None


def test_four_taps_do_not_fire():
    d = CornerTapDetector()
    assert taps(d, [(10, 10)] * 4, [0, 0.1, 0.2, 0.3]) == [None] * 4


def test_too_slow_taps_do_not_fire():
    d = CornerTapDetector()
    assert taps(d, [(10, 10)] * 5, [0, 0.8, 1.6, 2.4, 3.2]) == [None] * 5
    # the window slides: one more tap makes five within 3 s (0.8 .. 3.3)
    assert d.feed(10, 10, 3.3, W, H) == "top-left"


def test_taps_spread_over_different_corners_do_not_fire():
    d = CornerTapDetector()
    corners = [(10, 10), (W - 10, 10), (10, H - 10), (W - 10, H - 10), (10, 10)]
    assert taps(d, corners, [0, 0.1, 0.2, 0.3, 0.4]) == [None] * 5


def test_centre_taps_do_not_fire_and_break_the_sequence():
    d = CornerTapDetector()
    assert taps(d, [(W / 2, H / 2)] * 6, [0, 0.1, 0.2, 0.3, 0.4, 0.5]) == [None] * 6
    seq = [(10, 10)] * 3 + [(W / 2, H / 2)] + [(10, 10)] * 2
    assert taps(d, seq, [1, 1.1, 1.2, 1.3, 1.4, 1.5]) == [None] * 6


def test_edge_but_not_corner_does_not_count():
    d = CornerTapDetector()
    assert taps(d, [(10, H / 2)] * 5, [0, 0.1, 0.2, 0.3, 0.4]) == [None] * 5
    assert taps(d, [(100, 10)] * 5, [1, 1.1, 1.2, 1.3, 1.4]) == [None] * 5  # 100 > 86.4


def test_taps_outside_the_window_are_ignored_and_bad_sizes_refused():
    d = CornerTapDetector()
    assert d.feed(-1, 5, 0, W, H) is None
    assert d.feed(W, 5, 0, W, H) is None
    with pytest.raises(ValueError, match="window size"):
        d.feed(1, 1, 0, 0, H)


def test_clock_going_backwards_restarts_the_count():
    d = CornerTapDetector()
    assert taps(d, [(10, 10)] * 3, [10, 10.1, 10.2]) == [None] * 3
    assert taps(d, [(10, 10)] * 2, [0, 0.1]) == [None, None]
