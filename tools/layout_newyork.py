"""A schematic New York board from real positions: stations on a grid, connections straight and octilinear.

No photo of the New York board exists (see ../shared/reference/boards/README.md), so the board positions are
made here, in the style of the printed London board: a regular grid (88 units, a 1600 x 1078 board), every
connection horizontal, vertical or at 45 degrees, no two connections crossing, no connection running over a
station. The method:

1. project latitude/longitude (Manhattan turned upright, as schematic New York maps do), spread dense
   areas by mixing each axis with its rank, and scale onto the grid;
2. simulated annealing over grid cells (seeded, so the result is the same every run): moving or swapping
   stations, with heavy costs for a connection that is not octilinear, crosses another or runs over a
   station, and light ones for long connections, bent water crossings and drifting from the geography;
3. room for the names (issue 22 item 1): columns let in after annealing (:data:`SPREAD_COLUMNS`, diagonals
   across them run level through them), stations nudged (:data:`NUDGES`) and a few elbows redrawn
   (:data:`ELBOWS_FROM`), see :func:`finish`;
   :func:`check_layout` states the rules the result must meet (the map's tests run it on the TOML);
4. rivers and bays are octilinear bands along hand-set centre lines through the water icons
   (:data:`RIVERS`), checked so that only connections to an icon touch water.

``tools/make_newyork_map.py`` calls :func:`layout` (or :func:`finish` on the annealing's cells kept in
``tools/newyork_annealed_cells.json``) and writes the result into ``maps/newyork.toml``; the TOML is the source of
truth afterwards. ``python tools/layout_newyork.py --png out.png`` draws the current map.
"""
from __future__ import annotations

import math
import random

PITCH = 88.0  # grid spacing in board units (the London board's is 85-89; names are sized to it)
ORIGIN = (96.0, 92.0)  # board position of grid cell (0, 0)
COLS, ROWS = 19, 12  # the annealer's grid cells 0..COLS-1 x 0..ROWS-1 (London uses 17 x 11 for 100 stations)
SPREAD = 2  # columns let in after annealing (SPREAD_COLUMNS below)
WIDTH, HEIGHT = round(2 * ORIGIN[0] + PITCH * (COLS + SPREAD - 1)), round(2 * ORIGIN[1] + PITCH * (ROWS - 1))
MIN_SPACING = 85.0  # no two nodes closer than this (London's smallest station spacing)

OCT_DIRS = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]


# ------------------------------------------------------------------------------------------------
# geometry shared by the annealer and the checker


def is_octilinear(dx: float, dy: float, tol: float = 1e-6) -> bool:
    return abs(dx) <= tol or abs(dy) <= tol or abs(abs(dx) - abs(dy)) <= tol


def _orient(a, b, c) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _on_segment(p, a, b, tol=1e-6) -> bool:
    """p lies on segment ab, strictly between its ends."""
    if abs(_orient(a, b, p)) > tol * max(1.0, math.dist(a, b)):
        return False
    if (p[0] == a[0] and p[1] == a[1]) or (p[0] == b[0] and p[1] == b[1]):
        return False
    return (min(a[0], b[0]) - tol <= p[0] <= max(a[0], b[0]) + tol
            and min(a[1], b[1]) - tol <= p[1] <= max(a[1], b[1]) + tol)


def segments_clash(a, b, c, d) -> bool:
    """Segments ab and cd cross, or overlap along a stretch (sharing only an end point is fine)."""
    shared = {a, b} & {c, d}
    o1, o2, o3, o4 = _orient(a, b, c), _orient(a, b, d), _orient(c, d, a), _orient(c, d, b)
    if o1 == 0 and o2 == 0:  # collinear: clash if they overlap by more than a point
        ax = 0 if a[0] != b[0] else 1
        lo1, hi1 = sorted((a[ax], b[ax]))
        lo2, hi2 = sorted((c[ax], d[ax]))
        return min(hi1, hi2) - max(lo1, lo2) > 1e-9
    if shared:
        return False
    if ((o1 > 0) != (o2 > 0)) and ((o3 > 0) != (o4 > 0)) and o1 and o2 and o3 and o4:
        return True
    # an end point of one lying on the other
    return _on_segment(c, a, b) or _on_segment(d, a, b) or _on_segment(a, c, d) or _on_segment(b, c, d)


def point_in_polygon(p, poly) -> bool:
    x, y = p
    inside = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            xc = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if xc > x:
                inside = not inside
    return inside


def segment_hits_polygon(a, b, poly) -> bool:
    """Segment ab touches the inside of the polygon (crosses an edge or has a point inside)."""
    n = len(poly)
    for i in range(n):
        c, d = poly[i], poly[(i + 1) % n]
        o1, o2, o3, o4 = _orient(a, b, c), _orient(a, b, d), _orient(c, d, a), _orient(c, d, b)
        if ((o1 > 0) != (o2 > 0)) and ((o3 > 0) != (o4 > 0)) and o1 and o2 and o3 and o4:
            return True
    steps = 16
    return any(point_in_polygon((a[0] + (b[0] - a[0]) * k / steps, a[1] + (b[1] - a[1]) * k / steps), poly)
               for k in range(steps + 1))


