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
import math
import time
from dataclasses import dataclass

import pygame

from ..engine import ChooseRoute, IllegalAction, PlaceTrack, TakeBranch, Undo, apply
from ..engine import events as ev
from ..i18n import _, ngettext, refusal_text
from ..engine.rules import board_of, last_player, rules_of
from ..engine.state import GameState
from . import sound
from . import textfit
from . import theme as th
from .board.view import BoardView
from .board.layer import merge_rects as _merge_rects
from .play.backdrop import Backdrop
from .play.cards import CardStrips
from .play.hint import HintControl
from .play.animations import FAST, FLASH_S, FLOAT_S, HOP_S, TOAST_S, Animations, Flash, Float, Toast, Travel
from .play.overlays import Overlays, tag_area
from .play.long_press import LongPress
from .play.turns import BOT_DELAY, END_HOLD_S, TurnFlow
from .scene import CANCEL, DOWN, MOVE, UP, PointerEvent, Scene
from .seat_panel import DEPTH, PanelView, SeatPanel
from .seats import EDGE_ROTATION, SeatConfig, default_edges

__all__ = ["PlayScene", "bench_frames", "HOP_S", "FAST", "BOT_DELAY", "TOAST_S", "FLOAT_S", "FLASH_S",
           "END_HOLD_S", "Travel", "Float", "Flash", "Toast"]

log = logging.getLogger("underground.ui.play")

TAP_SLOP = 14  # px at 1080p a finger may wander and still tap
ZOOM_SETTLE_S = 0.25  # after the last pinch/wheel step the board is redrawn crisp


@dataclass
class Gesture:
    pid: int
    target: tuple  # ("board",) | ("panel", index, control) | ("button", name) | ("none",)
    x0: float
    y0: float
    x: float
    y: float
    t0: float
    moved: bool = False
    passive: bool = False  # pressed during an animation: may pan, never acts
    preview_before: int | None = None


