"""A panel's words: each picture rendered once per font, text and colour, and the font a text fits in.

The four panels draw the same few words again at every turn (names, "points", "2 left", button labels), so
the pictures and the fitted (cut) texts are remembered in one bounded cache shared by all panels.
"""
from __future__ import annotations

import pygame

from .. import textfit
from .. import theme as th

NAME_SIZES = (24, 22, 20, 18, 17, 16, 15, 14)  # design px tried for a seat's name, largest first
MIN_NAME_PX = 11  # never smaller on screen (the board's names have the same floor)

_TEXT_CACHE: dict = {}  # (font, text, colour) -> picture, and (font, text, width) -> fitted text
_TEXT_CACHE_MAX = 256  # a few of the four panels' turns; bounded so a long kiosk run does not grow (~1 MB)


def words(font: pygame.font.Font, text: str, colour) -> pygame.Surface:
    """``font.render(text, True, colour)``, remembered. The font itself is in the key (kept alive), so a
    picture is never taken for another size. Callers only blit the picture, never draw on it."""
    key = (font, text, tuple(colour))
    img = _TEXT_CACHE.get(key)
    if img is None:
        if len(_TEXT_CACHE) >= _TEXT_CACHE_MAX:
            _TEXT_CACHE.clear()
        img = _TEXT_CACHE[key] = font.render(text, True, colour)
    return img


def fit_text(font: pygame.font.Font, text: str, width: int) -> str:
    """``text`` as it fits ``width`` (cut with "…", reported to textfit), remembered."""
    key = (font, text, width)
    got = _TEXT_CACHE.get(key)
    if got is not None:
        if got != text and textfit.is_recording():  # a cut remembered from before is still a cut
            textfit.report(text, width, font.size(text)[0], got, "panel.words.fit_text")
        return got
    out = textfit.cut(font, text, width, "panel.words.fit_text")
    if len(_TEXT_CACHE) >= _TEXT_CACHE_MAX:
        _TEXT_CACHE.clear()
    _TEXT_CACHE[key] = out
    return out


def step_font(fonts: th.Fonts, text: str, width: int, steps) -> pygame.font.Font:
    """The first of ``steps`` ((px, bold, condensed), largest first) in which ``text`` fits ``width``, else the last."""
    for size, bold, condensed in steps:
        f = fonts.get(max(MIN_NAME_PX, size), bold, condensed)  # never below the names' floor
        if f.size(text)[0] <= width:
            break
    return f


def fit_name(fonts: th.Fonts, name: str, width: int, scale: float, two_lines: bool = True) -> tuple:
    """The largest readable font that shows ``name`` whole in ``width``: (font, lines). One line when any
    size fits, else (``two_lines``) two lines split at the space that balances them, else after a hyphen,
    else the smallest size condensed; only when nothing fits is the name cut (the last line ends in "…")."""
    sizes = []
    for size in NAME_SIZES:
        px = max(MIN_NAME_PX, round(size * scale))
        if px not in sizes:
            sizes.append(px)
    for px in sizes:
        f = fonts.get(px, True)
        if f.size(name)[0] <= width:
            return f, [name]
    if two_lines:  # at the space that balances the lines, else after a hyphen ("Marie-" / "Antoinette")
        spaces = sorted((i for i, ch in enumerate(name) if ch == " "), key=lambda i: abs(i - len(name) / 2))
        hyphens = sorted((i + 1 for i, ch in enumerate(name[:-1]) if ch == "-" and i),
                         key=lambda i: abs(i - len(name) / 2))
        for cuts, skip in ((spaces, 1), (hyphens, 0)):
            for px in sizes:
                f = fonts.get(px, True)
                for i in cuts:
                    a, b = name[:i], name[i + skip:]
                    if max(f.size(a)[0], f.size(b)[0]) <= width:
                        return f, [a, b]
    f = fonts.get(sizes[-1], True, True)  # condensed, on one line
    if f.size(name)[0] <= width:
        return f, [name]
    f = fonts.get(sizes[-1], True)
    return f, [fit_text(f, name, width)]
