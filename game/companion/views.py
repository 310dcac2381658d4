"""What each phone may see: the secret filter between the table's position and the wire.

A seat's state is built from :func:`game.ai.view.public_view` of that seat (the view a computer player gets): the
deck order and the seed are gone, and every other seat's Paris objectives are emptied, so nothing below can
send them. A spectator's view empties every seat's objectives. The game log is public while the game runs; at
the end the table reveals every hand, but a phone is only ever sent its own seat's reveal lines.

Only the legal actions and "can undo" are read from the whole position: they are what the seat may do now,
which the table shows anyway, and they need the turn's action list that a public view drops.
"""
from __future__ import annotations

from ..ai.view import public_view
from ..engine.cities.paris import lines_meeting, objectives_of, set_completion_cost
from ..engine.log_words import FINAL, GameLog
from ..engine.rules import board_of, can_undo, legal_actions, winners
from ..engine.state import CHOICE_PHASES, PHASE_COMPLETE_SET, GameState
from ..i18n import words_text
from ..ui.theme import LINE_COLOURS  # plain data: the theme module imports no pygame
from .protocol import (BoardView, ChoiceView, ConnectionView, LineView, LogLine, ObjectiveView, PlayerView,
                       RouteView, StationView, TableState)
from .words import translator

SPECTATOR = -1
LOG_LINES = 40  # the newest log lines sent with each state
REVEAL_TEMPLATE = "{name}'s secret objective {stations} ({points}): {how}"  # log_words._objective_reveal


def board_view(board) -> BoardView:
    """The map as a phone draws it: public, the same for every phone of the game."""
    return BoardView(
        name=board.name, city=board.city, width=board.width, height=board.height,
        stations=[StationView(s.name, s.x, s.y, sorted(s.kinds)) for s in board.stations],
        connections=[ConnectionView(c.a, c.b, c.spaces, [tuple(p) for p in c.bends]) for c in board.connections],
        colours={name: "#%02x%02x%02x" % rgb for name, rgb in LINE_COLOURS.items()},
    )


def actor(state: GameState) -> int:
    """Who must act now: the player a Paris choice asks, else the player whose turn it is."""
    if state.phase in CHOICE_PHASES and state.pending:
        return state.pending[0].player
    return state.current


def secret_free(state: GameState, seat: int) -> GameState:
    """``state`` as ``seat`` may know it (SPECTATOR: nobody's objectives)."""
    view = public_view(state, max(seat, 0))
    if seat == SPECTATOR:
        view.setup.objectives = [[] for _ in view.setup.objectives]
    return view


class LogCache:
    """The game log of the table's game, kept up to date on the server thread (one shadow position)."""

    def __init__(self):
        self._log: GameLog | None = None

    def lines(self, state: GameState, seat: int, language: str) -> list[LogLine]:
        if self._log is None or self._log.setup is not state.setup and self._log.setup != state.setup:
            self._log = GameLog(state.setup)
        entries = self._log.update(state.log)
        tr = translator(language)
        out = []
        for e in entries:
            if e.kind == FINAL and getattr(e.text, "template", None) == REVEAL_TEMPLATE and e.player != seat:
                continue  # another seat's objectives: only the table reveals them
            out.append(e)
        return [LogLine(e.turn + 1, e.player, words_text(e.text, tr)) for e in out[-LOG_LINES:]]


def table_state(state: GameState, seat: int, version: int, *, may_act: bool, phones: list[str],
                remote: list[bool], log: list[LogLine]) -> TableState:
    """The ``state`` message for ``seat`` (SPECTATOR for a watcher). ``may_act``: the seat plays from its phone
    and that phone is kept, so its legal actions are sent."""
    board = board_of(state)
    view = secret_free(state, seat)
    acting = may_act and seat != SPECTATOR and actor(state) == seat and not state.over
    players = [PlayerView(p.name, p.score, p.branch_tiles, dict(p.points), dict(p.landmarks),
                          [LineView(li, view.lines[li].colour, view.lines[li].tokens_left) for li in p.lines],
                          phones[i] if i < len(phones) else "none", bool(remote[i]) if i < len(remote) else False)
               for i, p in enumerate(view.players)]
    choice = None
    if view.phase in CHOICE_PHASES and view.pending:
        c = view.pending[0]
        cost = set_completion_cost(view, board, c.player) if c.kind == PHASE_COMPLETE_SET else 0
        choice = ChoiceView(c.kind, c.player, c.station, cost)
    objectives = []
    if seat != SPECTATOR and board.paris is not None:
        objectives = [ObjectiveView(card, board.objective_points[card], list(board.objective_stations[card]),
                                    lines_meeting(view, board, seat, card))
                      for card in objectives_of(view, seat)]
    landmarks = []
    if view.setup.landmark_tiles:
        landmarks = [(s, view.setup.landmark_tiles[i], view.landmarks_left[i] if i < len(view.landmarks_left) else 0)
                     for i, s in enumerate(board.landmark_stations)]
    return TableState(
        version=version, seat=seat, turn=view.turn + 1, current=view.current, actor=actor(view), phase=view.phase,
        actions_left=view.actions_left, players=players, tokens=[list(t) for t in view.tokens],
        face_up=list(view.face_up), passenger=view.passenger, deck_left=len(state.deck), landmarks=landmarks,
        choice=choice, routes=[RouteView(i, o.destination, list(o.lines)) for i, o in enumerate(view.options)],
        legal=legal_actions(state) if acting else [], can_undo=acting and can_undo(state),
        objectives=objectives, log=log, over=view.over, winners=winners(view) if view.over else [])
