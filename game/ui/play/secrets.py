"""A seat's secret cards (Paris objectives) at a shared table, guarded as a real table guards them.

At a table anyone can reach any panel, so the screen cannot know whose finger is on a button. What it can
do is what the cardboard does: the cards open only while a finger holds their owner's button, small and
facing that seat (the hand shields them); a tap opens nothing and says how to look; the same seat's cards
stay shut for a moment after they close (a rate limit on quick peeks); and every opening is told to the
whole table without the content, so a neighbour reaching over to another's panel is seen by everyone, as
a hand on someone else's cards would be. A computer seat has no button at all (``PlayScene`` decides).
"""
from __future__ import annotations

from dataclasses import dataclass

HOLD_S = 0.35  # a press this long opens the cards; a shorter one is a tap and explains instead
REST_S = 2.0  # after a seat's cards close they stay shut this long, however they are held


@dataclass
class _Press:
    seat: int
    held_s: float = 0.0
    opened: bool = False


class SecretPeek:
    """Which seat's cards are open now, and for which finger. ``step`` advances the clock and answers the
    seats whose cards opened in it (the scene tells the table); ``release`` answers the seat a tap was on."""

    def __init__(self, n_seats: int):
        self.presses: dict[int, _Press] = {}  # pointer id -> its press on a cards button
        self.rest: dict[int, float] = {}  # seat -> seconds before its cards may open again
        self.openings = [0] * n_seats  # how many times each seat's cards were opened (told to the table)

    @property
    def held(self) -> dict[int, int]:
        """Seat -> the pointer holding its cards open now."""
        return {p.seat: pid for pid, p in self.presses.items() if p.opened}

    def press(self, seat: int, pid: int) -> None:
        self.presses[pid] = _Press(seat)

    def release(self, pid: int) -> int | None:
        """The finger ``pid`` lifted (or was cancelled): its seat's cards close. Answers the seat when the
        press was too short to open them (a tap), else None."""
        p = self.presses.pop(pid, None)
        if p is None:
            return None
        if p.opened and not any(q.seat == p.seat and q.opened for q in self.presses.values()):
            self.rest[p.seat] = REST_S
        return None if p.opened or p.held_s >= HOLD_S else p.seat

    def step(self, dt: float) -> list[int]:
        for seat in list(self.rest):
            self.rest[seat] -= dt
            if self.rest[seat] <= 0:
                del self.rest[seat]
        opened = []
        open_now = set(self.held)
        for p in self.presses.values():
            p.held_s += dt
            if p.opened or p.held_s < HOLD_S or p.seat in self.rest:
                continue
            p.opened = True
            if p.seat not in open_now:  # a second finger on already open cards is no new opening
                open_now.add(p.seat)
                self.openings[p.seat] += 1
                opened.append(p.seat)
        return opened

    def clear(self) -> None:
        self.presses.clear()
