"""Who sits where: the set-up choices the play screen needs besides the engine's Setup."""
from __future__ import annotations

import msgspec

EDGES = ("bottom", "top", "left", "right")
# Rotation (degrees, counter-clockwise as pygame.transform.rotate uses) that turns a panel drawn
# upright so that it reads correctly for a person sitting at that edge.
EDGE_ROTATION = {"bottom": 0, "top": 180, "left": 270, "right": 90}


class SeatConfig(msgspec.Struct):
    name: str
    edge: str = "bottom"  # one of EDGES; a fifth seat shares an edge
    computer: bool = False
    level: str = "random"  # computer level: "random", "easy", "normal", "hard"
    colours: list[str] = []  # line colours; empty = the RULES.md defaults for the player count


class TableSetup(msgspec.Struct):
    """The whole set-up screen's choice; remembered between runs."""

    map: str = "london"
    seats: list[SeatConfig] = []
    start_player: int = 0
    seed: int | None = None


def default_edges(n: int) -> list[str]:
    return {2: ["bottom", "top"], 3: ["bottom", "left", "top"], 4: ["bottom", "left", "top", "right"],
            5: ["bottom", "left", "top", "right", "bottom"]}[n]
