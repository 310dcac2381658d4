"""Berlin's board with room for every station's name (issue 22 item 1): the printed layout, spread.

The printed Berlin board (``../shared/reference/boards/berlin-stations.csv``) puts its stations on a grid of 16
columns and 11 rows, about 91 units apart, with the same pitch in the crowded Ring as at the edges. Read on the
play screen, the names of the stations inside the Ring (Zoologischer Garten, Kurfürstendamm, Friedrichstr.,
Alexanderplatz...) find no place the names' hard rule allows (game/ui/board/clearance.py): every side of them is
track. The layout keeps each station on its printed grid column and row (so every connection keeps its
direction's sense, every station its neighbours' order, and the board reads as the printed one) and moves:

1. the grid lines: each column's x and each row's y (:data:`COLUMNS`, :data:`ROWS`) are spread where the names
   are crowded and drawn in where there is room, and the board made wider than printed (the play screen's
   board view is wider than the printed board, so the room was there unused);
2. single stations off their grid point by a few units (:data:`NUDGES`) where a name still needs a gap.

The second session (issue 22 item 1 again) stretched the board to ASPECT (1.75: between the table's four-seat
views, 1.71, and its five-seat ones, 2.03), spread the gaps again on the views where the names are largest on
the board (the table's five- and four-seat views at 3840x2160 and 1920x1080, the four-seat one at 1280x720 at
half weight), the outer columns and rows drawn in to 0.65 of the printed pitch, and nudged afresh (at most 36
units were needed). Its search measures with :class:`QuickMeter` (the same answers as :class:`RoomMeter`, each
view's name card built once). Its map (SECOND_COLUMNS, SECOND_ROWS, SECOND_NUDGES and two HAND_NUDGES) was
not kept: at 1280x720 it left more names without room than before.

The third session (:func:`search_third`) starts from that map, drawn out to THIRD_WIDTH (the paper 1931 wide:
wider helped every view but the table's four-seat one at 1280x720), and measures with the whole placement
(:class:`GoalMeter`) on the tightest view of each kind the goal names, the four-seat ones first, a layout that
leaves more names without room at 1280x720 than LIMIT_720 (the map before it) costing most: its gaps spread
again, then the stations whose names have no room at 1920x1080 or 3840x2160 nudged.

The seventh session (:func:`search_seventh`, ``search-seventh [720]``) adds local moves of several stations at
once (:data:`MOVES`: a small spread, squeeze or shift round a group of stations without room, made after the
nudges), measured on all 18 of the play screen's board views and kept only when none gains a name without room.
The eighth session (``search-seventh --allow-720 2 [--fine]``) lets a kept move cost each 1280x720 view up to two
names without room (counted from the map before its moves, :data:`EIGHTH_FROM`) where the 1920x1080 and 3840x2160
views gain: 1280x720's goal is out of a layout's reach (docs/play-screen.md), theirs is not. The ninth session ran
it again on the shared panel's taller five-seat boards (PLAY_VIEWS) and kept one more spread round Potsdamer Platz.

:func:`positions` applies them all to the transcribed positions; ``tools/make_berlin_map.py`` writes them into
``maps/berlin.toml`` (the TOML stays the source of truth; ``tests/maps/test_berlin_map.py`` checks that these
moves reproduce it). ``python tools/layout_berlin.py search-third`` runs the deterministic search that found
the numbers (``search``: the second session's; each measures the names' room with the game's own placement, so
it needs the game installed) and prints them; ``python tools/layout_berlin.py check`` lists what the layout
breaks (:func:`check_layout`).
"""
from __future__ import annotations

import csv
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from layout_newyork import _on_segment, segments_clash  # noqa: E402  (the schematic checks, shared)

REFERENCE = Path(__file__).resolve().parent.parent.parent / "shared" / "reference" / "boards"
PRINTED_X0, PRINTED_Y0 = 123.0, 75.0  # the printed grid's first column and row
PRINTED_PITCH_X, PRINTED_PITCH_Y = 91.0, 91.9  # the printed grid's pitches
PAD = 60.0  # the board's paper round the outermost stations (game/ui/board/geometry.PAD)
PHOTO = (1600, 1072)  # the board photo's size, the transcription's coordinates
MAX_TURN = 30.0  # degrees a connection may turn from its printed direction
MIN_GAP = 14.0  # units a connection keeps from a station it does not end at
ORDER_APART = 45.0  # printed units: stations further apart than this left to right (or top to bottom) keep their order

# the second session's map (branch h/berlin, c1081cd; found by `search` on the code of then, where the third
# session's search starts): the grid lines' positions (board units; the printed ones are 123 + 91 * column,
# 75 + 91.9 * row)
SECOND_COLUMNS: list[float] = [
    123.0, 184.4, 262.0, 339.6, 465.0, 700.5, 787.6, 947.5, 1181.9, 1306.9, 1417.8, 1516.2, 1603.6, 1690.7, 1752.1,
    1813.6]
SECOND_ROWS: list[float] = [
    75.0, 147.1, 239.2, 331.4, 436.1, 540.8, 632.9, 737.6, 829.8, 901.9, 994.0]
# station -> (dx, dy) off its grid point, found by `search` (board units), and HAND_NUDGES
SECOND_NUDGES: dict[str, tuple[float, float]] = {
    "Alexanderplatz": (15.5, -8.5),
    "Alt-Mariendorf": (8.5, 8.5),
    "Birkenwerder": (17.0, -17.0),
    "Bornholmer Str.": (0.0, -12.0),
    "Erkner": (0.0, -24.0),
    "Flughafen Berlin-Schönefeld": (0.0, 24.0),
    "Frankfurter Allee": (34.0, 0.0),
    "Friedrichsfelde Ost": (8.5, 8.5),
    "Friedrichstr.": (0.0, -24.0),
    "Grünbergallee": (15.5, -8.5),
    "Heidelberger Platz": (8.5, -8.5),
    "Hermannplatz": (0.0, 36.0),
    "Hönow": (24.0, 0.0),
    "Jungfernheide": (0.0, 36.0),
    "Kurfürstendamm": (36.0, 0.0),
    "Köllnische Heide": (-8.5, 8.5),
    "Köpenick": (24.0, 0.0),
    "Landsberger Allee": (-8.5, -32.5),
    "Leopoldplatz": (-17.0, 17.0),
    "Lichtenberg": (8.5, 8.5),
    "Messe Nord/ICC": (-12.0, 0.0),
    "Messe Süd": (24.0, 0.0),
    "Mierendorffplatz": (-12.0, 0.0),
    "Nollendorfplatz": (-17.0, -17.0),
    "Olympiastadion": (0.0, -24.0),
    "Osloer Str.": (24.0, -24.0),
    "Pankow": (-24.0, 0.0),
    "Priesterweg": (0.0, 12.0),
    "Rudow": (-17.0, -29.0),
    "Samariterstr.": (-17.0, 17.0),
    "Schöneberg": (-8.5, -8.5),
    "Schöneweide": (-8.5, -8.5),
    "Spandau": (17.0, -17.0),
    "Stadtmitte": (12.0, 0.0),
    "Strausberg Nord": (12.0, 0.0),
    "Strausberger Platz": (-12.0, 0.0),
    "Tempelhof": (24.0, 0.0),
    "Turmstr.": (17.0, 17.0),
    "Westkreuz": (-12.0, 0.0),
    "Zitadelle": (8.5, 8.5),
}
# station -> (dx, dy) by hand after the second session's search, in place of its nudge (board units): Hönow
# down off Strausberg Nord's name at the board's east edge, Gesundbrunnen down so its name fits between the Ring
# and Wedding's
HAND_NUDGES: dict[str, tuple[float, float]] = {"Hönow": (0.0, 36.0), "Gesundbrunnen": (0.0, 24.0)}


