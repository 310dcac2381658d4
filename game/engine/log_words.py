"""The game log in words: every action of a game and what it scored, as lines a player can read.

"Ada: red Bank – Moorgate, +1 National Rail". Each :class:`LogEntry` also says which record step it comes
from (so a replay can jump there) and which connections and stations it is about (so a screen can show it on
the board). Built by replaying the set-up and the actions, so it works the same for a game on the table
(``state.setup``, ``state.log``) and a record read from a file.

Paris's secret objectives stay secret: no entry names a player's objective cards or their stations until the
game is over, when the end reveals every hand.
"""
from __future__ import annotations

from dataclasses import dataclass

from . import events as ev
from .actions import ChooseReward, ChooseRoute, CompleteSet, IllegalAction, PlaceTrack, TakeBranch, Undo
from .board import Board, load_board
from .rules import apply, board_of, start

# Entry kinds: the set-up, a turn beginning, each action, and what the table does by itself.
SETUP, TURN, PLACE, BRANCH, ROUTE, REWARD, COMPLETE_SET, UNDO = (
    "setup", "turn", "place", "branch", "route", "reward", "complete_set", "undo")
PASSENGER, DRAWN, LEFT, END, FINAL, OVER = "passenger", "drawn", "left", "end", "final", "over"

CATEGORY_WORDS = {
    "national_rail": "National Rail", "terminus": "terminus", "connections": "connection tiles",
    "loops": "loop", "plus": "+ station", "landmark_sets": "landmark set", "landmark_bonus": "landmark bonus",
    "clusters": "cluster", "water": "third water icon", "rer": "RER", "objectives": "secret objective",
    "passenger": "passenger",
}
DASH = " – "
FINAL_CATEGORIES = ("landmark_bonus", "objectives")  # scored by final_scoring only


@dataclass(frozen=True)
class LogEntry:
    """One line of the log. ``step`` is the index of the action it comes from in the record's action list
    (-1: the set-up); the position it describes is the record replayed up to ``step + 1`` actions."""

    step: int
    turn: int  # 0-based turn the action was taken in (the table counts turn + 1)
    player: int  # whom it is about; -1: the whole table
    kind: str
    text: str
    connections: tuple[int, ...] = ()
    stations: tuple[int, ...] = ()


def conn_words(board: Board, c: int) -> str:
    a, b = board.conn_ends[c]
    return f"{board.stations[a].name}{DASH}{board.stations[b].name}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _a(word: str) -> str:
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def _station_list(board: Board, stations) -> str:
    return ", ".join(board.stations[s].name for s in stations)


def score_words(board: Board, state, e: ev.Scored) -> str:
    """One Scored event in words, e.g. "+1 National Rail (Moorgate)"."""
    name = lambda s: board.stations[s].name  # noqa: E731
    cat = e.category
    at = f" ({name(e.stations[0])})" if e.stations else ""
    if cat == "terminus":
        tiles = f" and {_plural(e.branch_tiles, 'branch tile')}" if e.branch_tiles else ""
        pts = f"+{e.points}{tiles}" if e.points else (f"+{_plural(e.branch_tiles, 'branch tile')}" if tiles else "+0")
        return f"{pts} (terminus {name(e.stations[0])})" if e.stations else f"{pts} (terminus)"
    if cat == "connections" and len(e.stations) == 2:
        symbol = ""
        if e.stations[1] in board.london_connection_stations:
            i = board.london_connection_stations.index(e.stations[1])
            tiles = state.setup.connection_tiles
            symbol = f" {tiles[i]}" if i < len(tiles) else ""
        return f"+{e.points} connection tiles{symbol} ({name(e.stations[0])} and {name(e.stations[1])})"
    if cat == "loops":
        return f"+{e.points} loop ({_plural(len(e.stations), 'station')} inside)"
    if cat == "plus":
        return f"+{e.points} + station{at}"
    if cat == "clusters" and e.stations:
        cl = board.station_cluster[e.stations[0]] if board.station_cluster else None
        return f"+{e.points} cluster" + (f" {cl.replace('_', ' ')}" if cl else "") + at
    if cat == "water":
        return f"+{e.points} third water icon"
    if cat == "objectives":
        return f"+{e.points} secret objective ({_station_list(board, e.stations)})"
    words = CATEGORY_WORDS.get(cat, cat.replace("_", " "))
    return f"+{e.points} {words}{at}"


