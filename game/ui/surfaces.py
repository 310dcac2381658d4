"""Big pictures that outlive a window resize.

A new window size used to allocate a new window-sized picture for the play screen's backdrop and the
board's stretched stand-in in the resize's frame, and every new zoom a new static sheet (up to 2.5
windows big): pygame clears a new surface, so each one cost 1-4 ms (up to 10 ms for a sheet) on a frame
that already had its share of work. A :class:`Reusable`
keeps one buffer and hands out a view of it at the size asked (``subsurface``, no copy), so going back
and forth between sizes allocates nothing; a buffer too small is replaced by one as big as both, and one
far bigger than needed (a 4K window made small) is let go so it does not hold the memory.
"""
from __future__ import annotations

import pygame

SHRINK_SHARE = 2.5  # a buffer this many times the area asked for is replaced by one of the size asked


class Reusable:
    """One buffer, handed out at the size asked."""

    def __init__(self) -> None:
        self._buf: pygame.Surface | None = None
        self.allocations = 0

    def get(self, size: tuple[int, int], like: pygame.Surface | None = None) -> pygame.Surface:
        """A surface of ``size`` in ``like``'s pixel format (pygame's default without one); its pixels are
        whatever was there before."""
        w, h = max(1, int(size[0])), max(1, int(size[1]))
        b = self._buf
        same = b is not None and (like is None or b.get_bitsize() == like.get_bitsize())
        if not same or b.get_width() < w or b.get_height() < h or b.get_width() * b.get_height() > SHRINK_SHARE * w * h:
            keep = same and b.get_width() * b.get_height() <= SHRINK_SHARE * w * h
            W, H = (max(w, b.get_width()), max(h, b.get_height())) if keep else (w, h)
            self._buf = b = pygame.Surface((W, H), 0, like) if like is not None else pygame.Surface((W, H))
            self.allocations += 1
        return b if b.get_size() == (w, h) else b.subsurface((0, 0, w, h))

    def reserve(self, size: tuple[int, int], like: pygame.Surface | None = None) -> None:
        """Make the buffer at least ``size`` now (at a moment a wait pays for it), so later ``get`` calls up to
        that size, and not ``SHRINK_SHARE`` times smaller, allocate nothing."""
        w, h = max(1, int(size[0])), max(1, int(size[1]))
        b = self._buf
        if b is None or b.get_width() < w or b.get_height() < h:
            W, H = (w, h) if b is None else (max(w, b.get_width()), max(h, b.get_height()))
            self._buf = pygame.Surface((W, H), 0, like) if like is not None else pygame.Surface((W, H))
            self.allocations += 1
