"""The review's background process: it follows a game turn by turn while it is played and reviews the people's
turns (review.py), so the review is ready a moment after the last action and no frame ever waits for it.

The table (:class:`Reviewer`, in the game's process) sends the actions of every finished turn, as the record
holds them, over a queue; the process (``serve``, engine only: no pygame is imported in it) replays them with the
engine, works out the expert's side of a person's turn as soon as that turn starts (while the person thinks),
finishes the review of the turn once it is played, and sends back each turn's review, the win chances after
every turn and its progress. It runs at a lower priority (``os.nice``), so the table's frames come first.
Nothing here blocks the table: sending is a queue put, reading is ``get_nowait``.

Closing (a new game, quitting) asks the process to stop, waits a moment, then terminates and, failing that,
kills it, and always joins it, so no process is left behind. A table's process that dies without closing it
(killed, crashed) is noticed by the review's process within ``PARENT_CHECK_S`` (or after the task it is on), and
it ends too.
"""
from __future__ import annotations

import logging
import multiprocessing
import os
import queue
import sys
import time
from collections import deque

import msgspec

from ..engine import GameState
from ..engine.actions import Action
from ..engine.rules import apply, start
from ..engine.state import Setup

log = logging.getLogger("underground.review")

NICE = 19  # the lowest priority: at 10 the frame p99 of a table at load 5-6 rose from 8-12 ms to 19-55 ms (docs/bench.md)
PARENT_CHECK_S = 1.0  # an idle process looks this often whether the table's process is still there
_ACTIONS = msgspec.msgpack.Decoder(list[Action])
_SETUP = msgspec.msgpack.Decoder(Setup)


class _Follower:
    """The process's side: the game replayed from the actions sent, and the reviews still to do."""

    def __init__(self, setup: Setup, people: list[int], seed: int, from_index: int, outbox, settings: dict):
        from .review import Decision

        self.Decision = Decision
        self.state = start(setup)
        self.people = set(people)
        self.seed = seed
        self.from_index = from_index
        self.outbox = outbox
        self.settings = settings  # Decision's worlds and level
        self.tasks: deque = deque()
        self.turn: tuple[int, int, int] | None = None  # (first action's index, turn number, seat) being played
        self.decision = None
        self.to_review = 0
        self.reviewed = 0
        self.finished_turns = 0
        self._open_turn()
        self._send_chances()

    def _open_turn(self) -> None:
        st = self.state
        if st.over:
            self.turn = None
            return
        at = len(st.log)
        self.turn = (at, st.turn, st.current)
        self.decision = None
        if st.current in self.people and at >= self.from_index:
            self.decision = self.Decision(st.copy(), st.current, at, self.seed, **self.settings)
            self.tasks.append(("prepare", self.decision))

    def _send_chances(self) -> None:
        from .review import win_chances

        self.outbox.put(("chances", self.finished_turns, win_chances(self.state)))

    def add(self, actions: list) -> None:
        for a in actions:
            apply(self.state, a)
            st = self.state
            if self.turn is not None and (st.over or st.turn != self.turn[1]):
                start_at = self.turn[0]
                if self.decision is not None:
                    self.tasks.append(("finish", self.decision, list(st.log[start_at:])))
                    self.to_review += 1
                self.finished_turns += 1
                self._send_chances()
                self._open_turn()
        self._progress()

    def _progress(self) -> None:
        self.outbox.put(("progress", self.reviewed, self.to_review, self.state.over))

    def step(self) -> None:
        """One task: the expert's side of a turn, or the review of a played turn."""
        kind, decision, *rest = self.tasks.popleft()
        if kind == "prepare":
            decision.prepare()
            return
        self.outbox.put(("decision", decision.finish(rest[0])))
        self.reviewed += 1
        self._progress()


def serve(setup_data: bytes, people: list[int], seed: int, from_index: int, nice: int, inbox, outbox,
          settings: dict | None = None) -> None:
    """The process: follow the game from ``inbox`` until told to stop (None), reviewing as it goes."""
    try:
        os.nice(nice)
    except (AttributeError, OSError):  # a platform without it: the process still works, at the same priority
        pass
    outbox.put(("hello", os.getpid(), "pygame" in sys.modules))
    follower = _Follower(_SETUP.decode(setup_data), people, seed, from_index, outbox, settings or {})
    parent = multiprocessing.parent_process()
    while True:
        if parent is not None and not parent.is_alive():
            return  # the table's process is gone (killed, crashed): nobody will read the review
        try:
            msg = inbox.get(timeout=PARENT_CHECK_S) if not follower.tasks else inbox.get_nowait()
        except queue.Empty:
            msg = ()
        if msg is None:
            return
        if msg:
            follower.add(_ACTIONS.decode(msg[1]))
            continue
        if not follower.tasks:
            continue  # nothing came within PARENT_CHECK_S: look at the table's process again
        try:
            follower.step()
        except Exception as exc:  # noqa: BLE001 - one turn that cannot be reviewed must not end the review
            log.exception("review of a turn failed")
            outbox.put(("error", repr(exc)))


