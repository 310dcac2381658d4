"""Search for hand routes of New York connections (:data:`layout_newyork.ROUTES`, issue 22 items 1 and 5, twelfth
session): Paris's route search (tools/search_paris_bends.py's ``candidates``: every route of none, one or two bends
on the half-cell grid inside the ends' box widened ``--widen`` cells, each piece horizontal, vertical or at 45
degrees, none doubling back, the shortest first) on New York's map as tools/search_newyork_nudges.py builds and
measures it (the annealed cells, the spread, the nudges and elbows, then the routes; the real play screen at every
view it holds). A route is kept when the layout stays clean (check_layout: no crossing, nothing over a station,
water touched only on the way to an icon), the target views lose a name without room (a name left off counts as
one more) and no other view (``search_newyork_nudges.KEPT``, and the 1280x720 views at the readability audit's
middle position) gets one more (a station left off and without room counted once, as the audit does) or, with up
to four seats, leaves off one more. Prints what it keeps and the ROUTES to paste into
tools/layout_newyork.py; it writes no file.

    .venv/bin/python tools/search_newyork_bends.py "Church Av|Kings Highway" ... [--target laptop|1280|all] [--max 30]
        [--widen 1] [--rounds 1]

The connections to try are those tools/why_names.py "1280x720 4 laptop" --board newyork --summary names as
barring the best places of a name. Runs for minutes: use ``nice -n 10``.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tools"), str(ROOT / "tests" / "ui")]

import layout_newyork as lay  # noqa: E402
import search_newyork_nudges as sn  # noqa: E402
from search_paris_bends import candidates  # noqa: E402

LAPTOP = ((1280, 720), 4, "laptop")
#: the views whose names without room the search brings down: the 1280x720 laptop with up to four seats (the
#: common small screen) at the game's start and at the audit's middle position; or every 1280x720 view
TARGETS = {"laptop": [LAPTOP, LAPTOP + ("played",)],
           "1280": [v for v in sn.VIEWS if v[0] == (1280, 720)] + [v + ("played",) for v in sn.VIEWS
                                                                   if v[0] == (1280, 720)]}
#: every view the nudge search holds, and the 1280x720 ones at the audit's middle position too
HELD = sn.KEPT + [v + ("played",) for v in sn.VIEWS if v[0] == (1280, 720)]
#: ``--target all``: every view a target (none may get worse, their sum must fall), to mend a view that a route in
#: ROUTES made worse while it gave the laptop names
TARGETS["all"] = HELD


def stations(names: set) -> int:
    """A view's count as the readability audit keeps it: the stations without room, a name left off once."""
    return len({n.removesuffix(sn.LEFT_OFF) for n in names})


class Search:
    """The map's routes, nudges and elbows, and each view's names without room on it."""

    def __init__(self, target: str, out=sys.stdout):
        self.board, self.screen, self.out = sn.Board(), sn.Screen(), out
        self.nudges, self.elbows, self.routes = dict(lay.NUDGES), dict(lay.ELBOWS_FROM), dict(lay.ROUTES)
        self.cells, text, problems = self.board.build(self.nudges, self.elbows, self.routes)
        assert not problems, problems
        self.targets = TARGETS[target]
        self.others = sorted((v for v in HELD if v not in self.targets), key=lambda v: v[1] != "board")
        self.best = self.screen.measure(text, self.targets)
        self.rest = self.screen.measure(text, self.others)

    def bends_now(self, e) -> list:
        _, bend_cells = lay.finish(self.board.annealed, self.board.edges, self.nudges, self.elbows, self.routes)
        return bend_cells.get(e, [])

    def trial(self, e, path) -> bool | None:
        """Keep ``path`` as e's route when it holds every view and the targets gain; whether it was kept (None:
        the layout breaks a rule, nothing measured)."""
        routes = {**self.routes, e: path}
        _, text, problems = self.board.build(self.nudges, self.elbows, routes)
        if problems:
            return None
        got = self.screen.measure(text, self.targets, than=self.best)
        label = f"{e[0]} - {e[1]} via {path}"
        if not got or sn.score(got) >= sn.score(self.best):
            print(f"  {label}: targets {sn.score(got) if got else 'worse'}", file=self.out, flush=True)
            return False
        rest = {}
        for v in self.others:  # the board views alone first (no play screen), then the play screens
            rest[v] = self.screen.no_room(text, v)
            if stations(rest[v]) > stations(self.rest[v]) or sn.leaves_off({v: rest[v]}, self.rest):
                print(f"  {label}: targets {sn.score(got)}, {v} worse: -{sorted(self.rest[v] - rest[v])} "
                      f"+{sorted(rest[v] - self.rest[v])}", file=self.out, flush=True)
                return False
        self.routes, self.best, self.rest = routes, got, rest
        print(f"kept {label}: targets {sn.score(got)} {sorted(set().union(*got.values()))}; others "
              f"{sn.score(rest)}", file=self.out, flush=True)
        return True


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("connections", nargs="+", help='"A|B"')
    ap.add_argument("--target", choices=sorted(TARGETS), default="laptop")
    ap.add_argument("--max", type=int, default=30, help="routes measured per connection at most")
    ap.add_argument("--widen", type=int, default=1, help="cells the ends' box is widened by for bends")
    ap.add_argument("--rounds", type=int, default=1, help="passes over the connections")
    args = ap.parse_args(argv)
    s = Search(args.target)
    print(f"start: targets {sn.score(s.best)} {sorted(set().union(*s.best.values()))}; others {sn.score(s.rest)}",
          flush=True)
    for rnd in range(args.rounds):
        kept = False
        for text in args.connections:
            u, v = text.split("|")
            e = (u, v) if (u, v) in s.board.edges else (v, u)
            assert e in s.board.edges, text
            tried = 0
            for path in candidates(s.cells, e[0], e[1], s.bends_now(e), args.widen):
                if tried >= args.max:
                    break
                done = s.trial(e, path)
                if done is not None:
                    tried += 1
                    kept |= done
            print(f"{e[0]} - {e[1]}: {tried} routes measured", flush=True)
        print(f"round {rnd + 1} done: targets {sn.score(s.best)}", flush=True)
        if not kept:
            break
    print("ROUTES = {")
    for (u, v), path in s.routes.items():
        print(f"    ({u!r}, {v!r}): {[tuple(p) for p in path]},")
    print("}")
    for view, names in sorted({**s.best, **s.rest}.items(), key=str):
        print(view, len(names), sorted(names))
    return 0


if __name__ == "__main__":
    os.environ.setdefault("UNDERGROUND_CACHE_DIR", "/tmp/underground-search-cache")
    sys.exit(main())
