"""London: connection tiles (pairs of symbols score 3) and loops (stations inside score 1 each)."""
from __future__ import annotations

import random

import networkx as nx

from ..board import Board
from ..rules import Ruleset, add_points
from ..state import GameState, Setup


class LondonRules(Ruleset):
    city = "london"

    def random_setup(self, board: Board, rng: random.Random, setup: dict) -> None:
        if setup.get("connection_tiles") is None:
            tiles = [s for s in board.london_symbols for _ in range(board.london_tiles_per_symbol)]
            rng.shuffle(tiles)
            setup["connection_tiles"] = tiles

    def check_setup(self, board: Board, setup: Setup) -> list[str]:
        want = sorted(s for s in board.london_symbols for _ in range(board.london_tiles_per_symbol))
        if sorted(setup.connection_tiles) != want:
            return [f"setup.connection_tiles: {setup.connection_tiles!r} is not one tile per connection station "
                    f"({board.london_tiles_per_symbol} each of {', '.join(board.london_symbols)})"]
        return []

    @staticmethod
    def symbol_at(state: GameState, board: Board, station: int) -> str | None:
        try:
            i = board.london_connection_stations.index(station)
        except ValueError:
            return None
        return state.setup.connection_tiles[i]

    def on_connected(self, state: GameState, board: Board, line: int, station: int, events: list) -> None:
        super().on_connected(state, board, line, station, events)
        sym = self.symbol_at(state, board, station)
        if sym is None:
            return
        ln = state.lines[line]
        if sym in ln.symbols_scored:
            return
        for i, other in enumerate(board.london_connection_stations):
            if other != station and state.setup.connection_tiles[i] == sym and ln.degree.get(other, 0) > 0:
                ln.symbols_scored.append(sym)
                add_points(state, ln.owner, 3, "connections", events, line, (other, station))
                return

    def after_placement(self, state: GameState, board: Board, line: int, conn: int, closed_cycle: bool,
                        events: list) -> None:
        if closed_cycle:
            inside = stations_inside_loops(state, board, line)
            ln = state.lines[line]
            new = [s for s in inside if s not in ln.loop_scored and ln.degree.get(s, 0) == 0]
            if new:
                ln.loop_scored.extend(new)
                add_points(state, ln.owner, len(new), "loops", events, line, tuple(new))


def _inside(px: float, py: float, poly: list[tuple[float, float]]) -> bool:
    """Even-odd rule: a point strictly inside a closed polygon."""
    inside = False
    n = len(poly)
    j = n - 1
    for i in range(n):
        xi, yi = poly[i]
        xj, yj = poly[j]
        if (yi > py) != (yj > py):
            x_cross = xi + (py - yi) * (xj - xi) / (yj - yi)
            if px < x_cross:
                inside = not inside
        j = i
    return inside


def stations_inside_loops(state: GameState, board: Board, line: int) -> list[int]:
    """Stations strictly inside any cycle of ``line``, by the board's drawn geometry.

    Any cycle's inside is covered by the cycles of a cycle basis: ray-crossing parity adds up over a
    symmetric difference of edge sets, so a point inside some cycle is inside an odd number of the
    basis cycles that sum to it, hence inside at least one.
    """
    g = nx.Graph()
    g.add_edges_from(board.conn_ends[c] for c in state.lines[line].conns)
    found: set[int] = set()
    for cycle in nx.cycle_basis(g):
        poly = [(board.stations[s].x, board.stations[s].y) for s in cycle]
        xs = [p[0] for p in poly]
        ys = [p[1] for p in poly]
        x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        on = set(cycle)
        for st in board.stations:
            if st.index in on or st.index in found:
                continue
            if x0 < st.x < x1 and y0 < st.y < y1 and _inside(st.x, st.y, poly):
                found.add(st.index)
    return sorted(found)
