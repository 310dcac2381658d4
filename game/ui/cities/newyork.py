"""New York's own drawing: rivers and bays, water icons, and the four clusters.

Nothing is copied from the printed board: the shapes are our own. The water areas are the map's
``[[water]]`` polygons, drawn on the static sheet under the track spaces in a pale blue with a slightly
deeper shore line. A water icon (a node of kind "water") is a small blue disc with two white waves and
no name: it is a place a line crosses, not a station one can stop at. A cluster is a soft tinted shape
round its stations (their convex hull grown by a margin, so it reads as one neighbourhood) with its name
in small capitals on its outline, placed after the station names where no name, station, destination
badge, track space or other cluster name is.
"""
from __future__ import annotations

import math

import pygame

from ...engine.log_words import cluster_title  # the name drawn on the board, as the log writes it

from ...i18n import COLOUR_NAMES, _
from ..board.placement import clip_len  # a segment's length inside a box, as the names' placement measures it
from ..draw import aapoly, disc
from .base import CityDrawing

R_WATER = 9.0  # board units: a little bigger than a standard station, smaller than the start
WATER_FILL = (206, 228, 243)
WATER_SHORE = (160, 199, 226)
ICON_FILL = (38, 118, 186)
CLUSTER_FILL = (238, 233, 246)
CLUSTER_EDGE = (186, 172, 208)
CLUSTER_INK = (112, 92, 146)  # the cluster's name: darker than its edge, lighter than station names
CLUSTER_MARGIN = 30.0  # board units round a cluster's stations
CLUSTER_NAME_SCALE = 0.9
WARN_REACH = 2.75  # a line-on-water mark reaches this many icon radii from the centre  # a cluster's name, as a fraction of a station name's pixel size




