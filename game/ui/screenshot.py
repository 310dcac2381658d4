"""Render any screen to a PNG without a display: for the docs, the README and golden-image tests.

Positions are made, not stored: a fixed seed and a fixed number of random legal actions, so the same
command gives the same picture on every machine. A first edition's map (``--map london-2006``) shows
the classic variant: the set-up with that edition chosen, a game played by its rules.
"""
from __future__ import annotations

from pathlib import Path

SCENES = ("title", "continue", "saved-games", "history", "set-aside-notice", "set-aside", "settings", "setup", "play",
          "cards", "menu", "rules", "log", "replay", "end")
DEMO_NAMES = ["Ada", "Ben", "Chloe", "Dev", "Ezra"]
MID_GAME_ACTIONS = 40


def parse_size(size) -> tuple[int, int]:
    """(w, h) from a tuple or 'WxH'; sizes outside 320..7680 are refused with the reason."""
    if isinstance(size, str):
        try:
            w, h = (int(v) for v in size.lower().split("x"))
        except ValueError:
            raise ValueError(f"size {size!r}: give it as WIDTHxHEIGHT, e.g. 1920x1080") from None
    else:
        w, h = int(size[0]), int(size[1])
    if not (320 <= w <= 7680 and 320 <= h <= 4320):
        raise ValueError(f"size {w}x{h}: width must be 320..7680 and height 320..4320")
    return w, h


def edition_of(map: str) -> tuple[str, str]:
    """(board, variant) for a map name: a first edition's map is its board played as "classic"."""
    from ..engine.state import FIRST_EDITION_MAPS

    for base, edition in FIRST_EDITION_MAPS.items():
        if map == edition:
            return base, "classic"
    return map, "standard"


def demo_state(map: str = "london", players: int = 2, seed: int = 7, actions: int | None = MID_GAME_ACTIONS,
               variant: str | None = None):
    """A position after ``actions`` seeded random legal actions (None: play to the end)."""
    from ..ai import RandomBot
    from ..engine import apply, new_game

    base, edition = edition_of(map)
    state = new_game(base, DEMO_NAMES[:players], seed=seed, start_player=0, variant=variant or edition)
    bot = RandomBot(seed)
    n = 0
    while not state.over and (actions is None or n < actions):
        apply(state, bot.choose(state))
        n += 1
    return state


def demo_seats(state, computers: dict[int, str] | None = None):
    """Seats round the table; ``computers`` maps a seat to the computer level that plays it."""
    from .seats import SeatConfig, default_edges

    edges = default_edges(state.n_players)
    computers = computers or {}
    return [SeatConfig(name=p.name, edge=edges[i], colours=list(state.setup.lines[i]), computer=i in computers,
                       level=computers.get(i, "random"))
            for i, p in enumerate(state.players)]


