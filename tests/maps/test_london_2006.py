"""maps/london-2006.toml: valid, and exactly what tools/make_london_2006_map.py makes of maps/london.toml."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game import mapfile

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "make_london_2006_map.py"


def test_validate_map_london_2006():
    r = subprocess.run([sys.executable, "-m", "game.cli", "validate-map", "london-2006"], capture_output=True,
                       text=True, timeout=60, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    assert "London (2006) (london), 101 stations, 139 connections, 192 track spaces" in r.stdout
    assert "22 express + 33 standard destinations, start Euston" in r.stdout


def test_the_map_is_the_tools_output_for_the_current_second_edition_map(load_tool):
    committed = (ROOT / "maps" / "london-2006.toml").read_text(encoding="utf-8")
    assert load_tool("make_london_2006_map").build(ROOT / "maps" / "london.toml") == committed, (
        "maps/london-2006.toml is out of date: run .venv/bin/python tools/make_london_2006_map.py")


def test_the_header_says_what_is_reconstructed():
    head = (ROOT / "maps" / "london-2006.toml").read_text(encoding="utf-8").split("[map]")[0]
    assert "RECONSTRUCTED" in head and "New Cross" in head and "GENERATED" in head


def test_the_tool_refuses_a_second_edition_map_that_no_longer_matches_its_table(tmp_path, load_tool):
    text = (ROOT / "maps" / "london.toml").read_text(encoding="utf-8")
    # make Stratford - West Ham single already: the table's "2nd edition doubled it" no longer holds
    lines = text.split("\n")
    for i in range(len(lines) - 2):
        if lines[i] == 'a = "Stratford"' and lines[i + 1] == 'b = "West Ham"':
            lines[i + 2] = "spaces = 1"
            break
    else:
        pytest.fail("Stratford - West Ham not found in maps/london.toml")
    src = tmp_path / "london.toml"
    src.write_text("\n".join(lines), encoding="utf-8")
    with pytest.raises(SystemExit, match="Stratford - West Ham with 2 track spaces"):
        load_tool("make_london_2006_map").build(src)


def test_the_tool_writes_a_valid_map(tmp_path):
    out = tmp_path / "london-2006.toml"
    r = subprocess.run([sys.executable, str(TOOL), str(out)], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    mf = mapfile.load(out)
    assert len(mf.stations) == 101 and len(mf.connections) == 139


@pytest.mark.skipif(not (ROOT.parent / "shared" / "reference" / "boards").is_dir(), reason="needs ../shared/reference")
def test_the_first_editions_board_still_reads_as_the_printed_one(load_tool):
    """The 2nd edition's layout (tools/layout_london.py) and this board's own moves keep it the printed board
    with New Cross below Canada Water: the same neighbours and directions, no new crossing, the same loops."""
    lay, tool = load_tool("layout_london"), load_tool("make_london_2006_map")
    old = lay.printed()
    old["New Cross"] = (old["Canada Water"][0], old["Greenwich"][1])  # its reconstructed grid point
    mf = mapfile.load(ROOT / "maps" / "london-2006.toml")
    new = {s.name: (s.x, s.y) for s in mf.stations}
    edges = [(c.a, c.b) for c in mf.connections]
    assert lay.check_layout(new, old, edges) == []
    assert set(tool.MOVED) <= set(new)
