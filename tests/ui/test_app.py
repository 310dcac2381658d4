"""The App: fixed-step loop, drawing only when needed, the scene stack, resize and quitting."""
from __future__ import annotations

import pygame
import pytest

from game.ui.app import FIXED_DT, MAX_CATCHUP, App
from game.ui.scene import DOWN, UP, Scene
from game.ui.theme import px


class Probe(Scene):
    """Records what the App does to it."""

    def __init__(self, app, opaque=True, consume=True):
        super().__init__(app)
        self.opaque = opaque
        self.consume = consume
        self.calls: list[str] = []
        self.pointers = []
        self.keys = []
        self.updates = 0
        self.draws = 0
        self.sizes = []

    def enter(self):
        self.calls.append("enter")

    def exit(self):
        self.calls.append("exit")

    def pause(self):
        self.calls.append("pause")

    def resume(self):
        super().resume()
        self.calls.append("resume")

    def on_pointer(self, ev):
        self.pointers.append(ev)
        return self.consume

    def on_key(self, ev):
        self.keys.append(ev)
        return self.consume

    def on_resize(self, w, h):
        super().on_resize(w, h)
        self.sizes.append((w, h))

    def update(self, dt):
        assert dt == FIXED_DT
        self.updates += 1

    def draw(self, surface):
        self.draws += 1
        surface.fill((10, 20, 30))


def test_fixed_steps_follow_real_time_and_cap_catch_up(app):
    p = app.push(Probe(app))
    for _ in range(60):
        app.step(1 / 60)
    assert p.updates in (119, 120, 121)
    assert app.time == pytest.approx(p.updates * FIXED_DT)
    before = p.updates
    app.step(0.4)  # a stall: only a bounded catch-up, the rest is dropped
    assert p.updates - before == MAX_CATCHUP
    app.step(0.0)
    assert p.updates - before == MAX_CATCHUP


def test_draws_only_when_dirty_or_animating(app):
    p = app.push(Probe(app))
    assert app.step(FIXED_DT) is True
    assert p.draws == 1 and not p.dirty
    assert app.step(FIXED_DT) is False
    assert app.step(FIXED_DT) is False
    p.dirty = True
    assert app.step(FIXED_DT) is True
    p.animating = True
    assert app.step(FIXED_DT) and app.step(FIXED_DT)
    assert p.draws == 4
    assert len(app.frame_stats) == 4 and all(ms >= 0 for ms in app.frame_stats)
    assert app.screen.get_at((5, 5))[:3] == (10, 20, 30)


def test_stack_lifecycle(app):
    a = app.push(Probe(app))
    b = app.push(Probe(app))
    assert app.top is b and a.calls == ["enter", "pause"] and b.calls == ["enter"]
    assert app.pop() is b
    assert b.calls == ["enter", "exit"] and a.calls[-1] == "resume" and a.dirty
    c = Probe(app)
    app.replace(c)
    assert a.calls[-1] == "exit" and app.scenes == [c]
    app.running = True
    app.pop()
    assert app.top is None and not app.running


def test_events_stop_at_the_consumer_and_at_opaque_scenes(app, driver):
    base = app.push(Probe(app))
    overlay = app.push(Probe(app, opaque=False, consume=False))
    driver.tap(50, 50)
    assert [e.phase for e in overlay.pointers] == [DOWN, UP]
    assert [e.phase for e in base.pointers] == [DOWN, UP]  # passed down: the overlay did not take it
    overlay.consume = True
    driver.tap(50, 50)
    assert len(base.pointers) == 2
    # an opaque top hides the scenes below from input
    top = app.push(Probe(app, opaque=True, consume=False))
    driver.tap(50, 50)
    assert len(top.pointers) == 2 and len(overlay.pointers) == 4


def test_non_opaque_overlay_draws_over_the_scene_below(app):
    base = app.push(Probe(app))
    over = app.push(Probe(app, opaque=False))
    app.step(FIXED_DT)
    assert base.draws == 1 and over.draws == 1
    over.dirty = True
    app.step(FIXED_DT)
    assert base.draws == 2  # everything visible is redrawn under a changed overlay


