"""The saved games as the menus speak of them: the notice counting the files set aside, a save described in one
line, and resuming a save on the play screen (from the title's Continue or the saved games' list).
"""
from __future__ import annotations

import logging

from ...i18n import _, ngettext
from . import screen_class

log = logging.getLogger("underground.ui")


def set_aside_notice(items) -> str:
    """How many saved (or finished) games could not be read and were set aside: one sentence, "" for none."""
    n = len(items)
    finished = sum(1 for a in items if a.finished)
    if not n:
        return ""
    if finished == n:
        return ngettext("{n} finished game could not be read and was set aside.",
                        "{n} finished games could not be read and were set aside.", n).format(n=n)
    if finished:
        return ngettext("{n} saved or finished game could not be read and was set aside.",
                        "{n} saved or finished games could not be read and were set aside.", n).format(n=n)
    return ngettext("{n} saved game could not be read and was set aside.",
                    "{n} saved games could not be read and were set aside.", n).format(n=n)


def join_messages(*messages: str) -> str:
    """Messages for one screen, each once."""
    out: list[str] = []
    for m in messages:
        if m and m not in out:
            out.append(m)
    return " ".join(out)


def flush_saves(app) -> None:
    """Let the background writer finish the game just left, so lists show it as it was left."""
    saver = getattr(app, "autosaver", None)
    if saver is not None:
        saver.flush()


def describe_save(entry) -> str:
    """Board, players and turn of a saved game: "London · Ada, Ben, Chloe · turn 7, Ben to play"."""
    s = entry.summary
    board = s.board + (_(", first edition") if s.variant == "classic" else "")
    who = ", ".join(s.players)
    turn = (_("turn {turn}, {player} to play").format(turn=s.turn, player=s.to_play) if s.to_play
            else _("turn {turn}").format(turn=s.turn))
    return f"{board} · {who} · {turn}"


def resume_game(app, game_id: str) -> str | None:
    """Open a saved game on the play screen, writing on to the same save. None when it opened; "" when it did not
    read and was set aside (the screens' notice counts it); else what to tell the player."""
    loaded, message = app.saves.load(game_id)
    if loaded is None:
        return message or ""
    play_screen = screen_class("play")
    try:
        scene = play_screen(app, loaded.state, loaded.seats, computer_speed=loaded.computer_speed,
                            hints_used=loaded.extras.get("hints_used"))
        scene.restore_table(loaded.extras)
    except Exception as exc:  # noqa: BLE001 - a save the screen cannot show must not crash the title
        log.exception("the saved game %s could not be shown", game_id)
        path = app.saves.save_path(game_id)
        return app.saves.move_aside(path, f"the play screen could not show it: {exc}")
    if app.autosaver is not None:
        app.autosaver.adopt(loaded.state, loaded.id, loaded.started, scene.saved_extras())
    app.replace(scene)
    return None
