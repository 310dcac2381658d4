"""Nothing temporary covers what a player needs (issue 22, item 2), one overlay at a time, and New York's grid
reference where it can be read (item 4). The whole sweep is test_overlays_readability_audit.py; the checks are
overlay_checks.py's."""
from __future__ import annotations

from collections import Counter

import pygame
import pytest

from game.ai import RandomBot
from game.engine import ChooseRoute
from game.ui.cities import newyork as nymod
from game.ui.play.animations import Travel
from tests.ui.overlay_checks import (float_problems, hint_box, hits, needed, problems, screen_plays,
                                     seg_hits_rect, show_position, start_scene)


def _play(app, scene, bot, actions: int, every: int = 1000, position=None, acted=None) -> Counter:
    """Acts ``actions`` times (or to the end) through the screen, calling ``position()`` every ``every``
    actions and ``acted()`` after each action; sums what they count."""
    got: Counter = Counter()
    st = scene.state
    for i in range(actions):
        if st.over:
            break
        if position is not None and i % every == 0:
            got += position()
        scene.act(bot.choose(st), None)
        app.step(1 / 120)
        if acted is not None:
            got += acted()
        scene.skip_animations()
        app.step(1 / 120)
    return got


def _newyork_table(app):
    """New York at 1920x1080, four seats round the table, and the seeded bot that plays it."""
    app.resize(1920, 1080)
    return start_scene(app, "newyork", 4, "table", 5), RandomBot(5)


def test_the_banner_never_lies_over_legal_spaces_tokens_names_or_callouts(app):
    """New York at 1920x1080, four seats round the table: the banner once hid the legal spaces a player was
    about to tap."""
    scene, bot = _newyork_table(app)
    glowed = []

    def check():
        show_position(app, scene, bot, hint=False)
        need = needed(scene)
        glowed.append(bool(need["legal"]))
        return Counter({k: v for k, v in problems(scene).items() if k[0] in ("banner", "callout")})

    got = _play(app, scene, bot, 400, 5, position=check)
    assert sum(glowed) >= 10
    assert not got, dict(got)


def test_floating_points_rise_and_land_clear_of_names_and_panels(app):
    """London at 1280x720: "+1", "+2" and "+1 tile" appear beside their station (not on its name) and land on
    the board by the seat's score, on no name and on no panel's words; on their way they hide no name (they
    once flew over 123 in the audit's game of this board and size: each name crossed is now drawn over them)."""
    scene = start_scene(app, "london", 2, "table", 3)
    bot = RandomBot(3)
    seen = []

    def check():
        seen.extend(f.text for f in scene.anim.floats)
        return float_problems(scene)

    got = _play(app, scene, bot, 400, acted=check)
    assert len(seen) >= 20 and any("tile" in t for t in seen)
    assert not got, dict(got)


def test_the_hint_sits_beside_its_target_over_no_name_or_control(app):
    """New York at 1920x1080: the hint's box once lay over names, stations and tokens."""
    scene, bot = _newyork_table(app)
    shown = []

    def check():
        show_position(app, scene, bot, hint=True)
        box = hint_box(scene)
        scene.hints.shown = None
        if box is None:
            return Counter()
        shown.append(box)
        bv = scene.board_view
        buttons = list(scene.board_buttons().values()) + [p.rect for p in scene.panels]
        out = Counter(what for what, _i in hits(needed(scene), box))
        out["control"] += box.collidelist(buttons) >= 0
        out["off the board"] += not bv.rect.contains(box)
        return +out

    got = _play(app, scene, bot, 400, 5, position=check)
    assert len(shown) >= 10
    assert not got, dict(got)


