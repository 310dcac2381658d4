"""What the play screen lays over the board: route previews, dotted routes, score tags, the turn banner
and the board's view buttons.

These are drawn into the backdrop (they change only when the position or the view does). Each function
is given what it shows, so it can be read without the scene.
"""
from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from dataclasses import dataclass

import pygame

from ... import i18n
from ...i18n import _
from .. import textfit
from .. import theme as th
from ..draw import disc
from ..seats import EDGE_ROTATION
from .keepclear import names_over

# The last action's preview of each passenger move: (a later move?, its kind, what it shows) -> words.
N_ = i18n.N_
_LEG_TEXT = {
    (False, "", "scores"): N_("scores:"), (False, "", "none"): N_("no line scores"),
    (False, "", "tie"): N_("tie: the player chooses"),
    (False, "express", "scores"): N_("express scores:"), (False, "express", "none"): N_("express: no line scores"),
    (False, "express", "tie"): N_("express tie: the player chooses"),
    (False, "standard", "scores"): N_("standard scores:"), (False, "standard", "none"): N_("standard: no line scores"),
    (False, "standard", "tie"): N_("standard tie: the player chooses"),
    (True, "", "scores"): N_("then scores:"), (True, "", "none"): N_("then: no line scores"),
    (True, "", "tie"): N_("then tie: the player chooses"),
    (True, "express", "scores"): N_("then express scores:"), (True, "express", "none"): N_("then express: no line scores"),
    (True, "express", "tie"): N_("then express tie: the player chooses"),
    (True, "standard", "scores"): N_("then standard scores:"),
    (True, "standard", "none"): N_("then standard: no line scores"),
    (True, "standard", "tie"): N_("then standard tie: the player chooses"),
}


TAG_REACH = (700, 420)  # design px: a score tag stays this close to its destination (either way)


