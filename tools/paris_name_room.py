"""The names' room as a cost for the Paris annealing (issue 22 item 1, tenth session).

For each station: whether its name has a place next to it that the play screen's hard rule
(game/ui/board/clearance.py) allows, at one target view (by default 1920 x 1080, four seats round a table). The
play screen's own numbers are taken once from that view (:func:`target_card`: the zoom, each name's forms measured
with the real font, each station's keep-out disc and symbol, each connection's bundle width, the card and the
view), then the places are tried as placement.py tries them (three rings of places round the station in every
form, then the scan of the nearest spots in the cheapest forms), each against the pieces of track, the other
stations' discs, the nearest-station rule and the card's and view's edges, for positions worked out from the
annealing's grid cells (the spread's columns, the fisheye's grid lines and the nudges as the board has them).
Vectorised with numpy over a station's places; :class:`NameRoom` keeps each station's answer and recomputes only
the stations near a move (:meth:`NameRoom.affected`).

    .venv/bin/python tools/paris_name_room.py            # the proxy's stations without room on the current map

Needs numpy (``pip install -e '.[layout]'``); the game does not.
"""
from __future__ import annotations

import json
import math
import os
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import layout_paris as lay  # noqa: E402

MARGIN = 1.0  # clearance.MARGIN
SCAN_FORMS = 3  # placement.SCAN_FORMS
SCAN_SPOTS = 200  # placement.SCAN_SPOTS
SCAN_SMALLER = 1  # placement.SCAN_SMALLER
CELL = 64.0  # the names' grid cell (placement.CELL)
ROUNDS = 3  # the names too close trying again (squeezed)


def target_card(size=(1920, 1080), seats=4, arrangement="table") -> dict:
    """The play screen's numbers for the names at one view of the current maps/paris.toml (board pixels)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(ROOT / "tests" / "ui"))
    import names_audit as na
    from game.engine import new_game
    from game.ui import play_scene
    from game.ui.app import App
    from game.ui.board import name_forms

    app = App(size=size, headless=True)
    state = new_game("paris", seats, seed=1, start_player=0, variant="standard")
    scene = app.push(play_scene.PlayScene(app, state, na.seats_for(state, arrangement)))
    try:
        app.step(0.1)
        nl = scene.board_view.names
        nl.place()
        gen = nl.name_card(nl.wanted())
        try:
            while True:
                next(gen)
        except StopIteration as done:
            card = done.value
        board = scene.board_view.board
        s = scene.board_view.camera.s
        forms, small = [], []
        for name in card.names:
            fs = [(t, c, *card.measure(t)) for t, c in name_forms.forms(name)] if name else []
            forms.append(fs)
            small.append([(name_forms.smaller(t), c, *card.measure(name_forms.smaller(t)))
                          for t, c, _, _ in fs] if card.smaller else [])
        # each connection's bundle half-width (its first piece), widened to its letter badges' discs
        hws, k = [], 0
        pieces = [len(c.bends) + 1 for c in board.connections]
        for c, n in enumerate(pieces):
            hws.append(card.segments[k][4])
            k += n
        letters = card.segments[k:]
        cons = board.connections
        for x, y, _, _, rad in letters:  # the nearest connection's centre line: widen its bundle to the disc
            best = None
            for c, con in enumerate(cons):
                pts = [card.centres[con.a]] + [(p[0] * s, p[1] * s) for p in con.bends] + [card.centres[con.b]]
                d = min(_pt_seg(x, y, a, b) for a, b in zip(pts, pts[1:]))
                if best is None or d < best[0]:
                    best = (d, c)
            hws[best[1]] = max(hws[best[1]], best[0] + rad)
        return dict(size=size, seats=seats, arrangement=arrangement, s=s, px=card.px, lane_gap=card.lane_gap,
                    names=[st.name for st in board.stations], forms=forms, small=small, clear=list(card.clearances),
                    keep=list(card.keep_out), hw=hws, card=card.card, view=card.view,
                    edges=[(board.stations[c.a].name, board.stations[c.b].name) for c in cons],
                    no_room=sorted(board.stations[i].name for i in nl.names_without_room))
    finally:
        while app.scenes:
            app.scenes.pop().exit()


def _pt_seg(x, y, a, b) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    ll = dx * dx + dy * dy
    t = 0.0 if not ll else max(0.0, min(1.0, ((x - a[0]) * dx + (y - a[1]) * dy) / ll))
    return math.hypot(a[0] + t * dx - x, a[1] + t * dy - y)


def _places(r: float, w: float, h: float, ring: int) -> list[tuple[float, float]]:
    """placement._Placer.places' offsets from the station (top-left corners), without the card's slides."""
    d = ((r, 0.0), (r + 0.6 * h, 1.5), (r + 1.3 * h, 3.0))[ring][0]
    out = []
    for k in (0, -1, 1, -2, 2, -3, 3):
        ly = -h / 2 + k * h / 4
        out += [(d, ly), (-d - w, ly)]
    for k in (0, -1, 1, -2, 2):
        lx = -w / 2 + k * w / 4
        out += [(lx, -d - h), (lx, d)]
    c = d * 0.72
    out += [(c, -c - h), (c, c), (-c - w, -c - h), (-c - w, c)]
    return out


def _scan(r: float, w: float, h: float) -> list[tuple[float, float]]:
    """placement._Placer.scan's spots (offsets), nearest first, at most SCAN_SPOTS."""
    step = max(2.0, h / 4)
    far = r + 1.5 * h
    spots = []
    n_x, n_y = int((w + 2 * far) / step) + 1, int((h + 2 * far) / step) + 1
    for gx in range(n_x):
        lx = -w - far + gx * step
        for gy in range(n_y):
            ly = -h - far + gy * step
            d = math.hypot(max(lx, 0.0, -lx - w), max(ly, 0.0, -ly - h))
            if r <= d <= far:
                spots.append((d, len(spots), (lx, ly)))
    return [p for _, _, p in sorted(spots)[:SCAN_SPOTS]]


