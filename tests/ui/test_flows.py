"""Issue 22 item 8, "consistent flows": where Rules, Log and Settings return to, what Esc does on the title and the
end screen, the set-up's toggle, board preview and seat names, the volume slider's track, and the replay viewer as
a viewer (opens at the start, nothing to play, a board as big as the play screen's)."""
from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.ui.screens.setup import SetupScene


def setup_scene(app, setup=None):
    return app.push(SetupScene(app, setup=setup))


# ---- the set-up ------------------------------------------------------------------------------------


def test_first_game_show_me_is_a_switch_that_shows_on_and_off(app, driver):
    """It once was a button whose only sign of being on was a tick in its words."""
    s = setup_scene(app)
    app.draw(force=True)
    b = s.buttons["guide"]
    assert "\u2713" not in b.text and not s.guide
    switch = s.draw_switch(app.screen, "guide", False)
    assert b.rect.contains(switch)
    off = app.screen.subsurface(switch).copy()
    driver.tap_rect(b.rect)
    assert s.guide and s.buttons["guide"].text == b.text  # the words stay; the switch says on
    app.draw(force=True)
    on = app.screen.subsurface(switch).copy()
    accent, white = pygame.Color(*app.theme.accent), pygame.Color(255, 255, 255)
    mid, left, right = switch.h // 2, switch.h // 2, switch.w - switch.h // 2
    assert on.get_at((left, mid)) == accent and on.get_at((right, mid)) == white  # on: filled, knob right
    assert off.get_at((left, mid)) == white and off.get_at((right, mid)) != accent  # off: grey, knob left
    # the words start after the switch, not under it
    layout = b.drawable_shape.text_box_layout
    assert b.rect.x + layout.layout_rect.x >= switch.right


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
def test_the_setup_shows_a_preview_of_the_chosen_board(app, driver, size):
    app.resize(*size)
    s = setup_scene(app)
    driver.tap_rect(s.buttons["players_plus"].rect)
    while len(s.setup.seats) < 5:
        driver.tap_rect(s.buttons["players_plus"].rect)
    app.draw(force=True)
    r = s.preview_rect()
    assert r.w >= app.px(150) and r.h >= app.px(100)
    assert app.screen.get_rect().contains(r)
    for key, b in s.buttons.items():  # beside every button and the words, never under them
        assert not b.rect.colliderect(r), key
    for key, lab in s.labels.items():
        assert not lab.rect.colliderect(r), key
    shots = {}
    seen = set()
    while s.setup.map not in seen:
        seen.add(s.setup.map)
        app.draw(force=True)
        shots[s.setup.map] = pygame.image.tobytes(app.screen.subsurface(s.preview_rect()), "RGB")
        driver.tap_rect(s.buttons["map"].rect)
    assert len(shots) >= 4 and len(set(shots.values())) == len(shots)  # each board its own picture