def test_a_press_on_one_screen_does_not_act_on_the_next(app, driver):
    class Leaver(Probe):
        def on_pointer(self, ev):
            super().on_pointer(ev)
            if ev.phase == DOWN:
                self.app.replace(nxt)
            return True

    nxt = Probe(app)
    app.push(Leaver(app))
    driver.finger("down", 100, 100, 1)
    driver.finger("up", 100, 100, 1)
    assert nxt.pointers == []
    driver.tap(100, 100)  # the next gesture is the new screen's
    assert [e.phase for e in nxt.pointers] == [DOWN, UP]


def test_resize_reaches_every_scene_and_rescales(app):
    a = app.push(Probe(app))
    b = app.push(Probe(app, opaque=False))
    app.resize(1920, 1080)
    assert a.sizes == b.sizes == [(1920, 1080)]
    assert app.size == (1920, 1080) and app.scale == 1.0 and px(48) == 48
    app.post_and_step([pygame.event.Event(pygame.VIDEORESIZE, w=3840, h=2160, size=(3840, 2160))])
    assert app.screen.get_size() == (3840, 2160) and app.scale == 2.0 and px(48) == 96
    assert a.sizes[-1] == (3840, 2160)
    app.resize(100, 100)  # below the minimum: clamped, never a zero-size surface
    assert app.size[0] >= 640 and app.size[1] >= 360


def quit_events():
    ctrl_q = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=pygame.KMOD_LCTRL, unicode="", scancode=0)
    alt_f4 = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F4, mod=pygame.KMOD_LALT, unicode="", scancode=0)
    return [pygame.event.Event(pygame.QUIT), ctrl_q, alt_f4]


@pytest.mark.parametrize("which", range(3))
def test_quit_leaves_the_loop(app, which):
    app.push(Probe(app))
    app.running = True
    app.post_and_step([quit_events()[which]])
    assert not app.running


def test_kiosk_mode_ignores_every_way_out(app):
    p = app.push(Probe(app))
    app.kiosk_mode = True
    app.running = True
    esc = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=0)
    app.post_and_step(quit_events() + [esc])
    assert app.running
    assert p.keys == []  # Esc never reaches a scene on the kiosk
    assert app.quit() is False


def test_escape_reaches_the_scene_outside_kiosk_mode(app, driver):
    p = app.push(Probe(app))
    driver.key(pygame.K_ESCAPE)
    assert [e.key for e in p.keys if e.type == pygame.KEYDOWN] == [pygame.K_ESCAPE]


def test_heartbeat_is_called_every_loop_and_may_fail(app, caplog):
    beats = []
    app.heartbeat = lambda: beats.append(app.time)
    app.push(Probe(app))
    for _ in range(5):
        app.step(FIXED_DT)
    assert len(beats) == 5

    def broken():
        raise RuntimeError("watchdog pipe closed")

    app.heartbeat = broken
    app.step(FIXED_DT)
    assert "heartbeat hook failed" in caplog.text


def test_run_until_the_scene_quits():
    app = App(size=(800, 600), headless=True)

    class Quitter(Probe):
        def update(self, dt):
            super().update(dt)
            if self.updates >= 3:
                self.app.quit()

    q = app.push(Quitter(app))
    assert app.run() == 0
    assert q.updates >= 3 and q.draws >= 1
    app.scenes.clear()


def test_fullscreen_and_missing_display_fall_back_safely():
    app = App(size=None, fullscreen=True, display=7, headless=True)
    assert app.display == 0 and app.size[0] >= 640
    app.scenes.clear()


def test_sigterm_stops_the_loop_even_in_kiosk_mode():
    import signal

    app = App(size=(800, 600), headless=True, kiosk_mode=True)
    before = signal.getsignal(signal.SIGTERM)

    class Terminated(Probe):
        def update(self, dt):
            super().update(dt)
            if self.updates == 3:
                signal.raise_signal(signal.SIGTERM)  # what a supervisor sends

    t = app.push(Terminated(app))
    assert app.run() == 0
    assert t.updates >= 3
    assert signal.getsignal(signal.SIGTERM) is before  # the handler is put back
    app.scenes.clear()


