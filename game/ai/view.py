"""What a computer player may look at: the table as a player sees it, never the deck's order nor the others' secrets.

Every bot calls :func:`public_view` first and thinks only about the copy it returns. The copy's deck
holds the unseen cards (whole deck minus face-up minus discard, which every player has watched go by)
in board order, and the set-up's deck order and seed are blanked, so nothing a bot computes can depend
on which card comes next. The engine still draws from the copy's deck when a look-ahead ends a turn;
bots treat those drawn cards as unknown (see ``drawn`` in evaluate.py), never as a forecast.

Paris: every other player's secret objective cards are emptied (``setup.objectives[p] == []``), so a bot
cannot read them and a look-ahead's end scoring counts no objective of theirs. The seed, from which the
deal could be rebuilt, is blanked already.
"""
from __future__ import annotations

from ..engine import GameState
from ..engine.rules import board_of


def unseen_cards(state: GameState) -> list[int]:
    """Destination cards not yet face-up or discarded, in board order (public knowledge)."""
    board = board_of(state)
    gone = set(state.face_up) | set(state.discard)
    full = board.express_cards + board.standard_cards
    return sorted(c for c in full if c not in gone)


def public_view(state: GameState, seat: int | None = None) -> GameState:
    """A copy of ``state`` as ``seat`` (default: the player to act) sees it, for look-ahead.

    The log is dropped too: it is public but bots never need it, and copying it makes every
    look-ahead step slower as the game goes on.
    """
    view = state.copy()
    board = board_of(state)
    seat = state.current if seat is None else seat
    view.deck = unseen_cards(state)
    view.setup.deck = sorted(board.express_cards + board.standard_cards)
    view.setup.seed = None
    view.setup.objectives = [list(hand) if p == seat else [] for p, hand in enumerate(state.setup.objectives)]
    view.log = []
    view.turn_log_start = 0
    return view
