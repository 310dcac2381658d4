"""Partial redrawing must give the same pixels as drawing everything again.

The board's state layer redraws only what a placement changes (game/ui/board/layer.py), and the play
screen sends only changed rects to the window. These tests compare the incremental result with a full
rebuild pixel for pixel, and check that a fading animation leaves no ghost behind.
"""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ai import RandomBot  # noqa: E402
from game.engine import PlaceTrack, TakeBranch, Undo, apply, can_undo, load_board, new_game  # noqa: E402
from game.engine.rules import legal_placements  # noqa: E402
from game.ui import theme as th  # noqa: E402
from game.ui.board.view import BoardView  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


def make_view(size, zoom_at=None):
    w, h = size
    rect = pygame.Rect(round(w * 0.08), round(h * 0.1), round(w * 0.84), round(h * 0.8))
    bv = BoardView(load_board("london"), rect, th.Theme(), th.Fonts(), ui_scale=th.ui_scale(w, h))
    if zoom_at is not None:
        bv.zoom_at(*zoom_at)
    return bv


def mid_game(turns=6, seed=3):
    st = new_game("london", 4, seed=seed, start_player=0)
    bot = RandomBot(seed)
    while st.turn < turns:
        apply(st, bot.choose(st))
    return st


def glow_for(st, line):
    return tuple((c, cost) for li, c, cost in legal_placements(st) if li == line)


def full_picture(size, st, zoom_at, **kw):
    fresh = make_view(size, zoom_at)
    fresh.connection_tiles = list(st.setup.connection_tiles)
    return pygame.image.tobytes(fresh.state_layer(st, key=0, **kw), "RGB")