class Reviewer:
    """The table's handle on the review process of one game: feed it, poll it, close it.

    ``people``: the seats people play (only their turns are reviewed). ``from_index``: turns starting before
    this action are not reviewed (a practice game replays the real game's start).
    """

    def __init__(self, state: GameState, people: list[int], seed: int = 0, from_index: int = 0, nice: int = NICE,
                 **settings):
        """``settings``: ai.review.Decision's ``worlds`` and ``level`` (tests ask for a quicker review)."""
        ctx = multiprocessing.get_context("spawn")  # a fresh interpreter: nothing of the table (pygame) in it
        self.setup = state.setup
        self.people = sorted(people)
        self._inbox = ctx.Queue()
        self._outbox = ctx.Queue()
        self.process = ctx.Process(target=serve, name="underground-review", daemon=True,
                                   args=(msgspec.msgpack.encode(state.setup), self.people, seed, from_index, nice,
                                         self._inbox, self._outbox, settings))
        self.process.start()
        self.fed = 0  # actions sent
        self.decisions: list[dict] = []
        self.chances: dict[int, list[float]] = {}  # finished turns -> each seat's chance to win after them
        self.reviewed = 0
        self.to_review = 0
        self.game_over = False  # the process has seen the last action
        self.child_pid: int | None = None
        self.child_has_pygame: bool | None = None
        self.errors: list[str] = []
        self.ready_at: float | None = None  # perf_counter when the whole review was in
        self.exitcode: int | None = None  # the process's, once closed

    def for_game(self, state: GameState) -> bool:
        """True when this review follows ``state``'s game."""
        return state.setup is self.setup or state.setup == self.setup

    def feed(self, state: GameState) -> None:
        """Send the actions of the turns finished since the last call (the whole record once it is over)."""
        upto = len(state.log) if state.over else state.turn_log_start
        if upto > self.fed and self.process is not None:
            self._inbox.put(("actions", msgspec.msgpack.encode(list(state.log[self.fed:upto]))))
            self.fed = upto

    def poll(self) -> bool:
        """Take in what the process has sent (never waits); True when anything new came."""
        changed = False
        while True:
            try:
                msg = self._outbox.get_nowait()
            except (queue.Empty, OSError, ValueError, EOFError):
                return changed
            changed = True
            kind = msg[0]
            if kind == "decision":
                self.decisions.append(msg[1])
            elif kind == "chances":
                self.chances[msg[1]] = list(msg[2])
            elif kind == "progress":
                self.reviewed, self.to_review, self.game_over = msg[1], msg[2], msg[3]
                if self.ready and self.ready_at is None:
                    self.ready_at = time.perf_counter()
            elif kind == "hello":
                self.child_pid, self.child_has_pygame = msg[1], msg[2]
            elif kind == "error":
                self.errors.append(msg[1])

    @property
    def ready(self) -> bool:
        """The game is over and every person's turn has its review."""
        return self.game_over and self.reviewed >= self.to_review

    def chance_history(self, n_players: int) -> list[list[float]]:
        """Win chances after 0, 1, 2, ... finished turns, as far as they have come (no gaps)."""
        out = []
        k = 0
        while k in self.chances and len(self.chances[k]) == n_players:
            out.append(self.chances[k])
            k += 1
        return out

    def close(self, timeout: float = 1.0) -> None:
        """Stop the process and reap it (asked, then terminated, then killed); safe to call twice."""
        proc = self.process
        if proc is None:
            return
        self.process = None
        try:
            self._inbox.put(None)
        except (OSError, ValueError):
            pass
        proc.join(timeout)
        if proc.is_alive():
            proc.terminate()
            proc.join(timeout)
        if proc.is_alive():
            proc.kill()
            proc.join()
        self.exitcode = proc.exitcode
        for q in (self._inbox, self._outbox):
            q.cancel_join_thread()
            q.close()
        proc.close()
