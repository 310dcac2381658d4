"""The game log panel (play/log_panel.py): opened from the game menu facing the seat that asked, listing every
action and score in words, scrolled by touch, and showing a tapped entry on the board."""
from __future__ import annotations

import random

import pygame
import pytest

from game.engine import new_game
from game.engine.log_words import log_of
from game.engine import PlaceTrack, Undo
from game.engine.rules import apply, legal_actions, legal_placements
from game.ui.play.log_panel import LogPanel
from game.ui.play.menu import LOG, GameMenu
from game.ui.play_scene import PlayScene
from game.ui.seats import EDGE_ROTATION, SeatConfig
from play_helpers import STEP

EDGES4 = ["bottom", "left", "top", "right"]


def played(map_name: str, names, actions: int | None, seed: int = 4):
    """A seeded game on ``map_name`` with ``actions`` random legal actions (None: to the end)."""
    st = new_game(map_name, list(names), seed=seed, start_player=0)
    rng = random.Random(seed)
    n = 0
    while not st.over and (actions is None or n < actions):
        apply(st, rng.choice(legal_actions(st)))
        n += 1
    return st


def table(app, st, edges) -> PlayScene:
    seats = [SeatConfig(name=p.name, edge=e) for p, e in zip(st.players, edges)]
    scene = PlayScene(app, st, seats)
    app.push(scene)
    app.step(STEP)
    return scene


def open_log(app, driver, scene, seat: int) -> LogPanel:
    driver.tap(*scene.point_for_button(seat, "menu"))
    menu = app.top
    assert isinstance(menu, GameMenu)
    driver.tap(*menu.point_for(LOG))
    panel = app.top
    assert isinstance(panel, LogPanel), f"Log did not open the log (top: {type(panel).__name__})"
    assert app.scenes[-2] is menu and app.scenes[-3] is scene, "the log opens over the menu it was chosen in"
    return panel


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_log_opens_from_the_menu_at_every_edge_facing_that_seat(app, driver, size):
    app.resize(*size)
    st = played("london", ["Ada", "Ben", "Chloe", "Dev"], 40)
    scene = table(app, st, EDGES4)
    want = [e.text for e in log_of(st)]
    for seat, edge in enumerate(EDGES4):
        panel = open_log(app, driver, scene, seat)
        assert panel.seat == seat and panel.rotation == EDGE_ROTATION[edge]
        assert [e.text for e in panel.entries] == want
        app.draw(force=True)
        assert app.screen.get_rect().contains(panel.card_rect)
        assert scene.board_view.rect.colliderect(panel.card_rect)
        # the newest entries are in view when it opens
        assert len(panel.entries) - 1 in panel.visible_entries()
        close = panel.close_rect
        assert min(close.w, close.h) >= round(48 * app.scale)
        driver.tap(*panel.point_for_close())
        assert isinstance(app.top, GameMenu) and app.scenes[-2] is scene, \
            f"Close at the {edge} seat did not return to the menu it was opened from"
        driver.key(pygame.K_ESCAPE)
        assert app.top is scene


def test_the_log_follows_the_game_and_undo(app, driver):
    st = played("london", ["Ada", "Ben"], 0)
    scene = table(app, st, ["bottom", "top"])
    line = st.players[0].lines[0]
    conn = next(c for li, c, _ in legal_placements(st) if li == line)
    assert scene.act(PlaceTrack(line, conn))
    panel = open_log(app, driver, scene, 0)
    assert panel.entries[-1].kind == "place" and panel.entries[-1].text.startswith("Ada: ")
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_ESCAPE)  # the log, then the menu it was opened from
    assert app.top is scene
    assert scene.act(Undo())
    panel = open_log(app, driver, scene, 0)
    assert [e.kind for e in panel.entries] == ["setup", "turn"], "an undone action stays in the log"


def _drag(driver, panel, x0, y0, x1, y1, steps=6):
    driver._finger += 1
    f = driver._finger
    driver.finger("down", x0, y0, f)
    for k in range(1, steps + 1):
        driver.finger("move", x0 + (x1 - x0) * k / steps, y0 + (y1 - y0) * k / steps, f)
    driver.finger("up", x1, y1, f)
    driver.step(2)


