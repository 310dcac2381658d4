"""What a moment's overlay (the turn banner, a route callout, a notice, a floating score, the hint's box) must
keep clear of on the board: station names and symbols, the tokens, and the legal track spaces a player is about
to tap; and what the callouts and the hint keep clear of besides where they can: the grid reference's letters and
numbers on the board's edges (the cards' "C4" finds a station by them; a float crosses one for a moment).

Tokens and legal spaces are lanes, often diagonal: each lane segment is cut into short pieces and each piece
given its own box, so a box placed beside a diagonal token is not refused because of the token's whole bounding
box. The boxes are kept for a position and a view (the scene's version, the glow, the view's place), since
the banner, the callouts and the hint all ask in the same frame.
"""
from __future__ import annotations

import math

import pygame

from ..board.placement import clip_len  # the segment-in-a-box clip the names' placement uses


def lane_boxes(segments, hw: float, piece: float) -> list[pygame.Rect]:
    """Boxes covering each segment ``hw`` wide on either side, in pieces about ``piece`` long."""
    out = []
    for (ax, ay), (bx, by) in segments:
        n = max(1, math.ceil(math.hypot(bx - ax, by - ay) / piece))
        for j in range(n):
            x0, y0 = ax + (bx - ax) * j / n, ay + (by - ay) * j / n
            x1, y1 = ax + (bx - ax) * (j + 1) / n, ay + (by - ay) * (j + 1) / n
            left, top = math.floor(min(x0, x1) - hw), math.floor(min(y0, y1) - hw)
            out.append(pygame.Rect(left, top, math.ceil(max(x0, x1) + hw) - left, math.ceil(max(y0, y1) + hw) - top))
    return out


def segment_meets(p, q, hw: float, r: pygame.Rect) -> bool:
    """True when the segment p-q, ``hw`` wide on each side, runs through ``r`` (grown by ``hw``)."""
    return clip_len(p[0], p[1], q[0], q[1], (r.left - hw, r.top - hw, r.right + hw, r.bottom + hw)) > 0


def names_over(surf: pygame.Surface, bv, pieces, hw: float) -> list[pygame.Rect]:
    """Draw again the station names that lines just drawn over the board cross (``pieces``: their straight
    pieces, ``hw`` wide each side): the passenger's travel line, a callout's or the hint's leader line pass
    under the names. Returns where."""
    out = []
    left_off = bv.names_left_off
    rects = bv.label_rects()
    for p, q in pieces:  # the names near each piece (found in C), then the exact test
        near = pygame.Rect(min(p[0], q[0]) - hw, min(p[1], q[1]) - hw, abs(q[0] - p[0]) + 2 * hw,
                           abs(q[1] - p[1]) + 2 * hw)
        for i in near.collidelistall(rects):
            r = rects[i]
            if r.w and r.h and i not in left_off and r not in out and segment_meets(p, q, hw, r):
                out.append(pygame.Rect(r))
                bv.names.draw_label(surf, i, (0, 0))
    return out


class KeepClear:
    """The boxes of one scene's board that overlays keep clear of, cached per position and view."""

    def __init__(self):
        self._key = None
        self._pieces: list[pygame.Rect] = []

    def pieces(self, bv, state, glow) -> list[pygame.Rect]:
        """Boxes over every token and every legal space of ``glow`` ((connection, cost) pairs)."""
        key = (tuple(len(t) for t in state.tokens), tuple(glow), tuple(bv.rect), bv.s, bv.vx0, bv.vy0)
        if key != self._key:
            hw = bv.token_width() / 2 + 1
            piece = max(4.0, 4 * hw)
            out = []
            for c, lanes in enumerate(state.tokens):
                for lane in range(len(lanes)):
                    out += lane_boxes(bv.lane_segments(c, lane), hw, piece)
            for c, _cost in glow:
                lane = min(len(state.tokens[c]), bv.board.connections[c].spaces - 1)
                out += lane_boxes(bv.lane_segments(c, lane), hw, piece)
            view = bv.rect.inflate(200, 200)
            self._pieces = [r for r in out if r.colliderect(view)]
            self._key = key
        return self._pieces


def pieces_of(scene) -> list[pygame.Rect]:
    """Boxes over ``scene``'s tokens and the chosen line's legal spaces now."""
    glow, _line = scene.turns.glow(scene.blocking)
    return scene.keep_clear.pieces(scene.board_view, scene.state, glow)


def letters_of(bv) -> list[pygame.Rect]:
    """The grid reference's letters and numbers on screen (boxes)."""
    return [r for _t, r in bv.grid_labels()]


def pieces_and_letters(scene) -> list[pygame.Rect]:
    """``pieces_of`` and ``letters_of``: what the route callouts and the hint's box keep off where they can (the
    banner weighs the letters against its words: ``Overlays.draw_banner``)."""
    return pieces_of(scene) + letters_of(scene.board_view)


def of_scene(scene) -> list[pygame.Rect]:
    """What overlays keep clear of on ``scene``'s board now: names, symbols, tokens, legal spaces and the board's
    own buttons (names facing a seat, fit the board)."""
    return scene.board_view.occupied_rects() + pieces_of(scene) + list(scene.board_buttons().values())