# the grid lines' positions and each station's (dx, dy) off its grid point (board units), found by
# `search_third` (the printed grid lines are 123 + 91 * column, 75 + 91.9 * row)
COLUMNS: list[float] = [
    123.0, 186.2, 257.1, 358.1, 472.4, 714.7, 804.3, 968.8, 1210.0, 1338.6, 1452.7, 1554.0, 1643.9, 1733.5, 1796.7,
    1860.0]
ROWS: list[float] = [
    75.0, 139.1, 211.3, 330.2, 435.1, 540.0, 632.3, 737.1, 829.5, 901.7, 994.0]
# the stations search_third nudged (the rest keep the second session's nudges)
THIRD_NUDGES: dict[str, tuple[float, float]] = {
    "Bayerischer Platz": (0.0, 12.0),
    "Bismarckstr.": (0.0, 12.0),
    "Bundesplatz": (-17.0, 17.0),
    "Hermannplatz": (-8.5, 44.5),
    "Hohenzollerndamm": (8.5, 8.5),
    "Messe Süd": (24.0, 24.0),
    "Möckernbrücke": (-12.0, 0.0),
    "Neukölln": (0.0, 24.0),
    "Schönhauser Allee": (24.0, 0.0),
    "Warschauer Str.": (-12.0, 0.0),
    "Westkreuz": (-12.0, -12.0),
    "Zoologischer Garten": (-12.0, 0.0),
}
# Potsdamer Platz's name had no room at 1920x1080 and 3840x2160 with any seat count (Zoologischer Garten 103 units
# to its left, its own four connections and Zoologischer Garten's two tracks round it): it moves 36 units right and
# its neighbours to the south and east with it (found by hand with the names audit, fourth session; these replace
# the earlier nudges of the three neighbours)
FOURTH_NUDGES: dict[str, tuple[float, float]] = {
    "Potsdamer Platz": (36.0, 0.0),
    "Stadtmitte": (24.0, 6.0),
    "Nollendorfplatz": (0.0, -17.0),
    "Möckernbrücke": (-12.0, 6.0),
}
# the stations search_fifth moved (fifth session, one round: `python tools/layout_berlin.py search-fifth`): Hermannstr.
# 16 units right gives Hermannplatz and Treptower Park room with five seats round a table at 1920x1080
FIFTH_NUDGES: dict[str, tuple[float, float]] = {"Hermannstr.": (16.0, 0.0)}
# the stations the sixth session's search moved for 1280x720 with two to four seats (`search-sixth`, its first
# round moving only the stations without room there, its second those and the stations joined to them, `search-sixth
# joined`): Spandau up off its tracks' corner (twice), Hönow left
SIXTH_NUDGES: dict[str, tuple[float, float]] = {"Hönow": (-8.0, 36.0), "Spandau": (11.3, -30.7)}
# the tenth session's (second round) for 1280x720 with two to four seats (tools/descend_berlin_nudges.py, its first
# round's moves that gave names room; 1920x1080 and 3840x2160 kept at none without room, no view gaining one):
# Zitadelle 4 right, Westkreuz 3 left 3 down, Marienfelde 6 right 10 down
TENTH_NUDGES: dict[str, tuple[float, float]] = {"Zitadelle": (12.5, 8.5), "Westkreuz": (-14.8, -9.2),
                                               "Marienfelde": (5.7, 9.7)}
# the eleventh session's (tools/search_berlin_bends.py --nudge, with the hand routes below; 1280x720's laptop with
# two to four seats searched, no view gaining a name without room or left off): Hermannplatz and Hauptbahnhof each
# 4 units right and down (Hermannplatz's nudge (-8.5, 44.5) before); Ostbahnhof 4 right (round a 1280x720 table with
# four seats 29 -> 27, found by a search that started from Warschauer Str. further right, not kept)
ELEVENTH_NUDGES: dict[str, tuple[float, float]] = {"Hermannplatz": (-5.7, 47.3), "Hauptbahnhof": (2.8, 2.8),
                                                   "Ostbahnhof": (4.0, 0.0)}
NUDGES: dict[str, tuple[float, float]] = {**SECOND_NUDGES, **HAND_NUDGES, **THIRD_NUDGES, **FOURTH_NUDGES,
                                          **FIFTH_NUDGES, **SIXTH_NUDGES, **TENTH_NUDGES, **ELEVENTH_NUDGES}
# the seventh session's local moves of several stations at once (`search-seventh`), applied in order after the
# nudges: (kind, centre stations, radius, a, b) -- "spread": every station within ``radius`` board units of the
# centre (the centre stations' mean) moved away from it by a * its offset across and b * its offset down, times
# the falloff (1 - (d / radius)^2)^2; "shift": moved by (a, b) units times the same falloff (the centre station
# the whole way, its neighbours part of it). Both are smooth and monotone (the gains and shifts are far below
# what would fold the plane), so the stations keep their order and their connections' directions
MOVES: list[tuple[str, tuple[str, ...], float, float, float]] = [
    # the south-west's three without room with five seats apart up and down (0.3 of their offset, 150 units round
    # them): Heidelberger Platz and Hohenzollerndamm get room at 1920x1080 and 3840x2160 (five seats), and three
    # at 1280x720 with four seats on a laptop
    ("spread", ("Dahlem-Dorf", "Heidelberger Platz", "Hohenzollerndamm"), 150.0, 0.0, 0.3),
    # the eighth session's (`search-seventh --allow-720 2`: 1280x720 may lose a name or two where 1920x1080 and
    # 3840x2160 gain): Hohenzollerndamm 24 units right, its neighbours within 150 units part of the way
    ("shift", ("Hohenzollerndamm",), 150.0, 24.0, 0.0),
    # and (`--fine`, the five-seat laptops searched too) the stations round Potsdamer Platz drawn a little apart
    # up and down (0.08, radius 150): Potsdamer Platz gets room with five seats on a laptop at both sizes
    ("spread", ("Potsdamer Platz",), 150.0, 0.0, 0.08),
    # the ninth session's (`search-seventh --allow-720 2 --fine` on the shared panel's five-seat views, the board
    # 1374x772 at 1920x1080): the same stations drawn further apart up and down (0.3): Potsdamer Platz gets room
    # with five seats at 1920x1080, round a table and on a laptop; 1280x720 loses two (four and five seats round a
    # table) and one (five on a laptop)
    ("spread", ("Potsdamer Platz",), 150.0, 0.0, 0.3),
]
# the eleventh session's hand routes (issue 22 items 1 and 5: Berlin on a 1280x720 laptop): a connection drawn with
# bends round a station, as printed maps route a line round an interchange, so that a side of the station is free
# for its name. (a, b) -> the bend points in order from a to b, each (end, dx, dy): that end's position ("a" or
# "b") moved by (dx, dy) board units, so a route follows its stations when the layout moves them. Applied after
# every other move (route_bends); found by tools/search_berlin_bends.py from the blockers tools/why_names.py --board berlin
# names. check_layout checks each piece (no new crossing, none over a station, the connections leaving a station
# in the printed order), and no bend lies further than ROUTE_MOST from its connection's straight line
ROUTES: dict[tuple[str, str], list[tuple[str, float, float]]] = {
    # Friedrichstr. - Potsdamer Platz leaves Potsdamer Platz straight up for 42 units, then runs on at its slant
    # (the names of Potsdamer Platz, Möckernbrücke and Stadtmitte round it; without it the laptop 5 -> 7)
    ("Friedrichstr.", "Potsdamer Platz"): [("b", 0.0, -42.0)],
    # Potsdamer Platz - Möckernbrücke leaves Potsdamer Platz straight down for 12 units (Möckernbrücke's name)
    ("Potsdamer Platz", "Möckernbrücke"): [("a", 0.0, 12.0)],
    # Westhafen - Turmstr. leaves Westhafen down-left at 45 degrees for 42 units (round a 1280x720 table: 26 -> 24
    # with two seats)
    ("Westhafen", "Turmstr."): [("a", -29.7, 29.7)],
}
ROUTE_MOST = 60.0  # board units a bend may lie off its connection's straight line (as NUDGE_MOST for a station)
EIGHTH_FROM = 1  # MOVES before the eighth session's: 1280x720's allowance (`--allow-720`) counted from their map


