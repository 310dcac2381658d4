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


def check(text: str, available: int, needed: int, where: str | None = None) -> bool:
    """Whether ``text`` needing ``needed`` px fits ``available``; reported (while recording) when not."""
    if needed <= available:
        return True
    if _records is not None:
        report(text, available, needed, text, where or _caller(1))
    return False


def squeeze(image: "pygame.Surface", width: int, text: str, where: str | None = None) -> "pygame.Surface":
    """``image`` (words drawn at their size) narrowed to ``width`` if wider: the last resort of a few
    screens (kiosk captions, the idle countdown). A squeeze is reported like a cut."""
    import pygame

    if image.get_width() <= width:
        return image
    if _records is not None:
        report(text, width, image.get_width(), text, where or _caller(1))
    return pygame.transform.smoothscale(image, (max(1, width), image.get_height()))


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


# ------------------------------------------------------------------------------------------------
# pygame-gui buttons and labels


def widget_room(widget) -> int:
    """The width a pygame-gui button or label has for its words: inside its border, shadow and padding."""
    bw = getattr(widget, "border_width", 0) or 0
    sides = (bw.get("left", 0) + bw.get("right", 0)) if isinstance(bw, dict) else 2 * int(bw)
    return (widget.rect.w - sides - 2 * int(getattr(widget, "shadow_width", 0) or 0)
            - 2 * int(getattr(widget, "text_horiz_alignment_padding", 0) or 0))


def widget_needed(widget) -> int:
    """The width of a pygame-gui widget's words in its own theme font (0 for none)."""
    text, font = getattr(widget, "text", ""), getattr(widget, "font", None)
    return font.size(text)[0] if text and font is not None else 0


#: A widget's font stepped down when its words do not fit (a longer language): (size factor, condensed).
FIT_STEPS = ((0.9, False), (0.8, False), (0.8, True), (0.7, True))
CONDENSED = "dejavu_condensed"  # the condensed face's name in the gui theme (theme.gui_theme, the line buttons)


def _gui_font(fonts, size: int, name: str, bold: bool):
    """A pygame-gui font from the theme's font dictionary, loaded now if this size was not yet."""
    fid = fonts.create_font_id(size, name, bold, False, True)
    if not fonts.check_font_preloaded(fid):
        fonts.preload_font(size, name, bold, False, force_immediate_load=True)
    return fonts.find_font(size, name, bold)


def fit_widget(widget) -> None:
    """Give a pygame-gui button or label the largest of its theme font's smaller and condensed sizes
    (FIT_STEPS) in which its words fit, the smallest if none does (the tests measure what is left:
    widget_needed > widget_room). Words that fit the theme's font cost one measure, and nothing at all
    when the words, the size and the look are those already fitted."""
    key = (widget.text, widget.rect.size, tuple(widget.combined_element_ids))
    if getattr(widget, "ug_fit_key", None) == key:
        return
    widget.ug_fit_key = key
    theme = widget.ui_theme
    themed = theme.get_font(widget.combined_element_ids)
    changed = widget.font is not themed  # stepped down for other words before: start from the theme's
    widget.font = themed
    if widget_needed(widget) > widget_room(widget):
        info = theme.get_font_info(widget.combined_element_ids)
        fonts = theme.get_font_dictionary()
        for factor, condensed in FIT_STEPS:
            name = CONDENSED if condensed and CONDENSED in fonts.known_font_paths else info["name"]
            widget.font = _gui_font(fonts, max(8, round(int(info["size"]) * factor)), name, bool(info["bold"]))
            if widget_needed(widget) <= widget_room(widget):
                break
        changed = True
    if changed:
        widget.rebuild()
