"""game/saves.py without a screen: saved games round-trip exactly, bad files are moved aside and named,
finished games go to the history, and the autosaver writes each change once, off the game's thread."""
from __future__ import annotations

import hashlib
import json
import os

import msgspec
import pytest

from game import saves
from game.ai import RandomBot
from game.engine import apply, new_game
from game.saves import Autosaver, SaveStore
from game.ui.seats import SeatConfig


def digest(state) -> str:
    return hashlib.sha256(json.dumps(msgspec.to_builtins(state), sort_keys=True).encode()).hexdigest()


def played(map_id: str = "london", n: int = 3, actions: int | None = 25, seed: int = 5):
    state = new_game(map_id, ["Ada", "Ben", "Chloe", "Dev", "Ezra"][:n], seed=seed)
    bot = RandomBot(seed)
    k = 0
    while not state.over and (actions is None or k < actions):
        apply(state, bot.choose(state))
        k += 1
    return state


def seats_for(state):
    return [SeatConfig(name=p.name, edge="bottom", computer=i == 1, level="hard", colours=list(state.setup.lines[i]))
            for i, p in enumerate(state.players)]


@pytest.mark.parametrize("map_id", ["london", "berlin"])
def test_a_saved_game_loads_as_exactly_the_same_position(tmp_path, map_id):
    store = SaveStore(tmp_path)
    state = played(map_id)
    game_id = store.new_id(state)
    path = store.save(game_id, state, seats_for(state), "fast")
    assert path == tmp_path / "saves" / f"{game_id}.json"
    loaded, message = store.load(game_id)
    assert message is None
    assert digest(loaded.state) == digest(state)
    assert loaded.seats == seats_for(state) and loaded.computer_speed == "fast"
    entries, problems = store.unfinished()
    assert problems == [] and [e.id for e in entries] == [game_id]
    s = entries[0].summary
    assert s.players == ["Ada", "Ben", "Chloe"] and s.turn == state.turn + 1
    assert s.to_play == state.players[state.current].name and s.actions == len(state.log)


def test_the_store_lives_in_the_data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("UNDERGROUND_DATA_DIR", str(tmp_path / "elsewhere"))
    store = SaveStore()
    assert store.saves_dir == tmp_path / "elsewhere" / "saves"
    assert store.history_dir == tmp_path / "elsewhere" / "history"


def test_unfinished_games_are_listed_most_recent_first(tmp_path):
    t = [1000.0]
    store = SaveStore(tmp_path, clock=lambda: t[0])
    a, b = played(seed=1), played(seed=2)
    store.save("a", a, seats_for(a))
    t[0] = 2000.0
    store.save("b", b, seats_for(b))
    t[0] = 3000.0
    store.save("a", a, seats_for(a), started=1000.0)  # a was played again: it is the latest now
    entries, _ = store.unfinished()
    assert [e.id for e in entries] == ["a", "b"]
    assert entries[0].started == 1000.0 and entries[0].saved == 3000.0


PARSER_WORDS = ("JSON", "Object", "Expected", "field", "schema", "msgspec", "`", "$.", "truncated", "byte")


def _newer_save() -> bytes:
    state = played(actions=4)
    return saves.encode_game("x", state, seats_for(state), "normal", 0.0, 0.0).replace(
        b'"schema_version":1', b'"schema_version":2', 1)


@pytest.mark.parametrize("content,why", [
    (b'{"format": "underground-save", "schema_ver', "cut_short"),
    (b"{not json", "garbled"),
    (b"\x00\x01\x02" * 40, "garbled"),
    (b"", "empty"),
    (b"   \n", "empty"),
    (b"[1, 2, 3]", "not_ours"),
    (b'{"format": "something-else", "schema_version": 1, "id": "x", "started": 0, "saved": 0, "summary": '
     b'{"map": "london", "board": "London", "variant": "standard", "players": [], "turn": 1, "to_play": "",'
     b' "actions": 0, "scores": []}}', "not_ours"),
    (b'{"format": "underground-record", "schema_version": 1, "map": "london"}', "a_record"),
    (b'{"format": "underground-save", "schema_version": 99}', "newer"),
    (b'{"format": "underground-save"}', "damaged"),
    (None, "newer"),  # a whole save written by a newer version
])
def test_a_save_that_does_not_read_is_set_aside_with_a_reason_in_plain_words(tmp_path, content, why):
    """The file is renamed to <name>.corrupt-<time> (kept as it was, never deleted), the good games are still
    offered, and the reason is said without a parser's words (issue 20, item 3)."""
    content = _newer_save() if content is None else content
    store = SaveStore(tmp_path, clock=lambda: 1_779_000_000.0)
    good = played()
    store.save("good", good, seats_for(good))
    bad = store.saves_dir / "broken.json"
    bad.write_bytes(content)
    entries, problems = store.unfinished()
    assert [e.id for e in entries] == ["good"] and problems == []  # the good one is still offered
    assert not bad.exists()
    [item] = store.set_aside()
    assert item.name == "broken.json" and not item.finished and item.path.read_bytes() == content
    assert item.path.name.startswith("broken.json.corrupt-") and item.path.parent == store.saves_dir
    assert abs(item.when - 1_779_000_000.0) < 1  # when it was set aside, from its name
    assert store.reason(item) == why
    text = saves.reason_text(store.reason(item))
    assert text and not [w for w in PARSER_WORDS if w in text], text
    assert store.unfinished() == (entries, [])  # once set aside it is no longer in the way
    assert store.unseen_set_aside() == [item]


