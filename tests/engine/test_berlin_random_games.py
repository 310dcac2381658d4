"""Random Berlin games: the engine's invariants and Berlin's own facts hold after every action.

`make test` plays 120 games (about 20 s of processor time); the 1 000-game run and more are under the soak marker.
"""
from __future__ import annotations

import random

import pytest
from berlin_invariants import check_berlin
from hypothesis import given, settings
from hypothesis import strategies as st
from invariants import check_invariants

from game.ai import RandomBot
from game.engine import apply, can_undo, new_game, record, winners
from game.engine.actions import Undo


def play(seed: int, players: int, undo_rate: float = 0.0, check: bool = True):
    s = new_game("berlin", players, seed=seed)
    bot = RandomBot(seed)
    rng = random.Random(seed)
    while not s.over:
        if undo_rate and can_undo(s) and rng.random() < undo_rate:
            apply(s, Undo())
        else:
            apply(s, bot.choose(s))
        if check:
            check_invariants(s)
            check_berlin(s)
    return s


def finished_properly(s, players: int) -> None:
    assert s.over and winners(s)
    assert (s.turn + 1) % players == 0, "everyone had the same number of turns"
    assert all(p.score_history[-1] <= p.score for p in s.players), "the end bonus comes after the last turn"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_berlin_games_keep_invariants(players):
    for seed in range(15):  # 60 games over the four player counts (as New York); 1 000 under `make soak`
        finished_properly(play(seed * 10 + players, players), players)


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_1000_random_berlin_games_keep_invariants_soak(players):
    for seed in range(250):
        finished_properly(play(seed * 10 + players, players), players)


def test_random_berlin_games_take_tiles_score_sets_and_end_bonuses():
    """The random games above reach every Berlin rule (so their checks are not vacuous)."""
    seen = {"plus": 0, "landmark_sets": 0, "landmark_bonus": 0, "empty_stack": 0}
    for seed in range(30):
        s = play(seed, 2 + seed % 4, check=False)
        for p in s.players:
            for k in ("plus", "landmark_sets", "landmark_bonus"):
                seen[k] += p.points.get(k, 0) > 0
        seen["empty_stack"] += s.landmarks_left.count(0)
    assert all(seen.values()), seen


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(2, 5), undo_rate=st.sampled_from([0.1, 0.3]))
def test_random_berlin_play_with_undo(seed, players, undo_rate):
    play(seed, players, undo_rate=undo_rate)


def test_finished_berlin_record_round_trip(tmp_path):
    for seed, players in ((3, 2), (8, 5)):
        s = play(seed, players, undo_rate=0.05, check=False)
        path = tmp_path / f"berlin-{seed}.json"
        record.save(s, path)
        again = record.load_state(path)
        assert again.setup == s.setup and again.log == s.log
        assert again.players == s.players and again.landmarks_left == s.landmarks_left
        assert again.tokens == s.tokens and again.over
        assert record.summary(again) == record.summary(s)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**9), picks=st.lists(st.integers(0, 10**6), min_size=1, max_size=60))
def test_berlin_illegal_actions_change_nothing(seed, picks):
    from game.engine import IllegalAction, PlaceTrack, legal_actions

    s = new_game("berlin", 3, seed=seed)
    for k in picks:
        if s.over:
            break
        acts = legal_actions(s)
        apply(s, acts[k % len(acts)])
        before = s.copy()
        try:
            apply(s, PlaceTrack(k % 9, k % 154))
        except IllegalAction:
            assert s == before, "an illegal action changed the position"
        check_invariants(s)
        check_berlin(s)
