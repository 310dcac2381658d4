"""Autosave: a pulled plug must leave the old or the new save, never a half."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from game import autosave
from game.autosave import (
    DATA_DIR_ENV,
    data_dir,
    default_autosave_path,
    load_autosave,
    save_atomic,
)

REPO = Path(__file__).resolve().parents[2]


def leftovers(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name.endswith(".tmp"))


def test_save_and_load_round_trip_creating_the_directory(tmp_path):
    path = tmp_path / "deep" / "er" / "autosave.json"
    save_atomic(path, b'{"turn": 3}')
    assert load_autosave(path, json.loads) == ({"turn": 3}, None)
    save_atomic(path, b'{"turn": 4}')
    assert load_autosave(path, json.loads) == ({"turn": 4}, None)
    assert leftovers(path.parent) == []


def test_no_save_means_a_quiet_fresh_start(tmp_path):
    assert load_autosave(tmp_path / "autosave.json", json.loads) == (None, None)


def test_save_refuses_text(tmp_path):
    with pytest.raises(TypeError, match="needs bytes"):
        save_atomic(tmp_path / "a.json", "text")  # type: ignore[arg-type]


def test_readers_never_see_a_partial_file(tmp_path):
    path = tmp_path / "autosave.json"
    versions = [b"a" * 150_000, b"b" * 100_000, b"c" * 200_000]
    save_atomic(path, versions[0])
    seen: set[bytes] = set()
    bad: list[int] = []
    done = threading.Event()

    def reader():
        while not done.is_set():
            data = path.read_bytes()
            if data not in versions:
                bad.append(len(data))
            seen.add(data[:1])

    thread = threading.Thread(target=reader)
    thread.start()
    try:
        for i in range(400):  # until the reader has overlapped every version
            save_atomic(path, versions[i % 3])
            if i >= 30 and len(seen) == 3:
                break
    finally:
        done.set()
        thread.join()
    assert bad == []
    assert len(seen) == 3  # the reader really overlapped the writes
    assert leftovers(tmp_path) == []


def test_failure_before_rename_leaves_the_old_file_and_no_temp(tmp_path, monkeypatch):
    path = tmp_path / "autosave.json"
    save_atomic(path, b"old")

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(autosave.os, "replace", broken_replace)
    with pytest.raises(OSError, match="No space"):
        save_atomic(path, b"new")
    assert path.read_bytes() == b"old"
    assert leftovers(tmp_path) == []


def test_process_crash_between_write_and_rename_keeps_the_old_save(tmp_path):
    """A real process dies (os._exit) after writing the temp file, before the rename."""
    path = tmp_path / "autosave.json"
    save_atomic(path, b'{"turn": 1}')
    script = tmp_path / "crash.py"
    script.write_text(
        "import os, sys\n"
        "from game import autosave\n"
        "autosave.os.replace = lambda *a: os._exit(9)\n"
        "autosave.save_atomic(sys.argv[1], b'{\"turn\": 2, \"pad\": \"' + b'x' * 100000 + b'\"}')\n"
    )
    env = dict(os.environ, PYTHONPATH=str(REPO))
    result = subprocess.run([sys.executable, str(script), str(path)], env=env, timeout=30)
    assert result.returncode == 9
    assert path.read_bytes() == b'{"turn": 1}'
    temps = leftovers(tmp_path)
    assert len(temps) == 1  # the complete-but-unrenamed temp file
    # the next start loads the old save and clears the crash debris
    assert load_autosave(path, json.loads) == ({"turn": 1}, None)
    assert leftovers(tmp_path) == []


def test_corrupt_save_is_moved_aside_with_a_log_line(tmp_path, caplog):
    path = tmp_path / "autosave.json"
    path.write_bytes(b'{"turn": 3, "players": [')  # cut off mid-write by an old version
    with caplog.at_level(logging.WARNING, logger="underground.autosave"):
        obj, message = load_autosave(path, json.loads, clock=lambda: 0.0)
    assert obj is None
    assert message is not None and "corrupt" in message and str(path) in message
    assert not path.exists()
    aside = list(tmp_path.glob("autosave.json.corrupt-*"))
    assert len(aside) == 1
    assert aside[0].read_bytes() == b'{"turn": 3, "players": ['
    assert aside[0].name in message
    records = [r for r in caplog.records if r.name == "underground.autosave"]
    assert len(records) == 1 and records[0].levelno == logging.WARNING
    assert "corrupt" in records[0].getMessage() and aside[0].name in records[0].getMessage()
    # a later save starts fresh in the normal place
    save_atomic(path, b"{}")
    assert load_autosave(path, json.loads) == ({}, None)


def test_decoder_errors_of_any_kind_count_as_corrupt(tmp_path):
    path = tmp_path / "autosave.json"
    path.write_bytes(b"{}")

    def strict(raw: bytes):
        return json.loads(raw)["board"]  # KeyError: an old or foreign file

    obj, message = load_autosave(path, strict)
    assert obj is None and "KeyError" in message
    assert len(list(tmp_path.glob("autosave.json.corrupt-*"))) == 1


def test_same_second_corruptions_get_distinct_names_and_old_ones_are_pruned(tmp_path):
    path = tmp_path / "autosave.json"
    total = autosave.KEEP_CORRUPT + 8  # past 10, where "-10" < "-9" as text
    for i in range(total):
        path.write_bytes(b"not json %d" % i)
        load_autosave(path, json.loads, clock=lambda: 0.0)
    kept = {p.read_bytes() for p in tmp_path.glob("autosave.json.corrupt-*")}
    newest = {b"not json %d" % i for i in range(total - autosave.KEEP_CORRUPT, total)}
    assert kept == newest


def test_unreadable_save_is_reported_not_raised(tmp_path, caplog):
    path = tmp_path / "autosave.json"
    path.mkdir()  # a directory where the file should be
    with caplog.at_level(logging.ERROR, logger="underground.autosave"):
        obj, message = load_autosave(path, json.loads)
    assert obj is None and "could not read" in message
    assert any("could not read" in r.getMessage() for r in caplog.records)


def test_data_dir_precedence(monkeypatch, tmp_path):
    monkeypatch.delenv(DATA_DIR_ENV, raising=False)
    assert data_dir().name == "underground"
    assert data_dir(str(tmp_path / "cfg")) == tmp_path / "cfg"
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "env"))
    assert data_dir(str(tmp_path / "cfg")) == tmp_path / "env"
    assert default_autosave_path() == tmp_path / "env" / "autosave.json"
