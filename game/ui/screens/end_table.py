"""The end screen's results table: who ranked where, their lines, points by category, the total and the tie-break,
each column fitted to the window with the real fonts. A part of EndScene (end.py), which supplies ``self.state``,
``self.app``, ``self.R``, ``self.text`` and the player's words."""
from __future__ import annotations

import msgspec
import pygame

from ...engine.state import SCORE_CATEGORIES
from ...i18n import CATEGORY_LABELS, N_, _
from .. import textfit
from ..theme import draw_swatch
from .results import end_winners, has_tie_break, rank_labels, tie_note

# Shorter headers for the end table when the full words do not fit their column at this window size.
CATEGORY_SHORT = {
    "national_rail": N_("Nat. Rail"), "terminus": N_("Term."), "connections": N_("Conn."), "passenger": N_("Pass."),
    "plus": N_("+ stn."), "landmark_sets": N_("Sets"), "landmark_bonus": N_("Bonus"), "water": N_("Water"),
    "objectives": N_("Obj."),
}


class TableColumn(msgspec.Struct):
    """One number column of the end table, in window pixels, with its header lines as drawn."""

    key: str  # a score category, "total" or "branch_tiles"
    kind: str  # "points" (they add up to the total), "total" or "tiebreak"
    x: int  # left edge
    w: int
    header: list[tuple[str, pygame.Rect]]  # (text, where it is drawn)


class ResultsTable:
    """The table on the left of the results: its columns, its rows and how they are drawn."""

    HEADER_PT, VALUE_PT, TOTAL_PT = 20, 32, 44

    def categories(self) -> list[str]:
        """The categories shown: the board's own, even at 0 (London: the five its rules score; Berlin: no
        connection tiles, but "+" stations, landmark sets and the landmark bonus), then any other that
        scored."""
        from ...engine.rules import board_of
        from ..cities import drawing_for

        base = list(drawing_for(board_of(self.state)).end_categories)
        extra = [c for c in SCORE_CATEGORIES if c not in base
                 and any(p.points.get(c, 0) for p in self.state.players)]
        extra += sorted({c for p in self.state.players for c in p.points} - set(base) - set(extra))
        return base + extra

    def cell(self, i: int, key: str) -> int:
        p = self.state.players[i]
        if key == "total":
            return p.score
        if key == "branch_tiles":
            return p.branch_tiles
        return p.points.get(key, 0)

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

    def _draw_who(self, surface: pygame.Surface, i: int, box: pygame.Rect) -> None:
        """Name (and "(computer, level)"), then the player's line chips, fitted inside ``box`` (a row's frame: the
        winner's is drawn round it): on three rows, else two (the chips or the words beside the name, or the chips
        beside the words), else all a size smaller."""
        px = self.app.px
        inner = box.inflate(0, -2 * px(6))
        p = self.state.players[i]
        extra = self.player_label(i)[len(p.name):].strip()
        for name_pt, extra_pt, chip_h in ((34, 24, 30), (28, 20, 24), (24, 18, 20)):
            name, words, chips = self._who_parts(i, p.name, extra, box.w, name_pt, extra_pt, chip_h)
            forms = [[[name], [words], [chips]], [[name, chips], [words]], [[name, words], [chips]],
                     [[name], [words, chips]]] if words is not None else [[[name], [chips]], [[name, chips]]]
            for form in forms:
                rows = [r for r in form if r]
                gap = px(10)
                if all(sum(s.get_width() for s in r) + gap * (len(r) - 1) <= box.w for r in rows) \
                        and sum(max(s.get_height() for s in r) for r in rows) + px(4) * (len(rows) - 1) <= inner.h:
                    break
            else:
                continue
            break
        y = inner.centery - (sum(max(s.get_height() for s in r) for r in rows) + px(4) * (len(rows) - 1)) // 2
        for r in rows:
            h = max(s.get_height() for s in r)
            x = box.x
            for img in r:
                surface.blit(img, (x, y + (h - img.get_height()) // 2))
                x += img.get_width() + px(10)
            y += h + px(4)

    def _who_parts(self, i: int, name: str, extra: str, width: int, name_pt: int, extra_pt: int, chip_h: int):
        """(name, words or None, chips) drawn at these sizes, the name stepped down (condensed) to fit ``width``."""
        th = self.app.theme
        px = self.app.px
        size = name_pt
        nfont = self.app.fonts.get(px(size), True)
        while nfont.size(name)[0] > width and size > 18:
            size -= 2
            nfont = self.app.fonts.get(px(size), True, True)
        name_img = nfont.render(name, True, th.ink)
        textfit.check(name, width, name_img.get_width(), "end table player")
        words = None
        if extra:
            ef = self.app.fonts.get(px(extra_pt))
            if ef.size(extra)[0] > width:
                ef = self.app.fonts.get(px(extra_pt - 4), False, True)
            words = ef.render(extra, True, th.muted)
            textfit.check(extra, width, words.get_width(), "end table player")
        cols = self.state.setup.lines[i] if i < len(self.state.setup.lines) else []
        sw_h, gap = px(chip_h), px(8)
        sw_w = min(px(chip_h * 5 // 3), (width - gap * max(0, len(cols) - 1)) // max(1, len(cols)))
        chips = pygame.Surface((max(1, len(cols) * (sw_w + gap) - gap), sw_h), pygame.SRCALPHA)
        for j, c in enumerate(cols):
            draw_swatch(chips, pygame.Rect(j * (sw_w + gap), 0, sw_w, sw_h), c,
                        self.app.fonts.get(px(chip_h * 2 // 3), True))
        return name_img, words, chips
