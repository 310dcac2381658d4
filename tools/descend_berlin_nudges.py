"""tools/descend_london_nudges.py's descent on Berlin's NUDGES, for 1280x720 (tenth session, second round).

The cost is the descent's own (descend_london_nudges.short_of_room: the pixels by which each name without room's
least barred candidate place crosses the hard rule's limits, plus 100 per name without room), summed over
the 1280x720 views with two to four seats (VIEWS 12-15: the table's and the laptop's). A move of
one station (a few units in eight directions, seeded order; added to its nudge, before MOVES) is kept when that
sum falls, layout_berlin.check_layout stays clean, the board keeps its size, the views at 1920x1080 and
3840x2160 (0-11) gain no name without room, the 1280x720 two-to-four-seat views gain none either and the
five-seat ones (16, 17) at most ``--allow-five`` over the start (:func:`no_more`, the whole placement).

    .venv/bin/python tools/descend_berlin_nudges.py [STATION,...] [--steps 4,8] [--rounds 2]

(no stations: those without room on views 12-15 and the stations joined to them). Prints each kept move and the
NUDGES to add as a dict; it writes no file. Runs for minutes: use ``nice``.
"""
from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tools"), str(ROOT / "tests" / "ui")]

import layout_berlin as lb  # noqa: E402
from descend_london_nudges import PER_NAME, short_of_room  # noqa: E402

# the play screen's board views today (width, height, ui scale; layout_berlin.PLAY_VIEWS' laptops are older):
# 0-11 at 1920x1080 and 3840x2160 (table 2/3/4/5 seats, laptop 2-4 and 5), 12-15 at 1280x720 with two to four seats
# (table 2/3/4, laptop), 16-17 at 1280x720 with five (table, laptop; the laptop's 1135x602 since the eleventh
# session's deep row, 1135x553 before)
VIEWS = [(1702, 804, 1.0), (1538, 804, 1.0), (1374, 804, 1.0), (1374, 772, 1.0), (1702, 936, 1.0), (1702, 830, 1.0),
         (3404, 1608, 2.0), (3076, 1608, 2.0), (2748, 1608, 2.0), (2748, 1544, 2.0), (3404, 1872, 2.0),
         (3404, 1660, 2.0),
         (1135, 536, 2 / 3), (1025, 536, 2 / 3), (915, 536, 2 / 3), (1135, 624, 2 / 3), (915, 514, 2 / 3),
         (1135, 602, 2 / 3)]
DESCENT = [12, 13, 14, 15]
ORDER = [14, 12, 13, 15, 16, 17, 3, 9, 2, 8, 5, 11, 1, 7, 0, 6, 4, 10]  # the views likeliest to gain first


def no_more(meter, pos, most):
    """Per view, the names without room (the whole placement), or None when a view has more than ``most``."""
    from game.ui.board import placement

    cards, out = list(meter.cards(pos)), list(most)
    for k in ORDER:
        out[k] = len(lb._drained(placement.place_names(cards[k])).no_room)
        if out[k] > most[k]:
            return None
    return out


def descend(movers, steps, rounds, allow_five=2, seed=1, out=sys.stdout):
    from game.ui.board import placement

    stations, conns = lb.read_reference()
    printed = {s["name"]: (float(s["x"]), float(s["y"])) for s in stations}
    edges = [(c["a"], c["b"]) for c in conns]
    every = lb.RoomMeter(views=VIEWS)
    some = lb.RoomMeter(views=[VIEWS[k] for k in DESCENT])
    names = every.names

    def cost(pos):
        total, lack = 0.0, []
        for card in some.cards(pos):
            no = lb._drained(placement.place_names(card)).no_room
            lack.append({names[i] for i in no})
            total += sum(PER_NAME + short_of_room(card, i) for i in no)
        return total, lack

    nudges = dict(lb.NUDGES)
    pos0 = lb.positions(printed, nudges=nudges)
    size = lb.board_size(pos0)
    full = [len(s) for s in every.full(pos0)]
    most = [f + (allow_five if k >= 16 else 0) for k, f in enumerate(full)]  # the five-seat 1280x720 views' ceiling
    best, lack = cost(pos0)
    print(f"start {best:.1f} {full}", file=out, flush=True)
    if not movers:
        stuck = sorted(set().union(*lack))
        movers = list(dict.fromkeys(stuck + [b if a == n else a for n in stuck for a, b in edges if n in (a, b)]))
    print("movers", movers, file=out, flush=True)
    dirs = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
    rng = random.Random(seed)
    for rnd in range(rounds):
        kept = False
        tries = [(n, d, s) for n in movers for d in dirs for s in steps]
        rng.shuffle(tries)
        for n, (dx, dy), s in tries:
            cx, cy = nudges.get(n, (0.0, 0.0))
            cand = (round(cx + dx * s / math.hypot(dx, dy), 1), round(cy + dy * s / math.hypot(dx, dy), 1))
            trial = dict(nudges, **{n: cand})
            tpos = lb.positions(printed, nudges=trial)
            if lb.board_size(tpos) != size or lb.check_layout(tpos, printed, edges):
                continue
            got, tlack = cost(tpos)
            if got >= best - 0.05 or any(len(a) > len(b) for a, b in zip(tlack, lack)):
                continue
            after = no_more(every, tpos, [most[k] if k >= 16 else full[k] for k in range(18)])
            if after is None:
                print(f"  {n} {cand}: {got:.1f} but a view gains", file=out, flush=True)
                continue
            best, nudges, lack, full, kept = got, trial, tlack, after, True
            print(f"round {rnd + 1}: {n} {cand}: {best:.1f} {after}", file=out, flush=True)
        if not kept:
            break
    moves = {n: v for n, v in nudges.items() if v != lb.NUDGES.get(n)}
    print("NUDGES +=", moves, file=out, flush=True)
    return moves


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("movers", nargs="?", default="")
    ap.add_argument("--steps", default="4,8")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--allow-five", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    descend([m for m in a.movers.split(",") if m], [float(s) for s in a.steps.split(",")], a.rounds, a.allow_five,
            a.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
