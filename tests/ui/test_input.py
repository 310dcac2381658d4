"""The pointer layer: one tap is one tap, fingers are independent, odd input never crashes."""
from __future__ import annotations

import math

import pygame
import pytest

from game.ui.pointer import MOUSE_PID, PointerLayer
from game.ui.scene import CANCEL, DOWN, MOVE, UP, Scene

SIZE = (1000, 500)


def finger(kind, x, y, fid, tid=1):
    et = {"down": pygame.FINGERDOWN, "move": pygame.FINGERMOTION, "up": pygame.FINGERUP}[kind]
    return pygame.event.Event(et, x=x, y=y, dx=0.0, dy=0.0, touch_id=tid, finger_id=fid, pressure=1.0)


def mouse(kind, pos, button=1, touch=False, **kw):
    et = {"down": pygame.MOUSEBUTTONDOWN, "move": pygame.MOUSEMOTION, "up": pygame.MOUSEBUTTONUP}[kind]
    extra = {"button": button} if kind != "move" else {"buttons": kw.pop("buttons", (0, 0, 0)), "rel": (0, 0)}
    return pygame.event.Event(et, pos=pos, touch=touch, **extra, **kw)


@pytest.fixture
def layer():
    return PointerLayer(clock=lambda: 1.5)


def feed_all(layer, events):
    out = []
    for e in events:
        out += layer.feed(e, SIZE)
    return out


def test_finger_tap_is_one_down_and_one_up_in_window_pixels(layer):
    evs = feed_all(layer, [finger("down", 0.5, 0.25, 7), mouse("down", (500, 125), touch=True),
                           finger("up", 0.5, 0.25, 7), mouse("up", (500, 125), touch=True)])
    assert [e.phase for e in evs] == [DOWN, UP]
    assert evs[0].pid == evs[1].pid != MOUSE_PID
    assert evs[0].is_touch and evs[0].t == 1.5
    assert evs[0].x == pytest.approx(0.5 * 999) and evs[0].y == pytest.approx(0.25 * 499)
    assert layer.active == []


def test_mouse_made_from_touch_is_dropped_by_touch_flag_and_by_sdl_id(layer):
    assert feed_all(layer, [mouse("down", (10, 10), touch=True)]) == []
    assert feed_all(layer, [mouse("down", (10, 10), which=0xFFFFFFFF)]) == []
    assert feed_all(layer, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, precise_x=0.0, precise_y=1.0,
                                               flipped=False, touch=True)]) == []
    real = feed_all(layer, [mouse("down", (10, 10))])
    assert [(e.pid, e.phase, e.is_touch) for e in real] == [(MOUSE_PID, DOWN, False)]


def test_two_fingers_are_independent(layer):
    evs = feed_all(layer, [
        finger("down", 0.1, 0.1, 1), finger("down", 0.9, 0.9, 2),
        finger("move", 0.2, 0.1, 1), finger("up", 0.9, 0.9, 2), finger("up", 0.2, 0.1, 1)])
    a, b = evs[0].pid, evs[1].pid
    assert a != b
    assert [(e.pid, e.phase) for e in evs] == [(a, DOWN), (b, DOWN), (a, MOVE), (b, UP), (a, UP)]
    assert evs[2].x == pytest.approx(0.2 * 999)


def test_same_finger_id_on_two_touch_devices_is_two_pointers(layer):
    evs = feed_all(layer, [finger("down", 0.1, 0.1, 0, tid=1), finger("down", 0.5, 0.5, 0, tid=2)])
    assert evs[0].pid != evs[1].pid
    assert len(layer.active) == 2


def test_pids_are_not_reused(layer):
    pids = []
    for _ in range(5):
        d, _u = feed_all(layer, [finger("down", 0.3, 0.3, 1), finger("up", 0.3, 0.3, 1)])
        pids.append(d.pid)
    assert len(set(pids)) == 5


def test_ten_fingers_at_once(layer):
    downs = feed_all(layer, [finger("down", i / 10, 0.5, i) for i in range(10)])
    assert len({e.pid for e in downs}) == 10
    ups = feed_all(layer, [finger("up", i / 10, 0.5, i) for i in reversed(range(10))])
    assert [e.phase for e in ups] == [UP] * 10
    assert {e.pid for e in ups} == {e.pid for e in downs}


def test_outside_window(layer):
    # a press outside is not ours; motion outside clamps; a release outside cancels
    assert feed_all(layer, [finger("down", 1.2, 0.5, 1)]) == []
    assert feed_all(layer, [finger("move", 1.2, 0.5, 1), finger("up", 1.2, 0.5, 1)]) == []
    d, m, u = feed_all(layer, [finger("down", 0.5, 0.5, 2), finger("move", -0.5, 2.0, 2), finger("up", -0.5, 2.0, 2)])
    assert (m.x, m.y) == (0.0, 499.0)
    assert u.phase == CANCEL
    assert feed_all(layer, [mouse("down", (-5, 20))]) == []
    d, u = feed_all(layer, [mouse("down", (5, 20)), mouse("up", (5000, 20))])
    assert (d.phase, u.phase, u.x) == (DOWN, CANCEL, 999.0)


