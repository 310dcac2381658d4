"""The title screen: Continue, New game, the saved and finished games, Settings and Quit."""
from __future__ import annotations

import logging

import pygame

from ...i18n import _
from ..theme import line_outline, line_rgb
from . import make_screen, open_screen
from .base import NOTICE_PT, GuiScene, draw_note
from .saved import describe_save, flush_saves, join_messages, resume_game, set_aside_notice

log = logging.getLogger("underground.ui")

TITLE_DETAILS = (1436, 968, 320, 56)  # the title's Details button, inside the notice's card

# Decorative lines behind the title, in design coordinates: our own schematic, not any real map.
_TITLE_LINES = [
    ("red", [(-20, 130), (420, 130), (490, 200), (1430, 200), (1500, 130), (1940, 130)]),
    ("blue", [(-20, 930), (360, 930), (470, 820), (1450, 820), (1560, 930), (1940, 930)]),
    ("yellow", [(160, -20), (160, 600), (260, 700), (260, 1100)]),
    ("green", [(1760, -20), (1760, 480), (1660, 580), (1660, 1100)]),
    ("black", [(-20, 1010), (1940, 1010)]),
    ("pink", [(-20, 70), (1940, 70)]),
]


class TitleScene(GuiScene):
    """The first screen: Continue (the last unfinished game), New game, the saved and finished games,
    Settings and Quit. Files that did not read and were set aside are counted in a notice with a Details
    button (game/saves.py, SetAsideScene) until a person dismisses it."""

    def __init__(self, app, message: str = ""):
        self.message = message
        self.latest = None
        self.n_saved = 0
        self.n_history = 0
        self.unseen: list = []  # files set aside that nobody has dismissed yet (saves.SetAside)
        self.asking_quit = False  # Esc asks before the program closes (Quit itself is a deliberate tap)
        self._bg: pygame.Surface | None = None
        if not app.kiosk_mode:
            self._read_saves(app)
        super().__init__(app)

    def _read_saves(self, app) -> None:
        flush_saves(app)
        try:
            entries, problems = app.saves.unfinished()
            history, more = app.saves.history()
            self.unseen = app.saves.unseen_set_aside()
        except Exception as exc:  # noqa: BLE001 - saved games are a convenience; the title always opens
            log.exception("the saved games could not be listed")
            self.message = _("The saved games could not be listed: {problem}").format(problem=exc)
            return
        self.latest = entries[0] if entries else None
        self.n_saved = len(entries)
        self.n_history = len(history)
        if problems or more:
            self.message = join_messages(self.message, *problems, *more)

    def notice(self) -> str:
        """What the card at the bottom says: a message, and the count of files set aside."""
        return join_messages(self.message, set_aside_notice(self.unseen))

    def continue_text(self) -> str:
        """Board, players and turn of the game Continue resumes: "London · Ada, Ben · turn 7, Ben to play"."""
        e = self.latest
        if e is None:
            return ""
        return describe_save(e)

    def layout(self) -> None:
        R = self.R
        kiosk = self.app.kiosk_mode
        if self.asking_quit:
            self.question_buttons(_("No, stay"), _("Quit"), self.stay, self.app.quit)
            return
        if self.latest is not None and not kiosk:
            self.button("continue", R(660, 440, 600, 112), _("Continue"), self.continue_game, object_id="#primary")
            self.button("new_game", R(710, 620, 500, 92), _("New game"), self.new_game)
            row = 770  # the row hides the decorative blue line's station
        else:
            self.button("new_game", R(700, 520, 520, 112), _("New game"), self.new_game, object_id="#primary")
            row = 670
        if not kiosk:
            self.button("saved_games", R(380, row, 370, 84),
                        _("Saved games ({count})").format(count=self.n_saved) if self.n_saved else _("Saved games"),
                        lambda: open_screen(self.app, "saved_games"), enabled=self.n_saved > 0)
            self.button("history", R(775, row, 370, 84),
                        _("Finished games ({count})").format(count=self.n_history) if self.n_history
                        else _("Finished games"),
                        lambda: open_screen(self.app, "finished_games"), enabled=self.n_history > 0)
            self.button("settings", R(1170, row, 370, 84), _("Settings"), lambda: self.app.push(make_screen(self.app, "settings")))
            self.button("quit", R(760, row + 104, 400, 84), _("Quit"), self.app.quit)
            if self.unseen:
                self.button("set_aside", R(*TITLE_DETAILS), _("Details"),
                            lambda: open_screen(self.app, "set_aside", lambda: TitleScene(self.app)))
        self.language_buttons(R(1270, 24, 620, 64))

    def on_language(self) -> None:
        self._bg = None  # the title's words are drawn into the cached background
        super().on_language()

    def new_game(self) -> None:
        open_screen(self.app, "setup")

    def continue_game(self) -> None:
        if self.latest is not None:
            self.open_saved(self.latest.id)

    def open_saved(self, game_id: str) -> None:
        """Open a saved game where it was left; one that does not read is set aside and the notice counts it."""
        message = resume_game(self.app, game_id)
        if message is not None:
            self.message = message
            self._read_saves(self.app)
            self.refresh()

    def on_escape(self) -> None:
        """Esc asks "Quit the game?" first (a second Esc, or No, stays); a kiosk's title is never left."""
        if self.app.kiosk_mode:
            return
        self.asking_quit = not self.asking_quit
        self.refresh()

    def stay(self) -> None:
        self.asking_quit = False
        self.refresh()

    def draw_back(self, surface: pygame.Surface) -> None:
        if self._bg is None or self._bg.get_size() != surface.get_size():
            self._bg = pygame.Surface(surface.get_size())
            self._bg.fill(self.app.theme.bg)
            self._draw_lines(self._bg)
            W = surface.get_width()
            y = self.R(0, 270, 0, 0).y
            self.text(self._bg, "On the Underground", 104, (W // 2, y), bold=True, anchor="center")
            self.text(self._bg, _("Build the lines. Carry the passenger."), 36, (W // 2, self.R(0, 370, 0, 0).y),
                      colour=self.app.theme.muted, anchor="center")
            self.text(self._bg, _("A board game by Sebastian Bleasdale  ·  2 to 5 players"), 24,
                      (W // 2, self.R(0, 1058, 0, 0).y), colour=self.app.theme.muted, anchor="midbottom")
        surface.blit(self._bg, (0, 0))
        if self.latest is not None and "continue" in self.buttons:
            # what Continue opens, under it: board, players, turn (cut to the window if the names are long)
            b = self.buttons["continue"].rect
            px = self.app.px
            text = self.continue_text()
            size = 28
            while size > 16 and self.app.fonts.get(px(size)).size(text)[0] > surface.get_width() - px(80):
                size -= 2
            self.text(surface, text, size, (b.centerx, b.bottom + px(14)), colour=self.app.theme.muted,
                      anchor="midtop")
        text = self.notice()
        if text:
            details = "set_aside" in self.buttons
            card = self.R(148, 964, 1624, 64)
            box = self.R(172, 968, 1240 if details else 1576, 56)
            pygame.draw.rect(surface, self.app.theme.panel, card, border_radius=self.app.px(10))
            pygame.draw.rect(surface, self.app.theme.warn, card, max(1, self.app.px(2)), border_radius=self.app.px(10))
            draw_note(self, surface, text, box, size=NOTICE_PT, centred=True)
        if self.asking_quit:
            self.draw_question(surface, _("Quit the game?"), _("Saved games stay for next time."))

    def _draw_lines(self, surf: pygame.Surface) -> None:
        width = self.app.px(20)
        for colour, pts in _TITLE_LINES:
            scr = [self.R(x, y, 0, 0).topleft for x, y in pts]
            for a, b in zip(scr, scr[1:]):
                pygame.draw.line(surf, line_outline(colour), a, b, width + self.app.px(4))
            for p in scr:
                pygame.draw.circle(surf, line_outline(colour), p, (width + self.app.px(4)) // 2)
            for a, b in zip(scr, scr[1:]):
                pygame.draw.line(surf, line_rgb(colour), a, b, width)
            for p in scr:
                pygame.draw.circle(surf, line_rgb(colour), p, width // 2)
            # stations: white discs with a dark rim at the middle of each straight stretch
            for a, b in zip(scr, scr[1:]):
                m = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
                pygame.draw.circle(surf, (255, 255, 255), m, self.app.px(15))
                pygame.draw.circle(surf, self.app.theme.ink, m, self.app.px(15), max(2, self.app.px(5)))
