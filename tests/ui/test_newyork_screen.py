"""New York on screen: rivers and bays under the lines, water icons drawn as icons (no "Water: ..." names),
the clusters as tinted shapes with their names, and names that stay clear of stations, of each other and
of the cluster names at 1280x720, 1920x1080 and 3840x2160. Then play: New York on the board choice, a
whole game by touch at 1920x1080 and 3840x2160, a line on the water marked on the board and its panel,
the refused tap's reason, a double destination's two tokens, and the passenger's two moves in turn.
"""
from __future__ import annotations

import math
import random

import pygame
import pytest

from game.ai import RandomBot
from game.engine import PlaceTrack, apply, legal_actions, load_board, new_game
from game.engine.cities import newyork as nyrules
from game.engine.log_words import cluster_title
from game.engine.rules import why_illegal
from game.ui.board.view import BoardView
from game.ui.board.geometry import KIND_ORDER, LANE_GAP, seg_dist
from game.ui.board.pieces import DEST_STANDARD
from game.ui.screens.table_setup import available_maps
from game.ui import theme as th
from game.ui.cities import CityDrawing, draw_station, drawing_for, drawn_on_screen
from game.ui.cities import newyork as nymod
from game.ui.cities.newyork import NewYorkDrawing

play_scene = pytest.importorskip("game.ui.play_scene")

from play_helpers import STEP, choose_board, finish_on_end_screen, press, settle, tap_action  # noqa: E402 (tests/ui is on sys.path)

SIZES = [(1280, 720), (1920, 1080), (3840, 2160)]


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


def _view(size, inset=0.0):
    """The board as the play screen shows it (inset: room for the seat panels round it)."""
    w, h = size
    rect = (round(w * inset), round(h * inset), round(w * (1 - 2 * inset)), round(h * (1 - 2 * inset)))
    return BoardView(load_board("newyork"), rect, th.Theme(), th.Fonts(), ui_scale=th.ui_scale(w, h))


def _inside(pt, poly) -> bool:
    x, y = pt
    inside = False
    for (ax, ay), (bx, by) in zip(poly, poly[1:] + poly[:1]):
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            inside = not inside
    return inside


def _clear_points(bv, poly, step=6.0):
    """Board points inside ``poly`` (board units) and on the board, well away from every station and track
    space."""
    board = bv.board
    bx0, by0, bx1, by1 = bv.bounds
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    out = []
    y = min(ys) + step / 2
    while y < max(ys):
        x = min(xs) + step / 2
        while x < max(xs):
            on_board = bx0 + 4 < x < bx1 - 4 and by0 + 4 < y < by1 - 4
            if on_board and _inside((x, y), poly) and all(math.hypot(x - s.x, y - s.y) > 28 for s in board.stations):
                far = all(seg_dist(x, y, *p, *q) > 4 for p, q in zip(poly, poly[1:] + poly[:1]))
                for con in board.connections:
                    a, b = board.stations[con.a], board.stations[con.b]
                    pts = [(a.x, a.y), *con.bends, (b.x, b.y)]
                    if any(seg_dist(x, y, *p, *q) < con.spaces * LANE_GAP / 2 + 10
                           for p, q in zip(pts, pts[1:])):
                        far = False
                        break
                if far:
                    out.append((x, y))
            x += step
        y += step
    return out


# ---- the board's own drawing ---------------------------------------------------------------------


def test_new_york_has_its_drawing_and_water_icons_are_icons_without_names():
    board = load_board("newyork")
    d = drawing_for(board)
    assert isinstance(d, NewYorkDrawing) and drawing_for("newyork") is d
    bv = _view((1920, 1080))
    icons = [i for i, s in enumerate(board.stations) if "water" in s.kinds]
    assert len(icons) == 11
    assert all(bv.kinds[i] == "water" for i in icons)
    assert all(bv.kinds[i] != "water" for i in range(len(board.stations)) if i not in icons)
    rects = bv.label_rects()
    for i in icons:  # no "Water: ..." written on the board
        assert rects[i].w * rects[i].h == 0, f"{board.stations[i].name} has a name on the board"
        assert d.station_label(board.stations[i]) == ""
    named = [i for i in range(len(board.stations)) if i not in icons]
    assert all(rects[i].w > 0 and rects[i].h > 0 for i in named)
    assert all(not d.station_label(board.stations[i]).startswith("Water") for i in named)
    # another city names every station, icons or not: the hook is New York's alone
    assert CityDrawing().station_label(board.stations[icons[0]]) == board.stations[icons[0]].name


