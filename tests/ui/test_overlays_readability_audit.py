"""The readability audit of what lies over the board for a moment (issue 22, item 2): seeded games played on
the screen on every board, at 1280x720, 1920x1080 and 3840x2160, with 2 to 5 seats round a table and on a
laptop. At positions throughout each game (a line chosen so its legal spaces glow, a hint shown at every other
one) and whenever floating points or a notice appear, nothing temporary (the turn banner, a route callout, a
notice, a float, the hint's box) lies over a station name, a station, a token or a legal space, a float lands
on no panel, and no name lies under a panel (overlay_checks.py).

`make test` plays a few of these games (one per board, sizes and seats spread over them); `make soak` plays
every one. The counts before and after are in docs/play-screen.md.
"""
from __future__ import annotations

import pytest

from tests.ui.overlay_checks import audit_game

BOARDS = ("london", "london-2006", "berlin", "newyork", "paris")
SIZES = ((1280, 720), (1920, 1080), (3840, 2160))
# `make test`: one game per board, each at another size, seat count and arrangement (London's first edition on a
# laptop at 1920x1080: its long "The deck is empty…" notice once found no free place nearer than above the board,
# off the screen's top, and was drawn over names there)
QUICK = {("london", (1920, 1080), 2, "table"), ("london-2006", (1920, 1080), 2, "laptop"),
         ("berlin", (1280, 720), 4, "table"), ("newyork", (1920, 1080), 5, "table"),
         ("paris", (1280, 720), 4, "laptop")}
EVERY = 6  # actions between two positions checked


def _check(app, board, size, n, arrangement):
    got, checked = audit_game(app, board, size, n, arrangement, seed=n + 1, every=EVERY)
    assert checked >= 8, "the game was checked at too few positions"
    assert not got, f"{board} at {size[0]}x{size[1]}, {n} seats ({arrangement}): {dict(got)}"


@pytest.mark.parametrize("board,size,n,arrangement", [
    pytest.param(b, s, n, a, id=f"{b}-{s[0]}x{s[1]}-{n}-{a}") for b, s, n, a in sorted(QUICK)])
def test_overlays_readability_audit(app, board, size, n, arrangement):
    _check(app, board, size, n, arrangement)


# games expected to fail (not strict), with why (none since the tenth session: Berlin's five seats round a table at
# 1280x720 passes since a new banner keeps off the notices shown and an end bonus with no room to rise by its panel
# rises where it lands: docs/play-screen.md)
CROWDED: dict[tuple, str] = {}


def _soak_param(b, s, n, a):
    marks = [pytest.mark.xfail(reason=CROWDED[(b, s, n, a)], strict=False)] if (b, s, n, a) in CROWDED else []
    return pytest.param(b, s, n, a, id=f"{b}-{s[0]}x{s[1]}-{n}-{a}", marks=marks)


@pytest.mark.soak
@pytest.mark.parametrize("board,size,n,arrangement", [
    _soak_param(b, s, n, a)
    for b in BOARDS for s in SIZES for n in (2, 3, 4, 5) for a in ("table", "laptop") if (b, s, n, a) not in QUICK])
def test_overlays_readability_audit_soak(app, board, size, n, arrangement):
    _check(app, board, size, n, arrangement)
