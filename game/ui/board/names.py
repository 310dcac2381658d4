"""The station names on screen: their pixel size, their pictures, where they are (placed by ``placement.py``)
and the rects overlays keep clear of.

Placements are kept relative to each station (in pixels), so panning reuses them, and the last few are kept
for every board view: a board already placed at this zoom, size and turn of the names places nothing.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from ...engine.cities import ruleset_for_city
from ..seats import EDGE_ROTATION
from . import name_cache, name_forms, placement
from .geometry import LANE_GAP

if TYPE_CHECKING:
    from .view import BoardView

MIN_LABEL_PX = 11
SMALLER_BY = 0.85  # a name set smaller (name_forms.smaller, where it has no room at its size): at most 15 % less


def smaller_px(px: int) -> int:
    """The size a name set smaller takes at ``px`` (``px`` itself where the least size allows none)."""
    return max(MIN_LABEL_PX, min(px, math.ceil(px * SMALLER_BY)))

# Names placed for one board at one zoom, pixel size and turn: the same every time (the last search is seeded
# and bounded by counted work), and a board view is built anew for every game, restart, replay and kiosk demo.
# The last few placements are kept (a few kB each): a new view of a board already seen places nothing.
PLACEMENT_CACHE_SIZE = 24
_placements: "dict[tuple, tuple]" = {}


class NameLayer:
    """One board view's station names: placed per zoom, pixel size and turn of the names."""

    def __init__(self, view: "BoardView"):
        self.view = view
        self.camera = view.camera
        self.geometry = view.geometry
        self.key = None  # what the names are placed for (see wanted)
        self.labels: list = []  # per station: (text, dx, dy) of its name's top-left from the station, board pixels
        self.corners: list = []  # per station: where its destination badge sits (station radii from its centre)
        self.settle_work = 0  # the names' last search's work at the last placement (placement.SETTLE_WORK bounds it)
        self.names_left_off: set[int] = set()  # stations whose names are not shown at this zoom
        self.names_without_room: set[int] = set()  # stations with no place the hard rule allows (clearance.py)
        self._label_cache: dict = {}
        self._rects_key = None
        self._rects: list = []
        self._px_key = None
        self._px: list = []
        self._occupied_key = None
        self._occupied: list = []

    @property
    def label_px(self) -> int:
        cam = self.camera
        return max(MIN_LABEL_PX, round(max(12.5 * cam.scale, 14.0 * cam.s)))

    def label_surface(self, text: str, px: int, angle: int, align: str = "centre") -> pygame.Surface:
        """A name's picture: ink on a halo of the board's colour, turned by ``angle``, its lines set by
        ``align`` ("left", "right", "centre"); cached."""
        key = (text, px, angle, align if "\n" in text else "centre")
        img = self._label_cache.get(key)
        if img is None and not text:  # a station the city leaves unnamed (New York's water icons)
            img = self._label_cache[key] = pygame.Surface((0, 0), pygame.SRCALPHA)
        if img is None:
            written, small = name_forms.unmarked(text)
            img = self._label_cache[key] = self._render(written, smaller_px(px) if small else px, angle, key[3])
        return img

    def label_size(self, text: str, px: int, angle: int) -> tuple[int, int]:
        """The size of ``label_surface(text, px, angle)`` (any alignment), worked out from the font's metrics
        without drawing it: the placement measures every form of every name and draws only the ones placed."""
        img = self._label_cache.get((text, px, angle, "centre"))
        if img is not None:
            return img.get_size()
        if not text:
            return (0, 0)
        text, small = name_forms.unmarked(text)
        px = smaller_px(px) if small else px
        font = self.view.fonts.get(px, False, True)
        lines = text.split("\n")
        h = max(1, round(px * 0.12))
        w = max(font.size(t)[0] for t in lines) + 2 * h
        H = font.get_linesize() * (len(lines) - 1) + font.size(lines[-1])[1] + 2 * h
        return (H, w) if angle % 180 else (w, H)  # a quarter turn swaps the sides, exactly

    def _render(self, text: str, px: int, angle: int, align: str = "centre") -> pygame.Surface:
        view = self.view
        font = view.fonts.get(px, False, True)
        lines = text.split("\n")
        imgs = [font.render(t, True, view.theme.ink) for t in lines]
        halos = [font.render(t, True, view.theme.board_bg) for t in lines]
        lh = font.get_linesize()
        h = max(1, round(px * 0.12))
        w = max(i.get_width() for i in imgs) + 2 * h
        H = lh * (len(lines) - 1) + imgs[-1].get_height() + 2 * h
        img = pygame.Surface((w, H), pygame.SRCALPHA)
        for j, (im, ha) in enumerate(zip(imgs, halos)):
            free = w - 2 * h - im.get_width()
            x = h + (0 if align == "left" else free if align == "right" else free // 2)
            y = h + j * lh
            for dx in (-h, 0, h):
                for dy in (-h, 0, h):
                    if dx or dy:
                        img.blit(ha, (x + dx, y + dy))
            img.blit(im, (x, y))
        if angle:
            img = pygame.transform.rotate(img, angle)
        return img

    # ---- placing --------------------------------------------------------------------------------
    def wanted(self):
        """What the names would be placed for now: the zoom (and, zoomed out, the view's size), the pixel
        size and the turn of the names."""
        cam = self.camera
        facing = self.view.names_facing
        px = self.label_px
        angle = EDGE_ROTATION.get(facing, 0) if facing else 0
        # zoomed out, the whole card is in view and a name past the view's edge is cut by the panels, so the
        # view's size is part of what the names are placed for; zoomed in, a pan brings any name into view
        size = (cam.rect.w, cam.rect.h) if cam.zoom == 1.0 else None
        return ((round(cam.s, 6), size), px, angle)

    def place(self, key=None) -> list:
        """Every name placed for the current zoom (cached per zoom, pixel size and turn of the names; ``key``:
        what ``wanted`` says, when the caller knows it)."""
        if key is None:
            key = self.wanted()
        if key != self.key:
            for _ in self.job(key):
                pass
        return self.labels

    def job(self, key):
        """The placement for ``key`` as a generator that yields now and then, so it can be spread over frames;
        taken from the last placements when this board was placed so before in this run, or from disk when in
        an earlier one (name_cache.py)."""
        view = self.view
        board = view.board
        cam = self.camera
        known = (id(board), type(view.city), key, round(cam.scale, 6), tuple(cam.bounds),
                 tuple(self.geometry.radius_u), placement.SETTLE_WORK)
        got = _placements.get(known)
        if got is not None and got[0] is board:  # the board is kept in the entry, so its id is not reused
            _placements[known] = _placements.pop(known)  # most recently used last
            yield from self.draw_ahead(got[1], key)
            self.labels, self.corners, self.settle_work = list(got[1]), list(got[2]), got[3]
            self.names_left_off = set(got[4])
            self.names_without_room = set(got[5])
            self.key = key
            return
        card = yield from self.name_card(key)
        sizes = {}
        for k, name in enumerate(card.names):  # every form's size, set smaller too where it may be
            if k % 8 == 7:
                yield
            for text, _ in name_forms.forms(name):
                if text:
                    sizes[text] = card.measure(text)
                    if card.smaller:
                        sizes[name_forms.smaller(text)] = card.measure(name_forms.smaller(text))
        kept = name_cache.card_key(card, sizes)
        done = name_cache.load(kept, len(card.centres))  # placed so in an earlier run
        if done is None:
            done = yield from placement.place_names(card)
            name_cache.store(kept, done)
        self.settle_work = done.work
        self.names_left_off = set(done.left_off)
        self.names_without_room = set(done.no_room)
        self.corners = done.corners
        pos = card.centres
        labels = [(text, box[0] - pos[i][0], box[1] - pos[i][1]) for i, (text, box, _) in enumerate(done.names)]
        yield from self.draw_ahead(labels, key)
        self.labels = labels
        self.key = key
        _placements[known] = (board, tuple(self.labels), tuple(self.corners), self.settle_work,
                              frozenset(self.names_left_off), frozenset(self.names_without_room))
        while len(_placements) > PLACEMENT_CACHE_SIZE:
            del _placements[next(iter(_placements))]

    def draw_ahead(self, labels, key):
        """The placed names' pictures, as they will be drawn, a few a step (the placement only measured them,
        and the first frame would otherwise draw them all)."""
        _, px, angle = key
        for k, (text, lx, ly) in enumerate(labels):
            if k % 8 == 7:
                yield
            w, h = self.label_size(text, px, angle)
            self.label_surface(text, px, angle, self.align(text, lx, ly, w, h, angle))

    def name_card(self, key):
        """The board as the placement sees it, in board pixels at the current zoom (a generator yielding every
        few connections: ``card = yield from name_card(key)``)."""
        (_, size), px, angle = key
        view, cam = self.view, self.camera
        board, city = view.board, view.city
        s = cam.s
        gap = LANE_GAP * s
        pos = [(st.x * s, st.y * s) for st in board.stations]  # pixel space, origin at the board's
        rads = [self.geometry.station_radius(i) for i in range(len(pos))]
        # every straight piece of every connection, as wide as the tokens its spaces will hold (clearance.py)
        pieces = view.pieces
        yield from self.geometry.update_px_steps()  # the zoom's lanes, where the letter badges go
        reach = pieces.token_reach()
        extra = 1 if ruleset_for_city(board.city).full_connection_tiles(board) is not None else 0  # Paris: full ones
        segs = []
        for con in board.connections:
            pts = [pos[con.a]] + [(p[0] * s, p[1] * s) for p in con.bends] + [pos[con.b]]
            hw = ((con.spaces - 1) / 2 + extra) * self.geometry.lane_gap + reach
            for a, b in zip(pts, pts[1:]):
                segs.append((a[0], a[1], b[0], b[1], hw))
        letter = pieces.badge_px() / 2  # each token's letter badge: a disc where it may be drawn
        for c, con in enumerate(board.connections):
            if c % 32 == 31:
                yield
            for x, y in pieces.letter_centres(c, con.spaces + extra, self.geometry.lane_px):
                segs.append((x, y, x, y, letter))
        dests = set(board.express_cards) | set(board.standard_cards)
        cards = list(board.express_cards) + list(board.standard_cards)
        doubles = tuple(sorted(d for d in dests if cards.count(d) > 1))  # two of its cards may lie face up
        passenger = pieces.passenger_radius  # the passenger may stand at any station
        clear = [city.name_clearance(view.kinds[i], r) for i, r in enumerate(rads)]
        keep = [max(c, passenger, pieces.ring_radius(r) if i in dests else 0.0, city.mark_radius(r))
                for i, (c, r) in enumerate(zip(clear, rads))]
        bx0, by0, bx1, by1 = (v * s for v in cam.bounds)
        box = None
        if size:  # the view in board pixels: zoomed out, the card sits in its middle
            mx, my = (bx0 + bx1 - size[0]) / 2, (by0 + by1 - size[1]) / 2
            box = (mx, my, mx + size[0], my + size[1])
        return placement.NameCard(
            centres=pos, radii=rads, clearances=clear, keep_out=keep,
            names=[city.station_label(st) for st in board.stations], segments=segs, destinations=tuple(dests),
            connections=[len(c) for c in board.station_conns], special=[bool(st.kinds) for st in board.stations],
            card=(bx0, by0, bx1, by1), view=box, px=px, lane_gap=gap, badge_least=7.0 * cam.scale,
            measure=lambda text: self.label_size(text, px, angle), work_bound=placement.SETTLE_WORK,
            smaller=smaller_px(px) < px, doubles=doubles)

    def badge_corner(self, stn: int) -> tuple[float, float]:
        """Where station ``stn``'s destination badge sits (station radii from its centre): the spot that
        covers no name, chosen with the names."""
        self.place()
        return self.corners[stn]

    # ---- where the names are on screen ------------------------------------------------------------
    def view_key(self):
        view, cam = self.view, self.camera
        if self.key is None or not (view.interactive or view.progressive):
            self.place()
        # else while fingers zoom, or until a progressive rebuild has placed the names for this view, the
        # last placement stands in (overlays asking where names are must not place them all in one frame)
        return (self.key, cam.rect.topleft, cam.rect.size, cam.vx0, cam.vy0)

    def rects_changed(self) -> None:
        """The names were moved by hand (tests): their rects are worked out again."""
        self._rects_key = self._px_key = None

    def label_rects(self) -> list[pygame.Rect]:
        """Screen rects of every station's name (image, halo included), cached for the view."""
        key = self.view_key()
        if self._rects_key != key:
            cam = self.camera
            lk = (self.key, cam.s)
            if self._px_key != lk:  # board-pixel rects, once per placement
                placed = self.labels
                _, px, angle = self.key  # the placement's own size (a stand-in may be older)
                s = cam.s
                out = []
                for i, st in enumerate(self.view.board.stations):
                    text, lx, ly = placed[i]
                    w, h = self.label_size(text, px, angle)
                    out.append((st.x * s + lx, st.y * s + ly, w, h))
                self._px = out
                self._px_key = lk
            ox, oy = cam.rect.x - cam.vx0, cam.rect.y - cam.vy0
            self._rects = [pygame.Rect(round(x + ox), round(y + oy), w, h) for x, y, w, h in self._px]
            self._rects_key = key
        return self._rects

    def label_rect(self, i: int) -> pygame.Rect:
        """Screen rect of station ``i``'s name (its image, halo included)."""
        return self.label_rects()[i]

    def occupied_rects(self) -> list[pygame.Rect]:
        """Screen rects of station names and symbols, for overlays that should not hide them."""
        key = self.view_key()
        if self._occupied_key != key:
            names = self.label_rects()
            geo = self.geometry
            out = []
            for i in range(len(self.view.board.stations)):
                x, y = geo.station_xy(i)
                r = geo.station_radius(i)
                out.append(pygame.Rect(round(x - r), round(y - r), round(2 * r), round(2 * r)))
                out.append(names[i])
            self._occupied = out
            self._occupied_key = key
        return list(self._occupied)

    def picture(self, i: int) -> pygame.Surface:
        """Station ``i``'s name as it is drawn where it stands (its lines set to face the station)."""
        r = self.label_rects()[i]
        _, px, angle = self.key
        text, lx, ly = self.labels[i]
        return self.label_surface(text, px, angle, self.align(text, lx, ly, r.w, r.h, angle))

    def draw_label(self, surf: pygame.Surface, i: int, off) -> None:
        r = self.label_rects()[i]
        surf.blit(self.picture(i), (round(r.x - off[0]), round(r.y - off[1])))

    @staticmethod
    def align(text: str, lx: float, ly: float, w: float, h: float, angle: int) -> str:
        """How a name's lines are set: flush to the side facing its station (a name right of its station
        starts each line beside it, one on its left ends them there), centred above and below it. ``lx``,
        ``ly``: the name's top-left from its station; ``w``, ``h``: its box on screen; ``angle``: its turn."""
        if "\n" not in text:
            return "centre"
        cx, cy = -(lx + w / 2), -(ly + h / 2)  # the station, from the box's middle, on screen
        turn = angle % 360
        # along the lines' own direction (a quarter turn to the left puts it upwards on screen)
        along, half = {0: (cx, w), 180: (-cx, w), 90: (-cy, h), 270: (cy, h)}.get(turn, (cx, w))
        half /= 2
        return "left" if along <= -half + 0.5 else "right" if along >= half - 0.5 else "centre"
