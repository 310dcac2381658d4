"""Supervisor: real child processes that exit, hang, beat or ignore SIGTERM."""

from __future__ import annotations

import json
import logging
import os
import signal
import sys
import textwrap
import threading
import time
from pathlib import Path

import psutil
import pytest

from kiosk.heartbeat import HEARTBEAT_ENV
from kiosk.supervisor import ATTRACT_FLAG, RestartPolicy, Supervisor, describe_exit

REPO = Path(__file__).resolve().parents[2]

PRELUDE = """\
import json, os, signal, subprocess, sys, time
from kiosk.heartbeat import Heartbeat
with open(sys.argv[1], "a") as fh:
    fh.write(json.dumps({"argv": sys.argv[2:], "pid": os.getpid(),
                         "hb": os.environ.get("UNDERGROUND_HEARTBEAT_FILE")}) + "\\n")
"""


def child(tmp_path: Path, body: str) -> tuple[list[str], Path]:
    script = tmp_path / "child.py"
    script.write_text(PRELUDE + textwrap.dedent(body))
    runs = tmp_path / "runs.jsonl"
    return [sys.executable, str(script), str(runs)], runs


def read_runs(runs: Path) -> list[dict]:
    if not runs.exists():
        return []
    return [json.loads(line) for line in runs.read_text().splitlines() if line.strip()]


def fast_policy(**kw) -> RestartPolicy:
    kw.setdefault("failures_for_attract", 99)
    return RestartPolicy(backoff_base_s=0.05, backoff_cap_s=0.2, **kw)


def make(tmp_path: Path, cmd: list[str], **kw) -> Supervisor:
    kw.setdefault("policy", fast_policy())
    kw.setdefault("heartbeat_timeout_s", 5.0)
    kw.setdefault("poll_s", 0.05)
    env = dict(os.environ, PYTHONPATH=str(REPO))
    return Supervisor(cmd, heartbeat_file=tmp_path / "hb", env=env, **kw)


