"""Saved games on screen: a game is saved as it is played, Continue on the title screen brings back exactly
that position on every playable board, a save that does not read is moved aside and named, Saved games
deletes (with a second tap), and a finished game appears in Finished games."""
from __future__ import annotations

import pytest

from game.ai import RandomBot
from game.engine.record import from_state, replay
from game.saves import SaveStore
from game.ui.screens.end import EndScene
from game.ui.screens.finished_games import HistoryScene
from game.ui.screens.saved_games import SavedGamesScene
from game.ui.screens.set_aside import SetAsideScene
from game.ui.screens.table_setup import available_maps, default_setup, start_game
from game.ui.screens.title import TitleScene
from game.ui.kiosk.mode import position_digest
from game.ui.play_scene import PlayScene
from game.ui.screenshot import demo_seats, demo_state
from play_helpers import STEP

BOARDS = [m for m, _ in available_maps()]  # every board the set-up offers: New York and Paris when they play


@pytest.fixture
def apps(saving_app):
    return saving_app  # tests/ui/conftest.py


def play_some(app, scene, actions: int, seed: int = 4) -> None:
    """People's actions through the play screen (a computer seat plays its own), until ``actions`` are done."""
    bot = RandomBot(seed)
    for _ in range(4000):
        if len(scene.state.log) >= actions:
            break
        if not scene.blocking and scene.turns.human_turn(scene.blocking):
            assert scene.act(bot.choose(scene.state))
        app.step(STEP)
    assert len(scene.state.log) >= actions
    for _ in range(400):  # the passenger arrives, the table shows the position
        if not scene.blocking:
            break
        app.step(STEP)


def test_the_boards_include_london_and_berlin():
    assert {"london", "berlin"} <= set(BOARDS)


@pytest.mark.parametrize("map_id", BOARDS)
def test_save_and_leave_then_continue_restores_the_same_position(apps, map_id):
    app, driver = apps()
    title = app.push(TitleScene(app))
    assert "continue" not in title.buttons  # nothing saved yet
    setup = default_setup(3, map_id, "table")
    setup.seats[1].computer, setup.seats[1].level = True, "random"
    setup.computer_speed = "fast"
    setup.seed = 11
    start_game(app, setup)
    scene = app.top
    play_some(app, scene, 14)
    before = position_digest(scene.state)
    turn, to_play = scene.state.turn + 1, scene.state.players[scene.state.current].name
    app.replace(TitleScene(app))  # leave the game (the game menu's Save and leave does this)
    app.close()

    app2, driver2 = apps()
    title = app2.push(TitleScene(app2))
    text = title.continue_text()
    board = dict(available_maps())[map_id]
    assert text.startswith(board) and "Player 1, Player 2, Player 3" in text
    assert f"turn {turn}, {to_play} to play" in text
    driver2.tap_rect(title.buttons["continue"].rect)
    resumed = app2.top
    assert isinstance(resumed, PlayScene)
    assert position_digest(resumed.state) == before
    assert [s.computer for s in resumed.seats] == [False, True, False]
    assert [s.edge for s in resumed.seats] == [s.edge for s in setup.seats]
    assert resumed.turns.computer_speed == "fast"
    # playing on writes to the same save, not a new one
    play_some(app2, resumed, len(resumed.state.log) + 2)
    app2.step(STEP)
    app2.autosaver.flush()
    entries, _ = app2.saves.unfinished()
    assert len(entries) == 1 and entries[0].summary.actions == len(resumed.state.log)


def test_headless_apps_save_nothing_unless_asked(apps):
    app, _ = apps(save_games=None)
    assert app.autosaver is None
    state = demo_state("london", actions=6)
    scene = app.push(PlayScene(app, state, demo_seats(state)))
    play_some(app, scene, 10)
    assert not app.saves.saves_dir.exists()


def notice_sizes(scene) -> list[int]:
    """The pixel sizes of the fonts the scene's next frame asks for (the notice's among them)."""
    sizes: list[int] = []
    fonts = scene.app.fonts
    real = fonts.get

    def spy(size, *a, **kw):
        sizes.append(size)
        return real(size, *a, **kw)

    fonts.get = spy
    try:
        scene.app.draw(force=True)
    finally:
        del fonts.get
    return sizes


