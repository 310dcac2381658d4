"""The play screen's backdrop after a window resize: the seat panels are drawn afresh one a frame (their
last picture scaled meanwhile), and once they are all drawn the window equals a full redraw."""
from __future__ import annotations

import pygame

from game.ai import make_bot
from game.engine import apply, new_game


def _table(app, actions_left: int | None = None):
    from game.ui.play_scene import PlayScene
    from game.ui.seats import SeatConfig, default_edges

    st = new_game("london", 4, seed=5)
    bot = make_bot("random", 5)
    for _ in range(40):
        apply(st, bot.choose(st))
    while st.phase != "actions" or actions_left not in (None, st.actions_left):
        apply(st, bot.choose(st))
    scene = PlayScene(app, st, [SeatConfig(name=p.name, edge=e) for p, e in zip(st.players, default_edges(4))])
    app.push(scene)
    for _ in range(5):
        app.step(1 / 60)
    return scene


def test_after_a_resize_the_panels_are_drawn_one_a_frame_then_equal_a_full_redraw(app):
    scene = _table(app)
    panels = scene.panels
    before = [p.renders for p in panels]
    w, h = round(app.size[0] * 0.8), round(app.size[1] * 0.8)
    shown = pygame.image.tobytes(app.screen, "RGB")
    stand_ins = [p.stand_ins for p in panels]
    assert app.post_and_step([pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))])
    assert app.size == (w, h) and app.screen.get_size() == (w, h)
    # the resize's own frame shows the last picture scaled to the new window (App._draw_stand_in) and
    # composes nothing: no panel drawn, not even scaled
    assert [p.renders for p in panels] == before and [p.stand_ins for p in panels] == stand_ins
    old = pygame.image.frombytes(shown, (round(w / 0.8), round(h / 0.8)), "RGB")
    assert pygame.image.tobytes(app.screen, "RGB") == pygame.image.tobytes(pygame.transform.scale(old, (w, h)), "RGB")
    app.step(1 / 60)  # the new layout: every panel scaled, none drawn afresh
    assert [p.renders for p in panels] == before, "the new layout's first frame draws no panel afresh"
    assert all(p.stand_ins > s for p, s in zip(panels, stand_ins))
    # every panel shown at its new place and size, scaled, with its controls laid out for the new size
    assert all(scene.backdrop.surf.get_rect().contains(p.rect) for p in panels)
    app.step(1 / 60)  # the banner and the route previews the resize left
    assert [p.renders for p in panels] == before, "the frame that places the banner draws no panel afresh"
    drawn = sum(before)
    target = drawn + len(panels)
    frames = 0
    while sum(p.renders for p in panels) < target:
        app.step(1 / 60)
        frames += 1
        now = sum(p.renders for p in panels)
        assert now - drawn <= 1, "at most one panel drawn afresh a frame"
        drawn = now
        assert frames <= 10
    assert frames == len(panels)
    _settle(app, scene)  # the board's own progressive rebuild finishes
    ref = pygame.Surface(app.size, 0, app.screen)
    scene.backdrop.invalidate()
    scene.draw(ref)
    assert pygame.image.tobytes(app.screen, "RGB") == pygame.image.tobytes(ref, "RGB")


