"""A seat's panel when the acting seat's controls are elsewhere (a laptop: every panel along the bottom edge,
and one action bar beside the board, play/action_bar.py): the name, points and branch tiles, the lines with
their counts, the status and the table's notes, and the seat's own round buttons (menu, phone, secret cards).
No branch tile, Undo, route or hint button, so the panel keeps to one row (``DEPTH``) wherever its width holds
the lines at their least and a status beside them; else the lines and the status take a second row.
"""
from __future__ import annotations

import pygame

from .. import theme as th
from .layout import DEPTH, LEAST_SWATCH, LINES_ROW, Layout, scaled

STATUS_LEAST = 100  # design px the status and the notes keep beside the lines in one row


def _sizes(W: int, scale: float, n_lines: int, round_buttons: int) -> dict:
    p = scaled(scale)
    pad = p(12)
    touch = max(th.touch_px(scale), p(48))
    room = W - round_buttons * (touch + pad)
    id_w = min(p(250), max(p(150), W // 5))
    one_row = pad + id_w + pad + n_lines * (p(LEAST_SWATCH) + pad) + p(STATUS_LEAST) <= room
    return dict(p=p, pad=pad, touch=touch, room=room, id_w=id_w, one_row=one_row)


def row_depth(width: int, n_lines: int, scale: float, round_buttons: int = 1) -> int:
    """How deep (upright) such a panel must be at upright ``width``: one row when it holds the lines at their
    least and the status beside them, else a second row for the lines (their counts below) and the status."""
    s = _sizes(width, scale, n_lines, round_buttons)
    p = s["p"]
    if s["one_row"]:
        return p(DEPTH)
    return p(DEPTH) + s["touch"] + p(LINES_ROW) + s["pad"]


def lay_out_row(size: tuple[int, int], scale: float, lines, has_secret: bool, has_phone: bool = False) -> Layout:
    """The controls of such a panel of upright ``size`` (mode "row": one row; "row2": two)."""
    W, H = size
    names = ["menu"] + [n for n, shown in (("phone", has_phone), ("secret", has_secret)) if shown]
    s = _sizes(W, scale, len(lines), len(names))
    p, pad, touch, id_w = s["p"], s["pad"], s["touch"], s["id_w"]
    row_h = min(H, p(DEPTH))
    ctl: dict[str, pygame.Rect] = {}
    x = W
    for j, name in enumerate(names):  # from the right: the menu, then the phone's and the secret cards'
        x -= touch + (pad if j == 0 else pad)
        ctl[name] = pygame.Rect(x, max(0, row_h // 2 - touch // 2), touch, touch)
    right = x - pad
    n = len(lines)
    if s["one_row"]:
        lx, ly = pad + id_w + pad, max(pad, (row_h - touch - p(22)) // 2)
        sw = max(p(LEAST_SWATCH), min(max(touch, p(76)), (right - lx - p(STATUS_LEAST) - n * pad) // max(1, n)))
        status_x = lx + n * (sw + pad) + p(4)
        status = pygame.Rect(status_x, pad, max(0, right - status_x), row_h - 2 * pad)
    else:  # the name has the first row beside the round buttons; the lines and the status the second
        id_w = max(id_w, right - pad)
        lx, ly = pad, row_h - pad + p(4)
        room = W - 2 * pad - p(120)
        sw = max(p(LEAST_SWATCH), min(max(touch, p(76)), (room - (n - 1) * pad) // max(1, n)))
        status_x = lx + n * (sw + pad) + p(12)
        status = pygame.Rect(status_x, ly, max(0, W - pad - status_x), max(0, H - pad - ly))
    ctl["_id"] = pygame.Rect(pad, pad, id_w, row_h - 2 * pad)
    for j, li in enumerate(lines):
        ctl[f"line:{li}"] = pygame.Rect(lx + j * (sw + pad), ly, sw, touch)
    ctl["_status"] = status
    return Layout(ctl, "row" if s["one_row"] else "row2", 1, 0)
