"""The rules every city shares and the hooks a city overrides (:class:`Ruleset`), with :func:`add_points`.

Its own module so that the cities (``cities/``) build on it without importing rules.py, which picks a city's
ruleset by the board: each module then imports only what lies below it, in no circle.
"""
from __future__ import annotations

import random

from .actions import Action, IllegalAction
from .board import Board
from .events import PassengerLeft, Scored
from .state import ACTIONS_PER_TURN, FIRST_TURN_ACTIONS, NO_PASSENGER, GameState, Setup


class Ruleset:
    """The rules every city shares; a city overrides a few hooks."""

    city = "base"

    # ---- set-up -------------------------------------------------------------------------------
    def random_setup(self, board: Board, rng: random.Random, setup: dict) -> None:
        """Fill in the city's random elements (e.g. London connection tiles) that were not given."""

    def check_setup(self, board: Board, setup: Setup) -> list[str]:
        return []

    def prepare_state(self, state: GameState, board: Board) -> None:
        """Lay out the city's own pieces in the starting position (Berlin: the landmark stacks)."""

    def first_turn_actions(self, setup: Setup, seat: int) -> int:
        if setup.variant == "classic":
            return ACTIONS_PER_TURN
        return FIRST_TURN_ACTIONS[len(setup.players)][seat]

    def initial_score(self, setup: Setup, seat: int) -> int:
        return seat if setup.variant == "classic" else 0

    # ---- scoring on placement -----------------------------------------------------------------
    def on_connected(self, state: GameState, board: Board, line: int, station: int, events: list) -> None:
        """A line has just become connected to ``station`` for the first time."""
        kinds = board.stations[station].kinds
        owner = state.lines[line].owner
        if "national_rail" in kinds:
            add_points(state, owner, 1, "national_rail", events, line, (station,))
        if "terminus" in kinds:
            state.players[owner].branch_tiles += 1
            add_points(state, owner, 2, "terminus", events, line, (station,), branch_tiles=1)

    def after_placement(self, state: GameState, board: Board, line: int, conn: int, closed_cycle: bool,
                        events: list) -> None:
        """Called once per placement after the per-station bonuses."""

    # ---- legality beyond the shared placement rules ---------------------------------------------
    def action_problem(self, state: GameState, board: Board, action: Action) -> str | None:
        """Why a placement or branch tile the shared rules allow is still not legal here (New York: it
        would leave a line on a water icon it cannot leave this turn), or None."""
        return None

    def full_connection_tiles(self, board: Board) -> int | None:
        """Branch tiles that buy a token on a connection whose track spaces are all full (Paris: 2), on top of
        any branching cost; None where full connections stay closed (every other city)."""
        return None

    # ---- choices a placement raises (Paris terminus rewards and set completions) ----------------
    def choice_open(self, state: GameState, board: Board, choice) -> bool:
        """Whether a pending choice is still worth asking when its turn comes (else it is skipped)."""
        return True

    def choice_actions(self, state: GameState, board: Board) -> list[Action]:
        """The answers to state.pending[0]."""
        return []

    def choice_problem(self, state: GameState, board: Board, action: Action) -> str | None:
        """Why ``action`` does not answer state.pending[0], or None."""
        return "there is no choice to make now"

    def apply_choice(self, state: GameState, board: Board, choice, action: Action, events: list) -> None:
        """Carry out the answer ``action`` to ``choice`` (already removed from state.pending)."""
        raise IllegalAction(f"no choice of kind {choice.kind!r} on the {board.name} board")

    def filter_placements(self, state: GameState, board: Board,
                          placements: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
        """legal_placements minus those action_problem refuses (kept fast: legal_actions calls it)."""
        return placements

    # ---- passenger ----------------------------------------------------------------------------
    def passenger_moves(self, state: GameState, board: Board) -> list[str]:
        """The kinds of passenger move this turn: express then standard if both are out, else one."""
        if state.passenger == NO_PASSENGER:
            return []  # first edition: the passenger has left the board
        kinds = [board.stations[s].kinds for s in state.face_up]
        has_x = any("express" in k for k in kinds)
        has_s = any("standard" in k for k in kinds)
        if has_x and has_s:
            return ["express", "standard"]
        if has_x:
            return ["express"]
        if has_s:
            return ["standard"]
        return []

    def after_refill(self, state: GameState, board: Board, events: list) -> None:
        """The face-up destinations have just been refilled (or could not be)."""
        if state.setup.variant == "classic" and not state.deck and state.passenger != NO_PASSENGER:
            # First edition: "if the deck is used up after refilling, the active player removes the
            # passenger from the board at once"; the destinations go with it, so no card is left to visit.
            station = state.passenger
            state.discard.extend(state.face_up)
            state.face_up = []
            state.passenger = NO_PASSENGER
            events.append(PassengerLeft(station))

    def final_scoring(self, state: GameState, board: Board, events: list) -> None:
        """End-of-game bonuses (Berlin landmarks, Paris objectives)."""

    def tie_break_by_branch_tiles(self, setup: Setup) -> bool:
        """2nd edition: equal points go to most branch tiles. The first edition has no tie-break."""
        return setup.variant != "classic"


def add_points(state: GameState, player: int, points: int, category: str, events: list, line: int = -1,
               stations: tuple[int, ...] = (), branch_tiles: int = 0) -> None:
    p = state.players[player]
    p.score += points
    p.points[category] = p.points.get(category, 0) + points
    events.append(Scored(player, line, points, category, stations, branch_tiles))
