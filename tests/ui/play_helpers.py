"""Driving a whole game through the play screen, shared by the London and Berlin full-game tests."""
from __future__ import annotations

STEP = 8 / 120  # one app step = 8 fixed updates


def settle(app, scene, limit=2000):
    """Step until the passenger has arrived and the screen shows whose turn it really is."""
    for _ in range(limit):
        if app.top is not scene or (not scene.blocking and scene._shown_current == scene.state.current):
            return
        app.step(STEP)
    raise AssertionError("the play screen never settled")


def press(driver, point, by_mouse: bool):
    """A tap or a mouse click on ``point`` (a control the screen says is there)."""
    assert point is not None, "the control is not on screen"
    x, y = point
    if by_mouse:
        driver.click(x, y)
    else:
        driver.tap(x, y)
