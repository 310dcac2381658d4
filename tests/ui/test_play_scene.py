"""The play screen driven headless by real touch and mouse events through the App's event queue."""
from __future__ import annotations

import msgspec
import pygame
import pytest

from game.ai import make_bot
from game.engine import ChooseRoute, TakeBranch, apply, new_game
from game.engine import events as ev
from game.engine.passenger import route_options
from game.engine.rules import board_of, legal_placements, placement_cost, rules_of
from game.engine.actions import IllegalAction
from game.ui.app import FIXED_DT
from game.ui.play_scene import HOP_S, PlayScene, bench_frames
from game.ui.seats import SeatConfig


def snapshot(state) -> bytes:
    return msgspec.msgpack.encode(state)


def two_seats(computer_second: bool = False):
    return [SeatConfig(name="Ada", edge="bottom"), SeatConfig(name="Bea", edge="top", computer=computer_second)]


def start(app, state, seats=None) -> PlayScene:
    scene = PlayScene(app, state, seats or two_seats())
    app.push(scene)
    app.step(FIXED_DT)
    return scene


def fresh(seed: int = 3):
    st = new_game("london", ["Ada", "Bea"], seed=seed, start_player=0)
    return st


def last_action_position(want_tie: bool, min_hops: int = 2):
    """A real position, reached with engine actions, where player 0 takes the last action of a turn and
    taking a branch tile then either asks for a route choice (a tie) or moves the passenger without one."""
    for seed in range(200):
        st = fresh(seed)
        bot = make_bot("random", seed)
        for _ in range(300):
            if st.phase == "over":
                break
            if st.phase == "actions" and st.actions_left == 1 and st.current == 0:
                c = st.copy()
                evs = apply(c, TakeBranch())
                moved = [e for e in evs if isinstance(e, ev.PassengerMoved)]
                if want_tie and c.phase == "route" and not moved:
                    return st
                if (not want_tie and c.phase == "actions" and len(moved) == 1
                        and len(moved[0].hops) >= min_hops):
                    return st
            apply(st, bot.choose(st))
    raise AssertionError("no such position found")


def run_until(app, cond, limit_s: float = 30.0) -> int:
    steps = 0
    while not cond():
        app.step(FIXED_DT)
        steps += 1
        assert steps < limit_s / FIXED_DT, "timed out waiting"
    return steps


# ------------------------------------------------------------------------------------------------


def test_select_line_then_place_token(app, driver):
    st = fresh()
    scene = start(app, st)
    lines = st.players[0].lines
    driver.tap(*scene.point_for_line_swatch(lines[1]))
    assert scene.selected[0] == lines[1]
    c = board_of(st).connection("Bank", "Moorgate")
    driver.tap(*scene.point_for_connection(c))
    assert st.tokens[c] == [lines[1]]
    assert st.actions_left == 2
    assert scene.pops  # the token pops in


def test_mouse_click_places_too(app, driver):
    st = fresh()
    scene = start(app, st)
    c = board_of(st).connection("Bank", "Moorgate")
    driver.click(*scene.point_for_connection(c))
    assert st.tokens[c] == [scene.selected[0]]


def test_illegal_tap_shows_the_engine_message_and_changes_nothing(app, driver):
    st = fresh()
    scene = start(app, st)
    b = board_of(st)
    line = scene.selected[0]
    driver.tap(*scene.point_for_connection(b.connection("Bank", "Moorgate")))
    before = snapshot(st)
    far = b.connection("Heathrow", "Hounslow")
    with pytest.raises(IllegalAction) as why:
        placement_cost(st, line, far)
    x, y = scene.point_for_connection(far)
    driver.tap(x, y)
    assert snapshot(st) == before
    said = str(why.value)
    assert scene.toasts and scene.toasts[-1].text == said[0].upper() + said[1:]  # the engine's words, a sentence
    assert scene.toasts[-1].text[0].isupper()
    assert abs(scene.toasts[-1].x - x) < 1 and abs(scene.toasts[-1].y - y) < 1  # near the finger
    run_until(app, lambda: not scene.toasts, limit_s=3.0)  # it fades by itself


def test_undo_and_take_branch(app, driver):
    st = fresh()
    scene = start(app, st)
    c = board_of(st).connection("Bank", "Moorgate")
    driver.tap(*scene.point_for_connection(c))
    assert st.tokens[c]
    driver.tap(*scene.point_for_button(0, "undo"))
    assert st.tokens[c] == [] and st.actions_left == 3
    driver.tap(*scene.point_for_button(0, "branch"))
    assert st.players[0].branch_tiles == 1 and st.actions_left == 2
    driver.tap(*scene.point_for_button(0, "undo"))
    assert st.players[0].branch_tiles == 0
    before = snapshot(st)
    driver.tap(*scene.point_for_button(0, "undo"))  # nothing left to undo: the button does nothing
    assert snapshot(st) == before


def test_only_the_active_panel_acts(app, driver):
    st = fresh()
    scene = start(app, st)
    before = snapshot(st)
    driver.tap(*scene.point_for_button(1, "branch"))  # the top seat, rotated 180 degrees
    driver.tap(*scene.point_for_line_swatch(st.players[1].lines[0]))
    assert snapshot(st) == before
    assert scene.selected.get(1) is None


