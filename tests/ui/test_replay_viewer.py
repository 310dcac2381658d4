"""The replay viewer (game/ui/screens/replay.py): steps a record forward and back through every position, jumps to
any turn, plays and pauses, never lets anyone act, and ends on exactly `underground replay`'s position; opened
from Finished games and by `underground view`, which refuses a bad file with replay's message."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pygame
import pytest

from conftest import Driver
from game import cli
from game.engine import PlaceTrack, Undo, new_game
from game.engine import record as rec_mod
from game.engine.rules import apply, can_undo, legal_actions
from game.ui.screens.finished_games import HistoryScene
from game.ui.screens.title import TitleScene
from game.ui.app import App
from game.ui.kiosk.mode import position_digest
from game.ui.play.log_panel import LogPanel
from game.ui.screens.replay import ReplayError, ReplayScene, positions
from game.ui.seats import SeatConfig
from play_helpers import STEP

BAD = Path(__file__).parents[1] / "engine" / "bad_records"
EXPECTED = json.loads((BAD / "expected.json").read_text())


def recorded(map_name: str, seed: int = 5, players=("Ada", "Ben"), undo_every: int = 0):
    """A whole seeded random game's record (with a few undos in it when ``undo_every``), saved to no file."""
    variant = "classic" if map_name == "london-2006" else "standard"
    st = new_game(map_name, list(players), seed=seed, start_player=0, variant=variant)
    rng = random.Random(seed)
    actions = []
    while not st.over:
        a = rng.choice(legal_actions(st))
        apply(st, a)
        actions.append(a)
        if undo_every and len(actions) % undo_every == 0 and can_undo(st):
            apply(st, Undo())
            actions.append(Undo())
    rec = rec_mod.from_state(st)
    rec.actions = actions  # the record as the table played it, undos included
    return rec


def write(tmp_path, rec, name="game.json") -> Path:
    path = tmp_path / name
    path.write_bytes(rec_mod.encode(rec))
    return path


def digests(rec) -> list[str]:
    """The engine's own position after each number of actions (record.replay, independent of the viewer)."""
    return [position_digest(rec_mod.replay(rec, upto=i)) for i in range(len(rec.actions) + 1)]


def test_bar_taps_step_forward_and_back_through_every_position(app, driver, tmp_path):
    rec = recorded("london", seed=5, undo_every=9)
    assert any(isinstance(a, Undo) for a in rec.actions)
    want = digests(rec)
    viewer = ReplayScene(app, rec, step=0)
    app.push(viewer)
    app.step(STEP)
    assert viewer.step == 0 and position_digest(viewer.state) == want[0]
    for i in range(1, len(rec.actions) + 1):
        driver.tap(*viewer.point_for_bar("forward"))
        assert viewer.step == i, f"forward tap {i} did not step"
        assert position_digest(viewer.state) == want[i], f"position after {i} actions differs from replay's"
    assert viewer.state.over
    driver.tap(*viewer.point_for_bar("forward"))  # at the end the button does nothing
    assert viewer.step == len(rec.actions)
    # the final position is `underground replay`'s: the same digest and the same summary it prints
    path = write(tmp_path, rec)
    assert position_digest(viewer.state) == position_digest(rec_mod.load_state(path))
    assert rec_mod.summary(viewer.state) == rec_mod.summary(rec_mod.load_state(path))
    for i in range(len(rec.actions) - 1, -1, -1):
        driver.tap(*viewer.point_for_bar("back"))
        assert viewer.step == i and position_digest(viewer.state) == want[i], f"back to {i} actions"
    assert isinstance(app.top, ReplayScene)


@pytest.mark.parametrize("map_name", ["berlin", "newyork", "paris", "london-2006"])
def test_every_board_steps_to_every_position_and_ends_on_replay_s(app, map_name):
    rec = recorded(map_name, seed=3, players=("Ada", "Ben", "Cy"))
    want = digests(rec)
    viewer = ReplayScene(app, rec)
    app.push(viewer)
    assert viewer.step == 0 and position_digest(viewer.state) == want[0], "a game is watched from its start"
    for i in range(1, len(want)):
        assert viewer.step_forward()
        app.step(STEP)
        assert position_digest(viewer.state) == want[i], (map_name, i)
    assert not viewer.step_forward()
    for i in range(len(want) - 2, -1, -1):
        viewer.step_back()
        assert position_digest(viewer.state) == want[i], (map_name, i)
    app.draw(force=True)


