"""Per view, the names without room on one board (the readability audit's games: seed 1, every tenth action).

    python tools/names_without_room.py paris [1920x1080,3840x2160]

prints, for 2-5 seats, each size, round a table and on a laptop: the count of names without room, faults of names
with room, the most names left off at one position, and the names; then how many views each name lacks room in.
"""
import os
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("UNDERGROUND_CACHE_DIR", tempfile.mkdtemp())
sys.path[:0] = [str(ROOT / "tests" / "ui"), str(ROOT)]

import names_audit as na  # noqa: E402


def main(argv: list[str]) -> None:
    board = argv[0] if argv else "paris"
    sizes = [tuple(map(int, s.split("x"))) for s in (argv[1] if len(argv) > 1 else "1920x1080,3840x2160").split(",")]
    tally: Counter = Counter()
    for n in (2, 3, 4, 5):
        game = na.play_game(board, n, 1, 10)
        for size in sizes:
            for arr in ("table", "laptop"):
                c = na.audit(board, size, n, arr, positions=game)
                tally.update(c.no_room)
                print(n, size, arr, len(c.no_room), sum(c.with_room.values()), c.left_off, sorted(c.no_room),
                      flush=True)
    print(tally.most_common())


if __name__ == "__main__":
    main(sys.argv[1:])
