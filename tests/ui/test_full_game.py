"""A whole 2-player game played through the UI by posted events, from the title to the end scene.

A seeded random player decides each move, as a person at the table would, and the move is then made
only by tapping (or clicking) where the play screen shows it: the line on the player's panel, the
track space on the board, the branch-tile button, the passenger route. The engine's log must show
exactly the moves that were tapped.
"""
from __future__ import annotations

import random

import pytest

from game.ai import RandomBot
from game.engine import legal_actions
from game.ui.screens.end import EndScene
from game.ui.screens.results import tie_note
from game.ui.screens.setup import SetupScene
from game.ui.screens.title import TitleScene

play_scene = pytest.importorskip("game.ui.play_scene")

from play_helpers import STEP, settle, tap_action  # noqa: E402 (tests/ui is on sys.path)


def test_two_player_game_from_title_to_end_by_touch_and_mouse(app, driver):
    rng = random.Random(5)
    title = app.push(TitleScene(app))
    driver.tap_rect(title.buttons["new_game"].rect)
    setup = app.top
    assert isinstance(setup, SetupScene) and len(setup.setup.seats) == 2
    driver.tap_rect(setup.buttons["start_player"].rect)  # Player 1 starts
    setup.setup.seed = 20240611  # pin the shuffle so the test replays exactly
    driver.tap_rect(setup.buttons["start"].rect)
    play = app.top
    assert isinstance(play, play_scene.PlayScene)
    state = play.state
    assert state.current == 0 and state.n_players == 2
    bot = RandomBot(11)
    taps = 0
    while not state.over:
        settle(app, play)
        assert app.top is play
        action = bot.choose(state)
        assert action in legal_actions(state)
        tap_action(driver, play, action, rng.random() < 0.3)
        taps += 1
        assert taps < 1000
    for _ in range(400):
        if isinstance(app.top, EndScene):
            break
        app.step(STEP)
    end = app.top
    assert isinstance(end, EndScene)
    assert end.state is state and state.over
    assert sum(p.score for p in state.players) == sum(sum(p.points.values()) for p in state.players)
    assert all(len(p.score_history) >= 1 for p in state.players)
    assert tie_note(state)
    driver.tap_rect(end.buttons["new_setup"].rect)  # at once: taken for a stray tap of the last turn
    assert app.top is end and end.confirm is None
    while end.guarded():
        app.step(STEP)
    app.step(STEP)
    driver.tap_rect(end.buttons["new_setup"].rect)  # leaving the results asks first
    driver.tap_rect(end.buttons["confirm_yes"].rect)
    again = app.top
    assert isinstance(again, SetupScene)
    assert again.setup.start_player == 0 and again.setup.seed is None  # remembered, without the pinned shuffle
