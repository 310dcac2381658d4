"""The names' placement with its speed-ups equals the straightforward placement, name for name.

The placement's hot spots (the hard rule's tests, the fixed cost of a place, the search's weighing of places and
pairs, the scan of a crowded station) take short cuts: local lists of what is near a station, tests unrolled, a
place that cannot win not weighed. Each short cut must give the same numbers in the same order. Here the
straightforward versions (grids walked with a set of what was seen, every piece of track and every station looked
at, every place weighed) are swapped in and both placements compared whole: every name's text, box and cost,
every badge's corner, the names left off or without room, and the search's work (which decides where a search
bounded by its work stops). And a placement kept on disk comes back the same; an unreadable one is passed over.
"""
from __future__ import annotations

import dataclasses
import json
import logging
import math
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine import load_board  # noqa: E402
from game.ui import theme as th  # noqa: E402
from game.ui.board import name_cache, name_forms, names, placement  # noqa: E402
from game.ui.board.clearance import MARGIN, HardRule, _cells, point_box_dist  # noqa: E402
from game.ui.board.placement import SETTLE_NAME, _area, cells, clip_len, overlap  # noqa: E402
from game.ui.board.view import BoardView  # noqa: E402

from test_name_placement import board_card, random_card, run  # noqa: E402


# ---- the straightforward versions ---------------------------------------------------------------------------

def plain_meets(ax, ay, bx, by, b) -> bool:
    x0, y0, x1, y1 = b
    t0, t1 = 0.0, 1.0
    dx, dy = bx - ax, by - ay
    for p, q in ((-dx, ax - x0), (dx, x1 - ax), (-dy, ay - y0), (dy, y1 - ay)):
        if p == 0:
            if q < 0:
                return False
        else:
            t = q / p
            if p < 0:
                t0 = max(t0, t)
            else:
                t1 = min(t1, t)
            if t0 > t1:
                return False
    return True


def plain_seg_near_box(ax, ay, bx, by, b, m) -> bool:
    x0, y0, x1, y1 = b
    if max(ax, bx) <= x0 - m or min(ax, bx) >= x1 + m or max(ay, by) <= y0 - m or min(ay, by) >= y1 + m:
        return False
    if not plain_meets(ax, ay, bx, by, (x0 - m, y0 - m, x1 + m, y1 + m)):
        return False
    if plain_meets(ax, ay, bx, by, (x0 - m, y0, x1 + m, y1)) or plain_meets(ax, ay, bx, by, (x0, y0 - m, x1, y1 + m)):
        return True
    dx, dy = bx - ax, by - ay
    ll = dx * dx + dy * dy
    for cx, cy in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):
        t = 0.0 if ll == 0 else max(0.0, min(1.0, ((cx - ax) * dx + (cy - ay) * dy) / ll))
        if math.hypot(ax + t * dx - cx, ay + t * dy - cy) < m:
            return True
    return False


class PlainRule(HardRule):
    """The hard rule asked of every station and piece of track in the grid cells round a box (each piece once,
    by a set), tested in the rule's order, without local lists or unrolled tests."""

    def tier(self, i, box, near=None):
        key = (i, box)
        if key not in self._cache:
            self._cache[key] = self.plain_tier(i, box)
        return self._cache[key]

    def plain_tier(self, i, box):
        if not self._inside(box):
            return 3
        x, y = self.centres[i]
        own = point_box_dist(x, y, box)
        m = max(own + MARGIN, self.reach)
        near = {j for k in _cells((box[0] - m, box[1] - m, box[2] + m, box[3] + m)) for j in self.sgrid.get(k, ())}
        near.discard(i)
        pieces = {j for k in _cells(box) for j in self.tgrid.get(k, ())}
        if own < self.keep[i] + MARGIN \
                or any(plain_seg_near_box(*self.segs[j][:4], box, self.segs[j][4] + MARGIN) for j in pieces) \
                or any(point_box_dist(*self.centres[j], box) < self.symbols[j] + MARGIN for j in near):
            return 2
        for j in near:
            d = point_box_dist(*self.centres[j], box)
            if d < self.keep[j] + MARGIN or d < own + MARGIN:
                return 1
        return 0


