"""Hand-offs (play/handoff.py, issue 23 item 6): from any seat's game menu, facing it, at any time and with phones
on or off, a person walking up takes a computer's seat and a person leaving hands theirs to a computer at a level
chosen on a card facing the seat; play goes on in the new hands in the middle of the turn; the change is saved at
once and Continue brings it back."""
from __future__ import annotations

import pytest

from game.ai import make_bot
from game.engine import new_game
from game.ui.play.handoff import read_hand_offs
from game.ui.play.level_card import LEVEL, LevelCard
from game.ui.play.menu import HAND_OFF, PHONE, TAKE_SEAT, GameMenu, items_for
from game.ui.play_scene import PlayScene
from game.ui.screens.table_setup import available_levels, default_setup, start_game
from game.ui.screens.title import TitleScene
from game.ui.seats import EDGE_ROTATION, SeatConfig
from play_helpers import STEP, continue_in_a_new_app, settle

EDGES = ["bottom", "left", "top", "right"]


def table(app, computer=(), start=0, map_id="london") -> PlayScene:
    names = ["Ada", "Ben", "Cy", "Dee"]
    st = new_game(map_id, names, seed=3, start_player=start)
    seats = [SeatConfig(name=n, edge=e, computer=i in computer, level="random")
             for i, (n, e) in enumerate(zip(names, EDGES))]
    scene = PlayScene(app, st, seats, computer_speed="fast")
    app.push(scene)
    settle(app, scene)
    return scene


def open_menu(app, driver, scene, seat) -> GameMenu:
    driver.tap(*scene.point_for_button(seat, "menu"))
    assert isinstance(app.top, GameMenu) and app.top.seat == seat
    return app.top


def test_each_seat_menu_offers_the_hand_off_that_fits_it(app):
    scene = table(app, computer=(1,))
    assert TAKE_SEAT in GameMenu(app, scene, 1).items and HAND_OFF not in GameMenu(app, scene, 1).items
    assert HAND_OFF in GameMenu(app, scene, 0).items and TAKE_SEAT not in GameMenu(app, scene, 0).items
    assert scene.phones is None  # phones are off: hand-offs do not need them


def test_a_person_walking_up_takes_a_computer_seat_in_its_turn_and_plays_it(app, driver):
    scene = table(app, computer=(1,), start=1)
    assert scene.state.current == 1 and scene.panels[1].shown_name(scene.state) == "Ben (computer)"
    menu = open_menu(app, driver, scene, 1)  # the menu pauses the table: the computer does not move meanwhile
    assert menu.rotation == EDGE_ROTATION["left"]
    driver.tap(*menu.point_for(TAKE_SEAT))
    assert app.top is scene and not scene.seats[1].computer
    for _ in range(40):  # the computer never acts again
        app.step(STEP)
    assert scene.state.log == [] and scene.turns.human_turn(scene.blocking)
    assert scene.panels[1].shown_name(scene.state) == "Ben" and scene.panels[1].has_hint
    driver.tap_rect(scene.panels[1].control_rect_on_screen("branch"))  # the person plays the seat by touch
    assert len(scene.state.log) == 1 and scene.state.current == 1 and scene.state.actions_left == 2
    assert scene.turns.hand_offs == [[0, 1, "person", None]]


def test_a_person_leaving_hands_the_seat_to_a_computer_of_the_chosen_level_mid_turn(app, driver):
    scene = table(app, start=0)
    driver.tap_rect(scene.panels[0].control_rect_on_screen("branch"))  # the turn is under way
    assert scene.state.actions_left == 2
    menu = open_menu(app, driver, scene, 0)
    driver.tap(*menu.point_for(HAND_OFF))
    card = app.top
    assert isinstance(card, LevelCard) and card.seat == 0 and card.edge == "bottom"
    assert card.levels == available_levels() and len(card.levels) >= 2
    app.draw(force=True)
    assert card.cut_labels == [] and app.screen.get_rect().contains(card.card_rect)
    level = "easy" if "easy" in card.levels else card.levels[-1]
    driver.tap(*card.point_for(LEVEL + level))
    assert app.top is scene and scene.seats[0].computer and scene.seats[0].level == level
    assert not scene.panels[0].has_hint and scene.panels[0].shown_name(scene.state) == "Ada (computer)"
    for _ in range(400):  # the computer finishes Ada's turn
        if scene.state.current != 0:
            break
        app.step(STEP)
    assert scene.state.current != 0 and len(scene.state.log) >= 3  # Ada's branch tile, then the computer's
    assert type(scene.turns._bots[0]) is type(make_bot(level, 0))
    assert scene.turns.hand_offs == [[1, 0, "computer", level]]


