"""The play screen: the board in the middle, a panel per seat at its table edge, animations on top.

:class:`PlayScene` composes the parts in ``game/ui/play/`` and owns what joins them: the layout, the
pointer and key input, and the backdrop. The parts can be read alone:

- ``play/turns.py`` (:class:`TurnFlow`): who may act, the chosen line, acting through the engine,
  computer seats, the passenger preview;
- ``play/animations.py`` (:class:`Animations`): the travelling passenger, floating points, flashes,
  token pops and toasts, made from the engine's events;
- ``play/overlays.py`` (:class:`Overlays`): route previews, dotted routes, score tags, the turn banner
  and the board's view buttons.

Every game change goes through :meth:`PlayScene.act`. While the passenger travels nobody can act (a tap
only speeds it up), so a tap can never act for the player whose turn has ended. A scene built on this
one (the kiosk's demo game) changes it through public hooks: ``drive_computers``,
:meth:`on_engine_events`, :meth:`on_game_over` and :meth:`banner_text`.

Drawing is split for speed (see docs/play-screen.md): a full-screen *backdrop* (board state layer,
panels, banner, previews) is rebuilt only when something in it changes; each frame blits it and draws
the moving bits (passenger, floating points, flashes, toasts).
"""
from __future__ import annotations

import logging
import time

import pygame

from ..engine import IllegalAction, PlaceTrack, apply
from ..engine import events as ev
from ..i18n import _, capitalised, refusal_text
from ..engine.rules import board_of, last_player
from ..engine.state import GameState
from . import sound
from . import theme as th
from .board.view import BoardView
from .play.action_bar import ActionBar
from .play.backdrop import Backdrop
from .play.cards import CardStrips
from .play.hint import HintControl
from .play import frame, review_feed, saved_table
from .play.reveal import reveal_or_end
from .play import layout as table_layout
from .play import previews
from .play import input as table_input
from .play.input import ZOOM_SETTLE_S, Gesture
from .play.animations import FAST, FLASH_S, FLOAT_S, HOP_S, TOAST_S, Animations, Flash, Float, Toast, Travel
from .play.keepclear import KeepClear
from .play.overlays import Overlays
from .play.phones import TablePhones
from .play.long_press import LongPress
from .play.secrets import PEEK_NOTICE_S, SecretCards, SecretPeek  # noqa: F401 (PEEK_NOTICE_S: tests)
from .play.turns import BOT_DELAY, END_HOLD_S, TurnFlow
from .scene import PointerEvent, Scene
from .panel import PanelView, SeatPanel
from .seats import EDGE_ROTATION, SeatConfig, default_edges

__all__ = ["PlayScene", "bench_frames", "HOP_S", "FAST", "BOT_DELAY", "TOAST_S", "FLOAT_S", "FLASH_S",
           "END_HOLD_S", "Travel", "Float", "Flash", "Toast"]

log = logging.getLogger("underground.ui.play")

