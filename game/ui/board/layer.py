"""The state layer: the static sheet's window plus the legal-space glow, tokens, names, destinations and the
passenger, rebuilt only where the position, the selection or the view changed.

The state layer is a display list: every item (a connection's tokens, a glowing space, a name, a destination,
the passenger) has a signature and a bounding box. A change of position redraws only the boxes of items whose
signature changed. pygame's antialiased lines are not clip-invariant, so a region is redrawn by drawing the
items that touch it *whole* on a scratch surface of the layer's size and copying just the region back: the
result is pixel for pixel what a full rebuild draws. ``damage_since`` tells a caller which areas changed.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Sequence

import pygame

from ..cities import draw_station
from ..surfaces import Reusable
from .pieces import GLOW_END_W, GLOW_OPEN_W

if TYPE_CHECKING:
    from .view import BoardView

LAYER_ORDER = ("glow", "symbol", "city", "token", "letters", "label", "dest", "passenger")  # bottom up

Point = tuple[float, float]


class Snapshot:
    """The tokens of a position as they were when a progressive rebuild began (the game may go on)."""

    def __init__(self, state):
        self.tokens = [tuple(t) for t in state.tokens]
        self.lines = state.lines
        self.setup = state.setup
        self.landmarks_left = list(getattr(state, "landmarks_left", ()))  # Berlin's stacks (city marks)


def merge_rects(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Overlapping rects joined into their unions until none overlap."""
    out: list[pygame.Rect] = []
    for r in rects:
        r = pygame.Rect(r)
        while True:
            j = r.collidelist(out)
            if j < 0:
                break
            r = r.union(out.pop(j))
        out.append(r)
    return out


def shown(state, n: int, face_up: Sequence[int] | None, passenger: int | None,
          show_passenger: bool) -> tuple[tuple[int, ...], int | None]:
    """The destinations (face-up cards' stations) and the passenger's station the layer shows."""
    fu = tuple(s for s in (state.face_up if face_up is None else face_up) if 0 <= s < n)
    pas = state.passenger if passenger is None else passenger
    pas = pas if show_passenger and pas is not None and 0 <= pas < n else None
    return fu, pas


def box_px(x0: float, y0: float, x1: float, y1: float, m: float, off: Point) -> pygame.Rect:
    """A whole-pixel rect (layer pixels) holding the box grown by ``m`` and a pixel of antialiasing."""
    a, b = math.floor(x0 - m - off[0]) - 2, math.floor(y0 - m - off[1]) - 2
    return pygame.Rect(a, b, math.ceil(x1 + m - off[0]) + 3 - a, math.ceil(y1 + m - off[1]) + 3 - b)


def diff(old: dict, new: dict) -> list[pygame.Rect]:
    """Rects (old and new boxes) of items added, removed or changed, merged where they overlap."""
    rects = []
    for cat in LAYER_ORDER:
        o, n = old.get(cat, {}), new.get(cat, {})
        if o is n:  # the same cached items (names, while the view stays)
            continue
        for k in o.keys() | n.keys():
            a, b = o.get(k), n.get(k)
            if a == b:
                continue
            if a is not None:
                rects.append(a[1])
            if b is not None:
                rects.append(b[1])
    return merge_rects(rects)


