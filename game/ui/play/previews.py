"""What the play screen draws over the board between turns (into the backdrop's "previews" piece): the marks
on the last turn's tokens, and the passenger's route options being chosen or the route the turn would end with.
``overlays_key`` says what is shown (the backdrop redraws only on a change), ``overlays_rect`` a box sure to
hold it, ``draw_overlays`` draws it; the drawing itself is ``play/overlays.py``'s.
"""
from __future__ import annotations

import pygame

from ..seats import EDGE_ROTATION
from . import keepclear
from .overlays import tag_area


def overlays_key(scene) -> tuple | None:
    """What the board overlays show (None: nothing): the route options or the would-be route, and the
    marks on the last turn's tokens."""
    st = scene.state
    marks = tuple(scene.turns.last_turn_tokens) if not scene.blocking and st.phase != "over" else ()
    if scene.blocking:
        previews = None
    elif st.phase == "route":
        previews = ("route", scene.version, scene.route_preview, scene.hover_route, len(st.options))
    else:
        legs = scene.preview_legs()
        previews = ("would", scene.version, len(legs)) if legs else None
    if previews is None and not marks:
        return None
    return (previews, marks, scene.version, facing(scene))


def overlays_rect(scene, marks_only: bool = False) -> pygame.Rect | None:
    """A box sure to hold every board overlay (for redrawing only what changed); ``marks_only``: the
    last turn's token marks without the route previews."""
    st = scene.state
    bv = scene.board_view
    k = scene.app.scale
    box = None
    if not scene.blocking and st.phase != "over":
        box = scene.overlays.last_turn_rect(bv, st, scene.turns.last_turn_tokens, k)
    opts = []
    if not scene.blocking and not marks_only:
        opts = list(st.options) if st.phase == "route" else [o for leg in scene.preview_legs() for o in leg.options]
    pts = [bv.station_xy(s) for o in opts for h in o.hops for s in (h[0], h[1])]
    pts += [bv.station_xy(o.destination) for o in opts]
    if pts:
        rmax = max((bv.station_radius(o.destination) for o in opts), default=0)
        m = max(bv.lane_gap * 1.3, 6.0 * k) + rmax + 16 * max(0.6, k) + 8
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        r = pygame.Rect(int(min(xs) - m), int(min(ys) - m), int(max(xs) - min(xs) + 2 * m) + 2,
                        int(max(ys) - min(ys) + 2 * m) + 2)
        for o in opts:  # a score tag goes beside its destination, wherever it hides the fewest names
            x, y = bv.station_xy(o.destination)
            r.union_ip(tag_area(bv, x, y, k))
        box = r if box is None else box.union(r)
    return box.clip(bv.rect) if box is not None else None


def draw_overlays(scene, surf: pygame.Surface, marks_only: bool = False) -> None:
    """The last turn's token marks, then (unless ``marks_only``) the route options being chosen or the
    would-be route."""
    st = scene.state
    bv = scene.board_view
    k = scene.app.scale
    if not scene.blocking and st.phase != "over":
        scene.overlays.draw_last_turn(surf, bv, st, scene.turns.last_turn_tokens, k)
    if scene.blocking or marks_only:
        return
    scene.overlays.facing = facing(scene)
    scene.overlays.clear_of = keepclear.pieces_and_letters(scene)
    if st.phase == "route":
        shown = scene.route_preview if scene.route_preview is not None else scene.hover_route
        scene.overlays.draw_route_choice(surf, bv, st, st.options, shown, k)
    else:
        scene.overlays.draw_would_go(surf, bv, st, scene.preview_legs(), k)


def facing(scene) -> int:
    """The rotation that turns a callout to face the seat whose turn the table shows."""
    return EDGE_ROTATION.get(scene.panels[scene.shown_current].edge, 0) if scene.panels else 0
