"""Attract mode: the table plays itself until someone touches it.

:class:`AttractScene` runs demo games between computer seats by driving the real play screen
(:class:`DemoPlayScene`, a :class:`PlayScene` whose seats are all computers), and draws on top of it a
pulsing "Touch to play" and short captions made from the engine's events ("Red reaches Paddington, a
National Rail station: +1"). When a demo ends it shows the result for a few seconds and deals a new
one, on the next board: the demo cycles every board the screens can draw (London, Berlin, New York, …:
``screens.table_setup.available_maps``), so a passer-by sees each of them. A touch or click anywhere calls ``on_touch`` (the kiosk opens the set-up); the touch never
reaches the demo game.

The demo paces itself: ``pace`` seconds between actions once the board is still (the passenger has
arrived). Computer players think on a worker thread while the animations run, so a slow level never
freezes the screen; with ``pace=0`` (tests, ``attract_rss_growth``) they think on the main thread.
"""
from __future__ import annotations

import logging
import math
import random
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Callable

import pygame

from ...ai import make_bot
from ...engine import PlaceTrack, legal_actions, new_game
from ...engine import events as ev
from ...engine.rules import board_of, winners
from ...engine.state import GameState
from ...i18n import COLOUR_NAMES, _, ngettext
from ..screens.results import tie_note
from ..play_scene import PlayScene
from .. import textfit
from ..scene import DOWN, PointerEvent, Scene
from ..seats import SeatConfig, default_edges
from ..theme import draw_swatch

log = logging.getLogger("underground.ui.attract")

LEVEL_PREFERENCE = ("hard", "normal", "easy", "random")  # best first
DEMO_NAMES = ["Ada", "Ben", "Chloe", "Dev", "Ezra"]
RESULT_S = 7.0  # the result of a demo game stays this long before the next deal
CAPTION_S = 3.2  # a caption's life at the default pace (scaled with the pace)
FAR_TOP = 62  # design px from the board's top edge to the far-side invitation
PULSE_HZ = 30  # redraws per second for the pulsing invitation when nothing else moves
MOVING_HZ = 60  # redraws per second while the demo animates


def best_level(preference=LEVEL_PREFERENCE) -> str:
    """The strongest computer level that can be built now; "random" if none of the others can."""
    for level in preference:
        try:
            make_bot(level, 0)
        except Exception as exc:  # noqa: BLE001 - a broken level is skipped, never fatal
            log.debug("computer level %s unavailable: %s", level, exc)
            continue
        return level
    return "random"


# ------------------------------------------------------------------------------------------------
# captions from engine events


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + _(" and ") + items[-1]


@dataclass
class Caption:
    text: str
    important: bool
    life: float
    age: float = 0.0


def captions_for(state: GameState, events: list) -> list[tuple[str, bool]]:
    """Short, friendly sentences for what just happened: (text, important).

    Important ones (points, loops, the passenger, the end) are shown for their whole life; the others
    ("Ada builds the red line") only fill quiet moments.
    """
    told = _EventWords(state)
    out: list[tuple[str, bool]] = []
    placed = False
    for e in events:
        placed = placed or isinstance(e, ev.TokenPlaced)
        caption = told.caption(e)
        if caption is not None:
            out.append(caption)
    if placed and not out:
        p = state.current if not state.over else 0
        last = next((x for x in reversed(events) if isinstance(x, ev.TokenPlaced)), None)
        if last is not None:
            p = last.player
            out.append((_("{player} builds the {colour} line").format(player=told.name(p),
                                                                      colour=told.colour(last.line)), False))
    return out