def read_reference(ref: Path = REFERENCE) -> tuple[list[dict], list[dict]]:
    stations = list(csv.DictReader(open(ref / "berlin-stations.csv", encoding="utf-8")))
    conns = list(csv.DictReader(open(ref / "berlin-connections.csv", encoding="utf-8")))
    return stations, conns


def grid_cell(x: float, y: float) -> tuple[int, int, float, float]:
    """A printed position's grid column and row, and its offset from that grid point (printed units)."""
    c = round((x - PRINTED_X0) / PRINTED_PITCH_X)
    r = round((y - PRINTED_Y0) / PRINTED_PITCH_Y)
    return c, r, x - (PRINTED_X0 + PRINTED_PITCH_X * c), y - (PRINTED_Y0 + PRINTED_PITCH_Y * r)


def positions(printed: dict[str, tuple[float, float]], columns=None, rows=None, nudges=None, moves=None
              ) -> dict[str, tuple[float, float]]:
    """Each station's position: its printed grid point moved to the spread grid lines, its small printed
    offset kept, its nudge added and the local moves (MOVES) made (rounded to tenths of a unit)."""
    columns, rows = columns or COLUMNS, rows or ROWS
    nudges = NUDGES if nudges is None else nudges
    out = {}
    for n, (x, y) in printed.items():
        c, r, ox, oy = grid_cell(x, y)
        dx, dy = nudges.get(n, (0.0, 0.0))
        out[n] = (columns[c] + ox + dx, rows[r] + oy + dy)
    for move in MOVES if moves is None else moves:
        out = local_move(out, *move)
    return {n: (round(x, 1), round(y, 1)) for n, (x, y) in out.items()}


def route_bends(pos, routes=None) -> dict[tuple[str, str], list[tuple[float, float]]]:
    """Each routed connection's bend points (board units, rounded to tenths) for the stations at ``pos``."""
    out = {}
    for (a, b), pts in (ROUTES if routes is None else routes).items():
        out[(a, b)] = [(round(pos[a if end == "a" else b][0] + dx, 1), round(pos[a if end == "a" else b][1] + dy, 1))
                       for end, dx, dy in pts]
    return out


def local_centre(pos, centre: tuple[str, ...]) -> tuple[float, float]:
    return sum(pos[n][0] for n in centre) / len(centre), sum(pos[n][1] for n in centre) / len(centre)


def local_move(pos, kind: str, centre: tuple[str, ...], radius: float, a: float, b: float):
    """One of MOVES made on ``pos`` (see there): the stations within ``radius`` of the centre spread or shifted,
    the nearer the more."""
    cx, cy = local_centre(pos, centre)
    out = {}
    for n, (x, y) in pos.items():
        u = math.hypot(x - cx, y - cy) / radius
        w = (1 - u * u) ** 2 if u < 1 else 0.0
        out[n] = (x + w * a * (x - cx), y + w * b * (y - cy)) if kind == "spread" else (x + w * a, y + w * b)
    return out


def board_size(pos: dict[str, tuple[float, float]]) -> tuple[int, int]:
    """The board's width and height: the photo's, or the outermost stations and the paper round them."""
    return (max(PHOTO[0], math.ceil(max(x for x, _ in pos.values()) + PAD)),
            max(PHOTO[1], math.ceil(max(y for _, y in pos.values()) + PAD)))


def _pieces(pos, edge, bends=None) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """A connection's drawn pieces: its ends joined through its bends (none: one straight piece)."""
    line = [pos[edge[0]], *((bends or {}).get(edge, [])), pos[edge[1]]]
    return list(zip(line, line[1:]))


def _crossings(pos, edges, bends=None) -> set[tuple[int, int]]:
    out = set()
    drawn = [_pieces(pos, e, bends) for e in edges]
    for i in range(len(edges)):
        for j in range(i + 1, len(edges)):
            if any(segments_clash(p, q, r, t) for p, q in drawn[i] for r, t in drawn[j]):
                out.add((i, j))
    return out


def _seg_point_dist(p, a, b) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    ll = dx * dx + dy * dy
    t = 0.0 if ll == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / ll))
    return math.hypot(a[0] + t * dx - p[0], a[1] + t * dy - p[1])


def _angle(p, q) -> float:
    return math.degrees(math.atan2(q[1] - p[1], q[0] - p[0]))


def check_layout(pos, printed, edges, bends=None) -> list[str]:
    """What the layout breaks that the printed board keeps: a connection (each piece of a routed one,
    ``bends``: :func:`route_bends`) crossing another or passing closer than MIN_GAP to a station it does not end
    at, turning more than MAX_TURN degrees from its printed direction, a bend further than ROUTE_MOST off its
    connection's straight line, two stations a grid column or row apart swapping sides, or a station's
    connections leaving it in another order round it (empty when clean)."""
    problems = []
    bends = bends or {}
    old = _crossings(printed, edges)
    for i, j in sorted(_crossings(pos, edges, bends) - old):
        problems.append(f"{' - '.join(edges[i])} crosses {' - '.join(edges[j])}")
    for a, b in edges:
        for n, p in pos.items():
            if n not in (a, b) and min(_seg_point_dist(p, s, t) for s, t in _pieces(pos, (a, b), bends)) < \
                    MIN_GAP <= _seg_point_dist(printed[n], printed[a], printed[b]):
                problems.append(f"{a} - {b} runs over {n}")
        for q in bends.get((a, b), []):
            if _seg_point_dist(q, pos[a], pos[b]) > ROUTE_MOST:
                problems.append(f"{a} - {b} bends {_seg_point_dist(q, pos[a], pos[b]):.0f} units off its line")
        turn = abs((_angle(pos[a], pos[b]) - _angle(printed[a], printed[b]) + 180) % 360 - 180)
        if turn > MAX_TURN:
            problems.append(f"{a} - {b} turns {turn:.0f} degrees")
    for a, pa in printed.items():
        for b, pb in printed.items():
            for k, axis in ((0, "left of"), (1, "above")):  # a grid column or row apart: in the same order
                if pa[k] < pb[k] - ORDER_APART and not pos[a][k] < pos[b][k]:
                    problems.append(f"{a} is no longer {axis} {b}")
    around: dict[str, list[str]] = {}
    for a, b in edges:
        around.setdefault(a, []).append(b)
        around.setdefault(b, []).append(a)
    def first(pp, n, m, bent):  # where the connection n - m leaves n for: its first bend, or m
        if (n, m) in bent and bent[(n, m)]:
            return bent[(n, m)][0]
        if (m, n) in bent and bent[(m, n)]:
            return bent[(m, n)][-1]
        return pp[m]

    for n, nbrs in around.items():
        def order(pp, bent=None):
            return [m for m in sorted(nbrs, key=lambda m: _angle(pp[n], first(pp, n, m, bent or {})))]
        o1, o2 = order(printed), order(pos, bends)
        k = o2.index(o1[0])
        if o2[k:] + o2[:k] != o1:
            problems.append(f"{n}'s connections leave it in another order")
    return problems


