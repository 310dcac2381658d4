"""The results round a table: each seat reads its own result on a card at its edge, turned to face it, as the play
screen's panels and banner do (issue 22 item 3); the score race and the buttons stay upright in the middle. All at
the bottom (a laptop) keeps the upright table (end_table.py). A part of EndScene (end.py), which supplies
``self.state``, ``self.seats``, ``self.app``, ``self.categories``, ``self.cell``, ``self._draw_chart`` and
``self.has_review`` (end_review.py).

A card, upright (its seat's edge at the bottom): who won, in words, across the top; the seat's place, name and
lines, and its total; its points by category along the bottom.
"""
from __future__ import annotations

import pygame

from ...i18n import CATEGORY_LABELS, _, ngettext
from .. import textfit
from ..seats import EDGE_ROTATION, EDGES
from ..theme import draw_swatch
from .end_table import CATEGORY_SHORT
from .results import end_winners, has_tie_break, rank_labels, tie_note

CARD_DEPTH = 230  # design px: how far a seat's card reaches in from its edge
WINNER_FILL = (255, 243, 200)


class FacingResults:
    """Seat cards along the edges, the chart and the buttons in the middle."""

    def facing(self) -> bool:
        """Round a table (any seat away from the bottom edge): each seat gets a card facing it."""
        return any(s.edge in EDGES and s.edge != "bottom" for s in self.seats[:self.state.n_players])

    def _edge_of(self, i: int) -> str:
        e = self.seats[i].edge if i < len(self.seats) else "bottom"
        return e if e in EDGES else "bottom"

    def _depths(self) -> dict[str, int]:
        used = {self._edge_of(i) for i in range(self.state.n_players)}
        d = self.app.px(CARD_DEPTH)
        return {e: (d if e in used else 0) for e in EDGES}

    def centre_rect(self) -> pygame.Rect:
        """What the cards leave in the middle: the chart and the buttons."""
        W, H = self.app.size
        d = self._depths()
        m = self.app.px(12)
        return pygame.Rect(d["left"] + m, d["top"] + m, W - d["left"] - d["right"] - 2 * m,
                           H - d["top"] - d["bottom"] - 2 * m)

    def seat_cards(self) -> list[tuple[int, str, pygame.Rect]]:
        """(player, edge, screen rect) of every seat's card; seats sharing an edge share it in turn order, as the
        play screen's panels do (left to right from where they sit)."""
        W, H = self.app.size
        d = self._depths()
        gap = self.app.px(6)
        by_edge: dict[str, list[int]] = {}
        for i in range(self.state.n_players):
            by_edge.setdefault(self._edge_of(i), []).append(i)
        out = []
        for edge, players in by_edge.items():
            n = len(players)
            if edge in ("bottom", "top"):
                x0, span = d["left"], W - d["left"] - d["right"]
                order = players if edge == "bottom" else list(reversed(players))
                for j, i in enumerate(order):
                    a, b = x0 + span * j // n, x0 + span * (j + 1) // n
                    y = H - d[edge] if edge == "bottom" else 0
                    out.append((i, edge, pygame.Rect(a + gap, y, b - a - 2 * gap, d[edge])))
            else:
                x = 0 if edge == "left" else W - d[edge]
                order = list(reversed(players)) if edge == "left" else players
                for j, i in enumerate(order):
                    a, b = H * j // n, H * (j + 1) // n
                    out.append((i, edge, pygame.Rect(x, a + gap, d[edge], b - a - 2 * gap)))
        return sorted(out)

    def facing_buttons(self) -> dict[str, pygame.Rect]:
        """The button row along the bottom of the middle (window pixels)."""
        c = self.centre_rect()
        px = self.app.px
        keys = ("show_board", "to_title", "new_setup", "play_again")
        if self.has_review():  # the game review's tabs (end_review.py)
            keys = ("show_review",) + keys
        gap = px(16)
        h = max(px(80), 48)
        w = min(px(340), (c.w - gap * (len(keys) - 1)) // len(keys))
        x = c.centerx - (w * len(keys) + gap * (len(keys) - 1)) // 2
        return {k: pygame.Rect(x + j * (w + gap), c.bottom - h, w, h) for j, k in enumerate(keys)}

    def facing_chart_box(self) -> pygame.Rect:
        c = self.centre_rect()
        px = self.app.px
        top = c.y + px(56)  # under the heading
        bottom = min(r.y for r in self.facing_buttons().values()) - px(16 + (40 if self.error or self.hints_text()
                                                                             else 0))
        return pygame.Rect(c.x, top, c.w, max(px(60), bottom - top))

    # ---- drawing --------------------------------------------------------------------------------
    def _draw_facing(self, surface: pygame.Surface) -> None:
        c = self.centre_rect()
        self._draw_heading(surface, c)
        self._draw_chart(surface, self.facing_chart_box())
        for i, edge, rect in self.seat_cards():
            card = self.seat_card(i, rect.w if edge in ("bottom", "top") else rect.h,
                                  rect.h if edge in ("bottom", "top") else rect.w)
            surface.blit(pygame.transform.rotate(card, EDGE_ROTATION[edge]), rect)

    def _draw_heading(self, surface: pygame.Surface, c: pygame.Rect) -> None:
        """"Final scores" and the board over the chart, centred in the middle; words wider than it are reported."""
        th, px = self.app.theme, self.app.px
        head = self.app.fonts.get(px(44), True).render(_("Final scores"), True, th.ink)
        board = self.app.fonts.get(px(26)).render(self.title(), True, th.muted)
        w = head.get_width() + px(24) + board.get_width()
        textfit.check(_("Final scores"), c.w, w, "end screen heading (round a table)")
        x = c.centerx - min(w, c.w) // 2
        surface.blit(head, (x, c.y))
        surface.blit(board, board.get_rect(bottomleft=(x + head.get_width() + px(24), c.y + head.get_height() - px(6))))

    def seat_card(self, i: int, w: int, h: int) -> pygame.Surface:
        """Seat ``i``'s result, upright (its edge at the bottom), ``w`` along the edge and ``h`` deep."""
        th, px = self.app.theme, self.app.px
        win = i in end_winners(self.state)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        box = surf.get_rect().inflate(-px(4), -px(4))
        pygame.draw.rect(surf, WINNER_FILL if win else th.panel, box, border_radius=px(14))
        pygame.draw.rect(surf, th.highlight if win else th.panel_edge, box, max(1, px(3 if win else 2)),
                         border_radius=px(14))
        pad = px(16)
        inner = box.inflate(-2 * pad, -2 * pad)
        # who won, across the top: every seat reads it facing it
        note = tie_note(self.state)
        f_note = self._fitting_font(note, inner.w, (24, 22, 20, 18, 16), bold=True)
        note_img = f_note.render(textfit.cut(f_note, note, inner.w, "end seat card: who won"), True, th.accent)
        surf.blit(note_img, inner.topleft)
        # the points by category along the bottom
        cats = self._category_words(i, inner.w)
        f_cat = self._fitting_font(cats, inner.w, (20, 18, 16, 15), condensed=True)
        cat_img = f_cat.render(textfit.cut(f_cat, cats, inner.w, "end seat card: categories"), True, th.muted)
        surf.blit(cat_img, cat_img.get_rect(bottomleft=inner.bottomleft))
        # place, name with lines, and the total in the middle
        mid = pygame.Rect(inner.x, inner.y + note_img.get_height(), inner.w,
                          inner.h - note_img.get_height() - cat_img.get_height())
        rank = dict(rank_labels(self.state))[i]
        r_img = self.app.fonts.get(px(52), True).render(rank, True, th.ink)
        surf.blit(r_img, r_img.get_rect(midleft=(mid.x, mid.centery)))
        score = self.state.players[i].score
        t_img = self.app.fonts.get(px(52), True).render(str(score), True, th.ink)
        u_img = self.app.fonts.get(px(20)).render(ngettext("point", "points", score), True, th.muted)
        y0 = mid.centery - (t_img.get_height() + u_img.get_height()) // 2
        surf.blit(t_img, t_img.get_rect(topright=(mid.right, y0)))
        surf.blit(u_img, u_img.get_rect(topright=(mid.right, y0 + t_img.get_height())))
        right = mid.right - max(t_img.get_width(), u_img.get_width())
        left = mid.x + r_img.get_width() + px(20)
        who = pygame.Rect(left, mid.y, max(1, right - px(20) - left), mid.h)
        self._draw_card_who(surf, i, who)
        return surf

    def _draw_card_who(self, surf: pygame.Surface, i: int, box: pygame.Rect) -> None:
        """The name (cut to the card) over the seat's line swatches."""
        th, px = self.app.theme, self.app.px
        name = self.player_label(i)
        f = self._fitting_font(name, box.w, (34, 30, 26, 22), bold=True)
        img = f.render(textfit.cut(f, name, max(1, box.w), "end seat card: name"), True, th.ink)
        sw_h = px(28)
        y = box.centery - (img.get_height() + px(6) + sw_h) // 2
        surf.blit(img, (box.x, y))
        cols = self.state.setup.lines[i] if i < len(self.state.setup.lines) else []
        sw_w = min(px(48), (box.w - px(8) * max(0, len(cols) - 1)) // max(1, len(cols)))
        for j, c in enumerate(cols):
            draw_swatch(surf, pygame.Rect(box.x + j * (sw_w + px(8)), y + img.get_height() + px(6), sw_w, sw_h), c,
                        self.app.fonts.get(px(18), True))

    def _category_words(self, i: int, width: int) -> str:
        """"National Rail 8 · Terminus 6 · …" (and the tie-break's branch tiles), in the short words when the full
        ones do not fit the card even small."""
        font = self.app.fonts.get(self.app.px(15), False, True)
        tiles = _("Branch tiles")
        for short in (False, True):
            words = [_(CATEGORY_SHORT[c]) if short and c in CATEGORY_SHORT else _(CATEGORY_LABELS.get(c, c))
                     for c in self.categories()]
            parts = [f"{w} {self.cell(i, c)}" for w, c in zip(words, self.categories())]
            if has_tie_break(self.state):
                parts.append(f"{tiles} {self.cell(i, 'branch_tiles')}")
            text = " · ".join(parts)
            if font.size(text)[0] <= width:
                break
        return text

    def _fitting_font(self, text: str, width: int, sizes, bold: bool = False, condensed: bool = False):
        for size in sizes:
            f = self.app.fonts.get(self.app.px(size), bold, condensed)
            if f.size(text)[0] <= width:
                return f
        return f
