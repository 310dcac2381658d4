"""Keeps the game running on an unattended table.

The game runs as a child process.  When it exits (any code but the operator's
Exit and Restart, see EXIT_OPERATOR_*) or dies by a signal, or freezes (its
heartbeat file stops changing), the supervisor logs why and
starts it again, backing off 1, 2, 4 ... 30 s so a game that dies at once does
not spin the CPU.  Three failures within two minutes suggest the saved game or
a player's situation keeps crashing it, so the next start skips straight to
attract mode (``--attract``).
"""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Mapping, Sequence

from kiosk.heartbeat import HEARTBEAT_ENV

__all__ = ["ATTRACT_FLAG", "EXIT_OPERATOR_RESTART", "EXIT_OPERATOR_STOP", "ChildRun", "RestartPolicy", "Supervisor", "describe_exit"]

ATTRACT_FLAG = "--attract"
# Exit codes the game uses to talk to the supervisor (game/ui/kiosk/mode.py uses the same numbers).
EXIT_OPERATOR_STOP = 0  # Exit in the admin menu: stop supervising, do not restart
EXIT_OPERATOR_RESTART = 75  # Restart in the admin menu (EX_TEMPFAIL): start again at once, not a failure

log = logging.getLogger("underground.kiosk")


@dataclass
class RestartPolicy:
    """When to restart and whether to start in attract mode (pure, clock-free)."""

    backoff_base_s: float = 1.0
    backoff_cap_s: float = 30.0
    stable_after_s: float = 60.0
    failure_window_s: float = 120.0
    failures_for_attract: int = 3
    _delay: float | None = field(default=None, init=False, repr=False)
    _failures: deque[float] = field(default_factory=deque, init=False, repr=False)

    def child_ended(self, started_at: float, ended_at: float) -> float:
        """Record a failure; return the seconds to wait before the next start."""
        if self._delay is None or ended_at - started_at >= self.stable_after_s:
            self._delay = self.backoff_base_s
        delay = self._delay
        self._delay = min(self._delay * 2, self.backoff_cap_s)
        self._failures.append(ended_at)
        self._prune(ended_at)
        return delay

    def recent_failures(self, now: float) -> int:
        self._prune(now)
        return len(self._failures)

    def attract(self, now: float) -> bool:
        return self.recent_failures(now) >= self.failures_for_attract

    def _prune(self, now: float) -> None:
        while self._failures and now - self._failures[0] > self.failure_window_s:
            self._failures.popleft()


@dataclass
class ChildRun:
    """One start of the game, kept so tests and logs can say what happened."""

    argv: list[str]
    started_at: float
    ended_at: float | None = None
    returncode: int | None = None
    reason: str = ""
    delay_s: float | None = None
    killed: bool = False  # ended by the supervisor (stale heartbeat), not by itself


def describe_exit(returncode: int) -> str:
    if returncode < 0:
        try:
            name = signal.Signals(-returncode).name
        except ValueError:
            name = "an unknown signal"
        return f"was killed by signal {name} ({-returncode})"
    return f"exited with code {returncode}"


