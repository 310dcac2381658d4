"""Finished games: the games played to the end, the most recent first; watch one in the replay viewer or delete it."""
from __future__ import annotations

from ...i18n import N_, _, ngettext
from ...saves import HISTORY_DIR
from .lists import ListScene


class HistoryScene(ListScene):
    """Finished games, the most recent first: when, which board, the final scores and who won; watch one, or
    delete it (a second tap confirms, as for saved games)."""

    HEADING = N_("Finished games")
    FOLDER = HISTORY_DIR

    def load_entries(self, app) -> None:
        self.list_games(app, app.saves.history, _("The finished games could not be listed: {problem}"))

    def empty_text(self) -> str:
        return _("No finished games yet.")

    def row_buttons(self, k: int, e) -> None:
        y = self.ROW_Y + k * self.ROW_STEP + 12
        self.button(f"watch{k}", self.R(1320, y, 240, 80), _("Watch"), lambda i=e.id: self.watch(i),
                    object_id="#primary")
        self.delete_button(k, e, 1580)

    def watch(self, game_id: str) -> None:
        """The replay viewer (screens/replay.py) for a finished game, prepared behind a progress screen
        (game/ui/loading.py); its Close comes back to this list. A file that does not read is set aside (the
        notice counts it); a record that does not replay comes back here saying why."""
        from ...engine.record import from_state
        from ..loading import REPLAY_MODULES, open_loading, screen_steps

        app = self.app
        loaded, message = app.saves.load(game_id, folder=HISTORY_DIR)
        if loaded is None:
            self.message = message or ""
            self.load_entries(app)
            self.refresh()
            return

        def not_shown(exc: Exception) -> HistoryScene:
            return HistoryScene(app, _("This game cannot be shown: {problem}").format(problem=str(exc)))

        # a finished game's objectives were shown to the whole table at its end: no longer secret
        steps = screen_steps(app, "replay", from_state(loaded.state), loaded.seats,
                             path=str(app.saves.history_path(game_id)), on_close=lambda: app.replace(HistoryScene(app)),
                             reveal=True, modules=REPLAY_MODULES)
        open_loading(app, steps, on_error=not_shown)

    def row_text(self, e) -> tuple[str, str]:
        from ...saves import when

        s = e.summary
        board = s.board + (_(", first edition") if s.variant == "classic" else "")
        won = _(" and ").join(s.winners)
        verb = _("{players} share the win") if len(s.winners) > 1 else _("{players} wins")
        top = f"{when(e.saved)} · {board}" + (" · " + verb.format(players=won) if won else "")
        ranked = sorted(zip(s.scores, s.players), key=lambda t: -t[0])
        turns = ngettext("{n} turn", "{n} turns", s.turn).format(n=s.turn)
        return top, "   ".join(f"{p} {n}" for n, p in ranked) + "   ·   " + turns
