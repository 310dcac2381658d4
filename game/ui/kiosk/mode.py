"""The game side of the kiosk: ``underground kiosk --child`` (started by the supervisor, kiosk/).

What runs here (docs/kiosk.md, "In the game"):

* **Attract mode** (attract.py) until someone touches the table; a touch opens the set-up.
* **Idle timeout**: in the set-up, a game or the end screen, no touch for ``idle_timeout_s`` shows a
  10 s countdown (kiosk_idle.py); a touch keeps the game, otherwise the table returns to attract mode
  and the abandoned game's autosave is deleted.
* **Admin gesture**: five taps in one corner within 3 s, from any screen, open the PIN pad; the right
  PIN opens the admin menu (admin.py): exit, restart, boards, volume, idle timeout, config problems.
* **Nothing lost**: while a game is on the table, the position is written after every action that
  changes it (``game.engine.record.encode``, ``game.autosave.save_atomic``) to ``autosave.json`` in
  the data dir, with the seats (who plays where, which seats are computers) beside it. On start an
  unfinished autosave is resumed; a corrupt one is moved aside by ``load_autosave`` (logged) and the
  table starts fresh in attract mode; ``--attract`` (the supervisor saw repeated failures) moves the
  autosave aside unread and starts in attract mode.

Exit codes (``EXIT_*``): the admin menu's Exit returns 0 and Restart returns 75; a crash returns 70.

Test hook: ``UNDERGROUND_KIOSK_SELFTEST=<seed>`` makes the child start a 2-player game of people
(unless it resumes one) and play it by itself, posting real mouse events at the play screen's
controls (``UNDERGROUND_KIOSK_SELFTEST_PACE`` seconds apart, default 0.03), and print to stdout,
flushed: ``KIOSK-READY <mode>``, ``KIOSK-SAVED <actions> <actions digest> <position digest>`` after each
autosave is on disk, and ``KIOSK-RESUMED <actions> <position digest>`` after resuming.
``UNDERGROUND_KIOSK_WINDOWED=1`` opens a 1280x720 window instead of full screen.
"""
from __future__ import annotations

import gc
import logging
import logging.handlers
import os
import signal
import sys
import time
from pathlib import Path
from typing import Callable

import msgspec

from ...i18n import _
from ...autosave import AUTOSAVE_NAME, data_dir, load_autosave, save_atomic
from ...engine import ChooseRoute, PlaceTrack, TakeBranch
from ...engine.record import decode as decode_record
from ...engine.record import encode as encode_record
from ...engine.record import actions_digest, position_digest, replay
from ...engine.state import GameState
from ...kiosk_config import KioskConfig, default_config_path, load_kiosk_config, save_kiosk_config, uses_default_pin
from ..app import App
from ..scene import DOWN, PointerEvent, Scene
from ..seats import SeatConfig, default_edges

log = logging.getLogger("underground.kiosk.game")

EXIT_STOP = 0  # the operator chose Exit in the admin menu: the supervisor must not restart
EXIT_RESTART = 75  # the operator chose Restart (EX_TEMPFAIL): restart at once
EXIT_CRASH = 70  # an unexpected error (EX_SOFTWARE); the supervisor restarts
EXIT_SIGTERM = 128 + signal.SIGTERM

WINDOWED_ENV = "UNDERGROUND_KIOSK_WINDOWED"
SELFTEST_ENV = "UNDERGROUND_KIOSK_SELFTEST"
SELFTEST_PACE_ENV = "UNDERGROUND_KIOSK_SELFTEST_PACE"
SEATS_NAME = "autosave-seats.json"
LOG_NAME = "game.log"
KEEP_SKIPPED = 5
WINDOW_SIZE = (1280, 720)


class SavedSeats(msgspec.Struct):
    """Beside the autosave: who sits where, which seats the computer plays (not part of a record)."""

    players: list[str]
    seed: int | None
    seats: list[SeatConfig]


# ------------------------------------------------------------------------------------------------
# the App with kiosk hooks


