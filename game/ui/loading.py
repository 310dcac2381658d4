"""Waits that show progress: a screen's heavy preparation done in steps, a frame shown between them.

Opening the title at launch, the play screen after "Start game" and the replay viewer after "Watch" each take
from a few tenths of a second to a few seconds (modules to import, the station names to place, the board's
sheet to draw). A :class:`LoadingScene` stands in meanwhile: its first frame is drawn before any of the work,
and each later frame runs the work for about ``LOADING_SLICE_S`` and then draws the progress picture (a line
filling from station to station, a passenger travelling along it), so the window never freezes.

The work is a generator of *steps*: it yields a progress fraction (0..1) or None between steps and returns the
screen to show. ``import_steps``, ``spread`` and ``warm_steps`` make the common steps (docs/ui.md, "Waits").
"""
from __future__ import annotations

import importlib
import logging
import time
from typing import Callable, Generator, Iterable

import pygame

from .scene import Scene

log = logging.getLogger("underground.ui")

LOADING_SLICE_S = 0.03  # work this long, then show a frame (about 30 progress frames a second)
TRAVEL_S = 1.5  # the passenger's trip along the line, seconds (it rides there and back)
STOPS = 5  # stations on the progress line

Steps = Generator["float | None", None, "Scene | None"]


def progress_rect(size: tuple[int, int]) -> pygame.Rect:
    """Where the progress line is drawn: a band across the middle of the window."""
    w, h = size
    k = max(0.3, min(w / 1920, h / 1080))
    bw, bh = round(min(w * 0.6, 1000 * k)), round(60 * k)
    return pygame.Rect((w - bw) // 2, round(h * 0.55) - bh // 2, bw, bh)


def draw_progress(surface: pygame.Surface, theme, fraction: float, t: float, whole: bool = True,
                  title_font=None) -> pygame.Rect:
    """The progress picture: a grey line with stations, filled in the accent colour up to ``fraction``, and a
    passenger (a ringed disc) riding the line there and back (``t`` seconds since the wait began), so something
    moves on every frame even while the fraction stays. ``whole``: also clear the
    window (and draw the game's name with ``title_font``); else only the band is drawn. Returns the band."""
    rect = progress_rect(surface.get_size())
    if whole:
        surface.fill(theme.bg)
        if title_font is not None:
            img = title_font.render("On the Underground", True, theme.ink)
            surface.blit(img, img.get_rect(midbottom=(surface.get_width() // 2, rect.top - rect.h)))
    surface.fill(theme.bg, rect)
    fraction = max(0.0, min(1.0, fraction))
    y = rect.centery
    lw = max(3, rect.h // 6)
    x0, x1 = rect.x + rect.h // 2, rect.right - rect.h // 2
    xf = x0 + (x1 - x0) * fraction
    pygame.draw.line(surface, theme.panel_edge, (x0, y), (x1, y), lw)
    if xf > x0:
        pygame.draw.line(surface, theme.accent, (x0, y), (round(xf), y), lw)
    r = max(4, rect.h // 6)
    for k in range(STOPS):
        x = round(x0 + (x1 - x0) * k / (STOPS - 1))
        reached = x <= xf
        pygame.draw.circle(surface, theme.accent if reached else theme.panel_edge, (x, y), r)
        pygame.draw.circle(surface, theme.panel, (x, y), max(2, r - max(2, lw // 2)))
    # the passenger rides the whole line there and back at a steady speed (several pixels a frame)
    phase = (t / TRAVEL_S) % 2.0
    px = x0 + (x1 - x0) * (phase if phase <= 1.0 else 2.0 - phase)
    pr = max(6, rect.h // 3)
    pygame.draw.circle(surface, theme.ink, (round(px), y), pr)
    pygame.draw.circle(surface, theme.highlight, (round(px), y), max(3, pr - max(2, pr // 3)))
    return rect


def show_first_frame(screen: pygame.Surface, theme) -> float:
    """The launch's first frame, drawn as soon as the window is open (before the settings, the sound and the
    screens' modules load): the progress picture at its start. Returns when it was shown (``time.time()``)."""
    draw_progress(screen, theme, 0.0, 0.0)
    pygame.display.flip()
    return time.time()


class LoadingScene(Scene):
    """Runs ``steps`` a slice a frame, showing progress, then puts the screen they return in its place.

    ``on_done(scene)`` is called once that screen is shown; when a step raises, the screen ``on_error(exc)``
    returns is shown instead (without ``on_error`` the error propagates)."""

    opaque = True
    collect_on_enter = False  # the app's full memory tidy waits for the screen prepared here (app.py)

    def __init__(self, app, steps: Steps, on_done: Callable | None = None,
                 on_error: Callable[[Exception], Scene] | None = None, slice_s: float = LOADING_SLICE_S):
        super().__init__(app)
        self.steps = steps
        self.on_done = on_done
        self.on_error = on_error
        self.slice_s = slice_s
        self.progress = 0.0
        self.frames = 0  # progress frames drawn
        self.steps_run = 0
        self.done = False
        self.result: Scene | None = None
        self.error: Exception | None = None
        self._t0 = app.time  # the loop's clock: it follows real time, and tests' fixed steps
        self._font = None
        self._whole = False  # the next frame clears the window (after a resize)

    @property
    def animating(self) -> bool:
        return True  # a frame every pass until the work is done and the screen replaced

    def _work(self) -> None:
        """Run steps for about ``slice_s`` (at least one)."""
        end = time.perf_counter() + self.slice_s
        try:
            while True:
                got = next(self.steps)
                self.steps_run += 1
                if got is not None:
                    self.progress = max(self.progress, float(got))
                if time.perf_counter() >= end:
                    return
        except StopIteration as stop:
            self.result = stop.value
            self.progress = 1.0
            self.done = True
        except Exception as exc:  # noqa: BLE001 - handed to on_error, or raised again when there is none
            if self.on_error is None:
                raise
            log.exception("preparing the next screen failed")
            self.error = exc
            self.done = True

    def update(self, dt: float) -> None:
        if self.done and self.app.top is self:
            self._finish()

    def finish_now(self) -> None:
        """The rest of the work at once, without frames or the loop's clock moving: test drivers that tap
        Start game or Watch and go on at once (timers such as the kiosk's idle countdown stay where they were)."""
        while not self.done:
            self._work()
        self._finish()

    def _finish(self) -> None:
        """The work is done: its screen in this one's place (on an error, the one ``on_error`` gives)."""
        app = self.app
        if self.error is not None:
            app.replace(self.on_error(self.error))
            return
        app.replace(self.result)
        if self.on_done is not None:
            self.on_done(self.result)

    def on_resize(self, w: int, h: int) -> None:
        self._whole = True  # the new window is cleared and drawn whole (the prepared screen lays itself out anew)
        self.dirty = True

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        first = self.frames == 0
        whole, self._whole = first or self._whole, False
        if not first and not self.done:
            self._work()  # the first frame is shown before any work
        if whole:
            self._font = self.app.fonts.get(self.app.px(72), True)
        rect = draw_progress(surface, self.app.theme, self.progress, self.app.time - self._t0, whole=whole,
                             title_font=self._font)
        self.frames += 1
        return None if whole else [rect]


def open_loading(app, steps: Steps, on_done: Callable | None = None,
                 on_error: Callable[[Exception], Scene] | None = None) -> LoadingScene:
    """Show progress in place of the current screen while ``steps`` prepare the next one."""
    scene = LoadingScene(app, steps, on_done, on_error)
    app.replace(scene) if app.scenes else app.push(scene)
    return scene


# ------------------------------------------------------------------------------------------------
# common steps


def import_steps(modules: Iterable[str], a: float = 0.0, b: float = 0.3) -> Generator[float, None, None]:
    """Import each module (most costly last: its own imports come first), a step each."""
    modules = list(modules)
    for k, name in enumerate(modules):
        importlib.import_module(name)
        yield a + (b - a) * (k + 1) / max(1, len(modules))


def spread(job: Iterable, a: float, b: float, expected: int) -> Generator[float, None, None]:
    """A job that yields now and then (the names' placement, the sheet), its progress from ``a`` towards
    ``b`` by the yields made of about ``expected``."""
    n = 0
    for _ in job:
        n += 1
        yield a + (b - a) * min(0.95, n / max(1, expected))
    yield b


def board_steps(view, a: float, b: float) -> Generator[float, None, None]:
    """A board view's station names placed and its static sheet drawn, in their own small steps (the first
    picture of a board is then only the state layer, painted over the sheet)."""
    names, sheet = view.names, view.sheet
    mid = a + (b - a) * 0.7
    key = names.wanted()
    if key != names.key:
        yield from spread(names.job(key), a, mid, 1000)  # (a crowded board at 1080p: ~1 300 steps)
    prepare = getattr(view.city, "prepare_job", None)  # a city's own work before its sheet (New York's clusters)
    if prepare is not None:
        yield from spread(prepare(view), mid, mid, 1)
    skey = sheet.wanted()
    if not sheet.fits(skey):
        yield from spread(sheet.job(skey), mid, b, 30)
    yield b


def warm_steps(app, scene: Scene, a: float = 0.5, b: float = 1.0) -> Generator[float, None, None]:
    """The scene's first picture drawn off screen in steps (its board first, when it has one), so the frame
    that shows it only copies what is ready."""
    view = getattr(scene, "board_view", None)
    if view is not None:
        yield from board_steps(view, a, a + (b - a) * 0.85)
    off = pygame.Surface(app.size, 0, app.screen)
    scene.draw(off)
    yield b


# the launch's slow imports, dependencies first (the title's own module last)
TITLE_MODULES = ("pygame_gui", "game.saves", "game.ui.screens.base", "game.ui.screens.title")
# the play screen's slow imports, dependencies first (the computer players, the panels, the overlays...)
PLAY_MODULES = ("game.engine.log_words", "game.ai", "game.ui.board.view", "game.ui.panel", "game.ui.play.overlays",
                "game.ui.play.animations", "game.ui.rules_help", "game.ui.play.turns", "game.ui.play_scene")
REPLAY_MODULES = PLAY_MODULES + ("game.ui.screens.replay",)


def screen_steps(app, name: str, *args, modules: Iterable[str] = (), **kwargs) -> Steps:
    """The screen ``name`` (screens.SCREENS) prepared in steps: its modules imported, the scene made, its first
    picture drawn; returns the scene."""
    from .screens import make_screen

    yield from import_steps(modules, 0.0, 0.25)
    scene = make_screen(app, name, *args, **kwargs)
    yield 0.3
    yield from warm_steps(app, scene, 0.3, 1.0)
    return scene