class Supervisor:
    """Runs ``child_cmd`` until ``stop()``; see the module docstring for the rules."""

    def __init__(
        self,
        child_cmd: Sequence[str],
        *,
        heartbeat_file: str | os.PathLike[str],
        heartbeat_timeout_s: float | None = 20.0,
        policy: RestartPolicy | None = None,
        kill_grace_s: float = 3.0,
        poll_s: float = 0.1,
        env: Mapping[str, str] | None = None,
        cwd: str | os.PathLike[str] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if not child_cmd:
            raise ValueError("the child command is empty: nothing to supervise")
        if heartbeat_timeout_s is not None and heartbeat_timeout_s <= 0:
            raise ValueError(f"heartbeat_timeout_s must be positive, got {heartbeat_timeout_s}")
        self.child_cmd = list(child_cmd)
        self.heartbeat_file = Path(heartbeat_file)
        self.heartbeat_timeout_s = heartbeat_timeout_s
        self.policy = policy or RestartPolicy()
        self.kill_grace_s = kill_grace_s
        self.poll_s = poll_s
        self.env = dict(os.environ if env is None else env)
        self.cwd = cwd
        self.clock = clock
        self.history: list[ChildRun] = []
        # A plain flag, not threading.Event: Event.set() takes a lock and can
        # deadlock when a signal handler interrupts the thread holding it.
        self._stop_requested = False
        self._stop_reason = ""

    # ------------------------------------------------------------- control

    def stop(self, reason: str = "stop requested") -> None:
        """Ask ``run`` to stop the game and return; safe from signal handlers."""
        self._stop_reason = reason
        self._stop_requested = True

    @property
    def stopping(self) -> bool:
        return self._stop_requested

    def _wait(self, seconds: float) -> bool:
        """Sleep in short steps so a stop request is seen within ``poll_s``."""
        deadline = time.monotonic() + seconds
        while not self._stop_requested:
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            time.sleep(min(left, self.poll_s))
        return True

    def run(self, max_starts: int | None = None) -> int:
        """Supervise until stopped (or after ``max_starts`` runs, for tests); returns 0."""
        starts = 0
        while not self._stop_requested:
            now = self.clock()
            attract = self.policy.attract(now)
            argv = self.child_cmd + ([ATTRACT_FLAG] if attract else [])
            if attract:
                log.warning(
                    "%d failures within %.0f s: starting the game straight into attract mode (%s)",
                    self.policy.recent_failures(now),
                    self.policy.failure_window_s,
                    ATTRACT_FLAG,
                )
            run = ChildRun(argv=argv, started_at=now)
            self.history.append(run)
            starts += 1
            self._run_child(run)
            if run.ended_at is None:  # stopped on request while running
                break
            if not run.killed and run.returncode == EXIT_OPERATOR_STOP:
                log.info("the operator chose Exit in the admin menu: the supervisor stops")
                break
            if not run.killed and run.returncode == EXIT_OPERATOR_RESTART:
                log.info("the operator chose Restart in the admin menu: starting the game again")
                run.delay_s = 0.0
                if max_starts is not None and starts >= max_starts:
                    break
                continue
            delay = self.policy.child_ended(run.started_at, run.ended_at)
            run.delay_s = delay
            if max_starts is not None and starts >= max_starts:
                break
            log.warning(
                "restarting the game in %g s (%d failure(s) in the last %.0f s)",
                delay,
                self.policy.recent_failures(run.ended_at),
                self.policy.failure_window_s,
            )
            if self._wait(delay):
                break
        if self._stop_requested:
            log.info("supervisor stopping: %s", self._stop_reason)
        return 0

    # ------------------------------------------------------------ one child

    def _child_env(self) -> dict[str, str]:
        env = dict(self.env)
        env[HEARTBEAT_ENV] = str(self.heartbeat_file)
        return env

    def _clear_heartbeat(self) -> None:
        """A beat left by the previous child must not vouch for the new one."""
        try:
            self.heartbeat_file.unlink()
        except FileNotFoundError:
            pass
        except OSError as exc:
            log.warning("cannot remove the old heartbeat file %s: %s", self.heartbeat_file, exc)
        try:
            self.heartbeat_file.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            log.error(
                "cannot create %s for the heartbeat file (%s): the game will look frozen",
                self.heartbeat_file.parent,
                exc,
            )

    def _read_heartbeat(self) -> bytes | None:
        try:
            return self.heartbeat_file.read_bytes()
        except OSError:
            return None

    def _run_child(self, run: ChildRun) -> None:
        self._clear_heartbeat()
        try:
            proc = subprocess.Popen(
                run.argv,
                env=self._child_env(),
                cwd=self.cwd,
                start_new_session=os.name == "posix",
            )
        except OSError as exc:
            run.ended_at = self.clock()
            run.reason = f"could not be started ({exc}); command: {run.argv}"
            log.error("could not start the game: %s; command: %s", exc, run.argv)
            return
        log.info("started the game (pid %d): %s", proc.pid, " ".join(run.argv))
        last_seen: bytes | None = None
        last_change = run.started_at
        while True:
            # Checked first: under systemd the game gets the same SIGTERM
            # and may exit before the supervisor notices its own.
            if self._stop_requested:
                log.info("stopping the game (pid %d): %s", proc.pid, self._stop_reason)
                run.returncode = self._terminate(proc)
                run.reason = f"stopped by the supervisor ({self._stop_reason})"
                log.info("the game (pid %d) %s", proc.pid, describe_exit(run.returncode))
                return
            rc = proc.poll()
            if rc is not None:
                run.ended_at = self.clock()
                run.returncode = rc
                run.reason = (
                    f"{describe_exit(rc)} after {run.ended_at - run.started_at:.1f} s"
                )
                log.warning("the game (pid %d) %s", proc.pid, run.reason)
                self._kill_leftovers(proc)
                return
            beat = self._read_heartbeat()
            now = self.clock()
            if beat is not None and beat != last_seen:
                last_seen, last_change = beat, now
            silent = now - last_change
            if self.heartbeat_timeout_s is not None and silent > self.heartbeat_timeout_s:
                what = "no heartbeat since it started" if last_seen is None else "a stale heartbeat"
                log.warning(
                    "the game (pid %d) has %s: silent for %.1f s (limit %g s): killing it",
                    proc.pid,
                    what,
                    silent,
                    self.heartbeat_timeout_s,
                )
                run.returncode = self._terminate(proc)
                run.ended_at = self.clock()
                run.killed = True
                log.warning("the game (pid %d) %s", proc.pid, describe_exit(run.returncode))
                run.reason = (
                    f"had {what} (silent {silent:.1f} s, limit "
                    f"{self.heartbeat_timeout_s:g} s); after being stopped it "
                    f"{describe_exit(run.returncode)}"
                )
                return
            time.sleep(self.poll_s)

    def _signal(self, proc: subprocess.Popen[bytes], sig: int) -> None:
        try:
            if os.name == "posix":
                os.killpg(proc.pid, sig)
            elif sig == getattr(signal, "SIGKILL", None):
                proc.kill()
            else:
                proc.terminate()
        except (ProcessLookupError, PermissionError):
            pass

    def _terminate(self, proc: subprocess.Popen[bytes]) -> int:
        """SIGTERM so the game can save, then SIGKILL if it does not go."""
        self._signal(proc, signal.SIGTERM)
        try:
            rc = proc.wait(timeout=self.kill_grace_s)
        except subprocess.TimeoutExpired:
            log.warning(
                "the game (pid %d) did not stop within %g s of SIGTERM: sending SIGKILL",
                proc.pid,
                self.kill_grace_s,
            )
            self._signal(proc, getattr(signal, "SIGKILL", signal.SIGTERM))
            rc = proc.wait()
        self._kill_leftovers(proc)
        return rc

    def _kill_leftovers(self, proc: subprocess.Popen[bytes]) -> None:
        """Helpers the dead game started (its process group) would hold the screen or CPU."""
        if os.name != "posix":
            return
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            return
        log.info("killed processes left behind by the game (process group %d)", proc.pid)
