"""What the position puts on the board: tokens and their letter badges, the legal-space glow, destinations,
the passenger, and the routes and rings overlays draw every frame."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Sequence

import pygame

from .. import theme as th
from ..draw import aapoly, capsule, disc, draw_passenger_figure, lane_pattern, star_points

if TYPE_CHECKING:
    from .view import BoardView

TOKEN_W = 0.82  # token width, as a fraction of LANE_GAP
GLOW_END_W, GLOW_END_ALPHA = 3.0, 200  # halo width (lane gaps) and opacity at a line's ends
GLOW_OPEN_W, GLOW_OPEN_ALPHA = 2.0, 110  # lighter before a line's first token, when every space glows
DEST_STANDARD = (0, 128, 128)  # teal: the standard-destination badge, a colour no line has

Point = tuple[float, float]


def draw_destination_badge(surf: pygame.Surface, at: Point, br: float, off: Point, col, express: bool) -> None:
    """A destination's square badge centred on ``at`` (less ``off``): a white star for an express destination,
    a white target for a standard one, on ``col``. The cards strip draws the same badge."""
    bx, by = at[0] - off[0], at[1] - off[1]
    e = max(1.5, br * 0.15)
    outer = pygame.Rect(0, 0, round(2 * (br + e)), round(2 * (br + e)))
    outer.center = (round(bx), round(by))
    inner = outer.inflate(-2 * round(e), -2 * round(e))
    pygame.draw.rect(surf, (255, 255, 255), outer, border_radius=max(1, round(br * 0.3)))
    pygame.draw.rect(surf, col, inner, border_radius=max(1, round(br * 0.25)))
    c = inner.center
    if express:
        aapoly(surf, (255, 255, 255), star_points(c[0], c[1], br * 0.8))
    else:
        disc(surf, (255, 255, 255), c, br * 0.62)
        disc(surf, col, c, br * 0.4)
        disc(surf, (255, 255, 255), c, br * 0.18)


class Pieces:
    """Draws one board view's pieces, at its camera's zoom."""

    def __init__(self, view: "BoardView"):
        self.view = view
        self.camera = view.camera
        self.geometry = view.geometry
        self._sprites: dict = {}
        self._sprites_key = None
        self._letters: dict = {}
        self._halo: pygame.Surface | None = None

    # ---- tokens -----------------------------------------------------------------------------------
    def token_width(self) -> float:
        return self.geometry.lane_gap * TOKEN_W

    def token_reach(self) -> float:
        """How far a token's drawing reaches from its track space's centre line, its outline included
        (token_sprite). Names keep beyond it, and beyond its letter badge (clearance.py)."""
        w = self.token_width()
        return (w + max(2.0, w * 0.28)) / 2

    @staticmethod
    def ring_radius(r: float) -> float:
        """How far a destination's ring round a station of radius ``r`` reaches (draw_destination: pygame draws a
        ring's width inside its radius)."""
        return r + max(3.0, r * 0.55)

    def token_sprite(self, colour: str, conn: int, lane: int) -> tuple[pygame.Surface, tuple[int, int]]:
        """A token drawn once per zoom on its own transparent surface, and where it goes (board pixels).
        Blitting it is cheap and gives the same pixels however the layer is cut into regions."""
        key = (colour, conn, lane)
        geo = self.geometry
        pk = (geo.geom_px_key, self.camera.scale)
        if self._sprites_key != pk:
            self._sprites_key = pk
            self._sprites = {}
        got = self._sprites.get(key)
        if got is None:
            geo.update_px()
            w = self.token_width()
            m = (w + max(2.0, w * 0.28)) / 2 + 3
            x0, y0, x1, y1 = geo.lane_box(conn, lane)
            ox, oy = math.floor(x0 - m), math.floor(y0 - m)
            img = pygame.Surface((math.ceil(x1 + m) - ox + 1, math.ceil(y1 + m) - oy + 1), pygame.SRCALPHA)
            rgb = self.view.theme.line(colour)
            edge = th.line_outline(colour)
            for p, q in geo.lane_px(conn, lane):
                p2, q2 = (p[0] - ox, p[1] - oy), (q[0] - ox, q[1] - oy)
                capsule(img, edge, p2, q2, w + max(2.0, w * 0.28))
                capsule(img, rgb, p2, q2, w)
                lane_pattern(img, colour, p2, q2, w)
            got = self._sprites[key] = (img, (ox, oy))
        return got

    def badge_px(self) -> float:
        """A letter badge's diameter."""
        return max(12.0 * self.camera.scale, self.token_width() * 1.5, 9.0)

    def letter_spots(self, state, conn: int) -> list[tuple[float, float, str]]:
        """Where each token's letter badge goes (screen pixels), staggered along the lanes so badges never
        overlap; none when there is no room (the pattern alone identifies the line there)."""
        toks = state.tokens[conn]
        if not toks:
            return []
        spots = self.letter_centres(conn, len(toks), self.geometry.lane_segments)
        return [(x, y, state.lines[li].colour) for (x, y), li in zip(spots, toks)]

    def letter_centres(self, conn: int, n: int, lane_segments) -> list[Point]:
        """The centres of the letter badges of ``n`` tokens on ``conn``, on the lanes ``lane_segments(conn,
        lane)`` gives (screen or board pixels); none when there is no room."""
        d = self.badge_px()
        gap = self.geometry.lane_gap
        spaces = self.view.board.connections[conn].spaces
        segs0 = lane_segments(conn, 0)
        p, q = segs0[len(segs0) // 2]
        L = math.hypot(q[0] - p[0], q[1] - p[1])
        step = 0.0 if gap >= d * 1.02 else d * 1.08
        if step * (spaces - 1) + d > L:
            return []
        out = []
        for k in range(n):
            along = (k - (spaces - 1) / 2) * step
            segs = lane_segments(conn, k)
            a, b = segs[len(segs) // 2]
            ll = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
            t = 0.5 + along / ll
            out.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
        return out

    def draw_letters(self, surf: pygame.Surface, state, conn: int, off: Point) -> None:
        """Each token's letter in a small round badge."""
        d = self.badge_px()
        fpx = max(7, round(d * 0.72))
        theme = self.view.theme
        for x, y, colour in self.letter_spots(state, conn):
            cx, cy = x - off[0], y - off[1]
            disc(surf, th.line_outline(colour), (cx, cy), d / 2)
            disc(surf, theme.line(colour), (cx, cy), d / 2 - max(1.0, d * 0.09))
            img = self._letter(colour, fpx)
            surf.blit(img, img.get_rect(center=(round(cx), round(cy))))

    def _letter(self, colour: str, px: int) -> pygame.Surface:
        key = (colour, px)
        img = self._letters.get(key)
        if img is None:
            img = self.view.fonts.get(px, True).render(th.line_letter(colour), True, th.ink_on(colour))
            self._letters[key] = img
        return img

    # ---- the legal-space glow ---------------------------------------------------------------------
    def paint_glow(self, surf, glow_items: dict, conns: list[int], area: pygame.Rect, off: Point) -> None:
        """Legal spaces for the selected line: a translucent halo, then a white slot with a bold edge (solid:
        free; dashed amber: costs two branch tiles). Before a line's first token every space is legal, so
        that glow is lighter and narrower and the station symbols are drawn again above it."""
        gap = self.geometry.lane_gap
        hi, warn, edge = self.view.theme.highlight, self.view.theme.warn, self.view.theme.accent
        cores = []
        for conn in conns:
            (lane, cost, style), _ = glow_items[conn]
            for p, q in self.geometry.lane_segments(conn, lane):
                cores.append(((p[0] - off[0], p[1] - off[1]), (q[0] - off[0], q[1] - off[1]), cost, style))
        # the halo is translucent: drawn on an alpha scratch the layer's size (same pixels wherever the
        # region is), cleared and blitted only over the area being painted
        halo = self._halo
        if halo is None or halo.get_size() != surf.get_size():
            halo = self._halo = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        box = area.clip(halo.get_rect())
        halo.fill((0, 0, 0, 0), box)
        for p2, q2, cost, style in cores:
            if style == "open":
                capsule(halo, (*hi, GLOW_OPEN_ALPHA), p2, q2, gap * GLOW_OPEN_W)
            else:
                capsule(halo, (*(warn if cost else hi), GLOW_END_ALPHA), p2, q2, gap * GLOW_END_W)
        surf.blit(halo, box, box)
        for p2, q2, cost, style in cores:
            self._glow_core(surf, p2, q2, cost, style, gap, warn, edge)
        for conn in conns:  # a full connection (Paris): its cost in Branch tiles on its extra lane
            (lane, cost, _), _ = glow_items[conn]
            if cost and lane >= self.view.board.connections[conn].spaces:
                self._extra_lane_cost(surf, conn, lane, cost, off, gap, warn)

    @staticmethod
    def _glow_core(surf, p2: Point, q2: Point, cost: int, style: str, gap: float, warn, edge) -> None:
        """A glowing space's slot: white with a bold edge when free, white dashes on amber when it costs."""
        w = gap * (0.6 if style == "open" else 0.9)
        e = max(2.0, gap * 0.25) if style == "open" else max(3.0, gap * 0.4)
        if cost:
            L = math.hypot(q2[0] - p2[0], q2[1] - p2[1])
            n = max(2, int(L / (w * 1.8)))
            for j in range(n):
                a = (j + 0.1) / n
                b = (j + 0.65) / n
                pa = (p2[0] + (q2[0] - p2[0]) * a, p2[1] + (q2[1] - p2[1]) * a)
                pb = (p2[0] + (q2[0] - p2[0]) * b, p2[1] + (q2[1] - p2[1]) * b)
                capsule(surf, warn, pa, pb, w + e)
                capsule(surf, (255, 255, 255), pa, pb, w * 0.7)
        else:
            capsule(surf, edge, p2, q2, w + e)
            capsule(surf, (255, 255, 255), p2, q2, w)

    def _extra_lane_cost(self, surf, conn: int, lane: int, cost: int, off: Point, gap: float, warn) -> None:
        x, y = self.geometry.lane_point(conn, lane, 0.25)  # clear of the letter badges mid-way
        r = max(6.0, gap * 0.85)
        disc(surf, (255, 255, 255), (x - off[0], y - off[1]), r + max(1.0, r * 0.2))
        disc(surf, warn, (x - off[0], y - off[1]), r)
        img = self.view.fonts.get(max(8, round(r * 1.3)), True).render(str(cost), True, (255, 255, 255))
        surf.blit(img, img.get_rect(center=(round(x - off[0]), round(y - off[1]))))

    # ---- destinations and the passenger -------------------------------------------------------------
    def badge_geometry(self, stn: int) -> tuple[float, float, float]:
        """Centre and half-side of a destination badge: at the corner of the station its name leaves free."""
        geo = self.geometry
        x, y = geo.station_xy(stn)
        r = geo.station_radius(stn)
        br = max(7.0 * self.camera.scale, r * 0.75)
        corner = self.view.names.badge_corner(stn)
        return x + corner[0] * r, y + corner[1] * r, br

    def badge_rect(self, stn: int) -> pygame.Rect:
        """Screen rect of the destination badge station ``stn`` would show."""
        bx, by, br = self.badge_geometry(stn)
        m = br + max(1.5, br * 0.15)
        return pygame.Rect(round(bx - m), round(by - m), round(2 * m), round(2 * m))

    def dest_rect(self, stn: int, count: int = 1) -> pygame.Rect:
        """Screen rect of a destination's ring and badges (a pixel of antialiasing and rounding round them)."""
        geo = self.geometry
        x, y = geo.station_xy(stn)
        r = geo.station_radius(stn)
        ring = r + max(3.0, r * 0.55)
        bx, by, br = self.badge_geometry(stn)
        m = br + max(1.5, br * 0.15)
        a = pygame.Rect(math.floor(x - ring) - 2, math.floor(y - ring) - 2, math.ceil(2 * ring) + 5,
                        math.ceil(2 * ring) + 5)
        out = a.union(pygame.Rect(math.floor(bx - m) - 2, math.floor(by - m) - 2, math.ceil(2 * m) + 5,
                                  math.ceil(2 * m) + 5))
        if count > 1:  # the second token behind the first
            bx, by = self.second_badge(stn)
            out = out.union(pygame.Rect(math.floor(bx - m) - 2, math.floor(by - m) - 2, math.ceil(2 * m) + 5,
                                        math.ceil(2 * m) + 5))
        return out

    def second_badge(self, stn: int) -> Point:
        """Where a second destination token shows (New York's doubles): behind the first, further out."""
        bx, by, br = self.badge_geometry(stn)
        cx, cy = self.view.names.badge_corner(stn)
        n = math.hypot(cx, cy) or 1.0
        return bx + cx / n * br * 0.75, by + cy / n * br * 0.75

    def draw_destination(self, surf: pygame.Surface, stn: int, off: Point, count: int = 1) -> None:
        """A ring round the station and a square badge (line badges are round): a white star on red for an
        express destination, a white target on teal (no line's colour) for a standard one. Two tokens (two
        identical cards face up) show as two badges, one behind the other."""
        geo = self.geometry
        x, y = geo.station_xy(stn)
        x, y = x - off[0], y - off[1]
        r = geo.station_radius(stn)
        express = "express" in self.view.board.stations[stn].kinds
        col = self.view.theme.bad if express else DEST_STANDARD
        disc(surf, col, (x, y), self.ring_radius(r), max(2, round(r * 0.35)))
        bx, by, br = self.badge_geometry(stn)
        if count > 1:
            draw_destination_badge(surf, self.second_badge(stn), br, off, col, express)
        draw_destination_badge(surf, (bx, by), br, off, col, express)

    def draw_passenger(self, surf: pygame.Surface, x: float, y: float, off: Point = (0, 0),
                       alpha_ring=None) -> None:
        r = max(12.0 * self.camera.scale, 13.0 * self.camera.s)
        theme = self.view.theme
        draw_passenger_figure(surf, (x - off[0], y - off[1]), r, theme.ink, alpha_ring or theme.highlight)

    @property
    def passenger_radius(self) -> float:
        return max(12.0 * self.camera.scale, 13.0 * self.camera.s) * 1.2

    # ---- overlays drawn every frame -------------------------------------------------------------
    def draw_route(self, surf: pygame.Surface, hops: Sequence[Sequence[int]], state,
                   width: float | None = None) -> None:
        """A route as a bold path: ridden hops in the line's colour (outlined), walked hops as ink dashes."""
        if not hops:
            return
        w = width or max(self.geometry.lane_gap * 1.3, 6.0 * self.camera.scale)
        dash_w = max(1, round(w * 0.55))
        for h in hops:
            a, b, li = h[0], h[1], h[2]
            path = self.view.hop_path(a, b)
            for p, q in zip(path, path[1:]):
                self._route_piece(surf, p, q, li, state, w, dash_w)

    def _route_piece(self, surf: pygame.Surface, p, q, li: int, state, w: float, dash_w: int) -> None:
        """One straight piece of a route: in the line's colour (outlined), or walked as ink dashes."""
        theme = self.view.theme
        if li >= 0:
            colour = state.lines[li].colour
            capsule(surf, th.line_outline(colour), p, q, w + 4)
            capsule(surf, theme.line(colour), p, q, w)
            return
        L = math.hypot(q[0] - p[0], q[1] - p[1]) or 1.0  # square-ended dashes: cheap to draw every frame
        n = max(2, int(L / (w * 1.6)))
        for j in range(n):
            t0 = j / n
            t1 = t0 + 0.5 / n
            pygame.draw.aaline(surf, theme.ink, (p[0] + (q[0] - p[0]) * t0, p[1] + (q[1] - p[1]) * t0),
                               (p[0] + (q[0] - p[0]) * t1, p[1] + (q[1] - p[1]) * t1), dash_w)

    def draw_station_ring(self, surf: pygame.Surface, stn: int, colour, strength: float = 1.0) -> None:
        x, y = self.geometry.station_xy(stn)
        r = self.geometry.station_radius(stn)
        scale = self.camera.scale
        disc(surf, colour, (x, y), r + (4 + 8 * strength) * max(0.6, scale), max(2, round(3 * scale)))
