"""Helpers to set up exact positions on the real New York board (rulebook examples, water cases)."""
from __future__ import annotations

from game.engine import GameState, load_board, new_game, rules
from game.engine.actions import PlaceTrack
from game.engine.events import TokenPlaced

BOARD = load_board("newyork")


def deck_with(*first: str) -> list[str]:
    """The whole New York deck (station names) with ``first`` on top, in that order (the first four face up)."""
    rest = [BOARD.stations[s].name for s in BOARD.standard_cards]
    for name in first:
        rest.remove(name)  # KeyError-free: ValueError names a card the deck does not hold
    return list(first) + rest


def make_game(players: int = 2, top: tuple[str, ...] = (), start_player: int = 0, seed: int = 1) -> GameState:
    deck = deck_with(*top) if top else None
    return new_game("newyork", players, seed=seed, start_player=start_player, deck=deck)


def line_of(state: GameState, colour: str) -> int:
    for i, ln in enumerate(state.lines):
        if ln.colour == colour:
            return i
    raise KeyError(colour)


def conn(a: str, b: str) -> int:
    return BOARD.connection(a, b)


def icon(name: str) -> int:
    """A water icon by the station it is named after: icon('Marcy Av') is the node 'Water: Marcy Av'."""
    return BOARD.station(f"Water: {name}")


def lay(state: GameState, colour: str, *stations: str) -> list:
    """Place a chain of tokens through the real placement code, outside the turn flow; return the events.

    Scoring happens as in play; water is not asked and a branch off the middle of the line costs no tiles here,
    so any position can be built (the line must still touch its own stations).
    """
    li = line_of(state, colour)
    saved = state.current
    owner = state.players[state.lines[li].owner]
    state.current = state.lines[li].owner
    events: list = []
    try:
        for a, b in zip(stations, stations[1:]):
            owner.branch_tiles += 2
            rules._place(state, PlaceTrack(li, BOARD.connection(a, b)), events)
            placed = [e for e in events if isinstance(e, TokenPlaced)][-1]
            owner.branch_tiles -= 2 - placed.branch_tiles_spent
    finally:
        state.current = saved
    return events


def place(colour: str, state: GameState, a: str, b: str) -> PlaceTrack:
    return PlaceTrack(line_of(state, colour), conn(a, b))


def scored(events, category: str) -> list[int]:
    return [e.points for e in events if getattr(e, "category", None) == category]
