"""Heartbeat (game side): cheap when unused, rate-limited, never crashes the game."""

from __future__ import annotations

import logging

from kiosk.heartbeat import HEARTBEAT_ENV, Heartbeat


class FakeClock:
    def __init__(self) -> None:
        self.t = 50.0

    def __call__(self) -> float:
        return self.t


def test_unset_variable_means_a_no_op(tmp_path):
    hb = Heartbeat.from_env({})
    assert not hb.enabled
    assert hb.beat() is False
    assert list(tmp_path.iterdir()) == []


def test_beats_are_written_at_most_once_a_second(tmp_path):
    path = tmp_path / "hb"
    clock = FakeClock()
    hb = Heartbeat.from_env({HEARTBEAT_ENV: str(path)}, clock=clock)
    assert hb.enabled
    assert hb.beat() is True
    first = path.read_text()
    clock.t += 0.5
    assert hb.beat() is False
    assert path.read_text() == first
    clock.t += 0.5
    assert hb.beat() is True
    second = path.read_text()
    assert second != first  # the supervisor watches for a change
    assert second.split()[0] == "51.000"


def test_a_failing_disk_is_logged_once_and_never_raises(tmp_path, caplog):
    clock = FakeClock()
    hb = Heartbeat(tmp_path / "missing-dir" / "hb", clock=clock)
    with caplog.at_level(logging.WARNING, logger="underground.kiosk.heartbeat"):
        for _ in range(3):
            assert hb.beat() is False
            clock.t += 1
    assert len(caplog.records) == 1
    assert "cannot write the heartbeat file" in caplog.records[0].getMessage()
