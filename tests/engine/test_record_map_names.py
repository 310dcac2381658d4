"""A record or an autosave names its map; a path in its place is refused, even one to a real map file.

(The broken records in bad_records/ cover the messages through `underground replay`; here the path
leads to a file that would load, so only the name rule stops it.)
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game import mapfile
from game.autosave import AUTOSAVE_NAME, load_autosave, save_atomic
from game.engine import new_game, record

LONDON = Path(mapfile.map_file("london"))


def record_naming(map_value: str) -> bytes:
    rec = json.loads(record.encode(new_game("london", 2, seed=8)))
    rec["map"] = rec["setup"]["map"] = map_value
    return json.dumps(rec).encode("utf-8")


@pytest.fixture
def real_map_by_path(tmp_path) -> str:
    """A valid map file outside the bundled and user maps: reachable only as a path."""
    path = tmp_path / "elsewhere" / "london.toml"
    path.parent.mkdir()
    path.write_bytes(LONDON.read_bytes())
    return str(path)


def test_a_record_naming_a_path_is_refused_before_any_file_is_read(tmp_path, real_map_by_path):
    path = tmp_path / "game.json"
    path.write_bytes(record_naming(real_map_by_path))
    with pytest.raises(record.RecordError) as err:
        record.load_state(path)
    assert f"{path}: map: {real_map_by_path!r} is not a map name" in str(err.value)
    assert "never a file path" in str(err.value)


def test_an_autosave_naming_a_path_is_moved_aside_and_the_table_starts_fresh(tmp_path, real_map_by_path):
    save = tmp_path / "data" / AUTOSAVE_NAME
    save_atomic(save, record_naming(real_map_by_path))

    def decode(data: bytes):  # what the kiosk does with its autosave
        return record.replay(record.decode(data, str(save)), str(save))

    state, message = load_autosave(save, decode)
    assert state is None and "is not a map name" in message
    assert not save.exists() and len(list(save.parent.glob(f"{AUTOSAVE_NAME}.corrupt-*"))) == 1


def test_a_saved_game_names_its_map():
    rec = json.loads(record.encode(new_game("london", 2, seed=2)))
    assert rec["map"] == rec["setup"]["map"] == "london"
    assert mapfile.is_map_name(rec["map"])
