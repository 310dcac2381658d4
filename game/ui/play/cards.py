"""The face-up destination cards as cards, in a compact strip at the table edges where people sit.

Each strip lies between its edge's seat panels and the board, turned to read from that edge (as the
panels are), and shows every face-up card (station name, express or standard, the board's grid
reference "C4"), then the passenger's station and the deck count. Two identical cards face up (New
York) are two cards. Touching a card finds its station on the board: rings pulse round it and a thin line
joins it to the card for a moment (the board is panned to it when zoomed away). A first-edition deck that
runs out takes the cards and the passenger off the board; the strip then says so.

The strips are carved out of the board's area by the play scene's layout (:meth:`CardStrips.carve`) so
they never cover a panel or the board, drawn into the backdrop (they change only when the cards, the
deck or the passenger do) and the find animation is drawn with the moving bits.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from ...i18n import _, ngettext
from .. import textfit
from .. import theme as th
from ..board.pieces import DEST_STANDARD, draw_destination_badge
from ..board.view import BoardView
from ..draw import disc, draw_passenger_figure
from ..seats import EDGE_ROTATION, screen_to_upright, upright_to_screen
from ..tween import Tween, ease_out

CARD_H = 50  # design px: a card's height (above the 48 px touch minimum)
GAP = 5  # design px between cards and round the strip
MIN_ITEM_W = 150  # design px: narrower than this and the strip takes another row
MAX_CARD_W = 330  # design px: wider cards only spread the words apart
COLUMN_W = 196  # design px: the turning strip's width, a column of cards (see CardStrips.carve)
TALL_CARD_W = 240  # design px: a card narrower than this puts its grid reference under the name
FIND_S = 2.4  # seconds a touched card's station is shown on the board


def carved(rect: pygame.Rect, edge: str, depth: int) -> tuple[pygame.Rect, pygame.Rect]:
    """Cut a band ``depth`` deep off ``rect`` at ``edge``: (the band, what is left)."""
    r = pygame.Rect(rect)
    if edge == "bottom":
        return pygame.Rect(r.x, r.bottom - depth, r.w, depth), pygame.Rect(r.x, r.y, r.w, r.h - depth)
    if edge == "top":
        return pygame.Rect(r.x, r.y, r.w, depth), pygame.Rect(r.x, r.y + depth, r.w, r.h - depth)
    if edge == "left":
        return pygame.Rect(r.x, r.y, depth, r.h), pygame.Rect(r.x + depth, r.y, r.w - depth, r.h)
    return pygame.Rect(r.right - depth, r.y, depth, r.h), pygame.Rect(r.x, r.y, r.w - depth, r.h)


@dataclass
class Strip:
    """One edge's strip: its place on screen and, upright (as read from its edge), where each item is."""

    edge: str  # the edge it reads from (the turning strip: the active seat's, see CardStrips.face)
    rect: pygame.Rect
    rows: int
    per_row: int
    side: str | None = None  # the turning strip: the side of the board it stands at
    items: list = field(default_factory=list)  # (kind, index, upright rect): ("card", j) or ("info", 0)
    items_key: tuple | None = None
    surf: pygame.Surface | None = None
    key: tuple | None = None

    @property
    def upright_size(self) -> tuple[int, int]:
        if EDGE_ROTATION[self.edge] in (90, 270):
            return (self.rect.h, self.rect.w)
        return (self.rect.w, self.rect.h)

    def to_local(self, x: float, y: float) -> tuple[float, float]:
        """Screen point -> upright strip coordinates (as SeatPanel.to_local)."""
        return screen_to_upright(self.rect, EDGE_ROTATION[self.edge], x, y)

    def to_screen(self, u: float, v: float) -> tuple[float, float]:
        return upright_to_screen(self.rect, EDGE_ROTATION[self.edge], u, v)


@dataclass
class Find:
    """A touched card's station being shown: pulsing rings and a line from the card."""

    station: int
    card_at: tuple[float, float]  # screen point of the touched card
    tween: Tween


