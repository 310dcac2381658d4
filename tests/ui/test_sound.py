"""Sound: the effects load with the dummy audio driver, they are what tools/make_sounds.py makes, a missing
audio device leaves the game playing, the volume and mute are remembered, the kiosk's admin volume acts on
them, and each game event the table shows asks for its effect (read from the real player's record)."""
from __future__ import annotations

import importlib.util
import logging
import wave
from pathlib import Path

import pygame
import pytest

from conftest import Driver
from game.ai import RandomBot
from game.engine import PlaceTrack, TakeBranch, apply
from game.engine import events as ev
from game.engine.record import from_state, replay
from game.engine.rules import why_illegal
from game.ui.screens.end import EndScene
from game.ui.screens.settings import SettingsScene
from game.ui.screens.title import TitleScene
from game.ui import sound
from game.ui.app import App
from game.ui.play_scene import PlayScene
from game.ui.screenshot import demo_seats, demo_state
from game.ui.settings import Settings
from play_helpers import STEP

REPO = Path(__file__).resolve().parents[2]


def test_every_effect_loads_with_the_dummy_audio_driver(app):
    player = app.sound
    assert player.available and player.problem == ""
    assert set(player.sounds) == set(sound.EFFECTS)
    for name, snd in player.sounds.items():
        assert 0.03 < snd.get_length() < 2.5, name  # short effects
        assert snd.get_volume() == pytest.approx(player.volume * sound.EFFECTS[name][1], abs=0.01)


