"""Where each station's name goes: geometry in, places out.

A pure module: no pygame, no surfaces. The board view (``names.py``) hands it a :class:`NameCard` (the
stations, their radii and the room their marks need, the track spaces as straight pieces, the destinations,
the board card and the view in board pixels, and a callable that measures a name at its pixel size) and gets
back a :class:`Placement`: each name's box, each destination badge's corner, the names left off, and the work
the last search did.

The steps, in order: the fixed obstacles go into a grid (:meth:`_Placer.obstacles`); every name gets its
candidate places, each with a cost for what it covers (:meth:`_Placer.candidates`); greedy passes put each name
at its cheapest place, and the destination badges at the corners that cover the fewest names
(:meth:`_Placer.greedy`); a last, bounded search mends names still too close or under a badge
(:func:`settle_clashes`); names that only fit over one another, past the view or off the card are left off
(:meth:`_Placer.leave_off`). Where names are left without room, it all runs again with a finer scan round
their stations, kept if it leaves fewer without room (:func:`place_names`).

What it promises (tests/ui/test_name_placement.py): no two placed names overlap (halos aside), every placed
name lies inside the card, and the work is bounded (``work_bound`` names looked at, then the best places found
by then). It is a generator that yields now and then, so the view can spread it over frames.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Callable, Generator, Sequence

from . import name_forms
from .clearance import HardRule

Box = tuple[float, float, float, float]
Point = tuple[float, float]
Segment = tuple[float, float, float, float, float]  # a straight piece of track: ends and the half-width kept clear
Candidate = tuple[str, Box, float]  # (text, box, preference cost)

CELL = 64.0  # side of a grid cell (board pixels) for finding what is near a box
SETTLE_STEPS = 600  # the names' last search (settle_clashes): moves per run
STEPS_PER_YIELD = 4  # the search's moves between two yields (a move weighs all of a name's places: ~0.3 ms)
# the search's work bound, in names looked at (each grid cell's names when a place is weighed): Berlin at 1280x720
# needs 0.61 million, Paris 1.17 million; a window far too small for the names (640x360, five seats) would take
# 50 million (about 47 s of processor time) and now stops at the bound with the best places found by then
SETTLE_WORK = 1_200_000
SETTLE_RUNS = 2  # runs (each from the same start, seeded differently; the best kept)
SETTLE_HEAT = 1.0  # how readily a worse place is taken at first (in the weights below)
SETTLE_NAME = 4.0  # a name too close to another (twice when they overlap)
SETTLE_BADGE = 6.0  # a destination badge over a name
SETTLE_OWN_BADGE = 0.0  # its own station's badge, the first time (it may move to another corner)
SETTLE_MARK = 2.0  # a city's mark (Berlin's stacks) wholly under a name (more than a fifth: plus SETTLE_NAME)
SETTLE_STATION = 1.0  # another station's symbol under a name
# a place the hard rule bars (clearance.py), per step down its tiers: in the passes' costs (pixels squared) and
# in the search's weights; taken only where a station has no allowed place
RULE_TIER = 20_000.0
SETTLE_RULE = 12.0
SCAN_FORMS = 3  # a crowded station's forms scanned for any allowed spot (the cheapest first)
SCAN_SMALLER = 1  # the same for its forms set smaller
SCAN_SPOTS = 200  # the spots a scan asks the rule about at most (the nearest: where none is allowed it stops there)
# where the quarter-line scan finds no spot in any form: the same band again on a grid of SCAN_FINE_LINES to a
# line (a gap between two tracks may be narrower than a quarter line: Times Sq at 3840x2160), in the cheapest
# SCAN_FINE_FORMS forms, in a second placement (place_names: kept only where it leaves fewer names without room);
# it asks the rule at most SCAN_FINE_WORK times (a spot found is often far out in the band, so each scan asks
# nearly all its spots, ~4,000 for a name: ~15 ms)
SCAN_FINE_LINES = 12
SCAN_FINE_FORMS = 1
SCAN_FINE_WORK = 60_000
# where the fine scan too finds nothing: an island pass, in each of the cheapest SCAN_ISLAND_FORMS forms, on a grid
# of SCAN_ISLAND_STEP pixels (an island a name's two-line form alone fits may be 2 px across, between the spots of
# both scans: London's Harrow on the Hill and Tottenham Court Road at 1280x720), at most SCAN_ISLAND_WORK asked
SCAN_ISLAND_FORMS = 3
SCAN_ISLAND_STEP = 1.0
SCAN_ISLAND_WORK = 40_000  # (London round a 1280x720 table asks 31 000 for its two islands)
GIVE_WAY_DEPTH = 2  # how far a chain of neighbours gives way to an island (give_way)
GIVE_WAY_WORK = 20_000  # the rule's answers their island passes ask at most in all
SMALLER_COST = 2.0  # a form set smaller (name_forms.smaller), on top of its own cost
LABEL_GAP = 0.45  # least space between two names, as a fraction of the name's pixel size
# where a destination badge may sit (in station radii from its centre), preferred first
BADGE_CORNERS = ((0.95, -0.95), (-0.95, -0.95), (0.95, 0.95), (-0.95, 0.95), (1.6, 0.0), (-1.6, 0.0),
                 (0.0, 1.6), (0.0, -1.6), (1.5, -1.5), (-1.5, -1.5), (1.5, 1.5), (-1.5, 1.5))


@dataclass(frozen=True)
class NameCard:
    """What the names are placed on, in board pixels (board units times the zoom's scale, origin at the
    board's): one entry per station in each per-station sequence."""

    centres: Sequence[Point]
    radii: Sequence[float]  # each station symbol's radius
    clearances: Sequence[float]  # how far names keep from each station (a city's mark may reach further)
    names: Sequence[str]  # "" for a station that carries no name
    segments: Sequence[Segment]
    destinations: Sequence[int]  # stations with a destination card (their badge needs a free corner)
    connections: Sequence[int]  # how many connections meet at each station
    special: Sequence[bool]  # the rules give the station a part (express, terminus...)
    card: Box  # the board card: names stay on it
    view: Box | None  # zoomed out, the view round the card: a name past it is cut by the panels
    px: int  # the names' pixel size
    lane_gap: float  # centre to centre of parallel track spaces
    badge_least: float  # the least half-side of a destination badge
    measure: Callable[[str], tuple[float, float]]  # a name's (width, height), halo included
    work_bound: int = SETTLE_WORK
    # each station's disc no name enters (the passenger's disc, a destination's ring, the symbol, a city's
    # mark: see clearance.py); None: the clearances
    keep_out: Sequence[float] | None = None
    # whether ``measure`` knows the forms set smaller (name_forms.smaller): tried where a name has no allowed
    # place at its full size
    smaller: bool = False
    # stations two of whose destination cards may lie face up at once (New York's doubles): a second badge shows
    # behind the first, further out along its corner (pieces.second_badge), and no name may lie under it either
    doubles: Sequence[int] = ()


@dataclass
class Placement:
    """Each station's name (text and box; an empty text and a box at the centre for none), each destination
    badge's corner (station radii from its centre), the names left off, and the last search's work."""

    names: list[Candidate]
    corners: list[Point]
    left_off: set[int]
    work: int
    no_room: set[int]  # names whose station has no place the hard rule allows: its map needs room made there


def place_names(card: NameCard) -> Generator[None, None, Placement]:
    """Every name placed on ``card`` (a generator: ``placement = yield from place_names(card)``). Where names
    are left without room, placed again with the fine scan (fine_scan) and the island pass round their stations,
    and that kept if it leaves fewer without room and no more left off (a narrow gap may be the one a neighbour's
    name needed); where the island pass found some and the fine scan others, also with the fine scan's alone."""
    placer = _Placer(card)
    yield from placer.obstacles()
    yield from placer.candidates()
    placed = yield from _finish(placer)
    if not placer.roomless or not SCAN_FINE_LINES:
        return placed
    best, fine_found = placed, None
    for islands in (True, False):
        again = _Placer(card)
        yield from again.obstacles()
        found = yield from candidates_again(again, placer, islands, fine_found)
        fine_found = again.fine_found
        if found:
            got = yield from _finish(again)
            if len(got.no_room) < len(placed.no_room) and len(got.left_off) <= len(placed.left_off) and (
                    best is placed or (len(got.no_room), len(got.left_off)) < (len(best.no_room), len(best.left_off))):
                best = got
        if not again.islands or len(again.fine) == len(again.islands):
            break  # (else the fine scan's finds alone too, as before the island pass: the better kept)
    return best


def _finish(placer: "_Placer"):
    """A placement from its candidates on: the greedy passes, the search, the badges, the names left off."""
    yield from placer.greedy()
    work = yield from settle_clashes(placer)
    yield from placer.clear_badges()
    return placer.leave_off(work)


def candidates_again(p: "_Placer", first: "_Placer", islands_too: bool = True, fine_found: dict | None = None):
    """``first``'s candidates, but for the names it had no allowed place for: the fine scan's spots round
    their stations (fine_scan), at most SCAN_FINE_WORK asked in all; for those it finds none for, the island
    pass (SCAN_ISLAND_STEP; unless not ``islands_too``). The names whose places meet an island's get their wider
    places too (give_way). ``fine_found``: the fine scan's finds (name -> candidates) of another placement again
    from ``first``, the same spots, not scanned again; this one's are set as ``p.fine_found``. A generator:
    whether it found any."""
    p.cands, p.barred = list(first.cands), list(first.barred)
    p.no_room = set(first.roomless)
    islands = p.islands
    passes = ((None, slice(SCAN_FINE_FORMS), SCAN_FINE_WORK),
              (SCAN_ISLAND_STEP, slice(SCAN_FINE_FORMS, SCAN_ISLAND_FORMS), SCAN_ISLAND_WORK))
    for pitch, forms, work in passes[:2 if islands_too else 1]:
        if pitch is None and fine_found is not None:
            p.fine_found = fine_found
            for i, cands in fine_found.items():
                p.cands[i] = cands
                p.no_room.discard(i)
                p.fine.add(i)
            continue
        p.fine_left = work
        for i in sorted(p.no_room):
            sizes = [(text, form_cost, *p.card.measure(text)) for text, form_cost in
                     name_forms.forms(p.card.names[i])][forms]
            if not sizes:  # a name of one form only: the fine scan has tried it
                continue
            r, near = p.reach(i, sizes)
            found = yield from p.fine_scan(i, sizes, r, near, pitch)
            if found:
                p.cands[i] = [(text, box, p.fixed_cost(i, box, h, cost)) for text, box, h, cost in found]
                p.no_room.discard(i)
                if pitch:
                    islands.append(i)
        if pitch is None:
            p.fine_found = {i: p.cands[i] for i in p.fine}
    yield from give_way(p, islands)
    return bool(p.fine)


def give_way(p: "_Placer", islands: list[int]):
    """The names whose places meet an island's (the only room of a name the island pass found) get their wider
    places too (wider), those over the island costing as much as a name too close, so that the passes try the
    others first; then, GIVE_WAY_DEPTH times, the names whose places meet those neighbours' other places (a
    chain: Tottenham Court Road's island is where Holborn's name stood, and Holborn's other places are where
    Bank's stood). A generator."""
    done = set(islands)
    spots = [p.grown(c[1]) for i in islands for c in p.cands[i]]
    p.fine_left = GIVE_WAY_WORK
    for _ in range(GIVE_WAY_DEPTH):
        further = []
        for k, cands in enumerate(p.cands):
            if k in done or k in p.no_room or not cands[0][0]:
                continue
            if any(overlap(c[1], s) > 0 for c in cands for s in spots):  # a neighbour that may have to give way
                done.add(k)
                more = yield from p.wider(k, spots)
                cands = [(t, b, c + (p.close_cost if any(overlap(b, s) > 0 for s in spots) else 0.0))
                         for t, b, c in cands] + [(text, box, p.fixed_cost(k, box, h, cost))
                                                  for text, box, h, cost in more]
                p.cands[k] = cands
                further += [p.grown(b) for _, b, c in cands if c < p.close_cost]
        spots = further


def overlap(a: Box, b: Box) -> float:
    """The area two boxes share. (The placement's most called function, ~1 M calls for a crowded board:
    comparisons instead of min and max make it about twice as fast, the same numbers.)"""
    a0, a1, a2, a3 = a
    b0, b1, b2, b3 = b
    w = (a2 if a2 < b2 else b2) - (a0 if a0 > b0 else b0)
    if w <= 0:
        return 0.0
    h = (a3 if a3 < b3 else b3) - (a1 if a1 > b1 else b1)
    return w * h if h > 0 else 0.0


def clip_len(ax: float, ay: float, bx: float, by: float, r: Box) -> float:
    """Length of segment a-b inside the box (x0, y0, x1, y1) (Liang-Barsky)."""
    x0, y0, x1, y1 = r
    dx, dy = bx - ax, by - ay
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, ax - x0), (dx, x1 - ax), (-dy, ay - y0), (dy, y1 - ay)):
        if p == 0:
            if q < 0:
                return 0.0
        else:
            t = q / p
            if p < 0:
                if t > t1:
                    return 0.0
                t0 = max(t0, t)
            else:
                if t < t0:
                    return 0.0
                t1 = min(t1, t)
    return max(0.0, t1 - t0) * math.hypot(dx, dy)


