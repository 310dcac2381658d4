"""Text that must fit a box: the one cut with an ellipsis every screen uses, and a recorder of every cut.

The screens step a font down, condense it or wrap it before anything is cut; when the text still does not
fit, it is cut with "…" here (:func:`cut`), and whatever draws text into a fixed box can say so with
:func:`report`. Nothing is kept unless someone is listening: inside ``with recording() as cuts:`` each cut
is appended to ``cuts`` as a :class:`Cut` (what, where, the room and the width it needed), which is how the
tests check that no word of any language is cut at 1280x720 and 1920x1080 (tests/ui/test_text_fit.py).
Outside a recording a report is one comparison with None.
"""
from __future__ import annotations

import sys
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterator

if TYPE_CHECKING:  # pragma: no cover
    import pygame

ELLIPSIS = "…"


@dataclass(frozen=True)
class Cut:
    """One text that did not fit its box: ``text`` whole, ``shown`` as drawn, ``available`` px of room and
    ``needed`` px at the (smallest) font it was drawn in; ``where`` names the drawing path."""

    text: str
    shown: str
    available: int
    needed: int
    where: str

    def __str__(self) -> str:
        return f"{self.where}: {self.text!r} needs {self.needed} px, has {self.available} (shown {self.shown!r})"


_records: list[Cut] | None = None


@contextmanager
def recording() -> Iterator[list[Cut]]:
    """Collect every cut reported while the block runs (nested recordings each get their own list)."""
    global _records
    before = _records
    _records = []
    try:
        yield _records
    finally:
        _records = before


def is_recording() -> bool:
    return _records is not None


def _caller(depth: int) -> str:
    f = sys._getframe(depth + 1)
    mod = f.f_globals.get("__name__", "?").rsplit(".", 1)[-1]
    return f"{mod}.{f.f_code.co_name}"


def report(text: str, available: int, needed: int, shown: str = "", where: str | None = None) -> None:
    """Say that ``text`` needed ``needed`` px where there were ``available`` (kept only while recording)."""
    if _records is None:
        return
    _records.append(Cut(text=text, shown=shown, available=int(available), needed=int(needed),
                        where=where or _caller(1)))


def cut(font: "pygame.font.Font", text: str, width: int, where: str | None = None) -> str:
    """``text`` whole if it fits ``width`` in ``font``, else cut with "…" (and reported)."""
    needed = font.size(text)[0]
    if needed <= width:
        return text
    out = text
    while out and font.size(out + ELLIPSIS)[0] > width:
        out = out[:-1]
    out += ELLIPSIS
    if _records is not None:
        report(text, width, needed, out, where or _caller(1))
    return out
