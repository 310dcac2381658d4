"""London's board positions spread so that every station's name has room beside its station (issue 22 item 1).

The printed board (../shared/reference/boards/london-stations.csv, transcribed from a photo) is a grid of about
88 units with central London packed into every grid point: there, at the play screen's sizes, many names have no
place clear of the track spaces, the passenger's disc and their neighbours (the readability audit's
``no_room``). The moves, in order, all deterministic:

1. each axis is stretched piecewise linearly (:data:`X_KNOTS`, :data:`Y_KNOTS`: printed coordinate -> new):
   the middle columns and rows wider, the sparse outskirts narrower, and the board a little wider overall
   (the play screen's board area is wider than the printed board's 3:2, so that width costs no size). Each axis
   keeps its order, so horizontal and vertical connections stay so, every neighbour keeps its side, and the
   board reads as the printed one;
2. a few stations are nudged (:data:`NUDGES`, board units) where a name still needed a gap.

:func:`check_layout` states what must still hold against the printed board (the map's tests run it on the
TOML): the same neighbours in the same directions, no connection newly crossing another or running over a
station, every loop holding the same stations (the loop rule uses positions), stations kept apart.
``python tools/layout_london.py`` writes the positions and the board's width into maps/london.toml (everything
else in the file is kept); then run tools/make_london_2006_map.py for the first edition's board.
"""
from __future__ import annotations

import csv
import math
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = ROOT.parent / "shared" / "reference" / "boards"
TARGET = ROOT / "maps" / "london.toml"

# printed coordinate -> new coordinate, linear between knots (and beyond the ends, as the nearest piece): a knot
# on each of the printed grid's columns and rows (88 units apart). Found by a coordinate search (each weight and nudge
# stepped, the step kept when fewer names lacked room in the readability audit at 1920x1080 and 3840x2160, 4 and 5
# seats, and the check below stayed clean): the middle columns 1.2-1.45 times as wide as printed, the outskirts 0.7-0.9
X_KNOTS = ((116.0, 116.0), (204.2, 191.6), (292.4, 282.4), (380.6, 358.0), (468.8, 433.6), (557.0, 560.7),
           (645.2, 666.2), (733.4, 793.3), (821.6, 920.3), (909.8, 1025.8), (998.0, 1152.9), (1086.2, 1258.4),
           (1174.4, 1363.9), (1262.6, 1490.9), (1350.8, 1564.5), (1439.0, 1625.5), (1527.2, 1699.0))
Y_KNOTS = ((100.0, 100.0), (188.4, 178.5), (276.8, 257.0), (365.2, 335.5), (453.6, 442.5), (542.0, 549.6),
           (630.4, 656.6), (718.8, 745.5), (807.2, 825.0), (895.6, 904.5), (984.0, 984.0))
# board units, after the stretch: where a name still needed a gap. Found by a search (each station near a name without
# room moved 10 or 20 units in one of eight directions, the move kept when the game's placement left fewer names
# without room on the play screen's views at 1920x1080 and 3840x2160, and the check below stayed clean), then a
# few moves by hand round Rayners Lane, Harrow on the Hill and Newbury Park (issue 22 item 1); fourth session:
# tools/search_london_nudges.py (seed 1, target 1280: moves of 10-30 units kept when fewer names lacked room at
# 1280x720 up to four seats, both editions, and no view at any size lost one) moved King's Cross St. Pancras,
# South Kensington, Moorgate, Upminster, Harrow on the Hill, Blackfriars, Bank and Watford; fifth session: four at
# once (Tottenham Court Road 10 down, Holborn 8 down, Oxford Circus 5 right, Leicester Square 10 up; no single move
# did) gave Tottenham Court Road room with five seats at 1920x1080 and 3840x2160, no view losing a name; tenth session:
# tools/descend_london_nudges.py (a descent on how many pixels each name lacks at its least barred place, at 1280x720
# up to four seats) moved 13 stations 6-20 units (Harrow on the Hill, Rayners Lane, Tottenham Court Road the most):
# Oxford Circus, Piccadilly Circus, Bank, Leicester Square and, on a laptop, Harrow on the Hill got room there
NUDGES: dict[str, tuple[float, float]] = {
    "Aldgate": (-20, 0), "Amersham": (10, 0), "Angel": (-14, -14), "Baker Street": (20, 10), "Bank": (-24, -16),
    "Blackfriars": (7, -7), "Bond Street": (0, 10), "Charing Cross": (0, -10), "Euston": (7, -13),
    "Great Portland Street": (20, 0), "Green Park": (-9, 14), "Harrow on the Hill": (11, -16), "Holborn": (-3, 22),
    "Kenton": (15, -6), "King's Cross St. Pancras": (34, -25), "Leicester Square": (-12, -20),
    "Liverpool Street": (7, -17), "Moorgate": (0, -30), "Newbury Park": (7, -7), "Oxford Circus": (2, -6),
    "Piccadilly Circus": (12, -20), "Rayners Lane": (11, 4), "Ruislip": (-20, 20), "Shepherd's Bush": (0, -10),
    "South Kensington": (-30, 0), "Stratford": (-14, 14), "Sudbury": (10, 10), "Tottenham Court Road": (3, -5),
    "Upminster": (0, 60), "Watford": (-21, 21), "Westminster": (-6, 26), "Woodford": (0, 20),
}
PRINTED_WIDTH = 1600  # the printed board's width in its units (the photo's pixels)
MAX_TURN = 20.0  # no connection turns more than this from its printed direction (degrees)
MIN_SPACING = 60.0  # no two stations closer than this (board units; the printed board's least is 85)


