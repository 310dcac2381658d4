"""The first-game guide (game/ui/play/guide.py): asked for on the set-up screen, it points at what to tap, one
step at a time, advances when the player does it (or taps Next), stops when dismissed, and never runs in the
kiosk's attract game."""
from __future__ import annotations

from game.ai import RandomBot
from game.engine import PlaceTrack, TakeBranch, new_game
from game.ui.screens.setup import SetupScene
from game.ui.kiosk.attract import DemoPlayScene
from game.ui.play import guide as guide_mod
from game.ui.play.guide import NEXT, STEPS, STOP
from game.ui.play.long_press import LONG_PRESS_S
from game.ui.play_scene import PlayScene
from game.ui.seats import SeatConfig
from play_helpers import STEP, settle


def start_from_setup(app, driver, guide: bool) -> PlayScene:
    setup = app.push(SetupScene(app))
    assert "First game" in setup.buttons["guide"].text
    if guide:
        driver.tap_rect(setup.buttons["guide"].rect)
        assert setup.guide  # the switch at the button's left end shows it on (tests/ui/test_flows.py)
    for s in setup.setup.seats:
        s.computer = False
    setup.setup.seed = 11
    driver.tap_rect(setup.buttons["start"].rect)
    play = app.top
    assert isinstance(play, PlayScene)
    app.step(STEP)
    return play


def test_not_shown_unless_asked(app, driver):
    play = start_from_setup(app, driver, guide=False)
    assert play.guide is None


def test_the_guide_walks_through_the_first_turn(app, driver):
    app.resize(1280, 720)
    play = start_from_setup(app, driver, guide=True)
    g = play.guide
    st = play.state
    assert g.active and g.name == "place" and g.showing()
    app.step(STEP)
    # the arrow points at a track space the player may use: tapping there places a token
    logged = len(st.log)
    target = g.target()
    assert target is not None and play.board_view.rect.collidepoint(*target)
    driver.tap(*target)
    assert len(st.log) == logged + 1 and isinstance(st.log[-1], PlaceTrack)
    app.step(STEP)
    assert g.name == "extend"
    line = st.log[-1].line
    ends = {s for s, d in st.lines[line].degree.items() if d == 1}
    target = g.target()
    conn = play.board_view.hit_test(*target)
    assert ends & set(play.board.conn_ends[conn]), "the arrow is not at an end of the line"
    driver.tap(*target)
    assert isinstance(st.log[-1], PlaceTrack) and st.log[-1].connection == conn
    app.step(STEP)
    assert g.name == "branch"
    assert g.target() == play.point_for_button(st.current, "branch")
    driver.tap(*g.target())
    assert isinstance(st.log[-1], TakeBranch)
    app.step(STEP)
    assert g.name == "passenger"
    settle(app, play)  # the first player's 3 actions are done: the passenger travels, the guide waits
    assert g.name == "passenger" and g.showing() and st.current != st.setup.start_player
    # the bubble's own buttons are the guide's: Next here moves on without touching the game
    logged = len(st.log)
    driver.tap(*g.point_for(NEXT))
    assert g.name == "hold" and len(st.log) == logged
    # a long press on a station (one the bubble does not cover) ends it
    bv = play.board_view
    x, y = next(p for p in (bv.station_xy(i) for i in range(len(play.board.stations)))
                if bv.rect.collidepoint(*p) and not g.facing.rect.inflate(40, 40).collidepoint(*p)
                and bv.station_at(*p) is not None)
    driver.finger("down", x, y, 700)
    driver.step(round((LONG_PRESS_S + 0.2) / 0.05), dt=0.05)
    driver.finger("up", x, y, 700)
    app.step(STEP)
    assert not g.active and not g.stopped and len(st.log) == logged
    assert g.draw(app.screen) == []


def test_the_passenger_step_ends_when_the_passenger_moves(app, driver):
    play = start_from_setup(app, driver, guide=True)
    g = play.guide
    for _ in range(3):
        driver.tap(*g.point_for(NEXT))
    assert g.name == "passenger"
    st = play.state
    before = (st.passenger, st.turn)
    while st.current == play.state.setup.start_player and st.phase == "actions":
        driver.tap(*play.point_for_button(st.current, "branch"))  # take branch tiles to the end of the turn
    settle(app, play)
    if st.phase == "route":
        driver.tap(*play.point_for_button(st.current, "route:0"))
        driver.tap(*play.point_for_button(st.current, "route:0"))
        settle(app, play)
    assert (st.passenger, st.turn) != before
    app.step(STEP)
    assert g.name == "hold"


def test_stop_guide_dismisses_it_for_good(app, driver):
    play = start_from_setup(app, driver, guide=True)
    g = play.guide
    stop = g.point_for(STOP)
    logged = len(play.state.log)
    driver.tap(*stop)
    assert not g.active and g.stopped and len(play.state.log) == logged
    assert g.point_for(NEXT) is None and g.draw(app.screen) == []
    app.step(STEP)
    assert not g.active, "the guide came back"


def test_the_bubble_faces_the_active_seat_and_fits(app, driver):
    for size in ((1280, 720), (1920, 1080)):
        app.resize(*size)
        names = ["Ada", "Ben", "Chloe", "Dev"]
        st = new_game("london", names, seed=2, start_player=2)
        play = PlayScene(app, st, [SeatConfig(name=n, edge=e) for n, e in
                                   zip(names, ["bottom", "left", "top", "right"])])
        app.push(play)
        app.step(STEP)
        g = guide_mod.start(play)
        for _ in range(len(STEPS)):
            app.step(STEP)
            assert g.facing.edge == "top" and g.facing.rotation == 180
            assert play.board_view.rect.contains(g.facing.rect)
            assert g.cut == [], g.cut
            t = g.target()
            if t is not None:
                assert not g.facing.rect.collidepoint(*t), f"{g.name}: the bubble hides what it points at"
            driver.tap(*g.point_for(NEXT))
        assert not g.active
        app.pop()


def test_never_in_the_kiosk_attract_game(app):
    st = new_game("london", ["A", "B"], seed=1)
    demo = DemoPlayScene(app, st, [SeatConfig(name="A", computer=True), SeatConfig(name="B", computer=True)],
                         bots=[RandomBot(1), RandomBot(2)], pace=0.0, threaded=False)
    assert guide_mod.start(demo) is None and demo.guide is None


def test_on_paris_the_guide_shows_how_to_look_at_the_secret_cards(app, driver):
    """Paris has a step of its own, pointing at the seat's cards button; it ends when the cards are held open
    (a tap only explains, and the step waits)."""
    from game.ui.play.secrets import HOLD_S

    names = ["Ada", "Ben"]
    st = new_game("paris", names, seed=4, start_player=0)
    play = app.push(PlayScene(app, st, [SeatConfig(name=n, edge=e) for n, e in zip(names, ["bottom", "top"])]))
    settle(app, play)
    g = guide_mod.start(play)
    assert [k for k, _t, _b in g.steps] == ["place", "extend", "branch", "passenger", "secret", "hold"]
    assert [k for k, _t, _b in STEPS] == ["place", "extend", "branch", "passenger", "hold"]  # London has none
    while g.name != "secret":
        g.advance()
    app.step(STEP)
    assert g.target() == play.point_for_button(0, "secret")
    x, y = g.target()
    driver.tap(x, y)
    app.step(STEP)
    assert g.name == "secret", "a tap opened nothing: the step is not done"
    driver.finger("down", x, y, 3)
    for _ in range(round(HOLD_S / STEP) + 3):
        app.step(STEP)
    driver.finger("up", x, y, 3)
    app.step(STEP)
    assert g.name == "hold"
