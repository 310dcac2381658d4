"""New York records: a finished game replays; broken New York records are refused naming the place and why."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine import record

BAD = Path(__file__).parent / "newyork_bad_records"
BASE = BAD / "_valid_newyork_base.json"
EXPECTED = {
    "water_at_turn_end.json": "actions[2] (place black on Union Sq - Water: Greenpoint Av): illegal: black would end "
                              "on the water icon by Greenpoint Av with no action left to leave it",
    "branch_tile_leaves_line_on_water.json": "actions[2] (take a branch tile): illegal: taking a branch tile would "
                                             "leave black on the water icon by Greenpoint Av",
    "london_tiles.json": "setup.connection_tiles: ['circle', 'circle']; connection tiles are London's",
    "deck_with_one_whitehall_card.json": "setup.deck: not the New York deck of 54 destination cards (Whitehall St 1 "
                                         "time(s), the deck has 2",
}


def cli(*args):
    return subprocess.run([sys.executable, "-m", "game.cli", *args], capture_output=True, text=True, timeout=120)


def test_every_broken_newyork_record_is_listed():
    assert sorted(p.name for p in BAD.glob("*.json") if not p.name.startswith("_")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_broken_newyork_record_is_rejected_clearly(name):
    path = BAD / name
    before = path.read_bytes()
    with pytest.raises(record.RecordError) as err:
        record.load_state(path)
    assert EXPECTED[name] in str(err.value) and str(path) in str(err.value)
    r = cli("replay", str(path))
    assert r.returncode == 1 and "Traceback" not in r.stderr and EXPECTED[name] in r.stderr
    assert path.read_bytes() == before, "loading never changes the file"


def test_newyork_base_record_replays_and_re_encodes_the_same(tmp_path):
    s = record.load_state(BASE)
    assert s.over and s.setup.map == "newyork"
    out = tmp_path / "again.json"
    record.save(s, out)
    again = record.load_state(out)
    assert again.log == s.log and again.players == s.players and again.lines == s.lines


def test_replay_prints_new_york_points():
    s = record.load_state(BASE)
    r = cli("replay", str(BASE), "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert [p["cluster_points"] for p in out["players"]] == [p.points.get("clusters", 0) for p in s.players]
    assert [p["water_points"] for p in out["players"]] == [p.points.get("water", 0) for p in s.players]
    assert sum(p["water_points"] for p in out["players"]) > 0, "the base game has a third icon (else this is empty)"
    for entry, p in zip(out["players"], s.players):
        for li in p.lines:
            k = len(s.lines[li].clusters)
            assert len(entry["line_clusters"][s.lines[li].colour]) == k
    r = cli("replay", str(BASE))
    assert r.returncode == 0 and "cluster points:" in r.stdout and "water points:" in r.stdout
