"""Colours, line identities, bundled fonts and resolution scaling for every screen.

Layouts are designed at 1920x1080 and multiplied by :func:`ui_scale`, so one layout serves a 1280x720
laptop and a 3840x2160 table alike. Each line colour also has a letter and a pattern, because a
table has colour-blind players and sunlight on glass: nothing may depend on colour alone.
"""
from __future__ import annotations

import json
import re as _re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..resources import asset_path, read_asset_text

if TYPE_CHECKING:  # pragma: no cover
    import pygame

# Bundled assets as real paths (pygame and pygame-gui open fonts by path): see game/resources.py.
FONT_REGULAR = asset_path("fonts/DejaVuSans.ttf")
FONT_BOLD = asset_path("fonts/DejaVuSans-Bold.ttf")
FONT_CONDENSED = asset_path("fonts/DejaVuSansCondensed.ttf")
FONT_CONDENSED_BOLD = asset_path("fonts/DejaVuSansCondensed-Bold.ttf")
FONTS_DIR = FONT_REGULAR.parent
GUI_THEME = "gui_theme.json"  # read with read_asset_text

BASE_W, BASE_H = 1920, 1080
TOUCH_TARGET = 64  # px at 1080p: comfortably above the 48 px minimum for a fingertip

RGB = tuple[int, int, int]

# The eleven line colours, in the rulebook's order. Dark enough or outlined to read on the board.
LINE_COLOURS: dict[str, RGB] = {
    "red": (214, 40, 40),
    "yellow": (250, 204, 21),
    "blue": (24, 84, 196),
    "purple": (122, 52, 156),
    "black": (28, 28, 32),
    "pink": (240, 122, 172),
    "orange": (242, 128, 24),
    "green": (22, 146, 72),
    "brown": (136, 86, 42),
    "white": (252, 252, 250),
    "grey": (148, 154, 160),
}

# One letter per colour, unique, for tokens, chips and the colour-blind.
LINE_LETTERS: dict[str, str] = {
    "red": "R", "yellow": "Y", "blue": "B", "purple": "P", "black": "K", "pink": "I",
    "orange": "O", "green": "G", "brown": "N", "white": "W", "grey": "E",
}

# One pattern per colour, drawn on tokens by :func:`draw_pattern`.
LINE_PATTERNS: dict[str, str] = {
    "red": "solid", "yellow": "stripes", "blue": "dots", "purple": "bars", "black": "checks",
    "pink": "chevrons", "orange": "dashes", "green": "crosses", "brown": "zigzag", "white": "rings",
    "grey": "grid",
}

# Light fills get a dark outline so they stand out from a light board.
_LIGHT = {"yellow", "white", "grey", "pink"}


def is_light(colour: str) -> bool:
    return colour in _LIGHT


def line_rgb(colour: str) -> RGB:
    return LINE_COLOURS.get(colour, (128, 128, 128))


def line_outline(colour: str) -> RGB:
    """Dark edge for light colours, a deeper shade for the rest: every token has a visible edge."""
    if colour in _LIGHT:
        return (40, 40, 48)
    r, g, b = line_rgb(colour)
    if colour == "black":
        return (90, 90, 96)
    return (int(r * 0.55), int(g * 0.55), int(b * 0.55))


def ink_on(colour: str) -> RGB:
    """Text colour that reads on a token of ``colour``."""
    return (20, 20, 24) if colour in _LIGHT else (255, 255, 255)


def line_letter(colour: str) -> str:
    return LINE_LETTERS.get(colour, "?")


def line_pattern(colour: str) -> str:
    return LINE_PATTERNS.get(colour, "solid")


@dataclass(frozen=True)
class Theme:
    """The transit-map look: pale paper, dark ink, one strong accent."""

    bg: RGB = (242, 240, 234)  # menus and the table surround
    board_bg: RGB = (250, 249, 245)  # the board itself
    panel: RGB = (255, 255, 255)
    panel_edge: RGB = (200, 198, 190)
    ink: RGB = (22, 30, 52)  # body text
    muted: RGB = (104, 110, 124)  # secondary text
    accent: RGB = (0, 92, 170)  # active player, primary buttons
    accent_ink: RGB = (255, 255, 255)
    good: RGB = (20, 140, 80)
    warn: RGB = (200, 110, 0)
    bad: RGB = (196, 32, 40)
    highlight: RGB = (255, 196, 0)  # legal spaces glow, winner's row
    shadow: RGB = (0, 0, 0)
    lines: dict[str, RGB] = field(default_factory=lambda: dict(LINE_COLOURS))

    def line(self, colour: str) -> RGB:
        return self.lines.get(colour, (128, 128, 128))


