"""London's first edition (the classic variant) for the bots: the 2nd edition's pieces (nothing of its own to
count), but the expert keeps hard's turn in the first half of a two- or three-player game.

Measured (docs/ai.md, "Measured", 28 Nov 2026): on this board the expert trailed hard at two players, and its
overrules of hard's turn while more than half the deck was left lost points there (each game played on from the
overruled position with hard's turn instead: -5.7 ± 5.3 points for the expert per early overrule over 19, about
nothing for the later ones), where on London's 2nd edition they gained.
"""
from __future__ import annotations

from .base import CityValue

OVERRULE_DECK = 0.5  # the expert overrules hard's turn only once at most this share of the deck is left


class ClassicValue(CityValue):
    def expert_settings(self, players: int) -> dict[str, float]:
        return {"overrule_deck": OVERRULE_DECK} if players < 4 else {}