# ---- the search (needs the game: it measures the names' room with the game's own placement) ---------------
# the play screen's board views (width, height, ui scale) where the names must all have room, as the seats
# leave them (measured with tests/ui/names_audit.py's seats): the smallest of each size, the table's
VIEWS = [(915, 536, 2 / 3), (1374, 678, 1.0), (1374, 804, 1.0), (2748, 1356, 2.0), (2748, 1608, 2.0)]


class RoomMeter:
    """The names without room (Placement.no_room) of a layout on the play screen's board views."""

    def __init__(self, views=VIEWS, crowd: bool = True):
        import os

        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        import pygame

        from game import mapfile
        from game.ui import theme as th

        pygame.init()
        self.mf = mapfile.load_map("berlin")
        self.views = list(views)
        self.theme, self.fonts = th.Theme(), th.Fonts()
        self.names = [s.name for s in self.mf.stations]
        self.crowd = crowd  # also count the names crowded out by their neighbours' (_crowded)
        self.exact = False  # no_room: the whole placement's answer (slower) rather than the candidates'
        self.weights = [1.0] * len(self.views)  # each view's part in cost()
        self.routes = None  # the connections' hand routes (route_bends; None: ROUTES)

    def cards(self, pos):
        import msgspec

        from game.engine.board import from_mapfile
        from game.ui.board.view import BoardView

        sts = [msgspec.structs.replace(s, x=pos[s.name][0], y=pos[s.name][1]) for s in self.mf.stations]
        width, height = board_size(pos)
        info = msgspec.structs.replace(self.mf.map, width=width, height=height)  # the layout's own paper
        bent = route_bends(pos, self.routes)
        cons = [msgspec.structs.replace(c, bends=[list(q) for q in bent.get((c.a, c.b), [])])
                for c in self.mf.connections]
        board = from_mapfile(msgspec.structs.replace(self.mf, stations=sts, map=info, connections=cons))
        for w, h, ui in self.views:
            bv = BoardView(board, (0, 0, w, h), self.theme, self.fonts, ui_scale=ui)
            yield _drained(bv.names.name_card(bv.names.wanted()))

    def no_room(self, pos, only=None) -> list[set[str]]:
        """Per view, the names with no place the rule allows among their candidates (``only``: just those
        stations' names looked at); quick, and a lower bound of the placement's no_room."""
        import dataclasses

        from game.ui.board import placement

        out = []
        for card in self.cards(pos):
            if only is not None:
                card = dataclasses.replace(card, names=[n if n in only else "" for n in card.names])
            if self.exact:  # the whole placement, but for the names looked at
                out.append({self.names[i] for i in _drained(placement.place_names(card)).no_room})
                continue
            p = placement._Placer(card)
            for _ in p.candidates():
                pass
            out.append({self.names[i] for i in p.no_room | (_crowded(p) if self.crowd else set())})
        return out

    def cost(self, pos, only=None) -> float:
        """The names without room (no_room) summed over the views, each view's count times its weight."""
        return sum(w * len(s) for w, s in zip(self.weights, self.no_room(pos, only)))

    def full(self, pos) -> list[set[str]]:
        """Per view, the placement's names without room (what the readability audit counts)."""
        from game.ui.board import placement

        out = []
        for card in self.cards(pos):
            out.append({self.names[i] for i in _drained(placement.place_names(card)).no_room})
        return out


class QuickMeter(RoomMeter):
    """RoomMeter for the search: each view's name card built once (for ``base``, the board's size kept) and
    moved to a trial layout's positions (the stations, each connection's track, its letter badges kept where
    they sit along it), instead of a board view built per trial. The search's numbers are checked with
    RoomMeter afterwards."""

    def __init__(self, base, views=VIEWS, crowd: bool = True):
        super().__init__(views, crowd)
        index = {n: i for i, n in enumerate(self.names)}
        self.ends = [(index[c.a], index[c.b], c.spaces) for c in self.mf.connections]
        self.base = []
        for card in RoomMeter.cards(self, base):
            s = card.centres[0][0] / base[self.names[0]][0]
            k = len(self.ends)
            discs, frames = card.segments[k:], []
            for a, b, spaces in self.ends:  # the letter badges, in the connections' order
                (ax, ay), (bx, by) = card.centres[a], card.centres[b]
                mx, my, ll = (ax + bx) / 2, (ay + by) / 2, math.hypot(bx - ax, by - ay) or 1.0
                ux, uy = (bx - ax) / ll, (by - ay) / ll
                mine = discs[:spaces] if len(discs) >= spaces and all(
                    math.hypot(d[0] - mx, d[1] - my) < card.lane_gap * (spaces + 2) for d in discs[:spaces]) else []
                discs = discs[len(mine):]
                frames.append([((d[0] - mx) * ux + (d[1] - my) * uy, (d[1] - my) * ux - (d[0] - mx) * uy, d[4])
                               for d in mine])
            assert not discs, "letter badges left unassigned"
            self.base.append((card, s, [seg[4] for seg in card.segments[:k]], frames))

    def cards(self, pos):
        import dataclasses

        for card, s, widths, frames in self.base:
            centres = [(pos[n][0] * s, pos[n][1] * s) for n in self.names]
            segs, discs = [], []
            for (a, b, _), hw, fr in zip(self.ends, widths, frames):
                (ax, ay), (bx, by) = centres[a], centres[b]
                segs.append((ax, ay, bx, by, hw))
                mx, my, ll = (ax + bx) / 2, (ay + by) / 2, math.hypot(bx - ax, by - ay) or 1.0
                ux, uy = (bx - ax) / ll, (by - ay) / ll
                discs += [(mx + t * ux - o * uy, my + t * uy + o * ux) + (mx + t * ux - o * uy, my + t * uy + o * ux, r)
                          for t, o, r in fr]
            yield dataclasses.replace(card, centres=centres, segments=segs + discs)


ASPECT = 1.75  # the board's paper, width over height: the table's four-seat views are 1.71 wide, its five-seat 2.03
GAP_STEPS = (0.25, 0.12)  # the search's relative changes to one gap (coarse, then fine)


def widened(printed, aspect: float = ASPECT) -> tuple[list[float], list[float]]:
    """The printed grid lines, the columns spread evenly so the paper is ``aspect`` wide."""
    height = PRINTED_PITCH_Y * 10 + 2 * PAD
    span = aspect * height - 2 * PAD
    return [PRINTED_X0 + span * c / 15 for c in range(16)], [PRINTED_Y0 + PRINTED_PITCH_Y * r for r in range(11)]


