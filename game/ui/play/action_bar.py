"""A laptop's action bar: on a laptop every seat's panel lies along the bottom edge and every player reads the
one screen, so one set of the acting seat's controls serves the table (as Board Game Arena's): "Take branch tile",
Undo, the route options or a city's choices (Paris), and the hint, in a column under the face-up cards, headed
by the acting seat's name in its first line's colour. The seats' panels then keep to their name, points,
lines, status, notes and own round buttons (panel/row.py), one row deep where their width allows, and the
board gets the height they gave back.

The controls have the panel's names ("branch", "undo", "hint", "route:2", "choice:0", "route_more"), so a tap
on one plays for the acting seat as a tap on its panel did (play/input.py), and the panel's ``point_for`` finds
them here for the guide, the hints, the kiosk's demo and the tests. Drawn by the panel's own painter.
"""
from __future__ import annotations

import pygame

from ...i18n import _, ngettext
from .. import theme as th
from ..draw import disc
from ..panel import draw_hint_button, draw_page_button
from ..panel.draw import Painter
from ..panel.hits import centre_on_screen, control_at, rect_on_screen
from ..panel.layout import scaled
from ..panel.row import name_least
from ..panel.view import PanelView
from ..panel.words import fit_name, fit_text, words

OPTION_H = 84  # design px: a route option's button (its station's name on up to two lines, the lines below)
LABEL_LINES = 3  # the words over the options wrap to at most this many lines
STATUS_H = 120  # design px: the actions left (words and dots) and the city's notes for the acting seat


def _asked(view: PanelView) -> tuple[str, int]:
    """("route" | "choice" | "", how many) of what the acting seat is asked."""
    if view.active and view.choices:
        return "choice", len(view.choices)
    if view.active and view.route_options:
        return "route", len(view.route_options)
    return "", 0