def gone(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True


# ------------------------------------------------------------ restart policy


def test_backoff_doubles_to_the_cap_and_resets_after_a_stable_run():
    policy = RestartPolicy(failure_window_s=0)
    t, delays = 0.0, []
    for _ in range(7):
        delays.append(policy.child_ended(t, t + 1))
        t += 2
    assert delays == [1, 2, 4, 8, 16, 30, 30]
    assert policy.child_ended(t, t + 60) == 1  # ran 60 s: counted as stable
    assert policy.child_ended(t + 61, t + 62) == 2


def test_attract_after_three_failures_within_two_minutes_only():
    policy = RestartPolicy()
    policy.child_ended(0, 10)
    policy.child_ended(11, 50)
    assert not policy.attract(51)
    policy.child_ended(52, 115)
    assert policy.attract(116)  # 10, 50, 115: three within 120 s
    assert not policy.attract(131)  # the failure at 10 s has aged out
    spread = RestartPolicy()
    for end in (0, 70, 140, 210):
        spread.child_ended(end - 1, end)
        assert not spread.attract(end)


def test_describe_exit_names_signals():
    assert describe_exit(3) == "exited with code 3"
    assert describe_exit(-signal.SIGKILL) == "was killed by signal SIGKILL (9)"


def test_empty_command_is_refused(tmp_path):
    with pytest.raises(ValueError, match="empty"):
        Supervisor([], heartbeat_file=tmp_path / "hb")


# ------------------------------------------------------------ real children


def test_restarts_a_child_that_exits_and_logs_why(tmp_path, caplog):
    cmd, runs = child(tmp_path, "sys.exit(3)\n")
    sup = make(tmp_path, cmd)
    with caplog.at_level(logging.INFO, logger="underground.kiosk"):
        assert sup.run(max_starts=3) == 0
    started = read_runs(runs)
    assert len(started) == 3
    assert all(r["hb"] == str(tmp_path / "hb") for r in started)
    assert [r.returncode for r in sup.history] == [3, 3, 3]
    assert all("exited with code 3" in r.reason for r in sup.history)
    assert [r.delay_s for r in sup.history] == [0.05, 0.1, 0.2]
    text = caplog.text
    assert text.count("exited with code 3") >= 3
    assert "restarting the game in 0.05 s" in text


def test_a_child_killed_by_a_signal_is_reported_by_signal_name(tmp_path, caplog):
    cmd, _ = child(tmp_path, "os.kill(os.getpid(), signal.SIGKILL)\n")
    sup = make(tmp_path, cmd)
    with caplog.at_level(logging.WARNING, logger="underground.kiosk"):
        sup.run(max_starts=1)
    assert sup.history[0].returncode == -signal.SIGKILL
    assert "killed by signal SIGKILL" in caplog.text


def test_hung_child_without_heartbeat_is_killed_and_restarted(tmp_path, caplog):
    cmd, runs = child(tmp_path, "time.sleep(60)\n")
    sup = make(tmp_path, cmd, heartbeat_timeout_s=0.5)
    began = time.monotonic()
    with caplog.at_level(logging.WARNING, logger="underground.kiosk"):
        sup.run(max_starts=2)
    assert time.monotonic() - began < 10
    assert len(read_runs(runs)) == 2
    for run in sup.history:
        assert run.returncode == -signal.SIGTERM
        assert "no heartbeat since it started" in run.reason
    assert all(gone(r["pid"]) for r in read_runs(runs))
    assert "no heartbeat since it started" in caplog.text and "limit 0.5 s" in caplog.text


def test_child_whose_heartbeat_stops_and_ignores_sigterm_gets_sigkill(tmp_path, caplog):
    body = """\
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        Heartbeat.from_env().beat()
        time.sleep(60)
    """
    cmd, runs = child(tmp_path, body)
    sup = make(tmp_path, cmd, heartbeat_timeout_s=0.6, kill_grace_s=0.3)
    with caplog.at_level(logging.WARNING, logger="underground.kiosk"):
        sup.run(max_starts=1)
    run = sup.history[0]
    assert run.returncode == -signal.SIGKILL
    assert "stale heartbeat" in run.reason
    assert "did not stop within 0.3 s of SIGTERM: sending SIGKILL" in caplog.text
    assert gone(read_runs(runs)[0]["pid"])


def test_child_that_keeps_beating_is_left_alone(tmp_path):
    body = """\
        hb = Heartbeat.from_env(min_interval_s=0.1)
        end = time.monotonic() + 2.0
        while time.monotonic() < end:
            hb.beat()
            time.sleep(0.02)
        sys.exit(0)
    """
    cmd, _ = child(tmp_path, body)
    sup = make(tmp_path, cmd, heartbeat_timeout_s=0.6)
    sup.run(max_starts=1)
    run = sup.history[0]
    assert run.returncode == 0, run.reason
    assert "exited with code 0" in run.reason
    assert run.ended_at - run.started_at >= 2.0


def test_repeated_failures_switch_the_child_to_attract_mode(tmp_path, caplog):
    cmd, runs = child(tmp_path, "sys.exit(1)\n")
    sup = make(tmp_path, cmd, policy=fast_policy(failures_for_attract=3))
    with caplog.at_level(logging.WARNING, logger="underground.kiosk"):
        sup.run(max_starts=5)
    argvs = [r["argv"] for r in read_runs(runs)]
    assert argvs == [[], [], [], [ATTRACT_FLAG], [ATTRACT_FLAG]]
    assert "3 failures within 120 s: starting the game straight into attract mode" in caplog.text


def test_attract_flag_is_dropped_once_failures_age_out(tmp_path):
    body = """\
        starts = len(open(sys.argv[1]).read().splitlines())
        if starts == 3:
            time.sleep(1.0)  # a longer run: earlier failures leave the window
        sys.exit(1)
    """
    cmd, runs = child(tmp_path, body)
    policy = fast_policy(failures_for_attract=2, failure_window_s=0.6)
    sup = make(tmp_path, cmd, policy=policy)
    sup.run(max_starts=4)
    argvs = [r["argv"] for r in read_runs(runs)]
    assert argvs == [[], [], [ATTRACT_FLAG], []]


def test_stop_ends_the_child_and_run_returns(tmp_path, caplog):
    body = """\
        hb = Heartbeat.from_env(min_interval_s=0.1)
        while True:
            hb.beat()
            time.sleep(0.05)
    """
    cmd, runs = child(tmp_path, body)
    sup = make(tmp_path, cmd, heartbeat_timeout_s=1.0)
    result: list[int] = []
    thread = threading.Thread(target=lambda: result.append(sup.run()))
    with caplog.at_level(logging.INFO, logger="underground.kiosk"):
        thread.start()
        deadline = time.monotonic() + 10
        while not read_runs(runs) and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(1.5)  # longer than the heartbeat limit: beats keep it alive
        sup.stop("test asked")
        thread.join(timeout=10)
    assert not thread.is_alive() and result == [0]
    assert len(read_runs(runs)) == 1
    assert gone(read_runs(runs)[0]["pid"])
    assert "stopped by the supervisor (test asked)" in sup.history[0].reason
    assert "supervisor stopping: test asked" in caplog.text


def test_processes_left_behind_by_a_dead_child_are_killed(tmp_path):
    body = """\
        helper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
        with open(sys.argv[1] + ".helper", "w") as fh:
            fh.write(str(helper.pid))
        os._exit(0)
    """
    cmd, runs = child(tmp_path, body)
    sup = make(tmp_path, cmd)
    sup.run(max_starts=1)
    helper_pid = int(Path(str(runs) + ".helper").read_text())
    deadline = time.monotonic() + 5
    while not gone(helper_pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert gone(helper_pid)


def test_a_command_that_cannot_start_is_retried_not_fatal(tmp_path, caplog):
    sup = make(tmp_path, [str(tmp_path / "no-such-game")])
    with caplog.at_level(logging.ERROR, logger="underground.kiosk"):
        assert sup.run(max_starts=2) == 0
    assert len(sup.history) == 2
    assert all("could not be started" in r.reason for r in sup.history)
    assert "could not start the game" in caplog.text


def test_a_stale_beat_from_the_previous_child_does_not_count(tmp_path):
    hb = tmp_path / "hb"
    cmd, _ = child(tmp_path, "time.sleep(60)\n")
    sup = make(tmp_path, cmd, heartbeat_timeout_s=0.5)
    hb.write_text("left over")
    sup.run(max_starts=1)
    assert "no heartbeat since it started" in sup.history[0].reason
    assert HEARTBEAT_ENV == "UNDERGROUND_HEARTBEAT_FILE"


# ------------------------------------------------------------ the operator's exit codes


def test_operator_exit_stops_the_supervisor(tmp_path, caplog):
    from kiosk.supervisor import EXIT_OPERATOR_STOP

    cmd, runs = child(tmp_path, f"sys.exit({EXIT_OPERATOR_STOP})\n")
    sup = make(tmp_path, cmd)
    with caplog.at_level(logging.INFO, logger="underground.kiosk"):
        assert sup.run(max_starts=5) == 0
    assert len(read_runs(runs)) == 1, "Exit in the admin menu is not restarted"
    assert "operator chose Exit" in caplog.text


def test_operator_restart_starts_again_at_once_without_counting_a_failure(tmp_path):
    from kiosk.supervisor import EXIT_OPERATOR_RESTART

    cmd, runs = child(tmp_path, f"sys.exit({EXIT_OPERATOR_RESTART})\n")
    sup = make(tmp_path, cmd, policy=RestartPolicy(backoff_base_s=5, failures_for_attract=2))
    t0 = time.monotonic()
    sup.run(max_starts=3)
    assert len(read_runs(runs)) == 3
    assert time.monotonic() - t0 < 4, "no back-off for an operator restart"
    assert all(ATTRACT_FLAG not in r["argv"] for r in read_runs(runs)), "restarts are not failures"


def test_game_and_supervisor_agree_on_exit_codes():
    from game.ui.kiosk import mode as kiosk_mode
    from kiosk.supervisor import EXIT_OPERATOR_RESTART, EXIT_OPERATOR_STOP

    assert kiosk_mode.EXIT_STOP == EXIT_OPERATOR_STOP and kiosk_mode.EXIT_RESTART == EXIT_OPERATOR_RESTART