def _lines_image(font, lines: list[str], ink) -> pygame.Surface:
    """Lines of words one under the other, each centred."""
    imgs = [font.render(t, True, ink) for t in lines]
    if len(imgs) == 1:
        return imgs[0]
    out = pygame.Surface((max(i.get_width() for i in imgs), sum(i.get_height() for i in imgs)), pygame.SRCALPHA)
    y = 0
    for i in imgs:
        out.blit(i, ((out.get_width() - i.get_width()) // 2, y))
        y += i.get_height()
    return out


def tag_area(bv, x: float, y: float, k: float) -> pygame.Rect:
    """Where a score tag for the destination at (x, y) may go: near it and on the board. The play screen
    redraws this area when the previews change, so a tag must never be placed outside it."""
    w, h = round(TAG_REACH[0] * k), round(TAG_REACH[1] * k)
    area = pygame.Rect(round(x - w), round(y - h), 2 * w, 2 * h).clip(bv.rect)
    return area if area.w > 0 and area.h > 0 else pygame.Rect(bv.rect)


@dataclass(frozen=True)
class _Leg:
    kind: str
    options: tuple


def place_box(size: tuple[int, int], at: tuple[float, float], gap: float, inside: pygame.Rect,
              taken: list, names: list = (), reach: float | None = None, soft: list = ()) -> pygame.Rect:
    """A box of ``size`` beside the point ``at`` (``gap`` away), inside ``inside``, where it covers the least
    of ``taken`` (station symbols, other tags) and above all of ``names``; above first when that is as good.
    A place covering nothing is looked for up to ``reach`` away (the box's width or eight heights unless
    given), then one covering nothing but ``soft`` (tokens and legal spaces, which are lines: a box over one
    hides a short stretch of it, where it would hide a name whole)."""
    got = free_place([size], at, gap, inside, list(taken) + list(names), reach, soft)
    if got is not None:
        return got[1]
    return least_hidden(size, at, gap, inside, list(taken) + list(soft), names)[1]


def least_hidden(size: tuple[int, int], at: tuple[float, float], gap: float, inside: pygame.Rect, taken: list,
                 names: list = ()) -> tuple[float, pygame.Rect]:
    """(what it hides, box): where a box of ``size`` beside ``at`` hides the least of ``taken`` and above all of
    ``names`` (each pixel of a name counts ten), when no place hides nothing."""
    w, h = size
    x, y = at
    g = round(gap)
    spots = []
    for far in (0, 1, 2):  # beside the station first, then further out
        d = g + far * (h + g)
        e = g + far * (w // 2 + g)
        spots += [(x - w / 2, y - d - h), (x - w / 2, y + d), (x + e, y - h / 2), (x - e - w, y - h / 2),
                  (x + e * 0.7, y - d * 0.7 - h), (x - e * 0.7 - w, y - d * 0.7 - h), (x + e * 0.7, y + d * 0.7),
                  (x - e * 0.7 - w, y + d * 0.7)]
    for ring in (1.5, 2.5, 3.5):  # then round the station in 16 directions (a leader line joins them)
        for i in range(16):
            a = i * math.pi / 8
            cx, cy = x + math.cos(a) * (w / 2 + g) * ring / 1.5, y + math.sin(a) * (h / 2 + g) * ring
            spots.append((cx - w / 2, cy - h / 2))
    best = None
    for i, (bx, by) in enumerate(spots):
        r = pygame.Rect(round(bx), round(by), w, h)
        r.clamp_ip(inside)
        hidden = sum(c.w * c.h for c in (r.clip(taken[j]) for j in r.collidelistall(taken)))
        hidden += 10 * sum(c.w * c.h for c in (r.clip(t) for t in names) if c.w > 0 and c.h > 0)
        if best is None or hidden < best[0]:
            best = (hidden, r)
        if hidden == 0:
            break
    return best


def least_hidden_place(sizes: list, at: tuple[float, float], gap: float, inside: pygame.Rect, taken: list,
                       names: list = ()) -> tuple[int, pygame.Rect]:
    """(i, box): of a box's shapes ``sizes``, the one and its place (``least_hidden``) hiding the least, the
    earlier shape on a tie: where no shape has a free place (a long tag wrapped hides less than on one line)."""
    hides = [least_hidden(size, at, gap, inside, taken, names) for size in sizes]
    i = min(range(len(sizes)), key=lambda j: (hides[j][0], j))
    return i, hides[i][1]


def free_place(sizes: list, at: tuple[float, float], gap: float, inside: pygame.Rect, taken: list,
               reach: float | None = None, soft: list = ()) -> tuple[int, pygame.Rect] | None:
    """(i, box): the nearest place for the first of ``sizes`` (a box's shapes, the preferred first) that covers
    nothing in ``taken`` nor ``soft``, else the first covering nothing but ``soft``; None when none does within
    ``reach`` (a box's width or eight heights unless given)."""
    for tier in (soft, ()) if soft else ((),):
        for i, (w, h) in enumerate(sizes):
            free = _nearest_free((w, h), at, round(gap), inside, list(taken) + list(tier),
                                 max_dist=reach or max(w, 8 * h))
            if free is not None:
                return i, free
    return None


def _free_spot(lo: int, hi: int, size: int, blocks: list[tuple[int, int]], prefer: float) -> int | None:
    """The start s in [lo, hi - size] nearest ``prefer`` where [s, s + size) meets no block (a, b)."""
    if hi - lo < size:
        return None
    free = []
    cur = lo
    last = hi - size
    for a, b in sorted(blocks):  # s strictly inside (a - size, b) overlaps; same order as sorting by a - size
        a -= size
        if a >= cur:
            free.append((cur, a if a < last else last))
        if b > cur:
            cur = b
        if cur > last:
            break
    if cur <= last:
        free.append((cur, last))
    best = None
    for a, b in free:
        if b < a:
            continue
        s = min(max(round(prefer), a), b)
        if best is None or abs(s - prefer) < abs(best - prefer):
            best = s
    return best


def _nearest_free(size: tuple[int, int], at: tuple[float, float], gap: int, inside: pygame.Rect, taken: list,
                  max_dist: float) -> pygame.Rect | None:
    """The box of ``size`` nearest ``at`` (its centre at least ``gap`` clear of the point) that meets nothing
    in ``taken`` and lies in ``inside``; None if there is none within ``max_dist``."""
    w, h = size
    x, y = at
    step = max(2, h // 3)
    offsets = sorted(range(-(int(max_dist) // step) * step, int(max_dist) + 1, step), key=abs)  # 0 among them
    best = None
    rows = _RectRows(taken, True) if len(taken) > 64 else None  # many rows tried against many rects
    for dy in offsets:
        if best is not None and abs(dy) > best[0]:
            break
        top = round(y + dy - h / 2)
        if top < inside.top or top + h > inside.bottom:
            continue
        if rows is not None:
            blocks = rows.spans(top, top + h)
        else:
            blocks = [(t.left, t.right) for t in taken if t.top < top + h and t.bottom > top]
        if abs(dy) < h / 2 + gap:  # on the point's own row keep clear of the point itself
            blocks.append((round(x - gap), round(x + gap)))
        left = _free_spot(inside.left, inside.right, w, blocks, x - w / 2)
        if left is None:
            continue
        d = math.hypot(left + w / 2 - x, dy)
        if d <= max_dist and (best is None or d < best[0]):
            best = (d, pygame.Rect(left, top, w, h))
    return best[1] if best else None


class _RectRows:
    """Rects sorted along one axis, so those crossing a row (or a column) are found by bisection instead of
    by scanning them all: the turn banner tries many rows a frame against several hundred names and
    symbols. ``rows=True`` indexes by y (rows across the board), else by x; the answer is the scan's."""

    def __init__(self, taken, rows: bool):
        if rows:
            items = sorted((t.top, t.bottom, t.left, t.right) for t in taken)
        else:
            items = sorted((t.left, t.right, t.top, t.bottom) for t in taken)
        # in tiers by length (powers of two), so a few long rects (a name turned along the edge, a button)
        # do not widen the bisection's reach for the many short ones
        tiers: dict[int, list] = {}
        for i in items:
            tiers.setdefault(max(0, i[1] - i[0]).bit_length(), []).append(i)
        self.tiers = [([i[0] for i in t], max(i[1] - i[0] for i in t), t) for t in tiers.values()]

    def spans(self, lo: int, hi: int) -> list[tuple[int, int]]:
        """The other-axis spans of the rects starting before ``hi`` and ending after ``lo`` (any order)."""
        out = []
        for starts, reach, items in self.tiers:  # no rect of a tier ends more than ``reach`` past its start
            i = bisect_right(starts, lo - reach)
            j = bisect_left(starts, hi)
            out += [(a, b) for _, end, a, b in items[i:j] if end > lo]
        return out


def _along(edge: str, br: pygame.Rect, m: int, size: int, inset: float, sides) -> tuple[int, int]:
    """The stretch along ``edge`` where a box ``size`` long, its centre ``inset`` in from ``edge``, has its centre
    no nearer any of ``sides`` (the board's other edges with seats) than ``edge``: on its seat's side of the
    board, where it reads as that seat's."""
    horizontal = edge in ("bottom", "top")
    lo, hi = (br.left, br.right) if horizontal else (br.top, br.bottom)
    a, b = lo + m, hi - m
    if ("left" if horizontal else "top") in sides:
        a = max(a, math.ceil(lo + inset - size / 2))
    if ("right" if horizontal else "bottom") in sides:
        b = min(b, math.floor(hi - inset + size / 2))
    return a, b


def _free_band_spot(size: tuple[int, int], edge: str, br: pygame.Rect, pr: pygame.Rect, taken: list,
                    m: int, rows: _RectRows | None = None, reach: float = 0.45, sides=()) -> pygame.Rect | None:
    """The place nearest the seat's edge (and nearest the middle of its panel) where a box of ``size``
    covers nothing in ``taken``; searched row by row up to ``reach`` of the way across the board, never past its
    far edge (the panels there). ``rows``: the same ``taken`` already indexed for this edge (``_RectRows``), when
    several boxes are tried. ``sides``: the board's other edges with seats, which the box keeps farther from than
    from ``edge`` (``_along``)."""
    w, h = size
    horizontal = edge in ("bottom", "top")
    if rows is None:
        rows = _RectRows(taken, horizontal)
    depth = h if horizontal else w
    span = br.h if horizontal else br.w
    limit = min(span * reach, span - 2 * m - depth)  # the box stays on the board, off its far side's panels
    step = max(3, depth // 3)
    d = 0
    while d <= limit:
        lo, hi = _along(edge, br, m, w if horizontal else h, m + d + depth / 2, sides)
        if horizontal:
            y = br.bottom - m - d - h if edge == "bottom" else br.top + m + d
            x = _free_spot(lo, hi, w, rows.spans(y, y + h), pr.centerx - w / 2)
            if x is not None:
                return pygame.Rect(x, y, w, h)
        else:
            x = br.left + m + d if edge == "left" else br.right - m - d - w
            y = _free_spot(lo, hi, h, rows.spans(x, x + w), pr.centery - h / 2)
            if y is not None:
                return pygame.Rect(x, y, w, h)
        d += step
    return None


BANNER_PX = (24, 21, 18)  # the banner's font, design px: smaller before a third line or a cut


def banner_forms(fonts: th.Fonts, text: str, k: float) -> list[tuple]:
    """The turn banner's forms, (font, lines) in the order tried: one line, then two broken between phrases
    (th.phrase_lines), each a size smaller in turn; then the words before the explanation alone; last, whose
    turn it is alone (or a city's choice without the station)."""
    forms: list[tuple] = []
    head = text.split(" (", 1)[0] if " (" in text else None
    for size in BANNER_PX:
        f = fonts.get(max(12, round(size * k)), True)
        forms.append((f, [text]))
        two = th.phrase_lines(f, text, max(1, f.size(text)[0] * 3 // 4), 2, hyphens=False)
        if two and len(two) == 2:
            forms.append((f, two))
    if head:  # last resort before hiding a name: the banner without its explanation
        forms += _short_forms(fonts, head, k)
    short = head or text
    if " · " in short:  # whose turn alone ("Dee's turn"): the active panel shows the actions left
        short = short.split(" · ", 1)[0]
    elif short.count(": ") > 1:  # a city's choice without where ("Ada: choose your reward"): the panel says it
        parts = short.split(": ")
        short = f"{parts[0]}: {parts[-1]}"
    if short != (head or text):
        forms += _short_forms(fonts, short, k)
    return forms


def _short_forms(fonts: th.Fonts, text: str, k: float) -> list[tuple]:
    """A shorter banner's forms: on one line at each size, then on two lines broken between phrases at each size
    ("Replay, / turn 28 of 32": a squarer block finds a place off the grid's letters where a long line finds none);
    never between the words of one phrase ("Marie-Christine / ist am Zug" reads as two messages)."""
    fonts_by_size = [fonts.get(max(12, round(size * k)), True) for size in BANNER_PX]
    forms = [(f, [text]) for f in fonts_by_size]
    for f in fonts_by_size:
        two = th.phrase_lines(f, text, max(1, f.size(text)[0] * 2 // 3), 2, hyphens=False)
        if two and len(two) == 2 and _between_phrases(text, two[0]):
            forms.append((f, two))
    return forms


def _between_phrases(text: str, first: str) -> bool:
    """True when ``text`` broken after ``first`` breaks where a reader pauses (after a comma, colon or semicolon,
    before " · ", " (" or " – "), not between two words of a phrase."""
    rest = text[len(first):]
    return first.endswith((",", ":", ";")) or rest.startswith((" · ", " (", " – "))


class Overlays:
    """Draws the board overlays with one theme and font cache; ``k`` is the window's ui scale."""

    def __init__(self, theme: th.Theme, fonts: th.Fonts):
        self.theme = theme
        self.fonts = fonts
        self.banner_hidden = 0  # area of names and symbols the last banner covered
        self.banner_lines: list[str] = []
        self.tags: list[pygame.Rect] = []  # where the score tags of the last preview went
        self.facing = 0  # the score tags face the seat whose turn it is (its edge's rotation)
        self.last_banner: tuple[pygame.Surface, pygame.Rect] | None = None  # (picture, place) last drawn
        self._boxes: dict = {}  # (lines, k, over, edge) -> the banner form's picture
        self.clear_of: list[pygame.Rect] = []  # tokens and legal spaces the score tags keep off (play/keepclear.py)

    # ---- board buttons ---------------------------------------------------------------------------
    @classmethod
    def covered(cls, bv, k: float, margin: int = 0) -> list[pygame.Rect]:
        """The board's names and symbols and its own buttons (``margin`` round each button): what every overlay
        keeps off."""
        return bv.occupied_rects() + [b.inflate(margin, margin) for b in cls.board_buttons(bv, k).values()]

    @staticmethod
    def board_buttons(bv, k: float) -> dict[str, pygame.Rect]:
        """Small view controls in the board's top corner: names facing the active seat, and fit the board
        (shown only when zoomed in)."""
        side = max(round(th.touch_px(k) * 0.8), round(48 * k))
        m = round(8 * k)
        br = bv.rect
        out = {"names": pygame.Rect(br.right - m - side, br.top + m, side, side)}
        if bv.zoom > 1.001:
            out["fit"] = pygame.Rect(out["names"].x - m - side, br.top + m, side, side)
        return out

    def draw_board_buttons(self, surf: pygame.Surface, buttons: dict[str, pygame.Rect], k: float,
                           names_active: bool, facing: str) -> None:
        t = self.theme
        f = self.fonts.get(max(10, round(20 * k)), True)
        for name, r in buttons.items():
            on = name == "names" and names_active
            pygame.draw.rect(surf, t.accent if on else (255, 255, 255), r, border_radius=r.w // 3)
            pygame.draw.rect(surf, t.accent, r, width=max(1, round(2 * k)), border_radius=r.w // 3)
            ink = t.accent_ink if on else t.accent
            if name == "names":
                img = f.render("Aa", True, ink)
                if on:
                    img = pygame.transform.rotate(img, EDGE_ROTATION[facing])
                surf.blit(img, img.get_rect(center=r.center))
            else:  # fit: four corner marks
                q = r.inflate(-r.w // 2, -r.h // 2)
                lw = max(2, round(3 * k))
                e = q.w // 3
                for cx, cy, dx, dy in ((q.left, q.top, 1, 1), (q.right, q.top, -1, 1), (q.left, q.bottom, 1, -1),
                                       (q.right, q.bottom, -1, -1)):
                    pygame.draw.line(surf, ink, (cx, cy), (cx + dx * e, cy), lw)
                    pygame.draw.line(surf, ink, (cx, cy), (cx, cy + dy * e), lw)

    # ---- route previews --------------------------------------------------------------------------
    def draw_route_choice(self, surf: pygame.Surface, bv, state, options, preview: int | None, k: float) -> None:
        """The route options being chosen: the others dotted grey, the previewed one bold with its tag."""
        self.tags = []
        for i, opt in enumerate(options):
            if i != preview:
                self.dotted_route(surf, bv, opt.hops, self.theme.muted, 0.55, k)
        if preview is not None and 0 <= preview < len(options):
            opt = options[preview]
            bv.draw_route(surf, opt.hops, state)
            self.dotted_route(surf, bv, opt.hops, self.theme.accent, 0.9, k)
            self.score_tag(surf, bv, state, opt, k)
        for opt in options:
            bv.draw_station_ring(surf, opt.destination, self.theme.accent, 0.6)

    def draw_would_go(self, surf: pygame.Surface, bv, state, legs, k: float) -> None:
        """Where the passenger would go if the turn ended now (before the last action): each move in turn
        (London: express in the accent colour, then standard in orange from where the first one ends),
        each with a tag saying which lines it would score. ``legs`` are ``turns.PreviewLeg``s (or one
        move's options)."""
        self.tags = []
        if legs and not hasattr(legs[0], "options"):
            legs = [_Leg("", tuple(legs))]
        colours = (self.theme.accent, self.theme.warn)
        taken = self.covered(bv, k)  # the buttons are drawn over them
        for j, leg in enumerate(legs):
            colour = colours[min(j, len(colours) - 1)]
            for opt in leg.options:
                self.dotted_route(surf, bv, opt.hops, colour, 0.8, k)
                bv.draw_station_ring(surf, opt.destination, colour, 0.5)
        for j, leg in enumerate(legs):
            colour = colours[min(j, len(colours) - 1)]
            kind = leg.kind if leg.kind in ("express", "standard") else ""
            if len(leg.options) == 1:
                opt = leg.options[0]
                text = _LEG_TEXT[(bool(j), kind, "scores" if opt.lines else "none")]
                taken.append(self.score_tag(surf, bv, state, opt, k, label=_(text), edge=colour, taken=taken))
            elif leg.options:
                taken.append(self.score_tag(surf, bv, state, leg.options[0], k,
                                            text=_(_LEG_TEXT[(bool(j), kind, "tie")]), edge=colour, taken=taken))
                break  # what follows a tie depends on the choice

    def dotted_route(self, surf: pygame.Surface, bv, hops, colour, weight: float, k: float) -> None:
        r = max(2.0, bv.lane_gap * 0.32 * weight + 1.5 * k)
        step = r * 3.2
        for h in hops:
            p, q = bv.station_xy(h[0]), bv.station_xy(h[1])
            L = math.hypot(q[0] - p[0], q[1] - p[1])
            n = max(1, int(L / step))
            for j in range(n + 1):
                t = j / n
                c = (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)
                disc(surf, (255, 255, 255), c, r + max(1.0, r * 0.4))
                disc(surf, colour, c, r)

    def score_tag(self, surf: pygame.Surface, bv, state, opt, k: float, text: str | None = None,
                  label: str | None = None, edge=None, taken: list | None = None) -> pygame.Rect:
        """A small label by the destination: which lines would score (``text``: a plain message instead).
        It goes beside the destination where it covers the fewest station names and symbols (``taken``);
        returns where it went."""
        x, y = bv.station_xy(opt.destination)
        f = self.fonts.get(max(11, round(17 * k)), True)
        chip = max(12, round(22 * k))
        label = text or label or (_("scores:") if opt.lines else _("no line scores"))
        shapes = []  # the words on one line, else on two where the board has no room for one
        full = f.size(label)[0]
        # last, a tie's heading alone ("standard tie"; in every language the words before the colon): the
        # dotted route shows where, and the panel's route buttons ask the player to choose
        head = [text.rsplit(":", 1)[0].strip()] if text and ":" in text else None
        # then the heading on two lines ("standard" / "tie"): a squarer block finds a place between the names of a
        # crowded board where the one line finds none (Paris at 1280 x 720, the callout turned to a side seat)
        head2 = th.phrase_lines(f, head[0], f.size(head[0])[0] - 1, 2, hyphens=False) if head else None
        # then the word "tie" alone (the heading of the plain "tie: the player chooses", so in every language): the
        # border in the route's colour says which move it is, and a short word finds a place beside its destination
        tie = [_(_LEG_TEXT[(False, "", "tie")]).rsplit(":", 1)[0].strip()] if head else None
        tie = None if tie == head else tie
        # or the scoring lines' chips alone, in the border of the route's colour (no words to read: a crowded
        # board where no worded shape finds a free place)
        chips = [] if not text and opt.lines else None
        for lines in ([label], th.phrase_lines(f, label, full * 2 // 3, 2, hyphens=False), th.wrap(f, label, full // 3),
                      head, head2, tie, chips):
            if lines is chips and chips is not None:
                img = pygame.Surface((0, chip), pygame.SRCALPHA)
                w = round(14 * k) + len(opt.lines) * (chip + round(4 * k)) - round(4 * k)
                shapes.append((img, w, chip + round(10 * k), lines))
            elif lines and (not shapes or len(lines) > len(shapes[-1][3]) or lines is head or lines is tie):
                img = _lines_image(f, lines, self.theme.ink)
                w = img.get_width() + round(14 * k) + (0 if text else len(opt.lines) * (chip + round(4 * k)))
                shapes.append((img, w, max(img.get_height(), chip) + round(10 * k), lines))
        turned = self.facing in (90, 270)
        area = tag_area(bv, x, y, k)
        taken = self.covered(bv, k) if taken is None else taken
        gap = bv.station_radius(opt.destination) + 10 * k
        sizes = [(h, w) if turned else (w, h) for _img, w, h, _lines in shapes]
        got = free_place(sizes, (x, y), gap, area, list(taken) + bv.label_rects(), max(area.w, area.h), self.clear_of)
        if got is None:  # no free place: the shape and place that hide the least
            got = least_hidden_place(sizes, (x, y), gap, area, list(taken) + list(self.clear_of), bv.label_rects())
        img, w, h, _lines = shapes[got[0]]
        box = got[1]
        self.tags.append(box)
        near = (min(max(x, box.left), box.right), min(max(y, box.top), box.bottom))
        if math.hypot(near[0] - x, near[1] - y) > bv.station_radius(opt.destination) + 24 * k:  # a leader line
            pygame.draw.line(surf, (255, 255, 255), (x, y), near, max(3, round(5 * k)))
            pygame.draw.line(surf, edge or self.theme.accent, (x, y), near, max(1, round(2 * k)))
            names_over(surf, bv, [((x, y), near)], max(3, round(5 * k)))  # the names it passes stay on top
        if self.facing:  # drawn upright, then turned to face the seat it speaks to
            card = pygame.Surface((w, h), pygame.SRCALPHA)
            self._draw_tag(card, card.get_rect(), img, text, opt, state, chip, k, edge)
            surf.blit(pygame.transform.rotate(card, self.facing), box)
        else:
            self._draw_tag(surf, box, img, text, opt, state, chip, k, edge)
        return box

    def _draw_tag(self, surf, box, img, text, opt, state, chip: int, k: float, edge) -> None:
        pygame.draw.rect(surf, (255, 255, 255), box, border_radius=round(8 * k))
        pygame.draw.rect(surf, edge or self.theme.accent, box, width=max(1, round(2 * k)), border_radius=round(8 * k))
        surf.blit(img, (box.x + round(7 * k), box.centery - img.get_height() // 2))
        if not text:
            cx = box.x + round(7 * k) + (img.get_width() + round(4 * k) if img.get_width() else 0)
            for li in opt.lines:
                th.draw_swatch(surf, pygame.Rect(cx, box.centery - chip // 2, chip, chip), state.lines[li].colour,
                               self.fonts.get(max(8, round(chip * 0.62)), True), radius=round(4 * k))
                cx += chip + round(4 * k)

    # ---- last turn's tokens ----------------------------------------------------------------------
    def draw_last_turn(self, surf: pygame.Surface, bv, state, tokens, k: float) -> None:
        """Mark the tokens of the turn that just ended (a computer's move leaves a trace): a dashed dark and
        white edge along both sides of each token, like a selection, so the token itself stays visible."""
        w = bv.token_width() / 2 + max(2.5, 3.5 * k)
        lw = max(2, round(3 * k))
        dash = max(4.0, 7 * k)
        for line, conn in tokens:
            lanes = state.tokens[conn] if 0 <= conn < len(state.tokens) else []
            if line not in lanes:
                continue  # undone since
            for p, q in bv.lane_segments(conn, lanes.index(line)):
                dx, dy = q[0] - p[0], q[1] - p[1]
                n = math.hypot(dx, dy) or 1.0
                ux, uy = dx / n, dy / n
                ox, oy = -uy * w, ux * w
                for sgn in (1, -1):
                    a = (p[0] + sgn * ox, p[1] + sgn * oy)
                    b = (q[0] + sgn * ox, q[1] + sgn * oy)
                    pygame.draw.line(surf, (255, 255, 255), a, b, lw + 2)
                    t = 0.0
                    on = True
                    while t < n:  # dashes: dark, gap, dark ...
                        e = min(n, t + dash)
                        if on:
                            pygame.draw.line(surf, self.theme.ink, (a[0] + ux * t, a[1] + uy * t),
                                             (a[0] + ux * e, a[1] + uy * e), lw)
                        t = e
                        on = not on

    @staticmethod
    def last_turn_rect(bv, state, tokens, k: float) -> pygame.Rect | None:
        """A box holding :meth:`draw_last_turn`'s marks (None when there are none)."""
        pts = []
        for line, conn in tokens:
            lanes = state.tokens[conn] if 0 <= conn < len(state.tokens) else []
            if line in lanes:
                for p, q in bv.lane_segments(conn, lanes.index(line)):
                    pts += [p, q]
        if not pts:
            return None
        m = bv.token_width() + 8 * max(1.0, k) + 4
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        return pygame.Rect(int(min(xs) - m), int(min(ys) - m), int(max(xs) - min(xs) + 2 * m) + 1,
                           int(max(ys) - min(ys) + 2 * m) + 1)

    # ---- turn banner -----------------------------------------------------------------------------
    def draw_banner(self, surf: pygame.Surface, bv, panel, text: str, k: float, over: bool,
                    clear_of: list | tuple = (), letters: list | tuple = ()) -> pygame.Rect:
        """The turn banner on the board edge facing the active seat, rotated to read from there; returns
        where it went. It keeps clear of names, symbols and the board's buttons, and of ``clear_of`` (the
        tokens, the legal spaces and the route callouts: play/keepclear.py); of ``letters`` (the grid
        reference's) where a form of the banner finds a place off them, else over them."""
        forms = banner_forms(self.fonts, text, k)
        # each form is drawn only if the ones before it hide something; names, symbols and buttons are
        # gathered and indexed once for all the forms tried
        m = round(8 * k)
        taken = self.covered(bv, k, m) + list(clear_of)
        rows = _RectRows(taken, panel.edge in ("bottom", "top"))
        lettered = (taken + list(letters), _RectRows(taken + list(letters), panel.edge in ("bottom", "top"))) \
            if letters else None
        best = None
        room = bv.rect.inflate(-2 * m, -2 * m)
        fitting = [form for form in forms if self._banner_box(form, k, over, panel.edge).get_width() <= room.w
                   and self._banner_box(form, k, over, panel.edge).get_height() <= room.h]
        if not fitting:  # longer than the board's edge in every form: the narrowest, and say so
            narrowest = min(forms, key=lambda form: max(form[0].size(t)[0] for t in form[1]))
            along = room.w if panel.edge in ("bottom", "top") else room.h
            textfit.report(text, along, max(narrowest[0].size(t)[0] for t in narrowest[1]) + round(24 * k),
                           " / ".join(narrowest[1]), "overlays.draw_banner")
            fitting = [narrowest]
        # every form off the letters first, even one of fewer words (each letter is written at both edges, and the
        # panels say whose turn), then every form over them, before a place far in from the seat's edge
        tries = ([(form, lettered) for form in fitting] if letters else []) + [(form, (taken, rows)) for form in fitting]
        for n, (form, against) in enumerate(tries):
            if letters and n == len(fitting):  # no form off the letters by the seat's edge: a little further in first
                # (0.6 of the board, the first search 0.45: the tenth session's Paris layout left the replay's
                # banner at 1280x720 no place nearer, and over a corner's letters it hid the reference the cards name)
                best = self._further_in(fitting, bv, panel, k, over, *lettered, m, reach=0.6) or best
                if best[0] == 0:
                    break
            box = self._banner_box(form, k, over, panel.edge)
            got = self._place_banner(box, bv, panel, k, *against)
            if best is None or got[0] < best[0]:
                best = (got[0], got[1], box, form[1])
            if got[0] == 0:
                break
        if best[0]:  # nothing free near the seat's edge in any form: the free place nearest it, however far in
            best = self._further_in(fitting, bv, panel, k, over, taken, rows, m, reach=1.0) or best
        self.banner_hidden = best[0]  # area of names and symbols it still covers (tests: 0 when there is room)
        self.last_banner = (best[2], pygame.Rect(best[1]))
        self.banner_lines = best[3]  # the words as they were broken (tests: two lines at most)
        return surf.blit(best[2], best[1])

    def _further_in(self, fitting, bv, panel, k: float, over: bool, taken: list, rows, m: int, reach: float):
        """The first of the ``fitting`` forms with a place clear of ``taken`` (``rows``: indexed) up to ``reach`` of
        the way across the board from the seat's edge, nearest that edge: (0, place, picture, lines), or None."""
        for form in fitting:
            box = self._banner_box(form, k, over, panel.edge)
            spot = _free_band_spot(box.get_size(), panel.edge, bv.rect, self._seat_span(bv.rect, panel), taken, m,
                                   rows, reach=reach)
            if spot is not None:
                return (0, spot, box, form[1])
        return None

    def redraw_banner(self, surf: pygame.Surface) -> pygame.Rect | None:
        """The last banner again, where it went (no new search): for redrawing what lay under it."""
        if self.last_banner is None:
            return None
        box, at = self.last_banner
        return surf.blit(box, at)

    def _banner_box(self, form: tuple, k: float, over: bool, edge: str) -> pygame.Surface:
        """A banner form's picture (font, lines), remembered: the banner is placed again on every frame of a pan."""
        key = (form[0], tuple(form[1]), k, over, edge)
        box = self._boxes.get(key)
        if box is None:
            if len(self._boxes) >= 32:
                self._boxes.clear()
            box = self._boxes[key] = self._draw_banner_box(form, k, over, edge)
        return box

    def _draw_banner_box(self, form: tuple, k: float, over: bool, edge: str) -> pygame.Surface:
        f, lines = form
        imgs = [f.render(t, True, self.theme.accent_ink) for t in lines]
        pad = round(12 * k)
        w = max(i.get_width() for i in imgs) + 2 * pad
        h = sum(i.get_height() for i in imgs) + pad
        box = pygame.Surface((w, h), pygame.SRCALPHA)
        colour = self.theme.ink if over else self.theme.accent
        pygame.draw.rect(box, colour, box.get_rect(), border_radius=round(14 * k))
        y = pad // 2
        for i in imgs:
            box.blit(i, ((w - i.get_width()) // 2, y))
            y += i.get_height()
        rot = EDGE_ROTATION[edge]
        return pygame.transform.rotate(box, rot) if rot else box

    @staticmethod
    def _seat_span(br: pygame.Rect, panel) -> pygame.Rect:
        """The seat's panel's stretch of the board ``br``'s edge (the banner is centred on it if it can be)."""
        pr = panel.rect.clip(br.inflate(0, 4000) if panel.edge in ("bottom", "top") else br.inflate(4000, 0))
        return br if pr.w <= 0 or pr.h <= 0 else pr

    def _place_banner(self, box: pygame.Surface, bv, panel, k: float, taken: list | None = None,
                      rows: _RectRows | None = None) -> tuple[int, pygame.Rect]:
        """Where along the seat's edge of the board the banner hides the least: (hidden area, rect).
        ``taken``: the names, symbols and buttons to keep clear of (``rows``: the same, indexed)."""
        (x0, y0), (x1, y1) = bv.to_screen(bv.bounds[0], bv.bounds[1]), bv.to_screen(bv.bounds[2], bv.bounds[3])
        br = bv.rect.clip(pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0)))  # the visible sheet
        if br.w < box.get_width() or br.h < box.get_height():
            br = bv.rect
        pr = self._seat_span(br, panel)
        r = box.get_rect()
        m = round(8 * k)
        if taken is None:
            taken = self.covered(bv, k, m)
        if rows is None:
            rows = _RectRows(taken, panel.edge in ("bottom", "top"))
        spot = _free_band_spot(r.size, panel.edge, br, pr, taken, m, rows)
        if spot is None and br != bv.rect:  # the margin beside the drawn board, if the board leaves one
            spot = _free_band_spot(r.size, panel.edge, bv.rect, pr, taken, m, rows)
        if spot is not None:
            return (0, spot)
        best = None
        fracs = sorted((i / 20 for i in range(1, 20)), key=lambda f: (abs(f - 0.5), f))
        spots = []  # every place tried, in order; only what could meet one of them is measured
        for inward in (0, 1, 2, 3):  # along the seat's stretch of edge first, then a step in, where it hides least
            step = inward * ((r.h if panel.edge in ("bottom", "top") else r.w) + m)
            for f in fracs:
                if panel.edge in ("bottom", "top"):
                    x = pr.x + pr.w * f
                    if panel.edge == "bottom":
                        r.midbottom = (round(x), br.bottom - m - step)
                    else:
                        r.midtop = (round(x), br.top + m + step)
                else:
                    y = pr.y + pr.h * f
                    if panel.edge == "left":
                        r.midleft = (br.left + m + step, round(y))
                    else:
                        r.midright = (br.right - m - step, round(y))
                r.clamp_ip(br)
                spots.append(r.copy())
        near = [taken[j] for j in spots[0].unionall(spots[1:]).collidelistall(taken)]
        for at in range(0, len(spots), len(fracs)):
            for r in spots[at:at + len(fracs)]:
                hidden = sum(c.w * c.h for c in (r.clip(near[j]) for j in r.collidelistall(near)))
                if best is None or hidden < best[0]:
                    best = (hidden, r)
                if hidden == 0:
                    break
            if best[0] == 0:
                break
        return best