class PlayScene(Scene):
    """A game in progress. ``seats`` says who sits where and which seats the computer plays."""

    drive_computers = True  # False: something else (the kiosk's demo) plays the computer seats
    reveal_secrets = True  # False: the game ends without showing the secret cards (the kiosk's demo)
    guide = None  # the first-game guide (play/guide.py), when the set-up asked for it

    def __init__(self, app, state: GameState, seats: list[SeatConfig] | None = None, names: str = "upright",
                 computer_speed: str = "normal", hints_used: list[int] | None = None, phones: bool | None = None):
        super().__init__(app)
        self.state = state
        self.board = board_of(state)
        n = state.n_players
        seats = list(seats or [])
        edges = default_edges(n) if 2 <= n <= 5 else ["bottom"] * n
        while len(seats) < n:
            i = len(seats)
            seats.append(SeatConfig(name=state.players[i].name, edge=edges[i]))
        self.seats = seats[:n]
        self.names_mode = names  # "upright" or "active": names face the active seat's edge
        theme = getattr(app, "theme", None) or th.Theme()
        fonts = getattr(app, "fonts", None) or th.Fonts()
        self.theme, self.fonts = theme, fonts
        self.board_view = BoardView(self.board, pygame.Rect(0, 0, 10, 10), theme, fonts, ui_scale=app.scale)
        self.board_view.progressive = True  # a new zoom or window size is drawn a little each frame
        self.board_view.connection_tiles = list(state.setup.connection_tiles)
        self.board_view.show_grid = True  # the cards' "C4" finds the station (play/cards.py)
        self.cards, self.bar = CardStrips(theme, fonts), ActionBar(theme, fonts)  # face-up cards; a laptop's bar
        self.panels = [SeatPanel(i, self.seats[i].edge if self.seats[i].edge in EDGE_ROTATION else "bottom",
                                 self.seats[i], theme, fonts) for i in range(n)]
        self.secrets = SecretCards(self)  # play/secrets.py: a seat's secret cards, open while held (Paris)
        self.reveal = None  # play/reveal.py: the secret cards shown one by one once the game is over
        self.turns = TurnFlow(state, self.seats, computer_speed)  # speed: play.turns.COMPUTER_SPEEDS
        self.hints = HintControl(n, hints_used)  # play/hint.py: a person's seat may ask what the hard bot would do
        self.phones = TablePhones.attach(self, phones)  # play/phones.py: when this game has them (``phones``)
        self.review = review_feed.attach(self)  # the game review's background process (play/review_feed.py)
        self.seat_buttons()
        self.anim = Animations(self.board, theme, fonts)
        self.overlays = Overlays(theme, fonts)
        self.keep_clear = KeepClear()  # tokens and legal spaces the banner, callouts, notices and hint keep off
        self.gestures: dict[int, Gesture] = {}
        self.long_press = LongPress(self)  # press and hold: a station's or a score's card (play/long_press.py)
        self.route_preview: int | None = None
        self.hover_route: int | None = None
        self.shown_score = [p.score for p in state.players]
        self._pending_notice: tuple = ()  # (words, short form) shown when the turn's animations are over
        self._ended = False
        self._zoom_idle = 0.0
        self._dirty: list[pygame.Rect] = []  # screen areas the moving bits covered in the last frame
        self._last_surface = None
        self._full_next = True
        self.backdrop = Backdrop(theme)
        self._invalidate()
        self._size = None
        self._layout()

    # ------------------------------------------------------------------------------------------
    # the parts' state, as tests and the kiosk read it

    @property
    def selected(self) -> dict[int, int | None]:
        return self.turns.selected

    @property
    def version(self) -> int:
        return self.turns.version

    @property
    def shown_current(self) -> int:
        """The player whose turn the table shows (lags the engine while the passenger travels)."""
        return self.turns.shown_current

    _shown_current = shown_current

    @property
    def travels(self):
        return self.anim.travels

    @property
    def floats(self) -> list[Float]:
        return self.anim.floats

    @property
    def flashes(self) -> list[Flash]:
        return self.anim.flashes

    @property
    def pops(self) -> list:
        return self.anim.pops

    @property
    def toasts(self) -> list[Toast]:
        return self.anim.toasts

    @property
    def fast(self) -> bool:
        return self.anim.fast

    @fast.setter
    def fast(self, value: bool) -> None:
        self.anim.fast = bool(value)

    # ------------------------------------------------------------------------------------------
    # layout

    def _layout(self) -> None:
        table_layout.lay_out(self)

    def _invalidate(self) -> None:
        """Something on the table changed: draw a frame (the backdrop finds which of its pieces changed)."""
        self.dirty = True

    def on_resize(self, w: int, h: int) -> None:
        self._layout()
        self.dirty = True

    def resume(self) -> None:
        self._invalidate()
        self.backdrop.invalidate()
        self._full_next = True
        self.dirty = True

    # ------------------------------------------------------------------------------------------
    # who may act

    @property
    def blocking(self) -> bool:
        """The passenger is travelling: the table waits (a tap only speeds it up)."""
        return bool(self.anim.travels)

    @property
    def animating(self) -> bool:
        return (self.anim.running or (self.state.phase == "over" and not self._ended) or self._zoom_idle > 0
                or self.cards.animating or self.hints.thinking()
                or self.board_view.busy or self.backdrop.pending)

    @property
    def view_moving(self) -> bool:
        """Fingers are panning or zooming the board (the turn banner keeps its place until they stop)."""
        return self.board_view.interactive or any(g.moved and g.target[0] == "board"
                                                  for g in self.gestures.values())

    def _is_computer(self, player: int) -> bool:
        return self.turns.is_computer(player)

    def _human_turn(self) -> bool:
        return self.turns.human_turn(self.blocking)

    # ------------------------------------------------------------------------------------------
    # acting

    def act(self, action, at: tuple[float, float] | None = None) -> bool:
        """Apply an action for the current player via the engine; an illegal one becomes a toast."""
        before_face_up = list(self.state.face_up)
        try:
            events = self.turns.apply(action)
        except IllegalAction as e:
            self.toast(refusal_text(e), at)
            return False
        self._invalidate()
        self._show_events(events, before_face_up)
        sound.of(self.app).events(events)
        self.on_engine_events(events)
        return True

    def _show_events(self, events: list, before_face_up: list[int]) -> None:
        """Turn one action's engine events into what the table shows."""
        unpaid = self.anim.add_events(events, self.panels, self.state)
        if any(isinstance(e, ev.PassengerMoved) for e in events):
            self.turns.shown_face_up = list(before_face_up)  # destinations go as the passenger arrives
        if any(isinstance(e, ev.Undone) for e in events):
            self.shown_score = [p.score for p in self.state.players]
        for e in unpaid:  # points without a move to show (cannot happen today); pay them now
            self.shown_score[e.player] += e.points
        self.route_preview = None
        self.hover_route = None
        left = any(isinstance(e, ev.PassengerLeft) for e in events)
        if any(isinstance(e, ev.EndTriggered) for e in events):
            last = self.state.players[last_player(self.state)].name
            first = _("The deck is empty: the passenger leaves the board.") if left else _("The deck is empty.")
            self._pending_notice = (first + " " + _("Last round: the game ends after {player}'s turn.").format(
                player=last), _("Last round: ends after {player}").format(player=last))
        elif left:
            self._pending_notice = (_("The deck is empty: the passenger leaves the board."), "")
        if not self.anim.travels:
            self._turn_shown()

    def _turn_shown(self) -> None:
        """Animations of the turn are over: show the engine's position as it is (and any notice it brought)."""
        self.turns.turn_shown()
        sound.of(self.app).turn_shown(self.state)
        if self._pending_notice:
            self.notice(self._pending_notice[0], short=self._pending_notice[1])
            self._pending_notice = ()
        self._invalidate()

    def notice(self, text: str, seconds: float | None = None, short: str = "") -> None:
        """A message for the whole table, a copy facing each seat (``short``: its shortest form)."""
        table_layout.show_notice(self, text, short, seconds)
        self.dirty = True

    def toast(self, text: str, at: tuple[float, float] | None = None) -> None:
        """A refusal near the finger, facing the active seat, a sentence fading after ~1.5 s."""
        text = capitalised(text)
        W, H = self.app.size
        x, y = at if at is not None else (W / 2, H / 2)
        edge = self.panels[self.shown_current].edge if self.panels else "bottom"
        self.anim.toast(text, x, y, EDGE_ROTATION.get(edge, 0))
        sound.of(self.app).play("refused")
        self.dirty = True

    # ---- hooks for a scene built on this one --------------------------------------------------

    def on_engine_events(self, events: list) -> None:
        """Called with every applied action's engine events, after the table has queued its feedback."""

    def on_game_over(self) -> None:
        """The game is over and its last animations have been shown: open the end screen."""
        from .screens import open_screen

        open_screen(self.app, "end", self.state, self.seats, computer_speed=self.turns.computer_speed,
                    hints_used=list(self.hints.used))

    def play_computer_turn(self) -> None:
        """One action for the computer seat whose turn it is (paced by ``update``)."""
        action = self.turns.computer_action()
        at = self.board_view.conn_point(action.connection) if isinstance(action, PlaceTrack) else None
        self.act(action, at)

    # ------------------------------------------------------------------------------------------
    # input

    def _target_at(self, x: float, y: float) -> tuple:
        return table_input.target_at(self, x, y)

    def on_pointer(self, e: PointerEvent) -> bool:
        try:
            return self._on_pointer(e)
        except (ValueError, OverflowError, ZeroDivisionError) as exc:  # odd coordinates must never crash
            log.debug("pointer event ignored: %r (%s)", e, exc)
            self.gestures.pop(e.pid, None)
            return True

    def _on_pointer(self, e: PointerEvent) -> bool:
        return table_input.pointer(self, e)

    def board_buttons(self) -> dict[str, pygame.Rect]:
        """The view controls in the board's top corner ("names", and "fit" when zoomed in)."""
        return self.overlays.board_buttons(self.board_view, self.app.scale)

    def _tap(self, g: Gesture, target: tuple, x: float, y: float) -> None:
        table_input.tap(self, g, target, x, y)

    def on_key(self, e) -> bool:
        return table_input.key(self, e)

    def open_menu(self, seat: int | None) -> None:
        """The game menu (play/menu.py), facing ``seat`` (None: a key asked; the seat whose turn it is)."""
        from .play.menu import GameMenu

        if seat is None:
            humans = [i for i in range(len(self.panels)) if not self._is_computer(i)]
            seat = self.shown_current if self.shown_current in humans or not humans else humans[0]
        self.gestures.clear()
        self.app.push(GameMenu(self.app, self, seat))

    # ------------------------------------------------------------------------------------------
    # time

    def update(self, dt: float) -> None:
        if self.phones is not None:
            self.phones.update()  # publish the position, apply a phone's action (play/phones.py)
        self.long_press.update(dt)
        self.secrets.update(dt)
        if self.guide is not None:
            self.guide.update()
        if self._zoom_idle > 0:
            self._zoom_idle -= dt
            if self._zoom_idle <= 0 and not any(g.target[0] == "board" for g in self.gestures.values()):
                self.board_view.interactive = False
                self._invalidate()
            elif self._zoom_idle <= 0:
                self._zoom_idle = ZOOM_SETTLE_S / 2
        if self.hints.poll(self.state):
            self._invalidate()
        self.dirty = review_feed.update(self) or self.dirty  # the win-chance bar (play/win_bar.py) over the backdrop
        if self.cards.step(dt):
            self._invalidate()
        travelling = bool(self.anim.travels)
        landed, arrived = self.anim.step(dt)
        if travelling:
            self.dirty = True
        for tr in arrived:
            self.turns.arrived(tr.destination)
            sound.of(self.app).play("arrive")
            self._invalidate()
        if arrived and not self.anim.travels:
            self._turn_shown()
        if landed:
            for f in landed:
                self.shown_score[f.player] += f.points
            self._invalidate()
        if not self.anim.travels and not self.anim.floats:
            want = [p.score for p in self.state.players]
            if self.shown_score != want:
                self.shown_score = want
                self._invalidate()
        if self.drive_computers and self.turns.computer_due(dt, self.blocking):
            self.play_computer_turn()
        if not self._ended and self.turns.end_due(dt, not self.blocking and not self.anim.floats):
            if reveal_or_end(self, dt):  # Paris: each objective in turn (play/reveal.py), then the end screen
                self._ended = True
                self.on_game_over()

    def skip_animations(self) -> None:
        """Finish every running animation at once (the passenger arrives, points land)."""
        landed, arrived = self.anim.skip()
        for tr in arrived:
            self.turns.arrived(tr.destination)
        for f in landed:
            self.shown_score[f.player] += f.points
        self.anim.floats.clear()
        self.anim.flashes.clear()
        self._turn_shown()
        self.shown_score = [p.score for p in self.state.players]

    # ------------------------------------------------------------------------------------------
    # what the table shows

    def _passenger_shown(self) -> int:
        if self.anim.travels:
            return self.anim.travels[0].origin
        return self.state.passenger

    def preview_legs(self) -> list:
        """Each passenger move the turn would end with, if it ended now (``turns.PreviewLeg``)."""
        return self.turns.preview_legs(self.blocking)

    def preview_options(self) -> list:
        """Where the passenger would go if the turn ended now (shown before the last action)."""
        return self.turns.preview_options(self.blocking)

    def panel_view(self, i: int) -> PanelView:
        """What seat ``i``'s panel shows besides the position itself (play/layout.py)."""
        return table_layout.panel_view(self, i)

    _panel_view = panel_view

    # ---- the destination cards (play/cards.py; drawn into the backdrop's "cards" piece) ---------------

    def ask_hint(self) -> bool:
        """The hint button: the hard computer thinks about this seat's public view off the frame (play/hint.py)."""
        from ..ai.view import public_view

        st = self.state
        if not self._human_turn() or st.phase not in ("actions", "route"):
            return False
        asked = self.hints.ask(st, public_view(st, st.current))
        self._invalidate()
        return asked

    def saved_extras(self) -> dict:
        return saved_table.saved_extras(self)

    def restore_table(self, extras: dict) -> None:
        saved_table.restore_table(self, extras)

    def face_up_shown(self) -> list[int]:
        """The face-up cards as the table shows them (a card goes when the passenger reaches it)."""
        shown = self.turns.shown_face_up
        return list(self.state.face_up if shown is None else shown)

    def cards_key(self) -> tuple:
        if self.panels:
            self.cards.face(self.panels[self.shown_current].edge)  # the turning strip faces the active seat
        return self.cards.key(self.state, self.face_up_shown(), self._passenger_shown(), self.board_view)

    def draw_cards(self, surf: pygame.Surface, area: pygame.Rect | None = None) -> None:
        self.cards.draw(surf, self.state, self.face_up_shown(), self._passenger_shown(), self.board_view, area)

    def find_card(self, j: int, at: tuple[float, float]) -> int | None:
        """Card ``j`` was touched: show its station on the board."""
        stn = self.cards.find(j, self.face_up_shown(), at, self.board_view)
        self._invalidate()
        return stn

    # ---- board overlays (drawn into the backdrop's "previews" piece) ----------------------------------

    def board_overlays_key(self) -> tuple | None:
        return previews.overlays_key(self)

    def board_overlays_rect(self, marks_only: bool = False) -> pygame.Rect | None:
        return previews.overlays_rect(self, marks_only)

    def draw_board_overlays(self, surf: pygame.Surface, marks_only: bool = False) -> None:
        previews.draw_overlays(self, surf, marks_only)

    def banner_text(self) -> str:
        return table_layout.banner_text(self)

    # ------------------------------------------------------------------------------------------
    # drawing

    def draw_stand_in(self, surface: pygame.Surface) -> bool:
        return frame.draw_stand_in(self, surface)

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        return frame.draw(self, surface)

    @property
    def held_secret(self) -> dict[int, int]:
        """Seat -> the finger holding its secret cards open now (play/secrets.py)."""
        return self.secrets.peek.held

    @property
    def peek(self) -> SecretPeek:
        return self.secrets.peek

    @property
    def drawn_secrets(self) -> list:
        return self.secrets.drawn

    def seat_buttons(self) -> None:
        table_layout.seat_buttons(self)

    def explain_secret(self, seat: int) -> None:
        self.secrets.explain(seat)

    def held_secret_rect(self, seat: int) -> tuple[pygame.Surface, pygame.Rect] | None:
        return self.secrets.rect(seat)

    def draw_held_secret(self, surface: pygame.Surface) -> list[pygame.Rect]:
        return self.secrets.draw(surface)

    # ------------------------------------------------------------------------------------------
    # test hooks

    def point_for_connection(self, conn: int) -> tuple[float, float] | None:
        return self.board_view.point_for_connection(conn)

    def point_for_line_swatch(self, line: int) -> tuple[float, float] | None:
        owner = self.state.lines[line].owner
        panel = self.panels[owner]
        panel.layout(self.state, self.panel_view(owner))
        return panel.point_for(f"line:{line}")

    def point_for_button(self, player: int, name: str) -> tuple[float, float] | None:
        panel = self.panels[player]
        panel.layout(self.state, self.panel_view(player))
        return panel.point_for(name)


