"""Title, set-up and end screens driven by posted touch and mouse events; the remembered set-up."""
from __future__ import annotations

import importlib.util
import logging

import msgspec
import pygame
import pytest

from game.engine import rules
from game.engine.state import TOKEN_SUPPLY
from game.ui import menu_scenes as ms
from game.ui.screenshot import demo_seats, demo_state
from game.ui.seats import SeatConfig, TableSetup
from game.ui.settings import RANDOM_START, Settings

HAS_PLAY = importlib.util.find_spec("game.ui.play_scene") is not None
needs_play = pytest.mark.skipif(not HAS_PLAY, reason="the play screen (game/ui/play_scene.py) is not in yet")


def setup_scene(app, setup=None):
    return app.push(ms.SetupScene(app, setup=setup))


# ---- title ----------------------------------------------------------------------------------------


def test_title_new_game_by_touch_opens_setup(app, driver):
    t = app.push(ms.TitleScene(app))
    app.step(0.01)
    driver.tap_rect(t.buttons["new_game"].rect)
    assert isinstance(app.top, ms.SetupScene)
    assert len(app.scenes) == 1


def test_title_quit_by_mouse(app, driver):
    t = app.push(ms.TitleScene(app))
    app.running = True
    driver.click_rect(t.buttons["quit"].rect)
    assert not app.running


def test_title_tap_beside_the_buttons_does_nothing(app, driver):
    t = app.push(ms.TitleScene(app))
    app.running = True
    r = t.buttons["quit"].rect
    driver.tap(r.right + 40, r.centery)
    assert app.top is t and app.running


def test_title_in_kiosk_mode_has_no_quit(app):
    app.kiosk_mode = True
    t = app.push(ms.TitleScene(app))
    assert "quit" not in t.buttons and "new_game" in t.buttons


def test_title_finger_dragged_off_the_button_does_not_press(app, driver):
    t = app.push(ms.TitleScene(app))
    r = t.buttons["new_game"].rect
    driver.finger("down", r.centerx, r.centery, 5)
    driver.finger("move", r.centerx, r.bottom + 200, 5)
    driver.finger("up", r.centerx, r.bottom + 200, 5)
    assert app.top is t


# ---- set-up ---------------------------------------------------------------------------------------


def test_setup_defaults_follow_the_rules(app):
    s = setup_scene(app)
    assert len(s.setup.seats) == 2
    assert [x.colours for x in s.setup.seats] == rules.default_lines(2)
    assert [x.edge for x in s.setup.seats] == ["bottom", "top"]
    assert ("london", "London") in s.maps


def test_setup_players_plus_and_minus_by_touch(app, driver):
    s = setup_scene(app)
    for n in (3, 4, 5):
        driver.tap_rect(s.buttons["players_plus"].rect)
        assert len(s.setup.seats) == n
        assert [x.colours for x in s.setup.seats] == rules.default_lines(n)
    assert [x.edge for x in s.setup.seats] == ["bottom", "left", "top", "right", "bottom"]  # a fifth shares
    driver.tap_rect(s.buttons["players_plus"].rect)  # disabled at 5
    assert len(s.setup.seats) == 5
    driver.click_rect(s.buttons["players_minus"].rect)
    assert len(s.setup.seats) == 4


def test_setup_seat_controls_cycle(app, driver):
    s = setup_scene(app)
    driver.tap_rect(s.buttons["seat1_edge"].rect)
    assert s.setup.seats[1].edge == "left"
    kinds = s.seat_kinds()
    assert kinds[0] == (False, "random") and all(c for c, _ in kinds[1:])
    driver.tap_rect(s.buttons["seat0_kind"].rect)
    if len(kinds) > 1:
        assert s.setup.seats[0].computer and s.setup.seats[0].level == kinds[1][1]
        assert "Computer" in s.buttons["seat0_kind"].text
    for _ in range(len(kinds) - 1):
        driver.tap_rect(s.buttons["seat0_kind"].rect)
    assert not s.setup.seats[0].computer


def test_setup_offers_only_levels_the_ai_can_build(app):
    from game.ai import make_bot

    for lvl in ms.available_levels():
        make_bot(lvl, 1)
    for lvl in set(ms.LEVELS) - set(ms.available_levels()):
        with pytest.raises(ValueError):
            make_bot(lvl, 1)


def test_setup_colour_tap_takes_the_next_unused_colour_and_warns_on_uneven_tokens(app, driver):
    s = setup_scene(app)
    assert s.labels["warning"].text.strip() == ""
    before = list(s.setup.seats[0].colours)
    driver.tap_rect(s.buttons["seat0_colour0"].rect)  # red (20) -> the next free colour
    after = s.setup.seats[0].colours
    assert after[0] != before[0] and after[1:] == before[1:]
    used = [c for seat in s.setup.seats for c in seat.colours]
    assert len(used) == len(set(used))
    totals = ms.token_totals(s.setup)
    if len(set(totals)) > 1:
        assert "Token totals differ" in s.labels["warning"].text
    # cycling through every colour never repeats one in use
    for _ in range(15):
        driver.tap_rect(s.buttons["seat1_colour2"].rect)
        used = [c for seat in s.setup.seats for c in seat.colours]
        assert len(used) == len(set(used)) and set(used) <= set(TOKEN_SUPPLY)