def test_two_panels_pressed_at_once(app, driver):
    st = fresh()
    scene = start(app, st)
    a = scene.point_for_button(0, "branch")
    b = scene.point_for_button(1, "branch")
    driver.finger("down", *a, finger_id=1)
    driver.finger("down", *b, finger_id=2)
    driver.finger("up", *b, finger_id=2)
    driver.finger("up", *a, finger_id=1)
    driver.step(2)
    assert st.players[0].branch_tiles == 1
    assert st.players[1].branch_tiles == 0


def test_drag_from_board_onto_a_panel_does_nothing(app, driver):
    st = fresh()
    scene = start(app, st)
    before = snapshot(st)
    c = board_of(st).connection("Bank", "Moorgate")
    x0, y0 = scene.point_for_connection(c)
    x1, y1 = scene.point_for_button(0, "branch")
    driver.finger("down", x0, y0, finger_id=7)
    for i in range(1, 6):
        driver.finger("move", x0 + (x1 - x0) * i / 5, y0 + (y1 - y0) * i / 5, finger_id=7)
    driver.finger("up", x1, y1, finger_id=7)
    driver.step(2)
    assert snapshot(st) == before


def test_panels_hit_test_through_their_rotation(app):
    """What is drawn under each control's point is that control: the rotation and its inverse agree."""
    st = new_game("london", 4, seed=2, start_player=0)
    seats = [SeatConfig(name=f"P{i}", edge=e) for i, e in enumerate(["bottom", "left", "top", "right"])]
    scene = start(app, st, seats)
    scene.draw(app.screen)
    from game.ui import theme as th

    for p, panel in enumerate(scene.panels):
        for li in st.players[p].lines:
            name = f"line:{li}"
            x, y = scene.point_for_line_swatch(li)
            assert panel.hit(x, y) == name
            r = panel.controls[name]
            want = th.line_rgb(st.lines[li].colour)
            hits = 0
            for fu in (0.15, 0.3, 0.7, 0.85):
                for fv in (0.15, 0.3, 0.7, 0.85):
                    sx, sy = panel.to_screen(r.x + r.w * fu, r.y + r.h * fv)
                    c = app.screen.get_at((int(sx), int(sy)))
                    hits += all(abs(c[i] - want[i]) < 40 for i in range(3))
            assert hits >= 6, (panel.edge, st.lines[li].colour, hits)
        for u, v in ((3, 4), (50, 20)):
            assert panel.to_local(*panel.to_screen(u, v)) == pytest.approx((u, v))


def test_touch_targets_are_at_least_48px_at_1080p(app):
    app.resize(1920, 1080)
    st = new_game("london", 5, seed=2, start_player=0)
    scene = start(app, st)  # five seats: two share the bottom edge
    for panel in scene.panels:
        for name, r in panel.controls.items():
            if not name.startswith("_"):
                assert min(r.w, r.h) >= 48, (panel.edge, name, r)
    bottoms = [p for p in scene.panels if p.edge == "bottom"]
    assert len(bottoms) == 2 and not bottoms[0].rect.colliderect(bottoms[1].rect)


def test_preview_before_the_last_action(app):
    st = last_action_position(want_tie=False)
    scene = start(app, st)
    kind = rules_of(st).passenger_moves(st, board_of(st))[0]
    want = route_options(st, board_of(st), kind)
    got = scene.preview_options()
    assert [(o.destination, o.lines) for o in got] == [(o.destination, o.lines) for o in want]
    view = scene._panel_view(0)
    assert view.would_score == frozenset(li for li in want[0].lines if st.lines[li].owner == 0)


def test_passenger_travels_hop_by_hop_and_a_tap_speeds_it_up(app, driver):
    st = last_action_position(want_tie=False, min_hops=3)
    copy = st.copy()
    scene = start(app, st)
    driver.tap(*scene.point_for_button(0, "branch"))
    assert scene.animating and scene.blocking
    hops = len(scene.travels[0].hops)
    slow = run_until(app, lambda: not scene.blocking)
    assert slow * FIXED_DT >= hops * HOP_S * 0.8
    assert st.current == 1 and scene._panel_view(1).active
    # the same turn again, with a tap during the journey
    app.pop()
    scene2 = start(app, copy)
    driver.tap(*scene2.point_for_button(0, "branch"))
    driver.tap(*scene2.board_view.rect.center)
    fast = run_until(app, lambda: not scene2.blocking)
    assert fast < slow * 0.6


def test_taps_during_the_journey_never_act(app, driver):
    st = last_action_position(want_tie=False, min_hops=3)
    scene = start(app, st)
    driver.tap(*scene.point_for_button(0, "branch"))
    assert scene.blocking and st.current == 1  # the engine has moved on; the table has not
    before = snapshot(st)
    driver.tap(*scene.point_for_button(1, "branch"))
    driver.tap(*scene.point_for_button(0, "branch"))
    driver.tap(*scene.point_for_button(0, "undo"))
    free = next(c for li, c, _ in legal_placements(st))
    driver.tap(*scene.point_for_connection(free))
    assert snapshot(st) == before
    scene.skip_animations()
    assert not scene.animating
    assert scene.shown_score == [p.score for p in st.players]
    driver.tap(*scene.point_for_button(1, "branch"))  # now it is Bea's turn on the table too
    assert st.players[1].branch_tiles == before_tiles(before, 1) + 1


