"""A laptop's action bar (play/action_bar.py) and its seats' panels (panel/row.py): every seat's panel along
the bottom edge keeps its name, points, lines, status, notes and own round buttons, one row deep where its width
allows, and one bar under the face-up cards holds the acting seat's branch tile, Undo, route, choice and hint
buttons. The board gets the height the panels gave back (the names' audit counts, docs/play-screen.md)."""
from __future__ import annotations

import random

import pygame
import pytest

from game import i18n
from game.engine import Undo, apply, legal_actions, new_game
from game.engine.actions import ChooseReward
from game.ui import textfit
from game.ui import theme as th
from game.ui.panel import DEPTH, LEAST_SWATCH, LINES_ROW
from game.ui.panel.draw import notes_for
from game.ui.play_scene import PlayScene
from game.ui.seats import SeatConfig, default_edges
from play_helpers import route_position  # tests/ui is on sys.path

NAMES = ["Ada", "Ben", "Chloe", "Dev", "Ezra"]


def _scene(app, st, arrangement: str = "laptop") -> PlayScene:
    edges = default_edges(st.n_players, arrangement)
    seats = [SeatConfig(name=p.name, edge=edges[k], colours=list(st.setup.lines[k])) for k, p in enumerate(st.players)]
    play = app.push(PlayScene(app, st, seats))
    app.step(1 / 30)
    return play


def _route_position(map_id: str, players: int, n_options: int = 3):
    """A real game brought to a route choice, with ``n_options`` options (destinations made up)."""
    return route_position(map_id, NAMES[:players], n_options)


def _problems(play, st) -> list[tuple]:
    """Every control below the touch size, outside its panel or the bar, or over another; the bar over the board,
    a panel or a card."""
    k = play.app.scale
    touch = th.touch_px(k)
    out = []
    boxes = []
    for i, panel in enumerate(play.panels):
        panel.layout(st, play.panel_view(i))
        boxes.append((f"panel{i}", pygame.Rect(0, 0, *panel.upright_size), dict(panel.controls)))
    bar = play.bar
    bar.layout(st, play.panel_view(play.shown_current), play.shown_current, play.panels[play.shown_current].has_hint)
    boxes.append(("bar", pygame.Rect(0, 0, *bar.rect.size), dict(bar.controls)))
    for where, box, ctl in boxes:
        for a, r in ctl.items():
            if not box.contains(r):
                out.append((where, a, "outside"))
            if not a.startswith("_"):
                least_w = max(1, round(LEAST_SWATCH * k)) if a.startswith("line:") else touch
                if r.w < least_w or r.h < touch:
                    out.append((where, a, "below touch size", r.size))
            for b, q in ctl.items():
                if a < b and r.colliderect(q):
                    out.append((where, a, b))
    others = [p.rect for p in play.panels] + [play.board_view.rect] + play.cards.item_rects()
    out += [("bar", "over", tuple(o)) for o in others if bar.rect.colliderect(o)]
    return out


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_laptop_row_is_one_panel_deep_where_its_width_allows(app, size, players):
    """2-4 seats: one row (132 px at 1080p; it was 258; four seats at 1280x720 with narrower gaps and the identity
    at its words' least, panel/row.py); five: one deeper row at 1280x720 (the status and the notes under the
    lines, 110 px; two rows took 159), the lines and status in a second row at larger sizes (238 at 1080p; it was
    334). The board takes the rest of the height, and the bar stands beside it under the cards."""
    app.resize(*size)
    st = new_game("london", NAMES[:players], seed=1, start_player=0)
    play = _scene(app, st)
    try:
        k = app.scale
        p = lambda n: max(1, round(n * k))  # noqa: E731
        one = players <= 4
        two = p(DEPTH) + th.touch_px(k) + p(LINES_ROW) + p(12)
        deep = not one and size == (1280, 720)
        want = p(DEPTH) if one else 110 if deep else two
        assert {panel.rect.h for panel in play.panels} == {want}
        assert {panel.mode for panel in play.panels} == {"row" if one else "deep" if deep else "row2"}
        assert play.bar.rect is not None and play.bar.rect.left >= play.board_view.rect.right
        assert play.board_view.rect.bottom <= size[1] - want and play.board_view.rect.h >= size[1] - want - p(20)
        assert not any("branch" in panel.controls or "undo" in panel.controls or "hint" in panel.controls
                       for panel in play.panels)
    finally:
        app.pop()


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
@pytest.mark.parametrize("map_id", ["london", "london-2006", "berlin", "newyork", "paris"])
def test_five_seats_on_a_1280x720_laptop_take_one_deeper_row(app, map_id, lang):
    """Five seats at 1280x720: one row (the name, the lines and the round buttons, the status and the notes in a
    strip under them: 110 px; two rows took 159, the board 1135x553), every control at touch size and apart, no
    word cut, every note shown; the board view at most 22 px shorter than with four seats (1135x602 against
    1135x624, Paris's 614 with its secret cards' button over the menu)."""
    app.resize(1280, 720)
    assert i18n.set_language(lang) == lang
    try:
        variant = "classic" if map_id == "london-2006" else "standard"
        boards = {}
        for players in (4, 5):
            st = new_game("london" if map_id == "london-2006" else map_id, NAMES[:players], seed=1, start_player=0,
                          variant=variant)
            play = _scene(app, st)
            try:
                boards[players] = play.board_view.rect.h
                if players == 4:
                    continue
                assert {panel.mode for panel in play.panels} == {"deep"}
                assert {panel.rect.h for panel in play.panels} == {110}
                assert _problems(play, st) == []
                with textfit.recording() as cuts:
                    app.draw(force=True)
                    for i, panel in enumerate(play.panels):
                        view = play.panel_view(i)
                        panel.render(st, view)
                        assert not panel.cut_labels and not panel.name_cut
                        assert panel.shown_notes == len(notes_for(view, city=False)), i
                assert [str(c) for c in cuts] == []
            finally:
                app.pop()
        assert boards[5] >= boards[4] - 22 and boards[5] > 553, boards
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
@pytest.mark.parametrize("map_id,size", [("london", (1280, 720)), ("london-2006", (1280, 720)), ("berlin", (1280, 720)),
                                         ("newyork", (1280, 720)), ("paris", (1280, 720)), ("paris", (1920, 1080)),
                                         ("london-2006", (1920, 1080))])