def test_a_save_whose_record_does_not_replay_is_set_aside_when_opened(tmp_path):
    store = SaveStore(tmp_path)
    state = played()
    store.save("g", state, seats_for(state))
    raw = json.loads(store.save_path("g").read_bytes())
    first = raw["record"]["actions"][0]
    raw["record"]["actions"].insert(1, first)  # the same placement twice: illegal
    store.save_path("g").write_text(json.dumps(raw))
    assert [e.id for e in store.unfinished()[0]] == ["g"]  # the header still reads
    loaded, message = store.load("g")
    assert loaded is None and message == ""  # set aside: the screens' notice counts it
    assert not store.save_path("g").exists()
    [item] = store.set_aside()
    assert item.name == "g.json" and store.reason(item) == "no_replay"


def test_a_finished_game_that_does_not_read_is_set_aside_as_a_finished_game(tmp_path):
    store = SaveStore(tmp_path)
    state = played(actions=None)
    path = store.save("done", state, seats_for(state))
    path.write_bytes(path.read_bytes()[:300])
    assert store.history() == ([], [])
    [item] = store.set_aside()
    assert item.finished and item.name == "done.json" and store.reason(item) == "cut_short"


def test_the_notice_is_dismissed_until_another_file_is_set_aside(tmp_path):
    """Dismissing remembers the files seen (in the data dir, beside the folders) and deletes nothing; a new
    file set aside brings the notice back, for that file."""
    t = [1_779_000_000.0]
    store = SaveStore(tmp_path, clock=lambda: t[0])
    store.saves_dir.mkdir(parents=True)
    (store.saves_dir / "a.json").write_bytes(b"{")
    (store.saves_dir / "b.json").write_bytes(b"")
    store.unfinished()
    assert len(store.unseen_set_aside()) == 2
    kept = sorted(p.name for p in store.saves_dir.iterdir())
    assert store.dismiss_set_aside() is None
    assert store.unseen_set_aside() == [] and len(store.set_aside()) == 2
    assert sorted(p.name for p in store.saves_dir.iterdir()) == kept, "dismissing deletes nothing"
    assert SaveStore(tmp_path).unseen_set_aside() == [], "the dismissal is remembered"
    t[0] += 60
    (store.saves_dir / "c.json").write_bytes(b"{")
    store.unfinished()
    assert [a.name for a in store.unseen_set_aside()] == ["c.json"]
    store.seen_path.write_bytes(b"not json")  # a dismissal that does not read: everything is news again
    assert len(store.unseen_set_aside()) == 3


def test_a_save_that_cannot_be_set_aside_is_named_and_left(tmp_path, monkeypatch):
    store = SaveStore(tmp_path)
    store.saves_dir.mkdir(parents=True)
    bad = store.saves_dir / "broken.json"
    bad.write_bytes(b"{")

    def refuse(*_):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(saves.os, "replace", refuse)
    entries, problems = store.unfinished()
    assert entries == [] and "broken.json" in problems[0] and "could not be set aside" in problems[0]
    assert bad.exists() and store.set_aside() == []


def test_delete_removes_only_that_game(tmp_path):
    store = SaveStore(tmp_path)
    a, b = played(seed=1), played(seed=2)
    store.save("a", a, seats_for(a))
    store.save("b", b, seats_for(b))
    assert store.delete("a") is None
    assert [e.id for e in store.unfinished()[0]] == ["b"]
    assert store.delete("a") is None  # already gone: nothing to say
    loaded, message = store.load("a")
    assert loaded is None and "gone" in message


