"""Search for hand routes of Berlin connections (:data:`layout_berlin.ROUTES`, issue 22 items 1 and 5, eleventh
session; tools/search_paris_bends.py of branch s11/paris on Berlin): each given connection tried with routes of one
bend near one of its ends (the connection leaves the station a few units in one of the eight directions, then runs
on to the other end, as a printed map routes a line round an interchange) or of one bend in its middle (a piece
horizontal, vertical or at 45 degrees, then one at 45 degrees or straight: the octilinear dog-legs), the shortest
first. A route is kept when check_layout stays clean (each piece: no new crossing, none over a station, the order
round each station kept, no bend further than ROUTE_MOST off the line) and the play screen's own placement
(RoomMeter.full) leaves the goal views (``--goal``, default the 1280x720 laptop with two to four seats) less short
of room (descend_london_nudges.short_of_room plus PER_NAME per name without room) while no view of VIEWS gains a
name without room or a name left off. Also tries small nudges of given stations (``--nudge``) the same way. Prints
what it keeps and the ROUTES / NUDGES to add; it writes no file.

    .venv/bin/python tools/search_berlin_bends.py "Friedrichstr.|Potsdamer Platz" ... [--goal 15] [--max 60]
        [--nudge "Hermannplatz,Neukölln"] [--steps 4,8] [--rounds 2] [--fresh] [--start "Station=dx,dy;..."]

The connections to try are those tools/why_names.py --board berlin names as barring the best places of a name.
"""
from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tools"), str(ROOT / "tests" / "ui")]

import descend_berlin_nudges as db  # noqa: E402
import layout_berlin as lb  # noqa: E402
from descend_london_nudges import PER_NAME, short_of_room  # noqa: E402

VIEWS = db.VIEWS
DIRS = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
ELBOWS = (12.0, 20.0, 30.0, 42.0)  # units a connection runs from its station before it turns to the other end


def candidates(pos, a, b):
    """Routes of (a, b) (lists of (end, dx, dy)), the shortest first."""
    (ax, ay), (bx, by) = pos[a], pos[b]
    dx, dy = bx - ax, by - ay
    out = []
    for end, (ex, ey), sign in (("a", (ax, ay), 1), ("b", (bx, by), -1)):
        for ux, uy in DIRS:
            n = math.hypot(ux, uy)
            cos = (ux * dx + uy * dy) * sign / (n * math.hypot(dx, dy))
            if cos < 0.3:  # leaving the station backwards or square across its line
                continue
            for length in ELBOWS:
                out.append([(end, round(ux / n * length, 1), round(uy / n * length, 1))])
    sx, sy = math.copysign(1, dx), math.copysign(1, dy)
    if abs(dx) >= abs(dy):  # straight across, then 45 degrees; 45 degrees, then straight across
        out += [[("a", round(dx - sx * abs(dy), 1), 0.0)], [("a", round(sx * abs(dy), 1), round(dy, 1))]]
    else:
        out += [[("a", 0.0, round(dy - sy * abs(dx), 1))], [("a", round(dx, 1), round(sy * abs(dx), 1))]]

    def length(route):
        line = [(ax, ay), *[((ax, ay) if e == "a" else (bx, by)) for e, _, _ in route], (bx, by)]
        line[1:-1] = [(p[0] + r[1], p[1] + r[2]) for p, r in zip(line[1:-1], route)]
        return sum(math.dist(s, t) for s, t in zip(line, line[1:]))

    return sorted(out, key=length)


