"""New York for the bots: they finish games, never end a turn with a line on a water icon, and take a third
icon's or a cluster's points when that is plainly the best placement."""
from __future__ import annotations

from collections import deque

import pytest

from game.ai import LEVELS, make_bot
from game.engine import PlaceTrack, apply, legal_actions, new_game
from game.engine.cities.newyork import lines_on_water
from game.engine.rules import board_of, legal_placements
from tests.ai.test_hidden import bot

MAX_ACTIONS = 3000

# one thinking level per player count, the rest random (cheap): every level and every count is covered
SEATS = {2: ["normal", "random"], 3: ["random", "easy", "random"], 4: ["random", "normal", "expert", "easy"],
         5: ["random", "random", "hard", "random", "random"]}


def _play_checking_water(state, bots):
    """Plays the game out; after every finished turn, none of the player's lines may end at an icon."""
    actions = turns = 0
    while not state.over and actions < MAX_ACTIONS:
        mover = state.current
        turn = state.turn
        apply(state, bots[mover].choose(state))
        actions += 1
        if state.turn != turn or state.over:
            turns += 1
            assert lines_on_water(state, mover) == [], (turn, mover, lines_on_water(state, mover))
    return actions, turns


@pytest.mark.parametrize("players", sorted(SEATS))
def test_bots_finish_newyork_games_and_never_end_a_turn_on_water(players):
    levels = SEATS[players]
    assert set().union(*map(set, SEATS.values())) == set(LEVELS)
    state = new_game(map="newyork", players=players, seed=players)
    bots = [make_bot(lv, seed=20 + i) for i, lv in enumerate(levels)]
    actions, turns = _play_checking_water(state, bots)
    assert state.over, (levels, actions)
    assert turns >= 10


def test_hard_against_normal_on_newyork_ends_no_turn_on_water():
    """A whole two-player game of the two thinking levels that cross water most (their plans pass icons)."""
    state = new_game(map="newyork", players=2, seed=11)
    _, turns = _play_checking_water(state, [make_bot("hard", 1), make_bot("normal", 2)])
    assert state.over and turns > 20
    board = board_of(state)
    crossed = [ln for ln in state.lines if any(s in board.water for s, d in ln.degree.items() if d)]
    assert crossed, "neither player crossed water in a whole game: the check above proved nothing"


# ---- constructed positions --------------------------------------------------------------------------------


def _last_turn(actions_left: int, seed: int = 3):
    """Player 0's last turn of the game: deck and face-up destinations gone (no passenger move to weigh)."""
    state = new_game(map="newyork", players=2, seed=seed, start_player=0)
    state.actions_left = 99  # lines are laid below by the engine's own placements
    return state


def _lay(state, line: int, path: list[int]):
    board = board_of(state)
    for a, b in zip(path, path[1:]):
        apply(state, PlaceTrack(line, board.conn_between[(a, b)]))


def _finish_setup(state, actions_left: int, keep_line: int):
    """Only ``keep_line`` may still grow; the game ends with this turn; nothing is face up."""
    for li in state.players[0].lines:
        if li != keep_line:
            state.lines[li].tokens_left = 0
    state.actions_left = actions_left
    state.discard += state.deck + state.face_up
    state.deck = []
    state.face_up = []
    state.end_triggered = True
    state.setup.start_player = 1  # player 0 is the last in turn order: this is the game's last turn


def _gain(state, action) -> int:
    c = state.copy()
    before = c.players[0].score
    apply(c, action)
    return c.players[0].score - before


def _turn_gains(state) -> dict[tuple, tuple[int, int]]:
    """Every legal way to play the rest of player 0's turn -> (points gained, branch tiles gained)."""
    out = {}

    def walk(st, done):
        if st.current != 0 or st.over or st.phase != "actions":
            out[done] = (st.players[0].score - state.players[0].score,
                         st.players[0].branch_tiles - state.players[0].branch_tiles)
            return
        for a in legal_actions(st):
            c = st.copy()
            apply(c, a)
            walk(c, done + (a,))

    walk(state, ())
    return out


