"""The board on screen: our own transit-map drawing of a map file, with zoom, pan and hit-testing.

Board coordinates are the map file's (London: a 1600 x 1078 grid). The view keeps a scale ``s`` (screen
pixels per board unit) and the board point shown at the centre of its rect. Drawing is split so a frame
costs little: a *static* sheet (background, empty track spaces, stations, connection tiles) rebuilt only
on zoom or resize (a pan moves a window over it), and a *state* layer (static + glow, tokens, station
names, destinations, passenger) rebuilt only when the position, the selection or the view changes.
Animations draw on top of that each frame.

Everything is drawn at the target pixel size with antialiased primitives and text rendered at its final
size, so 1280x720 and 3840x2160 are both crisp.
"""
from __future__ import annotations

import math
import random
from typing import Iterable, Sequence

import pygame

from ..engine.board import Board
from . import theme as th
from .cities import draw_symbol, drawing_for
from .surfaces import Reusable
from .seats import EDGE_ROTATION

# Sizes in board units (the London grid is ~86 units between neighbouring stations).
LANE_GAP = 8.0  # centre to centre of parallel track spaces
SLOT_W = 0.62  # empty track space width, as a fraction of LANE_GAP
TOKEN_W = 0.82  # token width, as a fraction of LANE_GAP
R_STANDARD = 7.0
R_EXPRESS = 10.0
R_TERMINUS = 8.0
R_NATIONAL = 9.5
R_CONNECTION = 14.0
R_START = 12.0
PAD = 60.0  # board units around the outermost stations, room for names
MAX_ZOOM = 4.0
SHEET_LIMIT = 2.5  # the static sheet may be this many times the view's area before it is cut to the view
MIN_LABEL_PX = 11
SETTLE_STEPS = 600  # the names' last search (_settle_clashes): moves per run
# the search's work bound, in names looked at (each grid cell's names when a place is weighed): Berlin at 1280x720
# needs 0.61 million, Paris 1.17 million; a window far too small for the names (640x360, five seats) would take
# 50 million (about 47 s of processor time) and now stops at the bound with the best places found by then
SETTLE_WORK = 1_200_000

# Names placed for one board at one zoom, pixel size and turn: the same every time (the last search is seeded
# and bounded by counted work), and a board view is built anew for every game, restart, replay and kiosk demo.
# The last few placements are kept (a few kB each): a new view of a board already seen places nothing.
PLACEMENT_CACHE_SIZE = 24
_placements: "dict[tuple, tuple]" = {}
SETTLE_RUNS = 2  # runs (each from the same start, seeded differently; the best kept)
SETTLE_HEAT = 1.0  # how readily a worse place is taken at first (in the weights below)
SETTLE_NAME = 4.0  # a name too close to another (twice when they overlap)
SETTLE_BADGE = 6.0  # a destination badge over a name
SETTLE_OWN_BADGE = 0.0  # its own station's badge, the first time (it may move to another corner)
SETTLE_MARK = 2.0  # a city's mark (Berlin's stacks) wholly under a name (more than a fifth: plus SETTLE_NAME)
SETTLE_STATION = 1.0  # another station's symbol under a name
LABEL_GAP = 0.45  # least space between two names, as a fraction of the name's pixel size
REBUILD_SLICE_S = 0.006  # a progressive rebuild works this long per frame
LAYER_ORDER = ("glow", "symbol", "city", "token", "letters", "label", "dest", "passenger")  # state layer, bottom up
GLOW_END_W, GLOW_END_ALPHA = 3.0, 200  # halo width (lane gaps) and opacity at a line's ends
GLOW_OPEN_W, GLOW_OPEN_ALPHA = 2.0, 110  # lighter before a line's first token, when every space glows
DEST_STANDARD = (0, 128, 128)  # teal: the standard-destination badge, a colour no line has
# where a destination badge may sit (in station radii from its centre), preferred first
BADGE_CORNERS = ((0.95, -0.95), (-0.95, -0.95), (0.95, 0.95), (-0.95, 0.95), (1.6, 0.0), (-1.6, 0.0),
                 (0.0, 1.6), (0.0, -1.6), (1.5, -1.5), (-1.5, -1.5), (1.5, 1.5), (-1.5, 1.5))

GRID_CELLS = 10  # the grid reference: about this many squares along the paper's longer side

KIND_ORDER = ("start", "connection", "terminus", "national_rail", "express", "standard")

Point = tuple[float, float]


def station_kind(kinds: Iterable[str]) -> str:
    """The one kind that decides a station's symbol (a map may give several)."""
    ks = set(kinds)
    for k in KIND_ORDER:
        if k in ks:
            return k
    return "standard"


def lane_offset(spaces: int, k: int) -> float:
    """Lane ``k``'s offset from a connection's centre line, in lane gaps: the printed spaces centred, then
    extra lanes (Paris: tokens on a full connection) alternately beyond either side, so each stays a lane."""
    if k < spaces:
        return k - (spaces - 1) / 2
    j = k - spaces
    return (1 if j % 2 == 0 else -1) * ((spaces - 1) / 2 + 1 + j // 2)


def _radius_units(kind: str) -> float:
    return {"standard": R_STANDARD, "express": R_EXPRESS, "terminus": R_TERMINUS,
            "national_rail": R_NATIONAL, "connection": R_CONNECTION, "start": R_START}.get(kind, R_STANDARD)


def _mix(a: Sequence[int], b: Sequence[int], t: float) -> tuple[int, int, int]:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def _seg_dist(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> float:
    dx, dy = bx - ax, by - ay
    ll = dx * dx + dy * dy
    t = 0.0 if ll == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / ll))
    qx, qy = ax + t * dx - px, ay + t * dy - py
    return math.hypot(qx, qy)


def _clip_len(ax: float, ay: float, bx: float, by: float, r: tuple[float, float, float, float]) -> float:
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


class _Snapshot:
    """The tokens of a position as they were when a progressive rebuild began (the game may go on)."""

    def __init__(self, state):
        self.tokens = [tuple(t) for t in state.tokens]
        self.lines = state.lines
        self.setup = state.setup
        self.landmarks_left = list(getattr(state, "landmarks_left", ()))  # Berlin's stacks (city marks)