def before_tiles(blob: bytes, player: int) -> int:
    from game.engine.state import GameState

    return msgspec.msgpack.decode(blob, type=GameState).players[player].branch_tiles


def test_resize_mid_journey(app, driver):
    st = last_action_position(want_tie=False, min_hops=3)
    scene = start(app, st)
    driver.tap(*scene.point_for_button(0, "branch"))
    driver.step(20)
    app.resize(1920, 1080)
    driver.step(5)
    app.resize(1280, 720)
    app.resize(3840, 2160)
    run_until(app, lambda: not scene.animating)
    assert scene.board_view.rect.w > 2000
    c = next(c for li, c, _ in legal_placements(st))
    assert scene.board_view.hit_test(*scene.point_for_connection(c)) == c
    driver.tap(*scene.point_for_connection(c))
    assert st.tokens[c]


def test_route_choice_with_a_tie(app, driver):
    st = last_action_position(want_tie=True)
    scene = start(app, st)
    driver.tap(*scene.point_for_button(0, "branch"))
    run_until(app, lambda: not scene.blocking)
    assert st.phase == "route" and len(st.options) >= 2
    options = [(o.destination, list(o.lines)) for o in st.options]
    # the other seat cannot choose
    before = snapshot(st)
    driver.tap(*scene.point_for_button(0, "route:1"))  # first tap previews
    assert scene.route_preview == 1 and snapshot(st) == before
    driver.tap(*scene.point_for_button(0, "route:0"))  # another option: preview moves
    assert scene.route_preview == 0 and snapshot(st) == before
    driver.tap(*scene.point_for_button(0, "route:1"))
    driver.tap(*scene.point_for_button(0, "route:1"))  # second tap on the previewed one chooses it
    assert st.phase != "route" or st.options != options
    assert options[1][0] in st.discard  # the chosen destination was reached (and its card left the game)
    run_until(app, lambda: not scene.animating)


def test_with_a_mouse_a_click_previews_and_a_second_click_chooses_as_the_panel_says(app, driver):
    st = last_action_position(want_tie=True)
    scene = start(app, st)
    driver.click(*scene.point_for_button(0, "branch"))
    run_until(app, lambda: not scene.blocking)
    x, y = scene.point_for_button(0, "route:0")
    driver.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(x), int(y)), rel=(0, 0), buttons=(0, 0, 0),
                                   touch=False))
    assert scene.hover_route == 0 and scene.route_preview is None  # hover only shows it
    before = snapshot(st)
    dest = st.options[0].destination
    driver.click(x, y)  # the first click previews, like a tap
    assert scene.route_preview == 0 and snapshot(st) == before and st.phase == "route"
    driver.click(x, y)  # the second click on the previewed option chooses it
    assert st.passenger == dest or dest in st.discard


def test_scoring_feedback_floats_to_the_panel(app, driver):
    st = fresh()
    scene = start(app, st)
    b = board_of(st)
    plain = {"standard", "express"}
    c = next(i for i, con in enumerate(b.connections)
             if ({"terminus"} == set(b.stations[con.a].kinds) and set(b.stations[con.b].kinds) <= plain)
             or ({"terminus"} == set(b.stations[con.b].kinds) and set(b.stations[con.a].kinds) <= plain))
    driver.tap(*scene.point_for_connection(c))
    assert st.players[0].score == 2 and st.players[0].branch_tiles == 1
    assert scene.floats and scene.shown_score[0] == 0  # the points are still on their way
    run_until(app, lambda: not scene.floats, limit_s=3)
    assert scene.shown_score[0] == 2


def test_computer_seat_plays_at_a_readable_pace(app, driver):
    st = fresh()
    scene = start(app, st, two_seats(computer_second=True))
    for _ in range(3):
        driver.tap(*scene.point_for_button(0, "branch"))
    run_until(app, lambda: not scene.blocking)
    assert st.current == 1
    n0 = len(st.log)
    steps = run_until(app, lambda: st.current == 0 and not scene.blocking, limit_s=60)
    made = len(st.log) - n0
    assert made >= 5
    assert steps * FIXED_DT >= 5 * 0.6 * 0.9  # one action about every 0.6 s
    before = snapshot(st)
    driver.tap(*scene.point_for_button(1, "branch"))  # a computer seat's panel never acts
    assert snapshot(st) == before


