"""Search for the nudges of tools/layout_paris.py (:data:`layout_paris.NUDGES`): each station whose name has no
room on the play screen tried one grid step in each of the eight directions (and two steps east or west, into
the spread's empty columns) where all its connections stay straight and octilinear; the move kept when the play
screen's own name placement leaves fewer names without room over the measured views (:data:`VIEWS`), the layout
stays clean (``check_layout``, the Seine) and no connection turns more than 45 degrees.
Deterministic (the stations tried in name order); rewrites maps/paris.toml as it goes.

    .venv/bin/python tools/search_paris_nudges.py [ROUNDS] [--views 1920x1080:4:table,...]
    .venv/bin/python tools/search_paris_nudges.py --pairs STATION,STATION,... [--views ...]
    .venv/bin/python tools/search_paris_nudges.py 1 --strict --focus 1920x1080,3840x2160 --views ...
    .venv/bin/python tools/search_paris_nudges.py 1 --allow-720 2 --focus 1920x1080,3840x2160

Prints each kept move; put the result into layout_paris.NUDGES and run tools/make_paris_map.py. ``--pairs``
tries two of the given stations moved together (each a step, or one of them alone), where one station's move
alone loses room for another (Boulogne - Pont de Saint-Cloud's column and Michel-Ange, issue 22 item 1).
``--strict`` keeps a move only where no view gets more names without room (a gain at 1920 x 1080 has cost
names at 1280 x 720 before); ``--focus`` tries only the stations without room at the given sizes;
``--stations A,B`` tries the given stations instead (a name's neighbours: eleventh session);
``--allow-720 N`` (the lead's priority rule) lets each 1280 x 720 view end up to N names above the start where
no other view gets more and one of them fewer.
"""
from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests" / "ui"))
import layout_paris as lay  # noqa: E402
import make_paris_map as mk  # noqa: E402

#: the views measured (size, seats, arrangement) and their weights: the goal's sizes, the tightest arrangements
#: (the laptop's one panel row with 2-3 seats and the five seats' shared panel round a table are views of their own;
#: the 1280 x 720 laptop views since the tenth session's second round, where a move's cost went unseen)
VIEWS = (((1920, 1080), 2, "table", 1), ((1920, 1080), 4, "table", 1), ((1920, 1080), 2, "laptop", 1),
         ((1920, 1080), 4, "laptop", 1), ((1920, 1080), 5, "table", 1), ((3840, 2160), 4, "table", 1),
         ((3840, 2160), 5, "table", 1), ((1280, 720), 4, "table", 1), ((1280, 720), 2, "laptop", 1),
         ((1280, 720), 4, "laptop", 1))
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1), (2, 0), (-2, 0))
MAX_TURN = math.pi / 4 + 1e-6


