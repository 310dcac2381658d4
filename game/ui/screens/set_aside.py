"""The files that could not be read and were set aside: which, when and why; opened from the notice's Details."""
from __future__ import annotations

import logging
from typing import Callable

from ...i18n import N_, _
from ..scene import Scene
from . import make_screen
from .lists import ListScene
from .saved import join_messages

log = logging.getLogger("underground.ui")


class SetAsideScene(ListScene):
    """The files that could not be read and were set aside: each one's name, when and why, in plain words.
    Nothing here deletes anything; Dismiss hides the notice until another file is set aside."""

    HEADING = N_("Games that could not be read")
    LIST_TEXT_W = 1760

    def __init__(self, app, back: Callable[[], Scene] | None = None):
        self._back = back
        self._reasons: dict = {}
        super().__init__(app)

    def load_entries(self, app) -> None:
        try:
            self.games = app.saves.set_aside()
        except Exception as exc:  # noqa: BLE001
            log.exception("the files set aside could not be listed")
            self.games, self.message = [], _("The saved games could not be listed: {problem}").format(problem=exc)

    def notice(self) -> str:
        """What became of the files (the list says which and why)."""
        return join_messages(self.message, _("Nothing was deleted: each file was renamed to end in “.corrupt-” and "
                                             "the date, and kept in its folder for a bug report."))

    def empty_text(self) -> str:
        return _("No games were set aside.")

    def text_width(self) -> int:
        return self.app.px(self.LIST_TEXT_W - 48)

    def reason(self, item) -> str:
        """Why ``item`` did not read, found once (it reads the file kept aside, and may replay its game)."""
        from ...saves import reason_text

        key = self._reasons.get(item.path)
        if key is None:
            key = self._reasons[item.path] = self.app.saves.reason(item)
        return reason_text(key)

    def row_text(self, item) -> tuple[str, str]:
        from ...saves import when

        kind = _("Finished game") if item.finished else _("Saved game")
        return f"{kind} · {item.name}", _("Set aside {when}: {reason}").format(when=when(item.when),
                                                                              reason=self.reason(item))

    def layout(self) -> None:
        super().layout()
        if self.games:
            self.button("dismiss", self.R(1480, 950, 360, 90), _("Dismiss"), self.dismiss, object_id="#primary")

    def back(self) -> None:
        self.app.replace(self._back() if self._back is not None else make_screen(self.app, "title"))

    def dismiss(self) -> None:
        """The notice is read: it stays away until another file is set aside."""
        problem = self.app.saves.dismiss_set_aside()
        if problem:
            self.message = problem
            self.refresh()
            return
        self.back()
