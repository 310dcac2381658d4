"""maps/paris.toml: the reconstructed Paris board's facts (shared/reference/boards/README.md, Paris part), its
[paris] table, and its schematic layout (tools/layout_paris.py: octilinear, no crossings, names with room).

Issue 22 item 1 moved the positions: empty columns (and rows) spread into the annealed layout, so the names,
written across, have more room (tools/layout_paris.py SPREAD_AFTER, SPREAD_ROWS_AFTER). The tests check that the documented steps rebuild
the map from the annealed cells (tools/paris_annealed_cells.json), that the spread kept rows and order, and
that the nudges after it (NUDGES, found by tools/search_paris_nudges.py) are small and keep directions, and that
the fisheye over the rows (FISHEYE, the last step) keeps the board's size, its grid-reference squares and the
eight directions."""
from __future__ import annotations

import csv
import dataclasses
import importlib.util
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

B = load_board("paris")
MF = mapfile.load_map("paris")
PD = MF.paris


def _tool(name: str):
    spec = importlib.util.spec_from_file_location(name, REPO / "tools" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(REPO / "tools"))
    try:
        spec.loader.exec_module(mod)
    finally:
        sys.path.remove(str(REPO / "tools"))
    return mod


lay = _tool("layout_paris")


def kind_names(kind: str) -> set[str]:
    return {s.name for s in B.stations if kind in s.kinds}


def neighbours(name: str) -> set[str]:
    i = B.station(name)
    return {B.stations[B.connections[c].other(i)].name for c in B.station_conns[i]}


def test_paris_counts():
    assert B.name == "Paris" and B.city == "paris"
    assert len(B.stations) == 119
    assert len(B.connections) == 167
    assert sum(c.spaces for c in B.connections) == 187
    assert Counter(c.spaces for c in B.connections) == {1: 147, 2: 20}
    kinds = Counter(k for s in B.stations for k in s.kinds)
    assert kinds == {"standard": 37, "landmark": 40, "terminus": 23, "rer": 18, "start": 1}
    assert not kind_names("water") and not kind_names("express")


def test_start_and_cards_one_kind_one_each():
    assert B.stations[B.start].name == "République"
    assert B.express_cards == [] and len(B.standard_cards) == 37
    per = Counter(B.stations[s].name for s in B.standard_cards)
    assert set(per) == kind_names("standard") and set(per.values()) == {1}


def test_termini_are_the_line_ends():
    """The reference README: the 23 termini are exactly the stations with one connection."""
    assert kind_names("terminus") == {s.name for s in B.stations if len(B.station_conns[s.index]) == 1}


def test_landmark_table():
    assert len(PD.landmark_types) == 5 and PD.tiles_per_type == 8
    assert len(PD.landmarks) == len(set(PD.landmarks)) == 40
    assert set(PD.landmarks) == kind_names("landmark")
    # the order set-up deals in is the map's station order
    assert PD.landmarks == [s.name for s in B.stations if "landmark" in s.kinds]
    assert "Plaisance" in PD.landmarks  # the rulebook's example claims its tile


def test_secret_objective_cards():
    cards = PD.objectives
    assert len(cards) == 11
    assert Counter(c.points for c in cards) == {3: 4, 5: 7}
    assert all(len(set(c.stations)) == 3 for c in cards)
    on_cards = {n for c in cards for n in c.stations}
    assert len(on_cards) == 19
    assert on_cards <= {s.name for s in B.stations}
    # the first and last cards as the reference lists them
    assert (cards[0].stations, cards[0].points) == (["Pereire", "Gare de l'Est", "Montparnasse - Bienvenüe"], 5)
    assert (cards[10].stations, cards[10].points) == (["Porte de Clichy", "Châtelet", "République"], 5)
    assert PD.objectives_per_player * 5 <= len(cards), "five players get two cards each"


# The scoring numbers (RER, terminus rewards, sets, full connections, objectives) are pinned to the rulebook's words
# in test_rule_numbers.py.


