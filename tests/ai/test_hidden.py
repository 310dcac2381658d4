"""Bots never read the deck order: the same table with the unseen cards in another order gets the same answer."""
from __future__ import annotations

import pytest

from game.ai import LEVELS, ExpertBot, HardBot, make_bot, public_view, unseen_cards
from tests.ai.conftest import shuffled_deck


def bot(level: str, seed: int):
    """A bot whose choice depends only on what it sees: hard's and expert's slow-machine time fallback is
    switched off."""
    if level == "hard":
        return HardBot(seed, budget=float("inf"))
    if level == "expert":
        return ExpertBot(seed, budget=float("inf"))
    return make_bot(level, seed)


def test_view_hides_the_deck_order(positions):
    for state in positions[:20]:
        other = shuffled_deck(state, seed=3)
        a, b = public_view(state), public_view(other)
        assert a.deck == b.deck == unseen_cards(state)
        assert a.setup.deck == b.setup.deck
        assert a.setup.seed is None and b.setup.seed is None
        # the rest of the table is left as it is
        assert a.face_up == state.face_up and a.tokens == state.tokens and a.discard == state.discard


def test_unseen_cards_are_public_counts(positions):
    for state in positions[:20]:
        assert sorted(unseen_cards(state)) == sorted(state.deck)


@pytest.mark.parametrize("level", [lv for lv in LEVELS if lv != "random"])
def test_deck_order_never_changes_a_choice(level, positions, route_positions):
    if level == "expert":  # its determinisations are drawn from the view: the deck's order never reaches them
        sample = positions[::16] + route_positions[:3]
    elif level == "hard":
        sample = positions[::6] + route_positions[:4]
    else:
        sample = positions[::2] + route_positions
    for k, state in enumerate(sample):
        mine = bot(level, 7).choose(state)
        for s in range(2):
            other = shuffled_deck(state, seed=s + 10 * k)
            assert mine == bot(level, 7).choose(other), (level, k)


def test_bots_leave_the_state_untouched(positions):
    for level in LEVELS:
        bot = make_bot(level, seed=2)
        for state in positions[::10]:
            before = state.copy()
            bot.choose(state)
            assert state == before
