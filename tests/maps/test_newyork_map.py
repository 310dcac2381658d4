"""maps/newyork.toml: the reconstructed New York board's facts (shared/reference/boards/README.md, New York part)
and its schematic layout (tools/layout_newyork.py: octilinear, no crossings, spaced like London, water drawn
where the icons are)."""
from __future__ import annotations

import csv
import importlib.util
import json
import math
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from game import mapfile
from game.engine import load_board

HERE = Path(__file__).parent
REPO = HERE.parent.parent
REFERENCE = REPO.parent / "shared" / "reference" / "boards"

B = load_board("newyork")
MF = mapfile.load_map("newyork")
WATER = {s.name for s in B.stations if "water" in s.kinds}
DOUBLE = {"Museum of Natural History", "Grand Av Newtown", "Lexington Av", "Borough Hall", "Crown Hts Utica Av",
          "Whitehall St", "Kings Highway"}


def _tool(name: str):
    spec = importlib.util.spec_from_file_location(name, REPO / "tools" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(REPO / "tools"))
    try:
        spec.loader.exec_module(mod)
    finally:
        sys.path.remove(str(REPO / "tools"))
    return mod


lay = _tool("layout_newyork")


def kind_names(kind: str) -> set[str]:
    return {s.name for s in B.stations if kind in s.kinds}


def neighbours(name: str) -> set[str]:
    i = B.station(name)
    return {B.stations[B.connections[c].other(i)].name for c in B.station_conns[i]}


def test_newyork_counts():
    assert B.name == "New York" and B.city == "newyork"
    assert len(B.stations) - len(WATER) == 86 and len(WATER) == 11
    assert len(B.connections) == 132
    assert sum(c.spaces for c in B.connections) == 235
    assert Counter(c.spaces for c in B.connections) == {1: 54, 2: 53, 3: 25}
    kinds = Counter(k for s in B.stations for k in s.kinds)
    assert kinds == {"standard": 47, "terminus": 18, "national_rail": 14, "water": 11, "start": 1}


def test_start_and_cards_all_standard_seven_doubles():
    assert B.stations[B.start].name == "Grand Central"
    assert B.express_cards == [] and len(B.standard_cards) == 54
    per = Counter(B.stations[s].name for s in B.standard_cards)
    assert set(per) == kind_names("standard")
    assert {n for n, k in per.items() if k == 2} == DOUBLE
    assert set(per.values()) == {1, 2}


def test_rulebook_facts():
    assert "terminus" in B.stations[B.station("Flatbush Av Brooklyn College")].kinds
    assert "national_rail" in B.stations[B.station("14 St 6 Av")].kinds
    for a, b in [("Botanic Garden", "Flatbush Av Brooklyn College"), ("Chambers St - World Trade Center", "Canal St"),
                 ("Canal St", "Wash Sq"), ("Wash Sq", "14 St 6 Av"), ("14 St 6 Av", "Bryant Pk"),
                 ("Euclid Av", "Broadway Junction"), ("Broadway Junction", "Myrtle-Wyckoff Avs")]:
        B.connection(a, b)  # raises if missing
    # York St - icon - Marcy Av (the rulebook's water turn) and Whitehall St - two icons - Borough Hall
    assert any("Marcy Av" in neighbours(icon) for icon in neighbours("York St") & WATER)
    (first,) = neighbours("Whitehall St") & WATER
    (second,) = (neighbours(first) & WATER)
    assert "Borough Hall" in neighbours(second)


def test_every_icon_joins_stations_and_is_no_destination():
    for w in WATER:
        assert len(neighbours(w)) >= 2
        assert w not in {B.stations[s].name for s in B.standard_cards}
        assert neighbours(w) - WATER, f"{w} touches a station"


def test_clusters():
    clusters = MF.newyork.clusters
    assert set(clusters) == {"lower_manhattan", "village", "midtown", "downtown_brooklyn"}
    assert sum(len(v) for v in clusters.values()) == 14
    where = {n: c for c, v in clusters.items() for n in v}
    assert len({where["Chambers St - World Trade Center"], where["Wash Sq"], where["Bryant Pk"]}) == 3
    assert "Canal St" not in where
    assert "Grand Central" in clusters["midtown"]