class KioskApp(App):
    """The App plus the kiosk's hooks: every pointer and key is seen by the controller first (idle
    timer, corner gesture), the controller runs after every step (autosave, idle timeout), and scene
    changes made by the menus are seen as they happen (``replace``/``push``)."""

    kiosk: "KioskController | None" = None

    def _dispatch_pointer(self, pev: PointerEvent) -> None:
        k = self.kiosk
        if k is not None and k.on_pointer(pev):
            return
        super()._dispatch_pointer(pev)

    def _dispatch_key(self, ev) -> None:
        if self.kiosk is not None:
            self.kiosk.on_key(ev)
        super()._dispatch_key(ev)

    def step(self, dt_real: float) -> bool:
        drawn = super().step(dt_real)
        if self.kiosk is not None:
            self.kiosk.after_step()
        return drawn

    def _drop_transient(self) -> None:
        while self.scenes and getattr(self.scenes[-1], "kiosk_transient", False):
            self.scenes.pop().exit()

    def replace(self, scene: Scene) -> Scene:
        # A countdown on top must not be what a menu replaces: it goes, and the scene under it is replaced.
        self._drop_transient()
        out = super().replace(scene)
        if self.kiosk is not None:
            self.kiosk.adopt(scene)
        return out

    def push(self, scene: Scene) -> Scene:
        out = super().push(scene)
        if self.kiosk is not None:
            self.kiosk.adopt(scene)
        return out

    def reset(self, scene: Scene) -> Scene:
        """Clear the whole stack and show ``scene``."""
        while self.scenes:
            self.scenes.pop().exit()
        return self.push(scene)


# ------------------------------------------------------------------------------------------------
# the controller


