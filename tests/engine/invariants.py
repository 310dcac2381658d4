"""Facts that hold after every action of every game.

Two kinds: the structure of the position (token counts, the deck, phases) and what the rules say the
position must mean, recounted here without the engine's code: the points for National Rail, termini and
connection tiles from the tokens on the board (station kinds read from the map file by tests/reference),
loops from each line's scored stations, whose turn it is and how many actions are left from the turn
number and seat, and the end of the game (the deck is out and everyone has had the same number of turns).
The full check of every action against the rulebook is tests/engine/test_reference_games.py.
"""
from __future__ import annotations

from collections import Counter

import networkx as nx

from game.engine import GameState, board_of
from game.engine.actions import PlaceTrack, TakeBranch
from game.engine.state import (ACTIONS_PER_TURN, NO_PASSENGER, PHASE_ACTIONS, PHASE_OVER, PHASE_ROUTE,
                              TOKEN_SUPPLY)
from tests.reference import ref_board

FIRST_TURN = {2: (3, 5), 3: (3, 4, 5), 4: (3, 4, 4, 5), 5: (3, 4, 4, 4, 5)}  # the rulebook's table


def check_invariants(s: GameState) -> None:
    b = board_of(s)
    for c, toks in enumerate(s.tokens):
        assert len(toks) <= b.connections[c].spaces, f"too many tokens on {b.conn_name(c)}"
        assert len(set(toks)) == len(toks), f"one colour twice on {b.conn_name(c)}"
    for li, ln in enumerate(s.lines):
        assert ln.tokens_left >= 0
        assert ln.tokens_left + len(ln.conns) == TOKEN_SUPPLY[ln.colour]
        assert len(set(ln.conns)) == len(ln.conns)
        deg = Counter()
        g = nx.Graph()
        for c in ln.conns:
            assert li in s.tokens[c]
            a, bb = b.conn_ends[c]
            deg[a] += 1
            deg[bb] += 1
            g.add_edge(a, bb)
        assert dict(deg) == {k: v for k, v in ln.degree.items() if v}, "degree out of step with tokens"
        if ln.conns:
            assert nx.is_connected(g), f"the {ln.colour} line is in pieces"
        assert len(set(ln.loop_scored)) == len(ln.loop_scored)
    on_board = Counter(li for toks in s.tokens for li in toks)
    assert on_board == Counter({li: len(ln.conns) for li, ln in enumerate(s.lines) if ln.conns})
    for p in s.players:
        assert p.score == sum(p.points.values())
        assert p.branch_tiles >= 0
        assert p.score_history == sorted(p.score_history)
    full = Counter(s.setup.deck)
    assert Counter(s.deck) + Counter(s.face_up) + Counter(s.discard) == full
    assert len(s.face_up) <= 4
    if s.deck:
        assert len(s.face_up) == 4 or s.phase == PHASE_ROUTE or s.passenger_moved_this_turn
    if s.passenger == NO_PASSENGER:  # classic: it left the board with the destinations when the deck ran out
        assert s.setup.variant == "classic" and not s.deck and not s.face_up and s.end_triggered
    else:
        assert 0 <= s.passenger < len(b.stations)
        assert not (s.setup.variant == "classic" and not s.deck), "classic: the passenger stayed after the deck ran out"
    assert s.phase in (PHASE_ACTIONS, PHASE_ROUTE, PHASE_OVER)
    if s.phase == PHASE_ACTIONS:
        assert 1 <= s.actions_left <= max(ACTIONS_PER_TURN, 5)
    if s.phase == PHASE_ROUTE:
        assert len(s.options) >= 2
        assert len({(o.destination, tuple(o.lines)) for o in s.options}) == len(s.options), "options not distinct"
    check_meaning(s)


def check_meaning(s: GameState) -> None:
    """What the rules say the position must mean, recounted from the tokens, the turn number and the deck."""
    board = ref_board(s.setup.map)
    kinds = board.kinds
    symbol = dict(zip(board.symbol_stations, s.setup.connection_tiles))
    n = s.n_players
    for p, pl in enumerate(s.players):
        want = {"national_rail": 0, "terminus": 0, "connections": 0, "loops": 0}
        for li in pl.lines:
            ln = s.lines[li]
            on = {x for c in ln.conns for x in board.conns[c][:2]}
            want["national_rail"] += sum("national_rail" in kinds[x] for x in on)
            want["terminus"] += 2 * sum("terminus" in kinds[x] for x in on)
            syms = [symbol[x] for x in on if x in symbol]
            want["connections"] += 3 * len({y for y in syms if syms.count(y) >= 2})
            want["loops"] += len(ln.loop_scored)
        got = {k: pl.points.get(k, 0) for k in want}
        assert got == want, f"player {p}: points {got} but the board says {want}"
        seat = (p - s.setup.start_player) % n
        assert pl.points.get("start", 0) == (seat if s.setup.variant == "classic" else 0)
    # whose turn, and how many actions are left
    assert s.current == (s.setup.start_player + s.turn) % n, "turns go round in seat order"
    if s.phase == PHASE_ACTIONS:
        seat = (s.current - s.setup.start_player) % n
        full = 4 if s.setup.variant == "classic" or s.turn >= n else FIRST_TURN[n][seat]
        taken = sum(isinstance(a, (PlaceTrack, TakeBranch)) for a in s.log[s.turn_log_start:])
        assert s.actions_left == full - taken, f"{s.actions_left} actions left; the turn has {full}, {taken} taken"
    # the end of the game
    assert s.end_triggered == (not s.deck), "the end is triggered exactly when the deck is empty"
    if s.over:
        assert not s.deck and (s.turn + 1) % n == 0, "the game ends when the deck is out and all had equal turns"
        assert all(len(p.score_history) == s.turn + 1 for p in s.players)
    else:
        assert all(len(p.score_history) == s.turn for p in s.players)
    if s.passenger != NO_PASSENGER and s.setup.deck.count(s.passenger) < 2:
        # (New York's stations with two cards: the second card may come up while the passenger is there; the
        # next move then stays still and takes it, see test_newyork_rules.py)
        assert s.passenger not in s.face_up, "the passenger never waits at a face-up destination"
