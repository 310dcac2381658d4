"""The replay viewer's bar: step back and forward an action or a turn, play and pause, the speed, the log, Close
and the turn slider. It goes into the room the board's paper leaves inside its place (a row above the paper, else a
column beside it), so the viewer's board is as big as the play screen's (issue 22 item 5). A part of ReplayScene
(replay.py), which supplies ``self.board_view``, ``self.stops``, ``self.step``, ``self.playing`` and the rest."""
from __future__ import annotations

import pygame

from .. import textfit
from .. import theme as th
from ..play.layout import is_laptop
from ...i18n import _

BAR_H = 96  # design px at 1080p


class ReplayBar:
    """Where the bar goes, its buttons and slider, and how it is drawn and hit."""

    def _layout(self) -> None:
        """The play screen's layout, the board as big as there (issue 22 item 5): the bar goes into the room the
        board's paper leaves inside its place, a row above the paper when the paper leaves room above it, else a
        column beside it (two buttons a row, else one), in the room left of the paper or, when the paper is
        centred with too little on each side, in the room of both sides (the paper moves right, as big as
        before); on a laptop under the face-up cards, where the play screen's action bar stands (``_under_cards``);
        only when none fits does the bar take room from the board, the least it can (``_least_loss``)."""
        super()._layout()
        bv = self.board_view
        p = self.app.px
        h = max(th.touch_px(self.app.scale), p(BAR_H))
        bw, bh = bv.camera.size_units()
        s = min(bv.rect.w / bw, bv.rect.h / bh)
        paper = pygame.Rect(0, 0, round(bw * s), round(bh * s))
        paper.center = bv.rect.center
        corner = self.board_buttons()["names"]
        self.bar_vertical = ""
        if paper.y - bv.rect.y >= h:
            self.bar_rect = pygame.Rect(bv.rect.x, bv.rect.y, corner.x - p(8) - bv.rect.x, h)
        elif not self._under_cards() and not self._column_beside(paper):
            self._least_loss(bw, bh, h)
        self._lay_bar()
        self._invalidate()

    def _under_cards(self) -> bool:
        """A laptop's viewer: its one-row panels give the board the screen's height, so the paper leaves no room
        beside it; the face-up cards' column has it below the cards, where the play screen's action bar stands
        (play/action_bar.py). The bar goes there as a column of touch-high rows, the turn slider included."""
        cards = self.cards
        if not is_laptop(self) or not cards.turning or cards.rects()[0].w < self._column_width(2):
            return False
        rect = cards.split_column(max(4, len(self.state.face_up)), self._column_height(2, "cards"))
        if rect is None:
            return False
        self.bar_vertical = "cards"
        self.bar_rect = rect
        return True

    def _column_beside(self, paper: pygame.Rect) -> bool:
        """The bar as a column left of the board's ``paper`` where it fits (two buttons a row, else one; narrow:
        no turn slider), in the room left of the paper or in the room of both sides (the paper moves right)."""
        bv = self.board_view
        for per_row, kind in ((2, "wide"), (1, "narrow")):
            width = self._column_width(per_row)
            if bv.rect.h < self._column_height(per_row):
                continue
            if paper.x - bv.rect.x >= width:
                self.bar_vertical = kind
                self.bar_rect = pygame.Rect(bv.rect.x, bv.rect.y, paper.x - bv.rect.x, bv.rect.h)
                return True
            if bv.rect.w - paper.w >= width:
                self.bar_vertical = kind
                self.bar_rect = pygame.Rect(bv.rect.x, bv.rect.y, width, bv.rect.h)
                bv.set_rect(pygame.Rect(bv.rect.x + width, bv.rect.y, bv.rect.w - width, bv.rect.h))
                return True
        return False

    def _least_loss(self, bw: float, bh: float, h: int) -> None:
        """No room beside or above the paper (four seats round a table on a wide board): the bar takes from the
        board's place whichever of a row across its top or a column down its left (two buttons a row, or the
        narrow one of icons) leaves the board biggest (a column costs it only the width the paper did not fill)."""
        bv = self.board_view
        rect = bv.rect
        best = ("", min(rect.w / bw, (rect.h - h) / bh), h)  # a row across the top
        for per_row, kind in ((2, "wide"), (1, "narrow")):
            width = self._column_width(per_row)
            scale = min((rect.w - width) / bw, rect.h / bh)
            if rect.h >= self._column_height(per_row) and scale > best[1]:
                best = (kind, scale, width)
        self.bar_vertical, _scale, size = best
        if self.bar_vertical:  # the column takes the margin between the seat's panel and the board's place too
            m = max(2, round(6 * self.app.scale)) if self.bar_vertical == "narrow" else 0
            self.bar_rect = pygame.Rect(rect.x - m, rect.y, size, rect.h)
            bv.set_rect(pygame.Rect(rect.x - m + size, rect.y, rect.w + m - size, rect.h))
        else:
            self.bar_rect = pygame.Rect(rect.x, rect.y, rect.w, h)
            bv.set_rect(pygame.Rect(rect.x, rect.y + h, rect.w, max(10, rect.h - h)))

    def _button_size(self) -> tuple[int, int]:
        p = self.app.px
        bw = max(th.touch_px(self.app.scale), p(84))
        return bw, max(th.touch_px(self.app.scale), p(BAR_H) - p(12))

    def _column_rows(self, per_row: int) -> list[tuple[str, ...]]:
        if per_row == 2:
            return [("turn_back", "back"), ("play",), ("forward", "turn_forward"), ("slider",), ("speed",), ("log",),
                    ("close",)]
        return [(name,) for name in ("turn_back", "back", "play", "forward", "turn_forward", "speed", "log", "close")]

    def _column_width(self, per_row: int) -> int:
        """The narrowest column the bar fits in: ``per_row`` touch-sized buttons side by side, and the widest of
        the words a whole row holds (Play, the speeds, Log, Close) in the buttons' smaller letters; the narrow
        column (one a row) shows icons, not words, with a thin margin: it is the one that must fit the strip a
        wide board leaves beside it (four seats round a table: 51 px at 1280x720, 76 at 1920x1080)."""
        p = self.app.px
        if per_row == 1:
            return th.touch_px(self.app.scale) + 2 * p(3)
        small = self.fonts.get(p(20), True, True)
        words = max(small.size(w)[0] for w in (_("Play"), _("Pause"), _("Slow"), _("Normal"), _("Fast"), _("Log"),
                                               _("Close"))) + p(8)
        return max(per_row * th.touch_px(self.app.scale) + (per_row - 1) * p(8), words) + 2 * p(8)

    def _column_height(self, per_row: int, kind: str = "") -> int:
        return len(self._column_rows(per_row)) * (self._row_height(kind) + self.app.px(8)) + self.app.px(8)

    def _row_height(self, kind: str) -> int:
        """A column row's height: the bar's buttons', touch-high under a laptop's cards (the room there is the
        action bar's)."""
        return th.touch_px(self.app.scale) if kind == "cards" else self._button_size()[1]

    def _lay_bar(self) -> None:
        if self.bar_vertical:
            self._lay_column()
            return
        p = self.app.px
        r = self.bar_rect
        gap = p(8)
        bw = self._button_size()[0]
        y, h = r.y + p(6), r.h - p(12)
        x = r.x + gap
        self.bar_buttons = {}
        for name in ("turn_back", "back", "play", "forward", "turn_forward"):
            w = bw * (2 if name == "play" else 1)
            self.bar_buttons[name] = pygame.Rect(x, y, w, h)
            x += w + gap
        right = r.right - gap
        for name in ("close", "log", "speed"):
            w = bw * 2
            self.bar_buttons[name] = pygame.Rect(right - w, y, w, h)
            right -= w + gap
        self.slider_rect = pygame.Rect(x + gap, y, max(p(40), right - x - 2 * gap), h)

    def _lay_column(self) -> None:
        """The bar as a column beside the board: back and forward in pairs, Play, the turn slider, the rest (a
        narrow column: one button a row, no slider)."""
        p = self.app.px
        r = self.bar_rect
        gap = p(8)
        h = self._row_height(self.bar_vertical)
        side = p(3) if self.bar_vertical == "narrow" else gap
        w = min(r.w - 2 * side, p(300))
        x = r.x + (r.w - w) // 2
        half = (w - gap) // 2
        rows = self._column_rows(1 if self.bar_vertical == "narrow" else 2)
        y = r.y + max(gap, (r.h - len(rows) * (h + gap)) // 2)
        self.bar_buttons = {}
        self.slider_rect = pygame.Rect(-10000, -10000, 0, 0)  # none unless a row holds it
        for names in rows:
            for k, name in enumerate(names):
                cell = pygame.Rect(x + k * (half + gap), y, half, h) if len(names) == 2 else pygame.Rect(x, y, w, h)
                if name == "slider":
                    self.slider_rect = cell
                else:
                    self.bar_buttons[name] = cell
            y += h + gap

    def _button_label(self, name: str) -> str:
        if self.bar_vertical == "narrow" and name in ("speed", "close"):  # icons: the column has no room for words
            return {"slow": "½×", "normal": "1×", "fast": "2×"}[self.speed] if name == "speed" else "✕"
        return {"turn_back": "|◀", "back": "◀", "play": _("Pause") if self.playing else _("Play"),
                "forward": "▶", "turn_forward": "▶|", "speed": {"slow": _("Slow"), "normal": _("Normal"),
                                                                 "fast": _("Fast")}[self.speed],
                "log": _("Log"), "close": _("Close")}[name]

    def _draw_icon(self, surface: pygame.Surface, name: str, r: pygame.Rect, ink) -> bool:
        """The narrow column's Play, Pause and Log as drawn icons (False: the button shows its label)."""
        if self.bar_vertical != "narrow" or name not in ("play", "log"):
            return False
        p = self.app.px
        a = min(r.w, r.h) // 4
        cx, cy = r.center
        if name == "log":  # lines of text
            for dy in (-a * 2 // 3, 0, a * 2 // 3):
                pygame.draw.line(surface, ink, (cx - a, cy + dy), (cx + a, cy + dy), max(2, p(4)))
        elif self.playing:  # pause: two bars
            bar = max(2, a * 2 // 3)
            for x in (cx - a + bar // 2, cx + a - bar // 2):
                pygame.draw.line(surface, ink, (x, cy - a), (x, cy + a), bar)
        else:
            pygame.draw.polygon(surface, ink, [(cx - a * 2 // 3, cy - a), (cx - a * 2 // 3, cy + a), (cx + a, cy)])
        return True

    def _button_enabled(self, name: str) -> bool:
        if name in ("turn_back", "back"):
            return self.step > 0
        if name in ("forward", "turn_forward"):
            return self.step < self.n_steps
        return True

    def slider_value_x(self, t: int) -> float:
        r = self.slider_rect
        pad = r.h / 2
        n = max(1, len(self.stops) - 1)
        return r.x + pad + (r.w - 2 * pad) * t / n

    def stop_at(self, x: float) -> int:
        r = self.slider_rect
        pad = r.h / 2
        n = max(1, len(self.stops) - 1)
        frac = (x - r.x - pad) / max(1.0, r.w - 2 * pad)
        return max(0, min(n, round(frac * n)))

    def _shown_stop(self) -> int:
        return max(k for k, s in enumerate(self.stops) if s <= self.step)

    def point_for_bar(self, name: str) -> tuple[float, float]:
        """Where the bar's button ``name`` is on screen (tests tap there)."""
        return self.bar_buttons[name].center

    def point_for_turn(self, t: int) -> tuple[float, float]:
        return (self.slider_value_x(t), self.slider_rect.centery)


    def _draw_bar(self, surface: pygame.Surface) -> None:
        t = self.theme
        p = self.app.px
        pygame.draw.rect(surface, t.panel, self.bar_rect)
        r = self.bar_rect
        edge = (r.topright, r.bottomright) if self.bar_vertical else (r.bottomleft, r.bottomright)
        pygame.draw.line(surface, t.panel_edge, *edge, max(1, p(2)))
        f = self.fonts.get(p(26), True)
        for name, r in self.bar_buttons.items():
            on = self._button_enabled(name)
            primary = name == "play"
            fill = t.accent if primary else t.bg
            pygame.draw.rect(surface, fill, r, border_radius=p(12))
            if not primary:
                pygame.draw.rect(surface, t.panel_edge, r, width=max(1, p(2)), border_radius=p(12))
            ink = t.accent_ink if primary else (t.ink if on else t.panel_edge)
            if self._draw_icon(surface, name, r, ink):
                continue
            label = self._button_label(name)
            img = f.render(label, True, ink)
            if img.get_width() > r.w - p(8):
                img = self.fonts.get(p(20), True, True).render(label, True, ink)
                textfit.check(label, r.w - p(8), img.get_width(), "replay bar")
            surface.blit(img, img.get_rect(center=r.center))
        # the turn slider: a track, a tick per turn start, the knob at the shown turn
        r = self.slider_rect
        if r.w <= 0:
            return
        y = r.centery
        x0, x1 = self.slider_value_x(0), self.slider_value_x(len(self.stops) - 1)
        pygame.draw.line(surface, t.panel_edge, (x0, y), (x1, y), max(2, p(6)))
        k = self._shown_stop()
        pygame.draw.line(surface, t.accent, (x0, y), (self.slider_value_x(k), y), max(2, p(6)))
        knob = max(p(14), r.h // 4)
        pygame.draw.circle(surface, t.accent, (round(self.slider_value_x(k)), y), knob)
        small = self.fonts.get(p(20))
        label = _("turn {turn} of {turns}").format(turn=self.turn_index + 1, turns=self.n_turns)
        img = small.render(label, True, t.muted)
        surface.blit(img, img.get_rect(midbottom=(r.centerx, r.bottom + p(2))))

    def _bar_target(self, x: float, y: float) -> str | None:
        if not self.bar_rect.collidepoint(x, y):
            return None
        for name, r in self.bar_buttons.items():
            if r.collidepoint(x, y):
                return name
        if self.slider_rect.inflate(0, self.app.px(20)).collidepoint(x, y):
            return "slider"
        return ""