class _EventWords:
    """One engine event in a sentence, with the players', lines' and stations' names of ``state``."""

    def __init__(self, state: GameState):
        self.state = state
        self.board = board_of(state)

    def name(self, player: int) -> str:
        return self.state.players[player].name

    def colour(self, li: int) -> str:
        lines = self.state.lines
        return _(COLOUR_NAMES.get(lines[li].colour, lines[li].colour)) if 0 <= li < len(lines) else "?"

    def station(self, s: int) -> str:
        return self.board.stations[s].name

    def caption(self, e) -> tuple[str, bool] | None:
        """(text, important) for ``e``, or None when it is told elsewhere or not at all."""
        name = self.name
        if isinstance(e, ev.TokenPlaced):
            if e.branch_tiles_spent:
                return (_("{player} spends two branch tiles to branch the {colour} line").format(
                    player=name(e.player), colour=self.colour(e.line)), True)
        elif isinstance(e, ev.BranchTaken):
            return (_("{player} takes a branch tile, to branch a line later").format(player=name(e.player)), False)
        elif isinstance(e, ev.Scored):
            return self.scored(e)
        elif isinstance(e, ev.LandmarkTaken):
            left = _("the last one") if e.left == 0 else _("{n} left").format(n=e.left)
            return (_("{player} takes a {kind} landmark at {station} ({left})").format(
                player=name(e.player), kind=_(e.landmark_type), station=self.station(e.station), left=left), True)
        elif isinstance(e, ev.PassengerMoved):
            return self.passenger(e)
        elif isinstance(e, ev.RouteChoiceNeeded):
            return (_("Two ways to go: {player} chooses the passenger's route").format(player=name(e.player)), False)
        elif isinstance(e, ev.EndTriggered):
            return (_("The last destination card is out: final round!"), True)
        return None  # the game's end: the result card says it

    def scored(self, e: ev.Scored) -> tuple[str, bool] | None:
        line = _cap(self.colour(e.line))
        st = e.stations
        name, station = self.name, self.station
        if e.category == "national_rail" and st:
            text = _("{line} reaches {station}, a National Rail station: +{points}").format(
                line=line, station=station(st[0]), points=e.points)
        elif e.category == "terminus" and st:
            if e.branch_tiles and not e.points:
                text = ngettext("{line} reaches {station}, a terminus: {tiles} branch tile",
                                "{line} reaches {station}, a terminus: {tiles} branch tiles", e.branch_tiles)
            elif e.branch_tiles:
                text = _("{line} reaches {station}, a terminus: +{points} and a branch tile")
            else:
                text = _("{line} reaches {station}, a terminus: +{points}")
            text = text.format(line=line, station=station(st[0]), points=e.points, tiles=e.branch_tiles)
        elif e.category == "connections" and len(st) >= 2:
            text = _("{line} joins {a} and {b}, matching symbols: +{points}").format(
                line=line, a=station(st[0]), b=station(st[1]), points=e.points)
        elif e.category == "loops":
            n = len(st)
            text = ngettext("A loop! {n} station inside scores +{points} for {player}",
                            "A loop! {n} stations inside score +{points} for {player}", n).format(
                n=n, points=e.points, player=name(e.player))
        elif e.category == "plus" and st:
            text = _("{line} reaches {station}, a \"+\" station: +{points}").format(
                line=line, station=station(st[0]), points=e.points)
        elif e.category == "landmark_sets":
            text = _("Five different landmarks! A set scores +{points} for {player}").format(
                points=e.points, player=name(e.player))
        elif e.category == "landmark_bonus":
            text = _("Landmark bonus: +{points} for {player}, for the type held most").format(
                points=e.points, player=name(e.player))
        elif e.category == "water":
            text = _("{line} crosses its third water: +{points} for {player}").format(
                line=line, points=e.points, player=name(e.player))
        elif e.category == "clusters" and st:
            text = _("{line} reaches {where}, one more neighbourhood: +{points}").format(
                line=line, where=_cluster_name(self.board, st[0]), points=e.points)
        elif e.category == "rer" and st:
            text = _("{line} reaches {station}, an RER station someone reached before: +{points}").format(
                line=line, station=station(st[0]), points=e.points)
        elif e.category == "passenger":
            return None  # told with the passenger's move
        else:
            text = _("+{points} for {player}").format(points=e.points, player=name(e.player))
        return (text, True)

    def passenger(self, e: ev.PassengerMoved) -> tuple[str, bool]:
        lines = [self.colour(li) for li in e.lines]
        dest = self.station(e.destination)
        owners = {self.state.lines[li].owner for li in e.lines if 0 <= li < len(self.state.lines)}
        if e.origin == e.destination:  # New York: the second card of a double, taken standing still
            return (_("The passenger stays at {station} for its second card: no line scores").format(station=dest),
                    True)
        if not lines:
            return (_("The passenger walks to {station}: no line scores").format(station=dest), True)
        if len(lines) == 1:
            return (_("The passenger rides {line} to {station}: +1 for {player}").format(
                line=lines[0], station=dest, player=self.name(next(iter(owners)))), True)
        who = _("both owners score") if len(lines) == 2 else _("every line's owner scores")
        if len(owners) == 1:
            who = _("+{points} for {player}").format(points=len(lines), player=self.name(next(iter(owners))))
        return (_("The passenger rides {lines} to {station}: {who}").format(
            lines=_and(lines), station=dest, who=who), True)