def test_uneven_tokens_warning_is_shown(app):
    st = ms.default_setup(2)
    st.seats[0].colours = ["red", "blue", "purple", "black"]  # 80 against 70
    s = setup_scene(app, st)
    assert "80 / 70" in s.labels["warning"].text


def test_setup_start_player_cycles_through_seats_and_random(app, driver):
    s = setup_scene(app)
    assert s.setup.start_player == RANDOM_START
    seen = []
    for _ in range(3):
        driver.tap_rect(s.buttons["start_player"].rect)
        seen.append(s.setup.start_player)
    assert seen == [0, 1, RANDOM_START]


def test_setup_second_finger_cannot_press_while_one_is_pressing(app, driver):
    s = setup_scene(app)
    plus, minus = s.buttons["players_plus"].rect, s.buttons["players_minus"].rect
    driver.tap_rect(plus)  # 3 players, so minus is enabled
    plus, minus = s.buttons["players_plus"].rect, s.buttons["players_minus"].rect
    driver.finger("down", plus.centerx, plus.centery, 1)
    driver.finger("down", minus.centerx, minus.centery, 2)
    driver.finger("up", minus.centerx, minus.centery, 2)
    driver.finger("up", plus.centerx, plus.centery, 1)
    assert len(s.setup.seats) == 4


def test_setup_name_typed_on_a_keyboard(app, driver):
    s = setup_scene(app)
    entry = s.entries["seat0_name"]
    driver.click_rect(entry.rect)
    for _ in range(12):
        driver.key(pygame.K_BACKSPACE)
    driver.post(pygame.event.Event(pygame.TEXTINPUT, text="Zoë"))
    driver.tap_rect(s.buttons["seat0_edge"].rect)  # any change reads the names back into the model
    assert s.setup.seats[0].name == "Zoë"


def test_setup_survives_resize_with_its_choices(app, driver):
    s = setup_scene(app)
    driver.tap_rect(s.buttons["players_plus"].rect)
    app.resize(1920, 1080)
    assert len(s.setup.seats) == 3
    assert s.buttons["start"].rect.right <= 1920 and s.buttons["start"].rect.height >= 48
    driver.tap_rect(s.buttons["players_plus"].rect)
    assert len(s.setup.seats) == 4


def test_setup_escape_and_back_return_to_title(app, driver):
    setup_scene(app)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(app.top, ms.TitleScene)
    s = app.replace(ms.SetupScene(app))
    driver.tap_rect(s.buttons["back"].rect)
    assert isinstance(app.top, ms.TitleScene)


def test_touch_targets_are_at_least_48px_at_1080p(app):
    app.resize(1920, 1080)
    for scene in (ms.TitleScene(app), ms.SetupScene(app)):
        for key, b in scene.buttons.items():
            assert min(b.rect.size) >= 48, key


# ---- remembering the set-up ------------------------------------------------------------------------


def test_start_remembers_the_setup_even_before_the_play_screen(app, driver, _config_dir):
    s = setup_scene(app)
    driver.tap_rect(s.buttons["players_plus"].rect)
    driver.tap_rect(s.buttons["seat2_edge"].rect)
    driver.tap_rect(s.buttons["start_player"].rect)
    driver.tap_rect(s.buttons["start"].rect)
    saved = Settings(_config_dir).last_setup()
    assert saved is not None and len(saved.seats) == 3
    assert saved.seats[2].edge == "left" and saved.start_player == 0  # top -> left
    again = ms.SetupScene(app)
    assert again.setup == saved


@needs_play
def test_start_opens_the_play_screen_with_the_chosen_game(app, driver):
    from game.ui.play_scene import PlayScene

    s = setup_scene(app)
    driver.tap_rect(s.buttons["players_plus"].rect)
    driver.tap_rect(s.buttons["start_player"].rect)  # seat 1 starts
    driver.tap_rect(s.buttons["start"].rect)
    play = app.top
    assert isinstance(play, PlayScene)
    assert play.state.n_players == 3 and play.state.current == 0
    assert play.state.setup.lines == [x.colours for x in s.setup.seats]


def test_broken_settings_file_falls_back_to_defaults_with_a_log_line(app, _config_dir, caplog):
    _config_dir.mkdir(parents=True)
    (_config_dir / "last_setup.json").write_text("{not json")
    with caplog.at_level(logging.WARNING, logger="underground.settings"):
        s = ms.SetupScene(app)
    assert len(s.setup.seats) == 2 and s.setup.seats[0].colours == rules.default_lines(2)[0]
    assert "broken set-up file" in caplog.text


