"""Title, set-up and end screens driven by posted touch and mouse events; the remembered set-up."""
from __future__ import annotations

import importlib.util
import logging

import msgspec
import pygame
import pytest

from game.engine import rules
from game.engine.state import TOKEN_SUPPLY
from game.ui.screens.end import EndScene
from game.ui.screens.results import end_winners, rank_labels, tie_note
from game.ui.screens.setup import SetupScene
from game.ui.screens.table_setup import (ARRANGEMENT_LABELS, DEFAULT_MAP, EDITION_LABELS, LEVELS, available_levels,
                                         default_setup, has_first_edition, lines_per_player, next_free_colour,
                                         resize_setup, token_totals)
from game.ui.screens.title import TitleScene
from game.ui.theme import line_rgb
from game.ui.screenshot import demo_seats, demo_state
from game.ui.seats import SeatConfig, TableSetup
from game.ui.settings import RANDOM_START, Settings

HAS_PLAY = importlib.util.find_spec("game.ui.play_scene") is not None
needs_play = pytest.mark.skipif(not HAS_PLAY, reason="the play screen (game/ui/play_scene.py) is not in yet")


def setup_scene(app, setup=None):
    return app.push(SetupScene(app, setup=setup))


# ---- title ----------------------------------------------------------------------------------------


def test_title_new_game_by_touch_opens_setup(app, driver):
    t = app.push(TitleScene(app))
    app.step(0.01)
    driver.tap_rect(t.buttons["new_game"].rect)
    assert isinstance(app.top, SetupScene)
    assert len(app.scenes) == 1


def test_title_quit_by_mouse(app, driver):
    t = app.push(TitleScene(app))
    app.running = True
    driver.click_rect(t.buttons["quit"].rect)
    assert not app.running


def test_title_tap_beside_the_buttons_does_nothing(app, driver):
    t = app.push(TitleScene(app))
    app.running = True
    r = t.buttons["quit"].rect
    driver.tap(r.right + 40, r.centery)
    assert app.top is t and app.running


def test_title_in_kiosk_mode_has_no_quit(app):
    app.kiosk_mode = True
    t = app.push(TitleScene(app))
    assert "quit" not in t.buttons and "new_game" in t.buttons


def test_title_finger_dragged_off_the_button_does_not_press(app, driver):
    t = app.push(TitleScene(app))
    r = t.buttons["new_game"].rect
    driver.finger("down", r.centerx, r.centery, 5)
    driver.finger("move", r.centerx, r.bottom + 200, 5)
    driver.finger("up", r.centerx, r.bottom + 200, 5)
    assert app.top is t


# ---- set-up ---------------------------------------------------------------------------------------


def test_setup_defaults_follow_the_rules(app):
    s = setup_scene(app)
    assert len(s.setup.seats) == 2
    assert [x.colours for x in s.setup.seats] == rules.default_lines(2)
    assert [x.edge for x in s.setup.seats] == ["bottom", "bottom"]  # a window: everyone at the bottom
    assert s.buttons["arrangement"].text == ARRANGEMENT_LABELS["laptop"]
    assert ("london", "London") in s.maps


@pytest.mark.parametrize("how", ["fullscreen", "kiosk_mode"])
def test_setup_defaults_round_the_table_on_a_full_screen_or_kiosk(app, how):
    setattr(app, how, True)
    s = setup_scene(app)
    assert [x.edge for x in s.setup.seats] == ["bottom", "top"]
    assert s.buttons["arrangement"].text == ARRANGEMENT_LABELS["table"]


def test_setup_players_plus_and_minus_by_touch(app, driver):
    app.fullscreen = True  # round the table
    s = setup_scene(app)
    for n in (3, 4, 5):
        driver.tap_rect(s.buttons["players_plus"].rect)
        assert len(s.setup.seats) == n
        assert len(set(token_totals(s.setup))) == 1  # every player as many tokens (the colours: test below)
    assert [x.edge for x in s.setup.seats] == ["bottom", "left", "top", "right", "bottom"]  # a fifth shares
    driver.tap_rect(s.buttons["players_plus"].rect)  # disabled at 5
    assert len(s.setup.seats) == 5
    driver.click_rect(s.buttons["players_minus"].rect)
    assert len(s.setup.seats) == 4
    assert [x.edge for x in s.setup.seats] == ["bottom", "left", "top", "right"]


