"""London's own drawing: the connection tiles' symbols inside the eight connection stations."""
from __future__ import annotations

import math

import pygame

from ..draw import aapoly, capsule, disc
from .base import CityDrawing


class LondonDrawing(CityDrawing):
    city = "london"
    symbols = ("restaurants", "monuments", "shops", "parks")
    rules_pages = ("london_connections", "london_loops")

    def station_symbols(self, board, connection_tiles) -> dict[int, str]:
        return dict(zip(board.london_connection_stations, connection_tiles))

    def draw_symbol(self, surf, symbol: str, c, size: float, ink) -> bool:
        if symbol not in self.symbols:
            return False
        draw_london_symbol(surf, symbol, c, size, ink)
        return True


def draw_london_symbol(surf: pygame.Surface, symbol: str, c, size: float, ink) -> None:
    """A London connection tile's symbol as a simple vector icon in a box of side ``size``."""
    cx, cy = c
    u = size / 12.0  # icon grid: 12 x 12
    lw = max(1, round(u * 1.1))

    def P(x: float, y: float):
        return (cx + (x - 6) * u, cy + (y - 6) * u)

    if symbol == "restaurants":  # fork and knife
        for x in (2.6, 3.9, 5.2):
            pygame.draw.line(surf, ink, P(x, 1.5), P(x, 4.6), max(1, round(u * 0.8)))
        pygame.draw.line(surf, ink, P(2.6, 4.6), P(5.2, 4.6), lw)
        capsule(surf, ink, P(3.9, 4.6), P(3.9, 10.6), u * 1.2)
        aapoly(surf, ink, [P(7.6, 1.3), P(9.6, 2.8), P(9.6, 6.4), P(8.2, 6.4)])
        capsule(surf, ink, P(8.6, 6.2), P(8.6, 10.6), u * 1.2)
    elif symbol == "monuments":  # a classical column
        aapoly(surf, ink, [P(1.5, 3.0), P(6, 0.9), P(10.5, 3.0)])
        surf.fill(ink, pygame.Rect(*P(2.2, 3.3), 7.6 * u, 1.2 * u))
        for x in (3.3, 6.0 - 0.55, 7.6):
            surf.fill(ink, pygame.Rect(*P(x, 4.9), 1.1 * u, 4.6 * u))
        surf.fill(ink, pygame.Rect(*P(1.6, 9.8), 8.8 * u, 1.4 * u))
    elif symbol == "shops":  # a shopping bag
        body = pygame.Rect(*P(2.2, 4.2), 7.6 * u, 6.8 * u)
        pygame.draw.rect(surf, ink, body, border_radius=max(1, round(u)))
        pygame.draw.arc(surf, ink, pygame.Rect(*P(4.0, 1.4), 4.0 * u, 5.6 * u), 0.0, math.pi, max(1, round(u)))
    elif symbol == "parks":  # a tree
        surf.fill(ink, pygame.Rect(*P(5.3, 7.5), 1.4 * u, 3.8 * u))
        disc(surf, ink, P(6, 4.6), 3.6 * u)
        disc(surf, ink, P(4.0, 6.4), 2.2 * u)
        disc(surf, ink, P(8.0, 6.4), 2.2 * u)
