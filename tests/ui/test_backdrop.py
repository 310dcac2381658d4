"""The play screen's backdrop after a window resize: the seat panels are drawn afresh one a frame (their
last picture scaled meanwhile), and once they are all drawn the window equals a full redraw."""
from __future__ import annotations

import pygame

from game.ai import make_bot
from game.engine import apply, new_game


def _table(app):
    from game.ui.play_scene import PlayScene
    from game.ui.seats import SeatConfig, default_edges

    st = new_game("london", 4, seed=5)
    bot = make_bot("random", 5)
    for _ in range(40):
        apply(st, bot.choose(st))
    while st.phase != "actions":
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
    app.post_and_step([pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))])
    assert app.size == (w, h)
    assert [p.renders for p in panels] == before, "the resize's own frame draws no panel afresh"
    assert all(p.stand_ins > 0 for p in panels)
    # every panel shown at its new place and size, scaled, with its controls laid out for the new size
    assert all(scene.backdrop.surf.get_rect().contains(p.rect) for p in panels)
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
    for _ in range(120):  # the board's own progressive rebuild finishes
        app.step(1 / 60)
    ref = pygame.Surface(app.size, 0, app.screen)
    scene.backdrop.invalidate()
    scene.draw(ref)
    assert pygame.image.tobytes(app.screen, "RGB") == pygame.image.tobytes(ref, "RGB")
