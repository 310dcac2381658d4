"""Admin access on a public table: a hidden gesture, then a rate-limited PIN.

Pure Python (no pygame) so the rules can be tested with a fake clock and the
UI only has to feed pointer-down events and typed PINs in.
"""

from __future__ import annotations

import time
from collections import deque
from typing import Callable, Literal

from game.kiosk_config import verify_pin

__all__ = ["CORNERS", "CornerTapDetector", "PinGate", "PinResult"]

PinResult = Literal["ok", "wrong", "locked"]
CORNERS = ("top-left", "top-right", "bottom-left", "bottom-right")


class PinGate:
    """Checks admin PINs and locks out guessing.

    After ``max_tries`` wrong PINs in a row the gate refuses every PIN (even
    the right one) for ``lockout_s`` seconds, so a visitor cannot walk through
    all 10 000 four-digit PINs.  ``try_pin`` returns ``"locked"`` both for the
    try that triggers the lock and for tries while it lasts.
    """

    def __init__(
        self,
        stored_hash: str,
        *,
        clock: Callable[[], float] = time.monotonic,
        max_tries: int = 5,
        lockout_s: float = 60.0,
    ) -> None:
        if max_tries < 1:
            raise ValueError(f"max_tries must be at least 1, got {max_tries}")
        if lockout_s < 0:
            raise ValueError(f"lockout_s must not be negative, got {lockout_s}")
        self._stored = stored_hash
        self._clock = clock
        self.max_tries = max_tries
        self.lockout_s = lockout_s
        self._wrong = 0
        self._locked_until: float | None = None

    def set_hash(self, stored_hash: str) -> None:
        """Take a new PIN (admin changed it) without resetting the lockout."""
        self._stored = stored_hash

    def seconds_locked(self) -> float:
        """Seconds until PINs are accepted again; 0.0 when not locked."""
        if self._locked_until is None:
            return 0.0
        left = self._locked_until - self._clock()
        if left <= 0:
            self._locked_until = None
            self._wrong = 0
            return 0.0
        return left

    def tries_left(self) -> int:
        """Wrong PINs still allowed before the lock (for the 'n tries left' hint)."""
        if self.seconds_locked() > 0:
            return 0
        return self.max_tries - self._wrong

    def try_pin(self, pin: str) -> PinResult:
        if self.seconds_locked() > 0:
            return "locked"
        if verify_pin(pin, self._stored):
            self._wrong = 0
            return "ok"
        self._wrong += 1
        if self._wrong >= self.max_tries:
            self._locked_until = self._clock() + self.lockout_s
            return "locked"
        return "wrong"


class CornerTapDetector:
    """Spots the hidden admin gesture: quick taps in one screen corner.

    Feed it every pointer-down (mouse button or finger; pygame finger events
    carry 0..1 coordinates, so multiply by the window size first).  It fires
    when ``taps`` consecutive taps land in the same corner square within
    ``window_s`` seconds; any tap elsewhere starts the count again, so players
    touching the board near a corner do not open the admin menu by accident.
    """

    def __init__(
        self,
        *,
        taps: int = 5,
        window_s: float = 3.0,
        min_side_px: float = 48.0,
        side_fraction: float = 0.08,
    ) -> None:
        if taps < 1:
            raise ValueError(f"taps must be at least 1, got {taps}")
        if window_s <= 0:
            raise ValueError(f"window_s must be positive, got {window_s}")
        self.taps = taps
        self.window_s = window_s
        self.min_side_px = min_side_px
        self.side_fraction = side_fraction
        self._corner: str | None = None
        self._times: deque[float] = deque()

    def corner_side(self, window_w: float, window_h: float) -> float:
        """Side of the corner square: big enough for a finger on any screen."""
        return max(self.min_side_px, self.side_fraction * min(window_w, window_h))

    def corner_of(self, x: float, y: float, window_w: float, window_h: float) -> str | None:
        if window_w <= 0 or window_h <= 0:
            raise ValueError(f"window size must be positive, got {window_w}x{window_h}")
        if not (0 <= x < window_w and 0 <= y < window_h):
            return None
        side = self.corner_side(window_w, window_h)
        left, right = x < side, x >= window_w - side
        top, bottom = y < side, y >= window_h - side
        if top and left:
            return "top-left"
        if top and right:
            return "top-right"
        if bottom and left:
            return "bottom-left"
        if bottom and right:
            return "bottom-right"
        return None

    def reset(self) -> None:
        self._corner = None
        self._times.clear()

    def feed(self, x: float, y: float, t: float, window_w: float, window_h: float) -> str | None:
        """Record a pointer-down at time ``t`` (seconds); return the corner when it fires."""
        corner = self.corner_of(x, y, window_w, window_h)
        if corner is None:
            self.reset()
            return None
        if corner != self._corner or (self._times and t < self._times[-1]):
            self.reset()
            self._corner = corner
        self._times.append(t)
        while self._times and t - self._times[0] > self.window_s:
            self._times.popleft()
        if len(self._times) >= self.taps:
            self.reset()
            return corner
        return None