def _hop_connections(board: Board, hops) -> tuple[int, ...]:
    out = []
    for a, b, _ in hops:
        c = board.conn_between.get((a, b), board.conn_between.get((b, a)))
        if c is not None and c not in out:
            out.append(c)
    return tuple(out)


def _passenger_entry(board: Board, state, step: int, turn: int, player: int, e: ev.PassengerMoved,
                     paid: list[ev.Scored]) -> LogEntry:
    dest = board.stations[e.destination]
    kind = "express" if dest.is_express else "standard" if dest.is_standard else ""
    if e.origin == e.destination and not e.hops:
        text = f"Passenger stays at {dest.name} and takes its second destination"
    else:
        text = f"Passenger: {board.stations[e.origin].name} → {dest.name}" + (f" ({kind})" if kind else "")
    if paid:
        text += ", " + ", ".join(f"{state.lines[s.line].colour} +{s.points} {state.players[s.player].name}"
                                 for s in paid)
    else:
        text += ", no line scores"
    stations = tuple(dict.fromkeys([e.origin] + [h[1] for h in e.hops] + [e.destination]))
    return LogEntry(step, turn, player, PASSENGER, text, _hop_connections(board, e.hops), stations)


def _objective_reveal(board: Board, state, step: int, turn: int) -> list[LogEntry]:
    """Paris, at the end only: every player's secret objective cards and whether a line met them."""
    from .cities.paris import lines_meeting, objectives_of

    out = []
    for p, player in enumerate(state.players):
        for card in objectives_of(state, p):
            stations = board.objective_stations[card]
            met = lines_meeting(state, board, p, card)
            how = ("met by " + ", ".join(state.lines[li].colour for li in met)) if met else "not met"
            out.append(LogEntry(step, turn, p, FINAL,
                                f"{player.name}'s secret objective {_station_list(board, stations)} "
                                f"({_plural(board.objective_points[card], 'point')}): {how}", (), tuple(stations)))
    return out


