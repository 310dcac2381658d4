"""Paired series for tuning the judge (issue 24): one seat with changed weights against hard with the board's own.

Every deal is played once with the changed seat in each seat (the others hard with the board's weights), both
bots' wall-clock stops off, so every choice is the reproducible one and a series can be played again game for
game. Keep the deal ranges apart: tune on one (7000+), validate on another (7500+).

    python tools/tune_judge.py play --board newyork --players 2 --deals 7000 20 --set trips=0.5 --out a.jsonl
    python tools/tune_judge.py play --level expert --board newyork --deals 1020 3 --out e.jsonl   # the expert
    python tools/tune_judge.py compare a.jsonl b.jsonl     # paired difference of the margin, game by game

``--set`` changes a weight on top of the board's tuning for hard (cities/ ``weights("hard", ...)``); with
``--level expert`` and no ``--set`` the expert keeps its own default judge. Margin: the seat's points minus the
best other seat's; a shared win counts as a share.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai.arena import play_match  # noqa: E402
from game.ai.cities import city_value  # noqa: E402
from game.ai.evaluate import DEFAULT  # noqa: E402
from game.engine import new_game  # noqa: E402

BOARDS = {"london": ("london", "standard"), "classic": ("london", "classic"), "berlin": ("berlin", "standard"),
          "newyork": ("newyork", "standard"), "paris": ("paris", "standard")}
NO_CLOCK = {"budget": float("inf")}


def board_weights(board: str, level: str = "hard"):
    """The weights ``level`` uses on ``board`` (the city hook's tuning over the defaults)."""
    map_name, variant = BOARDS[board]
    return city_value(new_game(map=map_name, players=2, seed=0, variant=variant)).weights(level, DEFAULT)


def parse_sets(items: list[str]) -> dict:
    out = {}
    for it in items:
        k, v = it.split("=")
        if k not in {f.name for f in dataclasses.fields(DEFAULT)}:
            raise SystemExit(f"no weight {k!r}")
        out[k] = int(v) if k in ("depth", "origins", "dests", "room_full") else float(v)
    return out


def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def t95(n: int) -> float:
    table = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26, 10: 2.23, 15: 2.13,
             20: 2.09, 30: 2.04, 60: 2.00}
    for k in sorted(table):
        if n <= k:
            return table[k]
    return 1.96


def mean_ci(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    if n == 0:
        return 0.0, 0.0
    m = sum(xs) / n
    if n < 2:
        return m, float("inf")
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    return m, t95(n - 1) * sd / math.sqrt(n)


def play(args) -> list[dict]:
    map_name, variant = BOARDS[args.board]
    sets = parse_sets(args.set)
    if sets or args.level == "hard":
        w = dataclasses.replace(board_weights(args.board, "hard"), **sets)
    else:
        w = None  # the expert's own default judge
    start, count = args.deals
    rows = []
    out = open(args.out, "a") if args.out else None
    seats = range(args.players) if args.seats is None else args.seats
    for deal in range(start, start + count):
        for seat in seats:
            levels = ["hard"] * args.players
            levels[seat] = args.level
            weights = [None] * args.players
            weights[seat] = w
            c0 = time.process_time()
            r = play_match(levels, map=map_name, seed=deal, variant=variant, weights=weights,
                           settings=[NO_CLOCK] * args.players)
            scores = r["scores"]
            best_other = max(s for i, s in enumerate(scores) if i != seat)
            row = {"board": args.board, "players": args.players, "deal": deal, "seat": seat, "level": args.level,
                   "set": sets, "scores": scores, "winners": r["winners"],
                   "win": (seat in r["winners"]) / len(r["winners"]), "margin": scores[seat] - best_other,
                   "cpu_max": r["decision_s"][args.level]["cpu_max"],
                   "clock_cuts": r["search_cuts"][args.level]["clock"], "cpu_s": time.process_time() - c0}
            rows.append(row)
            if out:
                out.write(json.dumps(row) + "\n")
                out.flush()
            print(f"{args.board} deal {deal} seat {seat}: {scores} margin {row['margin']:+d} "
                  f"({row['cpu_s']:.1f} s)", flush=True)
    summary(rows, f"{args.level} {args.board} {args.players}p {sets or 'default'}")
    return rows


def summary(rows: list[dict], label: str) -> None:
    n = len(rows)
    wins = sum(r["win"] for r in rows)
    lo, hi = wilson(wins, n)
    m, ci = mean_ci([r["margin"] for r in rows])
    cpu = max((r["cpu_max"] for r in rows), default=0.0)
    # per deal, the mean over its seatings: hard against itself gives exactly 0 there (the seatings of one deal
    # are the same game seen from each seat), so this is the paired difference against the reference
    deals: dict[tuple, list[float]] = {}
    for r in rows:
        deals.setdefault((r["board"], r["players"], r["deal"]), []).append(r["margin"])
    dm, dci = mean_ci([sum(v) / len(v) for v in deals.values()])
    print(f"{label}: {n} games, wins {wins:g} ({wins / max(n, 1):.0%}, {lo:.0%}-{hi:.0%}), margin {m:+.2f} ± {ci:.2f}"
          f" (per deal {dm:+.2f} ± {dci:.2f}), slowest {cpu:.2f} s cpu, clock cuts {sum(r['clock_cuts'] for r in rows)}")


def load(path: str) -> dict:
    out = {}
    for line in open(path):
        r = json.loads(line)
        out[(r["board"], r["players"], r["deal"], r["seat"])] = r
    return out


def compare(args) -> None:
    a, b = load(args.a), load(args.b)
    keys = sorted(set(a) & set(b))
    for path, rows in ((args.a, a), (args.b, b)):
        summary([rows[k] for k in keys], path)
    m, ci = mean_ci([b[k]["margin"] - a[k]["margin"] for k in keys])
    same = sum(a[k]["scores"] == b[k]["scores"] for k in keys)
    print(f"paired ({args.b} - {args.a}): {len(keys)} games, margin {m:+.2f} ± {ci:.2f}, same scores {same}")
    for board in sorted({k[0] for k in keys}):
        ks = [k for k in keys if k[0] == board]
        m, ci = mean_ci([b[k]["margin"] - a[k]["margin"] for k in ks])
        print(f"  {board}: {len(ks)} games, wins {sum(a[k]['win'] for k in ks):g} -> {sum(b[k]['win'] for k in ks):g}, "
              f"margin paired {m:+.2f} ± {ci:.2f}")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play")
    p.add_argument("--board", choices=sorted(BOARDS), default="london")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--deals", type=int, nargs=2, metavar=("START", "COUNT"), default=(7000, 10))
    p.add_argument("--seats", type=int, nargs="*", default=None, help="the changed seat's seats (default: every seat)")
    p.add_argument("--level", choices=("hard", "expert"), default="hard")
    p.add_argument("--set", action="append", default=[], metavar="WEIGHT=VALUE")
    p.add_argument("--out")
    c = sub.add_parser("compare")
    c.add_argument("a")
    c.add_argument("b")
    s = sub.add_parser("summary")
    s.add_argument("files", nargs="+")
    args = ap.parse_args(argv)
    if args.cmd == "play":
        play(args)
    elif args.cmd == "summary":
        for path in args.files:
            summary(list(load(path).values()), path)
    else:
        compare(args)


if __name__ == "__main__":
    main()
