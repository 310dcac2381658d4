"""The end screen's game review (screens/end_review.py) on a real game played on the play screen with the review's
background process (play/review_feed.py): a person's costly turn is shown, computer seats get no review, a tap
replays the position, Try again starts a practice game (not saved) from it, the kiosk and the replay viewer start
no review, the win-chance bar follows its setting, and closing the app leaves no process behind."""
from __future__ import annotations

import time

import msgspec
import psutil
import pytest

from game.ai import RandomBot
from game.ai.evaluate import branch_legal
from game.engine import PlaceTrack, TakeBranch, apply, new_game
from game.engine.rules import legal_placements, start
from game.ui.play import review_feed
from game.ui.screens import open_screen, screen_class
from game.ui.seats import SeatConfig

QUICK = {"level": "hard", "worlds": 3}


def late_game(seed: int = 4, map_name: str = "london"):
    """A 2-player game with few cards left, at the start of seat 0's turn."""
    st = new_game(map_name, ["Ada", "Ben"], seed=seed, start_player=0)
    bot = RandomBot(seed)
    while len(st.deck) > 10 or st.current != 0 or len(st.log) != st.turn_log_start or st.phase != "actions":
        apply(st, bot.choose(st))
    return st


def seats(computer_1: bool = True):
    return [SeatConfig(name="Ada", edge="bottom"),
            SeatConfig(name="Ben", edge="top", computer=computer_1, level="normal")]


def play_to_end(app, scene, blunder_turns: int = 1):
    """The person's turns: a wasted one (branch tiles, else the engine's last-listed placement), then random."""
    st = scene.state
    person = RandomBot(1)
    wasted = 0
    turn = None
    while not st.over:
        if scene._is_computer(st.current):
            scene.play_computer_turn()
        else:
            if turn is None:
                turn = st.turn
            if st.turn == turn and wasted < blunder_turns and st.phase == "actions":
                if branch_legal(st):
                    a = TakeBranch()
                else:
                    li, conn, _c = legal_placements(st)[-1]
                    a = PlaceTrack(li, conn)
            else:
                a = person.choose(st)
            scene.act(a)
        scene.skip_animations()
        scene.update(1 / 60)
    scene.on_game_over()
    return app.top


