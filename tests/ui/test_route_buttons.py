"""The passenger's route buttons: every station's name whole on the narrowest panel, and any number of equal
options on pages, never a button under Undo, the hint or the menu.

A side seat at 1280x720 is the narrowest place a route is chosen (its panel is 720 px long and 110 deep,
upright). Random games ask for up to 18 equal options (Paris; 10-14 on the other boards, about 1 route in
100 has more than five), so the buttons cannot simply shrink.
"""
from __future__ import annotations

import copy
import functools

import pygame
import pytest

from game.ai import RandomBot
from game.engine import apply, new_game
from game.engine.rules import board_of
from game.ui import textfit
from game.ui.play_scene import PlayScene
from game.ui.seats import SeatConfig

from play_helpers import press

BOARDS = ["london", "london-2006", "berlin", "newyork", "paris"]
EDGES = ["bottom", "left", "top", "right"]


@functools.lru_cache(maxsize=None)
def route_position(map_id: str):
    """A four-player position where the passenger's route is asked (seeded random play)."""
    st = new_game(map_id, ["Ada", "Ben", "Chloe", "Dev"], seed=5, start_player=0)
    bot = RandomBot(5)
    while st.phase != "route":
        assert not st.over, f"no route asked in a {map_id} game (seed 5)"
        apply(st, bot.choose(st))
    return st


def with_options(st, destinations):
    """``st`` (copied) asking for a route to each of ``destinations``, the first option's lines on each."""
    st = copy.deepcopy(st)
    first = st.options[0]
    fields = {f: getattr(first, f) for f in first.__struct_fields__}
    st.options = [type(first)(**{**fields, "destination": d}) for d in destinations]
    return st


def play_at(app, st, edge: str) -> PlayScene:
    """The play screen of ``st`` with the seat to play at ``edge``."""
    i = EDGES.index(edge)
    edges = (EDGES * 2)[(i - st.current) % 4:][:4]
    seats = [SeatConfig(name=p.name, edge=edges[k], colours=list(st.setup.lines[k])) for k, p in enumerate(st.players)]
    play = app.push(PlayScene(app, st, seats))
    app.step(1 / 30)
    return play


def destinations(board) -> list[int]:
    """Every station a destination card can name (not New York's water icons, which are not stations
    the passenger can be sent to)."""
    return [i for i, s in enumerate(board.stations) if not s.name.startswith("Water:")]


@pytest.mark.parametrize("map_id", BOARDS)
def test_every_station_name_is_whole_on_a_side_seats_route_button(app, map_id):
    """Three options at a time, widest names first, on every page they take: none cut."""
    st = route_position(map_id)
    board = board_of(st)
    play = play_at(app, st, "left")
    panel = play.panels[st.current]
    names = sorted(destinations(board), key=lambda s: -len(board.stations[s].name))
    cut = []
    try:
        for k in range(0, len(names), 3):
            st3 = with_options(st, names[k:k + 3])
            view = play.panel_view(st.current)
            view.route_options = list(st3.options)
            drawn = []
            for _page in range(3):  # Paris's side seat, with its cards button, has room for two and "›"
                with textfit.recording() as cuts:
                    panel.render(st3, view)
                drawn += [n for n in panel.controls if n.startswith("route:")]
                cut += [c for c in cuts if c.text in {board.stations[s].name for s in names[k:k + 3]}]
                panel.next_option_page()
                if panel.option_page == 0:
                    break
            assert sorted(drawn) == [f"route:{j}" for j in range(len(st3.options))]
    finally:
        app.pop()
    assert not cut, "\n".join(map(str, cut))


@pytest.mark.parametrize("edge,n", [("left", 4), ("left", 18), ("bottom", 9)])
def test_many_options_are_shown_a_page_at_a_time(app, driver, edge, n):
    """Every option is on exactly one page, the turner goes round them all, no button leaves the panel or
    touches another, and a tap on an option of a later page previews then chooses it."""
    st = route_position("paris")
    board = board_of(st)
    st = with_options(st, destinations(board)[:n])
    play = play_at(app, st, edge)
    panel = play.panels[st.current]
    box = pygame.Rect(0, 0, *panel.upright_size)
    seen: list[int] = []
    try:
        for _page in range(n + 1):
            panel.layout(st, play.panel_view(st.current))
            ctl = {k: r for k, r in panel.controls.items() if not k.startswith("_")}
            for name, r in ctl.items():
                assert box.contains(r), (name, r, box)
                for other, q in ctl.items():
                    assert other == name or not r.colliderect(q), (name, other)
            seen += [int(k.split(":")[1]) for k in ctl if k.startswith("route:")]
            if "route_more" not in ctl:
                break
            press(driver, play.point_for_button(st.current, "route_more"), by_mouse=False)
            if panel.option_page == 0:
                break
        assert sorted(seen) == list(range(n)), seen  # each once, round the pages back to the first
        assert ("route_more" in panel.controls) == (panel.option_pages > 1)
        last = n - 1
        for _turn in range(n):
            point = play.point_for_button(st.current, f"route:{last}")
            if point is not None:
                break
            press(driver, play.point_for_button(st.current, "route_more"), by_mouse=False)
        press(driver, point, by_mouse=False)
        assert play.route_preview == last and st.phase == "route"
        press(driver, point, by_mouse=False)
        assert st.phase != "route" and st.log[-1].option == last
    finally:
        app.pop()


def test_new_options_start_on_the_first_page(app):
    st = route_position("paris")
    board = board_of(st)
    many = with_options(st, destinations(board)[:9])
    play = play_at(app, many, "left")
    panel = play.panels[many.current]
    try:
        panel.layout(many, play.panel_view(many.current))
        panel.next_option_page()
        panel.layout(many, play.panel_view(many.current))
        assert panel.option_page == 1
        view = play.panel_view(many.current)
        view.route_options = list(with_options(st, destinations(board)[9:18]).options)
        panel.layout(many, view)
        assert panel.option_page == 0 and "route:0" in panel.controls
    finally:
        app.pop()
