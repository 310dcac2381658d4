"""Random Paris games, 2-5 players, with undo and every choice: the invariants of paris_invariants.py (an
independent model of the Paris rules replaying the log) hold after every action.

`make test` plays 48 games with the checks after every action (about 20 s of processor time), 4 of them also
checking every legal placement and its cost against the model; the 1 000-game run is under the soak marker (about
3.7 min of processor time; it passed on 23 Nov 2026).
Uniform random play never meets a secret objective, so a quarter of the games steer towards the player's own
cards (``seek``): the objectives' end scoring is checked on real games too.
"""
from __future__ import annotations

import functools
import random
from collections import Counter

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from paris_invariants import check_paris

from game.engine import apply, board_of, can_undo, legal_actions, new_game, record, winners
from game.engine.actions import ChooseReward, CompleteSet, PlaceTrack, Undo
from game.engine.events import PassengerMoved, TokenPlaced
from game.engine.state import CHOICE_PHASES, PHASE_ACTIONS


@functools.lru_cache(maxsize=None)
def distances(map_name: str) -> dict:
    board = board_of(new_game(map_name, 2, seed=0))
    g = nx.Graph(board.conn_ends)
    return dict(nx.all_pairs_shortest_path_length(g))


def seeking_choice(s, rng: random.Random):
    """Mostly the placement that brings a line nearest to a station of its owner's cards it lacks."""
    acts = legal_actions(s)
    if s.phase != PHASE_ACTIONS or rng.random() < 0.2:
        return rng.choice(acts)
    board = board_of(s)
    dist = distances(s.setup.map)
    targets = {x for card in s.setup.objectives[s.current] for x in board.objective_stations[card]}
    best, pick = None, []
    for a in acts:
        if not isinstance(a, PlaceTrack):
            continue
        ln = s.lines[a.line]
        lack = [x for x in targets if not ln.degree.get(x)] or list(targets)
        d = min(dist[end][x] for end in board.conn_ends[a.connection] for x in lack)
        if best is None or d < best:
            best, pick = d, [a]
        elif d == best:
            pick.append(a)
    return rng.choice(pick or acts)


def play(seed: int, players: int, undo_rate: float = 0.0, check: bool = True, oracle: bool = False,
         seek: bool = False, seen: Counter | None = None):
    s = new_game("paris", players, seed=seed)
    rng = random.Random(seed)
    seen = seen if seen is not None else Counter()
    while not s.over:
        if undo_rate and can_undo(s) and rng.random() < undo_rate:
            seen["undo_in_choice"] += s.phase in CHOICE_PHASES
            apply(s, Undo())
        else:
            a = seeking_choice(s, rng) if seek else rng.choice(legal_actions(s))
            if isinstance(a, (ChooseReward, CompleteSet)):
                seen[repr(a)] += 1
            last_action_choice = s.phase in CHOICE_PHASES and s.actions_left == 0
            for e in apply(s, a):
                if isinstance(e, TokenPlaced) and e.lane >= board_of(s).conn_spaces[e.connection]:
                    seen["full_connection"] += 1
                if isinstance(e, PassengerMoved) and last_action_choice:
                    seen["passenger_after_a_choice"] += 1
        if check:
            check_paris(s, oracle=oracle)
    for p in s.players:
        for k, v in p.points.items():
            seen[k] += v > 0
    return s


def finished_properly(s, players: int) -> None:
    assert s.over and winners(s)
    assert (s.turn + 1) % players == 0, "everyone had the same number of turns"
    assert all(p.score_history[-1] <= p.score for p in s.players), "objectives come after the last turn"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_paris_games_keep_invariants(players):
    for seed in range(12):  # 48 games over the four player counts
        finished_properly(play(seed * 10 + players, players, undo_rate=0.05, seek=seed % 4 == 0), players)


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_1000_random_paris_games_keep_invariants_soak(players):
    for seed in range(250):
        finished_properly(play(seed * 10 + players, players, undo_rate=0.05, seek=seed % 4 == 0), players)


@pytest.mark.parametrize("seed", range(4))
def test_legal_placements_and_costs_agree_with_the_model(seed):
    """Every legal placement and its price (full connections, branching) is the model's, after every action."""
    play(seed, 2 + seed % 4, undo_rate=0.05, oracle=True)


def test_random_paris_games_reach_every_paris_rule():
    """The games above reach every choice, full connections, sets, RER's 1 point and the objectives (so their
    checks are not vacuous)."""
    seen: Counter = Counter()
    for seed in range(40):
        play(seed, 2 + seed % 4, undo_rate=0.05, check=False, seek=seed % 2 == 0, seen=seen)
    for k in (repr(ChooseReward("points")), repr(ChooseReward("point_and_tile")), repr(ChooseReward("tiles")),
              repr(CompleteSet(True)), repr(CompleteSet(False)), "full_connection", "rer", "terminus",
              "landmark_sets", "objectives", "undo_in_choice", "passenger_after_a_choice"):
        assert seen[k] > 0, (k, seen)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(2, 5), undo_rate=st.sampled_from([0.1, 0.3]))
def test_random_paris_play_with_undo(seed, players, undo_rate):
    play(seed, players, undo_rate=undo_rate)


def test_finished_paris_record_round_trip(tmp_path):
    for seed, players in ((3, 2), (8, 5)):
        s = play(seed, players, undo_rate=0.05, check=False, seek=True)
        path = tmp_path / f"paris-{seed}.json"
        record.save(s, path)
        again = record.load_state(path)
        assert again.setup == s.setup and again.log == s.log
        assert again.players == s.players and again.lines == s.lines and again.tokens == s.tokens
        assert again.landmarks_left == s.landmarks_left and again.over