def _make_sounds():
    spec = importlib.util.spec_from_file_location("make_sounds", REPO / "tools" / "make_sounds.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _samples(path: Path) -> tuple[tuple, list[int]]:
    with wave.open(str(path), "rb") as w:
        params = (w.getnchannels(), w.getsampwidth(), w.getframerate())
        raw = w.readframes(w.getnframes())
    return params, [int.from_bytes(raw[i:i + 2], "little", signed=True) for i in range(0, len(raw), 2)]


def test_the_committed_effects_are_what_the_script_makes(tmp_path):
    made = _make_sounds().make_all(tmp_path)
    assert {p.stem for p in made} == set(sound.EFFECTS)
    for p in made:
        committed = REPO / "assets" / "sounds" / p.name
        assert committed.stat().st_size < 200_000, "effects stay small"
        (pa, a), (pb, b) = _samples(p), _samples(committed)
        assert pa == pb and len(a) == len(b), p.name
        # the same samples (one step of rounding allowed: libm may differ in the last bit between machines)
        assert max(abs(x - y) for x, y in zip(a, b)) <= 1, p.name
    assert (REPO / "assets" / "sounds" / "LICENSE").is_file()


def test_no_audio_device_leaves_the_game_playing_silently(monkeypatch, caplog):
    pygame.mixer.quit()
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-audio-driver")
    caplog.set_level(logging.WARNING, logger="underground.sound")
    app = App(size=(1280, 720), headless=True)
    try:
        assert not app.sound.available and "audio device" in app.sound.problem
        state = demo_state("london", actions=6)
        scene = app.push(PlayScene(app, state, demo_seats(state)))
        bot = RandomBot(2)
        for _ in range(12):  # a turn and more, passenger journeys included
            while scene.blocking:
                app.step(STEP)
            assert scene.act(bot.choose(scene.state))
            app.step(STEP)
        assert len(scene.state.log) >= 18
        assert "place" in app.sound.requested and app.sound.played == 0
        warnings = [r for r in caplog.records if r.name == "underground.sound"]
        assert len(warnings) == 1  # said once, not at every effect
    finally:
        app.close()
        pygame.mixer.quit()


def test_volume_and_mute_are_set_in_settings_and_remembered(app):
    driver = Driver(app)
    title = app.push(TitleScene(app))
    driver.tap_rect(title.buttons["settings"].rect)
    settings = app.top
    assert isinstance(settings, SettingsScene)
    start = app.sound.volume
    driver.tap_rect(settings.buttons["volume_plus"].rect)
    assert app.sound.volume == pytest.approx(min(1.0, start + 0.1))
    driver.tap_rect(settings.buttons["volume_minus"].rect)
    driver.tap_rect(settings.buttons["volume_minus"].rect)
    assert app.sound.volume == pytest.approx(start - 0.1)
    settings.sliders["volume"].set_current_value(0.3)  # as a drag leaves it
    driver.step(2)
    assert app.sound.volume == pytest.approx(0.3)
    assert app.sound.sounds["place"].get_volume() == pytest.approx(0.3 * sound.EFFECTS["place"][1], abs=0.01)
    driver.tap_rect(settings.buttons["mute"].rect)
    assert app.sound.muted and app.sound.level == 0.0
    assert app.sound.sounds["place"].get_volume() == 0.0
    app.sound.play("place")
    assert app.sound.requested[-1] == "place"  # asked for, and silent
    driver.tap_rect(settings.buttons["back"].rect)
    assert app.top is title  # Settings opened over the title returns to it
    prefs = Settings().preferences()
    assert prefs.volume == pytest.approx(0.3) and prefs.muted
    again = App(size=(1280, 720), headless=True)  # (not closed: that would close the fixture's display too)
    assert again.sound.volume == pytest.approx(0.3) and again.sound.muted


def test_a_broken_preferences_file_means_the_defaults(app, caplog):
    path = Settings().preferences_path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"volume": "loud"')
    assert Settings().preferences().volume == sound.DEFAULT_VOLUME
    path.write_text('{"volume": 7, "language": "de"}')  # out of range; an unknown key is fine
    assert Settings().preferences().volume == sound.DEFAULT_VOLUME


def test_the_kiosk_admin_volume_acts_on_the_effects(tmp_path):
    from game.kiosk_config import KioskConfig, hash_pin
    from game.ui.kiosk.admin import AdminScene
    from game.ui.kiosk.mode import KioskApp, KioskController

    Settings().remember_preferences(Settings().preferences().__class__(volume=0.9, muted=True))
    app = KioskApp(size=(1280, 720), headless=True, kiosk_mode=True)
    try:
        ctl = KioskController(app, KioskConfig(admin_pin_hash=hash_pin("2468", iterations=1000), volume=0.25),
                              config_path=tmp_path / "kiosk.toml", attract_level="random", attract_threaded=False)
        # the operator's volume, not a player's remembered one
        assert app.sound.volume == pytest.approx(0.25) and not app.sound.muted
        admin = app.push(AdminScene(app, ctl))
        admin.nudge("volume", 0.1)
        assert app.sound.volume == pytest.approx(0.35)
        assert app.sound.sounds["score"].get_volume() == pytest.approx(0.35 * sound.EFFECTS["score"][1], abs=0.01)
        ctl.mode = "attract"
        assert sound.of(app) is not app.sound  # the self-playing demo is quiet
        ctl.mode = "game"
        assert sound.of(app) is app.sound
    finally:
        app.close()


# ------------------------------------------------------------------------------------------------
# each event the table shows asks for its effect


def _find(kind, seed=21, players=3):
    """(position before, action) from a seeded random game: the first action whose events match ``kind``."""
    state = demo_state("london", players=players, seed=seed, actions=0)
    bot = RandomBot(seed)
    record_from = state
    while not state.over:
        action = bot.choose(state)
        k = len(state.log)
        events = apply(state, action)
        if kind(action, events):
            return replay(from_state(record_from), upto=k), action
    raise AssertionError("no such action in the game")


def _scene(app, state):
    app.sound.requested.clear()
    return app.push(PlayScene(app, state, demo_seats(state)))


def test_placing_a_token_and_a_refused_tap_by_touch(app):
    driver = Driver(app)
    before, action = _find(lambda a, e: isinstance(a, PlaceTrack) and not any(
        isinstance(x, (ev.Scored, ev.PassengerMoved)) for x in e))
    scene = _scene(app, before)
    scene.selected[before.current] = action.line
    n0 = len(before.log)
    driver.tap(*scene.point_for_connection(action.connection))
    assert len(scene.state.log) == n0 + 1  # the tap placed the token
    assert list(app.sound.requested) == ["place"]
    st = scene.state
    line = scene.selected.get(st.current)
    bad = next(c for c in range(len(scene.board.connections))
               if why_illegal(st, PlaceTrack(line, c)) is not None and scene.point_for_connection(c) is not None)
    n = len(st.log)
    driver.tap(*scene.point_for_connection(bad))
    assert len(st.log) == n and app.sound.requested[-1] == "refused"


def test_taking_a_branch_tile(app):
    before, action = _find(lambda a, e: isinstance(a, TakeBranch) and not any(
        isinstance(x, ev.PassengerMoved) for x in e))
    scene = _scene(app, before)
    assert scene.act(action)
    assert list(app.sound.requested) == ["branch"]


def test_scoring_follows_the_token(app):
    before, action = _find(lambda a, e: isinstance(a, PlaceTrack) and any(
        isinstance(x, ev.Scored) and x.category != "passenger" and x.points > 0 for x in e)
        and not any(isinstance(x, ev.PassengerMoved) for x in e))
    scene = _scene(app, before)
    assert scene.act(action)
    assert list(app.sound.requested) == ["place"]
    for _ in range(10):
        app.step(STEP)
    assert list(app.sound.requested) == ["place", "score"]


def test_the_passenger_travels_arrives_and_the_next_turn_starts(app):
    before, action = _find(lambda a, e: any(isinstance(x, ev.PassengerMoved) for x in e)
                           and any(isinstance(x, ev.TurnStarted) for x in e))
    scene = _scene(app, before)
    assert scene.act(action)
    assert "travel" in app.sound.requested and "arrive" not in app.sound.requested
    assert scene.blocking
    while scene.blocking:
        app.step(STEP)
    assert app.sound.requested[-1] == "arrive" or list(app.sound.requested)[-2:] == ["arrive", "turn"]
    for _ in range(20):
        app.step(STEP)
    heard = list(app.sound.requested)
    assert heard.index("travel") < heard.index("arrive") < heard.index("turn")


def test_the_end_screen_plays_the_fanfare(app):
    state = demo_state("london", players=3, actions=None)
    app.sound.requested.clear()
    app.push(EndScene(app, state, demo_seats(state)))
    assert list(app.sound.requested) == ["fanfare"]


def test_an_unknown_effect_is_a_bug(app):
    with pytest.raises(KeyError, match="no sound effect 'boing'"):
        app.sound.play("boing")
