"""Facts that hold after every action of every game."""
from __future__ import annotations

from collections import Counter

import networkx as nx

from game.engine import GameState, board_of
from game.engine.state import (ACTIONS_PER_TURN, NO_PASSENGER, PHASE_ACTIONS, PHASE_OVER, PHASE_ROUTE,
                              TOKEN_SUPPLY)


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