def test_the_slider_and_turn_buttons_jump_to_every_turn(app, driver):
    rec = recorded("london", seed=8)
    viewer = ReplayScene(app, rec)  # on a laptop: the bar under the face-up cards, the slider in it
    app.push(viewer)
    app.step(STEP)
    stops = viewer.stops
    assert stops[0] == 0 and stops[-1] == len(rec.actions)
    turns = [rec_mod.replay(rec, upto=s).turn for s in stops]
    assert turns[:-1] == list(range(len(stops) - 1)), "one stop at the start of every turn"
    for t in list(range(len(stops))) + [3, 0, len(stops) - 1]:
        driver.tap(*viewer.point_for_turn(t))
        assert viewer.step == stops[t], f"slider at turn {t}"
        assert position_digest(viewer.state) == position_digest(rec_mod.replay(rec, upto=stops[t]))
    # dragging the knob goes through the turns on the way
    driver._finger += 1
    f = driver._finger
    x0, y = viewer.point_for_turn(0)
    x1, _ = viewer.point_for_turn(len(stops) - 1)
    driver.finger("down", x0, y, f)
    seen = set()
    for k in range(1, 21):
        driver.finger("move", x0 + (x1 - x0) * k / 20, y, f)
        seen.add(viewer.step)
    driver.finger("up", x1, y, f)
    assert viewer.step == len(rec.actions) and len(seen) >= 10
    driver.tap(*viewer.point_for_bar("turn_back"))
    assert viewer.step == stops[-2]
    driver.tap(*viewer.point_for_bar("turn_back"))
    assert viewer.step == stops[-3]
    driver.tap(*viewer.point_for_bar("turn_forward"))
    assert viewer.step == stops[-2]
    assert viewer.turn_index == len(stops) - 2


def test_play_watches_the_game_and_pause_stops_it(app, driver):
    rec = recorded("london", seed=4)
    viewer = ReplayScene(app, rec, step=0)
    app.push(viewer)
    assert viewer.speed == "normal"
    driver.tap(*viewer.point_for_bar("speed"))
    assert viewer.speed == "fast"
    driver.tap(*viewer.point_for_bar("play"))
    assert viewer.playing
    for _ in range(40):
        app.step(STEP)
    moved = viewer.step
    assert moved > 3, "playing should move on by itself"
    driver.tap(*viewer.point_for_bar("play"))
    assert not viewer.playing
    for _ in range(40):
        app.step(STEP)
    assert viewer.step == moved, "paused means still"
    viewer.show_step(len(rec.actions) - 12)  # the last dozen actions, to the end
    driver.tap(*viewer.point_for_bar("play"))
    for _ in range(20000):
        if not viewer.playing:
            break
        app.step(STEP)
    assert not viewer.playing and viewer.step == len(rec.actions), "play stops at the end"
    assert position_digest(viewer.state) == position_digest(rec_mod.replay(rec))
    assert isinstance(app.top, ReplayScene), "the record's end does not turn into the end screen"


def test_nobody_can_act_in_the_viewer(app, driver):
    rec = recorded("london", seed=6)
    viewer = ReplayScene(app, rec, step=20)
    app.push(viewer)
    app.step(STEP)
    before = position_digest(viewer.state)
    st = viewer.state
    assert st.phase == "actions"
    legal = [a for a in legal_actions(st) if isinstance(a, PlaceTrack)]
    for a in legal[:15]:
        p = viewer.point_for_connection(a.connection)
        if p is not None:
            driver.tap(*p)
    for name in ("branch", "undo"):
        p = viewer.point_for_button(st.current, name)
        if p is not None:
            driver.tap(*p)
    app.step(STEP)
    assert position_digest(viewer.state) == before and viewer.step == 20
    assert viewer.turns.glow(False) == ((), None), "no track space glows for anyone"
    # a panel's menu button opens the log (the game menu would end or restart a game)
    driver.tap(*viewer.point_for_button(1, "menu"))
    panel = app.top
    assert isinstance(panel, LogPanel) and panel.seat == 1
    places = [i for i, e in enumerate(panel.entries) if e.kind == "place" and panel.point_for_entry(i)]
    i = places[0]
    driver.tap(*panel.point_for_entry(i))
    assert viewer.step == panel.entries[i].step + 1, "a log entry takes the viewer to the position after it"
    assert position_digest(viewer.state) == position_digest(rec_mod.replay(rec, upto=viewer.step))
    driver.key(pygame.K_ESCAPE)
    assert app.top is viewer