def check_layout(pos: dict[str, tuple[float, float]], edges: list[tuple[str, str]],
                 water_nodes: set[str] = frozenset(), water_areas: list[tuple[str, list]] = (),
                 min_spacing: float = MIN_SPACING, bends: dict | None = None) -> list[str]:
    """Every way the drawn board breaks the schematic rules; empty when it is clean.

    Rules: connections straight (or through their bend points) and octilinear, no two connections crossing or
    overlapping, none running over a node, nodes at least ``min_spacing`` apart, every water icon inside a water
    area, no station in water, and only connections to a water icon touching water.
    """
    problems = []
    bends = bends or {}
    names = sorted(pos)
    for i, n in enumerate(names):
        for m in names[i + 1:]:
            d = math.dist(pos[n], pos[m])
            if d < min_spacing - 1e-6:
                problems.append(f"{n} and {m} are {d:.0f} apart (less than {min_spacing:.0f})")
    segs = []  # (edge index, a, b)
    for k, (u, v) in enumerate(edges):
        pts = [pos[u]] + [tuple(p) for p in bends.get((u, v), bends.get((v, u), []))] + [pos[v]]
        if (v, u) in bends and (u, v) not in bends:
            pts = [pos[u]] + [tuple(p) for p in reversed(bends[(v, u)])] + [pos[v]]
        for bp in pts[1:-1]:
            if any(math.dist(bp, pos[n]) < min_spacing / 2 for n in names):
                problems.append(f"{u} - {v} bends at a node")
        for a, b in zip(pts, pts[1:]):
            if not is_octilinear(b[0] - a[0], b[1] - a[1]):
                problems.append(f"{u} - {v} is not horizontal, vertical or at 45 degrees")
            segs.append((k, a, b))
            for n in names:
                if n not in (u, v) and _on_segment(pos[n], a, b):
                    problems.append(f"{u} - {v} runs over {n}")
    for i in range(len(segs)):
        ki, a, b = segs[i]
        for j in range(i + 1, len(segs)):
            kj, c, d = segs[j]
            if ki != kj and segments_clash(a, b, c, d):
                problems.append(f"{' - '.join(edges[ki])} crosses {' - '.join(edges[kj])}")
    if water_areas:
        for n in names:
            wet = [w for w, poly in water_areas if point_in_polygon(pos[n], poly)]
            if n in water_nodes and not wet:
                problems.append(f"water icon {n} is not inside any water area")
            if n not in water_nodes and wet:
                problems.append(f"station {n} stands in {wet[0]}")
        for k, a, b in segs:
            u, v = edges[k]
            if u in water_nodes or v in water_nodes:
                continue
            for w, poly in water_areas:
                if segment_hits_polygon(a, b, poly):
                    problems.append(f"{u} - {v} crosses {w} without a water icon")
    return problems


# ------------------------------------------------------------------------------------------------
# step 1: projection


def project(latlon: dict[str, tuple[float, float]], manhattan: tuple[str, str]) -> dict[str, tuple[float, float]]:
    """Real positions -> grid coordinates (floats): Manhattan upright, dense areas spread, fitted to the grid."""
    lat0 = sum(p[0] for p in latlon.values()) / len(latlon)
    k = math.cos(math.radians(lat0))
    xy = {n: ((lon * k), -lat) for n, (lat, lon) in latlon.items()}
    (sx, sy), (nx, ny) = xy[manhattan[0]], xy[manhattan[1]]
    ang = math.atan2(nx - sx, -(ny - sy))  # how far Manhattan leans from "up"
    ca, sa = math.cos(-ang), math.sin(-ang)
    rot = {n: (x * ca - y * sa, x * sa + y * ca) for n, (x, y) in xy.items()}
    out = {n: [0.0, 0.0] for n in rot}
    for axis, size in ((0, COLS - 1), (1, ROWS - 1)):
        vals = sorted(rot, key=lambda n: rot[n][axis])
        lo, hi = rot[vals[0]][axis], rot[vals[-1]][axis]
        for r, n in enumerate(vals):
            lin = (rot[n][axis] - lo) / (hi - lo)
            rank = r / (len(vals) - 1)
            out[n][axis] = (0.45 * lin + 0.55 * rank) * size
    return {n: (x, y) for n, (x, y) in out.items()}


# ------------------------------------------------------------------------------------------------
# step 2: annealing on the grid

W_HARD = 400.0  # a crossing, a connection over a station, a connection off the eight directions
W_LEN = 6.0  # per grid step beyond the first
W_GEO = 1.2  # per squared grid step away from the projected position
W_DIR = 3.0  # per 45-degree turn away from the real direction of a connection
W_BENT = 30.0  # a water crossing station - icon - station that is not straight