def test_rulebook_turn_example_stations():
    """The Paris turn example: green Montparnasse - Denfert-Rochereau (RER), Denfert - Mairie de Montrouge
    (terminus); blue extends southwards from Montparnasse to Plaisance (landmark), then Plaisance -
    Châtillon-Montrouge (terminus)."""
    for a, b in [("Montparnasse - Bienvenüe", "Denfert-Rochereau"), ("Denfert-Rochereau", "Mairie de Montrouge"),
                 ("Montparnasse - Bienvenüe", "Plaisance"), ("Plaisance", "Châtillon - Montrouge")]:
        B.connection(a, b)  # raises if missing
    kinds = {s.name: s.kinds for s in B.stations}
    assert "rer" in kinds["Denfert-Rochereau"]
    assert "rer" not in kinds["Montparnasse - Bienvenüe"], "the example scores only Denfert's RER point"
    assert "terminus" in kinds["Mairie de Montrouge"] and "terminus" in kinds["Châtillon - Montrouge"]
    assert "landmark" in kinds["Plaisance"]
    assert neighbours("Plaisance") == {"Montparnasse - Bienvenüe", "Châtillon - Montrouge"}
    assert neighbours("Denfert-Rochereau") == {"Montparnasse - Bienvenüe", "Mairie de Montrouge", "Glacière"}
    assert neighbours("Mairie de Montrouge") == {"Denfert-Rochereau"}
    assert neighbours("Châtillon - Montrouge") == {"Plaisance"}
    mont, plaisance = B.stations[B.station("Montparnasse - Bienvenüe")], B.stations[B.station("Plaisance")]
    assert plaisance.y > mont.y, "the blue line extends southwards from Montparnasse to Plaisance"


@pytest.mark.skipif(not REFERENCE.is_dir(), reason="needs ../shared/reference/boards")
def test_map_matches_the_reference_csvs():
    rows = list(csv.DictReader(open(REFERENCE / "paris-stations.csv", encoding="utf-8")))
    assert [r["name"] for r in rows] == [s.name for s in B.stations]
    for r in rows:
        st = B.stations[B.station(r["name"])]
        want = {"standard" if t == "destination" else t for t in r["kinds"].split(";") if t}
        assert set(st.kinds) == want, r["name"]
        assert Counter(B.stations[s].name for s in B.standard_cards)[r["name"]] == int(r["cards"] or 0)
    conns = list(csv.DictReader(open(REFERENCE / "paris-connections.csv", encoding="utf-8")))
    assert [(c["a"], c["b"], int(c["spaces"])) for c in conns] == [
        (B.stations[c.a].name, B.stations[c.b].name, c.spaces) for c in B.connections]
    grid_refs = {r["name"] for r in rows if r["grid"] and "destination" not in r["kinds"]}
    assert grid_refs == {n for c in PD.objectives for n in c.stations}, "objective stations carry grid refs"


# ---- the drawn board ----------------------------------------------------------------------------

def _geometry():
    pos = {s.name: (s.x, s.y) for s in B.stations}
    edges = [(B.stations[c.a].name, B.stations[c.b].name) for c in B.connections]
    bends = {(B.stations[c.a].name, B.stations[c.b].name): list(c.bends) for c in B.connections if c.bends}
    return pos, edges, bends


def test_layout_is_schematic_and_clean():
    """Every connection horizontal, vertical or at 45 degrees (a bent one in each piece), none crossing another or
    running over a station, stations on one square grid and at least London's spacing apart."""
    pos, edges, bends = _geometry()
    assert lay.KNOWN_PROBLEMS == ()
    assert lay.check_layout(pos, edges, bends=bends) == []
    slanted = []
    for u, v in edges:
        pts = [pos[u], *bends.get((u, v), []), pos[v]]
        for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
            dx, dy = abs(x2 - x1), abs(y2 - y1)
            if not (dx == 0 or dy == 0 or dx == dy):
                slanted.append(f"{u} - {v}")
    assert slanted == []
    # the stations on the grid's lines: the columns a pitch apart, the rows as the fisheye draws them
    cols, rows = lay.grid_lines(_board_cells())
    assert all(round((x - lay.ORIGIN[0]) / lay.PITCH, 6).is_integer() for x, _ in pos.values()), "on the grid"
    assert {y for _, y in pos.values()} <= set(rows), "stations on the fisheye's rows"
    for x, y in pos.values():
        assert 0 < x < B.width and 0 < y < B.height