class KioskController:
    """Everything kiosk-specific in the game process; owns no drawing of its own."""

    def __init__(self, app: KioskApp, config: KioskConfig, *, config_path: Path | None = None,
                 problems: list[str] | None = None, data: Path | None = None,
                 clock: Callable[[], float] | None = None, on_saved: Callable[[GameState], None] | None = None,
                 attract_level: str | None = None, attract_threaded: bool | None = None):
        from kiosk.pin import CornerTapDetector, PinGate

        self.app = app
        app.kiosk = self
        self.config = config
        self.config_path = Path(config_path) if config_path is not None else default_config_path()
        self.problems: list[str] = list(problems or [])
        self.data = Path(data) if data is not None else data_dir(config.data_dir)
        self.autosave_path = self.data / AUTOSAVE_NAME
        self.seats_path = self.data / SEATS_NAME
        self.clock = clock or (lambda: app.time)
        self.detector = CornerTapDetector()
        self.gate = PinGate(config.admin_pin_hash, clock=self.clock)
        self.on_saved = on_saved
        self.attract_level = attract_level
        self.attract_threaded = attract_threaded
        self.last_input = self.clock()
        self.exit_code: int | None = None
        self.selftest: SelfTest | None = None
        self.config_dirty = False
        self.config_note = ""
        self._play_scene = None
        self._saved_sig = None
        self._seats_saved: list | None = None  # who played each seat when the seats were last written
        self._save_failed = False
        self.saves = 0
        self.mode = "starting"
        if uses_default_pin(config) and not any("admin_pin_hash" in p for p in self.problems):
            self.problems.append(_("The admin PIN is still the default 0000: set one with "
                                   "`python -m kiosk hash-pin` before the table goes public."))
        self.apply_volume()

    # start-up -------------------------------------------------------------------------------------
    def start(self, attract_only: bool = False) -> str:
        """Show the first screen: a resumed game, or attract mode. Returns what was chosen."""
        if attract_only:
            self.move_autosave_aside("the supervisor saw repeated failures (--attract)")
            self.to_attract(discard=False)
            return "attract"
        state, message = load_autosave(self.autosave_path, decode=self._decode)
        if message:
            self.problems.append(message)
        if state is not None and not state.over:
            try:
                self.resume(state)
            except Exception:  # noqa: BLE001 - a save the screen cannot show must not crash every start
                log.exception("could not show the autosaved game")
                self.move_autosave_aside("showing it on the play screen failed")
                self.problems.append(_("The autosaved game could not be shown and was moved aside (see the log)."))
                self.to_attract(discard=False)
                return "attract"
            return "resumed"
        if state is not None:
            log.info("the autosaved game had finished; starting in attract mode")
            self.discard_autosave()
        if self.selftest is not None:
            self.selftest.new_game(self)
            return "selftest"
        self.to_attract(discard=False)
        return "attract"

    def _decode(self, data: bytes) -> GameState:
        return replay(decode_record(data, str(self.autosave_path)), str(self.autosave_path))

    def resume(self, state: GameState) -> None:
        from ..play_scene import PlayScene

        seats = self._load_seats(state)
        log.info("resuming the autosaved game: %d actions, turn %d, %s to play", len(state.log), state.turn + 1,
                 state.players[state.current].name)
        self.app.reset(PlayScene(self.app, state, seats, computer_speed=self._remembered_speed()))
        self.mode = "game"
        if self.selftest is not None:
            _say(f"KIOSK-RESUMED {len(state.log)} {position_digest(state)}")

    def _remembered_speed(self) -> str:
        """The computer speed of the set-up last started here (a resumed game keeps its table's pace)."""
        try:
            last = self.app.settings.last_setup()
        except Exception as exc:  # a broken settings file must not stop a resume
            log.warning("the remembered set-up does not read (%s); computers play at normal speed", exc)
            return "normal"
        return getattr(last, "computer_speed", "normal") if last is not None else "normal"

    def _load_seats(self, state: GameState) -> list[SeatConfig]:
        edges = default_edges(state.n_players) if 2 <= state.n_players <= 5 else ["bottom"] * state.n_players
        fallback = [SeatConfig(name=p.name, edge=edges[i], colours=list(state.setup.lines[i]))
                    for i, p in enumerate(state.players)]
        try:
            saved = msgspec.json.decode(self.seats_path.read_bytes(), type=SavedSeats)
        except FileNotFoundError:
            return fallback
        except (OSError, msgspec.DecodeError, msgspec.ValidationError) as exc:
            log.warning("the seats beside the autosave (%s) do not read (%s); every seat is a person",
                        self.seats_path, exc)
            return fallback
        if saved.players != list(state.setup.players) or saved.seed != state.setup.seed \
                or len(saved.seats) != state.n_players:
            log.warning("the seats beside the autosave belong to another game; every seat is a person")
            return fallback
        return saved.seats

    # scenes ---------------------------------------------------------------------------------------
    def base_scene(self) -> Scene | None:
        """The top scene that is not a kiosk overlay (countdown, PIN pad, admin menu)."""
        for s in reversed(self.app.scenes):
            if not (getattr(s, "kiosk_transient", False) or getattr(s, "kiosk_admin", False)):
                return s
        return None

    def attract_scene(self):
        from .attract import AttractScene

        maps = self._demo_maps()
        return AttractScene(self.app, pace=self.config.attract_pace, level=self.attract_level,
                            map_id=maps[0], maps=maps, on_touch=self.open_setup, threaded=self.attract_threaded)

    def _demo_maps(self) -> list[str]:
        """The demo shows the boards the set-up offers here (the operator's ``boards``, in their order),
        so a passer-by never watches a board they then cannot choose; none of them loading: every board."""
        from ..screens.table_setup import available_maps

        ids = [m for m, _ in available_maps()]
        return [b for b in self.config.boards if b in ids] or ids or ["london"]

    def _demo_map(self) -> str:
        return self._demo_maps()[0]

    def to_attract(self, discard: bool = True, reason: str = "") -> None:
        if discard:
            self.discard_autosave(reason or "back to attract mode")
        self.app.reset(self.attract_scene())
        self.mode = "attract"
        self.last_input = self.clock()

    def open_setup(self) -> None:
        from ..screens import make_screen

        log.info("a visitor touched the table: opening the set-up")
        self.last_input = self.clock()
        scene = make_screen(self.app, "setup")
        # new people at the table: the last group's seats are kept, their names are not shown
        for i, seat in enumerate(scene.setup.seats):
            seat.name = _("Player {n}").format(n=i + 1)
        scene.refresh()
        self.app.reset(scene)
        self.mode = "setup"

    def available_boards(self) -> list[tuple[str, str]]:
        from ..screens.table_setup import available_maps

        return available_maps() or [("london", "London")]

    def adopt(self, scene: Scene) -> None:
        """A scene was just shown (by us or by a menu): fit it to the kiosk."""
        from .attract import AttractScene
        from ..screens import screen_class

        if isinstance(scene, screen_class("title")):
            # the kiosk's title screen is attract mode (the set-up's Back button leads here)
            self.to_attract(discard=False)
        elif isinstance(scene, screen_class("setup")):
            self._limit_boards(scene)
            self.mode = "setup"
        elif isinstance(scene, screen_class("play")):
            self._play_scene = scene
            self._saved_sig = None
            self._save_seats(scene)
            self.mode = "game"
            self.autosave()  # the game exists from its first moment
        elif isinstance(scene, screen_class("end")):
            self._play_scene = None
            self.discard_autosave("the game is over")
            self.mode = "end"
        elif isinstance(scene, AttractScene):
            self._play_scene = None
            self.mode = "attract"

    def _limit_boards(self, scene) -> None:
        allowed = [m for m in scene.maps if m[0] in self.config.boards]
        allowed.sort(key=lambda m: self.config.boards.index(m[0]))
        if not allowed:
            return  # none of the configured boards exists: offer what loads rather than nothing
        if allowed != scene.maps:
            scene.maps = allowed
            ids = [m for m, _ in allowed]
            if scene.setup.map not in ids:
                scene.setup.map = ids[0]
            scene.refresh()

    # input ----------------------------------------------------------------------------------------
    def on_pointer(self, pev: PointerEvent) -> bool:
        """Seen before any scene; True when consumed (the admin gesture's last tap)."""
        self.last_input = self.clock()
        if pev.phase != DOWN or self.admin_open():
            return False
        w, h = self.app.size
        try:
            corner = self.detector.feed(pev.x, pev.y, pev.t, w, h)
        except ValueError:
            return False
        if corner is None:
            return False
        log.info("admin gesture (five taps, %s corner): asking for the PIN", corner)
        self.open_pin()
        return True

    def on_key(self, ev) -> None:
        self.last_input = self.clock()

    def admin_open(self) -> bool:
        return any(getattr(s, "kiosk_admin", False) for s in self.app.scenes)

    def open_pin(self) -> None:
        from .admin import PinScene

        self.app._drop_transient()
        backdrop = self.app.screen.copy()
        self.app.push(PinScene(self.app, self.gate, on_ok=self.open_admin, on_cancel=self.close_admin,
                               backdrop=backdrop))

    def open_admin(self) -> None:
        from .admin import AdminScene

        top = self.app.top
        backdrop = getattr(top, "_backdrop_src", None)
        self.app.replace(AdminScene(self.app, self, backdrop=backdrop))

    def close_admin(self) -> None:
        while self.app.scenes and getattr(self.app.top, "kiosk_admin", False):
            self.app.pop()
        self.last_input = self.clock()

    # admin actions ----------------------------------------------------------------------------------
    def _set(self, **changes) -> str | None:
        try:
            new = msgspec.structs.replace(self.config, **changes)
            msgspec.convert(msgspec.to_builtins(new), KioskConfig)
        except (msgspec.ValidationError, TypeError) as exc:
            return _("Not saved: {problem}").format(problem=exc)
        self.config = new
        self.config_dirty = True
        return None

    def set_volume(self, volume: float) -> str | None:
        err = self._set(volume=round(min(1.0, max(0.0, float(volume))), 2))
        self.apply_volume()
        return err

    def set_idle_timeout(self, seconds: int) -> str | None:
        return self._set(idle_timeout_s=int(seconds))

    def set_boards(self, boards: list[str]) -> str | None:
        if not boards:
            return _("At least one board must stay on.")
        return self._set(boards=list(boards))

    def sound_available(self) -> bool:
        try:
            import pygame

            return bool(pygame.mixer.get_init())
        except Exception:  # noqa: BLE001
            return False

    def apply_volume(self) -> None:
        """The admin volume becomes the sound effects' volume (App.volume, read by game/ui/sound.py)."""
        self.app.volume = self.config.volume
        try:
            import pygame

            if pygame.mixer.get_init():
                pygame.mixer.music.set_volume(self.config.volume)
                for i in range(pygame.mixer.get_num_channels()):
                    pygame.mixer.Channel(i).set_volume(self.config.volume)
        except Exception as exc:  # noqa: BLE001 - sound trouble never stops the table
            log.debug("volume not applied: %s", exc)

    def save_config(self) -> str | None:
        """Write the config if the admin changed it; returns an error message, or None."""
        if not self.config_dirty:
            return None
        try:
            where = save_kiosk_config(self.config, self.config_path)
        except (OSError, ValueError) as exc:
            self.config_note = _("Could not save {path}: {problem}").format(path=self.config_path, problem=exc)
            log.error("admin: %s", self.config_note)
            return self.config_note
        self.config_dirty = False
        self.config_note = _("Saved to {path}").format(path=where)
        log.info("admin: kiosk settings saved to %s (idle %ss, volume %.2f, boards %s)", where,
                 self.config.idle_timeout_s, self.config.volume, ",".join(self.config.boards))
        return None

    def status_lines(self) -> list[str]:
        out = [_("Settings file: {path}").format(path=self.config_path), _("Data folder: {path}").format(path=self.data)]
        if self.config_note:
            out.append(self.config_note)
        elif self.config_dirty:
            out.append(_("Changes are saved when you leave this menu."))
        return out

    def request_exit(self, what: str) -> None:
        self.save_config()
        code = EXIT_STOP if what == "exit" else EXIT_RESTART
        log.warning("admin: %s requested from the admin menu (exit code %d)",
                    "exit" if code == EXIT_STOP else "restart", code)
        self.exit_code = code
        self.app.running = False

    # every step -------------------------------------------------------------------------------------
    def after_step(self) -> None:
        if self.selftest is not None:
            try:
                self.selftest.tick(self)
            except Exception:  # noqa: BLE001 - the test hook must not change what it tests
                log.exception("self-test driver failed")
        self.autosave()
        self._idle()

    def autosave(self) -> None:
        """Write the game in progress if it changed since the last save."""
        scene = self._play_scene
        if scene is None:
            return
        if scene not in self.app.scenes:
            self._play_scene = None
            return
        st = scene.state
        if _kinds(scene.seats) != self._seats_saved:  # a seat changed hands (play/handoff.py): kept at once
            self._save_seats(scene)
        sig = (id(st), getattr(scene, "version", 0), len(st.log), st.phase)
        if sig == self._saved_sig:
            return
        try:
            save_atomic(self.autosave_path, encode_record(st))
        except OSError as exc:
            if not self._save_failed:
                log.error("cannot autosave the game to %s: %s (the table plays on; a crash would lose it)",
                          self.autosave_path, exc)
                self._save_failed = True
            self._saved_sig = sig
            return
        if self._save_failed:
            log.info("autosave works again (%s)", self.autosave_path)
            self._save_failed = False
        self._saved_sig = sig
        self.saves += 1
        if self.on_saved is not None:
            self.on_saved(st)

    def _save_seats(self, scene) -> None:
        st = scene.state
        saved = SavedSeats(players=list(st.setup.players), seed=st.setup.seed, seats=list(scene.seats))
        self._seats_saved = _kinds(scene.seats)
        try:
            save_atomic(self.seats_path, msgspec.json.encode(saved))
        except OSError as exc:
            log.error("cannot save the seats beside the autosave (%s): %s", self.seats_path, exc)

    def discard_autosave(self, reason: str = "") -> None:
        for p in (self.autosave_path, self.seats_path):
            try:
                p.unlink()
            except FileNotFoundError:
                continue
            except OSError as exc:
                log.error("cannot delete %s: %s", p, exc)
                continue
            if p == self.autosave_path:
                log.info("deleted the autosave (%s)", reason or "no game")
        self._saved_sig = None

    def move_autosave_aside(self, reason: str) -> Path | None:
        if not self.autosave_path.exists():
            return None
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = self.autosave_path.with_name(f"{AUTOSAVE_NAME}.skipped-{stamp}")
        n = 1
        while aside.exists():
            aside = self.autosave_path.with_name(f"{AUTOSAVE_NAME}.skipped-{stamp}-{n}")
            n += 1
        try:
            os.replace(self.autosave_path, aside)
        except OSError as exc:
            log.error("cannot move the autosave %s aside (%s): deleting it instead", self.autosave_path, exc)
            self.discard_autosave(reason)
            return None
        try:
            self.seats_path.unlink()
        except OSError:
            pass
        log.warning("moved the autosave to %s without resuming it: %s", aside.name, reason)
        old = sorted(self.autosave_path.parent.glob(f"{AUTOSAVE_NAME}.skipped-*"), key=lambda p: p.stat().st_mtime)
        for stale in old[:-KEEP_SKIPPED]:
            try:
                stale.unlink()
            except OSError:
                pass
        return aside

    def _idle(self) -> None:
        from .attract import AttractScene
        from .idle import COUNTDOWN_S, CountdownScene

        app = self.app
        base = self.base_scene()
        if base is None or isinstance(base, AttractScene):
            return
        now = self.clock()
        timeout = float(self.config.idle_timeout_s)
        idle = now - self.last_input
        if idle < timeout:
            return
        if self.admin_open():
            log.info("admin menu left open for %.0f s without a touch: closing it", idle)
            self.save_config()
            self.close_admin()
            self.last_input = now - idle  # the table below was idle as long
            return
        top = app.top
        deadline = self.last_input + timeout + COUNTDOWN_S
        if not isinstance(top, CountdownScene):
            app.push(CountdownScene(app, deadline, on_stay=self.stay))
            return
        if now >= deadline:
            log.info("no touch for %.0f s in %s: back to attract mode", idle, type(base).__name__)
            self.to_attract(discard=True, reason="the game was abandoned")

    def stay(self) -> None:
        from .idle import CountdownScene

        self.last_input = self.clock()
        if isinstance(self.app.top, CountdownScene):
            self.app.pop()


