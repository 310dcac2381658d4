"""The end screen: the final ranking with the tie-break, points by category and the score race; the final board;
Play again (the same table, the next seat starts) or a new set-up. Its parts: the results table (end_table.py),
the score chart (end_chart.py), the final board (end_board.py); the words of who won (results.py)."""
from __future__ import annotations

import pygame

from ...engine import rules as engine_rules
from ...engine.state import GameState
from ...i18n import _
from .. import sound as sound_mod
from ..scene import DOWN, PointerEvent
from ..seats import EDGES, SeatConfig, TableSetup
from . import open_screen
from .base import GuiScene
from .end_board import FinalBoard
from .end_chart import ScoreChart
from .end_facing import FacingResults
from .end_review import GameReview
from .end_table import ResultsTable
from .results import seat_label
from .table_setup import base_map, board_title, start_game


class EndScene(GameReview, FacingResults, ResultsTable, ScoreChart, FinalBoard, GuiScene):
    """Final ranking with the tie-break, points by category and the score race; play again or re-seat.

    The last turn's taps land here (Play again sits where the bottom seat's branch tile button was), so
    taps are ignored for GUARD_SECONDS after the screen appears, and leaving the results asks first.
    "Show board" shows the final board with no seat panels, so nothing on it can act.
    """

    GUARD_SECONDS = 1.0

    def __init__(self, app, state: GameState, seats: list[SeatConfig], computer_speed: str | None = None,
                 hints_used: list[int] | None = None):
        self.state = state
        self.hints_used = list(hints_used or [])  # per seat (play/hint.py), shown when any was asked
        self.seats = list(seats)
        self.computer_speed = computer_speed or self._remembered_speed(app)
        self.error = ""
        self.opened_at = app.time
        self.view = "results"  # or "board", or "review" (end_review.py)
        self.confirm: str | None = None  # "play_again", "new_setup" or "to_title" while asking
        self.board_view = None
        self._drags: dict[int, tuple[float, float]] = {}
        self._guard_shown = True
        self.practice = False  # a practice game (screens/practice.py): not kept, not reviewed again
        # where these results go: into Finished games when games are saved (game/saves.py), nowhere in the
        # kiosk or a headless app
        self.kept = getattr(app, "autosaver", None) is not None
        super().__init__(app)

    @staticmethod
    def _remembered_speed(app) -> str:
        """The computer speed of the set-up last started: the table's choice, kept by Play again."""
        try:
            last = app.settings.last_setup()
        except Exception:
            last = None
        return last.computer_speed if last is not None else "normal"

    def enter(self) -> None:
        sound_mod.of(self.app).play("fanfare")

    # ---- model ----------------------------------------------------------------------------------
    def guarded(self) -> bool:
        """True in the first moment after the screen appears: a tap meant for the last turn is no choice."""
        return self.app.time - self.opened_at < self.GUARD_SECONDS

    def hints_text(self) -> str:
        """"Hints used: Ada 2, Ben 1" for the seats that asked for any; "" when nobody did."""
        used = [(self.state.players[i].name, n) for i, n in enumerate(self.hints_used[:self.state.n_players]) if n]
        if not used:
            return ""
        return _("Hints used: {seats}").format(seats=", ".join(f"{name} {n}" for name, n in used))

    def player_colour(self, i: int) -> str:
        cols = self.state.setup.lines[i] if i < len(self.state.setup.lines) else []
        return cols[0] if cols else "grey"

    def player_label(self, i: int) -> str:
        return seat_label(self.state.players[i].name, self.seats[i] if i < len(self.seats) else None)

    def title(self) -> str:
        return board_title(self.state.setup.map, self.state.setup.variant)

    # ---- widgets --------------------------------------------------------------------------------
    def layout(self) -> None:
        R = self.R
        live = not self.guarded()
        if self.confirm:
            what = {"play_again": _("Play again"), "new_setup": _("New setup")}.get(self.confirm, _("To title"))
            self.question_buttons(_("Keep results"), what, self.cancel_confirm, self.confirmed)
            return
        if self.view == "review":
            self.review_layout()
            return
        if self.view == "board":
            self.button("back_to_results", R(1530, 20, 350, 80), _("Back to results"), self.show_results,
                        object_id="#primary")
            return
        # round a table the row sits in the middle, between the seats' cards (end_facing.py)
        row = self.facing_buttons() if self.facing() else {
            "show_board": R(50, 960, 340, 90), "to_title": R(410, 960, 300, 90),
            "new_setup": R(1130, 960, 340, 90), "play_again": R(1500, 960, 370, 90)}
        if self.has_review():  # laptop: top right; round a table: in the middle's row
            self.button("show_review", row.get("show_review", R(1500, 30, 370, 80)), _("Game review"),
                        self.show_review, enabled=live)
        self.button("show_board", row["show_board"], _("Show board"), self.show_board, enabled=live)
        self.button("to_title", row["to_title"], _("To title"), lambda: self.ask("to_title"), enabled=live)
        self.button("new_setup", row["new_setup"], _("New setup"), lambda: self.ask("new_setup"), enabled=live)
        self.button("play_again", row["play_again"], _("Play again"), lambda: self.ask("play_again"),
                    object_id="#primary", enabled=live)
        words = R(730, 970, 380, 60), R(730, 1015, 380, 40)
        if self.facing():  # above the row, across the middle
            top = row["show_board"].y - self.app.px(44)
            c = self.centre_rect()
            words = pygame.Rect(c.x, top, c.w // 2, self.app.px(40)), pygame.Rect(c.centerx, top, c.w // 2,
                                                                                  self.app.px(40))
        if self.error:
            self.label("error", words[0], self.error, "#warning")
        hints = self.hints_text()
        if hints:
            self.label("hints", words[1], hints)

    def ask(self, what: str) -> None:
        """Leaving the results loses them: ask first, with the answer away from where the tap was."""
        if self.guarded():
            return
        self.confirm = what
        self.refresh()

    def cancel_confirm(self) -> None:
        self.confirm = None
        self.refresh()

    def confirmed(self) -> None:
        what, self.confirm = self.confirm, None
        if what == "play_again":
            self.play_again()
        elif what == "new_setup":
            self.new_setup()
        elif what == "to_title":
            open_screen(self.app, "title")
        else:
            self.refresh()

    def show_board(self) -> None:
        if self.guarded():
            return
        self.view = "board"
        self._drags.clear()
        self.refresh()

    def show_results(self) -> None:
        self.view = "results"
        self._drags.clear()
        self.refresh()

    def next_setup(self) -> TableSetup:
        """Same board, edition, seats, names, levels, lines and phones; the next seat starts, as tables pass it
        on."""
        st = self.state.setup
        n = len(st.players)

        def seat(i: int) -> SeatConfig:
            old = self.seats[i] if i < len(self.seats) else SeatConfig(name=st.players[i])
            return SeatConfig(name=st.players[i], edge=old.edge if old.edge in EDGES else "bottom",
                              computer=old.computer, level=old.level, colours=list(st.lines[i]), phone=old.phone)

        companion = getattr(self.app, "companion", None)  # running only while the game had phones (play/phones.py)
        return TableSetup(map=base_map(st.map), start_player=(st.start_player + 1) % n, variant=st.variant,
                          seats=[seat(i) for i in range(n)], computer_speed=self.computer_speed,
                          phones=bool(companion is not None and companion.running))

    def play_again(self) -> None:
        """A new shuffle at the same table (see next_setup)."""
        try:
            start_game(self.app, self.next_setup())
        except (engine_rules.SetupError, ValueError, ImportError) as exc:
            self.error = str(exc)
            self.refresh()

    def new_setup(self) -> None:
        open_screen(self.app, "setup")

    def on_escape(self) -> None:
        """Esc steps back: out of the question, out of the board view; from the results it asks before going to
        the title (the results are never left by one key press)."""
        if self.confirm:
            self.cancel_confirm()
        elif self.view in ("board", "review"):
            self.show_results()
        else:
            self.ask("to_title")

    # ---- input ----------------------------------------------------------------------------------
    def on_pointer(self, ev: PointerEvent) -> bool:
        if self.guarded() and ev.pid != self._primary:
            return True  # a tap meant for the last turn: not a choice on this screen
        if self.view == "board" and not self.confirm and self._board_pointer(ev):
            self._touched()
            return True
        if (self.view == "review" and not self.confirm and ev.phase == DOWN and not self.guarded()
                and self.review_pointer_board(ev.x, ev.y)):
            return True
        return super().on_pointer(ev)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.review_poll()
        if self._guard_shown and not self.guarded():
            self._guard_shown = False
            self.refresh()  # the buttons come alive

    def on_resize(self, w: int, h: int) -> None:
        if self.board_view is not None:
            self.board_view.ui_scale = self.app.scale
            self.board_view.set_rect(self.board_rect())
        super().on_resize(w, h)

    # ---- drawing --------------------------------------------------------------------------------
    def draw_back(self, surface: pygame.Surface) -> None:
        if self.view == "board":
            self._draw_board(surface)
        elif self.view == "review":
            self._draw_review(surface)
        elif self.facing():
            self._draw_facing(surface)
        else:
            self._draw_results(surface)
        if self.confirm:
            self._draw_question(surface)

    def _draw_question(self, surface: pygame.Surface) -> None:
        q = {"play_again": _("Start a new game?"), "new_setup": _("Go to a new setup?")}.get(self.confirm,
                                                                                            _("Go to the title?"))
        kept = _("This game is kept in Finished games.") if self.kept else _("These results will be gone.")
        self.draw_question(surface, q, kept)