def printed(ref: Path = REFERENCE) -> dict[str, tuple[float, float]]:
    """The printed board's station positions (the transcription)."""
    with open(ref / "london-stations.csv", encoding="utf-8") as f:
        return {r["name"]: (float(r["x"]), float(r["y"])) for r in csv.DictReader(f)}


def connections(ref: Path = REFERENCE) -> list[tuple[str, str]]:
    with open(ref / "london-connections.csv", encoding="utf-8") as f:
        return [(r["a"], r["b"]) for r in csv.DictReader(f)]


def stretch(v: float, knots) -> float:
    """``v`` through the piecewise linear map given by ``knots`` ((old, new), ascending)."""
    for (a, fa), (b, fb) in zip(knots, knots[1:]):
        if v <= b or (b, fb) == knots[-1]:
            return fa + (v - a) * (fb - fa) / (b - a)
    raise ValueError("knots need two points at least")


def layout(pos: dict[str, tuple[float, float]], x_knots=X_KNOTS, y_knots=Y_KNOTS,
           nudges=None) -> dict[str, tuple[int, int]]:
    """The new board positions (whole units) for the printed ones."""
    nudges = NUDGES if nudges is None else nudges
    out = {}
    for n, (x, y) in pos.items():
        dx, dy = nudges.get(n, (0.0, 0.0))
        out[n] = (round(stretch(x, x_knots) + dx), round(stretch(y, y_knots) + dy))
    return out


def _orient(a, b, c) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _cross(a, b, c, d) -> bool:
    """Segments ab and cd cross at a point inside both (sharing an end is fine)."""
    if {a, b} & {c, d}:
        return False
    o1, o2, o3, o4 = _orient(a, b, c), _orient(a, b, d), _orient(c, d, a), _orient(c, d, b)
    return o1 * o2 < 0 and o3 * o4 < 0


def _seg_dist(p, a, b) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    ll = dx * dx + dy * dy
    t = 0.0 if ll == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / ll))
    return math.hypot(a[0] + t * dx - p[0], a[1] + t * dy - p[1])


def _ray_crosses(p, a, b) -> bool:
    """Whether the ray rightwards from p crosses segment ab, as the London loop rule counts it
    (game/engine/cities/london.py ``_inside``): when every such answer is kept, every loop of connections
    holds the same stations inside as on the printed board."""
    if (a[1] > p[1]) == (b[1] > p[1]):
        return False
    return p[0] < a[0] + (p[1] - a[1]) * (b[0] - a[0]) / (b[1] - a[1])


def _is_cut(flipped: set, edges: list[tuple[str, str]]) -> bool:
    """Whether every cycle of the graph holds an even number of the ``flipped`` edges (then no loop's count of
    crossings changes parity): the stations two-coloured, a flipped edge joining two colours, any other one."""
    adj: dict[str, list[tuple[str, int]]] = {}
    for a, b in edges:
        f = int((a, b) in flipped)
        adj.setdefault(a, []).append((b, f))
        adj.setdefault(b, []).append((a, f))
    colour: dict[str, int] = {}
    for start in adj:
        if start in colour:
            continue
        colour[start] = 0
        todo = [start]
        while todo:
            u = todo.pop()
            for v, f in adj[u]:
                want = colour[u] ^ f
                if v not in colour:
                    colour[v] = want
                    todo.append(v)
                elif colour[v] != want:
                    return False
    return True


