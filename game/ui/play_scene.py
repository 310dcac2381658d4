"""The play screen: the board in the middle, a panel per seat at its table edge, animations on top.

Every game change goes through :meth:`PlayScene._act`, which asks the engine (``apply``) and turns the
engine's events into feedback: tokens pop in, points float to the owner's panel, loops flash, matched
connection tiles glow, and after a turn the passenger travels hop by hop. While the passenger travels
nobody can act (a tap only speeds it up), so a tap can never act for the player whose turn has ended.

Drawing is split for speed (see docs/play-screen.md): a full-screen *backdrop* (board state layer,
panels, banner, previews) is rebuilt only when something in it changes; each frame blits it and draws
the moving bits (passenger, floating points, flashes, toasts).
"""
from __future__ import annotations

import logging
import math
import time
from collections import deque
from dataclasses import dataclass, field

import pygame

from ..ai import make_bot
from ..engine import ChooseRoute, IllegalAction, PlaceTrack, TakeBranch, Undo, apply, can_undo
from ..engine import events as ev
from ..engine.passenger import route_options
from ..engine.rules import board_of, legal_placements, rules_of
from ..engine.state import GameState
from . import theme as th
from .board_view import BoardView, capsule, disc
from .scene import CANCEL, DOWN, MOVE, UP, PointerEvent, Scene
from .seat_panel import DEPTH, PanelView, SeatPanel
from .seats import EDGE_ROTATION, SeatConfig, default_edges
from .tween import Tween, ease_in_out, ease_out, lerp2, pulse

log = logging.getLogger("underground.ui.play")

HOP_S = 0.3  # passenger seconds per hop
FAST = 4.0  # speed-up after a tap
BOT_DELAY = 0.6  # seconds between a computer seat's actions
TOAST_S = 1.5
FLOAT_S = 0.9
FLASH_S = 1.6
END_HOLD_S = 0.8  # the final position stays a moment before the end scene
TAP_SLOP = 14  # px at 1080p a finger may wander and still tap
ZOOM_SETTLE_S = 0.25  # after the last pinch/wheel step the board is redrawn crisp


@dataclass
class Gesture:
    pid: int
    target: tuple  # ("board",) | ("panel", index, control) | ("none",)
    x0: float
    y0: float
    x: float
    y: float
    t0: float
    moved: bool = False
    passive: bool = False  # pressed during an animation: may pan, never acts
    preview_before: int | None = None


@dataclass
class Travel:
    """One passenger move being shown: its hops, the lines it rides and the points it brings."""

    origin: int
    destination: int
    hops: list
    lines: tuple
    scores: list = field(default_factory=list)  # Scored events (passenger) paid on arrival
    i: int = 0
    t: float = 0.0


@dataclass
class Float:
    """Text that flies from a board point to a player's panel; adds its points to the shown score on landing."""

    text: str
    colour: tuple
    start_board: tuple[float, float] | None  # board coordinates, or None to start at start_screen
    start_screen: tuple[float, float] | None
    player: int
    points: int
    tween: Tween
    target: str = "score"  # where on the panel it lands: "score" or "tiles"
    surf: pygame.Surface | None = None  # rendered once, turned to face the receiving seat


@dataclass
class Flash:
    stations: tuple
    colour: tuple
    tween: Tween


@dataclass
class Toast:
    text: str
    x: float
    y: float
    angle: int
    tween: Tween
    surf: pygame.Surface | None = None