def test_the_seine_is_drawn_and_no_station_stands_in_it():
    assert [w.name for w in MF.water] == ["Seine"]
    pos, _, _ = _geometry()
    water = [(w.name, list(w.points)) for w in MF.water]
    assert lay.seine_problems(pos, water) == []
    # it runs between the banks the real river separates
    poly = water[0][1]
    for north, south in [("Châtelet", "Saint-Michel Notre-Dame"), ("Concorde", "Invalides"),
                         ("Gare de Lyon", "Gare d'Austerlitz"), ("Trocadéro", "Champ de Mars - Tour Eiffel")]:
        assert lay.segment_hits_polygon(pos[north], pos[south], poly), f"the Seine passes between {north} and " \
                                                                          f"{south}"
    # and it ends at the board card's edge: the screens draw it unclipped, so past it the river left the paper
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.ui.board.view import BoardView

    x0, y0, x1, y1 = BoardView(B, (0, 0, 1280, 720)).bounds
    assert all(x0 <= x <= x1 and y0 <= y <= y1 for x, y in poly)
    assert max(x for x, _ in poly) > x1 - 5, "the Seine runs to the card's east edge"


def test_landmarks_stay_near_their_printed_cells():
    """The printed board's grid cells of the landmark stations (stretched to square steps) are where the
    layout started them; annealing may move a few, but the board keeps their arrangement."""
    printed = {r["name"]: (int(r["grid_col"]), int(r["grid_row"]))
               for r in csv.DictReader(open(REFERENCE / "paris-landmark-board-positions.csv", encoding="utf-8"))} \
        if REFERENCE.is_dir() else None
    if printed is None:
        pytest.skip("needs ../shared/reference/boards")
    lines = lay.grid_lines(_board_cells())
    pos = {s.name: lay.unspread_cell(lay.cell_of((s.x, s.y), lines)) for s in B.stations}  # the spread taken out
    off = []
    for n, (c, r) in printed.items():
        want = (lay.PRINTED_OFFSET[0] + c * lay.PRINTED_COL, lay.PRINTED_OFFSET[1] + r)
        off.append(max(abs(pos[n][0] - want[0]), abs(pos[n][1] - want[1])))
    assert max(off) <= 2.5, off
    # rows kept in order: a landmark printed two or more rows above another is not drawn below it
    names = list(printed)
    for a in names:
        for b in names:
            if printed[a][1] + 1 < printed[b][1]:
                assert pos[a][1] <= pos[b][1], f"{a} is printed above {b}"


def _annealed():
    import json

    cells = {n: tuple(c) for n, c in json.loads((REPO / "tools" / "paris_annealed_cells.json").read_text(
        encoding="utf-8")).items()}
    return cells  # the hand fixes (lay.FIXES) and the tenth session's re-annealing in them


def _board_cells():
    """The board's grid cells: the annealed cells, the hand fixes, the spread and the nudges."""
    _, edges, _ = _geometry()
    return lay.board_layout(_annealed(), edges)[0]


def test_the_documented_steps_rebuild_the_map():
    """The annealed cells, the hand fixes, the spread, the nudges and the fisheye of tools/layout_paris.py give
    exactly the map's positions and bends (tools/make_paris_map.py writes them)."""
    pos, edges, bends = _geometry()
    cells, grid_bends = lay.board_layout(_annealed(), edges)
    got, got_bends, lines = lay.board_positions(cells, grid_bends, edges)
    assert got == pos
    assert {e: [tuple(p) for p in b] for e, b in got_bends.items()} == {e: [tuple(p) for p in b]
                                                                         for e, b in bends.items()}
    assert [list(w.points) for w in MF.water] == [[tuple(p) for p in poly] for _, poly in lay.water_areas(lines=lines)]


