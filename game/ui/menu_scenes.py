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
from ..engine.state import FIRST_EDITION_MAPS, SCORE_CATEGORIES, TOKEN_SUPPLY, GameState
from .scene import CANCEL, DOWN, MOVE, UP, PointerEvent, Scene
from .seats import EDGES, SeatConfig, TableSetup, arrangement_of, default_edges
from . import sound as sound_mod
from . import textfit
from .settings import RANDOM_START
from ..i18n import COLOUR_NAMES, EDGE_NAMES, LANGUAGES, LEVEL_NAMES, N_, _, current_language, pgettext
from .theme import (BASE_H, BASE_W, draw_swatch, gui_theme, line_letter, line_outline, line_rgb)

log = logging.getLogger("underground.ui")

OFF = (-10000, -10000)  # where the virtual mouse rests when no finger is on the glass
LEVELS = ("random", "easy", "normal", "hard")
SPEED_NAMES = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast")}  # the computer speeds, as buttons say them
DEFAULT_MAP = "london"  # the board a new set-up starts on (the box's first side)
CATEGORY_LABELS = {
    "national_rail": N_("National Rail"), "terminus": N_("Terminus"), "connections": N_("Connections"),
    "loops": N_("Loops"), "passenger": N_("Passenger"), "start": N_("Start"), "other": N_("Other"),
    "plus": N_("+ stations"), "landmark_sets": N_("Landmark sets"), "landmark_bonus": N_("Landmark bonus"),
    "clusters": N_("Clusters"), "water": N_("Water crossings"), "rer": N_("RER"), "objectives": N_("Objectives"),
}
# Shorter headers for the end table when the full words do not fit their column at this window size.
CATEGORY_SHORT = {
    "national_rail": N_("Nat. Rail"), "terminus": N_("Term."), "connections": N_("Conn."), "passenger": N_("Pass."),
    "plus": N_("+ stn."), "landmark_sets": N_("Sets"), "landmark_bonus": N_("Bonus"), "water": N_("Water"),
    "objectives": N_("Obj."),
}
EDITION_LABELS = {"standard": N_("2nd edition"), "classic": N_("First edition (2006)")}
ARRANGEMENT_LABELS = {"table": N_("Around the table"), "laptop": N_("All at the bottom (laptop)")}

_theme_cache: dict[float, str] = {}


def _theme_json(scale: float) -> dict:
    key = round(scale, 3)
    if key not in _theme_cache:
        _theme_cache[key] = json.dumps(gui_theme(key))
    return json.loads(_theme_cache[key])  # a fresh dict: pygame-gui may keep and change it


# ------------------------------------------------------------------------------------------------
# what the set-up screen can offer


def available_maps() -> list[tuple[str, str]]:
    """(map id, board name) for every bundled and user map that loads; a broken file is logged and left out.

    A first edition's board (FIRST_EDITION_MAPS) is not a board of its own here: it is offered as the
    edition of the board it belongs to. A board whose city the screens cannot draw yet (its rules exist
    in the engine, for ``simulate``) is left out (``cities.drawn_on_screen``).
    """
    from ..engine.board import load_board
    from ..mapfile import available_maps as map_names
    from .cities import drawn_on_screen

    editions = set(FIRST_EDITION_MAPS.values())
    out = []
    for name in map_names():
        if name in editions:
            continue
        try:
            board = load_board(name)
        except Exception as exc:  # a half-written map must not break the menu
            log.warning("map %s does not load, not offered: %s", name, exc)
            continue
        if not drawn_on_screen(board.city):
            log.info("map %s (%s) is not offered: its city is not drawn on screen yet", name, board.city)
            continue
        out.append((name, board.name))
    out.sort(key=lambda m: m[0] != DEFAULT_MAP)  # the default board first: the set-up starts on it
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


def has_first_edition(map_id: str) -> bool:
    """Whether this board can be played as its first edition (the classic variant)."""
    from ..mapfile import MapError, map_file

    edition = FIRST_EDITION_MAPS.get(map_id)
    if edition is None:
        return False
    try:
        map_file(edition)
    except MapError:
        return False
    return True


def base_map(map_id: str) -> str:
    """The board a map belongs to: the 2nd edition's id for a first edition's map, else itself."""
    for base, edition in FIRST_EDITION_MAPS.items():
        if edition == map_id:
            return base
    return map_id


def board_title(map_id: str, variant: str, names: dict[str, str] | None = None) -> str:
    """The board and, for a board that has two editions, which one: "London, first edition (2006)"."""
    base = base_map(map_id)
    name = (names or {}).get(base)
    if name is None:
        try:
            from ..engine.board import load_board

            name = load_board(base).name
        except Exception:
            name = base.replace("-", " ").title()
    if variant == "classic" or has_first_edition(base):
        label = _(EDITION_LABELS.get(variant, variant))
        return f"{name}, {label[0].lower()}{label[1:]}"
    return name


def available_speeds() -> list[str]:
    """The computer speeds the play screen knows (slow, normal, fast), slowest first."""
    try:
        from .play.turns import COMPUTER_SPEEDS
    except Exception as exc:  # the play screen's absence is reported when a game starts
        log.warning("computer speeds unavailable: %s", exc)
        return ["normal"]
    return sorted(COMPUTER_SPEEDS, key=lambda k: -COMPUTER_SPEEDS[k])


def lines_per_player(n: int) -> int:
    return len(engine_rules.default_lines(n)[0])


def default_setup(n: int = 2, map_id: str = "london", arrangement: str = "table") -> TableSetup:
    lines = engine_rules.default_lines(n)
    edges = default_edges(n, arrangement)
    seats = [SeatConfig(name=_("Player {n}").format(n=i + 1), edge=edges[i], colours=list(lines[i])) for i in range(n)]
    return TableSetup(map=map_id, seats=seats, start_player=RANDOM_START)


def default_arrangement(app) -> str:
    """Everyone at the bottom in a window (a laptop is looked at from one side); round the table when
    the game fills a screen or runs as a kiosk (a touch table)."""
    return "table" if getattr(app, "fullscreen", False) or getattr(app, "kiosk_mode", False) else "laptop"


def resize_setup(setup: TableSetup, n: int) -> TableSetup:
    """The set-up for ``n`` players, keeping what people chose.

    Names and who plays stay with their seat. Seats that followed an arrangement (round the table, or
    all at the bottom) follow it for the new count, so turn order still goes round the table; edges
    someone chose themselves stay. Colours nobody changed become the new count's defaults. Otherwise
    each seat gets the new count's mix of 20- and 15-token lines (every player must have as many
    tokens), filled first from the colours it had, then from its default colours, then from any colour
    no seat uses.
    """
    old = setup.seats
    arrangement = arrangement_of([s.edge for s in old])
    edges = default_edges(n, arrangement or "table")
    lines = engine_rules.default_lines(n)
    seats = []
    for i in range(n):
        if i < len(old):
            o = old[i]
            seats.append(SeatConfig(name=o.name, edge=edges[i] if arrangement else o.edge, computer=o.computer,
                                    level=o.level))
        else:
            seats.append(SeatConfig(name=_("Player {n}").format(n=i + 1), edge=edges[i]))
    untouched = 2 <= len(old) <= 5 and [list(s.colours) for s in old] == engine_rules.default_lines(len(old))
    kept = [list(old[i].colours) if i < len(old) and not untouched else [] for i in range(n)]
    used: set[str] = set()
    picks: list[list[str | None]] = [[None] * len(lines[i]) for i in range(n)]
    # 1: a seat keeps its own colours where they fit a slot of the same token count
    for i in range(n):
        for j, d in enumerate(lines[i]):
            for c in kept[i]:
                if c not in used and TOKEN_SUPPLY.get(c) == TOKEN_SUPPLY[d]:
                    picks[i][j] = c
                    used.add(c)
                    kept[i].remove(c)
                    break
    # 2: then its default colour for the slot, 3: then any free colour with as many tokens
    for i in range(n):
        for j, d in enumerate(lines[i]):
            if picks[i][j] is None and d not in used:
                picks[i][j] = d
                used.add(d)
    for i in range(n):
        for j, d in enumerate(lines[i]):
            if picks[i][j] is None:
                c = next(c for c in TOKEN_SUPPLY if c not in used and TOKEN_SUPPLY[c] == TOKEN_SUPPLY[d])
                picks[i][j] = c
                used.add(c)
    for s, cols in zip(seats, picks):
        s.colours = [c for c in cols if c is not None]
    start = setup.start_player if setup.start_player < n else RANDOM_START
    return msgspec.structs.replace(setup, seats=seats, start_player=start)


