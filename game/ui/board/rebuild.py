"""A new zoom or window size drawn over several frames: the names placed, the static sheet drawn and the state
layer painted in small steps, while the last picture, stretched, stands in. The old picture stays until the
new one is finished, and the new one equals a full rebuild pixel for pixel."""
from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame

from .layer import Snapshot, shown

if TYPE_CHECKING:
    from .view import BoardView

REBUILD_SLICE_S = 0.006  # a progressive rebuild works this long per frame


class ProgressiveRebuild:
    """One board view's background job for a new view."""

    def __init__(self, view: "BoardView"):
        self.view = view
        self.job = None
        self.job_key = None
        self.phase = ""  # "labels" while the job places the names, then "view"

    def needed(self, nkey, skey) -> bool:
        """The picture shown is not the crisp one for the current view (names wanted ``nkey``, sheet ``skey``)."""
        view = self.view
        layer = view.layer
        return (nkey != view.names.key or not view.sheet.fits(skey)
                or layer.surface.get_size() != view.camera.rect.size
                or layer.base is None)  # after a stretched stand-in the picture is drawn again

    def advance(self, state, glow, glow_line, face_up, passenger, show_passenger) -> bool:
        """Run the rebuild for about REBUILD_SLICE_S; True once the new picture is in place."""
        view, cam = self.view, self.view.camera
        target = (view.names.wanted(), view.sheet.wanted(), cam.vx0, cam.vy0, cam.rect.topleft)
        panned = self.job is not None and self.job_key != target \
            and (target[0], target[1], target[4]) == (self.job_key[0], self.job_key[1], self.job_key[4])
        if panned and self.phase == "labels":
            self.job_key = target  # a pan while the names are placed: their placement does not depend on it
        if self.job is None or self.job_key != target:
            # a new view, or a pan once the work is for one view: started afresh, and while fingers keep
            # panning nothing is worked (it would be thrown away next frame; the stretched picture shows)
            fresh = self.job is None or panned
            fu, pas = shown(state, len(view.board.stations), face_up, passenger, show_passenger)
            self.job = self._job(Snapshot(state), tuple(glow), glow_line, fu, pas)
            self.job_key = target
            # where the new job starts: a pan does not start the names' placement again
            self.phase = "labels" if target[0] != view.names.key else "view"
            if fresh:  # the frame that changed the view shows the stretched picture and works no slice
                return False
        # a frame that also pans (the stretched picture moved, the window composed again) works half a slice
        end = time.perf_counter() + (REBUILD_SLICE_S / 2 if panned else REBUILD_SLICE_S)
        for _ in self.job:
            if time.perf_counter() >= end:
                return False
        self.job = None
        return True

    def _job(self, snap, glow, glow_line, fu, pas):
        """Names, sheet and state layer for a new view, in small steps; the old picture stays until the end.
        The layer is drawn in bands, each like a changed area, so it equals a full rebuild."""
        view = self.view
        names, sheet, layer = view.names, view.sheet, view.layer
        key = names.wanted()
        self.phase = "labels"
        if key != names.key:
            yield from names.job(key)
        self.phase = "view"  # from here on the work is for one view: a pan starts it again
        skey = sheet.wanted()
        if not sheet.fits(skey):
            yield from sheet.job(skey)
        static = sheet.layer()
        yield
        items = layer.display_list(snap, glow, glow_line, fu, pas)
        yield
        new = layer.spare if layer.spare is not None and layer.spare.get_size() == static.get_size() \
            else pygame.Surface(static.get_size(), 0, static)
        yield
        new.blit(static, (0, 0))
        W, H = static.get_size()
        band = max(32, H // 20)  # a band costs ~3 ms at 1080p
        for y in range(0, H, band):
            yield
            layer.paint_regions(static, snap, items, [pygame.Rect(0, y, W, min(band, H - y))], target=new)
        layer.spare = layer.surface
        layer.surface = new
        layer.base = (id(static), sheet.static_key, names.key)
        layer.key = None  # the live position is compared with this one at the next call
        layer.items = items
        cam = view.camera
        layer.view_at = (cam.s, cam.vx0, cam.vy0, cam.rect.size)
        layer.full_paints += 1
        layer.damage_log(None)
