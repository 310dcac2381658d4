"""A seat's panel when the acting seat's controls are elsewhere (a laptop: every panel along the bottom edge,
and one action bar beside the board, play/action_bar.py): the name, points and branch tiles, the lines with
their counts, the status and the table's notes, and the seat's own round buttons (menu, phone, secret cards).
No branch tile, Undo, route or hint button, so the panel keeps to one row (``DEPTH``) wherever its width holds
the lines at their least and a status beside them; else, where the small words sit at their floor (five seats at
1280x720), one deeper row ("deep": the name, the lines and the round buttons along the top, the status and the
notes in a strip of two rows under them); else the lines and the status take a second row ("row2").
"""
from __future__ import annotations

import pygame

from ...i18n import _, ngettext
from .. import theme as th
from .layout import DEPTH, LEAST_SWATCH, LINES_ROW, Layout, scaled
from .words import MIN_NAME_PX, NAME_SIZES, fit_name

STATUS_LEAST = 100  # design px the status and the notes keep beside the lines in one row
ID_LEAST = 130  # design px the name, points and branch tiles keep in one row (more where the name needs it)


def name_least(fonts: th.Fonts, name: str, scale: float) -> int:
    """The least width that shows ``name`` whole (words.fit_name): on one line condensed at the smallest size, or
    on two split at a space or after a hyphen."""
    px = max(MIN_NAME_PX, round(NAME_SIZES[-1] * scale))
    f = fonts.get(px, True)
    best = fonts.get(px, True, True).size(name)[0]
    for i, ch in enumerate(name):
        if ch == " " or (ch == "-" and 0 < i < len(name) - 1):
            a, b = name[:i + (ch == "-")], name[i + 1:]
            best = min(best, max(f.size(a)[0], f.size(b)[0]))
    return best + 1


def score_least(fonts: th.Fonts, scale: float) -> int:
    """The least width of the score and "points" beside it (draw.py's ``_identity``: the score at its largest, a
    two-figure score)."""
    p = scaled(scale)
    return fonts.get(p(44), True).size("88")[0] + p(6) + fonts.get(p(17)).size(_("points"))[0] + 1


def status_least(fonts: th.Fonts, scale: float, pills=(), messages=()) -> int:
    """The least width of the status that shows each of ``pills`` (the notes a seat may be shown, at their
    smallest) and each of ``messages`` (on two lines at most, at the smallest size) whole."""
    p = scaled(scale)
    f_pill = fonts.get(max(MIN_NAME_PX, p(12)), True, True)
    f_msg = fonts.get(max(MIN_NAME_PX, p(13)), True, True)
    need = [f_pill.size(t)[0] + 2 * p(8) + 1 for t in pills]
    for text in messages:
        words = text.split()
        halves = [f_msg.size(" ".join(words[:i]))[0] for i in range(1, len(words))] or [0]
        need.append(max([f_msg.size(w)[0] for w in words] + [min(max(h, f_msg.size(text)[0] - h) for h in halves)])
                    + 1)
    return max(need, default=0)


def turn_words(n: int) -> tuple[str, str, str]:
    """The acting seat's status: "Your turn", "N actions left", and both on one line."""
    return (_("Your turn"), ngettext("{n} action left", "{n} actions left", n).format(n=n),
            ngettext("Your turn · {n} action left", "Your turn · {n} actions left", n).format(n=n))


def deep_status_h(fonts: th.Fonts, scale: float) -> int:
    """How deep a deep row's status is: two rows of the notes' pills and the gap between them, the status's words
    leading the first (draw.py's ``lead_words``; a pill is deeper than a line of them)."""
    p = scaled(scale)
    return 2 * (fonts.get(p(15), True).get_height() + p(8)) + p(4)


def identity_h(fonts: th.Fonts, name: str, width: int, scale: float) -> int:
    """How deep the name (as draw.py fits it to ``width``), a smaller score (36 design px) and the branch tiles
    are in a deep row's top band."""
    p = scaled(scale)
    f_name, lines = fit_name(fonts, name or "Ag", width, scale)
    name_h = (len(lines) - 1) * (f_name.get_linesize() - p(2)) + f_name.get_height()
    return name_h + fonts.get(p(36), True).get_height() - p(6) + p(24)


