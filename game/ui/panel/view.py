"""What a panel shows besides the position itself, as the play scene decides it, and the words of its
buttons."""
from __future__ import annotations

from dataclasses import dataclass, field

from ...i18n import N_

BRANCH_LABEL = N_("Take branch tile")
UNDO_LABEL = N_("Undo")
ROUTE_LABEL = N_("Choose the passenger's route: tap to preview, tap again to choose")


@dataclass
class PanelView:
    """What a panel shows besides the position itself (decided by the play scene)."""

    active: bool = False  # it is this player's turn and the table may act
    current_name: str = ""  # whose turn it is, shown on the waiting panels
    selected_line: int | None = None
    score: int | None = None  # shown score (lags the engine while points float in); None = engine's
    can_branch: bool = False
    can_undo: bool = False
    route_options: list = field(default_factory=list)  # RouteOption list while choosing
    route_preview: int | None = None
    would_score: frozenset = frozenset()  # lines the passenger would score for if the turn ended now
    status: str = ""  # e.g. "Computer is thinking" or "Passenger travelling"
    deck: int | None = None  # destination cards left in the deck (shown on every panel)
    last_turn: str = ""  # after the end is triggered: "last" (still to play, or playing) or "done"
    start_player: bool = False  # this seat started the game
    note: str = ""  # a short notice for this seat, e.g. the first edition's starting score
    city_notes: tuple = ()  # the city's own notes for this seat (game/ui/cities: CityDrawing.panel_notes)
    city_tiles: tuple = ()  # (symbol, count) the seat holds, shown as icon pills (CityDrawing.panel_tiles)
    choices: tuple = ()  # a city's choice asked at this seat (Paris): (label, score preview) per big button
    choice_title: str = ""  # what is being chosen, shown above the buttons

    hint: str = ""  # the hint button (play/hint.py): "" off, "ready", "thinking" or "shown"
    phone: tuple = ()  # the seat's phone (play/phones.py): (text, style), e.g. "phone disconnected"
    watching: bool = False  # the replay viewer: nobody plays, so no "Your turn", no branch tile or Undo button

    def key(self) -> tuple:
        return (self.active, self.current_name, self.selected_line, self.score, self.can_branch, self.can_undo,
                tuple((o.destination, tuple(o.lines)) for o in self.route_options), self.route_preview,
                tuple(sorted(self.would_score)), self.status, self.deck, self.last_turn, self.start_player,
                self.note, tuple(self.city_notes), tuple(self.city_tiles), tuple(self.choices), self.choice_title,
                self.hint, self.phone, self.watching)
