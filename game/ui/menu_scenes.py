"""Title, set-up and end-of-game screens, built with pygame-gui.

Each scene owns one UIManager sized to the window and rebuilds its widgets on resize from its own
model (the widgets hold no state of their own except typed names). pygame-gui is fed from our pointer
layer, not from SDL's mouse: one finger at a time drives the menus (a second finger pressing while the
first is down is ignored, so two people tapping at once cannot press two things with one gesture),
and hover follows the finger, not the hidden system cursor. Menus are drawn upright: they are used
before and after the game, when people gather at one side to set up or read the result.
"""
from __future__ import annotations

import json
import logging
import random
from typing import Callable

import msgspec
import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine

from ..engine import rules as engine_rules
from ..engine.state import SCORE_CATEGORIES, TOKEN_SUPPLY, GameState
from .scene import CANCEL, DOWN, MOVE, UP, PointerEvent, Scene
from .seats import EDGES, SeatConfig, TableSetup, default_edges
from .settings import RANDOM_START
from .theme import (BASE_H, BASE_W, draw_swatch, gui_theme, line_letter, line_outline, line_rgb)

log = logging.getLogger("underground.ui")

OFF = (-10000, -10000)  # where the virtual mouse rests when no finger is on the glass
LEVELS = ("random", "easy", "normal", "hard")
CATEGORY_LABELS = {
    "national_rail": "National Rail", "terminus": "Terminus", "connections": "Connections",
    "loops": "Loops", "passenger": "Passenger", "start": "Start", "other": "Other",
}

_theme_cache: dict[float, str] = {}


def _theme_json(scale: float) -> dict:
    key = round(scale, 3)
    if key not in _theme_cache:
        _theme_cache[key] = json.dumps(gui_theme(key))
    return json.loads(_theme_cache[key])  # a fresh dict: pygame-gui may keep and change it


# ------------------------------------------------------------------------------------------------
# what the set-up screen can offer


def available_maps() -> list[tuple[str, str]]:
    """(map id, board name) for every bundled and user map that loads; a broken file is logged and left out."""
    from ..engine.board import load_board
    from ..mapfile import available_maps as map_names

    out = []
    for name in map_names():
        try:
            out.append((name, load_board(name).name))
        except Exception as exc:  # a half-written map must not break the menu
            log.warning("map %s does not load, not offered: %s", name, exc)
    return out


def available_levels() -> list[str]:
    """Computer levels the AI can build right now (make_bot refuses the others)."""
    try:
        from ..ai import make_bot
    except Exception as exc:
        log.warning("computer players unavailable: %s", exc)
        return []
    out = []
    for lvl in LEVELS:
        try:
            make_bot(lvl, 0)
        except ValueError:
            continue
        except Exception as exc:
            log.warning("computer level %s fails to start: %s", lvl, exc)
            continue
        out.append(lvl)
    return out


def lines_per_player(n: int) -> int:
    return len(engine_rules.default_lines(n)[0])


def default_setup(n: int = 2, map_id: str = "london") -> TableSetup:
    lines = engine_rules.default_lines(n)
    edges = default_edges(n)
    seats = [SeatConfig(name=f"Player {i + 1}", edge=edges[i], colours=list(lines[i])) for i in range(n)]
    return TableSetup(map=map_id, seats=seats, start_player=RANDOM_START)


def token_totals(setup: TableSetup) -> list[int]:
    return [sum(TOKEN_SUPPLY.get(c, 0) for c in s.colours) for s in setup.seats]


def next_free_colour(setup: TableSetup, seat: int, slot: int) -> str:
    """The next colour after this chip's that no seat is using (the chip's own if none is free)."""
    order = list(TOKEN_SUPPLY)
    current = setup.seats[seat].colours[slot]
    used = {c for s in setup.seats for c in s.colours}
    i = order.index(current) if current in order else -1
    for k in range(1, len(order) + 1):
        c = order[(i + k) % len(order)]
        if c not in used:
            return c
    return current


def start_game(app, setup: TableSetup, seed: int | None = None) -> GameState:
    """Build the engine game for a set-up and open the play screen.

    The seed is the argument, else the set-up's pinned seed, else a fresh one; it is always recorded
    in the game's Setup so the game can be replayed.
    """
    if seed is None:
        seed = setup.seed if setup.seed is not None else random.SystemRandom().randrange(2**31)
    names = [s.name.strip() or f"Player {i + 1}" for i, s in enumerate(setup.seats)]
    start = None if setup.start_player == RANDOM_START else setup.start_player
    state = engine_rules.new_game(setup.map, names, seed=seed, start_player=start,
                                  lines=[list(s.colours) for s in setup.seats])
    seats = [SeatConfig(name=names[i], edge=s.edge, computer=s.computer, level=s.level, colours=list(s.colours))
             for i, s in enumerate(setup.seats)]
    from .play_scene import PlayScene  # the play screen is built separately; imported when first needed

    app.replace(PlayScene(app, state, seats))
    return state


