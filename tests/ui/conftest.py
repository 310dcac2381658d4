"""Headless UI tests: dummy SDL drivers set before pygame is imported, one App per test, and a
``Driver`` that posts real touch and mouse events through the real event queue."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui.app import FIXED_DT, App  # noqa: E402


class Driver:
    """Posts events the way SDL delivers them and steps the app after each."""

    def __init__(self, app: App):
        self.app = app
        self._finger = 100

    def step(self, n: int = 1, dt: float = FIXED_DT) -> None:
        for _ in range(n):
            self.app.step(dt)

    def post(self, *events) -> None:
        self.app.post_and_step(events)

    # touch -----------------------------------------------------------------------------------
    def _norm(self, x, y):
        w, h = self.app.size
        return x / (w - 1), y / (h - 1)

    def finger(self, kind: str, x: float, y: float, finger_id: int, touch_id: int = 1, synthesise: bool = True):
        """One finger event, followed (as SDL does) by the mouse event it synthesises, which must be dropped."""
        nx, ny = self._norm(x, y)
        et = {"down": pygame.FINGERDOWN, "move": pygame.FINGERMOTION, "up": pygame.FINGERUP}[kind]
        evs = [pygame.event.Event(et, x=nx, y=ny, dx=0.0, dy=0.0, touch_id=touch_id, finger_id=finger_id,
                                  pressure=1.0)]
        if synthesise:
            mt = {"down": pygame.MOUSEBUTTONDOWN, "move": pygame.MOUSEMOTION, "up": pygame.MOUSEBUTTONUP}[kind]
            extra = {"button": 1} if kind != "move" else {"buttons": (1, 0, 0), "rel": (0, 0)}
            evs.append(pygame.event.Event(mt, pos=(int(x), int(y)), touch=True, which=0xFFFFFFFF, **extra))
        self.post(*evs)

    def tap(self, x: float, y: float, hold_steps: int = 2) -> None:
        """A finger tap, with the synthesised mouse events SDL adds."""
        self._finger += 1
        f = self._finger
        self.finger("down", x, y, f)
        self.step(hold_steps)
        self.finger("up", x, y, f)
        self.step(2)
        self.finish_loading()

    def finish_loading(self) -> None:
        """A progress screen (Start game, Watch) puts the screen it prepares in its place at once."""
        from game.ui.loading import LoadingScene

        if isinstance(self.app.top, LoadingScene):
            self.app.top.finish_now()

    def tap_rect(self, rect) -> None:
        r = pygame.Rect(rect)
        self.tap(r.centerx, r.centery)

    # mouse -----------------------------------------------------------------------------------
    def click(self, x: float, y: float) -> None:
        p = (int(x), int(y))
        self.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0), touch=False))
        self.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1, touch=False))
        self.step(2)
        self.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=1, touch=False))
        self.step(2)
        self.finish_loading()

    def click_rect(self, rect) -> None:
        r = pygame.Rect(rect)
        self.click(r.centerx, r.centery)

    def key(self, key: int, mod: int = 0, unicode: str = "") -> None:
        self.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0))
        self.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0))


@pytest.fixture
def driver(app):
    return Driver(app)


@pytest.fixture
def saving_app():
    """Apps that save their games (in the test's own data dir; ``save_games=False``: one that does not), each with
    its Driver, closed afterwards."""
    made = []

    def make(save_games=True):
        a = App(size=(1280, 720), headless=True, save_games=save_games)
        pygame.event.clear()
        made.append(a)
        return a, Driver(a)

    yield make
    for a in made:
        a.close()
