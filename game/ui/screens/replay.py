"""The replay viewer: a finished (or saved) game's record on the play screen, watched rather than played.

:class:`ReplayScene` is the play screen (the same board, panels, destination cards and animations) with
nothing that acts: no line to choose, no track space glows, no "Your turn", no branch tile, Undo or hint button,
no computer moves. It opens at the game's start. A bar beside the board (replay_bar.py) steps the record back and
forward one action or one turn, plays and pauses it, and a turn slider jumps to any turn; "Log" opens the game log
(play/log_panel.py), where tapping an entry goes to the position after it.

It is honest to the record: every position is the record replayed by the engine (record.replay), kept as
snapshots made once when the viewer opens; a step forward applies the record's next action to the shown
position (so its animations play) and lands on exactly the snapshot's position (the tests compare digests).
Opened from the title screen's finished games and by ``underground view RECORD.json``.
"""
from __future__ import annotations

import logging
import math

import msgspec
import pygame

from ...engine import record as rec_mod
from ...engine.log_words import GameLog
from ...engine.rules import IllegalAction, apply, start
from ...engine.state import GameState
from ..play.turns import TurnFlow
from ..play_scene import PlayScene
from ..scene import CANCEL, DOWN, MOVE, UP, PointerEvent
from ..seats import SeatConfig
from . import open_screen
from .replay_bar import ReplayBar

from ...i18n import _, refusal_text

log = logging.getLogger("underground.ui.replay")

PLAY_DELAY = {"slow": 1.4, "normal": 0.7, "fast": 0.25}  # seconds between actions while playing
BUTTONS = ("turn_back", "back", "play", "forward", "turn_forward", "speed", "log", "close")


class ReplayTurns(TurnFlow):
    """The turn flow of a replay: nobody may act, no computer moves, the game never ends into the end screen."""

    def human_turn(self, blocking: bool) -> bool:
        return False

    def is_computer(self, player: int) -> bool:
        return False

    def computer_due(self, dt: float, blocking: bool) -> bool:
        return False

    def end_due(self, dt: float, settled: bool) -> bool:
        return False

    def can_undo(self) -> bool:
        return False


class ReplayError(ValueError):
    """A record the viewer cannot show; the message names the file and the place (as `underground replay`)."""


def positions(record, path: str = "<record>") -> tuple[list[bytes], list[int]]:
    """Every position of the record, as snapshots (after 0, 1, ... n actions), and each one's turn number.

    Raises ReplayError with `replay`'s message when the record does not replay."""
    try:
        rec_mod.replay(record, path, upto=0)  # the same checks as `underground replay`: map, set-up
        state = start(record.setup)
    except rec_mod.RecordError as exc:
        raise ReplayError(str(exc)) from None
    snaps = [msgspec.msgpack.encode(state)]
    turns = [state.turn]
    for i, action in enumerate(record.actions):
        try:
            apply(state, action)
        except IllegalAction as exc:
            raise ReplayError(f"{path}: actions[{i}]: illegal: {refusal_text(exc)}") from None
        snaps.append(msgspec.msgpack.encode(state))
        turns.append(state.turn)
    return snaps, turns