def demo_saves(app, filled: bool, damaged: bool = False) -> None:
    """Point the app at saved games of its own in a temporary folder, never the user's: none, or (``filled``)
    three unfinished games on the playable boards and two finished ones; ``damaged`` adds three files that do
    not read (two saves, one finished game), which the first screen to list them sets aside."""
    import atexit
    import shutil
    import tempfile

    from ..saves import SaveStore
    from .screens.table_setup import available_maps

    folder = tempfile.mkdtemp(prefix="underground-screenshot-")
    atexit.register(shutil.rmtree, folder, True)
    clock = [1_779_000_000.0]  # a fixed date (May 2026), so the picture is the same on every run
    store = SaveStore(folder, clock=lambda: clock[0])
    app.saves = store
    if not filled:
        return
    boards = [m for m, _ in available_maps()]
    games = [(boards[i % len(boards)], n, seed, actions)
             for i, (n, seed, actions) in enumerate([(4, 7, None), (2, 5, None), (2, 3, 16), (4, 9, 70), (3, 11, 38)])]
    for board, n, seed, actions in games:
        clock[0] += 3600 * 5
        state = demo_state(board, players=n, seed=seed, actions=actions)
        store.save(store.new_id(state), state, demo_seats(state, {n - 1: "hard"}), "normal", started=clock[0] - 1800)
    if damaged:
        last = store.save_path(sorted(p.stem for p in store.saves_dir.glob("*.json"))[-1]).read_bytes()
        store.saves_dir.mkdir(parents=True, exist_ok=True)
        store.history_dir.mkdir(parents=True, exist_ok=True)
        (store.saves_dir / "20260517-190512-berlin-4471.json").write_bytes(last[: len(last) // 2])  # cut short
        (store.saves_dir / "20260518-101500-paris-2.json").write_bytes(
            last.replace(b'"schema_version":1', b'"schema_version":2', 1))  # from a newer version
        (store.history_dir / "20260511-203000-london-88.json").write_bytes(b"\x00" * 512)  # garbled
        clock[0] += 3600


def build_scene(app, scene: str, map: str = "london"):
    """The scene object for a screenshot (or a test) of ``scene``."""
    from .screens import make_screen
    from .screens.table_setup import default_setup

    if scene in ("title", "continue", "saved-games", "history", "settings", "set-aside-notice", "set-aside"):
        demo_saves(app, filled=scene != "title", damaged=scene.startswith("set-aside"))
    if scene in ("title", "continue", "set-aside-notice"):
        return make_screen(app, "title")
    if scene == "set-aside":  # the details of the files set aside, opened from the title's notice
        make_screen(app, "title")  # lists the saves, which sets the damaged ones aside
        return make_screen(app, "set_aside")
    if scene == "saved-games":
        return make_screen(app, "saved_games")
    if scene == "history":
        return make_screen(app, "finished_games")
    if scene == "settings":
        return make_screen(app, "settings")
    if scene == "setup":
        base, variant = edition_of(map)
        setup = default_setup(4, base)
        setup.variant = variant
        setup.seats[3].computer, setup.seats[3].level = True, "hard"
        return make_screen(app, "setup", setup=setup)
    if scene == "play":
        from .play_scene import PlayScene

        state = demo_state(map)
        return PlayScene(app, state, demo_seats(state))
    if scene == "cards":  # four seats round the table: the card strip faces the seat whose turn it is
        from .play_scene import PlayScene

        state = demo_state(map, players=4)
        return PlayScene(app, state, demo_seats(state))
    if scene == "rules":  # the board's rules card over the play screen, facing the bottom seat, a scoring page
        from .play_scene import PlayScene
        from .rules_cards import scoring_keys
        from .rules_help import RulesScene

        state = demo_state(map)
        base, variant = edition_of(map)
        app.push(PlayScene(app, state, demo_seats(state)))
        card = RulesScene(app, base, variant, "bottom")
        keys = [p.key for p in card.pages]
        card.page = keys.index(scoring_keys(base)[0]) if scoring_keys(base) and scoring_keys(base)[0] in keys else 0
        return card
    if scene == "menu":  # the game menu open over the play screen, facing the bottom seat
        from .play.menu import GameMenu, hand_off_items, items_for
        from .play_scene import PlayScene

        state = demo_state(map)
        play = app.push(PlayScene(app, state, demo_seats(state)))
        menu = GameMenu(app, play, 0)
        menu.items = items_for(app, saving=True)  # as on a laptop (a screenshot itself saves nothing)
        menu.items[1:1] = hand_off_items(play, 0)
        return menu
    if scene == "log":  # the game log over the play screen, facing the bottom seat, its last placement shown
        from .play.log_panel import LogPanel
        from .play_scene import PlayScene

        state = demo_state(map)
        play = app.push(PlayScene(app, state, demo_seats(state)))
        panel = LogPanel(app, play, 0)
        places = [i for i, e in enumerate(panel.entries) if e.kind == "place"]
        if places:
            panel.pick(places[-1])
        return panel
    if scene == "replay":  # the replay viewer on a whole 3-player game, at the start of its middle turn
        from ..engine.record import from_state
        from .screens.replay import ReplayScene

        state = demo_state(map, players=3, actions=None)
        viewer = ReplayScene(app, from_state(state), demo_seats(state))
        viewer.jump_to_turn(viewer.n_turns // 2)
        return viewer
    if scene == "end":
        state = demo_state(map, players=3, actions=None)
        return make_screen(app, "end", state, demo_seats(state, {2: "hard"}))
    raise ValueError(f"scene {scene!r}: choose one of {', '.join(SCENES)}")


def render_screenshot(map: str, scene: str, size, out, language: str = "en") -> Path:
    """Draw ``scene`` of ``map`` at ``size`` off-screen in ``language`` and save it as PNG at ``out``."""
    from .. import i18n

    if scene not in SCENES:
        raise ValueError(f"scene {scene!r}: choose one of {', '.join(SCENES)}")
    if language not in i18n.LANGUAGES:
        raise ValueError(f"language {language!r}: choose one of {', '.join(i18n.LANGUAGES)}")
    w, h = parse_size(size)
    from ..mapfile import map_file

    map_file(map)  # an unknown map is a MapError (a ValueError) saying where maps are looked for
    from .app import FIXED_DT, App  # App(headless=True) picks the dummy driver before pygame starts

    before = i18n.current_language()
    app = App(size=(w, h), headless=True, language=language)
    try:
        if i18n.current_language() != language:  # App fell back to English: say so, never a silent English picture
            raise ValueError(f"language {language!r}: its catalogue (assets/locale/{language}/LC_MESSAGES/"
                             f"underground.mo) could not be read")
        import pygame

        app.push(build_scene(app, scene, map))
        for _ in range(240):  # two seconds of fixed steps: entry animations settle
            app.step(FIXED_DT)
        app.draw(force=True)
        out = Path(out)
        if out.parent and not out.parent.exists():
            out.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(out))
        return out
    finally:
        while app.scenes:
            app.scenes.pop().exit()
        i18n.set_language(before)
