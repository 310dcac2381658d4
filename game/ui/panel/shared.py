"""The "shared" shape: a panel that shares its table edge with another (five seats round a table: two panels side
by side on the bottom edge, each about 796 design px wide) in one row as deep as a side seat's stacked panel
(2 touch heights and 3 gaps: 164 px at 1080p), where the compact shape's second row made that edge 258 px deep
and took the board 16 % of its height.

From the left: the name, score and branch tiles; the line swatches (narrower, down to LEAST_SWATCH, before the
status gets less than its least); the branch tile button over Undo; the status ("Your turn", the actions left and
their dots); the round buttons two high; the table's notes as a row of pills under the name and the lines, then
two rows under the status. While the route (or a city's choice) is asked the options take the lines', the buttons' and the
status's place, the label over them, Undo beside them, and the notes go above Undo, then under the name.
"""
from __future__ import annotations

import pygame

from ...i18n import _
from .. import theme as th
from .layout import LEAST_SWATCH, Asked, Layout, _Plan, scaled
from .view import BRANCH_LABEL, UNDO_LABEL

NOTES_ROW = 30  # the notes' row under the name and the lines (design px): one row of pills
STATUS_LEAST = 130  # the status's least width (design px): "Your turn" whole in every language, 17 px at least
ACTION_LEAST = 120  # the branch tile and Undo buttons' least width (design px)
OPTION_LEAST = 128  # a route option's least width (design px): two to a row on Paris at 1920x1080
OPTION_LEAST_PX = 96  # and on screen: a name's words never go below 11 px (words.MIN_NAME_PX), "Johannisthaler"
CHOICE_LEAST = 200  # a city's choice's least width (design px)
LABEL_PX = 16  # the buttons' labels fit at this size (design px) or larger: the painter starts at 21


