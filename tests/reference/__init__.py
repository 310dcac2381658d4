"""An obviously correct, slow reference of the rules (London in both editions, Berlin, New York, Paris),
written from the rulebooks.

It shares no code with ``game/engine``: it reads the map TOML itself and keeps its own position. For the bundled
boards it takes the rule numbers (scores, costs, card and tile counts) from ``rulebook.py``, not from the map, so that
a wrong number in a map file shows as a disagreement.
The engine is fast and clever (bitmask searches, cached lookups, a cycle basis); this package is
deliberately naive (every set of lines tried, every cycle of a line listed, scores recounted from
the tokens on the board), so that a disagreement between the two points at a bug in one of them.
See docs/testing.md.
"""
from .board import RefBoard, ref_board
from .game import RefGame, RefIllegal
from .compare import differences

__all__ = ["RefBoard", "ref_board", "RefGame", "RefIllegal", "differences"]