def _angle(a, b) -> float:
    """The direction from a to b, in degrees."""
    return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) % 360


def check_layout(new: dict, old: dict, edges: list[tuple[str, str]], min_spacing: float = MIN_SPACING,
                 clear: float = 20.0) -> list[str]:
    """Every way ``new`` stops reading as the printed board ``old``; empty when it is faithful.

    Kept: the same stations; each connection within MAX_TURN of its printed direction; along each axis
    every pair of joined stations in the same order; no connection crossing another or passing within
    ``clear`` units of a station not its own (unless it did so on the printed board); every station on the same
    side of every connection along its row (so the loop rule scores the same stations); stations at least
    ``min_spacing`` apart."""
    problems = []
    if set(new) != set(old):
        return [f"stations differ: {sorted(set(new) ^ set(old))}"]
    for a, b in edges:
        turn = abs(_angle(new[a], new[b]) - _angle(old[a], old[b]))
        if min(turn, 360 - turn) > MAX_TURN:
            problems.append(f"{a} - {b} turns {min(turn, 360 - turn):.0f} degrees")
        for k in (0, 1):  # (the transcription is good to a few units: smaller steps are straight runs)
            if abs(old[b][k] - old[a][k]) > 5 and (new[b][k] - new[a][k]) * (old[b][k] - old[a][k]) <= 0:
                problems.append(f"{a} - {b} changes order along {'xy'[k]}")
    for i, (a, b) in enumerate(edges):
        for c, d in edges[i + 1:]:
            if _cross(new[a], new[b], new[c], new[d]) and not _cross(old[a], old[b], old[c], old[d]):
                problems.append(f"{a} - {b} crosses {c} - {d}")
        for n in new:
            if n not in (a, b) and _seg_dist(new[n], new[a], new[b]) < clear <= _seg_dist(old[n], old[a], old[b]):
                problems.append(f"{a} - {b} runs over {n}")
    for n in new:  # the loop rule's geometry: every loop holds the same stations (see _ray_crosses)
        flipped = {(a, b) for a, b in edges
                   if n not in (a, b) and _ray_crosses(new[n], new[a], new[b]) != _ray_crosses(old[n], old[a], old[b])}
        if flipped and not _is_cut(flipped, [e for e in edges if n not in e]):  # (a loop through n holds it not)
            problems.append(f"{n} changes sides of a loop ({', '.join(' - '.join(e) for e in sorted(flipped))})")
    names = sorted(new)
    for i, n in enumerate(names):
        for m in names[i + 1:]:
            if math.dist(new[n], new[m]) < min_spacing:
                problems.append(f"{n} and {m} are {math.dist(new[n], new[m]):.0f} apart")
    return problems


def write_positions(text: str, pos: dict[str, tuple[int, int]], width: int | None = None) -> str:
    """The map file's text with each station's x and y replaced, and the board's width when given (nothing
    else changes)."""
    out, name = [], None
    for line in text.split("\n"):
        m = re.match(r'name = "(.*)"$', line)
        if width is not None and line.startswith("width = "):
            line = f"width = {width}"
        elif m:
            name = m.group(1).replace('\\"', '"').replace("\\\\", "\\")
        elif name in pos and line.startswith("x = "):
            line = f"x = {pos[name][0]}"
        elif name in pos and line.startswith("y = "):
            line = f"y = {pos[name][1]}"
        elif line.startswith("[") and line != "[[stations]]":
            name = None
        out.append(line)
    return "\n".join(out)


def moves(new: dict, old: dict) -> list[float]:
    """How far each station moved (board units), sorted."""
    return sorted(math.dist(new[n], old[n]) for n in new)


def main(argv: list[str]) -> int:
    old = printed()
    new = layout(old)
    problems = check_layout(new, old, connections())
    for p in problems:
        print(p, file=sys.stderr)
    target = Path(argv[0]) if argv else TARGET
    width = max(x for x, _ in new.values()) + PRINTED_WIDTH - max(x for x, _ in old.values())  # the same margin
    target.write_text(write_positions(target.read_text(encoding="utf-8"), new, round(width)), encoding="utf-8")
    d = moves(new, old)
    print(f"{target}: {len(new)} stations, moved at most {d[-1]:.0f} units (median {d[len(d) // 2]:.0f}); "
          f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
