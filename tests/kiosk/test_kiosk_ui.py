"""The kiosk table through its real event path: attract -> set-up, idle countdown, no way out for
players, the admin gesture, PIN lockout, the admin menu, and a broken config."""
from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from game.kiosk_config import KioskConfig, hash_pin, load_kiosk_config
from game.ui.screens import setup as setup_screen
from game.ui.screens import table_setup
from game.ui.screens.end import EndScene
from game.ui.screens.setup import SetupScene
from game.ui.screens.table_setup import default_setup
from game.ui.kiosk.admin import MIN_TARGET, AdminScene, PinScene
from game.ui.app import FIXED_DT
from game.ui.kiosk.attract import AttractScene
from game.ui.kiosk.idle import COUNTDOWN_S, CountdownScene
from game.ui.kiosk.mode import EXIT_RESTART, EXIT_STOP, KioskApp, KioskController
from game.ui.play_scene import PlayScene
from game.ui.seats import EDGE_ROTATION

REPO = Path(__file__).resolve().parents[2]
STEP = 8 * FIXED_DT  # what one App step covers at most
PIN = "2468"


class Table:
    """A kiosk App with its controller, driven by posted SDL events like the real table."""

    def __init__(self, tmp: Path, config: KioskConfig | None = None, problems=None, size=(1280, 720)):
        self.app = KioskApp(size=size, headless=True, kiosk_mode=True)
        pygame.event.clear()
        cfg = config or KioskConfig(admin_pin_hash=hash_pin(PIN, iterations=1000), idle_timeout_s=30)
        self.config_path = tmp / "kiosk.toml"
        self.ctl = KioskController(self.app, cfg, config_path=self.config_path, problems=problems,
                                   attract_level="random", attract_threaded=False)
        self._finger = 100

    @property
    def top(self):
        return self.app.top

    def names(self) -> list[str]:
        return [type(s).__name__ for s in self.app.scenes]

    def step(self, n: int = 1, dt: float = FIXED_DT) -> None:
        for _ in range(n):
            self.app.step(dt)

    def wait(self, seconds: float) -> None:
        """Let ``seconds`` of app time pass without input."""
        for _ in range(max(1, round(seconds / STEP))):
            self.app.step(STEP)

    def finger(self, kind: str, x: float, y: float, fid: int) -> None:
        w, h = self.app.size
        et = {"down": pygame.FINGERDOWN, "up": pygame.FINGERUP}[kind]
        self.app.post_and_step([pygame.event.Event(et, x=x / (w - 1), y=y / (h - 1), dx=0.0, dy=0.0, touch_id=1,
                                                   finger_id=fid, pressure=1.0)])

    def tap(self, x: float, y: float) -> None:
        self._finger += 1
        self.finger("down", x, y, self._finger)
        self.step(1)
        self.finger("up", x, y, self._finger)
        self.step(1)
        from game.ui.loading import LoadingScene

        if isinstance(self.app.top, LoadingScene):  # Start game prepares the table behind progress
            self.app.top.finish_now()

    def tap_rect(self, rect) -> None:
        r = pygame.Rect(rect)
        self.tap(r.centerx, r.centery)

    def key(self, key: int, mod: int = 0, unicode: str = "") -> None:
        self.app.post_and_step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0),
                                pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0)])

    def corner_taps(self, n: int = 5, corner=(2, 2)) -> None:
        for _ in range(n):
            self.tap(*corner)

    def close(self) -> None:
        while self.app.scenes:
            self.app.scenes.pop().exit()
        pygame.event.clear()


@pytest.fixture
def table(tmp_path):
    t = Table(tmp_path)
    yield t
    t.close()


def start_human_game(t: Table) -> PlayScene:
    t.ctl.open_setup()
    setup = t.top
    assert isinstance(setup, SetupScene)
    t.tap_rect(setup.buttons["start"].rect)
    play = t.top
    assert isinstance(play, PlayScene)
    return play


# ------------------------------------------------------------------------------------------------
# attract -> set-up