class CardStrips:
    """The strips of one table. ``edges_for(seats)`` says which edges get one; the scene asks the rest."""

    def __init__(self, theme: th.Theme, fonts: th.Fonts):
        self.theme = theme
        self.fonts = fonts
        self.strips: list[Strip] = []
        self.finds: list[Find] = []
        self.lit: int | None = None  # the card whose station is being shown (drawn lit on every strip)
        self.scale = 1.0
        self.renders = 0
        self.info_lines: tuple[str, str] = ("", "")

    # ---- layout ----------------------------------------------------------------------------------
    @staticmethod
    def edges_for(seats, computer) -> list[str]:
        """Edges with a person sitting at them (every seat's edge when only the computer plays), in
        bottom, top, left, right order."""
        people = {s.edge for i, s in enumerate(seats) if not computer(i)}
        if not people:
            people = {s.edge for s in seats}
        return [e for e in ("bottom", "top", "left", "right") if e in people]

    def rows_for(self, length: int, n_items: int, k: float) -> int:
        gap = max(1, round(GAP * k))
        for rows in (1, 2, 3):
            per_row = math.ceil(n_items / rows)
            if (length - gap * (per_row + 1)) / per_row >= MIN_ITEM_W * k:
                return rows
        return 3

    def card_h(self, k: float) -> int:
        return max(th.touch_px(k) * 3 // 4, round(CARD_H * k))

    def depth(self, rows: int, k: float) -> int:
        gap = max(1, round(GAP * k))
        return rows * self.card_h(k) + (rows + 1) * gap

    def _column_fits(self, band: pygame.Rect, n_items: int, k: float) -> bool:
        """A side band can hold the cards for every reader: stacked for one at the bottom or top, in rows
        along it for one at the left or right."""
        gap = max(1, round(GAP * k))
        if band.h < n_items * self.card_h(k) * 5 // 4 + (n_items + 1) * gap:
            return False
        return self.depth(self.rows_for(band.h, n_items, k), k) <= band.w

    def carve(self, area: pygame.Rect, edges: list[str], k: float, n_cards: int = 4,
              bounds: tuple[float, float] | None = None) -> pygame.Rect:
        """Take the strips off the board's ``area`` and return what is left for the board.

        Two ways, whichever leaves the board (``bounds``: its width and height in board units) drawn
        biggest: one column at the right (or left) side of the board, turned to face the seat whose turn it
        is, which costs nothing when the board is short of height (16:9 windows); or a row along each of
        ``edges``, read from there. Even: the column (it leaves the board its margins for the banner)."""
        self.scale = k
        old = {s.edge: s for s in self.strips}
        n_items = max(1, n_cards) + 1
        bw, bh = bounds or (16.0, 9.0)
        gap = max(1, round(GAP * k))
        cands = []
        for side in ("right", "left"):
            band, rest = carved(area, side, round(COLUMN_W * k) + 2 * gap)
            if self._column_fits(band, n_items, k) and rest.w >= 40 * k:
                cands.append(((round(min(rest.w / bw, rest.h / bh), 3), 2 if side == "right" else 1),
                              [Strip("bottom", band, 0, 1, side=side)], rest))
        rest = pygame.Rect(area)
        strips = []
        for edge in [e for e in ("bottom", "top", "left", "right") if e in edges]:
            length = rest.w if edge in ("bottom", "top") else rest.h
            rows = self.rows_for(length, n_items, k)
            band, rest2 = carved(rest, edge, self.depth(rows, k))
            if rest2.w < 40 * k or rest2.h < 40 * k:
                break
            rest = rest2
            strips.append(Strip(edge, band, rows, math.ceil(n_items / rows)))
        else:
            if strips:
                cands.append(((round(min(rest.w / bw, rest.h / bh), 3), 0), strips, rest))
        if not cands:  # a window too small for the strips: the board comes first
            self.strips = []
            return pygame.Rect(area)
        _, strips, rest = max(cands, key=lambda c: c[0])
        for strip in strips:
            was = old.get(strip.edge)
            if was is not None and was.rect == strip.rect and was.side == strip.side:
                strip.surf, strip.key = was.surf, was.key
        self.strips = strips
        return rest

    def split_column(self, n_cards: int, least: int) -> pygame.Rect | None:
        """The turning column's part below its cards, when ``least`` high or more (a laptop's action bar,
        play/action_bar.py): the cards keep the top at the column's height (a row strip's shorter cards would
        cut the longer names). None when there is no column or no such room (the strip is left as it was)."""
        if not self.turning:
            return None
        k = self.scale
        gap = max(1, round(GAP * k))
        strip = self.strips[0]
        n = max(1, n_cards) + 1
        need = n * (self.card_h(k) * 3 // 2) + (n + 1) * gap
        rest = pygame.Rect(strip.rect.x, strip.rect.y + need, strip.rect.w, strip.rect.h - need)
        if rest.h < least:
            return None
        strip.rect = pygame.Rect(strip.rect.x, strip.rect.y, strip.rect.w, need)
        strip.surf = strip.key = None
        return rest

    @property
    def turning(self) -> bool:
        """One strip that turns to face the seat whose turn it is (else one strip per edge)."""
        return len(self.strips) == 1 and self.strips[0].side is not None

    def face(self, edge: str) -> None:
        """The turning strip reads from ``edge`` (the play scene calls it with the active seat's edge)."""
        if self.turning and edge in EDGE_ROTATION:
            self.strips[0].edge = edge

    def rects(self) -> list[pygame.Rect]:
        return [pygame.Rect(s.rect) for s in self.strips]

    def item_rects(self) -> list[pygame.Rect]:
        """Where the strips' cards and their passenger's card are drawn on screen (a strip's rest is empty: a
        notice with no free place on the board by its seat may stand there)."""
        out = []
        for strip in self.strips:
            for _kind, _j, r in strip.items:
                (x0, y0), (x1, y1) = strip.to_screen(r.left, r.top), strip.to_screen(r.right, r.bottom)
                out.append(pygame.Rect(round(min(x0, x1)), round(min(y0, y1)), round(abs(x1 - x0)),
                                       round(abs(y1 - y0))))
        return out

    # ---- what the strips show ----------------------------------------------------------------------
    @staticmethod
    def contents(state, face_up: list[int], passenger: int) -> tuple:
        return (tuple(face_up), len(state.deck), passenger, state.setup.variant)

    def key(self, state, face_up, passenger, bv: BoardView) -> tuple:
        return (self.contents(state, face_up, passenger), self.lit,
                tuple((tuple(s.rect), s.edge) for s in self.strips), bv.grid())

    def _place_items(self, strip: Strip, n_cards: int) -> None:
        k = self.scale
        gap = max(1, round(GAP * k))
        W, H = strip.upright_size
        n = n_cards + 1
        if W > H:  # a row strip (or the column read from the side): as many rows as its depth holds
            rows = max(self.rows_for(W, n, k), min(n, (H - gap) // (self.card_h(k) + gap)))
            per_row = math.ceil(n / max(1, rows))
        else:  # a column of cards, one under the other
            per_row = 1
        rows = math.ceil(n / per_row)
        row_h = min(self.card_h(k) * 3 // 2, (H - gap * (rows + 1)) // rows)  # a column's cards: up to 1.5x
        item_w = min(round(MAX_CARD_W * k), (W - gap * (per_row + 1)) // per_row)
        items = []
        for j in range(n):
            r, c = divmod(j, per_row)
            in_row = min(per_row, n - r * per_row)
            x0 = (W - (in_row * item_w + (in_row - 1) * gap)) // 2  # each row centred along the edge
            y0 = (H - (rows * row_h + (rows - 1) * gap)) // 2
            rect = pygame.Rect(x0 + c * (item_w + gap), y0 + r * (row_h + gap), item_w, row_h)
            items.append(("card", j, rect) if j < n_cards else ("info", 0, rect))
        strip.items = items
        strip.items_key = (strip.edge, tuple(strip.rect), n_cards)

    def render(self, strip: Strip, state, face_up: list[int], passenger: int, bv: BoardView) -> pygame.Surface:
        key = self.key(state, face_up, passenger, bv)
        if strip.surf is not None and strip.key == key:
            return strip.surf
        self._place_items(strip, len(face_up))
        W, H = strip.upright_size
        surf = pygame.Surface((max(1, W), max(1, H)))
        surf.fill(self.theme.bg)
        for kind, j, r in strip.items:
            if kind == "card":
                self._draw_card(surf, r, face_up[j], bv, j == self.lit)
            else:
                self._draw_info(surf, r, state, passenger, bv, empty=not face_up)
        rot = EDGE_ROTATION[strip.edge]
        strip.surf = pygame.transform.rotate(surf, rot) if rot else surf
        strip.key = key
        self.renders += 1
        return strip.surf

    def draw(self, surface: pygame.Surface, state, face_up: list[int], passenger: int, bv: BoardView,
             area: pygame.Rect | None = None) -> None:
        for strip in self.strips:
            if area is None or strip.rect.colliderect(area):
                surface.blit(self.render(strip, state, face_up, passenger, bv), strip.rect.topleft)

    # ---- drawing one card ---------------------------------------------------------------------------
    def _font_fit(self, text: str, width: int, sizes=(19, 17, 15, 14, 13),
                  condensed: bool = False, bold: bool = True) -> pygame.font.Font | None:
        for size in sizes:
            f = self.fonts.get(max(11, round(size * self.scale)), bold, condensed)
            if f.size(text)[0] <= width:
                return f
        return None

    def _name_lines(self, name: str, width: int, height: int) -> tuple[pygame.font.Font, list[str]]:
        """The station's name whole: one line, else two split at the space that balances them, else cut."""
        f = self._font_fit(name, width)
        if f is not None:
            return f, [name]
        sizes = (16, 15, 14, 13, 12)
        if " " in name or "-" in name:
            cuts = sorted((i for i, ch in enumerate(name) if ch in " -"), key=lambda i: abs(i - len(name) / 2))
            for size in sizes:
                f = self.fonts.get(max(11, round(size * self.scale)), True)
                if 2 * f.get_linesize() > height + 2:
                    continue
                for i in cuts:
                    a, b = name[:i + (name[i] == "-")].strip(), name[i + 1:].strip()
                    if max(f.size(a)[0], f.size(b)[0]) <= width:
                        return f, [a, b]
        f = self.fonts.get(max(11, round(12 * self.scale)), True)
        return f, [textfit.cut(f, name, width, "cards._name_lines")]

    def _draw_card(self, surf: pygame.Surface, r: pygame.Rect, stn: int, bv: BoardView, lit: bool) -> None:
        t = self.theme
        k = self.scale
        p = lambda n: max(1, round(n * k))  # noqa: E731
        station = bv.board.stations[stn]
        express = "express" in station.kinds
        col = t.bad if express else DEST_STANDARD
        pygame.draw.rect(surf, t.highlight if lit else t.panel, r, border_radius=p(9))
        pygame.draw.rect(surf, col, r, width=p(4) if lit else p(2), border_radius=p(9))
        br = min(r.h * 0.28, p(15))
        bx = r.x + p(8) + br
        draw_destination_badge(surf, (bx, r.centery), br, (0, 0), col, express)
        ref = bv.grid_ref(stn)
        kind = _("express") if express else _("standard")
        nx = round(bx + br + p(7))
        if r.w < TALL_CARD_W * k:  # a narrow card (a column): the name on top, "C4 · express" under it
            f_sub = self.fonts.get(max(11, p(14)), True)
            sub = f_sub.render(f"{ref} · {kind}", True, col)
            f, lines = self._name_lines(station.name, max(1, r.right - p(6) - nx), r.h - sub.get_height() - p(6))
            lh = f.get_linesize()
            y = r.centery - (lh * len(lines) + sub.get_height()) // 2
            for line in lines:
                surf.blit(f.render(line, True, t.ink), (nx, y))
                y += lh
            surf.blit(sub, (nx, y))
            return
        # the grid reference and the kind at the card's far end, always whole
        f_ref = self.fonts.get(p(20), True)
        f_kind = self.fonts.get(max(10, p(12)))
        ref_img = f_ref.render(ref, True, t.ink)
        kind_img = f_kind.render(kind, True, col)
        ref_w = max(ref_img.get_width(), kind_img.get_width())
        rx = r.right - p(8) - ref_w
        stack = ref_img.get_height() + kind_img.get_height() - p(3)
        y0 = r.centery - stack // 2
        surf.blit(ref_img, (rx + (ref_w - ref_img.get_width()) // 2, y0))
        surf.blit(kind_img, (rx + (ref_w - kind_img.get_width()) // 2, y0 + ref_img.get_height() - p(3)))
        pygame.draw.line(surf, t.panel_edge, (rx - p(6), r.y + p(8)), (rx - p(6), r.bottom - p(8)), max(1, p(1)))
        # the name between them
        room = max(1, rx - p(12) - nx)
        f, lines = self._name_lines(station.name, room, r.h - p(6))
        lh = f.get_linesize()
        y = r.centery - (lh * len(lines)) // 2
        for line in lines:
            surf.blit(f.render(line, True, t.ink), (nx, y))
            y += lh

    def _draw_info(self, surf: pygame.Surface, r: pygame.Rect, state, passenger: int, bv: BoardView,
                   empty: bool) -> None:
        """The passenger's station (with its grid reference) over the deck count."""
        t = self.theme
        k = self.scale
        p = lambda n: max(1, round(n * k))  # noqa: E731
        pygame.draw.rect(surf, _mix(t.panel, t.bg, 0.5), r, border_radius=p(9))
        pygame.draw.rect(surf, t.panel_edge, r, width=p(2), border_radius=p(9))
        pr = min(r.h * 0.3, p(14))
        cx = r.x + p(8) + pr
        f = self.fonts.get(max(11, p(15)), True)
        f_small = self.fonts.get(max(11, p(14)))
        room = r.right - p(8) - round(cx + pr + p(7))
        if passenger >= 0:
            draw_passenger_figure(surf, (cx, r.y + r.h * 0.32), pr, t.ink, t.highlight)
            where = f"{bv.board.stations[passenger].name} {bv.grid_ref(passenger)}"
            wanted = [_("Passenger: {station}").format(station=where), where]
        else:
            wanted = [_("No passenger") if not empty else _("No cards")]
        # the words whole in a smaller font, then condensed, then the name without its grid reference, before
        # anything is cut
        passes = [((15, 14, 13, 12), False, True, wanted), ((13, 12), True, True, wanted)]
        if passenger >= 0:
            name = [bv.board.stations[passenger].name]
            passes += [((13, 12), True, True, name), ((12,), True, False, name)]
        for sizes, condensed, bold, texts in passes:
            got = next(((g, text) for text in texts
                        if (g := self._font_fit(text, room, sizes, condensed, bold)) is not None), None)
            if got is not None:
                f, top = got
                break
        else:
            f, top = self.fonts.get(max(11, round(12 * self.scale)), True, True), None
            f_deck = self.fonts.get(max(11, p(12)), False, True)
            if passenger >= 0 and r.h - p(4) - f_deck.get_linesize() >= 2 * f.get_linesize():
                lines = th.break_name(f, name[0], room, 2)  # the name on two lines over the deck count
                if lines is not None:
                    top = "\n".join(lines)
            if top is None:
                top = _fit(f, wanted[-1], room)
        n = len(state.deck)
        if empty and state.setup.variant == "classic":
            bottom = _("the deck is empty")
        else:
            bottom = ngettext("Deck: {n} card", "Deck: {n} cards", n).format(n=n)
        self.info_lines = (top, bottom)  # what the last info item said (tests read it)
        rows = [f.render(line, True, t.ink) for line in top.split("\n")]
        img = th.stack_lines(rows, rows[0].get_height())
        for size, cond in ((14, False), (13, False), (13, True), (12, True)):  # smaller, then condensed, then cut
            f_small = self.fonts.get(max(11, p(size)), False, cond)
            if f_small.size(bottom)[0] <= room:
                break
        sub = f_small.render(_fit(f_small, bottom, room), True, t.muted)
        x = round(cx + pr + p(7))
        y0 = r.centery - (img.get_height() + sub.get_height()) // 2
        surf.blit(img, (x, y0))
        surf.blit(sub, (x, y0 + img.get_height()))
        # a small stack of cards beside the count
        sx, sy = cx, r.y + r.h * 0.74
        for d in (2, 1, 0):
            c = pygame.Rect(0, 0, round(pr * 1.3), round(pr * 0.85))
            c.center = (round(sx + d * p(2)), round(sy - d * p(2)))
            pygame.draw.rect(surf, t.panel, c, border_radius=p(2))
            pygame.draw.rect(surf, t.muted, c, width=max(1, p(1)), border_radius=p(2))

    # ---- touch -------------------------------------------------------------------------------------
    def hit(self, x: float, y: float) -> tuple | None:
        """("card", j) for a card under the point, ("strip",) elsewhere on a strip, None off the strips."""
        for strip in self.strips:
            if strip.rect.collidepoint(x, y):
                u, v = strip.to_local(x, y)
                for kind, j, r in strip.items:
                    if kind == "card" and r.collidepoint(u, v):
                        return ("card", j)
                return ("strip",)
        return None

    def point_for_card(self, j: int, edge: str | None = None) -> tuple[float, float] | None:
        """Screen centre of card ``j`` on the strip at ``edge`` (the first strip when None)."""
        for strip in self.strips:
            if edge is not None and strip.edge != edge:
                continue
            for kind, jj, r in strip.items:
                if kind == "card" and jj == j:
                    return strip.to_screen(*r.center)
        return None

    def card_names(self, state, face_up: list[int], edge: str | None = None) -> list[str]:
        """The station names the cards on a strip show, in order (what a reader sees)."""
        board = state_board(state)
        strip = next((s for s in self.strips if edge is None or s.edge == edge), None)
        if strip is None:
            return []
        return [board.stations[face_up[j]].name for kind, j, _ in strip.items if kind == "card" and j < len(face_up)]

    def find(self, j: int, face_up: list[int], at: tuple[float, float], bv: BoardView) -> int | None:
        """Show card ``j``'s station on the board; returns the station (None when the card is gone)."""
        if not 0 <= j < len(face_up):
            return None
        stn = face_up[j]
        x, y = bv.station_xy(stn)
        if not bv.rect.inflate(-bv.rect.w // 10, -bv.rect.h // 10).collidepoint(x, y):
            st = bv.board.stations[stn]  # zoomed away from it: bring it into view
            bv.camera.centre_on(st.x, st.y)
        self.finds = [Find(stn, at, Tween(FIND_S, ease_out))]
        self.lit = j
        return stn

    @property
    def animating(self) -> bool:
        return bool(self.finds)

    def step(self, dt: float) -> bool:
        """Advance the find animation; True when the lit card went out (the strips need drawing again)."""
        for f in self.finds:
            f.tween.step(dt)
        before = bool(self.finds)
        self.finds = [f for f in self.finds if not f.tween.done]
        if before and not self.finds and self.lit is not None:
            self.lit = None
            return True
        return False

    def draw_moving(self, surf: pygame.Surface, bv: BoardView) -> list[pygame.Rect]:
        """The find animation over the board: rings closing in on the station and a line from the card."""
        out = []
        k = self.scale
        t = self.theme
        for f in self.finds:
            x, y = bv.station_xy(f.station)
            if not bv.rect.collidepoint(x, y):
                continue
            a = f.tween.raw
            fade = 1.0 if a < 0.7 else max(0.0, (1.0 - a) / 0.3)
            r0 = bv.station_radius(f.station)
            clip = surf.get_clip()
            surf.set_clip(bv.rect)
            big = max(60 * k, r0 * 5)
            box = pygame.Rect(round(x - big - 4), round(y - big - 4), round(2 * big + 8), round(2 * big + 8))
            for ring in range(3):  # rings closing in, one after another
                ph = (a * 3 + ring / 3) % 1.0
                rad = r0 + 4 * k + (big - r0) * (1 - ph)
                w = max(2, round((3 + 3 * ph) * k * fade))
                if fade > 0.05:
                    disc(surf, t.highlight if ring % 2 == 0 else t.accent, (x, y), rad, w)
            disc(surf, t.accent, (x, y), r0 + 6 * k, max(2, round(4 * k)))
            cx, cy = f.card_at
            ex, ey = _towards(cx, cy, x, y, r0 + 8 * k)
            sx, sy = _towards(x, y, cx, cy, 0)
            if fade > 0.05:
                pygame.draw.line(surf, t.accent, (sx, sy), (ex, ey), max(2, round(3 * k)))
            surf.set_clip(clip)
            line_box = pygame.Rect(min(sx, ex) - 4, min(sy, ey) - 4, abs(ex - sx) + 9, abs(ey - sy) + 9)
            out.append(box.union(line_box).clip(bv.rect))
        return out


def state_board(state):
    from ...engine.rules import board_of

    return board_of(state)


def _towards(x0: float, y0: float, x1: float, y1: float, short: float) -> tuple[int, int]:
    """The point ``short`` before (x1, y1) on the way from (x0, y0)."""
    d = math.hypot(x1 - x0, y1 - y0) or 1.0
    f = max(0.0, (d - short) / d)
    return (round(x0 + (x1 - x0) * f), round(y0 + (y1 - y0) * f))


def _fit(font: pygame.font.Font, text: str, width: int) -> str:
    return textfit.cut(font, text, width, "cards._fit")


def _mix(a, b, f: float) -> tuple[int, int, int]:
    return tuple(round(a[i] + (b[i] - a[i]) * f) for i in range(3))