def action_entries(board: Board, state, action, events: list, step: int, turn: int, player: int,
                   tiles_before: int = 0) -> list[LogEntry]:
    """The log lines for one applied action: ``state`` is the position after it, ``player`` who took it,
    ``tiles_before`` their branch tiles before it (to word a set completed with tiles)."""
    name = state.players[player].name if 0 <= player < len(state.players) else "?"
    out: list[LogEntry] = []
    # what happened before the passenger moved belongs to the action itself
    first_table = next((i for i, e in enumerate(events)
                        if isinstance(e, (ev.PassengerMoved, ev.DestinationsDrawn, ev.EndTriggered, ev.TurnStarted,
                                          ev.GameOver, ev.PassengerLeft))), len(events))
    # passenger points come just before their PassengerMoved: the action's own part stops at the first of them
    while first_table > 0 and isinstance(events[first_table - 1], ev.Scored) and \
            events[first_table - 1].category == "passenger":
        first_table -= 1
    own, table = events[:first_table], events[first_table:]
    # end-of-game bonuses follow the last action directly when the passenger had nowhere to go
    table = [e for e in own if isinstance(e, ev.Scored) and e.category in FINAL_CATEGORIES] + table
    own = [e for e in own if not (isinstance(e, ev.Scored) and e.category in FINAL_CATEGORIES)]
    if isinstance(action, PlaceTrack):
        placed = next((e for e in own if isinstance(e, ev.TokenPlaced)), None)
        colour = state.lines[action.line].colour if 0 <= action.line < len(state.lines) else "?"
        text = f"{name}: {colour} {conn_words(board, action.connection)}"
        if placed is not None and placed.branch_tiles_spent:
            text += f" ({_plural(placed.branch_tiles_spent, 'branch tile')})"
        parts = []
        for e in own:  # in the order they happened: a landmark tile, then the set it completes
            if isinstance(e, ev.Scored):
                parts.append(score_words(board, state, e))
            elif isinstance(e, ev.LandmarkTaken):
                parts.append(f"takes {_a(e.landmark_type)} landmark tile ({board.stations[e.station].name})")
        if parts:
            text += ", " + ", ".join(parts)
        a, b = board.conn_ends[action.connection]
        out.append(LogEntry(step, turn, player, PLACE, text, (action.connection,), (a, b)))
    elif isinstance(action, TakeBranch):
        out.append(LogEntry(step, turn, player, BRANCH, f"{name}: takes a branch tile"))
    elif isinstance(action, ChooseRoute):
        moved = next((e for e in table if isinstance(e, ev.PassengerMoved)), None)
        where = f" to {board.stations[moved.destination].name}" if moved else ""
        out.append(LogEntry(step, turn, player, ROUTE, f"{name}: chooses the passenger's route{where}", (),
                            (moved.destination,) if moved else ()))
    elif isinstance(action, ChooseReward):
        s = next((e for e in own if isinstance(e, ev.Scored) and e.category == "terminus"), None)
        if s is not None:
            text = f"{name}: terminus reward at {board.stations[s.stations[0]].name}: " + \
                score_words(board, state, s).split(" (terminus")[0]
            where = s.stations
        else:
            text, where = f"{name}: terminus reward ({action.choice})", ()
        out.append(LogEntry(step, turn, player, REWARD, text, (), tuple(where)))
    elif isinstance(action, CompleteSet):
        s = next((e for e in own if isinstance(e, ev.Scored) and e.category == "landmark_sets"), None)
        if s is not None:
            paid = tiles_before - state.players[player].branch_tiles
            text = f"{name}: completes a landmark set with {_plural(paid, 'branch tile')}, +{s.points} landmark set"
            where = s.stations
        else:
            text, where = f"{name}: keeps the branch tiles (no landmark set)", ()
        out.append(LogEntry(step, turn, player, COMPLETE_SET, text, (), tuple(where)))
    elif isinstance(action, Undo):
        out.append(LogEntry(step, turn, player, UNDO, f"{name}: takes back the last action"))
    # the table's part: the passenger, new destinations, the end
    paid: list[ev.Scored] = []
    final: list[ev.Scored] = []
    over = any(isinstance(e, ev.GameOver) for e in table)
    for e in table:
        if isinstance(e, ev.Scored):
            (paid if e.category == "passenger" else final).append(e)
        elif isinstance(e, ev.PassengerMoved):
            out.append(_passenger_entry(board, state, step, turn, player, e, paid))
            paid = []
        elif isinstance(e, ev.DestinationsDrawn):
            out.append(LogEntry(step, turn, -1, DRAWN, f"New destinations: {_station_list(board, e.cards)}", (),
                                tuple(e.cards)))
        elif isinstance(e, ev.PassengerLeft):
            out.append(LogEntry(step, turn, -1, LEFT, "The deck is empty: the passenger leaves the board", (),
                                (e.station,)))
        elif isinstance(e, ev.EndTriggered):
            n = state.n_players
            last = state.players[(state.setup.start_player - 1) % n].name
            out.append(LogEntry(step, turn, -1, END, f"The deck is empty: last round, the game ends after {last}'s "
                                                     f"turn"))
        elif isinstance(e, ev.TurnStarted):
            out.append(turn_entry(state, step, turn + 1, e.player, e.actions))
        elif isinstance(e, ev.GameOver):
            for s in final:
                who = state.players[s.player].name
                line = f" with {state.lines[s.line].colour}" if s.line >= 0 and s.category == "objectives" else ""
                out.append(LogEntry(step, turn, s.player, FINAL, f"{who}: {score_words(board, state, s)}{line}", (),
                                    tuple(s.stations)))
            final = []
            if board.objective_stations and state.setup.objectives:
                out.extend(_objective_reveal(board, state, step, turn))
            out.append(over_entry(state, step, turn, e.winners))
    if final and not over:  # cannot happen today: scores outside an action or the end; never lose them
        for s in final:
            out.append(LogEntry(step, turn, s.player, FINAL,
                                f"{state.players[s.player].name}: {score_words(board, state, s)}", (),
                                tuple(s.stations)))
    return out


