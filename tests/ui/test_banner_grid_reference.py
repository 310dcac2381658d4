"""The turn banner keeps clear of the grid reference (issue 22 item 4: the cards say "Columbus Circle A3", so the
letters and numbers on the board's edges must stay readable). The banner stands on the board's edge facing the
active seat, which is where the letters and numbers are: it used to cover some of them in nearly every position
(125 of 144 positions on London, New York and Paris at 1280x720 and 1920x1080, play screen and replay viewer).
The positions are tests/ui/overlay_measures.py's (``banner_scene``), which measures the whole sweep."""
from __future__ import annotations

import pytest

from tests.ui.overlay_measures import banner_scene


@pytest.mark.parametrize("board,size,players,arrangement,kind", [
    ("paris", (1920, 1080), 4, "table", "play"),  # covered A-F along the top seat's edge
    ("paris", (1920, 1080), 4, "table", "replay"),
    ("newyork", (1920, 1080), 4, "laptop", "replay"),  # covered the row number 6
    ("london", (1920, 1080), 2, "laptop", "play"),
    ("paris", (1280, 720), 4, "table", "play"),
    # the replay's shortest form, "Replay, turn 28 of 32", on one line had no place off the letters (8 of 240
    # positions, tests/ui/overlay_measures.py banner): on two lines it finds one
    ("london", (1920, 1080), 4, "table", "replay"),  # over the right edge's 3 and 4
    ("paris", (1280, 720), 2, "table", "replay"),  # over A and 6 in the bottom left corner
])
def test_the_turn_banner_covers_no_grid_letter_or_number(app, board, size, players, arrangement, kind):
    scene = banner_scene(app, board, size, players, arrangement, 0.85, kind)  # late: the edges are crowded
    banner = scene.backdrop.banner_rect()
    labels = scene.board_view.grid_labels()
    assert banner is not None and labels
    covered = [text for text, box in labels if box.colliderect(banner)]
    assert not covered, (tuple(banner), covered)
    assert scene.overlays.banner_hidden == 0  # and no name or symbol under it instead


@pytest.mark.parametrize("board,players,arrangement", [("london", 4, "table"), ("newyork", 2, "table")])
def test_the_replays_banner_keeps_the_turn_when_it_is_short_of_room(app, board, players, arrangement):
    """At 1280x720 the replay viewer's banner often has room for its shortest form only, which was "Replay" alone
    (31 of 48 replay positions at 1280x720 in a sweep of every board): the viewer's narrow bar has no turn slider,
    so the turn was nowhere. The shortest form now says it ("Replay, turn 25 of 28")."""
    scene = banner_scene(app, board, (1280, 720), players, arrangement, 0.85, "replay")
    shown = " ".join(scene.overlays.banner_lines)
    assert f"turn {scene.turn_index + 1} of {scene.n_turns}" in shown, shown
