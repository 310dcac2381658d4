"""The grid reference on the paper (the cards' "C4"): letters along the top and bottom edges, numbers down the
sides, each written where it can be read.

A label goes in its own square's stretch of the edge, on plain paper where there is some (New York's rivers,
bays and clusters reach the edges), and never under a station name, a city's own name on the ground (a New
York cluster), a station or a track space; it is drawn over the city's ground on a patch of paper, so a label
that has to sit on water still reads. Places are worked out in board pixels at the sheet's zoom.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Callable

import pygame

from .geometry import LANE_GAP

if TYPE_CHECKING:
    from .view import BoardView

ALONG = (0.0, 0.18, -0.18, 0.32, -0.32, 0.42, -0.42)  # shifts along the edge, in squares
ACROSS = (0.0, 1.0, 2.0, 3.0)  # steps in from the edge, in label heights


def obstacles(view: "BoardView", inner=None) -> list[tuple[float, float, float, float]]:
    """Boxes (board pixels) a grid label must not cover: station names, the city's names on the ground,
    stations and every track space (cut in short pieces along the connections); none wholly inside ``inner``
    (x0, y0, x1, y1: the paper away from its edges)."""
    board, s = view.board, view.camera.s
    names = view.names
    placed = names.place()
    _, px, angle = names.key
    out = []
    for i, st in enumerate(board.stations):
        x, y = st.x * s, st.y * s
        r = view.geometry.station_radius(i)
        out.append((x - r, y - r, x + r, y + r))
        text, dx, dy = placed[i]
        if text and i not in names.names_left_off:
            w, h = names.label_surface(text, px, angle).get_size()
            out.append((x + dx, y + dy, x + dx + w, y + dy + h))
    out += [tuple(b) for b in view.city.ground_names(view)]
    gap = max(4.0, LANE_GAP * s)
    for con in board.connections:
        a, b = board.stations[con.a], board.stations[con.b]
        pts = [(a.x * s, a.y * s)] + [(p[0] * s, p[1] * s) for p in con.bends] + [(b.x * s, b.y * s)]
        hw = con.spaces * gap / 2
        for (ax, ay), (bx, by) in zip(pts, pts[1:]):
            if inner is not None and _within((min(ax, bx) - hw, min(ay, by) - hw, max(ax, bx) + hw,
                                              max(ay, by) + hw), inner):
                continue
            n = max(1, int(max(abs(bx - ax), abs(by - ay)) / max(4.0, 2 * hw)) + 1)
            for j in range(n):
                x0, y0 = ax + (bx - ax) * j / n, ay + (by - ay) * j / n
                x1, y1 = ax + (bx - ax) * (j + 1) / n, ay + (by - ay) * (j + 1) / n
                out.append((min(x0, x1) - hw, min(y0, y1) - hw, max(x0, x1) + hw, max(y0, y1) + hw))
    return out if inner is None else [b for b in out if not _within(b, inner)]


def _within(b, inner) -> bool:
    return b[0] > inner[0] and b[1] > inner[1] and b[2] < inner[2] and b[3] < inner[3]


def _overlap(a, b) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def place_labels(paper: tuple[float, float, float, float], cols: int, rows: int,
                 size: Callable[[str], tuple[int, int]], inset: float, taken: list,
                 plain: Callable[[tuple[float, float, float, float]], float]):
    """(text, box) of every grid label, in the coordinates of ``paper`` (x0, y0, x1, y1): two copies (top and
    bottom, left and right), or the one clear copy where the other would lie under something. ``size``: a
    label's size; ``taken``: boxes it must not cover; ``plain``: how much of a box is off plain paper (0..1).
    Each copy takes the first place in its square's stretch of the edge that covers nothing and lies on
    paper, else the one covering least. A generator yielding every four copies (a frame may stop between):
    ``labels = yield from place_labels(...)``."""
    x0, y0, x1, y1 = paper
    cw, rh = (x1 - x0) / cols, (y1 - y0) / rows
    rects = [pygame.Rect(math.floor(t[0]), math.floor(t[1]), math.ceil(t[2] - t[0]) + 1, math.ceil(t[3] - t[1]) + 1)
             for t in taken]  # found in C, measured exactly
    wanted = []  # (text, centre along, which edge, length of its square)
    for c in range(cols):
        for edge in ("top", "bottom"):
            wanted.append((chr(ord("A") + c), x0 + (c + 0.5) * cw, edge, cw))
    for r in range(rows):
        for edge in ("left", "right"):
            wanted.append((str(r + 1), y0 + (r + 0.5) * rh, edge, rh))
    out = []
    for k, (text, mid, edge, square) in enumerate(wanted):
        if k % 4 == 3:
            yield
        w, h = size(text)
        best = None
        for n, (across, along) in enumerate((a, b) for a in ACROSS for b in ALONG):
            d = inset + across * h
            if edge in ("top", "bottom"):
                cx, cy = mid + along * square, (y0 + d if edge == "top" else y1 - d)
            else:
                cx, cy = (x0 + d if edge == "left" else x1 - d), mid + along * square
            box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
            near = pygame.Rect(math.floor(box[0]), math.floor(box[1]), math.ceil(w) + 1, math.ceil(h) + 1)
            covered = sum(_overlap(box, taken[j]) for j in near.collidelistall(rects))
            cost = covered * 1000 + plain(box) * w * h + n * 0.01
            if best is None or cost < best[0]:
                best = (cost, box)
            if cost < 1:
                break
        out.append((best[0], text, best[1]))
    # a copy that would lie under something is left out while the other copy of its label is clear
    clear = {text for cost, text, _box in out if cost < 1000}
    return [(text, box) for cost, text, box in out if cost < 1000 or text not in clear]


def draw_grid(view: "BoardView", surf: pygame.Surface, paper: pygame.Rect, origin: tuple[int, int]):
    """Ticks between squares at the paper's edges and the labels where ``place_labels`` puts them, each on a
    patch of paper; ``origin``: the sheet's top-left in board pixels. Returns the labels' (text, box in board
    pixels). A generator, so the sheet's job spreads it over frames: ``labels = yield from draw_grid(...)``."""
    from ..draw import mix

    cam = view.camera
    cols, rows = view.geometry.grid()
    t = view.theme
    ink = mix(t.board_bg, t.muted, 0.75)
    tick = mix(t.board_bg, t.muted, 0.4)
    px = max(9, round(13 * cam.scale), round(11 * cam.s))
    font = view.fonts.get(px, True)
    inset = max(3, round(5 * cam.scale)) + px // 2
    tl = max(3, round(7 * cam.scale))
    lw = max(1, round(cam.scale))
    cw, rh = paper.w / cols, paper.h / rows
    for c in range(1, cols):
        xb = round(paper.x + c * cw)
        pygame.draw.line(surf, tick, (xb, paper.y), (xb, paper.y + tl), lw)
        pygame.draw.line(surf, tick, (xb, paper.bottom - tl), (xb, paper.bottom - 1), lw)
    for r in range(1, rows):
        yb = round(paper.y + r * rh)
        pygame.draw.line(surf, tick, (paper.x, yb), (paper.x + tl, yb), lw)
        pygame.draw.line(surf, tick, (paper.right - tl, yb), (paper.right - 1, yb), lw)
    ox, oy = origin
    pad = max(1, round(2 * cam.scale))
    sheet = surf.get_rect()

    def plain(box) -> float:
        """The share of nine points in the box that are not plain paper on the sheet drawn so far."""
        off = 0
        for fx in (0.1, 0.5, 0.9):
            for fy in (0.1, 0.5, 0.9):
                x, y = round(box[0] + (box[2] - box[0]) * fx - ox), round(box[1] + (box[3] - box[1]) * fy - oy)
                off += not sheet.collidepoint(x, y) or surf.get_at((x, y))[:3] != tuple(t.board_bg[:3])
        return off / 9

    imgs = {}

    def size(text: str) -> tuple[int, int]:
        if text not in imgs:
            imgs[text] = font.render(text, True, ink)
        w, h = imgs[text].get_size()
        return w + 2 * pad, h

    box = (paper.x + ox, paper.y + oy, paper.right + ox, paper.bottom + oy)
    band = inset + (max(ACROSS) + 1) * font.get_linesize() + 2 * pad  # only what lies near the edges
    inner = (box[0] + band, box[1] + band, box[2] - band, box[3] - band)
    yield
    taken = obstacles(view, inner)
    yield
    labels = yield from place_labels(box, cols, rows, size, inset, taken, plain)
    for text, (x0, y0, x1, y1) in labels:
        patch = pygame.Rect(round(x0 - ox), round(y0 - oy), round(x1 - x0), round(y1 - y0))
        pygame.draw.rect(surf, t.board_bg, patch, border_radius=max(2, patch.h // 3))
        img = imgs[text]
        surf.blit(img, img.get_rect(center=patch.center))
    return labels
