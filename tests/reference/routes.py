"""The passenger's best outcomes by trying every set of lines, smallest sets first.

For a set of lines L, the fewest empty track spaces to each station is a plain shortest path in which
a connection holding a token of a line in L is free and a connection with a free track space costs one.
The best outcome is the least (empty spaces, number of lines) over every L and every destination;
each optimal (destination, L) is one outcome, and every line of an optimal L is really ridden (or a
smaller set would do as well). Nothing here is clever, which is the point.
"""
from __future__ import annotations

from collections import deque
from itertools import combinations


def neighbours(board) -> list[list[tuple[int, int]]]:
    """Station -> [(connection, station at its other end)]."""
    out: list[list[tuple[int, int]]] = [[] for _ in board.names]
    for c, (a, b, _) in enumerate(board.conns):
        out[a].append((c, b))
        out[b].append((c, a))
    return out


def empty_spaces_from(board, track: list[list[int]], origin: int, lines, nbrs=None) -> list[float]:
    """Fewest empty track spaces walked from ``origin`` to every station, riding only ``lines``."""
    nbrs = neighbours(board) if nbrs is None else nbrs
    cost: list[int | None] = []
    for c, (_, _, spaces) in enumerate(board.conns):
        if any(li in lines for li in track[c]):
            cost.append(0)  # ride one of the lines on it
        elif len(track[c]) < spaces:
            cost.append(1)  # walk an empty track space
        else:
            cost.append(None)  # every space holds a line the passenger is not riding: nowhere to walk
    dist = [float("inf")] * len(board.names)
    dist[origin] = 0
    todo = deque([origin])
    while todo:  # 0-1 breadth-first search
        s = todo.popleft()
        for c, t in nbrs[s]:
            w = cost[c]
            if w is not None and dist[s] + w < dist[t]:
                dist[t] = dist[s] + w
                if w:
                    todo.append(t)
                else:
                    todo.appendleft(t)
    return dist


def best_outcomes(board, track: list[list[int]], origin: int,
                  destinations: list[int]) -> tuple[int, list[tuple[int, tuple[int, ...]]]]:
    """(empty spaces, [(destination, lines), ...]) of every best outcome, sorted by destination name then lines."""
    if not destinations:
        return 0, []
    nbrs = neighbours(board)
    built = sorted({li for toks in track for li in toks})
    everything = empty_spaces_from(board, track, origin, set(built), nbrs)
    least_empty = min(everything[d] for d in destinations)
    for k in range(len(built) + 1):
        found = []
        for subset in combinations(built, k):
            dist = empty_spaces_from(board, track, origin, set(subset), nbrs)
            found += [(d, subset) for d in destinations if dist[d] == least_empty]
        if found:
            found.sort(key=lambda o: (board.names[o[0]], o[1]))
            return int(least_empty), found
    raise AssertionError("riding every line reaches the best destination")  # pragma: no cover
