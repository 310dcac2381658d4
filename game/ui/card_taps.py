"""Taps on a card of buttons turned to face a seat (the in-game menu, the rules, the guide's bubble). A button
counts only when the finger goes down and comes up on it, so a finger slipping off a button chooses nothing, and
each finger is followed on its own (several people touch the table at once)."""
from __future__ import annotations

from .scene import CANCEL, DOWN, UP, PointerEvent
from .seats import screen_to_upright

OFF_CARD = object()  # CardTaps.feed's answer to a tap that went down and came up beside the card


def button_under(buttons: dict, rect, rotation: int, x: float, y: float) -> str | None:
    """The button (by name) of a card drawn upright, ``buttons`` in its coordinates, and turned by ``rotation``
    into ``rect`` on screen, under the screen point (x, y); "" on the card between buttons, None beside it."""
    if not rect.collidepoint(x, y):
        return None
    u, v = screen_to_upright(rect, rotation, x, y)
    return next((name for name, r in buttons.items() if r.collidepoint(u, v)), "")


class CardTaps:
    """Where each finger went down (a button's name, "" or None as ``button_under`` answers)."""

    def __init__(self):
        self.pressed: dict[int, str | None] = {}

    def feed(self, e: PointerEvent, button_at) -> object:
        """The button tapped when ``e`` ends a tap on it, OFF_CARD when it ends a tap beside the card, else
        None. ``button_at(x, y)`` answers as ``button_under``."""
        if e.phase == DOWN:
            self.pressed[e.pid] = button_at(e.x, e.y)
        elif e.phase == CANCEL:
            self.pressed.pop(e.pid, None)
        elif e.phase == UP and e.pid in self.pressed:
            pressed, here = self.pressed.pop(e.pid), button_at(e.x, e.y)
            if pressed is None and here is None:
                return OFF_CARD
            if pressed and pressed == here:
                return here
        return None
