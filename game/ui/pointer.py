"""One pointer layer: touch fingers and the mouse become :class:`PointerEvent`s.

Rules (docs/ui.md):
- a finger gets a fresh pid on FINGERDOWN that stays until its UP; the mouse is always pid -1;
- mouse events SDL synthesises from touch are dropped, so one tap is one tap;
- only the left mouse button presses; hover and wheel come as MOVE with pid -1;
- a press that starts outside the window is ignored, motion outside is clamped to the edge, and a
  release outside the window is a CANCEL (the gesture left the table, it must not act);
- with exactly two fingers down, their motion also carries a pinch factor (distance ratio since the
  last motion), for zooming the board on small screens.
"""
from __future__ import annotations

import math
import os
import time
from typing import Callable

from .scene import CANCEL, DOWN, MOVE, UP, PointerEvent

# SDL's id for mouse events it made up from touch (SDL_TOUCH_MOUSEID, an unsigned -1).
TOUCH_MOUSEID = 0xFFFFFFFF
MOUSE_PID = -1

SDL_HINTS = {
    # Touch stays touch: do not turn mouse clicks into fake fingers.
    "SDL_MOUSE_TOUCH_EVENTS": "0",
    # SDL still makes mouse events from touch (pygame-gui hover, the system cursor); we drop them.
    "SDL_TOUCH_MOUSE_EVENTS": "1",
    # A fullscreen table must not minimise when a second screen or a dialog takes focus.
    "SDL_VIDEO_MINIMIZE_ON_FOCUS_LOSS": "0",
    # SIGTERM/SIGINT stay Python's: the App stops on them even in kiosk mode, where a QUIT is ignored,
    # so a supervisor can always end the game.
    "SDL_NO_SIGNAL_HANDLERS": "1",
    "PYGAME_HIDE_SUPPORT_PROMPT": "1",
}


def set_sdl_hints() -> None:
    """Set SDL hints through the environment; must run before ``pygame.init()``. The one place for them."""
    for k, v in SDL_HINTS.items():
        os.environ.setdefault(k, v)


def is_synthesised(event) -> bool:
    """True for a mouse event SDL made from a finger (pygame-ce sets ``touch``; ``which`` is the SDL id)."""
    if getattr(event, "touch", False):
        return True
    which = getattr(event, "which", None)
    return which is not None and (which == TOUCH_MOUSEID or which == -1)


def _finite(*vals) -> bool:
    return all(isinstance(v, (int, float)) and math.isfinite(v) for v in vals)