def test_settings_with_impossible_content_are_ignored(_config_dir, caplog):
    st = Settings(_config_dir)
    bad = TableSetup(seats=[SeatConfig(name="a", colours=["red"]), SeatConfig(name="b", colours=["red"])])
    assert st.remember_setup(bad)
    with caplog.at_level(logging.WARNING, logger="underground.settings"):
        assert st.last_setup() is None
    assert "used twice" in caplog.text
    (_config_dir / "last_setup.json").write_bytes(msgspec.json.encode({"version": 99, "setup": {}}))
    assert st.last_setup() is None


def test_settings_round_trip_and_atomic_write(_config_dir):
    st = Settings(_config_dir)
    setup = ms.default_setup(4)
    setup.seats[3].computer = True
    assert st.remember_setup(setup)
    assert st.last_setup() == setup
    assert [p.name for p in _config_dir.iterdir()] == ["last_setup.json"]  # no temporary left behind


def test_settings_on_a_read_only_place_is_not_fatal(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert Settings(blocker / "sub").remember_setup(ms.default_setup(2)) is False


def test_remembered_setup_is_fitted_to_what_is_offered(app, _config_dir):
    setup = ms.default_setup(3)
    setup.map = "atlantis"
    setup.seats[0].computer, setup.seats[0].level = True, "grandmaster"
    Settings(_config_dir).remember_setup(setup)
    s = ms.SetupScene(app)
    assert s.setup.map == "london"
    assert not s.setup.seats[0].computer


# ---- end of game -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def finished():
    return demo_state("london", players=3, actions=None)


def test_end_scene_shows_the_ranking_and_categories(app, finished):
    e = app.push(ms.EndScene(app, finished, demo_seats(finished)))
    app.step(0.01)
    assert finished.over
    cats = e.categories()
    assert cats[:5] == ["national_rail", "terminus", "connections", "loops", "passenger"]
    # the chart draws each player's line in their first line colour
    c0 = pygame.Color(*ms.line_rgb(e.player_colour(0)))
    chart = e.R(1250, 170, 630, 760)
    sub = app.screen.subsurface(chart)
    assert any(sub.get_at((x, y)) == c0 for x in range(0, chart.w, 2) for y in range(0, chart.h, 2))


def test_tie_break_text_and_shared_ranks(finished):
    st = finished.copy()
    a, b, c = st.players
    a.score, b.score, c.score = 40, 40, 30
    a.branch_tiles, b.branch_tiles = 3, 1
    assert "more branch tiles (3 to 1)" in ms.tie_note(st)
    assert [r for _, r in ms.rank_labels(st)] == ["1", "2", "3"]
    b.branch_tiles = 3
    assert "share the win" in ms.tie_note(st)
    assert [r for _, r in ms.rank_labels(st)] == ["=1", "=1", "3"]
    b.score = 10
    assert ms.tie_note(st) == f"{a.name} wins with 40 points."


def test_end_new_setup_by_touch(app, driver, finished):
    e = app.push(ms.EndScene(app, finished, demo_seats(finished)))
    driver.tap_rect(e.buttons["new_setup"].rect)
    assert isinstance(app.top, ms.SetupScene)


@needs_play
def test_end_play_again_keeps_seats_and_passes_the_start_on(app, driver, finished):
    from game.ui.play_scene import PlayScene

    e = app.push(ms.EndScene(app, finished, demo_seats(finished)))
    driver.click_rect(e.buttons["play_again"].rect)
    play = app.top
    assert isinstance(play, PlayScene)
    assert play.state.setup.players == finished.setup.players
    assert play.state.setup.lines == finished.setup.lines
    assert play.state.setup.start_player == (finished.setup.start_player + 1) % 3
    assert play.state.setup.deck != finished.setup.deck


def test_end_scene_for_five_players_at_4k(app):
    st = demo_state("london", players=5, actions=None)
    app.resize(3840, 2160)
    e = app.push(ms.EndScene(app, st, demo_seats(st)))
    assert app.step(0.01)
    assert min(e.buttons["play_again"].rect.size) >= 96


def test_a_press_that_never_lifts_does_not_lock_the_menu(app, driver):
    s = setup_scene(app)
    plus = s.buttons["players_plus"].rect
    driver.finger("down", 10, 700, 1)  # a finger resting on the glass, its release never comes
    driver.tap_rect(plus)
    assert len(s.setup.seats) == 2  # held back while the other press may still be real
    for _ in range(int(s.STUCK_SECONDS * 120 / 8) + 2):
        app.step(8 / 120)
    driver.tap_rect(plus)
    assert len(s.setup.seats) == 3
