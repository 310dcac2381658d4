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
    line_adj = [line_adjacency(state, board, li) for li in range(len(state.lines))]
    g = (empty_nbr, line_mask, station_lines, line_adj)
    state.__dict__[_CACHE] = g
    return g


def invalidate(state: GameState) -> None:
    state.__dict__.pop(_CACHE, None)


def note_placement(state: GameState, line: int, a: int, b: int, was_empty: bool) -> None:
    """Keep the cached lookups current after a token is placed, instead of rebuilding them."""
    g = state.__dict__.get(_CACHE)
    if g is None:
        return
    empty_nbr, line_mask, station_lines, line_adj = g
    for x, y in ((a, b), (b, a)):
        if x in line_adj[line]:
            line_adj[line][x].append(y)
        else:
            line_adj[line][x] = [y]
    if was_empty:
        empty_nbr[a] &= ~(1 << b)
        empty_nbr[b] &= ~(1 << a)
    line_mask[line] |= (1 << a) | (1 << b)
    bit = 1 << line
    station_lines[a] |= bit
    station_lines[b] |= bit


def _bits(m: int):
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


class Search:
    """One best-route search from ``src`` to the nearest of ``targets`` (a station bitmask)."""

    __slots__ = ("state", "board", "src", "empty_nbr", "line_mask", "station_lines", "lvl", "line_lvl",
                 "best", "hit", "_memo", "_adj", "line_adj")

    def __init__(self, state: GameState, board: Board, src: int, targets: int):
        self.state = state
        self.board = board
        self.src = src
        self.empty_nbr, self.line_mask, self.station_lines, self.line_adj = _graph(state, board)
        self.lvl: dict[int, tuple[int, int]] = {}
        self.line_lvl: dict[int, tuple[int, int]] = {}
        self.best: tuple[int, int] | None = None
        self.hit = 0
        self._memo: dict[int, set[int]] = {}
        self._adj: dict = {}  # (line, a, b) -> hops, for this search only
        if targets and src >= 0:  # src -1: the passenger has left the board (classic); nothing is reachable
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

    def _walk_preds(self, v: int, want: tuple[int, int]):
        lvl = self.lvl
        tokens = self.state.tokens
        ends = self.board.conn_ends
        for c in self.board.station_conns[v]:
            if not tokens[c]:
                a, b = ends[c]
                u = b if a == v else a
                if lvl.get(u) == want:
                    yield u

    def line_sets(self, v: int) -> set[int]:
        """Bitmasks of the line sets of every best route to ``v``."""
        memo = self._memo
        res = memo.get(v)
        if res is not None:
            return res
        if v == self.src:
            res = memo[v] = {0}
            return res
        e, l = self.lvl[v]
        res = set()
        if e > 0:
            for u in self._walk_preds(v, (e - 1, l)):
                res |= self.line_sets(u)
        if l > 0:
            want = (e, l - 1)
            lvl = self.lvl
            here = (e, l)
            for li in _bits(self.station_lines[v]):
                if self.line_lvl.get(li) == here:
                    bit = 1 << li
                    for s in self.state.lines[li].degree:
                        if lvl.get(s) == want:
                            for m in self.line_sets(s):
                                res.add(m | bit)
        memo[v] = res
        return res

    def path(self, v: int, mask: int) -> list[tuple[int, int, int]]:
        """Hops of one best route to ``v`` using exactly the lines in ``mask``."""
        hops: list[tuple[int, int, int]] = []
        while v != self.src:
            e, l = self.lvl[v]
            nxt = None
            if e > 0:
                for u in self._walk_preds(v, (e - 1, l)):
                    if mask in self.line_sets(u):
                        nxt = u
                        hops.append((u, v, -1))
                        break
            if nxt is None and l > 0:
                want = (e, l - 1)
                lvl = self.lvl
                for li in _bits(mask & self.station_lines[v]):
                    if self.line_lvl.get(li) != (e, l):
                        continue
                    rest = mask & ~(1 << li)
                    for s in self.state.lines[li].degree:
                        if lvl.get(s) == want and rest in self.line_sets(s):
                            nxt = s
                            hops.extend(reversed(self.ride(li, s, v)))
                            mask = rest
                            break
                    if nxt is not None:
                        break
            if nxt is None:  # pragma: no cover - the search guarantees a predecessor
                raise AssertionError("no best route found for a reachable outcome")
            v = nxt
        hops.reverse()
        return hops

    def options(self) -> list[RouteOption]:
        if self.best is None:
            return []
        out = []
        for d in sorted(_bits(self.hit), key=lambda s: self.board.stations[s].name):
            for m in sorted(self.line_sets(d), key=lambda m: sorted(_bits(m))):
                out.append(RouteOption(destination=d, lines=sorted(_bits(m)), empty=self.best[0],
                                       hops=self.path(d, m)))
        return out


    def ride(self, line: int, a: int, b: int) -> list[tuple[int, int, int]]:
        key = (line, a, b)
        hops = self._adj.get(key)
        if hops is None:
            hops = self._adj[key] = ride(self.line_adj[line], line, a, b)
        return hops


def line_adjacency(state: GameState, board: Board, line: int) -> dict[int, list[int]]:
    adj: dict[int, list[int]] = {}
    ends = board.conn_ends
    for c in state.lines[line].conns:
        x, y = ends[c]
        if x in adj:
            adj[x].append(y)
        else:
            adj[x] = [y]
        if y in adj:
            adj[y].append(x)
        else:
            adj[y] = [x]
    return adj


def ride(adj: dict[int, list[int]], line: int, a: int, b: int) -> list[tuple[int, int, int]]:
    """Hops along a line (given as its station adjacency) from station a to b, fewest connections."""
    if a == b:
        return []
    prev = {a: a}
    frontier = [a]
    while frontier:
        nxt = []
        for s in frontier:
            for t in adj[s]:
                if t not in prev:
                    prev[t] = s
                    if t == b:
                        hops = []
                        while t != a:
                            p = prev[t]
                            hops.append((p, t, line))
                            t = p
                        hops.reverse()
                        return hops
                    nxt.append(t)
        frontier = nxt
    raise AssertionError("a line is always connected")  # pragma: no cover


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
    if src < 0:
        return []  # the passenger has left the board (classic variant, deck out)
    return Search(state, board, src, destinations_of_kind(state, board, kind)).options()
