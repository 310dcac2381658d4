"""Game records: save, load, replay to the same position; broken records give clear messages."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai import RandomBot
from game.engine import apply, new_game, record
from game.engine.actions import Undo
from game.engine.rules import can_undo

BAD = Path(__file__).parent / "bad_records"
EXPECTED = json.loads((BAD / "expected.json").read_text())


def cli(*args):
    return subprocess.run([sys.executable, "-m", "game.cli", *args], capture_output=True, text=True, timeout=120)


def finished_game(seed=3, players=3):
    s = new_game("london", players, seed=seed)
    bot = RandomBot(seed)
    n = 0
    while not s.over:
        apply(s, bot.choose(s))
        n += 1
        if n % 7 == 0 and can_undo(s):
            apply(s, Undo())  # undo is part of the record too
    return s


def test_saved_record_replays_to_the_same_final_position(tmp_path):
    s = finished_game()
    path = tmp_path / "game.json"
    record.save(s, path)
    again = record.load_state(path)
    assert again.players == s.players and again.tokens == s.tokens and again.face_up == s.face_up
    assert again.passenger == s.passenger and again.over and again.log == s.log
    assert record.summary(again) == record.summary(s)


def test_record_holds_schema_map_players_setup_and_actions(tmp_path):
    s = finished_game(seed=5, players=2)
    doc = json.loads(record.encode(s))
    assert doc["format"] == "underground-record" and doc["schema_version"] == 1
    assert doc["map"] == "london" and doc["players"] == ["Player 1", "Player 2"]
    assert len(doc["setup"]["deck"]) == 55 and len(doc["setup"]["connection_tiles"]) == 8
    assert doc["actions"] and {a["type"] for a in doc["actions"]} <= {"place", "branch", "route", "undo"}


def test_replay_cli_text_and_json(tmp_path):
    s = finished_game(seed=9, players=4)
    path = tmp_path / "g.json"
    record.save(s, path)
    r = cli("replay", str(path), "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["finished"] is True and out["scores"] == [p.score for p in s.players]
    assert out["deck_left"] == 0 and out["branch_tiles"] == [p.branch_tiles for p in s.players]
    r = cli("replay", str(path))
    assert r.returncode == 0 and "finished" in r.stdout and "passenger at" in r.stdout


def test_record_of_an_unfinished_game_replays():
    rec = record.load(BAD / "_valid_base.json")
    s = record.replay(rec)
    assert not s.over and len(s.log) == len(rec.actions)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_broken_record_is_rejected_clearly(name):
    path = BAD / name
    before = path.read_bytes()
    with pytest.raises(record.RecordError) as err:
        record.load_state(path)
    assert EXPECTED[name] in str(err.value)
    assert str(path) in str(err.value)
    r = cli("replay", str(path))
    assert r.returncode == 1 and "Traceback" not in r.stderr and EXPECTED[name] in r.stderr
    assert path.read_bytes() == before


def test_save_is_atomic_and_keeps_the_old_file_on_failure(tmp_path, monkeypatch):
    s = finished_game(seed=1, players=2)
    path = tmp_path / "g.json"
    record.save(s, path)
    old = path.read_bytes()

    def boom(*a, **k):
        raise OSError("disk full")

    import game.autosave

    monkeypatch.setattr(game.autosave.os, "replace", boom)
    with pytest.raises(OSError):
        record.save(new_game("london", 2, seed=2), path)
    assert path.read_bytes() == old
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"], "no temp file left behind"