def test_the_water_icon_is_its_own_symbol():
    """A water icon looks like none of the shared station kinds, and it is mostly blue, not ink."""
    theme = th.Theme()
    d = drawing_for("newyork")
    shots = {}
    for kind in ("water",) + KIND_ORDER:
        surf = pygame.Surface((60, 60))
        surf.fill(theme.board_bg)
        draw_station(surf, kind, (30, 30), 20, 3, theme, None, d)
        shots[kind] = pygame.image.tobytes(surf, "RGB")
    assert len(set(shots.values())) == len(shots)
    surf = pygame.Surface((60, 60))
    surf.fill(theme.board_bg)
    assert d.draw_station(surf, "water", (30, 30), 20, 3, theme)
    assert surf.get_at((30, 30 - 12))[:3] == nymod.ICON_FILL  # blue between the waves
    assert not d.draw_station(surf, "standard", (30, 30), 20, 3, theme)


@pytest.mark.parametrize("size", [(1280, 720), pytest.param((3840, 2160), marks=pytest.mark.soak)])
def test_rivers_bays_and_clusters_are_drawn_under_the_lines(size):
    """Every water area of the map shows its water colour on the board, every cluster its tint; and the
    track spaces are drawn over them (a space crossing a river is not hidden)."""
    bv = _view(size, inset=0.06)
    board = bv.board
    sheet = bv.static_layer()
    d = drawing_for(board)

    def colour_at(x, y):
        sx, sy = bv.to_screen(x, y)
        return sheet.get_at((round(sx - bv.rect.x), round(sy - bv.rect.y)))[:3]

    for area in d.water_areas(board):
        pts = _clear_points(bv, [tuple(p) for p in area.points], step=4.0)
        assert pts, f"{area.name}: no clear point to look at"
        seen = [colour_at(*p) for p in pts]
        assert seen.count(nymod.WATER_FILL) >= 0.8 * len(seen), f"{area.name} is not drawn"
    s = bv.s
    for name, poly in d.cluster_shapes(board, s):
        pts = _clear_points(bv, [(x / s, y / s) for x, y in poly], step=3.0)
        assert pts, f"{name}: no clear point to look at"
        seen = [colour_at(*p) for p in pts]
        assert seen.count(nymod.CLUSTER_FILL) >= 0.5 * len(seen), f"the {name} cluster is not tinted"
    # track spaces are drawn over the water: a space's middle inside a river shows the space, not water
    areas = [[tuple(p) for p in a.points] for a in d.water_areas(board)]
    over = 0
    for c, con in enumerate(board.connections):
        if not ({"water"} & (board.stations[con.a].kinds | board.stations[con.b].kinds)):
            continue
        for t in (0.3, 0.5, 0.7):
            lane = bv.lane_point(c, 0, t)
            if any(_inside(bv.to_board(*lane), a) for a in areas):
                over += 1
                px = sheet.get_at((round(lane[0] - bv.rect.x), round(lane[1] - bv.rect.y)))[:3]
                assert px != nymod.WATER_FILL, f"{board.conn_name(c)} is hidden by the water"
    assert over >= 5


def test_cluster_shapes_hold_their_own_stations_and_no_other():
    board = load_board("newyork")
    d = drawing_for(board)
    clusters = d.clusters(board)
    assert set(clusters) == set(board.source.newyork.clusters)
    for name, poly in d.cluster_shapes(board, 1.0):
        mine = set(clusters[name])
        for i, st in enumerate(board.stations):
            assert _inside((st.x, st.y), poly) == (i in mine), f"{st.name} and the {name} cluster"


def _area(poly):
    return abs(sum(ax * by - bx * ay for (ax, ay), (bx, by) in zip(poly, poly[1:] + poly[:1]))) / 2


