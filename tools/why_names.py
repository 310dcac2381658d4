"""What bars a name without room on Paris, Berlin or any board (issue 22 items 1 and 5, eleventh session): each of its places (every form, the
three rings round its station, as game/ui/board/placement.py offers them), and for the least barred what the hard
rule (clearance.py) finds there: the card's or view's edge, its own station's disc, another station's disc or
symbol (a landmark's stack, a "+"), a station nearer than its own ("nearer X"), a connection's track spaces (Paris:
widened by the extra lane beside a full connection) or a token's letter badge on it; and the other names as the placement put them (too
close) and the destination badges. New York's tool (tools/why_newyork_names.py) does the work; this one measures
the board's map as it is (rebuild it first with its tools/make_<board>_map.py) and names its pieces of track.

    .venv/bin/python tools/why_names.py "1920x1080 4 table" ["Saint-Lazare"] [--board paris] [--fine 3] [--show 6]
        [--summary]
    .venv/bin/python tools/why_names.py "1280x720 4 laptop" --board berlin --summary

``--summary`` prints, per name, what bars its best places (those barred by the fewest things) counted over them.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tools"), str(ROOT / "tests" / "ui")]

import why_newyork_names as why  # noqa: E402


def explain(view, station=None, show=6, fine=0.0, summary=False, out=sys.stdout, board: str = "paris") -> None:
    """New York's tool on ``board``'s bundled map (its pieces of track named, an extra lane's letter discs among
    them)."""
    why.explain(None, view, station, show, fine, out=out, board=board, summary=summary)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("view", help='"1920x1080 4 table"')
    ap.add_argument("station", nargs="?")
    ap.add_argument("--board", default="paris", help="paris, berlin, london, newyork")
    ap.add_argument("--show", type=int, default=6)
    ap.add_argument("--fine", type=float, default=0.0, help="also every spot on a grid this fine (pixels)")
    ap.add_argument("--summary", action="store_true")
    args = ap.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    wh, seats, arr = args.view.split()
    explain((tuple(int(v) for v in wh.split("x")), int(seats), arr), args.station, args.show, args.fine,
            args.summary, board=args.board)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
