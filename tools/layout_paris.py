"""A schematic Paris board: stations on a square grid, connections horizontal, vertical or at 45 degrees.

No photo of the Paris board exists (see ../shared/reference/boards/README.md, Paris part), but the fan data gives
the printed board's grid cell of each of the 40 landmark stations (``paris-landmark-board-positions.csv``): 13
columns about 29.6 units apart and 12 rows about 20.6 apart. The printed grid is wider than tall, so here one
printed column counts as ``PRINTED_COL`` (29.6 / 20.6) square grid steps. The method:

1. an affine fit of latitude/longitude onto the printed grid, from the 40 landmark stations (about one grid
   step of error), places every station near where the printed board has it; the landmark stations start
   on their printed cell (stretched), and are pulled there harder than the others;
2. simulated annealing over grid cells (seeded, so the result is the same every run), with the New York
   layout's rules (``layout_newyork.check_layout``: octilinear, no crossings, nothing run over) as heavy
   costs, and light ones for long connections, turning from the real direction, drifting from the fitted
   position and two stations side by side in a row (their names would have no room);
3. hand fixes (:data:`FIXES`) for what the annealer leaves;
3b. (tenth session) a second, warm annealing with the names' room as a cost (:data:`W_NAME`: a station whose
   name has no place the play screen's hard rule allows, ``tools/paris_name_room.py``;
   ``tools/reanneal_paris_names.py``), its moves kept only where the play screen's own count says so
   (``tools/prune_paris_moves.py``); ``tools/paris_annealed_cells.json`` holds the result, hand fixes in;
4. room for the names (issue 22 item 1): empty columns put into the board (:data:`SPREAD_AFTER`,
   :func:`spread_line`);
5. the Seine as an octilinear band along a centre line set by hand between the stations (:data:`SEINE`);
   Paris has no water icons, so the river is drawing only and lines simply cross it;
6. a fisheye over the board's rows (:data:`FISHEYE`, :func:`board_positions`): the middle rows drawn further
   apart, the outer ones nearer, the board's size and every station's grid-reference square kept.

``tools/make_paris_map.py`` calls :func:`layout` (or reads ``tools/paris_annealed_cells.json``: steps 1-3b), then
:func:`board_layout` and :func:`board_positions`, and writes ``maps/paris.toml``; tests/maps/test_paris_map.py checks that this rebuilds it.
"""
from __future__ import annotations

import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from layout_newyork import (  # noqa: E402,F401  (the rules and drawing are New York's, shared)
    apply_routes, band, check_layout, draw_view_png, is_octilinear, point_in_polygon, segment_hits_polygon,
    segments_clash, _on_segment)

PITCH = 88.0  # grid spacing in board units, as New York (London's printed board: 85-89)
ORIGIN = (96.0, 92.0)  # board position of grid cell (0, 0)
COLS, ROWS = 22, 14  # the annealing's grid cells 0..COLS-1 x 0..ROWS-1
#: Empty columns put into the annealed layout, each after the given column (issue 22 item 1): the names are
#: written across, so a wider board gives them room, and the play screen's board view is wider than the board
#: (1.7 to 2.3 times as wide as tall, the board 1.56 before these): the board's height sets the zoom, so a column
#: costs no zoom until the board fills the view's width. A connection that crosses an added column at 45 degrees
#: takes a bend there: a horizontal piece across it (:func:`spread_line`). Chosen greedily, one column at a time,
#: by the play screen's names without room at 1920 x 1080 (four and five seats, table and laptop, summed): two
#: columns (11, 14) left 185, these five 131 (116 with the nudges in :data:`FIXES`). A sixth, after 15 (tried,
#: not kept), gave 110, the most per configuration 26 / 37 against 28 / 36 (2-4 / 5 seats), and room for
#: Saint-Sébastien - Froissart zoomed in at a five-seat 1280 x 720 table; but the board then fills the view's
#: width with four seats round a table and the route callouts found no free place there (the overlays audit's
#: four-seat table games: 5 faults at 1280 x 720 and 4 at 3840 x 2160, against 1 at 1920 x 1080 and 1 at
#: 3840 x 2160 with these five, none at c5f5f78). An added row costs zoom everywhere (the height sets it):
#: each one tried (after rows 1 to 10) raised the count, 191 to 204 against 185, so :data:`SPREAD_ROWS_AFTER` is
#: empty; :func:`spread_line` bends a slanted piece across an added row the same way (vertical), should one help.
SPREAD_AFTER: tuple[int, ...] = (8, 11, 12, 14, 17)
SPREAD_ROWS_AFTER: tuple[int, ...] = ()  # empty rows, each after the given row (none: see above)
BOARD_COLS = COLS + len(SPREAD_AFTER)  # the board's grid, after the spread
BOARD_ROWS = ROWS + len(SPREAD_ROWS_AFTER)
WIDTH, HEIGHT = round(2 * ORIGIN[0] + PITCH * (BOARD_COLS - 1)), round(2 * ORIGIN[1] + PITCH * (BOARD_ROWS - 1))
MIN_SPACING = 85.0
PAD, GRID_CELLS = 60.0, 10  # the paper round the outermost stations and the grid reference's squares along its
# longer side, as game/ui/board/geometry.py has them (tests/maps/test_paris_map.py checks they agree)
PRINTED_COL = 29.6 / 20.6  # one printed column in square grid steps (the printed grid's pitches, x / y)
PRINTED_OFFSET = (3.0, 1.0)  # grid cell of printed column 0, row 0 (room for La Défense west, termini north)

