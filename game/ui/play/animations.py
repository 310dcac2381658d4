"""What moves on the play screen: the travelling passenger, floating points, flashes, token pops, toasts.

:class:`Animations` turns the engine's events into these, steps them on the fixed clock and draws them
on top of the backdrop each frame. It never changes the game; it only reports what has landed (points
for the shown score) and which passenger journeys have ended, and the play scene decides what follows.
"""
from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field

import pygame

from ...engine import events as ev
from ...engine.log_words import FINAL_CATEGORIES
from ...i18n import _, ngettext
from .. import theme as th
from ..draw import capsule, disc
from ..seats import EDGE_ROTATION
from ..tween import Tween, ease_in_out, ease_out, lerp2, pulse
from .keepclear import names_over

HOP_S = 0.3  # passenger seconds per hop
FAST = 4.0  # speed-up after a tap
TOAST_S = 1.5
FLOAT_S = 0.9
FLOAT_PX = (30, 24, 20, 16)  # floating points' font, design px (never below 11 screen px): smaller where crowded
FLASH_S = 1.6


@dataclass
class Travel:
    """One passenger move being shown: its hops, the lines it rides and the points it brings."""

    origin: int
    destination: int
    hops: list
    lines: tuple
    scores: list = field(default_factory=list)  # Scored events (passenger) paid on arrival
    i: int = 0
    t: float = 0.0


@dataclass
class Float:
    """Text that flies from a board point to a player's panel; adds its points to the shown score on landing."""

    text: str
    colour: tuple
    start_board: tuple[float, float] | None  # board coordinates, or None to start at start_screen
    start_screen: tuple[float, float] | None
    player: int
    points: int
    tween: Tween
    target: str = "score"  # where on the panel it lands: "score", "tiles" or "landmarks"
    surf: pygame.Surface | None = None  # rendered once, turned to face the receiving seat
    icon: str | None = None  # a city tile's symbol drawn before the text (Berlin's landmark tiles)
    ends: tuple | None = None  # (key, start, end): where it rises and lands on screen, clear of names
    in_place: bool = False  # an end bonus with no free place to rise by its panel at any size: it rises where it lands


@dataclass
class Flash:
    stations: tuple
    colour: tuple
    tween: Tween


@dataclass
class Toast:
    text: str
    x: float
    y: float
    angle: int
    tween: Tween
    surf: pygame.Surface | None = None
    colour: tuple | None = None  # None: the theme's "bad" red (a refused move)
    offset: bool = True  # lifted towards the reader's "up", off the finger
    width: float = 520  # design px: the words wrap at this width
    px: float = 20  # design px of its words (a notice with no room at this size takes a smaller one)


NOTICE_S = 4.0  # a notice facing every seat (the end is triggered, the passenger left the board)


def _linear(t: float) -> float:
    return t


def _pairs(path):
    return list(zip(path, path[1:]))


def _part_of(path, t: float):
    """The straight pieces of ``path`` up to the fraction ``t`` of its length, and the point reached."""
    lengths = [math.hypot(q[0] - p[0], q[1] - p[1]) for p, q in _pairs(path)]
    left = t * sum(lengths)
    out = []
    for (p, q), L in zip(_pairs(path), lengths):
        if left >= L:
            out.append((p, q))
            left -= L
            continue
        end = lerp2(p, q, left / L if L else 1.0)
        out.append((p, end))
        return out, end
    return out, path[-1]