class StateLayer:
    """One board view's state layer, its display list and the record of what changed."""

    def __init__(self, view: "BoardView"):
        self.view = view
        self.camera = view.camera
        self.geometry = view.geometry
        self.surface: pygame.Surface | None = None
        self.key = None  # the position, glow, destinations and passenger the surface shows
        self.base = None  # (static window, its key, the names' key) the surface was drawn over
        self.view_at = None  # (s, vx0, vy0, size) of the last crisp layer, for stretching while zooming
        self.items: dict = {}  # the display list drawn: {category: {index: (signature, rect in layer pixels)}}
        self.spare: pygame.Surface | None = None  # the picture before the last progressive rebuild, reused
        self.serial = 0  # counts changes of the state layer; damage_since(serial) says where
        self.full_paints = 0  # tests and the bench check that a placement is not a full rebuild
        self.region_paints = 0
        self._damages: list = []
        self._scratch: pygame.Surface | None = None
        self._stretch_buffer = Reusable()
        self._stretch_out: pygame.Surface | None = None
        self._stretch_key = None
        self._box_cache_key = None
        self._box_cache: dict = {}
        self._label_items_key = None
        self._label_items: dict = {}

    # ---- the picture --------------------------------------------------------------------------------
    def picture(self, state, key=None, glow: Sequence[tuple[int, int]] = (), glow_line: int | None = None,
                face_up: Sequence[int] | None = None, passenger: int | None = None,
                show_passenger: bool = True) -> pygame.Surface:
        """Static layer plus the legal-space glow, tokens, names, destinations and the passenger (see
        BoardView.state_layer)."""
        view = self.view
        sheet, names = view.sheet, view.names
        nkey, skey = names.wanted(), sheet.wanted()  # what this frame's view wants (asked once a frame)
        stand_in = self.surface is not None and self.view_at is not None
        if view.progressive and not view.interactive and stand_in \
                and (view.rebuild.job is not None or view.rebuild.needed(nkey, skey)):
            if not view.rebuild.advance(state, glow, glow_line, face_up, passenger, show_passenger):
                return self.stretched()  # the new picture is still being drawn, a bit each frame
        if view.interactive and stand_in and sheet.sheet is not None and sheet.sheet_key != skey:
            return self.stretched()  # fingers still zooming: stretch the last picture
        static = sheet.layer(skey)
        if sheet.stretched and self.surface is not None and self.view_at is not None:
            return self.stretched()
        names.place(nkey)
        fu, pas = shown(state, len(view.board.stations), face_up, passenger, show_passenger)
        glow = tuple(glow)
        lkey = (key, glow, glow_line, fu, pas)
        base = (id(static), sheet.static_key, names.key)
        if self.surface is not None and base == self.base and lkey == self.key and key is not None:
            return self.surface
        items = self.display_list(state, glow, glow_line, fu, pas)
        self._update(static, state, items, base, lkey)
        return self.surface

    def _update(self, static: pygame.Surface, state, items: dict, base, lkey) -> None:
        """The surface brought to ``items``: moved for a pan, then redrawn where items changed (or whole)."""
        full = (self.surface is None or self.surface.get_size() != static.get_size() or base != self.base)
        shift = self._pan_shift(base) if full and self.surface is not None else None
        old = self.items
        if shift is not None:  # a pan: move the picture and draw only the strips it uncovered
            full = False
            dx, dy = shift
            self.surface.scroll(-dx, -dy)
            old = {cat: {k: (sig, r.move(-dx, -dy)) for k, (sig, r) in d.items()} for cat, d in old.items()}
        damage: list[pygame.Rect] | None = None
        if not full:
            damage = diff(old, items)
            if shift is not None:
                damage = _strips(shift, static.get_size()) + damage
            elif sum(r.w * r.h for r in damage) > 0.5 * static.get_width() * static.get_height():
                full = True
        self.base = base
        self.key = lkey
        self.items = items
        if full:
            if self.surface is None or self.surface.get_size() != static.get_size():
                self.surface = pygame.Surface(static.get_size(), 0, static)
            self.surface.blit(static, (0, 0))
            self.paint(self.surface, state, items, None)
            self.full_paints += 1
            self.damage_log(None)
        elif damage:
            self.paint_regions(static, state, items, damage)
            self.damage_log(None if shift is not None else damage)
        cam = self.camera
        self.view_at = (cam.s, cam.vx0, cam.vy0, cam.rect.size)

    def _pan_shift(self, base) -> tuple[int, int] | None:
        """How far the view moved if only a pan separates ``base`` from the last layer's (else None)."""
        ob = self.base
        if ob is None or ob[2] != base[2]:
            return None
        a, b = ob[1], base[1]
        if not (isinstance(a, tuple) and isinstance(b, tuple) and len(a) == 5 and len(b) == 5):
            return None
        if a[0] != b[0] or a[1] != b[1] or a[4] != b[4] or a[0] == "stretched":
            return None
        dx, dy = b[2] - a[2], b[3] - a[3]
        W, H = a[4]
        if abs(dx) >= W // 3 or abs(dy) >= H // 3 or (dx, dy) == (0, 0):
            return None
        return dx, dy

    # ---- what changed ---------------------------------------------------------------------------
    def damage_log(self, rects: list[pygame.Rect] | None) -> None:
        self.serial += 1
        self._damages.append((self.serial, rects))
        del self._damages[:-16]

    def damage_since(self, serial: int) -> list[pygame.Rect] | None:
        """Layer areas (layer pixels) changed after ``serial`` (``serial`` then); None: all of it."""
        if serial == self.serial:
            return []
        out: list[pygame.Rect] = []
        newer = [(s, r) for s, r in self._damages if s > serial]
        if not newer or newer[0][0] != serial + 1:
            return None  # too old, or the layer was replaced: assume everything changed
        for _, rects in newer:
            if rects is None:
                return None
            out.extend(rects)
        return out

    def drawn_items(self) -> list[tuple[str, int, pygame.Rect]]:
        """What the last state layer drew and where: (kind, id, screen rect), bottom up (see
        BoardView.drawn_items)."""
        ox, oy = self.camera.rect.topleft
        return [(cat, k, pygame.Rect(r).move(ox, oy)) for cat in LAYER_ORDER
                for k, (_, r) in sorted(self.items.get(cat, {}).items())]

    def stretched(self) -> pygame.Surface:
        """The last full picture (tokens and names too) scaled to the current view: shown while fingers zoom
        and while a new picture is drawn a bit each frame."""
        cam = self.camera
        s0, vx0, vy0, size0 = self.view_at
        key = (cam.s, cam.vx0, cam.vy0, cam.rect.size, id(self.surface), self.view_at)
        if key == self._stretch_key and self._stretch_out is not None:
            return self._stretch_out
        k = s0 / cam.s
        W, H = cam.rect.size
        src = pygame.Rect(round(cam.vx0 * k - vx0), round(cam.vy0 * k - vy0), max(1, round(W * k)),
                          max(1, round(H * k)))
        out = self._stretch_out if self._stretch_out is not None and self._stretch_out.get_size() == (W, H) \
            else self._stretch_buffer.get((W, H), self.surface)  # a resize allocates nothing (surfaces.py)
        self._stretch_out = out
        part = src.clip(self.surface.get_rect())
        dst = None
        if part.w > 0 and part.h > 0:
            dst = pygame.Rect(round((part.x - src.x) / k), round((part.y - src.y) / k),
                              max(1, round(part.w / k)), max(1, round(part.h / k)))
        if dst is None or not dst.contains(out.get_rect()):
            out.fill(self.view.theme.bg)
        if dst is not None:
            inside = dst.clip(out.get_rect())
            if inside.w and inside.h:  # rounding put it a pixel past the edge: a pixel less, not a picture between
                dst = inside
            if out.get_rect().contains(dst):  # scaled straight into place (no picture in between)
                pygame.transform.scale(self.surface.subsurface(part), dst.size, out.subsurface(dst))
            else:
                out.blit(pygame.transform.scale(self.surface.subsurface(part), dst.size), dst.topleft)
        self._stretch_key = key
        self.base = None  # the next crisp picture is a full rebuild
        self.damage_log(None)
        return out

    # ---- the display list -----------------------------------------------------------------------
    def display_list(self, state, glow, glow_line, fu, pas) -> dict:
        """Every item of the state layer: {category: {index: (signature, rect in layer pixels)}}.

        Boxes of tokens, letters and glow are kept in board pixels per zoom and moved to the view, so a pan
        does not work them out again."""
        self.geometry.update()
        pk = (self.geometry.geom_px_key, self.camera.scale)
        if self._box_cache_key != pk:
            self._box_cache_key = pk
            self._box_cache = {}
        out: dict = {c: {} for c in LAYER_ORDER}
        self._list_glow(out, state, glow, glow_line)
        self._list_marks(out, state)
        self._list_tokens(out, state)
        key = self.view.names.view_key()
        if self._label_items_key != key:
            off = self.camera.rect.topleft
            names = self.view.names
            self._label_items = {i: (names.labels[i][0], r.move(-off[0], -off[1]))
                                 for i, r in enumerate(names.label_rects())}
            self._label_items_key = key
        out["label"] = self._label_items
        self._list_destinations(out, fu, pas)
        return out

    @staticmethod
    def _glow_style(state, glow_line: int | None) -> str:
        """"open" when the line has no token yet (every space glows: a lighter glow), else "end"."""
        if glow_line is None or not 0 <= glow_line < len(state.lines):
            return "end"
        return "end" if any(d > 0 for d in state.lines[glow_line].degree.values()) else "open"

    def _list_glow(self, out: dict, state, glow, glow_line) -> None:
        """Glowing spaces, and the station symbols at their ends (kept readable above the glow)."""
        cam, geo, bc = self.camera, self.geometry, self._box_cache
        vx, vy = cam.vx0, cam.vy0
        style = self._glow_style(state, glow_line)
        halo_m = geo.lane_gap * (GLOW_OPEN_W if style == "open" else GLOW_END_W) / 2
        touched: set[int] = set()
        for conn, cost in glow:
            if not 0 <= conn < len(state.tokens):
                continue
            lane = len(state.tokens[conn])  # past the printed spaces: a full connection (Paris), a lane of its own
            box = bc.get(("glow", conn, lane, style))
            if box is None:
                box = bc[("glow", conn, lane, style)] = box_px(*geo.lane_box(conn, lane), halo_m, (0, 0))
            out["glow"][conn] = ((lane, cost, style), box.move(-vx, -vy))
            touched.update(self.view.board.conn_ends[conn])
        lw = max(1, round(2.0 * cam.s))
        off = cam.rect.topleft
        for stn in touched:  # station symbols stay readable above the glow
            x, y = geo.station_xy(stn)
            r = geo.station_radius(stn)
            out["symbol"][stn] = ((self.view.kinds[stn], lw), box_px(x, y, x, y, r, off))

    def _list_marks(self, out: dict, state) -> None:
        """A city's marks on its stations (e.g. Berlin's landmark stacks)."""
        view, geo = self.view, self.geometry
        off = self.camera.rect.topleft
        for stn, sig in view.city.station_marks(state, view.board).items():
            x, y = geo.station_xy(stn)
            out["city"][stn] = (sig, box_px(x, y, x, y, view.city.mark_radius(geo.station_radius(stn)), off))

    def _list_tokens(self, out: dict, state) -> None:
        """Each connection's tokens and their letter badges."""
        cam, geo, bc, pieces = self.camera, self.geometry, self._box_cache, self.view.pieces
        vx, vy = cam.vx0, cam.vy0
        off = cam.rect.topleft
        tw = pieces.token_width()
        tm = (tw + max(2.0, tw * 0.28)) / 2
        for conn, toks in enumerate(state.tokens):
            if not toks:
                continue
            n_t = len(toks)
            box = bc.get(("tok", conn, n_t))
            if box is None:
                row = [geo.lane_box(conn, k) for k in range(n_t)]
                box = bc[("tok", conn, n_t)] = box_px(min(b[0] for b in row), min(b[1] for b in row),
                                                      max(b[2] for b in row), max(b[3] for b in row), tm, (0, 0))
            colours = tuple(state.lines[li].colour for li in toks)
            out["token"][conn] = (colours, box.move(-vx, -vy))
            lk = ("let", conn, colours)
            if lk not in bc:
                spots = pieces.letter_spots(state, conn)
                d = pieces.badge_px() / 2
                bc[lk] = box_px(min(p[0] for p in spots), min(p[1] for p in spots),
                                max(p[0] for p in spots), max(p[1] for p in spots), d,
                                off).move(vx, vy) if spots else None
            lbox = bc[lk]
            if lbox is not None:
                out["letters"][conn] = (colours, lbox.move(-vx, -vy))

    def _list_destinations(self, out: dict, fu: tuple[int, ...], pas: int | None) -> None:
        """Destinations (a ring and a badge each) and the passenger."""
        view, geo = self.view, self.geometry
        off = self.camera.rect.topleft
        for stn in fu:
            express = "express" in view.board.stations[stn].kinds
            n = fu.count(stn)  # New York: two identical cards face up put two tokens on the station
            out["dest"][stn] = ((express, n), view.pieces.dest_rect(stn, n).move(-off[0], -off[1]))
        if pas is not None:
            x, y = geo.station_xy(pas)
            out["passenger"][pas] = (True, box_px(x, y, x, y, view.pieces.passenger_radius, off))

    # ---- painting -------------------------------------------------------------------------------
    def paint(self, surf: pygame.Surface, state, items: dict, region: pygame.Rect | None) -> None:
        """Draw the items touching ``region`` (all when None) whole, in layer order."""
        view, geo, pieces = self.view, self.geometry, self.view.pieces
        area = surf.get_rect() if region is None else region
        off = self.camera.rect.topleft

        def hits(cat):
            d = items[cat]
            keys = sorted(d)
            idx = area.collidelistall([d[k][1] for k in keys])
            return [keys[j] for j in idx]

        glow = hits("glow")
        if glow:
            pieces.paint_glow(surf, items["glow"], glow, area, off)
        symbols = hits("symbol")
        if symbols:
            tiles = view.city.station_symbols(view.board, view.connection_tiles)
            for stn in symbols:
                x, y = geo.station_xy(stn)
                draw_station(surf, view.kinds[stn], (x - off[0], y - off[1]), geo.station_radius(stn),
                             items["symbol"][stn][0][1], view.theme, tiles.get(stn), view.city)
        for stn in hits("city"):
            x, y = geo.station_xy(stn)
            view.city.draw_mark(surf, items["city"][stn][0], (x - off[0], y - off[1]), geo.station_radius(stn),
                                view.theme)
        vx, vy = self.camera.vx0, self.camera.vy0
        for conn in hits("token"):
            for k, li in enumerate(state.tokens[conn]):
                img, (px, py) = pieces.token_sprite(state.lines[li].colour, conn, k)
                surf.blit(img, (px - vx, py - vy))
        for conn in hits("letters"):
            pieces.draw_letters(surf, state, conn, off)
        for i in hits("label"):  # names over tokens, so they stay readable
            view.names.draw_label(surf, i, off)
        for stn in hits("dest"):
            pieces.draw_destination(surf, stn, off, items["dest"][stn][0][1])
        for stn in hits("passenger"):
            pieces.draw_passenger(surf, *geo.station_xy(stn), off=off)

    def paint_regions(self, static: pygame.Surface, state, items: dict, rects: list[pygame.Rect],
                      target: pygame.Surface | None = None) -> None:
        """Each region redrawn on a scratch copy (its items whole) and copied into ``target`` (the surface)."""
        layer = self.surface if target is None else target
        sc = self._scratch
        if sc is None or sc.get_size() != layer.get_size():
            sc = self._scratch = pygame.Surface(layer.get_size(), 0, layer)
        bounds = layer.get_rect()
        for r in rects:
            r = r.clip(bounds)
            if r.w <= 0 or r.h <= 0:
                continue
            sc.blit(static, r, r)
            self.paint(sc, state, items, r)
            layer.blit(sc, r, r)
            self.region_paints += 1


def _strips(shift: tuple[int, int], size: tuple[int, int]) -> list[pygame.Rect]:
    """The strips a pan of ``shift`` uncovers, the two of a slanting pan kept apart (joined they were the whole
    layer's box), and apart from the items that changed: overlapping regions are painted right, only twice."""
    W, H = size
    dx, dy = shift
    strips = []
    rows = (0, H)
    if dy:
        strips.append(pygame.Rect(0, H - dy, W, dy) if dy > 0 else pygame.Rect(0, 0, W, -dy))
        rows = (0, H - dy) if dy > 0 else (-dy, H)
    if dx and rows[1] > rows[0]:
        x = W - dx if dx > 0 else 0
        strips.append(pygame.Rect(x, rows[0], abs(dx), rows[1] - rows[0]))
    return strips