def test_the_fisheye_gives_the_middle_rows_room_and_keeps_the_board():
    """The fisheye (issue 22 item 1, :data:`layout_paris.FISHEYE`) draws the rows through the crowded middle
    further apart than a pitch and the outer ones nearer, never nearer than London's spacing where two stations
    stand one above the other (since the tenth session's re-annealing rows 0-2 have none: their gaps may go
    down to the fisheye's floor); the outermost
    stations stay, so the board, its zoom and its grid-reference squares are the same as on the even grid, and
    every station keeps its square (a card's "Liège E2")."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.ui.board import geometry
    from game.ui.board.view import BoardView

    assert (lay.PAD, lay.GRID_CELLS) == (geometry.PAD, geometry.GRID_CELLS)
    cells = _board_cells()
    _, rows = lay.grid_lines(cells)
    used = sorted({c[1] for c in cells.values()})
    gaps = [rows[r + 1] - rows[r] for r in range(used[0], used[-1])]
    occupied = set(cells.values())
    tight = {c[1] for c in occupied if (c[0], c[1] + 1) in occupied}  # two stations one above the other
    assert all(g >= (lay.MIN_SPACING if used[0] + k in tight else lay.FISHEYE["rows"]["floor"] * lay.PITCH)
               for k, g in enumerate(gaps)), gaps
    assert min(gaps[k] for k in range(len(gaps)) if used[0] + k in tight) >= lay.MIN_SPACING
    assert max(gaps) > lay.PITCH + 4
    assert gaps.index(max(gaps)) in range(3, 9), gaps  # the middle rows, inside the boulevards
    assert sum(gaps) == lay.PITCH * (used[-1] - used[0])
    even = lay.grid_lines(cells, fisheye={})
    assert even[1] != rows and even[0] == lay.grid_lines(cells)[0]
    view = BoardView(B, (0, 0, 1920, 1080))
    flat = BoardView(dataclasses.replace(B, stations=[dataclasses.replace(
        s, x=lay.place(cells[s.name], even)[0], y=lay.place(cells[s.name], even)[1]) for s in B.stations]),
        (0, 0, 1920, 1080))
    assert view.bounds == flat.bounds
    assert [s.name for i, s in enumerate(B.stations) if view.grid_ref(i) != flat.grid_ref(i)] == []


def test_gap_sizes_keep_the_sum_and_the_floors():
    """The fisheye's gaps: whole units, the total kept, a gap between two stations one above the other at least
    London's spacing, the others at least the floor, the widest round the centre."""
    got = lay.gap_sizes(8, {0, 7}, centre=4.0, spread=2.0, strength=0.5, floor=0.5)
    assert sum(got) == 8 * lay.PITCH and all(isinstance(g, int) for g in got)
    assert got[0] >= lay.MIN_SPACING and got[7] >= lay.MIN_SPACING and min(got) >= 0.5 * lay.PITCH
    assert max(got) in (got[3], got[4]) and got[3] > lay.PITCH
    assert lay.gap_sizes(4, set(), centre=2.0, spread=1.0, strength=0.0, floor=0.5) == [88] * 4


def test_a_slanted_piece_keeps_45_degrees_over_the_fisheye():
    """A piece whose run and rise differ after the fisheye goes at 45 degrees from both ends, straight between
    (or straight at either end); one still at 45 degrees, or straight, is left alone."""
    assert lay.octilinear_pieces((0, 0), (88, 94)) == [(44, 44), (44, 50)]
    assert lay.octilinear_pieces((0, 0), (88, 94), where=1.0) == [(88, 88)]
    assert lay.octilinear_pieces((0, 0), (-88, 85), where=0.0) == [(-3, 0)]
    assert lay.octilinear_pieces((0, 0), (88, 88)) == [] and lay.octilinear_pieces((0, 0), (0, 94)) == []