# ------------------------------------------------------------------------------------------------
# scaling

_scale = 1.0


def ui_scale(w: int, h: int) -> float:
    """How much bigger than the 1920x1080 design this window is (the smaller of the two ratios)."""
    return max(0.1, min(w / BASE_W, h / BASE_H))


def set_ui_scale(scale: float) -> None:
    """The App calls this on every resize so :func:`px` follows the window."""
    global _scale
    _scale = scale


def current_scale() -> float:
    return _scale


def px(n: float, scale: float | None = None) -> int:
    """A design size (pixels at 1080p) in pixels for this window; never below 1."""
    s = _scale if scale is None else scale
    return max(1, round(n * s))


def touch_px(scale: float | None = None) -> int:
    """Smallest side of anything a finger must hit: 64 px at 1080p, never below 40 on tiny windows."""
    return max(40, px(TOUCH_TARGET, scale))


# ------------------------------------------------------------------------------------------------
# fonts


class Fonts:
    """The bundled fonts at pixel sizes, created once per (size, bold, condensed)."""

    def __init__(self) -> None:
        self._cache: dict[tuple[int, bool, bool], "pygame.font.Font"] = {}

    def get(self, size: int, bold: bool = False, condensed: bool = False) -> "pygame.font.Font":
        import pygame

        size = max(6, int(size))
        key = (size, bold, condensed)
        f = self._cache.get(key)
        if f is None:
            if not pygame.font.get_init():
                pygame.font.init()
            if condensed:
                path = FONT_CONDENSED_BOLD if bold else FONT_CONDENSED
            else:
                path = FONT_BOLD if bold else FONT_REGULAR
            f = pygame.font.Font(str(path), size)
            self._cache[key] = f
        return f

    __call__ = get

    def scaled(self, design_size: float, bold: bool = False, condensed: bool = False) -> "pygame.font.Font":
        """A font whose size is given at 1080p and follows the window's scale."""
        return self.get(px(design_size), bold, condensed)

    def __len__(self) -> int:
        return len(self._cache)


# ------------------------------------------------------------------------------------------------
# drawing line identities