def _say(line: str) -> None:
    print(line, flush=True)


# ------------------------------------------------------------------------------------------------
# the self-test driver (a test hook, see the module docstring)


class SelfTest:
    """Plays a game of people by posting real mouse clicks at the play screen's controls."""

    def __init__(self, seed: int, pace: float = 0.03):
        self.seed = int(seed)
        self.pace = max(0.0, float(pace))
        self._key = None
        self._retry_at = 0.0
        self._next_at = 0.0

    def new_game(self, ctl: KioskController) -> None:
        from ..screens.table_setup import default_setup, start_game

        setup = default_setup(2, ctl._demo_map())
        setup.start_player = 0
        start_game(ctl.app, setup, seed=self.seed)

    def tick(self, ctl: KioskController) -> None:
        import pygame

        from ...ai import make_bot
        from .attract import DemoPlayScene
        from ..play_scene import PlayScene

        app = ctl.app
        top = app.top
        if not isinstance(top, PlayScene) or isinstance(top, DemoPlayScene):
            return
        st = top.state
        if st.over:
            return
        now = app.time
        if top.blocking:
            if now >= self._next_at:  # Space hurries the passenger
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ",
                                                     scancode=0))
                self._next_at = now + 0.1
            return
        if top.seats[st.current].computer:
            return
        key = (id(st), len(st.log), st.current, st.phase, st.actions_left)
        if key == self._key and now < self._retry_at:
            return
        if now < self._next_at:
            return
        action = make_bot("random", self.seed * 100003 + len(st.log)).choose(st)
        p = st.current
        clicks: list[tuple[float, float]] = []
        if isinstance(action, PlaceTrack):
            if top.selected.get(p) != action.line:
                clicks.append(top.point_for_line_swatch(action.line))
            clicks.append(top.point_for_connection(action.connection))
        elif isinstance(action, TakeBranch):
            clicks.append(top.point_for_button(p, "branch"))
        elif isinstance(action, ChooseRoute):
            point = top.point_for_button(p, f"route:{action.option}")
            more = top.point_for_button(p, "route_more")
            if point is None and more is not None:
                clicks.append(more)  # on another page of the options: turn it, and look again next time
            else:
                clicks += [point, point]  # the first click previews the route, the second chooses it
        if any(c is None for c in clicks):
            log.warning("self-test: a control for %r is not on screen", action)
            self._key, self._retry_at = key, now + 1.0
            return
        for x, y in clicks:
            pos = (int(x), int(y))
            for et, extra in ((pygame.MOUSEMOTION, {"rel": (0, 0), "buttons": (0, 0, 0)}),
                              (pygame.MOUSEBUTTONDOWN, {"button": 1}), (pygame.MOUSEBUTTONUP, {"button": 1})):
                pygame.event.post(pygame.event.Event(et, pos=pos, touch=False, which=0, **extra))
        self._key, self._retry_at = key, now + 1.0
        self._next_at = now + self.pace