def test_the_hull_grows_round_every_shape():
    """One station, two and a triangle: the grown outline keeps ``r`` from the points all round and is the
    hull grown by ``r`` (its area: hull + perimeter * r + pi r^2), not a spiky or shrunk polygon."""
    r = 20.0
    for pts, hull_area, perimeter in (([(0.0, 0.0)], 0.0, 0.0), ([(0.0, 0.0), (100.0, 0.0)], 0.0, 200.0),
                                      ([(0.0, 0.0), (100.0, 0.0), (0.0, 80.0)], 4000.0,
                                       180.0 + math.hypot(100, 80))):
        poly = nymod._grown(nymod._hull(pts), r)
        for p in pts:
            assert _inside(p, poly)
            assert min(math.hypot(p[0] - q[0], p[1] - q[1]) for q in poly) >= r - 1e-6
        want = hull_area + perimeter * r + math.pi * r * r
        assert abs(_area(poly) - want) < 0.03 * want, (pts, _area(poly), want)


# `make test`: the play screen's inset at every size and the whole window at 3840x2160; `make soak` adds the whole
# window at the two smaller sizes
@pytest.mark.parametrize("size,inset", [
    pytest.param(s, i, id=f"{s[0]}x{s[1]}-inset{i}", marks=() if i or s == SIZES[-1] else pytest.mark.soak)
    for i in (0.0, 0.08) for s in SIZES])
def test_names_clear_stations_names_and_cluster_names(size, inset):
    """No name over another name or a station (icons included), no name over a cluster's name, and each
    cluster's name on the board, over no station and no other cluster's name; at 1920x1080 and up all
    four are there."""
    assert not names_meeting(_view(size, inset), size)


def names_meeting(bv, size) -> list[str]:
    """What the test above finds wrong with ``bv`` (a board view alone in a window of ``size``), one line each;
    tools/search_newyork_nudges.py measures its candidate maps with it too."""
    board = bv.board
    rects = bv.label_rects()
    named = [i for i, r in enumerate(rects) if r.w and r.h]
    circles = []
    for i in range(len(board.stations)):
        x, y = bv.station_xy(i)
        r = bv.station_radius(i) * 0.9
        circles.append(pygame.Rect(round(x - r), round(y - r), round(2 * r), round(2 * r)))
    d = drawing_for(board)
    ox, oy = bv.rect.x - bv.vx0, bv.rect.y - bv.vy0
    titles = [(t, pygame.Rect(round(b[0] + ox), round(b[1] + oy), round(b[2] - b[0]), round(b[3] - b[1])))
              for t, b in d.cluster_names(bv)]
    bad = []
    # room for every cluster's name at 1920x1080 and up; a small window may leave one out (the tint stays)
    if len(titles) < (4 if size[0] >= 1920 else 2):
        bad.append(f"only {len(titles)} cluster names: {titles}")
    for i in named:
        ri = rects[i].inflate(-2, -2)
        for j in named:
            if j > i and ri.colliderect(rects[j].inflate(-2, -2)):
                bad.append(f"{board.stations[i].name} / {board.stations[j].name}")
        for j, c in enumerate(circles):
            if j != i and ri.colliderect(c):
                bad.append(f"{board.stations[i].name} over station {board.stations[j].name}")
        for t, tr in titles:
            if ri.colliderect(tr.inflate(-2, -2)):
                bad.append(f"{board.stations[i].name} over {t}")
    paper = pygame.Rect(bv.to_screen(bv.bounds[0], bv.bounds[1]),
                        (round((bv.bounds[2] - bv.bounds[0]) * bv.s), round((bv.bounds[3] - bv.bounds[1]) * bv.s)))
    for k, (t, tr) in enumerate(titles):
        if not paper.inflate(2, 2).contains(tr):
            bad.append(f"{t} leaves the board")
        for j, c in enumerate(circles):
            if tr.colliderect(c):
                bad.append(f"{t} over station {board.stations[j].name}")
        for t2, tr2 in titles[k + 1:]:
            if tr.colliderect(tr2):
                bad.append(f"{t} / {t2}")
    return bad


