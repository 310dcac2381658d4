"""Nothing lost: autosave after every action, resume after kill -9, corrupt and skipped autosaves.

The crash test runs the real kiosk child (``python -m game.cli kiosk --child``) with the self-test
hook (``UNDERGROUND_KIOSK_SELFTEST``), which plays a game of people by clicking the play screen and
prints ``KIOSK-SAVED <n> <actions digest> <position digest>`` once each autosave is on disk. The
test kills it with SIGKILL at random moments, checks that the file holds every acknowledged action,
restarts it, and checks that the resumed position is exactly the replay of the file.
"""
from __future__ import annotations

import json
import logging
import os
import queue
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pygame
import pytest

from game.autosave import AUTOSAVE_NAME
from game.engine import PlaceTrack, TakeBranch, Undo, apply, legal_actions
from game.engine.record import decode, encode, replay
from game.kiosk_config import KioskConfig, hash_pin
from game.ui.app import FIXED_DT
from game.ui.kiosk.mode import (SEATS_NAME, KioskApp, KioskController, actions_digest, position_digest)

REPO = Path(__file__).resolve().parents[2]
STEP = 8 * FIXED_DT


# ------------------------------------------------------------------------------------------------
# the real child, killed at random moments


class Child:
    """One kiosk child process; its stdout lines arrive on a queue (read by a thread)."""

    def __init__(self, tmp: Path, config: Path, seed: int | None, extra_env: dict | None = None):
        env = dict(os.environ)
        env.update({
            "UNDERGROUND_DATA_DIR": str(tmp / "data"),
            "UNDERGROUND_CONFIG_DIR": str(tmp / "config"),
            "UNDERGROUND_KIOSK_WINDOWED": "1",
            "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy",
            "PYTHONUNBUFFERED": "1",
        })
        env.pop("UNDERGROUND_HEARTBEAT_FILE", None)
        if seed is not None:
            env["UNDERGROUND_KIOSK_SELFTEST"] = str(seed)
            env["UNDERGROUND_KIOSK_SELFTEST_PACE"] = "0.01"
        else:
            env.pop("UNDERGROUND_KIOSK_SELFTEST", None)
        env.update(extra_env or {})
        self.err_path = tmp / f"child-{time.monotonic_ns()}.err"
        self._err = open(self.err_path, "wb")
        self.proc = subprocess.Popen([sys.executable, "-m", "game.cli", "kiosk", "--child", "--config", str(config)],
                                     cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=self._err)
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for raw in self.proc.stdout:
            self.lines.put(raw.decode("utf-8", "replace").rstrip("\n"))

    def drain(self) -> None:
        while True:
            try:
                self.seen.append(self.lines.get_nowait())
            except queue.Empty:
                return

    def wait_for(self, prefix: str, timeout: float = 30.0) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in self.seen:
                if line.startswith(prefix):
                    return line
            try:
                self.seen.append(self.lines.get(timeout=0.05))
            except queue.Empty:
                pass
            if self.proc.poll() is not None and self.lines.empty():
                break
        raise AssertionError(f"no {prefix!r} from the child; stdout {self.seen[-5:]}, stderr:\n{self.stderr()}")

    def wait_for_save_beyond(self, n: int, timeout: float = 30.0) -> None:
        """Until the child acknowledges a save holding more than ``n`` actions: the game is moving again
        (the save a resumed table writes of the position it resumed does not count)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if any(count > n for count, _, _ in self.saved()):
                return
            time.sleep(0.02)
        raise AssertionError(f"no save beyond {n} actions from the child; stdout {self.seen[-5:]}, "
                             f"stderr:\n{self.stderr()}")

    def saved(self) -> list[tuple[int, str, str]]:
        self.drain()
        out = []
        for line in self.seen:
            if line.startswith("KIOSK-SAVED "):
                _, n, ad, pd = line.split()
                out.append((int(n), ad, pd))
        return out

    def kill9(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)
        time.sleep(0.1)  # let the reader thread take the last lines
        self.drain()
        self._err.close()

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._err.close()
        return self.proc.returncode

    def stderr(self) -> str:
        try:
            return self.err_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""


def test_kill_dash_nine_at_random_moments_loses_no_acknowledged_action(tmp_path):
    rng = random.Random(20240611)
    config = tmp_path / "kiosk.toml"
    config.write_text("idle_timeout_s = 600\n")
    save = tmp_path / "data" / AUTOSAVE_NAME
    last_position: str | None = None
    rounds = 4
    resumed_rounds = 0
    child = Child(tmp_path, config, seed=11)
    try:
        child.wait_for("KIOSK-READY", timeout=60)
        resumed_at = 0
        for rnd in range(rounds):
            child.wait_for_save_beyond(resumed_at)
            time.sleep(rng.uniform(0.2, 1.2))  # a random moment: mid-turn, mid-passenger, mid-save
            child.kill9()
            acked = child.saved()
            assert acked, "the child acknowledged no save"
            n_acked, actions_acked, position_acked = acked[-1]
            assert save.exists(), f"round {rnd}: the autosave is gone after kill -9 (stderr:\n{child.stderr()})"
            data = save.read_bytes()
            rec = decode(data, str(save))  # never a torn file: old or new, whole
            assert len(rec.actions) >= n_acked, f"round {rnd}: acknowledged {n_acked} actions, file has {len(rec.actions)}"
            assert actions_digest(rec.actions[:n_acked]) == actions_acked, "an acknowledged action changed"
            expected = replay(rec, str(save))
            if len(rec.actions) == n_acked:
                assert position_digest(expected) == position_acked, "the saved position differs from the one played"
            # restart: the table resumes exactly the replay of the file
            child = Child(tmp_path, config, seed=11)
            line = child.wait_for("KIOSK-READY", timeout=60)
            if expected.over:
                break
            assert line == "KIOSK-READY resumed", f"round {rnd}: {line}; stderr:\n{child.stderr()}"
            resumed = child.wait_for("KIOSK-RESUMED")
            _, n, digest = resumed.split()
            assert int(n) == len(rec.actions)
            resumed_at = int(n)
            assert digest == position_digest(expected), f"round {rnd}: resumed position differs from the replay"
            assert digest != last_position or n_acked == 0
            last_position = digest
            resumed_rounds += 1
            assert not list(save.parent.glob(f".{AUTOSAVE_NAME}.*.tmp")), "an unfinished temp file was left"
        # the resumed game goes on being played and saved
        child.wait_for("KIOSK-SAVED", timeout=30)
        more = child.saved()
        assert more and more[-1][0] >= 1
    finally:
        child.stop()
    assert resumed_rounds >= 3


def test_a_corrupt_autosave_is_moved_aside_and_the_real_table_starts_in_attract_mode(tmp_path):
    config = tmp_path / "kiosk.toml"
    config.write_text("idle_timeout_s = 600\n")
    data = tmp_path / "data"
    data.mkdir()
    (data / AUTOSAVE_NAME).write_bytes(b'{"format": "underground-record", "schema_ver')
    child = Child(tmp_path, config, seed=None)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and "in attract mode" not in child.stderr():
            assert child.proc.poll() is None, child.stderr()
            time.sleep(0.1)
        err = child.stderr()
        assert "in attract mode" in err, err
        assert "is corrupt" in err and "moved it to autosave.json.corrupt-" in err
        time.sleep(0.5)
        assert child.proc.poll() is None, "the table must keep running"
    finally:
        child.stop()
    assert not (data / AUTOSAVE_NAME).exists()
    assert len(list(data.glob(f"{AUTOSAVE_NAME}.corrupt-*"))) == 1


# ------------------------------------------------------------------------------------------------
# in-process: the controller's saving and resuming


def _app():
    app = KioskApp(size=(1280, 720), headless=True, kiosk_mode=True)
    pygame.event.clear()
    return app


def _controller(app, **kw) -> KioskController:
    cfg = KioskConfig(admin_pin_hash=hash_pin("2468", iterations=1000), idle_timeout_s=600, attract_pace=1.2)
    return KioskController(app, cfg, config_path=Path(os.environ["UNDERGROUND_CONFIG_DIR"]) / "kiosk.toml",
                           attract_level="random", attract_threaded=False, **kw)


def _close(app):
    while app.scenes:
        app.scenes.pop().exit()
    pygame.event.clear()


def _resumed():
    """A new process's kiosk on the same data dir: it resumes the game; returns (app, its play screen)."""
    from game.ui.play_scene import PlayScene

    app = _app()
    assert _controller(app).start() == "resumed"
    assert isinstance(app.top, PlayScene)
    return app, app.top