def test_finished_games_open_in_the_viewer_and_close_back_to_the_list(tmp_path):
    app = App(size=(1280, 720), headless=True, save_games=True)
    try:
        driver = Driver(app)
        rec = recorded("berlin", seed=2)
        state = rec_mod.replay(rec)
        seats = [SeatConfig(name=p.name, edge=e) for p, e in zip(state.players, ["bottom", "top"])]
        app.saves.save(app.saves.new_id(state), state, seats)
        title = app.push(TitleScene(app))
        driver.tap_rect(title.buttons["history"].rect)
        hist = app.top
        assert isinstance(hist, HistoryScene) and len(hist.games) == 1
        driver.tap_rect(hist.buttons["watch0"].rect)
        viewer = app.top
        assert isinstance(viewer, ReplayScene)
        assert [p.edge for p in viewer.panels] == ["bottom", "top"], "seated as the game was played"
        assert viewer.step == 0, "a finished game is watched from its start"
        viewer.show_step(viewer.n_steps)
        assert position_digest(viewer.state) == position_digest(state)
        driver.tap(*viewer.point_for_bar("close"))
        assert isinstance(app.top, HistoryScene)
        # a history file that no longer reads is set aside and counted in the list's notice, never a crash
        path = app.saves.history_path(app.top.games[0].id)
        path.write_bytes(path.read_bytes()[:200])
        hist = app.top
        driver.tap_rect(hist.buttons["watch0"].rect)
        assert app.top is hist and hist.notice() == "1 finished game could not be read and was set aside."
        assert not path.exists() and [a.name for a in app.saves.set_aside()] == [path.name]
    finally:
        app.close()


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_view_refuses_a_bad_record_with_replay_s_message(capsys, name):
    path = BAD / name
    assert cli.main(["view", str(path)]) == 1
    err = capsys.readouterr().err
    assert cli.main(["replay", str(path)]) == 1
    assert capsys.readouterr().err == err, "view and replay word a bad record the same"
    assert err.startswith(f"error: {path}") and EXPECTED[name] in err
    try:
        loaded = rec_mod.load(path)
    except rec_mod.RecordError:
        return  # refused as it is read: the viewer never sees it
    with pytest.raises(ReplayError) as exc:  # one that reads but does not replay: the viewer refuses it too
        positions(loaded, str(path))
    assert EXPECTED[name] in str(exc.value)


def test_view_of_a_missing_file_says_so(capsys, tmp_path):
    assert cli.main(["view", str(tmp_path / "nowhere.json")]) == 1
    err = capsys.readouterr().err
    assert "nowhere.json: cannot read" in err and "Traceback" not in err


@pytest.mark.parametrize("events", [pytest.param(600, id="600"), pytest.param(6000, id="6000", marks=pytest.mark.soak)])
def test_a_monkey_on_the_viewer_and_its_log_never_breaks_it_nor_leaves_the_record(app, events):
    """Random touches, clicks, wheels, keys and resizes; the shown position is always one of the record's.
    600 events in `make test`, 6 000 in `make soak`."""
    from test_monkey import random_event

    rec = recorded("newyork", seed=7, players=("Ada", "Ben", "Cy"))
    viewer = ReplayScene(app, rec, step=10)
    app.push(viewer)
    rng = random.Random(11)
    fingers: set = set()
    seen_steps, seen_log = set(), 0
    for k in range(events):
        if k % 150 == 0 and app.top is viewer:  # half the time the log is open over it
            viewer.open_log(rng.randrange(len(viewer.panels)))
        e = random_event(rng, app.size, fingers, False)
        if e.type == pygame.QUIT:
            continue
        pygame.event.post(e)
        app.step(STEP)
        if not any(isinstance(s, ReplayScene) for s in app.scenes):  # closed to the title: open it again
            viewer = ReplayScene(app, rec, step=rng.randrange(len(rec.actions) + 1))
            app.replace(viewer)
        seen_log += isinstance(app.top, LogPanel)
        seen_steps.add(viewer.step)
        if k % 25 == 0:
            assert position_digest(viewer.state) == position_digest(viewer._decode(viewer.step)), k
    assert len(seen_steps) > 5 and seen_log > 0, (len(seen_steps), seen_log)


from game.ui.app import FIXED_DT  # noqa: E402
from game.ui.play.secrets import HOLD_S  # noqa: E402


def _partial(rec, n: int):
    """The first ``n`` actions of ``rec``: a game still under way, its objectives seen by nobody but their owner."""
    part = rec_mod.from_state(rec_mod.replay(rec, upto=0))
    part.actions = list(rec.actions[:n])
    return part