def test_a_finished_game_goes_to_the_history_with_its_winners(tmp_path):
    store = SaveStore(tmp_path)
    state = played(actions=None)
    assert state.over
    store.save("g", played(actions=30), seats_for(state))
    store.save("g", state, seats_for(state))
    assert store.unfinished() == ([], [])
    history, problems = store.history()
    assert problems == [] and [e.id for e in history] == ["g"]
    s = history[0].summary
    from game.engine.rules import winners

    assert s.finished and s.winners == [state.players[i].name for i in winners(state)]
    assert s.scores == [p.score for p in state.players]
    loaded, message = store.load("g", folder=saves.HISTORY_DIR)
    assert message is None and digest(loaded.state) == digest(state)


def test_the_history_keeps_the_newest_games(tmp_path, monkeypatch):
    monkeypatch.setattr(saves, "KEEP_HISTORY", 3)
    store = SaveStore(tmp_path)
    state = played(actions=None)
    for i in range(5):
        store.save(f"2026010{i}-g", state, seats_for(state))
    assert sorted(p.stem for p in store.history_dir.glob("*.json")) == ["20260102-g", "20260103-g", "20260104-g"]


def test_new_ids_never_reuse_a_file(tmp_path):
    store = SaveStore(tmp_path, clock=lambda: 0.0)
    state = played()
    first = store.new_id(state)
    store.save(first, state, seats_for(state))
    second = store.new_id(state)
    assert second != first and second.startswith(first)
    assert "london" in first


class _Table:
    """What the autosaver looks at: a scene with the game's state and seats (a PlayScene has these)."""

    def __init__(self, state):
        self.state = state
        self.seats = seats_for(state)
        self.computer_speed = "slow"


def test_the_autosaver_writes_each_change_once_in_the_background(tmp_path):
    store = SaveStore(tmp_path)
    saver = Autosaver(store)
    state = played(actions=10)
    table = _Table(state)
    saver.check([table])
    saver.check([table])
    saver.flush()
    assert saver.writes == 1
    game_id = saver.game_id(state)
    bot = RandomBot(3)
    for _ in range(5):
        apply(state, bot.choose(state))
        saver.check([table])
    saver.flush()
    assert saver.writes == 6
    loaded, _ = store.load(game_id)
    assert digest(loaded.state) == digest(state) and loaded.computer_speed == "slow"
    while not state.over:
        apply(state, bot.choose(state))
    saver.check([table])
    saver.check([table])
    saver.close()
    assert store.unfinished()[0] == [] and [e.id for e in store.history()[0]] == [game_id]


def test_a_continued_game_writes_to_its_own_save(tmp_path):
    store = SaveStore(tmp_path)
    state = played(actions=10)
    store.save("kept", state, seats_for(state), started=123.0)
    loaded, _ = store.load("kept")
    saver = Autosaver(store, background=False)
    saver.adopt(loaded.state, "kept", loaded.started)
    saver.check([_Table(loaded.state)])
    assert saver.writes == 0  # nothing new since it was read
    apply(loaded.state, RandomBot(1).choose(loaded.state))
    saver.check([_Table(loaded.state)])
    assert saver.writes == 1 and [e.id for e in store.unfinished()[0]] == ["kept"]
    assert store.unfinished()[0][0].started == 123.0


def test_a_scene_can_opt_out_of_saving(tmp_path):
    saver = Autosaver(SaveStore(tmp_path), background=False)
    table = _Table(played(actions=4))
    table.save_game = False
    saver.check([table])
    assert saver.writes == 0 and not (tmp_path / "saves").exists()


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root can write to a read-only folder")
def test_a_disk_that_refuses_is_reported_and_play_goes_on(tmp_path):
    (tmp_path / "saves").mkdir()
    os.chmod(tmp_path / "saves", 0o500)
    try:
        saver = Autosaver(SaveStore(tmp_path), background=False)
        state = played(actions=4)
        saver.check([_Table(state)])
        assert saver.writes == 0 and "Could not save" in saver.failed
    finally:
        os.chmod(tmp_path / "saves", 0o700)


def test_a_write_error_is_reported_and_play_goes_on(tmp_path, monkeypatch):
    store = SaveStore(tmp_path)
    saver = Autosaver(store, background=False)
    state = played(actions=4)

    def full_disk(*_):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves, "save_atomic", full_disk)
    saver.check([_Table(state)])
    assert saver.writes == 0 and "No space left" in saver.failed
    monkeypatch.undo()
    apply(state, RandomBot(1).choose(state))
    saver.check([_Table(state)])
    assert saver.writes == 1 and saver.failed is None
