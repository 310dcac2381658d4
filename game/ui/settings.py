"""What the game remembers between runs: the last table set-up (seats, board, edition) and the player's
preferences (sound volume and mute, language; ``preferences.json``).

Stored as msgspec JSON with a schema version in the user config dir (``UNDERGROUND_CONFIG_DIR``
overrides it, for tests and kiosks) and written atomically, so a power cut leaves the old file or
the new one. A file that cannot be read is logged and ignored: a broken file must never stop a table
from starting.
"""
from __future__ import annotations

import logging
import os
from pathlib import Path

import msgspec

from ..autosave import save_atomic
from ..engine.state import VARIANTS  # editions the engine plays (Setup.variant)
from .seats import EDGES, SeatConfig, TableSetup

log = logging.getLogger("underground.settings")

CONFIG_DIR_ENV = "UNDERGROUND_CONFIG_DIR"
LAST_SETUP_FILE = "last_setup.json"
PREFERENCES_FILE = "preferences.json"
SCHEMA_VERSION = 1
DEFAULT_VOLUME = 0.7
RANDOM_START = -1  # TableSetup.start_player value meaning "draw the start player"


class SavedSetup(msgspec.Struct):
    version: int
    setup: TableSetup


class Preferences(msgspec.Struct):
    """The player's own choices in Settings. Unknown keys are ignored, so a newer game's file still reads."""

    version: int = SCHEMA_VERSION
    volume: float = DEFAULT_VOLUME  # 0.0 .. 1.0
    muted: bool = False
    language: str = ""  # "en", "de", "fr"; "" = the system's (game/i18n.py)
    phones: bool = False  # phones at the table (docs/phones.md): the companion server runs during games
    phones_host: str = "auto"  # where it listens: "auto" (this computer's local network address), "localhost" or
    # a private address; never every interface or a public one (game/companion/network.py)
    phones_port: int = 0  # 0: any free port (the table shows it); a fixed one for a firewall rule
    win_chance: bool = False  # the win-chance bar beside the board (play/win_bar.py), from the game review


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
        return self._write(self.last_setup_path, data, "the set-up")

    @property
    def preferences_path(self) -> Path:
        return self.dir / PREFERENCES_FILE

    def preferences(self) -> Preferences:
        """The remembered preferences, or the defaults when there are none or they do not read (logged)."""
        path = self.preferences_path
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            return Preferences()
        except OSError as exc:
            log.warning("cannot read %s (%s); using the default preferences", path, exc)
            return Preferences()
        try:
            prefs = msgspec.json.decode(raw, type=Preferences)
        except (msgspec.DecodeError, msgspec.ValidationError) as exc:
            log.warning("ignoring broken preferences file %s (%s); using the defaults", path, exc)
            return Preferences()
        if not 0.0 <= prefs.volume <= 1.0:
            log.warning("%s: volume %s is not between 0 and 1; using %s", path, prefs.volume, DEFAULT_VOLUME)
            prefs.volume = DEFAULT_VOLUME
        from ..i18n import LANGUAGES

        if prefs.language and prefs.language not in LANGUAGES:
            log.warning("%s: language %r is not one of %s; using the system's", path, prefs.language,
                        ", ".join(LANGUAGES))
            prefs.language = ""
        return prefs

    def remember_preferences(self, prefs: Preferences) -> bool:
        """Write the preferences atomically; a read-only disk is logged, never fatal."""
        prefs = msgspec.structs.replace(prefs, version=SCHEMA_VERSION)
        return self._write(self.preferences_path, msgspec.json.format(msgspec.json.encode(prefs), indent=2),
                           "the preferences")

    def _write(self, path: Path, data: bytes, what: str) -> bool:
        try:
            save_atomic(path, data)
        except OSError as exc:
            log.warning("cannot remember %s in %s (%s)", what, self.dir, exc)
            return False
        return True


__all__ = ["Settings", "SavedSetup", "Preferences", "SeatConfig", "TableSetup", "config_dir", "setup_problems",
           "CONFIG_DIR_ENV", "RANDOM_START", "VARIANTS"]