def test_four_seats_on_a_laptop_take_one_row(app, map_id, size, lang):
    """The commonest laptop view: four seats at 1280x720 in one panel row (88 px; two rows took 159; Paris's,
    with the secret cards' button over the menu, 98), every control at touch size and apart, no word cut; the
    board the taller for it."""
    app.resize(*size)
    assert i18n.set_language(lang) == lang
    try:
        st = new_game(map_id, NAMES[:4], seed=1, start_player=0)
        play = _scene(app, st)
        try:
            k = app.scale
            p = lambda n: max(1, round(n * k))  # noqa: E731
            stacked = any("secret" in panel.controls for panel in play.panels)
            want = max(p(DEPTH), 2 * th.touch_px(k) + 3 * p(6)) if stacked else p(DEPTH)
            assert {panel.mode for panel in play.panels} == {"row"}
            assert {panel.rect.h for panel in play.panels} == {want}
            assert play.board_view.rect.bottom <= size[1] - want and play.board_view.rect.h >= size[1] - want - p(20)
            assert _problems(play, st) == []
            with textfit.recording() as cuts:
                app.draw(force=True)
                for i, panel in enumerate(play.panels):
                    panel.render(st, play.panel_view(i))
                    assert not panel.cut_labels and not panel.name_cut
            assert [str(c) for c in cuts] == []
        finally:
            app.pop()
    finally:
        i18n.set_language("en")


def test_a_table_keeps_its_panels_and_has_no_bar(app):
    st = new_game("london", NAMES[:4], seed=1, start_player=0)
    play = _scene(app, st, "table")
    try:
        assert play.bar.rect is None and all(panel.bar is None for panel in play.panels)
        assert "branch" in play.panels[st.current].controls and "undo" in play.panels[st.current].controls
    finally:
        app.pop()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("map_id,players", [("london", 2), ("london", 4), ("paris", 3), ("paris", 5),
                                            ("newyork", 4), ("berlin", 5)])