class Annealer:
    def __init__(self, nodes, edges, init, water_nodes, pinned=None, seed=1, start=None, w_bent=W_BENT):
        self.w_bent = w_bent
        self.nodes = list(nodes)
        self.edges = [tuple(e) for e in edges]
        self.init = init
        self.water = set(water_nodes)
        self.pinned = dict(pinned or {})
        self.rng = random.Random(seed)
        self.inc = {n: [] for n in self.nodes}
        for k, (u, v) in enumerate(self.edges):
            self.inc[u].append(k)
            self.inc[v].append(k)
        self.real_dir = {}
        for k, (u, v) in enumerate(self.edges):
            dx, dy = init[v][0] - init[u][0], init[v][1] - init[u][1]
            self.real_dir[k] = math.atan2(dy, dx)
        # straightness pairs at water icons: (icon, nb1, nb2) for icons with exactly two neighbours
        self.chains = []
        for w in self.water:
            nbs = [self.edges[k][0] if self.edges[k][1] == w else self.edges[k][1] for k in self.inc[w]]
            if len(nbs) == 2:
                self.chains.append((w, nbs[0], nbs[1]))
        self.chains_of = {n: [] for n in self.nodes}
        for ch in self.chains:
            for n in ch:
                self.chains_of[n].append(ch)
        self.pos = {}
        self.occ = {}
        if start:
            self.pos = {n: tuple(start[n]) for n in self.nodes}
            self.occ = {c: n for n, c in self.pos.items()}
            assert len(self.occ) == len(self.pos), "two nodes share a grid cell"
        else:
            self._place_initial()

    def _place_initial(self):
        order = sorted(self.nodes, key=lambda n: (n not in self.pinned, n))
        for n in order:
            if n in self.pinned:
                c = self.pinned[n]
            else:
                fx, fy = self.init[n]
                cands = [(c, r) for c in range(COLS) for r in range(ROWS) if (c, r) not in self.occ]
                c = min(cands, key=lambda cell: (cell[0] - fx) ** 2 + (cell[1] - fy) ** 2)
            self.pos[n] = c
            self.occ[c] = n

    # --- cost pieces
    def edge_cost(self, k):
        u, v = self.edges[k]
        a, b = self.pos[u], self.pos[v]
        dx, dy = b[0] - a[0], b[1] - a[1]
        cost = 0.0
        if not is_octilinear(dx, dy):
            cost += W_HARD * (1 + min(abs(dx), abs(dy), abs(abs(dx) - abs(dy))))
        cost += W_LEN * (max(abs(dx), abs(dy)) - 1) ** 1.5
        d = math.atan2(dy, dx) - self.real_dir[k]
        d = abs((d + math.pi) % (2 * math.pi) - math.pi)
        cost += W_DIR * d / (math.pi / 4)
        # nodes on the segment
        steps = math.gcd(abs(dx), abs(dy))
        if steps > 1:
            sx, sy = dx // steps, dy // steps
            for i in range(1, steps):
                if (a[0] + sx * i, a[1] + sy * i) in self.occ:
                    cost += W_HARD
        return cost

    def clash(self, k, j):
        if k == j:
            return False
        u, v = self.edges[k]
        x, y = self.edges[j]
        return segments_clash(self.pos[u], self.pos[v], self.pos[x], self.pos[y])

    def chain_cost(self, ch):
        w, p, q = ch
        a, b, c = self.pos[p], self.pos[w], self.pos[q]
        return 0.0 if _orient(a, b, c) == 0 else self.w_bent

    def local(self, moved):
        ks = set()
        for n in moved:
            ks.update(self.inc[n])
        pos, edges = self.pos, self.edges
        cost = sum(self.edge_cost(k) for k in ks)
        boxes = []
        for j, (x, y) in enumerate(edges):
            a, b = pos[x], pos[y]
            boxes.append((min(a[0], b[0]), max(a[0], b[0]), min(a[1], b[1]), max(a[1], b[1]), a, b))
        for k in ks:
            x0, x1, y0, y1, a, b = boxes[k]
            for j, (jx0, jx1, jy0, jy1, c, d) in enumerate(boxes):
                if jx0 > x1 or jx1 < x0 or jy0 > y1 or jy1 < y0 or j == k or (j in ks and j < k):
                    continue
                if segments_clash(a, b, c, d):
                    cost += W_HARD
        # moved nodes lying on other connections
        for n in moved:
            p = pos[n]
            for j, (jx0, jx1, jy0, jy1, c, d) in enumerate(boxes):
                if p[0] < jx0 or p[0] > jx1 or p[1] < jy0 or p[1] > jy1 or j in ks:
                    continue
                if _on_segment(p, c, d):
                    cost += W_HARD
            fx, fy = self.init[n]
            cost += W_GEO * ((p[0] - fx) ** 2 + (p[1] - fy) ** 2)
        chs = {ch for n in moved for ch in self.chains_of[n]}
        cost += sum(self.chain_cost(ch) for ch in chs)
        return cost

    def total(self):
        cost = sum(self.edge_cost(k) for k in range(len(self.edges)))
        for k in range(len(self.edges)):
            for j in range(k + 1, len(self.edges)):
                if self.clash(k, j):
                    cost += W_HARD
        for n in self.nodes:
            fx, fy = self.init[n]
            p = self.pos[n]
            cost += W_GEO * ((p[0] - fx) ** 2 + (p[1] - fy) ** 2)
        cost += sum(self.chain_cost(ch) for ch in self.chains)
        return cost

    def hard_count(self):
        pos = {n: (float(c), float(r)) for n, (c, r) in self.pos.items()}
        return len(check_layout(pos, self.edges, min_spacing=1.0))

    def move(self, n, cell):
        """Move n to cell, swapping with whoever is there; return the list of moved nodes."""
        old = self.pos[n]
        other = self.occ.get(cell)
        self.pos[n] = cell
        self.occ[cell] = n
        if other is not None:
            self.pos[other] = old
            self.occ[old] = other
            return [n, other]
        del self.occ[old]
        return [n]

    def run(self, steps=150_000, t0=60.0, t1=0.3, radius=3):
        """Anneal from temperature t0 down to t1 (geometric), trying cells up to ``radius`` away."""
        free = [n for n in self.nodes if n not in self.pinned]
        for i in range(steps):
            t = t0 * (t1 / t0) ** (i / steps)
            n = self.rng.choice(free)
            c, r = self.pos[n]
            cell = (min(COLS - 1, max(0, c + self.rng.randint(-radius, radius))),
                    min(ROWS - 1, max(0, r + self.rng.randint(-radius, radius))))
            if cell == (c, r):
                continue
            other = self.occ.get(cell)
            if other is not None and other in self.pinned:
                continue
            moved = [n] + ([other] if other is not None else [])
            before = self.local(moved)
            self.move(n, cell)
            after = self.local(moved)
            delta = after - before
            if delta > 0 and self.rng.random() >= math.exp(-delta / t):
                self.move(n, (c, r))  # undo (swaps back)
        return self.pos


