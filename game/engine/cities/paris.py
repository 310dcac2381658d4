"""Paris: RER stations, terminus rewards chosen by the player, landmark sets, full connections, secret objectives.

The numbers are the map's ``[paris]`` table (board.paris); the rules are here. The player's choices (terminus
reward, completing a landmark set with Branch tiles) are pending choices the shared ruleset asks one at a time
(state.pending, phases "reward" and "complete_set"), so records, undo, bots and the screens treat them as
ordinary actions.

All automatic effects of a placement (RER points, landmark tiles taken, an automatic set of five) happen at once,
for both of the connection's stations; the choices are asked afterwards, in the order of the connection's two
stations as the map lists them, and per station the terminus reward before the set (RULES.md).
"""
from __future__ import annotations

import random

from ..actions import ChooseReward, CompleteSet, Words
from ..board import Board
from ..events import LandmarkTaken
from ..ruleset import Ruleset, add_points
from ..state import PHASE_COMPLETE_SET, PHASE_REWARD, Choice, GameState, Setup

REWARD_ORDER = ("points", "point_and_tile", "tiles")  # how choices are offered (legal_actions order)


def deal_landmarks(board: Board, rng: random.Random) -> list[str]:
    """One face-up tile per landmark station: every type ``tiles_per_type`` times, shuffled."""
    pd = board.paris
    tiles = [t for t in pd.landmark_types for _ in range(pd.tiles_per_type)]
    rng.shuffle(tiles)
    return tiles


def deal_objectives(board: Board, rng: random.Random, n_players: int) -> list[list[int]]:
    """Two cards per player from the shuffled objective deck; the rest go back to the box unseen."""
    per = board.paris.objectives_per_player
    cards = list(range(len(board.paris.objectives)))
    rng.shuffle(cards)
    return [cards[i * per:(i + 1) * per] for i in range(n_players)]


def landmark_problems(board: Board, tiles: list[str]) -> list[str]:
    pd = board.paris
    n = len(board.landmark_stations)
    if len(tiles) != n:
        return [f"setup.landmark_tiles: {len(tiles)} tiles for {n} landmark stations; give one type per landmark "
                f"station, in the order of the map's [paris].landmarks"]
    problems = [f"setup.landmark_tiles[{i}]: unknown landmark type {t!r}; use one of {', '.join(pd.landmark_types)}"
                for i, t in enumerate(tiles) if t not in pd.landmark_types]
    if problems:
        return problems
    for t in pd.landmark_types:
        k = tiles.count(t)
        if k != pd.tiles_per_type:
            problems.append(f"setup.landmark_tiles: {k} {t} tiles; there are {pd.tiles_per_type} of each type "
                            f"([paris].tiles_per_type), one tile per landmark station")
    return problems


def objective_problems(board: Board, setup: Setup) -> list[str]:
    pd = board.paris
    n = len(setup.players)
    per = pd.objectives_per_player
    cards = len(pd.objectives)
    if len(setup.objectives) != n:
        return [f"setup.objectives: {len(setup.objectives)} hands for {n} players; give each player {per} secret "
                f"objective cards (numbers 0-{cards - 1}, the map's [paris].objectives order)"]
    problems = []
    seen: dict[int, str] = {}
    for p, hand in enumerate(setup.objectives):
        if len(hand) != per:
            problems.append(f"setup.objectives[{p}]: {len(hand)} cards; every player is dealt {per}")
        for j, card in enumerate(hand):
            where = f"setup.objectives[{p}][{j}]"
            if not isinstance(card, int) or not 0 <= card < cards:
                problems.append(f"{where}: {card!r} is not a card; use 0-{cards - 1} ([paris].objectives order)")
            elif card in seen:
                problems.append(f"{where}: card {card} is dealt twice (also {seen[card]}); each card exists once")
            else:
                seen[card] = where
    return problems


def objectives_of(state: GameState, player: int) -> list[int]:
    """A player's secret objective cards (numbers into board.paris.objectives); [] in a view that hides them."""
    hands = state.setup.objectives
    return list(hands[player]) if player < len(hands) else []


def lines_meeting(state: GameState, board: Board, player: int, card: int) -> list[int]:
    """The player's lines connected to all three stations of objective ``card``."""
    stations = board.objective_stations[card]
    return [li for li in state.players[player].lines
            if all(state.lines[li].degree.get(s, 0) > 0 for s in stations)]


def missing_types(board: Board, held: dict[str, int]) -> int:
    return sum(1 for t in board.paris.landmark_types if held.get(t, 0) <= 0)


def set_completion_cost(state: GameState, board: Board, player: int) -> int:
    """Branch tiles a player would return to complete a set now (2 per missing type)."""
    return board.paris.set_tile_cost * missing_types(board, state.players[player].landmarks)