def clusters_astray(bv) -> list[str]:
    """The cluster names not on or next to their own tinted shape (within a line of it), or nearer another
    cluster (tools/search_newyork_nudges.py holds these too)."""
    bad = []
    d = drawing_for(bv.board)
    shapes = dict(d.cluster_shapes(bv.board, bv.s))
    for title, (x0, y0, x1, y1) in d.cluster_names(bv):
        key = next(k for k in shapes if nymod.cluster_title(k) == title)
        h = y1 - y0
        ring = [(x, y) for x in (x0 - h, (x0 + x1) / 2, x1 + h) for y in (y0 - h, (y0 + y1) / 2, y1 + h)]
        box = [(x, y) for x in (x0, (x0 + x1) / 2, x1) for y in (y0, (y0 + y1) / 2, y1)]
        if not any(_inside(p, shapes[key]) for p in ring + box):
            bad.append(f"{title} is away from its cluster")

        def dist(poly):
            return min(math.hypot(px - (x0 + x1) / 2, py - (y0 + y1) / 2) for px, py in poly)

        if dist(shapes[key]) != min(dist(p) for p in shapes.values()):
            bad.append(f"{title} is nearer another cluster")
    return bad


def test_cluster_names_sit_by_their_own_cluster():
    """A cluster's name is on or next to its own tinted shape (within a line of it), so the eye joins the
    two, and nearer to it than to any other cluster."""
    for size in SIZES:
        assert not clusters_astray(_view(size, 0.08)), size
    assert nymod.cluster_title("lower_manhattan") == "LOWER MANHATTAN"


# ---- playing New York on the screen ----------------------------------------------------------------



def _choose_newyork(app, driver):
    return choose_board(app, driver, "newyork", "New York", 20251123)


def test_new_york_is_offered_once_the_engine_plays_it():
    assert drawn_on_screen("newyork")
    assert "newyork" in [m for m, _ in available_maps()]
    assert not drawn_on_screen("atlantis")


# one size per board in `make test` (Berlin at 3840x2160, New York and Paris at 1920x1080), both under `make soak`
@pytest.mark.parametrize("size", [(1920, 1080), pytest.param((3840, 2160), marks=pytest.mark.soak)])
def test_a_whole_new_york_game_by_touch_and_mouse(app, driver, size):
    """Chosen on the set-up screen and played to the end by taps and clicks; each time a line of the
    player to act ends on an icon, the board marks that icon and the panel says so; the end screen's
    water and cluster columns add up to the total."""
    app.resize(*size)
    rng = random.Random(11)
    play = _choose_newyork(app, driver)
    state = play.state
    board = play.board_view.board
    bot = RandomBot(17)
    taps = wet_seen = 0
    while not state.over:
        settle(app, play)
        assert app.top is play
        action = bot.choose(state)
        assert action in legal_actions(state)
        tap_action(driver, play, action, rng.random() < 0.3)
        wet = nyrules.lines_on_water(state) if not state.over else []
        if wet and state.phase == "actions":
            wet_seen += 1
            app.draw(force=True)
            marked = {i for k, i, _ in play.board_view.drawn_items() if k == "city"}
            assert {icon for _, icon in wet} <= marked, "a line on the water is not marked on the board"
            notes = dict(play.panel_view(state.current).city_notes)
            for li, _ in wet:
                assert f"{state.lines[li].colour.capitalize()}: leave the water" in notes
            assert all(board.stations[i].name for i in marked)
        taps += 1
        assert taps < 1500
    assert wet_seen >= 3, "the game should have put lines on the water through the screen"
    end = finish_on_end_screen(app, state)
    assert {"water", "clusters"} <= set(end.categories())


def _wet_with_one_action_left(seed=5):
    """A New York position where the player to act has a line on an icon and one action left."""
    st = new_game("newyork", 2, seed=seed, start_player=0)
    board = load_board("newyork")
    rng = random.Random(seed)
    for _ in range(3000):
        if st.over:
            break
        if st.phase == "actions" and st.actions_left == 1 and nyrules.lines_on_water(st):
            return st
        acts = legal_actions(st)
        wet = [a for a in acts if isinstance(a, PlaceTrack) and st.actions_left == 2
               and set(board.conn_ends[a.connection]) & board.water]
        apply(st, wet[0] if wet else rng.choice(acts))
    raise AssertionError("no position with a line on the water and one action left")


