"""Measures of the overlays that the audit's games meet too rarely to count well, run as a script (the counts in
docs/play-screen.md): the end's notice at the moment the deck empties (``notices``: each copy over what a player
needs, over the grid reference's letters, and on its seat's side of the board or not) and the turn banner against
the grid's letters (``banner``: the positions of test_banner_grid_reference.py's sweep).

    SDL_VIDEODRIVER=dummy .venv/bin/python -m tests.ui.overlay_measures notices|banner
"""
from __future__ import annotations

import sys
from collections import Counter

import pygame

NOTICE_BOARDS = ("london", "berlin", "paris", "newyork")
NOTICE_SIZES = ((1280, 720), (1920, 1080))
NOTICE_SEEDS = (5, 6, 7, 8)


def end_notice(app, board: str, size, n: int, seed: int):
    """The play screen of a seeded game (``n`` seats round the table) just after the action that empties the deck,
    its animations over and "Last round…" shown: the engine alone up to that action, the screen plays it."""
    from tests.ui.overlay_checks import screen_plays, settle_frame

    scene = screen_plays(app, board, size, n, seed, lambda after: after.end_triggered)
    scene.skip_animations()
    app.step(1 / 120)
    settle_frame(app, scene)
    return scene


def notice_counts(scene) -> Counter:
    """The notice's copies on the screen now: how many, and of them how many lie over a name, station, token,
    legal space, the banner, a panel (overlay_checks.problems), over the grid's letters, past their seat's half
    or nearer another seat's edge than their own; and which of the notice's forms each shows."""
    from game.ui.play.keepclear import letters_of
    from game.ui.play.layout import notice_forms
    from tests.ui.overlay_checks import notice_copies, problems, seat_side

    out = Counter({k[1]: v for k, v in problems(scene).items() if k[0] == "notice"})
    bv = scene.board_view.rect
    letters = letters_of(scene.board_view)
    edges = {p.edge for p in scene.panels}
    text, short = scene.anim.notice_of[:2]
    forms = list(dict.fromkeys(words for words, _px in notice_forms(text, short)))
    for t, (edge, box) in zip(scene.anim.notices, notice_copies(scene)):
        out["copies"] += 1
        out[f"form {forms.index(t.text) + 1} of {len(forms)}"] += 1
        out["smaller"] += t.px != 20
        out["letters"] += box.collidelist(letters) >= 0
        past, other = seat_side(bv, box, edge, edges)
        out["past its half"] += past
        out["by another seat"] += other
    return out


def measure_notices(app, out=sys.stdout, boards=NOTICE_BOARDS, sizes=NOTICE_SIZES, seeds=NOTICE_SEEDS,
                    verbose=False) -> Counter:
    from tests.ui.overlay_checks import notice_copies

    total: Counter = Counter()
    for board in boards:
        for size in sizes:
            for seed in seeds:
                scene = end_notice(app, board, size, 4, seed)
                got = notice_counts(scene)
                if verbose:
                    print("    board", tuple(scene.board_view.rect), "banner", scene.backdrop.banner_rect(), file=out)
                    for t, (edge, box) in zip(scene.anim.notices, notice_copies(scene)):
                        print("   ", edge, tuple(box), t.px, t.width, repr(t.text), file=out)
                app.pop()
                total += got
                print(f"{board:8s} {size[0]}x{size[1]} seed {seed}: {dict(got)}", file=out, flush=True)
    print("all:", dict(total), file=out)
    return total


BANNER_BOARDS = ("london", "london-2006", "berlin", "newyork", "paris")
BANNER_SIZES = ((1280, 720), (1920, 1080), (3840, 2160))


def banner_scene(app, board: str, size, players: int, arrangement: str, share: float, kind: str):
    """The play screen or the replay viewer of the demo game of ``board`` ``share`` of the way through, the sheet
    (with the grid's letters) drawn."""
    from game.engine.record import from_state
    from game.ui.play_scene import PlayScene
    from game.ui.screens.replay import ReplayScene
    from game.ui.screenshot import demo_seats, demo_state
    from game.ui.seats import default_edges

    app.resize(*size)
    full = demo_state(board, players=players, actions=None)
    record = from_state(full)
    at = int(len(record.actions) * share)
    state = demo_state(board, players=players, actions=at)
    seats = demo_seats(state)
    for seat, edge in zip(seats, default_edges(players, arrangement)):
        seat.edge = edge
    if kind == "play":
        scene = app.push(PlayScene(app, state, seats))
    else:
        scene = app.push(ReplayScene(app, record, seats))
        scene.show_step(at)
    for _ in range(300):
        app.step(1 / 60)
        app.draw(force=True)
        if not scene.board_view.busy:
            break
    for _ in range(5):
        app.step(1 / 60)
        app.draw(force=True)
    return scene


def banner_over(scene) -> tuple[list[str], int]:
    """The grid's letters under the banner, and the area of names and symbols it covers."""
    banner = scene.backdrop.banner_rect()
    covered = [text for text, box in scene.board_view.grid_labels() if banner is not None and box.colliderect(banner)]
    return covered, scene.overlays.banner_hidden


def banner_in(scene) -> float:
    """How far in from its seat's edge of the board the banner's near side stands, as a share of the board across."""
    bv = scene.board_view.rect
    box = scene.backdrop.banner_rect()
    edge = scene.panels[scene.shown_current].edge
    near = {"bottom": bv.bottom - box.bottom, "top": box.top - bv.top, "left": box.left - bv.left,
            "right": bv.right - box.right}[edge]
    return max(0, near) / (bv.h if edge in ("bottom", "top") else bv.w)


def measure_banner(app, out=sys.stdout) -> Counter:
    total: Counter = Counter()
    for board in BANNER_BOARDS:
        for size in BANNER_SIZES:
            for players in (2, 4):
                for arrangement in ("table", "laptop"):
                    for share in (0.5, 0.85):
                        for kind in ("play", "replay"):
                            scene = banner_scene(app, board, size, players, arrangement, share, kind)
                            covered, hidden = banner_over(scene)
                            inward = banner_in(scene)
                            total["a tenth or more in from its edge"] += inward >= 0.1
                            total["a quarter or more in"] += inward >= 0.25
                            lines = list(scene.overlays.banner_lines)
                            app.pop()
                            total["positions"] += 1
                            total["over letters"] += bool(covered)
                            total["over names or symbols"] += bool(hidden)
                            if covered or hidden:
                                print(f"{board} {size[0]}x{size[1]} {players} {arrangement} {share} {kind}: "
                                      f"letters {covered} hidden {hidden} {lines}", file=out, flush=True)
    print("all:", dict(total), file=out)
    return total


if __name__ == "__main__":
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.ui.app import App

    main_app = App(size=(1280, 720), headless=True)
    {"notices": measure_notices, "banner": measure_banner}[sys.argv[1]](main_app)