def shared_need(fonts: th.Fonts, n_lines: int, W: int, scale: float, round_buttons: int = 1) -> dict | None:
    """The widths of the shared shape in a panel of upright width ``W``, or None when it does not fit (the panel
    then takes the shape ``layout.needs`` gives it)."""
    p = scaled(scale)
    pad = p(12)
    touch = max(th.touch_px(scale), p(48))
    columns = -(-round_buttons // 2)  # the round buttons two high
    f_btn = fonts.get(p(LABEL_PX), True)
    undo_w = max(p(ACTION_LEAST), f_btn.size(_(UNDO_LABEL))[0] + p(16))  # alone while a city's choice is asked
    action_w = max(undo_w, f_btn.size(_(BRANCH_LABEL))[0] + p(16))
    id_w = p(150)
    room = W - pad - id_w - pad - (pad + action_w + pad) - columns * (touch + pad)
    lines_least = n_lines * p(LEAST_SWATCH) + max(0, n_lines - 1) * pad
    if room < lines_least + pad + p(STATUS_LEAST):
        return None
    sw = max(p(LEAST_SWATCH), min(max(touch, p(76)), (room - p(STATUS_LEAST) - n_lines * pad) // max(1, n_lines)))
    return dict(pad=pad, touch=touch, columns=columns, action_w=action_w, undo_w=undo_w, id_w=id_w, sw=sw,
                depth=2 * touch + 3 * pad)


def shared_depth(fonts: th.Fonts, width: int, n_lines: int, scale: float, round_buttons: int = 1) -> int | None:
    """How deep a panel sharing its edge must be at upright ``width``: a side seat's stacked depth, or None when
    the shared shape does not fit (``layout.needed_depth`` then says)."""
    need = shared_need(fonts, n_lines, width, scale, round_buttons)
    return None if need is None else need["depth"]


def lay_out_shared(size: tuple[int, int], scale: float, fonts: th.Fonts, lines, name: str, asked: Asked,
                   has_secret: bool, has_hint: bool, option_page: int, has_phone: bool = False) -> Layout | None:
    """``layout.lay_out`` in the shared shape, or None when it does not fit at ``size``."""
    round_buttons = 1 + has_phone + has_secret + has_hint
    need = shared_need(fonts, len(lines), size[0], scale, round_buttons)
    if need is None or size[1] < need["depth"]:
        return None
    plan = _SharedPlan(size, scale, fonts, len(lines), asked, option_page, round_buttons, need)
    plan.round_buttons(has_secret, has_hint, has_phone)
    plan.action_buttons()
    plan.identity(name)
    if asked.routing:
        plan.options(plan.options_area())
    else:
        plan.line_swatches(lines)
    return Layout(plan.ctl, plan.mode, plan.option_pages, plan.option_page)


class _SharedPlan(_Plan):
    """The shared shape's places: the round buttons from the right, then from the left."""

    def __init__(self, size, scale: float, fonts: th.Fonts, n_lines: int, asked: Asked, option_page: int,
                 round_buttons: int, need: dict):
        super().__init__(size, scale, fonts, n_lines, asked, option_page, round_buttons)
        self.need = dict(self.need, round_rows=2, first_row=self.H)  # the round buttons two high, one row
        self.shared = need
        self.mode = "shared"
        self.rows = False
        self.row_h = self.H
        self.id_w = need["id_w"]
        self.notes_h = self.p(NOTES_ROW)

    def action_buttons(self) -> None:
        """While the route is asked, Undo alone at the touch height between the options and the round buttons
        (as wide as its word while a city's choice is: its buttons' words are longer than a station's name);
        else the branch tile button over Undo come after the lines (``line_swatches``)."""
        pad, touch = self.pad, self.touch
        if not self.asked.routing:
            self.right = self.W - pad
            return
        aw = self.shared["undo_w" if self.asked.choosing else "action_w"]
        x = self.W - pad - aw
        self.ctl["undo"] = pygame.Rect(x, self.H - pad - touch, aw, touch)
        self.right = x - pad

    def identity(self, name: str) -> None:
        """The name, score and branch tiles, above the notes' row."""
        pad, p = self.pad, self.p
        notes_y = self.H - pad - self.notes_h
        self.ctl["_id"] = pygame.Rect(pad, pad, self.id_w, notes_y - p(4) - pad)
        self.x = pad + self.id_w + pad

    def options_area(self) -> tuple[pygame.Rect, int]:
        """The label over the options between the name and Undo; the notes where the branch tile button was."""
        pad, p, x = self.pad, self.p, self.x
        undo = self.ctl["undo"]
        self.ctl["_notes"] = pygame.Rect(undo.x, pad, undo.w, undo.y - p(6) - pad)
        notes_y = self.ctl["_id"].bottom + p(4)  # and those it has no room for under the name
        self.ctl["_notes_more"] = pygame.Rect(pad, notes_y, self.id_w, self.H - pad - notes_y)
        span = self.right - x
        # two lines of it at 15 px at most (the painter steps down to fit): a city's choices get two rows below
        label_font = self.fonts.get(p(15), True)
        n_label = max(1, min(2, len(th.wrap(label_font, self.asked.label, max(1, span), report=False))))
        label_h = n_label * label_font.get_linesize()
        self.ctl["_label"] = pygame.Rect(x, pad, span, label_h)
        area = pygame.Rect(x, pad + label_h + p(2), span, self.H - 2 * pad - label_h - p(2))
        return area, area.y

    def option_least(self) -> int:
        """A route option narrower than a wide panel's (165): two to a row beside the name on Paris, whose round
        buttons take two columns; a station's name takes three lines of it. A city's choice wider: its label and
        its preview on one line each ("Complete set: −2 tiles, +6")."""
        if self.asked.choosing:
            return self.p(CHOICE_LEAST)
        return max(self.p(OPTION_LEAST), OPTION_LEAST_PX)

    def option_rows(self, n: int, area: pygame.Rect, least: int, gap: int) -> int:
        """A city's choices (a label and a preview each) two rows whenever one does not hold them all and the
        area is deep enough for two; route options one row, a station's name three lines of it."""
        one_row = max(1, (area.w + gap) // (least + gap))
        two = self.asked.choosing and n > one_row and area.h >= 2 * self.p(48) + self.p(6)
        return 2 if two else 1

    def line_swatches(self, lines) -> None:
        """The swatches at the width ``shared_need`` gave (the tokens left under each), the branch tile button over
        Undo, the status; the notes' row under the name and the lines, and on under the status. The branch tile
        button stands across from the board, not from a card strip: "+1 tile" flies from it straight to the board
        (from the panel's far end it crossed the strip beside the board, at five seats on New York)."""
        pad, p, sw, sh = self.pad, self.p, self.shared["sw"], self.touch
        for j, li in enumerate(lines):
            self.ctl[f"line:{li}"] = pygame.Rect(self.x + j * (sw + pad), pad, sw, sh)
        ax, aw = self.x + len(lines) * (sw + pad), self.shared["action_w"]
        self.ctl["branch"] = pygame.Rect(ax, pad, aw, sh)
        self.ctl["undo"] = pygame.Rect(ax, self.H - pad - sh, aw, sh)
        sx = ax + aw + pad
        notes_y = self.H - pad - self.notes_h
        self.ctl["_notes"] = pygame.Rect(pad, notes_y, ax - 2 * pad, self.notes_h)
        more_h = 2 * (self.fonts.get(p(15), True).get_height() + p(8) + p(4))  # two rows of pills under the status
        more_y = self.H - pad - more_h
        self.ctl["_status"] = pygame.Rect(sx, pad, max(0, self.right - sx), more_y - p(4) - pad)
        self.ctl["_notes_more"] = pygame.Rect(sx, more_y, max(0, self.right - sx), more_h)