def _cluster_name(board, station: int) -> str:
    """'MIDTOWN' (as the board prints it) for a station in New York's midtown cluster; the station's name
    otherwise."""
    from ...engine.log_words import cluster_title

    clusters = getattr(board, "station_cluster", None) or []
    key = clusters[station] if 0 <= station < len(clusters) else None
    return cluster_title(key) if key else board.stations[station].name


def demo_boards() -> list[str]:
    """Every board the set-up offers (the screens can draw it), default board first; London at least."""
    from ..screens.table_setup import available_maps

    return [m for m, _ in available_maps()] or ["london"]


def opening_caption(state: GameState, names: list[str]) -> str:
    """The first caption of a demo, naming the board it is played on."""
    board = board_of(state)
    what = {"london": _("the London Underground"), "berlin": _("Berlin's U-Bahn and S-Bahn"),
            "newyork": _("New York's subway across the rivers"), "paris": _("the Paris Métro")}.get(
        (board.city or "").lower()) or _("the {board} network").format(board=board.name)
    return _("A demo game on the {board} board: {players} build {what}").format(board=board.name,
                                                                                 players=_and(names), what=what)


class CaptionBoard:
    """Which captions are on screen: at most ``slots``; important ones are never pushed out by chatter."""

    def __init__(self, life: float = CAPTION_S, slots: int = 2):
        self.life = life
        self.slots = slots
        self.items: list[Caption] = []

    def add(self, text: str, important: bool) -> None:
        if not important and any(c.important for c in self.items):
            return
        self.items = [c for c in self.items if c.important] if important else []
        self.items.append(Caption(text, important, self.life))
        self.items = self.items[-self.slots:]

    def update(self, dt: float) -> bool:
        """Age the captions; True when the set shown changed."""
        before = len(self.items)
        for c in self.items:
            c.age += dt
        self.items = [c for c in self.items if c.age < c.life]
        return len(self.items) != before

    def clear(self) -> None:
        self.items = []

    @property
    def texts(self) -> list[str]:
        return [c.text for c in self.items]


# ------------------------------------------------------------------------------------------------
# the demo game