#: The annealing runs that made maps/newyork.toml, in order, each starting where the last one ended: a long
#: hot run from the projection, then cool refinements.  (Found by trying seeds; any run that ends without hard
#: problems is as good, the hand fixes below are tied to this result.)
STAGES = (
    dict(seed=3, steps=100_000, t0=60.0, t1=0.3, radius=3, w_bent=8.0),
    dict(seed=4, steps=40_000, t0=8.0, t1=0.2, radius=2, w_bent=30.0),
    dict(seed=6, steps=40_000, t0=3.0, t1=0.2, radius=2, w_bent=30.0),
)
#: Hand fixes after annealing (node -> grid cell), for what the annealer left: the last few crossings and
#: icons that sit better straight between their stations.
FIXES: dict[str, tuple[int, int]] = {
    "Gates Av": (11, 7),  # Flushing Av - Gates Av crossed Myrtle-Wyckoff Avs - Broadway Junction
    "Water: Marcy Av": (7, 7),  # room for Greenpoint Av - Flushing Av (bent below)
    "Marcy Av": (8, 8),
    "Flatbush Av Brooklyn College": (12, 11),  # room for Prospect Park's name on a 4K screen
}
#: Connections drawn with a bend (a -> b: grid cells between them), where no straight line fits.
BENDS: dict[tuple[str, str], list[tuple[float, float]]] = {
    ("Greenpoint Av", "Flushing Av"): [(8, 7)],
    ("Myrtle-Wyckoff Avs", "Broadway Junction"): [(12, 6)],
}