# ------------------------------------------------------------------------------------------------
# benchmark


def _long_route(state: GameState, board) -> list[tuple[int, int, int]]:
    """Hops along a long shortest path on the real board, riding a line wherever one has a token."""
    from collections import deque as dq

    def bfs(src):
        prev = {src: None}
        q = dq([src])
        while q:
            s = q.popleft()
            for c in board.station_conns[s]:
                t = board.connections[c].other(s)
                if t not in prev:
                    prev[t] = (s, c)
                    q.append(t)
        return prev

    src = board.start
    prev = bfs(src)
    far = max(prev, key=lambda s: _depth(prev, s))
    path = []
    s = far
    while prev[s] is not None:
        a, c = prev[s]
        toks = state.tokens[c]
        path.append((a, s, toks[0] if toks else -1))
        s = a
    path.reverse()
    return path


def _depth(prev, s) -> int:
    n = 0
    while prev[s] is not None:
        s = prev[s][0]
        n += 1
    return n


def bench_frames(size: tuple[int, int] = (1920, 1080), frames: int = 300, clock: str = "wall",
                 players: int = 4, prepare=None) -> list[float]:
    """Milliseconds per frame (update + draw) of a mid-game table with the passenger travelling.

    ``clock="wall"`` is what a player sees; ``"cpu"`` counts only this process's CPU time, which is the
    frame's own cost when other programs compete for the processor (a busy CI machine). ``prepare(scene)``
    adds to the table before the first frame (game/ui/bench.py: phones) and returns what to call before each
    frame (its number) and at the end, or None.
    """
    timer = time.process_time if clock == "cpu" else time.perf_counter
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from ..ai import make_bot as _mk
    from ..engine import new_game
    from .app import App

    app = App(size=tuple(size), headless=True)
    try:
        state = new_game("london", players, seed=7)
        bot = _mk("random", 7)
        for _frame in range(90):
            apply(state, bot.choose(state))
        seats = [SeatConfig(name=p.name, edge=e) for p, e in zip(state.players, default_edges(players))]
        scene = PlayScene(app, state, seats)
        app.push(scene)
        each_frame, finish = prepare(scene) if prepare is not None else (None, None)
        there = _long_route(state, scene.board)
        route = there + [(b, a, li) for a, b, li in reversed(there)]  # out and back: one long trip
        dest = route[-1][1]
        screen = app.screen
        scene.draw(screen)
        out = []
        dt = 1.0 / 60
        for _frame in range(frames):
            if not scene.travels:
                scene.travels.append(Travel(route[0][0], dest, list(route), (), []))
                scene.turns.shown_face_up = list(state.face_up)
            if each_frame is not None:
                each_frame(_frame)
            t0 = timer()
            scene.update(dt / 2)
            scene.update(dt / 2)
            scene.draw(screen)
            out.append((timer() - t0) * 1000.0)
        if finish is not None:
            finish()
        return out
    finally:
        app.close()
