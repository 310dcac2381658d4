"""The board on screen: our own transit-map drawing of a map file, with zoom, pan and hit-testing.

``BoardView`` composes the parts in this folder and is what the screens talk to:

- ``camera.py``: fit, zoom and pan (the scale ``s`` and the view's origin);
- ``geometry.py``: stations and track spaces on screen, the grid reference, hit-testing;
- ``names.py``: the station names on screen, placed by ``placement.py`` (pure: geometry in, places out);
- ``sheet.py``: the static sheet (background, empty track spaces, stations, connection tiles), rebuilt only
  on zoom or resize (a pan moves a window over it);
- ``layer.py``: the state layer (static + glow, tokens, names, destinations, passenger), a display list
  redrawn only where the position, the selection or the view changed;
- ``rebuild.py``: a new zoom or size drawn over several frames;
- ``pieces.py``: tokens, letter badges, glow, destinations, the passenger, routes.

Animations draw on top of the state layer each frame. Everything is drawn at the target pixel size with
antialiased primitives and text rendered at its final size, so 1280x720 and 3840x2160 are both crisp.
"""
from __future__ import annotations

from typing import Sequence

import pygame

from ...engine.board import Board
from .. import theme as th
from ..cities import drawing_for
from .camera import Camera
from .geometry import BoardGeometry, Point, board_bounds, radius_units, station_kind
from .layer import StateLayer
from .names import NameLayer
from .pieces import Pieces
from .rebuild import ProgressiveRebuild
from .sheet import StaticSheet


