"""Berlin on screen: the board's own stations and landmark stacks, the panels' landmark tiles, the
animations of a tile taken and a set scored, the end screen's landmark columns, and a whole Berlin
game played by tapping and clicking at 1920x1080 and 3840x2160.
"""
from __future__ import annotations

import random

import pygame
import pytest

from game.ai import RandomBot
from game.engine import apply, legal_actions, load_board, new_game
from game.engine import events as ev
from game.engine.rules import board_of
from game.ui.board.view import BoardView
from game.ui.board.layer import LAYER_ORDER
from game.ui.screens.end import EndScene
from game.ui.cities import drawing_for, drawn_on_screen
from game.ui.cities.berlin import LANDMARK_ICONS, BerlinDrawing, stack_geometry
from game.ui.screenshot import demo_seats, demo_state

play_scene = pytest.importorskip("game.ui.play_scene")

from play_helpers import STEP, choose_board, finish_on_end_screen, settle, tap_action  # noqa: E402 (tests/ui is on sys.path)
from test_labels_720p import _stacks_hidden  # noqa: E402 (the same measure of a name over a stack)


# ---- the board ------------------------------------------------------------------------------------


def test_berlin_is_drawn_and_its_own_stations_have_their_own_symbols():
    board = load_board("berlin")
    assert drawn_on_screen("berlin") and isinstance(drawing_for(board), BerlinDrawing)
    assert set(board.berlin.landmark_types) <= set(LANDMARK_ICONS), "every landmark type in the map has an icon"
    bv = BoardView(board, (0, 0, 1600, 900))
    plus = [i for i, s in enumerate(board.stations) if "plus" in s.kinds]
    assert len(plus) == board.berlin.plus_stations
    assert all(bv.kinds[i] == "plus" for i in plus)
    assert [bv.kinds[i] for i in board.landmark_stations] == ["landmark"] * len(board.landmark_stations)
    # the landmark stations are bigger than any plain station: room for a stack with its icon and count
    assert min(bv.station_radius(i) for i in board.landmark_stations) > max(
        bv.station_radius(i) for i, k in enumerate(bv.kinds) if k in ("standard", "express", "plus"))
    # names are drawn above tokens and landmark stacks, so neither hides one
    order = LAYER_ORDER
    assert order.index("label") > max(order.index("token"), order.index("city"))


def _icon_pixels(symbol, size=48):
    surf = pygame.Surface((size, size))
    surf.fill((255, 255, 255))
    assert BerlinDrawing().draw_symbol(surf, symbol, (size / 2, size / 2), size * 0.9, (0, 0, 0))
    return pygame.image.tobytes(surf, "RGB")


def test_the_five_landmark_icons_are_distinct_drawings():
    pygame.font.init()
    pics = {s: _icon_pixels(s) for s in LANDMARK_ICONS}
    for s, pic in pics.items():
        ink = sum(1 for i in range(0, len(pic), 3) if pic[i] < 128)
        assert ink > 100, f"{s}: the icon is almost empty"
    assert len(set(pics.values())) == len(LANDMARK_ICONS)
    assert not BerlinDrawing().draw_symbol(pygame.Surface((8, 8)), "parks", (4, 4), 8, (0, 0, 0))


@pytest.mark.parametrize("left", [0, 1, 2, 3])
def test_a_stack_stays_inside_its_mark_box(left):
    """The state layer redraws a station's mark inside mark_radius: the stack and its count must fit."""
    pygame.font.init()
    d = BerlinDrawing()
    for r in (6.0, 12.0, 30.0):
        rects, (bx, by, br) = stack_geometry(left, (0.0, 0.0), r)
        m = d.mark_radius(r)
        assert len(rects) == min(left, 3)
        for rc in rects:
            assert -m <= rc.left and rc.right <= m and -m <= rc.top and rc.bottom <= m
        assert bx + br * 1.2 <= m and by + br * 1.2 <= m


def test_the_stack_count_on_the_board_follows_the_engine():
    """Taking a tile changes the station's mark (type, tiles left): what the incremental redraw diffs."""
    st = new_game("berlin", 2, seed=3, start_player=0)
    board = board_of(st)
    d = drawing_for(board)
    before = d.station_marks(st, board)
    assert before == {s: (st.setup.landmark_tiles[i], board.landmark_stack_sizes[i])
                      for i, s in enumerate(board.landmark_stations)}
    bot = RandomBot(3)
    while not any(isinstance(e, ev.LandmarkTaken) for e in apply(st, bot.choose(st))):
        assert not st.over
    after = d.station_marks(st, board)
    changed = [s for s in before if before[s] != after[s]]
    assert changed and all(after[s][1] == before[s][1] - 1 for s in changed)


# ---- panels, animations, end screen ----------------------------------------------------------------


def test_each_panel_shows_the_landmark_tiles_held_by_type(app):
    st = demo_state("berlin", players=3, actions=150)
    assert any(p.landmarks for p in st.players), "the position should hold some landmark tiles"
    scene = app.push(play_scene.PlayScene(app, st, demo_seats(st)))
    app.step(STEP)
    app.draw(force=True)
    for i, p in enumerate(st.players):
        view = scene.panel_view(i)
        assert dict(view.city_tiles) == p.landmarks
        panel = scene.panels[i]
        notes = panel.notes(view)
        tiles = [(style[5:], int(text)) for text, style in notes if style.startswith("tile:")]
        assert dict(tiles) == p.landmarks
        shown = notes[:panel.shown_notes]
        assert all(n in shown for n in notes if n[1].startswith("tile:")), f"seat {i}: a tile pill is hidden"


