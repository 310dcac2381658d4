"""The hard rule of the station names (issue 22 item 1), pure: where a name may never stand.

A name's box (its picture, halo included) never

- meets a track space, where a token will be drawn: each connection's bundle of spaces as the tokens cover it
  (their outline and letter badges included, and on Paris one more lane each side for a token on a full
  connection), along its centre line from station to station;
- enters a station's keep-out disc: the passenger's disc (the passenger may stand at any station), the
  destination ring round a station with a destination card, the station's symbol and the city's mark;
- leaves the board card, or the view round it when zoomed out (the panels would cut it);
- stands nearer to another station's centre than to its own (each name reads as its own station's).

Destination badges are kept clear of names by ``placement.py`` once the names have places (a badge takes a
corner no name covers, else the name moves). A name takes a place the rule allows whenever its station has
one; where the map's layout leaves it none (``tier``), it takes the least bad place and the readability audit
(tests/ui/test_names_readability_audit.py) counts it: those maps need room made in their layout.
"""
from __future__ import annotations

import math
from typing import Sequence

Box = tuple[float, float, float, float]
Point = tuple[float, float]
Segment = tuple[float, float, float, float, float]

MARGIN = 1.0  # pixels kept beyond each limit: the screen rounds a name's box to whole pixels
CELL = 64.0


def point_box_dist(px: float, py: float, b: Box) -> float:
    """Distance from a point to a box (0 inside)."""
    dx = max(b[0] - px, 0.0, px - b[2])
    dy = max(b[1] - py, 0.0, py - b[3])
    return math.hypot(dx, dy)


def seg_box_dist(ax: float, ay: float, bx: float, by: float, b: Box) -> float:
    """Least distance between segment a-b and a box (0 when they meet)."""
    x0, y0, x1, y1 = b
    if _seg_meets_box(ax, ay, bx, by, b):
        return 0.0
    best = min(point_box_dist(ax, ay, b), point_box_dist(bx, by, b))
    dx, dy = bx - ax, by - ay
    ll = dx * dx + dy * dy
    if ll:
        for cx, cy in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):
            t = max(0.0, min(1.0, ((cx - ax) * dx + (cy - ay) * dy) / ll))
            best = min(best, math.hypot(ax + t * dx - cx, ay + t * dy - cy))
    return best


def seg_near_box(ax: float, ay: float, bx: float, by: float, b: Box, m: float) -> bool:
    """Whether segment a-b comes nearer than ``m`` to a box (the box grown by ``m``, its corners rounded)."""
    x0, y0, x1, y1 = b
    if max(ax, bx) <= x0 - m or min(ax, bx) >= x1 + m or max(ay, by) <= y0 - m or min(ay, by) >= y1 + m:
        return False
    return _near(ax, ay, bx - ax, by - ay, x0, y0, x1, y1, m)


def _near(ax: float, ay: float, dx: float, dy: float, x0: float, y0: float, x1: float, y1: float, m: float) -> bool:
    """seg_near_box past its quick test, the segment given by one end and its run (``dx``, ``dy``)."""
    if not _meets(ax, ay, dx, dy, x0 - m, y0 - m, x1 + m, y1 + m):
        return False
    if _meets(ax, ay, dx, dy, x0 - m, y0, x1 + m, y1) or _meets(ax, ay, dx, dy, x0, y0 - m, x1, y1 + m):
        return True
    ll = dx * dx + dy * dy
    for cx, cy in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):  # only a corner's rounding is left
        t = 0.0 if ll == 0 else max(0.0, min(1.0, ((cx - ax) * dx + (cy - ay) * dy) / ll))
        if math.hypot(ax + t * dx - cx, ay + t * dy - cy) < m:
            return True
    return False


def _seg_meets_box(ax: float, ay: float, bx: float, by: float, b: Box) -> bool:
    return _meets(ax, ay, bx - ax, by - ay, *b)


def _meets(ax: float, ay: float, dx: float, dy: float, x0: float, y0: float, x1: float, y1: float) -> bool:
    """Whether the segment from (ax, ay) by (dx, dy) meets the box (Liang-Barsky, unrolled: the hard rule's hot
    spot). The entry ``t0`` only grows and the exit ``t1`` only shrinks, so one test at the end answers as a
    test after each side would."""
    t0, t1 = 0.0, 1.0
    if dx == 0:
        if ax - x0 < 0 or x1 - ax < 0:
            return False
    else:
        ta, tb = (ax - x0) / -dx, (x1 - ax) / dx
        if dx > 0:
            t0, t1 = (ta if ta > t0 else t0), (tb if tb < t1 else t1)
        else:
            t0, t1 = (tb if tb > t0 else t0), (ta if ta < t1 else t1)
        if t0 > t1:
            return False
    if dy == 0:
        return not (ay - y0 < 0 or y1 - ay < 0)
    ta, tb = (ay - y0) / -dy, (y1 - ay) / dy
    if dy > 0:
        t0, t1 = (ta if ta > t0 else t0), (tb if tb < t1 else t1)
    else:
        t0, t1 = (tb if tb > t0 else t0), (ta if ta < t1 else t1)
    return t0 <= t1


