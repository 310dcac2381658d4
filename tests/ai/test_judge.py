"""The position judge: its shortcuts give the same numbers as the long way round."""
from __future__ import annotations

import random

from game.ai.evaluate import Judge, copy_state, turns_left
from game.ai.view import public_view
from game.engine import PlaceTrack, TakeBranch, apply
from game.engine.rules import legal_placements


def test_reused_line_end_values_match_a_fresh_count(positions):
    rng = random.Random(4)
    checked = 0
    for state in positions:
        if state.phase != "actions":
            continue
        view = public_view(state)
        judge = Judge(view, view.current)
        judge.value(view)
        places = legal_placements(view)
        for li, c, _ in rng.sample(places, min(6, len(places))) + [(None, -1, 0)]:
            child = copy_state(view)
            apply(child, TakeBranch() if li is None else PlaceTrack(li, c))
            fast = judge.potentials(child, view, c)
            slow = judge.potentials(copy_state(child))
            assert fast == slow
            checked += 1
    assert checked > 50


def test_turns_left_shrink_to_the_last_round(positions):
    for state in positions:
        left = turns_left(state)
        assert all(x >= 0 for x in left)
        if state.end_triggered:
            assert all(x <= 1 for x in left)
