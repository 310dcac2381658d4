"""Where each control of a seat's panel goes, in upright coordinates, for a panel size, the seat's lines
and the route options (or a city's choices) being asked.

Four shapes (``mode``), the first that fits the width: "wide" (one row: name, lines, status, the buttons),
"stacked" (the branch tile and Undo buttons on top of each other), "compact" (a second row: a status strip
and the buttons across) and "tall" (the lines get a row of their own). No button is ever below the touch
size and no label is cut: a narrow panel is made deeper instead (``needed_depth``).
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...i18n import _
from .. import theme as th
from .view import BRANCH_LABEL, UNDO_LABEL

DEPTH = 132  # panel depth at 1080p (design px) when everything fits in one row
STRIP = 50  # the status strip of a narrow panel's second row (design px)
LINES_ROW = 30  # a tall panel's row of lines: below a swatch, its count (design px)
LEAST_SWATCH = 52  # a line's swatch is never narrower (design px): the layouts are chosen so it fits


def scaled(scale: float):
    """``p(n)``: a design size in this panel's pixels (never below 1)."""
    def p(n: float) -> int:
        return max(1, round(n * scale))
    return p


def needs(fonts: th.Fonts, n_lines: int, W: int, scale: float, round_buttons: int = 1) -> dict:
    """The widths a layout of upright width ``W`` needs at ``scale``, and the mode that fits.
    ``round_buttons``: the menu button and, beside it, the phone's, the secret cards' and the hint's."""
    p = scaled(scale)
    pad = p(12)
    touch = max(th.touch_px(scale), p(48))
    W -= (touch + pad) * round_buttons  # the menu (secret cards, hint) buttons at the end
    f_btn = fonts.get(p(21), True)
    branch_need = p(26) + p(8) + f_btn.size(_(BRANCH_LABEL))[0] + p(24)  # icon, gap, label, margins
    branch_w = max(p(220), branch_need)
    undo_w = max(p(130), f_btn.size(_(UNDO_LABEL))[0] + p(40))
    id_w = min(p(250), max(p(150), W // 5))
    sw = max(touch, p(76))
    lines_w = n_lines * (sw + pad)
    status_min = p(170)
    row = pad + id_w + pad + lines_w + status_min
    if row + branch_w + pad + undo_w + pad <= W:
        mode = "wide"
    elif row + max(branch_w, undo_w) + pad <= W:
        mode = "stacked"
    elif pad + id_w + pad + n_lines * p(LEAST_SWATCH) + max(0, n_lines - 1) * pad + pad <= W:
        mode = "compact"
    else:  # not even the lines at their least beside the name and the round buttons (five seats along a
        # laptop's bottom edge ran the swatches under the hint and the menu): the lines get a row of their own
        mode = "tall"
    # a tall panel whose round buttons leave the name less than its least width (four of them, phones on, on five
    # Paris seats along a laptop's edge ran "points" under the hint) stacks them two high, the first row deeper
    stack = mode == "tall" and round_buttons > 2 and W - 2 * pad < p(150)
    first_row = max(p(DEPTH), 2 * touch + 3 * pad) if stack else p(DEPTH)
    return dict(mode=mode, pad=pad, touch=touch, branch_w=branch_w, undo_w=undo_w, id_w=id_w, sw=sw,
                branch_need=branch_need, round_rows=2 if stack else 1, first_row=first_row)


def needed_depth(fonts: th.Fonts, width: int, n_lines: int, scale: float, round_buttons: int = 1) -> int:
    """How deep (upright height) a panel must be at upright ``width`` so no button is below the touch size
    and no label is cut: one row when the width allows, else the buttons stacked, else a second row."""
    p = scaled(scale)
    need = needs(fonts, n_lines, width, scale, round_buttons)
    base = need["first_row"]
    if need["mode"] == "wide":
        return base
    if need["mode"] == "stacked":
        return max(base, 2 * need["touch"] + 3 * need["pad"])
    if need["mode"] == "tall":
        return base + need["touch"] + p(LINES_ROW) + need["touch"] + need["pad"]
    return base + p(STRIP) + need["touch"] + need["pad"]


@dataclass
class Asked:
    """What the panel asks of its seat now: the route options, or a city's choice (Paris), or nothing."""

    routing: bool  # options are shown in place of the lines
    choosing: bool  # they are a city's choices, not route options
    n_options: int
    label: str  # the words above them


@dataclass
class Layout:
    controls: dict  # control name -> rect in upright coordinates ("_id", "_status", "_label": areas, not buttons)
    mode: str
    option_pages: int
    option_page: int


def lay_out(size: tuple[int, int], scale: float, fonts: th.Fonts, lines, name: str, asked: Asked,
            has_secret: bool, has_hint: bool, option_page: int, has_phone: bool = False) -> Layout:
    """The controls of a panel of upright ``size`` showing the seat's ``lines`` and ``name``; ``has_phone``: the
    seat's Phone button (phones at the table are on, play/phones.py)."""
    plan = _Plan(size, scale, fonts, len(lines), asked, option_page, 1 + has_phone + has_secret + has_hint)
    plan.round_buttons(has_secret, has_hint, has_phone)
    plan.identity(name)
    plan.action_buttons()
    if asked.routing:
        plan.options(plan.options_area())
    else:
        plan.line_swatches(lines)
    return Layout(plan.ctl, plan.mode, plan.option_pages, plan.option_page)


class _Plan:
    """One layout being made: the room left (``W``) shrinks as controls take their places, right to left."""

    def __init__(self, size, scale: float, fonts: th.Fonts, n_lines: int, asked: Asked, option_page: int,
                 round_buttons: int):
        self.W, self.H = size
        self.scale, self.fonts, self.n_lines, self.asked = scale, fonts, n_lines, asked
        self.p = p = scaled(scale)
        self.need = needs(fonts, n_lines, self.W, scale, round_buttons)
        self.mode = self.need["mode"]
        self.pad, self.touch, self.id_w = self.need["pad"], self.need["touch"], self.need["id_w"]
        self.rows = self.mode in ("compact", "tall")  # the name and the round buttons in a first row, more below
        self.row_h = min(self.H, self.need["first_row"]) if self.rows else self.H  # the first row (identity, ...)
        self.W_row = self.W  # compact: the menu button sits in the first row; the button row below keeps the width
        self.ctl: dict[str, pygame.Rect] = {}
        self.option_page, self.option_pages = option_page, 1
        self.x = self.right = 0

    def round_buttons(self, has_secret: bool, has_hint: bool, has_phone: bool = False) -> None:
        """The game menu's button for any seat, then the phone's, the secret cards' (Paris) and the hint's
        beside it."""
        pad, touch = self.pad, self.touch
        names = ["menu"] + [name for name, shown in (("phone", has_phone), ("secret", has_secret), ("hint", has_hint))
                            if shown]
        if self.need["round_rows"] == 2:  # two high, in columns from the right: menu over phone, then the others
            ys = [pad, self.row_h - pad - touch]
            for j, name in enumerate(names):
                self.ctl[name] = pygame.Rect(self.W - pad - touch - (j // 2) * (touch + pad), ys[j % 2], touch, touch)
            self.W -= -(-len(names) // 2) * (touch + pad)
            return
        menu_y = max(0, self.row_h // 2 - touch // 2)
        for j, name in enumerate(names):
            self.ctl[name] = pygame.Rect(self.W - (pad if j == 0 else 0) - touch, menu_y, touch, touch)
            self.W -= touch + pad

    def identity(self, name: str) -> None:
        """The name, score and branch tiles. The name at its full size may take room the row does not need
        (the lines at full size, the status its least): "Player 2 (computer)" whole rather than cut."""
        p, pad, need, W, id_w = self.p, self.pad, self.need, self.W, self.id_w
        want = self.fonts.get(p(24), True).size(name)[0]
        if want > id_w and not self.asked.routing:
            n = self.n_lines
            lines_w = n * need["sw"] + max(0, n - 1) * pad
            if self.mode == "compact":
                spare = W - pad - (pad + id_w + pad) - lines_w
            else:
                buttons = need["branch_w"] + pad + need["undo_w"] if self.mode == "wide" \
                    else max(need["branch_w"], need["undo_w"])
                spare = W - (pad + id_w + pad) - lines_w - p(12) - p(170) - buttons - 2 * pad
            id_w += max(0, min(want - id_w, spare))
        if self.mode == "tall":  # the first row is the name's, beside the round buttons
            id_w = max(id_w, W - 2 * pad)
        self.id_w = id_w
        self.x = pad + id_w + pad
        self.ctl["_id"] = pygame.Rect(pad, pad, id_w, self.row_h - 2 * pad)

    def action_buttons(self) -> None:
        """Undo and the branch tile button (none while the route is asked); ``right``: where the lines or
        the options must end."""
        ctl, need, pad, touch, p, W, H = self.ctl, self.need, self.pad, self.touch, self.p, self.W, self.H
        routing = self.asked.routing
        if self.mode == "wide":
            btn_h = touch
            ctl["undo"] = pygame.Rect(W - pad - need["undo_w"], (H - btn_h) // 2, need["undo_w"], btn_h)
            if not routing:
                ctl["branch"] = pygame.Rect(ctl["undo"].x - pad - need["branch_w"], (H - btn_h) // 2,
                                            need["branch_w"], btn_h)
            self.right = (ctl["branch"].x if "branch" in ctl else ctl["undo"].x) - pad
        elif self.mode == "stacked":
            # while the route is asked there is no branch tile button: Undo alone sets the width, and what it
            # gives back goes to the route buttons (a side seat at 1280x720 cut "Westminster" before)
            bw = need["undo_w"] if routing else max(need["branch_w"], need["undo_w"])
            bh = max(touch, (H - 3 * pad) // 2) if H >= 2 * touch + 3 * pad else max(p(48), (H - 3 * pad) // 2)
            ctl["undo"] = pygame.Rect(W - pad - bw, H - pad - bh, bw, bh)
            if not routing:
                ctl["branch"] = pygame.Rect(W - pad - bw, pad, bw, bh)
            self.right = W - pad - bw - pad
        else:  # compact: identity and lines, then a strip for the status, then the buttons across (tall: the
            # lines and the status in the second row)
            self.right = W - pad
            by = H - pad - touch
            undo_w = need["undo_w"]
            ctl["undo"] = pygame.Rect(self.W_row - pad - undo_w, by, undo_w, touch)
            if not routing:
                ctl["branch"] = pygame.Rect(pad, by, max(1, ctl["undo"].x - 2 * pad), touch)

    def options_area(self) -> tuple[pygame.Rect, int]:
        """The label over the options, the table's notes, and the area the option buttons share (with the
        top of their first row)."""
        ctl, pad, p, W, H, x, row_h, W_row = self.ctl, self.pad, self.p, self.W, self.H, self.x, self.row_h, self.W_row
        label_text = self.asked.label
        label_font = self.fonts.get(p(17), True)
        if self.mode == "tall":  # the label and the table's notes across the second row, the options below
            y2 = row_h - pad
            n_label = max(1, min(2, len(th.wrap(label_font, label_text, max(1, W_row - 2 * pad)))))
            label_h = n_label * label_font.get_linesize()
            notes_h = p(28)
            ctl["_label"] = pygame.Rect(pad, y2, W_row - 2 * pad, label_h)
            ctl["_status"] = pygame.Rect(pad, y2 + label_h, W_row - 2 * pad, notes_h)
            top = y2 + label_h + notes_h + p(4)
            return pygame.Rect(pad, top, ctl["undo"].x - 2 * pad, H - pad - top), top
        if self.mode == "compact":  # the options take the strip and the button row, beside Undo
            area = pygame.Rect(pad, row_h - pad, ctl["undo"].x - 2 * pad, H - row_h)
            notes_h = p(28)  # one row of the table's notes under the label
            ctl["_label"] = pygame.Rect(x, pad, W - x - pad, row_h - 2 * pad - notes_h)
            ctl["_status"] = pygame.Rect(x, row_h - pad - notes_h, W - x - pad, notes_h)
            return area, area.y
        # the table's notes stay in view unless the route buttons would get too narrow for the names
        right = self.right
        notes_w = p(130) if right - x > p(130) + max(2, min(3, self.asked.n_options)) * p(150) else 0
        if notes_w:
            ctl["_status"] = pygame.Rect(right - notes_w, pad, notes_w, H - 2 * pad)
            right -= notes_w + pad
        span = right - x
        n_label = max(1, min(2, len(th.wrap(label_font, label_text, max(1, span)))))
        label_h = n_label * label_font.get_linesize()
        ctl["_label"] = pygame.Rect(x, pad, span, label_h)
        area = pygame.Rect(x, pad + label_h + p(4), span, H - 2 * pad - label_h - p(4))
        return area, area.y

    def options(self, where: tuple[pygame.Rect, int]) -> None:
        """As many buttons as the area holds at the names' least width; more options than that are shown a
        page at a time, the last button turning the page ("›"), so no button ever runs under Undo, the hint
        or the menu (a route can have a dozen equal options)."""
        area, top = where
        p = self.p
        n = self.asked.n_options
        least, gap = self.option_least(), p(8)
        rows = self.option_rows(n, area, least, gap)
        per_row = max(1, (area.w + gap) // (least + gap))
        if n > rows * per_row:  # pages: the turner takes a touch-wide slot at the end of the last row
            more_w = max(self.touch, p(56))
            last_row = max(1, (area.w - more_w) // (least + gap))
            per_page = max(1, (rows - 1) * per_row + last_row)
        else:
            more_w, per_page = 0, n
        self.option_pages = max(1, -(-n // per_page))
        self.option_page %= self.option_pages
        shown = list(range(self.option_page * per_page, min(n, (self.option_page + 1) * per_page)))
        bh = max(p(48), (area.h - (rows - 1) * p(6)) // rows)
        kind = "choice" if self.asked.choosing else "route"
        caps = [per_row] * (rows - 1) + [last_row] if more_w else [-(-len(shown) // rows)] * rows
        j = 0
        for r, cap in enumerate(caps):
            room = area.w - (more_w + gap if more_w and r == rows - 1 else 0)
            bw = max(p(100), min(p(320), (room - (cap - 1) * gap) // max(1, cap)))
            for c in range(cap):
                if j < len(shown):
                    self.ctl[f"{kind}:{shown[j]}"] = pygame.Rect(area.x + c * (bw + gap), top + r * (bh + p(6)), bw, bh)
                    j += 1
        if more_w:
            self.ctl[f"{kind}_more"] = pygame.Rect(area.right - more_w, top + (rows - 1) * (bh + p(6)), more_w, bh)

    def option_least(self) -> int:
        """The least width of a route option's button: a station's name has two lines of it."""
        return self.p(165)

    def option_rows(self, n: int, area: pygame.Rect, least: int, gap: int) -> int:
        """How many rows of option buttons: two for more than three options where the area is deep enough."""
        return 1 if n <= 3 or area.h < 2 * self.p(48) + self.p(6) else 2

    def line_swatches(self, lines) -> None:
        """A swatch per line of the seat (narrower, down to LEAST_SWATCH, when the room is short), then the
        status beside or below them."""
        ctl, p, pad, W, H, W_row, row_h, mode = (self.ctl, self.p, self.pad, self.W, self.H, self.W_row,
                                                  self.row_h, self.mode)
        sw = self.need["sw"]
        sh = self.touch
        gap = pad
        n = len(lines)
        x = self.x
        room = self.right - x
        if mode == "compact":
            room = W - pad - x
        y = max(pad, (row_h - sh - p(22)) // 2)
        if mode == "tall":  # the second row: the lines, then the status beside them
            x, y = pad, row_h - pad + p(4)
            room = W_row - 2 * pad - p(120)
        total = n * sw + (n - 1) * gap
        if total > room:
            sw = max(p(LEAST_SWATCH), (room - (n - 1) * gap) // max(1, n))
        for j, li in enumerate(lines):
            ctl[f"line:{li}"] = pygame.Rect(x + j * (sw + gap), y, sw, sh)
        sx = x + n * (sw + gap) + p(12)
        if mode == "compact":
            ctl["_status"] = pygame.Rect(pad, row_h - pad + p(2), W_row - 2 * pad, max(0, H - row_h - self.touch - pad))
        elif mode == "tall":
            ctl["_status"] = pygame.Rect(sx, y, max(0, W_row - pad - sx), max(0, ctl["undo"].y - pad - y))
        else:
            ctl["_status"] = pygame.Rect(sx, pad, max(0, self.right - sx), H - 2 * pad)