def _deep(W: int, p, pad: int, touch: int, k: int, n_lines: int, swatch: int, tight_id: int, status_w: int,
          fonts: th.Fonts, scale: float, words: tuple) -> dict | None:
    """The deep row when it fits ``W``: a top band of the name (``tight_id`` wide), the lines and the ``k`` round
    buttons (in a row at the top right, or two high at the right), the status and the notes in a strip under the
    band (left of buttons two high); None when the strip would be narrower than ``status_w``."""
    lx = pad + tight_id + p(6)
    lines_end = lx + n_lines * (swatch + p(6)) - p(6)
    count_h = fonts.get(max(MIN_NAME_PX, p(16))).get_linesize()
    band = max(touch + p(4) + count_h, identity_h(fonts, words[0], tight_id, scale))
    for stack in (False, True):
        cols = -(-k // 2) if stack else k
        if stack and k < 2:
            continue
        buttons_x = W - cols * (touch + pad)
        if lines_end + p(6) > buttons_x:
            continue
        right = W - pad if not stack else buttons_x - p(6)
        if right - pad < status_w:
            continue
        top = pad + band
        depth = max(top + deep_status_h(fonts, scale) + p(9),  # p(9): the pills clear of the acting seat's frame
                    2 * touch + 3 * p(6) if stack else 0)
        return dict(lx=lx, swatch=swatch, stack=stack, band=band, status=(pad, top, right - pad), depth=depth)
    return None


def _sizes(W: int, scale: float, n_lines: int, round_buttons: int, fonts: th.Fonts | None = None,
           words: tuple = ("", (), ())) -> dict:
    """``words``: (the seat's name, the notes it may be shown, the status messages it may show)."""
    p = scaled(scale)
    pad = p(12)
    touch = max(th.touch_px(scale), p(48))
    room = W - round_buttons * (touch + pad)
    id_w = min(p(250), max(p(150), W // 5))
    status_w = p(STATUS_LEAST)
    if fonts is not None:  # the name and the branch tiles whole at their least, the name's least room
        name, pills, messages = words
        tiles = ngettext("{n} branch tile", "{n} branch tiles", 10).format(n=10)
        least = fonts.get(max(MIN_NAME_PX, p(13)), True, True).size(tiles)[0] + p(24) + p(5) + 1
        id_w = max(min(id_w, p(ID_LEAST)), least, name_least(fonts, name, scale) if name else 0)
        status_w = max(status_w, status_least(fonts, scale, pills, messages))
    one_row = pad + id_w + pad + n_lines * (p(LEAST_SWATCH) + pad) + status_w + p(6) <= room  # p(6): to the buttons
    gap, stack_one, deep = pad, False, None
    if not one_row and fonts is not None:  # tight: the identity at its words' least, narrower gaps (four seats at
        # 720p), and if still short the round buttons two high (Paris's secret cards), the row a little deeper
        tight_id = max(least, score_least(fonts, scale), name_least(fonts, words[0], scale) if words[0] else 0)
        count = fonts.get(max(MIN_NAME_PX, p(13)), False, True).size(_("{n} left").format(n=88))[0]
        swatch = max(p(LEAST_SWATCH), count - max(0, p(6) - p(4)))  # its count under it keeps off the next
        tight = pad + tight_id + p(6) + n_lines * (swatch + p(6)) + status_w + p(6)
        stacked_room = W - -(-round_buttons // 2) * (touch + pad)
        if tight <= room or (round_buttons > 1 and tight <= stacked_room):
            one_row, gap, id_w, stack_one = True, p(6), tight_id, tight > room
            room = stacked_room if stack_one else room
        elif p(13) < MIN_NAME_PX:  # the status and the notes under the lines: one deeper row where the small
            # words sit at their floor (five seats at 720p); larger windows keep two rows (docs/play-screen.md,
            # eleventh session)
            f_msg = fonts.get(max(MIN_NAME_PX, p(13)), True, True)
            turn = max(f_msg.size(t)[0] for n in (1, 2, 3) for t in turn_words(n)[:2]) + 1
            deep = _deep(W, p, pad, touch, round_buttons, n_lines, swatch, tight_id,
                         max(turn, status_least(fonts, scale, words[1], words[2])), fonts, scale, words)
    # two rows whose round buttons leave the name too little room (five Paris seats with phones on at 1280x720)
    # stack the buttons two high, the first row deeper
    stack = stack_one or (not one_row and round_buttons > 2 and room - p(6) - 2 * pad < id_w)
    first_row = max(p(DEPTH), 2 * touch + 3 * (p(6) if stack_one else pad)) if stack else p(DEPTH)
    two_rows = first_row + touch + p(LINES_ROW) + pad
    if deep is not None and deep["depth"] >= two_rows:  # the deep row only where it is the shallower
        deep = None
    return dict(p=p, pad=pad, touch=touch, room=room, id_w=tight_id if deep else id_w, one_row=one_row,
                status_w=status_w, stack=stack, first_row=first_row, gap=gap, stack_one=stack_one, deep=deep,
                two_rows=two_rows)


def row_depth(width: int, n_lines: int, scale: float, round_buttons: int = 1, fonts: th.Fonts | None = None,
              words: tuple = ("", (), ())) -> int:
    """How deep (upright) such a panel must be at upright ``width``: one row when it holds the name and the
    lines at their least and the status beside them, else a second row for the lines (their counts below) and
    the status."""
    s = _sizes(width, scale, n_lines, round_buttons, fonts, words)
    if s["one_row"]:
        return s["first_row"]
    if s["deep"]:
        return s["deep"]["depth"]
    return s["two_rows"]


def lay_out_row(size: tuple[int, int], scale: float, lines, has_secret: bool, has_phone: bool = False,
                fonts: th.Fonts | None = None, words: tuple = ("", (), ())) -> Layout:
    """The controls of such a panel of upright ``size`` (mode "row": one row; "row2": two)."""
    W, H = size
    names = ["menu"] + [n for n, shown in (("phone", has_phone), ("secret", has_secret)) if shown]
    s = _sizes(W, scale, len(lines), len(names), fonts, words)
    if s["deep"] and s["deep"]["depth"] <= H < s["two_rows"]:
        return _lay_out_deep(W, H, s, lines, names)
    p, pad, touch, id_w = s["p"], s["pad"], s["touch"], s["id_w"]
    one_row = s["one_row"] and H < s["first_row"] + s["touch"]  # a row made deeper by another seat's panel: two rows
    stack = s["stack"] and (not one_row or s["stack_one"])
    row_h = min(H, s["first_row"] if stack else p(DEPTH))
    edge = p(6) if one_row else pad  # the stacked buttons' gap to the row's edges
    ctl: dict[str, pygame.Rect] = {}
    x = W
    for j, name in enumerate(names):  # from the right: the menu, then the phone's and the secret cards'
        if stack:  # two high, in columns from the right: the menu over the phone, then the secret cards
            x = W - (j // 2 + 1) * (touch + pad)
            ctl[name] = pygame.Rect(x, edge if j % 2 == 0 else row_h - edge - touch, touch, touch)
            continue
        x -= touch + pad
        ctl[name] = pygame.Rect(x, max(0, row_h // 2 - touch // 2), touch, touch)
    right = x - p(6)
    n = len(lines)
    if one_row:
        gap = s["gap"]
        lx, ly = pad + id_w + gap, max(pad, (row_h - touch - p(22)) // 2)
        sw = max(p(LEAST_SWATCH), min(max(touch, p(76)), (right - lx - s["status_w"] - n * gap) // max(1, n)))
        status_x = lx + n * (sw + gap)
        status = pygame.Rect(status_x, pad, max(0, right - status_x), row_h - 2 * pad)
    else:  # the name has the first row beside the round buttons; the lines and the status the second
        id_w = max(1, right - pad)
        lx, ly = pad, row_h - pad + p(4)
        room = W - 2 * pad - max(p(120), s["status_w"])
        sw = max(p(LEAST_SWATCH), min(max(touch, p(76)), (room - n * pad) // max(1, n)))
        status_x = lx + n * (sw + pad)
        status = pygame.Rect(status_x, ly, max(0, W - pad - status_x), max(0, H - pad - ly))
    ctl["_id"] = pygame.Rect(pad, pad, id_w, row_h - 2 * pad)
    step = sw + (s["gap"] if one_row else pad)
    for j, li in enumerate(lines):
        ctl[f"line:{li}"] = pygame.Rect(lx + j * step, ly, sw, touch)
    ctl["_status"] = status
    return Layout(ctl, "row" if one_row else "row2", 1, 0)


def _lay_out_deep(W: int, H: int, s: dict, lines, names: list[str]) -> Layout:
    """The deep row: the name, the lines and the round buttons (in a row at the top, or two high at the right)
    along the top, the status and the notes in a strip under them."""
    p, pad, touch, deep = s["p"], s["pad"], s["touch"], s["deep"]
    ctl: dict[str, pygame.Rect] = {}
    for j, name in enumerate(names):  # from the right: the menu, then the phone's and the secret cards'
        if deep["stack"]:  # two high, in columns from the right: the menu over the phone, then the secret cards
            ctl[name] = pygame.Rect(W - (j // 2 + 1) * (touch + pad), p(6) if j % 2 == 0 else H - p(6) - touch,
                                    touch, touch)
        else:
            ctl[name] = pygame.Rect(W - (j + 1) * (touch + pad), pad, touch, touch)
    ctl["_id"] = pygame.Rect(pad, pad, s["id_w"], deep["band"])
    sw, lx = deep["swatch"], deep["lx"]
    for j, li in enumerate(lines):
        ctl[f"line:{li}"] = pygame.Rect(lx + j * (sw + p(6)), pad, sw, touch)
    x, y, w = deep["status"]
    ctl["_status"] = pygame.Rect(x, y, w, max(0, H - p(9) - y))
    return Layout(ctl, "deep", 1, 0)