# ------------------------------------------------------------------------------------------------
# entry points


def _setup_logging(directory: Path) -> list[logging.Handler]:
    fmt = logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s")
    handlers: list[logging.Handler] = []
    console = logging.StreamHandler(sys.stderr)
    console.setFormatter(fmt)
    handlers.append(console)
    try:
        directory.mkdir(parents=True, exist_ok=True)
        fh = logging.handlers.RotatingFileHandler(directory / LOG_NAME, maxBytes=1_000_000, backupCount=3,
                                                  encoding="utf-8")
        fh.setFormatter(fmt)
        handlers.append(fh)
    except OSError as exc:
        print(f"cannot write {directory / LOG_NAME}: {exc}; logging to stderr only", file=sys.stderr)
    root = logging.getLogger("underground")
    root.setLevel(logging.INFO)
    for h in handlers:
        root.addHandler(h)
    return handlers


def run_kiosk(config: str | None = None, child: bool = False, attract: bool = False) -> int:
    """``underground kiosk``: without ``--child``, the supervisor (``python -m kiosk``) that runs the
    game; with ``--child``, the game itself (what the supervisor starts)."""
    if not child:
        from kiosk.app import main as supervise

        return supervise(["--config", str(config)] if config else [])
    return run_child(config, attract=attract)