def _third_icon_position(actions_left: int):
    """Red has crossed two water icons (Hunts Point Av - 86 St - Grand Concourse) and ends one token from a
    third (Grand Concourse - icon - Central Park North). The other way on from Grand Concourse (Yankee Stadium,
    then the Woodlawn terminus: 3 points and a tile) is taken by the other player's token."""
    state = _last_turn(actions_left)
    board = board_of(state)
    s = board.station
    _lay(state, 0, [s("Hunts Point Av"), s("Water: Hunts Point Av"), s("86 St"), s("Water: Grand Concourse East"),
                    s("Grand Concourse")])
    state.current = 1
    _lay(state, 4, [s("Grand Concourse"), s("Yankee Stadium")])
    state.current = 0
    _finish_setup(state, actions_left, keep_line=0)
    to_icon = PlaceTrack(0, board.conn_between[(s("Grand Concourse"), s("Water: Grand Concourse South"))])
    return state, to_icon


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bot_takes_the_third_water_icon(level):
    state, to_icon = _third_icon_position(actions_left=2)
    gains = _turn_gains(state)
    best = max(gains.values())
    assert best[0] == 3 and all(turn[0] == to_icon for turn, g in gains.items() if g == best), gains
    b = bot(level, 5)
    while state.current == 0 and not state.over:
        apply(state, b.choose(state))
    assert state.players[0].points.get("water", 0) == 3
    assert lines_on_water(state, 0) == []  # and it left the water again with its last action


def test_no_bot_steps_onto_water_it_cannot_leave():
    """With one action left the third icon's 3 points are out of reach: a line may not end the turn there,
    so the placement is not offered and no level plays it."""
    state, to_icon = _third_icon_position(actions_left=1)
    assert to_icon not in legal_actions(state)
    for level in LEVELS:
        action = bot(level, 6).choose(state)
        c = state.copy()
        apply(c, action)
        assert lines_on_water(c, 0) == [], (level, action)


def _cluster_path(board):
    """A water-free path from a station of one cluster to a station of another whose end is next to a station
    of a third cluster, touching no other cluster station on the way: (path, the next station)."""
    cl = board.station_cluster
    water = board.water
    nbrs: dict[int, list[int]] = {}
    for a, b in board.conn_ends:
        nbrs.setdefault(a, []).append(b)
        nbrs.setdefault(b, []).append(a)
    for start in sorted(s for s in range(len(board.stations)) if cl[s]):
        prev = {start: None}
        todo = deque([start])
        while todo:
            x = todo.popleft()
            if x != start and cl[x]:
                if cl[x] == cl[start]:
                    continue
                path = [x]
                while prev[path[-1]] is not None:
                    path.append(prev[path[-1]])
                path.reverse()
                for t in nbrs[x]:
                    if cl[t] and cl[t] not in (cl[start], cl[x]) and t not in water:
                        return path, t
                continue
            for t in nbrs[x]:
                if t not in prev and t not in water:
                    prev[t] = x
                    todo.append(t)
    raise AssertionError("the New York board has no two clusters with a third one next door")


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bot_takes_a_third_cluster(level):
    state = _last_turn(1)
    board = board_of(state)
    path, nxt = _cluster_path(board)
    _lay(state, 0, path)
    assert len(state.lines[0].clusters) == 2
    _finish_setup(state, 1, keep_line=0)
    to_cluster = PlaceTrack(0, board.conn_between[(path[-1], nxt)])
    assert (0, to_cluster.connection, 0) in legal_placements(state)
    gains = {a: _gain(state, a) for a in legal_actions(state)}
    best = max(gains.values())
    assert gains[to_cluster] == best >= 2 and [g for g in gains.values()].count(best) == 1, gains
    action = bot(level, 7).choose(state)
    assert action == to_cluster
    apply(state, action)
    assert state.players[0].points.get("clusters", 0) >= 1 + 2