def cells(box: Box):
    """The grid cells a box touches."""
    cell = CELL
    for gx in range(int(box[0] // cell), int(box[2] // cell) + 1):
        for gy in range(int(box[1] // cell), int(box[3] // cell) + 1):
            yield (gx, gy)


def names_cover(bb: Box, lgrid: dict, boxes: dict) -> float:
    """How much of the names' area a badge's box ``bb`` covers (each name counted once; ``lgrid``: grid cell ->
    names placed there)."""
    cover = 0.0
    seen = set()
    for k in cells(bb):
        for j in lgrid.get(k, ()):
            if j not in seen:
                seen.add(j)
                cover += overlap(bb, boxes[j])
    return cover


def unreadable_names(boxes: dict[int, Box], need: dict[int, tuple], halo: float) -> set[int]:
    """The names to leave off so that no two drawn names cover each other.

    With five seats round a 1280x720 laptop the board is so small that Paris keeps a dozen names over one
    another after the last search, Berlin six: both of each pair unreadable. Leaving one off lets the other
    be read; zooming in (the names then have room) or a long press on its station shows it. The least
    needed name goes first (by ``need``, least first: a plain station before one the rules give a part, then
    fewer connections, then no destination card, then a longer name), so the interchanges and special
    stations players look for keep theirs; among equals the one over the most others. Boxes are shrunk by
    ``halo`` first: halos that touch do not hide letters.
    """
    inner = {i: (b[0] + halo, b[1] + halo, b[2] - halo, b[3] - halo) for i, b in boxes.items()}
    over: dict[int, set[int]] = {i: set() for i in inner}
    ids = sorted(inner, key=lambda i: inner[i][0])
    for n, i in enumerate(ids):  # sweep along x: only names that start before this one ends can meet it
        a = inner[i]
        for j in ids[n + 1:]:
            b = inner[j]
            if b[0] >= a[2]:
                break
            if overlap(a, b) > 0:
                over[i].add(j)
                over[j].add(i)
    left_off: set[int] = set()
    while True:
        clashing = [i for i, o in over.items() if o]
        if not clashing:
            return left_off
        i = min(clashing, key=lambda k: (need[k], -len(over[k]), k))
        left_off.add(i)
        for j in over.pop(i):
            over[j].discard(i)


class _Placer:
    """The greedy placement: obstacles, candidates, passes; holds the names' places as they stand."""

    def __init__(self, card: NameCard):
        self.card = card
        self.pos = list(card.centres)
        self.rads = list(card.radii)
        self.clear = list(card.clearances)
        self.keep = list(card.keep_out if card.keep_out is not None else card.clearances)
        self.segs = list(card.segments)
        self.spans = [(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)) for x0, y0, x1, y1, _ in self.segs]
        self.rule = HardRule(card.centres, self.keep, card.segments, card.card, card.view, self.clear)
        self.no_room: set[int] = set()  # names with no place the hard rule allows (the map leaves no room)
        self.barred: list[list[Candidate]] = []  # per station, the least bad places the rule bars
        self.grid: dict[tuple[int, int], list] = {}  # fixed obstacles: (kind, box, data) per grid cell
        self.fgrid: dict[tuple[int, int], list] = {}  # the same, each with its first grid cell (fixed_cost)
        # names closer than this read as one ("Holborn Moorgate"): keep a gap, widest along the baseline
        self.gx = LABEL_GAP * card.px
        self.gy = self.gx * 0.4
        self.close_cost = card.px * card.px * 6.0  # any two names too close: as bad as a name over a station
        self.cands: list[list[Candidate]] = []
        self.roomless: set[int] = set()  # names with no allowed place after the candidates (the fine scan's)
        self.fine_left = 0  # the fine scans' asks left (fine_scan; candidates_again sets it)
        self.fine: set[int] = set()  # names whose allowed places only the fine scan found
        self.islands: list[int] = []  # those of them the island pass found (candidates_again)
        self.scan_asked = 0  # the rule's answers the last scan asked for
        self.boxes: dict[int, Box] = {}  # each placed name's box
        self.lgrid: dict[tuple[int, int], set[int]] = {}  # grid cell -> names placed there (grown by the gap)
        self.choice: list = [None] * len(self.pos)
        self.keep_clear: list[Box] = []  # badge boxes a name must not cover (found by the passes)
        self.order: list[int] = []  # named stations, most constrained first
        self.dests = sorted(card.destinations)
        self.doubles = frozenset(card.doubles)
        self.corners: list[Point] = [BADGE_CORNERS[0]] * len(self.pos)

    # ---- boxes -----------------------------------------------------------------------------------
    def add(self, kind: str, box: Box, data=None) -> None:
        item = (kind, box, data)
        first = (kind, box, data, int(box[0] // CELL), int(box[1] // CELL))  # with its first grid cell
        grid, fgrid = self.grid, self.fgrid
        for k in cells(box):
            grid.setdefault(k, []).append(item)
            fgrid.setdefault(k, []).append(first)

    def off_card(self, box: Box) -> bool:
        bx0, by0, bx1, by1 = self.card.card
        return box[0] < bx0 or box[1] < by0 or box[2] > bx1 or box[3] > by1

    def cut(self, b: Box) -> bool:
        """More of the name than a quarter (a whole line of a two-line name) past the view's edge, where
        the panels round the board cut it (zoomed out only)."""
        view = self.card.view
        return bool(view) and overlap(b, view) < 0.75 * (b[2] - b[0]) * (b[3] - b[1])

    def grown(self, box: Box) -> Box:
        return (box[0] - self.gx, box[1] - self.gy, box[2] + self.gx, box[3] + self.gy)

    def badge_box(self, i: int, corner: Point, extra: float) -> Box:
        """Station ``i``'s destination badge at ``corner``, grown by ``extra`` pixels each way."""
        x, y = self.pos[i]
        r = self.rads[i]
        br = max(self.card.badge_least, r * 0.75)
        m = br + max(1.5, br * 0.15) + extra
        bx, by = x + corner[0] * r, y + corner[1] * r
        box = (bx - m, by - m, bx + m, by + m)
        if i in self.doubles:  # the second badge, behind the first and further out (pieces.second_badge)
            n = math.hypot(*corner) or 1.0
            dx, dy = corner[0] / n * br * 0.75, corner[1] / n * br * 0.75
            box = (min(box[0], box[0] + dx), min(box[1], box[1] + dy), max(box[2], box[2] + dx),
                   max(box[3], box[3] + dy))
        return box

    def put(self, i: int, box: Box) -> None:
        self.boxes[i] = box
        lgrid = self.lgrid
        for k in cells(self.grown(box)):
            lgrid.setdefault(k, set()).add(i)

    def take(self, i: int) -> None:
        lgrid = self.lgrid
        for k in cells(self.grown(self.boxes[i])):
            lgrid[k].discard(i)
        del self.boxes[i]

    # ---- step 1: the fixed obstacles ---------------------------------------------------------------
    def obstacles(self):
        """Stations (and a city's marks, kept clear like badges), track spaces and the badges' usual corners."""
        pos, rads, clear = self.pos, self.rads, self.clear
        for i, (x, y) in enumerate(pos):
            if i % 60 == 59:
                yield
            r = clear[i]
            self.add("station", (x - r, y - r, x + r, y + r), i)
            if r > rads[i]:  # a city's mark (Berlin's stack and count) is kept clear like a destination badge
                self.add("badge", (x - r, y - r, x + r, y + r), i)
        yield
        for j, (x0, y0, x1, y1, hw) in enumerate(self.segs):
            if j % 20 == 19:
                yield
            self.add("seg", (min(x0, x1) - hw, min(y0, y1) - hw, max(x0, x1) + hw, max(y0, y1) + hw), j)
        yield
        for i in self.card.destinations:  # a destination badge's usual corner
            self.add("badge", self.badge_box(i, BADGE_CORNERS[0], 1), i)

    # ---- step 2: each name's candidate places ------------------------------------------------------
    def candidates(self):
        """Candidate boxes per station, computed once: (text, box, preference cost). The places the hard rule
        allows (clearance.py); where a station has none (the map leaves no room), the least bad ones, each
        costing RULE_TIER per step down."""
        card = self.card
        for i, name in enumerate(card.names):
            yield  # a station's candidates can cost a millisecond (its names drawn at a new size)
            x, y = self.pos[i]
            if not name:  # no name to place: an empty box at the centre, which no name avoids
                self.cands.append([("", (x, y, x, y), 0.0)])
                self.barred.append([])
                continue
            sizes = [(text, form_cost, *card.measure(text)) for text, form_cost in name_forms.forms(name)]
            r, near = self.reach(i, sizes)
            barred: list = []
            allowed = yield from self.allowed(i, sizes, r, near, barred)
            if not allowed and card.smaller:  # no room at full size: the forms set a little smaller
                small = [(name_forms.smaller(text), form_cost + SMALLER_COST) for text, form_cost, _, _ in sizes]
                allowed = yield from self.allowed(i, [(t, c, *card.measure(t)) for t, c in small], r, near, [],
                                                  SCAN_SMALLER)
            barred = sorted(barred, key=lambda c: c[3])[:48]  # the least bad (past the card's edge last: tier 3)
            self.barred.append([(text, box, self.fixed_cost(i, box, h, cost)) for text, box, h, cost in barred])
            if not allowed:  # the map leaves no room
                self.no_room.add(i)
                allowed = barred
            out = [(text, box, self.fixed_cost(i, box, h, cost)) for text, box, h, cost in allowed]
            self.cands.append(out)
        self.roomless = set(self.no_room)

    def wider(self, i: int, avoid: list[Box]):
        """Name ``i``'s allowed places on all three rings, and the island pass's spots clear of ``avoid`` (an
        island's places, where its name may have to give way), less those it has: (text, box, line height, cost)
        each. A generator; what the scans ask counts against ``fine_left``."""
        x, y = self.pos[i]
        sizes = [(text, form_cost, *self.card.measure(text)) for text, form_cost in name_forms.forms(self.card.names[i])]
        r, near = self.reach(i, sizes)
        have = {c[1] for c in self.cands[i]}
        out = []
        for ring in range(3):
            yield
            for text, form_cost, w, h in sizes:
                for (lx, ly), pref in self.places(x, y, r, w, h, ring):
                    box = (lx, ly, lx + w, ly + h)
                    if box not in have and self.rule.allows(i, box, near):
                        out.append((text, box, h, pref + form_cost))
        for text, form_cost, w, h in sizes[:SCAN_ISLAND_FORMS]:
            if self.fine_left <= 0:
                break
            found = yield from self.scan(i, r, w, h, near, most=self.fine_left, pitch=SCAN_ISLAND_STEP, avoid=avoid)
            self.fine_left -= self.scan_asked
            out += [(text, box, h, pref + form_cost) for box, pref in found if box not in have]
        return out

    def reach(self, i: int, sizes: list) -> tuple[float, tuple]:
        """How far from station ``i`` its name's places start, and what may bar them (HardRule.nearby)."""
        x, y = self.pos[i]
        r = max(self.clear[i] + max(2.0, self.card.lane_gap * 0.3), self.keep[i] + 1.5)
        w_most, h_most = max(s[2] for s in sizes), max(s[3] for s in sizes)
        across, up = r + 1.5 * h_most + w_most, r + 2.5 * h_most  # round every place (but those slid)
        return r, self.rule.nearby((x - across, y - up, x + across, y + up))

    def allowed(self, i: int, sizes: list, r: float, near, barred: list, scan_forms: int = SCAN_FORMS):
        """The places the rule allows name ``i`` in each of its forms ``sizes`` ((text, cost, width, height),
        cheapest first): round its station, further out only while the rule allows no place nearer, and where it
        allows none there any spot close round it (see scan: the first of SCAN_FORMS forms that has any). The places barred on the way are added to ``barred``. A
        generator: ``allowed = yield from self.allowed(...)``; (text, box, line height, cost) each."""
        x, y = self.pos[i]
        tier = self.rule.tier
        allowed: list = []
        for ring in range(3):
            if ring:
                yield
            for text, form_cost, w, h in sizes:
                for (lx, ly), pref in self.places(x, y, r, w, h, ring):
                    box = (lx, ly, lx + w, ly + h)
                    t = tier(i, box, near)
                    (barred if t else allowed).append((text, box, h, pref + form_cost + RULE_TIER * t))
            if allowed:
                return allowed
        # crowded: any allowed spot close round the station (a step each), in the cheapest forms only, and no
        # further form once one has found some (a scan that finds none asks the rule of every spot)
        for text, form_cost, w, h in sizes[:scan_forms]:
            yield
            found = yield from self.scan(i, r, w, h, near)
            allowed += [(text, box, h, pref + form_cost) for box, pref in found]
            if allowed:
                break
        return allowed

    def fine_scan(self, i: int, sizes: list, r: float, near, pitch: float | None = None):
        """The scan on a grid of SCAN_FINE_LINES to a line, for ``sizes`` in turn until one form has any spot
        (the rings and the quarter-line scan found none in any form): (text, box, line height, cost) each.
        A generator, as scan; what it asks counts against ``fine_left``. ``pitch``: the grid's step in pixels
        instead (the island pass)."""
        for text, form_cost, w, h in sizes:
            if self.fine_left <= 0:
                break
            yield
            found = yield from self.scan(i, r, w, h, near, SCAN_FINE_LINES, self.fine_left, pitch)
            self.fine_left -= self.scan_asked
            if found:
                self.fine.add(i)
                return [(text, box, h, pref + form_cost) for box, pref in found]
        return []

    def places(self, x: float, y: float, r: float, w: float, h: float, ring: int = 0) -> list[tuple[Point, float]]:
        """A name's places round its station, ``r`` from its centre (``ring`` 1 and 2: half a line and more
        further out), preferred first: beside it (right, then left) slid up and down by quarter lines, above and
        below it slid along, at its corners. On the first ring a place that runs off the board card is also
        slid back onto it (a name at the card's edge then sits above or below its station, moved inwards), so
        small boards keep names on it."""
        bx0, by0, bx1, by1 = self.card.card
        d, far = ((r, 0.0), (r + 0.6 * h, 1.5), (r + 1.3 * h, 3.0))[ring]
        places = []
        for k in (0, -1, 1, -2, 2, -3, 3):
            ly = y - h / 2 + k * h / 4
            places += [((x + d, ly), far + 0.3 * abs(k)), ((x - d - w, ly), far + 0.5 + 0.3 * abs(k))]
        for k in (0, -1, 1, -2, 2):
            lx = x - w / 2 + k * w / 4
            places += [((lx, y - d - h), far + 1.0 + 0.3 * abs(k)), ((lx, y + d), far + 1.2 + 0.3 * abs(k))]
        c = d * 0.72
        places += [((x + c, y - c - h), far + 1.6), ((x + c, y + c), far + 1.8),
                   ((x - c - w, y - c - h), far + 1.9), ((x - c - w, y + c), far + 2.0)]
        if ring == 0:
            for (lx, ly), pref in places[:14]:
                if lx < bx0 or ly < by0 or lx + w > bx1 or ly + h > by1:
                    m = 2.0  # off the card's edge line, rounding included
                    sx, sy = min(max(lx, bx0 + m), bx1 - m - w), min(max(ly, by0 + m), by1 - m - h)
                    if (sx, sy) != (lx, ly) and bx0 <= sx and by0 <= sy:
                        places.append(((sx, sy), pref + 1.0))
        return places

    def scan(self, i: int, r: float, w: float, h: float, near=None, lines: int = 4, most: int = SCAN_SPOTS,
             pitch: float | None = None, avoid: Sequence[Box] = ()):
        """Where the usual places are all barred (a crowded middle): every spot on a grid of quarter lines
        (``lines`` to a line: fine_scan's finer grid) whose nearest point to the station lies within a line and
        a half beyond ``r``, the rule allowing (the nearest first, at most a dozen; of the nearest ``most`` only,
        the number asked kept in ``scan_asked``; ``pitch``: the grid's step in pixels instead; ``avoid``: boxes
        a spot may not meet). ``near``:
        HardRule.nearby round the station. A generator
        yielding every 128 spots: ``found = yield from scan(...)``."""
        x, y = self.pos[i]
        step = pitch or max(2.0 if lines == 4 else 1.0, h / lines)
        far = r + 1.5 * h
        spots = []
        n_x, n_y = int((w + 2 * far) / step) + 1, int((h + 2 * far) / step) + 1
        for gx in range(n_x):
            if gx % 48 == 47:  # a grid a pixel apart: ~30 000 spots, ~30 ms to lay out
                yield
            lx = x - w - far + gx * step
            for gy in range(n_y):
                ly = y - h - far + gy * step
                d = math.hypot(max(lx - x, 0.0, x - lx - w), max(ly - y, 0.0, y - ly - h))
                if r <= d <= far:
                    spots.append((4.0 + 2.0 * (d - r) / h, len(spots), (lx, ly, lx + w, ly + h), gy))
        rows = self.rows_near(near, y - h - far, step, n_y, h)
        # the nearest first, the grid's order among equals (as a stable sort of the allowed ones would have
        # them): the rule is asked only until a dozen are found, and of the nearest ``most`` only
        out = []
        allows = self.rule.allows
        self.scan_asked = 0
        if avoid:  # what the boxes to avoid cover together (most spots lie clear of it)
            reach = (min(a[0] for a in avoid), min(a[1] for a in avoid), max(a[2] for a in avoid),
                     max(a[3] for a in avoid))
        for k, (cost, _, box, gy) in enumerate(sorted(spots)[:most]):
            if k % 128 == 127:
                yield
            self.scan_asked = k + 1
            if avoid and overlap(box, reach) > 0 and any(overlap(box, a) > 0 for a in avoid):
                continue
            if allows(i, box, rows[gy] if rows else near):
                out.append((box, cost))
                if len(out) == 12:
                    break
        return out

    @staticmethod
    def rows_near(near, top: float, step: float, n_y: int, h: float) -> list | None:
        """``near`` (HardRule.nearby) for each row of a scan's grid: only the symbols and pieces of track that
        reach the row's boxes (from ``top + k * step`` to ``h`` below) by their quick tests, so the rule's
        answers are the same, with fewer looked at."""
        if near is None:
            return None
        region, syms, segs = near
        out = []
        for k in range(n_y):
            y0 = top + k * step
            y1 = y0 + h
            out.append((region, [q for q in syms if not (y0 - q[2] >= q[3] or q[2] - y1 >= q[3])],
                        [q for q in segs if not (q[2] <= y0 - q[4] or q[3] >= y1 + q[4])]))
        return out

    def fixed_cost(self, i: int, box: Box, h: float, cost: float) -> float:
        """``cost`` plus what a place of name ``i`` covers that never moves: the card's edge, the view's, other
        stations and the lanes."""
        if self.off_card(box):
            cost += 200
        if self.cut(box):
            cost += 400
        return self.obstacle_cost(i, box, h, cost)

    def obstacle_cost(self, i: int, box: Box, h: float, cost: float) -> float:
        """``cost`` plus the stations, badges and lanes a place covers. (Each obstacle counts once, where the walk
        over the box's grid cells first meets it: the cell of its own first column and row, or the box's; an
        obstacle the box does not reach adds nothing and is passed over. The same sum, added in the same order,
        as a walk that kept a set of the obstacles seen.)"""
        lx, ly, rx, ry = box
        inner = (lx + 1, ly + 1, rx - 1, ry - 1)
        i0, i1, i2, i3 = inner
        fgrid_get, segs, spans = self.fgrid.get, self.segs, self.spans
        gx0, gy0 = int(lx // CELL), int(ly // CELL)
        for gx in range(gx0, int(rx // CELL) + 1):
            for gy in range(gy0, int(ry // CELL) + 1):
                for kind, ob, data, cx0, cy0 in fgrid_get((gx, gy), ()):
                    if (gx != cx0 and gx != gx0) or (gy != cy0 and gy != gy0):
                        continue  # met in an earlier cell
                    if kind == "seg":
                        x0, y0, x1, y1, hw = segs[data]
                        grown = (i0 - hw, i1 - hw, i2 + hw, i3 + hw)
                        nx, ny, hx, hy = spans[data]
                        if hx < grown[0] - 1e-6 or nx > grown[2] + 1e-6 or hy < grown[1] - 1e-6 or ny > grown[3] + 1e-6:
                            continue  # the piece runs wholly beside the box: nothing inside it (clip_len 0)
                        cost += clip_len(x0, y0, x1, y1, grown) * h * 0.03
                    elif ob[0] >= i2 or ob[2] <= i0 or ob[1] >= i3 or ob[3] <= i1:
                        continue  # apart: overlap 0
                    elif kind == "station":  # its own too: a place slid onto the card may cover it
                        cost += overlap(inner, ob) * (1.5 if data != i else 6.0)
                    elif data != i:  # a badge
                        cost += overlap(inner, ob) * 6.0
        return cost

    # ---- step 3: greedy passes ---------------------------------------------------------------------
    def label_cost(self, i: int, box: Box) -> float:
        """What a place costs for the names near it: overlapping names most, names within the gap too."""
        c = 0.0
        seen = set()
        g = self.grown(box)
        lgrid, boxes, close_cost = self.lgrid, self.boxes, self.close_cost
        for k in cells(g):
            for j in lgrid.get(k, ()):
                if j != i and j not in seen:
                    seen.add(j)
                    # overlapping names cost most; names within the gap cost too, as "one name"
                    ov = overlap(g, boxes[j])
                    if ov:
                        c += overlap(box, boxes[j]) * 2.0 + ov * 4.0 + close_cost
        return c

    def cost_of(self, i: int, c: Candidate) -> float:
        keep_clear = self.keep_clear
        extra = sum(overlap(c[1], b) for b in keep_clear) * 10.0 if keep_clear else 0.0
        return c[2] + self.label_cost(i, c[1]) + extra

    def greedy(self):
        """Most constrained first (big symbols, busy stations), then passes that move names into gaps; from
        the third pass on, the badges take their corners and a badge that covers a name is kept clear."""
        rads, conns, cands, choice = self.rads, self.card.connections, self.cands, self.choice
        order = sorted(range(len(self.pos)), key=lambda i: (-rads[i], -conns[i]))
        for i in order:
            if not cands[i][0][0]:  # unnamed
                choice[i] = cands[i][0]
        order = self.order = [i for i in order if cands[i][0][0]]
        for rnd in range(6):
            for n_i, i in enumerate(order):
                if n_i % 4 == 3:
                    yield
                if rnd:
                    self.take(i)
                best = min(cands[i], key=lambda c: self.cost_of(i, c))
                choice[i] = best
                self.put(i, best[1])
            if rnd < 2:
                continue
            clash = yield from self.place_badges()
            if not clash:
                break

    def place_badges(self):
        """Each destination's badge to the corner that covers the fewest names; a badge that cannot avoid them
        all is kept clear by the next pass (True then)."""
        clash = False
        yield
        for n_d, i in enumerate(self.dests):
            if n_d % 5 == 4:
                yield
            best_c = None
            for corner in BADGE_CORNERS:
                bb = self.badge_box(i, corner, 2)  # a pixel more each way: the screen rounds both rects
                cover = names_cover(bb, self.lgrid, self.boxes)
                if best_c is None or cover < best_c[0]:
                    best_c = (cover, corner, bb)
                if cover == 0:
                    break
            self.corners[i] = best_c[1]
            if best_c[0] > 0:  # the next pass moves the names off this spot
                clash = True
                self.keep_clear.append(best_c[2])
        return clash

    # ---- step 5: no badge over a name --------------------------------------------------------------
    def clear_badges(self):
        """The hard rule's last part: no destination badge over a name. Each badge has taken the corner
        covering the fewest names; a name still under one moves to its cheapest allowed place clear of every
        badge and apart from every other name (where it has none it stays, listed with the names the map leaves
        no room)."""
        badges = [self.badge_box(d, self.corners[d], 2) for d in self.dests]
        for n_i, i in enumerate(self.order):
            if n_i % 8 == 7:
                yield
            if not any(overlap(self.boxes[i], b) > 0 for b in badges):
                continue
            self.take(i)
            for c in self.cands[i]:
                grown = self.grown(c[1])  # apart from every name by the gap
                if self.rule.allows(i, c[1]) and not any(overlap(c[1], b) > 0 for b in badges) and not any(
                        overlap(grown, b) > 0 for b in self.boxes.values()):
                    self.choice[i] = c
                    break
            else:  # no allowed place clear of the badges: listed with the names the map leaves no room
                self.no_room.add(i)
            self.put(i, self.choice[i][1])

    # ---- step 6: names left off ----------------------------------------------------------------------
    def leave_off(self, work: int) -> Placement:
        """Names with no place inside the view or on the card, names the search could only leave over one
        another (see unreadable_names), and names hiding much of a city's mark are left off."""
        card, pos, choice = self.card, self.pos, self.choice
        drawn = {i: c[1] for i, c in enumerate(choice) if c[0]}
        gone = {i for i, b in drawn.items() if self.cut(b)}  # no place left in the view
        for i in gone:
            del drawn[i]
        wanted = set(self.dests)
        need = {i: (card.special[i], card.connections[i], i in wanted, -len(choice[i][0])) for i in drawn}
        left_off = gone | unreadable_names(drawn, need, max(2.0, card.px * 0.15))
        # a city's mark beside its station (Berlin's landmark stacks and their counts, not a symbol kept a
        # little clear) matters more at play than a name over it: a name still hiding more than a quarter of
        # another station's mark is left off too
        marks = [(k, (x - c, y - c, x + c, y + c)) for k, ((x, y), c, r) in enumerate(zip(pos, self.clear, self.rads))
                 if c >= 1.5 * r]
        left_off |= {i for i, b in drawn.items() if any(
            k != i and overlap(b, mb) > 0.25 * (mb[2] - mb[0]) * (mb[3] - mb[1]) for k, mb in marks)}
        for i in left_off:
            x, y = pos[i]
            choice[i] = ("", (x, y, x, y), 0.0)
        return Placement(list(choice), list(self.corners), left_off, work, set(self.no_room))


def settle_clashes(placer: _Placer):
    """The last step of the name placement (a generator returning the work done): a name the greedy passes
    left too close to another, or under a destination's badge or a city's mark, tries each of its places, and
    places half a line further out, for one with fewer such clashes; it moves only then, so a board without
    clashes is not changed. Then every badge takes its corner again. Names still too close, or under a badge,
    go to a short seeded search over their places and their neighbours' (see _Settler.search)."""
    settler = _Settler(placer)
    yield from settler.single_moves()
    if not settler.needs_search():
        return 0  # names apart and no badge over one: nothing for the search to mend (and no work counted)
    yield from settler.search_twice()
    work = settler.work
    yield from settler.part_close()  # (one pass over the names: not the search's work)
    return work


class _Settler:

    """The names' last search over the places the greedy passes chose (see settle_clashes)."""

    def __init__(self, p: _Placer):
        self.p = p
        self.order, self.cands, self.choice = p.order, p.cands, p.choice
        self.boxes, self.lgrid, self.grid = p.boxes, p.lgrid, p.grid
        self.gx, self.gy = p.gx, p.gy
        self.badges = {i: p.badge_box(i, p.corners[i], 2) for i in p.dests}
        self.places: dict = {}  # each name's places on the card: the usual ones and the further ones (and beside)
        self.work = 0  # names looked at while weighing places: the search and the pairs stop past the bound
        self.bound = p.card.work_bound
        self.marked = {k for k in range(len(p.pos)) if p.clear[k] > p.rads[k]}  # stations with a city's mark
        self.fixed: dict[tuple[int, Box], float] = {}  # conflicts of a place that do not move: cached
        self.near_prep: dict[Box, tuple] = {}  # per place: its grown box's grid cells, the grown box, its area
        self.own = SETTLE_OWN_BADGE  # what a name's own station's badge weighs over it

    def search_twice(self):
        """First with each name's own badge counting little (it may take another corner), then, the badges at
        their new corners, with every badge counting in full."""
        self.own = SETTLE_OWN_BADGE
        yield from self.search()
        self.recorner()
        self.own = SETTLE_BADGE
        self.fixed.clear()
        yield from self.search()
        self.recorner()

    # ---- places -------------------------------------------------------------------------------------
    def further(self, i: int) -> list[Candidate]:
        """Places half a line further out than the usual ones, above and below the station."""
        x, y = self.p.pos[i]
        r = max(self.p.rads[i], self.p.keep[i] + 1.5)  # outside the station's keep-out disc
        out = []
        for text, box, cost in self.cands[i]:
            w, h = box[2] - box[0], box[3] - box[1]
            for lx, ly in ((x + r * 0.3, y - r - h * 1.5), (x + r * 0.3, y + r + h * 0.5),
                           (x - r * 0.3 - w, y - r - h * 1.5), (x - r * 0.3 - w, y + r + h * 0.5)):
                out.append((text, (lx, ly, lx + w, ly + h), cost + 2.5))
            break  # the one-line form's size
        return out

    def beside(self, i: int) -> list[Candidate]:
        """For the search, places beside the usual ones: above or below, starting or ending at the station,
        and left or right half a line higher or lower."""
        x, y = self.p.pos[i]
        r = max(self.p.rads[i], self.p.keep[i] + 1.5)  # outside the station's keep-out disc
        out = []
        for text, box, cost in self.cands[i][:1]:  # the one-line form
            w, h = box[2] - box[0], box[3] - box[1]
            for lx, ly in ((x - r * 0.3, y - r - h), (x + r * 0.3 - w, y - r - h), (x - r * 0.3, y + r),
                           (x + r * 0.3 - w, y + r), (x + r, y - h), (x + r, y), (x - r - w, y - h),
                           (x - r - w, y)):
                out.append((text, (lx, ly, lx + w, ly + h), cost + 3.0))
        return out

    def places_of(self, i: int, more: bool = False) -> list[Candidate]:
        """Name ``i``'s places on the card and in the view (never off them): only those the hard rule allows,
        unless its station has none."""
        if (i, more) not in self.places:
            p = self.p
            self.places[(i, more)] = [c for c in self.cands[i] + self.further(i) + (self.beside(i) if more else [])
                                      if (p.rule.allows(i, c[1]) if i not in p.no_room
                                          else not (p.off_card(c[1]) or p.cut(c[1])))]
        return self.places[(i, more)]

    def recorner(self) -> None:
        """Badges to the corner covering the fewest names, as in the passes."""
        p = self.p
        for i in p.dests:
            best_c = None
            for corner in BADGE_CORNERS:
                bb = p.badge_box(i, corner, 2)
                cover = names_cover(bb, self.lgrid, self.boxes)
                if best_c is None or cover < best_c[0]:
                    best_c = (cover, corner)
                if cover == 0:
                    break
            p.corners[i] = best_c[1]
            self.badges[i] = p.badge_box(i, p.corners[i], 2)

    # ---- single moves -----------------------------------------------------------------------------
    def clashes(self, i: int, box: Box) -> int:
        """How many things a place clashes with: names too close, badges, the card's and view's edges."""
        p = self.p
        n = 0
        g = p.grown(box)
        seen = set()
        for k in cells(g):
            for j in self.lgrid.get(k, ()):
                if j != i and j not in seen:
                    seen.add(j)
                    n += overlap(g, self.boxes[j]) > 0
        n += sum(1 for b in self.badges.values() if overlap(box, b) > 0)
        n += p.off_card(box)  # off the board card
        n += p.cut(box)  # cut by the panels round the view
        seen = set()
        for k in cells(box):
            for item in self.grid.get(k, ()):
                if item[0] == "badge" and item[2] != i and id(item) not in seen:
                    seen.add(id(item))
                    n += overlap(box, item[1]) > 0
        return n

    def single_moves(self):
        """Twice at most: each clashing name moves to its place with fewer clashes, if it has one."""
        p, choice = self.p, self.choice
        for _ in range(2):
            moved = False
            for n_i, i in enumerate(self.order):
                if n_i % 4 == 3:
                    yield
                now = self.clashes(i, self.boxes[i])
                if not now:
                    continue
                p.take(i)
                best = None
                for c in self.places_of(i):  # never off the board card
                    key = (self.clashes(i, c[1]), p.cost_of(i, c))
                    if best is None or key < best[0]:
                        best = (key, c)
                if best is not None and best[0][0] < now:
                    choice[i] = best[1]
                    moved = True
                p.put(i, choice[i][1])
            if not moved:
                break
            yield
            self.recorner()

    # ---- weights for the search ---------------------------------------------------------------------
    def near_names(self, i: int, box: Box) -> dict[int, float]:
        """The names too close to a place, each weighing SETTLE_NAME, more when they overlap it (up to five
        times for a name wholly under the other). The search's hot spot: the grid cells of the grown box are
        walked here, in the order ``cells`` gives them (kept per place, with its grown box and area)."""
        keys, g0, g1, g2, g3, a_box = self.near_prep.get(box) or self.prepare(box)
        a0, a1, a2, a3 = box
        lgrid_get, boxes = self.lgrid.get, self.boxes
        out = {}
        work = 0
        for key in keys:
            near = lgrid_get(key, ())
            work += 1 + len(near)
            for j in near:
                if j != i and j not in out:
                    b0, b1, b2, b3 = boxes[j]
                    if g0 < b2 and b0 < g2 and g1 < b3 and b1 < g3:
                        # overlap(box, b), inline: a name hidden under another is worst
                        w = (a2 if a2 < b2 else b2) - (a0 if a0 > b0 else b0)
                        h = (a3 if a3 < b3 else b3) - (a1 if a1 > b1 else b1)
                        ov = w * h if w > 0 and h > 0 else 0.0
                        if ov:
                            a_b = (b2 - b0) * (b3 - b1)  # _area(b), inline
                            a_b = a_b if a_b > 1.0 else 1.0
                            out[j] = SETTLE_NAME * (2 + 3 * ov / (a_box if a_box < a_b else a_b))
                        else:
                            out[j] = SETTLE_NAME
        self.work += work
        return out

    def prepare(self, box: Box) -> tuple:
        """A place as near_names walks it: its grown box's grid cells, the grown box, its area (kept)."""
        gx, gy = self.gx, self.gy
        g0, g1, g2, g3 = box[0] - gx, box[1] - gy, box[2] + gx, box[3] + gy
        keys = tuple((cx, cy) for cx in range(int(g0 // CELL), int(g2 // CELL) + 1)
                     for cy in range(int(g1 // CELL), int(g3 // CELL) + 1))
        prep = self.near_prep[box] = (keys, g0, g1, g2, g3, _area(box))
        return prep

    def near_work(self, box: Box) -> int:
        """The work near_names(i, box) counts (its grid cells and the names in them), without weighing them."""
        lgrid_get = self.lgrid.get
        return sum(1 + len(lgrid_get(key, ())) for key in (self.near_prep.get(box) or self.prepare(box))[0])

    def other(self, i: int, box: Box) -> float:
        """What a name's place covers besides other names: another station's destination badge, a city's
        mark (by the share of it covered) and other stations' symbols."""
        key = (i, box)
        if key not in self.fixed:
            # (its own station's badge counts less: it may take another corner afterwards)
            own = self.own
            n = sum(SETTLE_BADGE if d != i else own for d, b in self.badges.items() if overlap(box, b) > 0)
            n += SETTLE_RULE * self.p.rule.tier(i, box)
            inner = (box[0] + 1, box[1] + 1, box[2] - 1, box[3] - 1)
            seen = set()
            marked = self.marked
            for k in cells(box):
                for item in self.grid.get(k, ()):
                    kind, ob, j = item
                    if j == i or id(item) in seen:
                        continue
                    seen.add(id(item))
                    if kind == "station":
                        n += SETTLE_STATION * (overlap(inner, ob) > 0)
                    elif kind == "badge" and j in marked:
                        share = overlap(box, ob) / max(1.0, (ob[2] - ob[0]) * (ob[3] - ob[1]))
                        n += SETTLE_MARK * share + SETTLE_NAME * (share > 0.2)  # hidden: as bad as a name
            self.fixed[key] = n
        return self.fixed[key]

    def weight(self, i: int, box: Box) -> float:
        """All a place of name ``i`` clashes with, the other names as they stand."""
        o = self.fixed.get((i, box))
        return sum(self.near_names(i, box).values()) + (self.other(i, box) if o is None else o)

    def needs_search(self) -> bool:
        boxes, badges = self.boxes, self.badges
        return any(self.near_names(i, boxes[i]) or any(overlap(boxes[i], b) > 0 for b in badges.values())
                   for i in self.order)

    def restore(self, state: list) -> None:
        """Every name back to its place in ``state``."""
        p = self.p
        for i in self.order:
            p.take(i)
        for i in self.order:
            self.choice[i] = state[i]
            p.put(i, state[i][1])

    # ---- the search -------------------------------------------------------------------------------
    # Where single moves are stuck (a crowded corner where every place of a name clashes with something), a
    # short search: a clashing name (the worst most often) moves to its place with the fewest conflicts,
    # weighed (SETTLE_*: names too close, badges, marks, other stations' symbols), even when that is no
    # better, so a neighbour may then find room, and now and then to a worse one, less and less often; never
    # straight back to where it came from. The best set of places seen is kept. Then a name still in
    # conflict tries every pair of places for itself and one name in its way. Seeded, so the same every time;
    # a board whose names are apart and clear of the badges never gets here, so it is unchanged.
    def search(self):
        start = list(self.choice)
        best_state = (self.score(start), start)
        for run in range(SETTLE_RUNS):
            yield
            best_state = yield from self.run(run, start, best_state)
        self.restore(best_state[1])
        yield from self.pair_moves()
        yield
        self.return_home(start)

    def score(self, state: list) -> float:
        return sum(sum(self.near_names(i, state[i][1]).values()) + 2 * self.other(i, state[i][1])
                   for i in self.order)

    def run(self, run: int, start: list, best_state: tuple):
        """One run of the search from ``start`` (seeded by ``run``); returns the best state seen so far."""
        rng = random.Random(run)
        order, choice = self.order, self.choice
        self.restore(start)
        count = {i: self.weight(i, self.boxes[i]) for i in order}
        stuck = [i for i in order if count[i]]
        total = best_state[0] if run == 0 else self.score(choice)
        left_from: dict[int, Box] = {}
        for step in range(SETTLE_STEPS):
            if step % STEPS_PER_YIELD == STEPS_PER_YIELD - 1:
                yield
            if not stuck or self.work > self.bound:
                break
            i = rng.choices(stuck, [count[j] for j in stuck])[0]  # the worst clashes most often
            moved = self.step(i, step, rng, count, left_from)
            if moved is None:
                continue
            total += moved  # (each clash counts for both)
            stuck = [j for j in order if count[j]]
            if total < best_state[0] - 1e-9:
                best_state = (total, list(choice))
        return best_state

    def step(self, i: int, step: int, rng: random.Random, count: dict, left_from: dict) -> float | None:
        """Name ``i`` to its least conflicting place (now and then a worse one); the change of the run's total,
        or None when it stays."""
        p, choice = self.p, self.choice
        was = self.near_names(i, self.boxes[i])
        now_o = count[i] - sum(was.values())
        p.take(i)
        best = self.least_place(i, rng, left_from.get(i))
        heat = SETTLE_HEAT * 0.02 ** (step / SETTLE_STEPS)  # now and then a worse place, less often
        if best is None or (best[0][0] > count[i] and rng.random() >= math.exp((count[i] - best[0][0]) / heat)):
            p.put(i, choice[i][1])
            return None
        _, c, ns, o = best
        left_from[i] = choice[i][1]
        choice[i] = c
        p.put(i, c[1])
        for j in set(was) | set(ns):
            count[j] += ns.get(j, 0) - was.get(j, 0)
        count[i] = sum(ns.values()) + o
        return 2 * (sum(ns.values()) - sum(was.values()) + o - now_o)

    def least_place(self, i: int, rng: random.Random, gone: Box | None) -> tuple | None:
        """Name ``i``'s place (not where it stands nor ``gone``, where it last came from) with the fewest weighed
        conflicts, ties broken by preference and a random draw: ((weight, tie), place, names near, fixed)."""
        best = None
        now = self.choice[i]
        fixed, rnd = self.fixed, rng.random
        for c in self.places_of(i, True):
            if c is now or c[1] == gone:
                continue
            box = c[1]
            o = fixed.get((i, box))
            if o is None:
                o = self.other(i, box)
            if best is not None and o > best[0][0]:  # it cannot win: only its work is counted
                self.work += self.near_work(box)
                rnd()
                continue
            ns = self.near_names(i, box)
            key = (sum(ns.values()) + o, c[2] + rnd() * 0.01)
            if best is None or key < best[0]:
                best = (key, c, ns, o)
        return best

    def part_close(self):
        """Names still too close after the search (their allowed places all crowded by neighbours, as where two
        rows of stations leave one gap for two names): the less needed of each pair moves to the least bad
        place the rule bars that keeps it apart from every name (where there is none it stays; a name set
        smaller returns to its full size there, its size having parted it from nothing), and is listed with the
        names the map leaves no room (no_room): no place is both allowed and apart."""
        p, choice = self.p, self.choice
        need = {i: (p.card.special[i], p.card.connections[i], -len(choice[i][0])) for i in self.order}
        for n_i, i in enumerate(sorted(self.order, key=lambda k: need[k])):
            if n_i % 8 == 7:
                yield
            if not self.near_names(i, self.boxes[i]):
                continue
            p.take(i)
            best = None
            for c in p.barred[i]:
                t = p.rule.tier(i, c[1])
                if t < 2 and not self.near_names(i, c[1]) and self.other(i, c[1]) - SETTLE_RULE * t < SETTLE_BADGE:
                    key = (t, c[2])
                    if best is None or key < best[0]:
                        best = (key, c)
            if best is None and choice[i][0].startswith(name_forms.SMALLER) and p.barred[i]:
                # set smaller it found an allowed place, but not apart: back to its full size, at the least bad
                # place (the fewest names too close, then the rule's tier)
                best = (None, min(p.barred[i], key=lambda c: (sum(self.near_names(i, c[1]).values()),
                                                              p.rule.tier(i, c[1]), c[2])))
            if best is not None:
                choice[i] = best[1]
            p.no_room.add(i)  # no place both allowed and apart: listed with the names the map leaves no room
            p.put(i, choice[i][1])

    def bad(self, i: int) -> bool:
        """Too close to another name, or hiding a mark or badge as badly."""
        return bool(self.near_names(i, self.boxes[i])) or self.other(i, self.boxes[i]) >= SETTLE_NAME

    def pair_moves(self):
        """A name still too close to another tries every pair of places for itself and one name in the way of
        any of its places (the rest staying put): a neighbour may make room it cannot find alone."""
        p, choice = self.p, self.choice
        for i in self.order:
            if self.work > self.bound:
                break
            if not self.bad(i):
                continue
            yield
            p.take(i)
            ks = sorted({k for c in self.places_of(i, True) for k in self.near_names(i, c[1])})
            p.put(i, choice[i][1])
            for k in ks:
                if not self.bad(i) or self.work > self.bound:
                    break
                yield  # (a pair weighs every place of both names: about a millisecond)
                p.take(i)
                p.take(k)
                choice[i], choice[k] = self.best_pair(i, k)
                p.put(i, choice[i][1])
                p.put(k, choice[k][1])

    def best_pair(self, i: int, k: int) -> tuple[Candidate, Candidate]:
        """The places of names ``i`` and ``k`` (both taken off) that clash least together."""
        choice = self.choice
        ai = [(c, self.weight(i, c[1])) for c in self.places_of(i, True)]
        ak = [(c, self.weight(k, c[1]), c[1], _area(c[1])) for c in self.places_of(k, True)]
        now_i = self.weight(i, choice[i][1])
        now_k = self.weight(k, choice[k][1])
        best = (self.pair_cost(choice[i], now_i, choice[k], now_k), choice[i], choice[k])
        least = best[0] - 1e-9
        gx, gy = self.gx, self.gy
        for ci, ni in ai:
            if ni >= best[0]:
                continue
            a = ci[1]
            g0, g1, g2, g3 = a[0] - gx, a[1] - gy, a[2] + gx, a[3] + gy  # p.grown(a)
            a_i = _area(a)
            for ck, nk, b, a_k in ak:  # pair_cost, inline (the pairs' hot spot): the same numbers
                n = ni + nk
                if n >= least:
                    continue  # what a clash adds is never negative
                if g0 < b[2] and b[0] < g2 and g1 < b[3] and b[1] < g3:
                    ov = overlap(a, b)
                    n += SETTLE_NAME * (1 + (ov > 0) + 3 * ov / (a_i if a_i < a_k else a_k))
                if n < least:
                    best = (n, ci, ck)
                    least = n - 1e-9
        return best[1], best[2]

    def pair_cost(self, ci: Candidate, ni: float, cj: Candidate, nj: float) -> float:
        n = ni + nj
        g = self.p.grown(ci[1])
        b = cj[1]
        if g[0] < b[2] and b[0] < g[2] and g[1] < b[3] and b[1] < g[3]:
            ov = overlap(ci[1], b)
            n += SETTLE_NAME * (1 + (ov > 0) + 3 * ov / min(_area(ci[1]), _area(b)))
        return n

    def return_home(self, start: list) -> None:
        """Every name the search moved goes back to the most preferred of its places that clashes no more than
        where it stands (a name moved aside for nothing returns beside its station)."""
        p, choice = self.p, self.choice
        for i in self.order:
            if choice[i] is start[i]:
                continue
            p.take(i)
            now = self.weight(i, choice[i][1])
            for c in sorted(self.places_of(i, True), key=lambda c: c[2]):
                if c[2] >= choice[i][2]:
                    break
                if self.weight(i, c[1]) <= now:
                    choice[i] = c
                    break
            p.put(i, choice[i][1])


def _area(box: Box) -> float:
    return max(1.0, (box[2] - box[0]) * (box[3] - box[1]))