class ReplayScene(ReplayBar, PlayScene):
    """Watch ``record`` (an engine Record) from its start (``step``: from that many actions in). ``seats``: where
    each player sat (default: all at the bottom); ``on_close``: what Close does (default: back to the title
    screen)."""

    drive_computers = False
    # Watching is not playing: the positions shown are the record's, never a game to save. (The autosaver
    # once saved each one stepped back to as a new unfinished game, seated as hot-seat, and Continue offered
    # the last of them instead of the game really played last.)
    save_game = False

    def __init__(self, app, record, seats: list[SeatConfig] | None = None, path: str = "<record>", on_close=None,
                 step: int | None = None, reveal: bool = False):
        """``reveal``: Paris's secret objectives may be seen (each panel's hold-to-see button). Off unless asked
        for, as in ``underground replay``: a record of a game still under way holds cards nobody has seen yet."""
        self.record = record
        self.path = path
        self.snaps, self.turn_of = positions(record, path)
        self.n_steps = len(record.actions)
        self.turn_starts = [i for i in range(len(self.turn_of)) if i == 0 or self.turn_of[i] != self.turn_of[i - 1]]
        self.stops = self.turn_starts + ([self.n_steps] if self.turn_starts[-1] != self.n_steps else [])
        self.on_close = on_close
        self.step = 0
        self.playing = False
        self.speed = "normal"
        self._play_clock = 0.0
        self.bar_rect = pygame.Rect(0, 0, 1, 1)
        self.bar_vertical = ""  # "wide" or "narrow": the bar as a column beside the board (_layout)
        self.bar_buttons: dict[str, pygame.Rect] = {}
        self.slider_rect = pygame.Rect(0, 0, 1, 1)
        self._bar_press: dict[int, str] = {}
        self._log_book: GameLog | None = None
        state = self._decode(0)
        n = state.n_players
        if seats is None or len(seats) != n:
            seats = [SeatConfig(name=p.name, edge="bottom", colours=list(state.setup.lines[i]))
                     for i, p in enumerate(state.players)]
        seats = [msgspec.structs.replace(s, computer=False) for s in seats]
        super().__init__(app, state, seats, names="upright")
        for p in self.panels:
            p.has_hint = False  # nothing to play, so no hint
            p.has_secret = p.has_secret and reveal
        self.turns = ReplayTurns(state, self.seats)
        self._layout()
        self.show_step(0 if step is None else step)  # a game is watched from its start

    @classmethod
    def watch_saved(cls, app, game_id: str, on_close=None) -> str | None:
        """Open a finished game of the history list in the viewer, seated as it was played. None when it opened;
        "" when its file did not read and was set aside (the list's notice counts it); else what to tell."""
        from ...saves import HISTORY_DIR

        loaded, message = app.saves.load(game_id, folder=HISTORY_DIR)
        if loaded is None:
            return message or ""
        try:
            # a finished game's objectives were shown to the whole table at its end: no longer secret
            scene = cls(app, rec_mod.from_state(loaded.state), loaded.seats,
                        path=str(app.saves.history_path(game_id)), on_close=on_close, reveal=True)
        except (ReplayError, ValueError) as exc:
            log.exception("the finished game %s could not be shown", game_id)
            # the file's place and fault stay as `underground replay` words them (like a path); the sentence
            # round them is the player's language
            return _("This game cannot be shown: {problem}").format(problem=str(exc))
        app.replace(scene)
        return None

    # ---- positions ---------------------------------------------------------------------------------
    def _decode(self, i: int) -> GameState:
        return msgspec.msgpack.decode(self.snaps[i], type=GameState)

    @property
    def turn_index(self) -> int:
        """Which turn (0-based) the shown position is in."""
        return self.turn_of[self.step]

    @property
    def n_turns(self) -> int:
        return self.turn_of[-1] + 1

    def show_step(self, i: int) -> None:
        """Show the position after the record's first ``i`` actions, at once (no animation)."""
        i = max(0, min(self.n_steps, int(i)))
        state = self._decode(i)
        version = self.turns.version + 1 if hasattr(self, "turns") else 1
        self.step = i
        self.state = state
        self.turns = ReplayTurns(state, self.seats)
        self.turns.version = version
        # the last finished turn's tokens stay marked, as on the table
        start_i = max((s for s in self.turn_starts if s <= i), default=0)
        prev = max((s for s in self.turn_starts if s < start_i), default=0)
        from ...engine.actions import PlaceTrack

        self.turns.last_turn_tokens = [(a.line, a.connection) for a in self.record.actions[prev:start_i]
                                       if isinstance(a, PlaceTrack)] if start_i > 0 else []
        self.anim.skip()
        for bag in (self.anim.floats, self.anim.flashes, self.anim.pops, self.anim.toasts, self.anim.notices):
            bag.clear()
        self.anim.travels.clear()
        self.shown_score = [p.score for p in state.players]
        self.route_preview = None
        self.hover_route = None
        self._pending_notice = ""
        self.backdrop.invalidate()
        self._full_next = True
        self._invalidate()
        for k, p in enumerate(self.panels):
            p.layout(state, self.panel_view(k))

    def step_forward(self) -> bool:
        """The record's next action on the shown position, with its animations; False at the end."""
        if self.step >= self.n_steps:
            return False
        if self.anim.running:
            self.skip_animations()
        action = self.record.actions[self.step]
        if not self.act(action):  # cannot happen: positions() replayed it; show the snapshot rather than guess
            log.error("%s: actions[%d] refused by the viewer's position; showing the replayed one", self.path,
                      self.step)
            self.show_step(self.step + 1)
            return True
        self.step += 1
        return True

    def step_back(self) -> None:
        self.playing = False
        self.show_step(self.step - 1)

    def turn_forward(self) -> None:
        later = [s for s in self.stops if s > self.step]
        self.show_step(later[0] if later else self.n_steps)

    def turn_back(self) -> None:
        earlier = [s for s in self.stops if s < self.step]
        self.show_step(earlier[-1] if earlier else 0)

    def jump_to_turn(self, t: int) -> None:
        """The start of turn ``t`` (0-based); past the last turn: the final position."""
        self.playing = False
        self.show_step(self.stops[max(0, min(len(self.stops) - 1, t))])

    def toggle_play(self) -> None:
        if self.step >= self.n_steps and not self.playing:
            self.show_step(0)  # at the end, Play watches it from the start
        self.playing = not self.playing
        self._play_clock = PLAY_DELAY[self.speed]  # the first action at once
        self._invalidate()

    def next_speed(self) -> None:
        names = list(PLAY_DELAY)
        self.speed = names[(names.index(self.speed) + 1) % len(names)]
        self._invalidate()

    def log_entries(self) -> list:
        if self._log_book is None:
            self._log_book = GameLog(self.record.setup)
            self._log_book.update(self.record.actions)
        return self._log_book.entries

    def open_log(self, seat: int = 0) -> None:
        from ..play.log_panel import LogPanel

        self.playing = False
        entries = self.log_entries()
        panel = LogPanel(self.app, self, seat, on_pick=lambda e: self.show_step(e.step + 1), entries=entries)
        here = [k for k, e in enumerate(entries) if e.step == self.step - 1]
        self.app.push(panel)
        if here:
            panel.scroll_to(here[0])

    def close(self) -> None:
        self.playing = False
        if self.on_close is not None:
            self.on_close()
            return
        open_screen(self.app, "title")

    # ---- the play screen's hooks, made inert -------------------------------------------------------
    def on_game_over(self) -> None:
        """The record's end is a position like any other: the viewer stays."""

    def open_menu(self, seat: int | None) -> None:
        """A panel's menu button opens the log facing that seat (the game menu's items would end a game)."""
        self.open_log(seat if seat is not None else 0)

    def panel_view(self, i: int):
        v = super().panel_view(i)
        v.can_branch = False
        v.can_undo = False
        v.watching = True  # no "Your turn", no branch tile or Undo button: nobody plays here
        v.selected_line = None
        if hasattr(v, "choices"):
            v.choices = ()
        return v

    _panel_view = panel_view

    def banner_text(self) -> str:
        st = self.state
        # the words before the first " · " are the banner's shortest form (overlays.banner_forms): the turn stays
        where = _("Replay, turn {turn} of {turns} · action {step} of {steps}").format(
            turn=self.turn_index + 1, turns=self.n_turns, step=self.step, steps=self.n_steps)
        if st.phase == "over":
            return f"{where} · " + _("game over")
        return f"{where} · " + _("{player}'s turn").format(player=st.players[st.current].name)

    def _tap(self, g, target: tuple, x: float, y: float) -> None:
        if target[0] == "button":  # the board's view controls still work
            super()._tap(g, target, x, y)

    def on_key(self, e) -> bool:
        if getattr(e, "type", None) != pygame.KEYDOWN:
            return False
        key = getattr(e, "key", None)
        if key in (pygame.K_ESCAPE, pygame.K_AC_BACK):
            self.close()
        elif key == pygame.K_RIGHT:
            self.playing = False
            self.step_forward()
        elif key == pygame.K_LEFT:
            self.step_back()
        elif key in (pygame.K_PAGEDOWN, pygame.K_DOWN):
            self.playing = False
            self.turn_forward()
        elif key in (pygame.K_PAGEUP, pygame.K_UP):
            self.playing = False
            self.turn_back()
        elif key == pygame.K_SPACE:
            self.toggle_play()
        elif key == pygame.K_HOME:
            self.jump_to_turn(0)
        elif key == pygame.K_END:
            self.show_step(self.n_steps)
        elif key == pygame.K_l:
            self.open_log(0)
        else:
            return super().on_key(e)
        return True

    # ---- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface):
        out = super().draw(surface)
        self._draw_bar(surface)
        return None if out is None else list(out) + [self.bar_rect.copy()]

    @property
    def animating(self) -> bool:
        return self.playing or super().animating

    # ---- input -------------------------------------------------------------------------------------
    def _on_pointer(self, e: PointerEvent) -> bool:
        if not (math.isfinite(e.x) and math.isfinite(e.y)):
            return True
        if e.phase == DOWN:
            target = self._bar_target(e.x, e.y)
            if target is not None:
                self._bar_press[e.pid] = target
                if target == "slider":
                    self.playing = False
                    self._slide(e.x)
                return True
        elif e.pid in self._bar_press:
            target = self._bar_press[e.pid]
            if e.phase == MOVE:
                if target == "slider":
                    self._slide(e.x)
                return True
            self._bar_press.pop(e.pid)
            if e.phase == UP and target and target != "slider" and self._bar_target(e.x, e.y) == target:
                self.press(target)
            return True
        if e.phase == CANCEL:
            self._bar_press.pop(e.pid, None)
        return super()._on_pointer(e)

    def _slide(self, x: float) -> None:
        k = self.stop_at(x)
        if self.stops[k] != self.step:
            self.show_step(self.stops[k])

    def press(self, name: str) -> None:
        """A bar button."""
        if not self._button_enabled(name):
            return
        if name == "play":
            self.toggle_play()
            return
        if name in ("back", "forward", "turn_back", "turn_forward"):
            self.playing = False
        {"turn_back": self.turn_back, "back": self.step_back, "forward": self.step_forward,
         "turn_forward": self.turn_forward, "speed": self.next_speed, "log": lambda: self.open_log(0),
         "close": self.close}[name]()
        self._invalidate()

    # ---- time --------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.playing:
            return
        if self.step >= self.n_steps:
            self.playing = False
            self._invalidate()
            return
        if self.blocking or self.anim.floats:
            return  # the passenger is still travelling: the next action waits for it
        self._play_clock += dt
        if self._play_clock >= PLAY_DELAY[self.speed]:
            self._play_clock = 0.0
            self.step_forward()


def open_record_file(app, path: str, on_close=None, reveal: bool = False) -> ReplayScene:
    """The viewer for a record file, or a saved or finished game's file (seated as it was played); raises
    ReplayError (record.RecordError's message) for a bad file."""
    from ...saves import load_record

    try:
        record, saved = load_record(path)
    except rec_mod.RecordError as exc:
        raise ReplayError(str(exc)) from None
    seats = list(saved.seats) if saved is not None else None
    return ReplayScene(app, record, seats, path=str(path), on_close=on_close, reveal=reveal)


def run_view(path: str, size: tuple[int, int] | None = None, fullscreen: bool = False, display: int = 0,
             reveal: bool = False) -> int:
    """`underground view RECORD.json`: the viewer in a window until it is closed."""
    from ..app import App

    app = App(size=size, fullscreen=fullscreen, display=display, save_games=False)  # a viewer plays no game
    try:
        app.push(open_record_file(app, path, on_close=app.stop, reveal=reveal))
        return app.run()
    finally:
        app.close()
