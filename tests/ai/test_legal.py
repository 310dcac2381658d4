"""Every level answers any position with an action the rules allow."""
from __future__ import annotations

import pytest

from game.ai import LEVELS, make_bot
from game.engine import ChooseRoute, apply, is_legal, new_game


@pytest.mark.parametrize("level", ["random", "easy", "normal"])
def test_every_level_plays_legal_actions(level, positions, route_positions):
    bot = make_bot(level, seed=5)
    for state in positions + route_positions:
        action = bot.choose(state)
        assert is_legal(state, action), (level, action, state.phase)


def test_hard_plays_legal_actions(positions, route_positions):
    bot = make_bot("hard", seed=5)
    for state in positions[::4] + route_positions:
        action = bot.choose(state)
        assert is_legal(state, action), (action, state.phase)


def test_expert_plays_legal_actions(positions, route_positions):
    bot = make_bot("expert", seed=5)
    for state in positions[::8] + route_positions[:6]:
        action = bot.choose(state)
        assert is_legal(state, action), (action, state.phase)


def test_route_choices_are_route_actions(route_positions):
    for level in LEVELS:
        bot = make_bot(level, seed=1)
        for state in route_positions[:5]:
            action = bot.choose(state)
            assert isinstance(action, ChooseRoute) and 0 <= action.option < len(state.options)


@pytest.mark.parametrize("players", [3, 5])
def test_bots_finish_games_with_more_players(players):
    state = new_game(players=players, seed=players)
    levels = ["easy", "normal", "hard", "random", "easy"][:players]
    bots = [make_bot(lv, seed=i) for i, lv in enumerate(levels)]
    for _ in range(3000):
        if state.over:
            break
        apply(state, bots[state.current].choose(state))
    assert state.over


def test_unknown_level_says_which_levels_exist():
    with pytest.raises(ValueError, match="random, easy, normal, hard"):
        make_bot("grandmaster")