def test_wheel_zoom_and_drag_pan_never_place(app, driver):
    st = fresh()
    scene = start(app, st)
    before = snapshot(st)
    cx, cy = scene.board_view.rect.center
    driver.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(cx, cy), rel=(0, 0), buttons=(0, 0, 0), touch=False))
    driver.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=4, precise_x=0.0, precise_y=4.0, flipped=False,
                                   touch=False, which=0))
    assert scene.board_view.zoom > 1.5
    vx, vy = scene.board_view.vx0, scene.board_view.vy0
    driver.finger("down", cx, cy, finger_id=3)
    for i in range(1, 6):
        driver.finger("move", cx - 30 * i, cy - 20 * i, finger_id=3)
    driver.finger("up", cx - 150, cy - 100, finger_id=3)
    driver.step(40)  # the zoom gesture settles and the board is redrawn crisp
    assert (scene.board_view.vx0, scene.board_view.vy0) != (vx, vy)
    assert snapshot(st) == before
    assert not scene.board_view.interactive


def test_pinch_zoom(app, driver):
    st = fresh()
    scene = start(app, st)
    cx, cy = scene.board_view.rect.center
    driver.finger("down", cx - 50, cy, finger_id=1)
    driver.finger("down", cx + 50, cy, finger_id=2)
    for i in range(1, 6):
        driver.finger("move", cx - 50 - 20 * i, cy, finger_id=1)
        driver.finger("move", cx + 50 + 20 * i, cy, finger_id=2)
    driver.finger("up", cx - 150, cy, finger_id=1)
    driver.finger("up", cx + 150, cy, finger_id=2)
    assert scene.board_view.zoom > 1.5


def test_names_face_the_active_seat_on_request(app, driver):
    st = fresh()
    scene = start(app, st)
    driver.key(pygame.K_n)
    scene.draw(app.screen)
    assert scene.board_view.names_facing == "bottom"
    for _ in range(3):
        driver.tap(*scene.point_for_button(0, "branch"))
    run_until(app, lambda: not scene.animating)
    scene.draw(app.screen)
    assert scene.board_view.names_facing == "top"


def test_view_buttons_turn_names_and_fit_the_board(app, driver):
    st = fresh()
    scene = start(app, st)
    before = snapshot(st)
    driver.tap(*scene.board_buttons()["names"].center)
    assert scene.names_mode == "active"
    scene.draw(app.screen)
    assert scene.board_view.names_facing == "bottom"
    cx, cy = scene.board_view.rect.center
    driver.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(cx, cy), rel=(0, 0), buttons=(0, 0, 0), touch=False))
    driver.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, precise_x=0.0, precise_y=3.0, flipped=False,
                                   touch=False, which=0))
    assert "fit" in scene.board_buttons()
    driver.tap(*scene.board_buttons()["fit"].center)
    assert scene.board_view.zoom == 1.0 and "fit" not in scene.board_buttons()
    driver.tap(*scene.board_buttons()["names"].center)
    assert scene.names_mode == "upright"
    assert snapshot(st) == before  # view controls never change the game


def test_game_over_leads_to_the_end_scene(app, driver):
    from game.ui.screens.end import EndScene

    st = fresh(5)
    bot = make_bot("random", 5)
    # play with the engine until the very last action of the game is player 0's or 1's to take
    while True:
        if st.phase == "actions" and st.actions_left == 1 and st.end_triggered and st.current == 1:
            break
        apply(st, bot.choose(st))
    scene = start(app, st)
    driver.tap(*scene.point_for_button(1, "branch"))
    if st.phase == "route":
        run_until(app, lambda: not scene.blocking)
        driver.tap(*scene.point_for_button(1, "route:0"))
        driver.tap(*scene.point_for_button(1, "route:0"))
    assert st.phase == "over"
    assert scene.animating or isinstance(app.top, EndScene)
    run_until(app, lambda: isinstance(app.top, EndScene), limit_s=20)


def test_bench_frames_measures_a_travelling_passenger():
    ms = bench_frames((1280, 720), frames=30)
    assert len(ms) == 30 and all(m > 0 for m in ms)


@pytest.mark.parametrize("size", [(640, 360), (1280, 720), (3840, 2160)])
def test_every_seat_count_draws_at_any_size(app, size):
    app.resize(*size)
    for n in (2, 3, 4, 5):
        st = new_game("london", n, seed=n, start_player=0)
        bot = make_bot("random", n)
        for _ in range(30):
            apply(st, bot.choose(st))
        while st.phase == "route":  # the active panel would show route options instead of its lines
            apply(st, ChooseRoute(0))
        scene = start(app, st)
        scene.draw(app.screen)
        for p, panel in enumerate(scene.panels):
            assert app.screen.get_rect().contains(panel.rect)
            for li in st.players[p].lines:
                pt = scene.point_for_line_swatch(li)
                assert pt is not None and panel.hit(*pt) == f"line:{li}"
        app.pop()


def test_partial_redraws_leave_no_trails(app, driver):
    """Frames that restore only what moved look exactly like a full redraw, during and after a journey."""
    st = last_action_position(want_tie=False, min_hops=3)
    scene = start(app, st)
    c = next(c for li, c, _ in legal_placements(st) if li == scene.selected[0])
    driver.tap(*scene.point_for_connection(c))  # floats and a pop
    driver.tap(*scene.point_for_button(0, "branch"))  # the last action: the passenger sets off
    checks = 0
    while scene.animating:
        driver.step(7)
        partial = pygame.image.tobytes(app.screen, "RGB")
        scene._full_next = True
        scene.draw(app.screen)
        assert pygame.image.tobytes(app.screen, "RGB") == partial, f"stale pixels after {checks} checks"
        checks += 1
        assert checks < 400
    assert checks > 5
    driver.step(2)
    partial = pygame.image.tobytes(app.screen, "RGB")
    scene._full_next = True
    scene.draw(app.screen)
    assert pygame.image.tobytes(app.screen, "RGB") == partial