#: Columns let into the annealed grid (issue 22 item 1: "no name under a piece"), each between two grid columns
#: (the annealer's numbering): the play screen's board view is wider than the annealed board (1.71 : 1 at four
#: seats round a table, the board 1.40 : 1), so more columns cost no scale and give the crowded names room:
#: between Manhattan's west side (Columbus Circle ... Christopher St) and Broadway's column (Times Sq, 14 St - 7
#: Av, Wash Sq), and through Downtown Brooklyn (Atlantic Av Barclays Ctr, Church Av | Grand Army Plaza, Kings
#: Highway). A diagonal connection across a new column gets a level stretch in it (two bends); straight ones
#: just grow. (A third column, between Broadway and 6 Av, drew the Village's name away from its cluster.)
SPREAD_COLUMNS: tuple[float, ...] = (0.5, 8.5)
assert len(SPREAD_COLUMNS) == SPREAD
#: Hand moves after the spread (node -> grid cell, the spread board's numbering; a half cell where a whole one
#: leaves no room), found by trying each station left without room and its neighbours a half or a whole cell
#: each way (and a neighbour pair together), each trial check_layout clean, every station still in its grid
#: reference's square (the cards' "Columbus Circle A3"), every connection within 45 degrees of its direction
#: before and the board's outermost rows and columns kept; a move was kept when fewer names were left without
#: room on the play screen (1920x1080 and 3840x2160, two to five seats, then 1280x720; docs/boards.md). Water
#: icons stay where the annealing put them (the rivers run straight through them).
NUDGES: dict[str, tuple[float, float]] = {
    "14 St - 7 Av": (1, 6),  # into the new column beside 14 St - 8 Av: Times Sq's name gets the room below it
    "New Utrecht Av": (10.5, 11),  # into Downtown Brooklyn's new column and half a cell on: room for Kings Highway
    "Port Authority Bus Terminal": (1, 5),  # off the board's west edge, which left its name no side
    "Columbus Circle": (1, 4),  # with it: Columbus Circle - Times Sq one straight 45-degree run
    "Christopher St Sheridan Sq": (1, 7),  # off the west edge too, under 14 St - 7 Av
    "Cathedral Pkwy": (2, 3),  # a row down with Van Cortlandt Park
    "Van Cortlandt Park": (3, 3),  # a row down with Cathedral Pkwy
    "Union Sq": (5, 6),  # a column east, under Grand Central
    # half a row down (tenth session, search_newyork_nudges.py --pairs; was half a cell east, with New Utrecht Av):
    # Atlantic Av Barclays Ctr's name gets the room below its station (1920x1080, five seats round a table)
    "Church Av": (9, 10.5),
    "Coney Island Stillwell Av": (11.5, 11),  # half a column east, between Kings Highway and Prospect Park
    "Museum of Natural History": (1, 3),  # a column east, over Columbus Circle again: clear of its own badge
    "Astoria Ditmars Blvd": (8, 3.5),  # half a row up: room for its name and Queens Plaza's at 1280x720
    "Howard Beach JFK Airport": (17.5, 8),  # half a column east: room for its name at 1280x720
    # sixth session (tools/search_newyork_nudges.py --target 5; no view gains a name without room):
    "Junction Blvd": (13, 2),  # a cell up-left: room for Grand Av Newtown's name (3840x2160, five seats)
    "Kew Gardens Union Turnpike": (17, 3.5),  # half a row up: room for its name at 1280x720 (up to four seats)
    # ninth session (search_newyork_nudges.py --target 5 --relaxed, the shared panel's five-seat views: 1280x720
    # may lose up to two names where a five-seat view at 1920x1080 or 3840x2160 gains and none there loses):
    "Fulton St": (3, 9.5),  # half a row down: room for Brooklyn Bridge City Hall's name (five seats)
    # tenth session (search_newyork_nudges.py --target 5 --relaxed --pairs: two stations, each its own way):
    "Franklin Av": (11.5, 8),  # half a column east: room for Grand Army Plaza's name above its station (3840x2160)
    # (search_newyork_nudges.py --target 1280: no view worse)
    "145 St": (2, 0),  # a row up, level with 155 St: room for Central Park North's name at 1280x720
}
#: Connections redrawn with one elbow (:func:`elbow`) after the nudges, found by the same trials: the station its
#: 45-degree part starts from (a nudged station's connections start from their first station unless listed here).
ELBOWS_FROM: dict[tuple[str, str], str] = {
    ("Marcy Av", "Flushing Av"): "Flushing Av",  # level from Marcy Av first
    ("Atlantic Av Barclays Ctr", "Franklin Av"): "Atlantic Av Barclays Ctr",  # room for Grand Army Plaza
    # (tenth session) upright by Franklin Av, clear of Grand Army Plaza's name:
    ("Franklin Av", "Botanic Garden"): "Botanic Garden",
    ("4 Av - 9 Street", "Church Av"): "Church Av",  # (tenth session) clear of 4 Av - 9 Street - New Utrecht Av
}


#: Connections routed by hand round their stations (connection -> grid cells between its ends, the spread board's
#: numbering, half cells allowed; an empty list: straight), applied last, after the nudges and elbows (issue 22
#: items 1 and 5, twelfth session; Paris's and Berlin's method of the eleventh): a connection that leaves a station
#: with a bend can leave a side of it free for a name. Found by tools/search_newyork_bends.py (the connections
#: tools/why_names.py --board newyork names as barring the best places of a name without room).
ROUTES: dict[tuple[str, str], list[tuple[float, float]]] = {
    # level from Church Av to under Atlantic Av Barclays Ctr, then 45 degrees up to Kings Highway (was: up first):
    # the room below-right of Atlantic Av Barclays Ctr for its name, Kings Highway's drawn again (1280x720 laptop)
    ("Church Av", "Kings Highway"): [(9.0, 10.0)],
    # the same line as before (45 degrees down, then level), with a bend point half-way down its 45-degree piece:
    # the tokens' letter badges go on a connection's middle piece, now that one, off the level piece under Church Av
    # (Kings Highway's name then fits below Church Av's; 1280x720 laptop)
    ("4 Av - 9 Street", "New Utrecht Av"): [(8.5, 10.5), (9.0, 11.0)],
    # (search_newyork_bends.py --target 1280: every 1280x720 view) the same line, its letter badges on its 45-degree
    # piece off the level one under Grand St and Flushing Av (Flushing Av's name, round a table)
    ("Greenpoint Av", "Flushing Av"): [(8.5, 6.5), (9.0, 7.0)],
    # half a row down from Rockaway Blvd, level, then 45 degrees to Howard Beach JFK Airport (was: 45 degrees, then
    # level): Rockaway Blvd's name gets the room right of its station (round a table)
    ("Rockaway Blvd", "Howard Beach JFK Airport"): [(16.0, 7.5), (17.0, 7.5)],
    # down from 14 St - 8 Av, then level into Christopher St Sheridan Sq (was: 45 degrees down; the search's sum
    # over the 1280x720 views 166 -> 162) (14 St - 7 Av's line to Christopher St Sheridan Sq bent out west and back, a "<", gave the five-seat
    # laptop one more name but read as no printed map does: not kept)
    ("14 St - 8 Av", "Christopher St Sheridan Sq"): [(0.0, 7.0)],
    # half a cell level out of Myrtle-Wyckoff Avs, 45 degrees down beside Gates Av's line, then half a cell down
    # into Broadway Junction (was: level to above Broadway Junction, then down): room round Crescent St
    ("Myrtle-Wyckoff Avs", "Broadway Junction"): [(12.5, 6.0), (14.0, 7.5)],
}