def test_the_nudges_are_small_and_keep_each_connection_s_direction():
    """The nudges (issue 22 item 1: room for a name the spread left none) move a station at most two grid steps
    from its spread cell, and turn none of its connections more than 45 degrees from the spread board's, so the
    board keeps its neighbours' directions; every other station stays where the spread put it."""
    import math

    pos, edges, _ = _geometry()
    spread, _ = lay.board_layout(_annealed(), edges, nudges={})
    lines = lay.grid_lines(_board_cells())
    cells = {n: lay.cell_of(p, lines) for n, p in pos.items()}
    assert lay.NUDGES, "the nudges are listed"
    for n, c in cells.items():
        if n in lay.NUDGES:
            assert c == tuple(lay.NUDGES[n]) != spread[n]
            assert max(abs(c[0] - spread[n][0]), abs(c[1] - spread[n][1])) <= 2, n
        else:
            assert c == spread[n], n
    for u, v in edges:
        if u in lay.NUDGES or v in lay.NUDGES:
            a = math.atan2(spread[v][1] - spread[u][1], spread[v][0] - spread[u][0])
            b = math.atan2(cells[v][1] - cells[u][1], cells[v][0] - cells[u][0])
            assert abs((a - b + math.pi) % (2 * math.pi) - math.pi) <= math.pi / 4 + 1e-9, (u, v)


@pytest.mark.skipif(not REFERENCE.is_dir(), reason="needs ../shared/reference/boards")
def test_the_nudge_search_steps_only_into_free_cells_and_reads_its_views():
    """tools/search_paris_nudges.py (issue 22 item 1): a station's one-step moves are free board cells, with
    every connection straight and octilinear unless bends are allowed (then more are tried, those among them);
    ``--views`` is read as the views' sizes, seats and arrangements, and a malformed one is refused by name."""
    import argparse

    path = list(sys.path)
    try:
        search = _tool("search_paris_nudges")
    finally:
        sys.path[:] = path
    assert search.parse_views("1920x1080:4:table,1280x720:5:laptop") == (
        ((1920, 1080), 4, "table", 1), ((1280, 720), 5, "laptop", 1))
    for bad in ("1920x1080:4", "1920x1080:6:table", "1920:4:table"):
        with pytest.raises(argparse.ArgumentTypeError, match=bad):
            search.parse_views(bad)
    b = search.Board()
    cells, *_ = b.build(dict(search.lay.NUDGES))
    taken = set(cells.values())
    name = "Liège"
    straight = list(search.moves(b, dict(search.lay.NUDGES), name))
    bent = list(search.moves(b, dict(search.lay.NUDGES), name, bends=True))
    assert straight and set(straight) < set(bent)
    for cell in bent:
        assert cell not in taken and max(abs(cell[0] - cells[name][0]), abs(cell[1] - cells[name][1])) <= 2
    for cell in straight:
        for u, v in b.edges:
            if name in (u, v):
                o = cells[v if u == name else u]
                assert search.lay.is_octilinear(o[0] - cell[0], o[1] - cell[1]), (cell, u, v)


def test_the_spread_keeps_the_order_of_rows_and_columns():
    """The spread's empty columns and rows move stations only east and south, a whole column or row at a time:
    every station keeps its neighbours' order along both axes and the cell it had on the annealed board (the
    added lines taken back out)."""
    annealed = _annealed()
    cells = {n: lay.spread_cell(c) for n, c in annealed.items()}
    assert all(lay.unspread_cell(c) == annealed[n] for n, c in cells.items())
    for axis, gaps, size in ((0, lay.SPREAD_AFTER, lay.COLS), (1, lay.SPREAD_ROWS_AFTER, lay.ROWS)):
        for m in cells:
            for n in cells:
                if annealed[m][axis] < annealed[n][axis]:
                    assert cells[m][axis] < cells[n][axis], (m, n)
                elif annealed[m][axis] == annealed[n][axis]:
                    assert cells[m][axis] == cells[n][axis], (m, n)
        used = {c[axis] for c in cells.values()}
        kept = {lay.spread_cell((a, a))[axis] for a in range(size)}
        added = [c for c in range(min(used), max(used) + 1) if c not in used and c not in kept]
        assert len(added) == len(gaps)
    assert lay.BOARD_COLS == lay.COLS + len(lay.SPREAD_AFTER) and lay.BOARD_ROWS == lay.ROWS + len(lay.SPREAD_ROWS_AFTER)