class PlainPlacer(placement._Placer):
    def __init__(self, card):
        super().__init__(card)
        self.rule = PlainRule(card.centres, self.keep, card.segments, card.card, card.view, self.clear)

    def scan(self, i, r, w, h, near=None, lines=4, most=placement.SCAN_SPOTS, pitch=None, avoid=()):
        x, y = self.pos[i]
        step = pitch or max(2.0 if lines == 4 else 1.0, h / lines)
        far = r + 1.5 * h
        spots = []
        for gx in range(int((w + 2 * far) / step) + 1):
            lx = x - w - far + gx * step
            for gy in range(int((h + 2 * far) / step) + 1):
                ly = y - h - far + gy * step
                box = (lx, ly, lx + w, ly + h)
                d = math.hypot(max(lx - x, 0.0, x - lx - w), max(ly - y, 0.0, y - ly - h))
                if r <= d <= far:
                    spots.append((box, 4.0 + 2.0 * (d - r) / h))
        nearest = sorted(spots, key=lambda c: c[1])[:most]
        out, self.scan_asked = [], 0
        for c in nearest:  # the spots asked: until a dozen are allowed (the fine scans' work counts them)
            self.scan_asked += 1
            if any(placement.overlap(c[0], a) > 0 for a in avoid):  # an island's place (give_way)
                continue
            if self.rule.allows(i, c[0]):
                out.append(c)
                if len(out) == 12:
                    break
        return out
        yield  # (a generator, as the placer's)

    def obstacle_cost(self, i, box, h, cost):
        inner = (box[0] + 1, box[1] + 1, box[2] - 1, box[3] - 1)
        seen = set()
        for k in cells(box):
            for item in self.grid.get(k, ()):
                if id(item) in seen:
                    continue
                seen.add(id(item))
                kind, ob, data = item
                if kind == "station":
                    cost += overlap(inner, ob) * (1.5 if data != i else 6.0)
                elif kind == "badge":
                    if data != i:
                        cost += overlap(inner, ob) * 6.0
                else:
                    x0, y0, x1, y1, hw = self.segs[data]
                    grown = (inner[0] - hw, inner[1] - hw, inner[2] + hw, inner[3] + hw)
                    cost += clip_len(x0, y0, x1, y1, grown) * h * 0.03
        return cost


class PlainSettler(placement._Settler):
    def near_names(self, i, box):
        g = self.p.grown(box)
        out, work = {}, 0
        for k in cells(g):
            near = self.lgrid.get(k, ())
            work += 1 + len(near)
            for j in near:
                if j != i and j not in out and overlap(g, self.boxes[j]) > 0:
                    ov = overlap(box, self.boxes[j])
                    out[j] = SETTLE_NAME * (2 + 3 * ov / min(_area(box), _area(self.boxes[j]))) if ov else SETTLE_NAME
        self.work += work
        return out

    def weight(self, i, box):
        return sum(self.near_names(i, box).values()) + self.other(i, box)

    def least_place(self, i, rng, gone):
        best = None
        for c in self.places_of(i, True):
            if c is self.choice[i] or c[1] == gone:
                continue
            ns = self.near_names(i, c[1])
            o = self.other(i, c[1])
            key = (sum(ns.values()) + o, c[2] + rng.random() * 0.01)
            if best is None or key < best[0]:
                best = (key, c, ns, o)
        return best

    def best_pair(self, i, k):
        choice = self.choice
        ai = [(c, self.weight(i, c[1])) for c in self.places_of(i, True)]
        ak = [(c, self.weight(k, c[1])) for c in self.places_of(k, True)]
        now_i, now_k = self.weight(i, choice[i][1]), self.weight(k, choice[k][1])
        best = (self.pair_cost(choice[i], now_i, choice[k], now_k), choice[i], choice[k])
        for ci, ni in ai:
            if ni >= best[0]:
                continue
            for ck, nk in ak:
                n = self.pair_cost(ci, ni, ck, nk)
                if n < best[0] - 1e-9:
                    best = (n, ci, ck)
        return best[1], best[2]


def plain_run(card, monkeypatch):
    with monkeypatch.context() as m:
        m.setattr(placement, "_Placer", PlainPlacer)
        m.setattr(placement, "_Settler", PlainSettler)
        return run(card)[0]


def whole(got: placement.Placement) -> tuple:
    return got.names, got.corners, got.left_off, got.work, got.no_room


def wider_keep_out(card):
    """The card with each station's keep-out disc wider than its symbol (the passenger's disc, as the board
    view hands it over), so the symbol test and the keep-out test differ, and names that may be set smaller."""
    return dataclasses.replace(card, keep_out=[max(c * 1.7, card.px * 0.9) for c in card.clearances], smaller=True)


# ---- the tests ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name,w,h,px,bound", [("london", 1280, 720, 16, 60_000), ("newyork", 1280, 720, 14, 60_000)])
def test_the_fast_placement_equals_the_straightforward_one(name, w, h, px, bound, monkeypatch):
    """Crowded real boards (their search cut at a work bound, so the work counted must agree to the name),
    with keep-out discs wider than the symbols, names large enough to be set smaller."""
    card = wider_keep_out(board_card(name, w, h, px=px, work_bound=bound))
    fast = run(card)[0]
    assert fast.work > 0 and fast.no_room  # the search ran and the rule barred places: every short cut was taken
    texts = [text for text, _, _ in fast.names]
    # names broken onto two and three lines, and set smaller: every kind of form was placed
    assert any(t.count("\n") == 1 for t in texts) and any(t.count("\n") == 2 for t in texts)
    assert any(name_forms.unmarked(t)[1] for t in texts)
    assert whole(fast) == whole(plain_run(card, monkeypatch))