def _merge(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Overlapping rects joined into their unions until none overlap."""
    out: list[pygame.Rect] = []
    for r in rects:
        r = pygame.Rect(r)
        while True:
            j = r.collidelist(out)
            if j < 0:
                break
            r = r.union(out.pop(j))
        out.append(r)
    return out


def _names_cover(bb, cells, lgrid, boxes) -> float:
    """How much of the names' area a badge's box ``bb`` covers (each name counted once; ``lgrid``: grid cell ->
    names placed there)."""
    cover = 0.0
    seen = set()
    for k in cells(bb):
        for j in lgrid.get(k, ()):
            if j not in seen:
                seen.add(j)
                cover += _overlap(bb, boxes[j])
    return cover


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def unreadable_names(boxes: dict[int, tuple[float, float, float, float]], need: dict[int, tuple],
                     halo: float) -> set[int]:
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
            if _overlap(a, b) > 0:
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


# ------------------------------------------------------------------------------------------------
# primitives


def capsule(surf: pygame.Surface, colour, p: Point, q: Point, w: float) -> None:
    """A thick antialiased stroke with round ends."""
    r = w / 2
    if r < 0.75:
        pygame.draw.aaline(surf, colour, p, q)
        return
    pygame.draw.aaline(surf, colour, p, q, max(1, round(w)))
    pygame.draw.aacircle(surf, colour, p, r)
    pygame.draw.aacircle(surf, colour, q, r)


def disc(surf: pygame.Surface, colour, c: Point, r: float, width: int = 0) -> None:
    pygame.draw.aacircle(surf, colour, c, max(0.5, r), width)


def aapoly(surf: pygame.Surface, colour, pts: Sequence[Point]) -> None:
    """A filled polygon with antialiased edges."""
    pygame.draw.polygon(surf, colour, pts)
    pygame.draw.aalines(surf, colour, True, pts)


def star_points(cx: float, cy: float, r: float, points: int = 5, inner: float = 0.45) -> list[Point]:
    out = []
    for i in range(points * 2):
        a = -math.pi / 2 + i * math.pi / points
        rr = r if i % 2 == 0 else r * inner
        out.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return out


def draw_passenger_figure(surf: pygame.Surface, c: Point, r: float, ink, ring, fill=(255, 255, 255)) -> None:
    """The passenger: a dark disc with a white figure and a bright ring, unlike any station symbol."""
    cx, cy = c
    disc(surf, ring, c, r * 1.18)
    disc(surf, ink, c, r)
    disc(surf, fill, (cx, cy - r * 0.38), r * 0.24)
    body = [(cx - r * 0.42, cy + r * 0.58), (cx - r * 0.32, cy - r * 0.02), (cx + r * 0.32, cy - r * 0.02),
            (cx + r * 0.42, cy + r * 0.58)]
    aapoly(surf, fill, body)


def lane_pattern(surf: pygame.Surface, colour: str, p: Point, q: Point, w: float) -> None:
    """A line's pattern drawn along a token (the theme's patterns, laid along the lane)."""
    pat = th.line_pattern(colour)
    if pat == "solid":
        return
    mark = th.ink_on(colour)
    dx, dy = q[0] - p[0], q[1] - p[1]
    L = math.hypot(dx, dy)
    if L < 1 or w < 3:
        return
    ux, uy = dx / L, dy / L
    nx, ny = -uy, ux
    h = w * 0.36  # half-height of marks across the token
    pitch = max(3.0, w * 1.1)
    n = max(1, int((L - w * 0.5) / pitch))
    start = (L - (n - 1) * pitch) / 2
    t = max(1, round(w / 5))

    def at(s: float, o: float = 0.0) -> Point:
        return (p[0] + ux * s + nx * o, p[1] + uy * s + ny * o)

    if pat == "zigzag":
        pts = [at(start + i * pitch / 2, h if i % 2 else -h) for i in range(2 * n - 1)]
        if len(pts) > 1:
            pygame.draw.aalines(surf, mark, False, pts)
        return
    if pat == "dashes":
        for i in range(n):
            s = start + i * pitch
            pygame.draw.aaline(surf, mark, at(s - pitch * 0.28), at(s + pitch * 0.28), t)
        return
    if pat == "grid":
        pygame.draw.aaline(surf, mark, at(start - pitch * 0.5), at(start + (n - 0.5) * pitch))
    for i in range(n):
        s = start + i * pitch
        if pat == "stripes":
            pygame.draw.aaline(surf, mark, at(s - h * 0.7, -h), at(s + h * 0.7, h), t)
        elif pat == "dots":
            disc(surf, mark, at(s), max(0.9, w * 0.16))
        elif pat in ("bars", "grid"):
            pygame.draw.aaline(surf, mark, at(s, -h), at(s, h), t)
        elif pat == "checks":
            o = h * 0.5 if i % 2 else -h * 0.5
            a = at(s, o)
            e = max(1.0, w * 0.18)
            pygame.draw.polygon(surf, mark, [(a[0] + ux * e + nx * e, a[1] + uy * e + ny * e),
                                             (a[0] + ux * e - nx * e, a[1] + uy * e - ny * e),
                                             (a[0] - ux * e - nx * e, a[1] - uy * e - ny * e),
                                             (a[0] - ux * e + nx * e, a[1] - uy * e + ny * e)])
        elif pat == "chevrons":
            pygame.draw.aalines(surf, mark, False, [at(s - h * 0.6, -h), at(s + h * 0.3, 0), at(s - h * 0.6, h)])
        elif pat == "crosses":
            e = h * 0.75
            pygame.draw.aaline(surf, mark, at(s - e, -e), at(s + e, e))
            pygame.draw.aaline(surf, mark, at(s - e, e), at(s + e, -e))
        elif pat == "rings":
            disc(surf, mark, at(s), max(1.2, w * 0.24), 1)


def draw_station(surf: pygame.Surface, kind: str, c: Point, r: float, lw: int, theme: th.Theme,
                 symbol: str | None = None, city=None) -> None:
    """One station symbol; each kind has its own shape so none depends on colour. A connection station's
    ``symbol`` is drawn by ``city`` (game/ui/cities)."""
    x, y = c
    t = theme
    ink, paper = t.ink, (255, 255, 255)
    if city is not None and city.draw_station(surf, kind, c, r, lw, t):
        return  # a city's own station kind (Berlin's "+" and landmark stations)
    if kind == "standard":
        disc(surf, ink, (x, y), r)
        disc(surf, paper, (x, y), r - lw)
    elif kind == "express":  # double ring: bold outer ring, white gap, inner ring
        disc(surf, ink, (x, y), r)
        disc(surf, paper, (x, y), r - lw * 1.5)
        disc(surf, ink, (x, y), r * 0.5)
        disc(surf, paper, (x, y), r * 0.5 - max(1, lw * 0.8))
    elif kind == "terminus":  # square with a bar across
        box = pygame.Rect(0, 0, round(2 * r), round(2 * r))
        box.center = (round(x), round(y))
        pygame.draw.rect(surf, ink, box, border_radius=max(1, round(r * 0.25)))
        pygame.draw.rect(surf, paper, box.inflate(-2 * lw, -2 * lw), border_radius=max(1, round(r * 0.15)))
        bar = pygame.Rect(0, 0, round(2 * r - 4 * lw), max(2, round(r * 0.5)))
        bar.center = box.center
        surf.fill(ink, bar)
    elif kind == "national_rail":  # circle with the double arrow as two small arrows
        disc(surf, ink, (x, y), r)
        disc(surf, paper, (x, y), r - lw)
        a = r * 0.55
        hh = r * 0.24
        aw = max(1, round(r * 0.14))
        for sgn, yy in ((1, y - hh), (-1, y + hh)):
            pygame.draw.aaline(surf, ink, (x - a, yy), (x + a, yy), aw)
            tip = (x + a * sgn, yy)
            aapoly(surf, ink, [tip, (tip[0] - sgn * r * 0.34, yy - r * 0.2),
                               (tip[0] - sgn * r * 0.34, yy + r * 0.2)])
    elif kind == "connection":  # rounded square holding the connection tile's symbol
        box = pygame.Rect(0, 0, round(2 * r), round(2 * r))
        box.center = (round(x), round(y))
        rad = max(2, round(r * 0.35))
        pygame.draw.rect(surf, ink, box, border_radius=rad)
        pygame.draw.rect(surf, (255, 255, 255), box.inflate(-2 * lw, -2 * lw), border_radius=rad)
        if symbol:
            draw_symbol(surf, symbol, (x, y), r * 1.45, ink, city)
    else:  # "start" (and anything unknown): a diamond
        pts = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
        aapoly(surf, ink, pts)
        ri = r - lw * 1.6
        aapoly(surf, paper, [(x, y - ri), (x + ri, y), (x, y + ri), (x - ri, y)])
        disc(surf, t.accent, (x, y), r * 0.32)


# ------------------------------------------------------------------------------------------------


class BoardView:
    """Transform, draw and hit-test one board inside ``rect``."""

    def __init__(self, board: Board, rect, theme: th.Theme | None = None, fonts: th.Fonts | None = None,
                 ui_scale: float | None = None):
        self.board = board
        self.theme = theme or th.Theme()
        self.fonts = fonts or th.Fonts()
        self.rect = pygame.Rect(rect)
        self.ui_scale = ui_scale
        xs = [s.x for s in board.stations]
        ys = [s.y for s in board.stations]
        self.bounds = (min(xs) - PAD, min(ys) - PAD, max(xs) + PAD, max(ys) + PAD)
        self.zoom = 1.0
        self.cx = (self.bounds[0] + self.bounds[2]) / 2
        self.cy = (self.bounds[1] + self.bounds[3]) / 2
        self.names_facing: str | None = None  # None: names upright; else the edge they face
        self.city = drawing_for(board)  # the city's own drawing hooks (game/ui/cities)
        self.connection_tiles: list[str] = []  # the deal's tiles; the city says which station shows which
        self.show_grid = False  # the play screen turns on the grid reference (letters and numbers on the paper)
        self.settle_work = 0  # the names' last search's work at the last placement (SETTLE_WORK bounds it)
        self.kinds = [self.city.station_kind(s.kinds, station_kind(s.kinds)) for s in board.stations]
        self._radius_u = [self.city.radius_units(k) or _radius_units(k) for k in self.kinds]
        self._static: pygame.Surface | None = None
        self._stretch_buffer = Reusable()
        self._sheet_buffers = (Reusable(), Reusable())  # the sheet in use and the next one (surfaces.py)
        self._sheet_buffer = 0  # which one holds the sheet in use
        self._static_key = None
        self._sheet: pygame.Surface | None = None
        self._sheet_key = None
        self._sheet_origin = (0, 0)
        self._sheet_s = 1.0
        self._sheet_builds = 0
        self.interactive = False  # a zoom gesture is under way: stretch the old sheet, redraw later
        self.vx0 = self.vy0 = 0
        self._layer: pygame.Surface | None = None
        self._layer_key = None
        self._layer_base = None
        self._layer_view = None  # (s, vx0, vy0, size) of the last crisp layer, for stretching while zooming
        self._items: dict = {}
        self._scratch: pygame.Surface | None = None
        self._halo: pygame.Surface | None = None
        self._stretch_out: pygame.Surface | None = None
        self._lane_box_key = None
        self._lane_box_cache: list = []
        self._label_rects_key = self._occupied_key = self._label_items_key = None
        self._label_rects: list = []
        self._label_px: list = []
        self._label_px_key = None
        self._occupied: list = []
        self._label_items: dict = {}
        self._box_cache_key = None
        self._box_cache: dict = {}
        self._sprites: dict = {}
        self._sprites_key = None
        self._corners: list = []
        self.layer_serial = 0  # counts changes of the state layer; damage_since(serial) says where
        self._damages: list = []
        self.progressive = False  # the scene sets it: a new zoom or size is drawn over several frames
        self._job_phase = ""  # "labels" while a progressive rebuild places the names, then "view"
        self._job = None
        self._job_key = None
        self._spare: pygame.Surface | None = None
        self._stretch_key = None
        self.full_paints = 0  # tests and the bench check that a placement is not a full rebuild
        self.region_paints = 0
        self._label_cache: dict = {}
        self._labels_key = None
        self._labels: list = []
        self.names_left_off: set[int] = set()  # stations whose names are not shown at this zoom
        self._geom_key = None
        self._geom_px_key = None
        self._circles_key = None
        self._circles: list = []
        self._lanes_px: list = []
        self._trim_px: list = []
        self._lanes: list[list[tuple[Point, Point]]] = []
        self._trim: list[tuple[Point, Point]] = []
        self._conn_px: dict = {}  # connection -> its geometry at ``_conn_px_s`` (see lane_segments)
        self._conn_px_s = None
        self.static_builds = 0  # how often the static layer was rebuilt (tests check the cache works)
        self._fit()

    # ---- transform ----------------------------------------------------------------------------
    @property
    def scale(self) -> float:
        """The UI scale (1 at 1080p): from the app when given, else from the rect's window size."""
        return self.ui_scale if self.ui_scale else th.current_scale()

    def _fit(self) -> None:
        bx0, by0, bx1, by1 = self.bounds
        self.fit_s = max(1e-3, min(self.rect.w / (bx1 - bx0), self.rect.h / (by1 - by0)))
        self._clamp()

    @property
    def s(self) -> float:
        return self.fit_s * self.zoom

    def set_rect(self, rect) -> None:
        rect = pygame.Rect(rect)
        if rect != self.rect:
            self.rect = rect
            self._fit()

    def fit(self) -> None:
        """Back to the whole board in the rect."""
        self.zoom = 1.0
        self.cx = (self.bounds[0] + self.bounds[2]) / 2
        self.cy = (self.bounds[1] + self.bounds[3]) / 2
        self._fit()

    def _clamp(self) -> None:
        """Keep the board in view, then snap the view origin to whole pixels so cached layers line up."""
        bx0, by0, bx1, by1 = self.bounds
        s = self.s
        hw, hh = self.rect.w / (2 * s), self.rect.h / (2 * s)
        self.cx = (bx0 + bx1) / 2 if bx1 - bx0 <= 2 * hw else min(max(self.cx, bx0 + hw), bx1 - hw)
        self.cy = (by0 + by1) / 2 if by1 - by0 <= 2 * hh else min(max(self.cy, by0 + hh), by1 - hh)
        self.vx0 = round(self.cx * s - self.rect.w / 2)  # board pixel at the rect's left edge
        self.vy0 = round(self.cy * s - self.rect.h / 2)

    def to_screen(self, x: float, y: float) -> Point:
        s = self.s
        return (self.rect.x + x * s - self.vx0, self.rect.y + y * s - self.vy0)

    def to_board(self, sx: float, sy: float) -> Point:
        s = self.s
        return ((sx - self.rect.x + self.vx0) / s, (sy - self.rect.y + self.vy0) / s)

    def zoom_at(self, sx: float, sy: float, factor: float) -> None:
        """Zoom by ``factor`` keeping the board point under (sx, sy) where it is."""
        if not math.isfinite(factor) or factor <= 0:
            return
        bx, by = self.to_board(sx, sy)
        self.zoom = min(MAX_ZOOM, max(1.0, self.zoom * factor))
        s = self.s
        self.cx = bx - (sx - self.rect.x - self.rect.w / 2) / s
        self.cy = by - (sy - self.rect.y - self.rect.h / 2) / s
        self._clamp()

    def pan_by(self, dx: float, dy: float) -> None:
        if not (math.isfinite(dx) and math.isfinite(dy)):
            return
        s = self.s
        self.cx -= dx / s
        self.cy -= dy / s
        self._clamp()

    def station_xy(self, i: int) -> Point:
        st = self.board.stations[i]
        return self.to_screen(st.x, st.y)

    def station_radius(self, i: int) -> float:
        return self._radius_u[i] * self.s

    # ---- geometry of track spaces ---------------------------------------------------------------
    @property
    def lane_gap(self) -> float:
        return max(4.0, LANE_GAP * self.s)

    def _geometry(self) -> None:
        """Lane segments in screen pixels for the current view: the zoom's geometry (board pixels, worked
        out once per zoom) moved to where the view is (cheap, so a pan costs little)."""
        key = (self.rect.topleft, self.rect.size, self.s, self.vx0, self.vy0)
        if key == self._geom_key:
            return
        self._geometry_px()
        self._geom_key = key
        ox, oy = self.rect.x - self.vx0, self.rect.y - self.vy0
        self._lanes = [[[((p[0] + ox, p[1] + oy), (q[0] + ox, q[1] + oy)) for p, q in segs] for segs in lanes]
                       for lanes in self._lanes_px]
        self._trim = [((p[0] + ox, p[1] + oy), (q[0] + ox, q[1] + oy)) for p, q in self._trim_px]

    def _geometry_px(self) -> None:
        """Lane segments and hit-test centre lines in board pixels (board units times the zoom's scale)."""
        s = self.s
        if self._geom_px_key == s:
            return
        self._geom_px_key = s
        lanes_all = []
        trims = []
        for c in range(len(self.board.connections)):
            lanes, trim = self._conn_geometry_px(c, s)
            lanes_all.append(lanes)
            trims.append(trim)
        self._lanes_px = lanes_all
        self._trim_px = trims
        self._conn_px = {}

    def _conn_geometry_px(self, c: int, s: float, extra: int = 0):
        """One connection's lane segments and hit-test centre line in board pixels at scale ``s`` (with
        ``extra`` lanes beyond the printed spaces: see ``lane_offset``)."""
        con = self.board.connections[c]
        stations = self.board.stations
        gap = max(4.0, LANE_GAP * s)
        ax, ay = stations[con.a].x * s, stations[con.a].y * s
        bx, by = stations[con.b].x * s, stations[con.b].y * s
        pts = [(ax, ay)] + [(p[0] * s, p[1] * s) for p in con.bends] + [(bx, by)]
        ra = self._radius_u[con.a] * s + gap * 0.35
        rb = self._radius_u[con.b] * s + gap * 0.35
        lanes = []
        for k in range(con.spaces + extra):
            o = lane_offset(con.spaces, k) * gap
            segs = []
            for j in range(len(pts) - 1):
                (x0, y0), (x1, y1) = pts[j], pts[j + 1]
                L = math.hypot(x1 - x0, y1 - y0) or 1.0
                ux, uy = (x1 - x0) / L, (y1 - y0) / L
                nx, ny = -uy, ux
                t0 = math.sqrt(max(0.0, ra * ra - o * o)) + gap * 0.2 if j == 0 else 0.0
                t1 = L - (math.sqrt(max(0.0, rb * rb - o * o)) + gap * 0.2) if j == len(pts) - 2 else L
                if t1 - t0 < gap * 0.5:  # stations very close: keep a short stub in the middle
                    mid = L / 2
                    t0, t1 = mid - gap * 0.25, mid + gap * 0.25
                segs.append(((x0 + ux * t0 + nx * o, y0 + uy * t0 + ny * o),
                             (x0 + ux * t1 + nx * o, y0 + uy * t1 + ny * o)))
            lanes.append(segs)
        # the bundle's centre line between the station edges, for hit-testing
        (x0, y0), (x1, y1) = pts[0], pts[-1]
        L = math.hypot(x1 - x0, y1 - y0) or 1.0
        ux, uy = (x1 - x0) / L, (y1 - y0) / L
        ta, tb = min(ra, L * 0.4), min(rb, L * 0.4)
        return lanes, ((x0 + ux * ta, y0 + uy * ta), (x1 - ux * tb, y1 - uy * tb))

    def lane_segments(self, conn: int, lane: int) -> list[tuple[Point, Point]]:
        """One track space's segments on screen. Overlays ask for a few of them on every zoom and pan
        frame, when the whole board's geometry may not be worked out for the view (a stretched stand-in
        is shown while zooming): then only this connection's is, remembered for the zoom."""
        key = (self.rect.topleft, self.rect.size, self.s, self.vx0, self.vy0)
        s = self.s
        if lane >= self.board.connections[conn].spaces:  # beyond the printed spaces (Paris: a full connection)
            segs = self._lane_px(conn, lane)
        elif key == self._geom_key:
            return self._lanes[conn][lane]
        elif self._geom_px_key == s:
            segs = self._lanes_px[conn][lane]
        else:
            if self._conn_px_s != s:
                self._conn_px, self._conn_px_s = {}, s
            got = self._conn_px.get(conn)
            if got is None:
                got = self._conn_px[conn] = self._conn_geometry_px(conn, s)
            segs = got[0][lane]
        ox, oy = self.rect.x - self.vx0, self.rect.y - self.vy0
        return [((p[0] + ox, p[1] + oy), (q[0] + ox, q[1] + oy)) for p, q in segs]

    def _lane_px(self, conn: int, lane: int) -> list[tuple[Point, Point]]:
        """One lane's segments in board pixels, printed or extra (extra ones worked out when first asked)."""
        if lane < self.board.connections[conn].spaces:
            self._geometry_px()
            return self._lanes_px[conn][lane]
        s = self.s
        if getattr(self, "_extra_s", None) != s:
            self._extra_s, self._extra_px = s, {}
        got = self._extra_px.get((conn, lane))
        if got is None:
            spaces = self.board.connections[conn].spaces
            got = self._extra_px[(conn, lane)] = self._conn_geometry_px(conn, s, lane - spaces + 1)[0][lane]
        return got

    def _lane_box(self, conn: int, lane: int) -> tuple[float, float, float, float]:
        """The box (board pixels) round one lane's centre line, printed or extra."""
        if lane < self.board.connections[conn].spaces:
            return self._lane_boxes()[conn][lane]
        segs = self._lane_px(conn, lane)
        xs = [c for p, q in segs for c in (p[0], q[0])]
        ys = [c for p, q in segs for c in (p[1], q[1])]
        return (min(xs), min(ys), max(xs), max(ys))

    def lane_point(self, conn: int, lane: int, t: float = 0.5) -> Point:
        segs = self.lane_segments(conn, lane)
        (p, q) = segs[len(segs) // 2] if len(segs) > 1 else segs[0]
        return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)

    def conn_point(self, conn: int, t: float = 0.5) -> Point:
        """A point on the connection's centre line (between its station edges), t in 0..1."""
        self._geometry()
        p, q = self._trim[conn]
        return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)

    # ---- hit-testing ----------------------------------------------------------------------------
    @property
    def tap_tolerance(self) -> float:
        """At least 24 px at 1080p, more if the lanes themselves are wider."""
        return max(24.0 * self.scale, 12.0)

    def hit_test(self, x: float, y: float) -> int | None:
        """The connection whose track spaces are nearest to (x, y), if within a finger's reach."""
        if not self.rect.collidepoint(x, y):
            return None
        self._geometry()
        for i, (sx, sy, r) in enumerate(self._station_circles()):  # a tap on a station symbol picks no space
            if abs(sx - x) < r and abs(sy - y) < r and math.hypot(sx - x, sy - y) < r:
                return None
        gap = self.lane_gap
        best, best_d = None, float("inf")
        for c, ((ax, ay), (bx, by)) in enumerate(self._trim):
            d = _seg_dist(x, y, ax, ay, bx, by) - (self.board.connections[c].spaces - 1) * gap / 2
            d = max(0.0, d)
            if d < best_d:
                best, best_d = c, d
        if best is None or best_d > self.tap_tolerance:
            return None
        return best

    def _station_circles(self) -> list[tuple[float, float, float]]:
        """Every station's centre and radius on screen, cached for the view."""
        key = self._geom_key
        if self._circles_key != key:
            self._circles_key = key
            self._circles = [(*self.station_xy(i), self.station_radius(i)) for i in range(len(self.board.stations))]
        return self._circles

    def station_at(self, x: float, y: float) -> int | None:
        if not self.rect.collidepoint(x, y):
            return None
        best, best_d = None, float("inf")
        for i in range(len(self.board.stations)):
            sx, sy = self.station_xy(i)
            d = math.hypot(sx - x, sy - y) - self.station_radius(i)
            if d < best_d:
                best, best_d = i, d
        if best is None or best_d > max(self.tap_tolerance * 0.6, 8.0):
            return None
        return best

    def point_for_connection(self, conn: int) -> Point | None:
        """A screen point that hit-tests to ``conn`` (None if it is not on screen)."""
        for t in (0.5, 0.42, 0.58, 0.35, 0.65, 0.28, 0.72):
            x, y = self.conn_point(conn, t)
            if self.hit_test(x, y) == conn:
                return (x, y)
        return None

    # ---- names ----------------------------------------------------------------------------------
    @property
    def label_px(self) -> int:
        return max(MIN_LABEL_PX, round(max(12.5 * self.scale, 14.0 * self.s)))

    def _label_surface(self, text: str, px: int, angle: int) -> pygame.Surface:
        key = (text, px, angle)
        img = self._label_cache.get(key)
        if img is None and not text:  # a station the city leaves unnamed (New York's water icons)
            img = self._label_cache[key] = pygame.Surface((0, 0), pygame.SRCALPHA)
        if img is None:
            font = self.fonts.get(px, False, True)
            lines = text.split("\n")
            imgs = [font.render(t, True, self.theme.ink) for t in lines]
            halos = [font.render(t, True, self.theme.board_bg) for t in lines]
            lh = font.get_linesize()
            h = max(1, round(px * 0.12))
            w = max(i.get_width() for i in imgs) + 2 * h
            H = lh * (len(lines) - 1) + imgs[-1].get_height() + 2 * h
            img = pygame.Surface((w, H), pygame.SRCALPHA)
            for j, (im, ha) in enumerate(zip(imgs, halos)):
                x = (w - im.get_width()) // 2
                y = h + j * lh
                for dx in (-h, 0, h):
                    for dy in (-h, 0, h):
                        if dx or dy:
                            img.blit(ha, (x + dx, y + dy))
                img.blit(im, (x, y))
            if angle:
                img = pygame.transform.rotate(img, angle)
            self._label_cache[key] = img
        return img

    @staticmethod
    def _split(name: str) -> str | None:
        """A two-line form of a long name, breaking at the space nearest the middle."""
        if len(name) < 12 or " " not in name:
            return None
        mid = len(name) / 2
        spaces = [i for i, ch in enumerate(name) if ch == " "]
        i = min(spaces, key=lambda k: abs(k - mid))
        return name[:i] + "\n" + name[i + 1:]

    def _labels_wanted(self):
        px = self.label_px
        angle = EDGE_ROTATION.get(self.names_facing, 0) if self.names_facing else 0
        # zoomed out, the whole card is in view and a name past the view's edge is cut by the panels, so the
        # view's size is part of what the names are placed for; zoomed in, a pan brings any name into view
        view = (self.rect.w, self.rect.h) if self.zoom == 1.0 else None
        return ((round(self.s, 6), view), px, angle)

    def _place_labels(self) -> list:
        """Every name placed for the current zoom (cached per zoom, pixel size and turn of the names)."""
        key = self._labels_wanted()
        if key != self._labels_key:
            for _ in self._labels_job(key):
                pass
        return self._labels

    def _labels_job(self, key):
        """Greedy placement of every name next to its station, avoiding other names, stations, lanes and
        destination badges; a generator that yields now and then, so it can be spread over frames.

        Positions are kept relative to the station (in pixels), so panning reuses them.
        """
        (_, view), px, angle = key
        board = self.board
        known = (id(board), type(self.city), key, round(self.scale, 6), tuple(self.bounds), tuple(self._radius_u),
                 SETTLE_WORK)
        got = _placements.get(known)
        if got is not None and got[0] is board:  # the board is kept in the entry, so its id is not reused
            _placements[known] = _placements.pop(known)  # most recently used last
            self._labels, self._corners, self.settle_work = list(got[1]), list(got[2]), got[3]
            self.names_left_off = set(got[4])
            self._labels_key = key
            return
        s = self.s
        gap = LANE_GAP * s
        pos = [(st.x * s, st.y * s) for st in board.stations]  # pixel space, origin at the board's
        rads = [self.station_radius(i) for i in range(len(pos))]
        clear = [self.city.name_clearance(self.kinds[i], r) for i, r in enumerate(rads)]  # e.g. Berlin's stacks
        segs = []  # every straight piece of every connection (a bent one has several)
        for con in board.connections:
            pts = [pos[con.a]] + [(p[0] * s, p[1] * s) for p in con.bends] + [pos[con.b]]
            for a, b in zip(pts, pts[1:]):
                segs.append((a[0], a[1], b[0], b[1], (con.spaces - 1) * gap / 2 + gap * 0.4))
        cell = 64.0
        grid: dict[tuple[int, int], list] = {}

        def cells(box):
            for gx in range(int(box[0] // cell), int(box[2] // cell) + 1):
                for gy in range(int(box[1] // cell), int(box[3] // cell) + 1):
                    yield (gx, gy)

        def add(kind, box, data=None):
            item = (kind, box, data)
            for k in cells(box):
                grid.setdefault(k, []).append(item)

        for i, (x, y) in enumerate(pos):
            if i % 60 == 59:
                yield
            r = clear[i]
            add("station", (x - r, y - r, x + r, y + r), i)
            if r > rads[i]:  # a city's mark (Berlin's stack and count) is kept clear like a destination badge
                add("badge", (x - r, y - r, x + r, y + r), i)
        yield
        for j, (x0, y0, x1, y1, hw) in enumerate(segs):
            if j % 20 == 19:
                yield
            add("seg", (min(x0, x1) - hw, min(y0, y1) - hw, max(x0, x1) + hw, max(y0, y1) + hw), j)
        yield
        for i in set(board.express_cards) | set(board.standard_cards):  # a destination badge's usual corner
            x, y = pos[i]
            r = rads[i]
            br = max(7.0 * self.scale, r * 0.75)
            m = br + max(1.5, br * 0.15) + 1
            cx, cy = BADGE_CORNERS[0]
            bx, by = x + cx * r, y + cy * r
            add("badge", (bx - m, by - m, bx + m, by + m), i)
        # names closer than this read as one ("Holborn Moorgate"): keep a gap, widest along the baseline
        gx = LABEL_GAP * px
        gy = gx * 0.4
        close_cost = px * px * 6.0  # any two names too close: as bad as a name over a station
        bx0, by0, bx1, by1 = (v * s for v in self.bounds)
        if view:  # the view in board pixels: zoomed out, the card sits in its middle
            mx, my = (bx0 + bx1 - view[0]) / 2, (by0 + by1 - view[1]) / 2
            vx0, vy0, vx1, vy1 = mx, my, mx + view[0], my + view[1]

        def cut(b) -> bool:
            """More of the name than a quarter (a whole line of a two-line name) past the view's edge, where
            the panels round the board cut it (zoomed out only)."""
            return bool(view) and _overlap(b, (vx0, vy0, vx1, vy1)) < 0.75 * (b[2] - b[0]) * (b[3] - b[1])

        # candidate boxes per station, computed once: (text, box, preference cost)
        cands: list[list] = []
        for i, st in enumerate(board.stations):
            yield  # a station's candidates can cost a millisecond (its names drawn at a new size)
            x, y = pos[i]
            r = clear[i] + max(2.0, gap * 0.3)
            name = self.city.station_label(st)
            if not name:  # no name to place: an empty box at the centre, which no name avoids
                cands.append([("", (x, y, x, y), 0.0)])
                continue
            forms = [(name, 0.0)]
            two = self._split(name)
            if two:
                forms.append((two, 3.0))
            out = []
            for text, form_cost in forms:
                w, h = self._label_surface(text, px, angle).get_size()
                places = [((x + r, y - h / 2), 0.0), ((x - r - w, y - h / 2), 0.5),
                          ((x - w / 2, y - r - h), 1.0), ((x - w / 2, y + r), 1.2),
                          ((x + r * 0.7, y - r * 0.7 - h), 1.6), ((x + r * 0.7, y + r * 0.7), 1.8),
                          ((x - r * 0.7 - w, y - r * 0.7 - h), 1.9), ((x - r * 0.7 - w, y + r * 0.7), 2.0)]
                # a place that runs off the board card also slid back onto it (a name at the card's edge
                # then sits above or below its station, moved inwards), so small boards keep names on it
                for (lx, ly), pref in list(places):
                    if lx < bx0 or ly < by0 or lx + w > bx1 or ly + h > by1:
                        m = 2.0  # off the card's edge line, rounding included
                        sx, sy = min(max(lx, bx0 + m), bx1 - m - w), min(max(ly, by0 + m), by1 - m - h)
                        if (sx, sy) != (lx, ly) and bx0 <= sx and by0 <= sy:
                            places.append(((sx, sy), pref + 1.0))
                for (lx, ly), pref in places:
                    box = (lx, ly, lx + w, ly + h)
                    cost = pref + form_cost
                    if lx < bx0 or ly < by0 or lx + w > bx1 or ly + h > by1:
                        cost += 200
                    if cut(box):
                        cost += 400
                    inner = (lx + 1, ly + 1, lx + w - 1, ly + h - 1)
                    seen = set()
                    for k in cells(box):  # fixed obstacles: other stations and the lanes
                        for item in grid.get(k, ()):
                            if id(item) in seen:
                                continue
                            seen.add(id(item))
                            kind, ob, data = item
                            if kind == "station":  # its own too: a place slid onto the card may cover it
                                cost += _overlap(inner, ob) * (1.5 if data != i else 6.0)
                            elif kind == "badge":
                                if data != i:
                                    cost += _overlap(inner, ob) * 6.0
                            else:
                                x0, y0, x1, y1, hw = segs[data]
                                grown = (inner[0] - hw, inner[1] - hw, inner[2] + hw, inner[3] + hw)
                                cost += _clip_len(x0, y0, x1, y1, grown) * h * 0.03
                    out.append((text, box, cost))
            cands.append(out)
        boxes: dict[int, tuple] = {}
        lgrid: dict[tuple[int, int], set[int]] = {}

        def grown(box):
            return (box[0] - gx, box[1] - gy, box[2] + gx, box[3] + gy)

        def label_cost(i, box):
            c = 0.0
            seen = set()
            g = grown(box)
            for k in cells(g):
                for j in lgrid.get(k, ()):
                    if j != i and j not in seen:
                        seen.add(j)
                        # overlapping names cost most; names within the gap cost too, as "one name"
                        ov = _overlap(g, boxes[j])
                        if ov:
                            c += _overlap(box, boxes[j]) * 2.0 + ov * 4.0 + close_cost
            return c

        def put(i, box):
            boxes[i] = box
            for k in cells(grown(box)):
                lgrid.setdefault(k, set()).add(i)

        def take(i):
            for k in cells(grown(boxes[i])):
                lgrid[k].discard(i)
            del boxes[i]

        choice: list = [None] * len(pos)
        keep_clear: list[tuple] = []  # badge boxes a name must not cover (found below)

        def cost_of(i, c):
            extra = sum(_overlap(c[1], b) for b in keep_clear) * 10.0 if keep_clear else 0.0
            return c[2] + label_cost(i, c[1]) + extra

        # most constrained first (big symbols, busy stations), then two passes that move labels into gaps
        order = sorted(range(len(pos)), key=lambda i: (-rads[i], -len(board.station_conns[i])))
        unnamed = [i for i in order if not cands[i][0][0]]
        for i in unnamed:
            choice[i] = cands[i][0]
        order = [i for i in order if cands[i][0][0]]
        dests = sorted(set(board.express_cards) | set(board.standard_cards))
        corners: list = [BADGE_CORNERS[0]] * len(pos)
        for rnd in range(6):
            for n_i, i in enumerate(order):
                if n_i % 4 == 3:
                    yield
                if rnd:
                    take(i)
                best = min(cands[i], key=lambda c: cost_of(i, c))
                choice[i] = best
                put(i, best[1])
            if rnd < 2:
                continue
            # each destination's badge goes to the corner that covers the fewest names; a badge that
            # cannot avoid them all is kept clear by the next pass
            clash = False
            yield
            for n_d, i in enumerate(dests):
                if n_d % 5 == 4:
                    yield
                x, y = pos[i]
                r = rads[i]
                br = max(7.0 * self.scale, r * 0.75)
                m = br + max(1.5, br * 0.15) + 2  # a pixel more each way: the screen rounds both rects
                best_c = None
                for cx, cy in BADGE_CORNERS:
                    bx, by = x + cx * r, y + cy * r
                    bb = (bx - m, by - m, bx + m, by + m)
                    cover = _names_cover(bb, cells, lgrid, boxes)
                    if best_c is None or cover < best_c[0]:
                        best_c = (cover, (cx, cy), bb)
                    if cover == 0:
                        break
                corners[i] = best_c[1]
                if best_c[0] > 0:  # the next pass moves the names off this spot
                    clash = True
                    keep_clear.append(best_c[2])
            if not clash:
                break
        yield from self._settle_clashes(order, cands, choice, boxes, corners, pos, rads, grid, cells, take, put,
                                        grown, lgrid, cost_of, dests, cut)
        drawn = {i: c[1] for i, c in enumerate(choice) if c[0]}
        gone = {i for i, b in drawn.items() if cut(b)}  # no place left inside the view
        for i in gone:
            del drawn[i]
        # names the search could only leave over one another are left off at this zoom (see unreadable_names)
        wanted = set(dests)
        need = {i: (bool(board.stations[i].kinds), len(board.station_conns[i]), i in wanted, -len(choice[i][0]))
                for i in drawn}
        self.names_left_off = gone | unreadable_names(drawn, need, max(2.0, px * 0.15))
        # a city's mark beside its station (Berlin's landmark stacks and their counts, not a symbol kept a
        # little clear) matters more at play than a name over it: a name still hiding more than a quarter of
        # another station's mark is left off too
        marks = [(k, (x - c, y - c, x + c, y + c)) for k, ((x, y), c, r) in enumerate(zip(pos, clear, rads))
                 if c >= 1.5 * r]
        self.names_left_off |= {i for i, b in drawn.items() if any(
            k != i and _overlap(b, mb) > 0.25 * (mb[2] - mb[0]) * (mb[3] - mb[1]) for k, mb in marks)}
        for i in self.names_left_off:
            x, y = pos[i]
            choice[i] = ("", (x, y, x, y), 0.0)
        self._corners = corners
        placed: list = [None] * len(pos)
        for i, (text, box, _) in enumerate(choice):
            placed[i] = (text, box[0] - pos[i][0], box[1] - pos[i][1])
        self._labels = placed
        self._labels_key = key
        _placements[known] = (board, tuple(placed), tuple(corners), self.settle_work, frozenset(self.names_left_off))
        while len(_placements) > PLACEMENT_CACHE_SIZE:
            del _placements[next(iter(_placements))]
        return placed

    def _settle_clashes(self, order, cands, choice, boxes, corners, pos, rads, grid, cells, take, put, grown,
                        lgrid, cost_of, dests, cut=lambda box: False):
        """The last step of the name placement: a name the greedy passes left too close to another, or
        under a destination's badge or a city's mark, tries each of its places, and places half a line
        further out, for one with fewer such clashes; it moves only then, so a board without clashes
        is not changed. Then every badge takes its corner again. Names still too close, or under a badge,
        go to a short seeded search over their places and their neighbours' (below)."""
        def badge_box(i, corner):
            x, y = pos[i]
            r = rads[i]
            br = max(7.0 * self.scale, r * 0.75)
            m = br + max(1.5, br * 0.15) + 2
            bx, by = x + corner[0] * r, y + corner[1] * r
            return (bx - m, by - m, bx + m, by + m)

        badges = {i: badge_box(i, corners[i]) for i in dests}
        bx0, by0, bx1, by1 = (v * self.s for v in self.bounds)

        def clashes(i, box):
            n = 0
            g = grown(box)
            seen = set()
            for k in cells(g):
                for j in lgrid.get(k, ()):
                    if j != i and j not in seen:
                        seen.add(j)
                        n += _overlap(g, boxes[j]) > 0
            n += sum(1 for b in badges.values() if _overlap(box, b) > 0)
            n += box[0] < bx0 or box[1] < by0 or box[2] > bx1 or box[3] > by1  # off the board card
            n += cut(box)  # cut by the panels round the view
            seen = set()
            for k in cells(box):
                for item in grid.get(k, ()):
                    if item[0] == "badge" and item[2] != i and id(item) not in seen:
                        seen.add(id(item))
                        n += _overlap(box, item[1]) > 0
            return n

        def further(i):
            """Places half a line further out than the usual ones, above and below the station."""
            x, y = pos[i]
            r = rads[i]
            out = []
            for text, box, cost in cands[i]:
                w, h = box[2] - box[0], box[3] - box[1]
                for lx, ly in ((x + r * 0.3, y - r - h * 1.5), (x + r * 0.3, y + r + h * 0.5),
                               (x - r * 0.3 - w, y - r - h * 1.5), (x - r * 0.3 - w, y + r + h * 0.5)):
                    out.append((text, (lx, ly, lx + w, ly + h), cost + 2.5))
                break  # the one-line form's size
            return out

        def beside(i):
            """For the search below, places beside the usual ones: above or below, starting or ending at the
            station, and left or right half a line higher or lower."""
            x, y = pos[i]
            r = rads[i]
            out = []
            for text, box, cost in cands[i][:1]:  # the one-line form
                w, h = box[2] - box[0], box[3] - box[1]
                for lx, ly in ((x - r * 0.3, y - r - h), (x + r * 0.3 - w, y - r - h), (x - r * 0.3, y + r),
                               (x + r * 0.3 - w, y + r), (x + r, y - h), (x + r, y), (x - r - w, y - h),
                               (x - r - w, y)):
                    out.append((text, (lx, ly, lx + w, ly + h), cost + 3.0))
            return out

        def on_card(c):
            return not (c[1][0] < bx0 or c[1][1] < by0 or c[1][2] > bx1 or c[1][3] > by1 or cut(c[1]))

        def recorner():
            for i in dests:  # badges to the corner covering the fewest names, as in the passes
                best_c = None
                for corner in BADGE_CORNERS:
                    bb = badge_box(i, corner)
                    cover = _names_cover(bb, cells, lgrid, boxes)
                    if best_c is None or cover < best_c[0]:
                        best_c = (cover, corner)
                    if cover == 0:
                        break
                corners[i] = best_c[1]
                badges[i] = badge_box(i, corners[i])

        places: dict = {}  # each name's places on the card: the usual ones and the further ones (and beside)

        def places_of(i, more=False):
            if (i, more) not in places:
                places[(i, more)] = [c for c in cands[i] + further(i) + (beside(i) if more else []) if on_card(c)]
            return places[(i, more)]

        for _ in range(2):
            moved = False
            for n_i, i in enumerate(order):
                if n_i % 4 == 3:
                    yield
                now = clashes(i, boxes[i])
                if not now:
                    continue
                take(i)
                best = None
                for c in places_of(i):  # never off the board card
                    key = (clashes(i, c[1]), cost_of(i, c))
                    if best is None or key < best[0]:
                        best = (key, c)
                if best is not None and best[0][0] < now:
                    choice[i] = best[1]
                    moved = True
                put(i, choice[i][1])
            if not moved:
                break
            yield
            recorner()
        # Where single moves are stuck (a crowded corner where every place of a name clashes with something), a
        # short search: a clashing name (the worst most often) moves to its place with the fewest conflicts,
        # weighed (SETTLE_*: names too close, badges, marks, other stations' symbols), even when that is no
        # better, so a neighbour may then find room, and now and then to a worse one, less and less often; never
        # straight back to where it came from. The best set of places seen is kept. Then a name still in
        # conflict tries every pair of places for itself and one name in its way. Seeded, so the same every time;
        # a board whose names are apart and clear of the badges never gets here, so it is unchanged.
        def area(box):
            return max(1.0, (box[2] - box[0]) * (box[3] - box[1]))

        def near_names(i, box) -> dict[int, float]:
            """The names too close to a place, each weighing SETTLE_NAME, more when they overlap it (up to five
            times for a name wholly under the other)."""
            g = grown(box)
            out = {}
            for k in cells(g):
                near = lgrid.get(k, ())
                work[0] += 1 + len(near)
                for j in near:
                    if j != i and j not in out:
                        b = boxes[j]
                        if g[0] < b[2] and b[0] < g[2] and g[1] < b[3] and b[1] < g[3]:
                            ov = _overlap(box, b)  # a name hidden under another is worst
                            out[j] = SETTLE_NAME * (1 + (ov > 0) + 3 * ov / min(area(box), area(b)))
            return out

        work = [0]  # names looked at while weighing places: the search and the pairs stop past SETTLE_WORK
        self.settle_work = 0
        marked = {k for k in range(len(pos)) if self.city.name_clearance(self.kinds[k], rads[k]) > rads[k]}
        fixed: dict[tuple[int, tuple], float] = {}  # conflicts of a place that do not move: cached

        def other(i, box):
            """What a name's place covers besides other names: another station's destination badge, a city's
            mark (by the share of it covered) and other stations' symbols."""
            key = (i, box)
            if key not in fixed:
                # (its own station's badge counts less: it may take another corner afterwards)
                n = sum(SETTLE_BADGE if d != i else own[0] for d, b in badges.items() if _overlap(box, b) > 0)
                inner = (box[0] + 1, box[1] + 1, box[2] - 1, box[3] - 1)
                seen = set()
                for k in cells(box):
                    for item in grid.get(k, ()):
                        kind, ob, j = item
                        if j == i or id(item) in seen:
                            continue
                        seen.add(id(item))
                        if kind == "station":
                            n += SETTLE_STATION * (_overlap(inner, ob) > 0)
                        elif kind == "badge" and j in marked:
                            share = _overlap(box, ob) / max(1.0, (ob[2] - ob[0]) * (ob[3] - ob[1]))
                            n += SETTLE_MARK * share + SETTLE_NAME * (share > 0.2)  # hidden: as bad as a name
                fixed[key] = n
            return fixed[key]

        if not any(near_names(i, boxes[i]) or any(_overlap(boxes[i], b) > 0 for b in badges.values())
                   for i in order):
            return  # names apart and no badge over one: nothing for the search to mend

        def search():
            start = list(choice)

            def score(state):
                return sum(sum(near_names(i, state[i][1]).values()) + 2 * other(i, state[i][1]) for i in order)

            best_state = (score(start), start)
            for run in range(SETTLE_RUNS):
                rng = random.Random(run)
                for i in order:
                    take(i)
                for i in order:
                    choice[i] = start[i]
                    put(i, choice[i][1])
                count = {i: sum(near_names(i, boxes[i]).values()) + other(i, boxes[i]) for i in order}
                stuck = [i for i in order if count[i]]
                total = best_state[0] if run == 0 else score(choice)
                left_from: dict[int, tuple] = {}
                for step in range(SETTLE_STEPS):
                    if step % 16 == 15:
                        yield
                    if not stuck or work[0] > SETTLE_WORK:
                        break
                    i = rng.choices(stuck, [count[j] for j in stuck])[0]  # the worst clashes most often
                    was = near_names(i, boxes[i])
                    now_o = count[i] - sum(was.values())
                    take(i)
                    best = None
                    for c in places_of(i, True):
                        if c is choice[i] or c[1] == left_from.get(i):
                            continue
                        ns = near_names(i, c[1])
                        o = other(i, c[1])
                        key = (sum(ns.values()) + o, c[2] + rng.random() * 0.01)
                        if best is None or key < best[0]:
                            best = (key, c, ns, o)
                    heat = SETTLE_HEAT * 0.02 ** (step / SETTLE_STEPS)  # now and then a worse place, less often
                    if best is None or (best[0][0] > count[i]
                                        and rng.random() >= math.exp((count[i] - best[0][0]) / heat)):
                        put(i, choice[i][1])
                        continue
                    _, c, ns, o = best
                    left_from[i] = choice[i][1]
                    choice[i] = c
                    put(i, c[1])
                    for j in set(was) | set(ns):
                        count[j] += ns.get(j, 0) - was.get(j, 0)
                    total += 2 * (sum(ns.values()) - sum(was.values()) + o - now_o)  # (each clash counts for both)
                    count[i] = sum(ns.values()) + o
                    stuck = [j for j in order if count[j]]
                    if total < best_state[0] - 1e-9:
                        best_state = (total, list(choice))
            for i in order:
                take(i)
            for i in order:
                choice[i] = best_state[1][i]
                put(i, choice[i][1])
            # last, a name still too close to another tries every pair of places for itself and one name in the way
            # of any of its places (the rest staying put): a neighbour may make room it cannot find alone
            def alone(i):
                """Each place of name i with what it clashes with (the other names as they stand)."""
                return [(c, sum(near_names(i, c[1]).values()) + other(i, c[1])) for c in places_of(i, True)]

            def cost2(ci, ni, cj, nj):
                n = ni + nj
                g = grown(ci[1])
                b = cj[1]
                if g[0] < b[2] and b[0] < g[2] and g[1] < b[3] and b[1] < g[3]:
                    ov = _overlap(ci[1], b)
                    n += SETTLE_NAME * (1 + (ov > 0) + 3 * ov / min(area(ci[1]), area(b)))
                return n

            def bad(i):  # too close to another name, or hiding a mark or badge as badly
                return near_names(i, boxes[i]) or other(i, boxes[i]) >= SETTLE_NAME

            for i in order:
                if work[0] > SETTLE_WORK:
                    break
                if not bad(i):
                    continue
                yield
                take(i)
                ks = sorted({k for c in places_of(i, True) for k in near_names(i, c[1])})
                put(i, choice[i][1])
                for k in ks:
                    if not bad(i) or work[0] > SETTLE_WORK:
                        break
                    take(i)
                    take(k)
                    ai, ak = alone(i), alone(k)
                    now_i = sum(near_names(i, choice[i][1]).values()) + other(i, choice[i][1])
                    now_k = sum(near_names(k, choice[k][1]).values()) + other(k, choice[k][1])
                    best = (cost2(choice[i], now_i, choice[k], now_k), choice[i], choice[k])
                    for ci, ni in ai:
                        if ni >= best[0]:
                            continue
                        for ck, nk in ak:
                            n = cost2(ci, ni, ck, nk)
                            if n < best[0] - 1e-9:
                                best = (n, ci, ck)
                    choice[i], choice[k] = best[1], best[2]
                    put(i, choice[i][1])
                    put(k, choice[k][1])
            # and every name the search moved goes back to the most preferred of its places that clashes no more
            # than where it stands (a name moved aside for nothing returns beside its station)
            for i in order:
                if choice[i] is start[i]:
                    continue
                take(i)
                now = sum(near_names(i, choice[i][1]).values()) + other(i, choice[i][1])
                for c in sorted(places_of(i, True), key=lambda c: c[2]):
                    if c[2] >= choice[i][2]:
                        break
                    if sum(near_names(i, c[1]).values()) + other(i, c[1]) <= now:
                        choice[i] = c
                        break
                put(i, choice[i][1])

        # twice: first with each name's own badge counting little (it may take another corner), then, the badges
        # at their new corners, with every badge counting in full
        own = [SETTLE_OWN_BADGE]
        yield from search()
        recorner()
        own[0] = SETTLE_BADGE
        fixed.clear()
        yield from search()
        recorner()
        self.settle_work = work[0]

    def _badge_corner(self, stn: int) -> tuple[float, float]:
        """Where station ``stn``'s destination badge sits (station radii from its centre): the spot that
        covers no name, chosen with the names (see _place_labels)."""
        self._place_labels()
        return self._corners[stn]

    def badge_rect(self, stn: int) -> pygame.Rect:
        """Screen rect of the destination badge station ``stn`` would show."""
        bx, by, br = self._badge_geometry(stn)
        m = br + max(1.5, br * 0.15)
        return pygame.Rect(round(bx - m), round(by - m), round(2 * m), round(2 * m))

    def _view_key(self):
        if self._labels_key is None or not (self.interactive or self.progressive):
            self._place_labels()
        # else while fingers zoom, or until a progressive rebuild has placed the names for this view, the
        # last placement stands in (overlays asking where names are must not place them all in one frame)
        return (self._labels_key, self.rect.topleft, self.rect.size, self.vx0, self.vy0)

    def label_rects(self) -> list[pygame.Rect]:
        """Screen rects of every station's name (image, halo included), cached for the view."""
        key = self._view_key()
        if self._label_rects_key != key:
            lk = (self._labels_key, self.s)
            if self._label_px_key != lk:  # board-pixel rects, once per placement
                placed = self._labels
                _, px, angle = self._labels_key  # the placement's own size (a stand-in may be older)
                s = self.s
                out = []
                for i, st in enumerate(self.board.stations):
                    text, lx, ly = placed[i]
                    w, h = self._label_surface(text, px, angle).get_size()
                    out.append((st.x * s + lx, st.y * s + ly, w, h))
                self._label_px = out
                self._label_px_key = lk
            ox, oy = self.rect.x - self.vx0, self.rect.y - self.vy0
            self._label_rects = [pygame.Rect(round(x + ox), round(y + oy), w, h) for x, y, w, h in self._label_px]
            self._label_rects_key = key
        return self._label_rects

    def occupied_rects(self) -> list[pygame.Rect]:
        """Screen rects of station names and symbols, for overlays that should not hide them."""
        key = self._view_key()
        if self._occupied_key != key:
            names = self.label_rects()
            out = []
            for i in range(len(self.board.stations)):
                x, y = self.station_xy(i)
                r = self.station_radius(i)
                out.append(pygame.Rect(round(x - r), round(y - r), round(2 * r), round(2 * r)))
                out.append(names[i])
            self._occupied = out
            self._occupied_key = key
        return list(self._occupied)

    # ---- static layer ---------------------------------------------------------------------------
    def static_layer(self) -> pygame.Surface:
        """Background, empty track spaces, stations and connection tiles for the current view.

        Drawn on a *sheet* covering the whole board at this zoom (or, zoomed far in, the view plus a
        margin), so panning only moves a window over it. While a pinch or wheel zoom is under way
        (``interactive``) the old sheet is stretched instead, and redrawn crisp once the gesture ends.
        """
        s = self.s
        skey = self._sheet_wanted()
        vx, vy = self.vx0, self.vy0
        W, H = self.rect.size
        sh = self._sheet
        if sh is not None and skey == self._sheet_key:
            sx0, sy0 = self._sheet_origin
            if sx0 <= vx and sy0 <= vy and vx + W <= sx0 + sh.get_width() and vy + H <= sy0 + sh.get_height():
                return self._window(sh, vx - sx0, vy - sy0, (W, H), skey)
        if sh is not None and self.interactive:
            return self._stretched(skey)
        self._build_sheet(skey)
        sx0, sy0 = self._sheet_origin
        return self._window(self._sheet, vx - sx0, vy - sy0, (W, H), skey)

    def _window(self, sheet: pygame.Surface, x: int, y: int, size, skey) -> pygame.Surface:
        key = (id(sheet), self._sheet_builds, x, y, size)
        if key != self._static_key:
            self._static_key = key
            self._static = sheet.subsurface(pygame.Rect((x, y), size))
        return self._static

    def _stretched(self, skey) -> pygame.Surface:
        """The last sheet scaled to the current zoom: a stand-in while fingers are still zooming."""
        sh = self._sheet
        s0 = self._sheet_s
        k = s0 / self.s
        sx0, sy0 = self._sheet_origin
        W, H = self.rect.size
        src = pygame.Rect(round(self.vx0 * k - sx0), round(self.vy0 * k - sy0), max(1, round(W * k)),
                          max(1, round(H * k)))
        out = pygame.Surface((W, H))
        out.fill(self.theme.bg)
        part = src.clip(sh.get_rect())
        if part.w > 0 and part.h > 0:
            dst = pygame.Rect(round((part.x - src.x) / k), round((part.y - src.y) / k), max(1, round(part.w / k)),
                              max(1, round(part.h / k)))
            out.blit(pygame.transform.scale(sh.subsurface(part), dst.size), dst.topleft)
        self._static_key = ("stretched", self.s, self.vx0, self.vy0)
        self._static = out
        return out

    def _build_sheet(self, skey) -> None:
        for _ in self._sheet_job(skey):
            pass

    def _sheet_job(self, skey):
        """Draw the static sheet for the current view (a generator that yields now and then); the new sheet
        replaces the old one only when it is finished."""
        s = self.s
        W, H = self.rect.size
        bx0, by0, bx1, by1 = (round(v * s) for v in self.bounds)
        # the union of the view and the whole board, unless that is too big: then the view plus a margin
        x0, y0 = min(self.vx0, bx0), min(self.vy0, by0)
        x1, y1 = max(self.vx0 + W, bx1), max(self.vy0 + H, by1)
        if (x1 - x0) * (y1 - y0) > SHEET_LIMIT * W * H:
            mx, my = W // 4, H // 4
            x0, y0 = max(x0, self.vx0 - mx), max(y0, self.vy0 - my)
            x1, y1 = min(x1, self.vx0 + W + mx), min(y1, self.vy0 + H + my)
        yield
        self._geometry()
        yield  # each step below costs a few milliseconds on a sheet several windows big
        lanes_all = self._lanes
        nb = 1 - self._sheet_buffer
        surf = self._sheet_buffers[nb].get((x1 - x0, y1 - y0))
        t = self.theme
        yield
        surf.fill(t.bg)
        yield
        # sheet pixel = screen pixel - off
        ox = self.rect.x - self.vx0 + x0
        oy = self.rect.y - self.vy0 + y0
        paper = pygame.Rect(bx0 - x0, by0 - y0, bx1 - bx0, by1 - by0)
        rad = max(4, round(18 * s))
        pygame.draw.rect(surf, t.board_bg, paper, border_radius=rad)
        yield
        pygame.draw.rect(surf, t.panel_edge, paper, width=max(1, round(2 * s)), border_radius=rad)
        if self.show_grid:
            self._draw_grid(surf, paper)
        yield
        self.city.draw_under_lines(surf, self, (x0, y0))  # e.g. New York's rivers and clusters
        gap = self.lane_gap
        slot_col = _mix(t.board_bg, t.muted, 0.28)
        slot_edge = _mix(t.board_bg, t.muted, 0.55)
        w_slot = gap * SLOT_W
        margin = gap * 3
        vis = surf.get_rect().inflate(2 * margin, 2 * margin)
        for n, lanes in enumerate(lanes_all):
            if n % 8 == 7:
                yield
            for segs in lanes:
                for p, q in segs:
                    p2, q2 = (p[0] - ox, p[1] - oy), (q[0] - ox, q[1] - oy)
                    if not vis.clipline(p2, q2):
                        continue
                    capsule(surf, slot_edge, p2, q2, w_slot + 2)
                    capsule(surf, slot_col, p2, q2, w_slot)
        tiles = self.city.station_symbols(self.board, self.connection_tiles)
        lw = max(1, round(2.0 * s))
        for i in range(len(self.board.stations)):
            if i % 10 == 9:
                yield
            x, y = self.station_xy(i)
            x, y = x - ox, y - oy
            if vis.collidepoint(x, y):
                draw_station(surf, self.kinds[i], (x, y), self.station_radius(i), lw, self.theme, tiles.get(i),
                             self.city)
        self._sheet_origin = (x0, y0)
        self._sheet_s = s
        self._sheet_key = skey
        self._sheet_builds += 1
        self.static_builds += 1
        self._sheet = surf
        self._sheet_buffer = nb

    # ---- grid reference ---------------------------------------------------------------------------
    def size_units(self) -> tuple[float, float]:
        """The paper's width and height in board units (what the view fits into its rect)."""
        bx0, by0, bx1, by1 = self.bounds
        return (bx1 - bx0, by1 - by0)

    def grid(self) -> tuple[int, int]:
        """Columns (letters) and rows (numbers) of the grid reference: square-ish cells over the paper, the
        same at every size and zoom, so a card's "C4" and the paper's edges always agree."""
        bx0, by0, bx1, by1 = self.bounds
        cell = max(bx1 - bx0, by1 - by0) / GRID_CELLS
        return (min(26, max(1, round((bx1 - bx0) / cell))), max(1, round((by1 - by0) / cell)))

    def grid_ref(self, stn: int) -> str:
        """The station's square on the grid reference ("C4"): the column's letter, the row's number."""
        bx0, by0, bx1, by1 = self.bounds
        cols, rows = self.grid()
        st = self.board.stations[stn]
        c = min(cols - 1, max(0, int((st.x - bx0) / (bx1 - bx0) * cols)))
        r = min(rows - 1, max(0, int((st.y - by0) / (by1 - by0) * rows)))
        return f"{chr(ord('A') + c)}{r + 1}"

    def _draw_grid(self, surf: pygame.Surface, paper: pygame.Rect) -> None:
        """Letters along the paper's top and bottom edges and numbers down its sides, faint, with a short
        tick between squares; drawn on the static sheet under the names (a name's halo covers them)."""
        cols, rows = self.grid()
        t = self.theme
        ink = _mix(t.board_bg, t.muted, 0.6)
        tick = _mix(t.board_bg, t.muted, 0.4)
        px = max(9, round(13 * self.scale), round(11 * self.s))
        font = self.fonts.get(px, True)
        inset = max(3, round(5 * self.scale)) + px // 2
        tl = max(3, round(7 * self.scale))
        cw, rh = paper.w / cols, paper.h / rows
        for c in range(cols):
            img = font.render(chr(ord("A") + c), True, ink)
            x = paper.x + (c + 0.5) * cw
            for y in (paper.y + inset, paper.bottom - inset):
                surf.blit(img, img.get_rect(center=(round(x), round(y))))
            if c:
                xb = round(paper.x + c * cw)
                pygame.draw.line(surf, tick, (xb, paper.y), (xb, paper.y + tl), max(1, round(self.scale)))
                pygame.draw.line(surf, tick, (xb, paper.bottom - tl), (xb, paper.bottom - 1), max(1, round(self.scale)))
        for r in range(rows):
            img = font.render(str(r + 1), True, ink)
            y = paper.y + (r + 0.5) * rh
            for x in (paper.x + inset, paper.right - inset):
                surf.blit(img, img.get_rect(center=(round(x), round(y))))
            if r:
                yb = round(paper.y + r * rh)
                pygame.draw.line(surf, tick, (paper.x, yb), (paper.x + tl, yb), max(1, round(self.scale)))
                pygame.draw.line(surf, tick, (paper.right - tl, yb), (paper.right - 1, yb), max(1, round(self.scale)))

    def _draw_label(self, surf: pygame.Surface, i: int, off: Point) -> None:
        r = self.label_rects()[i]
        _, px, angle = self._labels_key
        img = self._label_surface(self._labels[i][0], px, angle)
        surf.blit(img, (round(r.x - off[0]), round(r.y - off[1])))

    def label_rect(self, i: int) -> pygame.Rect:
        """Screen rect of station ``i``'s name (its image, halo included)."""
        return self.label_rects()[i]

    # ---- state layer ----------------------------------------------------------------------------
    # The state layer is a display list: every item (a connection's tokens, a glowing space, a name, a
    # destination, the passenger) has a signature and a bounding box. A change of position redraws only
    # the boxes of items whose signature changed. pygame's antialiased lines are not clip-invariant, so a
    # region is redrawn by drawing the items that touch it *whole* on a scratch surface of the layer's size
    # and copying just the region back: the result is pixel for pixel what a full rebuild draws.

    def state_layer(self, state, key=None, glow: Sequence[tuple[int, int]] = (), glow_line: int | None = None,
                    face_up: Sequence[int] | None = None, passenger: int | None = None,
                    show_passenger: bool = True) -> pygame.Surface:
        """Static layer plus the legal-space glow, tokens, names, destinations and the passenger.

        ``key`` identifies the position (the scene's version counter): with the same key, glow,
        destinations and passenger the cached layer is returned at once. Otherwise only what changed is
        redrawn (``damage_since`` tells a caller which areas); a new view (zoom, pan, resize, names
        turned) rebuilds it whole. A passenger of -1 or no destinations (a finished classic deck) draw
        nothing.
        """
        if self.progressive and not self.interactive and self._layer is not None \
                and self._layer_view is not None and (self._job is not None or self._rebuild_needed()):
            if not self._advance_rebuild(state, glow, glow_line, face_up, passenger, show_passenger):
                return self._stretched_layer()  # the new picture is still being drawn, a bit each frame
        if self.interactive and self._layer is not None and self._layer_view is not None \
                and self._sheet is not None and self._sheet_key != self._sheet_wanted():
            return self._stretched_layer()  # fingers still zooming: stretch the last picture
        static = self.static_layer()
        if isinstance(self._static_key, tuple) and self._static_key[:1] == ("stretched",) \
                and self._layer is not None and self._layer_view is not None:
            return self._stretched_layer()
        self._place_labels()
        n = len(self.board.stations)
        fu = tuple(s for s in (state.face_up if face_up is None else face_up) if 0 <= s < n)
        pas = state.passenger if passenger is None else passenger
        pas = pas if show_passenger and pas is not None and 0 <= pas < n else None
        glow = tuple(glow)
        lkey = (key, glow, glow_line, fu, pas)
        base = (id(static), self._static_key, self._labels_key)
        if self._layer is not None and base == self._layer_base and lkey == self._layer_key and key is not None:
            return self._layer
        items = self._display_list(state, glow, glow_line, fu, pas)
        full = (self._layer is None or self._layer.get_size() != static.get_size() or base != self._layer_base)
        shift = self._pan_shift(base) if full and self._layer is not None else None
        old = self._items
        if shift is not None:  # a pan: move the picture and draw only the strips it uncovered
            full = False
            dx, dy = shift
            self._layer.scroll(-dx, -dy)
            old = {cat: {k: (sig, r.move(-dx, -dy)) for k, (sig, r) in d.items()} for cat, d in old.items()}
        damage: list[pygame.Rect] | None = None
        if not full:
            damage = self._diff(old, items)
            if shift is not None:
                W, H = static.get_size()
                dx, dy = shift
                # the two strips of a slanting pan kept apart (joined they were the whole layer's box), and
                # apart from the items that changed: overlapping regions are painted right, only twice
                strips = []
                rows = (0, H)
                if dy:
                    strips.append(pygame.Rect(0, H - dy, W, dy) if dy > 0 else pygame.Rect(0, 0, W, -dy))
                    rows = (0, H - dy) if dy > 0 else (-dy, H)
                if dx and rows[1] > rows[0]:
                    x = W - dx if dx > 0 else 0
                    strips.append(pygame.Rect(x, rows[0], abs(dx), rows[1] - rows[0]))
                damage = strips + damage
            elif sum(r.w * r.h for r in damage) > 0.5 * static.get_width() * static.get_height():
                full = True
        self._layer_base = base
        self._layer_key = lkey
        self._items = items
        if full:
            if self._layer is None or self._layer.get_size() != static.get_size():
                self._layer = pygame.Surface(static.get_size(), 0, static)
            self._layer.blit(static, (0, 0))
            self._paint(self._layer, state, items, None)
            self.full_paints += 1
            self._damage_log(None)
        elif damage:
            self._paint_regions(static, state, items, damage)
            self._damage_log(None if shift is not None else damage)
        self._layer_view = (self.s, self.vx0, self.vy0, self.rect.size)
        return self._layer

    def _pan_shift(self, base) -> tuple[int, int] | None:
        """How far the view moved if only a pan separates ``base`` from the last layer's (else None)."""
        ob = self._layer_base
        if ob is None or ob[2] != base[2]:
            return None
        a, b = ob[1], base[1]
        if not (isinstance(a, tuple) and isinstance(b, tuple) and len(a) == 5 and len(b) == 5):
            return None
        if a[0] != b[0] or a[1] != b[1] or a[4] != b[4] or a[0] == "stretched":
            return None
        dx, dy = b[2] - a[2], b[3] - a[3]
        W, H = a[4]
        if abs(dx) >= W // 3 or abs(dy) >= H // 3 or (dx, dy) == (0, 0):
            return None
        return dx, dy

    def _damage_log(self, rects: list[pygame.Rect] | None) -> None:
        self.layer_serial += 1
        self._damages.append((self.layer_serial, rects))
        del self._damages[:-16]

    def damage_since(self, serial: int) -> list[pygame.Rect] | None:
        """Layer areas (layer pixels) changed after ``serial`` (``layer_serial`` then); None: all of it."""
        if serial == self.layer_serial:
            return []
        out: list[pygame.Rect] = []
        newer = [(s, r) for s, r in self._damages if s > serial]
        if not newer or newer[0][0] != serial + 1:
            return None  # too old, or the layer was replaced: assume everything changed
        for _, rects in newer:
            if rects is None:
                return None
            out.extend(rects)
        return out

    def drawn_items(self) -> list[tuple[str, int, pygame.Rect]]:
        """What the last state layer drew and where: (kind, id, screen rect), bottom up. Read only.

        Golden-image tests compare each object's region, so a missing passenger, destination, token or
        name fails however few pixels it has. Kinds are LAYER_ORDER's; ids are connections for "glow",
        "token" and "letters", stations for the rest."""
        ox, oy = self.rect.topleft
        return [(cat, k, pygame.Rect(r).move(ox, oy)) for cat in LAYER_ORDER
                for k, (_, r) in sorted(self._items.get(cat, {}).items())]

    def _stretched_layer(self) -> pygame.Surface:
        """The last full picture (tokens and names too) scaled to the current view: shown while fingers zoom
        and while a new picture is drawn a bit each frame."""
        s0, vx0, vy0, size0 = self._layer_view
        key = (self.s, self.vx0, self.vy0, self.rect.size, id(self._layer), self._layer_view)
        if key == self._stretch_key and self._stretch_out is not None:
            return self._stretch_out
        k = s0 / self.s
        W, H = self.rect.size
        src = pygame.Rect(round(self.vx0 * k - vx0), round(self.vy0 * k - vy0), max(1, round(W * k)),
                          max(1, round(H * k)))
        out = self._stretch_out if self._stretch_out is not None and self._stretch_out.get_size() == (W, H) \
            else self._stretch_buffer.get((W, H), self._layer)  # a resize allocates nothing (surfaces.py)
        self._stretch_out = out
        part = src.clip(self._layer.get_rect())
        dst = None
        if part.w > 0 and part.h > 0:
            dst = pygame.Rect(round((part.x - src.x) / k), round((part.y - src.y) / k),
                              max(1, round(part.w / k)), max(1, round(part.h / k)))
        if dst is None or not dst.contains(out.get_rect()):
            out.fill(self.theme.bg)
        if dst is not None:
            inside = dst.clip(out.get_rect())
            if inside.w and inside.h:  # rounding put it a pixel past the edge: a pixel less, not a picture between
                dst = inside
            if out.get_rect().contains(dst):  # scaled straight into place (no picture in between)
                pygame.transform.scale(self._layer.subsurface(part), dst.size, out.subsurface(dst))
            else:
                out.blit(pygame.transform.scale(self._layer.subsurface(part), dst.size), dst.topleft)
        self._stretch_key = key
        self._layer_base = None  # the next crisp picture is a full rebuild
        self._damage_log(None)
        return out

    # progressive rebuilds -------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """A new picture for a new zoom or size is being drawn over several frames."""
        return self._job is not None

    def _sheet_wanted(self):
        return (round(self.s, 6), self.names_facing, tuple(self.connection_tiles), self.theme, self.rect.size,
                self.show_grid)

    def _sheet_fits(self, skey) -> bool:
        sh = self._sheet
        if sh is None or skey != self._sheet_key:
            return False
        sx0, sy0 = self._sheet_origin
        W, H = self.rect.size
        return (sx0 <= self.vx0 and sy0 <= self.vy0 and self.vx0 + W <= sx0 + sh.get_width()
                and self.vy0 + H <= sy0 + sh.get_height())

    def _rebuild_needed(self) -> bool:
        return (self._labels_wanted() != self._labels_key or not self._sheet_fits(self._sheet_wanted())
                or self._layer.get_size() != self.rect.size
                or self._layer_base is None)  # after a stretched stand-in the picture is drawn again

    def _advance_rebuild(self, state, glow, glow_line, face_up, passenger, show_passenger) -> bool:
        """Run the rebuild for about REBUILD_SLICE_S; True once the new picture is in place."""
        import time

        target = (self._labels_wanted(), self._sheet_wanted(), self.vx0, self.vy0, self.rect.topleft)
        panned = self._job is not None and self._job_key != target \
            and (target[0], target[1], target[4]) == (self._job_key[0], self._job_key[1], self._job_key[4])
        if panned and self._job_phase == "labels":
            self._job_key = target  # a pan while the names are placed: their placement does not depend on it
        if self._job is None or self._job_key != target:
            # a new view, or a pan once the work is for one view: started afresh, and while fingers keep
            # panning nothing is worked (it would be thrown away next frame; the stretched picture shows)
            fresh = self._job is None or panned
            n = len(self.board.stations)
            fu = tuple(s for s in (state.face_up if face_up is None else face_up) if 0 <= s < n)
            pas = state.passenger if passenger is None else passenger
            pas = pas if show_passenger and pas is not None and 0 <= pas < n else None
            self._job = self._rebuild_job(_Snapshot(state), tuple(glow), glow_line, fu, pas)
            self._job_key = target
            # where the new job starts: a pan does not start the names' placement again
            self._job_phase = "labels" if target[0] != self._labels_key else "view"
            if fresh:  # the frame that changed the view shows the stretched picture and works no slice
                return False
        # a frame that also pans (the stretched picture moved, the window composed again) works half a slice
        end = time.perf_counter() + (REBUILD_SLICE_S / 2 if panned else REBUILD_SLICE_S)
        for _ in self._job:
            if time.perf_counter() >= end:
                return False
        self._job = None
        return True

    def _rebuild_job(self, snap, glow, glow_line, fu, pas):
        """Names, sheet and state layer for a new view, in small steps; the old picture stays until the end.
        The layer is drawn in bands, each like a changed area, so it equals a full rebuild."""
        key = self._labels_wanted()
        self._job_phase = "labels"
        if key != self._labels_key:
            yield from self._labels_job(key)
        self._job_phase = "view"  # from here on the work is for one view: a pan starts it again
        skey = self._sheet_wanted()
        if not self._sheet_fits(skey):
            yield from self._sheet_job(skey)
        static = self.static_layer()
        yield
        items = self._display_list(snap, glow, glow_line, fu, pas)
        yield
        layer = self._spare if self._spare is not None and self._spare.get_size() == static.get_size() \
            else pygame.Surface(static.get_size(), 0, static)
        yield
        layer.blit(static, (0, 0))
        W, H = static.get_size()
        band = max(32, H // 20)  # a band costs ~3 ms at 1080p
        for y in range(0, H, band):
            yield
            self._paint_regions(static, snap, items, [pygame.Rect(0, y, W, min(band, H - y))], target=layer)
        self._spare = self._layer
        self._layer = layer
        self._layer_base = (id(static), self._static_key, self._labels_key)
        self._layer_key = None  # the live position is compared with this one at the next call
        self._items = items
        self._layer_view = (self.s, self.vx0, self.vy0, self.rect.size)
        self.full_paints += 1
        self._damage_log(None)

    def draw(self, surface: pygame.Surface, state, **kw) -> None:
        surface.blit(self.state_layer(state, **kw), self.rect.topleft)

    # the display list ---------------------------------------------------------------------------
    def _lane_boxes(self) -> list[list[tuple[float, float, float, float]]]:
        """Per connection and lane, the box (board pixels) around its segments' centre lines."""
        self._geometry_px()
        if self._lane_box_key != self._geom_px_key:
            self._lane_box_key = self._geom_px_key
            out = []
            for lanes in self._lanes_px:
                row = []
                for segs in lanes:
                    xs = [c for p, q in segs for c in (p[0], q[0])]
                    ys = [c for p, q in segs for c in (p[1], q[1])]
                    row.append((min(xs), min(ys), max(xs), max(ys)))
                out.append(row)
            self._lane_box_cache = out
        return self._lane_box_cache

    @staticmethod
    def _box(x0: float, y0: float, x1: float, y1: float, m: float, off: Point) -> pygame.Rect:
        """A whole-pixel rect (layer pixels) holding the box grown by ``m`` and a pixel of antialiasing."""
        a, b = math.floor(x0 - m - off[0]) - 2, math.floor(y0 - m - off[1]) - 2
        return pygame.Rect(a, b, math.ceil(x1 + m - off[0]) + 3 - a, math.ceil(y1 + m - off[1]) + 3 - b)

    def _glow_style(self, state, glow_line: int | None) -> str:
        """"open" when the line has no token yet (every space glows: a lighter glow), else "end"."""
        if glow_line is None or not 0 <= glow_line < len(state.lines):
            return "end"
        return "end" if any(d > 0 for d in state.lines[glow_line].degree.values()) else "open"

    def _display_list(self, state, glow, glow_line, fu, pas) -> dict:
        """Every item of the state layer: {category: {index: (signature, rect in layer pixels)}}.

        Boxes of tokens, letters and glow are kept in board pixels per zoom and moved to the view, so a pan
        does not work them out again."""
        off = self.rect.topleft
        self._geometry()
        boxes = self._lane_boxes()
        gap = self.lane_gap
        vx, vy = self.vx0, self.vy0
        pk = (self._geom_px_key, self.scale)
        if self._box_cache_key != pk:
            self._box_cache_key = pk
            self._box_cache = {}
        bc = self._box_cache
        to_px = (vx, vy)  # layer box -> board-pixel box
        out: dict = {c: {} for c in LAYER_ORDER}
        style = self._glow_style(state, glow_line)
        halo_m = gap * (GLOW_OPEN_W if style == "open" else GLOW_END_W) / 2
        touched: set[int] = set()
        for conn, cost in glow:
            if not 0 <= conn < len(state.tokens):
                continue
            lane = len(state.tokens[conn])  # past the printed spaces: a full connection (Paris), a lane of its own
            box = bc.get(("glow", conn, lane, style))
            if box is None:
                box = bc[("glow", conn, lane, style)] = self._box(*self._lane_box(conn, lane), halo_m, (0, 0))
            out["glow"][conn] = ((lane, cost, style), box.move(-vx, -vy))
            touched.update(self.board.conn_ends[conn])
        lw = max(1, round(2.0 * self.s))
        for stn in touched:  # station symbols stay readable above the glow
            x, y = self.station_xy(stn)
            r = self.station_radius(stn)
            out["symbol"][stn] = ((self.kinds[stn], lw), self._box(x, y, x, y, r, off))
        for stn, sig in self.city.station_marks(state, self.board).items():  # e.g. Berlin's landmark stacks
            x, y = self.station_xy(stn)
            out["city"][stn] = (sig, self._box(x, y, x, y, self.city.mark_radius(self.station_radius(stn)), off))
        tw = self.token_width()
        tm = (tw + max(2.0, tw * 0.28)) / 2
        for conn, toks in enumerate(state.tokens):
            if not toks:
                continue
            n_t = len(toks)
            box = bc.get(("tok", conn, n_t))
            if box is None:
                row = [self._lane_box(conn, k) for k in range(n_t)]
                box = bc[("tok", conn, n_t)] = self._box(min(b[0] for b in row), min(b[1] for b in row),
                                                         max(b[2] for b in row), max(b[3] for b in row), tm,
                                                         (0, 0))
            colours = tuple(state.lines[li].colour for li in toks)
            out["token"][conn] = (colours, box.move(-vx, -vy))
            lk = ("let", conn, colours)
            if lk not in bc:
                spots = self._letter_spots(state, conn)
                d = self._badge_px() / 2
                bc[lk] = self._box(min(p[0] for p in spots), min(p[1] for p in spots),
                                   max(p[0] for p in spots), max(p[1] for p in spots), d,
                                   off).move(*to_px) if spots else None
            lbox = bc[lk]
            if lbox is not None:
                out["letters"][conn] = (colours, lbox.move(-vx, -vy))
        key = self._view_key()
        if self._label_items_key != key:
            self._label_items = {i: (self._labels[i][0], r.move(-off[0], -off[1]))
                                 for i, r in enumerate(self.label_rects())}
            self._label_items_key = key
        out["label"] = self._label_items
        for stn in fu:
            express = "express" in self.board.stations[stn].kinds
            n = fu.count(stn)  # New York: two identical cards face up put two tokens on the station
            out["dest"][stn] = ((express, n), self._dest_rect(stn, n).move(-off[0], -off[1]))
        if pas is not None:
            x, y = self.station_xy(pas)
            out["passenger"][pas] = (True, self._box(x, y, x, y, self.passenger_radius, off))
        return out

    @staticmethod
    def _diff(old: dict, new: dict) -> list[pygame.Rect]:
        """Rects (old and new boxes) of items added, removed or changed, merged where they overlap."""
        rects = []
        for cat in LAYER_ORDER:
            o, n = old.get(cat, {}), new.get(cat, {})
            if o is n:  # the same cached items (names, while the view stays)
                continue
            for k in o.keys() | n.keys():
                a, b = o.get(k), n.get(k)
                if a == b:
                    continue
                if a is not None:
                    rects.append(a[1])
                if b is not None:
                    rects.append(b[1])
        return _merge(rects)

    def _paint(self, surf: pygame.Surface, state, items: dict, region: pygame.Rect | None) -> None:
        """Draw the items touching ``region`` (all when None) whole, in layer order."""
        area = surf.get_rect() if region is None else region
        off = self.rect.topleft

        def hits(cat):
            d = items[cat]
            keys = sorted(d)
            idx = area.collidelistall([d[k][1] for k in keys])
            return [keys[j] for j in idx]

        glow = hits("glow")
        if glow:
            self._paint_glow(surf, state, items["glow"], glow, area, off)
        symbols = hits("symbol")
        if symbols:
            tiles = self.city.station_symbols(self.board, self.connection_tiles)
            for stn in symbols:
                x, y = self.station_xy(stn)
                draw_station(surf, self.kinds[stn], (x - off[0], y - off[1]), self.station_radius(stn),
                             items["symbol"][stn][0][1], self.theme, tiles.get(stn), self.city)
        for stn in hits("city"):
            x, y = self.station_xy(stn)
            self.city.draw_mark(surf, items["city"][stn][0], (x - off[0], y - off[1]), self.station_radius(stn),
                                self.theme)
        vx, vy = self.vx0, self.vy0
        for conn in hits("token"):
            for k, li in enumerate(state.tokens[conn]):
                img, (px, py) = self._token_sprite(state.lines[li].colour, conn, k)
                surf.blit(img, (px - vx, py - vy))
        for conn in hits("letters"):
            self._draw_letters(surf, state, conn, off)
        for i in hits("label"):  # names over tokens, so they stay readable
            self._draw_label(surf, i, off)
        for stn in hits("dest"):
            self._draw_destination(surf, stn, off, items["dest"][stn][0][1])
        for stn in hits("passenger"):
            self.draw_passenger(surf, *self.station_xy(stn), off=off)

    def _paint_regions(self, static: pygame.Surface, state, items: dict, rects: list[pygame.Rect],
                       target: pygame.Surface | None = None) -> None:
        layer = self._layer if target is None else target
        sc = self._scratch
        if sc is None or sc.get_size() != layer.get_size():
            sc = self._scratch = pygame.Surface(layer.get_size(), 0, layer)
        bounds = layer.get_rect()
        for r in rects:
            r = r.clip(bounds)
            if r.w <= 0 or r.h <= 0:
                continue
            sc.blit(static, r, r)
            self._paint(sc, state, items, r)
            layer.blit(sc, r, r)
            self.region_paints += 1

    def _paint_glow(self, surf, state, glow_items: dict, conns: list[int], area: pygame.Rect, off: Point) -> None:
        """Legal spaces for the selected line: a translucent halo, then a white slot with a bold edge (solid:
        free; dashed amber: costs two branch tiles). Before a line's first token every space is legal, so
        that glow is lighter and narrower and the station symbols are drawn again above it."""
        gap = self.lane_gap
        hi, warn, edge = self.theme.highlight, self.theme.warn, self.theme.accent
        cores = []
        for conn in conns:
            (lane, cost, style), _ = glow_items[conn]
            for p, q in self.lane_segments(conn, lane):
                cores.append(((p[0] - off[0], p[1] - off[1]), (q[0] - off[0], q[1] - off[1]), cost, style))
        # the halo is translucent: drawn on an alpha scratch the layer's size (same pixels wherever the
        # region is), cleared and blitted only over the area being painted
        halo = self._halo
        if halo is None or halo.get_size() != surf.get_size():
            halo = self._halo = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        box = area.clip(halo.get_rect())
        halo.fill((0, 0, 0, 0), box)
        for p2, q2, cost, style in cores:
            if style == "open":
                capsule(halo, (*hi, GLOW_OPEN_ALPHA), p2, q2, gap * GLOW_OPEN_W)
            else:
                capsule(halo, (*(warn if cost else hi), GLOW_END_ALPHA), p2, q2, gap * GLOW_END_W)
        surf.blit(halo, box, box)
        for p2, q2, cost, style in cores:
            w = gap * (0.6 if style == "open" else 0.9)
            e = max(2.0, gap * 0.25) if style == "open" else max(3.0, gap * 0.4)
            if cost:
                L = math.hypot(q2[0] - p2[0], q2[1] - p2[1])
                n = max(2, int(L / (w * 1.8)))
                for j in range(n):
                    a = (j + 0.1) / n
                    b = (j + 0.65) / n
                    pa = (p2[0] + (q2[0] - p2[0]) * a, p2[1] + (q2[1] - p2[1]) * a)
                    pb = (p2[0] + (q2[0] - p2[0]) * b, p2[1] + (q2[1] - p2[1]) * b)
                    capsule(surf, warn, pa, pb, w + e)
                    capsule(surf, (255, 255, 255), pa, pb, w * 0.7)
            else:
                capsule(surf, edge, p2, q2, w + e)
                capsule(surf, (255, 255, 255), p2, q2, w)
        for conn in conns:  # a full connection (Paris): its cost in Branch tiles on its extra lane
            (lane, cost, _), _ = glow_items[conn]
            if cost and lane >= self.board.connections[conn].spaces:
                x, y = self.lane_point(conn, lane, 0.25)  # clear of the letter badges mid-way
                r = max(6.0, gap * 0.85)
                disc(surf, (255, 255, 255), (x - off[0], y - off[1]), r + max(1.0, r * 0.2))
                disc(surf, warn, (x - off[0], y - off[1]), r)
                img = self.fonts.get(max(8, round(r * 1.3)), True).render(str(cost), True, (255, 255, 255))
                surf.blit(img, img.get_rect(center=(round(x - off[0]), round(y - off[1]))))

    # tokens ---------------------------------------------------------------------------------------
    def token_width(self) -> float:
        return self.lane_gap * TOKEN_W

    def draw_token(self, surf: pygame.Surface, colour: str, conn: int, lane: int, off: Point = (0, 0),
                   grow: float = 1.0, letter: bool = True) -> None:
        w = self.token_width() * grow
        rgb = self.theme.line(colour)
        edge = th.line_outline(colour)
        for p, q in self.lane_segments(conn, lane):
            p2, q2 = (p[0] - off[0], p[1] - off[1]), (q[0] - off[0], q[1] - off[1])
            capsule(surf, edge, p2, q2, w + max(2.0, w * 0.28))
            capsule(surf, rgb, p2, q2, w)
            lane_pattern(surf, colour, p2, q2, w)

    def _token_sprite(self, colour: str, conn: int, lane: int) -> tuple[pygame.Surface, tuple[int, int]]:
        """A token drawn once per zoom on its own transparent surface, and where it goes (board pixels).
        Blitting it is cheap and gives the same pixels however the layer is cut into regions."""
        key = (colour, conn, lane)
        pk = (self._geom_px_key, self.scale)
        if self._sprites_key != pk:
            self._sprites_key = pk
            self._sprites = {}
        got = self._sprites.get(key)
        if got is None:
            self._geometry_px()
            w = self.token_width()
            m = (w + max(2.0, w * 0.28)) / 2 + 3
            x0, y0, x1, y1 = self._lane_box(conn, lane)
            ox, oy = math.floor(x0 - m), math.floor(y0 - m)
            img = pygame.Surface((math.ceil(x1 + m) - ox + 1, math.ceil(y1 + m) - oy + 1), pygame.SRCALPHA)
            rgb = self.theme.line(colour)
            edge = th.line_outline(colour)
            for p, q in self._lane_px(conn, lane):
                p2, q2 = (p[0] - ox, p[1] - oy), (q[0] - ox, q[1] - oy)
                capsule(img, edge, p2, q2, w + max(2.0, w * 0.28))
                capsule(img, rgb, p2, q2, w)
                lane_pattern(img, colour, p2, q2, w)
            got = self._sprites[key] = (img, (ox, oy))
        return got

    def _badge_px(self) -> float:
        return max(12.0 * self.scale, self.token_width() * 1.5, 9.0)

    def _letter_spots(self, state, conn: int) -> list[tuple[float, float, str]]:
        """Where each token's letter badge goes (screen pixels), staggered along the lanes so badges never
        overlap; none when there is no room (the pattern alone identifies the line there)."""
        toks = state.tokens[conn]
        if not toks:
            return []
        d = self._badge_px()
        gap = self.lane_gap
        spaces = self.board.connections[conn].spaces
        segs0 = self.lane_segments(conn, 0)
        p, q = segs0[len(segs0) // 2]
        L = math.hypot(q[0] - p[0], q[1] - p[1])
        step = 0.0 if gap >= d * 1.02 else d * 1.08
        if step * (spaces - 1) + d > L:
            return []
        out = []
        for k, li in enumerate(toks):
            along = (k - (spaces - 1) / 2) * step
            segs = self.lane_segments(conn, k)
            a, b = segs[len(segs) // 2]
            ll = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
            t = 0.5 + along / ll
            out.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, state.lines[li].colour))
        return out

    def _draw_letters(self, surf: pygame.Surface, state, conn: int, off: Point) -> None:
        """Each token's letter in a small round badge."""
        d = self._badge_px()
        fpx = max(7, round(d * 0.72))
        for x, y, colour in self._letter_spots(state, conn):
            cx, cy = x - off[0], y - off[1]
            disc(surf, th.line_outline(colour), (cx, cy), d / 2)
            disc(surf, self.theme.line(colour), (cx, cy), d / 2 - max(1.0, d * 0.09))
            img = self._letter(colour, fpx)
            surf.blit(img, img.get_rect(center=(round(cx), round(cy))))

    def _letter(self, colour: str, px: int) -> pygame.Surface:
        key = ("letter", colour, px)
        img = self._label_cache.get(key)
        if img is None:
            img = self.fonts.get(px, True).render(th.line_letter(colour), True, th.ink_on(colour))
            self._label_cache[key] = img
        return img

    def _trim_raw(self, c: int) -> tuple[Point, Point]:
        self._geometry()
        return self._trim[c]

    # destinations and the passenger ---------------------------------------------------------------
    def _badge_geometry(self, stn: int) -> tuple[float, float, float]:
        """Centre and half-side of a destination badge: at the corner of the station its name leaves free."""
        x, y = self.station_xy(stn)
        r = self.station_radius(stn)
        br = max(7.0 * self.scale, r * 0.75)
        corner = self._badge_corner(stn)
        return x + corner[0] * r, y + corner[1] * r, br

    def _dest_rect(self, stn: int, count: int = 1) -> pygame.Rect:
        x, y = self.station_xy(stn)
        r = self.station_radius(stn)
        ring = r + max(3.0, r * 0.55)
        bx, by, br = self._badge_geometry(stn)
        m = br + max(1.5, br * 0.15)
        a = pygame.Rect(math.floor(x - ring) - 2, math.floor(y - ring) - 2, math.ceil(2 * ring) + 5,
                        math.ceil(2 * ring) + 5)
        out = a.union(pygame.Rect(math.floor(bx - m) - 2, math.floor(by - m) - 2, math.ceil(2 * m) + 5,
                                  math.ceil(2 * m) + 5))
        if count > 1:  # the second token behind the first
            bx, by = self._second_badge(stn)
            out = out.union(pygame.Rect(math.floor(bx - m) - 2, math.floor(by - m) - 2, math.ceil(2 * m) + 5,
                                        math.ceil(2 * m) + 5))
        return out

    def _second_badge(self, stn: int) -> Point:
        """Where a second destination token shows (New York's doubles): behind the first, further out."""
        bx, by, br = self._badge_geometry(stn)
        cx, cy = self._badge_corner(stn)
        n = math.hypot(cx, cy) or 1.0
        return bx + cx / n * br * 0.75, by + cy / n * br * 0.75

    def _draw_destination(self, surf: pygame.Surface, stn: int, off: Point, count: int = 1) -> None:
        """A ring round the station and a square badge (line badges are round): a white star on red for an
        express destination, a white target on teal (no line's colour) for a standard one. Two tokens (two
        identical cards face up) show as two badges, one behind the other."""
        x, y = self.station_xy(stn)
        x, y = x - off[0], y - off[1]
        r = self.station_radius(stn)
        express = "express" in self.board.stations[stn].kinds
        col = self.theme.bad if express else DEST_STANDARD
        disc(surf, col, (x, y), r + max(3.0, r * 0.55), max(2, round(r * 0.35)))
        bx, by, br = self._badge_geometry(stn)
        if count > 1:
            self._draw_badge(surf, self._second_badge(stn), br, off, col, express)
        self._draw_badge(surf, (bx, by), br, off, col, express)

    @staticmethod
    def _draw_badge(surf: pygame.Surface, at: Point, br: float, off: Point, col, express: bool) -> None:
        bx, by = at[0] - off[0], at[1] - off[1]
        e = max(1.5, br * 0.15)
        outer = pygame.Rect(0, 0, round(2 * (br + e)), round(2 * (br + e)))
        outer.center = (round(bx), round(by))
        inner = outer.inflate(-2 * round(e), -2 * round(e))
        pygame.draw.rect(surf, (255, 255, 255), outer, border_radius=max(1, round(br * 0.3)))
        pygame.draw.rect(surf, col, inner, border_radius=max(1, round(br * 0.25)))
        c = inner.center
        if express:
            aapoly(surf, (255, 255, 255), star_points(c[0], c[1], br * 0.8))
        else:
            disc(surf, (255, 255, 255), c, br * 0.62)
            disc(surf, col, c, br * 0.4)
            disc(surf, (255, 255, 255), c, br * 0.18)

    def draw_passenger(self, surf: pygame.Surface, x: float, y: float, off: Point = (0, 0),
                       alpha_ring=None) -> None:
        r = max(12.0 * self.scale, 13.0 * self.s)
        draw_passenger_figure(surf, (x - off[0], y - off[1]), r, self.theme.ink, alpha_ring or self.theme.highlight)

    @property
    def passenger_radius(self) -> float:
        return max(12.0 * self.scale, 13.0 * self.s) * 1.2

    # ---- overlays drawn every frame -------------------------------------------------------------
    def draw_route(self, surf: pygame.Surface, hops: Sequence[Sequence[int]], state,
                   width: float | None = None) -> None:
        """A route as a bold path: ridden hops in the line's colour (outlined), walked hops as ink dashes."""
        if not hops:
            return
        w = width or max(self.lane_gap * 1.3, 6.0 * self.scale)
        dash_w = max(1, round(w * 0.55))
        for h in hops:
            a, b, li = h[0], h[1], h[2]
            p, q = self.station_xy(a), self.station_xy(b)
            if li >= 0:
                colour = state.lines[li].colour
                capsule(surf, th.line_outline(colour), p, q, w + 4)
                capsule(surf, self.theme.line(colour), p, q, w)
            else:  # square-ended dashes: cheap to draw every frame of a journey
                L = math.hypot(q[0] - p[0], q[1] - p[1]) or 1.0
                n = max(2, int(L / (w * 1.6)))
                for j in range(n):
                    t0 = j / n
                    t1 = t0 + 0.5 / n
                    pygame.draw.aaline(surf, self.theme.ink, (p[0] + (q[0] - p[0]) * t0, p[1] + (q[1] - p[1]) * t0),
                                       (p[0] + (q[0] - p[0]) * t1, p[1] + (q[1] - p[1]) * t1), dash_w)

    def draw_station_ring(self, surf: pygame.Surface, stn: int, colour, strength: float = 1.0) -> None:
        x, y = self.station_xy(stn)
        r = self.station_radius(stn)
        disc(surf, colour, (x, y), r + (4 + 8 * strength) * max(0.6, self.scale), max(2, round(3 * self.scale)))