class DemoPlayScene(PlayScene):
    """The play screen with every seat a computer, paced by the attract scene.

    It reuses PlayScene's drawing, animations and turn flow through its public hooks: the computer
    seats are driven here (``drive_computers`` off; paced, thinking off the main thread), the engine's
    events are also handed to ``on_events`` (for captions), and the end of the game calls
    ``on_finished`` instead of opening the end screen.
    """

    def __init__(self, app, state: GameState, seats: list[SeatConfig], *, bots: list, pace: float,
                 threaded: bool, on_events: Callable[[list], None] | None = None,
                 on_finished: Callable[[GameState], None] | None = None):
        super().__init__(app, state, seats)
        self.demo_bots = list(bots)
        self.pace = max(0.0, float(pace))
        self.threaded = threaded
        self.on_events = on_events
        self.on_finished = on_finished
        self.finished = False
        self.actions_done = 0
        self._wait = 0.0
        self._pool: ThreadPoolExecutor | None = None
        self._future: Future | None = None
        self._future_key: tuple | None = None
        self._ready = None
        self._ready_key: tuple | None = None

    # PlayScene hooks ---------------------------------------------------------------------------
    drive_computers = False  # PlayScene's own computer turns stay off: the demo paces its own
    reveal_secrets = False  # attract mode never shows a seat's secret cards (Paris objectives), not even at the end

    def on_game_over(self) -> None:
        self.finished = True
        if self.on_finished is not None:
            self.on_finished(self.state)

    def on_engine_events(self, events: list) -> None:
        if self.on_events is not None:
            self.on_events(list(events))

    def banner_text(self) -> str:
        # PlayScene's banner invites a tap to hurry the passenger; in attract mode a tap opens the set-up
        if self.blocking and not self.state.over:
            return _("The passenger is travelling")
        return super().banner_text()

    # driving -----------------------------------------------------------------------------------
    def _key(self) -> tuple:
        return (len(self.state.log), self.state.current, self.state.phase, self.state.actions_left)

    def _decide_now(self):
        st = self.state
        return self.demo_bots[st.current].choose(st)

    def _poll(self):
        """The worker's chosen action when it is ready, else None (it may still be thinking)."""
        key = self._key()
        if self._future is not None and self._future_key != key:
            self._future.cancel()
            self._future = None
        if self._future is None:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="attract-bot")
            bot = self.demo_bots[self.state.current]
            snapshot = self.state.copy()  # the worker never touches the live position
            self._future = self._pool.submit(bot.choose, snapshot)
            self._future_key = key
        if not self._future.done():
            return None
        fut, self._future = self._future, None
        return fut.result()  # a bot's exception surfaces here, on the main thread

    def update(self, dt: float) -> None:
        super().update(dt)
        st = self.state
        if st.phase == "over" or self.blocking or self.finished:
            return
        self._wait += dt
        key = self._key()
        if self._ready is None or self._ready_key != key:
            self._ready = None
            if self.threaded:
                self._ready = self._poll()  # thinks while the pause runs
            elif self._wait >= self.pace:
                self._ready = self._decide_now()
            if self._ready is None:
                return
            self._ready_key = key
        if self._wait < self.pace:
            return
        action, self._ready = self._ready, None
        self._wait = 0.0
        self._play(action)

    def _play(self, action) -> None:
        st = self.state
        if action not in legal_actions(st):
            log.warning("demo: %s's computer chose an illegal %r; playing a random move", st.players[st.current].name,
                        action)
            action = make_bot("random", len(st.log)).choose(st)
        at = None
        if isinstance(action, PlaceTrack):
            at = self.board_view.conn_point(action.connection)
        if self.act(action, at):
            self.actions_done += 1

    def close(self) -> None:
        """Stop the worker (a decision in flight is dropped)."""
        if self._future is not None:
            self._future.cancel()
            self._future = None
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


# ------------------------------------------------------------------------------------------------
# the attract scene


