"""The play screen's overlays: the turn banner's place, found with indexed names and symbols, is the one the
plain scan over every name and symbol finds."""
from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine import load_board  # noqa: E402
from game.ui import theme as th  # noqa: E402
from game.ui.board.view import BoardView  # noqa: E402
from game.ui.play.overlays import Overlays, _free_band_spot, _free_spot, _nearest_free  # noqa: E402
from game.ui.panel import SeatPanel  # noqa: E402

EDGES = ("bottom", "top", "left", "right")


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


def scan_free_spot(lo, hi, size, blocks, prefer):
    """The free-interval search as first written."""
    if hi - lo < size:
        return None
    spans = sorted((a - size, b) for a, b in blocks)
    free = []
    cur = lo
    for a, b in spans:
        if a >= cur:
            free.append((cur, min(a, hi - size)))
        cur = max(cur, b)
        if cur > hi - size:
            break
    if cur <= hi - size:
        free.append((cur, hi - size))
    best = None
    for a, b in free:
        if b < a:
            continue
        s = min(max(round(prefer), a), b)
        if best is None or abs(s - prefer) < abs(best - prefer):
            best = s
    return best


def scan_band_spot(size, edge, br, pr, taken, m):
    """The band search as first written: every rect in ``taken`` tested for every row tried."""
    w, h = size
    horizontal = edge in ("bottom", "top")
    depth = h if horizontal else w
    limit = min((br.h if horizontal else br.w) * 0.45, (br.h if horizontal else br.w) - 2 * m - depth)
    step = max(3, depth // 3)
    d = 0
    while d <= limit:
        if horizontal:
            y = br.bottom - m - d - h if edge == "bottom" else br.top + m + d
            blocks = [(t.left, t.right) for t in taken if t.top < y + h and t.bottom > y]
            x = scan_free_spot(br.left + m, br.right - m, w, blocks, pr.centerx - w / 2)
            if x is not None:
                return pygame.Rect(x, y, w, h)
        else:
            x = br.left + m + d if edge == "left" else br.right - m - d - w
            blocks = [(t.top, t.bottom) for t in taken if t.left < x + w and t.right > x]
            y = scan_free_spot(br.top + m, br.bottom - m, h, blocks, pr.centery - h / 2)
            if y is not None:
                return pygame.Rect(x, y, w, h)
        d += step
    return None


def scan_place(box_size, bv, panel, k, taken):
    """The banner's whole placement as first written (band search, then the least-hiding place)."""
    (x0, y0), (x1, y1) = bv.to_screen(bv.bounds[0], bv.bounds[1]), bv.to_screen(bv.bounds[2], bv.bounds[3])
    br = bv.rect.clip(pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0)))
    if br.w < box_size[0] or br.h < box_size[1]:
        br = bv.rect
    pr = panel.rect.clip(br.inflate(0, 4000) if panel.edge in ("bottom", "top") else br.inflate(4000, 0))
    if pr.w <= 0 or pr.h <= 0:
        pr = br
    r = pygame.Rect((0, 0), box_size)
    m = round(8 * k)
    spot = scan_band_spot(r.size, panel.edge, br, pr, taken, m)
    if spot is None and br != bv.rect:
        spot = scan_band_spot(r.size, panel.edge, bv.rect, pr, taken, m)
    if spot is not None:
        return (0, spot)
    best = None
    fracs = sorted((i / 20 for i in range(1, 20)), key=lambda f: (abs(f - 0.5), f))
    for inward in (0, 1, 2, 3):
        step = inward * ((r.h if panel.edge in ("bottom", "top") else r.w) + m)
        for f in fracs:
            if panel.edge in ("bottom", "top"):
                x = pr.x + pr.w * f
                if panel.edge == "bottom":
                    r.midbottom = (round(x), br.bottom - m - step)
                else:
                    r.midtop = (round(x), br.top + m + step)
            else:
                y = pr.y + pr.h * f
                if panel.edge == "left":
                    r.midleft = (br.left + m + step, round(y))
                else:
                    r.midright = (br.right - m - step, round(y))
            r.clamp_ip(br)
            hidden = sum(c.w * c.h for c in (r.clip(taken[j]) for j in r.collidelistall(taken)))
            if best is None or hidden < best[0]:
                best = (hidden, r.copy())
            if hidden == 0:
                break
        if best[0] == 0:
            break
    return best