def test_garbage_never_raises(layer):
    odd = [finger("down", float("nan"), 0.5, 1), finger("move", float("inf"), 0.5, 1),
           pygame.event.Event(pygame.FINGERDOWN), pygame.event.Event(pygame.MOUSEBUTTONDOWN),
           pygame.event.Event(pygame.MOUSEMOTION, pos=None), pygame.event.Event(pygame.MOUSEWHEEL),
           mouse("up", (1, 1)), finger("up", 0.5, 0.5, 99), pygame.event.Event(pygame.KEYDOWN, key=1)]
    for e in odd:
        for pe in layer.feed(e, SIZE):
            assert math.isfinite(pe.x) and math.isfinite(pe.y)
    assert layer.feed(finger("down", 0.5, 0.5, 3), (0, 0))  # a zero-size window is treated as 1x1


def test_lost_finger_up_cancels_before_the_new_press(layer):
    d1 = feed_all(layer, [finger("down", 0.1, 0.1, 4)])[0]
    c, d2 = feed_all(layer, [finger("down", 0.2, 0.2, 4)])
    assert (c.pid, c.phase) == (d1.pid, CANCEL)
    assert d2.phase == DOWN and d2.pid != d1.pid


def test_right_button_and_legacy_wheel_buttons_do_nothing(layer):
    assert feed_all(layer, [mouse("down", (5, 5), button=3), mouse("down", (5, 5), button=4),
                            mouse("up", (5, 5), button=3)]) == []


def test_mouse_drag_and_hover_are_moves_of_pid_minus_one(layer):
    hover = feed_all(layer, [mouse("move", (3, 4))])
    assert [(e.pid, e.phase) for e in hover] == [(MOUSE_PID, MOVE)]
    assert layer.active == []
    evs = feed_all(layer, [mouse("down", (3, 4)), mouse("move", (30, 40), buttons=(1, 0, 0)), mouse("up", (30, 40))])
    assert [e.phase for e in evs] == [DOWN, MOVE, UP]
    assert (evs[1].x, evs[1].y) == (30, 40)


def test_wheel_is_a_move_at_the_mouse_with_zoom_sign(layer):
    layer.feed(mouse("move", (200, 100)), SIZE)
    up = layer.feed(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, precise_x=0.0, precise_y=1.0, flipped=False), SIZE)
    flipped = layer.feed(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, precise_x=0.0, precise_y=1.0,
                                            flipped=True), SIZE)
    assert [(e.pid, e.phase, e.x, e.y, e.wheel) for e in up] == [(MOUSE_PID, MOVE, 200, 100, 1.0)]
    assert flipped[0].wheel == -1.0
    assert layer.feed(pygame.event.Event(pygame.MOUSEWHEEL, x=1, y=0, precise_x=1.0, precise_y=0.0,
                                         flipped=False), SIZE) == []


def test_two_finger_pinch_factor(layer):
    feed_all(layer, [finger("down", 0.4, 0.5, 1), finger("down", 0.6, 0.5, 2)])
    (m,) = layer.feed(finger("move", 0.8, 0.5, 2), SIZE)  # distance 0.2 -> 0.4 of the width
    assert m.pinch == pytest.approx(2.0, rel=0.01)
    (m,) = layer.feed(finger("move", 0.6, 0.5, 2), SIZE)
    assert m.pinch == pytest.approx(0.5, rel=0.01)
    # with a third finger down it is no longer a pinch
    layer.feed(finger("down", 0.1, 0.1, 3), SIZE)
    (m,) = layer.feed(finger("move", 0.9, 0.5, 2), SIZE)
    assert m.pinch == 1.0


def test_focus_loss_cancels_every_pointer(layer):
    feed_all(layer, [finger("down", 0.4, 0.5, 1), mouse("down", (5, 5))])
    evs = layer.feed(pygame.event.Event(pygame.WINDOWFOCUSLOST), SIZE)
    assert sorted(e.phase for e in evs) == [CANCEL, CANCEL]
    assert layer.active == []


class Recorder(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.events = []

    def on_pointer(self, ev):
        self.events.append(ev)
        return True


def test_through_the_app_a_tap_with_its_synthesised_mouse_reaches_the_scene_once(app, driver):
    rec = app.push(Recorder(app))
    driver.tap(300, 200)
    assert [e.phase for e in rec.events] == [DOWN, UP]
    assert rec.events[0].is_touch
    assert (round(rec.events[0].x), round(rec.events[0].y)) == (300, 200)


def test_through_the_app_two_people_tapping_at_once(app, driver):
    rec = app.push(Recorder(app))
    driver.finger("down", 100, 100, 1)
    driver.finger("down", 1100, 600, 2)
    driver.finger("up", 1100, 600, 2)
    driver.finger("up", 100, 100, 1)
    pids = {}
    for e in rec.events:
        pids.setdefault(e.pid, []).append(e.phase)
    assert sorted(pids.values()) == [[DOWN, UP], [DOWN, UP]]