def test_no_go_back_leaves_the_seat_as_it_was(app, driver):
    scene = table(app)
    menu = open_menu(app, driver, scene, 2)
    driver.tap(*menu.point_for(HAND_OFF))
    card = app.top
    assert card.edge == "top"
    card.back()
    assert app.top is scene and not scene.seats[2].computer and scene.turns.hand_offs == []


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_every_menu_of_a_five_seat_laptop_fits_the_screen(app, size):
    """A seat may have ten items (phones on, playing from a phone): two columns when one is too tall."""
    app.resize(*size)
    names = ["Ada", "Ben", "Cy", "Dee", "Eve"]
    st = new_game("paris", names, seed=3, start_player=0)
    scene = app.push(PlayScene(app, st, [SeatConfig(name=n, edge="bottom") for n in names]))
    settle(app, scene)
    menu = GameMenu(app, scene, 4)
    menu.items = items_for(app, saving=True)  # as many as a seat that plays from a phone has, on a laptop
    menu.items[1:1] = [PHONE, TAKE_SEAT, HAND_OFF]
    app.push(menu)
    app.draw(force=True)
    assert len(menu.items) == 10 and menu.cut_labels == []
    assert app.screen.get_rect().contains(menu.card_rect)
    assert all(b.h >= round(48 * app.scale) for b in menu.buttons.values())


def test_a_hand_off_is_saved_at_once_and_continue_keeps_it(saving_app):
    app, driver = saving_app()
    setup = default_setup(3, "london", "table")
    setup.seats[2].computer, setup.seats[2].level = True, "random"
    setup.seed, setup.start_player, setup.computer_speed = 11, 0, "fast"
    start_game(app, setup)
    scene = app.top
    settle(app, scene)
    app.step(STEP)
    app.autosaver.flush()
    menu = open_menu(app, driver, scene, 0)
    driver.tap(*menu.point_for(HAND_OFF))
    driver.tap(*app.top.point_for(LEVEL + "normal"))
    menu = open_menu(app, driver, scene, 2)
    driver.tap(*menu.point_for(TAKE_SEAT))
    assert app.top is scene
    app.autosaver.check(app.scenes)  # what the app does after every frame; no action was played since
    app.autosaver.flush()
    [entry] = app.saves.unfinished()[0]
    saved, problem = app.saves.load(entry.id)
    assert problem is None
    assert [(s.computer, s.level) for s in saved.seats][::2] == [(True, "normal"), (False, "random")]
    assert saved.extras["hand_offs"] == [[0, 0, "computer", "normal"], [0, 2, "person", None]]
    app.replace(TitleScene(app))
    app.close()

    app2, resumed = continue_in_a_new_app(saving_app)
    assert resumed.seats[0].computer and resumed.seats[0].level == "normal" and not resumed.seats[2].computer
    assert resumed.turns.hand_offs == [[0, 0, "computer", "normal"], [0, 2, "person", None]]
    for _ in range(400):  # Ada's turn goes on in the computer's hands
        if resumed.state.log:
            break
        app2.step(STEP)
    assert resumed.state.log and resumed.state.turn == 0  # Ada's (the first) turn, played by her computer


def test_hand_offs_read_from_a_save_keep_only_what_makes_sense():
    assert read_hand_offs([[3, 1, "computer", "hard"], [2, 0, "person", None], "x", [1, 2, "robot", None],
                           [1, "a", "person", None]]) == [[3, 1, "computer", "hard"], [2, 0, "person", None]]
    assert read_hand_offs(None) == [] and read_hand_offs({"a": 1}) == []