def test_a_damaged_save_is_reported_so_a_person_understands_it(apps):
    """Issue 20, item 3: a readable notice on the title, in Saved games and in Finished games ("2 saved games
    could not be read and were set aside"), a Details view naming each file with its date and a reason in plain
    words, reachable until dismissed; the dismissal lasts until another file is set aside; nothing is deleted.
    (The old title showed the paths and the parser's words, shrunk to ~9 px, and nothing anywhere else.)"""
    app, driver = apps()
    store = app.saves
    good = demo_state("london", actions=12)
    store.save("good", good, demo_seats(good))
    whole = demo_state("london", players=2, actions=None, seed=5)
    store.save("done", whole, demo_seats(whole))
    (store.saves_dir / "oops.json").write_bytes(b'{"format": "underground-save", "schema_ver')
    newer = store.save_path("good").read_bytes().replace(b'"schema_version":1', b'"schema_version":7', 1)
    (store.saves_dir / "later.json").write_bytes(newer)
    title = app.push(TitleScene(app))
    driver.step(3)
    assert title.notice() == "2 saved games could not be read and were set aside."
    assert "/" not in title.notice() and "oops" not in title.notice()
    assert min(s for s in notice_sizes(title)) >= 14, "the notice is readable at 1280x720"
    assert title.latest.id == "good" and "continue" in title.buttons  # the good game is still offered
    assert not (store.saves_dir / "oops.json").exists()
    assert len(list(store.saves_dir.glob("oops.json.corrupt-*"))) == 1
    # the details: each file's name, when it was set aside, and why, in plain words
    driver.tap_rect(title.buttons["set_aside"].rect)
    details = app.top
    assert isinstance(details, SetAsideScene)
    rows = {details.row_text(e)[0]: details.row_text(e)[1] for e in details.games}
    assert set(rows) == {"Saved game · oops.json", "Saved game · later.json"}
    assert rows["Saved game · oops.json"].startswith("Set aside ") and "the file is cut short" in rows[
        "Saved game · oops.json"]
    assert "made by a newer version of the game" in rows["Saved game · later.json"]
    assert not any(w in " ".join(rows.values()) for w in ("JSON", "Object", "schema", "`", "truncated"))
    driver.tap_rect(details.buttons["back"].rect)
    assert isinstance(app.top, TitleScene)
    # still there after leaving the title: in Saved games and in Finished games, each with its Details
    driver.tap_rect(app.top.buttons["saved_games"].rect)
    saved = app.top
    assert isinstance(saved, SavedGamesScene) and "2 saved games could not be read" in saved.notice()
    driver.tap_rect(saved.buttons["set_aside"].rect)
    assert isinstance(app.top, SetAsideScene)
    driver.tap_rect(app.top.buttons["back"].rect)
    assert isinstance(app.top, SavedGamesScene), "Back returns where Details was opened"
    driver.tap_rect(app.top.buttons["back"].rect)
    # a finished game that does not read is called a finished game
    path = store.history_path("done")
    path.write_bytes(path.read_bytes()[:100])
    (store.history_dir / "spare.json").write_bytes(b"\x00\x00")
    store.save("done2", whole, demo_seats(whole))
    title = app.replace(TitleScene(app))
    assert title.notice() == "4 saved or finished games could not be read and were set aside."
    driver.tap_rect(title.buttons["history"].rect)
    hist = app.top
    assert isinstance(hist, HistoryScene) and "set_aside" in hist.buttons
    driver.tap_rect(hist.buttons["set_aside"].rect)
    details = app.top
    kinds = sorted(details.row_text(e)[0].split(" · ")[0] for e in details.games)
    assert kinds == ["Finished game", "Finished game", "Saved game", "Saved game"]
    files = sorted(p.name for p in store.root.rglob("*") if p.is_file())
    driver.tap_rect(details.buttons["dismiss"].rect)
    assert isinstance(app.top, HistoryScene) and not app.top.notice() and "set_aside" not in app.top.buttons
    assert set(files) <= {p.name for p in store.root.rglob("*") if p.is_file()}, "nothing deleted"
    title = app.replace(TitleScene(app))
    assert not title.notice() and "set_aside" not in title.buttons
    app.close()

    # another run of the game: still dismissed, until another file is set aside
    app2, driver2 = apps()
    title = app2.push(TitleScene(app2))
    assert not title.notice()
    (app2.saves.history_dir / "new.json").write_bytes(b"{")
    title = app2.replace(TitleScene(app2))
    assert title.notice() == "1 finished game could not be read and was set aside."


