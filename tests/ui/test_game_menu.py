"""The game menu on the play screen (play/menu.py): opened by touch from every seat's panel and with Esc,
facing the seat that asked; computer seats pause while it is open; Restart keeps the seats with a new
shuffle; Save and leave then Continue gives back the same position; Restart and Quit ask first; the kiosk
offers only its items."""
from __future__ import annotations

import pygame
import pytest

from game.ai import RandomBot
from game.engine import new_game
from game.ui.screens.settings import SettingsScene
from game.ui.screens.table_setup import default_setup, start_game
from game.ui.screens.title import TitleScene
from game.ui.kiosk.mode import position_digest
from game.ui.play.menu import LOG, QUIT, RESTART, RESUME, SAVE_LEAVE, SETTINGS, GameMenu
from game.ui.play.menu import HAND_OFF, RULES
from game.ui.play_scene import PlayScene
from game.ui.seats import EDGE_ROTATION, SeatConfig
from play_helpers import STEP, settle

EDGES4 = ["bottom", "left", "top", "right"]


def table(app, edges=EDGES4, computer=(), seed=5) -> PlayScene:
    names = ["Ada", "Ben", "Chloe", "Dev", "Eve"][:len(edges)]
    st = new_game("london", names, seed=seed, start_player=0)
    seats = [SeatConfig(name=n, edge=e, computer=i in computer, level="random")
             for i, (n, e) in enumerate(zip(names, edges))]
    scene = PlayScene(app, st, seats, computer_speed="fast")
    app.push(scene)
    app.step(STEP)
    return scene


def menu_of(app) -> GameMenu:
    assert isinstance(app.top, GameMenu), f"the game menu is not open (top: {type(app.top).__name__})"
    return app.top


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_menu_opens_from_every_edge_facing_that_seat_and_closes(app, driver, size):
    app.resize(*size)
    scene = table(app)
    for seat, edge in enumerate(EDGES4):
        scene.panels[seat].layout(scene.state, scene.panel_view(seat))
        r = scene.panels[seat].control_rect_on_screen("menu")
        assert min(r.w, r.h) >= round(48 * app.scale), f"{edge}: the menu button is {r.size}, below a finger"
        driver.tap(*scene.point_for_button(seat, "menu"))
        menu = menu_of(app)
        assert menu.seat == seat and menu.rotation == EDGE_ROTATION[edge]
        for name in menu.items:  # every button big enough for a finger, wherever the card turned
            b = menu.buttons[name]
            assert min(b.w, b.h) >= round(48 * app.scale)
        app.step(STEP)
        driver.tap(*menu.point_for(RESUME))
        assert app.top is scene, f"Resume from the {edge} seat did not close the menu"


def test_a_tap_on_the_board_under_a_menu_never_reaches_the_game(app, driver):
    scene = table(app, ["bottom", "top"])
    log_before = len(scene.state.log)
    driver.tap(*scene.point_for_button(0, "menu"))
    menu = menu_of(app)
    line = scene.selected[0]
    spots = [scene.point_for_connection(c) for c in range(len(scene.state.tokens))]
    x, y = next(p for p in spots if p is not None and not menu.card_rect.collidepoint(p))
    driver.tap(x, y)  # outside the card: closes the menu, places nothing
    assert app.top is scene and len(scene.state.log) == log_before and scene.selected[0] == line


def test_escape_opens_and_closes_the_menu_and_back_leaves_a_question_first(app, driver):
    scene = table(app, ["bottom", "top"])
    driver.key(pygame.K_ESCAPE)
    app.step(STEP)
    menu = menu_of(app)
    assert menu.seat == scene.state.current
    driver.tap(*menu.point_for(QUIT))
    assert menu.confirm == QUIT and app.top is menu
    driver.key(pygame.K_AC_BACK)  # Android's Back: out of the question, still in the menu
    app.step(STEP)
    assert menu.confirm is None and app.top is menu
    driver.key(pygame.K_ESCAPE)
    app.step(STEP)
    assert app.top is scene


