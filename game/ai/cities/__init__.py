"""What a city's own pieces are worth to a bot: one small hook per city, beside game/engine/cities/.

evaluate.py and bots.py count what every board shares (National Rail, termini, destinations, the passenger,
London's connection symbols) and ask the city's hook (``city_value``) for the rest:

- ``reach(state, line)``: extra worth of ``line`` newly touching a station, by station (a dict, or None when
  the board has nothing extra). quick_gain adds it to a station's bonus, including what taking a piece
  denies the others (``deny``); the judge's line-end search counts it without that (the judge's own-minus-
  opponents value already sees an opponent lose a piece within their reach), once per player or line;
- ``hand(state, player, h)``: worth of the pieces a player holds that the score does not show yet (Berlin:
  the end-of-game landmark bonus and progress towards a set); ``h`` (0..1) is how much of the game is left
  to act in;
- ``grab_key(line, station)``: what a station's worth is counted once for: per line and station by default;
  Berlin's landmarks once per player however many of the player's lines reach them (a stack gives its tile
  to whichever line comes first); New York's clusters once per line and cluster, its water icons once per
  line (only the third icon scores);
- ``weights(level, w, players)``: the judge's weights on this board, if a level plays better with others there
  (the expert: Berlin at four players);
- ``cards_per_turn``: destination cards a turn uses on average (how many turns the deck has left);
- ``choice(state, me)``: the answer to a choice phase the board asks (Paris: the terminus reward and the
  landmark set completion), the same in a look-ahead as at the table;
- ``signature(state)``: what, besides the line itself, the ``reach`` values depend on; line-end values are
  reused between look-ahead positions only while it is unchanged;
- ``search_costs(costs)``: what each piece of hard's search costs in work units on this board (a board whose
  judge or ranking is dearer counts it so, and the same work budget then bounds its time too).
"""
from __future__ import annotations

from ...engine.rules import board_of


from .base import CityValue  # the hooks' defaults; a city module imports them from there, not back from here


_PLAIN = CityValue()


def city_value(state) -> CityValue:
    """The hook for ``state``'s board (a board with a ``[paris]`` table gets Paris's, one with a ``[berlin]``
    table Berlin's; one with water icons or clusters New York's)."""
    board = board_of(state)
    if getattr(board, "paris", None) is not None:
        from .paris import paris_value

        return paris_value(board)
    if board.berlin is not None:
        from .berlin import berlin_value

        return berlin_value(board)
    if getattr(board, "water", None) or getattr(board, "clusters", None):
        from .newyork import newyork_value

        return newyork_value(board)
    return _PLAIN
