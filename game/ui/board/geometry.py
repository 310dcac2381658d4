"""Where things are on the board: stations, track spaces (lanes), the grid reference, and what a point hits.

Lane segments are worked out once per zoom in *board pixels* (board units times the zoom's scale, origin at
the board's) and moved to the view (cheap), so a pan costs little.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Iterable

from ...engine.board import Board

if TYPE_CHECKING:
    from .camera import Camera

# Sizes in board units (the London grid is ~86 units between neighbouring stations).
LANE_GAP = 8.0  # centre to centre of parallel track spaces
R_STANDARD = 7.0
R_EXPRESS = 10.0
R_TERMINUS = 8.0
R_NATIONAL = 9.5
R_CONNECTION = 14.0
R_START = 12.0
PAD = 60.0  # board units around the outermost stations, room for names
GRID_CELLS = 10  # the grid reference: about this many squares along the paper's longer side

KIND_ORDER = ("start", "connection", "terminus", "national_rail", "express", "standard")

Point = tuple[float, float]
Segment = tuple[Point, Point]


def station_kind(kinds: Iterable[str]) -> str:
    """The one kind that decides a station's symbol (a map may give several)."""
    ks = set(kinds)
    for k in KIND_ORDER:
        if k in ks:
            return k
    return "standard"


def radius_units(kind: str) -> float:
    """A shared station kind's symbol radius in board units."""
    return {"standard": R_STANDARD, "express": R_EXPRESS, "terminus": R_TERMINUS,
            "national_rail": R_NATIONAL, "connection": R_CONNECTION, "start": R_START}.get(kind, R_STANDARD)


def board_bounds(board: Board) -> tuple[float, float, float, float]:
    """The paper: the outermost stations plus PAD all round (board units)."""
    xs = [s.x for s in board.stations]
    ys = [s.y for s in board.stations]
    return (min(xs) - PAD, min(ys) - PAD, max(xs) + PAD, max(ys) + PAD)


def lane_offset(spaces: int, k: int) -> float:
    """Lane ``k``'s offset from a connection's centre line, in lane gaps: the printed spaces centred, then
    extra lanes (Paris: tokens on a full connection) alternately beyond either side, so each stays a lane."""
    if k < spaces:
        return k - (spaces - 1) / 2
    j = k - spaces
    return (1 if j % 2 == 0 else -1) * ((spaces - 1) / 2 + 1 + j // 2)


def seg_dist(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> float:
    """Distance from point p to segment a-b."""
    dx, dy = bx - ax, by - ay
    ll = dx * dx + dy * dy
    t = 0.0 if ll == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / ll))
    qx, qy = ax + t * dx - px, ay + t * dy - py
    return math.hypot(qx, qy)


def _box_of(segs: list[Segment]) -> tuple[float, float, float, float]:
    xs = [c for p, q in segs for c in (p[0], q[0])]
    ys = [c for p, q in segs for c in (p[1], q[1])]
    return (min(xs), min(ys), max(xs), max(ys))


