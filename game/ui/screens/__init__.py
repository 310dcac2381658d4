"""The menus and the screens around a game, one module per screen (docs/architecture.md).

A screen never imports another screen: it names the next one here, and the registry imports its module when it
is first opened. So the title screen can lead to the set-up, the set-up to the play screen and the play screen
back to the title without any of them importing the others back (an import circle once tied them together).

    open_screen(app, "title")                      # replaces the top of the app's scene stack
    app.push(make_screen(app, "settings"))         # over the screen that asked (its Back pops)
    isinstance(scene, screen_class("end"))         # a screen by name, e.g. for the kiosk

A new screen: a module in this folder with its scene class, and one line in ``SCREENS``.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from ..scene import Scene

# screen name -> "module:class", imported when the screen is first needed
SCREENS = {
    "title": "game.ui.screens.title:TitleScene",
    "setup": "game.ui.screens.setup:SetupScene",
    "settings": "game.ui.screens.settings:SettingsScene",
    "saved_games": "game.ui.screens.saved_games:SavedGamesScene",
    "finished_games": "game.ui.screens.finished_games:HistoryScene",
    "set_aside": "game.ui.screens.set_aside:SetAsideScene",
    "end": "game.ui.screens.end:EndScene",
    "replay": "game.ui.screens.replay:ReplayScene",
    "play": "game.ui.play_scene:PlayScene",
    "practice": "game.ui.screens.practice:PracticeScene",  # try again from a reviewed position
    "phone_card": "game.ui.play.phone_card:PhoneCard",  # a seat's phone: its code, keep/refuse, hand-offs
    "level_card": "game.ui.play.level_card:LevelCard",  # a seat handed to a computer: which level plays on
}


def screen_class(name: str) -> type:
    """The scene class registered as ``name``; a name not in ``SCREENS`` is a programming error, said plainly."""
    try:
        module, _sep, attr = SCREENS[name].partition(":")
    except KeyError:
        raise KeyError(f"no screen called {name!r}: choose one of {', '.join(SCREENS)}") from None
    return getattr(importlib.import_module(module), attr)


def make_screen(app, name: str, *args, **kwargs) -> "Scene":
    """A new scene of the screen ``name`` for ``app`` (not yet shown)."""
    return screen_class(name)(app, *args, **kwargs)


def open_screen(app, name: str, *args, **kwargs) -> "Scene":
    """Show the screen ``name`` in place of the top scene (as going from one menu to the next does)."""
    return app.replace(make_screen(app, name, *args, **kwargs))


__all__ = ["SCREENS", "screen_class", "make_screen", "open_screen"]
