"""Hand-offs: a seat changes hands during a game (issue 23 item 6), as a convention table needs when people come and
go. From the seat's game menu (play/menu.py), facing it, at any time: a person walking up takes a computer's seat
(or takes back a seat that plays from a phone), and a person leaving hands their seat to a computer at a level
they choose (play/level_card.py).

The game's record holds only the actions, which stay the same whoever chose them; who plays a seat is the save's
``seats`` (game/saves.py), changed in place here, and each hand-off is kept in the saved table's
``hand_offs`` (play/saved_table.py: ``[record step, seat, "person" | "computer", level]``), which also has the
autosave write the change at once rather than with the next action. If it is the seat's turn, play goes on in
the new hands: a computer acts after its usual pause, a person at once.
"""
from __future__ import annotations

import logging

from ...i18n import LEVEL_NAMES, _

log = logging.getLogger("underground.ui.handoff")

PERSON, COMPUTER = "person", "computer"


def take_seat(scene, seat: int) -> None:
    """A person at the table takes the seat: from a computer, or back from the seat's phone."""
    _hand(scene, seat, PERSON, None)
    scene.notice(_("{player} plays at the table now").format(player=scene.state.players[seat].name))


def to_computer(scene, seat: int, level: str) -> None:
    """The seat's player leaves: a computer of ``level`` plays on for it."""
    _hand(scene, seat, COMPUTER, level)
    scene.notice(_("A computer ({level}) plays for {player} now").format(
        level=_(LEVEL_NAMES.get(level, level)), player=scene.state.players[seat].name))


def _hand(scene, seat: int, kind: str, level: str | None) -> None:
    cfg = scene.seats[seat]
    cfg.computer, cfg.phone = kind == COMPUTER, False
    if level is not None:
        cfg.level = level
    scene.turns.seat_changed(seat)
    if scene.phones is not None:  # the seat's phone is closed and its code changes (play/phones.py)
        scene.phones.released(seat)
    scene.turns.hand_offs.append([len(scene.state.log), seat, kind, cfg.level if kind == COMPUTER else None])
    log.info("seat %d handed to %s%s at step %d", seat, kind, f" ({level})" if level else "", len(scene.state.log))
    scene.seat_buttons()  # a person's seat has the hint and secret cards' buttons, a computer's none
    scene._layout()  # which may change how deep the panels must be
    scene._invalidate()


def read_hand_offs(raw) -> list[list]:
    """The hand-offs kept with a save, those that make sense (an old or hand-edited save may hold anything)."""
    out = []
    for h in raw if isinstance(raw, list) else []:
        if (isinstance(h, list) and len(h) == 4 and isinstance(h[0], int) and isinstance(h[1], int)
                and h[2] in (PERSON, COMPUTER) and (h[3] is None or isinstance(h[3], str))):
            out.append(list(h))
    return out
