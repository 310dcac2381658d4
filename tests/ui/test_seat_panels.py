"""A seat's panel never puts one control over another, in either arrangement, at any seat count.

Five seats along a laptop's bottom edge (and four on Paris, whose panels have the secret-cards button too)
left each panel 256 px wide at 1280x720: the line swatches ran under the hint and the secret-cards buttons,
so a tap meant for a line lit the hint. Such a panel now gives its lines a row of their own ("tall"; on a
laptop, whose acting seat's controls are on the action bar, "row2": panel/row.py).
"""
from __future__ import annotations


import pygame
import pytest

from game.engine import new_game
from game.ui.play_scene import PlayScene
from game.ui.panel import LEAST_SWATCH
from game.ui.seats import SeatConfig, default_edges
from play_helpers import route_position  # tests/ui is on sys.path

NAMES = ["Ada", "Ben", "Chloe", "Dev", "Ezra"]


def _scene(app, st, arrangement: str) -> PlayScene:
    edges = default_edges(st.n_players, arrangement)
    seats = [SeatConfig(name=p.name, edge=edges[k], colours=list(st.setup.lines[k])) for k, p in enumerate(st.players)]
    play = app.push(PlayScene(app, st, seats))
    app.step(1 / 30)
    return play


def _clashes(play, st) -> list[tuple]:
    """Every pair of a panel's controls and areas (name, status, label) that overlap, and any outside it."""
    out = []
    for i, panel in enumerate(play.panels):
        panel.layout(st, play.panel_view(i))
        box = pygame.Rect(0, 0, *panel.upright_size)
        ctl = dict(panel.controls)
        for a, r in ctl.items():
            if not box.contains(r):
                out.append((i, panel.mode, a, "outside"))
            for b, q in ctl.items():
                if a < b and r.colliderect(q):
                    out.append((i, panel.mode, a, b))
    return out


@pytest.mark.parametrize("arrangement", ["laptop", "table"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("map_id", ["london", "paris"])
def test_no_control_of_a_seat_panel_covers_another(app, map_id, players, arrangement):
    st = new_game(map_id, NAMES[:players], seed=1, start_player=0)
    play = _scene(app, st, arrangement)
    try:
        assert _clashes(play, st) == []
        if arrangement == "laptop" and players == 5:  # one deeper row at 1280x720 (panel/row.py)
            assert {p.mode for p in play.panels} == {"deep"}
            for panel in play.panels:  # each line whole, its count below it, inside the panel
                lines = [r for k, r in panel.controls.items() if k.startswith("line:")]
                assert lines and all(r.w >= panel.px(LEAST_SWATCH) for r in lines)
    finally:
        app.pop()


@pytest.mark.parametrize("map_id", ["london", "paris"])
def test_a_tap_on_each_line_of_a_tall_panel_selects_that_line(app, driver, map_id):
    """The tap lands on the line, not on the hint or the secret cards that used to cover it."""
    st = new_game(map_id, NAMES, seed=1, start_player=0)
    play = _scene(app, st, "laptop")
    try:
        p = st.current
        assert play.panels[p].mode == "deep"
        for li in reversed(st.players[p].lines):
            x, y = play.point_for_line_swatch(li)
            driver.tap(x, y)
            assert play.selected.get(p) == li
            assert app.top is play  # no card, hint or menu opened over the screen
    finally:
        app.pop()


@pytest.mark.parametrize("map_id", ["london", "paris"])
def test_a_tall_panel_asks_the_route_without_covering_a_control(app, map_id):
    """While the passenger's route is asked, the label and the table's notes take the lines' row and the
    options sit beside Undo (a page at a time)."""
    st = route_position(map_id, NAMES)
    play = _scene(app, st, "laptop")
    try:
        panel = play.panels[st.current]
        assert panel.mode == "deep"
        assert _clashes(play, st) == []
        assert "route:0" in play.bar.controls and "_label" in play.bar.controls  # on the laptop's action bar
    finally:
        app.pop()


def test_a_laptop_at_1920x1080_with_five_seats_keeps_every_control_apart():
    from game.ui.app import App

    app = App(size=(1920, 1080), headless=True)
    st = new_game("paris", NAMES, seed=1, start_player=0)
    play = _scene(app, st, "laptop")
    try:
        assert {p.mode for p in play.panels} == {"row2"}
        assert _clashes(play, st) == []
    finally:
        while app.scenes:
            app.scenes.pop().exit()
