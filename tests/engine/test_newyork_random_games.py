"""Random New York games: the engine's invariants and New York's own facts hold after every action.

`make test` plays 60 games (about 15 s of processor time) and checks the water legality against a search of its
own in 6 of them; the 1 000-game run is under the soak marker.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from invariants import check_invariants
from newyork_invariants import MAPS, check_newyork, icon_ends, newyork_facts

from game.ai import RandomBot
from game.engine import (IllegalAction, PlaceTrack, TakeBranch, apply, can_undo, legal_actions, new_game, record,
                         rules, why_illegal, winners)
from game.engine.actions import Undo
from game.engine.events import PassengerMoved, TurnStarted
from game.engine.state import PHASE_ACTIONS


def play(seed: int, players: int, undo_rate: float = 0.0, check: bool = True, oracle: bool = False):
    s = new_game("newyork", players, seed=seed)
    bot = RandomBot(seed)
    rng = random.Random(seed)
    while not s.over:
        if oracle and s.phase == PHASE_ACTIONS:
            check_water_legality(s)
        if undo_rate and can_undo(s) and rng.random() < undo_rate:
            apply(s, Undo())
        else:
            apply(s, bot.choose(s))
        if check:
            check_invariants(s)
            check_newyork(s)
    return s


def finished_properly(s, players: int) -> None:
    assert s.over and winners(s)
    assert (s.turn + 1) % players == 0, "everyone had the same number of turns"


# ---- an independent account of water legality -------------------------------------------------------------


def _facts(s):
    return newyork_facts(str(MAPS / f"{s.setup.map}.toml"))


def wet(s) -> list[tuple[int, int]]:
    f = _facts(s)
    return [(li, x) for li in s.players[s.current].lines for x in icon_ends(s, li, f)]


def can_leave_water(s, budget: int) -> bool:
    """Whether real placements (the shared rules' own legality, branch tiles included) at the icons the acting
    player's lines end on can take them all off the water within ``budget`` actions."""
    dangling = wet(s)
    if not dangling:
        return True
    if budget <= 0:
        return False
    f = _facts(s)
    icons = {x for _, x in dangling}
    for li in s.players[s.current].lines:
        for c, (a, b) in enumerate(f["conns"]):
            if a not in icons and b not in icons:
                continue
            try:
                rules.placement_cost(s, li, c)
            except IllegalAction:
                continue
            t = s.copy()
            rules._place(t, PlaceTrack(li, c), [])
            if can_leave_water(t, budget - 1):
                return True
    return False


def check_water_legality(s) -> None:
    """legal_actions and why_illegal agree with can_leave_water on every action the shared rules allow."""
    offered = set(legal_actions(s))
    budget = s.actions_left - 1
    f = _facts(s)
    now_ok = can_leave_water(s, budget)
    wet_lines = {li for li, _ in wet(s)}
    for li in s.players[s.current].lines:
        for c, (a, b) in enumerate(f["conns"]):
            try:
                rules.placement_cost(s, li, c)
            except IllegalAction:
                continue
            act = PlaceTrack(li, c)
            if a in f["water"] or b in f["water"] or li in wet_lines:
                t = s.copy()
                rules._place(t, act, [])
                ok = can_leave_water(t, budget)
            else:
                ok = now_ok  # neither touches an icon nor changes a line on water: only the action is spent
            assert (act in offered) == ok, (rules.board_of(s).conn_name(c), s.lines[li].colour, ok)
            assert (why_illegal(s, act) is None) == ok
    assert (TakeBranch() in offered) == now_ok
    assert offered, "a player always has a legal action"


# ---- the games ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_newyork_games_keep_invariants(players):
    for seed in range(15):  # 60 games over the four player counts
        finished_properly(play(seed * 10 + players, players), players)


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_1000_random_newyork_games_keep_invariants_soak(players):
    for seed in range(250):
        finished_properly(play(seed * 10 + players, players), players)


@pytest.mark.parametrize("seed", range(6))
def test_water_legality_agrees_with_a_search_of_its_own(seed):
    play(seed, 2 + seed % 4, check=False, oracle=True)


def test_no_turn_ends_with_a_line_on_an_icon():
    """Checked at the moment each turn ends (TurnStarted), for the player whose turn it was."""
    ends = 0
    for seed in range(10):
        s = new_game("newyork", 2 + seed % 4, seed=seed)
        bot = RandomBot(seed)
        while not s.over:
            player = s.current
            ev = apply(s, bot.choose(s))
            if any(isinstance(e, (TurnStarted, PassengerMoved)) for e in ev) or s.over:
                f = _facts(s)
                assert not [x for li in s.players[player].lines for x in icon_ends(s, li, f)]
                ends += 1
    assert ends > 200


def test_random_newyork_games_reach_every_new_york_rule():
    """The random games above reach water, clusters, double cards and route choices (so their checks bite)."""
    seen = {"water": 0, "clusters": 0, "stay_still": 0, "choice": 0, "on_water_mid_turn": 0}
    for seed in range(20):
        s = new_game("newyork", 2 + seed % 4, seed=seed)
        bot = RandomBot(seed)
        while not s.over:
            seen["choice"] += s.phase == "route"
            seen["on_water_mid_turn"] += bool(s.phase == PHASE_ACTIONS and wet(s))
            for e in apply(s, bot.choose(s)):
                if isinstance(e, PassengerMoved) and e.origin == e.destination:
                    seen["stay_still"] += 1
        for p in s.players:
            seen["water"] += p.points.get("water", 0) > 0
            seen["clusters"] += p.points.get("clusters", 0) > 0
    assert all(seen.values()), seen


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(2, 5), undo_rate=st.sampled_from([0.1, 0.3]))
def test_random_newyork_play_with_undo(seed, players, undo_rate):
    play(seed, players, undo_rate=undo_rate)


def test_finished_newyork_record_round_trip(tmp_path):
    for seed, players in ((3, 2), (8, 5)):
        s = play(seed, players, undo_rate=0.05, check=False)
        path = tmp_path / f"newyork-{seed}.json"
        record.save(s, path)
        again = record.load_state(path)
        assert again.setup == s.setup and again.log == s.log
        assert again.players == s.players and again.lines == s.lines
        assert again.tokens == s.tokens and again.discard == s.discard and again.over
