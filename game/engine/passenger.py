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

from .board import Board, board_of
from .state import GameState, RouteOption

_CACHE = "_pgraph"
_NO_HOPS = "_no_hops"  # a look-ahead's copy (without_hops)


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
    g = (empty_nbr, line_mask, station_lines, line_adj, set(range(len(line_adj))))
    state.__dict__[_CACHE] = g
    return g


def invalidate(state: GameState) -> None:
    state.__dict__.pop(_CACHE, None)


def share_lookups(state: GameState, copy: GameState) -> None:
    """Give ``copy`` (a fresh ``state.copy()``) the lookups of ``state`` (built on it first if need be), instead of
    rebuilding them at the copy's first search: a look-ahead copies a position many times and searches each copy
    (a tenth of an expert's playout went into rebuilding them). The bitmask lists are copied (a few hundred ints); each line's adjacency is shared
    until one of the two places a token on that line (copy on write: the fifth part of the cache holds the lines
    whose adjacency the state owns; ``note_placement`` copies the others before changing them)."""
    g = state.__dict__.get(_CACHE)
    if g is None:  # built here once rather than in each copy that searches (a playout's copies all do)
        g = _graph(state, board_of(state))
    empty_nbr, line_mask, station_lines, line_adj, owned = g
    owned.clear()  # now shared with the copy: neither may change them in place
    copy.__dict__[_CACHE] = (list(empty_nbr), list(line_mask), list(station_lines), list(line_adj), set())


def without_hops(state: GameState) -> None:
    """Mark a look-ahead's copy: its passenger moves are worked out without their hops (``RouteOption.hops`` and
    ``PassengerMoved.hops`` empty), which only an animation reads; destinations, line sets, points and every tie
    are the same. Tracing the hops of every option was a tenth of a Berlin playout."""
    state.__dict__[_NO_HOPS] = True


