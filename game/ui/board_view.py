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
from typing import Iterable, Sequence

import pygame

from ..engine.board import Board
from . import theme as th
from .cities import draw_symbol, drawing_for
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

KIND_ORDER = ("start", "connection", "terminus", "national_rail", "express", "standard")

Point = tuple[float, float]


def station_kind(kinds: Iterable[str]) -> str:
    """The one kind that decides a station's symbol (a map may give several)."""
    ks = set(kinds)
    for k in KIND_ORDER:
        if k in ks:
            return k
    return "standard"


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


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


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
        self.kinds = [station_kind(s.kinds) for s in board.stations]
        self._static: pygame.Surface | None = None
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
        self._label_cache: dict = {}
        self._labels_key = None
        self._labels: list = []
        self._geom_key = None
        self._lanes: list[list[tuple[Point, Point]]] = []
        self._trim: list[tuple[Point, Point]] = []
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
        return _radius_units(self.kinds[i]) * self.s

    # ---- geometry of track spaces ---------------------------------------------------------------
    @property
    def lane_gap(self) -> float:
        return max(4.0, LANE_GAP * self.s)

    def _geometry(self) -> None:
        """Lane segments in screen pixels for the current view (cached until the view changes)."""
        key = (self.rect.topleft, self.rect.size, self.s, self.vx0, self.vy0)
        if key == self._geom_key:
            return
        self._geom_key = key
        gap = self.lane_gap
        lanes_all = []
        trims = []
        for con in self.board.connections:
            ax, ay = self.station_xy(con.a)
            bx, by = self.station_xy(con.b)
            pts = [(ax, ay)] + [self.to_screen(*p) for p in con.bends] + [(bx, by)]
            ra = self.station_radius(con.a) + gap * 0.35
            rb = self.station_radius(con.b) + gap * 0.35
            lanes = []
            for k in range(con.spaces):
                o = (k - (con.spaces - 1) / 2) * gap
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
            lanes_all.append(lanes)
            # the bundle's centre line between the station edges, for hit-testing
            (x0, y0), (x1, y1) = pts[0], pts[-1]
            L = math.hypot(x1 - x0, y1 - y0) or 1.0
            ux, uy = (x1 - x0) / L, (y1 - y0) / L
            ta, tb = min(ra, L * 0.4), min(rb, L * 0.4)
            trims.append(((x0 + ux * ta, y0 + uy * ta), (x1 - ux * tb, y1 - uy * tb)))
        self._lanes = lanes_all
        self._trim = trims

    def lane_segments(self, conn: int, lane: int) -> list[tuple[Point, Point]]:
        self._geometry()
        return self._lanes[conn][lane]

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
        for i in range(len(self.board.stations)):  # a tap on a station symbol picks no track space
            sx, sy = self.station_xy(i)
            if abs(sx - x) < 40 and abs(sy - y) < 40 and math.hypot(sx - x, sy - y) < self.station_radius(i):
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

    def _place_labels(self) -> list:
        """Greedy placement of every name next to its station, avoiding other names, stations and lanes.

        Positions are kept relative to the station (in pixels), so panning reuses them.
        """
        px = self.label_px
        angle = EDGE_ROTATION.get(self.names_facing, 0) if self.names_facing else 0
        key = (round(self.s, 6), px, angle)
        if key == self._labels_key:
            return self._labels
        board = self.board
        s = self.s
        gap = LANE_GAP * s
        pos = [(st.x * s, st.y * s) for st in board.stations]  # pixel space, origin at the board's
        rads = [self.station_radius(i) for i in range(len(pos))]
        segs = []
        for con in board.connections:
            a, b = pos[con.a], pos[con.b]
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
            r = rads[i]
            add("station", (x - r, y - r, x + r, y + r), i)
        for j, (x0, y0, x1, y1, hw) in enumerate(segs):
            add("seg", (min(x0, x1) - hw, min(y0, y1) - hw, max(x0, x1) + hw, max(y0, y1) + hw), j)
        bx0, by0, bx1, by1 = (v * s for v in self.bounds)
        # candidate boxes per station, computed once: (text, box, preference cost)
        cands: list[list] = []
        for i, st in enumerate(board.stations):
            x, y = pos[i]
            r = rads[i] + max(2.0, gap * 0.3)
            forms = [(st.name, 0.0)]
            two = self._split(st.name)
            if two:
                forms.append((two, 3.0))
            out = []
            for text, form_cost in forms:
                w, h = self._label_surface(text, px, angle).get_size()
                for (lx, ly), pref in (
                        ((x + r, y - h / 2), 0.0), ((x - r - w, y - h / 2), 0.5),
                        ((x - w / 2, y - r - h), 1.0), ((x - w / 2, y + r), 1.2),
                        ((x + r * 0.7, y - r * 0.7 - h), 1.6), ((x + r * 0.7, y + r * 0.7), 1.8),
                        ((x - r * 0.7 - w, y - r * 0.7 - h), 1.9), ((x - r * 0.7 - w, y + r * 0.7), 2.0)):
                    box = (lx, ly, lx + w, ly + h)
                    cost = pref + form_cost
                    if lx < bx0 or ly < by0 or lx + w > bx1 or ly + h > by1:
                        cost += 200
                    inner = (lx + 1, ly + 1, lx + w - 1, ly + h - 1)
                    seen = set()
                    for k in cells(box):  # fixed obstacles: other stations and the lanes
                        for item in grid.get(k, ()):
                            if id(item) in seen:
                                continue
                            seen.add(id(item))
                            kind, ob, data = item
                            if kind == "station":
                                if data != i:
                                    cost += _overlap(inner, ob) * 1.5
                            else:
                                x0, y0, x1, y1, hw = segs[data]
                                grown = (inner[0] - hw, inner[1] - hw, inner[2] + hw, inner[3] + hw)
                                cost += _clip_len(x0, y0, x1, y1, grown) * h * 0.03
                    out.append((text, box, cost))
            cands.append(out)
        boxes: dict[int, tuple] = {}
        lgrid: dict[tuple[int, int], set[int]] = {}

        def label_cost(i, box):
            c = 0.0
            seen = set()
            for k in cells(box):
                for j in lgrid.get(k, ()):
                    if j != i and j not in seen:
                        seen.add(j)
                        c += _overlap(box, boxes[j]) * 2.0
            return c

        def put(i, box):
            boxes[i] = box
            for k in cells(box):
                lgrid.setdefault(k, set()).add(i)

        def take(i):
            for k in cells(boxes[i]):
                lgrid[k].discard(i)
            del boxes[i]

        choice: list = [None] * len(pos)
        # most constrained first (big symbols, busy stations), then two passes that move labels into gaps
        order = sorted(range(len(pos)), key=lambda i: (-rads[i], -len(board.station_conns[i])))
        for rnd in range(3):
            for i in order:
                if rnd:
                    take(i)
                best = min(cands[i], key=lambda c: c[2] + label_cost(i, c[1]))
                choice[i] = best
                put(i, best[1])
        placed: list = [None] * len(pos)
        for i, (text, box, _) in enumerate(choice):
            placed[i] = (text, box[0] - pos[i][0], box[1] - pos[i][1])
        self._labels = placed
        self._labels_key = key
        return placed

    def occupied_rects(self) -> list[pygame.Rect]:
        """Screen rects of station names and symbols, for overlays that should not hide them."""
        placed = self._place_labels()
        px = self.label_px
        angle = EDGE_ROTATION.get(self.names_facing, 0) if self.names_facing else 0
        out = []
        for i in range(len(self.board.stations)):
            x, y = self.station_xy(i)
            r = self.station_radius(i)
            out.append(pygame.Rect(round(x - r), round(y - r), round(2 * r), round(2 * r)))
            text, lx, ly = placed[i]
            w, h = self._label_surface(text, px, angle).get_size()
            out.append(pygame.Rect(round(x + lx), round(y + ly), w, h))
        return out

    # ---- static layer ---------------------------------------------------------------------------
    def static_layer(self) -> pygame.Surface:
        """Background, empty track spaces, stations and connection tiles for the current view.

        Drawn on a *sheet* covering the whole board at this zoom (or, zoomed far in, the view plus a
        margin), so panning only moves a window over it. While a pinch or wheel zoom is under way
        (``interactive``) the old sheet is stretched instead, and redrawn crisp once the gesture ends.
        """
        s = self.s
        skey = (round(s, 6), self.names_facing, tuple(self.connection_tiles), self.theme, self.rect.size)
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
        self._sheet_origin = (x0, y0)
        self._sheet_s = s
        self._sheet_key = skey
        self._sheet_builds += 1
        self.static_builds += 1
        self._geometry()
        surf = pygame.Surface((x1 - x0, y1 - y0))
        t = self.theme
        surf.fill(t.bg)
        # sheet pixel = screen pixel - off
        ox = self.rect.x - self.vx0 + x0
        oy = self.rect.y - self.vy0 + y0
        paper = pygame.Rect(bx0 - x0, by0 - y0, bx1 - bx0, by1 - by0)
        rad = max(4, round(18 * s))
        pygame.draw.rect(surf, t.board_bg, paper, border_radius=rad)
        pygame.draw.rect(surf, t.panel_edge, paper, width=max(1, round(2 * s)), border_radius=rad)
        gap = self.lane_gap
        slot_col = _mix(t.board_bg, t.muted, 0.28)
        slot_edge = _mix(t.board_bg, t.muted, 0.55)
        w_slot = gap * SLOT_W
        margin = gap * 3
        vis = surf.get_rect().inflate(2 * margin, 2 * margin)
        for lanes in self._lanes:
            for segs in lanes:
                for p, q in segs:
                    p2, q2 = (p[0] - ox, p[1] - oy), (q[0] - ox, q[1] - oy)
                    if not vis.clipline(p2, q2):
                        continue
                    capsule(surf, slot_edge, p2, q2, w_slot + 2)
                    capsule(surf, slot_col, p2, q2, w_slot)
        self._draw_stations(surf, (ox, oy), vis)
        self._sheet = surf

    def _draw_stations(self, surf: pygame.Surface, off: Point, vis: pygame.Rect) -> None:
        tiles = self.city.station_symbols(self.board, self.connection_tiles)
        lw = max(1, round(2.0 * self.s))
        for i in range(len(self.board.stations)):
            x, y = self.station_xy(i)
            x, y = x - off[0], y - off[1]
            if vis.collidepoint(x, y):
                draw_station(surf, self.kinds[i], (x, y), self.station_radius(i), lw, self.theme, tiles.get(i),
                             self.city)

    def _draw_labels(self, surf: pygame.Surface, off: Point, vis: pygame.Rect) -> None:
        placed = self._place_labels()
        px = self.label_px
        angle = EDGE_ROTATION.get(self.names_facing, 0) if self.names_facing else 0
        for i in range(len(self.board.stations)):
            text, lx, ly = placed[i]
            img = self._label_surface(text, px, angle)
            x, y = self.station_xy(i)
            dest = (round(x - off[0] + lx), round(y - off[1] + ly))
            if vis.colliderect(pygame.Rect(dest, img.get_size())):
                surf.blit(img, dest)

    # ---- state layer ----------------------------------------------------------------------------
    def state_layer(self, state, key=None, glow: Sequence[tuple[int, int]] = (), glow_line: int | None = None,
                    face_up: Sequence[int] | None = None, passenger: int | None = None,
                    show_passenger: bool = True) -> pygame.Surface:
        """Static layer plus the legal-space glow, tokens, names, destinations and the passenger.

        ``key`` identifies the position (the scene's version counter); the layer is rebuilt only when
        the key, the glow, the shown destinations/passenger or the static layer change.
        """
        static = self.static_layer()
        fu = tuple(state.face_up if face_up is None else face_up)
        pas = state.passenger if passenger is None else passenger
        lkey = (id(static), self._static_key, key, tuple(glow), glow_line, fu, pas if show_passenger else None)
        if self._layer is not None and lkey == self._layer_key:
            return self._layer
        self._layer_key = lkey
        if self._layer is None or self._layer.get_size() != static.get_size():
            self._layer = static.copy()
        else:
            self._layer.blit(static, (0, 0))
        surf = self._layer
        off = self.rect.topleft
        if glow:
            self._draw_glow(surf, state, glow, glow_line, off)
        self._draw_tokens(surf, state, off)
        self._draw_labels(surf, off, surf.get_rect())  # names over tokens, so they stay readable
        self._draw_destinations(surf, fu, off)
        if show_passenger:
            self.draw_passenger(surf, *self.station_xy(pas), off=off)
        return surf

    def draw(self, surface: pygame.Surface, state, **kw) -> None:
        surface.blit(self.state_layer(state, **kw), self.rect.topleft)

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

    def _badge_px(self) -> float:
        return max(12.0 * self.scale, self.token_width() * 1.5, 9.0)

    def _draw_letters(self, surf: pygame.Surface, state, conn: int, off: Point) -> None:
        """Each token's letter in a small badge, staggered along the lanes so badges never overlap."""
        toks = state.tokens[conn]
        n = len(toks)
        if not n:
            return
        d = self._badge_px()
        gap = self.lane_gap
        spaces = self.board.connections[conn].spaces
        segs0 = self.lane_segments(conn, 0)
        p, q = segs0[len(segs0) // 2]
        L = math.hypot(q[0] - p[0], q[1] - p[1])
        step = 0.0 if gap >= d * 1.02 else d * 1.08
        if step * (spaces - 1) + d > L:
            return  # no room: the pattern alone identifies the line here
        fpx = max(7, round(d * 0.72))
        for k, li in enumerate(toks):
            colour = state.lines[li].colour
            along = (k - (spaces - 1) / 2) * step
            segs = self.lane_segments(conn, k)
            a, b = segs[len(segs) // 2]
            ll = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
            t = 0.5 + along / ll
            cx = a[0] + (b[0] - a[0]) * t - off[0]
            cy = a[1] + (b[1] - a[1]) * t - off[1]
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

    def _draw_tokens(self, surf: pygame.Surface, state, off: Point) -> None:
        view = pygame.Rect(off, self.rect.size).inflate(40, 40)
        for c, toks in enumerate(state.tokens):
            if not toks:
                continue
            if not view.clipline(*self._trim_raw(c)):
                continue
            for k, li in enumerate(toks):
                self.draw_token(surf, state.lines[li].colour, c, k, off)
        for c, toks in enumerate(state.tokens):
            if toks and view.clipline(*self._trim_raw(c)):
                self._draw_letters(surf, state, c, off)

    def _trim_raw(self, c: int) -> tuple[Point, Point]:
        self._geometry()
        return self._trim[c]

    def _draw_glow(self, surf: pygame.Surface, state, glow, glow_line, off: Point) -> None:
        """Legal spaces for the selected line: bright for free ones, dashed amber for ones costing two tiles."""
        gap = self.lane_gap
        hi = self.theme.highlight
        warn = self.theme.warn
        edge = self.theme.accent
        cores = []
        for conn, cost in glow:
            lane = len(state.tokens[conn])
            if lane >= self.board.connections[conn].spaces:
                continue
            for p, q in self.lane_segments(conn, lane):
                cores.append(((p[0] - off[0], p[1] - off[1]), (q[0] - off[0], q[1] - off[1]), cost))
        if not cores:
            return
        # the halo is translucent: draw it on an alpha surface only as big as the glowing part
        m = gap * 1.7
        x0 = max(0, int(min(min(a[0], b[0]) for a, b, _ in cores) - m))
        y0 = max(0, int(min(min(a[1], b[1]) for a, b, _ in cores) - m))
        x1 = min(surf.get_width(), int(max(max(a[0], b[0]) for a, b, _ in cores) + m) + 1)
        y1 = min(surf.get_height(), int(max(max(a[1], b[1]) for a, b, _ in cores) + m) + 1)
        if x1 > x0 and y1 > y0:
            layer = pygame.Surface((x1 - x0, y1 - y0), pygame.SRCALPHA)
            for p2, q2, cost in cores:
                capsule(layer, (*(warn if cost else hi), 200), (p2[0] - x0, p2[1] - y0), (q2[0] - x0, q2[1] - y0),
                        gap * 3.0)
            surf.blit(layer, (x0, y0))
        # the free space itself: a white slot with a bold edge (solid = free, dashed = costs 2 branch tiles)
        w = gap * 0.9
        e = max(3.0, gap * 0.4)
        for p2, q2, cost in cores:
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

    def _draw_destinations(self, surf: pygame.Surface, face_up: Iterable[int], off: Point) -> None:
        """Express: a filled star badge; standard: a bold ring badge. Both ring the station too."""
        t = self.theme
        for stn in face_up:
            x, y = self.station_xy(stn)
            x, y = x - off[0], y - off[1]
            r = self.station_radius(stn)
            express = "express" in self.board.stations[stn].kinds
            col = t.bad if express else t.accent
            disc(surf, col, (x, y), r + max(3.0, r * 0.55), max(2, round(r * 0.35)))
            br = max(7.0 * self.scale, r * 0.75)
            bx, by = x + r * 0.95, y - r * 0.95
            disc(surf, (255, 255, 255), (bx, by), br + max(1.5, br * 0.15))
            if express:
                disc(surf, col, (bx, by), br)
                aapoly(surf, (255, 255, 255), star_points(bx, by, br * 0.78))
            else:
                disc(surf, col, (bx, by), br)
                disc(surf, (255, 255, 255), (bx, by), br * 0.55)
                disc(surf, col, (bx, by), br * 0.3)

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
