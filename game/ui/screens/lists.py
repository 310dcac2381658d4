"""The base of the game lists (saved games, finished games, the files set aside): a page of rows, two lines of text
and buttons each, page turning, Delete asked twice, and the set-aside notice above the rows."""
from __future__ import annotations

import logging
from typing import Callable

import pygame

from ...i18n import _
from ...saves import SAVES_DIR
from .. import textfit
from . import open_screen
from .base import NOTICE_PT, GuiScene, draw_note
from .saved import flush_saves, join_messages, set_aside_notice

log = logging.getLogger("underground.ui")

LIST_DETAILS = (1500, 110, 340, 70)  # the lists' Details button, beside the notice above the rows


class ListScene(GuiScene):
    """A page of saved or finished games, two lines of text a row, buttons at the row's end. A game's Delete
    asks first (the button says "Tap to delete" for a few seconds) and a second tap deletes that file only."""

    ROW_Y, ROW_H, ROW_STEP, PER_PAGE = 190, 104, 120, 6
    HEADING = ""
    FOLDER = SAVES_DIR  # the SaveStore folder a Delete removes the game's file from
    CONFIRM_S = 4.0

    def __init__(self, app, message: str = ""):
        self.message = message
        self.page = 0
        self.games: list = []
        self.unseen: list = []  # files set aside that nobody has dismissed yet (saves.SetAside)
        self.confirm: str | None = None  # the game id whose Delete was tapped once
        self._confirm_until = 0.0
        self.load_entries(app)
        super().__init__(app)

    def load_entries(self, app) -> None: ...

    def list_games(self, app, listing: Callable, failed: str) -> None:
        """``self.games`` from the store's ``listing`` (unfinished or history), the problems in the message and
        the files set aside counted for the notice; ``failed`` words a listing that broke."""
        try:
            self.games, problems = listing()
            self.unseen = app.saves.unseen_set_aside()
        except Exception as exc:  # noqa: BLE001 - a list that fails says so; the screen still opens
            log.exception("the games could not be listed")
            self.games, problems = [], [failed.format(problem=exc)]
        if problems:
            self.message = join_messages(self.message, *problems)

    def notice(self) -> str:
        return join_messages(self.message, set_aside_notice(self.unseen))

    def open_details(self) -> None:
        kind = type(self)
        open_screen(self.app, "set_aside", lambda: kind(self.app))

    def pages(self) -> int:
        return max(1, (len(self.games) + self.PER_PAGE - 1) // self.PER_PAGE)

    def shown(self) -> list:
        self.page = min(self.page, self.pages() - 1)
        return self.games[self.page * self.PER_PAGE:(self.page + 1) * self.PER_PAGE]

    def turn_page(self, d: int) -> None:
        self.page = max(0, min(self.pages() - 1, self.page + d))
        self.refresh()

    def row_rect(self, k: int) -> pygame.Rect:
        return self.R(80, self.ROW_Y + k * self.ROW_STEP, 1760, self.ROW_H)

    def row_buttons(self, k: int, entry) -> None: ...

    def row_text(self, entry) -> tuple[str, str]:
        return "", ""

    def layout(self) -> None:
        R = self.R
        self.label("heading", R(80, 30, 1200, 70), _(self.HEADING), "#heading")
        for k, e in enumerate(self.shown()):
            self.row_buttons(k, e)
        if self.pages() > 1:
            self.button("newer", R(720, 950, 220, 90), _("◂ Newer"), lambda: self.turn_page(-1), enabled=self.page > 0)
            self.label("page", R(940, 950, 160, 90), f"{self.page + 1} / {self.pages()}", "#muted")
            self.button("older", R(1100, 950, 220, 90), _("Older ▸"), lambda: self.turn_page(1),
                        enabled=self.page < self.pages() - 1)
        self.button("back", R(80, 950, 300, 90), _("Back"), self.back)
        if self.unseen:
            self.button("set_aside", R(*LIST_DETAILS), _("Details"), self.open_details)

    def back(self) -> None:
        open_screen(self.app, "title")

    def on_escape(self) -> None:
        self.back()

    def delete_button(self, k: int, e, x: float) -> None:
        asking = self.confirm == e.id
        self.button(f"delete{k}", self.R(x, self.ROW_Y + k * self.ROW_STEP + 12, 240, 80),
                    _("Tap to delete") if asking else _("Delete"), lambda i=e.id: self.delete(i),
                    object_id="#selected" if asking else None)

    def delete(self, game_id: str) -> None:
        """The first tap asks (the button says so for a few seconds); the second deletes."""
        if self.confirm != game_id or self.app.time >= self._confirm_until:
            self.confirm = game_id
            self._confirm_until = self.app.time + self.CONFIRM_S
            self.refresh()
            return
        self.confirm = None
        flush_saves(self.app)  # a write still on its way must not bring the file back
        error = self.app.saves.delete(game_id, self.FOLDER)
        self.message = error or ""
        self.load_entries(self.app)
        if not self.games and not self.message:
            self.back()
            return
        self.refresh()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.confirm is not None and self.app.time >= self._confirm_until:
            self.confirm = None
            self.refresh()

    def draw_back(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        px = self.app.px
        text = self.notice()
        if text:
            draw_note(self, surface, text, self.R(80, 104, 1400 if "set_aside" in self.buttons else 1760, 80),
                      size=NOTICE_PT, centred=True)
        if not self.games:
            self.text(surface, self.empty_text(), 32, self.R(80, 200, 0, 0).topleft, colour=th.muted)
        for k, e in enumerate(self.shown()):
            r = self.row_rect(k)
            pygame.draw.rect(surface, th.panel, r, border_radius=px(14))
            pygame.draw.rect(surface, th.panel_edge, r, max(1, px(2)), border_radius=px(14))
            top, bottom = self.row_text(e)
            width = self.text_width()
            self.fit_text(surface, top, 32, (r.x + px(24), r.y + px(14)), width, bold=True)
            self.fit_text(surface, bottom, 26, (r.x + px(24), r.y + px(58)), width, colour=th.muted)

    def text_width(self) -> int:
        return self.app.px(1180)

    def empty_text(self) -> str:
        return ""

    def fit_text(self, surface, s: str, size: int, pos, width: int, colour=None, bold=False) -> None:
        """Text at a design size, smaller (then condensed, then cut with "…") until it fits ``width``."""
        px = self.app.px
        for sz, cond in ((size, False), (size * 0.9, False), (size * 0.9, True), (size * 0.8, True)):
            f = self.app.fonts.get(px(sz), bold, cond)
            if f.size(s)[0] <= width:
                break
        s = textfit.cut(f, s, width, "screens.fit_text")
        surface.blit(f.render(s, True, colour or self.app.theme.ink), pos)