def test_the_last_action_offers_only_the_way_off_the_water_and_a_refused_tap_says_why(app, driver):
    st = _wet_with_one_action_left()
    play = play_scene.PlayScene(app, st)
    app.push(play)
    settle(app, play)
    board = play.board_view.board
    (li, icon), = nyrules.lines_on_water(st)
    # the glow offers only the spaces that take the line off the water
    legal = [a for a in legal_actions(st) if isinstance(a, PlaceTrack)]
    assert legal and all(a.line == li and icon in board.conn_ends[a.connection] for a in legal)
    play.selected[st.current] = li
    glow, glow_line = play.turns.glow(play.blocking)
    assert glow_line == li and {c for c, _ in glow} == {a.connection for a in legal}
    # a tap on any other space is refused, with the engine's reason shown at the table
    refused = next(PlaceTrack(li, c) for c in range(len(board.connections))
                   if PlaceTrack(li, c) not in legal and why_illegal(st, PlaceTrack(li, c))
                   and "water" in why_illegal(st, PlaceTrack(li, c)) and play.point_for_connection(c))
    reason = why_illegal(st, refused)
    logged = len(st.log)
    press(driver, play.point_for_line_swatch(li), False)
    press(driver, play.point_for_connection(refused.connection), False)
    assert len(st.log) == logged, "an illegal placement was applied"
    assert play.anim.toasts and play.anim.toasts[-1].text == reason[0].upper() + reason[1:]  # as a sentence
    assert "water" in reason


def test_a_double_destination_shows_two_tokens():
    """Two identical cards face up: the station shows a second token beside the first (more of the
    destination's colour than one token), and the item says two."""
    board = load_board("newyork")
    bv = _view((1920, 1080), 0.08)
    doubles = sorted({s for s in board.standard_cards if board.standard_cards.count(s) == 2})
    assert len(doubles) == 7
    stn = doubles[0]
    outside = []  # the destination's colour beyond the first token and the ring round the station
    for face_up in ([stn], [stn, stn]):
        st = new_game("newyork", 2, seed=1)
        st.face_up = list(face_up)
        layer = bv.state_layer(st, key=len(face_up))
        sig, rect = bv.layer.items["dest"][stn]
        assert sig[1] == len(face_up)
        first = bv.badge_rect(stn).move(-bv.rect.x, -bv.rect.y).inflate(2, 2)
        sx, sy = bv.station_xy(stn)
        sx, sy = sx - bv.rect.x, sy - bv.rect.y
        ring = bv.station_radius(stn) * 1.9 + 3
        n = 0
        for x in range(rect.left, rect.right):
            for y in range(rect.top, rect.bottom):
                if first.collidepoint(x, y) or math.hypot(x - sx, y - sy) <= ring:
                    continue
                n += layer.get_at((x, y))[:3] == DEST_STANDARD
        outside.append(n)
    assert outside[0] == 0 and outside[1] >= 10, outside


def test_the_passengers_two_moves_are_previewed_and_travel_one_after_the_other(app):
    """Before the last action the preview has a leg per move; the last action sends the passenger on
    both journeys in turn (the second starts where the first ends)."""
    for seed in range(40):
        st = new_game("newyork", 2, seed=seed, start_player=0)
        rng = random.Random(seed)
        while not st.over and not (st.phase == "actions" and st.actions_left == 1):
            apply(st, rng.choice(legal_actions(st)))
        play = play_scene.PlayScene(app, st)
        app.push(play)
        settle(app, play)
        legs = play.turns.preview_legs(play.blocking)
        last = next((a for a in legal_actions(st) if isinstance(a, PlaceTrack)), None)
        if len(legs) == 2 and len(legs[0].options) == 1 and last is not None:
            start = st.passenger
            assert play.act(last)
            travels = list(play.anim.travels)
            if len(travels) == 2:
                assert travels[0].origin == start and travels[1].origin == travels[0].destination
                app.step(STEP)
                assert play.anim.travels[0] is travels[0]  # the first journey runs first
                settle(app, play)
                assert not play.anim.travels
                return
        app.pop()
    raise AssertionError("no turn with two passenger moves found")