def draw_pattern(surface: "pygame.Surface", rect: "pygame.Rect", colour: str) -> None:
    """Draw ``colour``'s pattern marks inside ``rect`` (the fill is the caller's)."""
    import pygame

    pat = line_pattern(colour)
    if pat == "solid":
        return
    mark = ink_on(colour)
    r = pygame.Rect(rect)
    w, h = r.w, r.h
    u = max(2, min(w, h) // 4)  # mark pitch
    t = max(1, u // 3)  # stroke width
    clip = surface.get_clip()
    surface.set_clip(r.clip(clip) if clip else r)
    try:
        if pat == "stripes":
            for x in range(-h, w + h, u * 2):
                pygame.draw.line(surface, mark, (r.x + x, r.bottom), (r.x + x + h, r.y), t)
        elif pat == "dots":
            for y in range(r.y + u // 2, r.bottom, u * 2):
                for x in range(r.x + u // 2, r.right, u * 2):
                    pygame.draw.circle(surface, mark, (x + u // 2, y + u // 2), max(1, t))
        elif pat == "bars":
            for x in range(r.x + u, r.right, u * 2):
                pygame.draw.line(surface, mark, (x, r.y), (x, r.bottom), t)
        elif pat == "checks":
            for j, y in enumerate(range(r.y, r.bottom, u)):
                for i, x in enumerate(range(r.x, r.right, u)):
                    if (i + j) % 2:
                        surface.fill(mark, pygame.Rect(x, y, u // 2 + 1, u // 2 + 1))
        elif pat == "chevrons":
            for x in range(r.x - u, r.right + u, u * 2):
                pygame.draw.lines(surface, mark, False, [(x, r.y), (x + u, r.centery), (x, r.bottom)], t)
        elif pat == "dashes":
            for y in range(r.y + u // 2, r.bottom, u * 2):
                for x in range(r.x + (y // u % 2) * u, r.right, u * 2):
                    pygame.draw.line(surface, mark, (x, y), (x + u, y), t)
        elif pat == "crosses":
            for y in range(r.y + u, r.bottom, u * 2):
                for x in range(r.x + u, r.right, u * 2):
                    pygame.draw.line(surface, mark, (x - t, y), (x + t, y), 1)
                    pygame.draw.line(surface, mark, (x, y - t), (x, y + t), 1)
        elif pat == "zigzag":
            pts = [(x, r.centery + (u if i % 2 else -u) // 2) for i, x in enumerate(range(r.x - u, r.right + u, u))]
            if len(pts) > 1:
                pygame.draw.lines(surface, mark, False, pts, t)
        elif pat == "rings":
            for y in range(r.y + u, r.bottom, u * 2):
                for x in range(r.x + u, r.right, u * 2):
                    pygame.draw.circle(surface, mark, (x, y), max(2, t + 1), 1)
        elif pat == "grid":
            for x in range(r.x + u, r.right, u * 2):
                pygame.draw.line(surface, mark, (x, r.y), (x, r.bottom), 1)
            for y in range(r.y + u, r.bottom, u * 2):
                pygame.draw.line(surface, mark, (r.x, y), (r.right, y), 1)
    finally:
        surface.set_clip(clip)


def draw_swatch(surface: "pygame.Surface", rect: "pygame.Rect", colour: str,
                font: "pygame.font.Font | None" = None, radius: int = -1) -> None:
    """A line's chip: fill, pattern, outline and letter, so it is told apart without colour."""
    import pygame

    r = pygame.Rect(rect)
    rad = radius if radius >= 0 else max(2, min(r.w, r.h) // 5)
    pygame.draw.rect(surface, line_rgb(colour), r, border_radius=rad)
    draw_pattern(surface, r.inflate(-max(2, r.h // 6), -max(2, r.h // 6)), colour)
    pygame.draw.rect(surface, line_outline(colour), r, width=max(1, min(r.w, r.h) // 16), border_radius=rad)
    if font is not None:
        letter = line_letter(colour)
        ink = ink_on(colour)
        back = line_rgb(colour)
        img = font.render(letter, True, ink)
        box = img.get_rect(center=r.center).inflate(max(2, img.get_height() // 6), 0)
        pygame.draw.rect(surface, back, box, border_radius=max(1, box.h // 4))
        surface.blit(img, img.get_rect(center=r.center))


# ------------------------------------------------------------------------------------------------
# pygame-gui theme


def gui_theme(scale: float) -> dict:
    """The pygame-gui theme from assets/gui_theme.json with font sizes and borders scaled to the window.

    Widgets are square-cornered on purpose: pygame-gui draws rounded shapes 4x supersampled, which
    made the set-up screen take seconds to build at 3840x2160; rectangles take a tenth of that.
    """
    data = json.loads(read_asset_text(GUI_THEME))

    def walk(node):
        if isinstance(node, dict):
            out = {}
            for k, v in node.items():
                if k == "font" and isinstance(v, dict):
                    out[k] = walk(v)
                    out[k]["regular_path"] = str(FONT_REGULAR)
                    out[k]["bold_path"] = str(FONT_BOLD)
                elif k == "size" and isinstance(v, (str, int)):
                    out[k] = str(max(8, round(int(v) * scale)))
                elif k in ("border_width", "shape_corner_radius", "shadow_width") and isinstance(v, (str, int)):
                    out[k] = str(max(0 if int(v) == 0 else 1, round(int(v) * scale)))
                else:
                    out[k] = walk(v)
            return out
        if isinstance(node, list):
            return [walk(x) for x in node]
        return node

    theme = walk(data)
    for colour, rgb in LINE_COLOURS.items():
        ink = "#%02x%02x%02x" % ink_on(colour)
        fill = "#%02x%02x%02x" % rgb
        edge = "#%02x%02x%02x" % line_outline(colour)
        theme[f"#line_{colour}"] = {
            "colours": {"normal_bg": fill, "hovered_bg": fill, "active_bg": fill, "disabled_bg": fill,
                        "normal_text": ink, "hovered_text": ink, "active_text": ink, "disabled_text": ink,
                        "normal_border": edge, "hovered_border": "#ffc400", "active_border": "#ffc400",
                        "disabled_border": edge},
            "font": {"name": "dejavu_condensed", "size": str(max(8, round(27 * scale))), "bold": "1",
                     "regular_path": str(FONT_CONDENSED), "bold_path": str(FONT_CONDENSED_BOLD)},
            "misc": {"border_width": str(max(2, round(4 * scale))), "shape": "rectangle",
                     "shape_corner_radius": str(max(2, round(10 * scale)))},
        }
    return theme


def wrap(font: "pygame.font.Font", text: str, width: int, report: bool = True) -> list[str]:
    """Greedy word wrap; a word longer than the width is cut so nothing runs off the card (and reported to
    ``textfit``, like any other cut: a word broken in two is not a word that fits). ``report`` False: the
    text may break anywhere (a file's path on the kiosk's admin screen)."""
    lines: list[str] = []
    cur = ""
    for word in _re.split(r"[ \t\r\n]+", text.strip()):  # not at a no-break space (French "tour :")
        if not word:
            continue
        if report and font.size(word)[0] > width and len(word) > 1:
            from . import textfit

            if textfit.is_recording():
                textfit.report(word, width, font.size(word)[0], word, f"wrap in {textfit._caller(1)}")
        while font.size(word)[0] > width and len(word) > 1:
            cut = len(word)
            while cut > 1 and font.size(word[:cut])[0] > width:
                cut -= 1
            if cur:
                lines.append(cur)
                cur = ""
            lines.append(word[:cut])
            word = word[cut:]
        trial = f"{cur} {word}".strip()
        if font.size(trial)[0] <= width or not cur:
            cur = trial
        else:
            lines.append(cur)
            cur = word
    if cur:
        lines.append(cur)
    return lines


def break_name(font: pygame.font.Font, text: str, width: int, most: int) -> list[str] | None:
    """``text`` broken at spaces and after hyphens into at most ``most`` lines that each fit ``width``
    (greedy: as much on each line as fits), or None when it needs more lines or a piece is too wide alone."""
    pieces: list[str] = []
    for word in text.split():
        parts = _re.split(r"(?<=[-–])(?=.)", word) if word not in ("-", "–") else [word]
        pieces += [q for q in parts if q]
        pieces[-1] += " "
    if not pieces:
        return [""]
    pieces[-1] = pieces[-1].rstrip()
    rows: list[str] = []
    cur = ""
    for q in pieces:
        if font.size((cur + q).rstrip())[0] <= width:
            cur += q
            continue
        if not cur or font.size(q.rstrip())[0] > width:
            return None
        rows.append(cur.rstrip())
        cur = q
    rows.append(cur.rstrip())
    return rows if len(rows) <= most else None


# where a line may break, best first: before an explanation or between parts, between clauses, between words,
# after a hyphen in a name
_BREAKS = tuple(_re.compile(b) for b in (r" · | \(", r": |, |; | – ", r" ", r"(?<=\w-)(?=\w)"))


def phrase_lines(font: "pygame.font.Font", text: str, width: int, most: int = 2,
                 hyphens: bool = True) -> list[str] | None:
    """``text`` on one line if it fits ``width``, else on two (``most`` 2) broken where a reader pauses: between
    phrases ("Ada's turn" / "(last action: …)"), else between words, else after a hyphen, the most balanced
    such break whose lines both fit (``hyphens`` False: never inside a word); None when no break does (a smaller
    font, or a cut, is the caller's)."""
    if font.size(text)[0] <= width:
        return [text]
    if most < 2:
        return None
    found = []
    for pattern in _BREAKS if hyphens else _BREAKS[:-1]:
        for m in pattern.finditer(text):
            sep = m.group()
            head = text[:m.start()] + (sep.rstrip() if sep in (": ", ", ", "; ", " – ") else "")
            tail = ("(" if sep == " (" else "") + text[m.end():]
            widths = (font.size(head)[0], font.size(tail)[0])
            if head.strip() and tail.strip() and max(widths) <= width:
                found.append((max(widths), [head, tail]))
        if found:
            return min(found, key=lambda f: f[0])[1]
    return None


def fit_lines(fonts: list, text: str, width: int, height: int | None = None) -> tuple | None:
    """(font, lines): ``text`` on one line in the largest of ``fonts`` (largest first) where it fits ``width``,
    else on two lines broken where a reader pauses (:func:`phrase_lines`; inside a hyphenated name only when
    nothing else fits) and, when ``height`` is given, no taller than it; None when even that fails."""
    for f in fonts:
        if f.size(text)[0] <= width:
            return f, [text]
    for hyphens in (False, True):
        for f in fonts:
            lines = phrase_lines(f, text, width, 2, hyphens)
            if lines and (height is None or len(lines) * f.get_linesize() <= height):
                return f, lines
    return None


def stack_lines(images: list, line_h: int) -> pygame.Surface:
    """Lines of words already drawn, one under the other ``line_h`` apart, on a transparent picture."""
    import pygame

    out = pygame.Surface((max(i.get_width() for i in images), len(images) * line_h), pygame.SRCALPHA)
    for j, img in enumerate(images):
        out.blit(img, (0, j * line_h))
    return out