def _free_centre(bv, size: tuple[int, int], at: tuple[float, float], inside: pygame.Rect,
                 taken: list, soft: list = (), free_only: bool = False,
                 reach: float | None = None) -> tuple[float, float] | None:
    """The centre of the free place for a box of ``size`` nearest ``at`` (anywhere on the board), else of the
    nearest covering nothing but ``soft`` (tokens and legal spaces: a float crosses a stretch of line for a
    moment, where over a name it hides the name whole; a crowded board at the end of the game), else of the
    place beside it hiding the least (names counting ten times; ``free_only``: None). ``reach``: how far from
    ``at`` a free place may be (anywhere on the board unless given)."""
    from .overlays import free_place, least_hidden

    got = free_place([size], at, 0, inside, taken, reach or math.hypot(bv.rect.w, bv.rect.h), soft)
    if got is not None:
        return got[1].center
    if free_only:
        return None
    return least_hidden(size, at, 0, inside, list(taken) + list(soft), bv.label_rects())[1].center


def _spine(r: pygame.Rect) -> tuple[tuple[float, float], tuple[float, float]]:
    """The line along the middle of ``r``'s longer side (a float's words, turned or not)."""
    if r.w >= r.h:
        return (r.left, r.centery), (r.right, r.centery)
    return (r.centerx, r.top), (r.centerx, r.bottom)


def _straight(panel, board: pygame.Rect, end: tuple[float, float], size: tuple[int, int], gap: float) -> bool:
    """True when a float of ``size`` from ``panel``'s button flies to ``end`` over nothing but its panel and the
    board: the panel at most ``gap`` from the board (no card strip between) and the float landing wholly across
    from the panel (no neighbour's panel on the way: seats side by side on a laptop's edge)."""
    a = panel.rect
    dx = max(board.left - a.right, a.left - board.right, 0)
    dy = max(board.top - a.bottom, a.top - board.bottom, 0)
    w, h = size
    along = (a.left + w / 2 <= end[0] <= a.right - w / 2) if panel.edge in ("bottom", "top") else \
        (a.top + h / 2 <= end[1] <= a.bottom - h / 2)
    return max(dx, dy) <= gap and along


def _by_panel(inside: pygame.Rect, panel, depth: float) -> pygame.Rect:
    """The part of ``inside`` in front of ``panel``: along its stretch of the edge, at most ``depth`` in from it
    (the end's bonuses rise there, each by its own seat's panel, however the board lies before it)."""
    pr = panel.rect
    d = round(depth)
    front = pr.inflate(0, 2 * d) if panel.edge in ("bottom", "top") else pr.inflate(2 * d, 0)
    got = inside.clip(front)
    return got if got.w > 0 and got.h > 0 else inside


