"""Press and hold on the play screen (game/ui/play/long_press.py): on a station a card with its name, kind and
what it would score for the chosen line now; on a score the points by kind; the card faces the seat; and the
held finger never places a token."""
from __future__ import annotations

import pytest

from game.engine import PlaceTrack, apply, legal_placements
from game.engine.events import Scored
from game.engine.rules import board_of
from game.ui.play.long_press import LONG_PRESS_S, station_outlook
from game.ui.play_scene import PlayScene
from game.ui.seats import EDGE_ROTATION, SeatConfig
from game.engine import new_game
from play_helpers import STEP

EDGES4 = ["bottom", "left", "top", "right"]


def table(app, map_id="london", edges=EDGES4, seed=4) -> PlayScene:
    names = ["Ada", "Ben", "Chloe", "Dev"][:len(edges)]
    st = new_game(map_id, names, seed=seed, start_player=0)
    scene = PlayScene(app, st, [SeatConfig(name=n, edge=e) for n, e in zip(names, edges)])
    app.push(scene)
    app.step(STEP)
    return scene


def hold(driver, x, y, seconds=LONG_PRESS_S + 0.2, finger=900):
    driver.finger("down", x, y, finger)
    driver.step(round(seconds / 0.05), dt=0.05)
    driver.finger("up", x, y, finger)
    driver.step(2)


def station_point(scene, station):
    x, y = scene.board_view.station_xy(station)
    assert scene.board_view.station_at(x, y) == station
    return x, y


def a_scoring_station(state):
    """A station the active player's first line can reach now with points, and the points (from the engine)."""
    board = board_of(state)
    line = state.players[state.current].lines[0]
    for li, c, cost in legal_placements(state):
        if li != line:
            continue
        copy = state.copy()
        copy.actions_left = 4
        pts = sum(e.points for e in apply(copy, PlaceTrack(li, c)) if isinstance(e, Scored))
        if pts:
            a, b = board.conn_ends[c]
            return (a if "terminus" in board.stations[a].kinds or "national_rail" in board.stations[a].kinds
                    else b), pts, line
    raise AssertionError("no scoring placement")


def test_holding_a_station_shows_its_card_and_places_nothing(app, driver):
    scene = table(app)
    st = scene.state
    station, pts, line = a_scoring_station(st)
    scene.selected[st.current] = line
    x, y = station_point(scene, station)
    tokens = [list(t) for t in st.tokens]
    logged = len(st.log)
    hold(driver, x, y)
    lp = scene.long_press
    assert lp.open and lp.kind == "station" and lp.subject == station
    assert lp.lines[0] == board_of(st).stations[station].name
    assert f"+{pts} point" in lp.lines[2], lp.lines
    assert len(st.log) == logged and [list(t) for t in st.tokens] == tokens, "a long press placed a token"
    assert app.screen.get_rect().contains(lp.rect)
    driver.tap(x, y)  # the next press closes the card
    assert not lp.open


def test_a_short_tap_on_a_station_shows_no_card(app, driver):
    scene = table(app)
    station, _pts, _line = a_scoring_station(scene.state)
    driver.tap(*station_point(scene, station))
    assert not scene.long_press.open


def test_a_station_out_of_reach_says_so(app):
    scene = table(app)
    st = scene.state
    board = board_of(st)
    ln = st.players[st.current].lines[0]
    first = next(c for li, c, cost in legal_placements(st) if li == ln)
    apply(st, PlaceTrack(ln, first))
    reach = {s for li, c, _ in legal_placements(st) if li == ln for s in board.conn_ends[c]}
    far = next(s for s in range(len(board.stations)) if s not in reach)
    colour = st.lines[ln].colour
    assert station_outlook(st, board, far, ln) == f"Not reachable by {colour} now."
    here = board.conn_ends[first][0]
    assert station_outlook(st, board, here, ln) == f"The {colour} line already reaches it."


@pytest.mark.parametrize("seat,edge", list(enumerate(EDGES4)))
def test_holding_a_score_shows_points_by_kind_facing_that_seat(app, driver, seat, edge):
    scene = table(app)
    st = scene.state
    st.players[seat].points = {"national_rail": 2, "terminus": 4}
    st.players[seat].score = 6
    panel = scene.panels[seat]
    panel.layout(st, scene.panel_view(seat))
    r = panel.controls["_id"]
    x, y = panel.to_screen(r.x + r.w * 0.3, r.centery)
    hold(driver, x, y)
    lp = scene.long_press
    assert lp.open and lp.kind == "score" and lp.subject == seat
    assert lp.facing.rotation == EDGE_ROTATION[edge]
    assert lp.lines[0] == "Ada: 6 points".replace("Ada", st.players[seat].name)
    assert "National Rail: 2" in lp.lines and "Terminus: 4" in lp.lines
    assert len(st.log) == 0


def test_a_finger_that_moves_is_not_a_long_press(app, driver):
    scene = table(app)
    station, _pts, _line = a_scoring_station(scene.state)
    x, y = station_point(scene, station)
    driver.finger("down", x, y, 950)
    driver.step(2)
    driver.finger("move", x + 60 * app.scale, y, 950)
    driver.step(round((LONG_PRESS_S + 0.2) / 0.05), dt=0.05)
    driver.finger("up", x + 60 * app.scale, y, 950)
    assert not scene.long_press.open


def test_paris_station_card_names_the_reward_to_choose(app, driver):
    """Paris asks for a terminus reward after the placement: the card says so rather than "+0"."""
    from game.engine.events import ChoiceNeeded

    scene = table(app, "paris", ["bottom", "top"])
    st = scene.state
    board = board_of(st)
    line = st.players[st.current].lines[0]
    for li, c, cost in legal_placements(st):
        if li != line:
            continue
        copy = st.copy()
        copy.actions_left = 4
        asked = [e for e in apply(copy, PlaceTrack(li, c)) if isinstance(e, ChoiceNeeded) and e.kind == "reward"]
        if asked:
            station = asked[0].station
            break
    else:
        raise AssertionError("no terminus reachable")
    scene.selected[st.current] = line
    hold(driver, *station_point(scene, station))
    lp = scene.long_press
    assert lp.open and "terminus reward to choose" in lp.lines[2] and len(st.log) == 0
    assert "terminus" in lp.lines[1]


@pytest.mark.parametrize("map_id", ["paris", "newyork"])
def test_holding_a_station_s_name_opens_its_card_and_places_nothing(app, driver, map_id):
    """On a small board (1280x720, four seats) a finger on a name, away from the station's own disc, asks
    about that station: its card opens, and lifting the finger places no token, even where the name lies
    near a track space."""
    app.resize(1280, 720)
    scene = table(app, map_id)
    st = scene.state
    bv = scene.board_view
    names = bv.label_rects()
    tried = 0
    for station, r in enumerate(names):
        if r.w <= 0 or not bv.rect.contains(r):
            continue
        x, y = r.center
        if bv.station_at(x, y) is not None or any(
                o.collidepoint(x, y) for j, o in enumerate(names) if j != station):
            continue  # the disc itself, or a point two names share
        logged, tokens = len(st.log), [list(t) for t in st.tokens]
        hold(driver, x, y)
        lp = scene.long_press
        assert lp.open and lp.kind == "station" and lp.subject == station, (bv.board.stations[station].name, lp.subject)
        assert len(st.log) == logged and [list(t) for t in st.tokens] == tokens, "a long press on a name placed a token"
        driver.tap(*bv.rect.topleft)  # closes the card
        tried += 1
        if tried == 6:
            break
    assert tried == 6
