"""Saved games: the unfinished games, the most recently played first; resume one or delete it."""
from __future__ import annotations

from ...i18n import N_, _
from .lists import ListScene
from .saved import resume_game


class SavedGamesScene(ListScene):
    """Unfinished games, the most recently played first: resume one, or delete it (a second tap confirms)."""

    HEADING = N_("Saved games")

    def load_entries(self, app) -> None:
        self.list_games(app, app.saves.unfinished, _("The saved games could not be listed: {problem}"))

    def empty_text(self) -> str:
        return _("No unfinished games. Every game is saved as it is played, and appears here until it ends.")

    def row_text(self, e) -> tuple[str, str]:
        from ...saves import when

        s = e.summary
        board = s.board + (_(", first edition") if s.variant == "classic" else "")
        bottom = (_("turn {turn}, {player} to play").format(turn=s.turn, player=s.to_play) if s.to_play
                  else _("turn {turn}").format(turn=s.turn))
        bottom += " · " + " / ".join(f"{n} {p}" for n, p in zip(s.players, s.scores))
        return f"{board} · {', '.join(s.players)}", _("{details} · saved {when}").format(details=bottom,
                                                                                          when=when(e.saved))

    def row_buttons(self, k: int, e) -> None:
        y = self.ROW_Y + k * self.ROW_STEP + 12
        self.button(f"resume{k}", self.R(1320, y, 240, 80), _("Resume"), lambda i=e.id: self.open_saved(i),
                    object_id="#primary")
        self.delete_button(k, e, 1580)

    def open_saved(self, game_id: str) -> None:
        message = resume_game(self.app, game_id)
        if message is not None:
            self.message = message
            self.load_entries(self.app)
            self.refresh()
