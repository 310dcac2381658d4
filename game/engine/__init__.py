"""The rules engine: pure Python, no pygame. See docs/engine.md."""
from .actions import Action, ChooseReward, ChooseRoute, CompleteSet, IllegalAction, PlaceTrack, TakeBranch, Undo
from .board import Board, load_board
from .rules import (SetupError, apply, board_of, can_undo, check, is_legal, legal_actions, legal_placements,
                    new_game, placement_cost, ranking, rules_of, start, why_illegal, winners)
from .state import GameState, Setup

__all__ = [
    "Action", "ChooseReward", "ChooseRoute", "CompleteSet", "IllegalAction", "PlaceTrack", "TakeBranch", "Undo", "Board", "load_board",
    "SetupError", "apply", "board_of", "can_undo", "check", "is_legal", "legal_actions", "legal_placements",
    "new_game", "placement_cost", "ranking", "rules_of", "start", "why_illegal", "winners", "GameState", "Setup",
]