def token_totals(setup: TableSetup) -> list[int]:
    return [sum(TOKEN_SUPPLY.get(c, 0) for c in s.colours) for s in setup.seats]


def next_free_colour(setup: TableSetup, seat: int, slot: int) -> str:
    """The next colour after this chip's that no seat is using and that has as many track tokens, so
    every player keeps the same number of tokens, as the rules (and the engine) require; the chip's own
    colour when no such colour is free."""
    order = list(TOKEN_SUPPLY)
    current = setup.seats[seat].colours[slot]
    used = {c for s in setup.seats for c in s.colours}
    want = TOKEN_SUPPLY.get(current)
    i = order.index(current) if current in order else -1
    for k in range(1, len(order) + 1):
        c = order[(i + k) % len(order)]
        if c not in used and (want is None or TOKEN_SUPPLY[c] == want):
            return c
    return current


def start_game(app, setup: TableSetup, seed: int | None = None) -> GameState:
    """Build the engine game for a set-up and open the play screen.

    The seed is the argument, else the set-up's pinned seed, else a fresh one; it is always recorded
    in the game's Setup so the game can be replayed.
    """
    if seed is None:
        seed = setup.seed if setup.seed is not None else random.SystemRandom().randrange(2**31)
    names = [s.name.strip() or _("Player {n}").format(n=i + 1) for i, s in enumerate(setup.seats)]
    start = None if setup.start_player == RANDOM_START else setup.start_player
    variant = setup.variant if setup.variant == "classic" and has_first_edition(setup.map) else "standard"
    state = engine_rules.new_game(setup.map, names, seed=seed, start_player=start,
                                  lines=[list(s.colours) for s in setup.seats], variant=variant)
    seats = [SeatConfig(name=names[i], edge=s.edge, computer=s.computer, level=s.level, colours=list(s.colours),
                        phone=s.phone and not s.computer) for i, s in enumerate(setup.seats)]
    from .play_scene import PlayScene  # the play screen is built separately; imported when first needed

    app.replace(PlayScene(app, state, seats, computer_speed=setup.computer_speed))
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

    # language ------------------------------------------------------------------------------------
    def language_buttons(self, area: pygame.Rect) -> None:
        """One button per language, the current one marked; choosing one switches every word at once."""
        n = len(LANGUAGES)
        gap = max(2, area.w // 60)
        w = (area.w - gap * (n - 1)) // n
        for i, (code, name) in enumerate(LANGUAGES.items()):
            self.button(f"lang_{code}", pygame.Rect(area.x + i * (w + gap), area.y, w, area.h), name,
                        lambda c=code: self.choose_language(c),
                        object_id="#selected" if code == current_language() else None)

    def choose_language(self, code: str) -> None:
        """Switch language and remember it (not on a kiosk: the operator's machine keeps its own)."""
        code = self.app.set_language(code)
        if not self.app.kiosk_mode:
            prefs = getattr(self, "prefs", None) or self.app.settings.preferences()
            prefs.language = code
            self.app.settings.remember_preferences(prefs)
        self.refresh()

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
        textfit.fit_widget(b)  # a smaller font for a longer language's words
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
        textfit.fit_widget(lab)
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
        if textfit.is_recording() and not surface.get_rect().contains(r):  # words running off the screen
            textfit.report(s, r.clip(surface.get_rect()).w, r.w, where=f"{type(self).__name__}.text")
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
    """The first screen: Continue (the last unfinished game), New game, the saved and finished games,
    Settings and Quit. A saved game that does not read is moved aside and named here (game/saves.py)."""

    def __init__(self, app, message: str = ""):
        self.message = message
        self.latest = None
        self.n_saved = 0
        self.n_history = 0
        self._bg: pygame.Surface | None = None
        if not app.kiosk_mode:
            self._read_saves(app)
        super().__init__(app)

    def _read_saves(self, app) -> None:
        _flush_saves(app)
        try:
            entries, problems = app.saves.unfinished()
            history, more = app.saves.history()
        except Exception as exc:  # noqa: BLE001 - saved games are a convenience; the title always opens
            log.exception("the saved games could not be listed")
            self.message = _("The saved games could not be listed: {problem}").format(problem=exc)
            return
        self.latest = entries[0] if entries else None
        self.n_saved = len(entries)
        self.n_history = len(history)
        if problems or more:
            self.message = _join(self.message, *problems, *more)

    def continue_text(self) -> str:
        """Board, players and turn of the game Continue resumes: "London · Ada, Ben · turn 7, Ben to play"."""
        e = self.latest
        if e is None:
            return ""
        return describe_save(e)

    def layout(self) -> None:
        R = self.R
        kiosk = self.app.kiosk_mode
        if self.latest is not None and not kiosk:
            self.button("continue", R(660, 440, 600, 112), _("Continue"), self.continue_game, object_id="#primary")
            self.button("new_game", R(710, 620, 500, 92), _("New game"), self.new_game)
            row = 770  # the row hides the decorative blue line's station
        else:
            self.button("new_game", R(700, 520, 520, 112), _("New game"), self.new_game, object_id="#primary")
            row = 670
        if not kiosk:
            self.button("saved_games", R(380, row, 370, 84),
                        _("Saved games ({count})").format(count=self.n_saved) if self.n_saved else _("Saved games"),
                        lambda: self.app.replace(SavedGamesScene(self.app)), enabled=self.n_saved > 0)
            self.button("history", R(775, row, 370, 84), _("Finished games"),
                        lambda: self.app.replace(HistoryScene(self.app)), enabled=self.n_history > 0)
            self.button("settings", R(1170, row, 370, 84), _("Settings"), lambda: self.app.push(SettingsScene(self.app)))
            self.button("quit", R(760, row + 104, 400, 84), _("Quit"), self.app.quit)
        self.language_buttons(R(1270, 24, 620, 64))

    def on_language(self) -> None:
        self._bg = None  # the title's words are drawn into the cached background
        super().on_language()

    def new_game(self) -> None:
        self.app.replace(SetupScene(self.app))

    def continue_game(self) -> None:
        if self.latest is not None:
            self.open_saved(self.latest.id)

    def open_saved(self, game_id: str) -> None:
        """Open a saved game where it was left; a save that does not read comes back here, named."""
        message = resume_game(self.app, game_id)
        if message:
            self.message = message
            self._read_saves(self.app)
            self.refresh()

    def on_escape(self) -> None:
        self.app.quit()

    def draw_back(self, surface: pygame.Surface) -> None:
        if self._bg is None or self._bg.get_size() != surface.get_size():
            self._bg = pygame.Surface(surface.get_size())
            self._bg.fill(self.app.theme.bg)
            self._draw_lines(self._bg)
            W = surface.get_width()
            y = self.R(0, 270, 0, 0).y
            self.text(self._bg, "On the Underground", 104, (W // 2, y), bold=True, anchor="center")
            self.text(self._bg, _("Build the lines. Carry the passenger."), 36, (W // 2, self.R(0, 370, 0, 0).y),
                      colour=self.app.theme.muted, anchor="center")
            self.text(self._bg, _("A board game by Sebastian Bleasdale  ·  2 to 5 players"), 24,
                      (W // 2, self.R(0, 1058, 0, 0).y), colour=self.app.theme.muted, anchor="midbottom")
        surface.blit(self._bg, (0, 0))
        if self.latest is not None and "continue" in self.buttons:
            # what Continue opens, under it: board, players, turn (cut to the window if the names are long)
            b = self.buttons["continue"].rect
            px = self.app.px
            text = self.continue_text()
            size = 28
            while size > 16 and self.app.fonts.get(px(size)).size(text)[0] > surface.get_width() - px(80):
                size -= 2
            self.text(surface, text, size, (b.centerx, b.bottom + px(14)), colour=self.app.theme.muted,
                      anchor="midtop")
        if self.message:
            box = self.R(160, 966, 1600, 56)
            card = box.inflate(self.app.px(24), self.app.px(12))
            pygame.draw.rect(surface, self.app.theme.panel, card, border_radius=self.app.px(10))
            pygame.draw.rect(surface, self.app.theme.warn, card, max(1, self.app.px(2)), border_radius=self.app.px(10))
            draw_note(self, surface, self.message, box)

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
# saved games, finished games, settings


def draw_note(scene, surface: pygame.Surface, text: str, box: pygame.Rect, size: float = 24) -> None:
    """A warning (e.g. a saved game moved aside) wrapped into ``box``, smaller until it fits."""
    from .theme import wrap

    px = scene.app.px
    for sz in (size, size * 0.85, size * 0.72, size * 0.6):
        font = scene.app.fonts.get(px(sz), True)
        lines = wrap(font, text, box.w)
        if len(lines) * font.get_linesize() <= box.h:
            break
    y = box.y
    for line in lines:
        if y + font.get_linesize() > box.bottom + 1:
            break
        surface.blit(font.render(line, True, scene.app.theme.warn), (box.x, y))
        y += font.get_linesize()


def _join(*messages: str) -> str:
    """Messages for one screen, each once."""
    out: list[str] = []
    for m in messages:
        if m and m not in out:
            out.append(m)
    return " ".join(out)


def _flush_saves(app) -> None:
    """Let the background writer finish the game just left, so lists show it as it was left."""
    saver = getattr(app, "autosaver", None)
    if saver is not None:
        saver.flush()


def describe_save(entry) -> str:
    """Board, players and turn of a saved game: "London · Ada, Ben, Chloe · turn 7, Ben to play"."""
    s = entry.summary
    board = s.board + (_(", first edition") if s.variant == "classic" else "")
    who = ", ".join(s.players)
    turn = (_("turn {turn}, {player} to play").format(turn=s.turn, player=s.to_play) if s.to_play
            else _("turn {turn}").format(turn=s.turn))
    return f"{board} · {who} · {turn}"


def resume_game(app, game_id: str) -> str:
    """Open a saved game on the play screen, writing on to the same save; returns a message when it could not
    be opened (the file was moved aside and is named), else ""."""
    loaded, message = app.saves.load(game_id)
    if loaded is None:
        return message or _("The saved game {game} could not be opened.").format(game=game_id)
    from .play_scene import PlayScene

    try:
        scene = PlayScene(app, loaded.state, loaded.seats, computer_speed=loaded.computer_speed,
                          hints_used=loaded.extras.get("hints_used"))
        scene.restore_table(loaded.extras)
    except Exception as exc:  # noqa: BLE001 - a save the screen cannot show must not crash the title
        log.exception("the saved game %s could not be shown", game_id)
        path = app.saves.save_path(game_id)
        return app.saves.move_aside(path, f"the play screen could not show it: {exc}") or str(exc)
    if app.autosaver is not None:
        app.autosaver.adopt(loaded.state, loaded.id, loaded.started, scene.saved_extras())
    app.replace(scene)
    return ""


class _ListScene(GuiScene):
    """A page of saved or finished games, two lines of text a row, buttons at the row's end."""

    ROW_Y, ROW_H, ROW_STEP, PER_PAGE = 190, 104, 120, 6
    HEADING = ""

    def __init__(self, app, message: str = ""):
        self.message = message
        self.page = 0
        self.games: list = []
        self.load_entries(app)
        super().__init__(app)

    def load_entries(self, app) -> None: ...

    def pages(self) -> int:
        return max(1, (len(self.games) + self.PER_PAGE - 1) // self.PER_PAGE)

    def shown(self) -> list:
        self.page = min(self.page, self.pages() - 1)
        return self.games[self.page * self.PER_PAGE:(self.page + 1) * self.PER_PAGE]

    def turn_page(self, d: int) -> None:
        self.page = max(0, min(self.pages() - 1, self.page + d))
        self.refresh()

    def row_rect(self, k: int) -> pygame.Rect:
        return self.R(80, self.ROW_Y + k * self.ROW_STEP, 1760, self.ROW_H)

    def row_buttons(self, k: int, entry) -> None: ...

    def row_text(self, entry) -> tuple[str, str]:
        return "", ""

    def layout(self) -> None:
        R = self.R
        self.label("heading", R(80, 30, 1200, 70), _(self.HEADING), "#heading")
        for k, e in enumerate(self.shown()):
            self.row_buttons(k, e)
        if self.pages() > 1:
            self.button("newer", R(720, 950, 220, 90), _("◂ Newer"), lambda: self.turn_page(-1), enabled=self.page > 0)
            self.label("page", R(940, 950, 160, 90), f"{self.page + 1} / {self.pages()}", "#muted")
            self.button("older", R(1100, 950, 220, 90), _("Older ▸"), lambda: self.turn_page(1),
                        enabled=self.page < self.pages() - 1)
        self.button("back", R(80, 950, 300, 90), _("Back"), self.back)

    def back(self) -> None:
        self.app.replace(TitleScene(self.app))

    def on_escape(self) -> None:
        self.back()

    def draw_back(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        px = self.app.px
        if self.message:
            draw_note(self, surface, self.message, self.R(80, 108, 1760, 76))
        if not self.games:
            self.text(surface, self.empty_text(), 32, self.R(80, 200, 0, 0).topleft, colour=th.muted)
        for k, e in enumerate(self.shown()):
            r = self.row_rect(k)
            pygame.draw.rect(surface, th.panel, r, border_radius=px(14))
            pygame.draw.rect(surface, th.panel_edge, r, max(1, px(2)), border_radius=px(14))
            top, bottom = self.row_text(e)
            width = self.text_width()
            self.fit_text(surface, top, 32, (r.x + px(24), r.y + px(14)), width, bold=True)
            self.fit_text(surface, bottom, 26, (r.x + px(24), r.y + px(58)), width, colour=th.muted)

    def text_width(self) -> int:
        return self.app.px(1180)

    def empty_text(self) -> str:
        return ""

    def fit_text(self, surface, s: str, size: int, pos, width: int, colour=None, bold=False) -> None:
        """Text at a design size, smaller (then condensed, then cut with "…") until it fits ``width``."""
        px = self.app.px
        for sz, cond in ((size, False), (size * 0.9, False), (size * 0.9, True), (size * 0.8, True)):
            f = self.app.fonts.get(px(sz), bold, cond)
            if f.size(s)[0] <= width:
                break
        s = textfit.cut(f, s, width, "menu_scenes.fit_text")
        surface.blit(f.render(s, True, colour or self.app.theme.ink), pos)


class SavedGamesScene(_ListScene):
    """Unfinished games, the most recently played first: resume one, or delete it (a second tap confirms)."""

    HEADING = N_("Saved games")
    CONFIRM_S = 4.0

    def __init__(self, app, message: str = ""):
        self.confirm: str | None = None  # the game id whose Delete was tapped once
        self._confirm_until = 0.0
        super().__init__(app, message)

    def load_entries(self, app) -> None:
        try:
            self.games, problems = app.saves.unfinished()
        except Exception as exc:  # noqa: BLE001
            log.exception("the saved games could not be listed")
            self.games, problems = [], [_("The saved games could not be listed: {problem}").format(problem=exc)]
        if problems:
            self.message = _join(self.message, *problems)

    def empty_text(self) -> str:
        return _("No unfinished games. Every game is saved as it is played, and appears here until it ends.")

    def row_text(self, e) -> tuple[str, str]:
        from ..saves import when

        s = e.summary
        board = s.board + (_(", first edition") if s.variant == "classic" else "")
        bottom = (_("turn {turn}, {player} to play").format(turn=s.turn, player=s.to_play) if s.to_play
                  else _("turn {turn}").format(turn=s.turn))
        bottom += " · " + " / ".join(f"{n} {p}" for n, p in zip(s.players, s.scores))
        return f"{board} · {', '.join(s.players)}", _("{details} · saved {when}").format(details=bottom,
                                                                                          when=when(e.saved))

    def row_buttons(self, k: int, e) -> None:
        y = self.ROW_Y + k * self.ROW_STEP + 12
        asking = self.confirm == e.id
        self.button(f"resume{k}", self.R(1320, y, 240, 80), _("Resume"), lambda i=e.id: self.open_saved(i),
                    object_id="#primary")
        self.button(f"delete{k}", self.R(1580, y, 240, 80), _("Tap to delete") if asking else _("Delete"),
                    lambda i=e.id: self.delete(i), object_id="#selected" if asking else None)

    def open_saved(self, game_id: str) -> None:
        message = resume_game(self.app, game_id)
        if message:
            self.message = message
            self.load_entries(self.app)
            self.refresh()

    def delete(self, game_id: str) -> None:
        """The first tap asks (the button says so for a few seconds); the second deletes."""
        if self.confirm != game_id or self.app.time >= self._confirm_until:
            self.confirm = game_id
            self._confirm_until = self.app.time + self.CONFIRM_S
            self.refresh()
            return
        self.confirm = None
        _flush_saves(self.app)  # a write still on its way must not bring the file back
        error = self.app.saves.delete(game_id)
        self.message = error or ""
        self.load_entries(self.app)
        if not self.games and not self.message:
            self.back()
            return
        self.refresh()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.confirm is not None and self.app.time >= self._confirm_until:
            self.confirm = None
            self.refresh()


class HistoryScene(_ListScene):
    """Finished games, the most recent first: when, which board, the final scores and who won."""

    HEADING = N_("Finished games")

    def load_entries(self, app) -> None:
        try:
            self.games, problems = app.saves.history()
        except Exception as exc:  # noqa: BLE001
            log.exception("the finished games could not be listed")
            self.games, problems = [], [_("The finished games could not be listed: {problem}").format(problem=exc)]
        if problems:
            self.message = _join(self.message, *problems)

    def empty_text(self) -> str:
        return _("No finished games yet.")

    def text_width(self) -> int:
        return self.app.px(1460)  # the row's Watch button follows the text

    def row_buttons(self, k: int, e) -> None:
        y = self.ROW_Y + k * self.ROW_STEP + 12
        self.button(f"watch{k}", self.R(1580, y, 240, 80), _("Watch"), lambda i=e.id: self.watch(i),
                    object_id="#primary")

    def watch(self, game_id: str) -> None:
        """The replay viewer (replay_scene.py) for a finished game; its Close comes back to this list."""
        from .replay_scene import watch_saved

        message = watch_saved(self.app, game_id, on_close=lambda: self.app.replace(HistoryScene(self.app)))
        if message:
            self.message = message
            self.load_entries(self.app)
            self.refresh()

    def row_text(self, e) -> tuple[str, str]:
        from ..saves import when

        s = e.summary
        board = s.board + (_(", first edition") if s.variant == "classic" else "")
        won = _(" and ").join(s.winners)
        verb = _("{players} share the win") if len(s.winners) > 1 else _("{players} wins")
        top = f"{when(e.saved)} · {board}" + (" · " + verb.format(players=won) if won else "")
        ranked = sorted(zip(s.scores, s.players), key=lambda t: -t[0])
        return top, "   ".join(f"{p} {n}" for n, p in ranked) + "   ·   " + _("{turns} turns").format(turns=s.turn)


class SettingsScene(GuiScene):
    """The player's settings: sound volume (a slider, − and +) and mute, remembered in the config dir.
    Opened over the screen that asked; Back returns to it. On a kiosk the operator sets the volume."""

    STEP = 0.1

    def __init__(self, app):
        self.prefs = app.settings.preferences()
        self.sliders: dict = {}
        self._slider_val: float | None = None
        super().__init__(app)

    def build(self) -> None:
        theme = _theme_json(self.app.scale)
        theme["horizontal_slider"] = {"misc": {"enable_arrow_buttons": "0",
                                               "sliding_button_width": str(max(24, round(72 * self.app.scale)))}}
        self.manager = PointerGui(self.app.size, theme)
        self.buttons, self.labels, self.entries = {}, {}, {}
        self.sliders = {}
        self._primary = None
        self.refresh()

    def layout(self) -> None:
        from pygame_gui.elements import UIHorizontalSlider

        R = self.R
        self.label("heading", R(80, 30, 900, 70), _("Settings"), "#heading")
        self.button("back", R(80, 950, 300, 90), _("Back"), self.back, object_id="#primary")
        self.label("language_label", R(80, 100, 300, 84), _("Language"), "#muted")
        self.language_buttons(R(400, 100, 750, 84))
        if self.app.kiosk_mode:
            self.label("kiosk_note", R(80, 200, 1760, 60), _("The volume is set in the kiosk's admin menu."), "#muted")
            return
        self.label("volume_label", R(80, 200, 300, 84), _("Sound volume"), "#muted")
        self.button("volume_minus", R(400, 200, 84, 84), "−", lambda: self.nudge(-self.STEP))
        rect = R(504, 210, 760, 64)
        old = self.sliders.get("volume")
        if old is None or old.relative_rect != rect or not old.alive():
            if old is not None:
                old.kill()
            self.sliders["volume"] = UIHorizontalSlider(rect, float(self.prefs.volume), (0.0, 1.0), self.manager,
                                                        click_increment=0.05)
        elif abs(float(old.get_current_value()) - self.prefs.volume) > 1e-9:
            old.set_current_value(float(self.prefs.volume))
        self._slider_val = float(self.sliders["volume"].get_current_value())
        self.button("volume_plus", R(1284, 200, 84, 84), "+", lambda: self.nudge(self.STEP))
        self.label("volume_value", R(1390, 200, 160, 84), f"{round(self.prefs.volume * 100)} %", "#heading")
        self.button("mute", R(400, 320, 420, 84), _("Sound off (muted)") if self.prefs.muted else _("Sound on"),
                    self.toggle_mute, object_id="#selected" if self.prefs.muted else None)
        self.button("test_sound", R(850, 320, 300, 84), _("Try it"), lambda: sound_mod.of(self.app).play("score"))
        if not getattr(self.app.sound, "available", False):
            why = getattr(self.app.sound, "problem", "") or _("no audio device")
            self.label("no_sound", R(80, 440, 1760, 50), _("No sound on this computer: {problem}").format(problem=why), "#warning")
        self.label("phones_label", R(80, 540, 300, 84), _("Phones"), "#muted")
        self.button("phones", R(400, 540, 750, 84), _("Phones at the table: on") if self.prefs.phones else
                    _("Phones at the table: off"), self.toggle_phones, object_id="#selected" if self.prefs.phones else None)
        self.label("phones_note", R(1170, 540, 700, 84), _("From the next game; see docs/phones.md"), "#muted")

    def set_volume(self, v: float) -> None:
        self.prefs.volume = round(min(1.0, max(0.0, v)), 2)
        self.app.sound.volume = self.prefs.volume
        self.remember()

    def nudge(self, d: float) -> None:
        self.set_volume(self.prefs.volume + d)
        if self.prefs.muted and d > 0:
            self.toggle_mute()
            return
        self.refresh()

    def toggle_mute(self) -> None:
        self.prefs.muted = not self.prefs.muted
        self.app.sound.muted = self.prefs.muted
        self.remember()
        self.refresh()

    def toggle_phones(self) -> None:
        """Phones at the table (docs/phones.md): the server starts with the next game."""
        self.prefs.phones = not self.prefs.phones
        self.remember()
        companion = getattr(self.app, "companion", None)
        if not self.prefs.phones and companion is not None:  # off: every phone is closed at once
            companion.stop()
            self.app.companion = None
        self.refresh()

    def remember(self) -> None:
        self.app.settings.remember_preferences(self.prefs)

    def update(self, dt: float) -> None:
        super().update(dt)
        sl = self.sliders.get("volume")
        if sl is not None and self._slider_val is not None:
            v = float(sl.get_current_value())
            if abs(v - self._slider_val) > 1e-9:
                self._slider_val = v
                self.set_volume(v)
                self.labels["volume_value"].set_text(f"{round(self.prefs.volume * 100)} %")
                self.dirty = True

    def back(self) -> None:
        if len(self.app.scenes) > 1 and self.app.top is self:
            self.app.pop()
        else:
            self.app.replace(TitleScene(self.app))

    def on_escape(self) -> None:
        self.back()


# ------------------------------------------------------------------------------------------------
# set-up


class SetupScene(GuiScene):
    """Board, seats (who, where, which lines) and the start player; remembers the last choice."""

    MAX_NAME = 16

    def __init__(self, app, setup: TableSetup | None = None):
        self.app = app
        self.maps = available_maps() or [("london", "London")]
        self.levels = available_levels()
        self.speeds = available_speeds()
        self.error = ""
        self.guide = False  # "First game: show me": the first-game guide (play/guide.py) on the new game
        self.setup = setup or self._remembered() or default_setup(2, self.maps[0][0], default_arrangement(app))
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
        self.setup.map = base_map(self.setup.map)
        if self.setup.map not in ids:
            self.setup.map = ids[0]
        if self.setup.variant != "classic" or not has_first_edition(self.setup.map):
            self.setup.variant = "standard"
        if self.setup.computer_speed not in self.speeds:
            self.setup.computer_speed = "normal" if "normal" in self.speeds else self.speeds[0]
        n = len(self.setup.seats)
        want = lines_per_player(n) if 2 <= n <= 5 else 0
        if not 2 <= n <= 5 or any(len(s.colours) != want for s in self.setup.seats):
            keep_names = [s.name for s in self.setup.seats]
            self.setup = default_setup(n if 2 <= n <= 5 else 2, self.setup.map, default_arrangement(self.app))
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
                s.name = e.get_text().strip()[: self.MAX_NAME] or _("Player {n}").format(n=i + 1)

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
        self.setup = resize_setup(self.setup, n)

    def cycle_map(self) -> None:
        ids = [m for m, _ in self.maps]
        i = ids.index(self.setup.map) if self.setup.map in ids else -1
        self.setup.map = ids[(i + 1) % len(ids)]
        if not has_first_edition(self.setup.map):
            self.setup.variant = "standard"

    def cycle_edition(self) -> None:
        if has_first_edition(self.setup.map):
            self.setup.variant = "standard" if self.setup.variant == "classic" else "classic"

    def cycle_speed(self) -> None:
        sp = self.speeds
        cur = sp.index(self.setup.computer_speed) if self.setup.computer_speed in sp else -1
        self.setup.computer_speed = sp[(cur + 1) % len(sp)]

    def arrangement(self) -> str | None:
        return arrangement_of([s.edge for s in self.setup.seats])

    def cycle_arrangement(self) -> None:
        """Round the table, then all at the bottom; edges chosen one by one go back to round the table."""
        cur = self.arrangement()
        nxt = "laptop" if cur == "table" else "table"
        for s, e in zip(self.setup.seats, default_edges(len(self.setup.seats), nxt)):
            s.edge = e

    def seat_kinds(self) -> list[tuple[bool, str, bool]]:
        """(computer, level, plays from a phone): a person, a person on a phone when phones are on, computers."""
        from .play.phones import phones_enabled

        phone = [(False, "random", True)] if phones_enabled(self.app) else []
        return [(False, "random", False)] + phone + [(True, lvl, False) for lvl in self.levels]

    def cycle_kind(self, i: int) -> None:
        s = self.setup.seats[i]
        kinds = self.seat_kinds()
        cur = (s.computer, s.level if s.computer else "random", s.phone and not s.computer)
        k = kinds.index(cur) if cur in kinds else 0
        s.computer, s.level, s.phone = kinds[(k + 1) % len(kinds)]

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
        if s.phone and not s.computer:
            return _("Person on a phone")
        return _("Computer ({level})").format(level=_(LEVEL_NAMES.get(s.level, s.level))) if s.computer else _("Person")

    def start_text(self) -> str:
        sp = self.setup.start_player
        return _("Draw at random") if sp == RANDOM_START else self.setup.seats[sp].name

    def warning(self) -> str:
        totals = token_totals(self.setup)
        if len(set(totals)) > 1:
            return _("Token totals differ ({totals}): every player needs the same number; change a colour."
                     ).format(totals=" / ".join(str(t) for t in totals))
        return ""

    def start(self) -> None:
        self._read_names()
        remembered = msgspec.structs.replace(self.setup, seed=None)  # the next game gets a new shuffle
        self.app.settings.remember_setup(remembered)
        try:
            start_game(self.app, self.setup)
            if self.guide:
                from .play.guide import start as start_guide

                start_guide(self.app.top)
        except (engine_rules.SetupError, ValueError) as exc:
            self.error = str(exc)
            self.refresh()
        except ImportError as exc:
            self.error = _("The play screen is not available: {problem}").format(problem=exc)
            self.refresh()

    def open_rules(self) -> None:
        """The rules card of the board chosen here, upright (game/ui/rules_help.py)."""
        from .rules_cards import city_of_map
        from .rules_help import RulesScene

        self._read_names()
        city, _variant = city_of_map(self.setup.map)
        self.app.push(RulesScene(self.app, city, self.setup.variant, "bottom", under=self))

    def toggle_guide(self) -> None:
        self.guide = not self.guide

    def back(self) -> None:
        self._read_names()
        self.app.replace(TitleScene(self.app))

    def on_escape(self) -> None:
        self.back()

    # layout --------------------------------------------------------------------------------------
    ROW_Y, ROW_H, ROW_STEP = 370, 72, 88
    COLS = {"name": (80, 300), "kind": (400, 370), "edge": (790, 190), "lines": (1000, 700), "tokens": (1730, 140)}

    def layout(self) -> None:
        st = self.setup
        R = self.R
        self.label("heading", R(80, 30, 900, 70), _("New game"), "#heading")
        # first row: what is played
        map_name = dict(self.maps).get(st.map, st.map)
        self.label("map_label", R(80, 120, 120, 72), _("Board"), "#muted")
        self.button("map", R(200, 120, 300, 72), map_name, self.change(self.cycle_map))
        if has_first_edition(st.map):
            self.label("edition_label", R(540, 120, 130, 72), _("Edition"), "#muted")
            self.button("edition", R(670, 120, 400, 72), _(EDITION_LABELS.get(st.variant, st.variant)),
                        self.change(self.cycle_edition), object_id="#selected" if st.variant == "classic" else None)
        n = len(st.seats)
        self.label("players_label", R(1120, 120, 140, 72), _("Players"), "#muted")
        self.button("players_minus", R(1250, 120, 72, 72), "−", self.change(lambda: self.set_players(n - 1)),
                    enabled=n > 2)
        self.label("players", R(1334, 120, 60, 72), str(n), "#heading")
        self.button("players_plus", R(1390, 120, 72, 72), "+", self.change(lambda: self.set_players(n + 1)),
                    enabled=n < 5)
        self.button("rules", R(1500, 120, 340, 72), _("Rules"), self.open_rules)
        # second row: how it is played
        self.label("start_label", R(80, 210, 200, 72), _("First player"), "#muted")
        self.button("start_player", R(260, 210, 360, 72), self.start_text(), self.change(self.cycle_start))
        self.label("seats_label", R(660, 210, 100, 72), _("Seats"), "#muted")
        arr = self.arrangement()
        self.button("arrangement", R(750, 210, 470, 72), _(ARRANGEMENT_LABELS[arr]) if arr else _("Each chooses an edge"),
                    self.change(self.cycle_arrangement))
        if any(s.computer for s in st.seats) and len(self.speeds) > 1:  # only matters when a computer plays
            self.label("speed_label", R(1250, 210, 230, 72), _("Computer speed"), "#muted")
            self.button("speed", R(1490, 210, 200, 72),
                        _(SPEED_NAMES.get(st.computer_speed, st.computer_speed.capitalize())),
                        self.change(self.cycle_speed))

        y0 = self.ROW_Y - 50
        for key, (x, w) in self.COLS.items():
            title = {"name": _("Name"), "kind": _("Played by"), "edge": _("Table edge"),
                     "lines": _("Lines (tap to change)"), "tokens": _("Tokens")}[key]
            self.label(f"col_{key}", R(x, y0, w, 40), title, "#muted")
        totals = token_totals(st)
        for i, s in enumerate(st.seats):
            y = self.ROW_Y + i * self.ROW_STEP
            x, w = self.COLS["name"]
            self.entry(f"seat{i}_name", R(x, y, w, self.ROW_H), s.name, self.MAX_NAME)
            x, w = self.COLS["kind"]
            self.button(f"seat{i}_kind", R(x, y, w, self.ROW_H), self.kind_text(s),
                        self.change(lambda i=i: self.cycle_kind(i)),
                        object_id="#selected" if s.computer or s.phone else None)
            x, w = self.COLS["edge"]
            self.button(f"seat{i}_edge", R(x, y, w, self.ROW_H), _(EDGE_NAMES.get(s.edge, s.edge)),
                        self.change(lambda i=i: self.cycle_edge(i)))
            x, w = self.COLS["lines"]
            k = len(s.colours)
            gap = 12
            cw = min(190, (w - gap * (k - 1)) / k)
            for j, c in enumerate(s.colours):
                self.button(f"seat{i}_colour{j}", R(x + j * (cw + gap), y, cw, self.ROW_H),
                            f"{line_letter(c)}  {_(COLOUR_NAMES.get(c, c))}", self.change(lambda i=i, j=j: self.cycle_colour(i, j)),
                            object_id=f"#line_{c}")
            x, w = self.COLS["tokens"]
            self.label(f"seat{i}_tokens", R(x, y, w, self.ROW_H), str(totals[i]))
        y = self.ROW_Y + len(st.seats) * self.ROW_STEP + 10
        self.label("warning", R(80, y, 1760, 50), self.warning() or " ", "#warning")
        self.label("error", R(80, y + 50, 1760, 50), self.error or " ", "#warning")
        self.button("back", R(80, 950, 300, 90), _("Back"), self.back)
        self.button("guide", R(420, 950, 560, 90), ("\u2713 " if self.guide else "") + _("First game: show me"),
                    self.change(self.toggle_guide), object_id="#selected" if self.guide else None)
        self.button("start", R(1440, 950, 400, 90), _("Start game"), self.start, object_id="#primary",
                    enabled=not self.warning())

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


def has_tie_break(state: GameState) -> bool:
    """Branch tiles break a tie on points in the 2nd edition; the first edition shares the win."""
    return engine_rules.rules_of(state).tie_break_by_branch_tiles(state.setup)


def end_winners(state: GameState) -> list[int]:
    """The winners as the edition played decides them (the engine's rule)."""
    return engine_rules.winners(state)


def tie_note(state: GameState) -> str:
    """Say how the winner was decided, in the rulebook's order: points, then branch tiles, then shared."""
    ps = state.players
    win = end_winners(state)
    best = max(p.score for p in ps)
    tied = [i for i, p in enumerate(ps) if p.score == best]
    names = [ps[i].name for i in win]
    if len(win) > 1 and not has_tie_break(state):
        return _("{players} share the win on {points} points: the first edition has no tie-break.").format(
            players=_(" and ").join(names), points=best)
    if len(win) > 1:
        return _("{players} share the win: tied on {points} points and {tiles} branch tiles.").format(
            players=_(" and ").join(names), points=best, tiles=ps[win[0]].branch_tiles)
    if len(tied) > 1:
        others = ", ".join(str(ps[i].branch_tiles) for i in tied if i != win[0])
        return _("{player} wins: tied on {points} points, more branch tiles ({tiles} to {others}).").format(
            player=names[0], points=best, tiles=ps[win[0]].branch_tiles, others=others)
    return _("{player} wins with {points} points.").format(player=names[0], points=best)


def rank_labels(state: GameState) -> list[tuple[int, str]]:
    """(player, rank text) in ranking order; players the edition cannot tell apart share a rank."""
    order = engine_rules.ranking(state)
    out = []
    prev_key = None
    rank = 0
    for pos, i in enumerate(order):
        key = engine_rules.rank_key(state, i)
        if key != prev_key:
            rank = pos + 1
            prev_key = key
        out.append((i, str(rank)))
    counts: dict[str, int] = {}
    for _i, r in out:
        counts[r] = counts.get(r, 0) + 1
    return [(i, f"={r}" if counts[r] > 1 else r) for i, r in out]


def seat_label(name: str, seat: SeatConfig | None) -> str:
    """A player's name as the end screen gives it: "Ada (computer, hard)" for a computer seat."""
    if seat is not None and seat.computer:
        return _("{name} (computer, {level})").format(name=name, level=_(LEVEL_NAMES.get(seat.level, seat.level)))
    return name


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


class TableColumn(msgspec.Struct):
    """One number column of the end table, in window pixels, with its header lines as drawn."""

    key: str  # a score category, "total" or "branch_tiles"
    kind: str  # "points" (they add up to the total), "total" or "tiebreak"
    x: int  # left edge
    w: int
    header: list[tuple[str, pygame.Rect]]  # (text, where it is drawn)


class EndScene(GuiScene):
    """Final ranking with the tie-break, points by category and the score race; play again or re-seat.

    The last turn's taps land here (Play again sits where the bottom seat's branch tile button was), so
    taps are ignored for GUARD_SECONDS after the screen appears, and leaving the results asks first.
    "Show board" shows the final board with no seat panels, so nothing on it can act.
    """

    GUARD_SECONDS = 1.0
    HEADER_PT, VALUE_PT, TOTAL_PT = 20, 32, 44

    def __init__(self, app, state: GameState, seats: list[SeatConfig], computer_speed: str | None = None,
                 hints_used: list[int] | None = None):
        self.state = state
        self.hints_used = list(hints_used or [])  # per seat (play/hint.py), shown when any was asked
        self.seats = list(seats)
        self.computer_speed = computer_speed or self._remembered_speed(app)
        self.error = ""
        self.opened_at = app.time
        self.view = "results"  # or "board"
        self.confirm: str | None = None  # "play_again" or "new_setup" while asking
        self.board_view = None
        self._drags: dict[int, tuple[float, float]] = {}
        self._guard_shown = True
        super().__init__(app)

    @staticmethod
    def _remembered_speed(app) -> str:
        """The computer speed of the set-up last started: the table's choice, kept by Play again."""
        try:
            last = app.settings.last_setup()
        except Exception:
            last = None
        return last.computer_speed if last is not None else "normal"

    def enter(self) -> None:
        sound_mod.of(self.app).play("fanfare")

    # ---- model ----------------------------------------------------------------------------------
    def guarded(self) -> bool:
        """True in the first moment after the screen appears: a tap meant for the last turn is no choice."""
        return self.app.time - self.opened_at < self.GUARD_SECONDS

    def hints_text(self) -> str:
        """"Hints used: Ada 2, Ben 1" for the seats that asked for any; "" when nobody did."""
        used = [(self.state.players[i].name, n) for i, n in enumerate(self.hints_used[:self.state.n_players]) if n]
        if not used:
            return ""
        return _("Hints used: {seats}").format(seats=", ".join(f"{name} {n}" for name, n in used))

    def categories(self) -> list[str]:
        """The categories shown: the board's own, even at 0 (London: the five its rules score; Berlin: no
        connection tiles, but "+" stations, landmark sets and the landmark bonus), then any other that
        scored."""
        from ..engine.rules import board_of
        from .cities import drawing_for

        base = list(drawing_for(board_of(self.state)).end_categories)
        extra = [c for c in SCORE_CATEGORIES if c not in base
                 and any(p.points.get(c, 0) for p in self.state.players)]
        extra += sorted({c for p in self.state.players for c in p.points} - set(base) - set(extra))
        return base + extra

    def player_colour(self, i: int) -> str:
        cols = self.state.setup.lines[i] if i < len(self.state.setup.lines) else []
        return cols[0] if cols else "grey"

    def player_label(self, i: int) -> str:
        return seat_label(self.state.players[i].name, self.seats[i] if i < len(self.seats) else None)

    def title(self) -> str:
        return board_title(self.state.setup.map, self.state.setup.variant)

    def cell(self, i: int, key: str) -> int:
        p = self.state.players[i]
        if key == "total":
            return p.score
        if key == "branch_tiles":
            return p.branch_tiles
        return p.points.get(key, 0)

    # ---- the table's columns, fitted to the window ------------------------------------------------
    def table_box(self) -> pygame.Rect:
        return self.R(40, 170, 1280, 760)

    def table_columns(self) -> list[TableColumn]:
        """Point columns, then the total they add up to, then branch tiles as the tie-break on its own.

        Widths are measured with the real fonts at this window's size: a header that does not fit goes
        onto two lines, then to its short form, so neighbouring headers never run together.
        """
        px = self.app.px
        box = self.table_box()
        hfont = self.app.fonts.get(px(self.HEADER_PT), True, True)
        vfont = self.app.fonts.get(px(self.VALUE_PT))
        tfont = self.app.fonts.get(px(self.TOTAL_PT), True)
        pad = px(22)
        specs: list[tuple[str, str, list[list[str]]]] = []  # key, kind, header forms (best first)

        def width(lines: list[str]) -> int:
            return max(hfont.size(t)[0] for t in lines)

        for c in self.categories():
            full = _(CATEGORY_LABELS.get(c, c.replace("_", " ").capitalize()))
            forms = sorted([[full]] + ([full.split(" ", 1)] if " " in full else []), key=width)
            if c in CATEGORY_SHORT:
                forms.append([_(CATEGORY_SHORT[c])])
            specs.append((c, "points", forms))
        specs.append(("total", "total", [[_("Total")]]))
        if has_tie_break(self.state):
            specs.append(("branch_tiles", "tiebreak", [[_("Branch tiles"), _("(tie-break)")], [_("Branch"), _("tiles")]]))

        value_w = {"points": vfont.size("888")[0], "total": tfont.size("888")[0], "tiebreak": vfont.size("88")[0]}
        chosen = [forms[0] for _, _, forms in specs]  # the full words; short forms only when room is short
        rank_w, name_min = px(100), px(300)
        room = box.w - px(30) - rank_w - name_min
        sep = px(16)  # extra space before the total and before the tie-break

        def needs() -> list[int]:
            return [max(width(h), value_w[kind]) + pad for h, (_, kind, _) in zip(chosen, specs)]

        for k in sorted(range(len(specs)), key=lambda k: -width(chosen[k])):
            if sum(needs()) + 2 * sep <= room:
                break
            chosen[k] = specs[k][2][-1]
        widths = needs()
        room += name_min - px(200)  # still too wide: the names give up some room, then all columns shrink
        if sum(widths) + 2 * sep > room:
            f = (room - 2 * sep) / sum(widths)
            widths = [int(w * f) for w in widths]
        x = box.right - px(15) - sum(widths) - (sep if has_tie_break(self.state) else 0) - sep
        cols = []
        hy = box.y + px(24)
        line_h = px(26)
        for (key, kind, _f), h, w in zip(specs, chosen, widths):
            if kind in ("total", "tiebreak"):
                x += sep
            top = hy + (line_h if len(h) == 1 else 0)
            header = []
            for li, t in enumerate(h):
                tw, th_ = hfont.size(t)
                header.append((t, pygame.Rect(x + (w - tw) // 2, top + li * line_h, tw, th_)))
            cols.append(TableColumn(key=key, kind=kind, x=x, w=w, header=header))
            for t, r in header:  # the columns shrank below their words: say so (tests measure every language)
                textfit.check(t, w - px(4), r.w, "end table header")
            x += w
        return cols

    def table_rows(self) -> list[tuple[int, str, dict[str, int]]]:
        """(player, rank, {column key: number}) in ranking order: what the table shows."""
        keys = [c.key for c in self.table_columns()]
        return [(i, rank, {k: self.cell(i, k) for k in keys}) for i, rank in rank_labels(self.state)]

    # ---- widgets --------------------------------------------------------------------------------
    def layout(self) -> None:
        R = self.R
        live = not self.guarded()
        if self.confirm:
            what = _("Play again") if self.confirm == "play_again" else _("New setup")
            self.button("confirm_no", R(610, 560, 330, 90), _("Keep results"), self.cancel_confirm)
            self.button("confirm_yes", R(980, 560, 330, 90), what, self.confirmed, object_id="#primary")
            return
        if self.view == "board":
            self.button("back_to_results", R(1530, 20, 350, 80), _("Back to results"), self.show_results,
                        object_id="#primary")
            return
        self.button("show_board", R(50, 960, 340, 90), _("Show board"), self.show_board, enabled=live)
        self.button("new_setup", R(1130, 960, 340, 90), _("New setup"), lambda: self.ask("new_setup"), enabled=live)
        self.button("play_again", R(1500, 960, 370, 90), _("Play again"), lambda: self.ask("play_again"),
                    object_id="#primary", enabled=live)
        if self.error:
            self.label("error", R(420, 970, 690, 60), self.error, "#warning")
        hints = self.hints_text()
        if hints:
            self.label("hints", R(420, 1015, 690, 40), hints)

    def ask(self, what: str) -> None:
        """Leaving the results loses them: ask first, with the answer away from where the tap was."""
        if self.guarded():
            return
        self.confirm = what
        self.refresh()

    def cancel_confirm(self) -> None:
        self.confirm = None
        self.refresh()

    def confirmed(self) -> None:
        what, self.confirm = self.confirm, None
        if what == "play_again":
            self.play_again()
        elif what == "new_setup":
            self.new_setup()
        else:
            self.refresh()

    def show_board(self) -> None:
        if self.guarded():
            return
        self.view = "board"
        self._drags.clear()
        self.refresh()

    def show_results(self) -> None:
        self.view = "results"
        self._drags.clear()
        self.refresh()

    def next_setup(self) -> TableSetup:
        """Same board, edition, seats, names, levels and lines; the next seat starts, as tables pass it on."""
        st = self.state.setup
        n = len(st.players)

        def seat(i: int) -> SeatConfig:
            old = self.seats[i] if i < len(self.seats) else SeatConfig(name=st.players[i])
            return SeatConfig(name=st.players[i], edge=old.edge if old.edge in EDGES else "bottom",
                              computer=old.computer, level=old.level, colours=list(st.lines[i]), phone=old.phone)

        return TableSetup(map=base_map(st.map), start_player=(st.start_player + 1) % n, variant=st.variant,
                          seats=[seat(i) for i in range(n)], computer_speed=self.computer_speed)

    def play_again(self) -> None:
        """A new shuffle at the same table (see next_setup)."""
        try:
            start_game(self.app, self.next_setup())
        except (engine_rules.SetupError, ValueError, ImportError) as exc:
            self.error = str(exc)
            self.refresh()

    def new_setup(self) -> None:
        self.app.replace(SetupScene(self.app))

    def on_escape(self) -> None:
        """Esc steps back: out of the question, out of the board view; from the results to the set-up."""
        if self.confirm:
            self.cancel_confirm()
        elif self.view == "board":
            self.show_results()
        else:
            self.new_setup()

    # ---- input ----------------------------------------------------------------------------------
    def on_pointer(self, ev: PointerEvent) -> bool:
        if self.guarded() and ev.pid != self._primary:
            return True  # a tap meant for the last turn: not a choice on this screen
        if self.view == "board" and not self.confirm and self._board_pointer(ev):
            self._touched()
            return True
        return super().on_pointer(ev)

    def _board_pointer(self, ev: PointerEvent) -> bool:
        """Drag to pan, wheel or pinch to zoom the final board; a press on a button goes to the button."""
        bv = self.board_view
        if bv is None:
            return False
        if ev.wheel:
            bv.zoom_at(ev.x, ev.y, 1.2 if ev.wheel > 0 else 1 / 1.2)
            return True
        if ev.phase == DOWN:
            if self._primary is not None or any(b.rect.collidepoint(ev.x, ev.y) for b in self.buttons.values()):
                return False
            if not bv.rect.collidepoint(ev.x, ev.y):
                return True
            self._drags[ev.pid] = (ev.x, ev.y)
            return True
        if ev.pid not in self._drags:
            return False
        if ev.phase == MOVE:
            lx, ly = self._drags[ev.pid]
            self._drags[ev.pid] = (ev.x, ev.y)
            if len(self._drags) >= 2:
                if ev.pinch != 1.0:
                    (ax, ay), (bx, by) = list(self._drags.values())[:2]
                    bv.zoom_at((ax + bx) / 2, (ay + by) / 2, ev.pinch)
                bv.pan_by((ev.x - lx) / 2, (ev.y - ly) / 2)
            else:
                bv.pan_by(ev.x - lx, ev.y - ly)
        else:
            self._drags.pop(ev.pid, None)
        return True

    def update(self, dt: float) -> None:
        super().update(dt)
        if self._guard_shown and not self.guarded():
            self._guard_shown = False
            self.refresh()  # the buttons come alive

    def on_resize(self, w: int, h: int) -> None:
        if self.board_view is not None:
            self.board_view.ui_scale = self.app.scale
            self.board_view.set_rect(self.board_rect())
        super().on_resize(w, h)

    # ---- drawing --------------------------------------------------------------------------------
    def draw_back(self, surface: pygame.Surface) -> None:
        if self.view == "board":
            self._draw_board(surface)
        else:
            self._draw_results(surface)
        if self.confirm:
            self._draw_question(surface)

    def _draw_results(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        st = self.state
        R = self.R
        px = self.app.px
        head = self.text(surface, _("Final scores"), 56, R(50, 30, 0, 0).topleft, bold=True)
        self.text(surface, self.title(), 30, (head.right + px(30), head.bottom - px(8)), colour=th.muted,
                  anchor="bottomleft")
        self.text(surface, tie_note(st), 32, R(50, 110, 0, 0).topleft, colour=th.accent, bold=True)
        panel = self.table_box()
        pygame.draw.rect(surface, th.panel, panel, border_radius=px(16))
        pygame.draw.rect(surface, th.panel_edge, panel, max(1, px(2)), border_radius=px(16))
        cols = self.table_columns()
        hfont = self.app.fonts.get(px(self.HEADER_PT), True, True)
        ranks = rank_labels(st)
        rfont = self.app.fonts.get(px(40), True)
        x_rank = panel.x + px(30)
        x_name = x_rank + max(px(60), max(rfont.size(r)[0] for _, r in ranks) + px(18))
        name_w = cols[0].x - x_name - px(10)
        rows_top = panel.y + px(100)
        row_h = min(px(120), (panel.bottom - px(10) - rows_top) // max(1, st.n_players))
        for c in cols:
            if c.kind == "tiebreak":  # the tie-break column is set apart: it is no points
                band = pygame.Rect(c.x, panel.y + px(8), c.w, panel.h - px(16))
                pygame.draw.rect(surface, (244, 242, 236), band)
            if c.kind in ("total", "tiebreak"):
                lx = c.x - px(8)
                pygame.draw.line(surface, th.panel_edge, (lx, panel.y + px(16)), (lx, panel.bottom - px(16)),
                                 max(1, px(2)))
            for t, r in c.header:
                surface.blit(hfont.render(t, True, th.ink if c.kind == "total" else th.muted), r)
        win = set(end_winners(st))
        for r, (i, rank) in enumerate(ranks):
            y = rows_top + r * row_h
            row = pygame.Rect(panel.x + px(15), y, panel.w - px(30), row_h - px(10))
            if i in win:
                pygame.draw.rect(surface, (255, 243, 200), row, border_radius=px(10))
                pygame.draw.rect(surface, th.highlight, row, max(1, px(3)), border_radius=px(10))
            cy = row.centery
            self.text(surface, rank, 40, (x_rank, cy), bold=True, anchor="midleft")
            self._draw_who(surface, i, pygame.Rect(x_name, row.y, name_w, row.h))
            for c in cols:
                v = str(self.cell(i, c.key))
                if c.kind == "total":
                    self.text(surface, v, self.TOTAL_PT, (c.x + c.w // 2, cy), bold=True, anchor="center")
                else:
                    self.text(surface, v, self.VALUE_PT, (c.x + c.w // 2, cy), anchor="center",
                              colour=th.muted if c.kind == "tiebreak" else None)
        self._draw_chart(surface, self.chart_box())

    def chart_box(self) -> pygame.Rect:
        return self.R(1350, 170, 530, 760)

    def _draw_who(self, surface: pygame.Surface, i: int, box: pygame.Rect) -> None:
        """Name (and "(computer, level)"), then the player's line swatches, fitted into ``box``."""
        th = self.app.theme
        px = self.app.px
        p = self.state.players[i]
        extra = self.player_label(i)[len(p.name):].strip()
        size = 34
        nfont = self.app.fonts.get(px(size), True)
        while nfont.size(p.name)[0] > box.w and size > 18:
            size -= 2
            nfont = self.app.fonts.get(px(size), True, True)
        efont = self.app.fonts.get(px(24))
        name_img = nfont.render(p.name, True, th.ink)
        lines = [name_img]
        same_line = bool(extra) and name_img.get_width() + px(10) + efont.size(extra)[0] <= box.w
        extra_img = None
        if extra:
            ef = efont
            if efont.size(extra)[0] > box.w:
                ef = self.app.fonts.get(px(20), False, True)
            extra_img = ef.render(extra, True, th.muted)
            textfit.check(extra, box.w, extra_img.get_width(), "end table player")
            if not same_line:
                lines.append(extra_img)
        sw_h = px(30)
        gap = px(6)
        total_h = sum(s.get_height() for s in lines) + gap * len(lines) + sw_h
        y = box.centery - total_h // 2
        for k, img in enumerate(lines):
            surface.blit(img, (box.x, y))
            if k == 0 and same_line and extra_img is not None:
                surface.blit(extra_img, extra_img.get_rect(bottomleft=(box.x + img.get_width() + px(10),
                                                                       y + img.get_height() - px(4))))
            y += img.get_height() + gap
        cols = self.state.setup.lines[i] if i < len(self.state.setup.lines) else []
        sw_w = min(px(50), (box.w - px(8) * max(0, len(cols) - 1)) // max(1, len(cols)))
        for j, c in enumerate(cols):
            draw_swatch(surface, pygame.Rect(box.x + j * (sw_w + px(8)), y, sw_w, sw_h), c,
                        self.app.fonts.get(px(20), True))

    def board_rect(self) -> pygame.Rect:
        W, H = self.app.size
        top = self.R(0, 120, 0, 0).y
        m = self.app.px(12)
        return pygame.Rect(m, top, W - 2 * m, H - top - m)

    def _draw_board(self, surface: pygame.Surface) -> None:
        """The final position, whole, with a legend of who had which lines; nothing on it acts."""
        from ..engine.state import NO_PASSENGER
        from .board_view import BoardView

        th = self.app.theme
        px = self.app.px
        if self.board_view is None:
            self.board_view = BoardView(engine_rules.board_of(self.state), self.board_rect(), th, self.app.fonts,
                                        ui_scale=self.app.scale)
            self.board_view.connection_tiles = list(self.state.setup.connection_tiles)
        bv = self.board_view
        bv.set_rect(self.board_rect())
        pygame.draw.rect(surface, th.panel_edge, bv.rect.inflate(px(4), px(4)), max(1, px(2)))
        prev = surface.get_clip()
        surface.set_clip(bv.rect)
        bv.draw(surface, self.state, key=("end", id(self.state)),
                show_passenger=self.state.passenger not in (NO_PASSENGER, None) and self.state.passenger >= 0)
        surface.set_clip(prev)
        head = self.text(surface, _("Final board"), 44, self.R(40, 14, 0, 0).topleft, bold=True)
        self.text(surface, self.title(), 26, (head.right + px(24), head.bottom - px(6)), colour=th.muted,
                  anchor="bottomleft")
        # legend: rank order, name, score and line swatches, in a font small enough to fit beside the button
        x0 = self.R(40, 0, 0, 0).x
        y = self.R(0, 72, 0, 0).y
        limit = (self.buttons["back_to_results"].rect.x if "back_to_results" in self.buttons
                 else surface.get_width()) - px(20)
        items = [(f"{rank}. {self.state.players[i].name} {self.state.players[i].score}", self.state.setup.lines[i])
                 for i, rank in rank_labels(self.state)]
        for size in (24, 22, 20, 18, 16):
            font = self.app.fonts.get(px(size), True, True)
            sw = (px(size * 1.25), px(size))
            widths = [font.size(t)[0] + px(8) + len(cols) * (sw[0] + px(4)) + px(26) for t, cols in items]
            if sum(widths) <= limit - x0:
                break
        x = x0
        for (t, cols), w in zip(items, widths):
            if x + w - px(26) > limit:
                textfit.report(t, limit - x, w - px(26), where="final board legend")
                break  # names too long to fit even small: the results screen has them all
            img = font.render(t, True, th.ink)
            surface.blit(img, (x, y))
            xx = x + img.get_width() + px(8)
            for c in cols:
                draw_swatch(surface, pygame.Rect(xx, y + (img.get_height() - sw[1]) // 2, *sw), c)
                xx += sw[0] + px(4)
            x += w

    def _draw_question(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        px = self.app.px
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((20, 24, 36, 150))
        surface.blit(shade, (0, 0))
        box = self.R(560, 340, 800, 350)
        pygame.draw.rect(surface, th.panel, box, border_radius=px(16))
        pygame.draw.rect(surface, th.panel_edge, box, max(1, px(2)), border_radius=px(16))
        q = _("Start a new game?") if self.confirm == "play_again" else _("Go to a new setup?")
        self.text(surface, q, 40, (box.centerx, box.y + px(40)), bold=True, anchor="midtop")
        self.text(surface, _("These results will be gone."), 28, (box.centerx, box.y + px(110)), colour=th.muted,
                  anchor="midtop")

    def _draw_chart(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """Score after each turn, one line per player, marked by shape and named at its end."""
        th = self.app.theme
        st = self.state
        px = self.app.px
        pygame.draw.rect(surface, th.panel, box, border_radius=px(16))
        pygame.draw.rect(surface, th.panel_edge, box, max(1, px(2)), border_radius=px(16))
        self.text(surface, _("Score after each turn"), 28, (box.x + px(24), box.y + px(18)), bold=True)
        plot = pygame.Rect(box.x + px(70), box.y + px(80), box.w - px(200), box.h - px(150))
        hist = [[0] + list(p.score_history) for p in st.players]
        # points scored after the last turn (Berlin's landmark bonus) are one more step, marked "end"
        final_step = any(h[-1] != p.score for h, p in zip(hist, st.players))
        if final_step:
            hist = [h + [p.score] for h, p in zip(hist, st.players)]
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
            if final_step and t and t > turns - max(1.0, 0.6 * tstep):
                continue  # too close to the last point, "end", named below
            xx = plot.x + plot.w * t / turns
            img = small.render(str(t), True, th.muted)
            surface.blit(img, img.get_rect(midtop=(xx, plot.bottom + px(6))))
        if final_step:
            img = small.render(pgettext("score graph", "end"), True, th.muted)
            surface.blit(img, img.get_rect(midtop=(plot.right, plot.bottom + px(6))))
        self.text(surface, pgettext("score graph", "turn"), 20, (plot.centerx, plot.bottom + px(34)), colour=th.muted,
                  anchor="midtop")
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


__all__ = ["TitleScene", "SetupScene", "EndScene", "SavedGamesScene", "HistoryScene", "SettingsScene", "resume_game",
           "describe_save", "GuiScene", "start_game", "available_maps", "available_levels",
           "default_setup", "next_free_colour", "token_totals", "tie_note", "rank_labels", "end_winners",
           "board_title", "has_first_edition", "resize_setup", "default_arrangement"]