# ------------------------------------------------------------------------------------------------
# what the table shows besides the board (issue 7 item 5)


def play_until(st, cond, seed: int = 1, limit: int = 3000):
    bot = make_bot("random", seed)
    for _ in range(limit):
        if cond(st) or st.phase == "over":
            return st
        apply(st, bot.choose(st))
    return st


def test_every_panel_shows_the_cards_left_and_the_start_player(app):
    st = new_game("london", ["Ada", "Bea", "Cy"], seed=4, start_player=1)
    scene = start(app, st, [SeatConfig(name=n, edge=e) for n, e in zip(["Ada", "Bea", "Cy"], ["bottom", "left", "top"])])
    app.step(FIXED_DT)
    for i, panel in enumerate(scene.panels):
        view = scene.panel_view(i)
        assert view.deck == len(st.deck)
        assert view.start_player == (i == 1)
        shown = [text for text, _ in panel.notes(view)][:panel.shown_notes]
        assert f"Deck: {len(st.deck)}" in shown  # drawn, not only known
        assert ("1st player" in shown) == (i == 1)
    before = len(st.deck)
    while len(st.deck) == before:  # a turn ends and destinations are drawn
        scene.act(make_bot("random", 2).choose(st))
        scene.skip_animations()
    app.step(FIXED_DT)
    assert all(scene.panel_view(i).deck == len(st.deck) < before for i in range(3))


def test_the_first_editions_starting_scores_are_noted_in_the_first_round(app):
    st = new_game("london", ["Ada", "Bea", "Cy"], seed=4, start_player=2, variant="classic")
    scene = start(app, st, [SeatConfig(name=n, edge=e) for n, e in zip(["Ada", "Bea", "Cy"], ["bottom", "left", "top"])])
    for i in range(3):
        seat = (i - 2) % 3
        assert st.players[i].score == seat
        assert scene.panel_view(i).note == f"Started on {seat} point{'' if seat == 1 else 's'}"
    play_until(st, lambda s: s.turn >= 3)
    scene.skip_animations()
    assert all(scene.panel_view(i).note == "" for i in range(3))
    st2 = new_game("london", ["Ada", "Bea"], seed=4)  # the second edition starts everyone on 0: no note
    scene2 = PlayScene(app, st2, two_seats())
    assert scene2.panel_view(0).note == "" and scene2.panel_view(1).note == ""


def test_when_the_end_is_triggered_every_seat_gets_a_notice_and_the_panels_say_last_turn(app):
    from game.engine.rules import last_player
    from game.ui.seats import EDGE_ROTATION

    st = new_game("london", ["Ada", "Bea", "Cy", "Dan"], seed=6, start_player=0)
    seats = [SeatConfig(name=n, edge=e) for n, e in zip(["Ada", "Bea", "Cy", "Dan"], ["bottom", "left", "top", "right"])]
    scene = start(app, st, seats)
    bot = make_bot("random", 6)
    while not st.end_triggered:
        assert all(scene.panel_view(i).last_turn == "" for i in range(4))
        scene.act(bot.choose(st))
        scene.skip_animations()
    assert len(scene.anim.notices) == 4
    assert sorted(t.angle for t in scene.anim.notices) == sorted(EDGE_ROTATION[s.edge] for s in seats)
    last = st.players[last_player(st)].name
    # each copy says it is the last round and, where the board has room for more than that heading (the
    # panels' "Last turn" / "Turns over" pills then say whose), after whose turn the game ends
    assert all("Last round" in t.text for t in scene.anim.notices)
    assert all(last in t.text or t.text == "Last round" for t in scene.anim.notices)
    assert any(last in t.text for t in scene.anim.notices)
    order = [(p - st.setup.start_player) % 4 for p in range(4)]
    for i in range(4):
        want = "last" if order[i] >= order[st.current] else "done"
        assert scene.panel_view(i).last_turn == want
        shown = [t for t, _ in scene.panels[i].notes(scene.panel_view(i))]
        assert shown[0] == ("Last turn" if want == "last" else "Turns over")
    while st.phase != "over":
        scene.act(bot.choose(st))
        scene.skip_animations()
    assert all(scene.panel_view(i).last_turn == "" for i in range(4))


