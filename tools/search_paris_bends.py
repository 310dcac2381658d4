"""Search for hand routes of Paris connections (:data:`layout_paris.ROUTES`, issue 22 item 1, eleventh session):
each given connection tried with every route of none, one or two bends on the board's half-step grid (inside its
ends' box widened a step; every piece horizontal, vertical or at 45 degrees on the grid), the shortest first; a
route kept when the layout stays clean (``check_layout``, the Seine) and the play screen's own placement leaves
fewer names without room over the views (:data:`VIEWS`), none of them more. Rewrites maps/paris.toml as it goes.

    .venv/bin/python tools/search_paris_bends.py "Poissonnière|Gare de l'Est" ... [--views ...] [--max 40]
    .venv/bin/python tools/search_paris_bends.py "Place de Clichy|La Fourche" --with '{"Place de Clichy|Villiers":
        [[8, 4]]}' --avoid 8.45,3.4,9.8,3.72 --widen 2

The connections to try are those tools/why_names.py names as barring the best places of a name. ``--with`` puts
other routes in first (a joint search: a route that frees one name may take another's place, which a second
connection's route gives back; twelfth session), ``--avoid`` tries only routes clear of a box of board cells (the
place the name should get, from why_names.py's pixels over the grid's pitch).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import layout_paris as lay  # noqa: E402
import search_paris_nudges as sn  # noqa: E402

VIEWS = (((1920, 1080), 4, "table", 1), ((1920, 1080), 2, "laptop", 1), ((1920, 1080), 5, "table", 1),
         ((3840, 2160), 4, "table", 1), ((3840, 2160), 4, "laptop", 1), ((1280, 720), 4, "table", 1),
         ((1280, 720), 4, "laptop", 1))


class Board(sn.Board):
    """The nudge search's board with hand routes."""

    routes: dict = {}

    def build(self, nudges):
        cells, grid_bends = lay.board_layout(self.cells, self.edges, nudges=nudges, routes=self.routes)
        pos, bends, lines = lay.board_positions(cells, grid_bends, self.edges)
        self.water = lay.water_areas(lines=lines)
        problems = lay.check_layout(pos, self.edges, bends=bends) + lay.seine_problems(pos, self.water)
        return cells, pos, bends, problems


def candidates(cells, u, v, now, widen=1):
    """Routes (lists of board cells) of none, one or two bends from u to v, shortest first, ``now`` left out;
    bends inside the ends' box widened by ``widen`` steps (more than 1: detours round the connection's ends)."""
    a, b = cells[u], cells[v]
    x0, x1 = min(a[0], b[0]) - widen, max(a[0], b[0]) + widen
    y0, y1 = min(a[1], b[1]) - widen, max(a[1], b[1]) + widen
    pts = [(x0 + i / 2, y0 + j / 2) for i in range(int((x1 - x0) * 2) + 1) for j in range(int((y1 - y0) * 2) + 1)]
    octo = lay.is_octilinear
    paths = [[]] if octo(b[0] - a[0], b[1] - a[1]) else []
    for p in pts:
        if p in (a, b) or not octo(p[0] - a[0], p[1] - a[1]):
            continue
        if octo(b[0] - p[0], b[1] - p[1]):
            paths.append([p])
        for q in pts:
            if q not in (p, a, b) and octo(q[0] - p[0], q[1] - p[1]) and octo(b[0] - q[0], b[1] - q[1]):
                paths.append([p, q])

    def length(path):
        line = [a, *path, b]
        return sum(math.dist(s, t) for s, t in zip(line, line[1:])) + 0.3 * len(path)

    def turns_back(path):  # a piece doubling back over the one before it
        line = [a, *path, b]
        for s, t, w in zip(line, line[1:], line[2:]):
            d1, d2 = (t[0] - s[0], t[1] - s[1]), (w[0] - t[0], w[1] - t[1])
            if d1[0] * d2[0] + d1[1] * d2[1] < 0 or (d1[0] * d2[1] - d1[1] * d2[0] == 0 and
                                                    d1[0] * d2[0] + d1[1] * d2[1] <= 0):
                return True
        return False

    now = [tuple(p) for p in now]
    return [p for p in sorted(paths, key=length) if p != now and not turns_back(p)]


