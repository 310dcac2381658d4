"""How much room a London name has: the allowed spots of its name on a one-pixel grid, and a descent that
widens that room (eleventh session, issue 22 item 1).

tools/descend_london_nudges.py measures how far a name without room is from its least barred candidate place;
at 1280x720 Harrow on the Hill and Tottenham Court Road were short by less than a pixel there, yet on a
one-pixel grid both have a few allowed spots (tools/why_london_names.py --short: an island of 1-17 pixels,
which the placement's rings, its quarter-line scan and its fine scan all step over; on a laptop, where Harrow on
the Hill has room, its island is 89 pixels). So the cost here is the island's size: for each watched name, the
spots of its name's box (every form, a one-pixel grid over the band the placement looks in) that the hard rule
(game/ui/board/clearance.py: track spaces and letter badges, keep-out discs and symbols, the nearest-station
rule, the card's and view's edges) allows, counted up to CAP, from the real play screen's name card (numpy over
the spots); a name still without room also costs SHORT per pixel of descend_london_nudges.short_of_room (its
least barred place among those the placement asks: a large island can still fall between the scan's grid
points). Moves of the named stations are kept when the watched names' room grows (and a name without room
costs 100), layout_london.check_layout stays clean and no guarded view gains a name without room by the game's
own placement; the result must then be measured on every view (tools/search_london_nudges.py --try) and with
the readability audit.

    .venv/bin/python tools/room_london_names.py                     # each watched name's room, the current map
    .venv/bin/python tools/room_london_names.py --descend "Rayners Lane,Willesden Junction" [--steps 2,4] [--rounds 4]
        [--start '{"Kenton": [3, 0]}']

Needs numpy (``pip install -e '.[layout]'``); runs for minutes: use ``nice``.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tools"), str(ROOT / "tests" / "ui")]

import descend_london_nudges as dl  # noqa: E402
import layout_london as ll  # noqa: E402
import search_london_nudges as sl  # noqa: E402

MARGIN = 1.0  # clearance.MARGIN
SHORT = 10.0  # per pixel by which a name without room misses its least barred place of the placement's own
CAP = 150  # spots of room counted at most per name and view (more is room enough for the placement's grids)
T = ((1280, 720), 4, "table")
# (board, view) -> the names watched there: the 1280x720 views up to four seats where a name lacked room at the
# eleventh session's start (round a table two to four seats share one board)
WATCH = {("london", T): ("Harrow on the Hill", "Tottenham Court Road"),
         ("london-2006", T): ("Harrow on the Hill", "Tottenham Court Road"),
         ("london-2006", ((1280, 720), 4, "laptop")): ("Harrow on the Hill",)}
# every 1280x720 view up to four seats: none may gain a name without room
GUARD = [(b, ((1280, 720), n, a)) for b in sl.BOARDS for n, a in ((4, "table"), (3, "laptop"), (4, "laptop"))]


def _seg_box_dist(ax, ay, bx, by, x0, y0, x1, y1):
    """Least distance between the segment a-b and each box (arrays of the boxes' sides; 0 where they meet)."""
    dx, dy = bx - ax, by - ay
    t0, t1 = np.zeros_like(x0), np.ones_like(x0)
    for p, q in ((-dx, ax - x0), (dx, x1 - ax), (-dy, ay - y0), (dy, y1 - ay)):
        if p == 0:
            t1 = np.where(q < 0, -1.0, t1)
        else:
            t = q / p
            if p < 0:
                t0 = np.maximum(t0, t)
            else:
                t1 = np.minimum(t1, t)
    meets = t0 <= t1
    best = np.minimum(_pt_box(ax, ay, x0, y0, x1, y1), _pt_box(bx, by, x0, y0, x1, y1))
    ll2 = dx * dx + dy * dy
    for cx, cy in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):
        t = np.clip(((cx - ax) * dx + (cy - ay) * dy) / ll2, 0.0, 1.0) if ll2 else 0.0
        best = np.minimum(best, np.hypot(ax + t * dx - cx, ay + t * dy - cy))
    return np.where(meets, 0.0, best)


def _pt_box(px, py, x0, y0, x1, y1):
    return np.hypot(np.maximum(np.maximum(x0 - px, 0.0), px - x1), np.maximum(np.maximum(y0 - py, 0.0), py - y1))