class HardRule:
    """Answers whether a name may stand in a box; built once per placement, answers cached."""

    def __init__(self, centres: Sequence[Point], keep_out: Sequence[float], segments: Sequence[Segment],
                 card: Box, view: Box | None, symbols: Sequence[float] | None = None):
        self.centres = list(centres)
        self.keep = list(keep_out)
        self.symbols = list(symbols if symbols is not None else keep_out)  # the station's symbol (and mark)
        self.segs = list(segments)
        self.card = card
        self.view = view
        self.reach = max(self.keep, default=0.0) + MARGIN
        self.sgrid: dict[tuple[int, int], list[int]] = {}
        for j, (x, y) in enumerate(self.centres):
            self.sgrid.setdefault((int(x // CELL), int(y // CELL)), []).append(j)
        self.tgrid: dict[tuple[int, int], list[int]] = {}
        for j, (x0, y0, x1, y1, hw) in enumerate(self.segs):
            m = hw + MARGIN
            for k in _cells((min(x0, x1) - m, min(y0, y1) - m, max(x0, x1) + m, max(y0, y1) + m)):
                self.tgrid.setdefault(k, []).append(j)
        # each piece of track as its quick test and the hard test want it: its far and near sides, the
        # distance kept, one end and its run
        self.tq = [((x0 if x0 > x1 else x1), (x0 if x0 < x1 else x1), (y0 if y0 > y1 else y1), (y0 if y0 < y1 else y1),
                    hw + MARGIN, x0, y0, x1 - x0, y1 - y0) for x0, y0, x1, y1, hw in self.segs]
        self._cache: dict[tuple[int, Box], int] = {}

    def allows(self, i: int, box: Box, near: tuple[Box, list, list] | None = None) -> bool:
        """Whether station ``i``'s name may stand in ``box``."""
        return self.tier(i, box, near) == 0

    def nearby(self, region: Box) -> tuple[Box, list, list]:
        """What may bar a box inside ``region`` (a station's surroundings, where all its name's places lie):
        the symbols and the pieces of track near enough, for ``tier``'s ``near`` (the same answers, fewer
        things looked at)."""
        r0, r1, r2, r3 = region
        syms = []
        for j, (jx, jy) in enumerate(self.centres):
            lim = self.symbols[j] + MARGIN
            if point_box_dist(jx, jy, region) < lim:
                syms.append((j, jx, jy, lim))
        segs = [q for q in self.tq if not (q[0] <= r0 - q[4] or q[1] >= r2 + q[4] or q[2] <= r1 - q[4]
                                           or q[3] >= r3 + q[4])]
        return region, syms, segs

    def tier(self, i: int, box: Box, near: tuple[Box, list, list] | None = None) -> int:
        """0: the rule allows the box. Where the map leaves a name no such place, the least bad: 1, off the
        track spaces, its own station's disc and every station's symbol, but in another station's reach (the
        passenger's disc there, or nearer to it than to its own); 2, anything else on the card; 3, past the
        card's or the view's edge. ``near``: what ``nearby`` gave for a region round the box."""
        key = (i, box)
        got = self._cache.get(key)
        if got is None:
            if not self._inside(box):
                got = 3
            else:  # the cheap tests first (which one fails first does not change the answer)
                x, y = self.centres[i]
                own = point_box_dist(x, y, box)
                if near is not None and not (near[0][0] <= box[0] and near[0][1] <= box[1]
                                             and box[2] <= near[0][2] and box[3] <= near[0][3]):
                    near = None  # the box reaches past the region
                if own < self.keep[i] + MARGIN:
                    got = 2
                elif near is not None:
                    got = 2 if _near_symbol(i, box, near[1]) or _near_track(box, near[2]) else None
                elif not self._off_symbols(i, box) or not self._off_track(box):
                    got = 2
                if got is None:
                    got = 0 if self._apart(i, box, own=own) else 1
            self._cache[key] = got
        return got

    def _own_clear(self, i: int, b: Box) -> bool:
        x, y = self.centres[i]
        return point_box_dist(x, y, b) >= self.keep[i] + MARGIN

    def why_not(self, i: int, box: Box) -> str:
        """What a box breaks first ("" when nothing): for messages and tests."""
        if not self._inside(box):
            return "edge"
        if not self._apart(i, box):
            return "nearer" if self._apart(i, box, nearest=False) else "station"
        if not self._off_track(box):
            return "track"
        return ""

    def _inside(self, b: Box) -> bool:
        for lim in (self.card, self.view):
            if lim is not None and (b[0] < lim[0] + MARGIN or b[1] < lim[1] + MARGIN or b[2] > lim[2] - MARGIN
                                    or b[3] > lim[3] - MARGIN):
                return False
        return True

    def _apart(self, i: int, b: Box, nearest: bool = True, own: float | None = None) -> bool:
        """Clear of every keep-out disc, and no other station's centre nearer than its own (``own``: the
        distance from its own centre, when known)."""
        x, y = self.centres[i]
        if own is None:
            own = point_box_dist(x, y, b)
        if own < self.keep[i] + MARGIN:
            return False
        m = max(own + MARGIN, self.reach)
        centres, keep, sgrid_get = self.centres, self.keep, self.sgrid.get
        for gx in range(int((b[0] - m) // CELL), int((b[2] + m) // CELL) + 1):
            for gy in range(int((b[1] - m) // CELL), int((b[3] + m) // CELL) + 1):
                for j in sgrid_get((gx, gy), ()):
                    if j == i:
                        continue
                    jx, jy = centres[j]
                    d = point_box_dist(jx, jy, b)
                    if d < keep[j] + MARGIN or (nearest and d < own + MARGIN):
                        return False
        return True

    def _off_symbols(self, i: int, b: Box) -> bool:
        """Clear of every other station's symbol (and city's mark)."""
        m = self.reach
        b0, b1, b2, b3 = b
        centres, symbols, sgrid_get = self.centres, self.symbols, self.sgrid.get
        for gx in range(int((b[0] - m) // CELL), int((b[2] + m) // CELL) + 1):
            for gy in range(int((b[1] - m) // CELL), int((b[3] + m) // CELL) + 1):
                for j in sgrid_get((gx, gy), ()):
                    if j != i:
                        jx, jy = centres[j]  # point_box_dist, inline: the same numbers
                        dx = max(b0 - jx, 0.0, jx - b2)
                        dy = max(b1 - jy, 0.0, jy - b3)
                        lim = symbols[j] + MARGIN
                        if dx < lim and dy < lim and math.hypot(dx, dy) < lim:  # (hypot is never below either)
                            return False
        return True

    def _off_track(self, b: Box) -> bool:
        b0, b1, b2, b3 = b
        tgrid_get = self.tgrid.get
        gx0, gx1, gy0, gy1 = int(b0 // CELL), int(b2 // CELL), int(b1 // CELL), int(b3 // CELL)
        if gx0 == gx1 and gy0 == gy1:
            near = tgrid_get((gx0, gy0), ())
        else:  # each piece once
            near = set()
            for gx in range(gx0, gx1 + 1):
                for gy in range(gy0, gy1 + 1):
                    near.update(tgrid_get((gx, gy), ()))
        tq = self.tq
        for j in near:
            hx, lx, hy, ly, m, ax, ay, dx, dy = tq[j]
            if hx <= b0 - m or lx >= b2 + m or hy <= b1 - m or ly >= b3 + m:
                continue  # far apart (the quick test of seg_near_box)
            if _near(ax, ay, dx, dy, b0, b1, b2, b3, m):
                return False
        return True


def _near_symbol(i: int, b: Box, syms: list) -> bool:
    """Whether a box meets another station's symbol among ``syms`` (HardRule.nearby)."""
    b0, b1, b2, b3 = b
    for j, jx, jy, lim in syms:
        if j == i or b0 - jx >= lim or jx - b2 >= lim or b1 - jy >= lim or jy - b3 >= lim:
            continue  # a side of the box as far as the symbol reaches, or further (hypot is never less)
        dx = max(b0 - jx, 0.0, jx - b2)  # point_box_dist, inline: the same numbers
        dy = max(b1 - jy, 0.0, jy - b3)
        if math.hypot(dx, dy) < lim:
            return True
    return False


def _near_track(b: Box, segs: list) -> bool:
    """Whether a box comes too near a piece of track among ``segs`` (HardRule.nearby)."""
    b0, b1, b2, b3 = b
    for hx, lx, hy, ly, m, ax, ay, dx, dy in segs:
        if hx <= b0 - m or lx >= b2 + m or hy <= b1 - m or ly >= b3 + m:
            continue  # far apart (the quick test of seg_near_box)
        if _near(ax, ay, dx, dy, b0, b1, b2, b3, m):
            return True
    return False


def _cells(box: Box):
    for gx in range(int(box[0] // CELL), int(box[2] // CELL) + 1):
        for gy in range(int(box[1] // CELL), int(box[3] // CELL) + 1):
            yield (gx, gy)