# ------------------------------------------------------------------------------------------------
# pygame-gui driven by pointer events


class PointerGui(pygame_gui.UIManager):
    """A UIManager whose idea of the mouse is our pointer, not SDL's cursor (hidden under a finger)."""

    def __init__(self, size, theme: dict):
        super().__init__(size, theme_path=theme, enable_live_theme_updates=False)
        self.pointer_pos = OFF

    def _update_mouse_position(self):
        self.mouse_position = self.calculate_scaled_mouse_position(self.pointer_pos)


class GuiScene(Scene):
    """A full-screen menu: our background drawing, pygame-gui widgets, and pointer routing."""

    HOT_SECONDS = 0.6  # keep redrawing this long after input, for pygame-gui's press/hover states
    STUCK_SECONDS = 20.0  # a press held longer than this gives way to a new one

    def __init__(self, app):
        super().__init__(app)
        self.buttons: dict[str, UIButton] = {}
        self.labels: dict[str, UILabel] = {}
        self.entries: dict[str, UITextEntryLine] = {}
        self._old: dict = {}
        self._primary: int | None = None
        self._primary_t = 0.0
        self._pending: list[Callable[[], None]] = []
        self._hot_until = 0.0
        self._blink = 0.0
        self.manager: PointerGui | None = None
        self.build()

    # layout helpers ------------------------------------------------------------------------------
    def R(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A 1920x1080 design rectangle on this window (scaled, and centred when the aspect differs)."""
        s = self.app.scale
        W, H = self.app.size
        ox = (W - BASE_W * s) / 2
        oy = (H - BASE_H * s) / 2
        return pygame.Rect(round(ox + x * s), round(oy + y * s), max(1, round(w * s)), max(1, round(h * s)))

    def button(self, key: str, rect, text: str, on_press: Callable[[], None], object_id: str | None = None,
               enabled: bool = True) -> UIButton:
        """Declare a button; an existing one with this key and place is updated, not rebuilt (fast at 4K)."""
        rect = pygame.Rect(rect)
        b = self._old.pop(key, None)
        if b is not None and (not isinstance(b, UIButton) or b.relative_rect != rect):
            b.kill()
            b = None
        if b is None:
            b = UIButton(rect, text, self.manager, object_id=ObjectID(object_id=object_id) if object_id else None)
            b.ug_object_id = object_id
        else:
            if b.ug_object_id != object_id:
                b.change_object_id(ObjectID(object_id=object_id) if object_id else None)
                b.ug_object_id = object_id
            if b.text != text:
                b.set_text(text)
        b.bind(pygame_gui.UI_BUTTON_PRESSED, self._deferred(on_press))
        if enabled and not b.is_enabled:
            b.enable()
        elif not enabled and b.is_enabled:
            b.disable()
        self.buttons[key] = b
        return b

    def _deferred(self, f: Callable[[], None]) -> Callable[[], None]:
        """Widget callbacks run after pygame-gui has finished with the event, so they may rebuild the UI."""
        return lambda: self._pending.append(f)

    def label(self, key: str, rect, text: str, object_id: str | None = None) -> UILabel:
        rect = pygame.Rect(rect)
        lab = self._old.pop("label:" + key, None)
        if lab is not None and (not isinstance(lab, UILabel) or lab.relative_rect != rect
                                or lab.ug_object_id != object_id):
            lab.kill()
            lab = None
        if lab is None:
            lab = UILabel(rect, text, self.manager, object_id=ObjectID(object_id=object_id) if object_id else None)
            lab.ug_object_id = object_id
        elif lab.text != text:
            lab.set_text(text)
        self.labels[key] = lab
        return lab

    def entry(self, key: str, rect, text: str, limit: int) -> UITextEntryLine:
        """Declare a text field; an existing one keeps what is typed in it."""
        rect = pygame.Rect(rect)
        e = self._old.pop("entry:" + key, None)
        if e is not None and (not isinstance(e, UITextEntryLine) or e.relative_rect != rect):
            e.kill()
            e = None
        if e is None:
            e = UITextEntryLine(rect, self.manager, initial_text=text)
            e.set_text_length_limit(limit)
        elif e.get_text() != text:
            e.set_text(text)
        self.entries[key] = e
        return e

    def build(self) -> None:
        """A new UIManager for the window's size (first time and on resize), then the widgets."""
        self.manager = PointerGui(self.app.size, _theme_json(self.app.scale))
        self.buttons, self.labels, self.entries = {}, {}, {}
        self._primary = None
        self.refresh()

    def layout(self) -> None:
        """Declare the widgets for the current model and window."""

    def refresh(self) -> None:
        """The model changed: declare the widgets again; only what differs is rebuilt, the rest removed."""
        self._old = {**self.buttons, **{"label:" + k: v for k, v in self.labels.items()},
                     **{"entry:" + k: v for k, v in self.entries.items()}}
        self.buttons, self.labels, self.entries = {}, {}, {}
        self.layout()
        for w in self._old.values():
            w.kill()
        self._old = {}
        self.manager.update(0.0)
        self.dirty = True

    # events --------------------------------------------------------------------------------------
    def _mouse(self, etype, pos, **kw) -> None:
        self.manager.process_events(pygame.event.Event(etype, pos=pos, touch=False, **kw))

    def on_pointer(self, ev: PointerEvent) -> bool:
        m = self.manager
        pos = (int(ev.x), int(ev.y))
        if ev.wheel:
            m.pointer_pos = pos
            step = 1 if ev.wheel > 0 else -1
            m.process_events(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=step, precise_x=0.0,
                                                precise_y=float(ev.wheel), flipped=False, touch=False, which=0))
        elif ev.phase == DOWN:
            if self._primary is not None:
                stuck = (self._primary not in self.app.pointer.active
                         or ev.t - self._primary_t > self.STUCK_SECONDS)
                if not stuck:
                    return True  # someone is already pressing; one gesture at a time in menus
                # the old press lost its release (a glitching touch frame): let it go, never lock the menu
                self._mouse(pygame.MOUSEBUTTONUP, OFF, button=1)
            self._primary = ev.pid
            self._primary_t = ev.t
            m.pointer_pos = pos
            self._mouse(pygame.MOUSEBUTTONDOWN, pos, button=1)
        elif ev.phase == MOVE:
            if ev.pid == self._primary:
                m.pointer_pos = pos
                self._mouse(pygame.MOUSEMOTION, pos, rel=(0, 0), buttons=(1, 0, 0))
            elif self._primary is None and not ev.is_touch:
                m.pointer_pos = pos  # mouse hover
                self._mouse(pygame.MOUSEMOTION, pos, rel=(0, 0), buttons=(0, 0, 0))
            else:
                return True
        elif ev.phase in (UP, CANCEL):
            if ev.pid != self._primary:
                return True
            self._primary = None
            self._mouse(pygame.MOUSEBUTTONUP, pos if ev.phase == UP else OFF, button=1)
            m.pointer_pos = OFF if ev.is_touch else pos
        self._touched()
        return True

    def on_key(self, ev) -> bool:
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            self.on_escape()
        else:
            self.manager.process_events(ev)
        self._touched()
        return True

    def on_escape(self) -> None:
        """Esc: go back (the App swallows it in kiosk mode)."""

    def _touched(self) -> None:
        self._hot_until = self.app.time + self.HOT_SECONDS
        self.dirty = True
        self._run_pending()

    def _run_pending(self) -> None:
        while self._pending:
            f = self._pending.pop(0)
            if self.app.top is not self and self not in self.app.scenes:
                self._pending.clear()
                return
            f()

    def on_resize(self, w: int, h: int) -> None:
        self.build()

    # time and drawing ----------------------------------------------------------------------------
    def _text_focused(self) -> bool:
        return any(isinstance(e, UITextEntryLine) and e.is_focused for e in self.manager.get_root_container().elements)

    def update(self, dt: float) -> None:
        hot = self.app.time < self._hot_until
        if hot:
            self.manager.update(dt)
            self.dirty = True
        elif self._text_focused():
            self._blink += dt
            if self._blink >= 0.1:  # the text cursor blinks; ten redraws a second are plenty
                self.manager.update(self._blink)
                self._blink = 0.0
                self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(self.app.theme.bg)
        self.draw_back(surface)
        self.manager.draw_ui(surface)
        self.draw_front(surface)

    def draw_back(self, surface: pygame.Surface) -> None: ...

    def draw_front(self, surface: pygame.Surface) -> None: ...

    def text(self, surface, s: str, size: float, pos, colour=None, bold=False, anchor="topleft",
             condensed=False) -> pygame.Rect:
        """Draw text at a design size; ``pos`` is in window pixels."""
        f = self.app.fonts.get(self.app.px(size), bold, condensed)
        img = f.render(s, True, colour or self.app.theme.ink)
        r = img.get_rect(**{anchor: pos})
        surface.blit(img, r)
        return r


