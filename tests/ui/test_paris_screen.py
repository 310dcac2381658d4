"""Paris on screen: its own stations and landmark tiles, the terminus reward and set completion asked with big
buttons, a full connection's extra lane, the secret objectives shown only while their owner holds the button
(never in a screenshot, attract mode or anyone else's view), their reveal at the end, and a whole Paris game
played by tapping and clicking at 1920x1080 and 3840x2160.
"""
from __future__ import annotations

import random

import pygame
import pytest

from game.ai import RandomBot
from game.engine import PlaceTrack, Undo, apply, legal_actions, load_board, new_game
from game.engine.actions import ChooseReward, CompleteSet
from game.engine.rules import board_of, legal_placements
from game.ui.screens.end import EndScene
from game.ui.screens.table_setup import available_maps
from game.ui.cities import drawing_for, drawn_on_screen
from game.ui.cities.paris import LANDMARK_TYPES, TYPE_COLOURS, ParisDrawing
from game.ui.screenshot import build_scene, demo_seats

play_scene = pytest.importorskip("game.ui.play_scene")

from game.ui.app import FIXED_DT
from game.ui.play.secrets import HOLD_S
from game.ui.play_scene import PEEK_NOTICE_S

from play_helpers import STEP, choose_board, finish_on_end_screen, settle, tap_action  # noqa: E402 (tests/ui is on sys.path)


HOLD_STEPS = round(HOLD_S / FIXED_DT) + 2  # frames a finger must stay down before the cards open
QUIET_STEPS = round((PEEK_NOTICE_S + 0.5) / FIXED_DT)  # frames until the table's notice of a look has faded


def _play(state, rng, until=lambda st: False, limit=4000):
    """Random legal actions (never Undo) until ``until(state)`` or the end."""
    for _ in range(limit):
        if state.over or until(state):
            return state
        apply(state, rng.choice([a for a in legal_actions(state) if not isinstance(a, Undo)]))
    raise AssertionError("the position was never reached")


def _scene(app, state):
    scene = play_scene.PlayScene(app, state, demo_seats(state))
    app.push(scene)
    settle(app, scene)
    return scene


def _screen(app) -> bytes:
    app.draw(force=True)
    return pygame.image.tobytes(app.screen, "RGB")


def _other_deal(state) -> list[list[int]]:
    """The same number of objective cards per player, none of them the ones dealt."""
    board = board_of(state)
    dealt = {c for hand in state.setup.objectives for c in hand}
    spare = [c for c in range(len(board.paris.objectives)) if c not in dealt]
    hands = [list(h) for h in state.setup.objectives]
    hands[0] = spare[:len(hands[0])]  # seat 0's whole hand changes; the others keep theirs
    return hands


# ---- the board ------------------------------------------------------------------------------------


def test_paris_is_offered_and_its_own_stations_have_their_own_symbols():
    assert drawn_on_screen("paris")
    assert "paris" in [m for m, _ in available_maps()]
    board = load_board("paris")
    city = drawing_for(board)
    assert isinstance(city, ParisDrawing)
    from game.ui.board.view import BoardView

    bv = BoardView(board, pygame.Rect(0, 0, 1600, 1000))
    kinds = {bv.kinds[i] for i in range(len(board.stations))}
    assert {"rer", "landmark", "terminus", "terminus_rer", "landmark_rer", "start", "standard"} <= kinds
    for i, st in enumerate(board.stations):
        if "landmark" in st.kinds:
            assert bv.kinds[i].startswith("landmark"), st.name
        elif "rer" in st.kinds:
            assert "rer" in bv.kinds[i], st.name
    assert board.source.water, "the Seine is the map's water"


def _icon(symbol: str) -> pygame.Surface:
    surf = pygame.Surface((48, 48))
    surf.fill((255, 255, 255))
    assert ParisDrawing().draw_symbol(surf, symbol, (24, 24), 44, (0, 0, 0))
    return surf