def _lines(gaps, start):
    out = [start]
    for g in gaps:
        out.append(out[-1] + g)
    return out


def _regap(gaps, k, f, least):
    """Gap ``k`` times ``f``, the others scaled to keep the span; None when a gap would fall under ``least``."""
    total = sum(gaps)
    new = list(gaps)
    new[k] *= f
    rest = total - new[k]
    old_rest = total - gaps[k]
    new = [g if j == k else g * rest / old_rest for j, g in enumerate(new)]
    return None if min(new) < least else new


def search_gaps(meter, printed, edges, columns, rows, least_share, sweeps=2, log=print, nudges=None, steps=GAP_STEPS):
    """Coordinate descent over the grid's gaps: each gap widened or narrowed (the others taking up the
    difference) while that lowers the names without room on the meter's views, the layout kept clean; no gap
    narrower than ``least_share`` of the printed pitch (``nudges``: kept on the stations meanwhile)."""
    def cost(cols, rws):
        pos = positions(printed, cols, rws, nudges or {})
        if check_layout(pos, printed, edges):
            return None
        return meter.cost(pos)

    best = cost(columns, rows)
    log(f"gaps: start {best}")
    gx = [b - a for a, b in zip(columns, columns[1:])]
    gy = [b - a for a, b in zip(rows, rows[1:])]
    for step in steps[:sweeps]:
        for axis, gaps, least in (("column", gx, least_share * PRINTED_PITCH_X),
                                  ("row", gy, least_share * PRINTED_PITCH_Y)):
            for k in range(len(gaps)):
                for f in (1 + step, 1 / (1 + step)):
                    new = _regap(gaps, k, f, least)
                    if new is None:
                        continue
                    cols = _lines(new, columns[0]) if axis == "column" else _lines(gx, columns[0])
                    rws = _lines(new, rows[0]) if axis == "row" else _lines(gy, rows[0])
                    c = cost(cols, rws)
                    if c is not None and c < best:
                        best = c
                        gaps[:] = new
                        log(f"gaps: {axis} gap {k} x{f:.2f}: {best}")
    return _lines(gx, columns[0]), _lines(gy, rows[0]), best


NUDGE_STEPS = (12.0, 24.0, 36.0)  # units a station may move per try (in eight directions)
NUDGE_MOST = 60.0  # the furthest a station moves off its grid point
NUDGE_REACH = 260.0  # units round a moved station within which names are looked at again


def search_nudges(meter, printed, edges, columns, rows, nudges=None, rounds=2, steps=NUDGE_STEPS, most=NUDGE_MOST,
                  log=print):
    """Stations whose names have no room, and their neighbours, moved a little off their grid points
    (in the board's order), each move kept when it lowers the names without room on the meter's views
    round it and the layout stays clean."""
    nudges = dict(nudges or {})
    dirs = [(math.cos(math.radians(a)), math.sin(math.radians(a))) for a in range(0, 360, 45)]
    for rnd in range(rounds):
        pos = positions(printed, columns, rows, nudges)
        stuck = set().union(*meter.no_room(pos))
        log(f"nudges: round {rnd}: {len(stuck)} names without room: {sorted(stuck)}")
        if not stuck:
            break
        movers = [n for n in printed if n in stuck or any(
            math.dist(pos[n], pos[s]) < PRINTED_PITCH_X * 1.3 for s in stuck)]
        for n in movers:
            pos = positions(printed, columns, rows, nudges)
            near = {m for m in pos if math.dist(pos[m], pos[n]) < NUDGE_REACH}
            here = meter.cost(pos, only=near)
            if not here:
                continue
            best = None
            for step in steps:
                for dx, dy in dirs:
                    ox, oy = nudges.get(n, (0.0, 0.0))
                    cand = (round(ox + step * dx, 1), round(oy + step * dy, 1))
                    if math.hypot(*cand) > most:
                        continue
                    trial = dict(nudges, **{n: cand})
                    tpos = positions(printed, columns, rows, trial)
                    got = meter.cost(tpos, only=near)
                    if got < here and (best is None or got < best[0]) and not check_layout(tpos, printed, edges):
                        best = (got, cand)
            if best is not None:
                nudges[n] = best[1]
                log(f"nudges: {n} to {best[1]}: {here} -> {best[0]} near it")
    return nudges


def _drained(gen):
    """A generator's return value, run to its end (the name card is built over frames)."""
    try:
        while True:
            next(gen)
    except StopIteration as done:
        return done.value


def _crowded(p) -> set[int]:
    """Names that have allowed places but, placed greedily (fewest places first, each at its cheapest place
    apart from the names placed before it), find none apart from the others: the placement's part_close
    lists such names with those without room."""
    named = [i for i, c in enumerate(p.cands) if c and c[0][0] and i not in p.no_room]
    taken: list = []
    out = set()
    for i in sorted(named, key=lambda k: (len(p.cands[k]), k)):
        for _text, box, _cost in sorted(p.cands[i], key=lambda c: c[2]):
            g = p.grown(box)
            if not any(g[0] < b[2] and b[0] < g[2] and g[1] < b[3] and b[1] < g[3] for b in taken):
                taken.append(box)
                break
        else:
            out.add(i)
    return out



def search_first(log=print) -> tuple[list[float], list[float], dict[str, tuple[float, float]]]:
    """The first session's search (deterministic: the board's order, no chance), measured on the smallest views
    of 1280x720 and 1920x1080: the grid widened to 1.70, its gaps spread (first counting only the names without
    an allowed place, then the crowded ones too), two rounds of nudges of at most 36 units, one of at most 48."""
    stations, conns = read_reference()
    printed = {s["name"]: (float(s["x"]), float(s["y"])) for s in stations}
    edges = [(c["a"], c["b"]) for c in conns]
    meter = RoomMeter(views=VIEWS[:2])
    columns, rows = widened(printed, 1.70)
    columns, rows, _ = search_gaps(RoomMeter(views=VIEWS[:2], crowd=False), printed, edges, columns, rows, 0.7,
                                   log=log)
    columns, rows, _ = search_gaps(meter, printed, edges, columns, rows, 0.7, log=log)
    nudges = search_nudges(meter, printed, edges, columns, rows, rounds=2, steps=NUDGE_STEPS[:2], most=36.0, log=log)
    nudges = search_nudges(meter, printed, edges, columns, rows, nudges, rounds=1, most=48.0, log=log)
    return columns, rows, nudges


# the second session's views: the table's five- and four-seat views at 3840x2160 and 1920x1080 (the names the
# largest on the board there), and the four-seat one at 1280x720 at half weight; its nudges on three of them
SECOND_VIEWS = [(2748, 1356, 2.0), (2748, 1608, 2.0), (1374, 678, 1.0), (1374, 804, 1.0), (915, 536, 2 / 3)]
SECOND_WEIGHTS = [1.0, 1.0, 1.0, 1.0, 0.5]
NUDGE_VIEWS = [0, 3, 4]
NUDGE_PLAN = [(NUDGE_STEPS[:2], 36.0), (NUDGE_STEPS[:2], 36.0), (NUDGE_STEPS, NUDGE_MOST), (NUDGE_STEPS, NUDGE_MOST)]


