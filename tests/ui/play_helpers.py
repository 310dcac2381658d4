"""Driving a whole game through the play screen, shared by the whole-game tests of every board."""
from __future__ import annotations

STEP = 8 / 120  # one app step = 8 fixed updates


def settle(app, scene, limit=2000):
    """Step until the passenger has arrived and the screen shows whose turn it really is."""
    for _ in range(limit):
        if app.top is not scene or (not scene.blocking and scene._shown_current == scene.state.current):
            return
        app.step(STEP)
    raise AssertionError("the play screen never settled")


def press(driver, point, by_mouse: bool):
    """A tap or a mouse click on ``point`` (a control the screen says is there)."""
    assert point is not None, "the control is not on screen"
    x, y = point
    if by_mouse:
        driver.click(x, y)
    else:
        driver.tap(x, y)


def choose_board(app, driver, map: str, label: str, seed: int):
    """From the title: New game, step the board choice to ``map`` (shown as ``label``), Player 1 starts,
    a pinned shuffle, Start; returns the play screen."""
    from game.ui.screens.setup import SetupScene
    from game.ui.screens.title import TitleScene
    from game.ui import play_scene

    title = app.push(TitleScene(app))
    driver.tap_rect(title.buttons["new_game"].rect)
    setup = app.top
    assert isinstance(setup, SetupScene)
    for _ in range(len(setup.maps)):
        if setup.setup.map == map:
            break
        driver.tap_rect(setup.buttons["map"].rect)
    assert setup.setup.map == map and setup.buttons["map"].text == label
    driver.tap_rect(setup.buttons["start_player"].rect)  # Player 1 starts
    setup.setup.seed = seed
    driver.tap_rect(setup.buttons["start"].rect)
    play = app.top
    assert isinstance(play, play_scene.PlayScene) and play.state.setup.map == map
    return play


def tap_action(driver, play, action, by_mouse: bool) -> None:
    """Do ``action`` the way a player would: pick the line's swatch, tap the connection, the branch button,
    a route option twice (the first tap previews it), or a choice's button (Paris)."""
    from game.engine import ChooseRoute, PlaceTrack, TakeBranch
    from game.engine.actions import ChooseReward, CompleteSet

    state = play.state
    p = state.current
    logged = len(state.log)
    if isinstance(action, PlaceTrack):
        if play.selected.get(p) != action.line:
            press(driver, play.point_for_line_swatch(action.line), by_mouse)
            assert play.selected.get(p) == action.line
        press(driver, play.point_for_connection(action.connection), by_mouse)
    elif isinstance(action, TakeBranch):
        press(driver, play.point_for_button(p, "branch"), by_mouse)
    elif isinstance(action, (ChooseReward, CompleteSet)):  # a city's choice (Paris): its big button
        from game.engine.rules import board_of

        buttons = play.board_view.city.choices(state, board_of(state))
        i = [b[2] for b in buttons].index(action)
        press(driver, play.point_for_button(p, f"choice:{i}"), by_mouse)
    elif isinstance(action, ChooseRoute):
        point = play.point_for_button(p, f"route:{action.option}")
        for _turn in range(len(state.options)):  # more options than buttons: turn the pages to it
            if point is not None:
                break
            press(driver, play.point_for_button(p, "route_more"), by_mouse)
            point = play.point_for_button(p, f"route:{action.option}")
        press(driver, point, by_mouse)  # the first tap or click previews the route on the board
        assert len(state.log) == logged and play.route_preview == action.option
        press(driver, point, by_mouse)  # the second chooses it
    if isinstance(action, PlaceTrack):
        from game.engine.rules import board_of

        what = f"{action!r} ({board_of(state).conn_name(action.connection)})"
    else:
        what = repr(action)
    assert len(state.log) == logged + 1, f"tapping for {what} did not act"
    assert state.log[-1] == action


def finish_on_end_screen(app, state):
    """Step until the end screen shows ``state`` and check each row's categories add up to its total (and
    to the player's score); returns the end screen."""
    from game.ui.screens.end import EndScene

    for _ in range(400):
        if isinstance(app.top, EndScene):
            break
        app.step(STEP)
    end = app.top
    assert isinstance(end, EndScene) and end.state is state
    cats = end.categories()
    for i, _, row in end.table_rows():
        assert sum(v for k, v in row.items() if k in cats) == row["total"] == state.players[i].score
    return end


def continue_in_a_new_app(saving_app):
    """A new app on the same saves, as after a restart: Continue on its title screen; returns (app, the resumed
    play screen)."""
    from game.ui.play_scene import PlayScene
    from game.ui.screens.title import TitleScene

    app, driver = saving_app()
    title = app.push(TitleScene(app))
    driver.tap_rect(title.buttons["continue"].rect)
    assert isinstance(app.top, PlayScene), f"Continue did not resume the game (top: {type(app.top).__name__})"
    return app, app.top


def route_position(map_id: str, names: list[str], n_options: int = 3, seed: int = 5):
    """A real game brought to a route choice by random computer players, given ``n_options`` options (their
    destinations made up: stations 0, 1, 2, ...)."""
    import copy

    from game.ai import RandomBot
    from game.engine import apply, new_game

    st = new_game(map_id, names, seed=seed, start_player=0)
    bot = RandomBot(seed)
    while st.phase != "route":
        assert not st.over
        apply(st, bot.choose(st))
    st = copy.deepcopy(st)
    first = st.options[0]
    fields = {f: getattr(first, f) for f in first.__struct_fields__}
    st.options = [type(first)(**{**fields, "destination": d}) for d in range(n_options)]
    return st
