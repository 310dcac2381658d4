"""Passenger search cases the mutation run of passenger.py left (docs/testing.md): tied destinations offered by
name whatever their station numbers, a search from another station than the passenger's (the computer players
and the bench ask that), and a move that may go to a destination of any kind."""
from __future__ import annotations

from game.engine import board_of, new_game
from game.engine.passenger import route_options


def position(map_name: str, at: str, face_up: list[str]):
    """A fresh game with the passenger at ``at`` and exactly ``face_up`` as the destinations, no track built."""
    s = new_game(map_name, 2, seed=1)
    board = board_of(s)
    s.passenger = board.station(at)
    s.face_up = [board.station(n) for n in face_up]
    return s, board


def outcomes(board, options) -> list[tuple[str, list[int], int]]:
    return [(board.stations[o.destination].name, o.lines, o.empty) for o in options]


def test_tied_destinations_are_offered_by_name_not_by_station_number():
    s, board = position("newyork", "Jackson Hts Roosevelt Av", ["Steinway St", "Grand Av Newtown", "Kings Highway",
                                                                 "Bay Ridge Av"])
    assert board.station("Steinway St") < board.station("Grand Av Newtown"), "the board lists them the other way"
    assert outcomes(board, route_options(s, board, "standard")) == [("Grand Av Newtown", [], 1), ("Steinway St", [], 1)]


def test_a_search_from_another_station_than_the_passengers():
    s, board = position("newyork", "Grand Central", ["Steinway St", "Grand Av Newtown", "Kings Highway", "Bay Ridge Av"])
    from_jackson = route_options(s, board, "standard", origin=board.station("Jackson Hts Roosevelt Av"))
    assert outcomes(board, from_jackson) == [("Grand Av Newtown", [], 1), ("Steinway St", [], 1)]
    assert all(o.hops[0][0] == board.station("Jackson Hts Roosevelt Av") for o in from_jackson)
    assert outcomes(board, route_options(s, board, "standard")) != outcomes(board, from_jackson)


def test_a_move_of_any_kind_goes_to_the_nearest_destination_express_or_standard():
    s, board = position("london", "Ealing Broadway", ["Acton", "Bank", "Cockfosters", "Stratford"])
    assert "express" in board.stations[board.station("Acton")].kinds
    assert outcomes(board, route_options(s, board, "any")) == [("Acton", [], 1)]
    assert "Acton" not in [d for d, _, _ in outcomes(board, route_options(s, board, "standard"))]
