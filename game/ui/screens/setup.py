"""The set-up screen: board and edition, seats (who, where, which lines), the first player; remembers the last
choice. What it offers and how a set-up starts a game is the model in table_setup.py."""
from __future__ import annotations

import logging
from typing import Callable

import msgspec
import pygame

from ...engine import rules as engine_rules
from ...i18n import COLOUR_NAMES, EDGE_NAMES, LEVEL_NAMES, _, ngettext
from ..seats import EDGES, SeatConfig, TableSetup, arrangement_of, default_edges
from ..settings import RANDOM_START
from ..theme import draw_swatch, line_letter
from . import open_screen
from .base import GuiScene
from .table_setup import (ARRANGEMENT_LABELS, EDITION_LABELS, SPEED_NAMES, available_levels, available_maps,
                          available_speeds, base_map, default_arrangement, default_name, default_setup,
                          follow_language, has_first_edition, lines_per_player, next_free_colour, resize_setup, start_game, token_totals)

log = logging.getLogger("underground.ui")


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
        chosen = setup is not None and setup.phones is not None  # a set-up handed in keeps its phones switch
        self.setup = setup or self._remembered() or default_setup(2, self.maps[0][0], default_arrangement(app))
        self._sanitise()
        self._phones_switch(chosen)
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
        follow_language(self.setup)  # remembered in another language: default names in this one

    def on_language(self) -> None:
        """Seats still named by default are named in the new language; a typed name stays."""
        self._read_names()
        follow_language(self.setup)
        super().on_language()

    def _phones_switch(self, chosen: bool) -> None:
        """Phones at the table for this game start as Settings say (docs/phones.md); none where they are not
        allowed (a kiosk whose operator has not enabled them); a seat on a phone plays at the table without."""
        from ..play.phones import phones_allowed, phones_enabled

        self.phones_offered = phones_allowed(self.app)
        if not chosen:
            self.setup.phones = phones_enabled(self.app)
        self.setup.phones = bool(self.setup.phones) and self.phones_offered
        if not self.setup.phones:
            for s in self.setup.seats:
                s.phone = False

    # model changes -------------------------------------------------------------------------------
    def _read_names(self) -> None:
        for i, s in enumerate(self.setup.seats):
            e = self.entries.get(f"seat{i}_name")
            if e is not None:
                s.name = e.get_text().strip()[: self.MAX_NAME] or default_name(i)

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
        """(computer, level, plays from a phone): a person, the computers, then a person on a phone where phones
        are allowed (chosen while this game has none, it switches them on)."""
        phone = [(False, "random", True)] if self.phones_offered else []
        return [(False, "random", False)] + [(True, lvl, False) for lvl in self.levels] + phone

    def cycle_kind(self, i: int) -> None:
        s = self.setup.seats[i]
        kinds = self.seat_kinds()
        cur = (s.computer, s.level if s.computer else "random", s.phone and not s.computer)
        k = kinds.index(cur) if cur in kinds else 0
        s.computer, s.level, s.phone = kinds[(k + 1) % len(kinds)]
        if s.phone and not self.setup.phones:  # a seat on a phone needs them: switched on, and the screen says so
            self.setup.phones = True
            self.error = _("Phones at the table are on for this game: {player} plays from a phone.").format(
                player=s.name)

    def toggle_phones(self) -> None:
        """This game's phones switch; off, a seat that was to play from a phone plays at the table (said)."""
        self.setup.phones = not self.setup.phones and self.phones_offered
        moved = [s for s in self.setup.seats if s.phone and not self.setup.phones]
        for s in moved:
            s.phone = False
        if moved:
            self.error = ngettext("No phones in this game: {players} plays at the table.",
                                  "No phones in this game: {players} play at the table.", len(moved)).format(
                players=", ".join(s.name for s in moved))

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
            # the play screen is prepared behind a progress screen (game/ui/loading.py)
            start_game(self.app, self.setup, loading=True, on_done=self._started, on_error=self._not_started)
        except (engine_rules.SetupError, ValueError) as exc:
            self.error = str(exc)
            self.refresh()
        except ImportError as exc:
            self.error = _("The play screen is not available: {problem}").format(problem=exc)
            self.refresh()

    def _started(self, play) -> None:
        if self.guide:
            from ..play.guide import start as start_guide

            start_guide(play)

    def _not_started(self, exc: Exception) -> "SetupScene":
        """The set-up again, saying why the play screen could not be made."""
        again = SetupScene(self.app, self.setup)
        again.guide = self.guide
        again.error = (_("The play screen is not available: {problem}").format(problem=exc)
                       if isinstance(exc, ImportError) else str(exc))
        return again

    def open_rules(self) -> None:
        """The rules card of the board chosen here, upright (game/ui/rules_help.py)."""
        from ..rules_cards import city_of_map
        from ..rules_help import RulesScene

        self._read_names()
        city, _variant = city_of_map(self.setup.map)
        self.app.push(RulesScene(self.app, city, self.setup.variant, "bottom", under=self))

    def toggle_guide(self) -> None:
        self.guide = not self.guide

    def back(self) -> None:
        self._read_names()
        open_screen(self.app, "title")

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
        # the words end before the board's preview when they would reach down beside it (five seats)
        wide = 1760 if y + 100 <= self.preview_box()[1] else self.preview_box()[0] - 110
        self.label("warning", R(80, y, wide, 50), self.warning() or " ", "#warning")
        self.label("error", R(80, y + 50, wide, 50), self.error or " ", "#warning")
        self.button("back", R(80, 950, 300, 90), _("Back"), self.back)
        self.button("guide", R(420, 950, 560, 90), _("First game: show me"), self.change(self.toggle_guide),
                    object_id="#toggle")  # a switch drawn over its left end shows on or off (draw_front)
        if self.phones_offered:  # this game's phones at the table (docs/phones.md); Settings give the default
            self.button("phones", R(995, 950, 430, 90), _("Phones at the table"), self.change(self.toggle_phones),
                        object_id="#toggle")
        self.button("start", R(1440, 950, 400, 90), _("Start game"), self.start, object_id="#primary",
                    enabled=not self.warning())

    PREVIEW = (1010, 800, 400, 240)  # design rect of the chosen board's preview, between the toggle and Start
    PREVIEW_OVER_PHONES = (1010, 800, 400, 135)  # the same, above the phones switch when it is offered

    def preview_box(self) -> tuple[int, int, int, int]:
        return self.PREVIEW_OVER_PHONES if self.phones_offered else self.PREVIEW

    def preview_rect(self) -> pygame.Rect:
        """Where the chosen board's preview is drawn (window pixels), fitted to the board's shape."""
        box = self.R(*self.preview_box())
        img = board_preview(self.setup.map, self.setup.variant, box.size)
        return img.get_rect(midbottom=box.midbottom)

    def draw_front(self, surface: pygame.Surface) -> None:
        self.draw_switch(surface, "guide", self.guide)
        self.draw_switch(surface, "phones", bool(self.setup.phones))
        box = self.R(*self.preview_box())
        r = self.preview_rect()
        surface.blit(board_preview(self.setup.map, self.setup.variant, box.size), r)
        pygame.draw.rect(surface, self.app.theme.panel_edge, r, max(1, self.app.px(2)))
        # Pattern strips under each chip's text: a chip is told apart by letter, name and pattern.
        for key, b in self.buttons.items():
            if "_colour" in key:
                i, j = key[4:].split("_colour")
                c = self.setup.seats[int(i)].colours[int(j)]
                r = b.rect
                strip = pygame.Rect(r.x + r.w // 8, r.bottom - max(6, r.h // 5), r.w * 3 // 4, max(4, r.h // 8))
                draw_swatch(surface, strip, c, radius=max(1, strip.h // 2))


_previews: dict[tuple, pygame.Surface] = {}
PREVIEW_DRAWN = (1600, 1000)  # the board is drawn this big at the 1080p scale, then shrunk: a true miniature


def board_preview(map_id: str, variant: str, size: tuple[int, int]) -> pygame.Surface:
    """A small picture of the board as it starts, fitted into ``size`` keeping the board's shape: drawn from its
    map by the board view (the play screen's own drawing) once, shrunk, and kept; no artwork is copied."""
    key = (map_id, variant, tuple(size))
    img = _previews.get(key)
    if img is None:
        whole = _previews.get((map_id, variant))
        if whole is None:
            whole = _draw_whole_board(map_id, variant)
            _previews[(map_id, variant)] = whole
        w, h = whole.get_size()
        f = min(size[0] / w, size[1] / h)
        img = pygame.transform.smoothscale(whole, (max(1, round(w * f)), max(1, round(h * f))))
        if len(_previews) > 32:
            _previews.clear()
        _previews[key] = img
    return img


def _draw_whole_board(map_id: str, variant: str) -> pygame.Surface:
    from ..board.view import BoardView

    state = engine_rules.new_game(map_id, 2, seed=0, variant=variant)
    view = BoardView(engine_rules.board_of(state), pygame.Rect(0, 0, *PREVIEW_DRAWN), ui_scale=1.0)
    whole = pygame.Surface(PREVIEW_DRAWN)
    view.draw(whole, state, show_passenger=False)
    bx0, by0, bx1, by1 = view.camera.bounds  # the paper only, not the room the view leaves round it
    (x0, y0), (x1, y1) = view.camera.to_screen(bx0, by0), view.camera.to_screen(bx1, by1)
    paper = pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0)).clip(whole.get_rect())
    return whole.subsurface(paper).copy() if paper.w > 8 and paper.h > 8 else whole