def test_the_five_landmark_icons_differ_in_shape_and_in_colour():
    """Recognisable without reading: each type's shape differs from every other's in black and white (so a
    colour-blind player tells them apart), and each has its own colour too."""
    shapes = {}
    for t in LANDMARK_TYPES:
        surf = _icon(t)
        mask = pygame.mask.from_threshold(surf, (255, 255, 255), (1, 1, 1, 255))
        mask.invert()  # the ink
        assert mask.count() > 150, f"{t}: the icon is almost empty"
        shapes[t] = mask
    for a in LANDMARK_TYPES:
        for b in LANDMARK_TYPES:
            if a < b:
                same = shapes[a].overlap_area(shapes[b], (0, 0))
                differ = shapes[a].count() + shapes[b].count() - 2 * same
                assert differ > 150, f"{a} and {b} look alike"
    assert len({TYPE_COLOURS[t] for t in LANDMARK_TYPES}) == 5
    assert not ParisDrawing().draw_symbol(pygame.Surface((8, 8)), "parks", (4, 4), 8, (0, 0, 0))


def test_a_face_up_tile_is_drawn_until_taken_and_the_panel_counts_the_hand(app):
    state = new_game("paris", ["Ada", "Ben"], seed=4, start_player=0)
    board = board_of(state)
    city = drawing_for(board)
    marks = city.station_marks(state, board)
    assert len(marks) == 40 and all(sig[2] == 1 for sig in marks.values())
    rng = random.Random(4)
    _play(state, rng, lambda st: any(st.players[p].landmarks for p in range(2)))
    marks = city.station_marks(state, board)
    taken = [stn for stn, sig in marks.items() if sig[2] == 0]
    assert taken and len(taken) == 40 - sum(state.landmarks_left)
    scene = _scene(app, state)
    for p in range(2):
        held = state.players[p].landmarks
        assert dict(scene.panel_view(p).city_tiles) == held
        assert [t for t, _ in scene.panel_view(p).city_tiles] == [t for t in LANDMARK_TYPES if held.get(t)]


# ---- the choices ---------------------------------------------------------------------------------------


def _reward_position(seed=7):
    state = new_game("paris", ["Ada", "Ben"], seed=seed, start_player=0)
    return _play(state, random.Random(seed), lambda st: st.phase == "reward")


def test_the_terminus_reward_is_asked_at_the_seat_with_big_buttons_and_a_preview(app, driver):
    state = _reward_position()
    p = state.current
    scene = _scene(app, state)
    pl = state.players[p]
    score, tiles = pl.score, pl.branch_tiles
    view = scene.panel_view(p)
    assert [label for label, _ in view.choices] == ["2 points", "1 point + 1 tile", "2 tiles"]
    def said(n, one, many):
        return f"{n} {one if n == 1 else many}"

    assert [pre for _, pre in view.choices] == [
        f"{said(score + 2, 'point', 'points')} · {said(tiles, 'tile', 'tiles')}",
        f"{said(score + 1, 'point', 'points')} · {said(tiles + 1, 'tile', 'tiles')}",
        f"{said(score, 'point', 'points')} · {said(tiles + 2, 'tile', 'tiles')}"]
    assert "choose your reward" in scene.banner_text() and "Terminus" in view.choice_title
    scene.panels[p].layout(state, view)
    rects = [scene.panels[p].control_rect_on_screen(f"choice:{i}") for i in range(3)]
    for i, r in enumerate(rects):
        assert r is not None and min(r.w, r.h) >= 64 * app.scale * 0.9, "a choice button is below touch size"
        assert not any(r.colliderect(o) for o in rects[i + 1:]), "choice buttons overlap"
    assert not scene.panel_view(1 - p).choices, "only the asked seat shows the choice"
    logged = len(state.log)
    tap_action(driver, scene, ChooseReward("point_and_tile"), by_mouse=False)
    assert state.log[logged:] == [ChooseReward("point_and_tile")]
    assert (pl.score, pl.branch_tiles) == (score + 1, tiles + 1)
    settle(app, scene)
    assert state.phase == "actions" and state.current == p  # this deal's turn goes on: Undo is offered
    driver.tap(*scene.point_for_button(p, "undo"))  # Undo takes the choice back: it is asked again
    pl = state.players[p]
    assert state.phase == "reward" and (pl.score, pl.branch_tiles) == (score, tiles)
    assert len(scene.panel_view(p).choices) == 3


def test_undo_while_the_reward_is_asked_takes_back_the_placement(app, driver):
    state = _reward_position(seed=11)
    p = state.current
    placed = state.log[-1]
    assert isinstance(placed, PlaceTrack)
    scene = _scene(app, state)
    assert scene.panel_view(p).can_undo
    driver.tap(*scene.point_for_button(p, "undo"))
    assert state.phase == "actions" and placed.line not in state.tokens[placed.connection]
    assert not scene.panel_view(p).choices


