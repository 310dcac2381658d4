"""What the play screen lays over the board for a moment (the turn banner, route callouts, notices, floating
points, the hint's box, the passenger's travel line), checked against what a player needs to see there:
station names, station symbols, tokens and the legal track spaces. Shared by the readability audit
(test_overlays_readability_audit.py) and the overlays' own tests.

Everything is read from the scene as drawn: the names' boxes through the board view's API, tokens and legal
spaces as the lanes' segments (a diagonal token is a thin band, not its bounding box), the overlays' places
from what they drew.
"""
from __future__ import annotations

from collections import Counter

import pygame

from game.engine import apply, new_game
from game.engine.rules import legal_placements
from game.ui.board.placement import clip_len
from game.ui.seats import SeatConfig, default_edges

NAMES = ["Ada", "Bea", "Cy", "Dee", "Eve"]


def seg_hits_rect(p, q, hw: float, r: pygame.Rect) -> bool:
    """True when the segment p-q, ``hw`` wide on each side, runs through ``r`` (grown by ``hw``)."""
    return clip_len(p[0], p[1], q[0], q[1], (r.left - hw, r.top - hw, r.right + hw, r.bottom + hw)) > 0


def shown_names(scene) -> list[tuple[int, pygame.Rect]]:
    """(station, box) of every name drawn at this zoom."""
    bv = scene.board_view
    off = bv.names_left_off
    return [(i, r) for i, r in enumerate(bv.label_rects()) if i not in off and r.w > 0 and r.h > 0]


def needed(scene) -> dict[str, list]:
    """What a player needs to see on the board now: names and symbols as boxes, tokens and legal spaces as
    (id, segments, half width)."""
    bv = scene.board_view
    st = scene.state
    out: dict[str, list] = {"name": [(i, r) for i, r in shown_names(scene)], "symbol": [], "token": [], "legal": []}
    for i in range(len(bv.board.stations)):
        x, y = bv.station_xy(i)
        r = bv.station_radius(i)
        out["symbol"].append((i, pygame.Rect(round(x - r), round(y - r), round(2 * r), round(2 * r))))
    hw = bv.token_width() / 2
    for c, lanes in enumerate(st.tokens):
        for lane in range(len(lanes)):
            out["token"].append((c, bv.lane_segments(c, lane), hw))
    glow, _line = scene.turns.glow(scene.blocking)
    for c, _cost in glow:
        lane = min(len(st.tokens[c]), bv.board.connections[c].spaces - 1)
        out["legal"].append((c, bv.lane_segments(c, lane), hw))
    return out


def hits(need: dict, box: pygame.Rect, kinds=("name", "symbol", "token", "legal")) -> list[tuple[str, int]]:
    """The needed things ``box`` lies over."""
    got = []
    for kind in kinds:
        for item in need[kind]:
            if kind in ("name", "symbol"):
                if box.colliderect(item[1]):
                    got.append((kind, item[0]))
            elif any(seg_hits_rect(p, q, item[2], box) for p, q in item[1]):
                got.append((kind, item[0]))
    return got


def _only(anim, **keep):
    """Swap the animations' lists for just ``keep`` (the rest empty); returns what to restore."""
    saved = {n: getattr(anim, n) for n in ("travels", "floats", "flashes", "pops", "toasts", "notices")}
    for n in saved:
        setattr(anim, n, type(saved[n])(keep.get(n, ())))
    return saved


def drawn_rects(scene, **keep) -> list[pygame.Rect]:
    """Where the animations in ``keep`` (e.g. floats=[f]) draw this frame, on a scratch copy of the window."""
    anim = scene.anim
    saved = _only(anim, **keep)
    try:
        scratch = pygame.Surface(scene.app.screen.get_size())
        return [pygame.Rect(r) for r in anim.draw(scratch, scene.board_view, scene.state, scene.panels,
                                                     scene.app.scale)]
    finally:
        for n, v in saved.items():
            setattr(anim, n, v)


def float_rect(scene, f, raw: float) -> pygame.Rect | None:
    """Where float ``f`` is drawn at progress ``raw`` (0..1)."""
    got = float_drawn(scene, f, raw)
    return got[0] if got else None


def float_drawn(scene, f, raw: float) -> list[pygame.Rect]:
    """What drawing float ``f`` at progress ``raw`` (0..1) draws: where the float goes, then any name drawn again
    over it."""
    tw = f.tween
    old = tw.elapsed
    tw.elapsed = tw.delay + tw.duration * raw
    try:
        return drawn_rects(scene, floats=[f])
    finally:
        tw.elapsed = old


FLIGHT = (0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875)  # progress at which a float is checked in flight


def covers(scene) -> list[tuple[str, pygame.Rect]]:
    """The temporary things over the board now: the banner, route callouts, notices and the hint's box."""
    out = []
    b = scene.backdrop.banner_rect()
    if b is not None:
        out.append(("banner", b))
    key = scene.board_overlays_key()
    if key is not None and key[0] is not None:
        out += [("callout", pygame.Rect(t)) for t in scene.overlays.tags]
    if scene.anim.notices:
        out += [("notice", r) for r in drawn_rects(scene, notices=scene.anim.notices)]
    hint = hint_box(scene)
    if hint is not None:
        out.append(("hint", hint))
    return out


