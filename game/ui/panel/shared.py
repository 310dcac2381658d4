"""The "shared" shape: a panel that shares its table edge with another (five seats round a table: two panels side
by side on the bottom edge, each about 796 design px wide) in one row as deep as a side seat's stacked panel
(2 touch heights and 3 gaps: 164 px at 1080p), where the compact shape's second row made that edge 258 px deep
and took the board 16 % of its height.

From the left: the name, score and branch tiles; the line swatches (narrower, down to LEAST_SWATCH, before the
status gets less than its least); the branch tile button over Undo; the status ("Your turn", the actions left and
their dots); the round buttons two high; the table's notes as a row of pills under the name and the lines, then
two rows under the status. While the route (or a city's choice) is asked the options take the lines', the buttons' and the
status's place in one row, side by side to compare (three at 1080p), the label on one line over them: the hint
(a seat without one: the menu) stands over Undo (the menu, the secret cards' and the phone's buttons out of the way
until the choice is made), the name column shows the name and points only, and the notes go under them.
"""
from __future__ import annotations

import pygame

from ...i18n import _
from .. import theme as th
from .layout import LEAST_SWATCH, Asked, Layout, _Plan, scaled
from .view import BRANCH_LABEL, UNDO_LABEL
from .words import fit_name

NOTES_ROW = 30  # the notes' row under the name and the lines (design px): one row of pills
STATUS_LEAST = 130  # the status's least width (design px): "Your turn" whole in every language, 17 px at least
ACTION_LEAST = 120  # the branch tile and Undo buttons' least width (design px)
OPTION_LEAST = 118  # a route option's least width (design px): three side by side at 1920x1080
OPTION_LEAST_PX = 96  # and on screen: a name's words never go below 11 px (words.MIN_NAME_PX), "Johannisthaler"
CHOICE_LEAST = 150  # a city's choice's least width (design px): a terminus's three rewards side by side
NOTE_LEAST = 40  # the least width of a place for notes (design px): a city tile's pill
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
    if asked.routing:  # the options side by side: the hint (else the menu) over Undo, the name, the notes under it
        plan.asked_column(has_hint)
        plan.asked_identity(name)
        plan.options(plan.options_area())
    else:
        plan.round_buttons(has_secret, has_hint, has_phone)
        plan.action_buttons()
        plan.identity(name)
        plan.line_swatches(lines)
    return Layout(plan.ctl, plan.mode, plan.option_pages, plan.option_page)


class _SharedPlan(_Plan):
    """The shared shape's places: the round buttons from the right, then from the left (while asked: the menu
    over Undo, then the name and the options)."""

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
        """Undo and the branch tile button come after the lines (``line_swatches``)."""
        self.right = self.W - self.pad

    def identity(self, name: str) -> None:
        """The name, score and branch tiles, above the notes' row."""
        pad, p = self.pad, self.p
        notes_y = self.H - pad - self.notes_h
        self.ctl["_id"] = pygame.Rect(pad, pad, self.id_w, notes_y - p(4) - pad)
        self.x = pad + self.id_w + pad

    def asked_column(self, has_hint: bool) -> None:
        """While asked, the hint over Undo in one column at the far end, as wide as Undo's word: the hint is what
        helps with the choice being made (a seat without one, a computer's or the kiosk's, shows its menu there; the
        game menu stays on every other seat's panel). The menu, the secret cards' and the phone's buttons are out
        of the way until the choice is made (the phone's note stays with the others). The room left of the round
        button takes notes when it holds a pill."""
        pad, touch = self.pad, self.touch
        aw = max(touch, self.shared["undo_w"])
        x = self.W - pad - aw
        button = "hint" if has_hint else "menu"
        self.ctl[button] = pygame.Rect(self.W - pad - touch, pad, touch, touch)
        self.ctl["undo"] = pygame.Rect(x, self.H - pad - touch, aw, touch)
        self.right = x - pad
        room = self.ctl[button].x - pad - x
        if room >= self.p(NOTE_LEAST):
            self.ctl["_notes_more"] = pygame.Rect(x, pad, room, touch)

    def asked_identity(self, name: str) -> None:
        """The name and points alone (no branch tiles: no tile is placed while the route is asked), the notes
        under them in the rest of the column."""
        pad, p, fonts = self.pad, self.p, self.fonts
        f_name, lines = fit_name(fonts, name, self.id_w, self.scale)
        name_h = (len(lines) - 1) * (f_name.get_linesize() - p(2)) + f_name.get_height()
        score_h = fonts.get(p(44 if len(lines) == 1 else 36), True).get_height()
        id_h = min(self.H - 2 * pad, name_h + score_h - p(6))
        self.ctl["_id"] = pygame.Rect(pad, pad, self.id_w, id_h)
        notes_y = pad + id_h + p(4)
        self.ctl["_notes"] = pygame.Rect(pad, notes_y, self.id_w, max(0, self.H - pad - notes_y))
        self.x = pad + self.id_w + pad

    def options_area(self) -> tuple[pygame.Rect, int]:
        """The label on one line over the options (the painter takes a smaller size, then the words before the
        colon), the options one row under it between the name and Undo, as high as the rest of the panel:
        a station's name on up to four lines."""
        pad, p, x = self.pad, self.p, self.x
        span = self.right - x
        label_h = self.fonts.get(p(15), True).get_linesize()
        self.ctl["_label"] = pygame.Rect(x, pad, span, label_h)
        area = pygame.Rect(x, pad + label_h + p(2), span, self.H - 2 * pad - label_h - p(2))
        return area, area.y

    def option_least(self) -> int:
        """A route option narrower than a wide panel's (165): three side by side (and the page turner) at
        1920x1080 and two at 1280x720, the longest word of a station's name whole at the painter's least size
        ("Johannisthaler"). A city's choice wider: its label and its preview on one line each."""
        if self.asked.choosing:
            return self.p(CHOICE_LEAST)
        return max(self.p(OPTION_LEAST), OPTION_LEAST_PX)

    def option_rows(self, n: int, area: pygame.Rect, least: int, gap: int) -> int:
        """One row: two rows of touch-high buttons and their gap are deeper than the panel under the label."""
        return 1

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
