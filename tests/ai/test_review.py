"""The game review (game/ai/review.py, review_worker.py): a planted blunder is found on every board and costs
points, only people's turns are reviewed, the try-again position is the reviewed one but for the unseen cards,
the work runs in another process (lower priority, no pygame) that is reaped on close, and the win chances
shown to the table read nothing secret."""
from __future__ import annotations

import os
import time

import msgspec
import psutil
import pytest

from game.ai import RandomBot, make_bot
from game.ai.review import MISTAKE, Decision, mistakes, practice_position, win_chances
from game.ai.review_worker import Reviewer, _Follower
from game.ai.evaluate import branch_legal
from game.engine import PlaceTrack, TakeBranch, apply, new_game
from game.engine.rules import legal_placements, start
from game.ui.screenshot import edition_of

BOARDS = ("london", "london-2006", "berlin", "newyork", "paris")
QUICK = {"level": "hard", "worlds": 4}  # the review's machinery with hard's turn as the one to match: quick


def opening(map_name: str, seed: int, actions: int = 24):
    """A 2-player game after some random actions, at the start of seat 0's turn."""
    board, variant = edition_of(map_name)
    st = new_game(board, 2, seed=seed, variant=variant)
    bot = RandomBot(seed)
    n = 0
    while n < actions or st.current != 0 or len(st.log) != st.turn_log_start or st.phase != "actions":
        apply(st, bot.choose(st))
        n += 1
    return st


def blunder(st) -> list:
    """A wasted turn: branch tiles where they may be taken, else the last placement the engine lists."""
    acts = []
    turn = st.turn
    while not st.over and st.turn == turn:
        if st.phase != "actions":
            a = make_bot("normal", 0).choose(st)
        elif branch_legal(st):
            a = TakeBranch()
        else:
            li, conn, _c = legal_placements(st)[-1]
            a = PlaceTrack(li, conn)
        apply(st, a)
        acts.append(a)
    return acts


def other_turn(st) -> None:
    bot = make_bot("normal", 1)
    turn = st.turn
    while not st.over and st.turn == turn:
        apply(st, bot.choose(st))


@pytest.mark.parametrize("map_name", BOARDS)
def test_a_planted_blunder_is_found_and_good_turns_are_not(map_name):
    st = opening(map_name, seed=5)
    done = []
    for k in range(3):
        if st.over:
            break
        at = len(st.log)
        d = Decision(st.copy(), 0, at, seed=3, **QUICK)
        if k == 1:
            played = blunder(st)
        else:
            d.prepare()  # the turn the reviewer would have played: nothing to learn from it
            for a in d.expert:
                apply(st, a)
            played = list(st.log[at:])
        done.append(d.finish(played))
        other_turn(st)
        while not st.over and st.current != 0:
            other_turn(st)
    found = mistakes(done, 0)
    assert [d["start"] for d in found] == [done[1]["start"]], [(d["start"], d["cost"], d["same"]) for d in done]
    assert found[0]["cost"] >= MISTAKE
    assert found[0]["expert"]["placed"], "the expert's turn places track"
    assert not mistakes(done, 1), "seat 1's turns were never reviewed"


def test_the_follower_reviews_only_the_people_and_every_turn_of_theirs():
    """The background process's logic, in this process: seat 1 (a computer) gets no review."""
    from queue import SimpleQueue

    st = opening("london", seed=9, actions=70)
    out = SimpleQueue()
    f = _Follower(st.setup, [0], seed=1, from_index=len(st.log) - 1, outbox=out, settings=QUICK)
    f.add(list(st.log))
    live = st.copy()
    for _ in range(4):
        other_turn(live)
    f.add(list(live.log[len(st.log):]))
    while f.tasks:
        f.step()
    msgs = []
    while not out.empty():
        msgs.append(out.get())
    decisions = [m[1] for m in msgs if m[0] == "decision"]
    assert decisions and {d["seat"] for d in decisions} == {0}
    assert all(d["start"] >= len(st.log) - 1 for d in decisions)
    assert len(decisions) == 2  # four turns from seat 0's: two of them seat 0's
    chances = [m for m in msgs if m[0] == "chances"]
    assert [m[1] for m in chances] == list(range(chances[0][1], chances[0][1] + len(chances)))