def test_starts_in_attract_mode_and_a_touch_opens_setup_without_acting(table):
    assert table.ctl.start() == "attract"
    attract = table.top
    assert isinstance(attract, AttractScene)
    table.wait(3.0)
    demo = attract.demo
    seen = []
    demo.on_pointer = lambda e: seen.append(e) or True  # the demo game must never see the touch
    log_before = list(demo.state.log)
    # touch exactly where the set-up's Start button will be: the lifted finger must not start a game
    probe = SetupScene(table.app)
    start_rect = probe.buttons["start"].rect
    table.finger("down", *start_rect.center, 7)
    assert isinstance(table.top, SetupScene)
    assert demo.state.log == log_before and seen == []
    table.finger("up", *start_rect.center, 7)
    table.step(5)
    assert isinstance(table.top, SetupScene), "the touch that opened the set-up also pressed Start"
    assert table.names() == ["SetupScene"]


def test_new_visitors_do_not_see_the_last_groups_names(table):
    setup = default_setup(3)
    setup.seats[0].name = "Alice"
    setup.seats[2].computer, setup.seats[2].level = True, "random"
    table.app.settings.remember_setup(setup)
    table.ctl.start()
    table.tap(600, 400)
    scene = table.top
    assert isinstance(scene, SetupScene)
    assert [s.name for s in scene.setup.seats] == ["Player 1", "Player 2", "Player 3"]
    assert scene.entries["seat0_name"].get_text() == "Player 1"
    assert scene.setup.seats[2].computer  # the table's arrangement is kept


def test_a_mouse_click_also_opens_setup(table):
    table.ctl.start()
    table.app.post_and_step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(600, 400), button=1, touch=False)])
    assert isinstance(table.top, SetupScene)


def test_setup_back_returns_to_attract_mode(table):
    table.ctl.start()
    table.ctl.open_setup()
    table.tap_rect(table.top.buttons["back"].rect)
    assert isinstance(table.top, AttractScene)


def test_setup_offers_only_the_configured_boards(table, monkeypatch):
    two_boards = lambda: [("london", "London"), ("paris", "Paris")]  # noqa: E731
    monkeypatch.setattr(table_setup, "available_maps", two_boards)  # the kiosk's boards
    monkeypatch.setattr(setup_screen, "available_maps", two_boards)  # the set-up screen's
    table.ctl.config = KioskConfig(admin_pin_hash=table.ctl.config.admin_pin_hash, boards=["paris"])
    table.ctl.start()
    table.ctl.open_setup()
    assert table.top.maps == [("paris", "Paris")] and table.top.setup.map == "paris"


# ------------------------------------------------------------------------------------------------
# idle timeout


def test_idle_timeout_shows_a_countdown_then_returns_to_attract_and_discards_the_game(table):
    table.ctl.start()
    play = start_human_game(table)
    assert table.ctl.autosave_path.exists()
    table.wait(30 - 2)
    assert table.top is play, "the countdown came too early"
    table.wait(3)
    cd = table.top
    assert isinstance(cd, CountdownScene) and table.app.scenes[-2] is play
    assert "Returning to the demo in" in cd.text()
    table.wait(COUNTDOWN_S - 2)
    assert isinstance(table.top, CountdownScene)
    table.wait(3)
    assert isinstance(table.top, AttractScene) and table.names() == ["AttractScene"]
    assert not table.ctl.autosave_path.exists(), "the abandoned game's autosave must go"


def test_a_touch_during_the_countdown_keeps_the_game_and_does_not_act(table):
    table.ctl.start()
    play = start_human_game(table)
    table.wait(31)
    assert isinstance(table.top, CountdownScene)
    log_before = list(play.state.log)
    conn_point = play.point_for_connection(next(c for c in range(len(play.board.connections))
                                                if play.point_for_connection(c) is not None))
    table.tap(*conn_point)  # right on a track space: it only says "still here"
    assert table.top is play and play.state.log == log_before
    table.wait(25)
    assert table.top is play, "the idle timer did not restart after the touch"
    table.wait(6)
    assert isinstance(table.top, CountdownScene)


def test_idle_timeout_in_setup_and_end_screens(table):
    table.ctl.start()
    table.ctl.open_setup()
    table.wait(30 + COUNTDOWN_S + 1)
    assert isinstance(table.top, AttractScene)


def test_no_idle_timeout_in_attract_mode(table):
    table.ctl.start()
    attract = table.top
    table.wait(45)
    assert table.top is attract


