"""The engine's work per random game, counted rather than timed: Python bytecodes executed, per function.

Wall clock on the shared 2-core machine swings by a factor of two with other people's jobs, so a change to the
engine is judged by what it does instead: the bytecodes of the bench's random 4-player games (`bench.py` plays
``run_random_games(board, 4, 60, seed=1)``; this counts the first ``--games`` of them), the same on every run.
C work (msgpack, sorting, set operations) is not counted; ``valgrind --tool=callgrind`` on the same games counts
machine instructions, C included (docs/bench.md, "Engine speed").

    .venv/bin/python tools/engine_work.py london --games 10 --top 25
"""
from __future__ import annotations

import argparse
import os
import sys
from collections import Counter

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))


def count(board: str, games: int) -> Counter:
    """Bytecodes executed per (file, first line, function) over ``games`` bench games on ``board``."""
    from game.cli import run_random_games

    run_random_games(board, 4, 1, seed=99)  # load the board and the modules outside the count
    counts: Counter = Counter()

    def trace(frame, event, arg):
        if event == "call":
            frame.f_trace_opcodes = True
            frame.f_trace_lines = False
        elif event == "opcode":
            code = frame.f_code
            counts[(os.path.basename(code.co_filename), code.co_firstlineno, code.co_name)] += 1
        return trace

    sys.settrace(trace)
    try:
        run_random_games(board, 4, games, seed=1)
    finally:
        sys.settrace(None)
    return counts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("board", nargs="?", default="london")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--top", type=int, default=25)
    args = ap.parse_args(argv)
    counts = count(args.board, args.games)
    total = sum(counts.values())
    print(f"{args.board}: {total / args.games:,.0f} bytecodes per game ({args.games} bench games)")
    for (path, line, name), n in counts.most_common(args.top):
        print(f"{n / args.games:12,.0f} {100 * n / total:5.1f} %  {path}:{line} {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