class Animations:
    """The running animations of one table. ``board`` is the engine board; the view and panels are the
    scene's (they move on resize, so they are passed in when drawing)."""

    def __init__(self, board, theme: th.Theme, fonts: th.Fonts):
        self.board = board
        self.theme = theme
        self.fonts = fonts
        self.travels: deque[Travel] = deque()
        self.floats: list[Float] = []
        self.flashes: list[Flash] = []
        self.pops: list[tuple[int, int, Tween]] = []
        self.toasts: list[Toast] = []
        self.notices: list[Toast] = []  # one per seat, each facing its seat
        self.notice_of: tuple | None = None  # (words, short form, the banner placed against, frames waited)
        self.notice_wait = False  # the notices wait for the banner being placed (play/layout.notices_follow_banner)
        self.fast = False  # the passenger hurries (a tap, or Space)
        self.clock = 0.0

    @property
    def running(self) -> bool:
        return bool(self.travels or self.floats or self.flashes or self.pops or self.toasts or self.notices)

    # ---- from engine events --------------------------------------------------------------------
    def add_events(self, events: list, panels, state) -> list[ev.Scored]:
        """Queue the feedback for one action's events; returns passenger points with no move to show."""
        b = self.board
        good, ink = self.theme.good, self.theme.ink
        last_token_at: tuple[float, float] | None = None
        pending: list[ev.Scored] = []
        for e in events:
            if isinstance(e, ev.TokenPlaced):
                a, c = b.conn_ends[e.connection]
                sa, sb = b.stations[a], b.stations[c]
                last_token_at = ((sa.x + sb.x) / 2, (sa.y + sb.y) / 2)
                self.pops.append((e.connection, e.lane, Tween(0.45, ease_out)))
            elif isinstance(e, ev.BranchTaken):
                start = panels[e.player].point_for("branch")
                self.floats.append(Float(_("+1 tile"), ink, None, start, e.player, 0,
                                         Tween(FLOAT_S * 0.8, ease_in_out), target="tiles"))
            elif isinstance(e, ev.Scored):
                if e.category == "passenger":
                    pending.append(e)
                    continue
                if e.category in FINAL_CATEGORIES:  # the end's bonuses: by the seat's panel (float_ends)
                    origin = None
                elif e.category in ("national_rail", "terminus", "plus", "landmark_sets", "rer", "clusters") \
                        and e.stations:
                    s = b.stations[e.stations[0]]
                    origin = (s.x, s.y)
                elif e.category == "connections" and e.stations:
                    s = b.stations[e.stations[-1]]
                    origin = (s.x, s.y)
                    self.flashes.append(Flash(tuple(e.stations), good, Tween(FLASH_S, _linear)))
                else:
                    origin = last_token_at
                if e.category == "loops":
                    self.flashes.append(Flash(tuple(e.stations), self.theme.accent, Tween(FLASH_S, _linear)))
                text = f"+{e.points}"
                delay = 0.0
                if e.category == "landmark_sets":  # five types: the set is scored after its tile has landed
                    text = _("+{points} set").format(points=e.points)
                    delay = FLOAT_S * 0.6
                    self.flashes.append(Flash(tuple(e.stations), good, Tween(FLASH_S, _linear, delay=delay)))
                elif e.category == "landmark_bonus":
                    text = _("+{points} landmarks").format(points=e.points)
                self.floats.append(Float(text, good, origin, None, e.player, e.points,
                                         Tween(FLOAT_S, ease_in_out, delay=delay)))
                if e.branch_tiles:
                    self.floats.append(Float(ngettext("+{n} tile", "+{n} tiles", e.branch_tiles).format(n=e.branch_tiles), ink, origin, None, e.player, 0,
                                             Tween(FLOAT_S, ease_in_out, delay=0.25), target="tiles"))
            elif isinstance(e, ev.LandmarkTaken):  # Berlin: a tile floats from the station to the panel
                s = b.stations[e.station]
                self.floats.append(Float("+1", ink, (s.x, s.y), None, e.player, 0,
                                         Tween(FLOAT_S, ease_in_out), target="landmarks", icon=e.landmark_type))
            elif isinstance(e, ev.PassengerMoved):
                self.travels.append(Travel(e.origin, e.destination, [tuple(h) for h in e.hops], tuple(e.lines),
                                           pending))
                pending = []
            elif isinstance(e, ev.Undone):
                self.floats.clear()
                self.flashes.clear()
                self.pops.clear()
        return pending

    def toast(self, text: str, x: float, y: float, angle: int, colour: tuple | None = None) -> None:
        """A short message near the finger, turned to ``angle``, fading after ~1.5 s (red unless ``colour``)."""
        self.toasts = [t for t in self.toasts if t.tween.raw < 0.7][-2:]
        self.toasts.append(Toast(text, x, y, angle, Tween(TOAST_S, _linear), colour=colour))

    def notice(self, text: str, places: list[tuple], seconds: float | None = None) -> None:
        """The same message at each (x, y, angle[, width[, px[, words]]]): one per seat, turned to read from
        there, its words wrapped at ``width`` design px (520 unless given), ``px`` design px high (20), and
        ``words`` in place of ``text`` where a copy has room only for a shorter form (play/layout.notice_forms)."""
        self.notices = []
        for x, y, angle, *rest in places:
            width, px, words = (list(rest) + [520, 20, text][len(rest):])[:3]
            self.notices.append(Toast(words, x, y, angle, Tween(seconds or NOTICE_S, _linear),
                                      colour=self.theme.accent, offset=False, width=width, px=px))

    def move_notices(self, places: list[tuple]) -> None:
        """The notices shown, to new places (``notice`` 's), each keeping its time."""
        if not self.notices:
            return
        tweens = [t.tween for t in self.notices]
        self.notice(self.notices[0].text, places)
        for t, tw in zip(self.notices, tweens):
            t.tween = tw

    def notice_rects(self, k: float) -> list[pygame.Rect]:
        """Where the notices are drawn (their size read upright, turned to their seat)."""
        out = []
        for t in self.notices:
            s = t.surf if t.surf is not None else self._toast_surface(t, k)
            out.append(s.get_rect(center=(round(t.x), round(t.y))))
        return out

    def notice_size(self, text: str, k: float, width: float = 520, px: float = 20) -> tuple[int, int]:
        """A notice's size read upright, its words wrapped at ``width`` design px, ``px`` high (its places are
        found for it: play/layout.notice_places)."""
        return self._toast_surface(Toast(text, 0, 0, 0, Tween(1.0), colour=self.theme.accent, offset=False,
                                         width=width, px=px), k).get_size()

    # ---- time ------------------------------------------------------------------------------------
    def step(self, dt: float) -> tuple[list[Float], list[Travel]]:
        """Advance everything by ``dt``; returns the floats that landed and the journeys that ended."""
        self.clock += dt
        arrived: list[Travel] = []
        if self.travels:
            tr = self.travels[0]
            tr.t += dt * (FAST if self.fast else 1.0) / HOP_S
            while tr.t >= 1.0 and self.travels:
                tr.t -= 1.0
                tr.i += 1
                if tr.i >= max(1, len(tr.hops)):
                    arrived.append(self.travels.popleft())
                    self.arrive(arrived[-1])
                    if not self.travels:
                        break
                    tr = self.travels[0]
        for f in self.floats:
            f.tween.step(dt)
        landed = [f for f in self.floats if f.tween.done]
        if landed:
            self.floats = [f for f in self.floats if not f.tween.done]
        for fl in self.flashes:
            fl.tween.step(dt)
        self.flashes = [f for f in self.flashes if not f.tween.done]
        for _c, _lane, tw in self.pops:
            tw.step(dt)
        self.pops = [p for p in self.pops if not p[2].done]
        for t in self.toasts + self.notices:
            t.tween.step(dt)
        self.toasts = [t for t in self.toasts if not t.tween.done]
        self.notices = [t for t in self.notices if not t.tween.done]
        if not self.travels:
            self.fast = False
        return landed, arrived

    def arrive(self, tr: Travel) -> None:
        """The passenger reached ``tr.destination``: its points fly to the lines' owners."""
        s = self.board.stations[tr.destination]
        for e in tr.scores:
            self.floats.append(Float(f"+{e.points}", self.theme.good, (s.x, s.y), None, e.player, e.points,
                                     Tween(FLOAT_S, ease_in_out)))
        self.flashes.append(Flash((tr.destination,), self.theme.highlight, Tween(0.8, _linear)))

    def skip(self) -> tuple[list[Float], list[Travel]]:
        """Finish everything at once; returns what landed and arrived, like :meth:`step`."""
        arrived = []
        while self.travels:
            arrived.append(self.travels.popleft())
            self.arrive(arrived[-1])
        landed = list(self.floats)
        self.floats.clear()
        self.flashes.clear()
        self.pops.clear()
        self.toasts.clear()
        self.notices.clear()
        self.fast = False
        return landed, arrived

    # ---- drawing ---------------------------------------------------------------------------------
    def draw(self, surf: pygame.Surface, bv, state, panels, k: float, clear_of=()) -> list[pygame.Rect]:
        """Pops, flashes, the travelling passenger, floating points and toasts; returns the areas drawn.
        Floating points rise and land clear of names, symbols and ``clear_of`` (tokens and legal spaces)."""
        st = state
        out: list[pygame.Rect] = []

        def around(p, r):
            out.append(pygame.Rect(int(p[0] - r) - 2, int(p[1] - r) - 2, int(2 * r) + 5, int(2 * r) + 5))

        clip = surf.get_clip()
        surf.set_clip(bv.rect)
        for conn, lane, tw in self.pops:
            if lane < len(st.tokens[conn]):
                p = bv.lane_point(conn, lane)
                a = 1.0 - tw.raw
                rr = bv.lane_gap * (1.0 + 2.5 * tw.value)
                disc(surf, self.theme.highlight, p, rr, max(1, round(3 * k * a + 1)))
                around(p, rr)
        for fl in self.flashes:
            strength = pulse(fl.tween.raw, 3)
            for s in fl.stations:
                bv.draw_station_ring(surf, s, fl.colour, strength)
                around(bv.station_xy(s), bv.station_radius(s) + 14 * max(0.6, k) + 4 * k)
        if self.travels:
            self._draw_travel(surf, bv, st, k, out, around)
        surf.set_clip(clip)
        self._place_floats(bv, panels, k, clear_of)
        for f in self.floats:
            if not f.tween.started:
                continue
            panel = panels[f.player]
            start, end = f.ends[1], f.ends[2]
            pos = lerp2(start, end, f.tween.value)
            raw = f.tween.raw
            f.surf.set_alpha(255 if raw < 0.75 else round(255 * max(0.0, 1 - (raw - 0.75) / 0.25) ** 0.5))
            lift = 24 * k * math.sin(math.pi * raw)  # a small hop towards the receiving player's "up"
            dx, dy = {0: (0, -lift), 180: (0, lift), 90: (-lift, 0), 270: (lift, 0)}.get(
                EDGE_ROTATION.get(panel.edge, 0), (0, -lift))
            r = f.surf.get_rect(center=(round(pos[0] + dx), round(pos[1] + dy)))
            surf.blit(f.surf, r)
            r = r.inflate(2, 2)
            out.append(r)
            if 0.0 < raw < 1.0:  # on its way it passes under the names (read again over it)
                out += names_over(surf, bv, [_spine(r)], min(r.w, r.h) / 2 + 1)
        for t in ([] if self.notice_wait else self.notices) + self.toasts:
            if t.surf is None:
                t.surf = self._toast_surface(t, k)
            s = t.surf
            a = 1.0 if t.tween.raw < 0.66 else max(0.0, 1.0 - (t.tween.raw - 0.66) / 0.34)
            s.set_alpha(round(255 * a))
            r = s.get_rect(center=(round(t.x), round(t.y)))
            off = round(70 * k) if t.offset else 0
            dx, dy = {0: (0, -off), 180: (0, off), 90: (-off, 0), 270: (off, 0)}.get(t.angle, (0, -off))
            r.move_ip(dx, dy)
            r.clamp_ip(surf.get_rect())
            surf.blit(s, r)
            out.append(r)
        return out

    def _place_floats(self, bv, panels, k: float, clear_of=()) -> None:
        """Where every float rises and lands (those still waiting too), each rising off the ones before it."""
        starts: list[pygame.Rect] = []
        for f in self.floats:
            panel = panels[f.player]
            if f.surf is None:
                self._size_float(f, bv, panel, k, clear_of, starts)
            start, _end = self.float_ends(f, bv, panel, clear_of, starts)
            if f.start_screen is None or start != f.start_screen:  # it rises on the board
                w, h = f.surf.get_size()
                starts.append(pygame.Rect(round(start[0] - w / 2) - 3, round(start[1] - h / 2) - 3, w + 6, h + 6))

    def _size_float(self, f: Float, bv, panel, k: float, clear_of, starts: list) -> None:
        """``f`` drawn at the largest size that finds both its ends a free place (a crowded board: smaller); an end
        bonus with none to rise from by its panel at any size rises where it lands, when that is free. Where none is
        free: the smallest size (float_ends then takes the nearest places)."""
        for in_place in (False, True) if f.start_board is None and f.start_screen is None else (False,):
            f.in_place = in_place
            for px in dict.fromkeys(max(11, round(d * k)) for d in FLOAT_PX):
                f.surf = self._float_surface(f.text, f.colour, EDGE_ROTATION.get(panel.edge, 0), k, f.icon, px)
                f.ends = None
                if self.float_ends(f, bv, panel, clear_of, starts, free_only=True) is not None:
                    return

    @staticmethod
    def float_ends(f: Float, bv, panel, clear_of=(), others=(),
                   free_only: bool = False) -> tuple[tuple[float, float], tuple[float, float]] | None:
        """Where float ``f`` rises (beside its station, or by the receiving seat's panel when it has none: the
        end's bonuses; over no name nor ``others``, the floats rising before it) and lands (on the board by the
        receiving seat's score or tiles, over no name, and off the panel's words); kept for the view. Where no
        place is free, the one hiding the least (``free_only``: None instead, nothing kept)."""
        key = (tuple(bv.rect), bv.s, bv.vx0, bv.vy0, tuple(panel.rect), bv.names.key)
        if f.ends is not None and f.ends[0] == key:
            return f.ends[1], f.ends[2]
        w, h = f.surf.get_size()
        w, h = w + 6, h + 6  # a little room for its hop and rounding
        taken = bv.occupied_rects()
        soft = list(clear_of)
        inside = bv.rect.inflate(-4, -4)
        ax, ay = panel.anchor(f.target)
        at = (min(max(ax, inside.left + w / 2), inside.right - w / 2),
              min(max(ay, inside.top + h / 2), inside.bottom - h / 2))  # the board's edge nearest the anchor
        # a free place by the score or tiles; trying sizes (``free_only``), one within a few sizes of them
        end = _free_centre(bv, (w, h), at, inside, taken, soft, free_only, reach=2 * (w + h) if free_only else None)
        if end is None:
            return None
        if f.start_screen is not None and _straight(panel, bv.rect, end, (w, h), 24 * (bv.ui_scale or 1.0)):
            start = f.start_screen  # from a panel's button
        elif f.start_board is not None:  # beside its station
            start = _free_centre(bv, (w, h), bv.to_screen(*f.start_board), inside, taken + list(others), soft,
                                 free_only)
        else:  # by the panel, a little way in from where it lands, so it is seen to fly there (the end's bonuses;
            # from a button where a card strip or a neighbour's panel lies between it and where it lands)
            dx, dy = {"bottom": (0, -1), "top": (0, 1), "left": (1, 0), "right": (-1, 0)}.get(panel.edge, (0, -1))
            near = (end[0] + dx * 2.5 * h, end[1] + dy * 2.5 * h) if panel.edge in ("bottom", "top") else \
                (end[0] + dx * 2.5 * w, end[1] + dy * 2.5 * w)
            land = pygame.Rect(round(end[0] - w / 2), round(end[1] - h / 2), w, h)
            keep = taken + list(others) + [land]
            start = _free_centre(bv, (w, h), near, _by_panel(inside, panel, 2 * (w + h - 12)), keep, soft, True,
                                 reach=2 * (w + h) if free_only else None)  # by the seat's panel
            if start is None and f.in_place and land.collidelist(taken + list(others)) < 0:
                start = end  # no room by the panel at any size: it rises where it lands (its hop shows it)
            if start is None and not free_only:  # none there at the smallest size: the nearest, as for a station
                start = _free_centre(bv, (w, h), near, inside, keep, soft, reach=2 * (w + h))
        if start is None:
            return None
        f.ends = (key, start, end)
        return start, end

    def _draw_travel(self, surf, bv, st, k, out, around) -> None:
        """The hops ridden so far, the hop under way up to the passenger, the names those cross drawn again
        over them (a name stays readable), then the passenger."""
        tr = self.travels[0]
        done = tr.hops[:tr.i]
        if done:
            bv.draw_route(surf, done, st)
        w = max(bv.lane_gap * 1.3, 6.0 * k)
        pieces = [pq for h in done for pq in _pairs(bv.hop_path(h[0], h[1]))]
        if tr.i < len(tr.hops):
            a, b, li = tr.hops[tr.i]
            now, pos = _part_of(bv.hop_path(a, b), ease_in_out(min(1.0, tr.t)))
            for pa, q in now:
                if li >= 0:
                    colour = st.lines[li].colour
                    capsule(surf, th.line_outline(colour), pa, q, w + 4)
                    capsule(surf, self.theme.line(colour), pa, q, w)
                else:
                    capsule(surf, self.theme.ink, pa, q, w * 0.4)
            pieces += now
        else:
            pos = bv.station_xy(tr.destination)
        out += names_over(surf, bv, pieces, w / 2 + 3)
        bv.draw_station_ring(surf, tr.destination, self.theme.highlight, pulse(self.clock % 1.0, 1))
        bv.draw_passenger(surf, *pos)
        pts = [p for pq in pieces for p in pq] + [pos]
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        m = w / 2 + 4 + bv.passenger_radius * 1.2
        out.append(pygame.Rect(int(min(xs) - m), int(min(ys) - m), int(max(xs) - min(xs) + 2 * m) + 2,
                               int(max(ys) - min(ys) + 2 * m) + 2))
        d = bv.station_xy(tr.destination)
        around(d, bv.station_radius(tr.destination) + 14 * max(0.6, k) + 4 * k)

    def _float_surface(self, text: str, colour, angle: int, k: float, icon: str | None = None,
                       px: int | None = None) -> pygame.Surface:
        font = self.fonts.get(px or max(12, round(30 * k)), True)
        img = font.render(text, True, colour)
        halo = font.render(text, True, (255, 255, 255))
        o = max(1, round(2 * k))
        tile = 0
        if icon:  # a small tile (the city's icon on a card) before the text
            tile = img.get_height() + 2 * o
        out = pygame.Surface((tile + img.get_width() + 2 * o, img.get_height() + 2 * o), pygame.SRCALPHA)
        if icon:
            from ..cities import draw_symbol

            card = pygame.Rect(0, 0, tile - o, tile - o)
            pygame.draw.rect(out, (255, 250, 232), card, border_radius=max(2, tile // 6))
            pygame.draw.rect(out, self.theme.ink, card, width=max(1, o), border_radius=max(2, tile // 6))
            draw_symbol(out, icon, card.center, card.w * 0.78, self.theme.ink)
        for dx, dy in ((0, o), (2 * o, o), (o, 0), (o, 2 * o)):
            out.blit(halo, (tile + dx, dy))
        out.blit(img, (tile + o, o))
        return pygame.transform.rotate(out, angle) if angle else out

    def _toast_surface(self, t: Toast, k: float) -> pygame.Surface:
        f = self.fonts.get(max(12, round(t.px * k)), True)
        maxw = round(t.width * k)
        lines = th.wrap(f, t.text, maxw)
        imgs = [f.render(s, True, (255, 255, 255)) for s in lines]
        pad = round(12 * k)
        w = max(i.get_width() for i in imgs) + 2 * pad
        h = sum(i.get_height() for i in imgs) + 2 * pad
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(s, (*(t.colour or self.theme.bad), 240), s.get_rect(), border_radius=round(10 * k))
        y = pad
        for i in imgs:
            s.blit(i, ((w - i.get_width()) // 2, y))
            y += i.get_height()
        if t.angle:
            s = pygame.transform.rotate(s, t.angle)
        return s
