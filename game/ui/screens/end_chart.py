"""The end screen's score race: each player's score after every turn, one line each, marked by shape and named at
its end. A part of EndScene (end.py), which supplies ``self.state``, ``self.app``, ``self.R``, ``self.text``,
``self.player_colour`` and ``self.chance_history`` (end_review.py: empty without a review)."""
from __future__ import annotations

import pygame

from ...i18n import _, pgettext
from .. import textfit
from ..theme import line_outline, line_rgb

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


class ScoreChart:
    """The chart on the right of the results."""

    def chart_box(self) -> pygame.Rect:
        return self.R(1350, 170, 530, 760)

    def _draw_chart(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """Score after each turn, one line per player, marked by shape and named at its end."""
        th = self.app.theme
        st = self.state
        px = self.app.px
        pygame.draw.rect(surface, th.panel, box, border_radius=px(16))
        pygame.draw.rect(surface, th.panel_edge, box, max(1, px(2)), border_radius=px(16))
        self.text(surface, _("Score after each turn"), 28, (box.x + px(24), box.y + px(18)), bold=True)
        label_w = self._chart_label_width(box)  # the players' names at the lines' ends
        plot = pygame.Rect(box.x + px(70), box.y + px(80), min(box.w - px(200), box.w - px(122) - label_w),
                           box.h - px(150))
        chances = self.chance_history()
        if len(chances) > 1:  # the expert's win chances after each turn (the game review's), below the scores
            low = pygame.Rect(plot.x, plot.y + round(plot.h * 0.62) + px(20), plot.w, round(plot.h * 0.38) + px(10))
            plot.h = round(plot.h * 0.62) - px(100)  # its turn numbers and "turn" stay clear of the title below
            self._draw_chances(surface, low, chances)
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
            name = st.players[i].name
            font = next((f for f in (self.app.fonts.get(px(size), False, True) for size in (22, 19, 17))
                         if f.size(name)[0] <= label_w), self.app.fonts.get(px(17), False, True))
            img = font.render(textfit.cut(font, name, label_w, "end chart name"), True, th.ink)
            surface.blit(img, img.get_rect(midleft=(plot.right + px(36), yy)))

    def _chart_label_width(self, box: pygame.Rect) -> int:
        """Room for the names at the lines' ends: the longest name's, taken from the plot up to 2/5 of the box."""
        font = self.app.fonts.get(self.app.px(22), False, True)
        return min(max(font.size(p.name)[0] for p in self.state.players), box.w * 2 // 5)

    def _draw_chances(self, surface: pygame.Surface, plot: pygame.Rect, chances: list[list[float]]) -> None:
        """Each player's chance to win after every turn, by the expert's estimate of the public table."""
        th = self.app.theme
        px = self.app.px
        self.text(surface, _("Chance to win (expert's estimate)"), 22, (plot.x - px(46), plot.y - px(40)), bold=True)
        small = self.app.fonts.get(px(18))
        for v in (0, 50, 100):
            yy = plot.bottom - plot.h * v / 100
            pygame.draw.line(surface, (228, 226, 220), (plot.x, yy), (plot.right, yy), 1)
            img = small.render(f"{v}%", True, th.muted)
            surface.blit(img, img.get_rect(midright=(plot.x - px(6), yy)))
        pygame.draw.line(surface, th.ink, plot.bottomleft, plot.bottomright, max(1, px(2)))
        pygame.draw.line(surface, th.ink, plot.bottomleft, plot.topleft, max(1, px(2)))
        turns = max(1, len(chances) - 1)
        for i in range(len(chances[0])):
            c = self.player_colour(i)
            pts = [(plot.x + plot.w * t / turns, plot.bottom - plot.h * row[i]) for t, row in enumerate(chances)]
            pygame.draw.lines(surface, line_outline(c), False, pts, max(2, px(6)))
            pygame.draw.lines(surface, line_rgb(c), False, pts, max(1, px(3)))
            _marker(surface, _MARKERS[i % len(_MARKERS)], (round(pts[-1][0]), round(pts[-1][1])), max(3, px(6)),
                    line_rgb(c), line_outline(c))