class Board:
    """The map rebuilt from the annealed cells with given nudges, and its names measured on the play screen."""

    def __init__(self):
        self.facts = mk.read_facts(ROOT.parent / "shared" / "reference" / "boards")
        self.edges = [(a, b) for a, b, _ in self.facts["connections"]]
        cells = json.loads((ROOT / "tools" / "paris_annealed_cells.json").read_text(encoding="utf-8"))
        self.cells = {n: tuple(c) for n, c in cells.items()}  # the hand fixes in them
        self.base, _ = lay.board_layout(self.cells, self.edges, nudges={})
        self.water = lay.water_areas()
        self.apps = {}

    def build(self, nudges):
        """(board positions, bends, problems) with ``nudges``."""
        cells, grid_bends = lay.board_layout(self.cells, self.edges, nudges=nudges)
        pos, bends, lines = lay.board_positions(cells, grid_bends, self.edges)
        self.water = lay.water_areas(lines=lines)
        problems = lay.check_layout(pos, self.edges, bends=bends) + lay.seine_problems(pos, self.water)
        for u, v in self.edges:
            if u in nudges or v in nudges:
                a = math.atan2(self.base[v][1] - self.base[u][1], self.base[v][0] - self.base[u][0])
                b = math.atan2(cells[v][1] - cells[u][1], cells[v][0] - cells[u][0])
                if abs((a - b + math.pi) % (2 * math.pi) - math.pi) > MAX_TURN:
                    problems.append(f"{u} - {v} turns more than 45 degrees")
        return cells, pos, bends, problems

    def write(self, pos, bends):
        (ROOT / "maps" / "paris.toml").write_text(mk.render_toml(self.facts, pos, self.water, bends),
                                                  encoding="utf-8")

    def no_room(self, size, players, arrangement) -> set[str]:
        import names_audit as na
        from game.engine import new_game
        from game.ui import play_scene
        from game.ui.app import App

        if size not in self.apps:
            self.apps[size] = App(size=size, headless=True)
        app = self.apps[size]
        state = new_game("paris", players, seed=1, start_player=0, variant="standard")
        scene = app.push(play_scene.PlayScene(app, state, na.seats_for(state, arrangement)))
        try:
            app.step(0.1)
            names = scene.board_view.names
            names.place()
            return {scene.board_view.board.stations[i].name for i in names.names_without_room}
        finally:
            while app.scenes:
                app.scenes.pop().exit()

    def score(self, nudges, views=VIEWS):
        """(weighted names without room, their union) over ``views``; None when the layout breaks a rule."""
        got = self.per_view(nudges, views)
        return got and (sum(w * len(g) for (*_, w), g in zip(views, got)), set().union(*got))

    def per_view(self, nudges, views=VIEWS) -> list[set[str]] | None:
        """The names without room in each of ``views``; None when the layout breaks a rule."""
        _, pos, bends, problems = self.build(nudges)
        if problems:
            return None
        self.write(pos, bends)
        return [self.no_room(size, players, arr) for size, players, arr, _ in views]


def moves(b: Board, nudges: dict, name: str, bends: bool = False):
    """The cells one step from ``name``'s (:data:`STEPS`) that are free, on the board, and keep every connection
    of it straight and octilinear (with ``bends``, also those where a connection takes bends, :func:`find_bends`)."""
    cells, *_ = b.build(nudges)
    taken = set(cells.values())
    here = cells[name]
    for dx, dy in STEPS:
        cell = (here[0] + dx, here[1] + dy)
        if cell in taken or not (0 <= cell[0] < lay.BOARD_COLS and 0 <= cell[1] < lay.BOARD_ROWS):
            continue
        if bends or all(lay.is_octilinear(cells[o][0] - cell[0], cells[o][1] - cell[1])
               for u, v in b.edges if name in (u, v) for o in ({u, v} - {name})):
            yield cell  # else a connection would need bends: tried only with ``bends`` (find_bends is slow)


def _with(b: Board, nudges: dict, name: str, cell) -> dict:
    """``nudges`` with ``name`` at ``cell`` (no entry where that is the spread board's own cell)."""
    trial = {**nudges, name: cell}
    if trial[name] == b.base[name]:
        del trial[name]
    return trial


def pair_search(nudges: dict, names, views=VIEWS, log=print) -> dict:
    """The best of every move of two of ``names`` together (each one step, or only one of them) by the summed
    names without room over ``views``, kept when it beats the start."""
    b = Board()
    per = b.per_view(nudges, views)
    best = sum(w * len(g) for (*_, w), g in zip(views, per))
    log(f"start: {best} {[len(g) for g in per]}")
    start = nudges
    for one, two in itertools.combinations(sorted(names), 2):
        for c1 in [None, *moves(b, start, one)]:
            first = start if c1 is None else _with(b, start, one, c1)
            for c2 in [None, *moves(b, first, two)]:
                if c1 is None and c2 is None:
                    continue
                trial = first if c2 is None else _with(b, first, two, c2)
                per = b.per_view(trial, views)
                got = per and (sum(w * len(g) for (*_, w), g in zip(views, per)), None)
                log(f"  {one} {c1} {two} {c2}: {got and got[0]} {per and [len(g) for g in per]}")
                if got is not None and got[0] < best:
                    best, nudges = got[0], trial
                    log(f"best {best} {json.dumps(nudges, ensure_ascii=False)}")
    _, pos, bends, _ = b.build(nudges)
    b.write(pos, bends)
    return nudges


