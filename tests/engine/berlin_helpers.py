"""Helpers to set up exact positions on the real Berlin board (and the five-"+" test map)."""
from __future__ import annotations

from pathlib import Path

from game import mapfile
from game.engine import GameState, load_board, new_game, rules
from game.engine.actions import PlaceTrack

BOARD = load_board("berlin")
TYPES = ["culture", "government", "retail", "education", "sports"]
FIVE_PLUS = Path(__file__).parent.parent / "maps" / "berlin-five-plus.toml"


def station_type_deal(**by_station: str) -> list[str]:
    """A valid setup.landmark_tiles with the given stations pinned to types, the rest filled in.

    Stations are named; every type still gets exactly one stack of each size (3, 2, 2, 1).
    """
    sizes = BOARD.landmark_stack_sizes
    names = [BOARD.stations[s].name for s in BOARD.landmark_stations]
    deal: list[str | None] = [None] * len(names)
    free = {n: [t for t in TYPES for _ in range(BOARD.berlin.stacks_per_type.count(n))] for n in set(sizes)}
    for name, t in by_station.items():
        i = names.index(name)
        deal[i] = t
        free[sizes[i]].remove(t)
    for i, t in enumerate(deal):
        if t is None:
            deal[i] = free[sizes[i]].pop(0)
    return deal  # type: ignore[return-value]


def make_game(players: int = 2, tiles: list[str] | None = None, start_player: int = 0, seed: int = 1) -> GameState:
    return new_game("berlin", players, seed=seed, start_player=start_player,
                    landmark_tiles=tiles if tiles is not None else station_type_deal())


def line_of(state: GameState, colour: str) -> int:
    for i, ln in enumerate(state.lines):
        if ln.colour == colour:
            return i
    raise KeyError(colour)


def lay(state: GameState, colour: str, *stations: str) -> list:
    """Place a chain of tokens through the real placement code, outside the turn flow; return the events."""
    board = rules.board_of(state)
    li = line_of(state, colour)
    saved = state.current
    state.current = state.lines[li].owner
    events: list = []
    try:
        for a, b in zip(stations, stations[1:]):
            rules._place(state, PlaceTrack(li, board.connection(a, b)), events)
    finally:
        state.current = saved
    return events


def five_plus_map() -> str:
    """The name of the test map with five "+" stations in a row (registered for this process)."""
    return mapfile.use_map_file(FIVE_PLUS)