def run_child(config: str | None = None, attract: bool = False) -> int:
    """The game on the kiosk table; returns the process exit code (``EXIT_*``)."""
    from kiosk.heartbeat import Heartbeat

    config_path = Path(config) if config else default_config_path()
    cfg, problems = load_kiosk_config(config_path)
    data = data_dir(cfg.data_dir)
    handlers = _setup_logging(data)
    app = None
    try:
        for p in problems:
            log.warning("config: %s", p)
        windowed = os.environ.get(WINDOWED_ENV, "").strip() == "1"
        app = KioskApp(size=WINDOW_SIZE if windowed else None, fullscreen=not windowed, display=cfg.display,
                       kiosk_mode=True, heartbeat=Heartbeat.from_env().beat, title="On the Underground (kiosk)")
        selftest = _selftest_from_env()
        on_saved = None
        if selftest is not None:
            on_saved = lambda st: _say(  # noqa: E731
                f"KIOSK-SAVED {len(st.log)} {actions_digest(st.log)} {position_digest(st)}")
        ctl = KioskController(app, cfg, config_path=config_path, problems=problems, data=data, on_saved=on_saved)
        ctl.selftest = selftest
        try:
            import pygame

            pygame.mouse.set_visible(windowed)  # no arrow cursor over a touch table
        except Exception:  # noqa: BLE001
            pass

        mode = ctl.start(attract_only=attract)
        log.info("kiosk game started (%s) in %s mode; data dir %s", "windowed" if windowed else "full screen",
                 mode, data)
        if selftest is not None:
            _say(f"KIOSK-READY {mode}")
        app.run()  # App.run ends the loop on SIGTERM/SIGINT (the supervisor stopping us)
        code = ctl.exit_code if ctl.exit_code is not None else EXIT_SIGTERM
        log.info("kiosk game leaving with exit code %d", code)
        return code
    except Exception:
        log.exception("the kiosk game crashed")
        return EXIT_CRASH
    finally:
        if app is not None:
            try:
                app.close()
            except Exception:  # noqa: BLE001
                log.exception("closing the window failed")
        root = logging.getLogger("underground")
        for h in handlers:
            root.removeHandler(h)
            h.close()