def turn_entry(state, step: int, turn: int, player: int, actions: int) -> LogEntry:
    return LogEntry(step, turn, player, TURN,
                    f"Turn {turn + 1}: {state.players[player].name} ({_plural(actions, 'action')})")


def over_entry(state, step: int, turn: int, winners) -> LogEntry:
    names = [state.players[w].name for w in winners]
    pts = state.players[winners[0]].score if winners else 0
    if len(names) > 1:
        text = f"Game over: {' and '.join(names)} share the win with {_plural(pts, 'point')}"
    else:
        text = f"Game over: {names[0] if names else '?'} wins with {_plural(pts, 'point')}"
    return LogEntry(step, turn, -1, OVER, text)


def setup_entries(state) -> list[LogEntry]:
    """The lines before the first action: the board, the players and their lines, the first turn."""
    board = board_of(state)
    who = "; ".join(f"{p.name} {'/'.join(state.lines[li].colour for li in p.lines)}" for p in state.players)
    edition = ", first edition" if state.setup.variant == "classic" else ""
    return [LogEntry(-1, 0, -1, SETUP, f"{board.name}{edition}: {who}. Passenger at "
                                      f"{board.stations[state.passenger].name}; destinations "
                                      f"{_station_list(board, state.face_up)}", (), (state.passenger,)),
            turn_entry(state, -1, 0, state.current, state.actions_left)]


class GameLog:
    """The log of one game, kept up to date as actions are added (a shadow position follows them).

    ``update(setup, actions)`` catches up with a longer action list and starts again when an earlier action
    changed (an undo), so a table can call it before every look at the log."""

    def __init__(self, setup):
        self.setup = setup
        self.state = start(setup)
        self.board = board_of(self.state)
        self.actions: list = []
        self.entries: list[LogEntry] = setup_entries(self.state)
        self.step_entries: list[int] = []  # per action: the index of its first entry
        self.problem = ""

    def update(self, actions) -> list[LogEntry]:
        actions = list(actions)
        if actions[:len(self.actions)] != self.actions:
            self.__init__(self.setup)
        for i in range(len(self.actions), len(actions)):
            if not self.add(actions[i]):
                break
        return self.entries

    def add(self, action) -> bool:
        """Apply one more action to the shadow position and log it; False (and ``problem`` set) if illegal."""
        st = self.state
        player, turn = st.current, st.turn
        tiles = st.players[player].branch_tiles
        try:
            events = apply(st, action)
        except IllegalAction as exc:
            self.problem = f"actions[{len(self.actions)}]: illegal: {exc}"
            return False
        step = len(self.actions)
        self.actions.append(action)
        self.step_entries.append(len(self.entries))
        if isinstance(action, Undo):
            for e in events:
                if isinstance(e, ev.Undone):
                    player = e.player
        self.entries.extend(action_entries(self.board, st, action, events, step, turn, player, tiles))
        return True


def game_log(setup, actions) -> list[LogEntry]:
    """Every entry of a game: its set-up and ``actions`` (a record's, or ``state.log``)."""
    return GameLog(setup).update(actions)


def log_of(state) -> list[LogEntry]:
    return game_log(state.setup, state.log)


def log_of_record(rec) -> list[LogEntry]:
    load_board(rec.map)
    return game_log(rec.setup, rec.actions)
