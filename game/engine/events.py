"""What happened when an action was applied, for animation and logs (never needed to replay)."""
from __future__ import annotations

import msgspec


class TokenPlaced(msgspec.Struct, tag="token", frozen=True):
    player: int
    line: int
    connection: int
    lane: int
    branch_tiles_spent: int


class BranchTaken(msgspec.Struct, tag="branch", frozen=True):
    player: int


class Scored(msgspec.Struct, tag="scored", frozen=True):
    player: int
    line: int  # -1 when not due to one line
    points: int
    category: str  # national_rail, terminus, connections, loops, passenger, ...
    stations: tuple[int, ...] = ()
    branch_tiles: int = 0


class LandmarkTaken(msgspec.Struct, tag="landmark", frozen=True):
    """Berlin and Paris: ``line`` newly reached ``station`` and its owner took the top tile of its stack.

    A set of five different types that this completes follows as Scored(category="landmark_sets")."""

    player: int
    line: int
    station: int
    landmark_type: str
    left: int  # tiles still on the station


class RouteChoiceNeeded(msgspec.Struct, tag="choice", frozen=True):
    player: int
    options: int


class ChoiceNeeded(msgspec.Struct, tag="choice_needed", frozen=True):
    """Paris: a placement raised a choice for ``player`` at ``station``: ``kind`` is "reward" (the terminus
    reward) or "complete_set" (complete a landmark set with Branch tiles); state.phase names it too."""

    player: int
    kind: str
    station: int


class PassengerMoved(msgspec.Struct, tag="passenger", frozen=True):
    origin: int
    destination: int
    hops: tuple[tuple[int, int, int], ...]
    lines: tuple[int, ...]


class PassengerLeft(msgspec.Struct, tag="passenger_left", frozen=True):
    """Classic variant: the deck ran out, so the passenger (last at ``station``) and the face-up
    destinations left the board; state.passenger is now -1 and state.face_up is empty."""

    station: int


class DestinationsDrawn(msgspec.Struct, tag="drawn", frozen=True):
    cards: tuple[int, ...]


class EndTriggered(msgspec.Struct, tag="end_triggered", frozen=True):
    pass


class TurnStarted(msgspec.Struct, tag="turn", frozen=True):
    player: int
    actions: int


class GameOver(msgspec.Struct, tag="over", frozen=True):
    winners: tuple[int, ...]


class Undone(msgspec.Struct, tag="undone", frozen=True):
    player: int


Event = (TokenPlaced | BranchTaken | Scored | LandmarkTaken | RouteChoiceNeeded | ChoiceNeeded | PassengerMoved | PassengerLeft
         | DestinationsDrawn | EndTriggered | TurnStarted | GameOver | Undone)