def _start_game(app, ctl, computer_second: bool = False):
    from game.ui.screens.table_setup import default_setup, start_game

    setup = default_setup(2)
    setup.start_player = 0
    if computer_second:
        setup.seats[1].computer = True
        setup.seats[1].level = "random"
    start_game(app, setup, seed=99)
    return app.top


def test_every_action_and_undo_is_saved_and_resumes_with_its_seats(tmp_path, caplog):
    from game.ui.play_scene import PlayScene

    app = _app()
    saved = []
    ctl = _controller(app, on_saved=lambda st: saved.append(len(st.log)))
    try:
        ctl.start()
        play = _start_game(app, ctl, computer_second=True)
        assert isinstance(play, PlayScene)
        path = ctl.autosave_path
        assert path.exists() and saved == [0]
        st = play.state
        for k in range(2):  # the human's first turn (3 actions): place, place, then undo one
            act = next(a for a in legal_actions(st) if isinstance(a, PlaceTrack))
            assert play.act(act)
            app.step(FIXED_DT)
            assert len(decode(path.read_bytes()).actions) == len(st.log)
        assert play.act(Undo())
        app.step(FIXED_DT)
        assert len(decode(path.read_bytes()).actions) == len(st.log) == 1
        assert decode(path.read_bytes()).actions == st.log
        assert saved == [0, 1, 2, 1]
        digest = position_digest(st)
        log_now = list(st.log)
    finally:
        _close(app)
    # a new process: the same position, and seat 2 is still the computer
    app, play = _resumed()
    try:
        assert position_digest(play.state) == digest and play.state.log == log_now
        assert [s.computer for s in play.seats] == [False, True]
    finally:
        _close(app)