class PlayScene(Scene):
    """A game in progress. ``seats`` says who sits where and which seats the computer plays."""

    def __init__(self, app, state: GameState, seats: list[SeatConfig] | None = None, names: str = "upright"):
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
        self.board_view.connection_tiles = list(state.setup.connection_tiles)
        self.panels = [SeatPanel(i, self.seats[i].edge if self.seats[i].edge in EDGE_ROTATION else "bottom",
                                 self.seats[i], theme, fonts) for i in range(n)]
        self.version = 0
        self.selected: dict[int, int | None] = {}
        self.gestures: dict[int, Gesture] = {}
        self.travels: deque[Travel] = deque()
        self.floats: list[Float] = []
        self.flashes: list[Flash] = []
        self.pops: list[tuple[int, int, Tween]] = []
        self.toasts: list[Toast] = []
        self.fast = False
        self.route_preview: int | None = None
        self.hover_route: int | None = None
        self.shown_score = [p.score for p in state.players]
        self._shown_face_up: list[int] | None = None
        self._shown_current = state.current
        self._bots: dict[int, object] = {}
        self._bot_clock = 0.0
        self._end_clock = 0.0
        self._ended = False
        self._clock = 0.0
        self._zoom_idle = 0.0
        self._dirty: list[pygame.Rect] = []  # screen areas the moving bits covered in the last frame
        self._last_surface = None
        self._full_next = True
        self._rebuilt = False
        self._backdrop: pygame.Surface | None = None
        self._invalidate()
        self._preview_cache: tuple | None = None
        self._size = None
        self._layout()
        self._default_selection()

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
        L = D if "left" in by_edge else 0
        R = D if "right" in by_edge else 0
        T = D if "top" in by_edge else 0
        B = D if "bottom" in by_edge else 0
        for edge, ps in by_edge.items():
            n = len(ps)
            if edge in ("bottom", "top"):
                x0, span = L, W - L - R
                y = H - B if edge == "bottom" else 0
                order = ps if edge == "bottom" else list(reversed(ps))
                for j, p in enumerate(order):
                    a = x0 + span * j // n
                    b = x0 + span * (j + 1) // n
                    p.set_rect(pygame.Rect(a, y, b - a, D), k)
            else:
                x = 0 if edge == "left" else W - R
                order = list(reversed(ps)) if edge == "left" else ps
                for j, p in enumerate(order):
                    a = H * j // n
                    b = H * (j + 1) // n
                    p.set_rect(pygame.Rect(x, a, D, b - a), k)
        m = max(2, round(6 * k))
        area = pygame.Rect(L, T, W - L - R, H - T - B).inflate(-2 * m, -2 * m)
        if area.w < 10 or area.h < 10:
            area = pygame.Rect(0, 0, max(10, W), max(10, H))
        self.board_view.ui_scale = k
        self.board_view.set_rect(area)
        self._invalidate()
        for i, p in enumerate(self.panels):
            p.layout(self.state, self._panel_view(i))

    def _invalidate(self) -> None:
        """Something in the backdrop changed: rebuild it and draw a frame."""
        self._backdrop_key = None
        self.dirty = True

    def on_resize(self, w: int, h: int) -> None:
        self._layout()
        self.dirty = True

    def resume(self) -> None:
        self._invalidate()
        self._full_next = True
        self.dirty = True

    # ------------------------------------------------------------------------------------------
    # who may act

    @property
    def blocking(self) -> bool:
        """The passenger is travelling: the table waits (a tap only speeds it up)."""
        return bool(self.travels)

    @property
    def animating(self) -> bool:
        return bool(self.travels or self.floats or self.flashes or self.pops or self.toasts) or (
            self.state.phase == "over" and not self._ended) or self._zoom_idle > 0

    def _is_computer(self, player: int) -> bool:
        return bool(self.seats[player].computer)

    def _human_turn(self) -> bool:
        return (not self.blocking and self.state.phase != "over" and self._shown_current == self.state.current
                and not self._is_computer(self.state.current))

    def _default_selection(self) -> None:
        st = self.state
        p = st.current
        cur = self.selected.get(p)
        lines = st.players[p].lines
        if cur is None or cur not in lines or st.lines[cur].tokens_left <= 0:
            avail = [li for li in lines if st.lines[li].tokens_left > 0]
            self.selected[p] = avail[0] if avail else (lines[0] if lines else None)

    # ------------------------------------------------------------------------------------------
    # acting

    def _act(self, action, at: tuple[float, float] | None = None) -> bool:
        """Apply an action for the current player via the engine; an illegal one becomes a toast."""
        st = self.state
        before_face_up = list(st.face_up)
        before_passenger = st.passenger
        try:
            events = apply(st, action)
        except IllegalAction as e:
            self.toast(str(e), at)
            return False
        self.version += 1
        self.dirty = True
        self._invalidate()
        self._handle_events(events, before_face_up, before_passenger)
        return True

    def _handle_events(self, events: list, before_face_up: list[int], before_passenger: int) -> None:
        bv = self.board_view
        b = self.board
        last_token_at: tuple[float, float] | None = None
        pending_passenger: list[ev.Scored] = []
        travelled = False
        for e in events:
            if isinstance(e, ev.TokenPlaced):
                a, c = b.conn_ends[e.connection]
                sa, sb = b.stations[a], b.stations[c]
                last_token_at = ((sa.x + sb.x) / 2, (sa.y + sb.y) / 2)
                self.pops.append((e.connection, e.lane, Tween(0.45, ease_out)))
            elif isinstance(e, ev.BranchTaken):
                panel = self.panels[e.player]
                start = panel.point_for("branch")
                self.floats.append(Float("+1 tile", self.theme.ink, None, start, e.player, 0,
                                         Tween(FLOAT_S * 0.8, ease_in_out), target="tiles"))
            elif isinstance(e, ev.Scored):
                if e.category == "passenger":
                    pending_passenger.append(e)
                    continue
                if e.category in ("national_rail", "terminus") and e.stations:
                    s = b.stations[e.stations[0]]
                    origin = (s.x, s.y)
                elif e.category == "connections" and e.stations:
                    s = b.stations[e.stations[-1]]
                    origin = (s.x, s.y)
                    self.flashes.append(Flash(tuple(e.stations), self.theme.good, Tween(FLASH_S, lambda t: t)))
                else:
                    origin = last_token_at
                if e.category == "loops":
                    self.flashes.append(Flash(tuple(e.stations), self.theme.accent, Tween(FLASH_S, lambda t: t)))
                self.floats.append(Float(f"+{e.points}", self.theme.good, origin, None, e.player, e.points,
                                         Tween(FLOAT_S, ease_in_out)))
                if e.branch_tiles:
                    self.floats.append(Float(f"+{e.branch_tiles} tile", self.theme.ink, origin, None, e.player, 0,
                                             Tween(FLOAT_S, ease_in_out, delay=0.25), target="tiles"))
            elif isinstance(e, ev.PassengerMoved):
                if not travelled:
                    self._shown_face_up = list(before_face_up)
                    travelled = True
                self.travels.append(Travel(e.origin, e.destination, [tuple(h) for h in e.hops], tuple(e.lines),
                                           pending_passenger))
                pending_passenger = []
            elif isinstance(e, ev.Undone):
                self.floats.clear()
                self.flashes.clear()
                self.pops.clear()
                self.shown_score = [p.score for p in self.state.players]
            elif isinstance(e, (ev.TurnStarted, ev.GameOver, ev.RouteChoiceNeeded, ev.DestinationsDrawn,
                                ev.EndTriggered)):
                pass
        if pending_passenger:  # points without a move to show (cannot happen today); pay them now
            for e in pending_passenger:
                self.shown_score[e.player] += e.points
        self.route_preview = None
        self.hover_route = None
        if not self.travels:
            self._turn_shown()

    def _turn_shown(self) -> None:
        """Animations of the turn are over: show the engine's position as it is."""
        self._shown_face_up = None
        if self._shown_current != self.state.current:
            self._shown_current = self.state.current
            self._bot_clock = 0.0
        self._default_selection()
        self._invalidate()

    def toast(self, text: str, at: tuple[float, float] | None = None) -> None:
        """A short message near the finger, facing the active seat, fading after ~1.5 s."""
        W, H = self.app.size
        x, y = at if at is not None else (W / 2, H / 2)
        edge = self.panels[self._shown_current].edge if self.panels else "bottom"
        self.toasts = [t for t in self.toasts if t.tween.raw < 0.7][-2:]
        self.toasts.append(Toast(text, x, y, EDGE_ROTATION.get(edge, 0), Tween(TOAST_S, lambda t: t)))
        self.dirty = True

    # ------------------------------------------------------------------------------------------
    # input

    def _target_at(self, x: float, y: float) -> tuple:
        for i, p in enumerate(self.panels):
            if p.rect.collidepoint(x, y):
                return ("panel", i, p.hit(x, y))
        for name, r in self.board_buttons().items():
            if r.collidepoint(x, y):
                return ("button", name)
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
        x, y = e.x, e.y
        k = self.app.scale
        if e.phase == DOWN:
            target = self._target_at(x, y)
            g = Gesture(e.pid, target, x, y, x, y, e.t, passive=self.blocking, preview_before=self.route_preview)
            if self.blocking:
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
        if e.phase == CANCEL:
            self.gestures.pop(e.pid, None)
            return True
        if e.phase == UP:
            g = self.gestures.pop(e.pid, None)
            if g is None:
                return False
            if g.moved or g.passive or self.blocking:
                return True
            target = self._target_at(x, y)
            if target != g.target:
                return True  # slid from one place to another (e.g. board onto a panel): not a tap
            self._tap(g, target, x, y)
            return True
        return False

    def board_buttons(self) -> dict[str, pygame.Rect]:
        """Small view controls in the board's top corner: names facing the active seat, and fit the board
        (shown only when zoomed in)."""
        k = self.app.scale
        side = max(round(th.touch_px(k) * 0.8), round(48 * k))
        m = round(8 * k)
        br = self.board_view.rect
        out = {"names": pygame.Rect(br.right - m - side, br.top + m, side, side)}
        if self.board_view.zoom > 1.001:
            out["fit"] = pygame.Rect(out["names"].x - m - side, br.top + m, side, side)
        return out

    def _draw_board_buttons(self, surf: pygame.Surface) -> None:
        k = self.app.scale
        t = self.theme
        f = self.fonts.get(max(10, round(20 * k)), True)
        for name, r in self.board_buttons().items():
            on = name == "names" and self.names_mode == "active"
            pygame.draw.rect(surf, t.accent if on else (255, 255, 255), r, border_radius=r.w // 3)
            pygame.draw.rect(surf, t.accent, r, width=max(1, round(2 * k)), border_radius=r.w // 3)
            ink = t.accent_ink if on else t.accent
            if name == "names":
                img = f.render("Aa", True, ink)
                if on:
                    img = pygame.transform.rotate(img, EDGE_ROTATION[self.panels[self._shown_current].edge])
                surf.blit(img, img.get_rect(center=r.center))
            else:  # fit: four corner marks
                q = r.inflate(-r.w // 2, -r.h // 2)
                lw = max(2, round(3 * k))
                e = q.w // 3
                for cx, cy, dx, dy in ((q.left, q.top, 1, 1), (q.right, q.top, -1, 1), (q.left, q.bottom, 1, -1),
                                       (q.right, q.bottom, -1, -1)):
                    pygame.draw.line(surf, ink, (cx, cy), (cx + dx * e, cy), lw)
                    pygame.draw.line(surf, ink, (cx, cy), (cx, cy + dy * e), lw)

    def _zooming(self) -> None:
        """A zoom step: stretch the cached board until the gesture settles, then redraw it crisp."""
        self.board_view.interactive = True
        self._zoom_idle = ZOOM_SETTLE_S
        self._invalidate()

    def _hover(self, x: float, y: float) -> None:
        """Mouse hover over a route option previews it (a click then chooses it)."""
        if self.state.phase != "route" or not self._human_turn():
            return
        panel = self.panels[self.state.current]
        name = panel.hit(x, y)
        idx = int(name.split(":")[1]) if name and name.startswith("route:") else None
        if idx is not None and idx != self.route_preview:
            self.route_preview = idx
            self._invalidate()

    def _tap(self, g: Gesture, target: tuple, x: float, y: float) -> None:
        st = self.state
        if target[0] == "board":
            if st.phase == "over":
                return
            if not self._human_turn():
                if self._is_computer(st.current):
                    self.toast(f"{st.players[st.current].name} (computer) is playing", (x, y))
                return
            conn = self.board_view.hit_test(x, y)
            if conn is None:
                return
            line = self.selected.get(st.current)
            if line is None:
                self.toast("choose one of your lines on your panel first", (x, y))
                return
            if self._act(PlaceTrack(line, conn), (x, y)):
                self._default_selection()
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
        _, idx, control = target
        if control is None:
            return
        if idx != st.current or not self._human_turn():
            return  # only the active player's panel acts
        if control.startswith("line:"):
            li = int(control.split(":")[1])
            if li in st.players[idx].lines:
                self.selected[idx] = li
                self._invalidate()
        elif control == "branch":
            self._act(TakeBranch(), (x, y))
        elif control == "undo":
            if can_undo(st):
                self._act(Undo(), (x, y))
                self._default_selection()
        elif control.startswith("route:"):
            i = int(control.split(":")[1])
            if st.phase != "route" or not 0 <= i < len(st.options):
                return
            if g.preview_before == i:
                self._act(ChooseRoute(i), (x, y))
            else:
                self.route_preview = i
                self._invalidate()

    def on_key(self, e) -> bool:
        if getattr(e, "type", None) != pygame.KEYDOWN:
            return False
        key = getattr(e, "key", None)
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

    # ------------------------------------------------------------------------------------------
    # time

    def update(self, dt: float) -> None:
        self._clock += dt
        if self._zoom_idle > 0:
            self._zoom_idle -= dt
            if self._zoom_idle <= 0 and not any(g.target[0] == "board" for g in self.gestures.values()):
                self.board_view.interactive = False
                self._invalidate()
            elif self._zoom_idle <= 0:
                self._zoom_idle = ZOOM_SETTLE_S / 2
        # passenger
        if self.travels:
            tr = self.travels[0]
            speed = FAST if self.fast else 1.0
            tr.t += dt * speed / HOP_S
            while tr.t >= 1.0 and self.travels:
                tr.t -= 1.0
                tr.i += 1
                if tr.i >= max(1, len(tr.hops)):
                    self._arrive(self.travels.popleft())
                    if not self.travels:
                        break
                    tr = self.travels[0]
            self.dirty = True
        for f in self.floats:
            f.tween.step(dt)
        landed = [f for f in self.floats if f.tween.done]
        if landed:
            for f in landed:
                self.shown_score[f.player] += f.points
            self.floats = [f for f in self.floats if not f.tween.done]
            self._invalidate()
        for fl in self.flashes:
            fl.tween.step(dt)
        self.flashes = [f for f in self.flashes if not f.tween.done]
        for _, _, tw in self.pops:
            tw.step(dt)
        self.pops = [p for p in self.pops if not p[2].done]
        for t in self.toasts:
            t.tween.step(dt)
        self.toasts = [t for t in self.toasts if not t.tween.done]
        if not self.travels and not self.floats:
            want = [p.score for p in self.state.players]
            if self.shown_score != want:
                self.shown_score = want
                self._invalidate()
        # computer seats
        st = self.state
        if st.phase != "over" and not self.blocking and self._is_computer(st.current) \
                and self._shown_current == st.current:
            self._bot_clock += dt
            if self._bot_clock >= BOT_DELAY:
                self._bot_clock = 0.0
                self._bot_step()
        # end of the game
        if st.phase == "over" and not self._ended and not self.blocking and not self.floats:
            self._end_clock += dt
            if self._end_clock >= END_HOLD_S:
                self._finish()

    def _bot_step(self) -> None:
        st = self.state
        p = st.current
        bot = self._bots.get(p)
        if bot is None:
            seat = self.seats[p]
            seed = (st.setup.seed or 0) * 31 + p
            try:
                bot = make_bot(seat.level, seed)
            except ValueError:
                log.warning("computer level %r is not available yet; seat %d plays random moves", seat.level, p)
                bot = make_bot("random", seed)
            self._bots[p] = bot
        action = bot.choose(st)
        at = None
        if isinstance(action, PlaceTrack):
            at = self.board_view.conn_point(action.connection)
        self._act(action, at)

    def _arrive(self, tr: Travel) -> None:
        s = self.board.stations[tr.destination]
        for e in tr.scores:
            self.floats.append(Float(f"+{e.points}", self.theme.good, (s.x, s.y), None, e.player, e.points,
                                     Tween(FLOAT_S, ease_in_out)))
        self.flashes.append(Flash((tr.destination,), self.theme.highlight, Tween(0.8, lambda t: t)))
        if self._shown_face_up is not None and tr.destination in self._shown_face_up:
            self._shown_face_up.remove(tr.destination)
        self._invalidate()
        if not self.travels:
            self.fast = False
            self._turn_shown()

    def skip_animations(self) -> None:
        """Finish every running animation at once (the passenger arrives, points land)."""
        while self.travels:
            self._arrive(self.travels.popleft())
        for f in self.floats:
            self.shown_score[f.player] += f.points
        self.floats.clear()
        self.flashes.clear()
        self.pops.clear()
        self.toasts.clear()
        self.fast = False
        self._turn_shown()
        self.shown_score = [p.score for p in self.state.players]

    def _finish(self) -> None:
        self._ended = True
        from .menu_scenes import EndScene  # lazy: the menus import this module

        self.app.replace(EndScene(self.app, self.state, self.seats))

    # ------------------------------------------------------------------------------------------
    # what the table shows

    def _passenger_shown(self) -> int:
        if self.travels:
            return self.travels[0].origin
        return self.state.passenger

    def _glow(self) -> tuple[tuple[tuple[int, int], ...], int | None]:
        if not self._human_turn() or self.state.phase != "actions":
            return (), None
        line = self.selected.get(self.state.current)
        if line is None:
            return (), None
        return tuple((c, cost) for li, c, cost in legal_placements(self.state) if li == line), line

    def preview_options(self) -> list:
        """Where the passenger would go if the turn ended now (shown before the last action)."""
        st = self.state
        if st.phase != "actions" or st.actions_left != 1 or self.blocking:
            return []
        key = (self.version, st.actions_left)
        if self._preview_cache is not None and self._preview_cache[0] == key:
            return self._preview_cache[1]
        moves = rules_of(st).passenger_moves(st, self.board)
        opts = route_options(st, self.board, moves[0]) if moves else []
        self._preview_cache = (key, opts)
        return opts

    def _panel_view(self, i: int) -> PanelView:
        st = self.state
        cur = self._shown_current
        active = (i == cur and not self.blocking and st.phase != "over" and cur == st.current)
        human = active and not self._is_computer(i)
        v = PanelView(active=active, current_name=st.players[cur].name if st.phase != "over" else "",
                      score=self.shown_score[i])
        if active:
            v.selected_line = self.selected.get(i)
            v.can_branch = human and st.phase == "actions" and st.actions_left > 0
            v.can_undo = human and can_undo(st)
            if st.phase == "route":
                v.route_options = list(st.options)
                v.route_preview = self.route_preview
            if self._is_computer(i):
                v.status = "computer playing"
        if self.blocking:
            v.status = "passenger travelling"
        elif st.phase == "over":
            v.status = "game over"
        opts = self.preview_options()
        if len(opts) == 1:  # this seat's lines the passenger would score for if the turn ended now
            v.would_score = frozenset(li for li in opts[0].lines if st.lines[li].owner == i)
        return v

    def _banner_text(self) -> str:
        st = self.state
        name = st.players[self._shown_current].name
        if st.phase == "over":
            return "Game over"
        if self.blocking:
            return "The passenger is travelling (tap to hurry)"
        if self._is_computer(st.current):
            return f"{name} (computer) is playing"
        if st.phase == "route":
            return f"{name}: choose the passenger's route"
        n = st.actions_left
        last = " (last action: see where the passenger would go)" if n == 1 else ""
        return f"{name}'s turn · {n} action{'s' if n != 1 else ''} left{last}"

    # ------------------------------------------------------------------------------------------
    # drawing

    def draw(self, surface: pygame.Surface) -> None:
        """Blit the backdrop where needed, then the moving bits.

        When the backdrop is unchanged and nothing else draws on this screen, only the areas the moving
        bits covered last frame are restored: a 4K frame then costs a fraction of a full-screen blit.
        """
        if surface.get_size() != self._size:
            self._layout()
        self._rebuilt = False
        bd = self._build_backdrop(surface)
        full = (self._rebuilt or self._full_next or surface is not self._last_surface
                or getattr(self.app, "top", self) is not self)
        if full:
            surface.blit(bd, (0, 0))
        else:
            for r in self._dirty:
                surface.blit(bd, r, r)
        area = surface.get_rect()
        self._dirty = [r.clip(area) for r in self._draw_dynamic(surface)]
        self._last_surface = surface
        self._full_next = False

    def _build_backdrop(self, surface: pygame.Surface) -> pygame.Surface:
        st = self.state
        bv = self.board_view
        bv.names_facing = self.panels[self._shown_current].edge if self.names_mode == "active" else None
        glow, glow_line = self._glow()
        views = [self._panel_view(i) for i in range(len(self.panels))]
        panel_surfs = [p.render(st, v) for p, v in zip(self.panels, views)]
        face_up = self._shown_face_up
        layer = bv.state_layer(st, key=self.version, glow=glow, glow_line=glow_line, face_up=face_up,
                               passenger=self._passenger_shown(), show_passenger=not self.travels)
        key = (surface.get_size(), id(layer), bv._layer_key, tuple(p.renders for p in self.panels),
               self._banner_text(), self.route_preview, self.version, self.blocking, self._shown_current,
               self.names_mode, self.board_view.zoom > 1.001)
        if self._backdrop is not None and key == self._backdrop_key and self._backdrop.get_size() == surface.get_size():
            return self._backdrop
        self._backdrop_key = key
        self._rebuilt = True
        if self._backdrop is None or self._backdrop.get_size() != surface.get_size():
            self._backdrop = pygame.Surface(surface.get_size(), 0, surface)
        bd = self._backdrop
        bd.fill(self.theme.bg)
        bd.blit(layer, bv.rect.topleft)
        clip = bd.get_clip()
        bd.set_clip(bv.rect)
        self._draw_previews(bd)
        bd.set_clip(clip)
        for p, s in zip(self.panels, panel_surfs):
            bd.blit(s, p.rect.topleft)
        self._draw_banner(bd)
        self._draw_board_buttons(bd)
        return bd

    def _draw_previews(self, surf: pygame.Surface) -> None:
        """The passenger's would-be route before the last action, or the route options being chosen."""
        st = self.state
        bv = self.board_view
        if self.blocking:
            return
        if st.phase == "route":
            for i, opt in enumerate(st.options):
                if i != self.route_preview:
                    self._dotted_route(surf, opt.hops, self.theme.muted, 0.55)
            if self.route_preview is not None and 0 <= self.route_preview < len(st.options):
                opt = st.options[self.route_preview]
                bv.draw_route(surf, opt.hops, st)
                self._dotted_route(surf, opt.hops, self.theme.accent, 0.9)
                self._score_tag(surf, opt)
            for opt in st.options:
                bv.draw_station_ring(surf, opt.destination, self.theme.accent, 0.6)
            return
        opts = self.preview_options()
        for opt in opts:
            self._dotted_route(surf, opt.hops, self.theme.accent, 0.8)
            bv.draw_station_ring(surf, opt.destination, self.theme.accent, 0.5)
        if len(opts) == 1:
            self._score_tag(surf, opts[0])
        elif opts:
            self._score_tag(surf, opts[0], text="tie: the player chooses")

    def _dotted_route(self, surf: pygame.Surface, hops, colour, weight: float) -> None:
        bv = self.board_view
        r = max(2.0, bv.lane_gap * 0.32 * weight + 1.5 * self.app.scale)
        step = r * 3.2
        for h in hops:
            p, q = bv.station_xy(h[0]), bv.station_xy(h[1])
            L = math.hypot(q[0] - p[0], q[1] - p[1])
            n = max(1, int(L / step))
            for j in range(n + 1):
                t = j / n
                c = (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)
                disc(surf, (255, 255, 255), c, r + max(1.0, r * 0.4))
                disc(surf, colour, c, r)

    def _score_tag(self, surf: pygame.Surface, opt, text: str | None = None) -> None:
        """A small label by the destination: which lines would score."""
        st = self.state
        k = self.app.scale
        bv = self.board_view
        x, y = bv.station_xy(opt.destination)
        f = self.fonts.get(max(11, round(17 * k)), True)
        chip = max(12, round(22 * k))
        label = text or ("scores:" if opt.lines else "no line scores")
        img = f.render(label, True, self.theme.ink)
        w = img.get_width() + round(14 * k) + (0 if text else len(opt.lines) * (chip + round(4 * k)))
        h = max(img.get_height(), chip) + round(10 * k)
        box = pygame.Rect(0, 0, w, h)
        box.midbottom = (round(x), round(y - bv.station_radius(opt.destination) - 14 * k))
        box.clamp_ip(bv.rect)
        pygame.draw.rect(surf, (255, 255, 255), box, border_radius=round(8 * k))
        pygame.draw.rect(surf, self.theme.accent, box, width=max(1, round(2 * k)), border_radius=round(8 * k))
        surf.blit(img, (box.x + round(7 * k), box.centery - img.get_height() // 2))
        if not text:
            cx = box.x + round(7 * k) + img.get_width() + round(4 * k)
            for li in opt.lines:
                th.draw_swatch(surf, pygame.Rect(cx, box.centery - chip // 2, chip, chip), st.lines[li].colour,
                               self.fonts.get(max(8, round(chip * 0.62)), True), radius=round(4 * k))
                cx += chip + round(4 * k)

    def _draw_banner(self, surf: pygame.Surface) -> None:
        """The turn banner on the board edge facing the active seat, rotated to read from there."""
        k = self.app.scale
        text = self._banner_text()
        panel = self.panels[self._shown_current]
        f = self.fonts.get(max(12, round(24 * k)), True)
        img = f.render(text, True, self.theme.accent_ink)
        pad = round(12 * k)
        box = pygame.Surface((img.get_width() + 2 * pad, img.get_height() + pad), pygame.SRCALPHA)
        colour = self.theme.accent if self.state.phase != "over" else self.theme.ink
        pygame.draw.rect(box, colour, box.get_rect(), border_radius=round(14 * k))
        box.blit(img, (pad, pad // 2))
        rot = EDGE_ROTATION[panel.edge]
        if rot:
            box = pygame.transform.rotate(box, rot)
        bv = self.board_view
        (x0, y0), (x1, y1) = bv.to_screen(bv.bounds[0], bv.bounds[1]), bv.to_screen(bv.bounds[2], bv.bounds[3])
        br = bv.rect.clip(pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0)))  # the visible sheet
        if br.w < box.get_width() or br.h < box.get_height():
            br = bv.rect
        pr = panel.rect.clip(br.inflate(0, 4000) if panel.edge in ("bottom", "top") else br.inflate(4000, 0))
        if pr.w <= 0 or pr.h <= 0:
            pr = br
        r = box.get_rect()
        m = round(8 * k)
        taken = self.board_view.occupied_rects()
        best = None
        for f in (0.5, 0.38, 0.62, 0.25, 0.75):  # along the seat's stretch of edge, where it hides least
            if panel.edge in ("bottom", "top"):
                x = pr.x + pr.w * f
                if panel.edge == "bottom":
                    r.midbottom = (round(x), br.bottom - m)
                else:
                    r.midtop = (round(x), br.top + m)
            else:
                y = pr.y + pr.h * f
                if panel.edge == "left":
                    r.midleft = (br.left + m, round(y))
                else:
                    r.midright = (br.right - m, round(y))
            r.clamp_ip(br)
            hidden = sum(c.w * c.h for c in (r.clip(t) for t in taken) if c.w > 0 and c.h > 0)
            if best is None or hidden < best[0]:
                best = (hidden, r.copy())
            if hidden == 0:
                break
        r = best[1]
        surf.blit(box, r)

    def _draw_dynamic(self, surf: pygame.Surface) -> list[pygame.Rect]:
        """Pops, flashes, the travelling passenger, floating points and toasts; returns the areas drawn."""
        bv = self.board_view
        st = self.state
        k = self.app.scale
        out: list[pygame.Rect] = []

        def around(p, r):
            out.append(pygame.Rect(int(p[0] - r) - 2, int(p[1] - r) - 2, int(2 * r) + 5, int(2 * r) + 5))

        clip = surf.get_clip()
        surf.set_clip(bv.rect)
        for conn, lane, tw in self.pops:
            if lane < len(st.tokens[conn]):
                p = bv.lane_point(conn, lane)
                a = 1.0 - tw.raw
                rr = bv.lane_gap * (1.0 + 2.5 * tw.value)
                disc(surf, self.theme.highlight, p, rr, max(1, round(3 * k * a + 1)))
                around(p, rr)
        for fl in self.flashes:
            strength = pulse(fl.tween.raw, 3)
            for s in fl.stations:
                bv.draw_station_ring(surf, s, fl.colour, strength)
                around(bv.station_xy(s), bv.station_radius(s) + 14 * max(0.6, k) + 4 * k)
        if self.travels:
            tr = self.travels[0]
            done = tr.hops[:tr.i]
            if done:
                bv.draw_route(surf, done, st)
            if tr.i < len(tr.hops):
                a, b, li = tr.hops[tr.i]
                t = ease_in_out(min(1.0, tr.t))
                pa, pb = bv.station_xy(a), bv.station_xy(b)
                pos = lerp2(pa, pb, t)
                w = max(bv.lane_gap * 1.3, 6.0 * k)
                if li >= 0:
                    colour = st.lines[li].colour
                    capsule(surf, th.line_outline(colour), pa, pos, w + 4)
                    capsule(surf, self.theme.line(colour), pa, pos, w)
                else:
                    capsule(surf, self.theme.ink, pa, pos, w * 0.4)
            else:
                pos = bv.station_xy(tr.destination)
            bv.draw_station_ring(surf, tr.destination, self.theme.highlight, pulse(self._clock % 1.0, 1))
            bv.draw_passenger(surf, *pos)
            pts = [bv.station_xy(h[0]) for h in tr.hops[:tr.i + 1]] + [pos]
            xs = [p[0] for p in pts]
            ys = [p[1] for p in pts]
            m = max(bv.lane_gap * 1.3, 6.0 * k) / 2 + 4 + bv.passenger_radius * 1.2
            out.append(pygame.Rect(int(min(xs) - m), int(min(ys) - m), int(max(xs) - min(xs) + 2 * m) + 2,
                                   int(max(ys) - min(ys) + 2 * m) + 2))
            d = bv.station_xy(tr.destination)
            around(d, bv.station_radius(tr.destination) + 14 * max(0.6, k) + 4 * k)
        surf.set_clip(clip)
        for f in self.floats:
            if not f.tween.started:
                continue
            if f.start_board is not None:
                start = bv.to_screen(*f.start_board)
            else:
                start = f.start_screen or bv.rect.center
            panel = self.panels[f.player]
            end = panel.anchor(f.target)
            pos = lerp2(start, end, f.tween.value)
            if f.surf is None:
                f.surf = self._float_surface(f.text, f.colour, EDGE_ROTATION.get(panel.edge, 0))
            raw = f.tween.raw
            f.surf.set_alpha(255 if raw < 0.75 else round(255 * max(0.0, 1 - (raw - 0.75) / 0.25) ** 0.5))
            lift = 24 * k * math.sin(math.pi * raw)  # a small hop towards the receiving player's "up"
            dx, dy = {0: (0, -lift), 180: (0, lift), 90: (-lift, 0), 270: (lift, 0)}.get(
                EDGE_ROTATION.get(panel.edge, 0), (0, -lift))
            r = f.surf.get_rect(center=(round(pos[0] + dx), round(pos[1] + dy)))
            surf.blit(f.surf, r)
            out.append(r.inflate(2, 2))
        for t in self.toasts:
            if t.surf is None:
                t.surf = self._toast_surface(t)
            s = t.surf
            a = 1.0 if t.tween.raw < 0.66 else max(0.0, 1.0 - (t.tween.raw - 0.66) / 0.34)
            s.set_alpha(round(255 * a))
            r = s.get_rect(center=(round(t.x), round(t.y)))
            off = round(70 * k)
            dx, dy = {0: (0, -off), 180: (0, off), 90: (-off, 0), 270: (off, 0)}.get(t.angle, (0, -off))
            r.move_ip(dx, dy)
            r.clamp_ip(surf.get_rect())
            surf.blit(s, r)
            out.append(r)
        return out

    def _float_surface(self, text: str, colour, angle: int) -> pygame.Surface:
        k = self.app.scale
        font = self.fonts.get(max(12, round(30 * k)), True)
        img = font.render(text, True, colour)
        halo = font.render(text, True, (255, 255, 255))
        o = max(1, round(2 * k))
        out = pygame.Surface((img.get_width() + 2 * o, img.get_height() + 2 * o), pygame.SRCALPHA)
        for dx, dy in ((0, o), (2 * o, o), (o, 0), (o, 2 * o)):
            out.blit(halo, (dx, dy))
        out.blit(img, (o, o))
        return pygame.transform.rotate(out, angle) if angle else out

    def _toast_surface(self, t: Toast) -> pygame.Surface:
        k = self.app.scale
        f = self.fonts.get(max(12, round(20 * k)), True)
        maxw = round(520 * k)
        lines = th.wrap(f, t.text, maxw)
        imgs = [f.render(s, True, (255, 255, 255)) for s in lines]
        pad = round(12 * k)
        w = max(i.get_width() for i in imgs) + 2 * pad
        h = sum(i.get_height() for i in imgs) + 2 * pad
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(s, (*self.theme.bad, 240), s.get_rect(), border_radius=round(10 * k))
        y = pad
        for i in imgs:
            s.blit(i, ((w - i.get_width()) // 2, y))
            y += i.get_height()
        if t.angle:
            s = pygame.transform.rotate(s, t.angle)
        return s

    # ------------------------------------------------------------------------------------------
    # test hooks

    def point_for_connection(self, conn: int) -> tuple[float, float] | None:
        return self.board_view.point_for_connection(conn)

    def point_for_line_swatch(self, line: int) -> tuple[float, float] | None:
        owner = self.state.lines[line].owner
        panel = self.panels[owner]
        panel.layout(self.state, self._panel_view(owner))
        return panel.point_for(f"line:{line}")

    def point_for_button(self, player: int, name: str) -> tuple[float, float] | None:
        panel = self.panels[player]
        panel.layout(self.state, self._panel_view(player))
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
        for _ in range(90):
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
        for _ in range(frames):
            if not scene.travels:
                scene.travels.append(Travel(route[0][0], dest, list(route), (), []))
                scene._shown_face_up = list(state.face_up)
            t0 = timer()
            scene.update(dt / 2)
            scene.update(dt / 2)
            scene.draw(screen)
            out.append((timer() - t0) * 1000.0)
        return out
    finally:
        app.close()
