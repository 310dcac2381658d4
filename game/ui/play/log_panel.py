"""The game log panel: every action and score in words (engine/log_words.py), facing the seat that asked.

Opened from the game menu ("Log") over the play screen, and from the replay viewer. The play screen is paused
under it (an opaque scene, as the menu). The list scrolls by dragging a finger (or the mouse wheel); tapping an
entry shows it on the board: the connection and stations it is about are ringed above the dimmed table, and the
card moves along its edge so it does not hide them. In the replay viewer a tap also takes the viewer to the
position after that entry's action (``on_pick``).
"""
from __future__ import annotations

import math

import pygame

from ...engine.log_words import TURN, GameLog, LogEntry
from .. import textfit
from .. import theme as th
from ..scene import CANCEL, DOWN, MOVE, UP, PointerEvent, Scene
from ..seats import EDGE_ROTATION, screen_to_upright, upright_to_screen

from ...i18n import _, words_text  # the screens' words in the player's language (game/i18n.py)

CARD_W = 760  # design px at 1080p, upright
TAP_SLOP = 14  # design px a finger may wander and still tap
ROW_PAD = 10


def game_log_for(play) -> GameLog:
    """The play screen's log, kept on the scene and brought up to date with its position (undo included)."""
    book = play.__dict__.get("_game_log")
    if book is None or book.setup is not play.state.setup:
        book = GameLog(play.state.setup)
        play.__dict__["_game_log"] = book
    book.update(play.state.log)
    return book