class ParisRules(Ruleset):
    city = "paris"

    # ---- set-up -------------------------------------------------------------------------------
    def random_setup(self, board: Board, rng: random.Random, setup: dict) -> None:
        if setup.get("landmark_tiles") is None:
            setup["landmark_tiles"] = deal_landmarks(board, rng)
        if setup.get("objectives") is None:
            setup["objectives"] = deal_objectives(board, rng, setup.get("n_players", 2))

    def check_setup(self, board: Board, setup: Setup) -> list[str]:
        problems = landmark_problems(board, setup.landmark_tiles) + objective_problems(board, setup)
        if setup.connection_tiles:
            problems.append(f"setup.connection_tiles: {setup.connection_tiles!r}; connection tiles are London's, "
                            f"the {board.name} board has none; leave it empty")
        return problems

    def prepare_state(self, state: GameState, board: Board) -> None:
        state.landmarks_left = list(board.landmark_stack_sizes)

    # ---- placement ----------------------------------------------------------------------------
    def full_connection_tiles(self, board: Board) -> int | None:
        return board.paris.full_connection_tiles

    def on_connected(self, state: GameState, board: Board, line: int, station: int, events: list) -> None:
        kinds = board.stations[station].kinds
        ln = state.lines[line]
        owner = ln.owner
        if "national_rail" in kinds:
            add_points(state, owner, 1, "national_rail", events, line, (station,))
        if "rer" in kinds:
            before = sum(1 for i, other in enumerate(state.lines) if i != line and other.degree.get(station, 0) > 0)
            table = board.paris.rer_points
            points = table[min(before, len(table) - 1)]
            if points:
                add_points(state, owner, points, "rer", events, line, (station,))
        if "terminus" in kinds:
            state.pending.append(Choice(PHASE_REWARD, owner, line, station))
        if "landmark" in kinds and self._take_landmark(state, board, line, station, events):
            state.pending.append(Choice(PHASE_COMPLETE_SET, owner, line, station))

    def _take_landmark(self, state: GameState, board: Board, line: int, station: int, events: list) -> bool:
        """Give the station's tile to the line's owner (a set of five scores at once); True if a tile was taken."""
        i = board.landmark_stations.index(station)
        if state.landmarks_left[i] <= 0:
            return False
        state.landmarks_left[i] -= 1
        owner = state.lines[line].owner
        kind = state.setup.landmark_tiles[i]
        held = state.players[owner].landmarks
        held[kind] = held.get(kind, 0) + 1
        events.append(LandmarkTaken(owner, line, station, kind, state.landmarks_left[i]))
        if not missing_types(board, held):
            self._score_set(state, board, owner, line, station, events)
        return True

    def _score_set(self, state: GameState, board: Board, owner: int, line: int, station: int, events: list) -> None:
        held = state.players[owner].landmarks
        for t in board.paris.landmark_types:  # one of each present type leaves the game; duplicates stay
            if held.get(t, 0) > 0:
                held[t] -= 1
                if not held[t]:
                    del held[t]
        add_points(state, owner, board.paris.set_points, "landmark_sets", events, line, (station,))

    # ---- choices ------------------------------------------------------------------------------
    def choice_open(self, state: GameState, board: Board, choice: Choice) -> bool:
        if choice.kind != PHASE_COMPLETE_SET:
            return True
        held = state.players[choice.player].landmarks
        if not held or not missing_types(board, held):
            return False  # nothing in hand to complete (e.g. a set of five just scored by itself)
        return state.players[choice.player].branch_tiles >= set_completion_cost(state, board, choice.player)

    def choice_actions(self, state: GameState, board: Board) -> list:
        kind = state.pending[0].kind
        if kind == PHASE_REWARD:
            return [ChooseReward(c) for c in REWARD_ORDER if c in board.paris.terminus_rewards]
        return [CompleteSet(True), CompleteSet(False)]

    def choice_problem(self, state: GameState, board: Board, action) -> str | None:
        choice = state.pending[0]
        name = board.stations[choice.station].name
        if choice.kind == PHASE_REWARD:
            if not isinstance(action, ChooseReward):
                return Words("choose the terminus reward for {station} first (2 points, 1 point and 1 branch "
                             "tile, or 2 branch tiles)", station=name)
            if action.choice not in board.paris.terminus_rewards:
                return f"{action.choice!r} is not a terminus reward; choose one of " \
                       f"{', '.join(board.paris.terminus_rewards)}"
            return None
        if not isinstance(action, CompleteSet):
            return Words("decide first whether to complete a landmark set with branch tiles ({station})", station=name)
        return None

    def apply_choice(self, state: GameState, board: Board, choice: Choice, action, events: list) -> None:
        owner = choice.player
        if choice.kind == PHASE_REWARD:
            points, tiles = board.paris.terminus_rewards[action.choice]
            state.players[owner].branch_tiles += tiles
            add_points(state, owner, points, "terminus", events, choice.line, (choice.station,), branch_tiles=tiles)
            return
        if action.complete:
            state.players[owner].branch_tiles -= set_completion_cost(state, board, owner)
            self._score_set(state, board, owner, choice.line, choice.station, events)

    # ---- end ----------------------------------------------------------------------------------
    def final_scoring(self, state: GameState, board: Board, events: list) -> None:
        """Each line of a player connected to all three stations of one of their cards scores the card."""
        for p in range(state.n_players):
            for card in objectives_of(state, p):
                for li in lines_meeting(state, board, p, card):
                    add_points(state, p, board.objective_points[card], "objectives", events, li,
                               board.objective_stations[card])