class ActionBar:
    """The bar's place (``rect``, None while there is none) and the acting seat's controls on it."""

    def __init__(self, theme: th.Theme, fonts: th.Fonts):
        self.theme, self.fonts = theme, fonts
        self.rect: pygame.Rect | None = None
        self.scale = 1.0
        self.player = 0
        self.controls: dict[str, pygame.Rect] = {}
        self.option_page = 0
        self.option_pages = 1
        self.renders = 0
        self.cut_labels: list[str] = []
        self._options_key = None
        self._layout_key = None
        self._surface: pygame.Surface | None = None
        self._surface_key = None

    @staticmethod
    def least_height(scale: float) -> int:
        """The least height a bar needs: its head, the words, two buttons (and a route option, one at a time)."""
        p = scaled(scale)
        touch = max(th.touch_px(scale), p(48))
        asked = LABEL_LINES * p(22) + p(8) + max(touch, p(OPTION_H)) + p(8) + touch  # an option, the page turner
        return 2 * p(10) + touch + p(4) + p(12) + max(p(STATUS_H) + p(8) + touch, asked) + p(8) + touch

    def place(self, rect: pygame.Rect | None, scale: float) -> None:
        if rect != self.rect or scale != self.scale:
            self.rect = None if rect is None else pygame.Rect(rect)
            self.scale = scale
            self._layout_key = self._surface_key = None

    @staticmethod
    def holds(name: str | None) -> bool:
        """A control of the acting seat's that the bar has in place of its panel."""
        return bool(name) and (name in ("branch", "undo", "hint") or name.startswith(("route", "choice")))

    # ---- layout --------------------------------------------------------------------------------
    def layout(self, state, view: PanelView, player: int, has_hint: bool) -> dict[str, pygame.Rect]:
        kind, n = _asked(view)
        options_key = (kind, tuple(c[0] for c in view.choices) if kind == "choice" else
                       tuple((o.destination, tuple(o.lines)) for o in view.route_options))
        if options_key != self._options_key:
            self._options_key, self.option_page = options_key, 0
        name = state.players[player].name
        key = (None if self.rect is None else self.rect.size, self.scale, player, kind, n, has_hint, self.option_page,
               name)
        if key == self._layout_key:
            return self.controls
        self._layout_key, self._surface_key = key, None
        self.player = player
        self.controls = {} if self.rect is None else self._lay_out(kind, n, has_hint, name)
        return self.controls

    def _lay_out(self, kind: str, n: int, has_hint: bool, name: str) -> dict[str, pygame.Rect]:
        """Top down: the head (the name, the hint), the words, the buttons asked; Undo at the foot."""
        p = scaled(self.scale)
        W, H = self.rect.size
        pad, gap = p(10), p(8)
        touch = max(th.touch_px(self.scale), p(48))
        ctl: dict[str, pygame.Rect] = {}
        head = pygame.Rect(pad, pad, W - 2 * pad, touch + p(4))
        y = head.bottom + p(12)
        undo_w = W - 2 * pad
        if has_hint:  # on the band's right end, the name beside it; beside Undo when the name needs the band
            if name_least(self.fonts, name, self.scale) <= head.w - touch - p(12) - p(8):
                ctl["hint"] = pygame.Rect(head.right - p(2) - touch, head.y + p(2), touch, touch)
                head.w = ctl["hint"].x - p(6) - head.x
            else:
                ctl["hint"] = pygame.Rect(W - pad - touch, H - pad - touch, touch, touch)
                undo_w -= touch + pad
        ctl["_head"] = head
        bottom = H - pad
        ctl["undo"] = pygame.Rect(pad, bottom - touch, undo_w, touch)
        bottom = ctl["undo"].y - gap
        if not kind:
            ctl["_status"] = pygame.Rect(pad, y, W - 2 * pad, p(STATUS_H))
            ctl["branch"] = pygame.Rect(pad, ctl["_status"].bottom + gap, W - 2 * pad, touch)
            return ctl
        # a choice's words two lines (the banner says them too), so Paris's three choices show at once
        ctl["_label"] = pygame.Rect(pad, y, W - 2 * pad, (LABEL_LINES - (kind == "choice")) * p(22))
        y = ctl["_label"].bottom + gap
        oh = max(touch, p(OPTION_H)) if kind == "route" else touch  # a choice's label and preview: two short lines
        fits = max(1, (bottom - y + gap) // (oh + gap))
        per_page = n if n <= fits else max(1, (bottom - y - touch) // (oh + gap))
        self.option_pages = max(1, -(-n // per_page))
        self.option_page %= self.option_pages
        first = self.option_page * per_page
        for j, i in enumerate(range(first, min(n, first + per_page))):
            ctl[f"{kind}:{i}"] = pygame.Rect(pad, y + j * (oh + gap), W - 2 * pad, oh)
        if self.option_pages > 1:
            ctl[f"{kind}_more"] = pygame.Rect(pad, y + per_page * (oh + gap), W - 2 * pad, touch)
        return ctl

    def next_option_page(self) -> None:
        self.option_page = (self.option_page + 1) % max(1, self.option_pages)
        self._layout_key = None

    # ---- hit-testing ---------------------------------------------------------------------------
    def hit(self, x: float, y: float) -> str | None:
        return None if self.rect is None else control_at(self.rect, 0, self.controls, x, y)

    def point_for(self, name: str) -> tuple[float, float] | None:
        r = self.controls.get(name)
        return None if r is None or self.rect is None else centre_on_screen(self.rect, 0, r)

    def control_rect_on_screen(self, name: str) -> pygame.Rect | None:
        r = self.controls.get(name)
        return None if r is None or self.rect is None else rect_on_screen(self.rect, 0, r)

    # ---- drawing -------------------------------------------------------------------------------
    def render(self, state, view: PanelView, player: int, has_hint: bool) -> pygame.Surface | None:
        if self.rect is None:
            return None
        ctl = self.layout(state, view, player, has_hint)
        pl = state.players[player]
        key = (self.rect.size, self.scale, view.key(), pl.name, state.phase, state.actions_left, self._layout_key,
               self.option_page)
        if self._surface is not None and key == self._surface_key:
            return self._surface
        self._surface_key = key
        self.renders += 1
        painter = Painter(self.theme, self.fonts, self.scale, "bar", self.rect.size)
        painter._frame(PanelView(active=view.active))
        self._head(painter.surf, ctl["_head"], state, player)
        if "_status" in ctl:
            self._status(painter.surf, ctl["_status"], state, view)
        if "_label" in ctl:
            painter._route_label(ctl["_label"], view)
            painter._route_options(ctl, state, view)
            painter._choices(ctl, view)
        p = painter.p
        for name in ("route_more", "choice_more"):
            if name in ctl:
                draw_page_button(painter.surf, ctl[name], self.theme, p, self.option_page, self.option_pages,
                                 self.fonts)
        if "hint" in ctl:
            draw_hint_button(painter.surf, ctl["hint"], self.theme, p, view.hint)
        painter._action_buttons(ctl, view)
        self.cut_labels = painter.cut_labels
        self._surface = painter.surf
        return self._surface

    def _head(self, surf: pygame.Surface, r: pygame.Rect, state, player: int) -> None:
        """The acting seat's name on its first line's colour: whose controls these are."""
        p = scaled(self.scale)
        pl = state.players[player]
        colour = state.lines[pl.lines[0]].colour if pl.lines else ""
        band = pygame.Rect(r.x, r.y, self.rect.w - 2 * r.x, r.h)  # under the hint too
        pygame.draw.rect(surf, th.line_rgb(colour) if colour else self.theme.accent, band, border_radius=p(10))
        font, lines = fit_name(self.fonts, pl.name, r.w - p(8), self.scale)  # smaller, then on two lines
        ink = th.ink_on(colour) if colour else self.theme.accent_ink
        y = r.centery - (len(lines) * font.get_linesize()) // 2
        for line in lines:
            surf.blit(words(font, line, ink), (r.x + p(8), y))
            y += font.get_linesize()

    def _status(self, surf: pygame.Surface, r: pygame.Rect, state, view: PanelView) -> None:
        """What the acting seat may do now: the actions left (in words and dots), or the table's status."""
        p = scaled(self.scale)
        t = self.theme
        if view.active and state.phase == "actions" and not view.status:
            n = state.actions_left
            text, colour = ngettext("{n} action left", "{n} actions left", n).format(n=n), t.ink
        else:
            text, colour, n = view.status or (_("game over") if state.phase == "over" else ""), t.muted, 0
        steps = [self.fonts.get(p(s), True) for s in (19, 17, 15, 13)]
        font, lines = (th.fit_lines(steps, text, r.w, r.h - (p(22) if n else 0)) or (steps[-1], [text])) if text \
            else (steps[0], [])
        y = r.y
        for line in lines:
            img = words(font, fit_text(font, line, r.w), colour)
            surf.blit(img, (r.x, y))
            y += font.get_linesize()
        for k in range(n):
            disc(surf, t.accent, (r.x + p(7) + k * p(18), y + p(10)), p(7))
        y += p(22) if n else 0
        f_note = self.fonts.get(p(15), True)
        for note in view.city_notes:  # the city's notes for the acting seat (New York's "Red: leave the water")
            text, style = (note, "muted") if isinstance(note, str) else note
            for line in th.wrap(f_note, text, r.w):
                if y + f_note.get_linesize() > r.bottom:
                    return
                surf.blit(words(f_note, line, t.bad if style == "bad" else t.muted), (r.x, y))
                y += f_note.get_linesize()

