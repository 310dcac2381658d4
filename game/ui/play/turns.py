"""Turn flow on the play screen: who may act, the chosen line, acting through the engine, computer seats.

What the table shows may lag the engine: while the passenger travels the engine is already in the next
turn. :class:`TurnFlow` keeps the *shown* turn (``shown_current``) and the destinations still shown
(``shown_face_up``) until the scene says the journey is over (:meth:`turn_shown`); only the shown
player, if human and nothing is travelling, may act. It knows nothing about drawing or input.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass

import msgspec

from ...ai import make_bot
from ...engine import PlaceTrack, apply, can_undo
from ...engine.passenger import route_options
from ...engine.rules import board_of, legal_placements, rules_of
from ...engine.state import GameState

log = logging.getLogger("underground.ui.play")

BOT_DELAY = 0.6  # seconds between a computer seat's actions at the normal speed
COMPUTER_SPEEDS = {"slow": 1.4, "normal": BOT_DELAY, "fast": 0.2}  # seconds between a computer's actions
END_HOLD_S = 0.8  # the final position stays a moment before the end scene


@dataclass(frozen=True)
class PreviewLeg:
    """One passenger move the turn would end with: its kind and its best outcomes (several = a tie)."""

    kind: str  # "express" | "standard" | "any"
    options: tuple


class TurnFlow:
    """The turn being shown and played on one table. ``seats`` are the scene's ``SeatConfig`` list."""

    def __init__(self, state: GameState, seats: list, computer_speed: str = "normal"):
        if computer_speed not in COMPUTER_SPEEDS:
            log.warning("computer speed %r unknown; using normal (known: %s)", computer_speed,
                        ", ".join(COMPUTER_SPEEDS))
            computer_speed = "normal"
        self.state = state
        self.board = board_of(state)
        self.seats = seats
        self.version = 0  # bumped by every applied action (caches key on it)
        self.selected: dict[int, int | None] = {}  # the line each player has chosen on their panel
        self.shown_current = state.current
        self.shown_face_up: list[int] | None = None  # destinations shown while the passenger travels
        self.computer_speed = computer_speed
        self.bot_delay = COMPUTER_SPEEDS[computer_speed]
        self.last_turn_tokens: list[tuple[int, int]] = []  # (line, connection) placed in the last finished turn
        self._turn_no = state.turn
        self._turn_began = state.turn_log_start
        self._bots: dict[int, object] = {}
        self.hand_offs: list[list] = []  # [record step, seat, "person" | "computer", level] (play/handoff.py)
        self._bot_clock = 0.0
        self._end_clock = 0.0
        self._preview_cache: tuple | None = None
        self.default_selection()

    # ---- who may act -----------------------------------------------------------------------------
    def is_computer(self, player: int) -> bool:
        return bool(self.seats[player].computer)

    def is_remote(self, player: int) -> bool:
        """The seat plays from a phone (docs/phones.md): the table does not act for it."""
        return bool(self.seats[player].phone) and not self.is_computer(player)

    def human_turn(self, blocking: bool) -> bool:
        """A person at the table may act now: nothing travels, the shown turn is the engine's, and it is neither a
        computer's nor a seat that plays from a phone."""
        st = self.state
        return (not blocking and st.phase != "over" and self.shown_current == st.current
                and not self.is_computer(st.current) and not self.is_remote(st.current))

    def seat_changed(self, player: int) -> None:
        """The seat changed hands (play/handoff.py): its computer is made afresh at its level, and a computer
        taking over a turn waits the usual moment before it acts."""
        self._bots.pop(player, None)
        self._bot_clock = 0.0

    def default_selection(self) -> None:
        """Keep the current player's chosen line, or choose their first line with tokens left."""
        st = self.state
        p = st.current
        cur = self.selected.get(p)
        lines = st.players[p].lines
        if cur is None or cur not in lines or st.lines[cur].tokens_left <= 0:
            avail = [li for li in lines if st.lines[li].tokens_left > 0]
            self.selected[p] = avail[0] if avail else (lines[0] if lines else None)

    # ---- acting ----------------------------------------------------------------------------------
    def apply(self, action) -> list:
        """Apply ``action`` through the engine; returns its events (IllegalAction propagates, nothing changes)."""
        events = apply(self.state, action)
        self.version += 1
        return events

    def turn_shown(self) -> None:
        """Animations of the turn are over: show the engine's position as it is."""
        self.shown_face_up = None
        st = self.state
        if st.turn != self._turn_no or (st.phase == "over" and self._turn_began < len(st.log)):
            # a turn has ended: its tokens stay marked until the next one ends
            self.last_turn_tokens = [(a.line, a.connection) for a in st.log[self._turn_began:]
                                     if isinstance(a, PlaceTrack)]
            self._turn_no = st.turn
            self._turn_began = len(st.log)
        if self.shown_current != self.state.current:
            self.shown_current = self.state.current
            self._bot_clock = 0.0
        self.default_selection()

    def arrived(self, destination: int) -> None:
        """The shown passenger reached ``destination``: its destination card leaves the table."""
        if self.shown_face_up is not None and destination in self.shown_face_up:
            self.shown_face_up.remove(destination)

    # ---- computer seats and the end ----------------------------------------------------------------
    def computer_due(self, dt: float, blocking: bool) -> bool:
        """True when a computer seat should act now (one action every ``bot_delay`` seconds)."""
        st = self.state
        if st.phase == "over" or blocking or not self.is_computer(st.current) or self.shown_current != st.current:
            return False
        self._bot_clock += dt
        if self._bot_clock < self.bot_delay:
            return False
        self._bot_clock = 0.0
        return True

    def computer_action(self):
        """The current computer seat's choice (its bot is made on first use; an unknown level plays randomly)."""
        st = self.state
        p = st.current
        bot = self._bots.get(p)
        if bot is None:
            seat = self.seats[p]
            seed = (st.setup.seed or 0) * 31 + p
            try:
                bot = make_bot(seat.level, seed)
            except ValueError:
                log.warning("computer level %r is not available yet; seat %d plays random moves", seat.level, p)
                bot = make_bot("random", seed)
            self._bots[p] = bot
        return bot.choose(st)

    def end_due(self, dt: float, settled: bool) -> bool:
        """True once the game is over and the final position has been shown for a moment."""
        if self.state.phase != "over" or not settled:
            return False
        self._end_clock += dt
        return self._end_clock >= END_HOLD_S

    # ---- what the table shows --------------------------------------------------------------------------
    def glow(self, blocking: bool) -> tuple[tuple[tuple[int, int], ...], int | None]:
        """The legal track spaces of the chosen line (with their cost in branch tiles), while a person acts."""
        if not self.human_turn(blocking) or self.state.phase != "actions":
            return (), None
        line = self.selected.get(self.state.current)
        if line is None:
            return (), None
        return tuple((c, cost) for li, c, cost in legal_placements(self.state) if li == line), line

    def preview_legs(self, blocking: bool) -> list[PreviewLeg]:
        """Where the passenger would go if the turn ended now (shown before the last action): each of the
        turn's moves in order (London: express, then standard from where the express one ends)."""
        st = self.state
        if st.phase != "actions" or st.actions_left != 1 or blocking:
            return []
        key = (self.version, st.actions_left)
        if self._preview_cache is not None and self._preview_cache[0] == key:
            return self._preview_cache[1]
        legs: list[PreviewLeg] = []
        moves = rules_of(st).passenger_moves(st, self.board)  # [] once a classic passenger has left
        origins: list[int] = [st.passenger]
        where = st
        for kind in moves:
            opts = []
            for origin in origins:
                opts.extend(route_options(where, self.board, kind, origin=origin))
            if not opts:
                continue  # the engine skips a move with nowhere to go
            legs.append(PreviewLeg(kind, tuple(opts)))
            ends = sorted({o.destination for o in opts})
            # later moves must not count the cards the earlier ones take: a shallow copy with its own
            # face-up list (a whole copy costs ~0.5 ms; the search only reads the position)
            # one card per end: New York's second identical card stays, and the next move stays on it
            left = list(where.face_up)
            for e in ends:
                left.remove(e)
            where = msgspec.structs.replace(where, face_up=left)
            origins = ends
        self._preview_cache = (key, legs)
        return legs

    def preview_options(self, blocking: bool) -> list:
        """The first passenger move's outcomes if the turn ended now (see :meth:`preview_legs`)."""
        legs = self.preview_legs(blocking)
        return list(legs[0].options) if legs else []

    def would_score(self, blocking: bool) -> frozenset:
        """Lines the passenger would surely score for if the turn ended now (up to the first tie)."""
        out: set[int] = set()
        for leg in self.preview_legs(blocking):
            if len(leg.options) != 1:
                break
            out.update(leg.options[0].lines)
        return frozenset(out)

    def can_undo(self) -> bool:
        return can_undo(self.state)