@pytest.mark.parametrize("size,seed", [((1280, 720), 5), ((1920, 1080), 6)])
def test_notices_lie_over_no_name_near_the_board_edge(app, size, seed):
    """New York, late in a four-seat game: "Last round…" at each seat's edge once lay over the names along it
    (1280x720), and the top seat's copy over the board's names button (1920x1080). Each copy faces its seat and
    the copies do not overlap."""
    app.resize(*size)
    scene = _late_notice(app, 4, "table", seed, "Dee")
    assert [t.angle for t in scene.anim.notices] == [0, 270, 180, 90]
    from tests.ui.overlay_checks import drawn_rects

    boxes = drawn_rects(scene, notices=scene.anim.notices)
    assert len(boxes) == 4
    assert not any(a.colliderect(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
    assert not any(b.colliderect(r) for b in boxes for r in scene.board_buttons().values()), "over a control"


def test_seats_side_by_side_read_one_notice_that_covers_nothing(app):
    """Five seats in a laptop's row at 1280x720, late in a New York game: they all read from the bottom edge,
    so one copy of "Last round…" serves them (five copies once found no free room on the spread board and lay
    over a name and tokens)."""
    app.resize(1280, 720)
    scene = _late_notice(app, 5, "laptop", 6, "Eve")
    assert [t.angle for t in scene.anim.notices] == [0]


def _late_notice(app, n: int, arrangement: str, seed: int, last: str):
    """New York 90 actions into a game of ``n`` seats, "Last round…" shown: it covers nothing the audit checks."""
    scene = start_scene(app, "newyork", n, arrangement, seed)
    bot = RandomBot(seed)
    _play(app, scene, bot, 90)
    show_position(app, scene, bot, hint=False)
    scene.notice(f"Last round: the game ends after {last}'s turn.")
    app.step(1 / 120)
    got = Counter({k: v for k, v in problems(scene).items() if k[0] == "notice"})
    assert not got, dict(got)
    return scene


def test_the_travel_line_never_covers_a_name(app):
    """The passenger's line is drawn under the names it passes: a name's letters stay on top. A name is moved
    by hand onto the middle of the connection the passenger rides (names are placed clear of the track, but a
    walk, a bend or a crowded corner may still bring the line over one)."""
    app.resize(1920, 1080)
    scene = start_scene(app, "london", 2, "table", 3)
    bv = scene.board_view
    for _ in range(200):
        app.step(1 / 120)
        if not bv.busy:
            break
    con = max((c for c in bv.board.connections if not c.bends),
              key=lambda c: abs(bv.station_xy(c.a)[0] - bv.station_xy(c.b)[0]))  # a long, flat one
    p, q = bv.station_xy(con.a), bv.station_xy(con.b)
    mid = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
    names = bv.names
    j = max((i for i in range(len(bv.board.stations)) if i not in (con.a, con.b) and i not in bv.names_left_off),
            key=lambda i: len(names.labels[i][0]))
    _key, px, angle = names.key
    w, h = names.label_size(names.labels[j][0], px, angle)
    sx, sy = bv.station_xy(j)
    names.labels[j] = (names.labels[j][0], mid[0] - w / 2 - sx, mid[1] - h / 2 - sy)
    names.rects_changed()
    box = bv.label_rects()[j]
    img = names.picture(j)  # as drawn there (a broken name's lines face its station)
    ink = tuple(scene.theme.ink[:3])

    def inked(c) -> bool:
        return sum(abs(a - b) for a, b in zip(c[:3], ink)) < 40

    letters = [(box.x + x, box.y + y) for x in range(w) for y in range(h)
               if img.get_at((x, y)).a == 255 and inked(img.get_at((x, y)))]
    assert len(letters) > 20
    tr = Travel(con.a, con.b, [(con.a, con.b, 0)], (0,))
    tr.t = 0.999  # the whole hop drawn, the passenger at its end
    scene.anim.travels.append(tr)
    app.draw(force=True)
    bx, by = q
    rr = bv.passenger_radius * 1.3 + 4  # the passenger itself (and its destination's ring) at the hop's end
    covered = [pt for pt in letters
               if not inked(app.screen.get_at(pt)) and (pt[0] - bx) ** 2 + (pt[1] - by) ** 2 > rr * rr]
    assert not covered, f"{len(covered)} of {len(letters)} letter pixels covered"


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
def test_newyork_grid_reference_is_readable(app, size):
    """Every column letter and row number is written, nearly all twice (top and bottom, left and right), none
    under a station name, a cluster's name, a station or a track space, and over the water on a patch of
    paper."""
    app.resize(*size)
    scene = start_scene(app, "newyork", 4, "table", 5)
    bv = scene.board_view
    for _ in range(200):  # the sheet for this size is drawn over a few frames
        app.step(1 / 120)
        if not bv.busy:
            break
    cols, rows = bv.grid()
    labels = bv.grid_labels()
    want = {chr(ord("A") + c) for c in range(cols)} | {str(r + 1) for r in range(rows)}
    copies = Counter(t for t, _b in labels)
    assert set(copies) == want and max(copies.values()) == 2
    assert sum(copies.values()) >= 2 * len(want) - 4  # both copies but where one would lie under something
    cam = bv.camera
    ox, oy = cam.rect.x - cam.vx0, cam.rect.y - cam.vy0
    clusters = [pygame.Rect(round(x0 + ox), round(y0 + oy), round(x1 - x0), round(y1 - y0))
                for x0, y0, x1, y1 in bv.city.ground_names(bv)]
    assert clusters, "New York's clusters have names on the board"
    need = needed(scene)
    gap = bv.lane_gap
    track = [(c, bv.hop_path(con.a, con.b), con.spaces * gap / 2) for c, con in enumerate(bv.board.connections)]
    layer = bv.static_layer()
    for text, box in labels:
        assert bv.rect.contains(box) or not box.colliderect(bv.rect), (text, box)
        assert box.collidelist(clusters) < 0, (text, box)
        assert not hits(need, box, ("name", "symbol")), (text, box, hits(need, box, ("name", "symbol")))
        for c, path, w in track:
            assert not any(seg_hits_rect(p, q, w, box) for p, q in zip(path, path[1:])), (text, c)
        if bv.rect.contains(box):  # drawn over the water: no water colour inside the label's box
            inner = box.move(-bv.rect.x, -bv.rect.y).inflate(-box.h // 2, -4)  # inside its round corners
            seen = {layer.get_at((x, y))[:3] for x in range(inner.left, inner.right, 2)
                    for y in range(inner.top, inner.bottom, 2)}
            assert nymod.WATER_FILL not in seen, (text, box)


def _gap(a: pygame.Rect, b: pygame.Rect) -> float:
    """How far apart two boxes are (0 when they touch or overlap)."""
    dx = max(b.left - a.right, a.left - b.right, 0)
    dy = max(b.top - a.bottom, a.top - b.bottom, 0)
    return (dx * dx + dy * dy) ** 0.5


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_ends_bonuses_rise_by_each_seats_panel_apart_and_off_names(app, size):
    """Berlin, four seats round the table, the last action: each seat's "+N landmarks" (the end's bonus, from no
    station) once rose from the board's middle (or the last token), all on one spot; each now rises by its own
    seat's panel, on no name, panel or other float, and flies to its score. At 1280x720 the side seats' ones,
    turned along their edges, found no free place at their size and rose and landed over names: a smaller size
    (never below 11 px) finds one."""
    from tests.ui.overlay_checks import float_rect

    scene = screen_plays(app, "berlin", size, 4, 5, lambda after: after.over)  # the last action
    assert scene.state.over
    bonus = [f for f in scene.anim.floats if "landmarks" in f.text]
    assert len({f.player for f in bonus}) == 4
    for f in bonus:  # in front of its own panel, at most a few of its sizes in from it
        r = float_rect(scene, f, 0.0)
        panel = scene.panels[f.player]
        along = (r.left, r.right, panel.rect.left, panel.rect.right) if panel.edge in ("bottom", "top") else \
            (r.top, r.bottom, panel.rect.top, panel.rect.bottom)
        assert along[0] < along[3] and along[1] > along[2], (f.text, panel.edge, r)
        assert _gap(r, panel.rect) < 2 * (r.w + r.h), (f.text, panel.edge, r, panel.rect)
    assert not float_problems(scene), dict(float_problems(scene))


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_tie_callout_with_no_room_for_its_words_says_its_heading(app, size):
    """Paris, four seats round the table, 60 actions in: "standard tie: the player chooses" for the left seat found
    no free place anywhere near its destination and lay over tokens and a name (the audit's CROWDED games); its
    heading alone ("standard tie") found one, until Notre-Dame-de-Lorette's step a row down (tenth session) left
    none for it either: the word "tie" alone, in the route's colour, finds one beside the destination."""
    scene = _audit_position(app, "paris", size, 60, hint=False)
    assert scene.overlays.tags, "a callout is shown"
    got = Counter({k: v for k, v in problems(scene).items() if k[0] == "callout"})
    assert not got, dict(got)


def _audit_position(app, board: str, size, actions: int, hint: bool):
    """The play screen of the readability audit's game (four seats round the table, seed 5) ``actions`` in, as
    the audit shows it (a line chosen; with ``hint``, a hint)."""
    from game.engine import apply, new_game
    from tests.ui.overlay_checks import NAMES, scene_of

    app.resize(*size)
    st = new_game(board, NAMES[:4], seed=5, start_player=0)
    bot = RandomBot(5)
    for i in range(actions):  # the audit's game: its bot also chose a hint at every other position checked
        if i % 12 == 0 and st.phase in ("actions", "route"):
            bot.choose(st)
        apply(st, bot.choose(st))
    scene = scene_of(app, st)
    show_position(app, scene, bot, hint=hint)
    return scene


def test_berlin_callouts_with_no_room_for_words_show_the_scoring_lines_alone(app):
    """Berlin at 1280x720, four seats round the table, 48 actions in (the right seat's turn, its callouts turned
    sideways): "express scores:" by Warschauer Str. and "then standard scores:" by Hermannplatz found no free place
    in any worded shape and lay over tokens and a name; the scoring lines' chips alone find one."""
    scene = _audit_position(app, "berlin", (1280, 720), 48, hint=False)
    assert len(scene.overlays.tags) == 2, "the express and the standard callouts are shown"
    got = Counter({k: v for k, v in problems(scene).items() if k[0] == "callout"})
    assert not got, dict(got)


def test_berlin_branch_tile_hint_with_no_room_for_its_reason_says_hint(app):
    """Berlin at 1280x720, four seats round the table, 72 actions in: the left seat's hint to take a branch tile
    found no free place for its reason, in any wrapping, and lay over tokens; the heading alone finds one."""
    from game.engine import TakeBranch

    scene = _audit_position(app, "berlin", (1280, 720), 72, hint=True)
    assert isinstance(scene.hints.shown.action, TakeBranch)
    assert hint_box(scene) is not None
    got = Counter({k: v for k, v in problems(scene).items() if k[0] == "hint"})
    assert not got, dict(got)



def _end_triggered(app, board: str, size, n: int, seed: int):
    """The play screen of a seeded game (``n`` seats round the table) just after the action that empties the
    deck, its animations over and "Last round…" shown (overlay_measures.end_notice)."""
    from tests.ui.overlay_measures import end_notice

    scene = end_notice(app, board, size, n, seed)
    assert scene.anim.notices, "the notice is shown"
    return scene


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_notices_keep_off_the_banner_of_the_seat_that_plays_next(app, size):
    """Paris, four seats round the table, the deck emptied: the notice was placed against the banner of the seat
    that had just played, and the next seat's banner, placed after it, lay under the top seat's copy ("…last
    round", its last words cut) for its four seconds. The copies are placed against the banner that shows."""
    scene = _end_triggered(app, "paris", size, 4, 5)
    banner = scene.backdrop.banner_rect()
    assert banner is not None
    got = Counter({k: v for k, v in problems(scene).items() if k[0] == "notice"})
    assert not got, dict(got)


@pytest.mark.parametrize("board,size,seed", [("paris", (1920, 1080), 5), ("berlin", (1920, 1080), 5),
                                            ("paris", (1280, 720), 6), ("berlin", (1280, 720), 5),
                                            ("london", (1280, 720), 7)])
def test_each_notice_copy_sits_on_its_seats_side_of_the_board(app, board, size, seed):
    """Paris and Berlin at 1920x1080, four seats round the table, the deck emptied: the right seat's short copy
    ("Last round: ends after Dee", "Last round") found a place on its half of the board but in the top corner,
    nearer the top seat's edge than its own, where it reads as the top seat's (once mid-way along the bottom edge).
    Each copy now sits on its seat's half, turned to it, nearer its own edge than any other seat's where the board
    has room there. At 1280x720 the right seat's half had no free place for any wording (Paris: the copy in the top
    left corner; Berlin: on the left half; London: the top right corner): the copy now stands on the card strip's
    empty part between the board and its seat's panel, or across the board's edge, over no card."""
    from tests.ui.overlay_checks import notice_copies, off_its_side

    scene = _end_triggered(app, board, size, 4, seed)
    got = Counter({k: v for k, v in problems(scene).items() if k[0] == "notice"})
    assert not got, dict(got)  # over nothing a player needs, and on its seat's side (overlay_checks.off_its_side)
    copies = notice_copies(scene)
    edges = [p.edge for p in scene.panels]
    assert sorted(edge for edge, _box in copies) == sorted(edges)
    for edge, box in copies:
        assert not off_its_side(scene.board_view.rect, box, edge, edges), (edge, box)


@pytest.mark.parametrize("board,size", [("paris", (1920, 1080)), ("london", (1280, 720))])
def test_notices_keep_off_the_grid_reference_on_their_seats_side(app, board, size):
    """Four seats round the table, the deck emptied: each copy of "Last round…" stood by its edge over the grid
    reference's letters and numbers (Paris: both copies of "B", top and bottom, for four seconds; 103 of the 128
    copies measured, tests/ui/overlay_measures.py). Each copy now finds a place off them on its seat's side, over
    no name, station, token or the banner."""
    from tests.ui.overlay_checks import notice_copies

    scene = _end_triggered(app, board, size, 4, 5)
    letters = [box for _t, box in scene.board_view.grid_labels()]
    assert letters, "the grid reference is drawn"
    got = Counter({k: v for k, v in problems(scene).items() if k[0] == "notice"})
    assert not got, dict(got)  # no letter, name, station, token, banner, panel; on its seat's side
    copies = notice_copies(scene)
    assert len(copies) == 4 and all(box.collidelist(letters) < 0 for _edge, box in copies), copies
