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


# ---- the command line reads the program's own files (issue 20, item 4) ----------------------------------------------


def _store_with_games(tmp_path):
    """A data dir with one unfinished game in saves/ and one finished game in history/, as the game writes them."""
    from game.saves import SaveStore
    from game.ui.seats import SeatConfig

    store = SaveStore(tmp_path / "data")
    whole = finished_game(seed=4, players=3)
    part = record.replay(record.from_state(whole), upto=30)
    seats = [SeatConfig(name=p.name, edge="bottom", computer=i == 2) for i, p in enumerate(whole.players)]
    return store.save("under-way", part, seats), store.save("done", whole, seats), part, whole


def test_replay_reads_the_files_of_saves_and_history(tmp_path, capsys):
    """`underground replay` on saves/<id>.json and history/<id>.json prints what it prints for the game's record
    (the old code refused them: "Object contains unknown field `id`")."""
    from game import cli as cli_mod

    save_path, history_path, part, whole = _store_with_games(tmp_path)
    assert save_path.parent.name == "saves" and history_path.parent.name == "history"
    for path, state in ((save_path, part), (history_path, whole)):
        plain = tmp_path / f"{path.stem}.record.json"
        record.save(state, plain)
        assert cli_mod.main(["replay", str(path), "--json"]) == 0, capsys.readouterr().err
        got = json.loads(capsys.readouterr().out)
        assert cli_mod.main(["replay", str(plain), "--json"]) == 0
        assert got == json.loads(capsys.readouterr().out)
        assert got["finished"] is state.over and got["scores"] == [p.score for p in state.players]
        assert cli_mod.main(["replay", str(path)]) == 0
        out = capsys.readouterr().out
        assert ("finished" in out) and all(p.name in out for p in state.players)


def test_replay_of_a_damaged_save_names_the_file_and_the_place(tmp_path, capsys):
    from game import cli as cli_mod

    save_path, _, _, _ = _store_with_games(tmp_path)
    head = b'"record":{"format":"underground-record","schema_version":1,"map":"london"'
    data = save_path.read_bytes()
    assert head in data
    save_path.write_bytes(data.replace(head, head.replace(b'"london"', b'"../london"')))
    assert cli_mod.main(["replay", str(save_path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"error: {save_path}: record: map: '../london' is not a map name"), err


def test_a_map_that_contradicts_the_record_is_an_error(tmp_path, capsys):
    """`--map X` naming another map than the record's is refused with both names (it used to be ignored)."""
    from game import cli as cli_mod

    s = finished_game(seed=2, players=2)
    path = tmp_path / "g.json"
    record.save(s, path)
    for command in ("replay", "view"):
        assert cli_mod.main([command, str(path), "--map", "berlin"]) == 1
        err = capsys.readouterr().err
        assert "--map berlin" in err and "'berlin'" in err and "'london'" in err, err
    assert cli_mod.main(["replay", str(path), "--map", "london"]) == 0  # the record's own map is fine
    capsys.readouterr()
    save_path, _, _, _ = _store_with_games(tmp_path)
    assert cli_mod.main(["replay", str(save_path), "--map", "newyork"]) == 1
    assert "'newyork'" in capsys.readouterr().err


def test_replay_says_one_point_and_one_branch_tile(tmp_path, capsys):
    """Counts of one are singular in `underground replay` ("1 point", "1 branch tile", "1 station")."""
    from game import cli as cli_mod

    whole = finished_game(seed=6, players=3)
    rec = record.from_state(whole)
    want = {"1 point,": False, "1 branch tile,": False}
    for n in range(len(rec.actions) + 1):
        st = record.replay(rec, upto=n)
        if not any(p.score == 1 for p in st.players) and not any(p.branch_tiles == 1 for p in st.players):
            continue
        path = tmp_path / f"upto{n}.json"
        record.save(st, path)
        assert cli_mod.main(["replay", str(path)]) == 0
        out = capsys.readouterr().out
        assert "1 points" not in out and "1 branch tiles" not in out, out
        for k in want:
            want[k] = want[k] or k in out
        if all(want.values()):
            break
    assert all(want.values()), want
