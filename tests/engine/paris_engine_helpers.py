"""Helpers to set up exact positions on the real Paris board (rulebook examples, choices, full connections)."""
from __future__ import annotations

from game.engine import GameState, load_board, new_game, rules
from game.engine.actions import PlaceTrack
from game.engine.events import TokenPlaced

BOARD = load_board("paris")
TYPES = list(BOARD.paris.landmark_types)
LANDMARK_NAMES = [BOARD.stations[s].name for s in BOARD.landmark_stations]
# Two cards per player, all different: the default for tests that do not care which cards are dealt.
OBJECTIVES = [[0, 1], [2, 3], [4, 5], [6, 7], [8, 9]]


def deal(**by_station: str) -> list[str]:
    """A valid setup.landmark_tiles with the named stations pinned to types, the rest filled in (8 of each)."""
    tiles: list[str | None] = [None] * len(LANDMARK_NAMES)
    free = [t for t in TYPES for _ in range(BOARD.paris.tiles_per_type)]
    for name, t in by_station.items():
        tiles[LANDMARK_NAMES.index(name)] = t
        free.remove(t)
    for i, t in enumerate(tiles):
        if t is None:
            tiles[i] = free.pop(0)
    return tiles  # type: ignore[return-value]


def make_game(players: int = 2, tiles: list[str] | None = None, objectives: list[list[int]] | None = None,
              start_player: int = 0, seed: int = 1, lines: list[list[str]] | None = None) -> GameState:
    return new_game("paris", players, seed=seed, start_player=start_player, lines=lines,
                    landmark_tiles=tiles if tiles is not None else deal(),
                    objectives=objectives if objectives is not None else OBJECTIVES[:players])


def line_of(state: GameState, colour: str) -> int:
    for i, ln in enumerate(state.lines):
        if ln.colour == colour:
            return i
    raise KeyError(colour)


def conn(a: str, b: str) -> int:
    return BOARD.connection(a, b)


def place(state: GameState, colour: str, a: str, b: str) -> PlaceTrack:
    return PlaceTrack(line_of(state, colour), conn(a, b))


def lay(state: GameState, colour: str, *stations: str) -> list:
    """Place a chain of tokens through the real placement code, outside the turn flow; return the events.

    For building positions only: the automatic effects happen (RER points, landmark tiles taken, a set of five),
    the choices the chain raises are dropped unasked, and branching or full connections cost no tiles here.
    """
    li = line_of(state, colour)
    saved = state.current
    owner = state.players[state.lines[li].owner]
    state.current = state.lines[li].owner
    events: list = []
    try:
        for a, b in zip(stations, stations[1:]):
            owner.branch_tiles += 4
            rules._place(state, PlaceTrack(li, BOARD.connection(a, b)), events)
            placed = [e for e in events if isinstance(e, TokenPlaced)][-1]
            owner.branch_tiles -= 4 - placed.branch_tiles_spent
    finally:
        state.current = saved
        state.pending = []
    return events


def scored(events, category: str) -> list[int]:
    return [e.points for e in events if getattr(e, "category", None) == category]


def reach_rambuteau(landmarks: dict[str, int], branch_tiles: int) -> tuple[GameState, list]:
    """Player 0 (red, Arts et Métiers - Rambuteau) takes Rambuteau's monument tile holding ``landmarks`` and
    ``branch_tiles``: the position of the set-completion rules; returns the game and the placement's events."""
    s = make_game(tiles=deal(**{"Rambuteau": "monument"}))
    s.players[0].landmarks = dict(landmarks)
    s.players[0].branch_tiles = branch_tiles
    return s, rules.apply(s, place(s, "red", "Arts et Métiers", "Rambuteau"))