def _set_position():
    """A first placement onto a landmark station by a player holding the other four types and 2 Branch tiles:
    the set is completed for 2 tiles, or kept."""
    state = new_game("paris", ["Ada", "Ben"], seed=9, start_player=0)
    board = board_of(state)
    p = state.current
    for line, conn, cost in legal_placements(state):
        con = board.connections[conn]
        kinds = [board.stations[s].kinds for s in (con.a, con.b)]
        if cost or sum("landmark" in k for k in kinds) != 1 or any("terminus" in k for k in kinds):
            continue
        stn = con.a if "landmark" in kinds[0] else con.b
        tile = state.setup.landmark_tiles[board.landmark_stations.index(stn)]
        state.players[p].landmarks = {t: 1 for t in LANDMARK_TYPES if t != tile and t != _other(tile)}
        state.players[p].branch_tiles = 2
        apply(state, PlaceTrack(line, conn))
        assert state.phase == "complete_set", state.phase
        return state
    raise AssertionError("no placement onto a landmark station")


def _other(tile: str) -> str:
    return next(t for t in LANDMARK_TYPES if t != tile)


@pytest.mark.parametrize("complete", [True, False])
def test_set_completion_is_asked_with_its_cost_and_applied_by_tap(app, driver, complete):
    state = _set_position()
    p = state.current
    pl = state.players[p]
    score, tiles = pl.score, pl.branch_tiles
    scene = _scene(app, state)
    view = scene.panel_view(p)
    assert [label for label, _ in view.choices] == ["Complete set: −2 tiles, +7", "Keep tiles"]
    assert view.choices[0][1].startswith(f"{score + 7} points · {tiles - 2} tile{'' if tiles - 2 == 1 else 's'}")
    assert "landmark set" in scene.banner_text()
    tap_action(driver, scene, CompleteSet(complete), by_mouse=True)
    if complete:
        assert pl.points.get("landmark_sets") == 7 and pl.branch_tiles == 0 and not pl.landmarks
    else:
        assert pl.score == score and pl.branch_tiles == tiles and len(pl.landmarks) == 4
    assert state.phase != "complete_set" and not scene.panel_view(p).choices


# ---- full connections ------------------------------------------------------------------------------