class PointerLayer:
    """Turns raw pygame events into pointer events; keeps the per-finger state this needs."""

    def __init__(self, clock: Callable[[], float] = time.monotonic):
        import pygame

        self._pg = pygame
        self.clock = clock
        self._next_pid = 1
        self._fingers: dict[tuple[int, int], int] = {}  # (touch id, finger id) -> pid
        self.positions: dict[int, tuple[float, float]] = {}  # pid -> last position, pointers down only
        self._mouse_down = False
        self._mouse_pos: tuple[float, float] | None = None
        self._pinch_dist: float | None = None

    # ------------------------------------------------------------------------------------------
    @property
    def active(self) -> list[int]:
        """Pids that are down now (fingers, and -1 while the left button is held)."""
        return list(self.positions)

    def cancel_all(self) -> list[PointerEvent]:
        """End every gesture (focus lost, window gone): each pointer down gets a CANCEL."""
        t = self.clock()
        out = [PointerEvent(pid, CANCEL, x, y, t, is_touch=pid != MOUSE_PID) for pid, (x, y) in self.positions.items()]
        self.positions.clear()
        self._fingers.clear()
        self._mouse_down = False
        self._pinch_dist = None
        return out

    # ------------------------------------------------------------------------------------------
    def feed(self, event, window_size: tuple[int, int]) -> list[PointerEvent]:
        """The pointer events for one raw event (usually zero or one); never raises on odd input."""
        pg = self._pg
        et = event.type
        w, h = max(1, int(window_size[0])), max(1, int(window_size[1]))
        if et in (pg.FINGERDOWN, pg.FINGERMOTION, pg.FINGERUP):
            return self._finger(event, et, w, h)
        if et in (pg.MOUSEBUTTONDOWN, pg.MOUSEBUTTONUP, pg.MOUSEMOTION, pg.MOUSEWHEEL):
            if is_synthesised(event):
                return []
            return self._mouse(event, et, w, h)
        if et == getattr(pg, "WINDOWFOCUSLOST", -1):
            return self.cancel_all()
        return []

    # ------------------------------------------------------------------------------------------
    def _finger(self, event, et, w, h) -> list[PointerEvent]:
        pg = self._pg
        nx, ny = getattr(event, "x", None), getattr(event, "y", None)
        key = (getattr(event, "touch_id", 0), getattr(event, "finger_id", 0))
        t = self.clock()
        inside = _finite(nx, ny) and 0.0 <= nx <= 1.0 and 0.0 <= ny <= 1.0
        if _finite(nx, ny):
            x = min(max(nx, 0.0), 1.0) * (w - 1)
            y = min(max(ny, 0.0), 1.0) * (h - 1)
        else:
            x = y = None
        out: list[PointerEvent] = []
        if et == pg.FINGERDOWN:
            old = self._fingers.pop(key, None)
            if old is not None:  # a lost UP: end the old gesture first
                ox, oy = self.positions.pop(old, (0.0, 0.0))
                out.append(PointerEvent(old, CANCEL, ox, oy, t, is_touch=True))
            if not inside:
                return out
            pid = self._next_pid
            self._next_pid += 1
            self._fingers[key] = pid
            self.positions[pid] = (x, y)
            self._pinch_dist = self._two_finger_distance()
            out.append(PointerEvent(pid, DOWN, x, y, t, is_touch=True))
            return out
        pid = self._fingers.get(key)
        if pid is None:
            return out  # motion or release of a finger whose press we never saw
        if et == pg.FINGERMOTION:
            if x is None:
                return out
            self.positions[pid] = (x, y)
            pinch = 1.0
            d = self._two_finger_distance()
            if d is not None and self._pinch_dist:
                pinch = d / self._pinch_dist
            self._pinch_dist = d
            out.append(PointerEvent(pid, MOVE, x, y, t, is_touch=True, pinch=pinch))
            return out
        # FINGERUP
        del self._fingers[key]
        lx, ly = self.positions.pop(pid, (0.0, 0.0))
        self._pinch_dist = self._two_finger_distance()
        if inside:
            out.append(PointerEvent(pid, UP, x, y, t, is_touch=True))
        else:
            out.append(PointerEvent(pid, CANCEL, lx if x is None else x, ly if y is None else y, t, is_touch=True))
        return out

    def _two_finger_distance(self) -> float | None:
        if len(self._fingers) != 2:
            return None
        (ax, ay), (bx, by) = (self.positions[p] for p in self._fingers.values())
        return max(1.0, math.hypot(ax - bx, ay - by))

    # ------------------------------------------------------------------------------------------
    def _mouse(self, event, et, w, h) -> list[PointerEvent]:
        pg = self._pg
        t = self.clock()
        if et == pg.MOUSEWHEEL:
            dy = getattr(event, "precise_y", None)
            if not _finite(dy):
                dy = getattr(event, "y", 0)
            if not _finite(dy) or dy == 0:
                return []
            if getattr(event, "flipped", False):
                dy = -dy
            if self._mouse_pos is not None:
                x, y = self._mouse_pos
            else:
                try:
                    x, y = pg.mouse.get_pos()
                except pg.error:
                    x, y = w / 2, h / 2
            x, y = min(max(x, 0), w - 1), min(max(y, 0), h - 1)
            return [PointerEvent(MOUSE_PID, MOVE, float(x), float(y), t, wheel=float(dy))]
        pos = getattr(event, "pos", None)
        try:
            mx, my = float(pos[0]), float(pos[1])
        except (TypeError, IndexError, ValueError):
            return []
        if not _finite(mx, my):
            return []
        inside = 0 <= mx < w and 0 <= my < h
        x, y = min(max(mx, 0.0), w - 1.0), min(max(my, 0.0), h - 1.0)
        self._mouse_pos = (x, y)
        if et == pg.MOUSEMOTION:
            if self._mouse_down:
                self.positions[MOUSE_PID] = (x, y)
            return [PointerEvent(MOUSE_PID, MOVE, x, y, t)]
        if getattr(event, "button", 1) != 1:
            return []  # right/middle buttons and legacy wheel buttons 4-7 do nothing
        if et == pg.MOUSEBUTTONDOWN:
            if not inside:
                return []
            out = []
            if self._mouse_down:  # a lost release
                out.append(PointerEvent(MOUSE_PID, CANCEL, x, y, t))
            self._mouse_down = True
            self.positions[MOUSE_PID] = (x, y)
            out.append(PointerEvent(MOUSE_PID, DOWN, x, y, t))
            return out
        # MOUSEBUTTONUP
        if not self._mouse_down:
            return []
        self._mouse_down = False
        self.positions.pop(MOUSE_PID, None)
        return [PointerEvent(MOUSE_PID, UP if inside else CANCEL, x, y, t)]