def test_the_attract_mode_cycles_every_board_new_york_included(app):
    """The kiosk's demo deals each playable board in turn, New York among them (a kiosk's default
    boards list it too); a New York demo is played to its end, and its captions tell of water, clusters
    and the passenger in the game's words."""
    from game.engine import events as ev
    from game.kiosk_config import DEFAULT_BOARDS
    from game.ui.kiosk.attract import AttractScene, captions_for

    boards = [m for m, _ in available_maps()]
    assert "newyork" in boards and list(DEFAULT_BOARDS) == boards[:len(DEFAULT_BOARDS)]
    assert "newyork" in DEFAULT_BOARDS

    class Recording(AttractScene):
        def __init__(self, *a, **kw):
            self.seen: list = []
            super().__init__(*a, **kw)

        def _on_events(self, events):
            self.seen.extend((self.demo.state.setup.map, e, captions_for(self.demo.state, [e])) for e in events)
            super()._on_events(events)

    scene = app.push(Recording(app, pace=0.0, level="random", players=2, seed=8, threaded=False, result_s=0.0))
    assert scene.maps == boards
    played = []
    for _ in range(len(boards)):
        played.append(scene.demo.state.setup.map)
        if played[-1] == "newyork":
            assert "on the New York board" in scene.captions.texts[0]
        scene.play_games(1, draw=False)
    assert sorted(played) == sorted(boards)
    ny = [(e, caps) for m, e, caps in scene.seen if m == "newyork"]
    assert ny, "no New York demo was played"
    for e, caps in ny:
        if isinstance(e, ev.Scored) and e.category == "water":
            assert "third water" in caps[0][0]
        if isinstance(e, ev.Scored) and e.category == "clusters":
            assert "neighbourhood" in caps[0][0]
            cluster = cluster_title(load_board("newyork").station_cluster[e.stations[0]])
            assert cluster.isupper() and cluster in caps[0][0], caps  # as printed on the board
        if isinstance(e, ev.PassengerMoved) and e.origin == e.destination:
            assert "stays at" in caps[0][0]
    assert any(isinstance(e, ev.Scored) and e.category == "clusters" for e, _ in ny)


def test_new_york_board_golden(app):
    """New York's board as the golden images check London's (tests/ui/test_golden.py): water, icons,
    clusters and their names, tokens, a line on the water with its mark, a double destination's two
    tokens and the passenger, compared whole and object by object (regenerate with UPDATE_GOLDEN=1)."""
    from test_golden import compare, layer_items  # noqa: E402 (tests/ui is on sys.path)

    st = _wet_with_one_action_left(seed=5)
    board = load_board("newyork")
    double = next(s for s in board.standard_cards if board.standard_cards.count(s) == 2)
    st.face_up[:2] = [double, double]  # two identical cards face up (drawing only: not dealt this way here)
    seats = [play_scene.SeatConfig(name="Ada", edge="bottom"), play_scene.SeatConfig(name="Ben", edge="top")]
    scene = play_scene.PlayScene(app, st, seats)
    app.push(scene)
    bv = scene.board_view
    (li, icon), = nyrules.lines_on_water(st)
    layer = bv.state_layer(st, key=-1)
    items = layer_items(bv)
    assert ("city", icon) in [(k, i) for k, i, _ in items]
    assert [(k, i) for k, i, _ in items].count(("dest", double)) == 1
    compare(layer, "newyork_board_1280x720.png", items)


@pytest.mark.parametrize("players,arrangement", [(4, "table"), (2, "laptop")])
def test_every_name_has_room_at_1920x1080_up_to_four_seats(players, arrangement):
    """Issue 22 item 1: on the play screen at 1920x1080 every New York name has a place the hard rule allows
    (clearance.py) with up to four seats, round a table or on a laptop. Atlantic Av Barclays Ctr and Kings
    Highway had none (their only places overlapped) until Church Av and New Utrecht Av moved half a cell each
    (tools/layout_newyork.NUDGES)."""
    import names_audit as na
    from game.ui.app import App
    from game.ui import play_scene

    state = new_game("newyork", players, seed=1, start_player=0)
    app = App(size=(1920, 1080), headless=True)
    try:
        scene = app.push(play_scene.PlayScene(app, state, na.seats_for(state, arrangement)))
        app.step(0.1)
        bv = scene.board_view
        bv.names.place()
        assert sorted(bv.board.stations[i].name for i in bv.names.names_without_room) == []
        assert not bv.names.names_left_off
    finally:
        while app.scenes:
            app.scenes.pop().exit()
