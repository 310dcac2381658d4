"""The end screen's "Show board": the final position, whole, with a legend of who had which lines; drag, wheel or
pinch to look round it, and nothing on it acts. A part of EndScene (end.py), which supplies ``self.state``,
``self.app``, ``self.buttons``, ``self.R``, ``self.text`` and ``self.board_view``."""
from __future__ import annotations

import pygame

from ...engine import rules as engine_rules
from ...i18n import _
from .. import textfit
from ..scene import DOWN, MOVE, PointerEvent
from ..theme import draw_swatch
from .results import rank_labels


class FinalBoard:
    """The final board in place of the results."""

    def board_rect(self) -> pygame.Rect:
        W, H = self.app.size
        top = self.R(0, 120, 0, 0).y
        m = self.app.px(12)
        return pygame.Rect(m, top, W - 2 * m, H - top - m)

    def _draw_board(self, surface: pygame.Surface) -> None:
        """The final position, whole, with a legend of who had which lines; nothing on it acts."""
        from ...engine.state import NO_PASSENGER
        from ..board.view import BoardView

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