def test_computer_seats_pause_while_the_menu_is_open(app, driver):
    scene = table(app, ["bottom", "top"], computer=(0, 1))
    driver.key(pygame.K_ESCAPE)
    app.step(STEP)
    menu_of(app)
    log_before = len(scene.state.log)
    for _ in range(150):  # 10 s of a fast computer seat: many actions if it were playing
        app.step(STEP)
    assert len(scene.state.log) == log_before
    driver.key(pygame.K_ESCAPE)
    for _ in range(150):
        app.step(STEP)
    assert len(scene.state.log) > log_before, "the computer seats did not play on after Resume"


def test_the_passenger_waits_while_the_menu_is_open(app, driver):
    scene = table(app, ["bottom", "top"])
    bot = RandomBot(2)
    while not scene.travels:  # people's actions until the passenger sets off
        assert scene.act(bot.choose(scene.state))
        app.step(STEP)
        if scene.travels:
            break
        settle(app, scene)
    trip = scene.travels[0]
    driver.tap(*scene.point_for_button(1, "menu"))  # any seat, even while the passenger travels
    menu_of(app)
    progress = (trip.i, trip.t)
    assert scene.blocking, "the passenger arrived before the menu opened: the test shows nothing"
    shown = list(scene.shown_score)
    for _ in range(60):
        app.step(STEP)
    assert scene.travels and scene.travels[0] is trip
    assert (trip.i, trip.t) == progress
    assert scene.shown_score == shown
    driver.key(pygame.K_ESCAPE)
    settle(app, scene)  # after Resume the passenger goes on and arrives
    assert not scene.travels


def test_restart_asks_then_keeps_the_seats_with_a_new_shuffle(app, driver):
    scene = table(app, ["bottom", "top", "left"], computer=(2,))
    for a in [RandomBot(1).choose(scene.state)]:
        scene.act(a)
    settle(app, scene)
    old = scene.state
    driver.tap(*scene.point_for_button(2, "menu"))  # a computer's seat may ask too (a person sits there)
    menu = menu_of(app)
    driver.tap(*menu.point_for(RESTART))
    assert app.top is menu and menu.confirm == RESTART, "Restart must ask first"
    assert scene.state is old
    driver.tap(*menu.point_for(RESTART))
    new = app.top
    assert isinstance(new, PlayScene) and new is not scene
    st = new.state
    assert st.log == [] and st.setup.players == old.setup.players and st.setup.lines == old.setup.lines
    assert st.setup.map == old.setup.map and st.setup.start_player == old.setup.start_player
    assert [(s.name, s.edge, s.computer) for s in new.seats] == [(s.name, s.edge, s.computer) for s in scene.seats]
    assert st.setup.deck != old.setup.deck and sorted(st.setup.deck) == sorted(old.setup.deck)


def test_quit_asks_first_and_no_keeps_the_game(app, driver):
    scene = table(app, ["bottom", "top"])
    driver.tap(*scene.point_for_button(1, "menu"))
    menu = menu_of(app)
    driver.tap(*menu.point_for(QUIT))
    assert app.top is menu and menu.confirm == QUIT
    driver.tap(*menu.point_for(RESUME))  # "No, go back"
    assert app.top is menu and menu.confirm is None
    driver.tap(*menu.point_for(QUIT))
    driver.tap(*menu.point_for(QUIT))  # "Yes, quit"
    assert isinstance(app.top, TitleScene)


def test_settings_comes_back_to_the_same_game(app, driver):
    scene = table(app, ["bottom", "top"])
    driver.tap(*scene.point_for_button(0, "menu"))
    menu = menu_of(app)
    driver.tap(*menu.point_for(SETTINGS))
    settings = app.top
    assert isinstance(settings, SettingsScene)
    app.step(STEP)
    driver.key(pygame.K_ESCAPE)
    app.step(STEP)
    assert app.top is menu
    driver.tap(*menu.point_for(RESUME))
    assert app.top is scene


