"""Map files: the real London board's facts, and every kind of broken map gets a clear message."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game import mapfile
from game.engine import load_board

HERE = Path(__file__).parent
BAD = HERE / "bad"
EXPECTED = json.loads((BAD / "expected.json").read_text())


def cli(*args):
    return subprocess.run([sys.executable, "-m", "game.cli", *args], capture_output=True, text=True, timeout=60)


def test_tiny_map_is_valid():
    mf = mapfile.load(HERE / "tiny_valid.toml")
    assert len(mf.stations) == 3


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_bad_map_is_rejected_with_file_and_field(name):
    path = BAD / name
    with pytest.raises(mapfile.MapError) as err:
        mapfile.load(path)
    text = str(err.value)
    assert EXPECTED[name] in text, text
    assert str(path) in text, "the message names the file"


@pytest.mark.parametrize("name", ["unknown_station.toml", "truncated.toml", "wrong_type.toml"])
def test_validate_map_cli_on_bad_files(name):
    path = BAD / name
    before = path.read_bytes()
    r = cli("validate-map", str(path))
    assert r.returncode == 1
    assert "Traceback" not in r.stderr
    assert EXPECTED[name] in r.stderr
    assert path.read_bytes() == before, "nothing is overwritten"


def test_validate_map_cli_ok_and_missing_file(tmp_path):
    r = cli("validate-map", "london")
    assert r.returncode == 0 and "100 stations, 137 connections, 198 track spaces" in r.stdout
    r = cli("validate-map", str(tmp_path / "nope.toml"))
    assert r.returncode == 1 and "cannot read the map file" in r.stderr and "Traceback" not in r.stderr


# ---- the London board ------------------------------------------------------------------------

B = load_board("london")


def spaces(a, b):
    return B.connections[B.connection(a, b)].spaces


def test_london_cards_and_special_stations():
    assert len(B.express_cards) == 22 and len(B.standard_cards) == 33
    assert len(set(B.express_cards + B.standard_cards)) == 55
    assert len(B.london_connection_stations) == 8
    assert sorted(B.stations[s].name for s in B.london_connection_stations) == [
        "Aldgate", "Baker Street", "Charing Cross", "Elephant & Castle", "Hammersmith",
        "King's Cross St. Pancras", "Notting Hill Gate", "Victoria"]
    assert B.stations[B.start].name == "Euston"
    assert len(B.stations) == 100 and len(B.connections) == 137
    assert sum(1 for s in B.stations if "terminus" in s.kinds) == 20
    assert sum(1 for s in B.stations if "national_rail" in s.kinds) == 16


def test_london_doubles_and_triples_from_the_rules():
    for a, b in [("Paddington", "Shepherd's Bush"), ("Shepherd's Bush", "Goldhawk Road"),
                 ("Goldhawk Road", "Hammersmith"), ("Waterloo", "Borough"), ("London Bridge", "Bank"),
                 ("Stratford", "West Ham"), ("West Ham", "Canning Town")]:
        assert spaces(a, b) == 2, (a, b)
    assert spaces("Borough", "London Bridge") == 3
    assert spaces("Euston", "King's Cross St. Pancras") == 5
    assert spaces("Marylebone", "Paddington") == 4
    assert "New Cross" not in B.by_name
    with pytest.raises(KeyError):
        B.connection("Aldgate", "Canada Water")


def test_connections_used_by_the_rulebook_examples_exist():
    for a, b in [("Acton", "Ealing Broadway"), ("Notting Hill Gate", "Paddington"), ("Paddington", "Marylebone"),
                 ("Bond Street", "Green Park"), ("Green Park", "Victoria"), ("Victoria", "Westminster"),
                 ("Westminster", "Charing Cross"), ("Goldhawk Road", "Shepherd's Bush"),
                 ("Goldhawk Road", "Hammersmith"), ("Hammersmith", "Turnham Green")]:
        B.connection(a, b)