def test_laptop_seats_stay_at_the_bottom_as_players_come_and_go(app, driver):
    s = setup_scene(app)
    for _ in range(3):
        driver.tap_rect(s.buttons["players_plus"].rect)
    assert [x.edge for x in s.setup.seats] == ["bottom"] * 5
    driver.tap_rect(s.buttons["players_minus"].rect)
    assert [x.edge for x in s.setup.seats] == ["bottom"] * 4


def test_arrangement_button_moves_every_seat(app, driver):
    s = setup_scene(app)
    driver.tap_rect(s.buttons["players_plus"].rect)
    driver.tap_rect(s.buttons["arrangement"].rect)
    assert [x.edge for x in s.setup.seats] == ["bottom", "left", "top"]
    assert s.buttons["arrangement"].text == ARRANGEMENT_LABELS["table"]
    driver.tap_rect(s.buttons["seat2_edge"].rect)  # someone picks their own edge
    assert s.setup.seats[2].edge == "left" and s.arrangement() is None
    assert "chooses" in s.buttons["arrangement"].text
    driver.tap_rect(s.buttons["arrangement"].rect)  # back to round the table
    assert [x.edge for x in s.setup.seats] == ["bottom", "left", "top"]
    driver.tap_rect(s.buttons["arrangement"].rect)
    assert [x.edge for x in s.setup.seats] == ["bottom"] * 3


def test_changing_the_player_count_keeps_names_edges_and_colours(app, driver):
    s = setup_scene(app)
    driver.tap_rect(s.buttons["players_plus"].rect)  # 3 players, 3 lines each
    entry = s.entries["seat0_name"]
    driver.click_rect(entry.rect)
    for _ in range(12):
        driver.key(pygame.K_BACKSPACE)
    driver.post(pygame.event.Event(pygame.TEXTINPUT, text="Zoë"))
    driver.tap_rect(s.buttons["seat1_edge"].rect)  # bottom -> top: an edge of their own
    driver.tap_rect(s.buttons["seat1_kind"].rect)
    driver.tap_rect(s.buttons["seat0_colour0"].rect)  # a colour of their own
    chosen = [list(x.colours) for x in s.setup.seats]
    kind = (s.setup.seats[1].computer, s.setup.seats[1].level)
    driver.tap_rect(s.buttons["players_plus"].rect)  # 4 players: 2 lines each
    seats = s.setup.seats
    assert len(seats) == 4 and seats[0].name == "Zoë" and seats[1].edge == "top"
    assert (seats[1].computer, seats[1].level) == kind
    assert [x.colours for x in seats[:3]] == [c[:2] for c in chosen]  # kept, cut to the new count
    used = [c for x in seats for c in x.colours]
    assert len(used) == len(set(used)) == 8 and all(len(x.colours) == 2 for x in seats)
    assert len(set(token_totals(s.setup))) == 1 and s.buttons["start"].is_enabled
    assert s.buttons["seat0_colour0"].text.endswith(chosen[0][0])
    driver.tap_rect(s.buttons["players_minus"].rect)  # back to 3: 3 lines each, the first two still theirs
    seats = s.setup.seats
    assert seats[0].name == "Zoë" and seats[1].edge == "top"
    assert [x.colours[:2] for x in seats] == [c[:2] for c in chosen]
    used = [c for x in seats for c in x.colours]
    assert len(used) == len(set(used)) == 9
    assert len(set(token_totals(s.setup))) == 1


def test_resizing_a_setup_keeps_token_totals_even_for_any_chosen_colours():
    import random

    rng = random.Random(3)
    for _ in range(200):
        n = rng.randint(2, 5)
        st = default_setup(n)
        for _ in range(rng.randint(0, 6)):  # random choices made with the chips
            i = rng.randrange(n)
            j = rng.randrange(len(st.seats[i].colours))
            st.seats[i].colours[j] = next_free_colour(st, i, j)
        m = rng.choice([k for k in range(2, 6) if k != n])
        new = resize_setup(st, m)
        used = [c for x in new.seats for c in x.colours]
        assert len(used) == len(set(used)) and set(used) <= set(TOKEN_SUPPLY)
        assert all(len(x.colours) == lines_per_player(m) for x in new.seats)
        assert len(set(token_totals(new))) == 1
        for old, kept in zip(st.seats, new.seats):
            assert kept.name == old.name