# ------------------------------------------------------------------------------------------------
# title


# Decorative lines behind the title, in design coordinates: our own schematic, not any real map.
_TITLE_LINES = [
    ("red", [(-20, 130), (420, 130), (490, 200), (1430, 200), (1500, 130), (1940, 130)]),
    ("blue", [(-20, 930), (360, 930), (470, 820), (1450, 820), (1560, 930), (1940, 930)]),
    ("yellow", [(160, -20), (160, 600), (260, 700), (260, 1100)]),
    ("green", [(1760, -20), (1760, 480), (1660, 580), (1660, 1100)]),
    ("black", [(-20, 1010), (1940, 1010)]),
    ("pink", [(-20, 70), (1940, 70)]),
]


class TitleScene(GuiScene):
    def layout(self) -> None:
        self.button("new_game", self.R(700, 560, 520, 112), "New game", lambda: self.app.replace(SetupScene(self.app)),
                    object_id="#primary")
        if not self.app.kiosk_mode:
            self.button("quit", self.R(760, 700, 400, 84), "Quit", self.app.quit)
        self._bg: pygame.Surface | None = None

    def on_escape(self) -> None:
        self.app.quit()

    def draw_back(self, surface: pygame.Surface) -> None:
        if self._bg is None or self._bg.get_size() != surface.get_size():
            self._bg = pygame.Surface(surface.get_size())
            self._bg.fill(self.app.theme.bg)
            self._draw_lines(self._bg)
            W = surface.get_width()
            y = self.R(0, 300, 0, 0).y
            self.text(self._bg, "On the Underground", 104, (W // 2, y), bold=True, anchor="center")
            self.text(self._bg, "Build the lines. Carry the passenger.", 36, (W // 2, self.R(0, 410, 0, 0).y),
                      colour=self.app.theme.muted, anchor="center")
            self.text(self._bg, "A board game by Sebastian Bleasdale  ·  2 to 5 players", 24,
                      (W // 2, self.R(0, 1058, 0, 0).y), colour=self.app.theme.muted, anchor="midbottom")
        surface.blit(self._bg, (0, 0))

    def _draw_lines(self, surf: pygame.Surface) -> None:
        width = self.app.px(20)
        for colour, pts in _TITLE_LINES:
            scr = [self.R(x, y, 0, 0).topleft for x, y in pts]
            for a, b in zip(scr, scr[1:]):
                pygame.draw.line(surf, line_outline(colour), a, b, width + self.app.px(4))
            for p in scr:
                pygame.draw.circle(surf, line_outline(colour), p, (width + self.app.px(4)) // 2)
            for a, b in zip(scr, scr[1:]):
                pygame.draw.line(surf, line_rgb(colour), a, b, width)
            for p in scr:
                pygame.draw.circle(surf, line_rgb(colour), p, width // 2)
            # stations: white discs with a dark rim at the middle of each straight stretch
            for a, b in zip(scr, scr[1:]):
                m = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
                pygame.draw.circle(surf, (255, 255, 255), m, self.app.px(15))
                pygame.draw.circle(surf, self.app.theme.ink, m, self.app.px(15), max(2, self.app.px(5)))


# ------------------------------------------------------------------------------------------------
# set-up


class SetupScene(GuiScene):
    """Board, seats (who, where, which lines) and the start player; remembers the last choice."""

    MAX_NAME = 16

    def __init__(self, app, setup: TableSetup | None = None):
        self.app = app
        self.maps = available_maps() or [("london", "London")]
        self.levels = available_levels()
        self.error = ""
        self.setup = setup or self._remembered() or default_setup(2, self.maps[0][0])
        self._sanitise()
        super().__init__(app)

    def _remembered(self) -> TableSetup | None:
        try:
            return self.app.settings.last_setup()
        except Exception as exc:  # settings are a convenience; never a reason not to start
            log.warning("could not read the remembered set-up: %s", exc)
            return None

    def _sanitise(self) -> None:
        """Make a remembered set-up fit what is offered now (maps and levels come and go)."""
        ids = [m for m, _ in self.maps]
        if self.setup.map not in ids:
            self.setup.map = ids[0]
        n = len(self.setup.seats)
        want = lines_per_player(n) if 2 <= n <= 5 else 0
        if not 2 <= n <= 5 or any(len(s.colours) != want for s in self.setup.seats):
            keep_names = [s.name for s in self.setup.seats]
            self.setup = default_setup(n if 2 <= n <= 5 else 2, self.setup.map)
            for s, name in zip(self.setup.seats, keep_names):
                s.name = name
        for s in self.setup.seats:
            if s.computer and s.level not in self.levels:
                s.computer = False
                s.level = "random"
        if not (self.setup.start_player == RANDOM_START or 0 <= self.setup.start_player < len(self.setup.seats)):
            self.setup.start_player = RANDOM_START

    # model changes -------------------------------------------------------------------------------
    def _read_names(self) -> None:
        for i, s in enumerate(self.setup.seats):
            e = self.entries.get(f"seat{i}_name")
            if e is not None:
                s.name = e.get_text().strip()[: self.MAX_NAME] or f"Player {i + 1}"

    def change(self, f: Callable[[], None]) -> Callable[[], None]:
        def run():
            self._read_names()
            self.error = ""
            f()
            self.refresh()
        return run

    def set_players(self, n: int) -> None:
        n = max(2, min(5, n))
        if n == len(self.setup.seats):
            return
        old = self.setup.seats
        new = default_setup(n, self.setup.map)
        for s_new, s_old in zip(new.seats, old):  # keep who sits where and who is a computer
            s_new.name, s_new.computer, s_new.level = s_old.name, s_old.computer, s_old.level
        new.start_player = self.setup.start_player if self.setup.start_player < n else RANDOM_START
        self.setup = new

    def cycle_map(self) -> None:
        ids = [m for m, _ in self.maps]
        i = ids.index(self.setup.map) if self.setup.map in ids else -1
        self.setup.map = ids[(i + 1) % len(ids)]

    def seat_kinds(self) -> list[tuple[bool, str]]:
        return [(False, "random")] + [(True, lvl) for lvl in self.levels]

    def cycle_kind(self, i: int) -> None:
        s = self.setup.seats[i]
        kinds = self.seat_kinds()
        cur = (s.computer, s.level if s.computer else "random")
        k = kinds.index(cur) if cur in kinds else 0
        s.computer, s.level = kinds[(k + 1) % len(kinds)]

    def cycle_edge(self, i: int) -> None:
        s = self.setup.seats[i]
        s.edge = EDGES[(EDGES.index(s.edge) + 1) % len(EDGES)] if s.edge in EDGES else EDGES[0]

    def cycle_colour(self, i: int, j: int) -> None:
        self.setup.seats[i].colours[j] = next_free_colour(self.setup, i, j)

    def cycle_start(self) -> None:
        n = len(self.setup.seats)
        sp = self.setup.start_player
        self.setup.start_player = 0 if sp == RANDOM_START else (RANDOM_START if sp + 1 >= n else sp + 1)

    def kind_text(self, s: SeatConfig) -> str:
        return f"Computer ({s.level})" if s.computer else "Person"

    def start_text(self) -> str:
        sp = self.setup.start_player
        return "Draw at random" if sp == RANDOM_START else self.setup.seats[sp].name

    def warning(self) -> str:
        totals = token_totals(self.setup)
        if len(set(totals)) > 1:
            return ("Token totals differ (" + " / ".join(str(t) for t in totals) +
                    "): the rules give every player the same number; you may still play.")
        return ""

    def start(self) -> None:
        self._read_names()
        remembered = msgspec.structs.replace(self.setup, seed=None)  # the next game gets a new shuffle
        self.app.settings.remember_setup(remembered)
        try:
            start_game(self.app, self.setup)
        except (engine_rules.SetupError, ValueError) as exc:
            self.error = str(exc)
            self.refresh()
        except ImportError as exc:
            self.error = f"The play screen is not available: {exc}"
            self.refresh()

    def back(self) -> None:
        self._read_names()
        self.app.replace(TitleScene(self.app))

    def on_escape(self) -> None:
        self.back()

    # layout --------------------------------------------------------------------------------------
    ROW_Y, ROW_H, ROW_STEP = 300, 76, 96
    COLS = {"name": (80, 300), "kind": (400, 370), "edge": (790, 190), "lines": (1000, 700), "tokens": (1730, 140)}

    def layout(self) -> None:
        st = self.setup
        R = self.R
        self.label("heading", R(80, 36, 900, 70), "New game", "#heading")
        map_name = dict(self.maps).get(st.map, st.map)
        self.label("map_label", R(80, 130, 140, 72), "Board", "#muted")
        self.button("map", R(200, 130, 300, 72), map_name, self.change(self.cycle_map))
        n = len(st.seats)
        self.label("players_label", R(560, 130, 160, 72), "Players", "#muted")
        self.button("players_minus", R(700, 130, 72, 72), "−", self.change(lambda: self.set_players(n - 1)),
                    enabled=n > 2)
        self.label("players", R(784, 130, 60, 72), str(n), "#heading")
        self.button("players_plus", R(840, 130, 72, 72), "+", self.change(lambda: self.set_players(n + 1)),
                    enabled=n < 5)
        self.label("start_label", R(980, 130, 200, 72), "First player", "#muted")
        self.button("start_player", R(1150, 130, 360, 72), self.start_text(), self.change(self.cycle_start))

        y0 = self.ROW_Y - 50
        for key, (x, w) in self.COLS.items():
            title = {"name": "Name", "kind": "Played by", "edge": "Table edge", "lines": "Lines (tap to change)",
                     "tokens": "Tokens"}[key]
            self.label(f"col_{key}", R(x, y0, w, 40), title, "#muted")
        totals = token_totals(st)
        for i, s in enumerate(st.seats):
            y = self.ROW_Y + i * self.ROW_STEP
            x, w = self.COLS["name"]
            self.entry(f"seat{i}_name", R(x, y, w, self.ROW_H), s.name, self.MAX_NAME)
            x, w = self.COLS["kind"]
            self.button(f"seat{i}_kind", R(x, y, w, self.ROW_H), self.kind_text(s),
                        self.change(lambda i=i: self.cycle_kind(i)),
                        object_id="#selected" if s.computer else None)
            x, w = self.COLS["edge"]
            self.button(f"seat{i}_edge", R(x, y, w, self.ROW_H), s.edge.capitalize(),
                        self.change(lambda i=i: self.cycle_edge(i)))
            x, w = self.COLS["lines"]
            k = len(s.colours)
            gap = 12
            cw = min(190, (w - gap * (k - 1)) / k)
            for j, c in enumerate(s.colours):
                self.button(f"seat{i}_colour{j}", R(x + j * (cw + gap), y, cw, self.ROW_H),
                            f"{line_letter(c)}  {c}", self.change(lambda i=i, j=j: self.cycle_colour(i, j)),
                            object_id=f"#line_{c}")
            x, w = self.COLS["tokens"]
            self.label(f"seat{i}_tokens", R(x, y, w, self.ROW_H), str(totals[i]))
        y = self.ROW_Y + len(st.seats) * self.ROW_STEP + 10
        self.label("warning", R(80, y, 1760, 50), self.warning() or " ", "#warning")
        self.label("error", R(80, y + 50, 1760, 50), self.error or " ", "#warning")
        self.button("back", R(80, 950, 300, 90), "Back", self.back)
        self.button("start", R(1440, 950, 400, 90), "Start game", self.start, object_id="#primary")

    def draw_front(self, surface: pygame.Surface) -> None:
        # Pattern strips under each chip's text: a chip is told apart by letter, name and pattern.
        for key, b in self.buttons.items():
            if "_colour" in key:
                i, j = key[4:].split("_colour")
                c = self.setup.seats[int(i)].colours[int(j)]
                r = b.rect
                strip = pygame.Rect(r.x + r.w // 8, r.bottom - max(6, r.h // 5), r.w * 3 // 4, max(4, r.h // 8))
                draw_swatch(surface, strip, c, radius=max(1, strip.h // 2))


# ------------------------------------------------------------------------------------------------
# end of game


def tie_note(state: GameState) -> str:
    """Say how the winner was decided, in the rulebook's order: points, then branch tiles, then shared."""
    ps = state.players
    win = engine_rules.winners(state)
    best = max(p.score for p in ps)
    tied = [i for i, p in enumerate(ps) if p.score == best]
    names = [ps[i].name for i in win]
    if len(win) > 1:
        return (f"{' and '.join(names)} share the win: tied on {best} points and "
                f"{ps[win[0]].branch_tiles} branch tiles.")
    if len(tied) > 1:
        others = ", ".join(str(ps[i].branch_tiles) for i in tied if i != win[0])
        return (f"{names[0]} wins: tied on {best} points, more branch tiles "
                f"({ps[win[0]].branch_tiles} to {others}).")
    return f"{names[0]} wins with {best} points."


def rank_labels(state: GameState) -> list[tuple[int, str]]:
    """(player, rank text) in ranking order; players equal on points and branch tiles share a rank."""
    order = engine_rules.ranking(state)
    out = []
    prev_key = None
    rank = 0
    for pos, i in enumerate(order):
        p = state.players[i]
        key = (p.score, p.branch_tiles)
        if key != prev_key:
            rank = pos + 1
            prev_key = key
        out.append((i, str(rank)))
    counts: dict[str, int] = {}
    for _, r in out:
        counts[r] = counts.get(r, 0) + 1
    return [(i, f"={r}" if counts[r] > 1 else r) for i, r in out]


_MARKERS = ("circle", "square", "triangle", "diamond", "cross")


def _marker(surface, kind: str, centre, r: int, fill, edge) -> None:
    x, y = centre
    if kind == "circle":
        pygame.draw.circle(surface, fill, centre, r)
        pygame.draw.circle(surface, edge, centre, r, max(1, r // 3))
    elif kind == "square":
        rect = pygame.Rect(0, 0, 2 * r, 2 * r)
        rect.center = centre
        pygame.draw.rect(surface, fill, rect)
        pygame.draw.rect(surface, edge, rect, max(1, r // 3))
    elif kind == "triangle":
        pts = [(x, y - r - 1), (x + r + 1, y + r), (x - r - 1, y + r)]
        pygame.draw.polygon(surface, fill, pts)
        pygame.draw.polygon(surface, edge, pts, max(1, r // 3))
    elif kind == "diamond":
        pts = [(x, y - r - 1), (x + r + 1, y), (x, y + r + 1), (x - r - 1, y)]
        pygame.draw.polygon(surface, fill, pts)
        pygame.draw.polygon(surface, edge, pts, max(1, r // 3))
    else:
        w = max(2, r // 2 + 1)
        pygame.draw.line(surface, edge, (x - r, y - r), (x + r, y + r), w + 2)
        pygame.draw.line(surface, edge, (x - r, y + r), (x + r, y - r), w + 2)
        pygame.draw.line(surface, fill, (x - r, y - r), (x + r, y + r), w)
        pygame.draw.line(surface, fill, (x - r, y + r), (x + r, y - r), w)


class EndScene(GuiScene):
    """Final ranking with the tie-break, points by category and the score race; play again or re-seat."""

    def __init__(self, app, state: GameState, seats: list[SeatConfig]):
        self.state = state
        self.seats = list(seats)
        self.error = ""
        super().__init__(app)

    def categories(self) -> list[str]:
        """The categories shown: the five every game has, plus any other that scored."""
        base = ["national_rail", "terminus", "connections", "loops", "passenger"]
        extra = [c for c in SCORE_CATEGORIES if c not in base
                 and any(p.points.get(c, 0) for p in self.state.players)]
        extra += sorted({c for p in self.state.players for c in p.points} - set(base) - set(extra))
        return base + extra

    def player_colour(self, i: int) -> str:
        cols = self.state.setup.lines[i] if i < len(self.state.setup.lines) else []
        return cols[0] if cols else "grey"

    def layout(self) -> None:
        R = self.R
        self.button("new_setup", R(1130, 960, 340, 90), "New setup", self.new_setup)
        self.button("play_again", R(1500, 960, 370, 90), "Play again", self.play_again, object_id="#primary")
        if self.error:
            self.label("error", R(50, 970, 1060, 60), self.error, "#warning")

    def play_again(self) -> None:
        """Same seats and lines, a new shuffle; the next seat starts, as tables pass the start on."""
        st = self.state.setup
        n = len(st.players)
        setup = TableSetup(map=st.map, start_player=(st.start_player + 1) % n, seats=[
            SeatConfig(name=st.players[i], edge=self.seats[i].edge if i < len(self.seats) else "bottom",
                       computer=self.seats[i].computer if i < len(self.seats) else False,
                       level=self.seats[i].level if i < len(self.seats) else "random",
                       colours=list(st.lines[i])) for i in range(n)])
        try:
            start_game(self.app, setup)
        except (engine_rules.SetupError, ValueError, ImportError) as exc:
            self.error = str(exc)
            self.refresh()

    def new_setup(self) -> None:
        self.app.replace(SetupScene(self.app))

    def on_escape(self) -> None:
        self.new_setup()

    # drawing -------------------------------------------------------------------------------------
    def draw_back(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        st = self.state
        R = self.R
        W = surface.get_width()
        self.text(surface, "Final scores", 56, R(50, 30, 0, 0).topleft, bold=True)
        self.text(surface, tie_note(st), 32, R(50, 110, 0, 0).topleft, colour=th.accent, bold=True)
        # ranking table
        panel = R(40, 170, 1180, 760)
        pygame.draw.rect(surface, th.panel, panel, border_radius=self.app.px(16))
        pygame.draw.rect(surface, th.panel_edge, panel, max(1, self.app.px(2)), border_radius=self.app.px(16))
        cats = self.categories()
        x_rank, x_name, x_total, x_branch = 70, 140, 440, 540
        cat_x0 = 640
        cat_w = (1200 - cat_x0) / max(1, len(cats))
        hy = 195

        def header(words: list[str], cx: float) -> None:
            for li, wd in enumerate(words[:2]):
                y = hy + li * 26 + (26 if len(words) == 1 else 0)
                self.text(surface, wd, 20, (R(cx, 0, 0, 0).x, R(0, y, 0, 0).y), colour=th.muted, bold=True,
                          anchor="midtop", condensed=True)

        header(["Total"], x_total + 40)
        header(["Branch", "tiles"], x_branch + 40)
        for k, c in enumerate(cats):
            header(CATEGORY_LABELS.get(c, c.replace("_", " ").capitalize()).split(" "), cat_x0 + (k + 0.5) * cat_w)
        win = set(engine_rules.winners(st))
        row_h = min(120, 640 / max(1, st.n_players))
        for r, (i, rank) in enumerate(rank_labels(st)):
            p = st.players[i]
            y = 270 + r * row_h
            row = R(55, y, 1150, row_h - 10)
            if i in win:
                pygame.draw.rect(surface, (255, 243, 200), row, border_radius=self.app.px(10))
                pygame.draw.rect(surface, th.highlight, row, max(1, self.app.px(3)), border_radius=self.app.px(10))
            cy = R(0, y + (row_h - 10) / 2, 0, 0).y
            self.text(surface, rank, 40, (R(x_rank, 0, 0, 0).x, cy), bold=True, anchor="midleft")
            self.text(surface, p.name, 34, (R(x_name, 0, 0, 0).x, cy - self.app.px(16)), bold=True, anchor="midleft")
            for j, c in enumerate(st.setup.lines[i]):
                sw = R(x_name + j * 58, y + (row_h - 10) / 2 + 6, 50, 30)
                draw_swatch(surface, sw, c, self.app.fonts.get(self.app.px(20), True))
            self.text(surface, str(p.score), 44, (R(x_total + 40, 0, 0, 0).x, cy), bold=True, anchor="center")
            self.text(surface, str(p.branch_tiles), 32, (R(x_branch + 40, 0, 0, 0).x, cy), anchor="center")
            for k, c in enumerate(cats):
                self.text(surface, str(p.points.get(c, 0)), 32, (R(cat_x0 + (k + 0.5) * cat_w, 0, 0, 0).x, cy),
                          anchor="center")
        self._draw_chart(surface, R(1250, 170, 630, 760))

    def _draw_chart(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """Score after each turn, one line per player, marked by shape and named at its end."""
        th = self.app.theme
        st = self.state
        px = self.app.px
        pygame.draw.rect(surface, th.panel, box, border_radius=px(16))
        pygame.draw.rect(surface, th.panel_edge, box, max(1, px(2)), border_radius=px(16))
        self.text(surface, "Score after each turn", 28, (box.x + px(24), box.y + px(18)), bold=True)
        plot = pygame.Rect(box.x + px(70), box.y + px(80), box.w - px(200), box.h - px(150))
        hist = [[0] + list(p.score_history) for p in st.players]
        turns = max(1, max(len(h) for h in hist) - 1)
        top = max(1, max(max(h) for h in hist))
        step = next(s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000, 10**9) if top / s <= 8)
        top = ((top + step - 1) // step) * step
        small = self.app.fonts.get(px(20))
        for v in range(0, top + 1, step):
            yy = plot.bottom - plot.h * v / top
            pygame.draw.line(surface, (228, 226, 220), (plot.x, yy), (plot.right, yy), 1)
            img = small.render(str(v), True, th.muted)
            surface.blit(img, img.get_rect(midright=(plot.x - px(8), yy)))
        tstep = next(s for s in (1, 2, 5, 10, 20, 50, 100, 10**9) if turns / s <= 10)
        for t in range(0, turns + 1, tstep):
            xx = plot.x + plot.w * t / turns
            img = small.render(str(t), True, th.muted)
            surface.blit(img, img.get_rect(midtop=(xx, plot.bottom + px(6))))
        self.text(surface, "turn", 20, (plot.centerx, plot.bottom + px(34)), colour=th.muted, anchor="midtop")
        pygame.draw.line(surface, th.ink, plot.bottomleft, plot.bottomright, max(1, px(2)))
        pygame.draw.line(surface, th.ink, plot.bottomleft, plot.topleft, max(1, px(2)))
        ends = []
        for i, h in enumerate(hist):
            c = self.player_colour(i)
            pts = [(plot.x + plot.w * t / turns, plot.bottom - plot.h * v / top) for t, v in enumerate(h)]
            if len(pts) > 1:
                pygame.draw.lines(surface, line_outline(c), False, pts, max(2, px(7)))
                pygame.draw.lines(surface, line_rgb(c), False, pts, max(1, px(4)))
            mk = _MARKERS[i % len(_MARKERS)]
            every = max(1, len(pts) // 12)
            for t, p in enumerate(pts):
                if t % every == 0 or t == len(pts) - 1:
                    _marker(surface, mk, (round(p[0]), round(p[1])), max(3, px(7)), line_rgb(c), line_outline(c))
            ends.append([pts[-1][1], i, pts[-1]])
        # name labels at the line ends, pushed apart so they never overlap
        ends.sort()
        gap = px(26)
        for k in range(1, len(ends)):
            ends[k][0] = max(ends[k][0], ends[k - 1][0] + gap)
        for yy, i, p in ends:
            c = self.player_colour(i)
            _marker(surface, _MARKERS[i % len(_MARKERS)], (plot.right + px(22), round(yy)), max(3, px(7)),
                    line_rgb(c), line_outline(c))
            self.text(surface, st.players[i].name, 22, (plot.right + px(36), yy), anchor="midleft", condensed=True)


__all__ = ["TitleScene", "SetupScene", "EndScene", "GuiScene", "start_game", "available_maps", "available_levels",
           "default_setup", "next_free_colour", "token_totals", "tie_note", "rank_labels"]
