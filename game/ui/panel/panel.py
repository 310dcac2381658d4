"""``SeatPanel``: one player's panel at their table edge, composing its layout (layout.py), its drawing
(draw.py) and what a tap hits (hits.py).

The panel is laid out and drawn upright on an off-screen surface, then rotated in 90-degree steps
(seats.EDGE_ROTATION) so it reads correctly from its edge; taps are mapped back through the same
rotation. The panel only draws and hit-tests: whether a tap may act is the play scene's decision.
"""
from __future__ import annotations

import pygame

from ...engine.state import GameState
from ...i18n import _
from .. import theme as th
from ..seats import EDGE_ROTATION, SeatConfig, screen_to_upright, upright_to_screen
from . import hits
from .draw import Painter, notes_for
from .layout import Asked, lay_out, needed_depth
from .row import lay_out_row, row_depth
from .shared import lay_out_shared, shared_depth
from .view import ROUTE_LABEL, PanelView


class SeatPanel:
    """The panel of ``player_index`` on ``edge``; ``rect`` is its place on screen (already rotated)."""

    def __init__(self, player_index: int, edge: str, seat: SeatConfig | None = None,
                 theme: th.Theme | None = None, fonts: th.Fonts | None = None):
        if edge not in EDGE_ROTATION:
            edge = "bottom"
        self.player = player_index
        self.edge = edge
        self.seat = seat
        self.theme = theme or th.Theme()
        self.fonts = fonts or th.Fonts()
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.scale = 1.0
        self.controls: dict[str, pygame.Rect] = {}  # control name -> rect in upright coordinates
        self._layout_key = None
        self._surface: pygame.Surface | None = None
        self._surface_key = None
        self.renders = 0
        self.stand_ins = 0  # frames shown with the last picture scaled (render's ``stand_in``)
        self.behind = False  # the last render returned an older picture: a fresh one is owed
        self._stand_in: tuple | None = None  # ((picture id, size), the scaled picture)
        self.mode = "wide"  # "wide" | "stacked" | "compact" | "tall" (see layout.py) | "shared" (shared.py)
        self.shares_edge = False  # another seat's panel is beside it on its edge, seats sit at other edges too
        self.cut_labels: list[str] = []  # button labels that did not fit at the last render (should be none)
        self.shown_notes = 0  # how many of notes() the last render had room for
        self.name_lines: list[str] = []  # the seat's name as the last render showed it (one or two lines)
        self.name_cut = False  # the last render had to cut the name (should never happen when it can fit)
        self._tiles_at = None  # upright point of the first city tile pill (where a taken tile lands)
        self.has_secret = False  # a hold-to-see button for the seat's secret cards (Paris objectives)
        self.has_hint = False  # the hint button (play/hint.py): a person's seat, not in the kiosk's demo
        self.has_phone = False  # the Phone button (play/phone_card.py): any seat while phones are on
        self.option_page = 0  # which page of the route options (or a city's choices) is shown
        self.option_pages = 1  # how many pages they take at this size (1: all shown, no "›" button)
        self._options_key = None  # the options the page belongs to: new options start at the first page
        self.bar = None  # a laptop's action bar (play/action_bar.py): the acting seat's controls are there (row.py)
        self.row_words: tuple = ("", (), ())  # such a panel's name, notes and status messages at their widest

    @property
    def rotation(self) -> int:
        return EDGE_ROTATION[self.edge]

    @property
    def upright_size(self) -> tuple[int, int]:
        if self.rotation in (90, 270):
            return (self.rect.h, self.rect.w)
        return (self.rect.w, self.rect.h)

    def set_rect(self, rect, scale: float) -> None:
        rect = pygame.Rect(rect)
        if rect != self.rect or scale != self.scale:
            self.rect = rect
            self.scale = scale
            self._layout_key = None
            self._surface_key = None

    # ---- rotation ------------------------------------------------------------------------------
    def to_local(self, x: float, y: float) -> tuple[float, float]:
        """Screen point -> upright panel coordinates."""
        return screen_to_upright(self.rect, self.rotation, x, y)

    def to_screen(self, u: float, v: float) -> tuple[float, float]:
        """Upright panel coordinates -> screen point (the inverse of :meth:`to_local`)."""
        return upright_to_screen(self.rect, self.rotation, u, v)

    # ---- layout --------------------------------------------------------------------------------
    def shown_name(self, state: GameState) -> str:
        name = state.players[self.player].name
        if self.seat is not None and self.seat.computer:
            name = _("{name} (computer)").format(name=name)
        return name

    def px(self, n: float) -> int:
        return max(1, round(n * self.scale))

    def needed_depth(self, width: int, n_lines: int, scale: float) -> int:
        """How deep (upright height) this panel must be at upright ``width`` (layout.needed_depth; a laptop's
        panel beside the action bar: row.row_depth; a panel sharing its edge: shared.shared_depth when that shape
        fits)."""
        if self.bar is not None:
            return row_depth(width, n_lines, scale, 1 + self.has_phone + self.has_secret, self.fonts, self.row_words)
        round_buttons = 1 + self.has_phone + self.has_secret + self.has_hint
        got = shared_depth(self.fonts, width, n_lines, scale, round_buttons) if self.shares_edge else None
        return got if got is not None else needed_depth(self.fonts, width, n_lines, scale, round_buttons)

    def layout(self, state: GameState, view: PanelView) -> dict[str, pygame.Rect]:
        """Control rects (upright coordinates); recomputed when the size or the panel's mode changes."""
        player = state.players[self.player]
        choosing = bool(view.choices) and view.active  # a city's choice (Paris) takes the route options' place
        routing = (bool(view.route_options) or choosing) and view.active
        n_opts = len(view.choices) if choosing else len(view.route_options)
        label_text = view.choice_title if choosing else _(ROUTE_LABEL)
        options_key = (choosing, tuple(c[0] for c in view.choices) if choosing else
                       tuple((o.destination, tuple(o.lines)) for o in view.route_options)) if routing else None
        if options_key != self._options_key:
            self._options_key, self.option_page = options_key, 0
        key = (self.upright_size, self.scale, tuple(player.lines), routing, n_opts, choosing, label_text,
               view.active, self.shown_name(state), self.has_secret, self.has_hint, self.option_page, self.has_phone,
               self.shares_edge, self.bar is not None, self.row_words)
        if key == self._layout_key:
            return self.controls
        self._layout_key = key
        if self.bar is not None:
            got = lay_out_row(self.upright_size, self.scale, player.lines, self.has_secret, self.has_phone, self.fonts,
                              self.row_words)
        else:
            args = (self.upright_size, self.scale, self.fonts, player.lines, self.shown_name(state),
                    Asked(routing, choosing, n_opts, label_text), self.has_secret, self.has_hint, self.option_page,
                    self.has_phone)
            got = (lay_out_shared(*args) if self.shares_edge else None) or lay_out(*args)
        self.mode, self.option_pages, self.option_page = got.mode, got.option_pages, got.option_page
        self.controls = got.controls
        self._surface_key = None
        return got.controls

    def next_option_page(self) -> None:
        """The next page of route options (or choices), back to the first after the last."""
        self.option_page = (self.option_page + 1) % max(1, self.option_pages)
        self._layout_key = None

    # ---- hit-testing (hits.py) -----------------------------------------------------------------
    def hit(self, x: float, y: float) -> str | None:
        """The control under a screen point (None on the panel's background or outside it)."""
        return hits.control_at(self.rect, self.rotation, self.controls, x, y)

    def point_for(self, name: str) -> tuple[float, float] | None:
        if self.bar is not None and self.bar.holds(name):  # the acting seat's controls: on the action bar
            return self.bar.point_for(name)
        r = self.controls.get(name)
        return None if r is None else hits.centre_on_screen(self.rect, self.rotation, r)

    def control_rect_on_screen(self, name: str) -> pygame.Rect | None:
        if self.bar is not None and self.bar.holds(name):
            return self.bar.control_rect_on_screen(name)
        r = self.controls.get(name)
        return None if r is None else hits.rect_on_screen(self.rect, self.rotation, r)

    def anchor(self, target: str = "score") -> tuple[float, float]:
        """Where floating points land on screen: the score, or the branch tiles ("tiles")."""
        r = self.controls.get("_id")
        if r is None:
            return self.rect.center
        if target == "landmarks" and self._tiles_at is not None:
            return self.to_screen(*self._tiles_at)
        if target in ("tiles", "landmarks"):
            return self.to_screen(r.x + self.px(60), r.bottom - self.px(14))
        return self.to_screen(r.x + self.px(40), r.y + r.h * 0.5)

    # ---- drawing (draw.py) ---------------------------------------------------------------------
    def render(self, state: GameState, view: PanelView, stand_in: bool = False) -> pygame.Surface:
        """The panel, rotated to face its edge (cached until anything it shows changes).

        ``stand_in``: the last picture may stand in for a frame or two when what the panel shows changed
        (scaled, when the panel has a new size after a window resize): the play screen draws at most one
        panel afresh a frame rather than all four in one (each costs a millisecond or two, several at a new
        size, its fonts loaded and its words drawn). ``behind`` then says a fresh picture is still owed.
        Controls are laid out for the new size at once either way."""
        ctl = self.layout(state, view)
        pl = state.players[self.player]
        lines_key = tuple((li, state.lines[li].tokens_left) for li in pl.lines)
        key = (self.rect.size, self.scale, view.key(), pl.name, pl.score, pl.branch_tiles, lines_key,
               state.actions_left if view.active else None, self._layout_key)
        if self._surface is not None and key == self._surface_key:
            self.behind = False
            return self._surface
        if stand_in and self._surface is not None and self._surface.get_size() == self.rect.size:
            self.behind = True  # the last picture, unchanged, for a frame more
            return self._surface
        if stand_in and self._surface is not None and self._surface.get_size() != self.rect.size:
            self.behind = True
            if self._stand_in is None or self._stand_in[0] != (id(self._surface), self.rect.size):
                self._stand_in = ((id(self._surface), self.rect.size),
                                  pygame.transform.scale(self._surface, self.rect.size))
            self.stand_ins += 1
            return self._stand_in[1]
        self._stand_in = None
        self.behind = False
        self._surface_key = key
        self.renders += 1
        surf = self._draw_upright(state, view, ctl)
        if self.rotation:
            surf = pygame.transform.rotate(surf, self.rotation)
        self._surface = surf
        return surf

    def notes(self, view: PanelView) -> list[tuple[str, str]]:
        """The table's notes for this seat, most important first, as (text, style)."""
        return notes_for(view)

    def draw(self, surface: pygame.Surface, state: GameState, view: PanelView) -> None:
        surface.blit(self.render(state, view), self.rect.topleft)

    def _draw_upright(self, state: GameState, view: PanelView, ctl: dict[str, pygame.Rect]) -> pygame.Surface:
        """The panel drawn upright by a Painter, and what the drawing had to do kept for the tests."""
        painter = Painter(self.theme, self.fonts, self.scale, self.mode, self.upright_size,
                          self.shown_notes, self._tiles_at)
        surf = painter.paint(state, view, ctl, self.player, self.shown_name(state), self.option_page,
                             self.option_pages)
        self.name_lines, self.name_cut, self.cut_labels = painter.name_lines, painter.name_cut, painter.cut_labels
        self.shown_notes, self._tiles_at = painter.shown_notes, painter.tiles_at
        return surf
