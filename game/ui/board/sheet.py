"""The static sheet: background, the paper and its grid reference (grid.py), empty track spaces, stations and connection
tiles, drawn once per zoom or size.

The sheet covers the whole board at this zoom (or, zoomed far in, the view plus a margin), so panning only
moves a window over it. While a pinch or wheel zoom is under way (``interactive``) the old sheet is stretched
instead, and redrawn crisp once the gesture ends. A new sheet is drawn by a generator (``job``) that a
progressive rebuild spreads over frames; it replaces the old one only when finished.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from ..cities import draw_station
from ..draw import capsule, mix
from ..surfaces import SHRINK_SHARE, Reusable
from .grid import draw_grid

if TYPE_CHECKING:
    from .view import BoardView

SLOT_W = 0.62  # empty track space width, as a fraction of LANE_GAP
SHEET_LIMIT = 2.5  # the static sheet may be this many times the view's area before it is cut to the view


class StaticSheet:
    """One board view's static sheet and the window of it that the view shows."""

    def __init__(self, view: "BoardView"):
        self.view = view
        self.camera = view.camera
        self.geometry = view.geometry
        self.static: pygame.Surface | None = None  # the window the view shows (or a stretched stand-in)
        self.static_key = None
        self.sheet: pygame.Surface | None = None
        self.sheet_key = None
        self.origin = (0, 0)  # the sheet's top-left in board pixels
        self.sheet_s = 1.0  # the scale the sheet was drawn at
        self.builds = 0  # how often a sheet was drawn (tests check the cache works)
        self._buffers = (Reusable(), Reusable())  # the sheet in use and the next one (surfaces.py)
        self._buffer = 0  # which one holds the sheet in use
        self.grid_labels: list = []  # the grid reference's (text, box in board pixels) on the last sheet drawn

    def wanted(self):
        """What a sheet is drawn for."""
        view = self.view
        return (round(self.camera.s, 6), view.names_facing, tuple(view.connection_tiles), view.theme,
                self.camera.rect.size, view.show_grid)

    def fits(self, skey) -> bool:
        """The sheet is drawn for ``skey`` and covers the view."""
        sh = self.sheet
        if sh is None or skey != self.sheet_key:
            return False
        cam = self.camera
        sx0, sy0 = self.origin
        W, H = cam.rect.size
        return (sx0 <= cam.vx0 and sy0 <= cam.vy0 and cam.vx0 + W <= sx0 + sh.get_width()
                and cam.vy0 + H <= sy0 + sh.get_height())

    def layer(self, skey=None) -> pygame.Surface:
        """Background, empty track spaces, stations and connection tiles for the current view (``skey``: what
        ``wanted`` says, when the caller knows it)."""
        if skey is None:
            skey = self.wanted()
        cam = self.camera
        vx, vy = cam.vx0, cam.vy0
        W, H = cam.rect.size
        sh = self.sheet
        if sh is not None and skey == self.sheet_key:
            sx0, sy0 = self.origin
            if sx0 <= vx and sy0 <= vy and vx + W <= sx0 + sh.get_width() and vy + H <= sy0 + sh.get_height():
                return self._window(sh, vx - sx0, vy - sy0, (W, H))
        if sh is not None and self.view.interactive:
            return self._stretched()
        for _ in self.job(skey):
            pass
        sx0, sy0 = self.origin
        return self._window(self.sheet, vx - sx0, vy - sy0, (W, H))

    @property
    def stretched(self) -> bool:
        """The view shows a stretched stand-in, not a window of a crisp sheet."""
        return isinstance(self.static_key, tuple) and self.static_key[:1] == ("stretched",)

    def _window(self, sheet: pygame.Surface, x: int, y: int, size) -> pygame.Surface:
        key = (id(sheet), self.builds, x, y, size)
        if key != self.static_key:
            self.static_key = key
            self.static = sheet.subsurface(pygame.Rect((x, y), size))
        return self.static

    def _stretched(self) -> pygame.Surface:
        """The last sheet scaled to the current zoom: a stand-in while fingers are still zooming."""
        cam = self.camera
        sh = self.sheet
        k = self.sheet_s / cam.s
        sx0, sy0 = self.origin
        W, H = cam.rect.size
        src = pygame.Rect(round(cam.vx0 * k - sx0), round(cam.vy0 * k - sy0), max(1, round(W * k)),
                          max(1, round(H * k)))
        out = pygame.Surface((W, H))
        out.fill(self.view.theme.bg)
        part = src.clip(sh.get_rect())
        if part.w > 0 and part.h > 0:
            dst = pygame.Rect(round((part.x - src.x) / k), round((part.y - src.y) / k), max(1, round(part.w / k)),
                              max(1, round(part.h / k)))
            out.blit(pygame.transform.scale(sh.subsurface(part), dst.size), dst.topleft)
        self.static_key = ("stretched", cam.s, cam.vx0, cam.vy0)
        self.static = out
        return out

    def _extent(self) -> tuple[int, int, int, int]:
        """The sheet's box in board pixels: the union of the view and the whole board, unless that is too big;
        then the view plus a margin."""
        cam = self.camera
        s = cam.s
        W, H = cam.rect.size
        bx0, by0, bx1, by1 = (round(v * s) for v in cam.bounds)
        x0, y0 = min(cam.vx0, bx0), min(cam.vy0, by0)
        x1, y1 = max(cam.vx0 + W, bx1), max(cam.vy0 + H, by1)
        if (x1 - x0) * (y1 - y0) > SHEET_LIMIT * W * H:
            mx, my = W // 4, H // 4
            x0, y0 = max(x0, cam.vx0 - mx), max(y0, cam.vy0 - my)
            x1, y1 = min(x1, cam.vx0 + W + mx), min(y1, cam.vy0 + H + my)
        return x0, y0, x1, y1

    def job(self, skey):
        """Draw the static sheet for the current view (a generator that yields now and then); the new sheet
        replaces the old one only when it is finished."""
        view, cam = self.view, self.camera
        s = cam.s
        x0, y0, x1, y1 = self._extent()
        yield
        yield from self.geometry.update_px_steps()  # (the zoom's lanes, a few connections a step)
        self.geometry.update()
        lanes_all = self.geometry.lanes
        yield  # each step below costs a few milliseconds on a sheet several windows big
        nb = 1 - self._buffer
        if not self.builds and view.progressive:  # the play screen's first sheet (in its wait): room for zooms
            for buffer in self._buffers:
                buffer.reserve(self.zoom_room())
                yield
        surf = self._buffers[nb].get((x1 - x0, y1 - y0))
        t = view.theme
        yield
        surf.fill(t.bg)
        yield
        bx0, by0, bx1, by1 = (round(v * s) for v in cam.bounds)
        paper = pygame.Rect(bx0 - x0, by0 - y0, bx1 - bx0, by1 - by0)
        rad = max(4, round(18 * s))
        pygame.draw.rect(surf, t.board_bg, paper, border_radius=rad)
        yield
        pygame.draw.rect(surf, t.panel_edge, paper, width=max(1, round(2 * s)), border_radius=rad)
        yield
        view.city.draw_under_lines(surf, view, (x0, y0))  # e.g. New York's rivers and clusters
        yield
        grid = (yield from draw_grid(view, surf, paper, (x0, y0))) if view.show_grid else []  # over the ground
        # sheet pixel = screen pixel - off
        off = (cam.rect.x - cam.vx0 + x0, cam.rect.y - cam.vy0 + y0)
        yield from self._draw_slots(surf, off, lanes_all)
        yield from self._draw_stations(surf, off)
        self.origin = (x0, y0)
        self.sheet_s = s
        self.sheet_key = skey
        self.builds += 1
        self.sheet = surf
        self.grid_labels = grid
        self._buffer = nb

    def zoom_room(self) -> tuple[int, int]:
        """The sheet buffers' size from the first sheet on: a zoomed-in sheet (up to ``SHEET_LIMIT`` views, about
        1.6 times the view each way) fits without a new picture, whose allocation and clearing cost 10-20 ms
        in the frame of the first zoom (the scripted minute's worst, docs/bench.md); and not more than
        ``SHRINK_SHARE`` views, so the view-sized sheet of the fitted board keeps it. Two such buffers are
        ~40 MB at 1920x1080, ~170 MB at 3840x2160 (what zooming in held before, allocated earlier)."""
        W, H = self.camera.rect.size
        k = math.sqrt(min(SHEET_LIMIT, SHRINK_SHARE)) * 0.995
        return int(W * k), int(H * k)

    def _draw_slots(self, surf: pygame.Surface, off, lanes_all: list):
        """Every empty track space: a pale capsule with a darker edge."""
        t = self.view.theme
        ox, oy = off
        gap = self.geometry.lane_gap
        slot_col = mix(t.board_bg, t.muted, 0.28)
        slot_edge = mix(t.board_bg, t.muted, 0.55)
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

    def _draw_stations(self, surf: pygame.Surface, off):
        """Every station symbol, a connection station with its tile's symbol."""
        view, geo = self.view, self.geometry
        ox, oy = off
        margin = geo.lane_gap * 3
        vis = surf.get_rect().inflate(2 * margin, 2 * margin)
        tiles = view.city.station_symbols(view.board, view.connection_tiles)
        lw = max(1, round(2.0 * self.camera.s))
        for i in range(len(view.board.stations)):
            if i % 10 == 9:
                yield
            x, y = geo.station_xy(i)
            x, y = x - ox, y - oy
            if vis.collidepoint(x, y):
                draw_station(surf, view.kinds[i], (x, y), geo.station_radius(i), lw, view.theme, tiles.get(i),
                             view.city)