W_HARD = 400.0  # a crossing, a connection over a station, a connection off the eight directions
W_LEN = 6.0  # per grid step beyond the first
W_GEO = 0.4  # per squared grid step away from the fitted position
W_GEO_LANDMARK = 1.5  # the same for a landmark station, whose printed cell is known
W_DIR = 3.0  # per 45-degree turn away from the real direction of a connection
W_CROWD = 3.0  # another station next along the row (where the names go)
W_NAME = 40.0  # a station whose name has no place the play screen's hard rule allows (tools/paris_name_room.py)


def fit_positions(latlon: dict[str, tuple[float, float]],
                  printed: dict[str, tuple[int, int]]) -> dict[str, tuple[float, float]]:
    """Grid coordinates (floats) for every station: real positions fitted onto the printed grid by least
    squares over the landmark stations (x and y each an affine function of longitude and latitude), clamped to
    the grid; landmark stations take their printed cell."""
    k = math.cos(math.radians(48.86))

    def feat(n):
        lat, lon = latlon[n]
        return (lon * k * 100.0, lat * 100.0, 1.0)

    def target(cell):
        return (PRINTED_OFFSET[0] + cell[0] * PRINTED_COL, PRINTED_OFFSET[1] + cell[1])

    rows = [feat(n) for n in printed]
    coef = [_least_squares(rows, [target(printed[n])[axis] for n in printed]) for axis in (0, 1)]
    out = {}
    for n in latlon:
        if n in printed:
            x, y = target(printed[n])
        else:
            f = feat(n)
            x, y = (sum(a * b for a, b in zip(f, coef[axis])) for axis in (0, 1))
        out[n] = (min(COLS - 1.0, max(0.0, x)), min(ROWS - 1.0, max(0.0, y)))
    return out


def _least_squares(rows: list[tuple[float, ...]], values: list[float]) -> list[float]:
    """The coefficients c minimising sum((row . c - value)^2): normal equations, Gaussian elimination."""
    n = len(rows[0])
    m = [[sum(r[i] * r[j] for r in rows) for j in range(n)] + [sum(r[i] * v for r, v in zip(rows, values))]
         for i in range(n)]
    for i in range(n):
        piv = max(range(i, n), key=lambda r: abs(m[r][i]))
        m[i], m[piv] = m[piv], m[i]
        for r in range(n):
            if r != i:
                f = m[r][i] / m[i][i]
                m[r] = [a - f * b for a, b in zip(m[r], m[i])]
    return [m[i][n] / m[i][i] for i in range(n)]