@pytest.mark.parametrize("map_name", ["london", "paris"])
def test_try_again_is_the_reviewed_position_but_for_the_unseen_cards(map_name):
    st = opening(map_name, seed=2, actions=40)
    at = len(st.log)
    for _ in range(3):
        other_turn(st)
    again = practice_position(st, at, seed=99)
    before = start(st.setup)
    for a in st.log[:at]:
        apply(before, a)

    def plain(s):
        d = msgspec.to_builtins(s)
        d["deck"] = sorted(d["deck"])
        d["setup"]["deck"] = sorted(d["setup"]["deck"])
        d["setup"]["seed"] = None
        return d

    assert plain(again) == plain(before)
    assert again.deck != before.deck, "the unseen cards are reshuffled"
    assert sorted(again.deck) == sorted(before.deck)
    # a game of its own: its record replays to it
    replayed = start(again.setup)
    for a in again.log:
        apply(replayed, a)
    assert msgspec.msgpack.encode(replayed) == msgspec.msgpack.encode(again)


def test_the_review_runs_in_another_process_at_lower_priority_without_pygame_and_is_reaped():
    st = opening("london", seed=4, actions=60)
    r = Reviewer(st, [0], seed=1, from_index=len(st.log), **QUICK)
    try:
        r.feed(st)
        deadline = time.monotonic() + 60
        while r.child_pid is None and time.monotonic() < deadline:
            r.poll()
            time.sleep(0.02)
        assert r.child_pid is not None and r.child_pid != os.getpid()
        assert r.child_has_pygame is False
        assert psutil.Process(r.child_pid).nice() > psutil.Process().nice()
        live = st.copy()
        for _ in range(3):
            other_turn(live)
            r.feed(live)
            assert r.fed == live.turn_log_start  # sent as whole turns, without waiting for the process
        while not r.decisions and time.monotonic() < deadline:
            r.poll()
            time.sleep(0.05)
        assert r.decisions and r.decisions[0]["seat"] == 0
        pid = r.child_pid
    finally:
        r.close()
    assert r.process is None
    assert r.exitcode is not None
    assert not psutil.pid_exists(pid) or psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    assert not [c for c in psutil.Process().children() if c.pid == pid]
    r.close()  # twice is harmless


def test_a_busy_review_process_is_still_reaped_on_close():
    st = opening("berlin", seed=6, actions=20)
    r = Reviewer(st, [0, 1], seed=1, level="expert", worlds=8)
    r.feed(st)  # a backlog of expert searches: the process is busy when told to stop
    time.sleep(0.5)
    r.poll()
    pid = r.process.pid
    r.close(timeout=0.2)
    assert r.exitcode is not None
    assert not [c for c in psutil.Process().children() if c.pid == pid]


@pytest.mark.parametrize("map_name", ["paris", "london"])
def test_win_chances_read_no_secret(map_name):
    """The table's win chances: other objective cards in every hand, another deck order: the same numbers."""
    import random

    st = opening(map_name, seed=8, actions=50)
    base = win_chances(st)
    assert abs(sum(base) - 1) < 1e-9 and all(0 <= x <= 1 for x in base)
    other = st.copy()
    rng = random.Random(1)
    rng.shuffle(other.deck)
    if other.setup.objectives:
        from game.engine.rules import board_of

        cards = list(range(len(board_of(st).paris.objectives)))
        rng.shuffle(cards)
        other.setup.objectives = [sorted(cards[2 * i:2 * i + 2]) for i in range(st.n_players)]
        assert other.setup.objectives != st.setup.objectives
    assert win_chances(other) == base


def test_win_chances_follow_the_score():
    st = opening("london", seed=3, actions=60)
    even = win_chances(st)
    ahead = st.copy()
    ahead.players[0].score += 30
    assert win_chances(ahead)[0] > even[0] + 0.2


def test_the_review_process_ends_when_the_tables_process_dies_without_closing_it():
    import subprocess
    import sys

    script = ("import os, time\n"
              "from game.engine import new_game\n"
              "from game.ai.review_worker import Reviewer\n"
              "if __name__ == '__main__':\n"
              "    r = Reviewer(new_game('london', 2, seed=1), [0], level='hard', worlds=2)\n"
              "    while r.child_pid is None:\n"
              "        r.poll(); time.sleep(0.02)\n"
              "    print(r.child_pid, flush=True)\n"
              "    os._exit(0)  # no close, no atexit: as a killed table\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    pid = int(out.stdout.split()[0])
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if not psutil.pid_exists(pid) or psutil.Process(pid).status() == psutil.STATUS_ZOMBIE:
            break
        time.sleep(0.2)
    alive = psutil.pid_exists(pid) and psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    if alive:
        psutil.Process(pid).kill()
    assert not alive, "the review process outlived the table's process"
