"""``python -m kiosk``: the real supervisor process, signals, logs and tools."""

from __future__ import annotations

import io
import json
import logging
import os
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from game.kiosk_config import hash_pin, load_kiosk_config, verify_pin
from kiosk.app import HEARTBEAT_NAME, LOG_NAME, default_child_cmd, heartbeat_path, main

REPO = Path(__file__).resolve().parents[2]

CHILD = """\
import json, os, sys, time
from kiosk.heartbeat import Heartbeat
runs = sys.argv[1]
starts = len(open(runs).read().splitlines()) if os.path.exists(runs) else 0
with open(runs, "a") as fh:
    fh.write(json.dumps({
        "argv": sys.argv[2:], "pid": os.getpid(),
        "hb": os.environ.get("UNDERGROUND_HEARTBEAT_FILE"),
        "data": os.environ.get("UNDERGROUND_DATA_DIR"),
        "display": os.environ.get("PYGAME_DISPLAY"),
    }) + "\\n")
if starts == 0:
    sys.exit(5)
hb = Heartbeat.from_env()
while True:
    hb.beat()
    time.sleep(0.05)
"""


def read_runs(runs: Path) -> list[dict]:
    if not runs.exists():
        return []
    return [json.loads(l) for l in runs.read_text().splitlines() if l.strip()]


def gone(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True


def test_supervisor_process_restarts_logs_and_stops_cleanly_on_sigterm(tmp_path):
    config = tmp_path / "kiosk.toml"
    config.write_text(
        f'display = 1\nheartbeat_timeout_s = 5\nadmin_pin_hash = "{hash_pin("1357", iterations=1000)}"\n'
    )
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    runs = tmp_path / "runs.jsonl"
    data = tmp_path / "data"
    env = {k: v for k, v in os.environ.items() if k != "PYGAME_DISPLAY"}
    env.update(PYTHONPATH=str(REPO), UNDERGROUND_DATA_DIR=str(data))
    child_cmd = shlex.join([sys.executable, str(script), str(runs)])
    proc = subprocess.Popen(
        [sys.executable, "-m", "kiosk", "--config", str(config), "--child-cmd", child_cmd],
        cwd=REPO,
        env=env,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 15
        while len(read_runs(runs)) < 2 and time.monotonic() < deadline:
            assert proc.poll() is None, proc.stderr.read()
            time.sleep(0.05)
        started = read_runs(runs)
        assert len(started) == 2
        proc.send_signal(signal.SIGTERM)
        rc = proc.wait(timeout=10)
        stderr = proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert rc == 0, stderr
    assert gone(started[1]["pid"])  # the running game went down with it
    for run in started:
        assert run["hb"] == str(data / HEARTBEAT_NAME)
        assert run["data"] == str(data)
        assert run["display"] == "1"
        assert run["argv"] == []
    log_text = (data / LOG_NAME).read_text()
    for text in (log_text, stderr):
        assert "exited with code 5" in text
        assert "restarting the game in 1 s" in text
        assert "received SIGTERM" in text


def test_default_child_command_runs_the_game_in_kiosk_child_mode(tmp_path):
    path = tmp_path / "k.toml"
    assert default_child_cmd(path) == [
        sys.executable, "-m", "game.cli", "kiosk", "--child", "--config", str(path)
    ]


def test_check_config_reports_problems_and_exit_code(tmp_path, capsys):
    good = tmp_path / "good.toml"
    good.write_text(f'admin_pin_hash = "{hash_pin("1357", iterations=1000)}"\n')
    assert main(["check-config", str(good)]) == 0
    assert "OK" in capsys.readouterr().out
    bad = tmp_path / "bad.toml"
    bad.write_text('admin_pin_hash = "x"\nvolume = 3\n')
    assert main(["check-config", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "`volume`" in out and "`admin_pin_hash`" in out and "2 problem(s)" in out


def test_hash_pin_prints_a_line_the_config_accepts(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("2580\n"))
    assert main(["hash-pin"]) == 0
    line = capsys.readouterr().out.strip()
    assert line.startswith('admin_pin_hash = "pbkdf2_sha256$')
    path = tmp_path / "kiosk.toml"
    path.write_text(line + "\n")
    config, problems = load_kiosk_config(path)
    assert problems == []
    assert verify_pin("2580", config.admin_pin_hash)


def test_hash_pin_refuses_a_bad_pin_clearly(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("12ab\n"))
    assert main(["hash-pin"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "4 to 12 digits" in captured.err


@pytest.mark.soak
def test_real_backoff_reaches_attract_mode_after_three_quick_failures(tmp_path):
    """With the production timings: starts at about 0, 1, 3 and 7 s; the 4th is --attract."""
    config = tmp_path / "kiosk.toml"
    config.write_text(f'admin_pin_hash = "{hash_pin("1357", iterations=1000)}"\n')
    script = tmp_path / "child.py"
    script.write_text(
        "import json, sys\n"
        "open(sys.argv[1], 'a').write(json.dumps({'argv': sys.argv[2:]}) + '\\n')\n"
        "sys.exit(1)\n"
    )
    runs = tmp_path / "runs.jsonl"
    data = tmp_path / "data"
    env = dict(os.environ, PYTHONPATH=str(REPO), UNDERGROUND_DATA_DIR=str(data))
    proc = subprocess.Popen(
        [sys.executable, "-m", "kiosk", "--config", str(config),
         "--child-cmd", shlex.join([sys.executable, str(script), str(runs)])],
        cwd=REPO,
        env=env,
        stderr=subprocess.DEVNULL,
    )
    began = time.monotonic()
    try:
        while len(read_runs(runs)) < 4 and time.monotonic() - began < 30:
            time.sleep(0.1)
        elapsed = time.monotonic() - began
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=10) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert [r["argv"] for r in read_runs(runs)] == [[], [], [], ["--attract"]]
    assert 6.5 <= elapsed < 15  # waited 1 + 2 + 4 s between starts
    log_text = (data / LOG_NAME).read_text()
    assert "3 failures within 120 s" in log_text
    assert "restarting the game in 4 s" in log_text


def test_unwritable_data_dir_moves_the_heartbeat_to_a_temp_dir(tmp_path, caplog):
    blocked = tmp_path / "file-not-dir"
    blocked.write_text("")
    with caplog.at_level(logging.ERROR, logger="underground.kiosk"):
        path = heartbeat_path(blocked / "data")
    assert path.name == HEARTBEAT_NAME
    assert blocked not in path.parents
    assert path.parent.is_dir()
    assert "not writable" in caplog.text and str(path.parent) in caplog.text
