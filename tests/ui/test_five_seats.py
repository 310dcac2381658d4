"""Five seats round a table (issue 22 item 1): the two panels side by side on the bottom edge take the "shared"
shape (game/ui/panel/shared.py), so that edge is no deeper than the side seats' and the board keeps its room.

Before, each of those panels (796 px wide at 1920x1080) fell to the compact shape, a second row: the bottom edge
was 258 px deep against the sides' 164, the board 1374x678 against 1374x772 now, and five-seat views had names
without room where four-seat ones had none. Every control stays at touch size, none covers another, no word is
cut in English, German or French, and the route options and a Paris choice are asked in the narrow panel.
"""
from __future__ import annotations

import copy

import pytest

from game import i18n
from game.ai import RandomBot
from game.engine import apply, new_game
from game.engine.rules import board_of
from game.ui import textfit
from game.ui import theme as th
from game.ui.panel import LEAST_SWATCH
from game.ui.play.layout import lay_out

from test_seat_panels import NAMES, _clashes, _scene

BOARDS = ["london", "london-2006", "berlin", "newyork", "paris"]
SIZES = [(1280, 720), (1920, 1080), (3840, 2160)]
ROUND = ("menu", "phone", "secret", "hint")


def _game(board: str):
    variant = "classic" if board == "london-2006" else "standard"
    return new_game("london" if board == "london-2006" else board, NAMES, seed=1, start_player=0, variant=variant)


def _position(board: str, asked) -> object:
    """A five-seat position (seeded random play) where ``asked`` holds at a bottom seat (the first or the fifth)."""
    st = _game(board)
    bot = RandomBot(3)
    for _ in range(5000):
        if st.current in (0, 4) and asked(st):
            return st
        assert not st.over, f"{board}: nothing asked at a bottom seat"
        apply(st, bot.choose(st))
    raise AssertionError(f"{board}: nothing asked at a bottom seat in 5000 actions")


def _at(app, size, st):
    app.resize(*size)
    return _scene(app, st, "table")


def _shared_faults(play, st) -> list:
    """What breaks the panels' rules on the bottom edge: a control below the touch size (a line's swatch: the
    touch height, never narrower than LEAST_SWATCH; a route option or a choice: 48 design px high), a word cut
    (the painter's reports: a label's measured width past its rect), a note left out, two controls over each
    other."""
    out = list(_clashes(play, st))
    for i, panel in enumerate(play.panels):
        if panel.edge != "bottom":
            continue
        view = play.panel_view(i)
        panel._surface_key = None
        with textfit.recording() as cuts:
            panel.render(st, view)
        out += [(i, "cut", c.text, c.where) for c in cuts]
        out += [(i, "cut label", name) for name in panel.cut_labels] + ([(i, "name cut")] if panel.name_cut else [])
        if panel.shown_notes < len(panel.notes(view)):
            out.append((i, "notes", panel.shown_notes, len(panel.notes(view))))
        touch = th.touch_px(panel.scale)
        for name, r in panel.controls.items():
            if name in ROUND + ("branch", "undo") and min(r.size) < touch:
                out.append((i, name, r.size, touch))
            if name.startswith("line:") and (r.h < touch or r.w < panel.px(LEAST_SWATCH)):
                out.append((i, name, r.size))
            if name.startswith(("route", "choice")) and r.h < panel.px(48):
                out.append((i, name, r.size))
    return out


def _in_each_language(play, st, check) -> list:
    """``check`` after laying the screen out again in English, German and French (the widths are measured)."""
    out = []
    try:
        for lang in ("en", "de", "fr"):
            i18n.set_language(lang)
            for panel in play.panels:
                panel._layout_key = None
            lay_out(play)
            out += [(lang, *f) for f in check()]
    finally:
        i18n.set_language("en")
    return out


def _route_asked(board: str, n: int):
    """A five-seat position with the route asked at a bottom seat, its ``n`` options to the stations with the
    longest names."""
    base = _position(board, lambda s: s.phase == "route")
    first = base.options[0]
    fields = {f: getattr(first, f) for f in first.__struct_fields__}
    stations = board_of(base).stations
    longest = sorted(range(len(stations)), key=lambda s: -len(stations[s].name))
    st = copy.deepcopy(base)
    st.options = [type(first)(**{**fields, "destination": d}) for d in longest[:n]]
    return st


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("board", BOARDS)
def test_five_seats_round_a_table_keep_the_bottom_edge_as_deep_as_the_sides(app, board, size):
    st = _game(board)
    play = _at(app, size, st)
    try:
        bottom = [p for p in play.panels if p.edge == "bottom"]
        sides = [p for p in play.panels if p.edge in ("left", "right")]
        assert len(bottom) == 2 and {p.mode for p in bottom} == {"shared"}
        assert max(p.rect.h for p in bottom) <= min(p.rect.w for p in sides)
        assert play.board_view.rect.bottom <= bottom[0].rect.top
        assert _in_each_language(play, st, lambda: _shared_faults(play, st)) == []
        if board == "paris":  # phones on, four round buttons: the sides fall to compact themselves (258 px at
            # 1080p), the bottom edge no deeper
            for p in play.panels:
                p.has_phone = True
            assert _in_each_language(play, st, lambda: _shared_faults(play, st)) == []
            assert max(p.rect.h for p in bottom) <= min(p.rect.w for p in sides)
    finally:
        app.pop()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("board", ["london", "berlin", "paris"])
