"""London's loop geometry: the board fact that makes "strictly inside" unambiguous (docs/testing.md).

Five mutants of cities/london.py (the bounding box compared with <= instead of <, and the crossing test
px <= x_cross) change the answer only for a station lying exactly on a cycle's outline without being on the
cycle; this test shows no London board has such a station, so they are equivalent on the boards we ship.
"""
from __future__ import annotations

import pytest

from game.engine import load_board


@pytest.mark.parametrize("map_name", ["london", "london-2006"])
def test_no_station_lies_on_a_connection_it_is_not_an_end_of(map_name):
    """A loop's outline runs along connections; a station drawn on one it is not an end of would be neither
    clearly inside nor outside a loop (the rule says strictly inside, the outline is outside)."""
    board = load_board(map_name)
    st = board.stations
    on = []
    for a, b in board.conn_ends:
        (ax, ay), (bx, by) = (st[a].x, st[a].y), (st[b].x, st[b].y)
        for s in st:
            if s.index in (a, b):
                continue
            collinear = (bx - ax) * (s.y - ay) == (by - ay) * (s.x - ax)
            if collinear and min(ax, bx) <= s.x <= max(ax, bx) and min(ay, by) <= s.y <= max(ay, by):
                on.append(f"{s.name} on {st[a].name}-{st[b].name}")
    assert not on, f"{map_name}: stations drawn on a connection they are not part of: {on}"
