"""London's first edition for the bots (ai/cities/classic.py): at two and three players the expert plays hard's own
turn while more than half the deck is left (its early overrules lost points on this board: docs/ai.md, Measured),
and tries hard's turn out as everywhere once the deck is down to half, at four players, and on the 2nd edition."""
from __future__ import annotations

from game.ai import ExpertBot, RandomBot
from game.ai.cities import city_value
from game.engine import apply, new_game

SMALL = dict(work_budget=300.0, beam_budget=150.0, budget=float("inf"))  # cheap, every part of a decision still runs


def _playouts(state, **settings) -> int:
    bot = ExpertBot(5, **{**SMALL, **settings})
    bot.choose(state)
    return bot.last_playouts


def _played_until(state, cards: int):
    """``state`` played on by random seats to the first action of a turn with at most ``cards`` left in the deck."""
    bots = [RandomBot(i) for i in range(state.n_players)]
    while not (state.phase == "actions" and state.actions_left == 4 and len(state.deck) <= cards):
        apply(state, bots[state.current].choose(state))
    return state


def test_the_first_edition_keeps_hards_turn_in_the_first_half_at_two_and_three_players():
    for players in (2, 3):
        classic = new_game(map="london", players=players, seed=11, variant="classic")
        assert city_value(classic).expert_settings(players) == {"overrule_deck": 0.5}
        assert _playouts(classic) == 0
        assert _playouts(classic, overrule_deck=1.0) > 0  # a setting given to the bot wins over the board's
    assert _playouts(new_game(map="london", players=2, seed=11)) > 0  # the 2nd edition tries it out from the start


def test_the_first_edition_tries_hards_turn_out_later_and_at_four_players():
    late = _played_until(new_game(map="london", players=2, seed=12, variant="classic"), cards=27)
    assert _playouts(late) > 0
    four = new_game(map="london", players=4, seed=11, variant="classic")
    assert city_value(four).expert_settings(4) == {}
    assert _playouts(four) > 0