def test_the_route_is_asked_in_a_shared_panel(app, board, size):
    """Two, three and seven options to the stations with the longest names: each shown (a page at a time) and
    whole, the label over them, the notes kept."""
    for n in (2, 3, 7):
        st = _route_asked(board, n)
        play = _at(app, size, st)
        try:
            panel = play.panels[st.current]
            assert panel.edge == "bottom" and panel.mode == "shared"

            def check():
                shown, out = set(), []
                for _page in range(n):
                    out += _shared_faults(play, st)
                    shown |= {k for k in panel.controls if k.startswith("route:")}
                    panel.next_option_page()
                if "_label" not in panel.controls or shown != {f"route:{j}" for j in range(n)}:
                    out.append(("options shown", sorted(shown)))
                return out

            assert _in_each_language(play, st, check) == []
        finally:
            app.pop()


SIDE_BY_SIDE = {1280: 2, 1920: 3, 3840: 3}  # route options side by side on a page at least, by the window's width


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("board", BOARDS)
def test_route_options_side_by_side_in_a_shared_panel(app, board, size):
    """Seven options to the longest names: at least two on a page side by side at 1280x720, three at 1920x1080
    and 3840x2160 (one at 1280x720 and one or two at 1920x1080 before: the round buttons, the label's second
    line and the branch tile button's width took their room), each as wide and high as a touch, the menu
    kept, no word cut, every note shown."""
    st = _route_asked(board, 7)
    play = _at(app, size, st)
    try:
        panel = play.panels[st.current]
        assert panel.edge == "bottom" and panel.mode == "shared"

        def check():
            routes = [r for k, r in panel.controls.items() if k.startswith("route:")]
            out = _shared_faults(play, st)
            if len(routes) < SIDE_BY_SIDE[size[0]] or len({r.y for r in routes}) != 1:
                out.append(("side by side", [tuple(r) for r in routes]))
            out += [("narrow", tuple(r)) for r in routes if r.w < th.touch_px(panel.scale)]
            # the hint helps with the choice: it stays (over Undo); the game menu is on the other seats' panels
            if ("hint" if panel.has_hint else "menu") not in panel.controls:
                out.append("no hint" if panel.has_hint else "no menu")
            return out

        assert _in_each_language(play, st, check) == []
    finally:
        app.pop()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("phase", ["reward", "complete_set"])
def test_a_paris_choice_is_asked_in_a_shared_panel(app, phase, size):
    """A terminus's three rewards, and completing a landmark set (its cost and the types missing in the
    preview): every choice shown at once, side by side, and whole (a terminus's rewards two and a page
    turner before)."""
    st = _position("paris", lambda s: bool(s.pending) and s.phase == phase)
    play = _at(app, size, st)
    try:
        panel = play.panels[st.current]
        assert panel.edge == "bottom" and panel.mode == "shared"

        def check():
            n = len(play.panel_view(st.current).choices)
            out = _shared_faults(play, st)
            shown = {k: r for k, r in panel.controls.items() if k.startswith("choice:")}
            if n < 2 or set(shown) != {f"choice:{j}" for j in range(n)} or len({r.y for r in shown.values()}) != 1:
                out.append(("choices shown", n, sorted(shown)))
            return out

        assert _in_each_language(play, st, check) == []
    finally:
        app.pop()


def test_four_seats_and_a_laptop_row_keep_their_shapes(app):
    """Only an edge shared while seats sit at other edges takes the shared shape."""
    app.resize(1920, 1080)
    for players, arrangement, modes in ((4, "table", {"wide", "stacked"}), (5, "laptop", {"row", "deep", "row2"}),
                                        (2, "laptop", {"row", "deep", "row2"})):  # a laptop's (panel/row.py)
        st = new_game("paris", NAMES[:players], seed=1, start_player=0)
        play = _scene(app, st, arrangement)
        try:
            assert {p.mode for p in play.panels} <= modes and not any(p.shares_edge for p in play.panels)
        finally:
            app.pop()