def crosses(line, box, margin=0.1) -> bool:
    """Whether a route (board cells) comes within ``margin`` steps of a box of board cells."""
    x0, y0, x1, y1 = box[0] - margin, box[1] - margin, box[2] + margin, box[3] + margin
    return any(x0 <= s[0] + (t[0] - s[0]) * k / 40 <= x1 and y0 <= s[1] + (t[1] - s[1]) * k / 40 <= y1
               for s, t in zip(line, line[1:]) for k in range(41))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("connections", nargs="+", help='"A|B"')
    ap.add_argument("--views", type=sn.parse_views, default=VIEWS)
    ap.add_argument("--max", type=int, default=40, help="routes tried per connection at most")
    ap.add_argument("--widen", type=int, default=1, help="steps the ends' box is widened by for bends")
    ap.add_argument("--outside", action="store_true", help="only routes with a bend outside the box widened a step")
    ap.add_argument("--loose", action="store_true", help="keep a lower sum even where a 1280x720 view gets one more")
    ap.add_argument("--with", dest="fixed", default="{}", help='routes put in first: {"A|B": [[x, y], ...]}')
    ap.add_argument("--avoid", help="x0,y0,x1,y1: only routes clear of this box of board cells (a name's place)")
    args = ap.parse_args(argv)
    b = Board()
    b.routes = dict(lay.ROUTES)
    for text, pts in json.loads(args.fixed).items():
        u, v = text.split("|")
        e = (u, v) if (u, v) in b.edges else (v, u)
        b.routes[e] = [tuple(p) for p in (pts if e == (u, v) else reversed(pts))]
    views = args.views
    now = b.per_view(lay.NUDGES, views)
    best = sum(len(g) for g in now)
    print(f"start: {best} {[len(g) for g in now]}", flush=True)
    for text in args.connections:
        u, v = text.split("|")
        cells, grid_bends = lay.board_layout(b.cells, b.edges, nudges=lay.NUDGES, routes=b.routes)
        e = (u, v) if (u, v) in b.edges else (v, u)
        assert e in b.edges, text
        tried = 0
        found = candidates(cells, e[0], e[1], grid_bends.get(e, []), args.widen)
        if args.avoid:
            box = tuple(float(t) for t in args.avoid.split(","))
            found = [p for p in found if not crosses([cells[e[0]], *p, cells[e[1]]], box)]
        if args.outside:  # the last pass tried those inside already
            a, z = cells[e[0]], cells[e[1]]
            found = [p for p in found if any(not (min(a[0], z[0]) - 1 <= x <= max(a[0], z[0]) + 1 and
                                                  min(a[1], z[1]) - 1 <= y <= max(a[1], z[1]) + 1) for x, y in p)]
        for path in found:
            if tried >= args.max:
                break
            trial = {**b.routes, e: path}
            old, b.routes = b.routes, trial
            _, _, _, problems = b.build(lay.NUDGES)
            if problems:
                b.routes = old
                continue
            tried += 1
            got = b.per_view(lay.NUDGES, views)
            total = sum(len(g) for g in got)
            worse = [(len(g) > len(h)) if s != (1280, 720) or not args.loose else (len(g) > len(h) + 1)
                     for g, h, (s, *_) in zip(got, now, views)]
            print(f"  {e[0]} - {e[1]} via {path}: {total} {[len(g) for g in got]}", flush=True)
            if total < best and not any(worse):
                best, now = total, got
                print(f"kept {e[0]} - {e[1]} via {path}: {best} {sorted(set().union(*now))}", flush=True)
            else:
                b.routes = old
        print(f"routes: {json.dumps({'|'.join(k): v for k, v in b.routes.items()}, ensure_ascii=False)}",
              flush=True)
    _, pos, bends, _ = b.build(lay.NUDGES)
    b.write(pos, bends)
    print(f"end: {best} {[len(g) for g in now]}")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("UNDERGROUND_CACHE_DIR", "/tmp/underground-search-cache")
    sys.exit(main())