def test_a_resumed_game_keeps_the_computer_speed_of_its_set_up(tmp_path):
    from game.ui.screens.table_setup import default_setup, start_game

    app = _app()
    ctl = _controller(app)
    try:
        ctl.start()
        setup = default_setup(2)
        setup.seats[1].computer = True
        setup.computer_speed = "fast"
        app.settings.remember_setup(setup)  # what the set-up screen's Start does
        start_game(app, setup, seed=5)
        assert app.top.turns.computer_speed == "fast"
    finally:
        _close(app)
    app = _app()
    ctl = _controller(app)
    try:
        assert ctl.start() == "resumed"
        assert app.top.turns.computer_speed == "fast"
    finally:
        _close(app)


def test_computer_moves_are_saved_too(tmp_path):
    app = _app()
    ctl = _controller(app)
    try:
        ctl.start()
        play = _start_game(app, ctl, computer_second=True)
        st = play.state
        # the human ends the turn by taking branch tiles; then the computer plays its turn
        while st.current == 0 and not st.over:
            if st.phase == "route":
                from game.engine import ChooseRoute

                play.act(ChooseRoute(0))
            else:
                play.act(TakeBranch())
            app.step(FIXED_DT)
        for _ in range(int(30 / STEP)):
            app.step(STEP)
            if st.current == 0:
                break
        assert st.current == 0, "the computer seat did not finish its turn"
        assert decode(ctl.autosave_path.read_bytes()).actions == st.log
    finally:
        _close(app)


def test_a_corrupt_autosave_is_moved_aside_with_a_log_line(tmp_path, caplog):
    from game.ui.kiosk.attract import AttractScene

    data = tmp_path / "data"
    data.mkdir()
    (data / AUTOSAVE_NAME).write_bytes(b"\x00garbage, not a record")
    app = _app()
    ctl = _controller(app)
    try:
        with caplog.at_level(logging.WARNING, logger="underground"):
            assert ctl.start() == "attract"
        assert isinstance(app.top, AttractScene)
        assert not (data / AUTOSAVE_NAME).exists()
        aside = list(data.glob(f"{AUTOSAVE_NAME}.corrupt-*"))
        assert len(aside) == 1
        assert "is corrupt" in caplog.text and aside[0].name in caplog.text
        assert any("corrupt" in p for p in ctl.problems)  # also on the admin screen
    finally:
        _close(app)


def test_an_illegal_record_counts_as_corrupt(tmp_path):
    from game.engine import new_game

    st = new_game("london", 2, seed=3)
    rec = json.loads(encode(st))
    rec["actions"] = [{"type": "route", "option": 7}]
    data = tmp_path / "data"
    data.mkdir()
    (data / AUTOSAVE_NAME).write_text(json.dumps(rec))
    app = _app()
    ctl = _controller(app)
    try:
        assert ctl.start() == "attract"
        assert list(data.glob(f"{AUTOSAVE_NAME}.corrupt-*"))
    finally:
        _close(app)


def test_attract_flag_moves_the_autosave_aside_unread(tmp_path, caplog):
    from game.engine import new_game
    from game.ui.kiosk.attract import AttractScene

    st = new_game("london", 2, seed=3)
    apply(st, legal_actions(st)[0])
    data = tmp_path / "data"
    data.mkdir()
    (data / AUTOSAVE_NAME).write_bytes(encode(st))
    (data / SEATS_NAME).write_text("{}")
    app = _app()
    ctl = _controller(app)
    try:
        with caplog.at_level(logging.WARNING, logger="underground"):
            assert ctl.start(attract_only=True) == "attract"
        assert isinstance(app.top, AttractScene)
        assert not (data / AUTOSAVE_NAME).exists() and not (data / SEATS_NAME).exists()
        skipped = list(data.glob(f"{AUTOSAVE_NAME}.skipped-*"))
        assert len(skipped) == 1 and decode(skipped[0].read_bytes()).actions == st.log
        assert "without resuming it" in caplog.text
    finally:
        _close(app)