class Annealer:
    """Stations on grid cells; :meth:`run` moves or swaps them to lower :meth:`local` costs."""

    def __init__(self, nodes, edges, init, landmarks=(), seed=1, start=None, names=None, allowed=None):
        """``names``: a paris_name_room.NameRoom, whose stations without room then cost W_NAME each (kept in
        step with the cells, only the stations near a move asked again); ``allowed(station, cell)``: whether a
        station may stand on a cell at all (the Seine's banks, the landmarks' printed cells), where given."""
        self.names = names
        self.allowed = allowed
        self.nodes = list(nodes)
        self.edges = [tuple(e) for e in edges]
        self.init = init
        self.geo_w = {n: (W_GEO_LANDMARK if n in set(landmarks) else W_GEO) for n in self.nodes}
        self.rng = random.Random(seed)
        self.inc = {n: [] for n in self.nodes}
        for k, (u, v) in enumerate(self.edges):
            self.inc[u].append(k)
            self.inc[v].append(k)
        self.real_dir = [math.atan2(init[v][1] - init[u][1], init[v][0] - init[u][0]) for u, v in self.edges]
        if start:
            self.pos = {n: tuple(start[n]) for n in self.nodes}
        else:
            self.pos = {}
            taken = set()
            for n in sorted(self.nodes, key=lambda n: -self.geo_w[n]):  # landmarks first: their cells are known
                fx, fy = init[n]
                cell = min(((c, r) for c in range(COLS) for r in range(ROWS) if (c, r) not in taken),
                           key=lambda cr: (cr[0] - fx) ** 2 + (cr[1] - fy) ** 2)
                self.pos[n] = cell
                taken.add(cell)
        self.occ = {c: n for n, c in self.pos.items()}
        self.boxes = [None] * len(self.edges)  # each connection's bounding box and ends, kept up to date
        self.local(self.nodes)
        assert len(self.occ) == len(self.pos), "two stations share a grid cell"

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
        steps = math.gcd(abs(dx), abs(dy))
        if steps > 1:
            sx, sy = dx // steps, dy // steps
            for i in range(1, steps):
                if (a[0] + sx * i, a[1] + sy * i) in self.occ:
                    cost += W_HARD
        return cost

    def node_cost(self, n):
        """Drift from the fitted position, and crowding: stations next along the row take its name's room."""
        c, r = self.pos[n]
        fx, fy = self.init[n]
        cost = self.geo_w[n] * ((c - fx) ** 2 + (r - fy) ** 2)
        for dc in (-1, 1):
            if (c + dc, r) in self.occ:
                cost += W_CROWD / 2  # counted from both stations
        return cost

    def local(self, moved):
        ks = set()
        for n in moved:
            ks.update(self.inc[n])
        pos = self.pos
        cost = sum(self.edge_cost(k) for k in ks)
        boxes = self._refresh(ks)
        for k in ks:
            x0, x1, y0, y1, a, b = boxes[k]
            for j, (jx0, jx1, jy0, jy1, c, d) in enumerate(boxes):
                if jx0 > x1 or jx1 < x0 or jy0 > y1 or jy1 < y0 or j == k or (j in ks and j < k):
                    continue
                if segments_clash(a, b, c, d):
                    cost += W_HARD
        near = set(moved)
        for n in moved:
            c, r = pos[n]
            for dc in (-1, 1):
                o = self.occ.get((c + dc, r))
                if o is not None:
                    near.add(o)
            p = pos[n]
            for j, (jx0, jx1, jy0, jy1, c2, d2) in enumerate(boxes):
                if p[0] < jx0 or p[0] > jx1 or p[1] < jy0 or p[1] > jy1 or j in ks:
                    continue
                if _on_segment(p, c2, d2):
                    cost += W_HARD
        cost += sum(self.node_cost(n) for n in near)
        return cost

    def _refresh(self, ks):
        """Bring the boxes of connections ``ks`` up to date (only the moved stations' connections change)."""
        pos, edges, boxes = self.pos, self.edges, self.boxes
        for k in ks:
            a, b = pos[edges[k][0]], pos[edges[k][1]]
            boxes[k] = (min(a[0], b[0]), max(a[0], b[0]), min(a[1], b[1]), max(a[1], b[1]), a, b)
        return boxes

    def hard_problems(self):
        pos = {n: (float(c), float(r)) for n, (c, r) in self.pos.items()}
        return check_layout(pos, self.edges, min_spacing=1.0)

    def move(self, n, cell):
        """Move n to cell, swapping with whoever is there."""
        old = self.pos[n]
        other = self.occ.get(cell)
        self.pos[n] = cell
        self.occ[cell] = n
        if other is not None:
            self.pos[other] = old
            self.occ[old] = other
        else:
            del self.occ[old]

    def run(self, steps, t0, t1, radius):
        """Anneal from temperature t0 down to t1 (geometric), trying cells up to ``radius`` away."""
        for i in range(steps):
            t = t0 * (t1 / t0) ** (i / steps)
            n = self.rng.choice(self.nodes)
            c, r = self.pos[n]
            cell = (min(COLS - 1, max(0, c + self.rng.randint(-radius, radius))),
                    min(ROWS - 1, max(0, r + self.rng.randint(-radius, radius))))
            if cell == (c, r):
                continue
            other = self.occ.get(cell)
            if self.allowed and not (self.allowed(n, cell) and (other is None or self.allowed(other, (c, r)))):
                continue
            moved = [n] + ([other] if other is not None else [])
            shifted = list(moved)
            moved += self._row_neighbours(cell) + self._row_neighbours((c, r))  # their crowding changes too
            names = self.names
            old_box = names.changed_box(shifted) if names is not None else None
            before = self.local(moved)
            self.move(n, cell)
            after = self.local(moved)
            delta = after - before
            tried = False
            if names is not None:
                names.update({m: self.pos[m] for m in shifted})
                if delta < 2 * W_NAME:  # (past that, too unlikely to be taken to weigh the names)
                    delta += W_NAME * (names.trial(shifted, old_box) - names.cost)
                    tried = True
            if delta > 0 and self.rng.random() >= math.exp(-delta / t):
                self.move(n, (c, r))  # undo (swaps back)
                self._refresh({k for m in moved for k in self.inc[m]})
                if names is not None:
                    names.update({m: self.pos[m] for m in shifted})
                    if tried:
                        names.rollback()
            elif names is not None:
                if not tried:
                    names.trial(shifted, old_box)
                names.commit()
        return self.pos

    def total(self):
        return self.local(self.nodes)

    def bad_stations(self) -> set[str]:
        """The stations at either end of a connection that breaks a rule, or standing on one."""
        pos, bad = self.pos, set()
        for k, (u, v) in enumerate(self.edges):
            a, b = pos[u], pos[v]
            if not is_octilinear(b[0] - a[0], b[1] - a[1]):
                bad |= {u, v}
            for n in self.nodes:
                if n not in (u, v) and _on_segment(pos[n], a, b):
                    bad |= {u, v, n}
            for j in range(k + 1, len(self.edges)):
                x, y = self.edges[j]
                if segments_clash(a, b, pos[x], pos[y]):
                    bad |= {u, v, x, y}
        return bad

    def repair(self, radius=2, rounds=40, log=print):
        """Steepest descent on the whole cost: each round makes the best single move (or swap) of a station
        that breaks a rule, to any cell within ``radius``; deterministic, for what annealing leaves."""
        for _ in range(rounds):
            bad = self.bad_stations()
            if not bad:
                return
            bad = sorted(bad | {m for n in bad for k in self.inc[n] for m in self.edges[k]})  # and neighbours
            here = self.total()
            best = (here, None)
            for n in bad:
                c, r = self.pos[n]
                for dc in range(-radius, radius + 1):
                    for dr in range(-radius, radius + 1):
                        cell = (c + dc, r + dr)
                        if cell == (c, r) or not (0 <= cell[0] < COLS and 0 <= cell[1] < ROWS):
                            continue
                        self.move(n, cell)
                        cost = self.total()
                        self.move(n, (c, r))
                        if cost < best[0] - 1e-9:
                            best = (cost, (n, cell))
            self.local(self.nodes)  # boxes back in step with the positions
            if best[1] is None:
                log(f"repair: stuck with {len(bad)} station(s) breaking a rule")
                return
            self.move(*best[1])
            self.local(self.nodes)
            log(f"repair: {best[1][0]} -> {best[1][1]} ({here:.0f} -> {best[0]:.0f})")

    def _row_neighbours(self, cell):
        c, r = cell
        return [self.occ[x] for x in ((c - 1, r), (c + 1, r)) if x in self.occ]


