"""A descent on tools/layout_london.py's NUDGES where single and grid moves find nothing (tenth session).

tools/search_london_nudges.py keeps a move only when a name gains room: near a name still without room every
single move is a plateau. This descent measures how far each name without room is from a place: for each of
the placement's own candidate places (game/ui/board/placement.py: the rings round the station and the scan of
a crowded one, every form) the pixels by which the hard rule's limits are crossed there (track spaces, keep-out
discs, a nearer station's centre; clearance.py), the least of them per name, summed over the views below, plus
100 per name without room. Moves of the named stations (a few units in eight directions, seeded order) are kept
when that sum falls, layout_london.check_layout stays clean and no view gains a name without room; the result
must then be measured on every view (``search_london_nudges.py --try``) and with the readability audit.

    .venv/bin/python tools/descend_london_nudges.py "Harrow on the Hill,Kenton,Rayners Lane" [--steps 3,6] [--rounds 3]
    .venv/bin/python tools/descend_london_nudges.py "King's Cross St. Pancras+Angel,Tottenham Court Road"  ("A+B": together)

prints each kept move and the moves against NUDGES as JSON (for ``--try``); it writes no file. Runs for minutes:
use ``nice``.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tools"), str(ROOT / "tests" / "ui")]

import layout_london as ll  # noqa: E402
import search_london_nudges as sl  # noqa: E402

# (board, view): the 1280x720 boards up to four seats (round a table two to four seats share one; a laptop's
# differ with two or three seats and with four, and the first edition's four-seat laptop is smaller again)
VIEWS = [("london", ((1280, 720), 4, "table")), ("london", ((1280, 720), 3, "laptop")),
         ("london-2006", ((1280, 720), 4, "laptop"))]
PER_NAME = 100.0  # each name without room, on top of its pixels


class Measure:
    """The play screen (headless) at the views, for boards given as map texts."""

    def __init__(self):
        self.screen = sl.Screen()

    def card(self, board: str, text: str, view):
        """The board, the placement's name card and the names without room, on ``board`` at ``view``."""
        import names_audit as na
        from game import mapfile
        from game.engine import new_game
        from game.engine.board import from_mapfile
        from game.ui import play_scene

        size, seats, arrangement = view
        apps = self.screen.apps
        app = apps.get(size) or apps.setdefault(size, self.screen.App(size=size, headless=True))
        variant = "classic" if board == "london-2006" else "standard"
        state = new_game("london", seats, seed=1, start_player=0, variant=variant)
        state.__dict__["_board"] = b = from_mapfile(mapfile.decode(text, board))
        scene = app.push(play_scene.PlayScene(app, state, na.seats_for(state, arrangement)))
        try:
            app.step(0.1)
            names = scene.board_view.names
            gen = names.name_card(names.wanted())
            try:
                while True:
                    next(gen)
            except StopIteration as stop:
                return b, stop.value, set(names.names_without_room)
        finally:
            while app.scenes:
                app.scenes.pop().exit()

    def cost(self, nudges: dict, guard: dict | None = None) -> tuple[float | None, dict]:
        """(the sum, {view: names without room}); the sum is None when a view gains a name against ``guard``."""
        _, texts = sl.layout_texts(nudges)
        total, lacking = 0.0, {}
        for board, view in VIEWS:
            b, card, lack = self.card(board, texts[board], view)
            lacking[board, view] = {b.stations[i].name for i in lack}
            if guard is not None and not lacking[board, view] <= guard[board, view]:
                return None, lacking
            total += sum(PER_NAME + short_of_room(card, i) for i in lack)
        return total, lacking


def places(card, i: int) -> list[tuple[float, float, float, float]]:
    """Name ``i``'s candidate boxes (left, top, width, height) as placement._Placer.places and .scan make them."""
    from game.ui.board import name_forms, placement

    x, y = card.centres[i]
    r = max(card.clearances[i] + max(2.0, card.lane_gap * 0.3), card.keep_out[i] + 1.5)
    out = []
    for k, (text, _) in enumerate(name_forms.forms(card.names[i])):
        w, h = card.measure(text)
        for ring in range(3):
            d = (r, r + 0.6 * h, r + 1.3 * h)[ring]
            for j in (0, -1, 1, -2, 2, -3, 3):
                out += [(x + d, y - h / 2 + j * h / 4, w, h), (x - d - w, y - h / 2 + j * h / 4, w, h)]
            for j in (0, -1, 1, -2, 2):
                out += [(x - w / 2 + j * w / 4, y - d - h, w, h), (x - w / 2 + j * w / 4, y + d, w, h)]
            c = d * 0.72
            out += [(x + c, y - c - h, w, h), (x + c, y + c, w, h), (x - c - w, y - c - h, w, h), (x - c - w, y + c, w, h)]
        if k < placement.SCAN_FORMS:
            step, far, spots = max(2.0, h / 4), r + 1.5 * h, []
            for gx in range(int((w + 2 * far) / step) + 1):
                lx = x - w - far + gx * step
                for gy in range(int((h + 2 * far) / step) + 1):
                    ly = y - h - far + gy * step
                    d = math.hypot(max(lx - x, 0.0, x - lx - w), max(ly - y, 0.0, y - ly - h))
                    if r <= d <= far:
                        spots.append((d, len(spots), (lx, ly, w, h)))
            out += [s[2] for s in sorted(spots)[:placement.SCAN_SPOTS]]
    return out


