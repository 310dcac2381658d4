"""What the play screen lays over the board: route previews, dotted routes, score tags, the turn banner
and the board's view buttons.

These are drawn into the backdrop (they change only when the position or the view does). Each function
is given what it shows, so it can be read without the scene.
"""
from __future__ import annotations

import math

import pygame

from .. import theme as th
from ..board_view import disc
from ..seats import EDGE_ROTATION


class Overlays:
    """Draws the board overlays with one theme and font cache; ``k`` is the window's ui scale."""

    def __init__(self, theme: th.Theme, fonts: th.Fonts):
        self.theme = theme
        self.fonts = fonts

    # ---- board buttons ---------------------------------------------------------------------------
    @staticmethod
    def board_buttons(bv, k: float) -> dict[str, pygame.Rect]:
        """Small view controls in the board's top corner: names facing the active seat, and fit the board
        (shown only when zoomed in)."""
        side = max(round(th.touch_px(k) * 0.8), round(48 * k))
        m = round(8 * k)
        br = bv.rect
        out = {"names": pygame.Rect(br.right - m - side, br.top + m, side, side)}
        if bv.zoom > 1.001:
            out["fit"] = pygame.Rect(out["names"].x - m - side, br.top + m, side, side)
        return out

    def draw_board_buttons(self, surf: pygame.Surface, buttons: dict[str, pygame.Rect], k: float,
                           names_active: bool, facing: str) -> None:
        t = self.theme
        f = self.fonts.get(max(10, round(20 * k)), True)
        for name, r in buttons.items():
            on = name == "names" and names_active
            pygame.draw.rect(surf, t.accent if on else (255, 255, 255), r, border_radius=r.w // 3)
            pygame.draw.rect(surf, t.accent, r, width=max(1, round(2 * k)), border_radius=r.w // 3)
            ink = t.accent_ink if on else t.accent
            if name == "names":
                img = f.render("Aa", True, ink)
                if on:
                    img = pygame.transform.rotate(img, EDGE_ROTATION[facing])
                surf.blit(img, img.get_rect(center=r.center))
            else:  # fit: four corner marks
                q = r.inflate(-r.w // 2, -r.h // 2)
                lw = max(2, round(3 * k))
                e = q.w // 3
                for cx, cy, dx, dy in ((q.left, q.top, 1, 1), (q.right, q.top, -1, 1), (q.left, q.bottom, 1, -1),
                                       (q.right, q.bottom, -1, -1)):
                    pygame.draw.line(surf, ink, (cx, cy), (cx + dx * e, cy), lw)
                    pygame.draw.line(surf, ink, (cx, cy), (cx, cy + dy * e), lw)

    # ---- route previews --------------------------------------------------------------------------
    def draw_route_choice(self, surf: pygame.Surface, bv, state, options, preview: int | None, k: float) -> None:
        """The route options being chosen: the others dotted grey, the previewed one bold with its tag."""
        for i, opt in enumerate(options):
            if i != preview:
                self.dotted_route(surf, bv, opt.hops, self.theme.muted, 0.55, k)
        if preview is not None and 0 <= preview < len(options):
            opt = options[preview]
            bv.draw_route(surf, opt.hops, state)
            self.dotted_route(surf, bv, opt.hops, self.theme.accent, 0.9, k)
            self.score_tag(surf, bv, state, opt, k)
        for opt in options:
            bv.draw_station_ring(surf, opt.destination, self.theme.accent, 0.6)

    def draw_would_go(self, surf: pygame.Surface, bv, state, options, k: float) -> None:
        """Where the passenger would go if the turn ended now (before the last action)."""
        for opt in options:
            self.dotted_route(surf, bv, opt.hops, self.theme.accent, 0.8, k)
            bv.draw_station_ring(surf, opt.destination, self.theme.accent, 0.5)
        if len(options) == 1:
            self.score_tag(surf, bv, state, options[0], k)
        elif options:
            self.score_tag(surf, bv, state, options[0], k, text="tie: the player chooses")

    def dotted_route(self, surf: pygame.Surface, bv, hops, colour, weight: float, k: float) -> None:
        r = max(2.0, bv.lane_gap * 0.32 * weight + 1.5 * k)
        step = r * 3.2
        for h in hops:
            p, q = bv.station_xy(h[0]), bv.station_xy(h[1])
            L = math.hypot(q[0] - p[0], q[1] - p[1])
            n = max(1, int(L / step))
            for j in range(n + 1):
                t = j / n
                c = (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)
                disc(surf, (255, 255, 255), c, r + max(1.0, r * 0.4))
                disc(surf, colour, c, r)

    def score_tag(self, surf: pygame.Surface, bv, state, opt, k: float, text: str | None = None) -> None:
        """A small label by the destination: which lines would score."""
        x, y = bv.station_xy(opt.destination)
        f = self.fonts.get(max(11, round(17 * k)), True)
        chip = max(12, round(22 * k))
        label = text or ("scores:" if opt.lines else "no line scores")
        img = f.render(label, True, self.theme.ink)
        w = img.get_width() + round(14 * k) + (0 if text else len(opt.lines) * (chip + round(4 * k)))
        h = max(img.get_height(), chip) + round(10 * k)
        box = pygame.Rect(0, 0, w, h)
        box.midbottom = (round(x), round(y - bv.station_radius(opt.destination) - 14 * k))
        box.clamp_ip(bv.rect)
        pygame.draw.rect(surf, (255, 255, 255), box, border_radius=round(8 * k))
        pygame.draw.rect(surf, self.theme.accent, box, width=max(1, round(2 * k)), border_radius=round(8 * k))
        surf.blit(img, (box.x + round(7 * k), box.centery - img.get_height() // 2))
        if not text:
            cx = box.x + round(7 * k) + img.get_width() + round(4 * k)
            for li in opt.lines:
                th.draw_swatch(surf, pygame.Rect(cx, box.centery - chip // 2, chip, chip), state.lines[li].colour,
                               self.fonts.get(max(8, round(chip * 0.62)), True), radius=round(4 * k))
                cx += chip + round(4 * k)

    # ---- turn banner -----------------------------------------------------------------------------
    def draw_banner(self, surf: pygame.Surface, bv, panel, text: str, k: float, over: bool) -> pygame.Rect:
        """The turn banner on the board edge facing the active seat, rotated to read from there; returns
        where it went."""
        f = self.fonts.get(max(12, round(24 * k)), True)
        img = f.render(text, True, self.theme.accent_ink)
        pad = round(12 * k)
        box = pygame.Surface((img.get_width() + 2 * pad, img.get_height() + pad), pygame.SRCALPHA)
        colour = self.theme.ink if over else self.theme.accent
        pygame.draw.rect(box, colour, box.get_rect(), border_radius=round(14 * k))
        box.blit(img, (pad, pad // 2))
        rot = EDGE_ROTATION[panel.edge]
        if rot:
            box = pygame.transform.rotate(box, rot)
        (x0, y0), (x1, y1) = bv.to_screen(bv.bounds[0], bv.bounds[1]), bv.to_screen(bv.bounds[2], bv.bounds[3])
        br = bv.rect.clip(pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0)))  # the visible sheet
        if br.w < box.get_width() or br.h < box.get_height():
            br = bv.rect
        pr = panel.rect.clip(br.inflate(0, 4000) if panel.edge in ("bottom", "top") else br.inflate(4000, 0))
        if pr.w <= 0 or pr.h <= 0:
            pr = br
        r = box.get_rect()
        m = round(8 * k)
        taken = bv.occupied_rects()
        best = None
        for f in (0.5, 0.38, 0.62, 0.25, 0.75):  # along the seat's stretch of edge, where it hides least
            if panel.edge in ("bottom", "top"):
                x = pr.x + pr.w * f
                if panel.edge == "bottom":
                    r.midbottom = (round(x), br.bottom - m)
                else:
                    r.midtop = (round(x), br.top + m)
            else:
                y = pr.y + pr.h * f
                if panel.edge == "left":
                    r.midleft = (br.left + m, round(y))
                else:
                    r.midright = (br.right - m, round(y))
            r.clamp_ip(br)
            hidden = sum(c.w * c.h for c in (r.clip(t) for t in taken) if c.w > 0 and c.h > 0)
            if best is None or hidden < best[0]:
                best = (hidden, r.copy())
            if hidden == 0:
                break
        return surf.blit(box, best[1])
