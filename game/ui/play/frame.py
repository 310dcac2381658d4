"""One frame of the play screen: the backdrop brought up to date (only the pieces that changed), copied to
the window where it changed or where the moving bits were last frame, then the moving bits over it (see
docs/play-screen.md and play/backdrop.py). Functions of the scene; ``PlayScene.draw`` calls them.
"""
from __future__ import annotations

import pygame

from ..board.layer import merge_rects as _merge_rects
from . import keepclear
from . import layout as table_layout
from . import win_bar


def draw(scene, surface: pygame.Surface) -> list[pygame.Rect] | None:
    """Bring the backdrop up to date (only the pieces that changed), copy to the window what changed
    and what the moving bits covered last frame, then draw the moving bits.

    Returns the window areas drawn, so the app sends only those to the display; None after a full
    redraw. See play/backdrop.py.
    """
    if surface.get_size() != scene._size:
        scene._layout()
    damage = scene.backdrop.update(scene, surface)
    table_layout.notices_follow_banner(scene)  # against the banner now shown (play/layout.py)
    bd = scene.backdrop.surf
    full = (damage is None or scene._full_next or surface is not scene._last_surface
            or getattr(scene.app, "top", scene) is not scene)
    restore: list[pygame.Rect] = []
    if full:
        surface.blit(bd, (0, 0))
    else:
        restore = _merge_rects(damage + scene._dirty)
        for r in restore:
            surface.blit(bd, r, r)
    area = surface.get_rect()
    drawn = scene.anim.draw(surface, scene.board_view, scene.state, scene.panels, scene.app.scale,
                            keepclear.pieces_of(scene))
    if scene.guide is not None:
        drawn += scene.guide.draw(surface)
    drawn += scene.long_press.draw(surface)
    drawn += scene.cards.draw_moving(surface, scene.board_view)
    if not scene.blocking:
        drawn += scene.hints.draw(surface, scene.board_view, scene.state, scene.panels, scene.theme, scene.fonts,
                                 scene.app.scale, avoid=_callouts(scene), soft=keepclear.pieces_and_letters(scene),
                                 banner=scene.backdrop.banner_rect())
    drawn += win_bar.draw(scene, surface)  # the win-chance bar, when shown (play/win_bar.py)
    drawn += scene.draw_held_secret(surface)  # secret cards last: nothing may cover them while held
    if scene.reveal is not None:
        drawn += scene.reveal.draw(surface, scene)
    scene._dirty = [r.clip(area) for r in drawn]
    scene._last_surface = surface
    scene._full_next = False
    return None if full else restore + scene._dirty


def draw_stand_in(scene, surface: pygame.Surface) -> bool:
    """A window resize's own frame (App._draw_stand_in): the last backdrop scaled to the new window and
    the moving bits over it, one copy instead of the new layout; the next frame composes the new layout."""
    bd = scene.backdrop.surf
    if bd is None or bd.get_bitsize() != surface.get_bitsize():
        return False
    pygame.transform.scale(bd, surface.get_size(), surface)
    drawn = scene.anim.draw(surface, scene.board_view, scene.state, scene.panels, scene.app.scale)
    scene._dirty = [r.clip(surface.get_rect()) for r in drawn]
    scene._full_next = True
    return True


def _callouts(scene) -> list:
    """The route callouts shown (the hint's tag keeps clear of them)."""
    key = scene.board_overlays_key()
    return list(scene.overlays.tags) if key is not None and key[0] is not None else []
