"""The window, the scene stack and the loop.

The loop updates scenes in fixed 1/120 s steps (an accumulator, with a cap on catch-up steps so a
stall never snowballs) and draws only when a visible scene is dirty or animating, so an idle table
costs almost nothing. ``app.time`` is the loop's own clock: it advances by the fixed steps, which is
what makes headless tests repeatable.
"""
from __future__ import annotations

import gc
import logging
import os
import time as _time
from collections import deque
from typing import TYPE_CHECKING, Callable, Iterable

from .app_start import open_saves, open_settings, open_sound, start_language, toggle_fullscreen
from .loading import show_first_frame
from .pointer import MOUSE_PID, PointerLayer, set_sdl_hints
from .scene import CANCEL, UP, PointerEvent, Scene
from .theme import Fonts, Theme, set_ui_scale, ui_scale

if TYPE_CHECKING:  # pragma: no cover - loaded once the window shows its first frame (app_start.open_settings)
    from .settings import Settings

log = logging.getLogger("underground.ui")

UPDATE_HZ = 120
FIXED_DT = 1.0 / UPDATE_HZ
MAX_CATCHUP = 8  # at most this many fixed steps per loop; the rest of a long stall is dropped
FRAME_STATS = 600  # frame draw times kept
MIN_SIZE = (640, 360)
GC_TIDY_S = 2.0  # an idle pass tidies the young objects at most this often (app time)