class LogPanel(Scene):
    """The log of the game on ``play`` (a PlayScene or the replay viewer), facing ``seat``'s edge."""

    opaque = True

    def __init__(self, app, play, seat: int, on_pick=None, entries: list[LogEntry] | None = None):
        super().__init__(app)
        self.play = play
        self.seat = seat if 0 <= seat < len(play.panels) else 0
        self.edge = play.panels[self.seat].edge if play.panels else "bottom"
        self.entries = list(entries) if entries is not None else list(game_log_for(play).entries)
        self.on_pick = on_pick
        self.chosen: int | None = None  # index into entries of the entry shown on the board
        self.scroll = math.inf  # upright px from the list's top; inf: the newest entries (the end)
        self.slot = 1  # where along its edge the card sits: 0 start, 1 middle, 2 end
        self.card_rect = pygame.Rect(0, 0, 1, 1)
        self.close_rect = pygame.Rect(0, 0, 1, 1)  # upright card coordinates
        self.list_rect = pygame.Rect(0, 0, 1, 1)
        self.rows: list[tuple[int, int, int, list[str]]] = []  # (entry index, top, height, wrapped lines)
        self.content_h = 0
        self._card: pygame.Surface | None = None
        self._shade: pygame.Surface | None = None
        self._press: dict[int, dict] = {}
        self._size = (0, 0)

    # ---- geometry ---------------------------------------------------------------------------------
    @property
    def rotation(self) -> int:
        return EDGE_ROTATION.get(self.edge, 0)

    def _upright_size(self) -> tuple[int, int]:
        bv = self.play.board_view.rect
        p = self.app.px
        along, across = (bv.w, bv.h) if self.rotation in (0, 180) else (bv.h, bv.w)
        w = min(p(CARD_W), along - p(16))
        h = max(p(300), round(across * (0.86 if self.rotation in (0, 180) else 0.5)))
        return max(p(200), w), min(h, across - p(8))

    def _fonts(self):
        p = self.app.px
        f = self.play.fonts
        return f.get(p(24)), f.get(p(24), True), f.get(p(34), True)

    def _lay_rows(self, w: int) -> None:
        body, bold, _head = self._fonts()
        p = self.app.px
        width = w - 2 * p(20) - p(12) - p(14)  # the list's inset on the left, the scroll bar on the right
        y = 0
        self.rows = []
        for i, e in enumerate(self.entries):
            f = bold if e.kind == TURN else body
            lines = th.wrap(f, words_text(e.text), max(1, width)) or [""]  # the log's words, said now
            h = len(lines) * f.get_linesize() + 2 * p(ROW_PAD)
            if e.kind == TURN:
                h += p(8)
            self.rows.append((i, y, h, lines))
            y += h
        self.content_h = y

    def _layout(self) -> tuple[int, int]:
        w, h = self._upright_size()
        p = self.app.px
        pad = p(20)
        touch = th.touch_px(self.app.scale)
        self.close_rect = pygame.Rect(w - pad - p(200), pad, p(200), max(touch, p(70)))
        top = self.close_rect.bottom + p(12)
        self.list_rect = pygame.Rect(pad, top, w - 2 * pad, h - top - pad)
        if self._size != (w, h) or not self.rows:
            self._lay_rows(w)
            self._size = (w, h)
        self.scroll = max(0, min(self.scroll, self.content_h - self.list_rect.h))
        return w, h

    def _place(self, size: tuple[int, int]) -> pygame.Rect:
        """Against the seat's edge of the board, at ``slot`` along it (near its panel by default)."""
        bv = self.play.board_view.rect
        panel = self.play.panels[self.seat].rect if self.play.panels else bv
        r = pygame.Rect((0, 0), size)
        m = self.app.px(8)
        if self.edge in ("bottom", "top"):
            r.centerx = [bv.left + r.w // 2 + m, panel.centerx, bv.right - r.w // 2 - m][self.slot]
            if self.edge == "bottom":
                r.bottom = bv.bottom - m
            else:
                r.top = bv.top + m
        else:
            r.centery = [bv.top + r.h // 2 + m, panel.centery, bv.bottom - r.h // 2 - m][self.slot]
            if self.edge == "left":
                r.left = bv.left + m
            else:
                r.right = bv.right - m
        return r.clamp(pygame.Rect((0, 0), self.app.size))

    def to_local(self, x: float, y: float) -> tuple[float, float]:
        """Screen point -> upright card coordinates (the card turned to face its seat)."""
        return screen_to_upright(self.card_rect, self.rotation, x, y)

    def to_screen(self, u: float, v: float) -> tuple[float, float]:
        return upright_to_screen(self.card_rect, self.rotation, u, v)

    def _build(self) -> None:
        if self._card is not None:
            return
        w, h = self._layout()
        card = self._draw_card(w, h)
        self._card = pygame.transform.rotate(card, self.rotation) if self.rotation else card
        self.card_rect = self._place(self._card.get_size())

    # ---- what tests and the viewer ask -------------------------------------------------------------
    def point_for_close(self) -> tuple[float, float]:
        self._build()
        return self.to_screen(*self.close_rect.center)

    def visible_entries(self) -> list[int]:
        self._build()
        top, bottom = self.scroll, self.scroll + self.list_rect.h
        return [i for i, y, h, _l in self.rows if y + h > top and y < bottom]

    def point_for_entry(self, i: int) -> tuple[float, float] | None:
        """Where entry ``i`` is on screen now (None while it is scrolled out of the list)."""
        self._build()
        for j, y, h, _l in self.rows:
            if j == i:
                top = max(y, self.scroll)
                bottom = min(y + h, self.scroll + self.list_rect.h)
                if bottom - top < 4:
                    return None
                return self.to_screen(self.list_rect.centerx, self.list_rect.y + (top + bottom) / 2 - self.scroll)
        return None

    def scroll_to(self, i: int) -> None:
        """Bring entry ``i`` into the middle of the list."""
        self._build()
        for j, y, h, _l in self.rows:
            if j == i:
                self.scroll = max(0, min(y + h / 2 - self.list_rect.h / 2, self.content_h - self.list_rect.h))
        self._refresh()

    def highlight_area(self) -> pygame.Rect | None:
        """The screen box of what the chosen entry is about (None: nothing chosen, or nothing to show)."""
        if self.chosen is None:
            return None
        e = self.entries[self.chosen]
        bv = self.play.board_view
        pts = [bv.station_xy(s) for s in e.stations]
        for c in e.connections:
            a, b = bv.board.conn_ends[c]
            pts += [bv.station_xy(a), bv.station_xy(b)]
        if not pts:
            return None
        xs = [q[0] for q in pts]
        ys = [q[1] for q in pts]
        m = self.app.px(30)
        return pygame.Rect(int(min(xs) - m), int(min(ys) - m), int(max(xs) - min(xs) + 2 * m),
                           int(max(ys) - min(ys) + 2 * m))

    # ---- drawing -----------------------------------------------------------------------------------
    def _draw_title(self, surf: pygame.Surface, title: str, width: int, head: pygame.font.Font) -> None:
        """The card's title beside Close: smaller, then on two lines (the log / whose), before it is cut."""
        p, f = self.app.px, self.play.fonts
        got = th.fit_lines([head] + [f.get(p(px), True) for px in (30, 26, 22)], title, width, self.close_rect.h)
        font, lines = got or (head, [_fit(head, title, width)])
        y = self.close_rect.y + (self.close_rect.h - len(lines) * font.get_linesize()) // 2
        for j, line in enumerate(lines):
            surf.blit(font.render(line, True, self.play.theme.ink), (p(20), y))
            y += font.get_linesize()

    def _draw_card(self, w: int, h: int) -> pygame.Surface:
        t = self.play.theme
        p = self.app.px
        body, bold, head = self._fonts()
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(surf, t.panel, surf.get_rect(), border_radius=p(20))
        pygame.draw.rect(surf, t.accent, surf.get_rect(), width=p(4), border_radius=p(20))
        pad = p(20)
        name = self.play.state.players[self.seat].name
        # _() outside the f-string: pybabel does not look inside one
        self._draw_title(surf, _("Game log") + " · " + name, self.close_rect.x - 2 * pad, head)
        pygame.draw.rect(surf, t.accent, self.close_rect, border_radius=p(14))
        img = bold.render(_fit(bold, _("Close"), self.close_rect.w - p(12)), True, t.accent_ink)
        surf.blit(img, img.get_rect(center=self.close_rect.center))
        lr = self.list_rect
        inner = surf.subsurface(lr)
        inner.fill(t.bg)
        top = self.scroll
        for i, y, rh, lines in self.rows:
            if y + rh <= top or y >= top + lr.h:
                continue
            e = self.entries[i]
            yy = y - top
            if i == self.chosen:
                pygame.draw.rect(inner, t.highlight, (0, yy, lr.w, rh), border_radius=p(8))
            elif e.kind == TURN:
                pygame.draw.rect(inner, t.panel_edge, (0, yy + p(8), lr.w, rh - p(8)))
            f = bold if e.kind == TURN else body
            colour = t.ink if (e.player >= 0 or e.kind == TURN) else t.muted
            x = p(12)
            if e.player >= 0 and e.kind != TURN:  # the player's own colour mark, beside their entries
                lines_of = self.play.state.players[e.player].lines
                col = self.play.state.lines[lines_of[0]].colour if lines_of else "grey"
                pygame.draw.rect(inner, t.line(col), pygame.Rect(p(2), yy + p(ROW_PAD), p(6), rh - 2 * p(ROW_PAD)))
            ly = yy + p(ROW_PAD) + (p(8) if e.kind == TURN else 0)
            for line in lines:
                inner.blit(f.render(line, True, colour), (x, ly))
                ly += f.get_linesize()
        if self.content_h > lr.h:  # a scroll bar: where the list stands
            frac = lr.h / self.content_h
            bar_h = max(p(30), round(lr.h * frac))
            bar_y = round((lr.h - bar_h) * (self.scroll / max(1, self.content_h - lr.h)))
            pygame.draw.rect(inner, t.muted, (lr.w - p(8), bar_y, p(6), bar_h), border_radius=p(3))
        return surf

    def _draw_highlight(self, surface: pygame.Surface) -> None:
        if self.chosen is None:
            return
        e = self.entries[self.chosen]
        bv = self.play.board_view
        t = self.play.theme
        k = self.app.scale
        w = max(6, round(16 * k))
        for c in e.connections:
            lane = max(0, bv.board.conn_spaces[c] // 2)
            try:
                segs = bv.lane_segments(c, lane)
            except (IndexError, KeyError):
                continue
            for a, b in segs:
                pygame.draw.line(surface, t.highlight, a, b, w)
                pygame.draw.line(surface, t.ink, a, b, max(2, w // 4))
        for s in e.stations:
            x, y = bv.station_xy(s)
            r = bv.station_radius(s) + max(6, round(10 * k))
            pygame.draw.circle(surface, t.highlight, (round(x), round(y)), round(r), max(3, round(6 * k)))

    @property
    def animating(self) -> bool:
        return bool(self.play.board_view.busy or self.play.backdrop.pending)

    def draw(self, surface: pygame.Surface) -> None:
        self.play.draw(surface)
        if self._shade is None or self._shade.get_size() != surface.get_size():
            self._shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._shade.fill((0, 0, 0, 90))
        surface.blit(self._shade, (0, 0))
        self._build()
        self._draw_highlight(surface)
        surface.blit(self._card, self.card_rect)

    def _refresh(self) -> None:
        self._card = None
        self.dirty = True

    def on_resize(self, w: int, h: int) -> None:
        self._size = (0, 0)
        self._refresh()

    def resume(self) -> None:
        self._refresh()

    # ---- input -------------------------------------------------------------------------------------
    def _where(self, x: float, y: float) -> str:
        self._build()
        if not self.card_rect.collidepoint(x, y):
            return "outside"
        u, v = self.to_local(x, y)
        if self.close_rect.collidepoint(u, v):
            return "close"
        if self.list_rect.collidepoint(u, v):
            return "list"
        return "card"

    def entry_at(self, x: float, y: float) -> int | None:
        u, v = self.to_local(x, y)
        if not self.list_rect.collidepoint(u, v):
            return None
        yy = v - self.list_rect.y + self.scroll
        for i, top, h, _l in self.rows:
            if top <= yy < top + h:
                return i
        return None

    def on_pointer(self, e: PointerEvent) -> bool:
        if not (math.isfinite(e.x) and math.isfinite(e.y)):
            return True
        if e.phase == MOVE and e.wheel:
            if self._where(e.x, e.y) == "list":
                self.scroll -= e.wheel * self.app.px(60)
                self._refresh()
            return True
        if e.phase == DOWN:
            self._press[e.pid] = {"where": self._where(e.x, e.y), "x0": e.x, "y0": e.y, "x": e.x, "y": e.y,
                                  "moved": False}
        elif e.phase == MOVE and e.pid in self._press:
            g = self._press[e.pid]
            if g["where"] == "list":
                u0, v0 = self.to_local(g["x"], g["y"])
                u1, v1 = self.to_local(e.x, e.y)
                self.scroll -= v1 - v0
                self._refresh()
            g["x"], g["y"] = e.x, e.y
            if math.hypot(e.x - g["x0"], e.y - g["y0"]) > TAP_SLOP * self.app.scale:
                g["moved"] = True
        elif e.phase == CANCEL:
            self._press.pop(e.pid, None)
        elif e.phase == UP and e.pid in self._press:
            g = self._press.pop(e.pid)
            if g["moved"]:
                return True
            here = self._where(e.x, e.y)
            if here != g["where"]:
                return True
            if here == "outside" or here == "close":
                self.close()
            elif here == "list":
                i = self.entry_at(e.x, e.y)
                if i is not None:
                    self.pick(i)
        return True

    def on_key(self, e) -> bool:
        if getattr(e, "type", None) == pygame.KEYDOWN:
            key = getattr(e, "key", None)
            if key in (pygame.K_ESCAPE, pygame.K_AC_BACK):
                self.close()
            elif key in (pygame.K_UP, pygame.K_PAGEUP):
                self.scroll -= self.app.px(60 if key == pygame.K_UP else 400)
                self._refresh()
            elif key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
                self.scroll += self.app.px(60 if key == pygame.K_DOWN else 400)
                self._refresh()
        return True

    def pick(self, i: int) -> None:
        """Show entry ``i`` on the board (and, in the viewer, go to its position)."""
        self.chosen = i
        if self.on_pick is not None:
            self.on_pick(self.entries[i])
        self._refresh()
        self._build()
        self._keep_clear()

    def _keep_clear(self) -> None:
        """Move the card along its edge so it covers as little as possible of the highlighted places."""
        area = self.highlight_area()
        if area is None:
            return
        best = None
        for slot in (self.slot, 1, 0, 2):
            r = self._place(self.card_rect.size) if slot == self.slot else None
            if r is None:
                keep, self.slot = self.slot, slot
                r = self._place(self.card_rect.size)
                self.slot = keep
            clip = r.clip(area)
            cover = clip.w * clip.h
            if best is None or cover < best[0]:
                best = (cover, slot)
            if cover == 0:
                break
        if best is not None and best[1] != self.slot:
            self.slot = best[1]
            self._refresh()

    def close(self) -> None:
        if self.app.top is self:
            self.app.pop()


def _fit(font: pygame.font.Font, text: str, width: int) -> str:
    return textfit.cut(font, text, width, "log_panel._fit")