def test_the_countdown_is_not_what_a_finishing_game_replaces(table):
    """A game that ends under the countdown (computer seats) replaces the game, not the countdown."""
    table.ctl.start()
    play = start_human_game(table)
    table.wait(31)
    assert isinstance(table.top, CountdownScene)
    end = EndScene(table.app, play.state, play.seats)
    table.app.replace(end)  # what PlayScene.on_game_over does
    assert table.names()[0] == "EndScene" and play not in table.app.scenes


# ------------------------------------------------------------------------------------------------
# no way out for players


def quit_events():
    ctrl_q = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=pygame.KMOD_LCTRL, unicode="\x11", scancode=0)
    alt_f4 = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F4, mod=pygame.KMOD_LALT, unicode="", scancode=0)
    esc = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=0)
    return [pygame.event.Event(pygame.QUIT), pygame.event.Event(pygame.WINDOWCLOSE), ctrl_q, alt_f4, esc]


@pytest.mark.parametrize("where", ["attract", "setup", "game", "pin"])
def test_escape_alt_f4_window_close_and_ctrl_q_do_nothing(table, where):
    table.ctl.start()
    if where == "setup":
        table.ctl.open_setup()
    elif where == "game":
        start_human_game(table)
    elif where == "pin":
        table.ctl.open_pin()
    before = table.names()
    loops = []

    def heartbeat():
        loops.append(1)
        if len(loops) == 2:
            for e in quit_events():
                pygame.event.post(e)
        if len(loops) >= 40:
            table.app.stop()  # what only a signal from the supervisor may do

    table.app.heartbeat = heartbeat
    table.app.run()
    assert len(loops) >= 40, "the loop ended early"
    assert table.names() == before
    assert table.ctl.exit_code is None


# ------------------------------------------------------------------------------------------------
# admin gesture, PIN, lockout


def enter_pin(t: Table, pin: str) -> None:
    pad = t.top
    assert isinstance(pad, PinScene)
    for d in pin:
        t.tap_rect(pad.buttons[f"key_{d}"].rect)
    t.tap_rect(pad.buttons["key_ok"].rect)


def test_five_taps_in_a_corner_open_the_pin_pad_from_any_screen(table):
    table.ctl.start()
    table.ctl.open_setup()
    table.corner_taps(4, corner=(1276, 2))
    table.tap(640, 360)  # a tap elsewhere starts the count again
    table.corner_taps(4, corner=(1276, 2))
    assert not isinstance(table.top, PinScene)
    table.tap(1277, 3)
    assert isinstance(table.top, PinScene)
    pad = table.top
    for b in pad.buttons.values():
        assert b.rect.w >= MIN_TARGET and b.rect.h >= MIN_TARGET
    table.tap_rect(pad.buttons["cancel"].rect)
    assert isinstance(table.top, SetupScene)


def test_slow_corner_taps_do_not_open_it(table):
    table.ctl.start()
    start_human_game(table)
    for _ in range(5):
        table.tap(2, 717)
        table.wait(1.0)
    assert not isinstance(table.top, PinScene)


def test_five_wrong_pins_lock_for_60_s_even_the_right_one(table):
    table.ctl.config = KioskConfig(admin_pin_hash=table.ctl.config.admin_pin_hash, idle_timeout_s=600)
    table.ctl.start()
    play = start_human_game(table)
    table.corner_taps()
    pad = table.top
    assert isinstance(pad, PinScene)
    for i in range(4):
        enter_pin(table, "1111")
        assert "Wrong PIN" in pad.status() and f"{4 - i}" in pad.status()
    enter_pin(table, "1111")
    assert "Try again in 60 s" in pad.status()
    table.app.draw(force=True)
    assert not pad.buttons["key_1"].is_enabled
    # the right PIN is refused while locked (typed on a keyboard: the pad keys are off)
    for ch in PIN:
        table.key(getattr(pygame, f"K_{ch}"), unicode=ch)
    table.key(pygame.K_RETURN)
    assert table.top is pad and pad.gate.seconds_locked() > 0
    table.wait(30)
    assert "Try again in 30 s" in pad.status() or "Try again in 31 s" in pad.status()
    table.wait(31)
    assert pad.gate.seconds_locked() == 0 and pad.buttons["key_1"].is_enabled
    enter_pin(table, PIN)
    assert isinstance(table.top, AdminScene)
    assert table.app.scenes[0] is play  # the game waits underneath