def test_a_tap_that_leaves_one_action_spreads_panels_and_the_route_preview_over_frames(app):
    """The tap before the last action changes all four panels (the lines that would score), the banner and
    the would-be route: its own frame shows the token and at most one fresh panel, the rest follows a frame
    at a time, and the window ends as a full redraw draws it."""
    from game.engine.rules import legal_placements

    scene = _table(app, actions_left=2)
    st = scene.state
    for _ in range(30):
        app.step(1 / 60)
    assert not scene.backdrop.pending
    line = scene.selected[st.current]
    conn = next(c for li, c, _ in legal_placements(st) if li == line)
    x, y = scene.point_for_connection(conn)
    pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=x / (app.size[0] - 1), y=y / (app.size[1] - 1),
                                         dx=0.0, dy=0.0, touch_id=1, finger_id=790, pressure=1.0))
    app.step(1 / 60)
    before = sum(p.renders for p in scene.panels)
    pygame.event.post(pygame.event.Event(pygame.FINGERUP, x=x / (app.size[0] - 1), y=y / (app.size[1] - 1),
                                         dx=0.0, dy=0.0, touch_id=1, finger_id=790, pressure=1.0))
    assert app.step(1 / 60)
    assert st.actions_left == 1 and len(st.tokens[conn]) >= 1
    assert sum(p.renders for p in scene.panels) - before <= 1, "at most one panel drawn afresh in the tap's frame"
    assert scene.backdrop.marks_only, "the would-be route waits for the next frame"
    assert scene.backdrop.pending and scene.animating
    frames = 0
    while scene.backdrop.pending:
        drawn = sum(p.renders for p in scene.panels)
        app.step(1 / 60)
        assert sum(p.renders for p in scene.panels) - drawn <= 1
        frames += 1
        assert frames <= 8
    assert scene.backdrop._keys["previews"][0][0][0] is not None, "the would-be route is on the table"
    _settle(app, scene)
    ref = pygame.Surface(app.size, 0, app.screen)
    scene.backdrop.invalidate()
    scene.draw(ref)
    assert pygame.image.tobytes(app.screen, "RGB") == pygame.image.tobytes(ref, "RGB")


def _settle(app, scene, frames: int = 3000) -> None:
    """Frames until the board's new picture is finished and nothing is owed a drawing. A progressive rebuild
    works about 6 ms of wall time a frame, so on a loaded machine a new zoom's names take many more frames
    than on an idle one (a fixed count of frames made the comparison below flaky: the reference drawing's own
    slice could finish the picture the window still showed stretched)."""
    for _ in range(frames):
        app.step(1 / 60)
        if not scene.board_view.busy and not scene.backdrop.pending:
            break
    for _ in range(3):  # the banner and the previews placed again for the finished picture
        app.step(1 / 60)
    assert not scene.board_view.busy and not scene.backdrop.pending, "the board's picture never finished"


def test_the_banner_keeps_its_place_while_a_finger_pans_and_is_placed_again_after(app):
    scene = _table(app)
    scene.board_view.zoom_at(*scene.board_view.rect.center, 2.0)
    _settle(app, scene)
    at = scene.backdrop._keys["banner"][1]
    x, y = scene.board_view.rect.center
    fid = 880
    pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=x / (app.size[0] - 1), y=y / (app.size[1] - 1),
                                         dx=0.0, dy=0.0, touch_id=1, finger_id=fid, pressure=1.0))
    app.step(1 / 60)
    for k in range(1, 20):
        pygame.event.post(pygame.event.Event(pygame.FINGERMOTION, x=(x - 12 * k) / (app.size[0] - 1),
                                             y=(y - 7 * k) / (app.size[1] - 1), dx=0.0, dy=0.0, touch_id=1,
                                             finger_id=fid, pressure=1.0))
        app.step(1 / 60)
        assert scene.backdrop._keys["banner"][1] == at, "the banner stays put under a panning finger"
    view = scene.backdrop._banner_view
    pygame.event.post(pygame.event.Event(pygame.FINGERUP, x=(x - 240) / (app.size[0] - 1),
                                         y=(y - 140) / (app.size[1] - 1), dx=0.0, dy=0.0, touch_id=1,
                                         finger_id=fid, pressure=1.0))
    _settle(app, scene)
    assert scene.backdrop._banner_view != view, "placed again for the view the pan left"
    ref = pygame.Surface(app.size, 0, app.screen)
    scene.backdrop.invalidate()
    scene.draw(ref)
    assert pygame.image.tobytes(app.screen, "RGB") == pygame.image.tobytes(ref, "RGB")
