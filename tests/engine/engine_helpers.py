"""Helpers to set up exact positions on the real London board."""
from __future__ import annotations

import pytest

from game.engine import GameState, load_board, new_game
from game.engine import rules
from game.engine.actions import PlaceTrack

BOARD = load_board("london")

# connection stations in board order: Aldgate, Baker Street, Charing Cross, Elephant & Castle,
# Hammersmith, King's Cross St. Pancras, Notting Hill Gate, Victoria
TILES = ["restaurants", "restaurants", "monuments", "monuments", "parks", "shops", "parks", "shops"]


def deck_with(*first: str) -> list[int]:
    """The full London deck with the given destinations on top (face up), the rest in board order."""
    top = [BOARD.station(n) for n in first]
    rest = [c for c in BOARD.express_cards + BOARD.standard_cards if c not in top]
    return top + rest


def make_game(players: int = 2, first: tuple[str, ...] = (), tiles: list[str] | None = None,
              start_player: int = 0) -> GameState:
    deck = deck_with(*first) if first else None
    return new_game("london", players, seed=1, start_player=start_player, deck=deck,
                    connection_tiles=tiles or list(TILES))


def line_of(state: GameState, colour: str) -> int:
    for i, ln in enumerate(state.lines):
        if ln.colour == colour:
            return i
    raise KeyError(colour)


def conn(a: str, b: str) -> int:
    return BOARD.connection(a, b)


def lay(state: GameState, colour: str, *stations: str) -> None:
    """Place a chain of tokens through the real placement code, outside the turn flow (set-up only)."""
    li = line_of(state, colour)
    saved = state.current
    state.current = state.lines[li].owner
    try:
        for a, b in zip(stations, stations[1:]):
            rules._place(state, PlaceTrack(li, conn(a, b)), [])
    finally:
        state.current = saved


def place(colour: str, a: str, b: str, state: GameState) -> PlaceTrack:
    return PlaceTrack(line_of(state, colour), conn(a, b))


@pytest.fixture
def board():
    return BOARD
