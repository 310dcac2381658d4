"""Which computer plays on for a seat whose player leaves (play/handoff.py): the set-up's levels, facing the seat.

Opened from the seat's game menu (Hand to a computer) and from its phone card. Built on the game menu's card
(same placing, turning and buttons); like the menu it pauses the table while it is open, and "No, go back"
leaves the seat as it was.
"""
from __future__ import annotations

import pygame

from ...i18n import LEVEL_NAMES, N_, _
from .. import theme as th
from .handoff import to_computer
from .menu import NO, GameMenu, _fit

LEVEL = "level:"  # a button's name: LEVEL + the level
QUESTION = N_("A computer plays on for this seat, from this position. Which one?")


def offered_levels() -> list[str]:
    """The computer levels the set-up offers (those the AI can build here), weakest first."""
    from ..screens.table_setup import available_levels

    return available_levels() or ["random"]


class LevelCard(GameMenu):
    def __init__(self, app, play, seat: int):
        super().__init__(app, play, seat)
        self.levels = offered_levels()

    def _rows(self) -> list[str]:
        return [LEVEL + lvl for lvl in self.levels] + [NO]

    def _head_height(self, w: int, pad: int) -> int:
        return self.app.px(70) + self.app.px(34) * len(self._lines(w - 2 * pad))

    def _lines(self, width: int) -> list[str]:
        return th.wrap(self.play.fonts.get(self.app.px(24)), _(QUESTION), max(1, width))[:3]

    def _draw_head(self, surf: pygame.Surface, w: int, pad: int) -> None:
        t, p, fonts = self.play.theme, self.app.px, self.play.fonts
        f_head = fonts.get(p(34), True)
        head = _("Hand to a computer · {player}").format(player=self.play.state.players[self.seat].name)
        surf.blit(f_head.render(_fit(f_head, head, w - 2 * pad), True, t.ink), (pad, pad))
        f = fonts.get(p(24))
        for j, line in enumerate(self._lines(w - 2 * pad)):
            surf.blit(f.render(line, True, t.muted), (pad, pad + p(62) + j * p(34)))

    def _label(self, name: str) -> str:
        if name == NO:
            return _(NO)
        level = name[len(LEVEL):]
        return _("Computer ({level})").format(level=_(LEVEL_NAMES.get(level, level)))

    def _style(self, name: str) -> tuple[bool, bool]:
        return False, False

    def back(self) -> None:
        self.choose(NO)

    def choose(self, name: str) -> None:
        self._close()
        if name.startswith(LEVEL) and name[len(LEVEL):] in self.levels:
            to_computer(self.play, self.seat, name[len(LEVEL):])
