"""maps/london.toml: the printed London board's facts (../shared/reference/boards/README.md, London part), its
stations spread by tools/layout_london.py.

The positions are no longer the transcription's: at the play screen's sizes central London's names had no place
clear of the track spaces, the passenger's disc and their neighbours (issue 22 item 1, "where a map's positions
leave no room, change the map's layout"), so the layout tool stretches the middle and nudges a few stations.
What must still hold is checked here: the same stations, kinds, connections and track spaces exactly; the
positions exactly the tool's output for the transcription; and the tool's check that the board still reads as
the printed one (neighbours in the same order and directions, no new crossing, every loop holding the same
stations, so the loop rule scores as on the printed board)."""
from __future__ import annotations

import csv
import math
from pathlib import Path

import pytest

from game import mapfile

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT.parent / "shared" / "reference" / "boards"
needs_reference = pytest.mark.skipif(not (REFERENCE / "london-stations.csv").is_file(),
                                     reason="needs ../shared/reference/boards")
# how far the layout may move a station from its printed place (board units; the grid is 88): far enough for the
# spread middle and the board 12% wider (the east moves right most), near enough that every station stays in its
# part of the board
MOST_MOVED = 240.0


def the_map():
    return mapfile.load(ROOT / "maps" / "london.toml")


@needs_reference
def test_stations_kinds_connections_and_spaces_are_the_printed_boards():
    mf = the_map()
    with open(REFERENCE / "london-stations.csv", encoding="utf-8") as f:
        stations = {r["name"]: r["kind"] for r in csv.DictReader(f)}
    with open(REFERENCE / "london-connections.csv", encoding="utf-8") as f:
        conns = {frozenset((r["a"], r["b"])): int(r["spaces"]) for r in csv.DictReader(f)}
    assert {s.name: list(s.kinds) for s in mf.stations} == {n: [k] for n, k in stations.items()}
    assert {frozenset((c.a, c.b)): c.spaces for c in mf.connections} == conns


@needs_reference
def test_positions_are_the_layout_tools_output_for_the_printed_board(load_tool):
    lay = load_tool("layout_london")
    want = lay.layout(lay.printed(REFERENCE))
    assert {s.name: (s.x, s.y) for s in the_map().stations} == want, (
        "maps/london.toml's positions are not the layout's: run .venv/bin/python tools/layout_london.py")


@needs_reference
def test_the_layout_still_reads_as_the_printed_board(load_tool):
    lay = load_tool("layout_london")
    old = lay.printed(REFERENCE)
    new = {s.name: (s.x, s.y) for s in the_map().stations}
    assert lay.check_layout(new, old, lay.connections(REFERENCE)) == []
    assert max(math.dist(new[n], old[n]) for n in new) <= MOST_MOVED


@needs_reference
def test_the_check_notices_a_station_moved_across_a_connection(load_tool):
    lay = load_tool("layout_london")
    old = lay.printed(REFERENCE)
    new = dict(old)
    new["Pimlico"] = (old["Pimlico"][0] + 200, old["Pimlico"][1])  # past Waterloo, over its connections
    problems = lay.check_layout(new, old, lay.connections(REFERENCE))
    assert any("turns" in p for p in problems)
    assert any("crosses" in p for p in problems)
    assert any("changes sides of a loop" in p for p in problems)


def test_the_tool_rewrites_only_the_positions(tmp_path, load_tool):
    lay = load_tool("layout_london")
    text = (ROOT / "maps" / "london.toml").read_text(encoding="utf-8")
    moved = lay.write_positions(text, {"Acton": (1, 2), "King's Cross St. Pancras": (3, 4)})
    changed = [(a, b) for a, b in zip(text.split("\n"), moved.split("\n")) if a != b]
    assert [b for _, b in changed] == ["x = 1", "y = 2", "x = 3", "y = 4"]
    out = tmp_path / "london.toml"
    out.write_text(moved, encoding="utf-8")
    mf = mapfile.load(out)
    assert {s.name: (s.x, s.y) for s in mf.stations}["King's Cross St. Pancras"] == (3, 4)


@needs_reference
def test_the_nudge_search_measures_the_boards_as_written(load_tool):
    """tools/search_london_nudges.py puts each candidate layout on the play screen from map texts built in
    memory: with the layout's own NUDGES they are both editions' map files exactly, so what it measures is what
    the game shows (a drift in either builder makes its figures meaningless)."""
    search = load_tool("search_london_nudges")
    lay = load_tool("layout_london")
    _, texts = search.layout_texts(lay.NUDGES)
    assert texts["london"] == (ROOT / "maps" / "london.toml").read_text(encoding="utf-8")
    assert texts["london-2006"] == (ROOT / "maps" / "london-2006.toml").read_text(encoding="utf-8")


def test_the_group_search_tries_every_joint_move_once(load_tool):
    """The group search (tools/search_london_nudges.py --group) is exhaustive: every joint move of its stations on
    the grid once, each on top of the stations' nudges, the others' nudges kept, and never the move of none."""
    search = load_tool("search_london_nudges")
    nudges = {"Holborn": (-6, 14), "Bank": (-30, -10)}
    got = list(search.joint_moves(nudges, ["Holborn", "Euston"], 10, 5))
    assert len(got) == 25 * 25 - 1 and len({combo for combo, _ in got}) == len(got)
    assert all(any(move != (0, 0) for move in combo) for combo, _ in got)
    for (hol, eus), trial in got:
        assert trial["Holborn"] == (-6 + hol[0], 14 + hol[1]) and trial["Euston"] == eus
        assert trial["Bank"] == (-30, -10) and max(map(abs, hol + eus)) <= 10
