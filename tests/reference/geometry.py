"""Every simple cycle of a small graph, and "strictly inside a polygon" in exact arithmetic."""
from __future__ import annotations

from fractions import Fraction


def simple_cycles(edges: list[tuple[int, int]]) -> list[list[int]]:
    """Every simple cycle (as its stations in order), each once, by depth-first search from its smallest station.

    Exponential in general, but a line has at most 20 tokens, and the cycles of one line are few.
    """
    adj: dict[int, set[int]] = {}
    for a, b in edges:
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)
    found: dict[frozenset, list[int]] = {}

    def walk(start: int, path: list[int], on_path: set[int]) -> None:
        here = path[-1]
        for nxt in sorted(adj[here]):
            if nxt == start and len(path) >= 3:
                key = frozenset(frozenset(e) for e in zip(path, path[1:] + [start]))
                found.setdefault(key, list(path))
            elif nxt > start and nxt not in on_path:
                path.append(nxt)
                on_path.add(nxt)
                walk(start, path, on_path)
                on_path.discard(nxt)
                path.pop()

    for s in sorted(adj):
        walk(s, [s], {s})
    return list(found.values())


def _on_segment(p, a, b) -> bool:
    (px, py), (ax, ay), (bx, by) = p, a, b
    cross = (bx - ax) * (py - ay) - (by - ay) * (px - ax)
    return cross == 0 and min(ax, bx) <= px <= max(ax, bx) and min(ay, by) <= py <= max(ay, by)


def strictly_inside(p, polygon) -> bool:
    """True if point ``p`` is inside the closed polygon by the even-odd rule, and not on its outline.

    A horizontal ray to the right; an edge counts when it straddles the ray's height (one end strictly
    above, the other on or below), with the crossing point computed as an exact fraction.
    """
    n = len(polygon)
    for i in range(n):
        if _on_segment(p, polygon[i], polygon[(i + 1) % n]):
            return False
    px, py = Fraction(p[0]), Fraction(p[1])
    crossings = 0
    for i in range(n):
        (ax, ay), (bx, by) = polygon[i], polygon[(i + 1) % n]
        ax, ay, bx, by = Fraction(ax), Fraction(ay), Fraction(bx), Fraction(by)
        if (ay > py) != (by > py):
            x = ax + (py - ay) * (bx - ax) / (by - ay)
            if x > px:
                crossings += 1
    return crossings % 2 == 1