def test_a_save_the_play_screen_cannot_show_is_moved_aside(tmp_path, monkeypatch, caplog):
    from game.engine import new_game
    from game.ui import play_scene
    from game.ui.kiosk.attract import AttractScene

    st = new_game("london", 2, seed=3)
    data = tmp_path / "data"
    data.mkdir()
    (data / AUTOSAVE_NAME).write_bytes(encode(st))
    app = _app()
    ctl = _controller(app)

    real = play_scene.PlayScene._layout

    def broken(self, *a, **k):
        if type(self) is play_scene.PlayScene:  # the game's screen only, not the attract demo
            raise RuntimeError("cannot lay out")
        return real(self, *a, **k)

    monkeypatch.setattr(play_scene.PlayScene, "_layout", broken)
    try:
        with caplog.at_level(logging.WARNING, logger="underground"):
            assert ctl.start() == "attract"
        assert isinstance(app.top, AttractScene)
        assert list(data.glob(f"{AUTOSAVE_NAME}.skipped-*")) and not (data / AUTOSAVE_NAME).exists()
        assert "could not show the autosaved game" in caplog.text
    finally:
        _close(app)


def test_a_finished_game_is_not_resumed(tmp_path):
    from game.ai import RandomBot
    from game.engine import new_game
    from game.ui.kiosk.attract import AttractScene

    st = new_game("london", 2, seed=5)
    bot = RandomBot(5)
    while not st.over:
        apply(st, bot.choose(st))
    data = tmp_path / "data"
    data.mkdir()
    (data / AUTOSAVE_NAME).write_bytes(encode(st))
    app = _app()
    ctl = _controller(app)
    try:
        assert ctl.start() == "attract"
        assert isinstance(app.top, AttractScene)
        assert not (data / AUTOSAVE_NAME).exists()
    finally:
        _close(app)


def test_seats_of_another_game_are_ignored(tmp_path, caplog):
    from game.engine import new_game
    from game.ui.play_scene import PlayScene

    st = new_game("london", 2, seed=8)
    data = tmp_path / "data"
    data.mkdir()
    (data / AUTOSAVE_NAME).write_bytes(encode(st))
    (data / SEATS_NAME).write_text(json.dumps({"players": ["X", "Y"], "seed": 1, "seats": [
        {"name": "X", "computer": True}, {"name": "Y", "computer": True}]}))
    app = _app()
    ctl = _controller(app)
    try:
        with caplog.at_level(logging.WARNING, logger="underground"):
            assert ctl.start() == "resumed"
        assert isinstance(app.top, PlayScene)
        assert [s.computer for s in app.top.seats] == [False, False]
        assert "another game" in caplog.text
    finally:
        _close(app)


def test_an_unwritable_data_dir_is_logged_once_and_the_game_goes_on(tmp_path, caplog, monkeypatch):
    import game.ui.kiosk.mode as km

    calls = []

    def refuse(path, data):
        calls.append(path)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(km, "save_atomic", refuse)
    app = _app()
    ctl = _controller(app)
    try:
        ctl.start()
        with caplog.at_level(logging.ERROR, logger="underground"):
            play = _start_game(app, ctl)
            st = play.state
            for _ in range(2):
                play.act(next(a for a in legal_actions(st) if isinstance(a, PlaceTrack)))
                app.step(FIXED_DT)
        assert len(calls) >= 3
        assert caplog.text.count("cannot autosave the game") == 1
        assert len(st.log) == 2
    finally:
        _close(app)


def test_a_seat_handed_on_at_a_kiosk_is_kept_beside_the_autosave(tmp_path):
    """A convention table: the person at seat 1 leaves and a computer plays on (the game menu's Hand to a
    computer, play/handoff.py); the kiosk writes the seats at once, so a restart resumes with the computer."""
    from game.ui.play.handoff import take_seat, to_computer

    app = _app()
    ctl = _controller(app)
    try:
        ctl.start()
        play = _start_game(app, ctl, computer_second=True)
        to_computer(play, 0, "easy")
        take_seat(play, 1)
        app.step(FIXED_DT)  # no action since: the seats alone changed
        saved = json.loads(ctl.seats_path.read_text())
        assert [(s["computer"], s["level"]) for s in saved["seats"]] == [(True, "easy"), (False, "random")]
    finally:
        _close(app)
    app, play = _resumed()
    try:
        assert [(s.computer, s.level) for s in play.seats] == [(True, "easy"), (False, "random")]
    finally:
        _close(app)