#: The annealing runs that made maps/paris.toml, in order, each starting where the last one ended.
STAGES = (
    dict(seed=11, steps=80_000, t0=40.0, t1=0.3, radius=3),
    dict(seed=111, steps=40_000, t0=4.0, t1=0.1, radius=2),
)
#: Hand fixes after annealing (station -> grid cell), applied by :func:`layout` after the annealing
#: (``make_paris_map.py --anneal``); tools/paris_annealed_cells.json has them in (since the tenth session's
#: re-annealing, which may move them on, it is no longer read with them applied over it). The annealer left two connections
#: slanted in the crowded centre; these cells give every station round them a straight or 45-degree way:
#: - Madeleine - Pyramides: Madeleine's lines left it north (Saint-Lazare), east (Opéra), south-east (Concorde),
#:   and Pyramides lay between east and south-east, where no octilinear direction is. Madeleine moves a row
#:   down, so Opéra is north-east, Pyramides east and Concorde south of it; Concorde, Palais-Royal and
#:   Sèvres - Babylone follow (Sèvres - Babylone now on the Seine's south bank, as in Paris).
#: - Oberkampf - République: République has seven lines and Oberkampf lay between Parmentier (east) and
#:   Saint-Sébastien - Froissart (south-east). Saint-Sébastien moves south of République (it and Chemin Vert
#:   swap), and the connection takes the freed south-east direction with two bends (:data:`BENDS`).
FIXES: dict[str, tuple[int, int]] = {
    "Madeleine": (9, 7),
    "Concorde": (9, 8),
    "Palais-Royal - Musée du Louvre": (10, 8),
    "Sèvres - Babylone": (9, 9),
    "Saint-Sébastien - Froissart": (14, 7),
    "Chemin Vert": (15, 7),
    # room for the names (issue 22 item 1), one step each, found by trying each station without room at
    # 1920 x 1080 in the free cells round it and keeping a move when the count fell (layout still clean, no
    # connection turned more than 45 degrees): 131 -> 116 names without room (four and five seats, table and
    # laptop, summed)
    "Champs-Élysées - Clemenceau": (8, 8),  # a row down, off Franklin D. Roosevelt's row
    "Charenton - Écoles": (20, 10),  # a row up, on the east edge
    "Lamarck - Caulaincourt": (10, 2),  # a row down, off the top row beside Porte de Clignancourt
}
#: Stations moved on the board's grid after the spread (station -> board cell), where a name still had no room
#: (issue 22 item 1); their connections are drawn again (:func:`board_layout`). Found by
#: tools/search_paris_nudges.py: each station without room tried a step in each direction (two east or west),
#: its connections kept straight and octilinear, none turned more than 45 degrees, the layout clean; a move kept
#: when the play screen's own placement left fewer names without room over six views (1920 x 1080 two and four
#: seats round a table, four on a laptop, five round a table; 3840 x 2160 and 1280 x 720 four round a table):
#: 212 -> 161 summed. Two kept moves were dropped after: Pasteur a column west cost four names at a five-seat
#: 1280 x 720 table (94 against 90 without any nudge); Boulogne - Pont de Saint-Cloud a column east, (1, 11) ->
#: (2, 11), the only station in its column: the board a column narrower, so more zoom where it fills the view's
#: width (four seats round a table). Tried again in the sixth session (commit 9f0317c has it), measured with the
#: audit's games (most names without room per configuration, 2-4 / 5 seats): 3840 x 2160 28 / 34 -> 22 / 34,
#: 1920 x 1080 24 / 35 unchanged (four on a laptop sets it; four round a table 22 -> 16), but 1280 x 720 69 / 89
#: -> 71 / 90 (Boulogne and Michel-Ange lose their room on a laptop: the card's west edge comes a column in), and
#: the tie callout of tests/ui/test_overlays_clear.py at 1280 x 720 then lies over two tokens. No step of a
#: west-edge station beside it won those two back on a four-seat 1280 x 720 laptop (``--pairs`` and single
#: steps of Michel-Ange, Jasmin, Marcel Sembat, Pont de Sèvres, Charles Michels, Porte Maillot, Boucicaut, La
#: Muette, Balard: 70 at best); Jasmin a step north-west gave Michel-Ange back round a table but cost the laptop
#: views four west-edge names. The spread board's cell is in each comment.
NUDGES: dict[str, tuple[int, int]] = {
    "Censier - Daubenton": (17, 10),  # (16, 10): into the empty column east of it
    "Chemin Vert": (18, 7),  # (19, 7): a column west
    # Daumesnil (23, 10), a row down, dropped (tenth session, second round): back at (23, 9) with its three
    # connections bent, a name fewer without room at 1920 x 1080 and 1280 x 720 round a table (docs/boards.md)
    "Charles Michels": (3, 10),  # (4, 10): a column west (tenth session, for the 1280 x 720 views)
    "Châtillon - Montrouge": (10, 12),  # (10, 13): a row up off the bottom edge
    "La Fourche": (9, 3),  # (8, 3): into the empty column east of it
    "Louis Blanc": (18, 4),  # (19, 4): a column west
    "Miromesnil": (8, 7),  # (7, 7): into the empty column east of it
    "Notre-Dame-de-Lorette": (12, 4),  # (12, 3): a row down (tenth session, with the tie callout's free place)
    "Olympiades": (22, 12),  # (21, 12): a column east
    "Pont de Sèvres": (3, 12),  # (2, 12): a column east
    "Saint-Mandé": (24, 8),  # (24, 7): a row down
    "Saint-Michel Notre-Dame": (13, 9),  # (14, 9): a column west (tenth session, for the 1280 x 720 views)
}
#: What the layout still breaks; tools/make_paris_map.py fails on anything else, and the map's test accepts
#: exactly these. Empty since the hand fixes above.
KNOWN_PROBLEMS: tuple[str, ...] = ()
#: Connections drawn with a bend (a -> b: grid cells between them), where no straight line fits; each piece is
#: horizontal, vertical or at 45 degrees. Oberkampf - République leaves République south-east, runs east half a
#: row below Parmentier's line and reaches Oberkampf from the north-west (found by :func:`find_bends`).
BENDS: dict[tuple[str, str], list[tuple[float, float]]] = {
    ("Oberkampf", "République"): [(16.5, 6.5), (14.5, 6.5)],
}