class AttractScene(Scene):
    """Demo games with an invitation on top; any touch calls ``on_touch``."""

    opaque = True

    def __init__(self, app, *, pace: float = 1.2, level: str | None = None, players: int = 4,
                 map_id: str | None = None, on_touch: Callable[[], None] | None = None, seed: int | None = None,
                 threaded: bool | None = None, result_s: float | None = None, maps: list[str] | None = None):
        super().__init__(app)
        self.pace = max(0.0, float(pace))
        self.level = level or best_level()
        self.players = max(2, min(5, int(players)))
        # the boards the demo takes in turn (default: every board the screens draw), starting at ``map_id``
        self.maps = list(maps) if maps else demo_boards()
        if map_id is not None and map_id not in self.maps:
            self.maps.insert(0, map_id)
        self._next_map = self.maps.index(map_id) if map_id is not None else 0
        self.map_id = self.maps[self._next_map]
        self.on_touch = on_touch
        self.threaded = (self.pace > 0) if threaded is None else threaded
        self.result_s = (RESULT_S if self.pace > 0 else 0.0) if result_s is None else result_s
        self._rng = random.Random(seed)
        self.captions = CaptionBoard(life=max(CAPTION_S, CAPTION_S * self.pace / 1.2) if self.pace else 0.5)
        self.clock = 0.0
        self.games_started = 0
        self.games_finished = 0
        self.touched = False
        self.demo: DemoPlayScene | None = None
        self.result: GameState | None = None
        self.result_left = 0.0
        self._pulse_acc = 0.0
        self._cache: dict = {}
        self._new_game()

    # demo games -----------------------------------------------------------------------------------
    def _new_game(self) -> None:
        if self.demo is not None:
            self.demo.close()
            self.demo = None
            # the App froze the finished game's objects while it played (app.py, _collect_all); a new demo is
            # a new screen in all but name, so its garbage is found now, or a kiosk keeps every game it played
            self.app.collect_all()
        seed = self._rng.randrange(2**31)
        names = DEMO_NAMES[: self.players]
        self.map_id = self.maps[self._next_map % len(self.maps)]
        self._next_map = (self._next_map + 1) % len(self.maps)  # the next demo shows the next board
        try:
            state = new_game(self.map_id, names, seed=seed)
        except Exception as exc:  # noqa: BLE001 - a board that fails must not leave the table blank
            if self.map_id == "london":
                raise
            log.error("attract: board %r cannot be played (%s); showing london", self.map_id, exc)
            self.map_id = "london"
            state = new_game(self.map_id, names, seed=seed)
        edges = default_edges(len(names))
        seats = [SeatConfig(name=n, edge=edges[i], computer=True, level=self.level,
                            colours=list(state.setup.lines[i])) for i, n in enumerate(names)]
        bots = []
        for i in range(len(names)):
            try:
                bots.append(make_bot(self.level, seed * 31 + i))
            except Exception as exc:  # noqa: BLE001
                log.warning("attract: computer level %r fails (%s); seat %d plays random moves", self.level, exc, i)
                bots.append(make_bot("random", seed * 31 + i))
        self.demo = DemoPlayScene(self.app, state, seats, bots=bots, pace=self.pace, threaded=self.threaded,
                                  on_events=self._on_events, on_finished=self._on_finished)
        self.games_started += 1
        self.result = None
        self.captions.clear()
        self.captions.add(opening_caption(state, names), False)
        self.dirty = True

    def _on_events(self, events: list) -> None:
        if self.demo is None:
            return
        try:
            for text, important in captions_for(self.demo.state, events):
                self.captions.add(text, important)
        except Exception:  # noqa: BLE001 - a caption must never stop the demo
            log.exception("attract: caption failed")
        self.dirty = True

    def _on_finished(self, state: GameState) -> None:
        self.games_finished += 1
        self.result = state
        self.result_left = self.result_s
        self.captions.clear()
        self.dirty = True

    # input ----------------------------------------------------------------------------------------
    def on_pointer(self, e: PointerEvent) -> bool:
        if e.phase == DOWN and not self.touched:
            self.touched = True
            if self.on_touch is not None:
                self.on_touch()
        return True  # nothing reaches the demo game

    def on_key(self, e) -> bool:
        return True

    def on_resize(self, w: int, h: int) -> None:
        if self.demo is not None:
            self.demo.on_resize(w, h)
        self._cache.clear()
        self.dirty = True

    def resume(self) -> None:
        self.touched = False
        if self.demo is not None:
            self.demo.resume()
        self.dirty = True

    def exit(self) -> None:
        if self.demo is not None:
            self.demo.close()

    # time -----------------------------------------------------------------------------------------
    # Redraws are paced here rather than by ``animating``: 60 a second while the demo moves, 30 for the
    # pulsing invitation alone (the App would otherwise draw every 1/120 s step of an all-day demo).
    animating = False

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.captions.update(dt):
            self.dirty = True
        if self.result is not None:
            self.result_left -= dt
            if self.result_left <= 0:
                self._new_game()
            self._pulse(dt, PULSE_HZ)
            return
        try:
            self.demo.update(dt)
        except Exception:  # noqa: BLE001 - the demo must never take the kiosk down
            log.exception("attract: the demo game failed; dealing a new one")
            self._new_game()
            return
        moving = self.demo.dirty or self.demo.animating
        self._pulse(dt, MOVING_HZ if moving else PULSE_HZ)

    def _pulse(self, dt: float, hz: float) -> None:
        self._pulse_acc += dt
        if self._pulse_acc >= 1.0 / hz - 1e-9:
            self._pulse_acc = 0.0
            self.dirty = True

    def play_games(self, games: int, dt: float = 0.5, draw: bool = True, max_updates: int = 10**7) -> int:
        """Run until ``games`` more demo games have finished (accelerated: big ``dt``); returns updates."""
        target = self.games_finished + games
        surface = self.app.screen
        n = 0
        while self.games_finished < target:
            self.update(dt)
            if draw:
                self.draw(surface)
            n += 1
            if n >= max_updates:
                raise RuntimeError(f"attract: {games} demo game(s) did not finish in {max_updates} updates")
        if self.result is not None and self.result_left <= 0:
            self.update(0.0)  # deal the next game now, so the finished one can be collected
        return n

    # drawing --------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        demo = self.demo
        if demo is not None:
            demo.draw(surface)
            demo.dirty = False
        area = demo.board_view.rect if demo is not None else surface.get_rect()
        far, far_r = self._far_invitation(area)
        if self.result is not None:
            self._draw_result(surface, area)
        else:
            self._draw_captions(surface, area, far_r.bottom + self.app.px(2))
        self._draw_invitation(surface, area, far, far_r)

    def _far_invitation(self, area: pygame.Rect) -> tuple[pygame.Surface, pygame.Rect]:
        """The invitation for people on the far side of the table (upside down) and where it stands: near
        the board's top edge, below the turn banner when the top seat's banner reaches that far (two lines
        at 1280x720: "The passenger is travelling" ran under it)."""
        th = self.app.theme
        px = self.app.px
        far = self._pill(_("Touch to play"), 34, th.accent_ink, th.accent, pad=14, alpha=235)
        textfit.check(_("Touch to play"), area.width - px(40), far.get_width(), "attract far invitation")
        far = pygame.transform.rotate(far, 180)
        r = far.get_rect(midtop=(area.centerx, area.top + px(FAR_TOP)))
        banner = self.demo.backdrop.banner_rect() if self.demo is not None else None
        if banner is not None and banner.colliderect(r.inflate(0, 2 * px(8))):
            r.top = banner.bottom + px(8)
        return far, r

    def _font(self, size: float, bold: bool = True):
        return self.app.fonts.get(self.app.px(size), bold)

    def _pill(self, text: str, size: float, fg, bg, pad: float = 18, alpha: int = 235, border=None) -> pygame.Surface:
        key = ("pill", text, size, fg, bg, pad, alpha, border, self.app.scale)
        s = self._cache.get(key)
        if s is None:
            if len(self._cache) > 64:
                self._cache.clear()
            px = self.app.px
            img = self._font(size).render(text, True, fg)
            w, h = img.get_width() + 2 * px(pad * 1.6), img.get_height() + 2 * px(pad * 0.7)
            s = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(s, (*bg, alpha), s.get_rect(), border_radius=h // 2)
            if border is not None:
                pygame.draw.rect(s, border, s.get_rect(), max(1, px(3)), border_radius=h // 2)
            s.blit(img, img.get_rect(center=(w // 2, h // 2)))
            self._cache[key] = s
        return s

    def _draw_captions(self, surface: pygame.Surface, area: pygame.Rect, top: int) -> None:
        th = self.app.theme
        px = self.app.px
        y = top + px(8)  # below the far-side invitation
        for c in self.captions.items:
            a = 1.0
            if c.age < 0.25:
                a = c.age / 0.25
            elif c.life - c.age < 0.5:
                a = max(0.0, (c.life - c.age) / 0.5)
            text = c.text
            s = self._pill(text, 30 if c.important else 26, th.ink if c.important else th.muted, (255, 255, 255),
                           pad=14, alpha=240, border=th.accent if c.important else th.panel_edge)
            if s.get_width() > area.width - px(40):
                textfit.report(text, area.width - px(40), s.get_width(), where="attract caption")
                scale = (area.width - px(40)) / s.get_width()
                s = pygame.transform.smoothscale(s, (max(1, int(s.get_width() * scale)),
                                                     max(1, int(s.get_height() * scale))))
            s.set_alpha(round(255 * a))
            surface.blit(s, s.get_rect(midtop=(area.centerx, y)))
            y += s.get_height() + px(10)

    def _draw_invitation(self, surface: pygame.Surface, area: pygame.Rect, far: pygame.Surface,
                         far_r: pygame.Rect) -> None:
        th = self.app.theme
        px = self.app.px
        wave = 0.5 + 0.5 * math.sin(self.clock * 2 * math.pi / 1.6)
        base = self._pill(_("Touch to play"), 64, th.accent_ink, th.accent, pad=26, alpha=245,
                          border=(255, 255, 255))
        textfit.check(_("Touch to play"), area.width - px(40), round(base.get_width() * 1.06), "attract invitation")
        k = 1.0 + 0.06 * wave
        w, h = max(1, int(base.get_width() * k)), max(1, int(base.get_height() * k))
        img = pygame.transform.smoothscale(base, (w, h))
        cy = area.top + area.height * 0.80 if self.result is None else area.bottom - px(90)
        r = img.get_rect(center=(area.centerx, round(cy)))
        glow = pygame.Surface((w + px(40), h + px(40)), pygame.SRCALPHA)
        pygame.draw.rect(glow, (*th.highlight, round(90 + 110 * wave)), glow.get_rect(),
                         border_radius=glow.get_height() // 2)
        surface.blit(glow, glow.get_rect(center=r.center))
        surface.blit(img, r)
        surface.blit(far, far_r)  # the same invitation, smaller, for people on the far side of the table

    def _draw_result(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        th = self.app.theme
        px = self.app.px
        st = self.result
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill((22, 30, 52, 120))
        surface.blit(dim, (0, 0))
        win = winners(st)
        order = sorted(range(st.n_players), key=lambda i: (-st.players[i].score, -st.players[i].branch_tiles, i))
        best = st.players[order[0]].score
        if len(win) > 1:
            title = ngettext("{players} share the win with {points} point!",
                             "{players} share the win with {points} points!", best).format(
                players=_and([st.players[i].name for i in win]), points=best)
        else:
            title = ngettext("{player} wins with {points} point!", "{player} wins with {points} points!",
                             best).format(player=st.players[win[0]].name, points=best)
        tf = self._font(48)
        rf = self._font(34, bold=False)
        card_w = min(area.width - px(40), max(tf.size(title)[0] + px(120), px(760)))
        row_h = px(52)
        tied = sum(1 for p in st.players if p.score == best) > 1
        card_h = px(150) + row_h * st.n_players + px(70) + (px(36) if tied else 0)
        card = pygame.Rect(0, 0, card_w, card_h)
        card.center = (area.centerx, area.top + area.height * 0.44)
        pygame.draw.rect(surface, th.panel, card, border_radius=px(24))
        pygame.draw.rect(surface, th.accent, card, max(1, px(4)), border_radius=px(24))
        img = tf.render(title, True, th.accent)
        textfit.check(title, card.width - px(40), img.get_width(), "attract result title")
        surface.blit(img, img.get_rect(midtop=(card.centerx, card.top + px(30))))
        y = card.top + px(130) + (px(36) if tied else 0)
        if tied:
            note = self._font(24, bold=False).render(tie_note(st), True, th.muted)
            note = textfit.squeeze(note, card.width - px(40), tie_note(st), "attract result tie")
            surface.blit(note, note.get_rect(midtop=(card.centerx, card.top + px(92))))
        for rank, i in enumerate(order):
            p = st.players[i]
            colour = st.setup.lines[i][0] if st.setup.lines[i] else "grey"
            sw = pygame.Rect(card.left + px(70), y + px(8), px(44), px(34))
            draw_swatch(surface, sw, colour, self._font(22))
            name_img = rf.render(f"{p.name}", True, th.ink)
            surface.blit(name_img, (sw.right + px(20), y + px(6)))
            sc = self._font(34).render(f"{p.score}", True, th.ink)
            surface.blit(sc, sc.get_rect(topright=(card.right - px(80), y + px(6))))
            y += row_h
        left = max(0, math.ceil(self.result_left))
        again = _("A new demo game starts in {seconds}…").format(seconds=left)
        note = self._font(26, bold=False).render(again, True, th.muted)
        textfit.check(again, card.width - px(40), note.get_width(), "attract result note")
        surface.blit(note, note.get_rect(midbottom=(card.centerx, card.bottom - px(22))))


__all__ = ["AttractScene", "DemoPlayScene", "CaptionBoard", "captions_for", "best_level", "LEVEL_PREFERENCE"]