def test_a_full_connection_glows_in_an_extra_lane_with_its_cost_and_its_token_gets_a_lane(app, driver):
    state = new_game("paris", ["Ada", "Ben"], seed=3, start_player=0)
    board = board_of(state)
    rng = random.Random(3)

    def full_legal(st):
        return st.phase == "actions" and any(len(st.tokens[c]) >= board.connections[c].spaces
                                             for _, c, _ in legal_placements(st))

    _play(state, rng, full_legal)
    line, conn, cost = next((li, c, k) for li, c, k in legal_placements(state)
                            if len(state.tokens[conn := c]) >= board.connections[c].spaces)
    assert cost in (2, 4)
    scene = _scene(app, state)
    scene.selected[state.current] = line
    scene._invalidate()
    glow, _ = scene.turns.glow(scene.blocking)
    assert (conn, cost) in glow
    bv = scene.board_view
    before = _screen(app)
    lane = len(state.tokens[conn])
    (p, q), = bv.lane_segments(conn, lane)[:1]
    printed = [bv.lane_segments(conn, k)[0] for k in range(board.connections[conn].spaces)]
    for a, b in printed:  # the extra lane is a lane of its own, clear of every printed one
        d = min(abs((p[0] - a[0]) * (b[1] - a[1]) - (p[1] - a[1]) * (b[0] - a[0]))
                / max(1e-6, ((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5), 1e9)
        assert d >= bv.lane_gap * 0.9
    tap_action(driver, scene, PlaceTrack(line, conn), by_mouse=False)
    assert state.tokens[conn][-1] == line and len(state.tokens[conn]) > board.connections[conn].spaces
    settle(app, scene)
    assert _screen(app) != before
    items = [(k, i) for k, i, _ in bv.drawn_items()]
    assert ("token", conn) in items


# ---- the secret objectives -----------------------------------------------------------------------------


def _mid_game(seed=7):
    state = new_game("paris", ["Ada", "Ben", "Cy"], seed=seed, start_player=0)
    return _play(state, random.Random(seed), lambda st: st.turn >= 9 and st.phase == "actions")


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_no_objective_is_drawn_unless_its_owner_holds_the_button(app, driver, size):
    """The table drawn with two different objective deals is the same picture to the pixel; holding a seat's
    button shows that seat's cards (and they differ between the deals), letting go hides them again."""
    app.resize(*size)
    state = _mid_game()
    scene = _scene(app, state)
    a = _screen(app)
    app.pop()
    other = state.copy()
    other.setup.objectives = _other_deal(state)
    scene_b = _scene(app, other)
    assert _screen(app) == a, "something on the table depends on the secret objectives"
    shown = {}
    for sc, st in ((scene_b, other), (None, state)):
        if sc is None:
            app.pop()
            sc = _scene(app, st)
        x, y = sc.point_for_button(0, "secret")
        driver.finger("down", x, y, 7)
        driver.step(HOLD_STEPS)
        assert list(sc.held_secret) == [0]
        held = _screen(app)
        got = sc.held_secret_rect(0)
        assert got is not None
        pic, box = got
        assert held != a
        shown[id(st)] = pygame.image.tobytes(app.screen.subsurface(box), "RGB")
        panel = sc.panels[0]
        assert box.bottom <= panel.rect.top + 1 and abs(box.right - panel.control_rect_on_screen("secret").right) < 2
        driver.finger("up", x, y, 7)
        driver.step(2)
        assert not sc.held_secret
        driver.step(QUIET_STEPS)  # the table's "… looked at" notice fades
        assert _screen(app) == a
    assert shown[id(state)] != shown[id(other)], "the held cards do not show the seat's own objectives"


def test_the_cards_face_their_seat_and_only_the_holders(app, driver):
    state = _mid_game()
    scene = _scene(app, state)
    base = _screen(app)
    logged = len(state.log)
    top = next(i for i, p in enumerate(scene.panels) if p.edge == "top")
    x, y = scene.point_for_button(top, "secret")
    driver.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(x), int(y)), rel=(0, 0), buttons=(0, 0, 0),
                                   touch=False))
    driver.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(x), int(y)), button=1, touch=False))
    driver.step(HOLD_STEPS)
    assert list(scene.held_secret) == [top]
    pic, box = scene.held_secret_rect(top)
    upright = scene.board_view.city.secret_cards_picture(state, scene.board, top, scene.fonts, app.scale)
    assert pygame.image.tobytes(pygame.transform.rotate(upright, 180), "RGBA") == pygame.image.tobytes(pic, "RGBA")
    assert box.top >= scene.panels[top].rect.bottom - 1  # towards the board from the top seat
    driver.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(x), int(y)), button=1, touch=False))
    driver.step(2)
    assert not scene.held_secret
    driver.step(QUIET_STEPS)
    assert _screen(app) == base
    assert len(state.log) == logged  # holding the button acts on nothing


def test_the_screenshot_command_shows_no_objective(app, tmp_path):
    """``underground screenshot --map paris --scene play``: the same picture whatever the objectives are."""
    scene = build_scene(app, "play", "paris")
    app.push(scene)
    for _ in range(240):
        app.step(1 / 120)
    a = _screen(app)
    assert not scene.held_secret
    app.pop()
    st = scene.state.copy()
    st.setup.objectives = _other_deal(st)
    app.push(play_scene.PlayScene(app, st, demo_seats(st)))
    for _ in range(240):
        app.step(1 / 120)
    assert _screen(app) == a
    from game.ui.screenshot import render_screenshot

    out = render_screenshot("paris", "play", "1280x720", tmp_path / "p.png")
    assert out.exists()


def test_attract_mode_never_shows_objectives(app, driver):
    """The kiosk's demo plays Paris to its end without the reveal, and a touch there opens the set-up
    rather than holding a seat's cards."""
    from game.kiosk_config import DEFAULT_BOARDS
    from game.ui.kiosk.attract import AttractScene

    assert "paris" in DEFAULT_BOARDS
    scene = app.push(AttractScene(app, map_id="paris", pace=0.0, level="random", players=2, seed=8,
                                  threaded=False, result_s=0.0))
    demo = scene.demo
    assert demo.state.setup.map == "paris" and not demo.reveal_secrets
    assert all(demo.point_for_button(i, "secret") is None for i in range(len(demo.panels))), \
        "the demo's seats are computers: no cards button"
    x, y = demo.point_for_button(0, "menu")  # a passer-by's finger on a seat's panel: it reaches the kiosk only
    driver.finger("down", x, y, 9)
    driver.step(HOLD_STEPS)
    assert scene.touched and not demo.held_secret
    driver.finger("up", x, y, 9)
    scene.play_games(1, draw=False)
    assert demo.state.over and demo.reveal is None and not demo.held_secret