def test_changing_the_player_count_keeps_every_remaining_seats_colours(app, driver):
    """Issue 22 item 8: people keep the tokens they picked up when someone joins or leaves (the colours
    once became the new count's defaults, so the first seat's red, orange and pink turned black and grey)."""
    s = setup_scene(app)
    assert [x.colours for x in s.setup.seats] == rules.default_lines(2)
    for n in (3, 4, 5, 4, 3, 2):
        before = [list(x.colours) for x in s.setup.seats]
        driver.tap_rect(s.buttons["players_plus" if n > len(s.setup.seats) else "players_minus"].rect)
        assert len(s.setup.seats) == n
        for old, seat in zip(before, s.setup.seats):  # fewer lines each: some of its own; more: all of them
            mine = set(seat.colours)
            assert mine <= set(old) or mine >= set(old), (n, old, seat.colours)
        assert len(set(token_totals(s.setup))) == 1 and s.buttons["start"].is_enabled


def test_setup_seat_controls_cycle(app, driver):
    s = setup_scene(app)
    driver.tap_rect(s.buttons["seat1_edge"].rect)
    assert s.setup.seats[1].edge == "top"  # bottom (a window's default) -> top
    kinds = s.seat_kinds()
    # phones are off: a person, the computers, then a person on a phone (which switches phones on for the game)
    assert kinds[0] == (False, "random", False) and all(c and not phone for c, _, phone in kinds[1:-1])
    assert kinds[-1] == (False, "random", True)
    driver.tap_rect(s.buttons["seat0_kind"].rect)
    if len(kinds) > 1:
        assert s.setup.seats[0].computer and s.setup.seats[0].level == kinds[1][1]
        assert "Computer" in s.buttons["seat0_kind"].text
    for _ in range(len(kinds) - 1):
        driver.tap_rect(s.buttons["seat0_kind"].rect)
    assert not s.setup.seats[0].computer


def test_setup_offers_only_levels_the_ai_can_build(app):
    from game.ai import make_bot

    for lvl in available_levels():
        make_bot(lvl, 1)
    for lvl in set(LEVELS) - set(available_levels()):
        with pytest.raises(ValueError):
            make_bot(lvl, 1)


def test_setup_colour_tap_takes_the_next_unused_colour_with_as_many_tokens(app, driver):
    s = setup_scene(app)
    assert s.labels["warning"].text.strip() == ""
    before = list(s.setup.seats[0].colours)
    driver.tap_rect(s.buttons["seat0_colour0"].rect)  # red (20) -> the next free 20-token colour
    after = s.setup.seats[0].colours
    assert after[0] != before[0] and after[1:] == before[1:]
    assert TOKEN_SUPPLY[after[0]] == TOKEN_SUPPLY[before[0]]
    # cycling never repeats a colour in use and never makes the token totals differ (the rules forbid it)
    seen = set()
    for _ in range(15):
        driver.tap_rect(s.buttons["seat1_colour2"].rect)
        used = [c for seat in s.setup.seats for c in seat.colours]
        assert len(used) == len(set(used)) and set(used) <= set(TOKEN_SUPPLY)
        assert len(set(token_totals(s.setup))) == 1
        seen.add(s.setup.seats[1].colours[2])
    assert len(seen) > 1
    assert s.labels["warning"].text.strip() == "" and s.buttons["start"].is_enabled


def test_uneven_tokens_are_named_and_cannot_start(app, driver):
    st = default_setup(2)
    st.seats[0].colours = ["red", "blue", "purple", "black"]  # 80 against 70
    s = setup_scene(app, st)
    assert "80 / 70" in s.labels["warning"].text
    assert not s.buttons["start"].is_enabled
    driver.tap_rect(s.buttons["start"].rect)
    assert app.top is s