def test_the_fast_placement_equals_the_straightforward_one_on_scattered_stations(monkeypatch):
    for seed in (0, 2):
        card = dataclasses.replace(random_card(seed, n=30), work_bound=60_000)
        assert whole(run(card)[0]) == whole(plain_run(card, monkeypatch)), seed


@pytest.mark.soak
@pytest.mark.parametrize("name", ["london", "berlin", "newyork", "paris"])
@pytest.mark.parametrize("w,h", [(768, 432), (1280, 720), (1536, 864)])
def test_the_fast_placement_equals_the_straightforward_one_unbounded(name, w, h, monkeypatch):
    card = wider_keep_out(board_card(name, w, h))
    assert whole(run(card)[0]) == whole(plain_run(card, monkeypatch))


# ---- kept on disk -------------------------------------------------------------------------------------------

@pytest.fixture
def _display():
    pygame.display.init()
    pygame.font.init()
    yield


def london_view(size=(1920, 1080)) -> BoardView:
    w, h = size
    rect = pygame.Rect(round(w * 0.1), round(h * 0.1), round(w * 0.8), round(h * 0.8))
    return BoardView(load_board("london"), rect, th.Theme(), th.Fonts(), ui_scale=th.ui_scale(w, h))


@pytest.fixture
def _quick(monkeypatch):
    """The names' search bounded low: a real placement, a few tenths of a second."""
    monkeypatch.setattr(placement, "SETTLE_WORK", 30_000)


def placed_afresh(view) -> tuple:
    names._placements.clear()  # not from this run's memory
    view.names.place()
    n = view.names
    return list(n.labels), list(n.corners), n.settle_work, set(n.names_left_off), set(n.names_without_room)


def test_a_placement_kept_on_disk_comes_back_the_same(_display, _quick, tmp_path, monkeypatch):
    monkeypatch.setenv(name_cache.CACHE_ENV, str(tmp_path / "names"))
    first = placed_afresh(london_view())
    assert len(list((tmp_path / "names").glob("*.json"))) == 1
    def placed_again(card):
        raise AssertionError("placed again")
        yield

    monkeypatch.setattr(placement, "place_names", placed_again)
    assert placed_afresh(london_view()) == first  # read back, not placed again


def test_an_unreadable_kept_placement_is_passed_over(_display, _quick, tmp_path, monkeypatch, caplog):
    monkeypatch.setenv(name_cache.CACHE_ENV, str(tmp_path / "names"))
    first = placed_afresh(london_view())
    (kept,) = (tmp_path / "names").glob("*.json")
    for bad in ("{not json", json.dumps({"format": 1, "key": kept.stem, "names": [], "corners": []})):
        kept.write_text(bad)
        with caplog.at_level(logging.WARNING, logger="underground.ui"):
            assert placed_afresh(london_view()) == first  # placed anew, the same
        assert "placed anew" in caplog.text
        caplog.clear()
    assert json.loads(kept.read_text())["key"] == kept.stem  # and kept again, whole


def test_the_key_holds_every_number_the_placement_reads():
    """A station moved by a hundredth of a pixel, a name a pixel wider, a smaller work bound: another key."""
    card = board_card("paris", 1024, 576)
    sizes = {t: card.measure(t) for t in card.names}
    key = name_cache.card_key(card, sizes)
    assert name_cache.card_key(board_card("paris", 1024, 576), dict(sizes)) == key
    moved = list(card.centres)
    moved[5] = (moved[5][0] + 0.01, moved[5][1])
    wider = dict(sizes, **{card.names[3]: (sizes[card.names[3]][0] + 1, sizes[card.names[3]][1])})
    others = {name_cache.card_key(dataclasses.replace(card, centres=moved), sizes),
              name_cache.card_key(card, wider), name_cache.card_key(dataclasses.replace(card, work_bound=1000), sizes)}
    assert key not in others and len(others) == 3


def test_the_key_changes_with_the_way_names_are_broken_or_set_smaller(tmp_path, monkeypatch):
    """A placement made with other forms (name_forms.py changed) or without the forms set smaller is never
    served for this one."""
    card = board_card("paris", 1024, 576)
    sizes = {t: card.measure(t) for t in card.names}
    key = name_cache.card_key(card, sizes)
    assert name_cache.card_key(dataclasses.replace(card, smaller=True), sizes) != key
    changed = tmp_path / "name_forms.py"
    changed.write_text(open(name_forms.__file__, encoding="utf-8").read() + "\nTWO_LINES = 2.5\n", encoding="utf-8")
    monkeypatch.setattr(name_cache, "_code", [])
    monkeypatch.setattr(name_forms, "__file__", str(changed))
    assert name_cache.card_key(card, sizes) != key
