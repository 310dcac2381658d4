"""The passenger's route: fewest empty track spaces walked, then fewest lines, with every tie kept.

Since a line is always one connected piece, riding it is free once boarded, so the search works on
stations plus "boarding a line" (cost: one line) and "walking an empty connection" (cost: one empty
space). Walking a connection that holds a token is never part of a best route (riding it is strictly
better), so only empty connections are walked. Costs are compared as (empty, lines) pairs; the search
settles whole sets of stations per cost level as bitmasks, which keeps it well under a millisecond on
a full board. Ties come from walking the tight predecessors backwards, collecting the set of lines of
every best route to every best destination.
"""
from __future__ import annotations

from heapq import heappop, heappush

from .board import Board
from .state import GameState, RouteOption

_CACHE = "_pgraph"


def _graph(state: GameState, board: Board):
    """Per-position lookups (empty neighbours, line station masks), cached until the next placement."""
    g = state.__dict__.get(_CACHE)
    if g is not None:
        return g
    n = len(board.stations)
    empty_nbr = [0] * n
    ends = board.conn_ends
    for c, toks in enumerate(state.tokens):
        if not toks:
            a, b = ends[c]
            empty_nbr[a] |= 1 << b
            empty_nbr[b] |= 1 << a
    line_mask = []
    station_lines = [0] * n
    for li, line in enumerate(state.lines):
        m = 0
        bit = 1 << li
        for s in line.degree:
            m |= 1 << s
            station_lines[s] |= bit
        line_mask.append(m)
    g = (empty_nbr, line_mask, station_lines)
    state.__dict__[_CACHE] = g
    return g


def invalidate(state: GameState) -> None:
    state.__dict__.pop(_CACHE, None)


def _bits(m: int):
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


class Search:
    """One best-route search from ``src`` to the nearest of ``targets`` (a station bitmask)."""

    __slots__ = ("state", "board", "src", "empty_nbr", "line_mask", "station_lines", "lvl", "line_lvl",
                 "best", "hit", "_memo")

    def __init__(self, state: GameState, board: Board, src: int, targets: int):
        self.state = state
        self.board = board
        self.src = src
        self.empty_nbr, self.line_mask, self.station_lines = _graph(state, board)
        self.lvl: dict[int, tuple[int, int]] = {}
        self.line_lvl: dict[int, tuple[int, int]] = {}
        self.best: tuple[int, int] | None = None
        self.hit = 0
        self._memo: dict[int, set[int]] = {}
        if targets:
            self._run(targets)

    def _run(self, targets: int) -> None:
        empty_nbr, line_mask, station_lines = self.empty_nbr, self.line_mask, self.station_lines
        lvl, line_lvl = self.lvl, self.line_lvl
        settled = 0
        boarded = 0
        pending = {(0, 0): 1 << self.src}
        heap = [(0, 0)]
        while heap:
            key = heappop(heap)
            front = pending.pop(key) & ~settled
            if not front:
                continue
            settled |= front
            walk = 0
            touch = 0
            f = front
            while f:
                low = f & -f
                s = low.bit_length() - 1
                f ^= low
                lvl[s] = key
                walk |= empty_nbr[s]
                touch |= station_lines[s]
            hit = front & targets
            if hit:
                self.best = key
                self.hit = hit
                return
            e, l = key
            new_lines = touch & ~boarded
            if new_lines:
                boarded |= new_lines
                k2 = (e, l + 1)
                m = 0
                for li in _bits(new_lines):
                    line_lvl[li] = k2
                    m |= line_mask[li]
                m &= ~settled
                if m:
                    if k2 in pending:
                        pending[k2] |= m
                    else:
                        pending[k2] = m
                        heappush(heap, k2)
            walk &= ~settled
            if walk:
                k2 = (e + 1, l)
                if k2 in pending:
                    pending[k2] |= walk
                else:
                    pending[k2] = walk
                    heappush(heap, k2)

    def line_sets(self, v: int) -> set[int]:
        """Bitmasks of the line sets of every best route to ``v``."""
        memo = self._memo
        if v in memo:
            return memo[v]
        if v == self.src:
            memo[v] = {0}
            return memo[v]
        e, l = self.lvl[v]
        res: set[int] = set()
        lvl = self.lvl
        if e > 0:
            want = (e - 1, l)
            for u in _bits(self.empty_nbr[v]):
                if lvl.get(u) == want:
                    res |= self.line_sets(u)
        if l > 0:
            want = (e, l - 1)
            for li in _bits(self.station_lines[v]):
                if self.line_lvl.get(li) == (e, l):
                    bit = 1 << li
                    for s in _bits(self.line_mask[li]):
                        if lvl.get(s) == want:
                            for m in self.line_sets(s):
                                res.add(m | bit)
        memo[v] = res
        return res

    def path(self, v: int, mask: int) -> list[tuple[int, int, int]]:
        """Hops of one best route to ``v`` using exactly the lines in ``mask``."""
        if v == self.src:
            return []
        e, l = self.lvl[v]
        lvl = self.lvl
        if e > 0:
            want = (e - 1, l)
            for u in _bits(self.empty_nbr[v]):
                if lvl.get(u) == want and mask in self.line_sets(u):
                    return self.path(u, mask) + [(u, v, -1)]
        if l > 0:
            want = (e, l - 1)
            for li in _bits(mask & self.station_lines[v]):
                if self.line_lvl.get(li) != (e, l):
                    continue
                rest = mask & ~(1 << li)
                for s in _bits(self.line_mask[li]):
                    if lvl.get(s) == want and rest in self.line_sets(s):
                        return self.path(s, rest) + ride(self.state, self.board, li, s, v)
        raise AssertionError("no best route found for a reachable outcome")  # pragma: no cover

    def options(self) -> list[RouteOption]:
        if self.best is None:
            return []
        out = []
        for d in sorted(_bits(self.hit), key=lambda s: self.board.stations[s].name):
            for m in sorted(self.line_sets(d), key=lambda m: sorted(_bits(m))):
                out.append(RouteOption(destination=d, lines=sorted(_bits(m)), empty=self.best[0],
                                       hops=self.path(d, m)))
        return out


def ride(state: GameState, board: Board, line: int, a: int, b: int) -> list[tuple[int, int, int]]:
    """Hops along ``line``'s own tokens from station a to b (fewest connections)."""
    if a == b:
        return []
    adj: dict[int, list[int]] = {}
    for c in state.lines[line].conns:
        x, y = board.conn_ends[c]
        adj.setdefault(x, []).append(y)
        adj.setdefault(y, []).append(x)
    prev = {a: a}
    todo = [a]
    i = 0
    while i < len(todo):
        s = todo[i]
        i += 1
        if s == b:
            break
        for t in adj.get(s, ()):
            if t not in prev:
                prev[t] = s
                todo.append(t)
    hops = []
    s = b
    while s != a:
        hops.append((prev[s], s, line))
        s = prev[s]
    hops.reverse()
    return hops


def destinations_of_kind(state: GameState, board: Board, kind: str) -> int:
    """Bitmask of face-up destination stations a move of ``kind`` may go to."""
    m = 0
    for s in state.face_up:
        k = board.stations[s].kinds
        if kind == "any" or kind in k:
            m |= 1 << s
    return m


def route_options(state: GameState, board: Board, kind: str, origin: int | None = None) -> list[RouteOption]:
    """Every distinct best outcome of one passenger move of ``kind`` from ``origin`` (default: where it is)."""
    src = state.passenger if origin is None else origin
    return Search(state, board, src, destinations_of_kind(state, board, kind)).options()