def apply_routes(bends: dict, edges, routes: dict) -> dict:
    """``bends`` with each routed connection's bends replaced by its route (a route may name the connection from
    either end; its cells then run from that end). Shared by New York's and Paris's layouts."""
    out = dict(bends)
    known = set(edges) | set(bends)
    for (u, v), pts in routes.items():
        e = (u, v) if (u, v) in known else (v, u)
        line = [tuple(p) for p in (pts if e == (u, v) else reversed(pts))]
        if line:
            out[e] = line
        else:
            out.pop(e, None)
    return out


def spread_x(x: float, cuts=None) -> float:
    """A grid column (or fraction) of the annealed board -> the spread board's."""
    return x + sum(1 for c in (SPREAD_COLUMNS if cuts is None else cuts) if c < x)


def spread_path(pts: list[tuple[float, float]], cuts=None) -> list[tuple[float, float]]:
    """A connection's path (its ends and bends, grid cells) on the spread board: where a diagonal piece
    crosses a new column it runs level through it (the column's width) and goes on at 45 degrees."""
    cuts = SPREAD_COLUMNS if cuts is None else cuts
    out = [(spread_x(pts[0][0], cuts), pts[0][1])]
    for (ax, ay), (bx, by) in zip(pts, pts[1:]):
        if ax != bx and ay != by:  # diagonal: a level stretch in each new column it crosses
            slope = (by - ay) / (bx - ax)
            for c in sorted((c for c in cuts if min(ax, bx) < c < max(ax, bx)), reverse=bx < ax):
                yc = ay + (c - ax) * slope
                x0 = spread_x(c, cuts)  # the new column's left side
                out += [(x0, yc), (x0 + 1, yc)] if bx > ax else [(x0 + 1, yc), (x0, yc)]
        out.append((spread_x(bx, cuts), by))
    return out


def spread_bends(cells: dict, edges, bends: dict, cuts=None) -> dict:
    """Each connection's bends on the spread board (``cells``: the annealed board's): its old bends spread, plus
    a level stretch where a diagonal piece crosses a new column."""
    out = {}
    for u, v in edges:
        pts = [cells[u]] + list(bends.get((u, v), [])) + [cells[v]]
        new = spread_path(pts, cuts)
        if len(new) > 2:
            out[(u, v)] = new[1:-1]
    return out


def layout(latlon, edges, water_nodes, stages=STAGES, fixes=None, manhattan=("South Ferry", "155 St"), log=print):
    """Grid cells for every node and the connections' bends: projection, the annealing stages, the hand fixes,
    the columns let in (:data:`SPREAD_COLUMNS`) and the last hand moves (:data:`NUDGES`)."""
    init = project(latlon, manhattan)
    cells = None
    for st in stages:
        st = dict(st)
        run = {k: st.pop(k) for k in ("steps", "t0", "t1", "radius")}
        ann = Annealer(list(latlon), edges, init, water_nodes, start=cells, **st)
        ann.run(**run)
        cells = dict(ann.pos)
        log(f"stage seed={st['seed']}: {ann.hard_count()} hard problem(s), cost {ann.total():.0f}")
    for n, c in (FIXES if fixes is None else fixes).items():
        cells[n] = tuple(c)
    return finish(cells, edges)