def first_difference(a: bytes, b: bytes, width: int):
    for i in range(0, len(a), 3):
        if a[i:i + 3] != b[i:i + 3]:
            return ((i // 3) % width, (i // 3) // width)
    return None


@pytest.mark.parametrize("size,zoom_at", [((1280, 720), None), ((1920, 1080), (900, 500, 2.2))])
def test_incremental_redraw_matches_a_full_rebuild(size, zoom_at):
    """Placements by several lines, glow following the selected line, undos, destinations taken away and
    the passenger moved: after every step the partly redrawn layer equals a fresh full rebuild."""
    st = mid_game()
    bv = make_view(size, zoom_at)
    bv.connection_tiles = list(st.setup.connection_tiles)
    rng = random.Random(5)
    version = 0
    line = st.players[st.current].lines[0]
    bv.state_layer(st, key=version, glow=glow_for(st, line), glow_line=line)
    steps = 0
    placed_same_line = 0
    before = None
    undone = 0
    face_up = list(st.face_up)
    pas = st.passenger
    while steps < 40:
        player = st.current
        lines = st.players[player].lines
        if st.phase != "actions":
            break
        roll = rng.random()
        if roll < 0.2 and can_undo(st):
            apply(st, Undo())
            undone += 1
        elif roll < 0.3 and face_up:
            face_up.pop(rng.randrange(len(face_up)))  # a destination reached
        elif roll < 0.35:
            pas = rng.randrange(len(bv.board.stations))
        else:
            legal = [(li, c) for li, c, _ in legal_placements(st) if li == line] or \
                    [(li, c) for li, c, _ in legal_placements(st)]
            if not legal or st.actions_left <= 1:
                apply(st, TakeBranch()) if st.actions_left > 1 else None
                line = lines[rng.randrange(len(lines))]
            else:
                li, c = rng.choice(legal)
                had_tokens = any(li in toks for toks in st.tokens)
                apply(st, PlaceTrack(li, c))
                if li == line and had_tokens and rng.random() < 0.7:
                    placed_same_line += 1
                    before = bv.full_paints
                else:
                    line = lines[rng.randrange(len(lines))]
        version += 1
        steps += 1
        kw = dict(glow=glow_for(st, line), glow_line=line, face_up=face_up, passenger=pas)
        got = pygame.image.tobytes(bv.state_layer(st, key=version, **kw), "RGB")
        want = full_picture(size, st, zoom_at, **kw)
        assert got == want, f"step {steps}: first differing pixel {first_difference(got, want, bv.rect.w)}"
        if before is not None:
            assert bv.full_paints == before, f"step {steps}: a placement rebuilt the whole layer"
            before = None
    assert undone >= 2, "the sequence must include undos"
    assert placed_same_line >= 4
    assert bv.region_paints >= placed_same_line


def test_damage_covers_the_new_token_and_nothing_far_away():
    st = mid_game()
    bv = make_view((1920, 1080))
    line = st.players[st.current].lines[0]
    bv.state_layer(st, key=0)
    serial = bv.layer_serial
    li, c, _ = next(p for p in legal_placements(st) if p[0] == line)
    apply(st, PlaceTrack(li, c))
    bv.state_layer(st, key=1)
    rects = bv.damage_since(serial)
    assert rects, "a placement must report where the layer changed"
    x, y = bv.lane_point(c, len(st.tokens[c]) - 1)
    off = bv.rect.topleft
    assert any(r.collidepoint(x - off[0], y - off[1]) for r in rects)
    area = sum(r.w * r.h for r in rects)
    assert area < 0.1 * bv.rect.w * bv.rect.h
    assert bv.damage_since(bv.layer_serial) == []


def test_no_passenger_and_no_destinations_draw_nothing_for_them():
    """A classic deck that ran out takes the passenger and destinations off the board (-1 and [])."""
    st = mid_game()
    bv = make_view((1280, 720))
    plain = pygame.image.tobytes(bv.state_layer(st, key=1, face_up=[], show_passenger=False), "RGB")
    st.passenger = -1
    st.face_up = []
    assert pygame.image.tobytes(bv.state_layer(st, key=2), "RGB") == plain


def _table(app, players=2):
    from game.ui.play_scene import PlayScene
    from game.ui.seats import SeatConfig

    st = mid_game(turns=4)
    names = ["Ada", "Ben", "Chloe", "Dev"][:st.n_players]
    edges = ["bottom", "left", "top", "right"]
    scene = PlayScene(app, st, [SeatConfig(name=n, edge=e) for n, e in zip(names, edges)])
    app.push(scene)
    for _ in range(5):
        app.step(1 / 60)
    return scene


def _settle(app, scene, seconds=4.0):
    for _ in range(int(seconds * 60)):
        app.step(1 / 60)
    assert not scene.animating


def _same_as_full_redraw(app, scene):
    ref = pygame.Surface(app.size, 0, app.screen)
    if hasattr(scene, "backdrop"):
        scene.backdrop.invalidate()  # composed again from nothing
    scene.draw(ref)  # a surface the scene has never drawn on: drawn whole
    got = pygame.image.tobytes(app.screen, "RGB")
    want = pygame.image.tobytes(ref, "RGB")
    return got == want, first_difference(got, want, app.size[0])


@pytest.mark.parametrize("what", ["toast", "pop", "flash"])
def test_a_faded_animation_leaves_no_ghost(app, what):
    """The last faded frame of a toast, token pop or flash is cleared once the animation is over."""
    from game.ui.tween import Tween

    scene = _table(app)
    st = scene.state
    if what == "toast":
        scene.toast("does not touch the red line; extend it at an end of the line", scene.board_view.rect.center)
    elif what == "pop":
        li, c, _ = next(p for p in legal_placements(st) if p[0] == scene.selected[st.current])
        apply(st, PlaceTrack(li, c))
        scene.pops.append((c, len(st.tokens[c]) - 1, Tween(0.45)))
        scene.skip_animations()
        scene.pops.append((c, len(st.tokens[c]) - 1, Tween(0.45)))
    else:
        try:
            from game.ui.play.animations import Flash
        except ImportError:
            from game.ui.play_scene import Flash
        scene.flashes.append(Flash((0, 1, 2), scene.theme.accent, Tween(0.5, lambda t: t)))
    scene.dirty = True
    drawn = app.frames_drawn
    _settle(app, scene)
    assert app.frames_drawn > drawn + 5
    same, where = _same_as_full_redraw(app, scene)
    assert same, f"a ghost of the {what} is left on screen at {where}"


def test_a_pan_scrolls_the_layer_and_draws_only_the_uncovered_strips():
    """Panning moves the picture; the strips it uncovers are drawn. pygame's antialiased lines are not
    exactly the same when drawn a whole number of pixels further along (a level here and there, and a
    rare end pixel), so the scrolled picture is compared with a full rebuild allowing one level per
    channel and a handful of odd pixels; a strip left undrawn would be thousands. (A destination's ring whose
    centre lies above the layer's top edge once differed in 114 pixels after the last pan: pygame truncated its
    negative centre toward zero, a pixel off the scrolled copy; draw.disc floors centres now.)"""
    st = mid_game()
    size, zoom_at = (1920, 1080), (900, 500, 2.0)
    bv = make_view(size, zoom_at)
    bv.connection_tiles = list(st.setup.connection_tiles)
    line = st.players[st.current].lines[0]
    kw = dict(glow=glow_for(st, line), glow_line=line)
    bv.state_layer(st, key=0, **kw)
    fulls = bv.full_paints
    for dx, dy in ((-12, -7), (30, 0), (0, 25), (-5, 9)):
        bv.pan_by(dx, dy)
        got = pygame.image.tobytes(bv.state_layer(st, key=0, **kw), "RGB")
        fresh = make_view(size, zoom_at)
        fresh.connection_tiles = list(st.setup.connection_tiles)
        fresh.camera.centre_on(bv.cx, bv.cy)
        assert (fresh.vx0, fresh.vy0) == (bv.vx0, bv.vy0)
        want = pygame.image.tobytes(fresh.state_layer(st, key=0, **kw), "RGB")
        odd = sum(1 for i in range(0, len(got), 3)
                  if max(abs(got[i] - want[i]), abs(got[i + 1] - want[i + 1]), abs(got[i + 2] - want[i + 2])) > 1)
        assert odd <= 40, f"pan by {(dx, dy)}: {odd} pixels differ by more than one level"
    assert bv.full_paints == fulls, "a small pan must not rebuild the layer"


@pytest.mark.parametrize("players", [2, 4])
def test_the_play_screen_after_taps_and_undos_equals_a_full_redraw(app, players):
    """Placements by tapping, the glow and the passenger's would-be route appearing before the last action,
    and undos: the window, updated piece by piece, shows what drawing everything again shows."""
    st = new_game("london", players, seed=4, start_player=0)
    bot = RandomBot(4)
    while st.turn < 3 or st.phase != "actions" or st.actions_left < 3:
        apply(st, bot.choose(st))
    from game.ui.play_scene import PlayScene
    from game.ui.seats import SeatConfig

    edges = ["bottom", "left", "top", "right"] if players == 4 else ["bottom", "top"]
    scene = PlayScene(app, st, [SeatConfig(name=f"P{i}", edge=edges[i]) for i in range(players)])
    app.push(scene)
    _settle(app, scene, 0.5)
    rng = random.Random(7)
    for step in range(8):
        if step in (3, 6) and can_undo(st):
            x, y = scene.point_for_button(st.current, "undo")
        else:
            line = scene.selected[st.current]
            conns = [c for li, c, _ in legal_placements(st) if li == line]
            if not conns or st.actions_left < 2:
                x, y = scene.point_for_button(st.current, "undo")
            else:
                x, y = scene.point_for_connection(rng.choice(conns))
        for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
            pygame.event.post(pygame.event.Event(kind, x=x / (app.size[0] - 1), y=y / (app.size[1] - 1), dx=0.0,
                                                 dy=0.0, touch_id=1, finger_id=900 + step, pressure=1.0))
            app.step(1 / 60)
        _settle(app, scene, 1.5)
        same, where = _same_as_full_redraw(app, scene)
        assert same, f"step {step}: the window differs from a full redraw at {where}"
    assert scene.backdrop.partial_builds > 0, "taps must update the backdrop piece by piece"


def test_a_new_zoom_is_drawn_over_several_frames_and_ends_as_a_full_rebuild():
    """With progressive drawing, a new zoom shows the last picture stretched while names, sheet and layer
    are worked on a slice at a time; the finished picture equals a full rebuild at that zoom."""
    st = mid_game()
    size, zoom_at = (1920, 1080), (900, 500, 1.7)
    bv = make_view(size)
    bv.connection_tiles = list(st.setup.connection_tiles)
    bv.progressive = True
    line = st.players[st.current].lines[0]
    kw = dict(glow=glow_for(st, line), glow_line=line)
    bv.state_layer(st, key=0, **kw)
    bv.zoom_at(*zoom_at)
    calls = 0
    while True:
        layer = bv.state_layer(st, key=0, **kw)
        calls += 1
        if not bv.busy:
            break
        assert layer.get_size() == bv.rect.size
        assert calls < 500
    assert calls > 3, "the rebuild should be spread over frames"
    got = pygame.image.tobytes(layer, "RGB")
    assert got == full_picture(size, st, zoom_at, **kw)


def test_the_play_screen_after_a_classic_deck_ran_out_shows_no_passenger_or_destination(app):
    """The first edition takes the passenger and the destinations off the board when the deck runs out
    (passenger -1, no face-up cards): the table draws on without them and never looks up station -1."""
    from game.ui.play_scene import PlayScene
    from game.ui.seats import SeatConfig

    st = new_game("london", 4, seed=7, variant="classic")
    bot = RandomBot(7)
    while st.passenger >= 0:  # up to the action that empties the deck; the round then goes on
        apply(st, bot.choose(st))
    assert st.passenger == -1 and st.face_up == [] and st.phase != "over"
    scene = PlayScene(app, st, [SeatConfig(name=n, edge=e) for n, e in
                                zip("ABCD", ["bottom", "left", "top", "right"])])
    app.push(scene)
    _settle(app, scene, 1.0)
    items = scene.board_view.layer.items
    assert items["passenger"] == {} and items["dest"] == {}
    same, where = _same_as_full_redraw(app, scene)
    assert same, where


def test_berlin_landmark_stacks_redraw_incrementally_and_match_a_full_rebuild():
    """Berlin: a line reaching a landmark station takes a tile, so the stack's count changes on the state
    layer. After every action the partly redrawn layer equals a fresh full rebuild, and a tile taken
    redraws only a region (not the whole layer)."""
    from game.engine.events import LandmarkTaken

    board = load_board("berlin")
    size = (1280, 720)
    w, h = size
    rect = pygame.Rect(round(w * 0.08), round(h * 0.1), round(w * 0.84), round(h * 0.8))

    def view():
        return BoardView(board, rect, th.Theme(), th.Fonts(), ui_scale=th.ui_scale(w, h))

    st = new_game("berlin", 3, seed=11, start_player=0)
    bv = view()
    bot = RandomBot(11)
    version = 0
    bv.state_layer(st, key=version)
    taken = 0
    region_only = 0
    for _ in range(400):
        if st.over or taken >= 4:
            break
        before = bv.full_paints
        events = apply(st, bot.choose(st))
        version += 1
        got = pygame.image.tobytes(bv.state_layer(st, key=version), "RGB")
        landmark = [e for e in events if isinstance(e, LandmarkTaken)]
        if landmark or version % 7 == 0:
            want = pygame.image.tobytes(view().state_layer(st, key=0), "RGB")
            assert got == want, f"action {version}: first differing pixel {first_difference(got, want, rect.w)}"
        if landmark:
            taken += len(landmark)
            region_only += bv.full_paints == before
    assert taken >= 4, "the game should have taken landmark tiles"
    assert region_only >= 3, "taking a tile should redraw only the stack's region"
    sig = bv.city.station_marks(st, board)
    assert sorted(sig) == sorted(board.landmark_stations)
    assert [sig[s][1] for s in board.landmark_stations] == st.landmarks_left


def test_the_berlin_play_screen_after_tiles_are_taken_equals_a_full_redraw(app):
    """Berlin by tapping, preferring track spaces that reach a landmark station with tiles left: the stack's
    count, the panel's tile pills and the floating tile leave the window as a full redraw draws it."""
    from game.engine.rules import board_of
    from game.ui.play_scene import PlayScene
    from game.ui.seats import SeatConfig

    st = new_game("berlin", 3, seed=8, start_player=0)
    board = board_of(st)
    bot = RandomBot(8)
    while st.turn < 3 or st.phase != "actions" or st.actions_left < 3:
        apply(st, bot.choose(st))
    scene = PlayScene(app, st, [SeatConfig(name=f"P{i}", edge=e) for i, e in enumerate(["bottom", "left", "top"])])
    app.push(scene)
    _settle(app, scene, 0.5)
    rng = random.Random(9)
    stacks = dict(zip(board.landmark_stations, range(len(board.landmark_stations))))
    taken = 0
    for step in range(10):
        line = scene.selected[st.current]
        conns = [c for li, c, _ in legal_placements(st) if li == line]
        reach = [c for c in conns if any(s in stacks and st.landmarks_left[stacks[s]] for s in board.conn_ends[c])]
        if not conns or st.actions_left < 2:  # never the turn's last action: the passenger would travel
            x, y = scene.point_for_button(st.current, "undo")
        else:
            x, y = scene.point_for_connection(rng.choice(reach or conns))
        held = sum(sum(p.landmarks.values()) for p in st.players)
        for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
            pygame.event.post(pygame.event.Event(kind, x=x / (app.size[0] - 1), y=y / (app.size[1] - 1), dx=0.0,
                                                 dy=0.0, touch_id=1, finger_id=950 + step, pressure=1.0))
            app.step(1 / 60)
        taken += sum(sum(p.landmarks.values()) for p in st.players) > held
        _settle(app, scene, 1.5)
        same, where = _same_as_full_redraw(app, scene)
        assert same, f"step {step}: the window differs from a full redraw at {where}"
    assert taken >= 1, "the taps should have taken a landmark tile"


@pytest.mark.parametrize("centre", [(20.4, -1.4), (-2.6, 15.3), (-0.5, -0.5)])
def test_a_circle_over_the_edge_is_the_same_picture_moved(centre):
    """A circle whose centre lies beyond the surface's top or left edge is drawn as the same circle drawn ten
    pixels further in and moved back: what a panned layer's scrolled copy needs (pygame alone truncates a
    negative centre toward zero, a pixel off)."""
    from game.ui.draw import disc

    def drawn(c):
        s = pygame.Surface((48, 48))
        s.fill((0, 0, 0))
        disc(s, (255, 255, 255), c, 8.0, 2)
        return s

    edge = drawn(centre)
    inner = drawn((centre[0] + 10, centre[1] + 10))
    moved = pygame.Surface((48, 48))
    moved.fill((0, 0, 0))
    moved.blit(inner, (-10, -10))
    assert pygame.image.tobytes(edge.subsurface((0, 0, 38, 38)), "RGB") == \
        pygame.image.tobytes(moved.subsurface((0, 0, 38, 38)), "RGB")
