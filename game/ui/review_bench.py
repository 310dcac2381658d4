"""`underground bench` keys of the game review: ``frame_ms_p99_1080p_review``, the play screen's frame p99 while
the review's background process works on the game (ai/review_worker.py at its lower priority, competing with the
frames for the processor), and ``review_ready_s_<board>`` (ai/review_bench.py)."""
from __future__ import annotations

import time


def review_frames(size: tuple[int, int] = (1920, 1080), frames: int = 300, review: bool = True) -> tuple[list[float], int]:
    """Frame times of bench_frames' table (play_scene.py) while the game goes on and is reviewed: every 20 frames
    an action is played; seat 0 is a person, so its turns are reviewed (the expert's search from each of its turn
    starts, the played turns' playouts). Also returns how many review messages came in during the frames.
    ``review`` False: the same frames and actions without the review, to compare (an action's frame redraws the
    board's state, which the still table of ``frame_ms_p99_1080p`` never does)."""
    from ..ai import make_bot
    from ..ai.review_worker import Reviewer
    from .play_scene import bench_frames

    got = {"messages": 0}

    def prepare(scene):
        st = scene.state
        # the seat to play next is a person: the process starts on its turn at once
        for seat in scene.seats:
            seat.computer = True
        scene.seats[st.current].computer = False
        reviewer = Reviewer(st, [st.current], seed=1, from_index=len(st.log)) if review else None
        scene.review = reviewer
        deadline = time.monotonic() + 60
        while reviewer is not None and len(reviewer.chances) < 1 and time.monotonic() < deadline:  # past start-up
            reviewer.poll()
            time.sleep(0.02)
        bot = make_bot("normal", 1)

        def each_frame(i: int) -> None:
            if i % 20 == 10 and not st.over:
                scene.turns.apply(bot.choose(st))
                scene._invalidate()
            if reviewer is not None:
                got["messages"] = len(reviewer.decisions) + len(reviewer.chances)

        return each_frame, (reviewer.close if reviewer is not None else None)

    ms = bench_frames(size, frames=frames, players=4, prepare=prepare)
    return ms, got["messages"]


def review_ready_figures(quick: bool = False) -> dict:
    """``review_ready_s_<board>`` (the slower of the two orders) and their maximum."""
    from ..ai.review_bench import ready_after_last_action

    out = {}
    boards = ("london",) if quick else ("london", "london-2006", "berlin", "newyork", "paris")
    for b in boards:
        # the slower of the two orders: the computer's turn last, or the person's
        out[f"review_ready_s_{b.replace('-', '_')}"] = round(max(ready_after_last_action(b, person_last=last)
                                                                 for last in (False, True)), 3)
    out["review_ready_s_max"] = max(v for k, v in out.items() if k.startswith("review_ready_s_"))
    return out