ANGLE_EDGE = {0: "bottom", 180: "top", 270: "left", 90: "right"}  # a notice copy's angle: the edge it faces


def notice_copies(scene) -> list[tuple[str, pygame.Rect]]:
    """(the edge it faces, where it is drawn) of each copy of the notice shown."""
    if not scene.anim.notices:
        return []
    return [(ANGLE_EDGE[t.angle], box) for t, box in zip(scene.anim.notices,
                                                          drawn_rects(scene, notices=scene.anim.notices))]


def seat_side(bv: pygame.Rect, box: pygame.Rect, edge: str, edges) -> tuple[bool, bool]:
    """(past its seat's half of the board ``bv``, its centre nearer another seat's edge than its own) of a notice
    copy facing the seats at ``edge`` (``edges``: the edges with seats)."""
    near = {"bottom": bv.bottom - box.bottom, "top": box.top - bv.top, "left": box.left - bv.left,
            "right": bv.right - box.right}[edge]
    centre = {"bottom": bv.bottom - box.centery, "top": box.centery - bv.top, "left": box.centerx - bv.left,
              "right": bv.right - box.centerx}
    past = near / (bv.h if edge in ("bottom", "top") else bv.w) > 0.5
    return past, any(centre[e] < centre[edge] for e in edges if e != edge)


def off_its_side(bv: pygame.Rect, box: pygame.Rect, edge: str, edges) -> bool:
    """A notice copy past its seat's half or nearer another seat's edge: it reads as another seat's."""
    return any(seat_side(bv, box, edge, edges))


def hint_box(scene) -> pygame.Rect | None:
    place = getattr(scene.hints, "_place", None)
    if scene.hints.shown is None or place is None:
        return None
    return pygame.Rect(place[1])


def panel_rects(scene) -> list[pygame.Rect]:
    """Every seat's panel and every face-up card strip: words, scores and buttons a player reads there (a
    panel is full of them, edge to edge)."""
    return [pygame.Rect(p.rect) for p in scene.panels] + [pygame.Rect(s.rect) for s in scene.cards.strips]


def panel_words(scene) -> list[pygame.Rect]:
    """Every seat's panel and the face-up cards on the card strips (with the passenger's card): what a
    player reads off the board. A strip's empty part holds nothing (a notice with no free place on the board by
    its seat may stand there)."""
    return [pygame.Rect(p.rect) for p in scene.panels] + scene.cards.item_rects()


def problems(scene) -> Counter:
    """(cover, what it covers) -> how many, for the position as drawn now; and names under a panel. A notice also
    counts the grid reference's letters it covers, and each copy off its seat's side of the board."""
    need = needed(scene)
    out: Counter = Counter()
    panels = panel_rects(scene)
    words = panel_words(scene)
    shown = covers(scene)
    banner = [box for kind, box in shown if kind == "banner"]
    letters = [box for _t, box in scene.board_view.grid_labels()]
    for kind, box in shown:
        if kind == "notice":  # the banner is placed after a notice and keeps off nothing temporary
            out[(kind, "banner")] += len(box.collidelistall(banner))
            # the grid reference's letters and numbers (the cards' "C4"), which a notice keeps off where its seat's
            # side of the board has room: it stays four seconds
            out[(kind, "letter")] += len(box.collidelistall(letters))
        # a route callout is placed beside its own destination: the names, tokens and spaces count, not the
        # station symbols (its leader line starts there)
        for what, _i in hits(need, box, ("name", "token", "legal") if kind == "callout" else
                              ("name", "symbol", "token", "legal")):
            out[(kind, what)] += 1
        out[(kind, "panel")] += len(box.collidelistall(words))
        out[(kind, "button")] += len(box.collidelistall(list(scene.board_buttons().values())))  # Aa, fit: on top
    out[("notice", "another seat's side")] += sum(1 for edge, box in notice_copies(scene)
                                                  if off_its_side(scene.board_view.rect, box, edge,
                                                                  {p.edge for p in scene.panels}))
    out = +out
    for _i, r in need["name"]:
        if r.collidelist(panels) >= 0:
            out[("panel", "name")] += 1
    return out


