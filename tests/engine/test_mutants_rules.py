"""Rules of the shared engine (game/engine/rules.py) that the mutation runs found untested (docs/testing.md).

Each test plays real positions through ``apply``; none reads the engine's internals.
"""
from __future__ import annotations

import random

import msgspec
import pytest

from game.engine import (ChooseRoute, PlaceTrack, SetupError, TakeBranch, apply, can_undo, is_legal, legal_actions,
                         new_game, start)
from game.engine.actions import Undo
from game.engine.rules import apply_all, board_of, why_illegal


def every_action(s) -> list:
    """Every action a player could try now: each line on each connection, a branch tile, route options
    0..n+1 (one past the end and more), undo."""
    n_conns = len(board_of(s).connections)
    acts = [PlaceTrack(li, c) for li in range(len(s.lines) + 1) for c in range(-1, n_conns + 1)]
    acts += [TakeBranch(), Undo()] + [ChooseRoute(i) for i in range(-1, len(s.options) + 2)]
    return acts


def random_game(map_name: str, players: int, seed: int, visit=None):
    """A game of random legal actions (undo now and then); ``visit(s)`` is called before every action."""
    s = new_game(map_name, players, seed=seed)
    rng = random.Random(seed)
    while not s.over:
        if visit:
            visit(s)
        if can_undo(s) and rng.random() < 0.05:
            apply(s, Undo())
        else:
            apply(s, rng.choice(legal_actions(s)))
    if visit:
        visit(s)
    return s


@pytest.mark.parametrize("map_name,players,seed", [("london", 3, 11), ("berlin", 2, 12)])
def test_an_action_is_legal_exactly_when_it_is_offered(map_name, players, seed):
    """``is_legal`` and ``why_illegal`` (what the screens ask before they act) say yes to the offered actions
    and to undo while undo is allowed, and no, with a reason, to everything else: other players' lines, full or
    repeated connections, branching without tiles, route options that do not exist, anything once the game
    is over."""
    checked = [0]

    def visit(s):
        checked[0] += 1
        if checked[0] % 7 and not s.over:
            return  # every 7th position and the final one: the full sweep is ~1 500 actions
        offered = set(legal_actions(s))
        for a in every_action(s):
            want = can_undo(s) if isinstance(a, Undo) else a in offered
            assert is_legal(s, a) == want, (a, s.phase, s.current, s.turn)
            reason = why_illegal(s, a)  # what a refused tap shows: a reason exactly when it is not legal
            assert (reason is None) == want and (want or reason), (a, reason)

    s = random_game(map_name, players, seed, visit)
    assert checked[0] > 50
    assert why_illegal(s, TakeBranch()) == "the game is over", "the reason is the refusal's own words"


@pytest.mark.parametrize("map_name", ["london", "berlin"])
def test_a_games_actions_replayed_from_its_setup_reach_the_same_position(map_name):
    """A game is its set-up and its actions: replaying them with ``apply_all`` on a fresh start gives the same
    position, field by field (scores, tokens, deck, passenger, whose turn), and returns that game."""
    s = random_game(map_name, 2, 5)
    fresh = start(s.setup)
    same = apply_all(fresh, list(s.log))
    assert same is fresh
    assert msgspec.to_builtins(fresh) == msgspec.to_builtins(s)


def test_a_deck_card_one_past_the_last_station_is_named_out_of_range():
    """A pinned deck (a record, a test) with a station number the board does not have says which number."""
    s = new_game("london", 2, seed=1)
    past = len(board_of(s).stations)
    with pytest.raises(SetupError, match=rf"station numbers out of range: \[{past}\]\); give every card"):
        new_game("london", 2, seed=1, deck=list(s.setup.deck)[:-1] + [past])


def test_a_pinned_classic_setup_on_a_board_without_a_first_edition_says_it_has_none():
    """The classic variant is the first edition's board; a record that pins it on Berlin names the maps with one."""
    setup = msgspec.structs.replace(new_game("berlin", 2, seed=1).setup, variant="classic")
    with pytest.raises(SetupError, match=r"setup.map: 'berlin' with variant 'classic'.*this map has no first "
                                         r"edition \(maps with one: london\)"):
        start(setup)