class BoardView:
    """Transform, draw and hit-test one board inside ``rect``."""

    def __init__(self, board: Board, rect, theme: th.Theme | None = None, fonts: th.Fonts | None = None,
                 ui_scale: float | None = None):
        self.board = board
        self.theme = theme or th.Theme()
        self.fonts = fonts or th.Fonts()
        self.names_facing: str | None = None  # None: names upright; else the edge they face
        self.city = drawing_for(board)  # the city's own drawing hooks (game/ui/cities)
        self.connection_tiles: list[str] = []  # the deal's tiles; the city says which station shows which
        self.show_grid = False  # the play screen turns on the grid reference (letters and numbers on the paper)
        self.interactive = False  # a zoom gesture is under way: stretch the old sheet, redraw later
        self.progressive = False  # the scene sets it: a new zoom or size is drawn over several frames
        self.kinds = [self.city.station_kind(s.kinds, station_kind(s.kinds)) for s in board.stations]
        self.camera = Camera(board_bounds(board), rect, ui_scale)
        self.geometry = BoardGeometry(board, self.camera, [self.city.radius_units(k) or radius_units(k)
                                                           for k in self.kinds])
        self.names = NameLayer(self)
        self.sheet = StaticSheet(self)
        self.layer = StateLayer(self)
        self.rebuild = ProgressiveRebuild(self)
        self.pieces = Pieces(self)

    # ---- the camera -------------------------------------------------------------------------------
    @property
    def rect(self) -> pygame.Rect:
        return self.camera.rect

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        return self.camera.bounds

    @property
    def ui_scale(self) -> float | None:
        return self.camera.ui_scale

    @ui_scale.setter
    def ui_scale(self, value: float | None) -> None:
        self.camera.ui_scale = value

    @property
    def scale(self) -> float:
        """The UI scale (1 at 1080p): from the app when given, else from the rect's window size."""
        return self.camera.scale

    @property
    def s(self) -> float:
        return self.camera.s

    @property
    def zoom(self) -> float:
        return self.camera.zoom

    @property
    def cx(self) -> float:
        return self.camera.cx

    @property
    def cy(self) -> float:
        return self.camera.cy

    @property
    def vx0(self) -> int:
        return self.camera.vx0

    @property
    def vy0(self) -> int:
        return self.camera.vy0

    def set_rect(self, rect) -> None:
        self.camera.set_rect(rect)

    def fit(self) -> None:
        """Back to the whole board in the rect."""
        self.camera.fit()

    def to_screen(self, x: float, y: float) -> Point:
        return self.camera.to_screen(x, y)

    def to_board(self, sx: float, sy: float) -> Point:
        return self.camera.to_board(sx, sy)

    def zoom_at(self, sx: float, sy: float, factor: float) -> None:
        """Zoom by ``factor`` keeping the board point under (sx, sy) where it is."""
        self.camera.zoom_at(sx, sy, factor)

    def pan_by(self, dx: float, dy: float) -> None:
        self.camera.pan_by(dx, dy)

    def size_units(self) -> tuple[float, float]:
        """The paper's width and height in board units (what the view fits into its rect)."""
        return self.camera.size_units()

    # ---- geometry and hit-testing --------------------------------------------------------------
    def station_xy(self, i: int) -> Point:
        return self.geometry.station_xy(i)

    def station_radius(self, i: int) -> float:
        return self.geometry.station_radius(i)

    @property
    def lane_gap(self) -> float:
        return self.geometry.lane_gap

    def lane_segments(self, conn: int, lane: int) -> list[tuple[Point, Point]]:
        return self.geometry.lane_segments(conn, lane)

    def lane_point(self, conn: int, lane: int, t: float = 0.5) -> Point:
        return self.geometry.lane_point(conn, lane, t)

    def hop_path(self, a: int, b: int) -> list[Point]:
        """The screen points a passenger's hop from station ``a`` to ``b`` passes: along their connection,
        round its bends (straight where no connection joins them)."""
        board = self.board
        pts = [self.station_xy(a)]
        c = board.conn_between.get((a, b))
        if c is not None and board.connections[c].bends:
            con = board.connections[c]
            bends = [self.to_screen(x, y) for x, y in con.bends]
            pts += bends if con.a == a else bends[::-1]
        return pts + [self.station_xy(b)]

    def conn_point(self, conn: int, t: float = 0.5) -> Point:
        """A point on the connection's centre line (between its station edges), t in 0..1."""
        return self.geometry.conn_point(conn, t)

    @property
    def tap_tolerance(self) -> float:
        return self.geometry.tap_tolerance

    def hit_test(self, x: float, y: float) -> int | None:
        """The connection whose track spaces are nearest to (x, y), if within a finger's reach."""
        return self.geometry.hit_test(x, y)

    def station_at(self, x: float, y: float) -> int | None:
        return self.geometry.station_at(x, y)

    def point_for_connection(self, conn: int) -> Point | None:
        """A screen point that hit-tests to ``conn`` (None if it is not on screen)."""
        return self.geometry.point_for_connection(conn)

    def grid(self) -> tuple[int, int]:
        return self.geometry.grid()

    def grid_labels(self) -> list[tuple[str, pygame.Rect]]:
        """The grid reference's letters and numbers on screen: (text, box), as the last sheet drew them."""
        cam = self.camera
        ox, oy = cam.rect.x - cam.vx0, cam.rect.y - cam.vy0
        return [(text, pygame.Rect(round(x0 + ox), round(y0 + oy), round(x1 - x0), round(y1 - y0)))
                for text, (x0, y0, x1, y1) in self.sheet.grid_labels]

    def grid_label_boxes(self) -> tuple:
        """The grid reference's letters' boxes in board pixels, as the last sheet drew them: unlike their
        screen boxes they stay put while the view pans, and change only when the sheet is drawn again."""
        return tuple(b for _t, b in self.sheet.grid_labels)

    def grid_ref(self, stn: int) -> str:
        """The station's square on the grid reference ("C4")."""
        return self.geometry.grid_ref(stn)

    # ---- names ----------------------------------------------------------------------------------
    @property
    def label_px(self) -> int:
        return self.names.label_px

    @property
    def names_left_off(self) -> set[int]:
        """Stations whose names are not shown at this zoom."""
        return self.names.names_left_off

    @property
    def settle_work(self) -> int:
        """The names' last search's work at the last placement."""
        return self.names.settle_work

    def label_rects(self) -> list[pygame.Rect]:
        """Screen rects of every station's name (image, halo included), cached for the view."""
        return self.names.label_rects()

    def label_rect(self, i: int) -> pygame.Rect:
        return self.names.label_rect(i)

    def occupied_rects(self) -> list[pygame.Rect]:
        """Screen rects of station names and symbols, for overlays that should not hide them."""
        return self.names.occupied_rects()

    # ---- the pictures -----------------------------------------------------------------------------
    def static_layer(self) -> pygame.Surface:
        """Background, empty track spaces, stations and connection tiles for the current view (sheet.py)."""
        return self.sheet.layer()

    @property
    def static_builds(self) -> int:
        """How often the static sheet was drawn (tests check the cache works)."""
        return self.sheet.builds

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
        return self.layer.picture(state, key, glow, glow_line, face_up, passenger, show_passenger)

    def draw(self, surface: pygame.Surface, state, **kw) -> None:
        surface.blit(self.state_layer(state, **kw), self.rect.topleft)

    @property
    def layer_serial(self) -> int:
        """Counts changes of the state layer; damage_since(serial) says where."""
        return self.layer.serial

    def damage_since(self, serial: int) -> list[pygame.Rect] | None:
        """Layer areas (layer pixels) changed after ``serial`` (``layer_serial`` then); None: all of it."""
        return self.layer.damage_since(serial)

    @property
    def full_paints(self) -> int:
        return self.layer.full_paints

    @property
    def region_paints(self) -> int:
        return self.layer.region_paints

    def drawn_items(self) -> list[tuple[str, int, pygame.Rect]]:
        """What the last state layer drew and where: (kind, id, screen rect), bottom up. Read only.

        Golden-image tests compare each object's region, so a missing passenger, destination, token or
        name fails however few pixels it has. Kinds are LAYER_ORDER's; ids are connections for "glow",
        "token" and "letters", stations for the rest."""
        return self.layer.drawn_items()

    @property
    def busy(self) -> bool:
        """A new picture for a new zoom or size is being drawn over several frames."""
        return self.rebuild.job is not None

    # ---- pieces drawn by overlays and animations ---------------------------------------------------
    def token_width(self) -> float:
        return self.pieces.token_width()

    def badge_rect(self, stn: int) -> pygame.Rect:
        """Screen rect of the destination badge station ``stn`` would show."""
        return self.pieces.badge_rect(stn)

    def draw_passenger(self, surf: pygame.Surface, x: float, y: float, off: Point = (0, 0),
                       alpha_ring=None) -> None:
        self.pieces.draw_passenger(surf, x, y, off, alpha_ring)

    @property
    def passenger_radius(self) -> float:
        return self.pieces.passenger_radius

    def draw_route(self, surf: pygame.Surface, hops: Sequence[Sequence[int]], state,
                   width: float | None = None) -> None:
        """A route as a bold path: ridden hops in the line's colour (outlined), walked hops as ink dashes."""
        self.pieces.draw_route(surf, hops, state, width)

    def draw_station_ring(self, surf: pygame.Surface, stn: int, colour, strength: float = 1.0) -> None:
        self.pieces.draw_station_ring(surf, stn, colour, strength)