def room(card, i: int, step: float = 1.0) -> int:
    """How many spots on a ``step``-pixel grid the hard rule allows station ``i``'s name (the most of its forms),
    in the band from the placement's first ring out to two lines beyond it."""
    from game.ui.board import name_forms

    keep = list(card.keep_out if card.keep_out is not None else card.clearances)
    sym = list(card.clearances)
    x, y = card.centres[i]
    r = max(card.clearances[i] + max(2.0, card.lane_gap * 0.3), keep[i] + 1.5)
    best = 0
    for text, _ in name_forms.forms(card.names[i]):
        w, h = card.measure(text)
        far = r + 2.0 * h
        gx, gy = np.meshgrid(np.arange(x - w - far, x + far + 1e-9, step), np.arange(y - h - far, y + far + 1e-9, step))
        x0, y0 = gx.ravel(), gy.ravel()
        x1, y1 = x0 + w, y0 + h
        own = _pt_box(x, y, x0, y0, x1, y1)
        ok = (own >= r) & (own <= far) & (own >= keep[i] + MARGIN)
        for lim in (card.card, card.view):
            if lim is not None:
                ok &= (x0 >= lim[0] + MARGIN) & (y0 >= lim[1] + MARGIN) & (x1 <= lim[2] - MARGIN) & (y1 <= lim[3] - MARGIN)
        reach = far + w + h
        for j, (jx, jy) in enumerate(card.centres):
            if j != i and abs(jx - x) < reach + 50 and abs(jy - y) < reach + 50:
                d = _pt_box(jx, jy, x0, y0, x1, y1)
                ok &= (d >= max(keep[j], sym[j]) + MARGIN) & (d >= own + MARGIN)
        for ax, ay, bx, by, hw in card.segments:
            if min(ax, bx) > x + reach or max(ax, bx) < x - reach or min(ay, by) > y + reach or max(ay, by) < y - reach:
                continue
            ok &= _seg_box_dist(ax, ay, bx, by, x0, y0, x1, y1) >= hw + MARGIN
        best = max(best, int(ok.sum()))
    return best


class Rooms:
    """The watched names' room and every guarded view's names without room, for a layout's nudges."""

    def __init__(self):
        self.measure = dl.Measure()

    def __call__(self, nudges: dict, best: float | None = None) -> tuple[float | None, dict, dict]:
        """(the cost, {(board, view): names without room}, {(board, view, name): room}): the cost over the
        watched views (a name without room 100, less its room), the other guarded views' names only listed.
        With ``best``: (None, ...) as soon as the watched views cost no less (the others not measured)."""
        _, texts = sl.layout_texts(nudges)
        lacking, rooms, cost = {}, {}, 0.0
        for board, view in sorted(GUARD, key=lambda k: k not in WATCH):
            if best is not None and (board, view) not in WATCH and cost >= best - 0.01:
                return None, lacking, rooms
            b, card, lack = self.measure.card(board, texts[board], view)
            lacking[board, view] = {b.stations[k].name for k in lack}
            if (board, view) not in WATCH:
                continue
            cost += 100.0 * len(lack)
            names = [s.name for s in b.stations]
            for n in WATCH[board, view]:
                rooms[board, view, n] = got = room(card, names.index(n))
                cost -= min(got, CAP) / CAP * 50.0
                if names.index(n) in lack:  # how far the placement's own spots are from allowed
                    cost += SHORT * dl.short_of_room(card, names.index(n))
        return cost, lacking, rooms


def _show(rooms: dict) -> str:
    return "; ".join(f"{b} {v[1]} {v[2]} {n}: {r}" for (b, v, n), r in rooms.items())


def descend(movers: list[str], steps: list[int], rounds: int, start: dict, seed: int = 1, out=sys.stdout) -> dict:
    """Moves of ``movers`` ("A+B": two moved together) kept while the cost falls and no guarded view gains a name
    without room against the start (seeded order); prints each kept move and the moves against NUDGES."""
    rooms = Rooms()
    old, edges = ll.printed(), ll.connections()
    nudges = dict(ll.NUDGES)
    for n, (dx, dy) in start.items():
        cx, cy = nudges.get(n, (0, 0))
        nudges[n] = (cx + dx, cy + dy)
    best, guard, got = rooms(nudges)
    print(f"start {best:.1f}: {_show(got)}", {f"{b} {v[1]} {v[2]}": sorted(n) for (b, v), n in guard.items() if n},
          file=out, flush=True)
    rng = random.Random(seed)
    for rnd in range(rounds):
        kept = False
        for n, move in dl.tries(movers, steps, rng):
            trial = dl.moved(nudges, n, move, old, edges)
            if trial is None:
                continue
            cost, lacking, got = rooms(trial, best)
            if cost is None or cost >= best - 0.01 or any(not lacking[k] <= guard[k] for k in lacking):
                continue
            best, nudges, guard, kept = cost, trial, lacking, True
            print(f"round {rnd + 1}: {n} {[trial[m] for m in n.split('+')]}: {best:.1f}: {_show(got)}; without room "
                  f"{sorted(set().union(*lacking.values()))}", file=out, flush=True)
        if not kept:
            break
    moves = dl.against_nudges(nudges)
    print(json.dumps(moves), file=out)
    return moves


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--descend", help='the stations moved, comma-separated ("A+B": two moved together)')
    ap.add_argument("--steps", default="2,4", help="move lengths, board units")
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--start", default="{}", help='moves on top of NUDGES to start from, JSON {"station": [dx, dy]}')
    args = ap.parse_args(argv)
    start = json.loads(args.start)
    if args.descend:
        descend(args.descend.split(","), [int(s) for s in args.steps.split(",")], args.rounds, start, args.seed)
        return 0
    nudges = dict(ll.NUDGES)
    for n, (dx, dy) in start.items():
        cx, cy = nudges.get(n, (0, 0))
        nudges[n] = (cx + dx, cy + dy)
    cost, lacking, got = Rooms()(nudges)
    print(f"cost {cost:.1f}: {_show(got)}")
    for (b, v), n in lacking.items():
        print(b, v, sorted(n))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