class App:
    """The game window and scene stack. ``headless`` renders to an off-screen dummy display."""

    def __init__(self, size: tuple[int, int] | None = (1280, 720), fullscreen: bool = False, display: int = 0,
                 headless: bool = False, kiosk_mode: bool = False, heartbeat: Callable[[], None] | None = None,
                 settings: Settings | None = None, title: str = "On the Underground", sound: bool = True,
                 save_games: bool | None = None, language: str | None = None, splash: bool = False):
        """``splash``: draw the launch's first progress frame as soon as the window is open (app_start.py)."""
        set_sdl_hints()
        if headless:
            os.environ["SDL_VIDEODRIVER"] = "dummy"
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        import pygame

        self._pg = pygame
        if not pygame.display.get_init():
            pygame.display.init()
        if not pygame.font.get_init():
            pygame.font.init()
        self.fullscreen = fullscreen
        self.display = display
        self.headless = headless
        self.kiosk_mode = kiosk_mode
        self.heartbeat = heartbeat
        self.theme = Theme()
        self.fonts = Fonts()
        self.time = 0.0
        self.frame_stats: deque[float] = deque(maxlen=FRAME_STATS)
        self.frames_drawn = 0
        self.running = False
        self.scenes: list[Scene] = []
        self.pointer = PointerLayer(clock=lambda: self.time)
        self._accum = 0.0
        self._stale: set[int] = set()  # pointers pressed before the stack changed: ignored until released
        # pointer and key events offered to each scene, by class name: the monkey test checks every screen
        # it aims at really got its share (an event a scene never sees tests nothing)
        self.delivered: dict[str, int] = {}
        self._force_draw = True
        self._was_animating = False
        self._stand_in_due = False  # a window resize: its own frame shows the last picture scaled
        self._gc_last = 0.0
        pygame.display.set_caption(title)
        self.screen = self._open_window(size)
        self.splash_at = show_first_frame(self.screen, self.theme) if splash else None  # time.time() of it
        self.settings = settings if settings is not None else open_settings()
        self.sound = open_sound(self.settings, kiosk_mode, sound)
        start_language(self.settings, kiosk_mode, headless, language)
        self.saves, self.autosaver = open_saves(save_games, headless, kiosk_mode)
        self.size = self.screen.get_size()
        self.scale = ui_scale(*self.size)
        set_ui_scale(self.scale)
        try:
            pygame.key.set_repeat(400, 40)
        except pygame.error:
            pass

    # ------------------------------------------------------------------------------------------
    # window

    def _open_window(self, size: tuple[int, int] | None):
        pg = self._pg
        n_displays = 1
        try:
            n_displays = max(1, pg.display.get_num_displays())
        except pg.error:
            pass
        display = self.display if 0 <= self.display < n_displays else 0
        if display != self.display:
            log.warning("display %s does not exist (there are %s); using display 0", self.display, n_displays)
        self.display = display
        if self.fullscreen:
            if size is None:
                try:
                    size = pg.display.get_desktop_sizes()[display]
                except (pg.error, IndexError):
                    size = (1920, 1080)
            flags = pg.FULLSCREEN
        else:
            size = size or (1280, 720)
            flags = pg.RESIZABLE
        size = (max(MIN_SIZE[0], int(size[0])), max(MIN_SIZE[1], int(size[1])))
        self._flags = flags
        return pg.display.set_mode(size, flags, display=display)

    def resize(self, w: int, h: int) -> None:
        """Resize the window (tests; a real window is resized by the user and arrives as an event)."""
        self.screen = self._pg.display.set_mode((max(MIN_SIZE[0], w), max(MIN_SIZE[1], h)), self._flags,
                                                display=self.display)
        self._on_resized()

    def _on_resized(self) -> None:
        surf = self._pg.display.get_surface()
        if surf is not None:
            self.screen = surf
        self.size = self.screen.get_size()
        self.scale = ui_scale(*self.size)
        set_ui_scale(self.scale)
        for s in list(self.scenes):
            s.on_resize(*self.size)
            s.dirty = True
        self._force_draw = True

    # ------------------------------------------------------------------------------------------
    # sound, language and saved games (opened at start by app_start.py)

    def set_language(self, code: str) -> str:
        """Switch language now: every screen on the stack lays itself out again with the new words."""
        from .. import i18n

        before = i18n.current_language()
        code = i18n.set_language(code)
        if code != before:
            for s in list(self.scenes):
                s.on_language()
            self._force_draw = True
        return code

    @property
    def volume(self) -> float:
        """The sound volume (0..1); the kiosk's admin menu sets it."""
        return self.sound.volume

    @volume.setter
    def volume(self, value: float) -> None:
        self.sound.volume = value

    def px(self, n: float) -> int:
        """A 1080p design size in this window's pixels."""
        return max(1, round(n * self.scale))

    # ------------------------------------------------------------------------------------------
    # scene stack

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def _stack_changed(self) -> None:
        # A finger that pressed on the old screen must not act on the new one when it lifts.
        self._stale.update(self.pointer.active)
        self._force_draw = True
        if getattr(self.top, "collect_on_enter", True):  # a loading screen's first frame comes first
            self._collect_all()

    def push(self, scene: Scene) -> Scene:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        self._stack_changed()
        scene.enter()
        scene.dirty = True
        return scene

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        self._stack_changed()
        if self.scenes:
            self.scenes[-1].resume()
        else:
            self.running = False
        return scene

    def replace(self, scene: Scene) -> Scene:
        if self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        self._stack_changed()
        scene.enter()
        scene.dirty = True
        return scene

    def _visible(self) -> list[Scene]:
        """Scenes to draw and update, bottom first: the top one down to the first opaque one."""
        out = []
        for s in reversed(self.scenes):
            out.append(s)
            if s.opaque:
                break
        out.reverse()
        return out

    # ------------------------------------------------------------------------------------------
    # quitting

    def quit(self) -> bool:
        """Leave the loop; refused in kiosk mode (the table is never closed by a player)."""
        if self.kiosk_mode:
            return False
        self.running = False
        return True

    def _is_quit_key(self, ev) -> bool:
        pg = self._pg
        mods = getattr(ev, "mod", 0)
        key = getattr(ev, "key", None)
        if key == pg.K_q and mods & pg.KMOD_CTRL:
            return True
        return key == pg.K_F4 and bool(mods & pg.KMOD_ALT)

    # ------------------------------------------------------------------------------------------
    # events

    def _dispatch_pointer(self, pev: PointerEvent) -> None:
        if pev.pid in self._stale:
            if pev.phase in (UP, CANCEL):
                self._stale.discard(pev.pid)
            return
        for s in reversed(self.scenes):
            self.delivered[type(s).__name__] = self.delivered.get(type(s).__name__, 0) + 1
            if s.on_pointer(pev):
                return
            if s.opaque:
                return

    def _dispatch_key(self, ev) -> None:
        for s in reversed(self.scenes):
            self.delivered[type(s).__name__] = self.delivered.get(type(s).__name__, 0) + 1
            if s.on_key(ev):
                return
            if s.opaque:
                return

    def handle_event(self, ev) -> None:
        """Route one raw pygame event: window events here, pointers and keys to the scenes."""
        pg = self._pg
        et = ev.type
        if et == pg.QUIT:
            self.quit()
            return
        if et == pg.VIDEORESIZE:
            w, h = int(getattr(ev, "w", self.size[0])), int(getattr(ev, "h", self.size[1]))
            surf = pg.display.get_surface()
            if surf is not None and surf.get_size() != (w, h) and not self.fullscreen and w > 0 and h > 0:
                self.screen = pg.display.set_mode((max(MIN_SIZE[0], w), max(MIN_SIZE[1], h)), self._flags,
                                                  display=self.display)
            self._on_resized()
            self._stand_in_due = True
            return
        if et in (getattr(pg, "WINDOWSIZECHANGED", -1), getattr(pg, "WINDOWEXPOSED", -1),
                  getattr(pg, "WINDOWRESTORED", -1), getattr(pg, "WINDOWSHOWN", -1)):
            surf = pg.display.get_surface()
            if surf is not None and surf.get_size() != self.size:
                self._on_resized()
                self._stand_in_due = True
            self._force_draw = True
            return
        if et in (pg.KEYDOWN, pg.KEYUP, pg.TEXTINPUT, getattr(pg, "TEXTEDITING", -1)):
            if et == pg.KEYDOWN and self._is_quit_key(ev):
                self.quit()
                return
            if self.kiosk_mode and getattr(ev, "key", None) in (pg.K_ESCAPE, pg.K_F4, pg.K_F11):
                return  # no way out of the kiosk from the table (nor out of its full screen)
            if et == pg.KEYDOWN and getattr(ev, "key", None) == pg.K_F11:
                return toggle_fullscreen(self)
            self._dispatch_key(ev)
            return
        for pev in self.pointer.feed(ev, self.size):
            self._dispatch_pointer(pev)

    # ------------------------------------------------------------------------------------------
    # the loop

    def step(self, dt_real: float) -> bool:
        """One loop pass without sleeping: events, fixed updates for ``dt_real``, draw if needed.

        Returns True when a frame was drawn.
        """
        if self.heartbeat is not None:
            try:
                self.heartbeat()
            except Exception:  # the watchdog's trouble must not take the game down
                log.exception("heartbeat hook failed")
        for ev in self._pg.event.get():
            self.handle_event(ev)
        self._accum += max(0.0, min(float(dt_real), 0.5))
        steps = 0
        while self._accum >= FIXED_DT and steps < MAX_CATCHUP:
            self.time += FIXED_DT
            self._accum -= FIXED_DT
            steps += 1
            for s in self._visible():
                s.update(FIXED_DT)
        if steps == MAX_CATCHUP and self._accum >= FIXED_DT:
            self._accum = 0.0  # drop the backlog rather than fast-forward animations
        self.sound.tick(self.time)
        drawn = self.draw()
        if self.autosaver is not None:
            try:
                self.autosaver.check(self.scenes)
            except Exception:  # noqa: BLE001 - a save that fails must never stop the game
                log.exception("saving the game failed")
        self._tidy_memory(drawn)
        return drawn

    def collect_all(self) -> None:
        """What a screen change does to memory (below), for a screen that changes what it shows inside
        itself: the kiosk's attract mode dealing its next demo game."""
        self._collect_all()

    def _collect_all(self) -> None:
        """Keep Python's cycle collector off the frames that matter.

        A full collection looks at every object the program holds (boards, fonts, pictures, the game's
        log: ~20 ms at a mid-game table) and used to come due, unasked, in the middle of a play frame. So
        at each scene change (a frame that builds a new screen anyway) everything is collected once and
        what survives is frozen (``gc.freeze``): later automatic collections only look at objects made
        since, well under a millisecond. Unfreezing first lets the garbage of a scene left behind be
        found. See docs/bench.md.
        """
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        self._gc_last = self.time

    def _tidy_memory(self, drawn: bool) -> None:
        """On a pass that drew nothing, every ``GC_TIDY_S``: collect and freeze the objects made since the
        last time, so the set an automatic collection looks at stays small over a long game."""
        if not drawn and self.time - self._gc_last >= GC_TIDY_S:
            gc.collect()
            gc.freeze()
            self._gc_last = self.time

    def draw(self, force: bool = False) -> bool:
        """Draw the visible scenes if any is dirty or animating; True when a frame was drawn.

        A scene's ``draw`` may return the list of rectangles it changed: when every visible scene does,
        only those are sent to the window (``display.update``), else the whole frame is (``flip``).
        """
        visible = self._visible()
        if not visible:
            return False
        animating = any(getattr(s, "animating", False) for s in visible)
        # One more frame after the animations stop: the last one drew them faded but still there, and
        # only a frame without them restores what they covered (else a faint ghost stays on the board).
        if not (force or self._force_draw or animating or self._was_animating
                or any(s.dirty for s in visible)):
            return False
        self._was_animating = animating
        t0 = _time.perf_counter()
        if self._stand_in_due and self._draw_stand_in(visible):
            self.frame_stats.append((_time.perf_counter() - t0) * 1000.0)
            self.frames_drawn += 1
            return True
        rects: list | None = []
        for s in visible:
            r = s.draw(self.screen)
            s.dirty = False
            if r is None or rects is None:
                rects = None
            else:
                rects.extend(r)
        # A scene may return the rectangles it changed; then only those reach the window.
        if rects is None or force or self._force_draw:
            self._pg.display.flip()
        elif rects:
            self._pg.display.update(rects)
        self._force_draw = False
        self.frame_stats.append((_time.perf_counter() - t0) * 1000.0)
        self.frames_drawn += 1
        return True

    def _draw_stand_in(self, visible: list[Scene]) -> bool:
        """A window resize's own frame: the screen that offers one draws a quick stand-in (its last picture
        scaled to the new window) and the new layout is drawn from the next frame on. The resize's frame
        already pays for the new window (``set_mode``) and the new layout; drawing the new layout too made it
        the slowest frame of play (docs/bench.md). True when a stand-in was shown."""
        self._stand_in_due = False
        stand_in = getattr(visible[-1], "draw_stand_in", None) if len(visible) == 1 else None
        if stand_in is None or not stand_in(self.screen):
            return False
        self._pg.display.flip()
        self._force_draw = True  # the next frame draws the new layout whole
        return True

    def post_and_step(self, events: Iterable, dt: float = FIXED_DT) -> bool:
        """Post raw pygame events and run one step (tests drive the UI this way)."""
        pg = self._pg
        for e in events:
            if not isinstance(e, pg.event.EventType):
                e = pg.event.Event(*e) if isinstance(e, tuple) else e
            pg.event.post(e)
        return self.step(dt)

    def run(self, max_fps: int = UPDATE_HZ) -> int:
        """Run until quit or the stack is empty; returns a process exit code."""
        pg = self._pg
        clock = pg.time.Clock()
        self.running = bool(self.scenes)
        old = self._install_signal_handlers()
        try:
            return self._loop(clock, max_fps)
        finally:
            self._restore_signal_handlers(old)

    def stop(self) -> None:
        """Leave the loop whatever the mode: for signals from a supervisor, never for players."""
        self.running = False

    def _install_signal_handlers(self) -> dict:
        import signal
        import threading

        if threading.current_thread() is not threading.main_thread():
            return {}
        old = {}
        for sig in (signal.SIGTERM, signal.SIGINT):
            try:
                old[sig] = signal.signal(sig, lambda *_: self.stop())
            except (ValueError, OSError):
                pass
        return old

    @staticmethod
    def _restore_signal_handlers(old: dict) -> None:
        import signal

        for sig, h in old.items():
            try:
                signal.signal(sig, h)
            except (ValueError, OSError, TypeError):
                pass

    def _loop(self, clock, max_fps: int) -> int:
        last = _time.perf_counter()
        while self.running:
            now = _time.perf_counter()
            self.step(now - last)
            last = now
            if not self.scenes:
                break
            # Sleep the rest of the frame: a dirty or animating scene needs the full rate, idle needs less.
            busy = any(s.dirty or getattr(s, "animating", False) for s in self._visible())
            clock.tick(max_fps if busy else 60)
        return 0

    def close(self) -> None:
        """Exit every scene (saving what they save) and close the window."""
        while self.scenes:
            self.scenes.pop().exit()
        if self.autosaver is not None:
            self.autosaver.close()  # the last action's save reaches the disk before the process ends
        if getattr(self, "companion", None) is not None:  # phones at the table (play/phones.py)
            self.companion.stop()
        if getattr(self, "review", None) is not None:  # the game review's process (play/review_feed.py)
            self.review.close()
        self.sound.close()
        self._pg.display.quit()


__all__ = ["App", "FIXED_DT", "UPDATE_HZ", "MAX_CATCHUP", "MOUSE_PID"]