def _hull(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Convex hull (monotone chain), counter-clockwise; one or two points come back as they are."""
    pts = sorted(set(points))
    if len(pts) <= 2:
        return pts

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def _grown(hull: list[tuple[float, float]], r: float, steps: int = 6) -> list[tuple[float, float]]:
    """The hull grown by ``r`` with round corners, as one polygon (the Minkowski sum with a disc)."""
    if len(hull) == 1:
        (x, y), n = hull[0], 4 * steps
        return [(x + r * math.cos(2 * math.pi * k / n), y + r * math.sin(2 * math.pi * k / n)) for k in range(n)]
    if len(hull) == 2:  # a capsule: the two end caps
        (ax, ay), (bx, by) = hull
        base = math.atan2(by - ay, bx - ax)
        out = []
        for (x, y), a0 in (((bx, by), base - math.pi / 2), ((ax, ay), base + math.pi / 2)):
            for k in range(2 * steps + 1):
                a = a0 + math.pi * k / (2 * steps)
                out.append((x + r * math.cos(a), y + r * math.sin(a)))
        return out
    out = []
    n = len(hull)
    for i in range(n):  # each corner: an arc from the previous edge's normal to the next edge's
        px, py = hull[i - 1]
        x, y = hull[i]
        nx, ny = hull[(i + 1) % n]
        a0 = math.atan2(y - py, x - px) - math.pi / 2
        a1 = math.atan2(ny - y, nx - x) - math.pi / 2
        while a1 < a0:  # a convex hull turns one way: the corner's arc goes from a0 up to a1
            a1 += 2 * math.pi
        k_n = max(1, math.ceil((a1 - a0) / (math.pi / (2 * steps))))
        for k in range(k_n + 1):
            a = a0 + (a1 - a0) * k / k_n
            out.append((x + r * math.cos(a), y + r * math.sin(a)))
    return out


def _overlap(a, b) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


class NewYorkDrawing(CityDrawing):
    city = "newyork"
    end_categories = ("national_rail", "terminus", "loops", "passenger", "water", "clusters")
    rules_pages = ("newyork_clusters", "newyork_water")

    def __init__(self):
        self._names: dict = {}  # (board name, s, px) -> [(title, box in board pixels)]
        self._title_imgs: dict = {}

    # ---- stations ---------------------------------------------------------------------------
    def station_kind(self, kinds, kind: str) -> str:
        return "water" if "water" in kinds else kind

    def radius_units(self, kind: str) -> float | None:
        return R_WATER if kind == "water" else None

    def draw_station(self, surf, kind: str, c, r: float, lw: int, theme) -> bool:
        if kind != "water":
            return False
        draw_water_icon(surf, c, r)
        return True

    def station_label(self, station) -> str:
        return "" if "water" in station.kinds else station.name

    # ---- a line that must still leave the water -----------------------------------------------
    def station_marks(self, state, board) -> dict[int, tuple]:
        """Icon -> colours of the lines ending there now. Between turns no line ends on an icon, so every
        line found here is the current player's, which must leave the water before the turn ends."""
        water = getattr(board, "water", None)
        if not water:
            return {}
        out: dict[int, list[str]] = {}
        for ln in state.lines:
            for stn, d in ln.degree.items():
                if d == 1 and stn in water:
                    out.setdefault(stn, []).append(ln.colour)
        return {stn: ("water",) + tuple(cols) for stn, cols in out.items()}

    def draw_mark(self, surf, sig: tuple, c, r: float, theme) -> None:
        if sig[:1] == ("water",):
            draw_water_warning(surf, sig[1:], c, r, theme)

    def mark_radius(self, r: float) -> float:
        return r * WARN_REACH

    def panel_notes(self, state, player: int):
        """The current player's lines that end on an icon: "Red: leave the water" (in the warning style)."""
        if player != state.current or state.phase == "over":
            return []
        from ...engine.cities import newyork as rules

        try:
            wet = rules.lines_on_water(state, player)
        except (AttributeError, TypeError):  # not a New York position
            return []
        colours = []
        for li, _hops in wet:
            colour = state.lines[li].colour
            if colour not in colours:
                colours.append(colour)
        return [(_("{colour}: leave the water").format(colour=_(COLOUR_NAMES.get(c, c)).capitalize()), "bad")
                for c in colours]

    # ---- under the lines: water and clusters ------------------------------------------------
    @staticmethod
    def water_areas(board) -> list:
        src = getattr(board, "source", None)
        return list(getattr(src, "water", None) or ())

    @staticmethod
    def clusters(board) -> dict[str, list[int]]:
        """Cluster name -> station indices, from the map's ``[newyork.clusters]``."""
        src = getattr(board, "source", None)
        ny = getattr(src, "newyork", None)
        table = getattr(ny, "clusters", None) or {}
        return {name: [board.by_name[n] for n in names if n in board.by_name] for name, names in table.items()}

    def cluster_shapes(self, board, s: float) -> list[tuple[str, list[tuple[float, float]]]]:
        """(cluster, outline polygon in board pixels) for each cluster with stations."""
        out = []
        for name, ids in self.clusters(board).items():
            if not ids:
                continue
            pts = [(board.stations[i].x * s, board.stations[i].y * s) for i in ids]
            out.append((name, _grown(_hull(pts), CLUSTER_MARGIN * s)))
        return out

    def draw_under_lines(self, surf, view, origin) -> None:
        board = view.board
        s = view.s
        x0, y0 = origin
        bx0, by0, bx1, by1 = (v * s - o for v, o in zip(view.bounds, (x0, y0, x0, y0)))
        paper = pygame.Rect(round(bx0), round(by0), round(bx1 - bx0), round(by1 - by0))
        old_clip = surf.get_clip()
        surf.set_clip(paper.clip(old_clip))
        shore = max(1, round(1.6 * s))
        for area in self.water_areas(board):
            pts = [(x * s - x0, y * s - y0) for x, y in area.points]
            pygame.draw.polygon(surf, WATER_SHORE, pts)
            pygame.draw.polygon(surf, WATER_SHORE, pts, shore * 2)
            pygame.draw.polygon(surf, WATER_FILL, pts)
            pygame.draw.aalines(surf, WATER_SHORE, True, pts)
        edge = max(1, round(1.4 * s))
        for _, poly in self.cluster_shapes(board, s):
            pts = [(x - x0, y - y0) for x, y in poly]
            pygame.draw.polygon(surf, CLUSTER_FILL, pts)
            pygame.draw.polygon(surf, CLUSTER_EDGE, pts, edge)
            pygame.draw.aalines(surf, CLUSTER_EDGE, True, pts)
        for title, box, form in self._placed_names(view):
            img = self._title(view, title, form)
            surf.blit(img, (round(box[0] - x0), round(box[1] - y0)))
        surf.set_clip(old_clip)

    def _title_px(self, view) -> int:
        return max(9, round(view.label_px * CLUSTER_NAME_SCALE))

    def _title(self, view, title: str, form: int = 0) -> pygame.Surface:
        """A cluster's name as drawn: letter-spaced small capitals (form 0), on two lines (1), or without
        the spacing, on one line or two (2, 3) where the board is crowded."""
        px = self._title_px(view)
        key = (title, form, px, view.theme.board_bg)
        img = self._title_imgs.get(key)
        if img is None:
            font = view.fonts.get(px, True, True)
            words = title.split()
            lines = [title]
            if form in (1, 3) and len(words) > 1:
                cut = min(range(1, len(words)), key=lambda k: abs(len(" ".join(words[:k])) - len(title) / 2))
                lines = [" ".join(words[:cut]), " ".join(words[cut:])]
            if form in (0, 1):
                lines = [" ".join(line).replace("   ", "  ") for line in lines]  # letter-spaced
            texts = [font.render(line, True, CLUSTER_INK) for line in lines]
            halos = [font.render(line, True, CLUSTER_FILL) for line in lines]
            h = max(1, round(px * 0.12))
            lh = round(font.get_linesize() * 0.9)
            W = max(t.get_width() for t in texts) + 2 * h
            img = pygame.Surface((W, lh * (len(lines) - 1) + texts[-1].get_height() + 2 * h), pygame.SRCALPHA)
            for j, (text, halo) in enumerate(zip(texts, halos)):
                x, y = (W - text.get_width()) // 2, h + j * lh
                for dx in (-h, 0, h):
                    for dy in (-h, 0, h):
                        if dx or dy:
                            img.blit(halo, (x + dx, y + dy))
                img.blit(text, (x, y))
            self._title_imgs[key] = img
            if len(self._title_imgs) > 256:
                self._title_imgs.pop(next(iter(self._title_imgs)))
        return img

    def cluster_names(self, view) -> list[tuple[str, tuple[float, float, float, float]]]:
        """Each cluster's name and its box in board pixels at this zoom (see ``_placed_names``)."""
        return [(title, box) for title, box, _ in self._placed_names(view)]

    def _placed_names(self, view) -> list[tuple[str, tuple[float, float, float, float], int]]:
        """Each cluster's name, its box in board pixels at this zoom and its form: on or by the cluster's
        outline, where it covers no station name, no destination badge, no other cluster's name and no long
        run of track spaces, and the fewest stations and spaces. Placed after the station names, which keep their places; where
        the board is too crowded for that (a small window), the name is left out and the tint stays."""
        board = view.board
        s = view.s
        placed_names = view.names.place()  # [(text, dx, dy)] from each station, in board pixels
        lkey = view.names.key
        key = (id(board), lkey, self._title_px(view))
        if key in self._names:
            return self._names[key]
        _, px, angle = lkey
        gap = max(4.0, 8.0 * s)
        soft, hard = [], []  # obstacle boxes: stations (and badges) cost; names cost most
        for i, st in enumerate(board.stations):
            x, y = st.x * s, st.y * s
            r = view.station_radius(i) + gap * 0.4
            soft.append((x - r, y - r, x + r, y + r))
            text, dx, dy = placed_names[i]
            if text:
                w, h = view.names.label_surface(text, px, angle).get_size()
                hard.append((x + dx, y + dy, x + dx + w, y + dy + h))
        for i in set(board.express_cards) | set(board.standard_cards):  # where its badge would show
            r = view.station_radius(i)
            cx, cy = view.names.badge_corner(i)
            br = max(7.0 * view.scale, r * 0.75) * 1.2 + 1
            bx, by = board.stations[i].x * s + cx * r, board.stations[i].y * s + cy * r
            hard.append((bx - br, by - br, bx + br, by + br))
        segs = []
        for con in board.connections:
            a, b = board.stations[con.a], board.stations[con.b]
            pts = [(a.x * s, a.y * s)] + [(q[0] * s, q[1] * s) for q in con.bends] + [(b.x * s, b.y * s)]
            hw = (con.spaces - 1) * gap / 2 + gap * 0.5
            segs += [(*pts[j], *pts[j + 1], hw) for j in range(len(pts) - 1)]
        bx0, by0, bx1, by1 = (v * s for v in view.bounds)
        placed: list = []
        for name, poly in self.cluster_shapes(board, s):
            title = cluster_title(name)
            top = min(p[1] for p in poly)
            cands = []
            for form, form_cost in ((0, 0.0), (1, 2.0), (2, 3.0), (3, 4.0)):
                if form in (1, 3) and " " not in title:
                    continue
                w, h = self._title(view, title, form).get_size()
                for (cx, cy), (nx, ny) in _outline_spots(poly, max(4.0, h * 0.5)):
                    # on the outline, just outside, just inside, further out
                    for k, shift in enumerate((0.0, 0.6, -0.6, 1.2, 1.8)):
                        lx, ly = cx + nx * h * shift - w / 2, cy + ny * h * shift - h / 2
                        box = (lx, ly, lx + w, ly + h)
                        cost = (k * 0.5 + form_cost) * px + (cy - top) * 0.05  # the top edge reads first
                        if lx < bx0 or ly < by0 or lx + w > bx1 or ly + h > by1:
                            cost += 1e7
                        covers = sum(_overlap(box, o) for o in hard) + sum(_overlap(box, o[1]) for o in placed)
                        cost += covers * 20.0 + (1e6 if covers else 0.0)
                        cost += sum(_overlap(box, o) for o in soft) * 6.0
                        run = 0.0  # track spaces are drawn over the name: a long run through it hides it
                        for ax, ay, qx, qy, hw in segs:
                            grown = (box[0] - hw, box[1] - hw, box[2] + hw, box[3] + hw)
                            run += clip_len(ax, ay, qx, qy, grown)
                        cost += run * px * 0.5 + (1e6 if run > w * 0.25 else 0.0)
                        cands.append((cost, len(cands), box, form))
            best = min(cands)
            if best[0] < 1e6:  # a name that would cover a station's name or badge is left out (the tint stays)
                placed.append((title, best[2], best[3]))
        self._names[key] = placed
        if len(self._names) > 32:  # zooms come and go: keep the recent ones
            self._names.pop(next(iter(self._names)))
        return placed


def _outline_spots(poly, step: float):
    """Points every ``step`` along a closed outline, each with the outward normal there."""
    n = len(poly)
    area2 = sum(poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1] for i in range(n))
    sign = 1.0 if area2 > 0 else -1.0  # which side of an edge is outside
    out = []
    for i in range(n):
        (ax, ay), (bx, by) = poly[i], poly[(i + 1) % n]
        L = math.hypot(bx - ax, by - ay)
        if L < 1e-9:
            continue
        nx, ny = sign * (by - ay) / L, -sign * (bx - ax) / L
        k = 0.0
        while k < L:
            out.append(((ax + (bx - ax) * k / L, ay + (by - ay) * k / L), (nx, ny)))
            k += step
    return out