def test_continue_on_a_save_that_no_longer_replays_stays_on_the_title_with_the_notice(apps):
    app, driver = apps()
    state = demo_state("london", actions=12)
    app.saves.save("bent", state, demo_seats(state))
    path = app.saves.save_path("bent")
    path.write_bytes(path.read_bytes().replace(b'"deck":[', b'"deck":[99999,'))  # a card that is no station
    title = app.push(TitleScene(app))
    driver.tap_rect(title.buttons["continue"].rect)
    assert app.top is title
    assert title.notice() == "1 saved game could not be read and was set aside."
    assert "continue" not in title.buttons and not path.exists()
    driver.tap_rect(title.buttons["set_aside"].rect)
    [row] = [app.top.row_text(e) for e in app.top.games]
    assert row[0] == "Saved game · bent.json" and "no longer plays out" in row[1]


def test_saved_games_resumes_any_and_deletes_with_a_second_tap(apps):
    app, driver = apps()
    store = app.saves
    clock = [1000.0]
    store.clock = lambda: clock[0]
    older = demo_state("london", actions=10, seed=3)
    store.save("older", older, demo_seats(older))
    clock[0] = 2000.0
    newer = demo_state("berlin", actions=20, seed=4)
    store.save("newer", newer, demo_seats(newer))
    title = app.push(TitleScene(app))
    assert title.buttons["saved_games"].text == "Saved games (2)"
    driver.tap_rect(title.buttons["saved_games"].rect)
    games = app.top
    assert isinstance(games, SavedGamesScene)
    assert [e.id for e in games.games] == ["newer", "older"]
    driver.tap_rect(games.buttons["delete0"].rect)
    assert games.buttons["delete0"].text == "Tap to delete" and store.save_path("newer").exists()
    driver.tap_rect(games.buttons["delete0"].rect)
    assert not store.save_path("newer").exists()
    assert [e.id for e in games.games] == ["older"]
    # the question lapses: a tap much later asks again
    driver.tap_rect(games.buttons["delete0"].rect)
    driver.step(int(games.CONFIRM_S * 120 / 8) + 10, dt=STEP)
    assert games.buttons["delete0"].text == "Delete"
    driver.tap_rect(games.buttons["delete0"].rect)
    assert store.save_path("older").exists()
    # resume the other from the list
    driver.tap_rect(games.buttons["resume0"].rect)
    assert isinstance(app.top, PlayScene)
    assert position_digest(app.top.state) == position_digest(older)


def test_a_finished_game_is_kept_in_finished_games(apps):
    app, driver = apps()
    whole = demo_state("london", players=3, actions=None, seed=9)
    rec_state = replay(from_state(whole), upto=len(whole.log) - 3)  # three actions before the end
    assert not rec_state.over
    seats = demo_seats(rec_state, {0: "random", 1: "random", 2: "random"})
    scene = app.push(PlayScene(app, rec_state, seats, computer_speed="fast"))
    for _ in range(3000):
        if isinstance(app.top, EndScene):
            break
        app.step(STEP)
    assert isinstance(app.top, EndScene) and scene.state.over
    app.autosaver.flush()
    assert app.saves.unfinished()[0] == []
    history, _ = app.saves.history()
    assert len(history) == 1
    from game.engine.rules import winners

    names = [scene.state.players[i].name for i in winners(scene.state)]
    assert history[0].summary.winners == names
    title = app.replace(TitleScene(app))
    assert "continue" not in title.buttons
    driver.tap_rect(title.buttons["history"].rect)
    hist = app.top
    assert isinstance(hist, HistoryScene)
    top, bottom = hist.row_text(hist.games[0])
    assert "London" in top and names[0] in top and "win" in top
    assert all(p.name in bottom for p in scene.state.players)
    driver.tap_rect(hist.buttons["back"].rect)
    assert isinstance(app.top, TitleScene)


def test_the_kiosk_title_offers_no_saved_games(apps):
    app, _ = apps()
    app.kiosk_mode = True
    state = demo_state("london", actions=12)
    app.saves.save("g", state, demo_seats(state))
    title = app.push(TitleScene(app))
    assert not {"continue", "saved_games", "history", "settings", "quit"} & set(title.buttons)


def test_a_store_elsewhere_is_not_read(apps, tmp_path):
    """UNDERGROUND_DATA_DIR (set per test by conftest) decides where saves live."""
    app, _ = apps()
    other = SaveStore(tmp_path / "not-the-data-dir")
    state = demo_state("london", actions=8)
    other.save("elsewhere", state, demo_seats(state))
    title = app.push(TitleScene(app))
    assert title.latest is None and "continue" not in title.buttons