def test_the_preview_shows_both_passenger_moves_as_the_engine_will_make_them(app):
    """Before the last action: express then standard, each with its lines; taking a branch tile (which
    changes no track) then moves the passenger exactly so."""
    from game.ui.play.turns import TurnFlow

    checked = 0
    for seed in range(40):
        st = fresh(seed)
        tf = TurnFlow(st, two_seats())
        bot = make_bot("random", seed)
        for _ in range(400):
            if st.phase == "over":
                break
            if st.phase == "actions" and st.actions_left == 1:
                tf.version += 1
                legs = tf.preview_legs(False)
                if len(legs) == 2 and all(len(leg.options) == 1 for leg in legs):
                    assert [leg.kind for leg in legs] == ["express", "standard"]
                    c = st.copy()
                    moved = [e for e in apply(c, TakeBranch()) if isinstance(e, ev.PassengerMoved)]
                    assert [(m.destination, tuple(m.lines)) for m in moved] == [
                        (leg.options[0].destination, tuple(leg.options[0].lines)) for leg in legs]
                    assert tf.would_score(False) == frozenset(li for leg in legs for li in leg.options[0].lines)
                    checked += 1
            apply(st, bot.choose(st))
        if checked >= 5:
            break
    assert checked >= 5


def test_the_scene_marks_both_moves_and_each_seat_its_lines(app):
    for seed in range(60):
        st = fresh(seed)
        play_until(st, lambda s: s.phase == "actions" and s.actions_left == 1 and len(s.log) > 20
                   and len(rules_of(s).passenger_moves(s, board_of(s))) == 2, seed=seed)
        if st.phase == "over":
            continue
        scene = start(app, st)
        legs = scene.preview_legs()
        if len(legs) == 2 and all(len(leg.options) == 1 and leg.options[0].lines for leg in legs):
            lines = {li for leg in legs for li in leg.options[0].lines}
            for i in range(2):
                assert scene.panel_view(i).would_score == frozenset(li for li in lines if st.lines[li].owner == i)
            app.step(FIXED_DT)
            assert len(scene.overlays.tags) == 2  # a tag for each move
            app.pop()
            return
        app.pop()
    raise AssertionError("no position with two scoring moves found")


def test_no_preview_or_journey_once_a_classic_passenger_has_left(app):
    from game.engine.state import NO_PASSENGER

    st = new_game("london", ["Ada", "Bea"], seed=2, start_player=0, variant="classic")
    scene = start(app, st)
    bot = make_bot("random", 2)
    left = False
    while st.phase != "over":
        if st.passenger == NO_PASSENGER:
            left = True
            assert scene.preview_legs() == [] and scene.preview_options() == []
        events = apply_through(scene, bot.choose(st))
        if left:
            assert not any(isinstance(e, ev.PassengerMoved) for e in events) and not scene.travels
        if any(isinstance(e, ev.PassengerLeft) for e in events):
            scene.skip_animations()
            assert any("leaves the board" in t.text for t in scene.anim.notices)
        scene.skip_animations()
        app.step(FIXED_DT)  # draws: nothing may index station -1
    assert left


def apply_through(scene, action) -> list:
    """Act through the scene and return the engine's events (the scene's own hook sees them)."""
    seen = []
    orig = scene.on_engine_events
    scene.on_engine_events = lambda events: seen.extend(events)
    try:
        assert scene.act(action)
    finally:
        scene.on_engine_events = orig
    return seen


# ------------------------------------------------------------------------------------------------
# computer seats leave a trace and play at the chosen speed (issue 7 item 8)


def test_the_last_turns_tokens_stay_marked_until_the_next_turn_ends(app):
    st = fresh(5)
    scene = start(app, st, [SeatConfig(name="Ada", edge="bottom", computer=True),
                            SeatConfig(name="Bea", edge="top", computer=True)])
    turn = st.turn
    placed = []
    while st.turn == turn:
        before = len(st.log)
        scene.play_computer_turn()
        placed += [(a.line, a.connection) for a in st.log[before:] if hasattr(a, "connection")]
        scene.skip_animations()
    assert scene.turns.last_turn_tokens == placed
    app.step(FIXED_DT)
    key = scene.board_overlays_key()
    assert key is not None and key[1] == tuple(placed)
    scene.play_computer_turn()  # the next turn's first action: the marks stay
    scene.skip_animations()
    assert scene.turns.last_turn_tokens == placed
    if placed:  # the marks are drawn beside each token, outside it
        line, conn = placed[0]
        bv = scene.board_view
        surf = pygame.Surface(app.size)
        surf.fill((0, 255, 0))
        scene.overlays.draw_last_turn(surf, bv, st, [(line, conn)], app.scale)
        p, q = bv.lane_segments(conn, st.tokens[conn].index(line))[0]
        mid = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
        assert surf.get_at((round(mid[0]), round(mid[1])))[:3] == (0, 255, 0)  # the token itself is not covered
        assert pygame.mask.from_threshold(surf, (0, 255, 0), (1, 1, 1, 255)).count() < surf.get_width() * surf.get_height()


@pytest.mark.parametrize("speed, lo, hi", [("slow", 1, 1), ("normal", 3, 3), ("fast", 9, 10)])
def test_computer_speed_sets_the_pause_between_actions(app, speed, lo, hi):
    st = fresh(7)
    seats = [SeatConfig(name="Ada", edge="bottom", computer=True), SeatConfig(name="Bea", edge="top", computer=True)]
    scene = PlayScene(app, st, seats, computer_speed=speed)
    app.push(scene)
    acted = 0
    t = 0.0
    while t < 2.0 - 1e-9:
        n = len(st.log)
        scene.update(FIXED_DT)
        t += FIXED_DT
        if len(st.log) != n:
            acted += 1
            scene.skip_animations()  # the passenger's journeys are not what is measured
    assert lo <= acted <= hi, acted