def test_free_interval_search_matches_the_first_version():
    rng = random.Random(8)
    for _ in range(3000):
        lo = rng.randint(-50, 200)
        hi = lo + rng.randint(0, 900)
        size = rng.randint(1, 400)
        blocks = []
        for _ in range(rng.randint(0, 30)):
            a = rng.randint(lo - 100, hi + 100)
            blocks.append((a, a + rng.randint(0, 120)))
        prefer = rng.uniform(lo - 50, hi + 50)
        assert _free_spot(lo, hi, size, blocks, prefer) == scan_free_spot(lo, hi, size, blocks, prefer)


@pytest.mark.parametrize("reach", [100, 101, 150, 640])
def test_the_nearest_free_box_tries_the_points_own_row_whatever_the_reach(reach):
    """A free band exactly as tall as the box through the point: found whatever the reach (the rows tried once
    started at -reach, so their grid moved with it and could step over the band)."""
    inside = pygame.Rect(0, 0, 200, 1400)
    taken = [pygame.Rect(0, 0, 200, 695), pygame.Rect(0, 705, 200, 695)]
    got = _nearest_free((20, 10), (100, 700), 0, inside, taken, reach)
    assert got is not None and got.top == 695 and got.collidelist(taken) < 0


def views():
    """Board views over the real London board: fitted, zoomed in and panned, at two window sizes."""
    rng = random.Random(5)
    for size in ((1920, 1080), (1280, 720)):
        w, h = size
        k = th.ui_scale(w, h)
        rect = pygame.Rect(round(w * 0.12), round(h * 0.14), round(w * 0.76), round(h * 0.72))
        for zoom in (1.0, 1.6, 2.5):
            bv = BoardView(load_board("london"), rect, th.Theme(), th.Fonts(), ui_scale=k)
            if zoom > 1:
                bv.zoom_at(*rect.center, zoom)
                bv.pan_by(rng.uniform(-300, 300), rng.uniform(-200, 200))
            yield bv, k


def test_indexed_band_search_finds_the_same_place_as_the_scan():
    """Every box size, edge, panel position and band of the board: the same spot (or none) as the scan."""
    rng = random.Random(11)
    tried = found = 0
    for bv, k in views():
        taken = bv.occupied_rects()
        assert len(taken) > 100
        m = round(8 * k)
        for edge in EDGES:
            for _ in range(25):
                w, h = rng.randint(40, 900), rng.randint(20, 160)
                if edge in ("left", "right"):
                    w, h = h, w
                br = bv.rect.inflate(-rng.randint(0, 200), -rng.randint(0, 120))
                pr = pygame.Rect(rng.randint(br.left, br.right), rng.randint(br.top, br.bottom), 300, 300)
                want = scan_band_spot((w, h), edge, br, pr, taken, m)
                got = _free_band_spot((w, h), edge, br, pr, taken, m)
                assert got == want, (edge, (w, h), br, pr)
                tried += 1
                found += want is not None
    assert tried == 6 * 4 * 25
    assert 0 < found < tried  # both outcomes were exercised: a free place, and no free place


def test_banner_placement_is_the_scans_including_the_least_hiding_fallback():
    """The whole placement, including boxes too big for any free place (the least-hiding spot)."""
    rng = random.Random(3)
    ov = Overlays(th.Theme(), th.Fonts())
    fallbacks = 0
    for bv, k in views():
        m = round(8 * k)
        taken = bv.occupied_rects() + [b.inflate(m, m) for b in ov.board_buttons(bv, k).values()]
        for edge in EDGES:
            panel = SeatPanel(0, edge)
            pr = pygame.Rect(0, 0, 500, 120) if edge in ("bottom", "top") else pygame.Rect(0, 0, 120, 500)
            pr.center = (rng.randint(bv.rect.left, bv.rect.right), rng.randint(bv.rect.top, bv.rect.bottom))
            panel.set_rect(pr, k)
            for w, h in ((300, 40), (700, 60), (bv.rect.w - 30, 120), (1100, 300)):
                if edge in ("left", "right"):
                    w, h = h, w
                w, h = min(w, bv.rect.w), min(h, bv.rect.h)
                box = pygame.Surface((w, h))
                want = scan_place((w, h), bv, panel, k, taken)
                assert ov._place_banner(box, bv, panel, k) == want, (edge, (w, h))
                fallbacks += want[0] > 0
    assert fallbacks > 0