@pytest.mark.parametrize("edge", ["bottom", "top", "left"])
def test_a_finger_scrolls_the_list_the_way_it_moves(app, driver, edge):
    st = played("berlin", ["Ada", "Ben"], None, seed=6)
    edges = [edge, "top" if edge != "top" else "bottom"]
    scene = table(app, st, edges)
    panel = open_log(app, driver, scene, 0)
    assert panel.content_h > panel.list_rect.h, "a whole game's log must need scrolling"
    bottom = panel.scroll
    assert bottom == panel.content_h - panel.list_rect.h
    first_seen = min(panel.visible_entries())
    # drag towards the reader's "down" on the card: earlier entries come into view
    u, v = panel.list_rect.center
    a = panel.to_screen(u, v - panel.list_rect.h // 4)
    b = panel.to_screen(u, v + panel.list_rect.h // 4)
    _drag(driver, panel, *a, *b)
    assert app.top is panel, "a drag must not close the log or pick an entry"
    assert panel.chosen is None
    assert panel.scroll < bottom and min(panel.visible_entries()) < first_seen
    moved = bottom - panel.scroll
    assert abs(moved - panel.list_rect.h // 2) <= 3, moved
    # the mouse wheel scrolls too, and never past the ends
    x, y = panel.to_screen(u, v)
    driver.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(x), int(y)), rel=(0, 0), buttons=(0, 0, 0),
                                   touch=False))
    for _ in range(len(panel.entries)):
        driver.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0))
    panel._build()
    assert panel.scroll == 0 and 0 in panel.visible_entries(), "the wheel scrolls up to the set-up line"


@pytest.mark.parametrize("edge", ["bottom", "right"])
def test_tapping_an_entry_shows_it_on_the_board_clear_of_the_card(app, driver, edge):
    st = played("london", ["Ada", "Ben"], 60, seed=8)
    scene = table(app, st, [edge, "top" if edge != "top" else "bottom"])
    panel = open_log(app, driver, scene, 0)
    places = [i for i, e in enumerate(panel.entries) if e.kind == "place"]
    shown = [i for i in places if panel.point_for_entry(i) is not None]
    assert shown, "some placements should be in view"
    i = shown[-1]
    driver.tap(*panel.point_for_entry(i))
    assert panel.chosen == i and app.top is panel
    e = panel.entries[i]
    area = panel.highlight_area()
    bv = scene.board_view
    for s in e.stations:
        assert area.collidepoint(bv.station_xy(s))
    # the card keeps out of the way when some place along its edge can
    panel._build()
    clear = []
    keep = panel.slot
    for slot in (0, 1, 2):
        panel.slot = slot
        r = panel._place(panel.card_rect.size)
        c = r.clip(area)
        clear.append(c.w * c.h)
    panel.slot = keep
    got = panel.card_rect.clip(area)
    assert got.w * got.h == min(clear)
    # the highlight is drawn: the connection's middle is the highlight colour on screen
    app.draw(force=True)
    x, y = bv.conn_point(e.connections[0])
    if not panel.card_rect.collidepoint(x, y):
        assert tuple(app.screen.get_at((round(x), round(y))))[:3] in (scene.theme.highlight, scene.theme.ink)


@pytest.mark.parametrize("map_name", ["london", "berlin", "newyork", "paris"])
def test_a_whole_game_on_every_board_is_listed_and_every_line_fits(app, driver, map_name):
    app.resize(1280, 720)
    st = played(map_name, ["Ada", "Ben", "Chloe"], None, seed=2)
    scene = table(app, st, ["bottom", "left", "top"])
    panel = open_log(app, driver, scene, 1)
    assert [e.text for e in panel.entries] == [e.text for e in log_of(st)]
    assert panel.entries[-1].kind == "over"
    body, bold, _h = panel._fonts()
    px = app.px
    width = panel.list_rect.w - px(12) - px(10)  # text starts 12 design px in; the scroll bar is on the right
    for i, top, h, lines in panel.rows:
        f = bold if panel.entries[i].kind == "turn" else body
        assert " ".join(lines).split() == panel.entries[i].text.split()  # nothing lost in wrapping
        for line in lines:
            assert f.size(line)[0] <= width, line
    # scroll to the top and the set-up line is there
    panel.scroll = 0
    panel._refresh()
    assert 0 in panel.visible_entries()
