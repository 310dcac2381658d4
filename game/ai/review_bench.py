"""How soon the game review is ready after the last action (`underground bench` key ``review_ready_s_<board>``):
the end of a two-player game played at the table's pace — seat 0 a person (its turns made by the hard computer
as a stand-in, ``PERSON_TURN_S`` seconds each, as a quick player takes), seat 1 a computer at the normal speed
(play/turns.py ``BOT_DELAY`` between actions) — with the review's background process following it as the play
screen feeds it; from the last action to the whole review in."""
from __future__ import annotations

import time

PERSON_TURN_S = 6.0  # seconds a (quick) person takes for a turn
COMPUTER_ACTION_S = 0.6  # the normal computer speed (game/ui/play/turns.py BOT_DELAY)
CARDS_LEFT = 10  # the game is followed from when this many cards are left to come (its last turns)


def late_position(map_name: str, seed: int, person_last: bool = False):
    """A two-player game with ``CARDS_LEFT`` cards to come, at the start of seat 0's turn (random play before);
    ``person_last``: seat 0 plays the game's last turn (seat 1 started), else seat 1 does."""
    from ..engine import apply, new_game
    from .import RandomBot

    board, variant = ("london", "classic") if map_name == "london-2006" else (map_name, "standard")
    st = new_game(board, 2, seed=seed, start_player=1 if person_last else 0, variant=variant)
    bot = RandomBot(seed)
    while len(st.deck) > CARDS_LEFT or st.current != 0 or len(st.log) != st.turn_log_start or st.phase != "actions":
        apply(st, bot.choose(st))
    return st


def ready_after_last_action(map_name: str = "london", seed: int = 3, person_last: bool = False) -> float:
    """Seconds from the last action to the review being ready (see the module's words); ``person_last``: the
    person's turn is the game's last, so its review can only finish after it."""
    from ..engine import apply
    from . import make_bot
    from .review_worker import Reviewer

    st = late_position(map_name, seed, person_last)
    reviewer = Reviewer(st, [0], seed=seed, from_index=len(st.log))
    bots = [make_bot("hard", seed), make_bot("normal", seed + 1)]
    try:
        while not st.over:
            person = st.current == 0
            turn = st.turn
            t0 = time.perf_counter()
            while not st.over and st.turn == turn:
                apply(st, bots[st.current].choose(st))
                last = time.perf_counter()  # the game's last action, once the loop ends
                if not person:
                    _idle(reviewer, st, COMPUTER_ACTION_S)
            if person:
                _idle(reviewer, st, max(0.0, PERSON_TURN_S - (time.perf_counter() - t0)))
        reviewer.feed(st)
        while not reviewer.ready:
            reviewer.poll()
            time.sleep(0.01)
        return (reviewer.ready_at or time.perf_counter()) - last
    finally:
        reviewer.close()


def _idle(reviewer, st, seconds: float) -> None:
    """The table's frames while time passes: feed and poll each 1/60 s."""
    end = time.perf_counter() + seconds
    while True:
        reviewer.feed(st)
        reviewer.poll()
        left = end - time.perf_counter()
        if left <= 0:
            return
        time.sleep(min(left, 1 / 60))
