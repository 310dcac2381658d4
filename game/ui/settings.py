"""What the game remembers between runs: the last table set-up (seats, board, edition).

Stored as msgspec JSON with a schema version in the user config dir (``UNDERGROUND_CONFIG_DIR``
overrides it, for tests and kiosks) and written atomically, so a power cut leaves the old file or
the new one. A file that cannot be read is logged and ignored: a broken file must never stop a table
from starting.
"""
from __future__ import annotations

import logging
import os
import tempfile
from pathlib import Path

import msgspec

from ..engine.state import VARIANTS  # editions the engine plays (Setup.variant)
from .seats import EDGES, SeatConfig, TableSetup

log = logging.getLogger("underground.settings")

CONFIG_DIR_ENV = "UNDERGROUND_CONFIG_DIR"
LAST_SETUP_FILE = "last_setup.json"
SCHEMA_VERSION = 1
RANDOM_START = -1  # TableSetup.start_player value meaning "draw the start player"


class SavedSetup(msgspec.Struct):
    version: int
    setup: TableSetup


def config_dir() -> Path:
    env = os.environ.get(CONFIG_DIR_ENV)
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_config_dir("underground"))


def setup_problems(setup: TableSetup) -> list[str]:
    """Why a remembered set-up cannot be offered again (empty when it can)."""
    from ..engine.state import TOKEN_SUPPLY

    problems = []
    n = len(setup.seats)
    if not 2 <= n <= 5:
        problems.append(f"{n} seats; the game is for 2 to 5")
    seen: set[str] = set()
    for i, s in enumerate(setup.seats):
        if s.edge not in EDGES:
            problems.append(f"seat {i + 1}: unknown table edge {s.edge!r}")
        for c in s.colours:
            if c not in TOKEN_SUPPLY:
                problems.append(f"seat {i + 1}: unknown colour {c!r}")
            elif c in seen:
                problems.append(f"seat {i + 1}: colour {c!r} used twice")
            seen.add(c)
    if not (setup.start_player == RANDOM_START or 0 <= setup.start_player < max(n, 1)):
        problems.append(f"start player {setup.start_player} is not a seat")
    if setup.variant not in VARIANTS:
        problems.append(f"variant {setup.variant!r} is not one of {', '.join(VARIANTS)}")
    return problems


class Settings:
    """The remembered set-up; one instance per App."""

    def __init__(self, directory: str | Path | None = None):
        self.dir = Path(directory) if directory is not None else config_dir()

    @property
    def last_setup_path(self) -> Path:
        return self.dir / LAST_SETUP_FILE

    def last_setup(self) -> TableSetup | None:
        """The set-up last started, or None when there is none or it cannot be used (logged)."""
        path = self.last_setup_path
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError as exc:
            log.warning("cannot read %s (%s); using the default set-up", path, exc)
            return None
        try:
            saved = msgspec.json.decode(raw, type=SavedSetup)
        except (msgspec.DecodeError, msgspec.ValidationError) as exc:
            log.warning("ignoring broken set-up file %s (%s); using the default set-up", path, exc)
            return None
        if saved.version != SCHEMA_VERSION:
            log.warning("ignoring set-up file %s of schema version %s (this game writes %s)",
                        path, saved.version, SCHEMA_VERSION)
            return None
        problems = setup_problems(saved.setup)
        if problems:
            log.warning("ignoring set-up file %s: %s", path, "; ".join(problems))
            return None
        return saved.setup

    def remember_setup(self, setup: TableSetup) -> bool:
        """Write the set-up atomically; a read-only disk is logged, never fatal."""
        data = msgspec.json.format(msgspec.json.encode(SavedSetup(SCHEMA_VERSION, setup)), indent=2)
        try:
            self.dir.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".last_setup.", suffix=".tmp", dir=self.dir)
            try:
                with os.fdopen(fd, "wb") as f:
                    f.write(data)
                    f.flush()
                    os.fsync(f.fileno())
                os.replace(tmp, self.last_setup_path)
            except BaseException:
                try:
                    os.unlink(tmp)
                except OSError:
                    pass
                raise
        except OSError as exc:
            log.warning("cannot remember the set-up in %s (%s)", self.dir, exc)
            return False
        return True


__all__ = ["Settings", "SavedSetup", "SeatConfig", "TableSetup", "config_dir", "setup_problems",
           "CONFIG_DIR_ENV", "RANDOM_START", "VARIANTS"]
