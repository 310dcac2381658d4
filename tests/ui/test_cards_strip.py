"""The destination cards as cards (play/cards.py): names, kinds, grid references, the deck count and the
passenger's station; a touched card finds its station; doubles show as two; no strip covers a panel."""
from __future__ import annotations

import pytest

from game.engine import new_game
from game.engine.rules import board_of
from game.ui.play_scene import PlayScene
from game.ui.seats import SeatConfig, default_edges

FIXED_DT = 1 / 120


def start(app, state, arrangement: str = "table", computers=()) -> PlayScene:
    edges = default_edges(state.n_players, arrangement)
    seats = [SeatConfig(name=p.name, edge=edges[i], computer=i in computers) for i, p in enumerate(state.players)]
    scene = PlayScene(app, state, seats)
    scene.drive_computers = False
    app.push(scene)
    app.step(FIXED_DT)
    return scene


def test_the_strip_shows_the_four_cards_and_the_deck(app):
    st = new_game("london", ["Ada", "Bea"], seed=4, start_player=0)
    scene = start(app, st)
    board = board_of(st)
    assert len(st.face_up) == 4
    assert scene.cards.card_names(st, scene.face_up_shown()) == [board.stations[s].name for s in st.face_up]
    top, bottom = scene.cards.info_lines
    assert bottom == f"Deck: {len(st.deck)} cards"
    assert board.stations[st.passenger].name in top or board.stations[st.passenger].name.startswith(top[:-1])
    # the reference, unless there was room only for the name whole (condensed), or only for a cut
    assert scene.board_view.grid_ref(st.passenger) in top or top == board.stations[st.passenger].name \
        or top.endswith("…")


def test_touching_a_card_finds_its_station(app, driver):
    st = new_game("london", ["Ada", "Bea"], seed=4, start_player=0)
    scene = start(app, st)
    for j in (0, 3):
        x, y = scene.cards.point_for_card(j)
        assert scene._target_at(x, y) == ("cards", "card", j)
        driver.tap(x, y)
        assert scene.cards.lit == j and scene.cards.finds[0].station == st.face_up[j]
        assert scene.animating
        drawn = scene.cards.draw_moving(app.screen, scene.board_view)
        sx, sy = scene.board_view.station_xy(st.face_up[j])
        assert any(r.collidepoint(sx, sy) for r in drawn)
    for _ in range(int(3.0 / FIXED_DT)):
        app.step(FIXED_DT)
    assert scene.cards.lit is None and not scene.cards.finds
    assert len(st.log) == 0  # looking at the cards is no action


def test_a_card_far_off_the_zoomed_board_is_brought_into_view(app):
    st = new_game("london", ["Ada", "Bea"], seed=4, start_player=0)
    scene = start(app, st)
    bv = scene.board_view
    stn = st.face_up[0]
    sx, sy = bv.station_xy(stn)
    far = (bv.rect.right - 5, bv.rect.bottom - 5) if sx < bv.rect.centerx else (bv.rect.x + 5, bv.rect.y + 5)
    bv.zoom_at(far[0], far[1], 4.0)
    scene.find_card(0, scene.cards.point_for_card(0))
    assert bv.rect.collidepoint(*bv.station_xy(stn))


def test_double_cards_show_as_two(app):
    st = new_game("newyork", ["Ada", "Bea"], seed=2, start_player=0)
    st.face_up[1] = st.face_up[0]  # two identical cards face up, as New York's deck allows
    scene = start(app, st)
    names = scene.cards.card_names(st, scene.face_up_shown())
    board = board_of(st)
    assert len(names) == 4 and names[0] == names[1] == board.stations[st.face_up[0]].name


def test_first_edition_cards_leave_with_the_deck(app):
    st = new_game("london", ["Ada", "Bea"], seed=4, start_player=0, variant="classic")
    st.face_up.clear()
    st.deck.clear()
    st.passenger = -1
    scene = start(app, st)
    assert scene.cards.card_names(st, scene.face_up_shown()) == []
    assert scene.cards.info_lines == ("No cards", "the deck is empty")


def test_grid_reference_matches_the_letters_on_the_paper(app):
    st = new_game("berlin", ["Ada", "Bea"], seed=1, start_player=0)
    scene = start(app, st)
    bv = scene.board_view
    cols, rows = bv.grid()
    assert 5 <= cols <= 26 and 3 <= rows
    (x0, y0), (x1, y1) = bv.to_screen(bv.bounds[0], bv.bounds[1]), bv.to_screen(bv.bounds[2], bv.bounds[3])
    for stn in range(0, len(board_of(st).stations), 7):
        x, y = bv.station_xy(stn)
        ref = bv.grid_ref(stn)
        c, r = ord(ref[0]) - ord("A"), int(ref[1:]) - 1
        assert x0 + c * (x1 - x0) / cols - 1 <= x <= x0 + (c + 1) * (x1 - x0) / cols + 1, (stn, ref)
        assert y0 + r * (y1 - y0) / rows - 1 <= y <= y0 + (r + 1) * (y1 - y0) / rows + 1, (stn, ref)


STRIP_SIZES = [(1280, 720), (1920, 1080), (3840, 2160)]
# `make test`: every board at 1280x720 (the tightest), each arrangement on two of them, and each larger size in
# one arrangement; `make soak` runs the rest of the 4 x 2 x 3 matrix (make test's time, docs/testing.md).
STRIP_QUICK = {("london", "table", (1280, 720)), ("london-2006", "laptop", (1280, 720)),
               ("berlin", "table", (1280, 720)), ("newyork", "laptop", (1280, 720)),
               ("london", "laptop", (1920, 1080)), ("berlin", "table", (3840, 2160))}


@pytest.mark.parametrize("map_id,arrangement,size", [
    pytest.param(m, a, s, id=f"{m}-{a}-{s[0]}x{s[1]}", marks=() if (m, a, s) in STRIP_QUICK else pytest.mark.soak)
    for m in ("london", "london-2006", "berlin", "newyork") for a in ("table", "laptop") for s in STRIP_SIZES])
def test_no_strip_covers_a_panel_or_the_board(app, size, arrangement, map_id):
    variant = "classic" if map_id == "london-2006" else "standard"
    base = "london" if map_id == "london-2006" else map_id
    app.resize(*size)
    for n in (2, 3, 4, 5):
        st = new_game(base, ["Ada", "Bea", "Cy", "Dee", "Eve"][:n], seed=n, start_player=0, variant=variant)
        scene = start(app, st, arrangement)
        W, H = app.size
        assert scene.cards.strips, (n, size)
        for strip in scene.cards.strips:
            assert strip.rect.clip((0, 0, W, H)) == strip.rect
            assert not strip.rect.colliderect(scene.board_view.rect)
            assert not any(strip.rect.colliderect(p.rect) for p in scene.panels), (n, strip.edge)
            assert all(r.h >= min(48 * app.scale, 40) for _, _, r in strip.items), (n, strip.edge)
        assert scene.board_view.rect.w > W // 3 and scene.board_view.rect.h > H // 3
        app.pop()
