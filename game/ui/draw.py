"""Drawing primitives shared by the board, the city modules, the panels and the rules cards.

Below everything that draws: it imports only pygame and the theme, so ``game/ui/cities/*`` and the board view
(``game/ui/board/``) both take their strokes, discs and station shapes from here and never from each other.
"""
from __future__ import annotations

import math
from typing import Callable, Sequence

import pygame

from . import theme as th

Point = tuple[float, float]


def mix(a: Sequence[int], b: Sequence[int], t: float) -> tuple[int, int, int]:
    """The colour ``t`` of the way from ``a`` to ``b``."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


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
    """An antialiased circle. pygame truncates a float centre toward zero, so a centre above or left of the
    surface's edge would land a pixel off where the same circle drawn further in lands: floored here, the
    picture of a circle moved by whole pixels is the same picture moved (a panned layer equals a rebuilt one)."""
    pygame.draw.aacircle(surf, colour, (math.floor(c[0]), math.floor(c[1])), max(0.5, r), width)


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


def draw_station_shape(surf: pygame.Surface, kind: str, c: Point, r: float, lw: int, theme: th.Theme,
                       symbol: str | None = None, draw_symbol: Callable | None = None) -> None:
    """One shared station symbol; each kind has its own shape so none depends on colour. A connection
    station's ``symbol`` is drawn by ``draw_symbol(surf, symbol, centre, size, ink)`` (the cities' own, see
    ``game.ui.cities.draw_station``, which also lets a city draw its own kinds)."""
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
        if symbol and draw_symbol is not None:
            draw_symbol(surf, symbol, (x, y), r * 1.45, ink)
    else:  # "start" (and anything unknown): a diamond
        pts = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
        aapoly(surf, ink, pts)
        ri = r - lw * 1.6
        aapoly(surf, paper, [(x, y - ri), (x + ri, y), (x, y + ri), (x - ri, y)])
        disc(surf, t.accent, (x, y), r * 0.32)