def elbow(a: tuple[float, float], b: tuple[float, float]) -> list[tuple[float, float]]:
    """The bend of a connection a - b drawn octilinear: none where a - b is straight and octilinear, else one,
    the 45-degree part first from ``a``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    if is_octilinear(dx, dy):
        return []
    m = min(abs(dx), abs(dy))
    return [(a[0] + math.copysign(m, dx), a[1] + math.copysign(m, dy))]


def finish(cells: dict, edges, nudges=None, elbows_from=None, routes=None) -> tuple[dict, dict]:
    """The annealed (and hand-fixed) grid cells -> the board's cells and bends: the spread, then the nudges
    (a nudged station's connections, and those in :data:`ELBOWS_FROM`, redrawn with :func:`elbow`), then the
    hand routes (:data:`ROUTES`)."""
    nudges = NUDGES if nudges is None else nudges
    elbows_from = ELBOWS_FROM if elbows_from is None else elbows_from
    bends = spread_bends(cells, edges, BENDS)
    cells = {n: (spread_x(c), r) for n, (c, r) in cells.items()}
    cells.update(nudges)
    for u, v in edges:
        if u in nudges or v in nudges or (u, v) in elbows_from:
            bends.pop((u, v), None)
            first = elbows_from.get((u, v), u)
            a, b = (cells[u], cells[v]) if first == u else (cells[v], cells[u])
            if elbow(a, b):
                bends[(u, v)] = elbow(a, b)
    return cells, apply_routes(bends, edges, ROUTES if routes is None else routes)


def to_board(cell) -> tuple[float, float]:
    return (ORIGIN[0] + PITCH * cell[0], ORIGIN[1] + PITCH * cell[1])


def to_cell(xy) -> tuple[float, float]:
    """A board position -> its grid cell, to the half cell (the nudges' finest step)."""
    return (round(2 * (xy[0] - ORIGIN[0]) / PITCH) / 2, round(2 * (xy[1] - ORIGIN[1]) / PITCH) / 2)


# ------------------------------------------------------------------------------------------------
# step 4: water areas

#: Centre lines of the rivers and bays, in grid cells: a node name stands for that node's cell (the water icons,
#: so each river runs through its crossings); fractions put water between grid rows. Each is widened by
#: ``half`` pitches each side to a band (the edge's water narrower: the board view's paper ends 60 units
#: beyond the outermost stations). Tied to the layout above: check_layout says when they no longer fit.
RIVER_HALF = 0.32
RIVERS = (  # (the annealed grid's columns: the columns let in after it are added by water_areas)
    ("Hudson River", 0.2, [(2.58, -0.42), (-0.42, -0.42), (-0.42, 11.5)]),  # along the board's edge
    ("Harlem River", RIVER_HALF, [(2.58, -0.42), "Water: Yankee Stadium", "Water: Grand Concourse South",
                                  "Water: Grand Concourse East", "Water: Hunts Point Av", "Water: Queens Plaza"]),
    ("East River", RIVER_HALF, ["Water: Queens Plaza", "Water: Hunters Point Av", "Water: Greenpoint Av", (6, 7),
                                (5, 8), "Water: York St South", "Water: Borough Hall South",
                                "Water: Borough Hall South-East", (3, 11.5)]),
    ("Wallabout Bay", RIVER_HALF, [(6, 7), "Water: Marcy Av"]),
    ("Upper New York Bay", 0.2, [(-0.42, 11.5), (5.5, 11.5)]),
)


def water_areas(cells: dict[str, tuple[int, int]], rivers=RIVERS) -> list[tuple[str, list[tuple[float, float]]]]:
    """The water polygons (board units) for a layout (the spread board's cells): each river's centre line widened
    to a band."""
    out = []
    for name, half, centre in rivers:
        pts = [to_board(cells[p] if isinstance(p, str) else (spread_x(p[0]), p[1])) for p in centre]
        out.append((name, band(pts, half * PITCH)))
    return out



def band(centre: list[tuple[float, float]], half: float) -> list[tuple[float, float]]:
    """An octilinear polyline (board units) widened to a closed polygon, ``half`` each side, mitred corners."""
    def normal(a, b):
        dx, dy = b[0] - a[0], b[1] - a[1]
        ln = math.hypot(dx, dy)
        return (-dy / ln, dx / ln)

    def cap(p, q):  # p pushed ``half`` further away from q: square ends, so bands that meet overlap
        ln = math.dist(p, q)
        return (p[0] + (p[0] - q[0]) / ln * half, p[1] + (p[1] - q[1]) / ln * half)

    centre = [cap(centre[0], centre[1])] + list(centre[1:-1]) + [cap(centre[-1], centre[-2])]
    left, right = [], []
    n = len(centre)
    for i, p in enumerate(centre):
        if i == 0:
            nx, ny = normal(p, centre[1])
            m = 1.0
        elif i == n - 1:
            nx, ny = normal(centre[-2], p)
            m = 1.0
        else:
            n1, n2 = normal(centre[i - 1], p), normal(p, centre[i + 1])
            bx, by = n1[0] + n2[0], n1[1] + n2[1]
            bl = math.hypot(bx, by)
            nx, ny = bx / bl, by / bl
            m = 1.0 / max(0.3, nx * n1[0] + ny * n1[1])
        left.append((round(p[0] + nx * half * m, 1), round(p[1] + ny * half * m, 1)))
        right.append((round(p[0] - nx * half * m, 1), round(p[1] - ny * half * m, 1)))
    return left + right[::-1]



# ------------------------------------------------------------------------------------------------
# a picture of the result (pygame only; SDL_VIDEODRIVER=dummy works)

KIND_COLOURS = {"standard": (150, 150, 150), "terminus": (200, 40, 40), "national_rail": (40, 90, 200),
                "start": (20, 20, 20), "water": (60, 150, 220)}


def draw(pos, edges, kinds, water, out, size=(1920, 1080), labels=True):
    """Water, connections (one stroke per track space), stations and names, fitted into ``size``; saved as PNG."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.init()
    W, H = size
    surf = pygame.Surface(size)
    surf.fill((244, 240, 228))
    k = min(W / WIDTH, H / HEIGHT)
    ox, oy = (W - WIDTH * k) / 2, (H - HEIGHT * k) / 2

    def sc(p):
        return (ox + p[0] * k, oy + p[1] * k)

    pygame.draw.rect(surf, (252, 250, 242), pygame.Rect(ox, oy, WIDTH * k, HEIGHT * k))
    for _, poly in water:
        pygame.draw.polygon(surf, (178, 214, 238), [sc(p) for p in poly])
    for u, v, spaces, *via in edges:
        pts = [sc(pos[u])] + [sc(p) for p in (via[0] if via else [])] + [sc(pos[v])]
        for a, b in zip(pts, pts[1:]):
            dx, dy = b[0] - a[0], b[1] - a[1]
            ln = math.hypot(dx, dy) or 1
            nx, ny = -dy / ln, dx / ln
            for i in range(spaces):
                off = (i - (spaces - 1) / 2) * 6 * k
                pygame.draw.line(surf, (90, 90, 90), (a[0] + nx * off, a[1] + ny * off),
                                 (b[0] + nx * off, b[1] + ny * off), max(1, round(3 * k)))
    font = pygame.font.Font(None, max(12, round(22 * k)))
    boxes = []
    r = 13 * k
    for n, p in pos.items():
        x, y = sc(p)
        ks = kinds.get(n, [])
        if "water" in ks:
            pts = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
            pygame.draw.polygon(surf, KIND_COLOURS["water"], pts)
            continue
        col = next((KIND_COLOURS[c] for c in ("start", "terminus", "national_rail") if c in ks),
                   KIND_COLOURS["standard"])
        pygame.draw.circle(surf, (255, 255, 255), (x, y), r)
        pygame.draw.circle(surf, col, (x, y), r, max(2, round(4 * k)))
        if "standard" in ks:
            pygame.draw.circle(surf, (120, 120, 120), (x, y), r * 0.45)
        boxes.append(pygame.Rect(x - r, y - r, 2 * r, 2 * r))
    if labels:
        for n, p in pos.items():
            if "water" in kinds.get(n, []):
                continue
            x, y = sc(p)
            img = font.render(n, True, (30, 30, 30))
            w, h = img.get_size()
            cands = [(x + r + 2, y - h / 2), (x - r - 2 - w, y - h / 2), (x - w / 2, y - r - h), (x - w / 2, y + r),
                     (x + r, y - r - h), (x + r, y + r), (x - r - w, y - r - h), (x - r - w, y + r)]
            best = min(cands, key=lambda c: sum(pygame.Rect(c[0], c[1], w, h).clip(b).width
                                                * pygame.Rect(c[0], c[1], w, h).clip(b).height for b in boxes))
            rect = pygame.Rect(best[0], best[1], w, h)
            boxes.append(rect)
            surf.blit(img, rect)
    pygame.image.save(surf, out)
    return out


def draw_png(map_path, out, size=(1920, 1080)):
    """Draw a map file (e.g. maps/newyork.toml) with :func:`draw`."""
    import tomllib

    m = tomllib.load(open(map_path, "rb"))
    pos = {s["name"]: (s["x"], s["y"]) for s in m["stations"]}
    kinds = {s["name"]: s.get("kinds", []) for s in m["stations"]}
    edges = [(c["a"], c["b"], c["spaces"], c.get("bends", [])) for c in m["connections"]]
    water = [(w["name"], [tuple(p) for p in w["points"]]) for w in m.get("water", [])]
    return draw(pos, edges, kinds, water, out, size)


def draw_view_png(map_path, out, size=(1920, 1080)):
    """The map as the play screen's board view draws it (stations, track spaces, names), with the water areas
    tinted underneath, fitted into ``size``; saved as PNG. Needs the repository's ``game`` package."""
    import os
    import sys
    from pathlib import Path

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    import pygame

    from game import mapfile
    from game.engine.board import from_mapfile
    from game.ui.board.view import BoardView

    pygame.init()
    mf = mapfile.load(map_path)
    view = BoardView(from_mapfile(mf), (0, 0, *size))
    view.fit()
    surf = pygame.Surface(size)
    surf.blit(view.static_layer(), (0, 0))
    tint = pygame.Surface(size)
    tint.fill((255, 255, 255))
    for area in mf.water:
        pygame.draw.polygon(tint, (170, 210, 240), [view.to_screen(x, y) for x, y in area.points])
    surf.blit(tint, (0, 0), special_flags=pygame.BLEND_MULT)
    px = view.label_px
    for i, rect in enumerate(view.label_rects()):
        text = view.names.labels[i][0]
        surf.blit(view.names.label_surface(text, px, 0), rect.topleft)
    pygame.image.save(surf, out)
    return out
