"""maps/berlin.toml: the printed Berlin board's facts (shared/reference/boards/README.md, Berlin part)."""
from __future__ import annotations

import csv
import math
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

B = load_board("berlin")


sys.path.insert(0, str(REPO / "tools"))  # tools/ is no package: its layout script, imported as the map maker does
import layout_berlin as lay  # noqa: E402

sys.path.remove(str(REPO / "tools"))


def kind_names(kind: str) -> set[str]:
    return {s.name for s in B.stations if kind in s.kinds}


def test_berlin_counts():
    assert B.name == "Berlin" and B.city == "berlin"
    assert len(B.stations) == 107
    assert len(B.connections) == 154
    assert sum(c.spaces for c in B.connections) == 237
    assert Counter(c.spaces for c in B.connections) == {1: 98, 2: 30, 3: 25, 4: 1}
    kinds = Counter(k for s in B.stations for k in s.kinds)
    assert kinds == {"standard": 30, "express": 25, "landmark": 20, "terminus": 17, "national_rail": 10,
                     "plus": 4, "start": 1}


def test_berlin_start_cards_and_plus_stations():
    assert B.stations[B.start].name == "Friedrichstr."
    assert len(B.express_cards) == 25 and len(B.standard_cards) == 30
    assert {B.stations[s].name for s in B.express_cards} == kind_names("express")
    assert {B.stations[s].name for s in B.standard_cards} == kind_names("standard")
    assert kind_names("plus") == {"Gesundbrunnen", "Westkreuz", "Südkreuz", "Ostkreuz"}


def test_alexanderplatz_ostbahnhof_has_four_track_spaces():
    assert B.connections[B.connection("Alexanderplatz", "Ostbahnhof")].spaces == 4


def test_landmark_stacks():
    sizes = {B.stations[s].name: n for s, n in zip(B.landmark_stations, B.landmark_stack_sizes)}
    assert set(sizes) == kind_names("landmark")
    assert {n for n, k in sizes.items() if k == 3} == {
        "Greifswalder Str.", "Ostbahnhof", "Hohenzollerndamm", "Hermannstr.", "Adlershof"}
    assert {n for n, k in sizes.items() if k == 2} == {
        "Alt-Tegel", "Wittenau", "Osloer Str.", "Spandau", "Westend", "Hauptbahnhof", "Wuhletal",
        "Kurfürstendamm", "Krumme Lanke", "Rathaus Steglitz"}
    assert {n for n, k in sizes.items() if k == 1} == {
        "Schönfließ", "Paulsternstr.", "Grunewald", "Köpenick", "Köllnische Heide"}
    assert sum(sizes.values()) == 40
    bd = B.berlin
    assert sorted(bd.landmark_types) == ["culture", "education", "government", "retail", "sports"]
    assert bd.stacks_per_type == [3, 2, 2, 1]
    # plus_points, set_points, bonus_per_tile, plus_stations: pinned to the rulebook's words in test_rule_numbers.py


def test_every_station_is_on_the_board_and_joined():
    assert all(0 <= s.x <= B.width and 0 <= s.y <= B.height for s in B.stations)
    assert all(B.station_conns[s.index] for s in B.stations)