@pytest.mark.skipif(not REFERENCE.is_dir(), reason="needs ../shared/reference/boards")
def test_map_matches_the_reference_csvs():
    rows = list(csv.DictReader(open(REFERENCE / "newyork-stations.csv", encoding="utf-8")))
    assert [r["name"] for r in rows] == [s.name for s in B.stations]
    for r in rows:
        st = B.stations[B.station(r["name"])]
        tags = {t for t in r["kinds"].split(";") if t and not t.startswith("cluster:")}
        want = {"standard" if t == "destination" else t for t in tags}
        assert set(st.kinds) == want, r["name"]
        assert Counter(B.stations[s].name for s in B.standard_cards)[r["name"]] == int(r["cards"] or 0)
        for t in r["kinds"].split(";"):
            if t.startswith("cluster:"):
                assert r["name"] in MF.newyork.clusters[t.split(":", 1)[1]]
    conns = list(csv.DictReader(open(REFERENCE / "newyork-connections.csv", encoding="utf-8")))
    assert [(c["a"], c["b"], int(c["spaces"])) for c in conns] == [
        (B.stations[c.a].name, B.stations[c.b].name, c.spaces) for c in B.connections]


# ---- the drawn board ----------------------------------------------------------------------------

def _geometry():
    pos = {s.name: (s.x, s.y) for s in B.stations}
    edges = [(B.stations[c.a].name, B.stations[c.b].name) for c in B.connections]
    bends = {(B.stations[c.a].name, B.stations[c.b].name): list(c.bends) for c in B.connections if c.bends}
    water = [(w.name, list(w.points)) for w in MF.water]
    return pos, edges, bends, water


def test_layout_is_schematic_and_clean():
    pos, edges, bends, water = _geometry()
    assert lay.check_layout(pos, edges, WATER, water, bends=bends) == []
    xs = sorted({x for x, _ in pos.values()})
    ys = sorted({y for _, y in pos.values()})
    # on the grid, or half a cell off it where a whole cell left a name no room (layout_newyork.NUDGES)
    assert all(round(2 * (x - xs[0]) / lay.PITCH, 6).is_integer() for x in xs), "stations on the half grid"
    assert all(round(2 * (y - ys[0]) / lay.PITCH, 6).is_integer() for y in ys), "stations on the half grid"
    for x, y in pos.values():
        assert 0 < x < B.width and 0 < y < B.height


def test_the_board_is_the_annealed_layout_with_columns_let_in():
    """Issue 22 item 1 ("no name under a piece"): after annealing, columns were let in where names had no room
    (layout_newyork.SPREAD_COLUMNS) and a few stations moved by hand (NUDGES); the map is that, so it can be
    rebuilt: the new columns stay empty but for the nudged stations, each nudged station stands where NUDGES
    says, and the board is as wide as the spread grid."""
    pos, _edges, _bends, _water = _geometry()
    new_cols = {math.floor(lay.spread_x(c)) + 1 for c in lay.SPREAD_COLUMNS}  # each cut's column on the spread board
    assert len(new_cols) == len(lay.SPREAD_COLUMNS) == lay.SPREAD
    for name, xy in pos.items():
        cell = lay.to_cell(xy)
        if name in lay.NUDGES:
            assert cell == tuple(lay.NUDGES[name]), name
        else:
            assert cell[0] not in new_cols, f"{name} stands in a column let in after annealing"
    assert B.width == lay.WIDTH