def test_an_unknown_computer_speed_plays_at_normal(app, caplog):
    from game.ui.play.turns import COMPUTER_SPEEDS

    scene = PlayScene(app, fresh(), two_seats(True), computer_speed="ludicrous")
    assert scene.turns.bot_delay == COMPUTER_SPEEDS["normal"] and "ludicrous" in caplog.text


# ------------------------------------------------------------------------------------------------
# panels on a crowded edge, the banner and the score tags (issue 7 item 8)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("arrangement", ["table", "laptop"])
def test_five_panels_keep_touch_sized_buttons_and_whole_labels(app, size, arrangement):
    from game.ui.seats import default_edges
    from game.ui.theme import ui_scale

    app.resize(*size)
    k = ui_scale(*size)
    names = ["Ada", "Bea", "Cy", "Dan", "Eve"]
    st = new_game("london", names, seed=3, start_player=0)
    seats = [SeatConfig(name=n, edge=e) for n, e in zip(names, default_edges(5, arrangement))]
    scene = start(app, st, seats)
    app.step(FIXED_DT)
    for i, panel in enumerate(scene.panels):
        panel.render(st, scene.panel_view(i))
        for name in ("branch", "undo"):  # a laptop's are on its action bar (play/action_bar.py)
            r = panel.controls[name] if arrangement == "table" else scene.bar.controls[name]
            assert min(r.w, r.h) >= round(48 * k), (i, name, r)
        assert panel.cut_labels == [], (i, panel.mode)
        assert app.screen.get_rect().contains(panel.rect)
        for a in [c for n, c in panel.controls.items() if not n.startswith("_")]:
            assert pygame.Rect(0, 0, *panel.upright_size).contains(a), (i, a)
    assert scene.board_view.rect.h >= size[1] // 3


def test_route_options_fit_a_crowded_panel(app):
    from game.ui.seats import default_edges

    st = last_action_position(want_tie=True)
    names = [p.name for p in st.players]
    scene = start(app, st, [SeatConfig(name=n, edge=e) for n, e in zip(names, default_edges(2, "laptop"))])
    apply(st, TakeBranch())
    scene.skip_animations()
    assert st.phase == "route"
    bar = scene.bar  # a laptop's: the route's buttons are on its action bar (play/action_bar.py)
    bar.layout(st, scene.panel_view(0), 0, scene.panels[0].has_hint)
    box = pygame.Rect(0, 0, *bar.rect.size)
    for i in range(len(st.options)):
        r = bar.controls[f"route:{i}"]
        assert box.contains(r) and r.h >= round(48 * app.scale)



@pytest.mark.parametrize("arrangement", ["table", "laptop"])
def test_the_deck_count_stays_on_the_panel_while_choosing_a_route(app, arrangement):
    from game.ui.seats import default_edges

    st = last_action_position(want_tie=True)
    scene = start(app, st, [SeatConfig(name=p.name, edge=e) for p, e in zip(st.players, default_edges(2, arrangement))])
    apply(st, TakeBranch())
    scene.skip_animations()
    assert st.phase == "route"
    view = scene.panel_view(st.current)
    panel = scene.panels[st.current]
    panel.render(st, view)
    assert "_status" in panel.controls and panel.shown_notes >= 1
    assert f"Deck: {len(st.deck)}" in [t for t, _ in panel.notes(view)][:panel.shown_notes]
    routes = [r for n, r in panel.controls.items() if n.startswith("route:")]
    assert not any(r.colliderect(panel.controls["_status"]) for r in routes)