def test_paris_objectives_stay_hidden_in_the_viewer_unless_revealed(app, driver, tmp_path):
    rec = _partial(recorded("paris", seed=4), 20)
    hidden = ReplayScene(app, rec)
    app.push(hidden)
    app.step(STEP)
    for seat in range(len(hidden.panels)):
        assert hidden.point_for_button(seat, "secret") is None, "a hold-to-see button in the viewer"
        assert hidden.held_secret_rect(seat) is None
    app.pop()

    shown = ReplayScene(app, rec, reveal=True)
    app.push(shown)
    app.step(STEP)
    x, y = shown.point_for_button(1, "secret")
    driver.finger("down", x, y, 3)
    driver.step(round(HOLD_S / FIXED_DT) + 2)
    assert list(shown.held_secret) == [1] and shown.held_secret_rect(1) is not None
    driver.finger("up", x, y, 3)
    driver.step(2)
    assert not shown.held_secret
    app.pop()

    # `underground view` takes --reveal (hidden without it); the history's Watch reveals (shown at the game's end)
    args = cli.build_parser().parse_args(["view", str(write(tmp_path, rec)), "--reveal"])
    assert args.reveal is True
    assert cli.build_parser().parse_args(["view", "game.json"]).reveal is False


def test_a_game_that_does_not_replay_is_refused_in_the_players_language(monkeypatch):
    """The history's Watch on a game that no longer replays says so in the chosen language; the record's
    place and the engine's reason (translated too) follow, as `underground replay` words them."""
    from game import i18n
    from game.ui.screens import replay

    loaded = rec_mod.load(BAD / "illegal_action.json")
    with pytest.raises(ReplayError) as en:
        positions(loaded, "game.json")
    app = App(size=(1280, 720), headless=True, save_games=True)
    try:
        rec = recorded("london", seed=3)
        state = rec_mod.replay(rec)
        game_id = app.saves.new_id(state)
        app.saves.save(game_id, state, [SeatConfig(name=p.name) for p in state.players])
        assert i18n.set_language("de") == "de"
        with pytest.raises(ReplayError) as de:
            positions(loaded, "game.json")
        assert "game.json: actions[" in str(de.value) and "illegal: " in str(de.value)
        assert str(de.value) != str(en.value), "the engine's reason is in German"

        def refuse(record, path="<record>"):
            raise ReplayError(str(de.value))

        monkeypatch.setattr(replay, "positions", refuse)
        message = ReplayScene.watch_saved(app, game_id)
        assert message == f"Diese Partie kann nicht gezeigt werden: {de.value}"
    finally:
        i18n.set_language("en")
        app.close()


# ---- watching writes nothing (issue 20, item 2) ------------------------------------------------------------------

WATCHED_BOARDS = ["london", "london-2006", "berlin", "newyork", "paris"]  # london-2006: the classic variant


