"""Berlin's own drawing: "+" stations, landmark stations with their stacks, and the five landmark icons.

Nothing is copied from the printed board: the shapes are our own, drawn with pygame primitives so they
stay sharp at any zoom. A "+" station is a black disc with a white cross (unlike any shared kind); a
landmark station is a pale square place on which the stack sits: up to three tiles drawn one behind
the other, the top one holding its type's icon, and a dark count badge. The stack is drawn on the board
view's state layer (``station_marks``/``draw_mark``), so taking a tile redraws just that station.
"""
from __future__ import annotations

import math

import pygame

from ..draw import aapoly, capsule, disc
from .base import CityDrawing

R_PLUS = 10.0  # board units, like a National Rail station
R_LANDMARK = 18.0  # room for a stack of tiles with an icon and a count
LANDMARK_ICONS = ("culture", "government", "retail", "education", "sports")
TILE_PAPER = (255, 250, 232)  # a landmark tile's face: warm white, so a tile reads as a card, not a station
PLATE = (226, 222, 210)  # the empty place of a landmark stack


class BerlinDrawing(CityDrawing):
    city = "berlin"
    symbols = LANDMARK_ICONS
    rules_pages = ("berlin_plus", "berlin_landmarks")
    end_categories = ("national_rail", "terminus", "loops", "passenger", "plus", "landmark_sets", "landmark_bonus")

    def __init__(self):
        self._fonts = None

    def station_kind(self, kinds, kind: str) -> str:
        if kind in ("standard", "express"):  # a map's own kinds take the symbol; start/terminus keep theirs
            if "landmark" in kinds:
                return "landmark"
            if "plus" in kinds:
                return "plus"
        return kind

    def radius_units(self, kind: str) -> float | None:
        return {"plus": R_PLUS, "landmark": R_LANDMARK}.get(kind)

    def draw_station(self, surf, kind: str, c, r: float, lw: int, theme) -> bool:
        x, y = c
        if kind == "plus":  # black disc, white cross: found at a glance among white circles
            disc(surf, theme.ink, (x, y), r)
            arm, bar = r * 0.62, max(2.0, r * 0.32)
            surf.fill((255, 255, 255), pygame.Rect(round(x - arm), round(y - bar / 2), round(2 * arm), round(bar)))
            surf.fill((255, 255, 255), pygame.Rect(round(x - bar / 2), round(y - arm), round(bar), round(2 * arm)))
            return True
        if kind == "landmark":  # the place where the stack sits; the stack itself is a state mark
            box = pygame.Rect(0, 0, round(1.8 * r), round(1.8 * r))
            box.center = (round(x), round(y))
            rad = max(2, round(r * 0.3))
            pygame.draw.rect(surf, PLATE, box, border_radius=rad)
            pygame.draw.rect(surf, theme.ink, box, width=max(1, lw // 2 + 1), border_radius=rad)
            return True
        return False

    def station_marks(self, state, board) -> dict[int, tuple]:
        tiles = list(getattr(state.setup, "landmark_tiles", ()) or ())
        left = list(getattr(state, "landmarks_left", ()) or ())
        if len(tiles) != len(board.landmark_stations) or len(left) != len(tiles):
            return {}
        return {stn: (tiles[i], left[i]) for i, stn in enumerate(board.landmark_stations)}

    def draw_mark(self, surf, sig: tuple, c, r: float, theme) -> None:
        kind, left = sig
        draw_stack(surf, kind, left, c, r, theme, self._font)

    def mark_radius(self, r: float) -> float:
        _, (bx, by, br) = stack_geometry(0, (0.0, 0.0), r)
        return max(r, math.hypot(bx, by) + br * 1.2 + 1.0)

    def name_clearance(self, kind: str, r: float) -> float:
        if kind == "landmark":
            return self.mark_radius(r)
        return r * 1.1 if kind == "plus" else r  # a "+" is read by its shape: names keep off it too

    def _font(self, px: int):
        if self._fonts is None:
            from ..theme import Fonts

            self._fonts = Fonts()
        return self._fonts.get(px, True)

    def draw_symbol(self, surf, symbol: str, c, size: float, ink) -> bool:
        if symbol not in LANDMARK_ICONS:
            return False
        draw_landmark_icon(surf, symbol, c, size, ink)
        return True

    def panel_tiles(self, state, player: int) -> list[tuple[str, int]]:
        held = state.players[player].landmarks
        known = [t for t in LANDMARK_ICONS if held.get(t)]
        return [(t, held[t]) for t in known + sorted(t for t in held if t not in LANDMARK_ICONS and held[t])]


def stack_geometry(left: int, c, r: float) -> tuple[list[pygame.Rect], tuple[float, float, float]]:
    """The tiles of a stack of ``left`` (back to front, at most three drawn) and the count badge
    (x, y, radius): all within the station's radius ``r``."""
    x, y = c
    n = max(0, min(3, left))
    side = r * 1.35
    d = max(2.0, r * 0.15)
    span = side + (n - 1) * d if n else side
    x0, y0 = x - span / 2, y - span / 2
    rects = []
    for k in range(n - 1, -1, -1):  # back tiles further down-right, the top tile last
        rects.append(pygame.Rect(round(x0 + k * d), round(y0 + k * d), round(side), round(side)))
    br = max(r * 0.4, 6.0)
    return rects, (x + r * 0.62, y + r * 0.62, br)


def draw_stack(surf, kind: str, left: int, c, r: float, theme, font) -> None:
    """A landmark stack: ``left`` tiles (up to three drawn), the top one with ``kind``'s icon, and a badge
    with the count. An empty stack shows the type's icon faded on the empty place."""
    def draw_symbol(surf, kind, at, size, ink):  # a stack's type: Berlin's own icon (an unknown one: a dot)
        if kind in LANDMARK_ICONS:
            draw_landmark_icon(surf, kind, at, size, ink)
        else:
            disc(surf, ink, at, size / 12.0 * 2.5)

    rects, (bx, by, br) = stack_geometry(left, c, r)
    if not rects:
        faded = tuple(round(a * 0.45 + b * 0.55) for a, b in zip(theme.ink, PLATE))
        draw_symbol(surf, kind, c, r * 1.1, faded)
        return
    rad = max(2, round(r * 0.22))
    lw = max(1, round(r * 0.1))
    for rect in rects:
        pygame.draw.rect(surf, TILE_PAPER, rect, border_radius=rad)
        pygame.draw.rect(surf, theme.ink, rect, width=lw, border_radius=rad)
    top = rects[-1]
    draw_symbol(surf, kind, top.center, top.w * 0.8, theme.ink)
    disc(surf, (255, 255, 255), (bx, by), br + max(1.0, br * 0.18))
    disc(surf, theme.ink, (bx, by), br)
    img = font(max(8, round(br * 1.5)))
    num = img.render(str(left), True, (255, 255, 255))
    surf.blit(num, num.get_rect(center=(round(bx), round(by))))


def draw_landmark_icon(surf: pygame.Surface, symbol: str, c, size: float, ink) -> None:
    """A Berlin landmark type as a simple vector icon in a box of side ``size`` (12 x 12 grid)."""
    cx, cy = c
    u = size / 12.0
    lw = max(1, round(u * 1.1))

    def P(x: float, y: float):
        return (cx + (x - 6) * u, cy + (y - 6) * u)

    if symbol == "culture":  # a pair of notes joined by a beam
        disc(surf, ink, P(3.4, 9.4), 1.7 * u)
        disc(surf, ink, P(8.6, 8.4), 1.7 * u)
        capsule(surf, ink, P(4.8, 9.2), P(4.8, 2.6), u * 1.0)
        capsule(surf, ink, P(10.0, 8.2), P(10.0, 1.6), u * 1.0)
        aapoly(surf, ink, [P(4.3, 2.0), P(10.5, 1.0), P(10.5, 3.0), P(4.3, 4.0)])
    elif symbol == "government":  # a domed parliament with a flag
        surf.fill(ink, pygame.Rect(*P(1.2, 9.8), 9.6 * u, 1.4 * u))
        for x in (2.0, 4.2, 6.4, 8.6):
            surf.fill(ink, pygame.Rect(*P(x, 6.4), 1.2 * u, 3.6 * u))
        surf.fill(ink, pygame.Rect(*P(1.6, 5.4), 8.8 * u, 1.2 * u))
        pygame.draw.circle(surf, ink, P(6, 5.4), 3.0 * u, draw_top_left=True, draw_top_right=True)
        pygame.draw.line(surf, ink, P(6, 2.6), P(6, 0.6), max(1, round(u * 0.8)))
        aapoly(surf, ink, [P(6, 0.6), P(8.4, 1.2), P(6, 1.9)])
    elif symbol == "retail":  # a shopping trolley
        pygame.draw.line(surf, ink, P(0.8, 2.0), P(2.6, 2.0), lw)
        aapoly(surf, ink, [P(2.4, 3.2), P(11.2, 3.2), P(9.8, 7.6), P(3.6, 7.6)])
        pygame.draw.line(surf, ink, P(2.4, 2.0), P(4.0, 8.8), lw)
        pygame.draw.line(surf, ink, P(4.0, 8.8), P(10.0, 8.8), lw)
        disc(surf, ink, P(4.6, 10.4), 1.1 * u)
        disc(surf, ink, P(9.2, 10.4), 1.1 * u)
    elif symbol == "education":  # a graduation cap with its tassel
        aapoly(surf, ink, [P(0.6, 4.6), P(6, 2.0), P(11.4, 4.6), P(6, 7.2)])
        aapoly(surf, ink, [P(2.8, 6.0), P(9.2, 6.0), P(9.2, 9.0), P(6, 10.2), P(2.8, 9.0)])
        pygame.draw.line(surf, ink, P(10.4, 5.0), P(10.4, 9.0), max(1, round(u * 0.8)))
        disc(surf, ink, P(10.4, 9.4), 0.9 * u)
    elif symbol == "sports":  # a ball with its seams
        disc(surf, ink, P(6, 6), 5.2 * u)
        seam = (255, 255, 255) if sum(ink[:3]) < 380 else (0, 0, 0)
        w = max(1, round(u * 0.7))
        pygame.draw.line(surf, seam, P(6, 0.9), P(6, 11.1), w)
        pygame.draw.arc(surf, seam, pygame.Rect(*P(-1.6, 1.8), 6.4 * u, 8.4 * u), -math.pi / 2.6, math.pi / 2.6, w)
        pygame.draw.arc(surf, seam, pygame.Rect(*P(7.2, 1.8), 6.4 * u, 8.4 * u), math.pi - math.pi / 2.6,
                        math.pi + math.pi / 2.6, w)
    else:
        disc(surf, ink, P(6, 6), 2.5 * u)