def test_the_banner_and_the_score_tags_cover_no_station_name(app):
    """Over many real positions the banner finds a place on its seat's side that hides no name or symbol,
    and every score tag hides no name."""
    checked = 0
    for seed in range(12):
        st = fresh(seed)
        play_until(st, lambda s: s.phase == "actions" and s.actions_left == 1 and len(s.log) > 10 + seed * 3,
                   seed=seed)
        if st.phase == "over":
            continue
        scene = start(app, st)
        app.step(FIXED_DT)
        assert scene.overlays.banner_hidden == 0, seed
        names = [n.inflate(-2, -2) for n in scene.board_view.label_rects() if n.w > 2 and n.h > 2]
        for tag in scene.overlays.tags:
            assert not any(tag.colliderect(n) for n in names), (seed, tag)
        checked += bool(scene.overlays.tags)
        app.pop()
    assert checked >= 6


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("arrangement", ["table", "laptop"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_computer_seats_name_is_shown_whole(app, size, arrangement, players):
    """"Player 2 (computer)" on panels sharing an edge at 1280x720 was cut to "Player 2 (comput…": the
    name takes room the row does not need, smaller sizes, then a second line, before it is ever cut."""
    from game.ui.seats import default_edges

    app.resize(*size)
    names = [f"Player {i + 1}" for i in range(players)]
    st = new_game("london", names, seed=3, start_player=0)
    seats = [SeatConfig(name=n, edge=e, computer=i > 0, level="normal")
             for i, (n, e) in enumerate(zip(names, default_edges(players, arrangement)))]
    scene = start(app, st, seats)
    for i, panel in enumerate(scene.panels):
        panel.render(st, scene.panel_view(i))
        assert not panel.name_cut, (i, panel.mode, panel.name_lines)
        assert " ".join(panel.name_lines) == panel.shown_name(st)
        assert panel.cut_labels == [], (i, panel.mode)


def test_a_name_is_cut_only_when_no_size_or_second_line_fits():
    from game.ui import theme as th
    from game.ui.panel import MIN_NAME_PX, fit_name

    fonts = th.Fonts()
    name = "Player 2 (computer)"
    f, lines = fit_name(fonts, name, 2000, 1.0)
    assert lines == [name] and f.get_height() >= fonts.get(24, True).get_height()
    one_line_min = fonts.get(MIN_NAME_PX, True).size(name)[0]
    f, lines = fit_name(fonts, name, one_line_min - 1, 1.0)
    assert lines == ["Player 2", "(computer)"], lines
    assert max(f.size(t)[0] for t in lines) <= one_line_min - 1
    f, lines = fit_name(fonts, name, 20, 1.0)
    assert len(lines) == 1 and lines[0].endswith("…")
    f, lines = fit_name(fonts, "Ada", 2000, 0.3)  # a tiny window: never below the readable floor
    assert f.get_height() >= fonts.get(MIN_NAME_PX, True).get_height()


@pytest.mark.parametrize("edge", ["bottom", "left", "top", "right"])
def test_route_callouts_face_the_seat_whose_turn_it_is(app, edge):
    """The would-be route's score tags ("express scores…") are turned to face the acting seat: upside down for
    the top seat, sideways for the side seats (drawn upright and turned, the same tag to the pixel)."""
    import random as _random

    from game.engine import legal_actions as _legal
    from game.engine import apply as _apply
    from game.ui.play import previews
    from game.ui.seats import EDGE_ROTATION, SeatConfig

    edges = ["bottom", "left", "top", "right"]
    seat = edges.index(edge)
    st = new_game("london", ["A", "B", "C", "D"], seed=9, start_player=seat)
    rng = _random.Random(9)
    while st.actions_left > 1:
        _apply(st, rng.choice([a for a in _legal(st) if type(a).__name__ == "PlaceTrack"]))
    scene = PlayScene(app, st, [SeatConfig(name=n, edge=e) for n, e in zip("ABCD", edges)])
    app.push(scene)
    app.step(FIXED_DT)
    assert st.current == seat and scene.preview_legs(), "the turn's last action: the route is previewed"
    surf = pygame.Surface(app.size)
    surf.fill((30, 30, 30))
    previews.draw_overlays(scene, surf)
    tags = list(scene.overlays.tags)
    assert tags and scene.overlays.facing == EDGE_ROTATION[edge]
    for box in tags:
        assert (box.h > box.w) == (edge in ("left", "right")), f"{box} does not lie along the {edge} seat"
    # the same tag drawn upright, turned, is what the table shows
    leg = scene.preview_legs()[0]
    k = app.scale
    scene.overlays.facing = 0
    upright = pygame.Surface(app.size)
    upright.fill((30, 30, 30))
    u_box = scene.overlays.score_tag(upright, scene.board_view, st, leg.options[0], k, label="x")
    scene.overlays.facing = EDGE_ROTATION[edge]
    turned = pygame.Surface(app.size)
    turned.fill((30, 30, 30))
    t_box = scene.overlays.score_tag(turned, scene.board_view, st, leg.options[0], k, label="x")
    inset = round(10 * k)
    want = pygame.transform.rotate(upright.subsurface(u_box).copy(), EDGE_ROTATION[edge])
    got = turned.subsurface(t_box).copy()
    assert want.get_size() == got.get_size()
    inner = pygame.Rect(0, 0, *got.get_size()).inflate(-2 * inset, -2 * inset)
    assert pygame.image.tobytes(want.subsurface(inner), "RGB") == pygame.image.tobytes(got.subsurface(inner), "RGB")


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_every_refusal_is_a_sentence_with_a_capital(app, driver, lang):
    """Each refusal the table can show starts with a capital in every language: a tap off the line's ends,
    a tap with no line chosen, undo with nothing to undo."""
    from game import i18n
    from game.engine import Undo as _Undo

    assert i18n.set_language(lang) == lang
    try:
        st = fresh()
        scene = start(app, st)
        b = board_of(st)
        driver.tap(*scene.point_for_connection(b.connection("Bank", "Moorgate")))
        driver.tap(*scene.point_for_connection(b.connection("Heathrow", "Hounslow")))  # off the line's ends
        scene.selected[st.current] = None
        driver.tap(*scene.point_for_connection(b.connection("Heathrow", "Hounslow")))  # no line chosen
        scene.act(_Undo())
        scene.act(_Undo())  # nothing left to undo
        texts = [t.text for t in scene.anim.toasts]
        assert len(texts) >= 3, texts
        assert all(t[0].isupper() for t in texts), texts
    finally:
        i18n.set_language("en")