def float_problems(scene) -> Counter:
    """Floating points where they appear and where they land: over a name, over a panel's words (one rising
    from its own panel's button excepted: it starts where the tap was), or where another float appears."""
    need = needed(scene)
    out: Counter = Counter()
    panels = panel_rects(scene)
    starts = []
    for f in scene.anim.floats:
        for when, raw in (("start", 0.0), ("land", 1.0)):
            r = float_rect(scene, f, raw)
            if r is None:
                continue
            for what, _i in hits(need, r, ("name",)):
                out[(f"float {when}", what)] += 1
            own = scene.panels[f.player].rect if when == "start" and f.start_screen is not None else None
            out[(f"float {when}", "panel")] += sum(1 for j in r.collidelistall(panels) if panels[j] != own)
            if when == "start":
                starts.append(r)
    out[("float start", "float")] += sum(1 for i, a in enumerate(starts) for b in starts[i + 1:] if a.colliderect(b))
    for f in scene.anim.floats:  # on its way: no name hidden (one drawn again over it is read), no other panel
        own = scene.panels[f.player].rect
        for raw in FLIGHT:
            got = float_drawn(scene, f, raw)
            if not got:
                continue
            r, over = got[0], got[1:]
            out[("float flight", "name")] += sum(1 for _i, box in need["name"]
                                                 if r.colliderect(box) and box not in over)
            out[("float flight", "panel")] += sum(1 for j in r.collidelistall(panels) if panels[j] != own)
    return +out


def start_scene(app, board: str, n: int, arrangement: str, seed: int):
    """A table of ``n`` people (no computer seats, so the legal spaces glow) on ``board``."""
    from game.ui.screenshot import edition_of

    base, variant = edition_of(board)
    return scene_of(app, new_game(base, NAMES[:n], seed=seed, start_player=0, variant=variant), arrangement)


def scene_of(app, st, arrangement: str = "table"):
    """The play screen of position ``st``, its seats all people (arranged ``arrangement``), on the app."""
    from game.ui.play_scene import PlayScene

    n = st.n_players
    edges = default_edges(n, arrangement)
    scene = PlayScene(app, st, [SeatConfig(name=NAMES[i], edge=edges[i]) for i in range(n)])
    scene.drive_computers = False
    app.push(scene)
    app.step(1 / 120)
    return scene


def screen_plays(app, board: str, size, n: int, seed: int, until):
    """A seeded game of ``n`` seats round the table played by the engine alone up to the first action after which
    ``until(position)`` holds; the play screen of the position before it plays that action (its first frame)."""
    from game.ai import RandomBot

    app.resize(*size)
    st = new_game(board, NAMES[:n], seed=seed, start_player=0)
    bot = RandomBot(seed)
    while True:
        action = bot.choose(st)
        after = st.copy()
        apply(after, action)
        if until(after):
            break
        st = after
    scene = scene_of(app, st)
    scene.act(action, None)
    app.step(1 / 120)
    return scene


def settle_frame(app, scene, frames: int = 4) -> None:
    """A few frames, so the backdrop has placed everything it leaves to the next frames."""
    for _ in range(frames):
        app.step(1 / 120)
        if not scene.backdrop.pending:
            break


def show_position(app, scene, bot, hint: bool) -> None:
    """The position as a person sees it before acting: a line chosen (its legal spaces glow) and, with
    ``hint``, a hint shown for the bot's choice."""
    from game.ui.play.hint import Hint, describe, position_key

    st = scene.state
    p = st.current
    if st.phase == "actions":
        lines = sorted({li for li, _c, _cost in legal_placements(st)})
        if lines:
            scene.turns.selected[p] = lines[len(st.log) % len(lines)]
            scene._invalidate()
    if hint and st.phase in ("actions", "route") and not st.over:
        action = bot.choose(st)
        scene.hints.shown = Hint(p, action, describe(st.copy(), action), position_key(st))
    settle_frame(app, scene)


def audit_game(app, board: str, size, n: int, arrangement: str, seed: int, every: int,
               limit: int | None = None) -> tuple[Counter, int]:
    """Plays a seeded game on the screen (each action through ``PlayScene.act``) and checks the overlays at
    every ``every``-th action, with a hint shown at every other check; floats and notices as they appear.
    Returns the problems counted and the positions checked."""
    from game.ai import RandomBot

    app.resize(*size)
    scene = start_scene(app, board, n, arrangement, seed)
    bot = RandomBot(seed)
    got: Counter = Counter()
    checked = 0
    acted = 0
    st = scene.state
    try:
        while not st.over and (limit is None or acted < limit):
            if acted % every == 0:
                show_position(app, scene, bot, hint=(acted // every) % 2 == 0)
                got += problems(scene)
                checked += 1
                scene.hints.shown = None
            action = bot.choose(st)
            scene.act(action, None)
            acted += 1
            app.step(1 / 120)
            if scene.anim.floats:
                got += float_problems(scene)
            scene.skip_animations()
            app.step(1 / 120)
            if scene.anim.notices:  # shown once the turn's animations are over
                settle_frame(app, scene)
                got += Counter({k: v for k, v in problems(scene).items() if k[0] == "notice"})
                scene.anim.notices.clear()
    finally:
        app.pop()
    return got, checked


def replay(state_actions, board: str, n: int, seed: int):
    """The engine position after ``state_actions`` seeded random actions (no screen)."""
    from game.ai import RandomBot
    from game.ui.screenshot import edition_of

    base, variant = edition_of(board)
    st = new_game(base, NAMES[:n], seed=seed, start_player=0, variant=variant)
    bot = RandomBot(seed)
    for _ in range(state_actions):
        if st.over:
            break
        apply(st, bot.choose(st))
    return st