# ---- the end -------------------------------------------------------------------------------------------


def test_the_objectives_are_revealed_one_by_one_with_their_stations_lit(app, driver):
    state = new_game("paris", ["Ada", "Ben"], seed=5, start_player=0)
    _play(state, random.Random(5))
    scene = _scene(app, state)
    for _ in range(200):
        if scene.reveal is not None:
            break
        app.step(STEP)
    rv = scene.reveal
    assert rv is not None and rv.steps == [(0, 0), (0, 1), (1, 0), (1, 1)]
    board = board_of(state)
    seen = []
    while not rv.done and app.top is scene:
        p, k = rv.current
        card = state.setup.objectives[p][k]
        assert scene.board_view.city.secret_stations(state, board, p, k) == list(board.objective_stations[card])
        drawn = rv.draw(app.screen, scene)
        assert len(drawn) >= 2  # rings round the stations on screen, and the card
        seen.append((p, k))
        driver.tap(*scene.board_view.rect.center)  # a tap shows the next
    assert seen == rv.steps
    for _ in range(100):
        if isinstance(app.top, EndScene):
            break
        app.step(STEP)
    end = app.top
    assert isinstance(end, EndScene)
    cats = end.categories()
    assert cats[:5] == ["terminus", "rer", "passenger", "landmark_sets", "objectives"]


# ---- a whole game by touch -----------------------------------------------------------------------------


# one size per board in `make test` (Berlin at 3840x2160, New York and Paris at 1920x1080), both under `make soak`
@pytest.mark.parametrize("size", [(1920, 1080), pytest.param((3840, 2160), marks=pytest.mark.soak)])
def test_a_whole_paris_game_by_touch_and_mouse(app, driver, size):
    app.resize(*size)
    rng = random.Random(7)
    play = choose_board(app, driver, "paris", "Paris", 20261123)
    state = play.state
    bot = RandomBot(13)
    asked = set()
    taps = 0
    while not state.over:
        settle(app, play)
        assert app.top is play
        if state.pending:
            asked.add(state.phase)
            action = rng.choice([a for a in legal_actions(state) if not isinstance(a, Undo)])
        else:
            action = bot.choose(state)
        assert action in legal_actions(state)
        tap_action(driver, play, action, rng.random() < 0.3)
        assert not play.held_secret
        taps += 1
        assert taps < 2000
    assert "reward" in asked, "the game should have asked a terminus reward through the screen"
    end = finish_on_end_screen(app, state)
    assert "objectives" in end.categories() and "rer" in end.categories()


@pytest.mark.parametrize("size", [(1920, 1080), (3840, 2160)])
def test_every_paris_track_space_is_reachable_by_touch(app, driver, size):
    """Every connection has a point that a finger's tap picks, not only those a random game used."""
    app.resize(*size)
    play = choose_board(app, driver, "paris", "Paris", 20261123)
    board = board_of(play.state)
    for c in range(len(board.connections)):
        pt = play.point_for_connection(c)
        assert pt is not None and play.board_view.hit_test(*pt) == c, f"{board.conn_name(c)} cannot be tapped"


def test_choice_outcomes_say_each_count_in_its_own_plural():
    """ "1 point · 1 tile", never "1 points" (French: 0 and 1 take the singular)."""
    from game import i18n
    from game.ui.cities.paris import _points_tiles

    try:
        assert _points_tiles(1, 1) == "1 point · 1 tile" and _points_tiles(5, 2) == "5 points · 2 tiles"
        assert i18n.set_language("fr") == "fr"
        assert _points_tiles(0, 1) == "0 point · 1 tuile" and _points_tiles(2, 3) == "2 points · 3 tuiles"
        assert i18n.set_language("de") == "de"
        assert _points_tiles(1, 4) == "1 Punkt · 4 Marker"
    finally:
        i18n.set_language("en")