def search(log=print) -> tuple[list[float], list[float], dict[str, tuple[float, float]]]:
    """The search that found COLUMNS, ROWS and NUDGES (deterministic): the first session's grid
    (:func:`search_first`, its nudges dropped) stretched to ASPECT, its gaps spread again on SECOND_VIEWS (a gap
    as narrow as 0.65 of the printed pitch), then rounds of nudges (NUDGE_PLAN) from none. HAND_NUDGES were
    set after it (measured with the whole placement on the four-seat views)."""
    stations, conns = read_reference()
    printed = {s["name"]: (float(s["x"]), float(s["y"])) for s in stations}
    edges = [(c["a"], c["b"]) for c in conns]
    columns, rows, _ = search_first(log)
    width, height = board_size(positions(printed, columns, rows, {}))
    k = (ASPECT * height - 2 * PAD) / (width - 2 * PAD)
    columns = [columns[0] + (c - columns[0]) * k for c in columns]
    base = positions(printed, columns, rows, {})
    for crowd in (False, True):
        meter = QuickMeter(base, views=SECOND_VIEWS, crowd=crowd)
        meter.weights = SECOND_WEIGHTS
        columns, rows, _ = search_gaps(meter, printed, edges, columns, rows, 0.65, log=log)
    meter = QuickMeter(positions(printed, columns, rows, {}), views=[SECOND_VIEWS[k] for k in NUDGE_VIEWS])
    meter.weights = [SECOND_WEIGHTS[k] for k in NUDGE_VIEWS]
    nudges: dict[str, tuple[float, float]] = {}
    for steps, most in NUDGE_PLAN:
        nudges = search_nudges(meter, printed, edges, columns, rows, nudges, rounds=1, steps=steps, most=most, log=log)
    return columns, rows, nudges


# the third session's views: every board view of the goal (issue 22 item 1) that is the tightest of its kind,
# the table's four-seat and the laptop's at 1280x720 (no more names without room there than on the map before
# the third session, LIMIT_720), the table's four- and five-seat and the laptop's five-seat ones at 1920x1080 and
# 3840x2160
GOAL_VIEWS = [(915, 536, 2 / 3), (1135, 540, 2 / 3), (1374, 804, 1.0), (1374, 678, 1.0), (1702, 766, 1.0),
              (2748, 1608, 2.0), (2748, 1356, 2.0), (3404, 1532, 2.0)]
GOAL_WEIGHTS = [0.25, 0.25, 2.0, 1.0, 1.0, 2.0, 1.0, 1.0]  # the four-seat views first, 1280x720 last
# the nudges' views: the same but the table's two-seat view at 1280x720 (1135 x 536) for the laptop's there (the
# audit found the gaps' map short of room on it more often)
NUDGE_GOAL_VIEWS = [(915, 536, 2 / 3), (1135, 536, 2 / 3), *GOAL_VIEWS[2:]]
LIMIT_720 = 33  # the names without room at 1280x720 the layout may not pass (the map before the third session)
THIRD_WIDTH = 1920.0  # the second session's columns drawn out so the last one stands PAD short of this (COLUMNS,
# ROWS: the search's answer rounded to tenths)


class GoalMeter(QuickMeter):
    """The whole placement's names without room (``exact``) on GOAL_VIEWS, weighted; a layout with more than
    LIMIT_720 at 1280x720 costs ten for each name over."""

    def __init__(self, base, views=GOAL_VIEWS):
        super().__init__(base, views=views)
        self.exact, self.weights = True, GOAL_WEIGHTS

    def counts(self, pos, only=None) -> list[int]:
        return [len(s) for s in self.no_room(pos, only)]

    def score(self, counts) -> float:
        return sum(w * c for w, c in zip(self.weights, counts))

    def cost(self, pos, only=None) -> float:
        n = self.counts(pos, only)
        return self.score(n) + (10 * max(0, n[0] - LIMIT_720, n[1] - LIMIT_720) if only is None else 0)


def search_goal_nudges(meter, printed, edges, columns, rows, nudges, rounds=2, tries=None, log=print):
    """Each station whose name has no room on a 1920x1080 or 3840x2160 view (those without room on most views
    first) moved 12 or 24 units in one of eight directions, kept when that lowers the weighted names without
    room round it, leaves no more round it at 1280x720 and the layout clean (``tries``: the stations tried in
    all, when the search is cut short)."""
    nudges = dict(nudges)
    dirs = [(math.cos(math.radians(a)), math.sin(math.radians(a))) for a in range(0, 360, 45)]
    for rnd in range(rounds):
        full = meter.no_room(positions(printed, columns, rows, nudges))
        log(f"goal nudges: round {rnd}: {[len(s) for s in full]}")
        for n in sorted(set().union(*full[2:]), key=lambda m: (-sum(m in s for s in full[2:]), m)):
            if tries is not None and tries <= 0:
                return nudges
            tries = None if tries is None else tries - 1
            pos = positions(printed, columns, rows, nudges)
            near = {m for m in pos if math.dist(pos[m], pos[n]) < NUDGE_REACH}
            here = meter.counts(pos, near)
            best = None
            for step in NUDGE_STEPS[:2]:
                for dx, dy in dirs:
                    ox, oy = nudges.get(n, (0.0, 0.0))
                    cand = (round(ox + step * dx, 1), round(oy + step * dy, 1))
                    trial = dict(nudges, **{n: cand})
                    tpos = positions(printed, columns, rows, trial)
                    if math.hypot(*cand) > NUDGE_MOST or check_layout(tpos, printed, edges):
                        continue
                    got = meter.counts(tpos, near)
                    if got[0] <= here[0] and got[1] <= here[1] and meter.score(got) < meter.score(
                            best[0] if best else here):
                        best = (got, cand)
            if best is not None:
                nudges[n] = best[1]
                log(f"goal nudges: {n} to {best[1]}: {here} -> {best[0]} near it")
    return nudges


def search_third(log=print) -> tuple[list[float], list[float], dict[str, tuple[float, float]]]:
    """The third session's search (deterministic): the second session's map (SECOND_COLUMNS, SECOND_ROWS,
    SECOND_NUDGES and HAND_NUDGES) drawn out to THIRD_WIDTH, its gaps spread again on GOAL_VIEWS with the
    whole placement (GoalMeter; a gap as narrow as 0.6 of the printed pitch), then a round of
    :func:`search_goal_nudges` on NUDGE_GOAL_VIEWS."""
    stations, conns = read_reference()
    printed = {s["name"]: (float(s["x"]), float(s["y"])) for s in stations}
    edges = [(c["a"], c["b"]) for c in conns]
    columns, rows = list(SECOND_COLUMNS), list(SECOND_ROWS)
    nudges = {**SECOND_NUDGES, **HAND_NUDGES}
    k = (THIRD_WIDTH - PAD - columns[0]) / (columns[-1] - columns[0])
    columns = [columns[0] + (c - columns[0]) * k for c in columns]
    meter = GoalMeter(positions(printed, columns, rows, nudges))
    columns, rows, _ = search_gaps(meter, printed, edges, columns, rows, 0.6, log=log, nudges=nudges)
    meter = GoalMeter(positions(printed, columns, rows, nudges), NUDGE_GOAL_VIEWS)
    return columns, rows, search_goal_nudges(meter, printed, edges, columns, rows, nudges, rounds=1, log=log)