def test_theme_identities_are_unique_and_complete():
    from game.engine.state import TOKEN_SUPPLY
    from game.ui import theme

    assert set(theme.LINE_COLOURS) == set(theme.LINE_LETTERS) == set(theme.LINE_PATTERNS) == set(TOKEN_SUPPLY)
    assert len(set(theme.LINE_LETTERS.values())) == 11
    assert len(set(theme.LINE_PATTERNS.values())) == 11
    assert len(set(theme.LINE_COLOURS.values())) == 11
    for c in ("white", "grey", "yellow"):
        assert sum(theme.line_outline(c)) < 200  # light tokens get a dark edge


def test_scaling_helpers():
    from game.ui import theme

    assert theme.ui_scale(1920, 1080) == 1.0
    assert theme.ui_scale(3840, 2160) == 2.0
    assert theme.ui_scale(1280, 1024) == pytest.approx(1280 / 1920)  # the narrower side decides
    assert theme.px(48, 1.0) == 48 and theme.px(48, 2.0) == 96 and theme.px(0.1, 1.0) == 1
    assert theme.touch_px(1.0) >= 48
    big = theme.gui_theme(2.0)
    small = theme.gui_theme(1.0)
    assert int(big["button"]["font"]["size"]) == 2 * int(small["button"]["font"]["size"])
    assert big["button"]["font"]["regular_path"].endswith("DejaVuSans.ttf")


def test_fonts_are_bundled_cached_and_sized(app):
    f = app.fonts.get(40, bold=True)
    assert app.fonts.get(40, bold=True) is f
    assert app.fonts.get(40) is not f
    assert f.get_height() > app.fonts.get(20, bold=True).get_height()
    from game.ui.theme import FONTS_DIR

    assert (FONTS_DIR / "DejaVu-LICENSE.txt").exists()


def test_swatches_differ_without_colour():
    """Drawn in grey scale, every line's chip still looks different (pattern and letter)."""
    from game.ui import theme

    pygame.font.init()
    font = pygame.font.Font(str(theme.FONT_BOLD), 20)
    seen = set()
    for c in theme.LINE_COLOURS:
        s = pygame.Surface((60, 36))
        theme.draw_swatch(s, s.get_rect(), c, font)
        grey = pygame.transform.grayscale(s)
        mask = bytes(1 if grey.get_at((x, y))[0] > 128 else 0 for x in range(60) for y in range(36))
        seen.add(mask)
    assert len(seen) == 11


def test_scenes_returning_changed_rects_are_drawn(app, monkeypatch):
    class Partial(Probe):
        def draw(self, surface):
            super().draw(surface)
            return [pygame.Rect(0, 0, 10, 10)]

    sent = []
    real_update, real_flip = pygame.display.update, pygame.display.flip
    monkeypatch.setattr(pygame.display, "update", lambda rects: (sent.append(list(rects)), real_update(rects)))
    monkeypatch.setattr(pygame.display, "flip", lambda: (sent.append("all"), real_flip()))
    p = app.push(Partial(app))
    assert app.step(FIXED_DT)
    p.dirty = True
    assert app.step(FIXED_DT)
    app.push(Probe(app, opaque=False))  # an overlay that returns nothing: whole frames again
    app.step(FIXED_DT)
    assert sent == ["all", [pygame.Rect(0, 0, 10, 10)], "all"]


def test_f11_toggles_fullscreen_and_back_to_the_window_it_was(app, driver):
    """F11 fills the screen and, pressed again, gives back the window at its size; the scenes hear of both."""
    sizes = []

    class Watch(Scene):
        def on_resize(self, w, h):
            sizes.append((w, h))

    app.push(Watch(app))
    windowed = app.size
    driver.key(pygame.K_F11)
    app.step(FIXED_DT)
    assert app.fullscreen and app._flags & pygame.FULLSCREEN
    assert sizes and sizes[-1] == app.size
    driver.key(pygame.K_F11)
    app.step(FIXED_DT)
    assert not app.fullscreen and not app._flags & pygame.FULLSCREEN and app.size == windowed
    assert sizes[-1] == windowed


def test_f11_does_nothing_in_the_kiosk(app, driver):
    app.kiosk_mode = True
    try:
        driver.key(pygame.K_F11)
        app.step(FIXED_DT)
        assert not app.fullscreen
    finally:
        app.kiosk_mode = False
