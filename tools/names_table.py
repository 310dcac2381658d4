"""The readability audit's table of names without room (docs/play-screen.md "Where it stands"): one markdown row per
board, round a table at 1920x1080, 3840x2160, 1280x720, then on a laptop at the same sizes, each cell 2 / 3 / 4 / 5
seats (seed 1, every tenth action, the most per configuration), then the faults of names with room and the names left
off (the most at one position) with up to four seats.

    python tools/names_table.py [london,berlin,...]      # every board when none is named; ~2 min for all five
"""
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("UNDERGROUND_CACHE_DIR", tempfile.mkdtemp())  # a fresh name cache: every placement made anew
sys.path[:0] = [str(ROOT / "tests" / "ui"), str(ROOT)]

import names_audit as na  # noqa: E402

SIZES = [(1920, 1080), (3840, 2160), (1280, 720)]
ARRANGEMENTS = ("table", "laptop")
SEATS = (2, 3, 4, 5)


def row(board: str) -> str:
    games = {n: na.play_game(board, n, 1, 10) for n in SEATS}
    res = {(a, s, n): na.audit(board, s, n, a, positions=games[n]) for a in ARRANGEMENTS for s in SIZES for n in SEATS}
    cells = [" / ".join(str(len(res[(a, s, n)].no_room)) for n in SEATS) for a in ARRANGEMENTS for s in SIZES]
    faults = sum(sum(c.with_room.values()) for c in res.values())
    left = {f"{a} {s[0]} {n}": c.left_off for (a, s, n), c in res.items() if n <= 4 and c.left_off}
    return f"| {board} | " + " | ".join(cells) + f" |  faults of names with room: {faults}; left off up to four seats: {left}"


def main(argv: list[str]) -> None:
    for board in (argv[0].split(",") if argv else na.BOARDS):
        print(row(board), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