def _selftest_from_env() -> SelfTest | None:
    raw = os.environ.get(SELFTEST_ENV, "").strip()
    if not raw:
        return None
    try:
        seed = int(raw)
    except ValueError:
        log.error("%s=%r is not a whole number; self-test off", SELFTEST_ENV, raw)
        return None
    try:
        pace = float(os.environ.get(SELFTEST_PACE_ENV, "0.03"))
    except ValueError:
        pace = 0.03
    log.warning("TEST HOOK: %s=%d: the table plays a game by itself", SELFTEST_ENV, seed)
    return SelfTest(seed, pace)


# ------------------------------------------------------------------------------------------------
# memory figure for `underground bench`


def attract_rss_growth(games: int = 5, *, level: str | None = None, size: tuple[int, int] = (1280, 720),
                       dt: float = 0.5, draw: bool = True, seed: int = 2024,
                       curve: list[tuple[int, float]] | None = None, every: int = 50) -> float:
    """MB of RSS growth over ``games`` accelerated attract-mode demo games, after a warm-up game per board.

    The real AttractScene with its real play screen, drawn every update, headless; ``pace`` 0 and big
    ``dt`` steps make a game take a few seconds. ``level`` defaults to the attract mode's own level.
    With ``curve``, (games played, MB grown so far) is appended every ``every`` games: a leak climbs
    steadily, a heap that is still filling levels off, and one end-to-end figure cannot tell them apart.
    """
    import psutil

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from .attract import AttractScene

    app = App(size=size, headless=True)
    try:
        scene = AttractScene(app, pace=0.0, level=level, seed=seed, threaded=False)
        app.push(scene)
        scene.play_games(len(scene.maps), dt=dt, draw=draw)  # warm-up: one game on every board it cycles
        gc.unfreeze()  # the App freezes what survives a scene change; what of it is garbage now must count
        gc.collect()
        proc = psutil.Process()
        before = proc.memory_info().rss
        games = max(0, int(games))
        step = max(1, int(every)) if curve is not None else max(1, games)
        played = 0
        while played < games:
            n = min(step, games - played)
            scene.play_games(n, dt=dt, draw=draw)
            played += n
            if curve is not None:
                gc.unfreeze()
                gc.collect()
                curve.append((played, round((proc.memory_info().rss - before) / (1024 * 1024), 3)))
        gc.unfreeze()
        gc.collect()
        after = proc.memory_info().rss
        return round((after - before) / (1024 * 1024), 3)
    finally:
        while app.scenes:
            app.scenes.pop().exit()


__all__ = ["run_kiosk", "run_child", "attract_rss_growth", "KioskApp", "KioskController", "SelfTest",
           "position_digest", "actions_digest", "EXIT_STOP", "EXIT_RESTART", "EXIT_CRASH"]


def _kinds(seats) -> list[tuple]:
    """Who plays each seat: a person (at the table or on a phone) or a computer, and its level."""
    return [(s.computer, s.level, s.phone) for s in seats]
