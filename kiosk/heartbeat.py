"""The game's sign of life for the kiosk supervisor.

A crashed game is easy to spot (the process exits); a frozen one is not.  The
game calls ``beat()`` from its main loop; if the file stops changing, the
supervisor kills and restarts it.  Outside the kiosk the variable is unset and
``beat()`` costs one comparison.
"""

from __future__ import annotations

import logging
import os
import time
from pathlib import Path
from typing import Callable, Mapping

__all__ = ["HEARTBEAT_ENV", "Heartbeat"]

HEARTBEAT_ENV = "UNDERGROUND_HEARTBEAT_FILE"

log = logging.getLogger("underground.kiosk.heartbeat")


class Heartbeat:
    """Writes a fresh timestamp to the heartbeat file at most once a second.

    The supervisor only looks for the content *changing*, measured on its own
    clock, so the two processes need not agree on any clock.
    """

    def __init__(
        self,
        path: str | os.PathLike[str] | None,
        *,
        clock: Callable[[], float] = time.monotonic,
        min_interval_s: float = 1.0,
    ) -> None:
        self.path = Path(path) if path else None
        self._clock = clock
        self.min_interval_s = min_interval_s
        self._last: float | None = None
        self._count = 0
        self._warned = False

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **kwargs) -> "Heartbeat":
        env = os.environ if environ is None else environ
        return cls(env.get(HEARTBEAT_ENV) or None, **kwargs)

    @property
    def enabled(self) -> bool:
        return self.path is not None

    def beat(self) -> bool:
        """Call every frame; returns True when the file was actually written.

        Never raises: a full disk must not crash the game it is guarding (the
        supervisor will notice the missing beats instead).
        """
        if self.path is None:
            return False
        now = self._clock()
        if self._last is not None and now - self._last < self.min_interval_s:
            return False
        self._last = now
        self._count += 1
        try:
            self.path.write_text(f"{now:.3f} {os.getpid()} {self._count}\n", encoding="ascii")
        except OSError as exc:
            if not self._warned:
                log.warning("cannot write the heartbeat file %s: %s", self.path, exc)
                self._warned = True
            return False
        self._warned = False
        return True