def test_a_tile_taken_floats_to_the_panel_and_a_set_scores_plus_ten(app):
    st = new_game("berlin", 2, seed=5, start_player=0)
    scene = app.push(play_scene.PlayScene(app, st, demo_seats(st)))
    board = board_of(st)
    stn = board.landmark_stations[0]
    taken = ev.LandmarkTaken(0, st.players[0].lines[0], stn, st.setup.landmark_tiles[0], 0)
    scored = ev.Scored(0, taken.line, 10, "landmark_sets", (stn,))
    scene.anim.floats.clear()
    scene.anim.add_events([taken, scored], scene.panels, st)
    tile, points = scene.anim.floats
    assert tile.icon == taken.landmark_type and tile.target == "landmarks" and tile.points == 0
    assert tile.start_board == (board.stations[stn].x, board.stations[stn].y)
    assert points.text == "+10 set" and points.points == 10 and points.start_board == tile.start_board
    assert points.tween.delay > 0, "the set is scored after its fifth tile has landed"
    assert any(stn in f.stations for f in scene.anim.flashes)
    for _ in range(60):
        app.step(STEP)
    assert not scene.anim.floats


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
def test_end_screen_has_the_landmark_columns_summing_to_the_total_with_headers_apart(app, size):
    app.resize(*size)
    st = demo_state("berlin", players=3, actions=None)
    end = app.push(EndScene(app, st, demo_seats(st, {2: "hard"})))
    cats = end.categories()
    assert {"plus", "landmark_sets", "landmark_bonus"} <= set(cats) and "connections" not in cats
    assert sum(p.points.get("landmark_bonus", 0) for p in st.players) > 0
    cols = end.table_columns()
    for i, rank, row in end.table_rows():
        assert sum(v for k, v in row.items() if k in cats) == row["total"] == st.players[i].score
    boxes = [r for c in cols for _, r in c.header]
    for a in range(len(boxes)):
        for b in range(a + 1, len(boxes)):
            assert not boxes[a].inflate(4, 0).colliderect(boxes[b]), "two headers run together"
    for c in cols:
        for _, r in c.header:
            assert c.x <= r.x and r.right <= c.x + c.w, f"{c.key}: its header is wider than its column"
    app.draw(force=True)


# ---- a whole game by touch ---------------------------------------------------------------------------


def _choose_berlin(app, driver):
    return choose_board(app, driver, "berlin", "Berlin", 20240612)


# one size per board in `make test` (Berlin at 3840x2160, New York and Paris at 1920x1080), both under `make soak`
@pytest.mark.parametrize("size", [pytest.param((1920, 1080), marks=pytest.mark.soak), (3840, 2160)])
def test_a_whole_berlin_game_by_touch_and_mouse(app, driver, size):
    app.resize(*size)
    rng = random.Random(7)
    play = _choose_berlin(app, driver)
    state = play.state
    bot = RandomBot(13)
    took = 0
    taps = 0
    while not state.over:
        settle(app, play)
        assert app.top is play
        action = bot.choose(state)
        assert action in legal_actions(state)
        before = sum(sum(p.landmarks.values()) for p in state.players)
        tap_action(driver, play, action, rng.random() < 0.3)
        took += sum(sum(p.landmarks.values()) for p in state.players) > before
        if any(f.icon for f in play.anim.floats):  # a tile is on its way to its panel
            assert all(dict(play.panel_view(i).city_tiles) == p.landmarks for i, p in enumerate(state.players))
        taps += 1
        assert taps < 1500
    assert took >= 3, "the game should have taken landmark tiles through the screen"
    finish_on_end_screen(app, state)


@pytest.mark.parametrize("size", [(1920, 1080), (3840, 2160)])
def test_every_track_space_is_reachable_by_touch(app, driver, size):
    """Every connection has a point that a finger's tap picks, not only those a random game used."""
    app.resize(*size)
    play = _choose_berlin(app, driver)
    state = play.state
    board = board_of(state)
    for c in range(len(board.connections)):
        pt = play.point_for_connection(c)
        assert pt is not None and play.board_view.hit_test(*pt) == c, f"{board.conn_name(c)} cannot be tapped"


@pytest.mark.parametrize("size", [(1920, 1080), (3840, 2160)])
def test_names_leave_the_landmark_stacks_and_plus_stations_readable(size):
    """Names are placed round the stacks (and their counts) and the "+" symbols: none covers more than a
    quarter of one, and no two names overlap (at 1920x1080 a name without room covered a stack until the
    layout spread the grid: tools/layout_berlin.py, issue 22 item 1)."""
    pygame.font.init()
    from game.ui import theme as th

    w, h = size
    board = load_board("berlin")
    bv = BoardView(board, (int(w * .15), int(h * .12), int(w * .7), int(h * .76)), th.Theme(), th.Fonts(),
                         ui_scale=th.ui_scale(w, h))
    names = bv.label_rects()
    hidden = _stacks_hidden(bv, 0.25)
    assert not hidden, ", ".join(f"{a} hides {b} ({share:.0%})" for a, b, share in hidden)
    assert not any(names[a].colliderect(names[b]) for a in range(len(names)) for b in range(a + 1, len(names)))
