"""What the App opens at start besides the window: the settings, the sound, the player's language and the saved games.

Each reads the player's preferences (game/ui/settings.py) where they apply; a kiosk has its own (the
operator's volume, the kiosk's autosave), and a headless app (tests, screenshots) neither depends on the
machine's locale nor writes into the user's saved games.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover - settings load the engine (~40 ms): after the first frame
    from .settings import Settings

log = logging.getLogger("underground.ui")

def open_settings() -> "Settings":
    from .settings import Settings

    return Settings()


def open_sound(settings: Settings, kiosk_mode: bool, enabled: bool):
    """Open the mixer and preload every effect now, never on a frame; no audio device means silence."""
    from .sound import SoundPlayer

    prefs = None
    if not kiosk_mode:  # a kiosk's volume is the operator's (admin menu), set by the kiosk controller
        try:
            prefs = settings.preferences()
        except Exception as exc:  # noqa: BLE001 - preferences are a convenience, never a reason not to start
            log.warning("preferences not read (%s); default volume", exc)
    sound = SoundPlayer(enabled=enabled)
    if prefs is not None:
        sound.volume = prefs.volume
        sound.muted = prefs.muted
    return sound


def start_language(settings: Settings, kiosk_mode: bool, headless: bool, language: str | None) -> None:
    """The player's language: as asked, else as remembered in Settings, else the system's (English when
    headless, so tests and screenshots do not depend on the machine's locale)."""
    from .. import i18n

    code = language
    if code is None and not kiosk_mode:
        try:
            code = settings.preferences().language or None
        except Exception as exc:  # noqa: BLE001 - preferences are a convenience, never a reason not to start
            log.warning("preferences not read (%s); language from the system", exc)
    if code is None:
        code = i18n.DEFAULT if headless else i18n.system_language()
    i18n.set_language(code)


def open_saves(save_games: bool | None, headless: bool, kiosk_mode: bool):
    """(store, autosaver): every game played is saved after each action (not in the kiosk, which keeps its
    own autosave; not headless unless asked, so tests and screenshots never write into the user's saved
    games). The autosaver is None when games are not saved."""
    from ..saves import Autosaver, SaveStore

    saves = SaveStore()
    if save_games is None:
        save_games = not headless and not kiosk_mode
    return saves, (Autosaver(saves) if save_games else None)


def toggle_fullscreen(app) -> None:
    """F11: the window fills its screen, or goes back to a window of the size it had (a laptop player's usual
    key; the kiosk ignores it, being full screen for good)."""
    pg = app._pg
    app.fullscreen = not app.fullscreen
    if app.fullscreen:
        app._windowed_size = app.size
        try:
            size = pg.display.get_desktop_sizes()[app.display]
        except (pg.error, IndexError):
            size = app.size
        app._flags = pg.FULLSCREEN
    else:
        size = getattr(app, "_windowed_size", None) or (1280, 720)
        app._flags = pg.RESIZABLE
    app.screen = pg.display.set_mode(size, app._flags, display=app.display)
    app._on_resized()