def draw_water_warning(surf: pygame.Surface, colours, c, r: float, theme) -> None:
    """A line ending on an icon: the icon on an amber disc (the warning colour, not a line's) with a "!"
    tab at its top right, all within ``r * WARN_REACH`` of the centre. ``colours`` are the lines there
    (their tokens beside the icon already say which)."""
    x, y = c
    halo = r * 1.8
    disc(surf, (255, 255, 255), (x, y), halo + max(1.0, r * 0.15))
    disc(surf, theme.warn, (x, y), halo)
    draw_water_icon(surf, c, r)
    tx, ty = x + r * 1.55, y - r * 1.45
    tr = r * 0.8
    aapoly(surf, (255, 255, 255), [(tx, ty - tr * 1.45), (tx + tr * 1.3, ty + tr * 0.95), (tx - tr * 1.3, ty + tr * 0.95)])
    aapoly(surf, theme.warn, [(tx, ty - tr), (tx + tr * 0.95, ty + tr * 0.65), (tx - tr * 0.95, ty + tr * 0.65)])
    bar = max(1, round(tr * 0.24))
    surf.fill((255, 255, 255), pygame.Rect(round(tx - bar / 2), round(ty - tr * 0.45), bar, round(tr * 0.65)))
    surf.fill((255, 255, 255), pygame.Rect(round(tx - bar / 2), round(ty + tr * 0.32), bar, bar))


def draw_water_icon(surf: pygame.Surface, c, r: float) -> None:
    """A water icon: a blue disc with a white rim and two white waves, readable at any size."""
    x, y = c
    disc(surf, (255, 255, 255), (x, y), r + max(1.0, r * 0.14))
    disc(surf, ICON_FILL, (x, y), r)
    w = max(1, round(r * 0.2))
    for dy in (-0.26, 0.26):
        pts = []
        n = 12
        for k in range(n + 1):
            t = k / n
            px = x + (t - 0.5) * 1.3 * r
            py = y + dy * r + math.sin(t * 2 * math.pi) * r * 0.14
            pts.append((px, py))
        if w <= 1:
            pygame.draw.aalines(surf, (255, 255, 255), False, pts)
        else:
            pygame.draw.lines(surf, (255, 255, 255), False, pts, w)
