"""Issue 22 item 8, "consistent flows": where Rules, Log and Settings return to, what Esc does on the title and the
end screen, the set-up's toggle, board preview and seat names, the volume slider's track, and the replay viewer as
a viewer (opens at the start, nothing to play, a board as big as the play screen's)."""
from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.ui.screens.setup import SetupScene


def setup_scene(app, setup=None):
    return app.push(SetupScene(app, setup=setup))


# ---- the set-up ------------------------------------------------------------------------------------


def test_first_game_show_me_is_a_switch_that_shows_on_and_off(app, driver):
    """It once was a button whose only sign of being on was a tick in its words."""
    s = setup_scene(app)
    app.draw(force=True)
    b = s.buttons["guide"]
    assert "\u2713" not in b.text and not s.guide
    switch = s.draw_switch(app.screen, "guide", False)
    assert b.rect.contains(switch)
    off = app.screen.subsurface(switch).copy()
    driver.tap_rect(b.rect)
    assert s.guide and s.buttons["guide"].text == b.text  # the words stay; the switch says on
    app.draw(force=True)
    on = app.screen.subsurface(switch).copy()
    accent, white = pygame.Color(*app.theme.accent), pygame.Color(255, 255, 255)
    mid, left, right = switch.h // 2, switch.h // 2, switch.w - switch.h // 2
    assert on.get_at((left, mid)) == accent and on.get_at((right, mid)) == white  # on: filled, knob right
    assert off.get_at((left, mid)) == white and off.get_at((right, mid)) != accent  # off: grey, knob left
    # the words start after the switch, not under it
    layout = b.drawable_shape.text_box_layout
    assert b.rect.x + layout.layout_rect.x >= switch.right


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
def test_the_setup_shows_a_preview_of_the_chosen_board(app, driver, size):
    app.resize(*size)
    s = setup_scene(app)
    driver.tap_rect(s.buttons["players_plus"].rect)
    while len(s.setup.seats) < 5:
        driver.tap_rect(s.buttons["players_plus"].rect)
    app.draw(force=True)
    r = s.preview_rect()
    assert r.w >= app.px(150) and r.h >= app.px(100)
    assert app.screen.get_rect().contains(r)
    for key, b in s.buttons.items():  # beside every button and the words, never under them
        assert not b.rect.colliderect(r), key
    for key, lab in s.labels.items():
        assert not lab.rect.colliderect(r), key
    shots = {}
    seen = set()
    while s.setup.map not in seen:
        seen.add(s.setup.map)
        app.draw(force=True)
        shots[s.setup.map] = pygame.image.tobytes(app.screen.subsurface(s.preview_rect()), "RGB")
        driver.tap_rect(s.buttons["map"].rect)
    assert len(shots) >= 4 and len(set(shots.values())) == len(shots)  # each board its own picture


@pytest.mark.parametrize("lang, want", [("en", "Computer (random moves)"), ("de", "Computer (zufällige Züge)"),
                                         ("fr", "Ordinateur (coups au hasard)")])
def test_the_random_computer_is_named_for_what_it_does(app, lang, want):
    """"Computer (random)" left newcomers guessing: it plays a random legal move."""
    from game.ui.screens.results import seat_label
    from game.ui.seats import SeatConfig

    try:
        assert app.set_language(lang) == lang
        s = setup_scene(app)
        s.setup.seats[1].computer, s.setup.seats[1].level = True, "random"
        s.refresh()
        assert s.buttons["seat1_kind"].text == want
        assert want.split("(")[1].rstrip(")") in seat_label("Ben", SeatConfig(name="Ben", computer=True, level="random"))
    finally:
        i18n.set_language("en")


# ---- leaving: the title and the end screen ask first ------------------------------------------------------------


def test_esc_on_the_title_asks_before_quitting(app, driver):
    from game.ui.screens.title import TitleScene

    t = app.push(TitleScene(app))
    app.running = True
    driver.key(pygame.K_ESCAPE)
    assert app.running and app.top is t and t.asking_quit  # once: a question, not gone
    assert set(t.buttons) == {"confirm_no", "confirm_yes"}
    driver.tap_rect(t.buttons["confirm_no"].rect)
    assert app.running and not t.asking_quit and "new_game" in t.buttons
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_ESCAPE)  # Esc again: the question goes, the title stays
    assert app.running and not t.asking_quit
    driver.key(pygame.K_ESCAPE)
    driver.tap_rect(t.buttons["confirm_yes"].rect)
    assert not app.running