class BoardGeometry:
    """Stations and track spaces on screen for one camera, and hit-testing."""

    def __init__(self, board: Board, camera: "Camera", radius_u: list[float]):
        self.board = board
        self.camera = camera
        self.radius_u = radius_u  # each station's symbol radius in board units
        self.geom_key = None  # the view the screen lanes are for
        self.geom_px_key = None  # the scale the board-pixel lanes are for
        self.lanes_px: list = []
        self.trim_px: list = []
        self.lanes: list[list[list[Segment]]] = []
        self.trim: list[Segment] = []
        self._conn_px: dict = {}  # connection -> its geometry at ``_conn_px_s`` (see lane_segments)
        self._conn_px_s = None
        self._extra_s = None
        self._extra_px: dict = {}
        self._lane_box_key = None
        self._lane_box_cache: list = []
        self._circles_key = None
        self._circles: list = []

    # ---- stations -------------------------------------------------------------------------------
    def station_xy(self, i: int) -> Point:
        st = self.board.stations[i]
        return self.camera.to_screen(st.x, st.y)

    def station_radius(self, i: int) -> float:
        return self.radius_u[i] * self.camera.s

    @property
    def lane_gap(self) -> float:
        return max(4.0, LANE_GAP * self.camera.s)

    # ---- lanes ------------------------------------------------------------------------------------
    def update(self) -> None:
        """Lane segments in screen pixels for the current view: the zoom's geometry (board pixels, worked
        out once per zoom) moved to where the view is (cheap, so a pan costs little)."""
        cam = self.camera
        key = cam.view_key()
        if key == self.geom_key:
            return
        self.update_px()
        self.geom_key = key
        ox, oy = cam.rect.x - cam.vx0, cam.rect.y - cam.vy0
        self.lanes = [[[((p[0] + ox, p[1] + oy), (q[0] + ox, q[1] + oy)) for p, q in segs] for segs in lanes]
                      for lanes in self.lanes_px]
        self.trim = [((p[0] + ox, p[1] + oy), (q[0] + ox, q[1] + oy)) for p, q in self.trim_px]

    def update_px(self) -> None:
        """Lane segments and hit-test centre lines in board pixels (board units times the zoom's scale)."""
        for _ in self.update_px_steps():
            pass

    def update_px_steps(self):
        """update_px as a generator yielding every few connections (a progressive rebuild spreads it)."""
        s = self.camera.s
        if self.geom_px_key == s:
            return
        lanes_all = []
        trims = []
        for c in range(len(self.board.connections)):
            if c % 24 == 23:
                yield
            lanes, trim = self.conn_geometry_px(c, s)
            lanes_all.append(lanes)
            trims.append(trim)
        self.geom_px_key = s
        self.lanes_px = lanes_all
        self.trim_px = trims
        self._conn_px = {}

    def conn_geometry_px(self, c: int, s: float, extra: int = 0):
        """One connection's lane segments and hit-test centre line in board pixels at scale ``s`` (with
        ``extra`` lanes beyond the printed spaces: see ``lane_offset``)."""
        con = self.board.connections[c]
        stations = self.board.stations
        gap = max(4.0, LANE_GAP * s)
        ax, ay = stations[con.a].x * s, stations[con.a].y * s
        bx, by = stations[con.b].x * s, stations[con.b].y * s
        pts = [(ax, ay)] + [(p[0] * s, p[1] * s) for p in con.bends] + [(bx, by)]
        ra = self.radius_u[con.a] * s + gap * 0.35
        rb = self.radius_u[con.b] * s + gap * 0.35
        lanes = [self._lane_px_segments(pts, lane_offset(con.spaces, k) * gap, ra, rb, gap)
                 for k in range(con.spaces + extra)]
        # the bundle's centre line between the station edges, for hit-testing
        (x0, y0), (x1, y1) = pts[0], pts[-1]
        L = math.hypot(x1 - x0, y1 - y0) or 1.0
        ux, uy = (x1 - x0) / L, (y1 - y0) / L
        ta, tb = min(ra, L * 0.4), min(rb, L * 0.4)
        return lanes, ((x0 + ux * ta, y0 + uy * ta), (x1 - ux * tb, y1 - uy * tb))

    @staticmethod
    def _lane_px_segments(pts: list[Point], o: float, ra: float, rb: float, gap: float) -> list[Segment]:
        """One lane ``o`` pixels beside the polyline ``pts``, trimmed at the station symbols (radii ra, rb)."""
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
        return segs

    def lane_segments(self, conn: int, lane: int) -> list[Segment]:
        """One track space's segments on screen. Overlays ask for a few of them on every zoom and pan
        frame, when the whole board's geometry may not be worked out for the view (a stretched stand-in
        is shown while zooming): then only this connection's is, remembered for the zoom."""
        cam = self.camera
        key = cam.view_key()
        s = cam.s
        if lane >= self.board.connections[conn].spaces:  # beyond the printed spaces (Paris: a full connection)
            segs = self.lane_px(conn, lane)
        elif key == self.geom_key:
            return self.lanes[conn][lane]
        elif self.geom_px_key == s:
            segs = self.lanes_px[conn][lane]
        else:
            if self._conn_px_s != s:
                self._conn_px, self._conn_px_s = {}, s
            got = self._conn_px.get(conn)
            if got is None:
                got = self._conn_px[conn] = self.conn_geometry_px(conn, s)
            segs = got[0][lane]
        ox, oy = cam.rect.x - cam.vx0, cam.rect.y - cam.vy0
        return [((p[0] + ox, p[1] + oy), (q[0] + ox, q[1] + oy)) for p, q in segs]

    def lane_px(self, conn: int, lane: int) -> list[Segment]:
        """One lane's segments in board pixels, printed or extra (extra ones worked out when first asked)."""
        if lane < self.board.connections[conn].spaces:
            self.update_px()
            return self.lanes_px[conn][lane]
        s = self.camera.s
        if self._extra_s != s:
            self._extra_s, self._extra_px = s, {}
        got = self._extra_px.get((conn, lane))
        if got is None:
            spaces = self.board.connections[conn].spaces
            got = self._extra_px[(conn, lane)] = self.conn_geometry_px(conn, s, lane - spaces + 1)[0][lane]
        return got

    def lane_boxes(self) -> list[list[tuple[float, float, float, float]]]:
        """Per connection and lane, the box (board pixels) around its segments' centre lines."""
        self.update_px()
        if self._lane_box_key != self.geom_px_key:
            self._lane_box_key = self.geom_px_key
            self._lane_box_cache = [[_box_of(segs) for segs in lanes] for lanes in self.lanes_px]
        return self._lane_box_cache

    def lane_box(self, conn: int, lane: int) -> tuple[float, float, float, float]:
        """The box (board pixels) round one lane's centre line, printed or extra."""
        if lane < self.board.connections[conn].spaces:
            return self.lane_boxes()[conn][lane]
        return _box_of(self.lane_px(conn, lane))

    def lane_point(self, conn: int, lane: int, t: float = 0.5) -> Point:
        segs = self.lane_segments(conn, lane)
        (p, q) = segs[len(segs) // 2] if len(segs) > 1 else segs[0]
        return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)

    def conn_point(self, conn: int, t: float = 0.5) -> Point:
        """A point on the connection's centre line (between its station edges), t in 0..1."""
        self.update()
        p, q = self.trim[conn]
        return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)

    # ---- the grid reference -----------------------------------------------------------------------
    def grid(self) -> tuple[int, int]:
        """Columns (letters) and rows (numbers) of the grid reference: square-ish cells over the paper, the
        same at every size and zoom, so a card's "C4" and the paper's edges always agree."""
        bx0, by0, bx1, by1 = self.camera.bounds
        cell = max(bx1 - bx0, by1 - by0) / GRID_CELLS
        return (min(26, max(1, round((bx1 - bx0) / cell))), max(1, round((by1 - by0) / cell)))

    def grid_ref(self, stn: int) -> str:
        """The station's square on the grid reference ("C4"): the column's letter, the row's number."""
        bx0, by0, bx1, by1 = self.camera.bounds
        cols, rows = self.grid()
        st = self.board.stations[stn]
        c = min(cols - 1, max(0, int((st.x - bx0) / (bx1 - bx0) * cols)))
        r = min(rows - 1, max(0, int((st.y - by0) / (by1 - by0) * rows)))
        return f"{chr(ord('A') + c)}{r + 1}"

    # ---- hit-testing ----------------------------------------------------------------------------
    @property
    def tap_tolerance(self) -> float:
        """At least 24 px at 1080p, more if the lanes themselves are wider."""
        return max(24.0 * self.camera.scale, 12.0)

    def hit_test(self, x: float, y: float) -> int | None:
        """The connection whose track spaces are nearest to (x, y), if within a finger's reach."""
        if not self.camera.rect.collidepoint(x, y):
            return None
        self.update()
        for i, (sx, sy, r) in enumerate(self.station_circles()):  # a tap on a station symbol picks no space
            if abs(sx - x) < r and abs(sy - y) < r and math.hypot(sx - x, sy - y) < r:
                return None
        gap = self.lane_gap
        best, best_d = None, float("inf")
        for c, ((ax, ay), (bx, by)) in enumerate(self.trim):
            d = seg_dist(x, y, ax, ay, bx, by) - (self.board.connections[c].spaces - 1) * gap / 2
            d = max(0.0, d)
            if d < best_d:
                best, best_d = c, d
        if best is None or best_d > self.tap_tolerance:
            return None
        return best

    def station_circles(self) -> list[tuple[float, float, float]]:
        """Every station's centre and radius on screen, cached for the view."""
        key = self.geom_key
        if self._circles_key != key:
            self._circles_key = key
            self._circles = [(*self.station_xy(i), self.station_radius(i)) for i in range(len(self.board.stations))]
        return self._circles

    def station_at(self, x: float, y: float) -> int | None:
        if not self.camera.rect.collidepoint(x, y):
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