def find_bends(cells, edges, known=None, log=print) -> dict[tuple[str, str], list[tuple[float, float]]]:
    """Bend points (grid cells, on a half-step grid) for each connection that is not octilinear: the shortest
    path of one or two bends whose pieces are octilinear and that breaks no rule (checked on the whole board)."""
    bends = dict(known or {})
    pos = {n: (float(c), float(r)) for n, (c, r) in cells.items()}

    def ok(path_bends, edge):
        trial = dict(bends)
        trial[edge] = path_bends
        return not [p for p in check_layout(pos, edges, min_spacing=1.0, bends=trial)
                    if p.startswith(f"{edge[0]} - {edge[1]} ") or f" crosses {edge[0]} - {edge[1]}" in p]

    for u, v in edges:
        a, b = pos[u], pos[v]
        if (u, v) in bends or is_octilinear(b[0] - a[0], b[1] - a[1]):
            continue
        x0, x1 = min(a[0], b[0]) - 1, max(a[0], b[0]) + 1
        y0, y1 = min(a[1], b[1]) - 1, max(a[1], b[1]) + 1
        pts = [(x0 + i / 2, y0 + j / 2) for i in range(int((x1 - x0) * 2) + 1) for j in range(int((y1 - y0) * 2) + 1)]
        paths = []
        for p in pts:
            if is_octilinear(p[0] - a[0], p[1] - a[1]) and p != a and p != b:
                if is_octilinear(b[0] - p[0], b[1] - p[1]):
                    paths.append([p])
                for q in pts:
                    if q not in (p, a, b) and is_octilinear(q[0] - p[0], q[1] - p[1]) \
                            and is_octilinear(b[0] - q[0], b[1] - q[1]):
                        paths.append([p, q])

        def length(path):
            pts_ = [a] + path + [b]
            return sum(math.dist(s, t) for s, t in zip(pts_, pts_[1:])) + 0.3 * len(path)

        for path in sorted(paths, key=length):
            if ok(path, (u, v)):
                bends[(u, v)] = path
                log(f"bend: {u} - {v} via {path}")
                break
        else:
            log(f"bend: none found for {u} - {v}")
    return bends


def layout(latlon, edges, printed, stages=STAGES, fixes=None, log=print):
    """Grid cells for every station: the fit, the annealing stages, then the hand fixes."""
    init = fit_positions(latlon, printed)
    cells = None
    for st in stages:
        st = dict(st)
        ann = Annealer(list(latlon), edges, init, landmarks=printed, seed=st.pop("seed"), start=cells)
        ann.run(**st)
        cells = dict(ann.pos)
        log(f"stage: {len(ann.hard_problems())} hard problem(s)")
    ann.repair(log=log)
    cells = dict(ann.pos)
    log(f"repaired: {len(ann.hard_problems())} hard problem(s)")
    for n, c in (FIXES if fixes is None else fixes).items():
        cells[n] = tuple(c)
    return cells


def _shift(v: float, gaps) -> float:
    """A grid coordinate after the empty columns (or rows) ``gaps`` are put in: one step for each gap before it
    (a point on a gap's line, g + 0.5, stays before it)."""
    return v + sum(1 for g in gaps if g + 0.5 < v)


def _gaps(after, rows_after):
    """The columns and rows to put in: the given ones, or the board's (:data:`SPREAD_AFTER`, ...)."""
    return (SPREAD_AFTER if after is None else after), (SPREAD_ROWS_AFTER if rows_after is None else rows_after)


def spread_cell(cell, after=None, rows_after=None) -> tuple[int, int]:
    """A station's cell after the empty columns and rows are put in."""
    after, rows_after = _gaps(after, rows_after)
    return (round(_shift(cell[0], after)), round(_shift(cell[1], rows_after)))