# the play screen's board views (width, height, ui scale), as the play scene sets them (tests/ui/names_audit.py's
# seats, measured on 67f3017; the five seats round a table's on a0f09e8, the shared panel's taller board): at
# 1920x1080, 3840x2160 and 1280x720, for two, three, four and five seats round a table, then on a laptop (the same
# view for two to four seats) and its five-seat one
PLAY_VIEWS = [(1702, 804, 1.0), (1538, 804, 1.0), (1374, 804, 1.0), (1702, 810, 1.0), (1374, 772, 1.0),
              (1702, 766, 1.0),
              (3404, 1608, 2.0), (3076, 1608, 2.0), (2748, 1608, 2.0), (3404, 1620, 2.0), (2748, 1544, 2.0),
              (3404, 1532, 2.0),
              (1135, 536, 2 / 3), (1025, 536, 2 / 3), (915, 536, 2 / 3), (1135, 540, 2 / 3), (915, 514, 2 / 3),
              (1135, 510, 2 / 3)]
GOAL_PLAY = list(range(12))  # the views at 1920x1080 and 3840x2160 (the goal: no name without room)
FIFTH_SEARCHED = [4, 5, 10, 11, 2, 8]  # the views a trial move is measured on: the five-seat ones, the four-seat tables
FIFTH_STEPS = (8.0, 16.0)  # units a station moves per try (in eight directions)


def search_fifth(nudges=None, views=FIFTH_SEARCHED, goal=GOAL_PLAY, rounds=1, tries=2, log=print, joined=True,
                 steps=FIFTH_STEPS) -> dict[str, tuple[float, float]]:
    """Each station whose name has no room on a goal view (those without room on most views first), then the
    stations it is joined to, moved ``steps`` units in one of eight directions and measured with the whole
    placement on ``views``, only the names round it looked at; of the moves that lower those, the best
    ``tries`` are measured with the whole placement of every name on every view of PLAY_VIEWS, and the first
    kept that lowers the goal views' names without room, gains none on any view and leaves the layout clean
    (``joined`` False: the stations without room alone moved)."""
    stations, conns = read_reference()
    printed = {s["name"]: (float(s["x"]), float(s["y"])) for s in stations}
    edges = [(c["a"], c["b"]) for c in conns]
    nudges = dict(NUDGES if nudges is None else nudges)
    base = positions(printed, COLUMNS, ROWS, nudges)
    every = RoomMeter(views=PLAY_VIEWS)
    some = QuickMeter(base, views=[PLAY_VIEWS[k] for k in views])
    some.exact = True
    dirs = [(math.cos(math.radians(a)), math.sin(math.radians(a))) for a in range(0, 360, 45)]
    for rnd in range(rounds):
        named = every.full(positions(printed, COLUMNS, ROWS, nudges))
        full = [len(s) for s in named]
        log(f"fifth: round {rnd}: {full}")
        stuck = sorted(set().union(*(named[k] for k in goal)), key=lambda m: (-sum(m in named[k] for k in goal), m))
        movers = list(dict.fromkeys(stuck + [b if a == n else a for n in stuck for a, b in edges if n in (a, b)
                                             if joined]))
        for n in movers:
            pos = positions(printed, COLUMNS, ROWS, nudges)
            near = {m for m in pos if math.dist(pos[m], pos[n]) < NUDGE_REACH}
            here = [len(s) for s in some.no_room(pos, near)]
            if not any(here):
                continue
            better = []
            for step in steps:
                for dx, dy in dirs:
                    ox, oy = nudges.get(n, (0.0, 0.0))
                    cand = (round(ox + step * dx, 1), round(oy + step * dy, 1))
                    tpos = positions(printed, COLUMNS, ROWS, dict(nudges, **{n: cand}))
                    if math.hypot(*cand) > NUDGE_MOST or check_layout(tpos, printed, edges):
                        continue
                    got = [len(s) for s in some.no_room(tpos, near)]
                    if all(g <= h for g, h in zip(got, here)) and sum(got) < sum(here):
                        better.append((sum(got), step, cand))
            for _, _, cand in sorted(better)[:tries]:
                after = _no_more(every, positions(printed, COLUMNS, ROWS, dict(nudges, **{n: cand})), full)
                kept = after is not None and sum(after[k] for k in goal) < sum(full[k] for k in goal)
                log(f"fifth: {n} to {cand}: {full} -> {after}{'' if kept else ' not kept'}")
                if kept:
                    nudges[n], full = cand, after
                    break
    return nudges


# the sixth session's: the names without room at 1280x720 with two to four seats (the table's and the laptop's
# views there), a move measured on the table's four-seat view and the laptop's (`search-sixth`)
GOAL_720 = [12, 13, 14, 15]
SIXTH_SEARCHED = [14, 15]


# the seventh session's: local moves of several stations at once round the stations whose names have no room on a
# goal view, alone and with those near them (`search-seventh`), each tried on the five-seat views at 1920x1080 and
# 3840x2160, the best measured on all 18 views
SEVENTH_SEARCHED = [4, 10, 14]  # the five-seat tables', and the four-seat one at 1280x720, to lose none there
SEVENTH_RADII = (150.0, 230.0, 320.0)  # board units round the centre the move reaches
SEVENTH_GAINS = ((0.15, 0.15), (0.3, 0.3), (0.3, 0.0), (0.0, 0.3), (-0.15, 0.0), (0.0, -0.15))  # spreads across, down
SEVENTH_SHIFTS = (24.0,)  # units the centre moves (in eight directions), its neighbours less


def seventh_trials(centre: tuple[str, ...], radii=SEVENTH_RADII, gains=SEVENTH_GAINS, shifts=SEVENTH_SHIFTS):
    """The local moves tried round ``centre``: spreads, squeezes and shifts at each radius."""
    for radius in radii:
        for a, b in gains:
            yield ("spread", centre, radius, a, b)
        for step in shifts:
            for k in range(8):
                t = math.radians(45 * k)
                yield ("shift", centre, radius, round(step * math.cos(t), 1), round(step * math.sin(t), 1))


# the eighth session's finer moves (`search-seventh --fine`): spreads of 0.08 too, shifts of 12 units too
FINE_GAINS = SEVENTH_GAINS + ((0.08, 0.08), (0.08, 0.0), (0.0, 0.08))
FINE_SHIFTS = (12.0, 24.0)
FINE_SEARCHED = [4, 5, 10, 11, 14]  # the five-seat views at 1920x1080 and 3840x2160, the laptop's too


def fine_trials(centre: tuple[str, ...]):
    """:func:`seventh_trials` with FINE_GAINS and FINE_SHIFTS, at radius 150 or 230."""
    return seventh_trials(centre, SEVENTH_RADII[:2], FINE_GAINS, FINE_SHIFTS)


def seventh_centres(stuck: list[str], pos) -> list[tuple[str, ...]]:
    """Each station without room with the others without room near it (NUDGE_REACH), then alone."""
    out = []
    for n in stuck:
        group = tuple(sorted(m for m in stuck if math.dist(pos[m], pos[n]) < NUDGE_REACH))
        if group not in out:
            out.append(group)
    return out + [(n,) for n in stuck if (n,) not in out]