def test_a_slanted_piece_across_an_added_line_takes_a_straight_piece_there():
    """A 45-degree piece across an added column gets a horizontal piece across it, across an added row a
    vertical one, so every piece keeps one of the eight directions."""
    assert lay.spread_line([(0, 0), (2, 2)], after=(0,), rows_after=()) == [(0, 0), (0.5, 0.5), (1.5, 0.5), (3, 2)]
    assert lay.spread_line([(0, 0), (2, 2)], after=(), rows_after=(0,)) == [(0, 0), (0.5, 0.5), (0.5, 1.5), (2, 3)]
    both = lay.spread_line([(0, 0), (3, 3)], after=(1,), rows_after=(0,))
    for (x1, y1), (x2, y2) in zip(both, both[1:]):
        assert x1 == x2 or y1 == y2 or abs(x2 - x1) == abs(y2 - y1), both
    assert both[0] == (0, 0) and both[-1] == (4, 4)


def test_checker_catches_a_station_in_the_river():
    water = lay.water_areas([(0, 0), (4, 0)])
    assert lay.seine_problems({"A": lay.to_board((2, 0))}, water) == ["station A stands in the Seine"]
    assert lay.seine_problems({"A": lay.to_board((2, 1))}, water) == []


@pytest.mark.parametrize("size", [(1920, 1080), (3840, 2160)])
def test_names_fit_in_the_board_view(size):
    """The play screen's own name placement finds a place for every name: none over another name or a station.
    (At 1280 x 720, the board filling the window, Arts et Métiers still touches République's symbol; with the
    board smaller, as on the play screen, a few names in the centre stay too close: docs/boards.md.)"""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from game.ui.board.view import BoardView

    pygame.init()
    view = BoardView(B, (0, 0, *size))
    view.fit()
    rects = view.label_rects()
    assert len(rects) == len(B.stations)
    circles = []
    for i in range(len(B.stations)):
        x, y = view.station_xy(i)
        r = view.station_radius(i) * 0.9
        circles.append(pygame.Rect(round(x - r), round(y - r), round(2 * r), round(2 * r)))
    bad = []
    for i, rect in enumerate(rects):
        ri = rect.inflate(-2, -2)
        for j in range(i + 1, len(rects)):
            if ri.colliderect(rects[j].inflate(-2, -2)):
                bad.append(f"{B.stations[i].name} / {B.stations[j].name}")
        for j, c in enumerate(circles):
            if j != i and ri.colliderect(c):
                bad.append(f"{B.stations[i].name} over station {B.stations[j].name}")
    assert not bad, bad


def test_validate_map_cli():
    r = subprocess.run([sys.executable, "-m", "game.cli", "validate-map", "paris"], capture_output=True, text=True,
                       timeout=60, cwd=REPO)
    assert r.returncode == 0, r.stderr
    assert "119 stations, 167 connections, 187 track spaces, 0 express + 37 standard destinations" in r.stdout
    assert "start République, 23 termini, 18 RER stations, 40 landmark stations (5 types), 11 secret objective " \
           "cards" in r.stdout


def test_paris_is_not_offered_before_it_can_be_played():
    """No rules module or no drawing yet: the board choice (and the kiosk, which uses the same list) leaves
    Paris out, although its map loads."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.engine.cities import ruleset_for_city
    from game.ui.cities import drawn_on_screen
    from game.ui.screens.table_setup import available_maps

    try:
        ruleset_for_city("paris")
        has_rules = True
    except ValueError:
        has_rules = False
    if has_rules and drawn_on_screen("paris"):
        pytest.skip("Paris has rules and a drawing: it may be offered now")
    assert "paris" in mapfile.available_maps()
    assert "paris" not in dict(available_maps())