class Search:
    def __init__(self, goal, fresh=False, start=None):
        stations, conns = lb.read_reference()
        self.printed = {s["name"]: (float(s["x"]), float(s["y"])) for s in stations}
        self.edges = [(c["a"], c["b"]) for c in conns]
        self.every = lb.RoomMeter(views=VIEWS)
        self.some = lb.RoomMeter(views=[VIEWS[k] for k in goal])
        self.goal = goal
        self.routes, self.nudges = ({} if fresh else dict(lb.ROUTES)), {**lb.NUDGES, **(start or {})}
        self.pos = lb.positions(self.printed, nudges=self.nudges)
        self.size = lb.board_size(self.pos)
        huge = [10 ** 6] * len(VIEWS)
        self.full, self.off = self.no_more(self.pos, self.routes, huge, huge)
        self.best, self.lack = self.cost(self.pos, self.routes)

    def cost(self, pos, routes):
        from game.ui.board import placement

        self.some.routes = routes
        total, lack = 0.0, []
        for card in self.some.cards(pos):
            no = lb._drained(placement.place_names(card)).no_room
            lack.append({self.every.names[i] for i in no})
            total += sum(PER_NAME + short_of_room(card, i) for i in no)
        return total, lack

    def no_more(self, pos, routes, most=None, most_off=None):
        """Per view, the names without room and the names left off (the whole placement), or None when a view
        has more of either than now."""
        from game.ui.board import placement

        self.every.routes = routes
        most, most_off = most or self.full, most_off or self.off
        cards, out, off = list(self.every.cards(pos)), list(most), list(most_off)
        for k in db.ORDER:
            done = lb._drained(placement.place_names(cards[k]))
            out[k], off[k] = len(done.no_room), len(done.left_off)
            if out[k] > most[k] or off[k] > most_off[k]:
                print(f"  view {VIEWS[k][:2]}: {most[k]} / {most_off[k]} -> {out[k]} / {off[k]} "
                      f"{sorted(self.every.names[i] for i in done.no_room | done.left_off)}", flush=True)
                return None
        return out, off

    def trial(self, label, nudges, routes, out=sys.stdout) -> bool:
        pos = lb.positions(self.printed, nudges=nudges)
        if lb.board_size(pos) != self.size or any(math.hypot(*d) > lb.NUDGE_MOST for d in nudges.values()):
            return False
        problems = lb.check_layout(pos, self.printed, self.edges, lb.route_bends(pos, routes))
        if problems:
            return False
        got, lack = self.cost(pos, routes)
        print(f"  {label}: {got:.1f} {[len(x) for x in lack]}", file=out, flush=True)
        if got >= self.best - 0.05 or any(len(x) > len(y) for x, y in zip(lack, self.lack)):
            return False
        after = self.no_more(pos, routes)
        if after is None:
            print(f"  {label}: a view gains", file=out, flush=True)
            return False
        self.best, self.lack, (self.full, self.off) = got, lack, after
        self.nudges, self.routes, self.pos = nudges, routes, pos
        print(f"kept {label}: {got:.1f} {after[0]} left off {after[1]} {sorted(set().union(*lack))}", file=out,
              flush=True)
        return True


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("connections", nargs="*", help='"A|B"')
    ap.add_argument("--goal", default="15", help="the views whose shortfall is searched down (VIEWS' numbers)")
    ap.add_argument("--max", type=int, default=60, help="routes tried per connection at most")
    ap.add_argument("--nudge", default="", help="stations also nudged, comma-separated")
    ap.add_argument("--steps", default="4,8")
    ap.add_argument("--rounds", type=int, default=1, help="passes over the connections and stations")
    ap.add_argument("--fresh", action="store_true", help="start from no routes (ROUTES left out)")
    ap.add_argument("--start", default="", help='nudges to start from: "Station=dx,dy;..." (a view they cost '
                    'may be won back by the search)')
    args = ap.parse_args(argv)
    start = {n: tuple(float(v) for v in d.split(",")) for n, d in (x.split("=") for x in args.start.split(";") if x)}
    s = Search([int(k) for k in args.goal.split(",")], args.fresh, start)
    print(f"start {s.best:.1f} {s.full} left off {s.off}", flush=True)
    for rnd in range(args.rounds):
        kept = False
        for text in args.connections:
            u, v = text.split("|")
            e = (u, v) if (u, v) in s.edges else (v, u)
            assert e in s.edges, text
            for route in candidates(s.pos, *e)[:args.max]:
                if route != s.routes.get(e):
                    kept |= s.trial(f"{e[0]} - {e[1]} via {route}", s.nudges, {**s.routes, e: route})
            if e in s.routes:  # and drawn straight again
                kept |= s.trial(f"{e[0]} - {e[1]} straight", s.nudges, {k: r for k, r in s.routes.items() if k != e})
        for n in [m for m in args.nudge.split(",") if m]:
            for step in [float(x) for x in args.steps.split(",")]:
                for dx, dy in DIRS:
                    cx, cy = s.nudges.get(n, (0.0, 0.0))
                    k = step / math.hypot(dx, dy)
                    cand = (round(cx + dx * k, 1), round(cy + dy * k, 1))
                    kept |= s.trial(f"{n} nudged {cand}", {**s.nudges, n: cand}, s.routes)
        print(f"round {rnd + 1} done: {s.best:.1f}", flush=True)
        if not kept:
            break
    print("ROUTES =", {k: v for k, v in s.routes.items()}, flush=True)
    print("NUDGES +=", {n: v for n, v in s.nudges.items() if v != lb.NUDGES.get(n)}, flush=True)
    print(f"end {s.best:.1f} {s.full} left off {s.off}")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("UNDERGROUND_CACHE_DIR", "/tmp/underground-search-cache")
    sys.exit(main())
