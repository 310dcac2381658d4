"""The contracts every screen shares: pointer events and the scene interface.

A scene stack (app.py) feeds each scene pointer events (already merged from touch and mouse, see
pointer.py), raw key events, fixed-step updates, and asks it to draw only when it says it is dirty.
A scene that consumes an event returns True so that scenes below do not see it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    import pygame

    from .app import App

DOWN, MOVE, UP, CANCEL = "down", "move", "up", "cancel"


@dataclass(frozen=True, slots=True)
class PointerEvent:
    """One finger or the mouse. ``pid`` is stable from down to up; the mouse is pid -1.

    x, y are window pixels (touch coordinates are converted). ``wheel`` is set for mouse-wheel
    zoom (positive = zoom in) with phase MOVE; ``pinch`` is a scale factor for two-finger zoom.
    """

    pid: int
    phase: str
    x: float
    y: float
    t: float  # seconds, monotonic
    is_touch: bool = False
    wheel: float = 0.0
    pinch: float = 1.0


class Scene:
    """Base class: override what you need. ``app`` gives the window, theme, fonts, clock and stack."""

    opaque = True  # scenes below an opaque scene are not drawn

    def __init__(self, app: "App"):
        self.app = app
        self.dirty = True

    # lifecycle
    def enter(self) -> None: ...
    def exit(self) -> None: ...
    def pause(self) -> None: ...
    def resume(self) -> None:
        self.dirty = True

    # input: return True when consumed
    def on_pointer(self, ev: PointerEvent) -> bool:
        return False

    def on_key(self, ev: "pygame.event.Event") -> bool:
        return False

    def on_language(self) -> None:
        """The language changed (game/i18n.py): make every word again. A new layout does it for most scenes."""
        self.on_resize(*self.app.size)
        self.dirty = True

    def on_resize(self, w: int, h: int) -> None:
        self.dirty = True

    # time: called with a fixed dt (seconds) as many times as real time requires
    def update(self, dt: float) -> None: ...

    def draw(self, surface: "pygame.Surface") -> None: ...
