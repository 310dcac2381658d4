"""London: connection tiles (pairs of symbols score 3) and loops (stations inside score 1 each)."""
from __future__ import annotations

import random
from bisect import bisect_left, bisect_right

from ..board import Board
from ..ruleset import Ruleset, add_points
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
    adj: dict[int, dict[int, None]] = {}
    ends = board.conn_ends
    for c in state.lines[line].conns:
        a, b = ends[c]
        if a not in adj:
            adj[a] = {}
        if b not in adj:
            adj[b] = {}
        adj[a][b] = None
        adj[b][a] = None
    found: set[int] = set()
    stations = board.stations
    by_x, xs = board.by_x, board.xs
    for cycle in cycle_basis(adj):
        poly = [(stations[s].x, stations[s].y) for s in cycle]
        x0 = min(p[0] for p in poly)
        x1 = max(p[0] for p in poly)
        y0 = min(p[1] for p in poly)
        y1 = max(p[1] for p in poly)
        on = set(cycle)
        for i in range(bisect_right(xs, x0), bisect_left(xs, x1)):  # x0 < x < x1
            x, y, s = by_x[i]
            if s in on or s in found:
                continue
            if y0 < y < y1 and _inside(x, y, poly):
                found.add(s)
    return sorted(found)


def cycle_basis(adj: dict[int, dict[int, None]]) -> list[list[int]]:
    """The cycles networkx's ``cycle_basis`` (3.x) finds in the graph ``adj`` (node -> neighbours, in the order
    networkx's Graph would hold them), the same cycles in the same order, without building a Graph: the
    placement that closes a loop asks this every time."""
    gnodes = dict.fromkeys(adj)
    cycles = []
    while gnodes:  # one connected component at a time
        root = gnodes.popitem()[0]
        stack = [root]
        pred = {root: root}
        used: dict[int, set[int]] = {root: set()}
        while stack:  # walk the spanning tree finding cycles
            z = stack.pop()
            zused = used[z]
            for nbr in adj[z]:
                if nbr not in used:
                    pred[nbr] = z
                    stack.append(nbr)
                    used[nbr] = {z}
                elif nbr == z:
                    cycles.append([z])
                elif nbr not in zused:  # found a cycle
                    pn = used[nbr]
                    cycle = [nbr, z]
                    p = pred[z]
                    while p not in pn:
                        cycle.append(p)
                        p = pred[p]
                    cycle.append(p)
                    cycles.append(cycle)
                    used[nbr].add(z)
        for node in pred:
            gnodes.pop(node, None)
    return cycles
