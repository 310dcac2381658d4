"""Thousands of random games: the engine's facts hold after every action, games end properly."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from invariants import check_invariants

from game.ai import RandomBot
from game.engine import ChooseRoute, IllegalAction, PlaceTrack, TakeBranch, apply, can_undo, legal_actions, new_game, winners
from game.engine.actions import Undo
from game.engine.events import EndTriggered, GameOver


def play(seed: int, players: int, check=True, undo_rate=0.0, variant="standard"):
    s = new_game("london", players, seed=seed, variant=variant)
    bot = RandomBot(seed)
    rng = random.Random(seed)
    while not s.over:
        if undo_rate and can_undo(s) and rng.random() < undo_rate:
            apply(s, Undo())
        else:
            apply(s, bot.choose(s))
        if check:
            check_invariants(s)
    return s


# `make test` plays a bounded number of games per player count (the first seeds of the soak's own series);
# `make soak` plays the full series (1 000 second-edition and 200 first-edition games) and 10 000 more below.
GAMES, GAMES_SOAK = 50, 250
CLASSIC_GAMES, CLASSIC_GAMES_SOAK = 12, 50


def keep_invariants(players: int, games: int) -> None:
    for seed in range(games):
        s = play(seed * 10 + players, players)
        assert s.over and winners(s)
        assert (s.turn + 1) % players == 0, "everyone had the same number of turns"
        assert all(len(p.score_history) == s.turn + 1 for p in s.players)
        assert all(p.score_history[-1] == p.score for p in s.players)


def classic_keep_invariants(players: int, games: int) -> None:
    for seed in range(games):  # first-edition games: the passenger leaves when the deck runs out
        s = play(seed * 10 + players, players, variant="classic")
        assert s.over and winners(s) and s.passenger == -1 and not s.face_up
        assert (s.turn + 1) % players == 0, "everyone had the same number of turns"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_invariants(players):
    keep_invariants(players, GAMES)  # 200 games over the four player counts


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_classic_games_keep_invariants(players):
    classic_keep_invariants(players, CLASSIC_GAMES)  # 48 first-edition games


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_1000_random_games_keep_invariants_soak(players):
    keep_invariants(players, GAMES_SOAK)
    classic_keep_invariants(players, CLASSIC_GAMES_SOAK)


@pytest.mark.soak
def test_many_random_games_soak():
    for seed in range(10_000):
        play(seed, 2 + seed % 4)


@settings(max_examples=30, deadline=None)  # whole games with undo; 30 keep `make test` bounded
@given(seed=st.integers(0, 10**9), players=st.integers(2, 5), undo_rate=st.sampled_from([0.0, 0.1, 0.3]),
       variant=st.sampled_from(["standard", "classic"]))
def test_random_play_with_undo(seed, players, undo_rate, variant):
    play(seed, players, undo_rate=undo_rate, variant=variant)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), picks=st.lists(st.integers(0, 10**6), min_size=1, max_size=60))
def test_every_offered_action_is_legal_and_nothing_else_changes_state_on_error(seed, picks):
    s = new_game("london", 3, seed=seed)
    for k in picks:
        if s.over:
            break
        acts = legal_actions(s)
        apply(s, acts[k % len(acts)])
        before = s.copy()
        bad = PlaceTrack(k % 11, k % 137)
        try:
            apply(s, bad)
        except IllegalAction:
            assert s == before, "an illegal action changed the position"
        check_invariants(s)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_end_of_game_timing(players):
    """The end triggers when the deck runs out; play goes on until the last player in turn order is done."""
    for seed in range(5):
        s = new_game("london", players, seed=seed, start_player=seed % players)
        bot = RandomBot(seed)
        trigger_turn = None
        last = (s.setup.start_player - 1) % players
        while not s.over:
            turn, current = s.turn, s.current
            events = apply(s, bot.choose(s))
            if any(isinstance(e, EndTriggered) for e in events):
                trigger_turn = turn
                assert not s.deck
            if any(isinstance(e, GameOver) for e in events):
                assert current == last, "the game ends after the last player in turn order"
                assert trigger_turn is not None and turn - trigger_turn < players
        assert (s.turn + 1) % players == 0
        assert all(len(p.score_history) == s.turn + 1 for p in s.players)


def test_first_turn_actions_by_seat():
    for players, want in {2: [3, 5], 3: [3, 4, 5], 4: [3, 4, 4, 5], 5: [3, 4, 4, 4, 5]}.items():
        s = new_game("london", players, seed=3, start_player=1)
        got = []
        for _ in range(players + 1):
            got.append(s.actions_left)
            while s.phase == "actions" and s.actions_left:
                turn = s.turn
                apply(s, TakeBranch())
                if s.turn != turn:
                    break
            while s.phase == "route":
                apply(s, ChooseRoute(0))
        assert got == want + [4]


def test_classic_variant_first_edition_differences():
    """First edition: 4 actions every turn, start scores 0,1,2,... in turn order, no passenger once the deck is empty."""
    s = new_game("london", 4, seed=11, start_player=2, variant="classic")
    assert [s.players[(2 + k) % 4].score for k in range(4)] == [0, 1, 2, 3]
    assert s.actions_left == 4
    bot = RandomBot(11)
    moved_after_empty = False
    while not s.over:
        empty_before = not s.deck
        turn = s.turn
        events = apply(s, bot.choose(s))
        if empty_before and any(type(e).__name__ == "PassengerMoved" for e in events):
            moved_after_empty = True
        if s.turn != turn and not s.over:
            assert s.actions_left == 4
    assert not moved_after_empty
