"""Golden images of the board and the play screen at 1280x720.

A fixed seeded position is drawn headless and compared with tests/ui/golden/*.png, allowing a little
antialiasing noise. After an intended change to the look, regenerate with ``UPDATE_GOLDEN=1`` and look
at the new PNGs before committing them.
"""
from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.ai import RandomBot
from game.engine import apply, new_game
from game.engine.rules import legal_placements
from game.ui.app import FIXED_DT
from game.ui.play_scene import PlayScene
from game.ui.seats import SeatConfig

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
CHANNEL_TOL = 40  # a channel may differ this much before the pixel counts as different
MAX_DIFFERENT = 0.003  # share of pixels allowed to differ


def position(actions: int = 40, players: int = 2):
    state = new_game("london", ["Ada", "Ben", "Chloe", "Dev"][:players], seed=7, start_player=0)
    bot = RandomBot(7)
    for _ in range(actions):
        apply(state, bot.choose(state))
    return state


def compare(surface: pygame.Surface, name: str) -> None:
    path = GOLDEN / name
    if UPDATE:
        GOLDEN.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surface, str(path))
        return
    assert path.exists(), f"{path} is missing: run with UPDATE_GOLDEN=1 to create it, then look at it"
    want = pygame.image.load(str(path))
    assert want.get_size() == surface.get_size()
    a = pygame.image.tobytes(surface, "RGB")
    b = pygame.image.tobytes(want, "RGB")
    different = 0
    for i in range(0, len(a), 3):
        if (abs(a[i] - b[i]) > CHANNEL_TOL or abs(a[i + 1] - b[i + 1]) > CHANNEL_TOL
                or abs(a[i + 2] - b[i + 2]) > CHANNEL_TOL):
            different += 1
    share = different / (len(a) // 3)
    if share > MAX_DIFFERENT:
        out = Path(os.environ.get("GOLDEN_OUT", "/tmp")) / f"actual_{name}"
        pygame.image.save(surface, str(out))
        pytest.fail(f"{name}: {share:.2%} of pixels differ (allowed {MAX_DIFFERENT:.2%}); "
                    f"the actual image is at {out}")


def test_board_golden(app):
    """The board alone: lanes, stations by kind, names, tokens, destinations, passenger and glow."""
    state = position()
    seats = [SeatConfig(name="Ada", edge="bottom"), SeatConfig(name="Ben", edge="top")]
    scene = PlayScene(app, state, seats)
    app.push(scene)
    bv = scene.board_view
    line = scene.selected[state.current]
    glow = tuple((c, cost) for li, c, cost in legal_placements(state) if li == line)
    layer = bv.state_layer(state, key=-1, glow=glow, glow_line=line)
    compare(layer, "board_1280x720.png")


def test_play_screen_golden(app):
    """The whole table mid-game: board, both panels (one upside down), the turn banner."""
    state = position()
    seats = [SeatConfig(name="Ada", edge="bottom"), SeatConfig(name="Ben", edge="top")]
    scene = PlayScene(app, state, seats)
    app.push(scene)
    for _ in range(60):
        app.step(FIXED_DT)
    scene.draw(app.screen)
    compare(app.screen, "play_1280x720.png")


def test_four_seat_table_golden(app):
    """Four seats on four edges: every panel rotated to face its player."""
    state = position(actions=61, players=4)
    seats = [SeatConfig(name=n, edge=e) for n, e in zip(["Ada", "Ben", "Chloe", "Dev"],
                                                        ["bottom", "left", "top", "right"])]
    scene = PlayScene(app, state, seats)
    app.push(scene)
    for _ in range(60):
        app.step(FIXED_DT)
    scene.draw(app.screen)
    compare(app.screen, "table4_1280x720.png")


def test_compare_notices_a_change(app, monkeypatch):
    """The check itself can fail: a visibly different picture is caught."""
    if UPDATE:
        pytest.skip("regenerating")
    state = position()
    scene = PlayScene(app, state, [SeatConfig(name="Ada", edge="bottom"), SeatConfig(name="Ben", edge="top")])
    app.push(scene)
    layer = scene.board_view.state_layer(state, key=-1).copy()
    pygame.draw.rect(layer, (255, 0, 0), layer.get_rect().inflate(-400, -300))
    monkeypatch.setenv("GOLDEN_OUT", str(Path(os.environ.get("TMPDIR", "/tmp"))))
    with pytest.raises(pytest.fail.Exception):
        compare(layer, "board_1280x720.png")
