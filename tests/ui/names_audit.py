"""The names' readability audit (issue 22 item 1, item 5's names): seeded games played to the end on the play
screen's board, and at positions throughout each game the renderer's drawn items checked.

What counts as a fault, each against a drawn station name's box (the name's picture, halo included):

- ``token``: it meets a drawn token (each token a capsule along its track space, its outline included, as
  ``pieces.token_sprite`` draws it) or a token's letter badge (a disc);
- ``passenger``: it meets the passenger's disc (``pieces.passenger_radius`` round the station);
- ``badge``: it meets a drawn destination's badge (a square) or its ring round the station;
- ``name``: it meets another name (halos shrunk off both: halos that touch hide no letter);
- ``edge``: it is not wholly on the board card, or not wholly inside the board's view (the panels cut it);
- ``nearest``: another station's centre is nearer to the name's box than its own station's.

Names the view leaves off are counted apart (``left_off``): allowed only at 1280x720 with five seats, and
shown again when zoomed in. Run as a script it prints the counts of a sweep (docs/play-screen.md).
"""
from __future__ import annotations

import math
import sys
from collections import Counter
from dataclasses import dataclass, field

import pygame

BOARDS = ("london", "london-2006", "berlin", "newyork", "paris")
SIZES = ((1280, 720), (1920, 1080), (3840, 2160))
KINDS = ("token", "passenger", "badge", "name", "edge", "nearest")


@dataclass
class Counts:
    faults: Counter = field(default_factory=Counter)  # kind -> faults seen (each name once per position)
    examples: dict = field(default_factory=dict)  # kind -> a few (station name, what it met)
    left_off: int = 0  # names the view leaves off (the most at one position)
    no_room: set = field(default_factory=set)  # names whose station has no place the rule allows (the map's)
    with_room: Counter = field(default_factory=Counter)  # faults of names whose station has such a place
    positions: int = 0

    def add(self, kind: str, name: str, what: str, room: bool = True) -> None:
        self.faults[kind] += 1
        if room:
            self.with_room[kind] += 1
        ex = self.examples.setdefault(kind, [])
        if len(ex) < 6 and (name, what) not in ex:
            ex.append((name, what))

    @property
    def total(self) -> int:
        return sum(self.faults.values())


def _box_dist(px: float, py: float, r: pygame.Rect) -> float:
    """Distance from a point to a rect (0 inside)."""
    dx = max(r.left - px, 0.0, px - r.right)
    dy = max(r.top - py, 0.0, py - r.bottom)
    return math.hypot(dx, dy)


def _seg_box_dist(p, q, r: pygame.Rect) -> float:
    """Least distance between segment p-q and a rect (0 when they meet)."""
    if r.clipline(p, q):
        return 0.0
    best = min(_box_dist(p[0], p[1], r), _box_dist(q[0], q[1], r))
    dx, dy = q[0] - p[0], q[1] - p[1]
    ll = dx * dx + dy * dy
    for cx, cy in ((r.left, r.top), (r.right, r.top), (r.left, r.bottom), (r.right, r.bottom)):
        t = 0.0 if ll == 0 else max(0.0, min(1.0, ((cx - p[0]) * dx + (cy - p[1]) * dy) / ll))
        best = min(best, math.hypot(p[0] + t * dx - cx, p[1] + t * dy - cy))
    return best


def card_rect(bv) -> pygame.Rect:
    x0, y0, x1, y1 = bv.bounds
    return pygame.Rect(bv.to_screen(x0, y0), (round((x1 - x0) * bv.s), round((y1 - y0) * bv.s)))


def check_position(bv, state, counts: Counts) -> None:
    """Draw ``state`` on the board view and count what its station names meet (see the module's list)."""
    bv.state_layer(state, key=None)
    items = bv.drawn_items()
    names = {k: r for kind, k, r in items if kind == "label" and r.w}
    board = bv.board
    stations = board.stations
    counts.positions += 1
    counts.left_off = max(counts.left_off, len(bv.names_left_off))
    roomless = getattr(bv.names, "names_without_room", set())  # (the code before the hard rule had none)
    counts.no_room |= {stations[i].name for i in roomless}
    pieces = bv.pieces
    tw = pieces.token_width()
    t_half = (tw + max(2.0, tw * 0.28)) / 2  # the token's outline included (pieces.token_sprite)
    obstacles = []  # (kind, what, test(rect) -> bool)
    for kind, k, _ in items:
        if kind == "token":
            for lane in range(len(state.tokens[k])):
                for p, q in bv.lane_segments(k, lane):
                    obstacles.append(("token", board.conn_name(k),
                                      lambda r, p=p, q=q: _seg_box_dist(p, q, r) < t_half))
        elif kind == "letters":
            d = pieces.badge_px() / 2
            for x, y, _c in pieces.letter_spots(state, k):
                obstacles.append(("token", board.conn_name(k), lambda r, x=x, y=y, d=d: _box_dist(x, y, r) < d))
        elif kind == "passenger":
            x, y = bv.station_xy(k)
            pr = pieces.passenger_radius
            obstacles.append(("passenger", stations[k].name, lambda r, x=x, y=y, pr=pr: _box_dist(x, y, r) < pr))
        elif kind == "dest":
            x, y = bv.station_xy(k)
            sr = bv.station_radius(k)
            ring = pieces.ring_radius(sr) + 1  # a pixel of antialiasing
            badge = bv.badge_rect(k)
            rects = [badge]
            if state.face_up.count(k) > 1:
                bx, by = pieces.second_badge(k)
                rects.append(badge.move(round(bx - badge.centerx), round(by - badge.centery)))
            obstacles.append(("badge", stations[k].name, lambda r, rects=rects: r.collidelist(rects) >= 0))
            obstacles.append(("badge", stations[k].name, lambda r, x=x, y=y, ring=ring: _box_dist(x, y, r) < ring))
    card = card_rect(bv).inflate(2, 2)  # a pixel of rounding each way
    view = bv.rect.inflate(2, 2)
    halo = max(2, round(bv.label_px * 0.15))
    inner = {i: r.inflate(-2 * halo, -2 * halo) for i, r in names.items()}
    centres = [bv.station_xy(j) for j in range(len(stations))]
    ids = sorted(inner, key=lambda i: inner[i].left)
    for n, i in enumerate(ids):
        r = names[i]
        name = stations[i].name
        room = i not in roomless
        faulted = set()
        for kind, what, hit in obstacles:
            if kind not in faulted and hit(r):
                faulted.add(kind)
                counts.add(kind, name, what, room)
        for j in ids[n + 1:]:
            if inner[j].left >= inner[i].right:
                break
            if inner[i].colliderect(inner[j]):
                counts.add("name", name, stations[j].name, room and j not in roomless)
        if not card.contains(r) or not view.contains(r):
            counts.add("edge", name, "card" if not card.contains(r) else "view", room)
        own = _box_dist(*centres[i], r)
        for j, (x, y) in enumerate(centres):
            if j != i and abs(x - r.centerx) < r.w + own + 1 and abs(y - r.centery) < r.h + own + 1 \
                    and _box_dist(x, y, r) < own - 0.5:
                counts.add("nearest", name, stations[j].name, room)
                break