def test_setup_start_player_cycles_through_seats_and_random(app, driver):
    s = setup_scene(app)
    assert s.setup.start_player == RANDOM_START
    seen = []
    for _ in range(3):
        driver.tap_rect(s.buttons["start_player"].rect)
        seen.append(s.setup.start_player)
    assert seen == [0, 1, RANDOM_START]


def test_setup_second_finger_cannot_press_while_one_is_pressing(app, driver):
    s = setup_scene(app)
    plus, minus = s.buttons["players_plus"].rect, s.buttons["players_minus"].rect
    driver.tap_rect(plus)  # 3 players, so minus is enabled
    plus, minus = s.buttons["players_plus"].rect, s.buttons["players_minus"].rect
    driver.finger("down", plus.centerx, plus.centery, 1)
    driver.finger("down", minus.centerx, minus.centery, 2)
    driver.finger("up", minus.centerx, minus.centery, 2)
    driver.finger("up", plus.centerx, plus.centery, 1)
    assert len(s.setup.seats) == 4


def test_setup_name_typed_on_a_keyboard(app, driver):
    s = setup_scene(app)
    entry = s.entries["seat0_name"]
    driver.click_rect(entry.rect)
    for _ in range(12):
        driver.key(pygame.K_BACKSPACE)
    driver.post(pygame.event.Event(pygame.TEXTINPUT, text="Zoë"))
    driver.tap_rect(s.buttons["seat0_edge"].rect)  # any change reads the names back into the model
    assert s.setup.seats[0].name == "Zoë"


def test_setup_survives_resize_with_its_choices(app, driver):
    s = setup_scene(app)
    driver.tap_rect(s.buttons["players_plus"].rect)
    app.resize(1920, 1080)
    assert len(s.setup.seats) == 3
    assert s.buttons["start"].rect.right <= 1920 and s.buttons["start"].rect.height >= 48
    driver.tap_rect(s.buttons["players_plus"].rect)
    assert len(s.setup.seats) == 4


def test_setup_escape_and_back_return_to_title(app, driver):
    setup_scene(app)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)
    s = app.replace(SetupScene(app))
    driver.tap_rect(s.buttons["back"].rect)
    assert isinstance(app.top, TitleScene)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
def test_setup_labels_end_before_their_buttons(app, size):
    from game.ui.screenshot import build_scene

    app.resize(*size)
    s = app.push(build_scene(app, "setup"))  # four seats, one a computer: every control is shown
    pairs = {"map_label": "map", "edition_label": "edition", "players_label": "players_minus",
             "start_label": "start_player", "seats_label": "arrangement", "speed_label": "speed"}
    for lab, btn in pairs.items():
        if btn == "speed" and len(s.speeds) < 2:
            continue
        label = s.labels[lab]
        text_right = label.rect.x + label.font.get_rect(label.text).width
        assert text_right + app.px(10) <= s.buttons[btn].rect.x, (lab, text_right, s.buttons[btn].rect.x)


def test_touch_targets_are_at_least_48px_at_1080p(app):
    app.resize(1920, 1080)
    for scene in (TitleScene(app), SetupScene(app)):
        for key, b in scene.buttons.items():
            assert min(b.rect.size) >= 48, key


# ---- remembering the set-up ------------------------------------------------------------------------


def test_start_remembers_the_setup_even_before_the_play_screen(app, driver, _config_dir):
    s = setup_scene(app)
    driver.tap_rect(s.buttons["players_plus"].rect)
    driver.tap_rect(s.buttons["seat2_edge"].rect)
    driver.tap_rect(s.buttons["start_player"].rect)
    driver.tap_rect(s.buttons["start"].rect)
    saved = Settings(_config_dir).last_setup()
    assert saved is not None and len(saved.seats) == 3
    assert saved.seats[2].edge == "top" and saved.start_player == 0  # bottom -> top
    again = SetupScene(app)
    assert again.setup == saved


@needs_play
def test_start_opens_the_play_screen_with_the_chosen_game(app, driver):
    from game.ui.play_scene import PlayScene

    s = setup_scene(app)
    driver.tap_rect(s.buttons["players_plus"].rect)
    driver.tap_rect(s.buttons["start_player"].rect)  # seat 1 starts
    driver.tap_rect(s.buttons["start"].rect)
    play = app.top
    assert isinstance(play, PlayScene)
    assert play.state.n_players == 3 and play.state.current == 0
    assert play.state.setup.lines == [x.colours for x in s.setup.seats]