def test_the_map_is_rebuilt_from_the_annealed_cells_and_the_documented_moves():
    """The positions moved for the names (issue 22 item 1) are a documented list, not hand edits of the TOML:
    the annealing's cells (tools/newyork_annealed_cells.json) with the hand fixes, the columns let in, the
    nudges and the redrawn elbows (layout_newyork.finish) give every station's cell and every connection's
    bends exactly."""
    annealed = {n: tuple(c) for n, c in json.loads((REPO / "tools" / "newyork_annealed_cells.json").read_text(
        encoding="utf-8")).items()}
    annealed.update(lay.FIXES)
    pos, edges, bends, _water = _geometry()
    cells, bend_cells = lay.finish(annealed, edges)
    assert {n: lay.to_board(c) for n, c in cells.items()} == pos
    assert {e: [lay.to_board(c) for c in cs] for e, cs in bend_cells.items()} == bends



def test_the_nudge_search_measures_the_map_as_it_is():
    """tools/search_newyork_nudges.py measures candidate maps it builds in memory (issue 22 item 1): with the
    nudges and elbows as they are, its map text is the map file, clean, and a station moved out of its grid
    square is caught (so what it measures is what the game plays, under the layout's rules)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    spec = importlib.util.spec_from_file_location("search_newyork_nudges", REPO / "tools" / "search_newyork_nudges.py")
    search = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(search)
    board = search.Board()
    cells, text, problems = board.build(dict(lay.NUDGES), dict(lay.ELBOWS_FROM))
    assert problems == []
    assert text == (REPO / "maps" / "newyork.toml").read_text(encoding="utf-8")
    assert board.moved_square(text) == []
    moved = dict(lay.NUDGES, **{"Union Sq": (cells["Union Sq"][0] + 1.5, cells["Union Sq"][1])})
    assert "Union Sq" in board.moved_square(board.build(moved)[1])

def test_the_nudge_search_moves_stations_together_within_their_squares():
    """The search's joint moves (issue 22 item 1: Times Sq, whose single and paired moves found no room): a
    station with its neighbours along a line and blocks round it, only those that keep every station in its grid
    square (read from the cells, as the board view reads it from the map), and each with the connections leaving
    the group drawn from either end."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    spec = importlib.util.spec_from_file_location("search_newyork_nudges", REPO / "tools" / "search_newyork_nudges.py")
    search = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(search)
    board = search.Board()
    assert {n: board.square(c) for n, c in board.before.items() if n in board.refs} == board.refs
    groups = search.joint_groups(board, board.before, {"Times Sq"})
    assert ("14 St - 7 Av", "Christopher St Sheridan Sq", "Times Sq") in groups  # along the 1 line
    assert ("Bryant Pk", "Port Authority Bus Terminal", "Times Sq") in groups  # a block: 42 St's row
    assert not any(n in board.water_nodes for g in groups for n in g)
    moves = search.joint_candidates(board, board.before, {"Times Sq"})
    every = [("move", g, d, s) for g in groups for d in search.DIRECTIONS for s in search.STEPS]
    left_out = [m for m in every if m not in set(moves)]
    for move, out in [(m, False) for m in moves[::150]] + [(m, True) for m in left_out[::900]]:
        nudges, elbows = search.apply_move(move, board.before, dict(lay.NUDGES), dict(lay.ELBOWS_FROM), board)
        assert bool(board.moved_square(board.build(nudges, elbows)[1])) == out, move
    move = ("move", ("14 St - 7 Av", "Times Sq"), (1, 0), 0.5)
    got = list(search.variants(move, board.before, dict(lay.NUDGES), dict(lay.ELBOWS_FROM), board, True))
    assert got[0][2] == dict(lay.ELBOWS_FROM) and len(got) > 2
    for m, _, elbows in got[1:]:
        for e in m[-1]:  # each connection named is drawn from its other end
            assert elbows.get(e, e[0]) != got[0][2].get(e, e[0])