def seats_for(state, arrangement: str):
    from game.ui.seats import SeatConfig, default_edges

    edges = default_edges(state.n_players, arrangement)
    return [SeatConfig(name=p.name, edge=edges[i], colours=list(state.setup.lines[i]))
            for i, p in enumerate(state.players)]


def play_game(board: str, players: int, seed: int, every: int) -> list:
    """A seeded game to its end by random computer players: the positions every ``every`` actions and the last."""
    from game.ai import RandomBot
    from game.engine import apply, new_game
    from game.ai.evaluate import copy_state

    variant = "classic" if board == "london-2006" else "standard"
    state = new_game("london" if board == "london-2006" else board, players, seed=seed, start_player=0,
                     variant=variant)
    bots = [RandomBot(seed * 10 + i) for i in range(players)]
    out = []
    n = 0
    while not state.over and n < 2000:
        if n % every == 0:
            out.append(copy_state(state))
        apply(state, bots[state.current].choose(state))
        n += 1
    out.append(copy_state(state))
    return out


def audit(board: str, size: tuple[int, int], players: int, arrangement: str, seed: int = 1, every: int = 10,
          positions: list | None = None) -> Counts:
    """One board on the play screen at ``size`` with ``players`` seats in ``arrangement``: a game's positions
    checked (``positions``: the game, when already played)."""
    from game.ui.app import App
    from game.ui import play_scene

    positions = positions or play_game(board, players, seed, every)
    app = App(size=size, headless=True)
    try:
        scene = app.push(play_scene.PlayScene(app, positions[0], seats_for(positions[0], arrangement)))
        app.step(0.1)
        bv = scene.board_view
        counts = Counts()
        for st in positions:
            check_position(bv, st, counts)
        return counts
    finally:
        while app.scenes:
            app.scenes.pop().exit()


def sweep(boards=BOARDS, sizes=SIZES, seats=(2, 3, 4, 5), arrangements=("table", "laptop"), every: int = 10,
          out=sys.stdout) -> dict:
    """Every configuration's counts: {(board, size, players, arrangement): Counts}."""
    res = {}
    for board in boards:
        for players in seats:
            game = play_game(board, players, 1, every)
            for size in sizes:
                for arr in arrangements:
                    c = audit(board, size, players, arr, positions=game)
                    res[(board, size, players, arr)] = c
                    if out:
                        print(f"{board:12s} {size[0]}x{size[1]} {players} {arr:6s} positions={c.positions:3d} "
                              f"faults={c.total:4d} {dict(c.faults)} with_room={sum(c.with_room.values())} "
                              f"left_off={c.left_off} no_room={len(c.no_room)} {sorted(c.no_room)} "
                              f"{ {k: v[:3] for k, v in c.examples.items()} }", file=out, flush=True)
    return res


if __name__ == "__main__":
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    args = sys.argv[1:]
    boards = tuple(args[0].split(",")) if args else BOARDS
    sizes = tuple(tuple(map(int, s.split("x"))) for s in args[1].split(",")) if len(args) > 1 else SIZES
    seats = tuple(map(int, args[2].split(","))) if len(args) > 2 else (2, 3, 4, 5)
    res = sweep(boards, sizes, seats)
    by_size, with_room, left = Counter(), Counter(), Counter()
    for (b, size, p, a), c in res.items():
        by_size[(size, p == 5)] += c.total
        with_room[(size, p == 5)] += sum(c.with_room.values())
        left[(size, p == 5)] += c.left_off
    print("faults by size (5 seats apart):", dict(by_size))
    print("faults of names with room:", dict(with_room))
    print("names left off (most at a position, summed):", dict(left))