def test_the_admin_menu_closes_itself_when_left_alone(table):
    table.ctl.start()
    play = start_human_game(table)
    table.corner_taps()
    enter_pin(table, PIN)
    assert isinstance(table.top, AdminScene)
    table.wait(31)
    assert not table.ctl.admin_open()
    assert isinstance(table.top, CountdownScene) and table.app.scenes[0] is play


# ------------------------------------------------------------------------------------------------
# the admin menu


def open_admin(t: Table) -> AdminScene:
    t.corner_taps()
    enter_pin(t, PIN)
    admin = t.top
    assert isinstance(admin, AdminScene)
    return admin


def test_admin_changes_apply_at_once_and_are_saved(table):
    table.ctl.start()
    admin = open_admin(table)
    for b in admin.buttons.values():
        assert b.rect.w >= MIN_TARGET and b.rect.h >= MIN_TARGET
    table.tap_rect(admin.buttons["idle_plus"].rect)
    table.tap_rect(admin.buttons["idle_plus"].rect)
    table.tap_rect(admin.buttons["volume_minus"].rect)
    assert table.ctl.config.idle_timeout_s == 50 and table.ctl.config.volume == pytest.approx(0.5)
    admin.sliders["idle"].set_current_value(300)
    table.step(2)
    assert table.ctl.config.idle_timeout_s == 300
    # a board can be switched off, but not the last one
    assert table.ctl.config.boards == ["london", "berlin", "newyork", "paris"]
    table.tap_rect(admin.buttons["board_berlin"].rect)
    assert table.ctl.config.boards == ["london", "newyork", "paris"]
    admin = table.top
    table.tap_rect(admin.buttons["board_newyork"].rect)
    assert table.ctl.config.boards == ["london", "paris"]
    admin = table.top
    table.tap_rect(admin.buttons["board_paris"].rect)
    assert table.ctl.config.boards == ["london"]
    admin = table.top
    table.tap_rect(admin.buttons["board_london"].rect)
    assert table.ctl.config.boards == ["london"] and "At least one board" in table.top.note
    table.tap_rect(table.top.buttons["back"].rect)
    # the first corner tap opened the set-up (any touch does, in attract mode); we are back there
    assert isinstance(table.top, SetupScene) and not table.ctl.admin_open()
    saved, problems = load_kiosk_config(table.config_path)
    assert saved.idle_timeout_s == 300 and saved.volume == pytest.approx(0.5)
    assert saved.admin_pin_hash == table.ctl.config.admin_pin_hash
    assert not [p for p in problems if "admin_pin_hash" in p]


def test_exit_takes_two_taps_and_returns_the_stop_code(table):
    table.ctl.start()
    admin = open_admin(table)
    table.app.running = True
    table.tap_rect(admin.buttons["exit"].rect)
    assert table.ctl.exit_code is None and table.app.running
    assert table.top.buttons["exit"].text == "Tap again to exit"
    table.tap_rect(table.top.buttons["exit"].rect)
    assert table.ctl.exit_code == EXIT_STOP == 0 and not table.app.running


def test_restart_returns_the_restart_code(table):
    table.ctl.start()
    admin = open_admin(table)
    table.tap_rect(admin.buttons["restart"].rect)
    table.wait(AdminScene.CONFIRM_S + 0.5)  # the first tap expires
    table.tap_rect(table.top.buttons["restart"].rect)
    assert table.ctl.exit_code is None
    table.tap_rect(table.top.buttons["restart"].rect)
    assert table.ctl.exit_code == EXIT_RESTART != 0


# ------------------------------------------------------------------------------------------------
# a broken config


BROKEN = """\
idle_timout_s = 60
volume = "loud"
attract_pace = 0.9
"""


def test_a_broken_config_starts_safely_and_lists_every_problem_on_the_admin_screen(tmp_path, caplog):
    path = tmp_path / "kiosk.toml"
    path.write_text(BROKEN)
    cfg, problems = load_kiosk_config(path)
    assert cfg.idle_timeout_s == 90 and cfg.volume == 0.6 and cfg.attract_pace == 0.9
    t = Table(tmp_path, config=cfg, problems=problems)
    try:
        assert t.ctl.start() == "attract"
        t.wait(2)
        t.corner_taps(5, corner=(2, 717))
        enter_pin(t, "0000")  # no PIN hash: the documented default
        admin = t.top
        assert isinstance(admin, AdminScene)
        texts = " | ".join(admin.problem_texts())
        assert "unknown key `idle_timout_s`" in texts
        assert "`volume` has the wrong type" in texts
        assert "no admin_pin_hash set" in texts
        assert str(path) not in texts  # the path is shown once, above the list
        t.app.draw(force=True)
    finally:
        t.close()