@pytest.fixture(scope="module")
def finished():
    from game.ui.screenshot import demo_state

    return demo_state("london", players=3, actions=None)


def end_scene(app, state, edges=None, computers=None):
    from game.ui.screens.end import EndScene
    from game.ui.screenshot import demo_seats

    seats = demo_seats(state, computers)
    for s, e in zip(seats, edges or []):
        s.edge = e
    e = app.push(EndScene(app, state, seats))
    while e.guarded():
        app.step(1 / 120)
    app.step(1 / 120)
    return e


def test_the_end_screen_has_to_title_and_esc_asks_before_leaving(app, driver, finished):
    from game.ui.screens.title import TitleScene

    e = end_scene(app, finished)
    row = [e.buttons[k].rect for k in ("show_board", "to_title", "new_setup", "play_again")]
    assert all(not a.colliderect(b) for i, a in enumerate(row) for b in row[i + 1:])
    driver.key(pygame.K_ESCAPE)
    assert app.top is e and e.confirm == "to_title"  # Esc asks; it once went straight to the set-up
    driver.key(pygame.K_ESCAPE)
    assert app.top is e and e.confirm is None
    driver.tap_rect(e.buttons["to_title"].rect)
    assert app.top is e and e.confirm == "to_title" and e.buttons["confirm_yes"].text == "To title"
    driver.tap_rect(e.buttons["confirm_no"].rect)
    assert app.top is e and e.confirm is None
    driver.tap_rect(e.buttons["to_title"].rect)
    driver.tap_rect(e.buttons["confirm_yes"].rect)
    assert isinstance(app.top, TitleScene) and len(app.scenes) == 1


# ---- the final results face every seat round a table (issue 22 item 3) ------------------------------------------