def test_first_edition_is_offered_for_london_only_as_an_edition(app):
    s = setup_scene(app)
    assert "london-2006" not in [m for m, _ in s.maps]  # not a board of its own
    assert has_first_edition("london") and not has_first_edition("london-2006")
    assert s.buttons["edition"].text == EDITION_LABELS["standard"]
    s.maps = [("london", "London"), ("atlantis", "Atlantis")]  # a board without a first edition next
    s.setup.variant = "classic"
    s.change(s.cycle_map)()
    assert s.setup.map == "atlantis" and s.setup.variant == "standard"
    assert "edition" not in s.buttons


@needs_play
def test_edition_choice_reaches_the_engine_and_is_remembered(app, driver, _config_dir):
    s = setup_scene(app)
    driver.tap_rect(s.buttons["edition"].rect)
    assert s.setup.variant == "classic"
    assert s.buttons["edition"].text == EDITION_LABELS["classic"]
    driver.tap_rect(s.buttons["start"].rect)
    state = app.top.state
    assert state.setup.variant == "classic" and state.setup.map == "london-2006"
    assert Settings(_config_dir).last_setup().variant == "classic"
    again = SetupScene(app)
    assert again.setup.variant == "classic" and again.setup.map == "london"
    assert again.buttons["edition"].text == EDITION_LABELS["classic"]


@needs_play
def test_computer_speed_is_offered_for_computer_seats_and_reaches_the_play_screen(app, driver, _config_dir):
    s = setup_scene(app)
    assert "speed" not in s.buttons  # nobody to be slow or fast
    if len(s.seat_kinds()) < 2:
        pytest.skip("no computer level can be built here")
    driver.tap_rect(s.buttons["seat1_kind"].rect)
    assert s.setup.seats[1].computer and s.buttons["speed"].text == "Normal"
    seen = []
    for _ in range(len(s.speeds)):
        driver.tap_rect(s.buttons["speed"].rect)
        seen.append(s.setup.computer_speed)
    assert sorted(seen) == sorted(s.speeds) and {"slow", "fast"} <= set(seen)
    while s.setup.computer_speed != "fast":
        driver.tap_rect(s.buttons["speed"].rect)
    driver.tap_rect(s.buttons["start"].rect)
    play = app.top
    assert play.turns.computer_speed == "fast"
    assert Settings(_config_dir).last_setup().computer_speed == "fast"
    end = EndScene(app, play.state, play.seats)
    assert end.next_setup().computer_speed == "fast"  # Play again keeps the table's speed


def test_a_remembered_unknown_speed_falls_back_to_normal(app, _config_dir):
    setup = default_setup(2)
    setup.computer_speed = "ludicrous"
    Settings(_config_dir).remember_setup(setup)
    s = SetupScene(app)
    assert s.setup.computer_speed == "normal"


def test_a_remembered_unknown_edition_is_ignored(_config_dir, caplog):
    setup = default_setup(2)
    setup.variant = "1999"
    st = Settings(_config_dir)
    st.remember_setup(setup)
    with caplog.at_level(logging.WARNING, logger="underground.settings"):
        assert st.last_setup() is None
    assert "variant '1999'" in caplog.text


def test_broken_settings_file_falls_back_to_defaults_with_a_log_line(app, _config_dir, caplog):
    _config_dir.mkdir(parents=True)
    (_config_dir / "last_setup.json").write_text("{not json")
    with caplog.at_level(logging.WARNING, logger="underground.settings"):
        s = SetupScene(app)
    assert len(s.setup.seats) == 2 and s.setup.seats[0].colours == rules.default_lines(2)[0]
    assert "broken set-up file" in caplog.text


def test_settings_with_impossible_content_are_ignored(_config_dir, caplog):
    st = Settings(_config_dir)
    bad = TableSetup(seats=[SeatConfig(name="a", colours=["red"]), SeatConfig(name="b", colours=["red"])])
    assert st.remember_setup(bad)
    with caplog.at_level(logging.WARNING, logger="underground.settings"):
        assert st.last_setup() is None
    assert "used twice" in caplog.text
    (_config_dir / "last_setup.json").write_bytes(msgspec.json.encode({"version": 99, "setup": {}}))
    assert st.last_setup() is None