def short_of_room(card, i: int) -> float:
    """The pixels by which name ``i``'s least barred candidate place crosses the hard rule's limits."""
    from game.ui.board.clearance import MARGIN, point_box_dist, seg_box_dist

    x, y = card.centres[i]
    stations = [j for j, c in enumerate(card.centres) if j != i and math.dist((x, y), c) < 250]
    pieces = [s for s in card.segments if ll._seg_dist((x, y), s[:2], s[2:4]) < 250]
    x0, y0, x1, y1 = card.card
    best = math.inf
    for lx, ly, w, h in places(card, i):
        box = (lx, ly, lx + w, ly + h)
        if box[0] < x0 + MARGIN or box[1] < y0 + MARGIN or box[2] > x1 - MARGIN or box[3] > y1 - MARGIN:
            continue
        own = point_box_dist(x, y, box)
        over = max(0.0, card.keep_out[i] + MARGIN - own)
        for j in stations:
            over += max(0.0, max(card.keep_out[j], own) + MARGIN - point_box_dist(*card.centres[j], box))
        for ax, ay, bx, by, hw in pieces:
            if over >= best:
                break
            over += max(0.0, hw + MARGIN - seg_box_dist(ax, ay, bx, by, box))
        best = min(best, over)
    return best


def descend(movers: list[str], steps: list[int], rounds: int, seed: int = 1, out=sys.stdout) -> dict:
    measure = Measure()
    nudges = dict(ll.NUDGES)
    old, edges = ll.printed(), ll.connections()
    best, guard = measure.cost(nudges)
    print(f"start {best:.2f}", {f"{b} {v}": sorted(n) for (b, v), n in guard.items()}, file=out, flush=True)
    rng = random.Random(seed)
    for rnd in range(rounds):
        kept = False
        for n, move in tries(movers, steps, rng):
            trial = moved(nudges, n, move, old, edges)
            if trial is None:
                continue
            got, lacking = measure.cost(trial, guard)
            if got is not None and got < best - 0.05:
                best, nudges, guard, kept = got, trial, lacking, True
                print(f"round {rnd + 1}: {n} {[trial[m] for m in n.split('+')]}: {best:.2f} {sorted(set().union(*lacking.values()))}",
                      file=out, flush=True)
        if not kept:
            break
    moves = against_nudges(nudges)
    print(json.dumps(moves), file=out)
    return moves


DIRECTIONS = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]


def tries(movers: list[str], steps: list[int], rng: random.Random) -> list:
    """A round's moves, (mover, (dx, dy, step)) for each mover, direction and step, in ``rng``'s order."""
    out = [(n, (dx, dy, s)) for n in movers for dx, dy in DIRECTIONS for s in steps]
    rng.shuffle(out)
    return out


def moved(nudges: dict, n: str, move: tuple, old, edges) -> dict | None:
    """``nudges`` with mover ``n`` ("A+B": the stations moved together) moved by ``move`` (dx, dy, step), or None
    where the layout check finds a fault."""
    dx, dy, s = move
    trial = dict(nudges)
    for m in n.split("+"):
        cx, cy = trial.get(m, (0, 0))
        trial[m] = (cx + dx * s, cy + dy * s)
    return None if ll.check_layout(ll.layout(old, nudges=trial), old, edges) else trial


def against_nudges(nudges: dict) -> dict:
    """Each station's move against layout_london.NUDGES (what to add there)."""
    return {n: [v[0] - ll.NUDGES.get(n, (0, 0))[0], v[1] - ll.NUDGES.get(n, (0, 0))[1]]
            for n, v in nudges.items() if v != ll.NUDGES.get(n)}


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("movers", help='the stations moved, comma-separated ("A+B": two moved together)')
    ap.add_argument("--steps", default="3,6", help="move lengths, board units")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    descend(args.movers.split(","), [int(s) for s in args.steps.split(",")], args.rounds, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