@pytest.mark.skipif(not REFERENCE.is_dir(), reason="the transcribed board facts are not beside this checkout")
def test_map_matches_the_transcribed_csvs():
    """Names, kinds, landmark stacks and connections are the printed board's exactly. The positions are not
    (issue 22 item 1): at the printed grid's pitch the names inside the Ring had no place clear of the track,
    so tools/layout_berlin.py spreads the grid's columns and rows and nudges stations off their grid points;
    its moves (and the eleventh session's hand routes, ROUTES: bends round a station, none further than
    ROUTE_MOST off its connection's line) must reproduce the map, no nudge is longer than NUDGE_MOST units, and
    the layout breaks nothing
    the printed one keeps (check_layout: no new crossing, no connection over a station, none turned more than
    MAX_TURN degrees, stations a grid column or row apart in the printed order left to right and top to
    bottom, each station's connections leaving it in the printed order)."""
    rows = list(csv.DictReader(open(REFERENCE / "berlin-stations.csv", encoding="utf-8")))
    assert [(r["name"], r["kind"]) for r in rows] == [(s.name, next(iter(s.kinds))) for s in B.stations]
    stacks = {r["name"]: int(r["landmark_tiles"]) for r in rows if r["landmark_tiles"]}
    assert stacks == {B.stations[s].name: n for s, n in zip(B.landmark_stations, B.landmark_stack_sizes)}
    conns = list(csv.DictReader(open(REFERENCE / "berlin-connections.csv", encoding="utf-8")))
    assert [(c["a"], c["b"], int(c["spaces"])) for c in conns] == [
        (B.stations[c.a].name, B.stations[c.b].name, c.spaces) for c in B.connections]
    printed = {r["name"]: (float(r["x"]), float(r["y"])) for r in rows}
    pos = lay.positions(printed)
    assert {s.name: (s.x, s.y) for s in B.stations} == pos
    assert (B.width, B.height) == lay.board_size(pos)
    assert all(math.hypot(*d) <= lay.NUDGE_MOST for d in lay.NUDGES.values())
    bends = lay.route_bends(pos)
    assert {(B.stations[c.a].name, B.stations[c.b].name): list(c.bends) for c in B.connections if c.bends} == bends
    assert all((a, b) in {(c["a"], c["b"]) for c in conns} for a, b in lay.ROUTES)
    assert lay.check_layout(pos, printed, [(c["a"], c["b"]) for c in conns], bends) == []


def test_the_layout_check_notices_a_crossing_and_a_turned_connection():
    """check_layout is not blind: a station dragged across its neighbours' connections is reported."""
    printed = {s.name: (s.x, s.y) for s in B.stations}
    edges = [(B.stations[c.a].name, B.stations[c.b].name) for c in B.connections]
    assert lay.check_layout(printed, printed, edges) == []
    moved = dict(printed, **{"Friedrichstr.": (printed["Friedrichstr."][0] + 260, printed["Friedrichstr."][1] + 190)})
    problems = lay.check_layout(moved, printed, edges)
    assert any("crosses" in p for p in problems) and any("turns" in p for p in problems), problems
    assert "Friedrichstr. is no longer left of Alexanderplatz" in problems, problems


def test_a_local_move_reaches_only_its_radius_and_keeps_the_order():
    """The seventh session's moves of several stations at once (issue 22 item 1): a spread or a shift moves
    stations within its radius and none outside it, and leaves every station's order across and down as it was
    (stations further apart than check_layout's ORDER_APART), so the board still reads as the printed one."""
    pos = {s.name: (s.x, s.y) for s in B.stations}
    centre = ("Potsdamer Platz",)
    cx, cy = lay.local_centre(pos, centre)
    for move in (("spread", centre, 230.0, 0.3, 0.3), ("spread", centre, 320.0, -0.15, 0.0),
                 ("shift", centre, 150.0, 24.0, -24.0)):
        moved = lay.local_move(pos, *move)
        for n, (x, y) in pos.items():
            if math.hypot(x - cx, y - cy) >= move[2]:
                assert moved[n] == (x, y), (move, n)
        assert moved["Potsdamer Platz"] != pos["Potsdamer Platz"] or move[0] == "spread"
        assert moved["Nollendorfplatz"] != pos["Nollendorfplatz"], move
        for k in (0, 1):  # stations further apart than check_layout's ORDER_APART keep their order
            assert all(moved[a][k] < moved[b][k] for a in pos for b in pos if pos[a][k] < pos[b][k] - lay.ORDER_APART)


def test_validate_map_cli_reports_the_berlin_facts():
    r = subprocess.run([sys.executable, "-m", "game.cli", "validate-map", "berlin"], capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert "107 stations, 154 connections, 237 track spaces" in r.stdout
    assert "4 '+' stations, 20 landmark stations with 40 tiles (5 types)" in r.stdout


def test_a_berlin_table_on_another_city_is_refused(tmp_path):
    text = (HERE / "berlin-five-plus.toml").read_text(encoding="utf-8").replace('city = "berlin"', 'city = "tiny"')
    path = tmp_path / "not-berlin.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(mapfile.MapError) as err:
        mapfile.load(path)
    assert 'berlin: only a Berlin map (map.city = "berlin") has a [berlin] table' in str(err.value)
    assert str(path) in str(err.value)