def data_files(root: Path) -> dict[str, bytes]:
    """Every file under the data dir, by its path there, with its bytes."""
    if not root.exists():
        return {}
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def watch_back_and_forth(app, driver, viewer) -> None:
    """What a person does in the viewer: step back, a turn back, drag the slider, tap a log entry, step on."""
    for _ in range(3):
        driver.tap(*viewer.point_for_bar("back"))
    driver.tap(*viewer.point_for_bar("turn_back"))
    assert viewer.step < viewer.n_steps and not viewer.state.over
    driver._finger += 1
    f = driver._finger
    x0, y = viewer.point_for_turn(len(viewer.stops) - 1)
    x1, _ = viewer.point_for_turn(1)
    driver.finger("down", x0, y, f)
    for k in range(1, 11):
        driver.finger("move", x0 + (x1 - x0) * k / 10, y, f)
    driver.finger("up", x1, y, f)
    assert viewer.turn_index <= 1
    driver.tap(*viewer.point_for_bar("log"))
    panel = app.top
    assert isinstance(panel, LogPanel)
    places = [i for i, e in enumerate(panel.entries) if e.kind == "place" and panel.point_for_entry(i)]
    driver.tap(*panel.point_for_entry(places[len(places) // 2]))
    driver.key(pygame.K_ESCAPE)
    assert app.top is viewer and 0 < viewer.step < viewer.n_steps
    for _ in range(4):
        driver.tap(*viewer.point_for_bar("forward"))
    driver.step(30, dt=STEP)


@pytest.mark.parametrize("map_name", WATCHED_BOARDS)
def test_watching_a_finished_game_writes_nothing_and_continue_offers_the_game_last_played(map_name):
    """Finished games -> Watch, stepped back and forth every way, then Close and Back: the data dir holds the
    same files with the same bytes, and Continue still offers the unfinished game last played (on the old code
    each step wrote a new unfinished save of the replayed position, which Continue then offered)."""
    from game.ui.play_scene import PlayScene

    app = App(size=(1280, 720), headless=True, save_games=True)
    try:
        driver = Driver(app)
        clock = [1_700_000_000.0]
        app.saves.clock = lambda: clock[0]
        rec = recorded(map_name, seed=2, players=("Ada", "Ben"))
        finished = rec_mod.replay(rec)
        seats = [SeatConfig(name="Ada", edge="bottom"), SeatConfig(name="Ben", edge="top", computer=True, level="hard")]
        app.saves.save(app.saves.new_id(finished), finished, seats)
        clock[0] += 60
        under_way = rec_mod.replay(rec, upto=len(rec.actions) // 2)
        last_id = "last-played"
        app.saves.save(last_id, under_way, seats, computer_speed="fast")
        before = data_files(app.saves.root)
        assert len(before) == 2
        clock[0] = 1_800_000_000.0  # anything written from here on would be the newest save

        title = app.push(TitleScene(app))
        assert title.latest.id == last_id
        driver.tap_rect(title.buttons["history"].rect)
        driver.tap_rect(app.top.buttons["watch0"].rect)
        viewer = app.top
        assert isinstance(viewer, ReplayScene)
        watch_back_and_forth(app, driver, viewer)
        driver.tap(*viewer.point_for_bar("close"))
        driver.tap_rect(app.top.buttons["back"].rect)
        title = app.top
        assert isinstance(title, TitleScene)
        app.autosaver.flush()
        assert data_files(app.saves.root) == before, "watching a finished game wrote to the data dir"
        assert title.n_saved == 1 and title.latest.id == last_id, "Continue offers a game the viewer made"
        driver.tap_rect(title.buttons["continue"].rect)
        resumed = app.top
        assert isinstance(resumed, PlayScene)
        assert position_digest(resumed.state) == position_digest(under_way)
        assert [s.computer for s in resumed.seats] == [False, True], "the computer seat is still the computer's"
    finally:
        app.close()


@pytest.mark.parametrize("map_name", WATCHED_BOARDS)
def test_underground_view_writes_nothing(map_name, tmp_path, monkeypatch):
    """`underground view RECORD.json` in a window (which saves games by default): stepping it back and forth
    writes nothing into the data dir."""
    import os

    from game.ui import app as app_mod

    data = Path(os.environ["UNDERGROUND_DATA_DIR"])
    path = write(tmp_path, recorded(map_name, seed=4, players=("Ada", "Ben", "Cy")))
    seen = []

    def run(self, max_fps=120):  # the window's loop, driven by a person's taps
        viewer = self.top
        assert isinstance(viewer, ReplayScene)
        watch_back_and_forth(self, Driver(self), viewer)
        seen.append(viewer.step)
        return 0

    monkeypatch.setattr(app_mod.App, "run", run)
    assert cli.main(["view", str(path)]) == 0
    assert seen, "the viewer was not run"
    assert data_files(data) == {}, "underground view wrote into the data dir"


def test_underground_view_opens_the_programs_own_saved_and_finished_games(tmp_path, monkeypatch):
    """`underground view` on a file of saves/ and of history/ shows its game, seated as it was played, and
    writes nothing (issue 20, item 4; the old code refused them: "Object contains unknown field `id`")."""
    import os

    from game.saves import SaveStore
    from game.ui import app as app_mod

    data = Path(os.environ["UNDERGROUND_DATA_DIR"])
    store = SaveStore(data)
    rec = recorded("berlin", seed=6, players=("Ada", "Ben"))
    whole = rec_mod.replay(rec)
    part = rec_mod.replay(rec, upto=40)
    seats = [SeatConfig(name="Ada", edge="left"), SeatConfig(name="Ben", edge="right", computer=True)]
    paths = [store.save("under-way", part, seats), store.save("done", whole, seats)]
    before = data_files(data)
    shown = []

    def run(self, max_fps=120):
        viewer = self.top
        start = position_digest(viewer.state)  # watched from the start
        viewer.show_step(viewer.n_steps)
        shown.append((start, position_digest(viewer.state), [p.edge for p in viewer.panels]))
        watch_back_and_forth(self, Driver(self), viewer)
        return 0

    monkeypatch.setattr(app_mod.App, "run", run)
    for path in paths:
        assert cli.main(["view", str(path)]) == 0
    first = position_digest(rec_mod.replay(rec, upto=0))
    assert shown == [(first, position_digest(part), ["left", "right"]),
                     (first, position_digest(whole), ["left", "right"])]
    assert data_files(data) == before