def unspread_cell(cell, after=None, rows_after=None) -> tuple[int, int]:
    """A board cell on the annealing's grid (the spread's columns and rows taken out)."""
    after, rows_after = _gaps(after, rows_after)

    def back(v, gaps):
        gaps = sorted(gaps)
        return v - sum(1 for k, g in enumerate(gaps) if g + k + 1 < v)

    return (back(cell[0], after), back(cell[1], rows_after))


def _spread_axis(points, gaps, axis: int) -> list[tuple[float, float]]:
    """``points`` with the empty lines ``gaps`` put in across ``axis`` (0: columns, 1: rows). A piece that
    crosses a gap slanted gets a straight piece across it, where it met the gap, so every piece keeps its
    direction."""
    if not gaps:
        return [tuple(p) for p in points]
    o = 1 - axis

    def pt(a, b):
        return (a, b) if axis == 0 else (b, a)

    out = [pt(_shift(points[0][axis], gaps), points[0][o])]
    for p, q in zip(points, points[1:]):
        pa, qa, po, qo = p[axis], q[axis], p[o], q[o]
        if po != qo:
            crossed = sorted({g for g in gaps if min(pa, qa) <= g + 0.5 < max(pa, qa)}, reverse=qa < pa)
            for g in crossed:
                c = po + (qo - po) * (g + 0.5 - pa) / (qa - pa)
                a_in = g + 0.5 + sum(1 for h in gaps if h < g)
                a_out = a_in + sum(1 for h in gaps if h == g)
                out += [pt(a_in, c), pt(a_out, c)] if qa > pa else [pt(a_out, c), pt(a_in, c)]
        out.append(pt(_shift(qa, gaps), qo))
    return [a for k, a in enumerate(out) if k == 0 or a != out[k - 1]]


def spread_line(points, after=None, rows_after=None) -> list[tuple[float, float]]:
    """A line through grid points (a connection with its bends, the Seine) after the empty columns and rows are
    put in: a piece that crosses an added column slanted gets a horizontal piece across it, one that crosses an
    added row a vertical one, so every piece keeps its direction."""
    after, rows_after = _gaps(after, rows_after)
    return _spread_axis(_spread_axis(points, after, 0), rows_after, 1)


#: Connections routed by hand on the board's grid (connection -> board cells between its ends, half steps allowed;
#: an empty list: straight), applied after the spread and the nudges (issue 22 item 1, eleventh session): a
#: connection that leaves a hub, runs beside a neighbour and then turns, as printed metro maps route lines round
#: an interchange, can leave a side of a station free for its name. Found by tools/search_paris_bends.py (the
#: connections that bar the best places of the names without room, tools/why_names.py).
ROUTES: dict[tuple[str, str], list[tuple[float, float]]] = {
    ("Poissonnière", "Gare de l'Est"): [(15.5, 4.5), (16.5, 4.5)],
    ("Barbès - Rochechouart", "Gare du Nord"): [(15.0, 3.0), (16.0, 3.0)],
    ("Miromesnil", "Saint-Lazare"): [(9.0, 6.0), (9.5, 5.5)],
    ("La Motte-Picquet - Grenelle", "Champ de Mars - Tour Eiffel"): [(7.0, 9.5), (6.5, 9.0)],
    ("Hôtel de Ville", "Rambuteau"): [(16.5, 7.5), (16.5, 7.0)],
    ("Miromesnil", "Champs-Élysées - Clemenceau"): [(8.5, 7.5)],
    ("Saint-Placide", "Sèvres - Babylone"): [(10.5, 10.5), (10.0, 10.0)],
    ("Jussieu", "Gare d'Austerlitz"): [(17.5, 8.5), (18.0, 9.0)],
    ("Pyramides", "Opéra"): [(12.0, 6.5), (11.5, 6.5)],
    ("Richelieu - Drouot", "Strasbourg - Saint-Denis"): [(15.0, 5.0), (15.5, 4.5)],
    ("Place de Clichy", "Villiers"): [(8.0, 4.0)],
    ("Place de Clichy", "La Fourche"): [(10.0, 3.0)],
    ("Saint-Denis - Université", "Mairie de Saint-Ouen"): [(9.0, 1.0)],
}


def board_layout(cells, edges, after=None, rows_after=None, nudges=None, routes=None):
    """The board's grid cells and bends from the annealed cells (hand fixes applied): the empty columns and rows
    put in, a connection that crosses one slanted bent across it (:func:`spread_line`), then the nudges
    (:data:`NUDGES`), each nudged station's connections drawn straight again or, where no straight line is
    octilinear, through the shortest bends that break no rule (:func:`find_bends`)."""
    nudges = NUDGES if nudges is None else nudges
    bends = {}
    for u, v in edges:
        line = spread_line([cells[u], *BENDS.get((u, v), []), cells[v]], after, rows_after)
        if len(line) > 2:
            bends[(u, v)] = line[1:-1]
    board = {n: spread_cell(c, after, rows_after) for n, c in cells.items()}
    if nudges:
        board.update({n: tuple(c) for n, c in nudges.items()})
        for e in [e for e in bends if set(e) & set(nudges)]:
            del bends[e]
        bends = find_bends(board, edges, known=bends, log=lambda *_: None)
    return board, apply_routes(bends, edges, ROUTES if routes is None else routes)