def test_continue_restores_the_chosen_line_and_the_names_toggle(apps):
    """The table as it was left: the line a seat chose on its panel (not its first) and the names turned to
    face the active seat."""
    app, driver = apps()
    setup = default_setup(2, "london", "table")
    setup.seed = 5
    start_game(app, setup)
    scene = app.top
    play_some(app, scene, 2)
    seat = scene.state.current
    lines = scene.state.players[seat].lines
    other = next(li for li in lines if li != scene.selected.get(seat) and scene.state.lines[li].tokens_left > 0)
    driver.tap(*scene.point_for_line_swatch(other))
    assert scene.selected[seat] == other
    driver.tap_rect(scene.board_buttons()["names"])
    assert scene.names_mode == "active"
    app.step(STEP)
    app.replace(TitleScene(app))
    app.close()

    app2, driver2 = apps()
    title = app2.push(TitleScene(app2))
    driver2.tap_rect(title.buttons["continue"].rect)
    resumed = app2.top
    assert isinstance(resumed, PlayScene)
    assert resumed.selected[seat] == other and resumed.names_mode == "active"
    assert resumed.panel_view(seat).selected_line == other  # the panel shows it chosen


def drawn_words(scene) -> list[str]:
    """Every text the menu scene draws itself on its next frame (GuiScene.text), in order."""
    words: list[str] = []
    real = scene.text

    def spy(surface, s, *a, **kw):
        words.append(s)
        return real(surface, s, *a, **kw)

    scene.text = spy
    scene.app.draw(force=True)
    del scene.text
    return words


def test_the_end_screen_says_the_game_is_kept_in_finished_games(apps):
    """Leaving the results asks; it says what really happens: the game is in Finished games (where it is, on
    this app), and only where nothing is saved (kiosk, headless) that the results will be gone (issue 20,
    item 5; the old question said "These results will be gone" although the game was in Finished games)."""
    app, driver = apps()
    whole = demo_state("london", players=3, actions=None, seed=9)
    rec_state = replay(from_state(whole), upto=len(whole.log) - 2)
    scene = app.push(PlayScene(app, rec_state, demo_seats(rec_state, {0: "random", 1: "random", 2: "random"}),
                               computer_speed="fast"))
    for _ in range(3000):
        if isinstance(app.top, EndScene):
            break
        app.step(STEP)
    end = app.top
    assert isinstance(end, EndScene) and scene.state.over
    driver.step(int(end.GUARD_SECONDS * 120) + 5, dt=STEP)
    end.ask("play_again")
    words = drawn_words(end)
    assert "This game is kept in Finished games." in words and "These results will be gone." not in words, words
    app.autosaver.flush()
    assert len(app.saves.history()[0]) == 1, "the sentence is true: the game is in Finished games"

    plain, _ = apps(save_games=None)  # headless: nothing is saved, and the question says so
    end = plain.push(EndScene(plain, whole, demo_seats(whole)))
    plain.time += end.GUARD_SECONDS + 1
    end.ask("new_setup")
    assert "These results will be gone." in drawn_words(end)


def test_finished_games_are_counted_on_the_title_and_deleted_with_a_second_tap(apps):
    """Finished games (N) on the title; a finished game's Delete asks, a second tap deletes that file and
    nothing else (issue 20, item 5)."""
    app, driver = apps()
    store = app.saves
    clock = [1000.0]
    store.clock = lambda: clock[0]
    for seed in (3, 4):
        clock[0] += 100
        whole = demo_state("london", players=2, actions=None, seed=seed)
        store.save(f"done{seed}", whole, demo_seats(whole))
    under_way = demo_state("berlin", actions=12)
    store.save("playing", under_way, demo_seats(under_way))
    (store.saves_dir / "old.json.corrupt-20260101-120000").write_bytes(b"{")
    title = app.push(TitleScene(app))
    assert title.buttons["history"].text == "Finished games (2)"
    driver.tap_rect(title.buttons["history"].rect)
    hist = app.top
    assert isinstance(hist, HistoryScene) and [e.id for e in hist.games] == ["done4", "done3"]
    files = {p.relative_to(store.root) for p in store.root.rglob("*") if p.is_file()}
    driver.tap_rect(hist.buttons["delete0"].rect)
    assert hist.buttons["delete0"].text == "Tap to delete" and store.history_path("done4").exists()
    driver.tap_rect(hist.buttons["delete0"].rect)
    after = {p.relative_to(store.root) for p in store.root.rglob("*") if p.is_file()}
    assert files - after == {store.history_path("done4").relative_to(store.root)} and after <= files
    assert [e.id for e in hist.games] == ["done3"]
    driver.tap_rect(hist.buttons["back"].rect)
    title = app.top
    assert title.buttons["history"].text == "Finished games (1)"
