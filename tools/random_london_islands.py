"""Twelfth session, second round: a seeded random search of 1-3 unit moves of one to three stations round
Harrow on the Hill and Tottenham Court Road, measured with the real placement (island pass included) on the six
1280x720 views up to four seats (both editions; table, laptop with three and four seats). A trial is reported
when the six views' total falls and no view gains a name; it must then be checked on every view with
``search_london_nudges.py --try``.

    nice -n 10 .venv/bin/python tools/random_london_islands.py [--seed 1] [--trials 200] [--minutes 15]
        [--movers "A,B"] [--most 3]           (random: one to three stations, each up to --most units per axis)
    nice -n 10 .venv/bin/python tools/random_london_islands.py --names "A,B" [--steps 5,10,15,20]  (single moves)
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tools"), str(ROOT / "tests" / "ui")]

import layout_london as ll  # noqa: E402
import search_london_nudges as sl  # noqa: E402

MOVERS = ["Rayners Lane", "Harrow on the Hill", "Kenton", "Holborn", "Bank", "Tottenham Court Road",
          "Willesden Junction", "Sudbury", "Euston", "Leicester Square", "Moorgate", "Oxford Circus",
          "Great Portland Street", "Northwood", "Harrow & Wealdstone"]
VIEWS = [((1280, 720), 4, "table"), ((1280, 720), 3, "laptop"), ((1280, 720), 4, "laptop")]


def main(argv) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--trials", type=int, default=200)
    ap.add_argument("--minutes", type=float, default=15)
    ap.add_argument("--names", help="comma-separated: every single move of these (8 directions, --steps) instead")
    ap.add_argument("--steps", default="5,10,15,20")
    ap.add_argument("--movers", help="comma-separated: the random moves' stations (default MOVERS)")
    ap.add_argument("--most", type=int, default=3, help="random moves: at most this many units on each axis")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    movers = args.movers.split(",") if args.movers else MOVERS
    names = [n for n in movers if n in ll.printed()]
    print("movers:", names, "missing:", sorted(set(movers) - set(names)), flush=True)
    old, edges = ll.printed(), ll.connections()
    width = sl._width(sl.layout_texts(ll.NUDGES)[1])
    screen = sl.Screen()
    base = sl.measure(screen, ll.NUDGES, VIEWS)
    print("start", {f"{b} {v[1]} {v[2]}": sorted(s) for (b, v), s in base.items()}, flush=True)
    total = sl.score(base)
    stop = time.time() + args.minutes * 60
    counts = {"trials": 0, "unfaithful": 0, "measured": 0, "better": 0}
    singles = None
    if args.names:
        singles = [{n: (dx * s, dy * s)} for s in map(int, args.steps.split(",")) for n in args.names.split(",")
                   for dx, dy in sl.DIRECTIONS]
        args.trials = len(singles)
    while counts["trials"] < args.trials and time.time() < stop:
        counts["trials"] += 1
        moves = singles[counts["trials"] - 1] if singles else {
            n: (rng.randint(-args.most, args.most), rng.randint(-args.most, args.most))
            for n in rng.sample(names, rng.randint(1, 3))}
        moves = {n: m for n, m in moves.items() if m != (0, 0)}
        if not moves:
            continue
        trial = dict(ll.NUDGES)
        for n, (dx, dy) in moves.items():
            cx, cy = trial.get(n, (0, 0))
            trial[n] = (cx + dx, cy + dy)
        if (made := sl._faithful(trial, old, edges, width)) is None:
            counts["unfaithful"] += 1
            if singles:
                print("unfaithful", json.dumps(moves), flush=True)
            continue
        texts = made[1]
        counts["measured"] += 1
        got, worse = {}, False
        for b in sl.BOARDS:
            for v in VIEWS:
                got[b, v] = screen.no_room(b, texts[b], v)
                if len(got[b, v]) > len(base[b, v]):
                    worse = True
                    break
            if worse:
                break
        if worse:
            print("worse", json.dumps(moves), {f"{b} {v[1]} {v[2]}": sorted(s) for (b, v), s in got.items()
                                                if s != base[b, v]}, flush=True)
            continue
        sc = sl.score(got)
        line = json.dumps(moves)
        if sc < total:
            counts["better"] += 1
            print("BETTER", sc, line, {f"{b} {v[1]} {v[2]}": sorted(s) for (b, v), s in got.items()}, flush=True)
        else:
            print("same", sc, line, flush=True)
    print("counts", counts, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