class NameRoom:
    """Each station's name room at the target view, for positions from annealing cells; incremental."""

    def __init__(self, data: dict, cells: dict, nudged_from: dict | None = None):
        self.d = data
        self.s = data["s"]
        self.names = list(data["names"])
        self.idx = {n: i for i, n in enumerate(self.names)}
        self.keep = np.array(data["keep"])
        self.clear = list(data["clear"])
        self.edges = [tuple(e) for e in data["edges"]]
        self.hw = list(data["hw"])
        self.card = tuple(data["card"])
        self.view = tuple(data["view"]) if data["view"] else None
        self.nudged_from = nudged_from or {}  # station -> (annealing cell it was nudged from, board cell)
        self.inc = {n: [] for n in self.names}
        for k, (u, v) in enumerate(self.edges):
            self.inc[u].append(k)
            self.inc[v].append(k)
        # the fisheye's grid lines of the current board (kept: a move changes them by a unit or two)
        board, _ = lay.board_layout({n: tuple(c) for n, c in cells.items()}, self.edges)
        self.lines = lay.grid_lines(board)
        self.cand = []  # per station: (offsets x0, y0, widths, heights) of all its places, in trying order
        self.reach = []
        self.first = []  # per station: how many of its places are the first ring at full size
        gap = data["lane_gap"]
        for i, fs in enumerate(data["forms"]):
            r = max(self.clear[i] + max(2.0, gap * 0.3), self.keep[i] + 1.5)
            if not fs:
                self.cand.append(None)
                self.first.append(0)
                self.reach.append((0.0, 0.0))
                continue
            pts = []
            for ring in range(3):
                for _, _, w, h in fs:
                    pts += [(x, y, w, h) for x, y in _places(r, w, h, ring)]
                if ring == 0:
                    self.first.append(len(pts))
            for _, _, w, h in fs[:SCAN_FORMS]:
                pts += [(x, y, w, h) for x, y in _scan(r, w, h)]
            small = data.get("small", [[]] * len(data["forms"]))[i]  # set smaller, where none at full size
            for ring in range(3):
                for _, _, w, h in small:
                    pts += [(x, y, w, h) for x, y in _places(r, w, h, ring)]
            for _, _, w, h in small[:SCAN_SMALLER]:
                pts += [(x, y, w, h) for x, y in _scan(r, w, h)]
            a = np.array(pts, dtype=float)
            self.cand.append((a[:, 0], a[:, 1], a[:, 0] + a[:, 2], a[:, 1] + a[:, 3]))
            w_most, h_most = max(f[2] for f in fs), max(f[3] for f in fs)
            self.reach.append((r + 1.5 * h_most + w_most, r + 2.5 * h_most))
        self.ext = float(self.keep.max()) + MARGIN
        conns = {n: len(v) for n, v in self.inc.items()}
        order = sorted(self.names, key=lambda n: (-self.clear[self.idx[n]], -conns[n], self.idx[n]))
        self.rank = {n: k for k, n in enumerate(order)}
        self.gap = (0.45 * data["px"], 0.18 * data["px"])  # placement.LABEL_GAP along and across the lines
        self.cells = {}
        self.xy = {}
        self.edge_pts = {}
        self._line_cache = {}
        self.room = {}
        self.set_cells(cells)

    # ---- positions ------------------------------------------------------------------------------
    def position(self, n: str, cell) -> tuple[float, float]:
        """Board pixels of station ``n`` at annealing ``cell`` (its nudge applied where it keeps its cell)."""
        nf = self.nudged_from.get(n)
        bc = nf[1] if nf and tuple(nf[0]) == tuple(cell) else lay.spread_cell(cell)
        x, y = lay.place(bc, self.lines)
        return (x * self.s, y * self.s)

    def edge_line(self, k: int) -> list[tuple[float, float]]:
        u, v = self.edges[k]
        cu, cv = self.cells[u], self.cells[v]
        nu, nv = self.nudged_from.get(u), self.nudged_from.get(v)
        if (nu and tuple(nu[0]) == cu) or (nv and tuple(nv[0]) == cv):
            return [self.xy[u], self.xy[v]]
        key = (k, cu, cv)
        got = self._line_cache.get(key)
        if got is None:
            line = lay.spread_line([cu, *lay.BENDS.get((u, v), []), cv])
            got = [(lay._on_lines(p[0], self.lines[0]) * self.s, lay._on_lines(p[1], self.lines[1]) * self.s)
                   for p in line]
            if len(self._line_cache) > 200_000:
                self._line_cache.clear()
            self._line_cache[key] = got
        return got

    def set_cells(self, cells: dict) -> None:
        """All positions and answers afresh."""
        self.cells = {n: tuple(c) for n, c in cells.items()}
        self.xy = {n: self.position(n, c) for n, c in self.cells.items()}
        self.edge_pts = {k: self.edge_line(k) for k in range(len(self.edges))}
        self.boxes = {n: self.allowed_boxes(n) for n in self.names}
        self.hard = {n for n in self.names if self.boxes[n] is None and self.cand[self.idx[n]] is not None}
        self.room = {n: n not in self.hard for n in self.names}
        self.squeezed_all()
        self.cost = self.count()
        self._undo = None

    def update(self, moved: dict) -> None:
        """Stations moved (station -> new annealing cell): their positions and connections (no answers)."""
        for n, c in moved.items():
            self.cells[n] = tuple(c)
            self.xy[n] = self.position(n, c)
        for n in moved:
            for k in self.inc[n]:
                self.edge_pts[k] = self.edge_line(k)

    # ---- the rule -------------------------------------------------------------------------------
    def region(self, n: str) -> tuple[float, float, float, float]:
        i = self.idx[n]
        x, y = self.xy[n]
        a, u = self.reach[i]
        e = u + self.ext
        return (x - a - e, y - u - e, x + a + e, y + u + e)

    def changed_box(self, moved) -> tuple[float, float, float, float]:
        """The box round the moved stations' positions and their connections (now)."""
        xs, ys = [], []
        for n in moved:
            xs.append(self.xy[n][0])
            ys.append(self.xy[n][1])
            for k in self.inc[n]:
                m = self.hw[k]
                for p in self.edge_pts[k]:
                    xs += [p[0] - m, p[0] + m]
                    ys += [p[1] - m, p[1] + m]
        return (min(xs), min(ys), max(xs), max(ys))

    def affected(self, boxes) -> list[str]:
        """The stations whose answer may change when anything inside ``boxes`` changes."""
        out = []
        for n in self.names:
            if self.cand[self.idx[n]] is None:
                continue
            r = self.region(n)
            for b in boxes:
                if not (r[2] < b[0] or b[2] < r[0] or r[3] < b[1] or b[3] < r[1]):
                    out.append(n)
                    break
        return out

    def has_room(self, n: str) -> bool:
        """Whether station ``n``'s name has a place the hard rule allows."""
        return self.cand[self.idx[n]] is None or self.allowed_boxes(n) is not None

    def allowed_boxes(self, n: str):
        """The places the hard rule allows station ``n``'s name (placement.py's places and scan), as arrays
        (x0, y0, x1, y1), or None: the places tried in two parts (the first ring at full size, then the rest),
        each part's boxes cut down by every obstacle in turn; the first part with any is the answer."""
        i = self.idx[n]
        cand = self.cand[i]
        if cand is None:
            return None
        x, y = self.xy[n]
        rx0, ry0, rx1, ry1 = self.region(n)
        others = [(o, self.keep[self.idx[m]] + MARGIN) for m, o in self.xy.items()
                  if m != n and rx0 <= o[0] <= rx1 and ry0 <= o[1] <= ry1]
        segs = []
        for k, pts in self.edge_pts.items():
            m = self.hw[k] + MARGIN
            for a, b in zip(pts, pts[1:]):
                if not (max(a[0], b[0]) < rx0 - m or min(a[0], b[0]) > rx1 + m or max(a[1], b[1]) < ry0 - m
                        or min(a[1], b[1]) > ry1 + m):
                    segs.append((a, b, m))
        first = self.first[i]
        for part in (slice(0, first), slice(first, None)):
            x0, y0, x1, y1 = (c[part] + d for c, d in zip(cand, (x, y, x, y)))
            ok = np.ones(len(x0), dtype=bool)
            for lim in (self.card, self.view):
                if lim is not None:
                    ok &= (x0 >= lim[0] + MARGIN) & (y0 >= lim[1] + MARGIN) & (x1 <= lim[2] - MARGIN) & \
                          (y1 <= lim[3] - MARGIN)
            own = np.hypot(np.maximum(np.maximum(x0 - x, 0.0), x - x1), np.maximum(np.maximum(y0 - y, 0.0), y - y1))
            ok &= own >= self.keep[i] + MARGIN
            x0, y0, x1, y1, own = x0[ok], y0[ok], x1[ok], y1[ok], own[ok]
            for o, k in others:
                if not len(x0):
                    break
                d = np.hypot(np.maximum(np.maximum(x0 - o[0], 0.0), o[0] - x1),
                             np.maximum(np.maximum(y0 - o[1], 0.0), o[1] - y1))
                ok = (d >= k) & (d >= own + MARGIN)
                x0, y0, x1, y1, own = x0[ok], y0[ok], x1[ok], y1[ok], own[ok]
            for a, b, m in segs:
                if not len(x0):
                    break
                ok = ~_seg_near_boxes(a, b, x0, y0, x1, y1, m)
                x0, y0, x1, y1, own = x0[ok], y0[ok], x1[ok], y1[ok], own[ok]
            if len(x0):
                return (x0, y0, x1, y1)
        return None

    def without_room(self) -> list[str]:
        """The stations whose names have no place the hard rule allows, or only places crowded by the names
        placed before them (:meth:`squeezed`)."""
        return sorted(n for n, r in self.room.items() if not r or n in self.crowded)

    # ---- names among names ----------------------------------------------------------------------
    # The play screen also lists a name whose allowed places are all too close to other names after its search
    # (placement.part_close). A stand-in: each station, the most constrained first (as placement.greedy orders
    # them: widest symbol, most connections), takes its first allowed place apart from the names placed so far
    # (placement.LABEL_GAP), else its first allowed place; those left too close try again (ROUNDS), the others
    # moving to free places between. A move re-places only the names near it (:meth:`trial`).
    def _free(self, n, b):
        x0, y0, x1, y1 = b
        gx, gy = self.gap
        g0, g1, g2, g3 = x0.min() - gx, y0.min() - gy, x1.max() + gx, y1.max() + gy
        ok = np.ones(len(x0), dtype=bool)
        seen = set()
        grid, chosen = self.grid, self.chosen
        for gxk in range(int(g0 // CELL), int(g2 // CELL) + 1):
            for gyk in range(int(g1 // CELL), int(g3 // CELL) + 1):
                for m in grid.get((gxk, gyk), ()):
                    if m == n or m in seen:
                        continue
                    seen.add(m)
                    c0, c1, c2, c3 = chosen[m]
                    ok &= ~((x0 - gx < c2) & (c0 < x1 + gx) & (y0 - gy < c3) & (c1 < y1 + gy))
        return ok

    def _put(self, n, box):
        self.chosen[n] = box
        for k in _cells(box):
            self.grid.setdefault(k, set()).add(n)

    def _take(self, n):
        box = self.chosen.pop(n, None)
        if box is not None:
            for k in _cells(box):
                self.grid[k].discard(n)

    def _place(self, n) -> bool:
        """Name ``n`` to its first allowed place apart from the others (True), else its first (False)."""
        self._take(n)
        b = self.boxes[n]
        if b is None:
            return True
        ok = self._free(n, b)
        k = int(np.argmax(ok)) if ok.any() else 0
        self._put(n, (b[0][k], b[1][k], b[2][k], b[3][k]))
        return bool(ok.any())

    def _solve(self, group) -> set[str]:
        """The names of ``group`` placed again (the others kept); those left too close."""
        group = sorted(group, key=self.rank.__getitem__)
        for n in group:
            self._take(n)
        out = {n for n in group if not self._place(n)}
        for _ in range(ROUNDS):
            if not out:
                break
            for n in sorted(out, key=self.rank.__getitem__):
                if self._place(n):
                    out.discard(n)
            for n in group:
                if n not in out:
                    self._place(n)
        return out

    def squeezed_all(self) -> None:
        self.chosen, self.grid = {}, {}
        self.crowded = self._solve([n for n in self.names if self.boxes[n] is not None])

    def count(self) -> int:
        return len(self.hard) + len(self.crowded)

    def trial(self, shifted, old_box) -> int:
        """The count of names without room (:meth:`without_room`) with the stations ``shifted`` where they are
        now (:meth:`update` called), having been in ``old_box``; :meth:`commit` keeps it, :meth:`rollback`
        goes back."""
        group = self.affected([old_box, self.changed_box(shifted)])
        self._undo = ({n: self.boxes[n] for n in group}, {n: self.chosen.get(n) for n in group}, set(self.crowded),
                      set(self.hard))
        for n in group:
            self.boxes[n] = b = self.allowed_boxes(n)
            (self.hard.add if b is None else self.hard.discard)(n)
        self.crowded = (self.crowded - set(group)) | self._solve([n for n in group if self.boxes[n] is not None])
        return self.count()

    def commit(self) -> None:
        for n in self._undo[0]:
            self.room[n] = n not in self.hard
        self.cost = self.count()
        self._undo = None

    def rollback(self) -> None:
        boxes, chosen, self.crowded, self.hard = self._undo
        self.boxes.update(boxes)
        for n, box in chosen.items():
            self._take(n)
            if box is not None:
                self._put(n, box)
        self._undo = None


class Views:
    """Several target views' NameRoom together (the same interface, the counts summed with weights)."""

    def __init__(self, rooms, weights=None):
        self.rooms = list(rooms)
        self.weights = list(weights or [1.0] * len(self.rooms))

    @property
    def cost(self) -> float:
        return sum(w * r.cost for w, r in zip(self.weights, self.rooms))

    def update(self, moved) -> None:
        for r in self.rooms:
            r.update(moved)

    def changed_box(self, moved):
        return [r.changed_box(moved) for r in self.rooms]

    def trial(self, shifted, old_boxes) -> float:
        return sum(w * r.trial(shifted, b) for w, r, b in zip(self.weights, self.rooms, old_boxes))

    def commit(self) -> None:
        for r in self.rooms:
            r.commit()

    def rollback(self) -> None:
        for r in self.rooms:
            r.rollback()

    def set_cells(self, cells) -> None:
        for r in self.rooms:
            r.set_cells(cells)

    def without_room(self) -> list[str]:
        return sorted(set().union(*(r.without_room() for r in self.rooms)))

    def counts(self) -> list[int]:
        return [r.count() for r in self.rooms]


def _cells(box):
    for gx in range(int(box[0] // CELL), int(box[2] // CELL) + 1):
        for gy in range(int(box[1] // CELL), int(box[3] // CELL) + 1):
            yield (gx, gy)


def _seg_near_boxes(a, b, x0, y0, x1, y1, m):
    """Whether segment a-b comes nearer than ``m`` to each box (clearance.seg_near_box, vectorised): a
    horizontal or vertical piece by its distance to the box, a slanted one past the quick test as
    clearance._near does."""
    ax, ay = a
    bx, by = b
    lx, hx, ly, hy = min(ax, bx), max(ax, bx), min(ay, by), max(ay, by)
    if ay == by or ax == bx:
        return np.hypot(np.maximum(np.maximum(lx - x1, 0.0), x0 - hx),
                        np.maximum(np.maximum(ly - y1, 0.0), y0 - hy)) < m
    out = np.zeros(len(x0), dtype=bool)
    sel = np.nonzero(~((hx <= x0 - m) | (lx >= x1 + m) | (hy <= y0 - m) | (ly >= y1 + m)))[0]
    if not len(sel):
        return out
    x0, y0, x1, y1 = x0[sel], y0[sel], x1[sel], y1[sel]
    dx, dy = bx - ax, by - ay
    near = _meets(ax, ay, dx, dy, x0 - m, y0, x1 + m, y1) | _meets(ax, ay, dx, dy, x0, y0 - m, x1, y1 + m)
    ll = dx * dx + dy * dy
    for cx, cy in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):
        t = np.clip(((cx - ax) * dx + (cy - ay) * dy) / ll, 0.0, 1.0)
        near |= np.hypot(ax + t * dx - cx, ay + t * dy - cy) < m
    out[sel] = near
    return out


def _meets(ax, ay, dx, dy, x0, y0, x1, y1):
    """Whether the segment from (ax, ay) by (dx, dy) meets each box (Liang-Barsky, vectorised over boxes)."""
    t0 = np.zeros_like(x0)
    t1 = np.ones_like(x0)
    ok = np.ones(x0.shape, dtype=bool)
    for p, lo, hi, d in ((ax, x0, x1, dx), (ay, y0, y1, dy)):
        if d == 0:
            ok &= (p >= lo) & (p <= hi)
        else:
            ta, tb = (lo - p) / d, (hi - p) / d
            t0 = np.maximum(t0, np.minimum(ta, tb))
            t1 = np.minimum(t1, np.maximum(ta, tb))
    return ok & (t0 <= t1)


def current_cells() -> dict:
    cells = json.loads((ROOT / "tools" / "paris_annealed_cells.json").read_text(encoding="utf-8"))
    cells = {n: tuple(c) for n, c in cells.items()}
    return cells


def nudged_from(cells: dict) -> dict:
    """Each nudged station's annealing cell and its nudge's board cell."""
    return {n: (tuple(cells[n]), tuple(c)) for n, c in lay.NUDGES.items()}


if __name__ == "__main__":
    import time

    data = target_card()
    out = Path("/tmp") / "paris_name_card.json"
    out.write_text(json.dumps(data, ensure_ascii=False))
    cells = current_cells()
    t = time.time()
    room = NameRoom(data, cells, nudged_from(cells))
    print(f"proxy {time.time() - t:.2f}s: {len(room.without_room())} without room: {room.without_room()}")
    print(f"play screen: {len(data['no_room'] or [])}: {data['no_room']}")
    print("only proxy:", sorted(set(room.without_room()) - set(data["no_room"] or [])))
    print("only screen:", sorted(set(data["no_room"] or []) - set(room.without_room())))