def test_a_new_column_keeps_every_connection_octilinear():
    """A diagonal across a column let in runs level through it; a nudged station's connection bends once."""
    cuts = (0.5, 2.5)
    assert lay.spread_path([(0, 0), (1, 1)], cuts) == [(0, 0), (0.5, 0.5), (1.5, 0.5), (2, 1)]
    assert lay.spread_path([(3, 0), (0, 3)], cuts) == [(5, 0), (4.5, 0.5), (3.5, 0.5), (1.5, 2.5), (0.5, 2.5), (0, 3)]
    assert lay.spread_path([(0, 0), (0, 2)], cuts) == [(0, 0), (0, 2)]  # straight ones just move
    for path in ([(0, 0), (3, 3)], [(4, 0), (0, 4)], [(1, 0), (3, 0)]):
        new = lay.spread_path(path, cuts)
        assert all(lay.is_octilinear(b[0] - a[0], b[1] - a[1]) for a, b in zip(new, new[1:])), new
    assert lay.elbow((0, 0), (3, 1)) == [(1, 1)] and lay.elbow((0, 0), (2, 2)) == []
    assert lay.elbow((4, 4), (0, 2)) == [(2, 2)]


def test_water_areas_cover_the_rivers_and_every_icon():
    names = {w.name for w in MF.water}
    assert {"Hudson River", "East River", "Harlem River", "Upper New York Bay"} <= names
    for w in MF.water:
        assert len(w.points) >= 3


def test_checker_catches_each_broken_rule():
    """The checker is not vacuous: each rule, broken once on a tiny board, is reported."""
    pos = {"A": (0, 0), "B": (88, 0), "C": (0, 88), "D": (88, 88), "W": (176, 0)}
    assert lay.check_layout(pos, [("A", "B"), ("C", "D")]) == []
    assert "crosses" in lay.check_layout(pos, [("A", "D"), ("B", "C")])[0]
    assert "runs over" in lay.check_layout(pos, [("A", "W")])[0]
    assert "not horizontal" in lay.check_layout({"A": (0, 0), "B": (176, 88)}, [("A", "B")])[0]
    assert "apart" in lay.check_layout({"A": (0, 0), "B": (40, 0)}, [("A", "B")])[0]
    river = [("River", [(30, -20), (60, -20), (60, 120), (30, 120)])]
    assert "without a water icon" in " ".join(lay.check_layout(pos, [("A", "B")], set(), river))
    assert "not inside any water area" in " ".join(
        lay.check_layout({"A": (0, 0), "W": (88, 0)}, [("A", "W")], {"W"}, river))


# the grid reference the cards and the paper show ("Columbus Circle A3"), as it was before the layout's nudges
# for the names (issue 22 items 1 and 4): a station moved to make room for a name keeps its square
GRID_REFS = {
    "A2": ["Museum of Natural History"],
    "A3": ["Columbus Circle", "Port Authority Bus Terminal"],
    "A4": ["14 St - 7 Av", "14 St - 8 Av", "Christopher St Sheridan Sq"],
    "B1": ["145 St", "155 St", "Central Park North"],
    "B2": ["Cathedral Pkwy", "Van Cortlandt Park"],
    "B3": ["57 St", "Bryant Pk", "Times Sq"],
    "B4": ["14 St 6 Av", "Wash Sq"],
    "B5": ["Brooklyn Bridge City Hall", "Canal St", "Chambers St - World Trade Center", "Fulton St"],
    "B6": ["South Ferry", "Whitehall St"],
    "C1": ["Yankee Stadium"],
    "C2": ["Harlem"],
    "C3": ["Grand Central", "Lexington Av"],
    "C4": ["Bway Lafayette St", "Union Sq"],
    "D1": ["Freeman St", "Grand Concourse", "Wakefield", "Woodlawn"],
    "D2": ["86 St"],
    "D3": ["Hunters Point Av"],
    "D5": ["Borough Hall"],
    "D6": ["Bay Ridge Av", "Carroll St"],
    "E1": ["E 180 St"],
    "E3": ["Astoria Ditmars Blvd", "Queens Plaza"],
    "E4": ["Greenpoint Av"],
    "E5": ["York St"],
    "E6": ["4 Av - 9 Street", "Bay Ridge"],
    "F1": ["Eastchester Dyre Av"],
    "F2": ["Hunts Point Av"],
    "F3": ["Steinway St"],
    "F5": ["Atlantic Av Barclays Ctr", "Marcy Av"],
    "F6": ["Church Av", "New Utrecht Av"],
    "G1": ["Pelham Bay Park"],
    "G2": ["Parkchester"],
    "G3": ["Woodside"],
    "G4": ["Flushing Av", "Grand St", "Myrtle-Wyckoff Avs"],
    "G5": ["Botanic Garden", "Franklin Av", "Grand Army Plaza"],
    "G6": ["Coney Island Stillwell Av", "Kings Highway", "Prospect Park"],
    "H2": ["Junction Blvd"],
    "H3": ["Grand Av Newtown", "Jackson Hts Roosevelt Av", "Middle Village Metropolitan Av"],
    "H4": ["Gates Av"],
    "H5": ["Broadway Junction", "Crown Hts Utica Av"],
    "H6": ["Flatbush Av Brooklyn College"],
    "I2": ["Flushing Main St"],
    "I3": ["Forest Hills"],
    "I4": ["Crescent St", "Rockaway Blvd", "Woodhaven Blvd"],
    "I5": ["Euclid Av", "New Lots Av"],
    "I6": ["Canarsie Rockaway Pkwy"],
    "J3": ["Jamaica", "Jamaica Center Parsons/Archer", "Kew Gardens Union Turnpike", "Sutphin Blvd Archer Av JFK Airport"],
    "J4": ["Ozone Park Lefferts Blvd"],
    "J5": ["Beach St", "Howard Beach JFK Airport"],
}