# the same for 1280x720 with two to four seats (`search-seventh 720`): a local fisheye (a spread reaching far, the
# stations near the centre moved apart, those towards its edge drawn in) round each cluster of names without room
# there, tried on the four-seat table's and the laptop's views and the two-seat table's
FISHEYE_SEARCHED = [14, 15, 12]
FISHEYE_RADII = (260.0, 380.0, 520.0)
FISHEYE_GAINS = ((0.08, 0.08), (0.16, 0.16), (0.16, 0.0), (0.0, 0.16), (0.3, 0.3))


def fisheye_trials(centre: tuple[str, ...]):
    for radius in FISHEYE_RADII:
        for a, b in FISHEYE_GAINS:
            yield ("spread", centre, radius, a, b)


def clusters(stuck: list[str], pos) -> list[tuple[str, ...]]:
    """The stations without room in groups, each joined to those within NUDGE_REACH / 2 of one of its own."""
    out: list[set[str]] = []
    for n in stuck:
        mine = [g for g in out if any(math.dist(pos[m], pos[n]) < NUDGE_REACH / 2 for m in g)]
        for g in mine:
            out.remove(g)
        out.append(set().union({n}, *mine))
    return [tuple(sorted(g)) for g in sorted(out, key=lambda g: (-len(g), min(g)))]


def search_seventh(moves=None, views=SEVENTH_SEARCHED, goal=GOAL_PLAY, rounds=1, tries=2, log=print,
                   centres_of=None, trials=None, allow=0) -> list[tuple[str, tuple[str, ...], float, float, float]]:
    """Local moves (``trials``: :func:`seventh_trials`) round the stations whose names have no room on a goal
    view (``centres_of``: :func:`seventh_centres`), each measured with the whole placement on ``views``, only
    the names within the move's reach looked at; of the moves that lower those, the best ``tries`` are measured
    with the whole placement of every name on every view of PLAY_VIEWS, and the first kept that lowers the goal
    views' names without room, gains none on any goal view and leaves the layout clean. ``allow``: names
    without room a view off the goal (1280x720) may gain, all the search's kept moves together (the eighth
    session's priority: 1280x720's goal is out of a layout's reach, 1920x1080's and 3840x2160's are not)."""
    stations, conns = read_reference()
    printed = {s["name"]: (float(s["x"]), float(s["y"])) for s in stations}
    edges = [(c["a"], c["b"]) for c in conns]
    moves = list(MOVES if moves is None else moves)
    every = RoomMeter(views=PLAY_VIEWS)
    spare = None  # per view, the names without room it may gain on the search's start (``allow`` off the goal)
    for rnd in range(rounds):
        base = positions(printed, moves=moves)
        some = QuickMeter(base, views=[PLAY_VIEWS[k] for k in views])
        some.exact = True
        named = every.full(base)
        full = [len(s) for s in named]
        log(f"seventh: round {rnd}: {full}")
        if spare is None:  # counted from the map before the eighth session's moves
            start = [len(s) for s in every.full(positions(printed, moves=MOVES[:EIGHTH_FROM]))] if allow else full
            spare = [0 if k in goal else start[k] + allow for k in range(len(full))]
        stuck = sorted(set().union(*(named[k] for k in goal)), key=lambda m: (-sum(m in named[k] for k in goal), m))
        for centre in (centres_of or seventh_centres)(stuck, base):
            pos = positions(printed, moves=moves)
            better, known = [], {}
            for move in (trials or seventh_trials)(centre):
                tpos = positions(printed, moves=moves + [move])
                if board_size(tpos) != board_size(pos) or check_layout(tpos, printed, edges):
                    continue
                near = {m for m in pos if math.dist(pos[m], local_centre(pos, centre)) < move[2] + NUDGE_REACH}
                if move[2] not in known:
                    known[move[2]] = [len(s) for s in some.no_room(pos, near)]
                here = known[move[2]]
                got = [len(s) for s in some.no_room(tpos, near)]
                won = sum(g - h for g, h, k in zip(got, here, views) if k in goal)
                if all(g <= h + (allow if k not in goal else 0) for g, h, k in zip(got, here, views)) and won < 0:
                    better.append((won, move))
            log(f"seventh: {centre}: {len(better)} moves lower the searched views")
            most = [max(f, x) for f, x in zip(full, spare)]
            for _, move in sorted(better)[:tries]:
                after = _no_more(every, positions(printed, moves=moves + [move]), most, log)
                kept = after is not None and sum(after[k] for k in goal) < sum(full[k] for k in goal)
                log(f"seventh: {move}: {full} -> {after}{'' if kept else ' not kept'}")
                if kept:
                    moves, full = moves + [move], after
                    break
    return moves


CHECK_ORDER = [14, 12, 13, 15, 4, 10, 5, 11, 2, 8, 1, 7, 0, 3, 6, 9, 16, 17]  # the views likeliest to gain first


def _no_more(meter, pos, most, log=None) -> list[int] | None:
    """Per view of PLAY_VIEWS, the names without room (the whole placement), or None as soon as a view has
    more than ``most`` gives it (the views in CHECK_ORDER; ``log``: told which)."""
    from game.ui.board import placement

    cards = list(meter.cards(pos))
    out = list(most)
    for k in CHECK_ORDER:
        out[k] = len(_drained(placement.place_names(cards[k])).no_room)
        if out[k] > most[k]:
            if log:
                log(f"  view {PLAY_VIEWS[k][:2]}: {most[k]} -> {out[k]}")
            return None
    return out


def main(argv: list[str]) -> int:
    stations, conns = read_reference()
    printed = {s["name"]: (float(s["x"]), float(s["y"])) for s in stations}
    edges = [(c["a"], c["b"]) for c in conns]
    if argv[:1] in (["search-fifth"], ["search-sixth"]):
        nudges = search_fifth() if argv[0] == "search-fifth" else search_fifth(  # "wide": 24-unit steps instead
            views=SIXTH_SEARCHED, goal=GOAL_720, joined="joined" in argv,
            steps=(24.0,) if "wide" in argv else FIFTH_STEPS)
        print("FIFTH_NUDGES =", {n: d for n, d in sorted(nudges.items()) if NUDGES.get(n) != d})
        return 0
    if argv[:1] == ["search-seventh"]:  # "--allow-720 N": 1280x720's views may each gain N names without room
        allow = int(argv[argv.index("--allow-720") + 1]) if "--allow-720" in argv else 0
        rounds = int(argv[argv.index("--rounds") + 1]) if "--rounds" in argv else 1
        fine = {"trials": fine_trials, "tries": 4, "views": FINE_SEARCHED} if "--fine" in argv else {}
        print("MOVES =", search_seventh(allow=allow, rounds=rounds, **fine) if "720" not in argv else search_seventh(
            views=FISHEYE_SEARCHED, goal=GOAL_720, centres_of=clusters, trials=fisheye_trials))
        return 0
    if argv[:1] in (["search"], ["search-third"]):
        columns, rows, nudges = search() if argv[0] == "search" else search_third()
        print("COLUMNS =", [round(c, 1) for c in columns])
        print("ROWS =", [round(r, 1) for r in rows])
        print("NUDGES =", {n: d for n, d in sorted(nudges.items())})
        return 0
    pos = positions(printed)
    problems = check_layout(pos, printed, edges, route_bends(pos))
    print("\n".join(problems) or "clean")
    if argv[:1] == ["measure"]:
        meter = RoomMeter()
        for (w, h, _), names in zip(meter.views, meter.full(pos)):
            print(f"{w}x{h}: {len(names)} names without room {sorted(names)}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
