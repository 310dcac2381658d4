"""Try again from here: a practice game from a reviewed position (end_review.py), the same seats, the unseen
cards reshuffled (ai/review.py ``practice_position``). A practice game is not a real game: it is never saved
(not among the saved games, not among the finished ones) and its end screen says so."""
from __future__ import annotations

from ..play_scene import PlayScene


class PracticeScene(PlayScene):
    """The play screen for a practice game; ``practice_from``: the action it starts at (earlier turns are the
    real game's and are not reviewed again)."""

    save_game = False
    practice = True

    def __init__(self, app, state, seats, practice_from: int = 0, computer_speed: str = "normal"):
        self.practice_from = practice_from
        super().__init__(app, state, seats, computer_speed=computer_speed)

    def on_game_over(self) -> None:
        from . import open_screen

        end = open_screen(self.app, "end", self.state, self.seats, computer_speed=self.turns.computer_speed,
                          hints_used=list(self.hints.used))
        end.practice = True
        end.kept = False
        end.refresh()  # "Practice game: not kept"