def test_every_station_keeps_its_grid_reference():
    """The destination cards name a station's square on the paper's grid ("Columbus Circle A3"; geometry.grid_ref:
    squares over the paper, which reaches 60 units past the outermost stations); the nudges that make room for
    the names must leave each station in its square, and the grid 10 columns by 6 rows."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from game.ui.board.view import BoardView

    pygame.init()
    view = BoardView(B, (0, 0, 1920, 1080))
    view.fit()
    assert view.grid() == (10, 6)
    got = {B.stations[i].name: view.grid_ref(i) for i in range(len(B.stations)) if "water" not in B.stations[i].kinds}
    want = {name: ref for ref, names in GRID_REFS.items() for name in names}
    assert set(want) == set(got)
    assert {n: r for n, r in got.items() if want[n] != r} == {}
    assert want["Columbus Circle"] == "A3"


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
def test_names_fit_in_the_board_view(size):
    """The play screen's own name placement finds a place for every name: none over another name or a station
    (at 1280x720 too since the nudges of issue 22 item 1, tools/layout_newyork.NUDGES)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from game.ui.board.view import BoardView

    pygame.init()
    view = BoardView(B, (0, 0, *size))
    view.fit()
    rects = view.label_rects()
    named = [i for i, s in enumerate(B.stations) if "water" not in s.kinds]
    circles = [pygame.Rect(0, 0, 0, 0) for _ in B.stations]
    for i in range(len(B.stations)):
        x, y = view.station_xy(i)
        r = view.station_radius(i) * 0.9
        circles[i] = pygame.Rect(round(x - r), round(y - r), round(2 * r), round(2 * r))
    bad = []
    for i in named:
        if i >= len(rects):
            break
        ri = rects[i].inflate(-2, -2)
        for j in named:
            if j != i and j < len(rects) and ri.colliderect(rects[j].inflate(-2, -2)):
                bad.append(f"{B.stations[i].name} / {B.stations[j].name}")
        for j, c in enumerate(circles):
            if j != i and ri.colliderect(c):
                bad.append(f"{B.stations[i].name} over station {B.stations[j].name}")
    assert not bad, bad


def test_validate_map_cli():
    r = subprocess.run([sys.executable, "-m", "game.cli", "validate-map", "newyork"], capture_output=True, text=True,
                       timeout=60, cwd=REPO)
    assert r.returncode == 0, r.stderr
    assert "97 stations, 132 connections, 235 track spaces" in r.stdout
    assert "11 water icons, 4 clusters" in r.stdout
