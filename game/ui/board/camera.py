"""Which part of the board the view shows: fit, zoom and pan.

Board coordinates are the map file's (London: a 1600 x 1078 grid). The camera keeps a scale ``s`` (screen
pixels per board unit) and the board point shown at the centre of its rect; the view's origin ``vx0, vy0``
(the board pixel at the rect's left and top edges) is snapped to whole pixels so cached layers line up.
"""
from __future__ import annotations

import math

import pygame

from .. import theme as th

MAX_ZOOM = 4.0

Point = tuple[float, float]


class Camera:
    """Fit, zoom and pan over a board whose paper spans ``bounds`` (board units), shown in ``rect``."""

    def __init__(self, bounds: tuple[float, float, float, float], rect, ui_scale: float | None = None):
        self.bounds = bounds
        self.rect = pygame.Rect(rect)
        self.ui_scale = ui_scale
        self.zoom = 1.0
        self.cx = (bounds[0] + bounds[2]) / 2
        self.cy = (bounds[1] + bounds[3]) / 2
        self.fit_s = 1.0
        self.vx0 = self.vy0 = 0
        self.refit()

    @property
    def scale(self) -> float:
        """The UI scale (1 at 1080p): from the app when given, else from the rect's window size."""
        return self.ui_scale if self.ui_scale else th.current_scale()

    @property
    def s(self) -> float:
        return self.fit_s * self.zoom

    def refit(self) -> None:
        """The scale at which the whole paper fits the rect."""
        bx0, by0, bx1, by1 = self.bounds
        self.fit_s = max(1e-3, min(self.rect.w / (bx1 - bx0), self.rect.h / (by1 - by0)))
        self.clamp()

    def set_rect(self, rect) -> None:
        rect = pygame.Rect(rect)
        if rect != self.rect:
            self.rect = rect
            self.refit()

    def fit(self) -> None:
        """Back to the whole board in the rect."""
        self.zoom = 1.0
        self.cx = (self.bounds[0] + self.bounds[2]) / 2
        self.cy = (self.bounds[1] + self.bounds[3]) / 2
        self.refit()

    def clamp(self) -> None:
        """Keep the board in view, then snap the view origin to whole pixels so cached layers line up."""
        bx0, by0, bx1, by1 = self.bounds
        s = self.s
        hw, hh = self.rect.w / (2 * s), self.rect.h / (2 * s)
        self.cx = (bx0 + bx1) / 2 if bx1 - bx0 <= 2 * hw else min(max(self.cx, bx0 + hw), bx1 - hw)
        self.cy = (by0 + by1) / 2 if by1 - by0 <= 2 * hh else min(max(self.cy, by0 + hh), by1 - hh)
        self.vx0 = round(self.cx * s - self.rect.w / 2)  # board pixel at the rect's left edge
        self.vy0 = round(self.cy * s - self.rect.h / 2)

    def centre_on(self, x: float, y: float) -> None:
        """Bring board point (x, y) to the middle of the view, as far as the board's edges allow."""
        self.cx, self.cy = x, y
        self.clamp()

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
        self.clamp()

    def pan_by(self, dx: float, dy: float) -> None:
        if not (math.isfinite(dx) and math.isfinite(dy)):
            return
        s = self.s
        self.cx -= dx / s
        self.cy -= dy / s
        self.clamp()

    def size_units(self) -> tuple[float, float]:
        """The paper's width and height in board units (what the view fits into its rect)."""
        bx0, by0, bx1, by1 = self.bounds
        return (bx1 - bx0, by1 - by0)

    def view_key(self) -> tuple:
        """What the screen position of every board point depends on."""
        return (self.rect.topleft, self.rect.size, self.s, self.vx0, self.vy0)