def to_board(cell) -> tuple[float, float]:
    return (ORIGIN[0] + PITCH * cell[0], ORIGIN[1] + PITCH * cell[1])


def to_cell(xy) -> tuple[int, int]:
    return (round((xy[0] - ORIGIN[0]) / PITCH), round((xy[1] - ORIGIN[1]) / PITCH))


# ------------------------------------------------------------------------------------------------
# the fisheye (issue 22 item 1, seventh session)

#: A fisheye over the board's grid, the last step of the layout: the lines of each axis (``"cols"``, ``"rows"``)
#: drawn a different distance apart, wider round ``centre`` (a grid line) and narrower towards the edges, each gap
#: ``1 + strength * exp(-((k + 0.5 - centre) / spread) ** 2 / 2)`` times a common factor chosen so that the
#: outermost stations stay where they were: the board keeps its size, so the view's zoom is unchanged and the
#: crowded middle gets the room the sparse edges give up. A gap between two stations one above the other (or side
#: by side, for columns) stays at least :data:`MIN_SPACING`; any other gap at least ``floor`` pitches. The order of
#: rows and columns, so every direction between stations, is kept; a 45-degree piece whose run and rise no longer
#: match is drawn 45 degrees from both ends with a straight piece between (:func:`octilinear_pieces`).
FISHEYE: dict[str, dict[str, float]] = {"rows": dict(centre=6.0, spread=3.4, strength=0.3, floor=0.75)}


def gap_sizes(gaps: int, tight: set[int], centre: float, spread: float, strength: float,
              floor: float) -> list[int]:
    """Board units between grid line k and k + 1 for k < ``gaps``, summing to ``gaps`` pitches (whole units)."""
    want = [1 + strength * math.exp(-((k + 0.5 - centre) / spread) ** 2 / 2) for k in range(gaps)]
    low = [math.ceil(MIN_SPACING if k in tight else floor * PITCH) for k in range(gaps)]
    total = round(PITCH * gaps)
    lo, hi = 0.0, 4.0 * PITCH
    for _ in range(60):  # the common factor: the gaps' sum rises with it
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if sum(max(m, mid * w) for m, w in zip(low, want)) < total else (lo, mid)
    size = [max(m, hi * w) for m, w in zip(low, want)]
    out = [max(m, math.floor(v)) for m, v in zip(low, size)]
    for k in sorted(range(gaps), key=lambda k: out[k] - size[k])[:max(0, total - sum(out))]:
        out[k] += 1  # the units lost to rounding down, to the gaps that lost most
    return out


def grid_lines(cells: dict, fisheye: dict | None = None) -> tuple[list[float], list[float]]:
    """The board coordinate of each grid column and row (:data:`FISHEYE` applied between the outermost
    stations' lines; beyond them a pitch apart), each line kept in its square of the play screen's grid
    reference (:func:`reference_squares`: a card's "Liège E2" stays true)."""
    fisheye = FISHEYE if fisheye is None else fisheye
    squares = reference_squares(cells)
    out = []
    for axis, key, count in ((0, "cols", BOARD_COLS), (1, "rows", BOARD_ROWS)):
        used = [c[axis] for c in cells.values()]
        first, last = min(used), max(used)
        lines = [ORIGIN[axis] + PITCH * k for k in range(count)]
        if key in fisheye:
            occupied = set(map(tuple, cells.values()))
            tight = {c[axis] - first for c in occupied if (c[0] + (axis == 0), c[1] + (axis == 1)) in occupied}
            p = dict(fisheye[key])
            p["centre"] -= first
            edges = squares[axis]
            for k, g in enumerate(gap_sizes(last - first, tight, **p)):
                v = lines[first + k] + g
                sq = max(i for i, e in enumerate(edges) if e <= lines[first + k + 1])  # the line's square
                lines[first + k + 1] = min(max(v, edges[sq] + 1), edges[sq + 1] - 1)
        out.append(lines)
    return out[0], out[1]


def reference_squares(cells: dict) -> tuple[list[float], list[float]]:
    """The edges of the play screen's grid reference squares across and down the board (board units), as
    ``game/ui/board/geometry.py`` draws them: the paper is the outermost stations plus ``PAD``, cut into squares
    about ``GRID_CELLS`` along its longer side. The fisheye keeps the outermost stations, so these stay."""
    lo = [ORIGIN[a] + PITCH * min(c[a] for c in cells.values()) - PAD for a in (0, 1)]
    hi = [ORIGIN[a] + PITCH * max(c[a] for c in cells.values()) + PAD for a in (0, 1)]
    cell = max(h - l for l, h in zip(lo, hi)) / GRID_CELLS
    counts = (min(26, max(1, round((hi[0] - lo[0]) / cell))), max(1, round((hi[1] - lo[1]) / cell)))
    return tuple([lo[a] + (hi[a] - lo[a]) * i / n for i in range(n)] + [math.inf]
                 for a, n in enumerate(counts))


def _on_lines(v: float, lines: list[float]) -> float:
    """A grid coordinate (fractions too: bends, the Seine) in board units over ``lines``."""
    k = min(max(int(math.floor(v)), 0), len(lines) - 2)
    return lines[k] + (v - k) * (lines[k + 1] - lines[k])


