"""London loops: the engine's own cycle basis must be networkx's, cycle for cycle.

``cities/london.cycle_basis`` replaces ``networkx.cycle_basis`` on the placement that closes a loop (a Graph
per loop was a tenth of a London game's time). The stations found inside loops do not depend on the basis,
but the same cycles mean the same polygons and the same floating-point sums, so nothing can drift.
"""
from __future__ import annotations

import random

import networkx as nx
import pytest

from game.ai import RandomBot
from game.engine import apply, new_game
from game.engine.cities.london import _inside, cycle_basis, stations_inside_loops
from game.engine.rules import board_of


def _adjacency(edges):
    adj: dict[int, dict[int, None]] = {}
    for a, b in edges:
        adj.setdefault(a, {})
        adj.setdefault(b, {})
        adj[a][b] = None
        adj[b][a] = None
    return adj


@pytest.mark.parametrize("seed", range(4))
def test_cycle_basis_is_networkx_cycle_basis_on_random_graphs(seed):
    rng = random.Random(seed)
    for _ in range(400):
        n = rng.randint(2, 25)
        edges = []
        for _ in range(rng.randint(1, 45)):
            a, b = rng.randrange(n), rng.randrange(n)
            if a != b and (a, b) not in edges and (b, a) not in edges:
                edges.append((a, b))
        g = nx.Graph()
        g.add_edges_from(edges)
        assert cycle_basis(_adjacency(edges)) == nx.cycle_basis(g), edges


def _networkx_inside(state, board, line):
    """The stations inside the line's loops as the engine found them before: networkx's basis, every station."""
    g = nx.Graph()
    g.add_edges_from(board.conn_ends[c] for c in state.lines[line].conns)
    found = set()
    for cycle in nx.cycle_basis(g):
        poly = [(board.stations[s].x, board.stations[s].y) for s in cycle]
        xs, ys = [p[0] for p in poly], [p[1] for p in poly]
        for st in board.stations:
            if (st.index not in cycle and min(xs) < st.x < max(xs) and min(ys) < st.y < max(ys)
                    and _inside(st.x, st.y, poly)):
                found.add(st.index)
    return sorted(found)


def test_stations_inside_loops_match_networkx_over_random_london_games():
    loops = 0
    for seed in range(12):
        state = new_game("london", 4, seed=seed)
        bots = [RandomBot(seed * 10 + i) for i in range(4)]
        board = board_of(state)
        while not state.over:
            apply(state, bots[state.current].choose(state))
            for li in range(len(state.lines)):
                ours = stations_inside_loops(state, board, li)
                assert ours == _networkx_inside(state, board, li)
                loops += bool(ours)
    assert loops > 50  # the games made loops with stations inside
