"""What a point on a seat's panel hits, and where a control stands on screen: the panel's controls are
laid out upright (layout.py) and the panel is turned to face its edge, so every screen point goes through
the same rotation (seats.EDGE_ROTATION) both ways."""
from __future__ import annotations

import pygame

from ..seats import screen_to_upright, upright_to_screen


def control_at(rect: pygame.Rect, rotation: int, controls: dict, x: float, y: float) -> str | None:
    """The control under screen point (x, y) (None on the panel's background or outside it). Areas (names
    starting with "_": the identity, the status, the route label) are not controls."""
    if not rect.collidepoint(x, y):
        return None
    u, v = screen_to_upright(rect, rotation, x, y)
    for name, r in controls.items():
        if not name.startswith("_") and r.collidepoint(u, v):
            return name
    return None


def centre_on_screen(rect: pygame.Rect, rotation: int, control: pygame.Rect) -> tuple[float, float]:
    """The screen point a tap on ``control`` lands on (its centre, nudged inside whatever the rotation)."""
    return upright_to_screen(rect, rotation, control.centerx + 0.25, control.centery + 0.25)


def rect_on_screen(rect: pygame.Rect, rotation: int, control: pygame.Rect) -> pygame.Rect:
    """The screen rectangle an upright ``control`` covers once the panel is turned."""
    a = upright_to_screen(rect, rotation, control.left, control.top)
    b = upright_to_screen(rect, rotation, control.right, control.bottom)
    return pygame.Rect(min(a[0], b[0]), min(a[1], b[1]), abs(a[0] - b[0]), abs(a[1] - b[1]))