def search(nudges: dict, rounds: int = 2, views=VIEWS, bends: bool = False, strict: bool = False, focus=None,
           allow_720: int = 0, stations=None, log=print) -> dict:
    """Single steps of the stations without room, each kept when the views' names without room, summed, fall
    (``strict``: and none of the views has more); ``focus``: only stations without room at those sizes tried.
    ``allow_720`` (the lead's priority): a 1280 x 720 view may end up to that many names above the search's
    start when no other view gets more and the others' sum falls."""
    b = Board()
    now = b.per_view(nudges, views)
    best = sum(w * len(g) for (*_, w), g in zip(views, now))
    small = [size == (1280, 720) for size, *_ in views]
    cap = [len(g) + allow_720 if s else None for g, s in zip(now, small)]
    log(f"start: {best} {[len(g) for g in now]}")
    for _ in range(rounds):
        kept = 0
        tried = set(stations) if stations else \
            set().union(*[g for (size, *_), g in zip(views, now) if focus is None or size in focus])
        for name in sorted(tried):
            for cell in list(moves(b, nudges, name, bends)):
                trial = _with(b, nudges, name, cell)
                got = b.per_view(trial, views)
                if got is None:
                    continue
                total = sum(w * len(g) for (*_, w), g in zip(views, got))
                if allow_720:
                    large = [(len(g), len(h)) for g, h, s in zip(got, now, small) if not s]
                    kept_ok = (all(g <= h for g, h in large) and sum(g for g, _ in large) < sum(h for _, h in large)
                               and all(c is None or len(g) <= c for g, c in zip(got, cap)))
                else:
                    kept_ok = total < best and not (strict and any(len(g) > len(h) for g, h in zip(got, now)))
                if kept_ok:
                    best, now = total, got
                    nudges = trial
                    kept += 1
                    log(f"kept {name} -> {cell}: {best} {[len(g) for g in now]} "
                        f"{json.dumps(nudges, ensure_ascii=False)}")
                    break
        if not kept:
            break
    _, pos, bends, _ = b.build(nudges)
    b.write(pos, bends)
    log(f"end: {best} {[len(g) for g in now]} {sorted(set().union(*now))}")
    return nudges


def parse_views(text: str):
    """``1920x1080:4:table,...`` as :data:`VIEWS` (weight 1 each)."""
    out = []
    for part in text.split(","):
        try:
            size, seats, arr = part.split(":")
            w, h = size.split("x")
            view = ((int(w), int(h)), int(seats), arr, 1)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{part!r} is not a view like 1920x1080:4:table") from None
        if arr not in ("table", "laptop") or not 2 <= view[1] <= 5:
            raise argparse.ArgumentTypeError(f"{part!r}: 2 to 5 seats, table or laptop")
        out.append(view)
    return tuple(out)


if __name__ == "__main__":
    os.environ.setdefault("UNDERGROUND_CACHE_DIR", "/tmp/underground-search-cache")
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rounds", nargs="?", type=int, default=2)
    ap.add_argument("--views", type=parse_views, default=VIEWS)
    ap.add_argument("--bends", action="store_true", help="also try moves where a connection takes bends")
    ap.add_argument("--pairs", help="stations, comma-separated: try two of them moved together")
    ap.add_argument("--strict", action="store_true", help="keep a move only where no view gets more names "
                                                          "without room")
    ap.add_argument("--allow-720", type=int, default=0, help="a 1280x720 view may gain up to this many names "
                                                             "without room (counted from the start) where no other "
                                                             "view gets more and one gets fewer")
    ap.add_argument("--focus", type=lambda t: {tuple(map(int, s.split("x"))) for s in t.split(",")},
                    help="sizes, comma-separated (1920x1080,...): try only the stations without room there")
    ap.add_argument("--stations", help="stations, comma-separated: try these (a name's neighbours: the station "
                                       "nearer than its own or whose track bars it, tools/why_names.py)")
    args = ap.parse_args()
    if args.pairs:
        pair_search(dict(lay.NUDGES), args.pairs.split(","), views=args.views)
    else:
        search(dict(lay.NUDGES), rounds=args.rounds, views=args.views, bends=args.bends, strict=args.strict,
               focus=args.focus, allow_720=args.allow_720,
               stations=args.stations and args.stations.split(","))
