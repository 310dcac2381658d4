"""Maps are found by name: the bundled ones and the user's maps folder; a path is never a map name.

A record or a set-up names its map, so a name must not be able to reach any other file; the command
line still takes a map file's path for map makers, and a game started from one records the file name.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game import mapfile
from game.engine import load_board, new_game
from game.engine import record

LONDON = Path(mapfile.map_file("london"))


def cli(*args):
    return subprocess.run([sys.executable, "-m", "game.cli", *args], capture_output=True, text=True, timeout=120)


@pytest.fixture(autouse=True)
def _no_maps_given_by_path(monkeypatch):
    """Maps given by path are remembered for the process; each test starts without any."""
    monkeypatch.setattr(mapfile, "_registered", {})


def user_map(name: str, text: str | None = None) -> Path:
    folder = mapfile.user_maps_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.toml"
    path.write_text(text if text is not None else LONDON.read_text(encoding="utf-8"), encoding="utf-8")
    return path


@pytest.mark.parametrize("name", ["london", "london-2006", "My_Map2", "x" * 64])
def test_letters_digits_dash_and_underscore_name_a_map(name):
    assert mapfile.check_map_name(name) == name


@pytest.mark.parametrize("name", ["../../etc/passwd", "/etc/passwd", "..", "london.toml", "maps/london", "",
                                  "my map", "x" * 65, "C:\\maps\\london", "london\n", None, 7])
def test_anything_else_is_not_a_map_name(name):
    with pytest.raises(mapfile.MapError) as err:
        mapfile.check_map_name(name)
    assert f"map {name!r} is not a map name" in str(err.value)
    assert "letters, digits, '-' and '_'" in str(err.value)


@pytest.mark.parametrize("name", ["../maps/london", str(LONDON), "/etc/passwd"])
def test_a_board_is_never_loaded_from_a_path(name):
    with pytest.raises(mapfile.MapError, match="is not a map name"):
        load_board(name)
    with pytest.raises(mapfile.MapError, match="is not a map name"):
        new_game(name, 2, seed=1)


def test_user_maps_live_in_the_user_data_dir(tmp_path):
    # tests/conftest.py points UNDERGROUND_DATA_DIR at tmp_path / "data"
    assert mapfile.user_maps_dir() == tmp_path / "data" / "maps"
    assert "my-board" not in mapfile.available_maps()
    path = user_map("my-board")
    assert mapfile.available_maps().count("my-board") == 1 and "london" in mapfile.available_maps()
    assert mapfile.map_file("my-board") == path
    assert load_board("my-board").name == "London"
    state = new_game("my-board", 2, seed=4)
    assert state.setup.map == "my-board"


def test_a_bundled_name_wins_over_a_user_map_of_the_same_name(caplog):
    user_map("london", LONDON.read_text(encoding="utf-8").replace('name = "London"', 'name = "Fake"', 1))
    assert mapfile.available_maps().count("london") == 1
    assert mapfile.map_file("london") == LONDON
    assert load_board("london").name == "London"
    assert "bundled map 'london' has that name" in caplog.text


def test_a_user_file_whose_name_is_not_a_map_name_is_not_offered():
    user_map("my board")
    assert "my board" not in mapfile.available_maps()


def test_an_unknown_map_says_where_user_maps_go():
    with pytest.raises(mapfile.MapError) as err:
        mapfile.map_file("atlantis")
    text = str(err.value)
    assert "map 'atlantis': no such map" in text and "london" in text
    assert str(mapfile.user_maps_dir()) in text and "atlantis.toml" in text


def test_a_map_file_given_by_path_is_recorded_by_its_file_name(tmp_path):
    path = tmp_path / "elsewhere" / "my-board.toml"
    path.parent.mkdir()
    path.write_bytes(LONDON.read_bytes())
    assert mapfile.map_arg(str(path)) == "my-board"
    state = new_game("my-board", 2, seed=5)
    data = record.encode(state)
    rec = json.loads(data)
    assert rec["map"] == rec["setup"]["map"] == "my-board"
    assert str(tmp_path) not in data.decode("utf-8"), "a record never carries a path"


def test_a_different_map_may_not_take_a_known_name(tmp_path):
    edited = tmp_path / "london.toml"
    edited.write_text(LONDON.read_text(encoding="utf-8").replace('start = "Euston"', 'start = "Bank"', 1),
                      encoding="utf-8")
    with pytest.raises(mapfile.MapError) as err:
        mapfile.use_map_file(edited)
    assert f"{edited}: file name: a different map called 'london' already exists" in str(err.value)
    same = tmp_path / "copy" / "london.toml"
    same.parent.mkdir()
    same.write_bytes(LONDON.read_bytes())
    assert mapfile.use_map_file(same) == "london"
    assert mapfile.map_file("london") == LONDON


def test_a_map_file_whose_name_cannot_name_a_map_is_refused(tmp_path):
    path = tmp_path / "my board.toml"
    path.write_bytes(LONDON.read_bytes())
    with pytest.raises(mapfile.MapError, match="'my board' cannot name a map"):
        mapfile.use_map_file(path)


# ---- through the command line -------------------------------------------------------------------


def test_cli_takes_a_map_name_or_a_map_file(tmp_path):
    path = tmp_path / "my-board.toml"
    path.write_bytes(LONDON.read_bytes())
    r = cli("validate-map", str(path))
    assert r.returncode == 0 and "map name: my-board" in r.stdout, r.stderr
    r = cli("simulate", "--map", str(path), "--games", "1", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["games"][0]["finished"]
    r = cli("simulate", "--map", "atlantis", "--games", "1")
    assert r.returncode == 1 and "map 'atlantis': no such map" in r.stderr and "Traceback" not in r.stderr
    user_map("my-own")
    r = cli("validate-map", "my-own")
    assert r.returncode == 0 and "map name: my-own" in r.stdout, r.stderr


def test_cli_refuses_a_map_file_whose_name_cannot_be_recorded(tmp_path):
    path = tmp_path / "my board.toml"
    path.write_bytes(LONDON.read_bytes())
    for args in (("validate-map", str(path)), ("simulate", "--map", str(path), "--games", "1")):
        r = cli(*args)
        assert r.returncode == 1 and "'my board' cannot name a map" in r.stderr and "Traceback" not in r.stderr


def test_a_record_of_a_map_given_by_path_replays_with_that_file_or_from_the_user_maps(tmp_path):
    path = tmp_path / "my-board.toml"
    path.write_bytes(LONDON.read_bytes())
    mapfile.use_map_file(path)
    rec = tmp_path / "game.json"
    record.save(new_game("my-board", 3, seed=6), rec)
    r = cli("replay", str(rec))
    assert r.returncode == 1 and "map 'my-board': no such map" in r.stderr
    assert str(mapfile.user_maps_dir()) in r.stderr, "the message says where the map goes"
    r = cli("replay", str(rec), "--map", str(path))
    assert r.returncode == 0 and r.stdout.startswith("my-board: not finished"), r.stderr
    user_map("my-board")
    r = cli("replay", str(rec))
    assert r.returncode == 0 and r.stdout.startswith("my-board: not finished"), r.stderr
