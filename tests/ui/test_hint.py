"""The hint (play/hint.py): what the strongest computer level that fits the hint's work would do now, shown and
never taken; counted per seat."""
from __future__ import annotations

import time

import msgspec
import pytest

from game.engine import ChooseRoute, PlaceTrack, TakeBranch, new_game
from game.engine.rules import legal_placements
from game.ui.play.hint import describe
from game.ui.play_scene import PlayScene
from game.ui.seats import SeatConfig

FIXED_DT = 1 / 120


def seats(second_computer: bool = False):
    return [SeatConfig(name="Ada", edge="bottom"), SeatConfig(name="Bea", edge="top", computer=second_computer,
                                                               level="hard")]


def start(app, state, s=None) -> PlayScene:
    scene = PlayScene(app, state, s or seats())
    app.push(scene)
    app.step(FIXED_DT)
    return scene


def digest(state) -> bytes:
    return msgspec.json.encode(state.copy())


def wait_for_hint(app, scene, limit: float = 60.0) -> None:
    """Step frames until the worker's answer is shown (the expert takes up to about a second)."""
    end = time.monotonic() + limit
    while scene.hints.shown is None and time.monotonic() < end:
        app.step(FIXED_DT)
        time.sleep(0.005)
    assert scene.hints.shown is not None, "no hint within the time limit"


def test_the_hint_shows_a_legal_action_and_never_changes_the_game(app, driver):
    st = new_game("london", ["Ada", "Bea"], seed=11, start_player=0)
    scene = start(app, st)
    before = digest(st)
    point = scene.point_for_button(0, "hint")
    assert point is not None, "the active seat's panel has a hint button"
    assert scene.panel_view(0).hint == "ready"
    driver.tap(*point)
    assert scene.hints.thinking() and scene.panel_view(0).hint == "thinking"
    assert scene.animating  # frames go on while the computer thinks: nothing waits for it
    wait_for_hint(app, scene)
    h = scene.hints.shown
    assert digest(st) == before  # shown, not taken
    a = h.action
    if isinstance(a, PlaceTrack):
        assert (a.line, a.connection) in {(li, c) for li, c, _ in legal_placements(st)}
    else:
        assert isinstance(a, TakeBranch)
    assert h.reason and scene.panel_view(0).hint == "shown"
    assert scene.hints.used == [1, 0]
    drawn = scene.hints.draw(app.screen, scene.board_view, st, scene.panels, scene.theme, scene.fonts, app.scale)
    assert drawn and all(r.w > 0 and r.h > 0 for r in drawn)
    # the same position asks again for nothing; acting makes the hint go
    driver.tap(*point)
    assert scene.hints.used == [1, 0]
    driver.tap(*scene.point_for_button(0, "branch"))
    app.step(FIXED_DT)
    assert scene.hints.shown is None


def test_the_reason_comes_from_the_scoring():
    """A placement that scores is described by its Scored events (category and points)."""
    st = new_game("london", ["Ada", "Bea"], seed=3, start_player=0)
    from game.engine import apply
    from game.ai import make_bot

    bot = make_bot("random", 3)
    found = None
    for _ in range(400):
        if st.over:
            break
        if st.phase == "actions":
            for li, c, _ in legal_placements(st):
                trial = st.copy()
                events = apply(trial, PlaceTrack(li, c))
                if any(type(e).__name__ == "Scored" and e.category == "terminus" for e in events):
                    found = PlaceTrack(li, c)
                    break
        if found:
            break
        apply(st, bot.choose(st))
    assert found is not None, "no terminus placement met in the seeded game"
    text = describe(st, found)
    assert "connects a terminus: +" in text
    assert describe(st, TakeBranch()) == "take a branch tile for a later turn"