def test_save_and_leave_then_continue_restores_the_same_digest(saving_app):
    app, driver = saving_app()
    setup = default_setup(3, "london", "table")
    setup.seats[2].computer, setup.seats[2].level = True, "random"
    setup.computer_speed = "fast"
    setup.seed = 21
    start_game(app, setup)
    scene = app.top
    bot = RandomBot(3)
    while len(scene.state.log) < 9:
        if not scene.blocking and scene.turns.human_turn(scene.blocking):
            assert scene.act(bot.choose(scene.state))
        app.step(STEP)
    settle(app, scene)
    driver.tap(*scene.point_for_button(0, "menu"))
    menu = menu_of(app)
    assert SAVE_LEAVE in menu.items
    before = position_digest(scene.state)
    driver.tap(*menu.point_for(SAVE_LEAVE))  # no question: the game is kept
    title = app.top
    assert isinstance(title, TitleScene) and title.latest is not None
    app.close()

    app2, driver2 = saving_app()
    title = app2.push(TitleScene(app2))
    driver2.tap_rect(title.buttons["continue"].rect)
    resumed = app2.top
    assert isinstance(resumed, PlayScene)
    assert position_digest(resumed.state) == before


def test_quit_to_title_does_not_keep_the_game(saving_app):
    app, driver = saving_app()
    scene = table(app, ["bottom", "top"])
    scene.act(RandomBot(1).choose(scene.state))
    settle(app, scene)
    app.autosaver.flush()
    assert len(app.saves.unfinished()[0]) == 1
    driver.key(pygame.K_ESCAPE)
    app.step(STEP)
    menu = menu_of(app)
    driver.tap(*menu.point_for(QUIT))
    driver.tap(*menu.point_for(QUIT))
    assert isinstance(app.top, TitleScene) and app.top.latest is None
    assert app.saves.unfinished()[0] == []


def test_a_headless_app_without_saving_does_not_offer_save_and_leave(app, driver):
    scene = table(app, ["bottom", "top"])
    driver.key(pygame.K_ESCAPE)
    app.step(STEP)
    assert menu_of(app).items == [RESUME, HAND_OFF, RULES, LOG, SETTINGS, RESTART, QUIT]
    assert scene.app.autosaver is None


def test_kiosk_offers_only_resume_rules_and_settings_without_its_controller(app, driver):
    app.kiosk_mode = True
    scene = table(app, ["bottom", "top"])
    driver.tap(*scene.point_for_button(1, "menu"))
    menu = menu_of(app)
    assert menu.items == [RESUME, HAND_OFF, RULES, SETTINGS]
    for name in (LOG, RESTART, SAVE_LEAVE, QUIT):
        assert menu.point_for(name) is None
    driver.tap(*menu.point_for(RESUME))
    assert app.top is scene


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
def test_every_label_and_question_fits_its_card(app, driver, size):
    app.resize(*size)
    scene = table(app, ["bottom", "top"])
    for ask in (None, RESTART, QUIT):
        driver.key(pygame.K_ESCAPE)
        app.step(STEP)
        menu = menu_of(app)
        if ask:
            driver.tap(*menu.point_for(ask))
            assert menu.confirm == ask
        app.draw(force=True)
        assert menu.cut_labels == [], (size, ask)
        assert app.screen.get_rect().contains(menu.card_rect)
        menu.back()
        if ask:
            menu.back()
        assert app.top is scene


def test_the_screenshot_scene_is_the_laptop_menu_over_a_game(app):
    from game.ui.screenshot import build_scene

    menu = build_scene(app, "menu")
    app.push(menu)
    app.step(STEP)
    assert isinstance(app.scenes[-2], PlayScene) and menu.play is app.scenes[-2]
    assert menu.items == [RESUME, HAND_OFF, RULES, LOG, SETTINGS, RESTART, SAVE_LEAVE, QUIT] and menu.seat == 0


def test_restart_replaces_the_old_games_save_with_the_new_one(saving_app):
    app, driver = saving_app()
    scene = table(app, ["bottom", "top"])
    scene.act(RandomBot(1).choose(scene.state))
    settle(app, scene)
    app.autosaver.flush()
    [old] = app.saves.unfinished()[0]
    driver.key(pygame.K_ESCAPE)
    app.step(STEP)
    menu = menu_of(app)
    driver.tap(*menu.point_for(RESTART))
    driver.tap(*menu.point_for(RESTART))
    new = app.top
    assert isinstance(new, PlayScene) and new.state.log == []
    app.step(STEP)
    app.autosaver.flush()
    ids = [e.id for e in app.saves.unfinished()[0]]
    assert old.id not in ids and ids == [app.autosaver.game_id(new.state)]