def note_placement(state: GameState, line: int, a: int, b: int, was_empty: bool) -> None:
    """Keep the cached lookups current after a token is placed, instead of rebuilding them."""
    g = state.__dict__.get(_CACHE)
    if g is None:
        return
    empty_nbr, line_mask, station_lines, line_adj, owned = g
    adj = line_adj[line]
    if line not in owned:  # shared with a copy (share_lookups): this state's own from now on
        adj = line_adj[line] = {s: list(t) for s, t in adj.items()}
        owned.add(line)
    for x, y in ((a, b), (b, a)):
        if x in adj:
            adj[x].append(y)
        else:
            adj[x] = [y]
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
    """One best-route search from ``src`` to the nearest of ``targets`` (a station bitmask).

    The search settles whole levels at once: ``fronts`` maps each level (empty spaces, lines) to the bitmask of
    the stations first reached at it, so nothing is done per station while searching; ``lvl`` (station ->
    level) is worked out from the fronts when asked for.
    """

    __slots__ = ("state", "board", "src", "empty_nbr", "line_mask", "station_lines", "fronts", "_lvl", "line_lvl",
                 "best", "hit", "_memo", "_adj", "line_adj", "_boarding", "_riding_sets")

    def __init__(self, state: GameState, board: Board, src: int, targets: int):
        self.state = state
        self.board = board
        self.src = src
        self.empty_nbr, self.line_mask, self.station_lines, self.line_adj, _ = _graph(state, board)
        self.fronts: dict[tuple[int, int], int] = {}
        self._lvl: dict[int, tuple[int, int]] | None = None
        self.line_lvl: dict[int, tuple[int, int]] = {}
        self.best: tuple[int, int] | None = None
        self.hit = 0
        self._memo: dict[int, set[int]] = {}
        self._adj: dict = {}  # (line, a, b) -> hops, for this search only
        self._boarding: dict[int, list[int]] = {}  # line -> its stations where best routes board it
        self._riding_sets: dict[int, list[int]] = {}  # line -> line sets of best routes riding it, in order met
        if targets and src >= 0:  # src -1: the passenger has left the board (classic); nothing is reachable
            self._run(targets)

    @property
    def lvl(self) -> dict[int, tuple[int, int]]:
        """The level (empty spaces, lines) of every station the search settled."""
        lvl = self._lvl
        if lvl is None:
            lvl = self._lvl = {}
            for key, front in self.fronts.items():
                for s in _bits(front):
                    lvl[s] = key
        return lvl

    def _run(self, targets: int) -> None:
        empty_nbr, line_mask, station_lines = self.empty_nbr, self.line_mask, self.station_lines
        fronts, line_lvl = self.fronts, self.line_lvl
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
            fronts[key] = front
            hit = front & targets
            if hit:
                self.best = key
                self.hit = hit
                return
            walk = 0
            touch = 0
            f = front
            while f:
                low = f & -f
                s = low.bit_length() - 1
                walk |= empty_nbr[s]
                touch |= station_lines[s]
                f ^= low
            e, l = key
            new_lines = touch & ~boarded
            if new_lines:
                boarded |= new_lines
                k2 = (e, l + 1)
                m = 0
                while new_lines:
                    low = new_lines & -new_lines
                    li = low.bit_length() - 1
                    line_lvl[li] = k2
                    m |= line_mask[li]
                    new_lines ^= low
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

    def _walk_preds(self, v: int, want: tuple[int, int]) -> list[int]:
        """Stations at level ``want`` one empty connection from ``v``, in the board's connection order."""
        at = self.empty_nbr[v] & self.fronts.get(want, 0)  # (a map has at most one connection per pair)
        if not at:
            return []
        if not at & (at - 1):
            return [at.bit_length() - 1]
        return [u for _, u in self.board.station_nbrs[v] if at >> u & 1]

    def boarding(self, li: int) -> list[int]:
        """The stations of line ``li`` one line fewer away than the line itself (where best routes board it),
        in the line's station order."""
        out = self._boarding.get(li)
        if out is None:
            e, l = self.line_lvl[li]
            at = self.line_mask[li] & self.fronts.get((e, l - 1), 0)
            if not at & (at - 1):  # one station (the search boarded the line, so there is one)
                out = [at.bit_length() - 1]
            else:
                out = [s for s in self.state.lines[li].degree if at >> s & 1]
            self._boarding[li] = out
        return out

    def _riding(self, li: int) -> list[int]:
        """The line sets of best routes that end riding ``li``: each set reaching a boarding station, plus ``li``,
        in the order line_sets first meets them (the same for every station of the line at its level)."""
        out = self._riding_sets.get(li)
        if out is None:
            bit = 1 << li
            seen = set()
            out = []
            for s in self.boarding(li):
                for m in self._line_sets(s, self.line_lvl[li][0], self.line_lvl[li][1] - 1):
                    x = m | bit
                    if x not in seen:
                        seen.add(x)
                        out.append(x)
            self._riding_sets[li] = out
        return out

    def line_sets(self, v: int) -> set[int]:
        """Bitmasks of the line sets of every best route to ``v``."""
        res = self._memo.get(v)
        if res is not None:
            return res
        e, l = self.lvl[v]
        return self._line_sets(v, e, l)

    def _line_sets(self, v: int, e: int, l: int) -> set[int]:
        """line_sets(v) for ``v`` at level (e, l)."""
        memo = self._memo
        res = memo.get(v)
        if res is not None:
            return res
        if v == self.src:
            res = memo[v] = {0}
            return res
        res = set()
        if e > 0:
            at = self.empty_nbr[v] & self.fronts.get((e - 1, l), 0)  # _walk_preds, inlined
            if at:
                if not at & (at - 1):
                    res |= self._line_sets(at.bit_length() - 1, e - 1, l)
                else:
                    for _, u in self.board.station_nbrs[v]:
                        if at >> u & 1:
                            res |= self._line_sets(u, e - 1, l)
        if l > 0:
            here = (e, l)
            line_lvl = self.line_lvl
            riding = self._riding_sets
            m = self.station_lines[v]
            while m:
                low = m & -m
                m ^= low
                li = low.bit_length() - 1
                if line_lvl.get(li) == here:
                    sets = riding.get(li)
                    res.update(self._riding(li) if sets is None else sets)  # added in order, as one by one
        memo[v] = res
        return res

    def path(self, v: int, mask: int, level: tuple[int, int] | None = None) -> list[tuple[int, int, int]]:
        """Hops of one best route to ``v`` (at ``level``, if known) using exactly the lines in ``mask``."""
        hops: list[tuple[int, int, int]] = []
        e, l = self.lvl[v] if level is None else level
        while v != self.src:
            nxt = None
            if e > 0:
                for u in self._walk_preds(v, (e - 1, l)):
                    if mask in self._line_sets(u, e - 1, l):
                        nxt = u
                        hops.append((u, v, -1))
                        e -= 1
                        break
            if nxt is None and l > 0:
                here = (e, l)
                for li in _bits(mask & self.station_lines[v]):
                    if self.line_lvl.get(li) != here:
                        continue
                    rest = mask & ~(1 << li)
                    for s in self.boarding(li):
                        if rest in self._line_sets(s, e, l - 1):
                            nxt = s
                            hops.extend(reversed(self.ride(li, s, v)))
                            mask = rest
                            l -= 1
                            break
                    if nxt is not None:
                        break
            if nxt is None:  # pragma: no cover - the search guarantees a predecessor
                raise AssertionError("no best route found for a reachable outcome")
            v = nxt
        hops.reverse()
        return hops

    def options(self, hops: bool = True) -> list[RouteOption]:
        """Every distinct best outcome; without ``hops`` (a look-ahead's, see ``without_hops``) no route is traced."""
        best = self.best
        if best is None:
            return []
        out = []
        for d in sorted(_bits(self.hit), key=lambda s: self.board.stations[s].name):
            for m in sorted(self._line_sets(d, *best), key=lambda m: sorted(_bits(m))):
                out.append(RouteOption(destination=d, lines=sorted(_bits(m)), empty=best[0],
                                       hops=self.path(d, m, best) if hops else []))
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
    queue = [a]  # breadth first: stations in the order they are reached
    for s in queue:
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
                queue.append(t)
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
    return Search(state, board, src, destinations_of_kind(state, board, kind)).options(_NO_HOPS not in state.__dict__)