def test_no_hint_for_a_computer_seat_nor_in_the_kiosk_demo(app):
    st = new_game("london", ["Ada", "Bea"], seed=5, start_player=1)
    scene = start(app, st, seats(second_computer=True))
    scene.drive_computers = False
    assert scene.panels[0].has_hint and not scene.panels[1].has_hint
    assert scene.point_for_button(1, "hint") is None
    assert not scene.ask_hint()  # the computer's turn: nobody may ask
    from game.ui.kiosk.attract import DemoPlayScene

    assert DemoPlayScene.drive_computers is False  # what turns the hint off in the demo
    app.pop()


def test_the_count_reaches_the_end_screen_and_survives_a_save(app, tmp_path):
    from game.saves import Autosaver, SaveStore
    from game.ui.screens.end import EndScene

    st = new_game("london", ["Ada", "Bea"], seed=11, start_player=0)
    scene = start(app, st)
    assert scene.ask_hint()
    scene.hints.wait()
    app.step(FIXED_DT)
    assert scene.hints.used == [1, 0]
    store = SaveStore(tmp_path)
    saver = Autosaver(store, background=False)
    saver.check([scene])
    game_id = saver.game_id(st)
    loaded, message = store.load(game_id)
    assert message is None and loaded.extras["hints_used"] == [1, 0]  # beside the chosen lines and names
    again = PlayScene(app, loaded.state, loaded.seats, hints_used=loaded.extras.get("hints_used"))
    assert again.hints.used == [1, 0]
    end = EndScene(app, st, seats(), hints_used=again.hints.used)
    assert end.hints_text() == "Hints used: Ada 1"
    assert EndScene(app, st, seats()).hints_text() == ""


@pytest.mark.parametrize("edge", ["bottom", "left"])
def test_the_tag_keeps_clear_of_the_turn_banner(app, edge):
    """The tag goes beside what it points at where it hides the fewest names, and never over the turn banner
    (both face the seat to play, so they meet at its edge of the board). Set by hand: no thinking needed."""
    from game.ai import RandomBot
    from game.engine import apply

    st = new_game("paris", ["Ada", "Ben", "Chloe", "Dev"], seed=7, start_player=0)
    bot = RandomBot(7)
    while len(st.log) < 40:  # a position where, at the left seat, the best spot for the tag was the banner's
        apply(st, bot.choose(st))
    round_table = ["bottom", "left", "top", "right"]
    k = round_table.index(edge)
    edges = (round_table * 2)[(k - st.current) % 4:][:4]  # the seat to play at ``edge``, the others round
    from game import i18n

    assert i18n.set_language("de") == "de"  # the German banner is long enough to be where the tag would go
    try:
        scene = start(app, st, [SeatConfig(name=p.name, edge=edges[i]) for i, p in enumerate(st.players)])
        app.draw(force=True)
        tag_clear_of_banner(app, scene, st, edge)
    finally:
        i18n.set_language("en")


def tag_clear_of_banner(app, scene, st, edge):
    from game.ui.play.hint import Hint, position_key

    banner = scene.backdrop.banner_rect()
    assert banner is not None and banner.w > 0
    action = max((PlaceTrack(li, c) for li, c, _ in legal_placements(st)),
                 key=lambda a: len(describe(st, a)))
    scene.selected[st.current] = action.line
    scene.hints.shown = Hint(st.current, action, describe(st, action), position_key(st))
    app.draw(force=True)
    tag = scene.hints._place[1]  # where the play screen put it
    assert scene.panels[st.current].edge == edge and tag.w > 0
    assert not tag.colliderect(banner), (tag, banner)


def test_the_hint_asks_the_strongest_level_that_fits_its_work(monkeypatch):
    """The hint's level is the strongest whose counted work fits the hint's (not the clock): the expert while its
    budget fits, hard once the expert's would not, normal once neither search would."""
    from game.ai import ExpertBot, HardBot
    from game.ui.play.hint import HINT_WORK, hint_level

    assert ExpertBot.work_budget <= HINT_WORK and hint_level() == "expert"
    monkeypatch.setattr(ExpertBot, "work_budget", HINT_WORK + 1)
    assert hint_level() == "hard"
    monkeypatch.setattr(HardBot, "work_budget", HINT_WORK + 1)
    assert hint_level() == "normal"