@pytest.fixture(scope="module")
def finished_games():
    from game.ui.screenshot import demo_state

    return {n: demo_state(board, players=n, actions=None)
            for n, board in ((2, "london"), (3, "berlin"), (4, "newyork"), (5, "paris"))}


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
def test_the_final_results_face_every_seat_round_a_table(app, finished_games, size):
    """Each seat's own result is on a card at its edge, drawn turned to face it (the screen's pixels there are the
    upright card turned by the seat's rotation); the chart and the buttons stay between the cards."""
    from game.ui.seats import EDGE_ROTATION, default_edges

    app.resize(*size)
    W, H = size
    for n, state in finished_games.items():
        e = end_scene(app, state, default_edges(n, "table"))
        app.draw(force=True)
        assert e.facing()
        cards = e.seat_cards()
        assert sorted(i for i, _e, _r in cards) == list(range(n))
        for i, edge, r in cards:
            assert edge == e.seats[i].edge
            assert {"bottom": r.bottom == H, "top": r.top == 0, "left": r.left == 0, "right": r.right == W}[edge]
            upright = e.seat_card(i, *((r.w, r.h) if edge in ("bottom", "top") else (r.h, r.w)))
            want = pygame.transform.rotate(upright, EDGE_ROTATION[edge])
            shown = app.screen.subsurface(r).copy()
            probe = [(x, y) for x in range(0, r.w, max(1, r.w // 23)) for y in range(0, r.h, max(1, r.h // 17))]
            backdrop = pygame.Surface(r.size)
            backdrop.fill(app.theme.bg)
            backdrop.blit(want, (0, 0))
            assert all(shown.get_at(p) == backdrop.get_at(p) for p in probe), (n, i, edge)
            for j, _e2, r2 in cards:
                assert j == i or not r.colliderect(r2)
            for key, b in e.buttons.items():
                assert not b.rect.colliderect(r), key
            assert not e.facing_chart_box().colliderect(r)
        assert all(app.screen.get_rect().contains(b.rect) and b.rect.h >= 48 for b in e.buttons.values())
        app.pop()


def test_the_final_results_stay_upright_at_a_laptop(app, finished_games):
    e = end_scene(app, finished_games[4], ["bottom"] * 4)
    app.draw(force=True)
    assert not e.facing() and e.buttons["play_again"].rect == e.R(1500, 960, 370, 90)


# ---- Rules, Log and Settings return to where they were opened ----------------------------------------------------


def _close(app, driver, scene) -> None:
    """Close a card or screen the way a person does: its own Back/Close where it has one, else Esc."""
    from game.ui.play.log_panel import LogPanel

    if isinstance(scene, LogPanel):
        driver.tap(*scene.point_for_close())
    elif "back" in getattr(scene, "buttons", {}):
        driver.tap_rect(scene.buttons["back"].rect)
    else:
        driver.key(pygame.K_ESCAPE)


def test_rules_log_and_settings_return_to_where_they_were_opened(app, driver):
    """From the game menu each of the three comes back to the menu (Log once went back to the game while Rules and
    Settings came back to the menu); Settings from the title and Rules from the set-up come back there."""
    from game.engine import new_game
    from game.ui.play.log_panel import LogPanel
    from game.ui.play.menu import LOG, RULES, SETTINGS, GameMenu
    from game.ui.play_scene import PlayScene
    from game.ui.rules_help import RulesScene
    from game.ui.screens.settings import SettingsScene
    from game.ui.screens.title import TitleScene
    from game.ui.seats import SeatConfig

    title = app.push(TitleScene(app))
    driver.tap_rect(title.buttons["settings"].rect)
    assert isinstance(app.top, SettingsScene)
    _close(app, driver, app.top)
    assert app.top is title and app.scenes == [title]
    app.pop()
    s = setup_scene(app)
    driver.tap_rect(s.buttons["rules"].rect)
    assert isinstance(app.top, RulesScene)
    _close(app, driver, app.top)
    assert app.scenes == [s]
    app.pop()

    st = new_game("london", ["Ada", "Ben"], seed=3, start_player=0)
    play = app.push(PlayScene(app, st, [SeatConfig(name="Ada", edge="bottom"), SeatConfig(name="Ben", edge="top")]))
    app.step(1 / 120)
    for item, kind in ((RULES, RulesScene), (LOG, LogPanel), (SETTINGS, SettingsScene)):
        driver.tap(*play.point_for_button(1, "menu"))
        menu = app.top
        assert isinstance(menu, GameMenu)
        driver.tap(*menu.point_for(item))
        assert isinstance(app.top, kind), item
        _close(app, driver, app.top)
        assert app.scenes == [play, menu], f"{item} did not come back to the game menu"
        driver.key(pygame.K_ESCAPE)
        assert app.scenes == [play]


# ---- the volume slider ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_tap_on_the_volume_sliders_track_moves_it_there(app, driver, size):
    from game.ui.screens.settings import SettingsScene

    app.resize(*size)
    s = app.push(SettingsScene(app))
    sl = s.sliders["volume"]
    r = sl.rect
    for frac in (0.9, 0.15):
        before = s.prefs.volume
        x = r.x + r.w * frac
        driver.tap(x, r.centery)
        driver.step(10)
        assert abs(sl.sliding_button.rect.centerx - x) <= max(3, app.px(4)), frac  # the knob under the finger
        assert s.prefs.volume != before and abs(s.prefs.volume - sl.get_current_value()) < 0.01
        assert app.settings.preferences().volume == s.prefs.volume  # remembered
        assert s.labels["volume_value"].text == f"{round(s.prefs.volume * 100)} %"
    # pressed on the track and dragged on: the knob follows the same finger
    driver.finger("down", r.x + r.w * 0.5, r.centery, 41)
    driver.finger("move", r.x + r.w * 0.7, r.centery, 41)
    driver.finger("up", r.x + r.w * 0.7, r.centery, 41)
    driver.step(10)
    assert abs(sl.sliding_button.rect.centerx - (r.x + r.w * 0.7)) <= max(3, app.px(4))


# ---- the replay viewer: watched from the start, nothing to play, a board as big as the play screen's ------------


def _replay(app, board, n, edges=None):
    from game.engine.record import from_state
    from game.ui.screens.replay import ReplayScene
    from game.ui.screenshot import demo_seats, demo_state

    state = demo_state(board, players=n, actions=None)
    seats = demo_seats(state)
    for s, e in zip(seats, edges or []):
        s.edge = e
    return state, seats, ReplayScene(app, from_state(state), seats)


def test_the_replay_viewer_opens_at_the_start_without_play_only_buttons_or_your_turn(app, monkeypatch):
    from game.ui.panel.draw import Painter

    turns_said = []
    real = Painter._your_turn
    monkeypatch.setattr(Painter, "_your_turn", lambda self, *a: (turns_said.append(1), real(self, *a))[1])
    state, seats, viewer = _replay(app, "london", 3, ["bottom", "left", "top"])
    app.push(viewer)
    assert viewer.step == 0 and viewer.state.turn == 0 and not viewer.state.log, "opened at the start"
    for step in (0, 5, viewer.n_steps // 2):
        viewer.show_step(step)
        app.step(1 / 120)
        app.draw(force=True)
        assert not turns_said, "a panel said \"Your turn\" in the viewer"
        for k, panel in enumerate(viewer.panels):
            assert viewer.point_for_button(k, "hint") is None
            for name in ("branch", "undo"):  # no button drawn there: the panel's plain background
                r = panel.control_rect_on_screen(name)
                if r is None:
                    continue
                area = app.screen.subsurface(r.inflate(-4, -4))
                colours = {tuple(area.get_at((x, y))) for x in range(0, area.get_width(), 3)
                           for y in range(0, area.get_height(), 3)}
                assert len(colours) == 1, (k, name, len(colours))
    # the same seats playing: the current seat's panel does say it
    from game.ui.play_scene import PlayScene

    app.push(PlayScene(app, viewer.state, seats))
    app.step(1 / 120)
    app.draw(force=True)
    assert turns_said


REPLAY_CASES = [(board, n, arrangement) for board in ("london", "london-2006", "berlin", "paris", "newyork")
                for n in (2, 4, 5) for arrangement in ("table", "laptop")]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_replay_viewers_board_is_no_smaller_than_the_play_screens(app, size):
    """Its bar of buttons once took a row off the board; now it goes into the room the board's paper leaves.
    Here every fifth case at each size (each board with its seat counts and arrangements); all of them in soak."""
    k = [(1280, 720), (1920, 1080)].index(size)
    _replay_board_no_smaller(app, size, REPLAY_CASES[k::5])


@pytest.mark.soak
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_replay_viewers_board_is_no_smaller_than_the_play_screens_everywhere(app, size):
    _replay_board_no_smaller(app, size, REPLAY_CASES)


def _paper(bv) -> pygame.Rect:
    """The board's paper on screen."""
    cam = bv.camera
    (x0, y0), (x1, y1) = cam.to_screen(*cam.bounds[:2]), cam.to_screen(*cam.bounds[2:])
    return pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))


def _replay_board_no_smaller(app, size, cases):
    from game.ui.play_scene import PlayScene
    from game.ui.seats import default_edges

    app.resize(*size)
    for board, n, arrangement in cases:
        state, seats, viewer = _replay(app, board, n, default_edges(n, arrangement))
        app.push(viewer)
        app.step(1 / 120)
        play = app.push(PlayScene(app, state, seats))
        want = _paper(play.board_view)
        app.pop()
        app.pop()
        paper = _paper(viewer.board_view)
        where = (board, n, arrangement)
        # the board as drawn (its paper), not its place: the bar may take room the paper leaves on either side
        # four seats round a table on the boards widened for their names (London, both editions, Berlin, Paris) leave
        # a strip narrower than the two-a-row column beside the paper (51 px at 1280x720, 76 at 1920x1080): the
        # narrow column of icons goes there (its board was 5.5-6.2 % smaller with the two-a-row column)
        assert paper.w >= want.w - 1 and paper.h >= want.h - 1, (where, paper, want, viewer.bar_vertical)
        assert not viewer.bar_rect.colliderect(paper.inflate(-2, -2)), where
        assert not viewer.bar_rect.colliderect(viewer.board_buttons()["names"]), where
        touch = min(r.h for r in viewer.bar_buttons.values())
        assert touch >= 40 and all(viewer.bar_rect.contains(r) for r in viewer.bar_buttons.values()), where
        # a laptop's one panel row gives its board the screen's height: the bar stands under the face-up cards
        # (where the play screen's action bar is) with the turn slider, clear of the cards
        if arrangement == "laptop":
            assert viewer.slider_rect.w >= 40 and viewer.bar_rect.contains(viewer.slider_rect), where
            assert not any(viewer.bar_rect.colliderect(r) for r in viewer.cards.rects()), where