def test_settings_round_trip_and_atomic_write(_config_dir):
    st = Settings(_config_dir)
    setup = default_setup(4)
    setup.seats[3].computer = True
    assert st.remember_setup(setup)
    assert st.last_setup() == setup
    assert [p.name for p in _config_dir.iterdir()] == ["last_setup.json"]  # no temporary left behind


def test_settings_on_a_read_only_place_is_not_fatal(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert Settings(blocker / "sub").remember_setup(default_setup(2)) is False


def test_remembered_setup_is_fitted_to_what_is_offered(app, _config_dir):
    setup = default_setup(3)
    setup.map = "atlantis"
    setup.seats[0].computer, setup.seats[0].level = True, "grandmaster"
    Settings(_config_dir).remember_setup(setup)
    s = SetupScene(app)
    assert s.setup.map == "london"
    assert not s.setup.seats[0].computer


# ---- end of game -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def finished():
    return demo_state("london", players=3, actions=None)


@pytest.fixture(scope="module")
def finished_classic():
    """A whole first-edition game for five (seed 7 ends in a tie on points)."""
    return demo_state("london-2006", players=5, actions=None)


def end_scene(app, state, computers=None):
    return app.push(EndScene(app, state, demo_seats(state, computers)))


def past_guard(app, e):
    while e.guarded():
        app.step(1 / 120)
    app.step(1 / 120)


def test_end_scene_shows_the_ranking_and_categories(app, finished):
    e = end_scene(app, finished)
    app.step(0.01)
    assert finished.over
    cats = e.categories()
    assert cats[:5] == ["national_rail", "terminus", "connections", "loops", "passenger"]
    # the chart draws each player's line in their first line colour
    c0 = pygame.Color(*line_rgb(e.player_colour(0)))
    chart = e.chart_box()
    sub = app.screen.subsurface(chart)
    assert any(sub.get_at((x, y)) == c0 for x in range(0, chart.w, 2) for y in range(0, chart.h, 2))


def test_tie_break_text_and_shared_ranks(finished):
    st = finished.copy()
    a, b, c = st.players
    a.score, b.score, c.score = 40, 40, 30
    a.branch_tiles, b.branch_tiles = 3, 1
    assert "more branch tiles (3 to 1)" in tie_note(st)
    assert [r for _, r in rank_labels(st)] == ["1", "2", "3"]
    b.branch_tiles = 3
    assert "share the win" in tie_note(st)
    assert [r for _, r in rank_labels(st)] == ["=1", "=1", "3"]
    b.score = 10
    assert tie_note(st) == f"{a.name} wins with 40 points."


def test_first_edition_ties_are_shared_whatever_the_branch_tiles(finished_classic):
    st = finished_classic.copy()
    assert st.setup.variant == "classic"
    a, b = st.players[0], st.players[1]
    for p in st.players[2:]:
        p.score = 1
    a.score, b.score = 40, 40
    a.branch_tiles, b.branch_tiles = 3, 1
    note = tie_note(st)
    assert "share the win" in note and "no tie-break" in note and "branch tiles" not in note
    assert [r for _, r in rank_labels(st)][:2] == ["=1", "=1"]
    assert sorted(end_winners(st)) == [0, 1]


@pytest.mark.parametrize("which", ["finished", "finished_classic"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
def test_end_table_points_add_up_and_headers_stay_apart(app, request, which, size):
    state = request.getfixturevalue(which)
    app.resize(*size)
    e = end_scene(app, state)
    cols = e.table_columns()
    kinds = [c.kind for c in cols]
    classic = state.setup.variant == "classic"
    assert kinds == ["points"] * (len(cols) - (1 if classic else 2)) + ["total"] + ([] if classic else ["tiebreak"])
    for i, rank, cells in e.table_rows():
        points = sum(v for c, v in zip(cols, cells.values()) if c.kind == "points")
        assert points == cells["total"] == state.players[i].score, state.players[i].name
        assert ("branch_tiles" in cells) == (not classic)
    headers = [r for c in cols for _, r in c.header]
    box = e.table_box()
    gap = app.px(4)
    for k, r in enumerate(headers):
        assert box.contains(r)
        for other in headers[k + 1:]:
            assert not r.inflate(gap, 0).colliderect(other), (r, other)
    for c in cols:  # every header line fits its column, so columns never run together
        assert all(c.x <= r.x and r.right <= c.x + c.w for _, r in c.header), c.key
    tie = [c for c in cols if c.kind == "tiebreak"]
    if tie:
        assert "(tie-break)" in [t for t, _ in tie[0].header]


def test_end_screen_names_the_computer_seats_and_the_edition(app, finished, finished_classic):
    e = end_scene(app, finished, {1: "hard"})
    assert e.player_label(1) == f"{finished.players[1].name} (computer, hard)"
    assert e.player_label(0) == finished.players[0].name
    assert e.title() == "London, 2nd edition"
    e2 = end_scene(app, finished_classic)
    assert e2.title() == "London, first edition (2006)"
    app.step(0.01)


def test_end_taps_are_ignored_at_first_then_leaving_asks(app, driver, finished):
    e = end_scene(app, finished)
    r = e.buttons["play_again"].rect
    driver.tap_rect(r)  # the last turn's stray tap
    assert app.top is e and e.confirm is None
    driver.finger("down", r.centerx, r.centery, 7)  # pressed during the guard, lifted after it
    past_guard(app, e)
    driver.finger("up", r.centerx, r.centery, 7)
    driver.step(2)
    assert app.top is e and e.confirm is None
    driver.tap_rect(e.buttons["play_again"].rect)
    assert app.top is e and e.confirm == "play_again"
    assert "play_again" not in e.buttons and not e.buttons["confirm_yes"].rect.colliderect(r)
    driver.tap_rect(r)  # a second tap on the same spot answers nothing
    assert app.top is e and e.confirm == "play_again"
    driver.tap_rect(e.buttons["confirm_no"].rect)
    assert app.top is e and e.confirm is None and "play_again" in e.buttons


def test_end_new_setup_by_touch_after_asking(app, driver, finished):
    e = end_scene(app, finished)
    past_guard(app, e)
    driver.tap_rect(e.buttons["new_setup"].rect)
    assert app.top is e and e.confirm == "new_setup"
    driver.tap_rect(e.buttons["confirm_yes"].rect)
    assert isinstance(app.top, SetupScene)


@needs_play
def test_end_play_again_keeps_seats_and_passes_the_start_on(app, driver, finished):
    from game.ui.play_scene import PlayScene

    e = end_scene(app, finished)
    past_guard(app, e)
    driver.click_rect(e.buttons["play_again"].rect)
    driver.click_rect(e.buttons["confirm_yes"].rect)
    play = app.top
    assert isinstance(play, PlayScene)
    assert play.state.setup.players == finished.setup.players
    assert play.state.setup.lines == finished.setup.lines
    assert play.state.setup.start_player == (finished.setup.start_player + 1) % 3
    assert play.state.setup.deck != finished.setup.deck


@needs_play
def test_play_again_keeps_the_first_edition_and_the_seats(app, driver, finished_classic):
    from game.ui.play_scene import PlayScene

    e = end_scene(app, finished_classic, {1: "easy", 3: "hard"})
    e.seats[2].edge = "right"
    seats = [(x.name, x.edge, x.computer, x.level) for x in e.seats]
    past_guard(app, e)
    driver.tap_rect(e.buttons["play_again"].rect)
    driver.tap_rect(e.buttons["confirm_yes"].rect)
    play = app.top
    assert isinstance(play, PlayScene)
    assert play.state.setup.variant == "classic" and play.state.setup.map == "london-2006"
    assert [(x.name, x.edge, x.computer, x.level) for x in play.seats] == seats


def test_show_board_shows_the_final_board_and_nothing_on_it_acts(app, driver, finished):
    e = end_scene(app, finished)
    past_guard(app, e)
    where = {k: b.rect.copy() for k, b in e.buttons.items()}
    driver.tap_rect(where["show_board"])
    assert e.view == "board" and set(e.buttons) == {"back_to_results"}
    app.draw(force=True)
    bv = e.board_view
    token_rgb = pygame.Color(*line_rgb(finished.lines[finished.players[0].lines[0]].colour))
    sub = app.screen.subsurface(bv.rect)
    assert any(sub.get_at((x, y)) == token_rgb for x in range(0, bv.rect.w, 2) for y in range(0, bv.rect.h, 2))
    for k in ("play_again", "new_setup"):  # where the results' buttons were
        driver.tap_rect(where[k])
        assert app.top is e and e.view == "board" and e.confirm is None
    driver.post(pygame.event.Event(pygame.MOUSEMOTION, pos=bv.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(3):
        driver.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, precise_x=0.0, precise_y=1.0, flipped=False,
                                       which=0, touch=False))
    assert bv.zoom > 1.5
    centre = (bv.cx, bv.cy)
    x, y = bv.rect.center
    driver.finger("down", x, y, 9)
    driver.finger("move", x + 60, y + 60, 9)
    driver.finger("up", x + 60, y + 60, 9)
    assert (bv.cx, bv.cy) != centre  # dragged
    driver.tap_rect(e.buttons["back_to_results"].rect)
    assert e.view == "results" and "play_again" in e.buttons


def test_end_scene_for_five_players_at_4k(app):
    st = demo_state("london", players=5, actions=None)
    app.resize(3840, 2160)
    e = end_scene(app, st)
    assert app.step(0.01)
    assert min(e.buttons["play_again"].rect.size) >= 96


def test_end_touch_targets_are_at_least_48px_at_1080p(app, finished):
    app.resize(1920, 1080)
    e = end_scene(app, finished)
    past_guard(app, e)
    for view in ("results", "confirm", "board"):
        if view == "confirm":
            e.ask("play_again")
        elif view == "board":
            e.cancel_confirm()
            e.show_board()
        for key, b in e.buttons.items():
            assert min(b.rect.size) >= 48, (view, key)


def test_a_press_that_never_lifts_does_not_lock_the_menu(app, driver):
    s = setup_scene(app)
    plus = s.buttons["players_plus"].rect
    driver.finger("down", 10, 700, 1)  # a finger resting on the glass, its release never comes
    driver.tap_rect(plus)
    assert len(s.setup.seats) == 2  # held back while the other press may still be real
    for _ in range(int(s.STUCK_SECONDS * 120 / 8) + 2):
        app.step(8 / 120)
    driver.tap_rect(plus)
    assert len(s.setup.seats) == 3


def test_the_board_choice_offers_only_boards_the_screens_can_draw():
    """Berlin's rules are in the engine (for simulate) before its screens: the set-up must not offer it
    until game/ui/cities draws it, and London (with its first edition folded in) is always there."""
    from game.engine.board import load_board
    from game.mapfile import available_maps as map_names
    from game.ui.cities import drawn_on_screen
    from game.ui.screens.table_setup import available_maps

    offered = dict(available_maps())
    assert "london" in offered and "london-2006" not in offered
    for name in map_names():
        city = load_board(name).city
        if not drawn_on_screen(city):
            assert name not in offered, f"{name} ({city}) is offered but its city has no drawing"
    assert "berlin" in offered, "Berlin is drawn (game/ui/cities/berlin.py), so the set-up offers it"
    assert available_maps()[0][0] == DEFAULT_MAP == "london", "a new set-up starts on London"


def test_the_set_up_offers_every_computer_level_the_ai_has_expert_included(app, driver):
    """The levels come from game.ai (one list): a seat's kind cycles person → computers, weakest first, up to
    Computer (expert)."""
    from game.ai.bots import LEVELS as AI_LEVELS
    from game.ui.screens.setup import SetupScene
    from game.ui.screens.table_setup import available_levels

    assert available_levels() == list(AI_LEVELS) and available_levels()[-1] == "expert"
    s = app.push(SetupScene(app))
    seen = []
    for _ in range(len(AI_LEVELS) + 1):
        driver.tap_rect(s.buttons["seat1_kind"].rect)
        seen.append(s.buttons["seat1_kind"].text)
    assert "Computer (expert)" in seen, seen
