"""Paris's secret objectives at a shared table, checked from the outside (what is drawn, to the pixel): a
computer seat's cards have no button; a person's open only while their button is held, facing that seat,
after a moment (a tap explains instead), not again at once, and every opening is told to the table without
its content; holding any panel's button never draws another seat's cards.
"""
from __future__ import annotations

import random

import pygame
import pytest

from game.engine import Undo, apply, legal_actions, new_game
from game.ui.app import FIXED_DT
from game.ui.play.secrets import HOLD_S, REST_S
from game.ui.play_scene import PEEK_NOTICE_S, PlayScene
from game.ui.screenshot import demo_seats
from game.ui.seats import EDGE_ROTATION

from play_helpers import settle  # noqa: E402 (tests/ui is on sys.path)

HOLD_STEPS = round(HOLD_S / FIXED_DT) + 2
QUIET_STEPS = round((PEEK_NOTICE_S + 0.5) / FIXED_DT)
PEOPLE, COMPUTERS = (0, 2), (1, 3)


def _table(app, seed=3):
    """Four seats round a table, two people (0, 2) and two computers (1, 3), mid-game with seat 0 to act."""
    state = new_game("paris", ["Ada", "Ben", "Cy", "Dee"], seed=seed, start_player=0)
    rng = random.Random(seed)
    while not (state.turn >= 8 and state.current == 0 and state.phase == "actions"):
        apply(state, rng.choice([a for a in legal_actions(state) if not isinstance(a, Undo)]))
    seats = demo_seats(state)
    for i in COMPUTERS:
        seats[i].computer, seats[i].level = True, "random"
    scene = PlayScene(app, state, seats)
    app.push(scene)
    settle(app, scene)
    return scene


def _screen(app) -> bytes:
    app.draw(force=True)
    return pygame.image.tobytes(app.screen, "RGB")


def _picture(scene, seat):
    """Seat ``seat``'s cards as its owner sees them: upright picture turned to face that seat."""
    img = scene.board_view.city.secret_cards_picture(scene.state, scene.board, seat, scene.fonts, scene.app.scale)
    rot = EDGE_ROTATION.get(scene.panels[seat].edge, 0)
    return pygame.transform.rotate(img, rot) if rot else img


def _where_the_button_would_be(scene, seat):
    """A computer's panel has no cards button: the spot where a person's panel of that edge has it."""
    panel = scene.panels[seat]
    r = panel.rect
    return {"bottom": (r.right - 20, r.top + 20), "top": (r.left + 20, r.bottom - 20),
            "left": (r.right - 20, r.bottom - 20), "right": (r.left + 20, r.top + 20)}[panel.edge]


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_holding_every_panels_button_never_draws_another_seats_cards(app, driver, size):
    """Hold each panel's cards button (or where it would be) in turn: a person's own cards appear, facing
    them, and the rest of the screen is as before; on a computer's panel nothing is drawn at all."""
    app.resize(*size)
    scene = _table(app)
    base = _screen(app)
    pictures = {s: pygame.image.tobytes(_picture(scene, s), "RGBA") for s in range(4)}
    assert len(set(pictures.values())) == 4, "each seat's cards must differ for this test to mean anything"
    for seat in range(4):
        assert (scene.point_for_button(seat, "secret") is None) == (seat in COMPUTERS)
        x, y = scene.point_for_button(seat, "secret") or _where_the_button_would_be(scene, seat)
        driver.finger("down", x, y, 20 + seat)
        driver.step(HOLD_STEPS + QUIET_STEPS)  # open, and the table's notice of it gone: only the cards remain
        held = _screen(app)
        if seat in COMPUTERS:
            assert scene.drawn_secrets == [] and not scene.held_secret
            assert held == base, f"holding computer seat {seat}'s panel drew something"
        else:
            [(whose, turned, box)] = scene.drawn_secrets
            assert whose == seat and turned == EDGE_ROTATION.get(scene.panels[seat].edge, 0)
            expected = app.screen.copy()
            expected.blit(pygame.image.frombytes(base, app.screen.get_size(), "RGB"), (0, 0))
            expected.blit(_picture(scene, seat), box)
            assert held == pygame.image.tobytes(expected, "RGB"), \
                f"holding seat {seat}'s button drew something besides its own cards"
            for other in range(4):
                if other != seat:
                    assert pictures[other] != pygame.image.tobytes(
                        app.screen.subsurface(box).copy().convert_alpha(), "RGBA")
        driver.finger("up", x, y, 20 + seat)
        driver.step(round((REST_S + PEEK_NOTICE_S) / FIXED_DT) + 4)
        assert scene.drawn_secrets == [] and _screen(app) == base


def test_a_tap_on_the_cards_button_explains_and_opens_nothing(app, driver):
    scene = _table(app)
    x, y = scene.point_for_button(0, "secret")
    driver.finger("down", x, y, 5)
    driver.step(1)
    driver.finger("up", x, y, 5)
    driver.step(2)
    assert not scene.held_secret and scene.peek.openings == [0, 0, 0, 0] and scene.drawn_secrets == []
    [toast] = scene.anim.toasts
    assert "Press and hold to look" in toast.text and "shield" in toast.text
    assert toast.angle == EDGE_ROTATION.get(scene.panels[0].edge, 0)  # facing the seat whose button it is
    assert not scene.anim.notices, "a tap looked at nothing: the table is told nothing"


def test_each_opening_is_told_to_every_seat_without_its_content(app, driver):
    scene = _table(app)
    x, y = scene.point_for_button(2, "secret")  # Cy's cards, whoever's finger it is
    driver.finger("down", x, y, 6)
    driver.step(HOLD_STEPS)
    assert list(scene.held_secret) == [2] and scene.peek.openings == [0, 0, 1, 0]
    texts = [n.text for n in scene.anim.notices]
    assert texts == ["Cy's secret cards were looked at"] * 4  # one facing each seat
    assert sorted(n.angle for n in scene.anim.notices) == sorted(EDGE_ROTATION.get(p.edge, 0) for p in scene.panels)
    board = scene.board
    from game.engine.cities.paris import objectives_of

    secret_names = {board.stations[s].name for c in objectives_of(scene.state, 2) for s in board.objective_stations[c]}
    assert not any(name in texts[0] for name in secret_names)
    driver.finger("up", x, y, 6)


def test_the_cards_do_not_open_again_at_once(app, driver):
    """A rate limit: after the cards close they stay shut for REST_S, even under a finger."""
    scene = _table(app)
    x, y = scene.point_for_button(0, "secret")
    driver.finger("down", x, y, 8)
    driver.step(HOLD_STEPS)
    driver.finger("up", x, y, 8)
    driver.step(1)
    driver.finger("down", x, y, 9)
    driver.step(round((REST_S - 0.3) / FIXED_DT))
    assert not scene.held_secret and scene.peek.openings[0] == 1
    driver.step(round(0.6 / FIXED_DT))
    assert list(scene.held_secret) == [0] and scene.peek.openings[0] == 2
    driver.finger("up", x, y, 9)
