"""The win-chance bar (a setting, off by default): each seat's chance to win by the expert's estimate of the
public table (ai/review.py ``win_chances``, worked out by the game review's background process after every
turn), as one upright bar in a strip of its own left of the board — beside the panels, never over the board's
names or track spaces. Each seat's share is a block in its line colour with its percentage.

Drawn over the backdrop each frame from a picture made when the numbers change (a blit, no layout work).
"""
from __future__ import annotations

import pygame

from ..theme import line_outline, line_rgb

WIDTH = 46  # design px at 1080p


def enabled(scene) -> bool:
    """The setting, read once per game (the scene keeps it)."""
    on = getattr(scene, "_win_bar_on", None)
    if on is None:
        try:
            on = bool(scene.app.settings.preferences().win_chance)
        except Exception:  # noqa: BLE001 - a preferences file that does not read: the default, off
            on = False
        scene._win_bar_on = on
    return on and getattr(scene, "review", None) is not None


def carve(scene, area: pygame.Rect, k: float) -> pygame.Rect:
    """The board's area less the bar's strip on its left (when the bar is shown); the strip is kept."""
    if not enabled(scene):
        scene._win_bar_rect = None
        return area
    w = max(24, round(WIDTH * k))
    scene._win_bar_rect = pygame.Rect(area.x, area.y, w, area.h)
    return pygame.Rect(area.x + w + max(2, round(6 * k)), area.y, area.w - w - max(2, round(6 * k)), area.h)


def bar_rect(scene) -> pygame.Rect | None:
    """Where the bar stands on screen now (None when it is not shown): what else is drawn beside the board
    keeps off it."""
    return getattr(scene, "_win_bar_rect", None)


def latest(scene) -> list[float] | None:
    r = getattr(scene, "review", None)
    if r is None or not r.chances:
        return None
    return r.chances[max(r.chances)]


def picture(scene, rect: pygame.Rect, chances: list[float]) -> pygame.Surface:
    """The bar: one block per seat, top to bottom in seat order, each as tall as its chance."""
    surf = pygame.Surface(rect.size, pygame.SRCALPHA)
    k = scene.app.scale
    font = scene.fonts.get(max(9, round(17 * k)), True, True)
    y = 0.0
    for p, c in enumerate(chances):
        cols = scene.state.setup.lines[p] if p < len(scene.state.setup.lines) else ["grey"]
        colour = cols[0] if cols else "grey"
        h = rect.h * c
        block = pygame.Rect(0, round(y), rect.w, max(0, round(y + h) - round(y)))
        y += h
        if block.h <= 0:
            continue
        pygame.draw.rect(surf, line_rgb(colour), block)
        pygame.draw.rect(surf, line_outline(colour), block, max(1, round(2 * k)))
        img = font.render(f"{round(c * 100)}%", True, (255, 255, 255))
        if img.get_height() + 4 <= block.h and img.get_width() <= rect.w:
            back = img.get_rect(center=block.center).inflate(4, 0)
            pygame.draw.rect(surf, (22, 30, 52), back, border_radius=max(2, round(4 * k)))
            surf.blit(img, img.get_rect(center=block.center))
    pygame.draw.rect(surf, (22, 30, 52), surf.get_rect(), max(1, round(2 * k)))
    return surf


def draw(scene, surface: pygame.Surface) -> list[pygame.Rect]:
    rect = bar_rect(scene)
    chances = latest(scene) if rect is not None else None
    if not chances:
        return []
    key = (tuple(round(c, 3) for c in chances), rect.size)
    cached = getattr(scene, "_win_bar_pic", None)
    if cached is None or cached[0] != key:
        cached = (key, picture(scene, rect, chances))
        scene._win_bar_pic = cached
    surface.blit(cached[1], rect)
    return [rect.copy()]