class PlayScene(Scene):
    """A game in progress. ``seats`` says who sits where and which seats the computer plays."""

    drive_computers = True  # False: something else (the kiosk's demo) plays the computer seats
    reveal_secrets = True  # False: the game ends without showing the secret cards (the kiosk's demo)
    guide = None  # the first-game guide (play/guide.py), when the set-up asked for it

    def __init__(self, app, state: GameState, seats: list[SeatConfig] | None = None, names: str = "upright",
                 computer_speed: str = "normal", hints_used: list[int] | None = None):
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
        self.cards = CardStrips(theme, fonts)  # the face-up destination cards at the seats' edges
        self.panels = [SeatPanel(i, self.seats[i].edge if self.seats[i].edge in EDGE_ROTATION else "bottom",
                                 self.seats[i], theme, fonts) for i in range(n)]
        secret = self.board_view.city.has_secret_cards(self.board)  # Paris: objectives, held to be seen
        for p in self.panels:
            p.has_secret = secret
        self.held_secret: dict[int, int] = {}  # seat -> pointer holding its cards button (shown while held)
        self.reveal = None  # play/reveal.py: the secret cards shown one by one once the game is over
        self._secret_pics: dict = {}
        self.turns = TurnFlow(state, self.seats, computer_speed)  # speed: play.turns.COMPUTER_SPEEDS
        self.hints = HintControl(n, hints_used)  # play/hint.py: a person's seat may ask what the hard bot would do
        for i, p in enumerate(self.panels):
            p.has_hint = self.drive_computers and not self._is_computer(i)  # never in the kiosk's demo
        self.anim = Animations(self.board, theme, fonts)
        self.overlays = Overlays(theme, fonts)
        self.gestures: dict[int, Gesture] = {}
        self.long_press = LongPress(self)  # press and hold: a station's or a score's card (play/long_press.py)
        self.route_preview: int | None = None
        self.hover_route: int | None = None
        self.shown_score = [p.score for p in state.players]
        self._pending_notice = ""  # shown when the turn's animations are over
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
        W, H = self.app.size
        k = self.app.scale
        self._size = (W, H)
        D = max(60, round(DEPTH * k))
        by_edge: dict[str, list[SeatPanel]] = {}
        for p in self.panels:
            by_edge.setdefault(p.edge, []).append(p)

        def depth(edge: str, span: int) -> int:
            """The edge is as deep as its most crowded panel needs (no button below touch size, no cut label)."""
            ps = by_edge.get(edge)
            if not ps:
                return 0
            width = span // len(ps)
            return max([D] + [p.needed_depth(width, len(self.state.players[p.player].lines), k) for p in ps])

        L = depth("left", H)
        R = depth("right", H)
        T = depth("top", W - L - R)
        B = depth("bottom", W - L - R)
        cap = max(D, (H - 2 * D) // 2) if H > 0 else D  # the board keeps at least a third of the height
        T, B = min(T, cap), min(B, cap)
        depths = {"left": L, "right": R, "top": T, "bottom": B}
        for edge, ps in by_edge.items():
            n = len(ps)
            if edge in ("bottom", "top"):
                x0, span = L, W - L - R
                y = H - B if edge == "bottom" else 0
                order = ps if edge == "bottom" else list(reversed(ps))
                for j, p in enumerate(order):
                    a = x0 + span * j // n
                    b = x0 + span * (j + 1) // n
                    p.set_rect(pygame.Rect(a, y, b - a, depths[edge]), k)
            else:
                x = 0 if edge == "left" else W - R
                order = list(reversed(ps)) if edge == "left" else ps
                for j, p in enumerate(order):
                    a = H * j // n
                    b = H * (j + 1) // n
                    p.set_rect(pygame.Rect(x, a, depths[edge], b - a), k)
        m = max(2, round(6 * k))
        area = pygame.Rect(L, T, W - L - R, H - T - B)
        area = self.cards.carve(area, CardStrips.edges_for(self.seats, self._is_computer), k,
                                max(4, len(self.state.face_up)), self.board_view.size_units())
        area = area.inflate(-2 * m, -2 * m)
        if area.w < 10 or area.h < 10:
            area = pygame.Rect(0, 0, max(10, W), max(10, H))
        self.board_view.ui_scale = k
        self.board_view.set_rect(area)
        self._invalidate()
        for i, p in enumerate(self.panels):
            p.layout(self.state, self.panel_view(i))

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
            self._pending_notice = first + " " + _("Last round: the game ends after {player}'s turn.").format(
                player=last)
        elif left:
            self._pending_notice = _("The deck is empty: the passenger leaves the board.")
        if not self.anim.travels:
            self._turn_shown()

    def _turn_shown(self) -> None:
        """Animations of the turn are over: show the engine's position as it is (and any notice it brought)."""
        self.turns.turn_shown()
        sound.of(self.app).turn_shown(self.state)
        if self._pending_notice:
            self.notice(self._pending_notice)
            self._pending_notice = ""
        self._invalidate()

    def notice(self, text: str) -> None:
        """A message for the whole table: one copy at each seat's edge of the board, turned to read from there."""
        bv = self.board_view.rect
        k = self.app.scale
        inset = round(90 * k)
        places = []
        for p in self.panels:
            c = p.rect.center
            x = min(max(c[0], bv.left + inset), bv.right - inset)
            y = min(max(c[1], bv.top + inset), bv.bottom - inset)
            if p.edge == "bottom":
                y = bv.bottom - inset
            elif p.edge == "top":
                y = bv.top + inset
            elif p.edge == "left":
                x = bv.left + inset
            else:
                x = bv.right - inset
            places.append((x, y, EDGE_ROTATION.get(p.edge, 0)))
        self.anim.notice(text, places)
        self.dirty = True

    def toast(self, text: str, at: tuple[float, float] | None = None) -> None:
        """A short message near the finger, facing the active seat, fading after ~1.5 s."""
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
        from .menu_scenes import EndScene  # lazy: the menus import this module

        self.app.replace(EndScene(self.app, self.state, self.seats, computer_speed=self.turns.computer_speed,
                                  hints_used=list(self.hints.used)))

    def play_computer_turn(self) -> None:
        """One action for the computer seat whose turn it is (paced by ``update``)."""
        action = self.turns.computer_action()
        at = self.board_view.conn_point(action.connection) if isinstance(action, PlaceTrack) else None
        self.act(action, at)

    # ------------------------------------------------------------------------------------------
    # input

    def _target_at(self, x: float, y: float) -> tuple:
        for i, p in enumerate(self.panels):
            if p.rect.collidepoint(x, y):
                return ("panel", i, p.hit(x, y))
        for name, r in self.board_buttons().items():
            if r.collidepoint(x, y):
                return ("button", name)
        card = self.cards.hit(x, y)
        if card is not None:
            return ("cards",) + card
        if self.board_view.rect.collidepoint(x, y):
            return ("board",)
        return ("none",)

    def on_pointer(self, e: PointerEvent) -> bool:
        try:
            return self._on_pointer(e)
        except (ValueError, OverflowError, ZeroDivisionError) as exc:  # odd coordinates must never crash
            log.debug("pointer event ignored: %r (%s)", e, exc)
            self.gestures.pop(e.pid, None)
            return True

    def _on_pointer(self, e: PointerEvent) -> bool:
        if not (math.isfinite(e.x) and math.isfinite(e.y)):
            return True
        if self.guide is not None and self.guide.on_pointer(e):
            return True
        if self.long_press.on_pointer(e):
            return True
        x, y = e.x, e.y
        k = self.app.scale
        if e.phase == DOWN:
            target = self._target_at(x, y)
            g = Gesture(e.pid, target, x, y, x, y, e.t, passive=self.blocking, preview_before=self.route_preview)
            if target[0] == "panel" and target[2] == "secret":  # shown only while this finger holds it
                self.held_secret[target[1]] = e.pid
                self.dirty = True
            if self.blocking and target[-1] != "menu" and target[0] != "cards":
                self.fast = True
            self.gestures[e.pid] = g
            return True
        if e.phase == MOVE:
            if e.wheel:
                if self.board_view.rect.collidepoint(x, y):
                    self._zooming()
                    self.board_view.zoom_at(x, y, 1.15 ** max(-4.0, min(4.0, e.wheel)))
                return True
            g = self.gestures.get(e.pid)
            if g is None:
                if e.pid == -1 and not e.is_touch:
                    self._hover(x, y)
                return False
            dx, dy = x - g.x, y - g.y
            g.x, g.y = x, y
            if math.hypot(x - g.x0, y - g.y0) > TAP_SLOP * k:
                g.moved = True
            if g.target[0] == "board":
                on_board = [h for h in self.gestures.values() if h.target[0] == "board"]
                if len(on_board) >= 2:
                    if e.pinch != 1.0 and math.isfinite(e.pinch) and e.pinch > 0:
                        self._zooming()
                        a, b2 = on_board[0], on_board[1]
                        mx, my = (a.x + b2.x) / 2, (a.y + b2.y) / 2
                        self.board_view.zoom_at(mx, my, e.pinch)
                    self.board_view.pan_by(dx / 2, dy / 2)
                    self._invalidate()
                elif g.moved:
                    self.board_view.pan_by(dx, dy)
                    self._invalidate()
            return True
        if e.phase in (CANCEL, UP) and e.pid in self.held_secret.values():
            self.held_secret = {seat: pid for seat, pid in self.held_secret.items() if pid != e.pid}
            self.dirty = True
        if e.phase == CANCEL:
            self.gestures.pop(e.pid, None)
            return True
        if e.phase == UP:
            g = self.gestures.pop(e.pid, None)
            if g is None:
                return False
            if g.target[0] == "panel" and g.target[2] == "secret":
                return True
            if g.target[0] == "cards" and not g.moved:  # any seat may look at the cards at any time
                if self._target_at(x, y) == g.target and g.target[1] == "card":
                    self.find_card(g.target[2], (x, y))
                return True
            if g.target[0] == "panel" and g.target[2] == "menu" and not g.moved:
                if self._target_at(x, y) == g.target:  # the menu opens at any time, for any seat
                    self.open_menu(g.target[1])
                return True
            if g.moved or g.passive or self.blocking:
                return True
            target = self._target_at(x, y)
            if target != g.target:
                return True  # slid from one place to another (e.g. board onto a panel): not a tap
            self._tap(g, target, x, y)
            return True
        return False

    def board_buttons(self) -> dict[str, pygame.Rect]:
        """The view controls in the board's top corner ("names", and "fit" when zoomed in)."""
        return self.overlays.board_buttons(self.board_view, self.app.scale)

    def _zooming(self) -> None:
        """A zoom step: stretch the cached board until the gesture settles, then redraw it crisp."""
        self.board_view.interactive = True
        self._zoom_idle = ZOOM_SETTLE_S
        self._invalidate()

    def _hover(self, x: float, y: float) -> None:
        """Mouse hover over a route option shows it lightly on the board; like a tap, a click previews it
        and a second click chooses it, as the panel says."""
        if self.state.phase != "route" or not self._human_turn():
            return
        panel = self.panels[self.state.current]
        name = panel.hit(x, y)
        idx = int(name.split(":")[1]) if name and name.startswith("route:") else None
        if idx != self.hover_route:
            self.hover_route = idx
            self._invalidate()

    def _tap(self, g: Gesture, target: tuple, x: float, y: float) -> None:
        st = self.state
        if self.reveal is not None and not self.reveal.done:  # a tap shows the next secret card at once
            self.reveal.next()
            self.dirty = True
            return
        if target[0] == "board":
            if st.phase == "over":
                return
            if not self._human_turn():
                if self._is_computer(st.current):
                    self.toast(_("{player} (computer) is playing").format(player=st.players[st.current].name), (x, y))
                return
            conn = self.board_view.hit_test(x, y)
            if conn is None:
                return
            line = self.selected.get(st.current)
            if line is None:
                self.toast(_("choose one of your lines on your panel first"), (x, y))
                return
            if self.act(PlaceTrack(line, conn), (x, y)):
                self.turns.default_selection()
            return
        if target[0] == "button":  # view controls: anyone at the table may use them
            if target[1] == "names":
                self.names_mode = "active" if self.names_mode == "upright" else "upright"
            elif target[1] == "fit":
                self.board_view.fit()
            self._invalidate()
            return
        if target[0] != "panel":
            return
        _kind, idx, control = target  # not "_": that is the translation function here
        if control is None:
            return
        if idx != st.current or not self._human_turn():
            return  # only the active player's panel acts
        if control.startswith("line:"):
            li = int(control.split(":")[1])
            if li in st.players[idx].lines:
                self.selected[idx] = li
                self._invalidate()
        elif control == "hint":
            self.ask_hint()
        elif control == "branch":
            self.act(TakeBranch(), (x, y))
        elif control == "undo":
            if self.turns.can_undo():
                self.act(Undo(), (x, y))
                self.turns.default_selection()
        elif control in ("route_more", "choice_more"):  # more options than buttons: the next page
            self.panels[idx].next_option_page()
            self._invalidate()
        elif control.startswith("choice:"):  # a city's choice (Paris): an ordinary action, undo takes it back
            buttons = self.board_view.city.choices(st, self.board)
            i = int(control.split(":")[1])
            if 0 <= i < len(buttons):
                self.act(buttons[i][2], (x, y))
        elif control.startswith("route:"):
            i = int(control.split(":")[1])
            if st.phase != "route" or not 0 <= i < len(st.options):
                return
            if g.preview_before == i:
                self.act(ChooseRoute(i), (x, y))
            else:
                self.route_preview = i
                self._invalidate()

    def on_key(self, e) -> bool:
        if getattr(e, "type", None) != pygame.KEYDOWN:
            return False
        key = getattr(e, "key", None)
        if key in (pygame.K_ESCAPE, pygame.K_AC_BACK):
            self.open_menu(None)
            return True
        if key == pygame.K_n:
            self.names_mode = "active" if self.names_mode == "upright" else "upright"
            self._invalidate()
            return True
        if key in (pygame.K_0, pygame.K_HOME):
            self.board_view.fit()
            self._invalidate()
            return True
        if key == pygame.K_SPACE and self.blocking:
            self.fast = True
            return True
        return False

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
        self.long_press.update(dt)
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
            if self.reveal is None and self.reveal_secrets and self.board_view.city.has_secret_cards(self.board):
                from .play.reveal import SecretReveal

                self.reveal = SecretReveal(self)  # Paris: each objective in turn, before the end screen
                self.dirty = True
            if self.reveal is not None and not self.reveal.done:
                if self.reveal.step(dt):
                    self.dirty = True
            else:
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
        """What seat ``i``'s panel shows besides the position itself."""
        st = self.state
        cur = self.shown_current
        active = (i == cur and not self.blocking and st.phase != "over" and cur == st.current)
        human = active and not self._is_computer(i)
        v = PanelView(active=active, current_name=st.players[cur].name if st.phase != "over" else "",
                      score=self.shown_score[i])
        if self.panels[i].has_hint:
            v.hint = self.hints.button_state(i, st, human and st.phase in ("actions", "route"))
        if active:
            v.selected_line = self.selected.get(i)
            v.can_branch = human and st.phase == "actions" and st.actions_left > 0
            v.can_undo = human and self.turns.can_undo()
            if st.phase == "route":
                v.route_options = list(st.options)
                v.route_preview = self.route_preview
            elif st.pending:  # a city's choice (Paris): big buttons with a score preview
                city = self.board_view.city
                v.choices = tuple((label, preview) for label, preview, _ in city.choices(st, self.board))
                v.choice_title = city.choice_title(st, self.board)
            if self._is_computer(i):
                v.status = _("computer playing")
        if self.blocking:
            v.status = _("passenger travelling")
        elif st.phase == "over":
            v.status = _("game over")
        # this seat's lines the passenger would score for if the turn ended now (every move up to a tie)
        v.would_score = frozenset(li for li in self.turns.would_score(self.blocking) if st.lines[li].owner == i)
        n = st.n_players
        v.deck = len(st.deck)
        v.start_player = i == st.setup.start_player
        if st.end_triggered and st.phase != "over":
            def order(p: int) -> int:
                return (p - st.setup.start_player) % n

            v.last_turn = "last" if order(i) >= order(st.current) else "done"
        v.city_notes = tuple(self.board_view.city.panel_notes(st, i))  # the city's own (game/ui/cities)
        v.city_tiles = tuple(self.board_view.city.panel_tiles(st, i))  # e.g. Berlin's landmark tiles held
        if st.turn < n and st.phase != "over":  # the first round: say what each seat started with
            first = rules_of(st).initial_score(st.setup, (i - st.setup.start_player) % n)
            if st.setup.variant == "classic" or first:
                v.note = ngettext("Started on {n} point", "Started on {n} points", first).format(n=first)
        return v

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
        """What the table keeps with the saved game besides the record (game/saves.py): hints used per seat."""
        return {"hints_used": list(self.hints.used)}

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
        """What the board overlays show (None: nothing): the route options or the would-be route, and the
        marks on the last turn's tokens."""
        st = self.state
        marks = tuple(self.turns.last_turn_tokens) if not self.blocking and st.phase != "over" else ()
        if self.blocking:
            previews = None
        elif st.phase == "route":
            previews = ("route", self.version, self.route_preview, self.hover_route, len(st.options))
        else:
            legs = self.preview_legs()
            previews = ("would", self.version, len(legs)) if legs else None
        if previews is None and not marks:
            return None
        return (previews, marks, self.version)

    def board_overlays_rect(self, marks_only: bool = False) -> pygame.Rect | None:
        """A box sure to hold every board overlay (for redrawing only what changed); ``marks_only``: the
        last turn's token marks without the route previews."""
        st = self.state
        bv = self.board_view
        k = self.app.scale
        box = None
        if not self.blocking and st.phase != "over":
            box = self.overlays.last_turn_rect(bv, st, self.turns.last_turn_tokens, k)
        opts = []
        if not self.blocking and not marks_only:
            opts = list(st.options) if st.phase == "route" else [o for leg in self.preview_legs() for o in leg.options]
        pts = [bv.station_xy(s) for o in opts for h in o.hops for s in (h[0], h[1])]
        pts += [bv.station_xy(o.destination) for o in opts]
        if pts:
            rmax = max((bv.station_radius(o.destination) for o in opts), default=0)
            m = max(bv.lane_gap * 1.3, 6.0 * k) + rmax + 16 * max(0.6, k) + 8
            xs = [p[0] for p in pts]
            ys = [p[1] for p in pts]
            r = pygame.Rect(int(min(xs) - m), int(min(ys) - m), int(max(xs) - min(xs) + 2 * m) + 2,
                            int(max(ys) - min(ys) + 2 * m) + 2)
            for o in opts:  # a score tag goes beside its destination, wherever it hides the fewest names
                x, y = bv.station_xy(o.destination)
                r.union_ip(tag_area(bv, x, y, k))
            box = r if box is None else box.union(r)
        return box.clip(bv.rect) if box is not None else None

    def draw_board_overlays(self, surf: pygame.Surface, marks_only: bool = False) -> None:
        """The last turn's token marks, then (unless ``marks_only``) the route options being chosen or the
        would-be route."""
        st = self.state
        bv = self.board_view
        k = self.app.scale
        if not self.blocking and st.phase != "over":
            self.overlays.draw_last_turn(surf, bv, st, self.turns.last_turn_tokens, k)
        if self.blocking or marks_only:
            return
        if st.phase == "route":
            shown = self.route_preview if self.route_preview is not None else self.hover_route
            self.overlays.draw_route_choice(surf, bv, st, st.options, shown, k)
        else:
            self.overlays.draw_would_go(surf, bv, st, self.preview_legs(), k)

    def banner_text(self) -> str:
        """The turn banner's words, facing the shown seat."""
        st = self.state
        name = st.players[self.shown_current].name
        if st.phase == "over":
            return _("Game over")
        if self.blocking:
            return _("The passenger is travelling (tap to hurry)")
        if self._is_computer(st.current):
            return _("{player} (computer) is playing").format(player=name)
        if st.phase == "route":
            return _("{player}: choose the passenger's route").format(player=name)
        if st.pending:
            return f"{name}: {self.board_view.city.choice_title(st, self.board)}"
        n = st.actions_left
        if n == 1:
            return _("{player}'s turn · 1 action left (last action: see where the passenger would go)").format(
                player=name)
        return ngettext("{player}'s turn · {n} action left", "{player}'s turn · {n} actions left", n).format(
            player=name, n=n)

    # ------------------------------------------------------------------------------------------
    # drawing

    def draw_stand_in(self, surface: pygame.Surface) -> bool:
        """A window resize's own frame (App._draw_stand_in): the last backdrop scaled to the new window and
        the moving bits over it, one copy instead of the new layout; the next frame composes the new layout."""
        bd = self.backdrop.surf
        if bd is None or bd.get_bitsize() != surface.get_bitsize():
            return False
        pygame.transform.scale(bd, surface.get_size(), surface)
        drawn = self.anim.draw(surface, self.board_view, self.state, self.panels, self.app.scale)
        self._dirty = [r.clip(surface.get_rect()) for r in drawn]
        self._full_next = True
        return True

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Bring the backdrop up to date (only the pieces that changed), copy to the window what changed
        and what the moving bits covered last frame, then draw the moving bits.

        Returns the window areas drawn, so the app sends only those to the display; None after a full
        redraw. See play/backdrop.py.
        """
        if surface.get_size() != self._size:
            self._layout()
        damage = self.backdrop.update(self, surface)
        bd = self.backdrop.surf
        full = (damage is None or self._full_next or surface is not self._last_surface
                or getattr(self.app, "top", self) is not self)
        restore: list[pygame.Rect] = []
        if full:
            surface.blit(bd, (0, 0))
        else:
            restore = _merge_rects(damage + self._dirty)
            for r in restore:
                surface.blit(bd, r, r)
        area = surface.get_rect()
        drawn = self.anim.draw(surface, self.board_view, self.state, self.panels, self.app.scale)
        if self.guide is not None:
            drawn += self.guide.draw(surface)
        drawn += self.long_press.draw(surface)
        drawn += self.cards.draw_moving(surface, self.board_view)
        if not self.blocking:
            drawn += self.hints.draw(surface, self.board_view, self.state, self.panels, self.theme, self.fonts,
                                     self.app.scale, avoid=[self.backdrop.banner_rect()])
        drawn += self.draw_held_secret(surface)  # secret cards last: nothing may cover them while held
        if self.reveal is not None:
            drawn += self.reveal.draw(surface, self)
        self._dirty = [r.clip(area) for r in drawn]
        self._last_surface = surface
        self._full_next = False
        return None if full else restore + self._dirty

    def held_secret_rect(self, seat: int) -> tuple[pygame.Surface, pygame.Rect] | None:
        """Seat ``seat``'s secret cards as shown while its owner holds the button: the picture turned to
        face the seat and where it goes, just beyond the finger on the button (the hand covers it from the
        others). None when the seat has no such button."""
        panel = self.panels[seat]
        r = panel.controls.get("secret")
        if r is None:
            return None
        key = (seat, self.app.scale, panel.rotation)
        got = self._secret_pics.get(key)
        if got is None:
            img = self.board_view.city.secret_cards_picture(self.state, self.board, seat, self.fonts, self.app.scale)
            if img is None:
                return None
            turned = pygame.transform.rotate(img, panel.rotation) if panel.rotation else img
            got = self._secret_pics[key] = (turned, img.get_size())
        turned, (w, h) = got
        gap = max(4, round(8 * self.app.scale))
        left = max(0, min(r.right - w, panel.upright_size[0] - w))
        corners = [panel.to_screen(left, -gap - h), panel.to_screen(left + w, -gap)]
        box = pygame.Rect(round(min(c[0] for c in corners)), round(min(c[1] for c in corners)),
                          turned.get_width(), turned.get_height())
        W, H = self.app.size
        what = _("SECRET OBJECTIVE")  # a picture larger than the screen is cut, words and all
        textfit.check(what, W, box.w, "secret cards width")
        textfit.check(what, H, box.h, "secret cards height")
        box.clamp_ip(pygame.Rect(0, 0, W, H))
        return turned, box

    def draw_held_secret(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The secret cards of every seat whose owner holds the button now, and only those."""
        out = []
        for seat in sorted(self.held_secret):
            got = self.held_secret_rect(seat)
            if got is not None:
                surface.blit(got[0], got[1])
                out.append(got[1])
        return out

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


def bench_frames(size: tuple[int, int] = (1920, 1080), frames: int = 300, clock: str = "wall") -> list[float]:
    """Milliseconds per frame (update + draw) of a mid-game table with the passenger travelling.

    ``clock="wall"`` is what a player sees; ``"cpu"`` counts only this process's CPU time, which is the
    frame's own cost when other programs compete for the processor (a busy CI machine).
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
        state = new_game("london", 4, seed=7)
        bot = _mk("random", 7)
        for _frame in range(90):
            apply(state, bot.choose(state))
        seats = [SeatConfig(name=p.name, edge=e) for p, e in zip(state.players, default_edges(4))]
        scene = PlayScene(app, state, seats)
        app.push(scene)
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
            t0 = timer()
            scene.update(dt / 2)
            scene.update(dt / 2)
            scene.draw(screen)
            out.append((timer() - t0) * 1000.0)
        return out
    finally:
        app.close()