def test_every_laptop_control_at_touch_size_and_apart(app, size, map_id, players):
    """In the actions and while a route with a page of options is asked."""
    app.resize(*size)
    for st in (new_game(map_id, NAMES[:players], seed=1, start_player=0), _route_position(map_id, players, 7)):
        play = _scene(app, st)
        try:
            assert _problems(play, st) == []
            if st.phase == "route":
                assert "route:0" in play.bar.controls and "_label" in play.bar.controls
        finally:
            app.pop()


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_no_word_of_a_laptop_panel_or_its_bar_is_cut(app, lang, size):
    app.resize(*size)
    assert i18n.set_language(lang) == lang
    try:
        for st in (new_game("paris", NAMES[:4], seed=1, start_player=0), new_game("london", NAMES[:4], seed=1,
                                                                                  start_player=0),
                   _route_position("london", 5)):
            play = _scene(app, st)
            try:
                with textfit.recording() as cuts:
                    app.draw(force=True)
                    for i, panel in enumerate(play.panels):
                        panel.render(st, play.panel_view(i))
                        assert not panel.cut_labels and not panel.name_cut
                    assert play.bar.render(st, play.panel_view(st.current), st.current, True) is not None
                assert not play.bar.cut_labels
                assert [str(c) for c in cuts] == []
            finally:
                app.pop()
    finally:
        i18n.set_language("en")


def test_a_route_is_previewed_and_chosen_on_the_bar_for_the_acting_seat(app, driver):
    st = _route_position("london", 3)
    play = _scene(app, st)
    try:
        p = st.current
        at = play.point_for_button(p, "route:1")
        assert at is not None and play.bar.rect.collidepoint(at), "the route's button is on the bar"
        assert "route:1" not in play.panels[p].controls
        dest = st.options[1].destination
        driver.tap(*at)  # the first tap previews
        assert play.route_preview == 1 and st.phase == "route"
        driver.tap(*at)  # the second chooses, for the acting seat
        assert st.phase != "route" or [o.destination for o in st.options] != [0, 1, 2]
        assert st.passenger == dest or dest in st.discard
    finally:
        app.pop()


def _reward_position(seed=7):
    state = new_game("paris", NAMES[:3], seed=seed, start_player=0)
    rng = random.Random(seed)
    for _ in range(4000):
        if state.phase == "reward":
            return state
        apply(state, rng.choice([a for a in legal_actions(state) if not isinstance(a, Undo)]))
    raise AssertionError("no reward asked")


def test_a_paris_choice_is_taken_on_the_bar_and_undone_there(app, driver):
    st = _reward_position()
    play = _scene(app, st)
    try:
        p = st.current
        pl = st.players[p]
        score, tiles = pl.score, pl.branch_tiles
        labels = [label for label, _ in play.panel_view(p).choices]
        i = [a for _l, _pre, a in play.board_view.city.choices(st, play.board)].index(ChooseReward("point_and_tile"))
        at = play.point_for_button(p, f"choice:{i}")
        assert at is not None and play.bar.rect.collidepoint(at) and len(labels) == 3
        driver.tap(*at)
        assert (pl.score, pl.branch_tiles) == (score + 1, tiles + 1)
        for _ in range(400):
            if not play.blocking and play.shown_current == st.current:
                break
            app.step(1 / 15)
        undo = play.point_for_button(p, "undo")
        assert undo is not None and play.bar.rect.collidepoint(undo)
        driver.tap(*undo)
        assert st.phase == "reward" and (st.players[p].score, st.players[p].branch_tiles) == (score, tiles)
    finally:
        app.pop()


def test_the_hint_box_and_the_guide_point_at_the_bar(app):
    """The panel's ``point_for`` (the guide, the hints, the kiosk's demo) finds the acting seat's controls on the
    bar, and a waiting seat's panel has none of them."""
    st = new_game("london", NAMES[:3], seed=1, start_player=0)
    play = _scene(app, st)
    try:
        p = st.current
        for name in ("branch", "undo", "hint"):
            r = play.panels[p].control_rect_on_screen(name)
            assert r is not None and play.bar.rect.contains(r), name
        x, y = play.point_for_button(p, "branch")
        assert play._target_at(x, y) == ("panel", p, "branch")
    finally:
        app.pop()