def place(cell, lines) -> tuple[float, float]:
    """A grid point in board units over the fisheye's ``lines`` (:func:`grid_lines`)."""
    return (_on_lines(cell[0], lines[0]), _on_lines(cell[1], lines[1]))


def cell_of(xy, lines) -> tuple[int, int]:
    """The grid cell of a board position over ``lines`` (the nearest column and row)."""
    return tuple(min(range(len(ls)), key=lambda k: abs(ls[k] - v)) for v, ls in zip(xy, lines))


def octilinear_pieces(p, q, where: float = 0.5) -> list[tuple[float, float]]:
    """Bends between p and q (board units) so every piece is horizontal, vertical or at 45 degrees: a slanted
    piece whose run and rise differ goes at 45 degrees from both ends, the rest straight, ``where`` of the 45
    degrees before the straight piece."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    if not dx or not dy or abs(dx) == abs(dy):
        return []
    m = min(abs(dx), abs(dy))
    sx, sy = math.copysign(1, dx), math.copysign(1, dy)
    a = round(m * where * 2) / 2
    out = [(p[0] + sx * a, p[1] + sy * a), (q[0] - sx * (m - a), q[1] - sy * (m - a))]
    return [b for b in out if b != tuple(p) and b != tuple(q)]


def _straightened(pts: list) -> list:
    """``pts`` without the points where a line goes on in the same direction."""
    out = [pts[0]]
    for k in range(1, len(pts) - 1):
        (ax, ay), (bx, by), (cx, cy) = out[-1], pts[k], pts[k + 1]
        if abs((bx - ax) * (cy - by) - (by - ay) * (cx - bx)) > 1e-9 or (bx - ax) * (cx - bx) + (by - ay) * (cy - by) < 0:
            out.append(pts[k])
    return out + [pts[-1]]


def board_positions(cells, grid_bends, edges, fisheye=None):
    """(positions, bends, grid lines) in board units: the board's cells and bends over the fisheye's grid lines,
    each piece kept octilinear (:func:`octilinear_pieces`, its straight piece in the middle, or at either end
    where the middle breaks a rule)."""
    lines = grid_lines(cells, fisheye)
    pos = {n: place(c, lines) for n, c in cells.items()}
    paths = {(u, v): [place(c, lines) for c in grid_bends.get((u, v), [])] for u, v in edges}

    def bent(e, where=None):
        pts = [pos[e[0]], *paths[e], pos[e[1]]]
        out = [pts[0]]
        for k, (p, q) in enumerate(zip(pts, pts[1:])):
            w = where if where is not None else 0.5 if len(pts) == 2 else 1.0 if k == 0 else 0.0 if \
                k == len(pts) - 2 else 0.5  # a station's own piece leaves it at 45 degrees
            out += octilinear_pieces(p, q, w) + [q]
        return _straightened(out)[1:-1]

    bends = {e: bent(e) for e in paths}
    for where in (0.5, 0.0, 1.0):
        problems = check_layout(pos, edges, bends={e: b for e, b in bends.items() if b})
        for e in [e for e in paths if bends[e] != paths[e]]:
            label = f"{e[0]} - {e[1]}"
            if any(p.startswith(label + " ") or p.endswith(" " + label) or f" {label} crosses" in p
                   for p in problems):
                bends[e] = bent(e, where)
    return pos, {e: b for e, b in bends.items() if b}, lines


# ------------------------------------------------------------------------------------------------
# the Seine

#: The Seine's centre line in grid cells, east to west (set by hand between the stations of the layout above);
#: widened by SEINE_HALF pitches each side. :func:`seine_problems` says when it no longer fits the layout. Both ends
#: stop at the board card's edge (60 units beyond the outermost stations): the river is not drawn past the paper.
SEINE_HALF = 0.22
SEINE: list[tuple[float, float]] = [
    (20.45, 11.5), (17.5, 11.5),  # in from the east: Charenton and Cour Saint-Émilion north, Olympiades south
    (16.5, 10.5), (15.5, 9.5), (15.5, 8.5),  # between Bercy and Quai de la Gare, Gare de Lyon and Austerlitz
    (4.5, 8.5),  # west between the rows: Châtelet / Saint-Michel, Concorde / Invalides, Trocadéro / Champ de Mars
    (3.5, 9.5), (3.5, 10.5), (4.5, 11.5), (4.5, 13.45),  # south-west: Jasmin, Michel-Ange, Marcel Sembat west
]


def water_areas(seine=None, lines=None) -> list[tuple[str, list[tuple[float, float]]]]:
    """The water polygons in board units: the Seine's centre line widened to a band (over the fisheye's grid
    ``lines`` when given, :func:`grid_lines`)."""
    line = spread_line(SEINE) if seine is None else seine
    if len(line) < 2:
        return []
    return [("Seine", band([place(p, lines) if lines else to_board(p) for p in line], SEINE_HALF * PITCH))]


def seine_problems(pos: dict[str, tuple[float, float]], water) -> list[str]:
    """Stations standing in the river, or too close to its bank for their circle (drawing only: lines may
    cross it, Paris has no water icons)."""
    out = []
    for name, poly in water:
        for n, p in pos.items():
            if point_in_polygon(p, poly) or any(point_in_polygon((p[0] + dx, p[1] + dy), poly)
                                                for dx, dy in ((14, 0), (-14, 0), (0, 14), (0, -14))):
                out.append(f"station {n} stands in the {name}")
    return out