def test_the_real_kiosk_child_survives_a_broken_config(tmp_path):
    path = tmp_path / "kiosk.toml"
    path.write_text(BROKEN + "[display]\nx = 1\n")
    env = dict(os.environ, UNDERGROUND_DATA_DIR=str(tmp_path / "data"), UNDERGROUND_CONFIG_DIR=str(tmp_path / "c"),
               UNDERGROUND_KIOSK_WINDOWED="1", SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("UNDERGROUND_KIOSK_SELFTEST", None)
    err = tmp_path / "err.txt"
    with open(err, "wb") as fh:
        proc = subprocess.Popen([sys.executable, "-m", "game.cli", "kiosk", "--child", "--config", str(path)],
                                cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=fh)
        try:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline and "in attract mode" not in err.read_text(errors="replace"):
                assert proc.poll() is None, err.read_text()
                time.sleep(0.1)
            time.sleep(1.0)
            assert proc.poll() is None, "the kiosk left because of its config"
        finally:
            proc.send_signal(signal.SIGTERM)
            rc = proc.wait(timeout=15)
    text = err.read_text()
    assert "unknown key `idle_timout_s`" in text and "`display` has the wrong type" in text
    assert "no admin_pin_hash set" in text
    assert rc != 0  # a signal is not the operator's Exit: the supervisor may restart
    assert "Traceback" not in text


def test_players_can_end_their_game_early_from_the_game_menu(table):
    """The game menu of a kiosk offers End this game, asked first on a card facing the seat that opened the
    menu; yes returns the table to attract mode and drops the autosave, as the idle timeout would; the
    menu still has no way out of the kiosk."""
    from game.ui.play.menu import END_GAME, QUIT, RESUME, SAVE_LEAVE, GameMenu

    table.ctl.start()
    play = start_human_game(table)
    assert table.ctl.autosave_path.exists()
    seat = next(i for i, p in enumerate(play.panels) if p.edge != "bottom")
    table.tap(*play.point_for_button(seat, "menu"))
    menu = table.top
    assert isinstance(menu, GameMenu) and menu.seat == seat and menu.rotation == EDGE_ROTATION[play.panels[seat].edge]
    assert END_GAME in menu.items and QUIT not in menu.items and SAVE_LEAVE not in menu.items
    table.tap(*menu.point_for(END_GAME))
    assert menu.confirm == END_GAME and table.top is menu, "ending the game must ask first"
    table.tap(*menu.point_for(RESUME))  # "No, go back"
    assert menu.confirm is None and table.top is menu and table.ctl.autosave_path.exists()
    table.tap(*menu.point_for(END_GAME))
    table.tap(*menu.point_for(END_GAME))  # "Yes, end it"
    assert isinstance(table.top, AttractScene) and table.names() == ["AttractScene"]
    assert not table.ctl.autosave_path.exists(), "the ended game's autosave must go"
    assert table.ctl.exit_code is None, "ending a game never leaves the kiosk"


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
def test_the_countdown_asks_every_side_of_the_table(tmp_path, size):
    """"Still playing?" faces the bottom seat on its card, and each other edge of a touch table on a pill
    turned to read from there (top upside down, the sides sideways), none over another or off the screen."""
    t = Table(tmp_path, size=size)
    try:
        t.ctl.start()
        play = start_human_game(t)
        t.wait(31)
        cd = t.top
        assert isinstance(cd, CountdownScene)
        t.app.draw(force=True)
        places = cd.facing
        assert set(places) == {"bottom", "top", "left", "right"}
        screen = t.app.screen.get_rect()
        for edge, r in places.items():
            assert screen.contains(r), (edge, r)
            if edge in ("left", "right"):
                assert r.h > r.w, f"the {edge} side's question is not turned to face it"
        rects = list(places.values())
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
        assert places["left"].centerx < places["bottom"].left and places["right"].centerx > places["bottom"].right
        del play
    finally:
        t.close()