def wait_ready(end, seconds: float = 240.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        end.update(1 / 60)
        r = end.reviewer()
        if r is not None and r.ready:
            return r
        time.sleep(0.05)
    raise AssertionError("the review did not come in")


@pytest.fixture
def reviewing(app):
    app.review_games = True
    yield app
    review_feed.close(app)


def test_the_review_shows_the_persons_costly_turn_and_not_the_computers(reviewing):
    app = reviewing
    st = late_game()
    app.review_settings = dict(QUICK, from_index=len(st.log))
    scene = open_screen(app, "play", st, seats())
    assert scene.review is not None and scene.review.people == [0]
    first = len(st.log)
    end = play_to_end(app, scene)
    assert isinstance(end, screen_class("end"))
    r = wait_ready(end)
    assert {d["seat"] for d in r.decisions} == {0}
    assert r.decisions[0]["start"] == first
    end.opened_at = -10
    end.update(1 / 60)
    assert "show_review" in end.buttons
    end.show_review()
    assert end.view == "review" and end.review_seat == 0
    assert "review_seat_0" in end.buttons and "review_seat_1" not in end.buttons
    found = end.reviewed(0)
    assert found and found[0]["start"] == first and found[0]["cost"] >= 1
    for size in ((1920, 1080), (1280, 720)):
        app.resize(*size)
        end.update(1 / 60)
        app.draw(force=True)
        assert "again_0" in end.buttons and "replay_0" in end.buttons

    # a tap on the card's board replays the position before the turn, over the end screen
    board = end.review_card_board(0)
    assert end.review_pointer_board(*board.center)
    viewer = app.top
    assert isinstance(viewer, screen_class("replay")) and viewer.step == first
    assert viewer.review is None and app.review is r, "the viewer starts no review and keeps this one"
    viewer.close()
    assert app.top is end

    # try again: a practice game from that position, the same seats, the unseen cards reshuffled, never saved
    end.try_again(found[0])
    practice = app.top
    assert isinstance(practice, screen_class("practice")) and practice.save_game is False
    assert [s.computer for s in practice.seats] == [False, True]
    before = start(st.setup)
    for a in end.state.log[:first]:
        apply(before, a)

    def plain(s):
        d = msgspec.to_builtins(s)
        d["deck"], d["setup"]["deck"], d["setup"]["seed"] = sorted(d["deck"]), sorted(d["setup"]["deck"]), None
        return d

    assert plain(practice.state) == plain(before)
    assert practice.state.deck != before.deck
    assert r.process is None, "the real game's review process was closed by the new game"
    assert practice.review is not None and app.review is practice.review


def test_no_review_in_the_kiosk_for_computers_or_in_a_headless_app(app):
    st = late_game()
    assert open_screen(app, "play", st.copy(), seats()).review is None  # headless: not unless asked
    app.review_games = True
    try:
        everyone = [SeatConfig(name=n, computer=True, level="easy") for n in ("Ada", "Ben")]
        assert open_screen(app, "play", st.copy(), everyone).review is None
        app.kiosk_mode = True
        assert open_screen(app, "play", st.copy(), seats()).review is None
    finally:
        app.kiosk_mode = False
        review_feed.close(app)


def test_the_win_chance_bar_follows_its_setting_and_closing_the_app_reaps_the_process(tmp_path):
    from game.ui.app import App

    app = App(size=(1920, 1080), headless=True)
    app.review_games = True
    app.review_settings = dict(QUICK)
    st = late_game(seed=6)
    app.review_settings["from_index"] = len(st.log)
    off = open_screen(app, "play", st.copy(), seats())
    assert off._win_bar_rect is None
    width_off = off.board_view.rect.w
    prefs = app.settings.preferences()
    prefs.win_chance = True
    app.settings.remember_preferences(prefs)
    on = open_screen(app, "play", st.copy(), seats())
    assert on._win_bar_rect is not None and on.board_view.rect.w < width_off
    assert not on._win_bar_rect.colliderect(on.board_view.rect)
    assert not any(on._win_bar_rect.colliderect(p.rect) for p in on.panels)
    deadline = time.monotonic() + 60
    while not on.review.chances and time.monotonic() < deadline:
        on.update(1 / 60)
        time.sleep(0.05)
    app.draw(force=True)
    assert app.screen.get_at(on._win_bar_rect.center)[:3] != app.theme.bg
    pid = on.review.child_pid
    app.close()
    assert not [c for c in psutil.Process().children() if c.pid == pid]


def test_why_words_name_what_the_expert_turn_scores_from_the_engines_events():
    """A placement that connects a terminus, as the expert's turn, against a branch tile as the played one."""
    from game.ai.review import turn_scoring
    from game.engine import events as ev
    from game.engine.rules import board_of
    from game.ui.screens.review_words import turn_words, why_words

    st = late_game(seed=2)
    board = board_of(st)
    best = None
    for li, conn, _cost in legal_placements(st):
        c = st.copy()
        if any(isinstance(e, ev.Scored) and e.category == "terminus" for e in apply(c, PlaceTrack(li, conn))):
            best = PlaceTrack(li, conn)
            break
    assert best is not None
    expert = turn_scoring(st, [best], 0)
    played = turn_scoring(st, [TakeBranch()], 0) if branch_legal(st) else turn_scoring(st, [], 0)
    d = {"expert": expert, "played": played, "lead_gap": 0.0}
    words = why_words(board, st, d)
    colour = st.lines[best.line].colour
    assert words.startswith("The expert's turn scores 2 points more now")
    assert f"the {colour} line at " in words and "connects a terminus +2 and a tile" in words
    assert "took a branch tile" in turn_words(board, st, played) or not branch_legal(st)


def test_the_passengers_moves_of_a_turn_are_added_up_in_the_words():
    from game.engine.rules import board_of
    from game.ui.screens.review_words import turn_words

    st = late_game(seed=2)
    rides = [{"category": "passenger", "points": 1, "tiles": 0, "line": li, "stations": [5]} for li in (0, 1, 2)]
    words = turn_words(board_of(st), st, {"items": rides, "branches": 0, "placed": [], "points": 3})
    assert words == "the passenger rides it +3"
