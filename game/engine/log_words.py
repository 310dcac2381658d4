"""The game log in words: every action of a game and what it scored, as lines a player can read.

"Ada: red Bank – Moorgate, +1 National Rail". Each :class:`LogEntry` also says which record step it comes
from (so a replay can jump there) and which connections and stations it is about (so a screen can show it on
the board). Built by replaying the set-up and the actions, so it works the same for a game on the table
(``state.setup``, ``state.log``) and a record read from a file.

Paris's secret objectives stay secret: no entry names a player's objective cards or their stations until the
game is over, when the end reveals every hand.

Every text is English but keeps how it was made: a :class:`~game.engine.actions.Words` (a template and its
values), a :class:`~game.engine.actions.Plural` (a count, said with ngettext) or a
:class:`~game.engine.actions.WordList` (a list of them), nested as
deep as a line needs, so the log panel can say it in the player's language (``game.i18n.words_text``). Station,
player and board names are values, never translated. The templates are marked for extraction (``Words`` and
``ngettext`` are keywords of ``make translations``); nothing here imports pygame or looks a word up.
"""
from __future__ import annotations

from dataclasses import dataclass

from . import events as ev
from .actions import (ChooseReward, ChooseRoute, CompleteSet, IllegalAction, PlaceTrack, Plural, TakeBranch, Undo,
                      WordList, Words, ngettext)
from .board import Board, load_board
from .rules import apply, board_of, start

# Entry kinds: the set-up, a turn beginning, each action, and what the table does by itself.
SETUP, TURN, PLACE, BRANCH, ROUTE, REWARD, COMPLETE_SET, UNDO = (
    "setup", "turn", "place", "branch", "route", "reward", "complete_set", "undo")
PASSENGER, DRAWN, LEFT, END, FINAL, OVER = "passenger", "drawn", "left", "end", "final", "over"




CATEGORY_WORDS = {
    "national_rail": Words("National Rail"), "terminus": Words("terminus"),
    "connections": Words("connection tiles"), "loops": Words("loop"), "plus": Words("+ station"),
    "landmark_sets": Words("landmark set"), "landmark_bonus": Words("landmark bonus"), "clusters": Words("cluster"),
    "water": Words("third water icon"), "rer": Words("RER"), "objectives": Words("secret objective"),
    "passenger": Words("passenger"),
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


def cluster_title(key: str) -> str:
    """A New York cluster as the board prints it: 'lower_manhattan' -> 'LOWER MANHATTAN'."""
    return key.replace("_", " ").replace("-", " ").strip().upper()


def node_words(board: Board, s: int) -> Words | str:
    """A station's name as players see it; a New York water icon (a node named "Water: Marcy Av" in the map,
    unnamed on the board) is the water crossing by that place, in the reader's language."""
    name = board.stations[s].name
    if s in board.water:
        return Words("water crossing by {place}", place=name.removeprefix("Water: "))
    return name


def conn_words(board: Board, c: int) -> Words | str:
    a, b = board.conn_ends[c]
    if a in board.water or b in board.water:
        return Words("{a} – {b}", a=node_words(board, a), b=node_words(board, b))
    return f"{board.stations[a].name}{DASH}{board.stations[b].name}"


def _branch_tiles(n: int) -> Plural:
    return ngettext("{n} branch tile", "{n} branch tiles", n)


def _points(n: int) -> Plural:
    return ngettext("{n} point", "{n} points", n)


def _station_list(board: Board, stations) -> WordList:
    return WordList(board.stations[s].name for s in stations)


def _terminus_points(e: ev.Scored) -> Words | str:
    """What a terminus paid: "+2", "+1 and 1 branch tile", "+2 branch tiles" or "+0"."""
    if e.points and e.branch_tiles:
        return Words("+{points} and {tiles}", points=e.points, tiles=_branch_tiles(e.branch_tiles))
    if e.branch_tiles:
        return ngettext("+{n} branch tile", "+{n} branch tiles", e.branch_tiles)
    return f"+{e.points}"


def score_words(board: Board, state, e: ev.Scored) -> Words:
    """One Scored event in words, e.g. "+1 National Rail (Moorgate)"."""
    name = lambda s: board.stations[s].name  # noqa: E731
    cat = e.category

    def at(words: Words) -> Words:  # the station it is about, if any
        return Words("{score} ({station})", score=words, station=name(e.stations[0])) if e.stations else words

    if cat == "terminus":
        pts = _terminus_points(e)
        if e.stations:
            return Words("{points} (terminus {station})", points=pts, station=name(e.stations[0]))
        return Words("{points} (terminus)", points=pts)
    if cat == "connections" and len(e.stations) == 2:
        symbol = None
        if e.stations[1] in board.london_connection_stations:
            i = board.london_connection_stations.index(e.stations[1])
            tiles = state.setup.connection_tiles
            symbol = tiles[i] if i < len(tiles) else None
        if symbol is None:
            return Words("+{points} connection tiles ({station} and {other})", points=e.points,
                         station=name(e.stations[0]), other=name(e.stations[1]))
        # the symbol is a word the screens translate (i18n.CONNECTION_TILE_NAMES), not a name kept as printed
        return Words("+{points} connection tiles {connection_tile} ({station} and {other})", points=e.points,
                     connection_tile=symbol, station=name(e.stations[0]), other=name(e.stations[1]))
    if cat == "loops":
        return Words("+{points} loop ({stations} inside)", points=e.points,
                     stations=ngettext("{n} station", "{n} stations", len(e.stations)))
    if cat == "plus":
        return at(Words("+{points} + station", points=e.points))
    if cat == "clusters" and e.stations:
        cl = board.station_cluster[e.stations[0]] if board.station_cluster else None
        if cl:  # the cluster's name is a place name: as printed on the board
            return at(Words("+{points} cluster {cluster}", points=e.points, cluster=cluster_title(cl)))
        return at(Words("+{points} cluster", points=e.points))
    if cat == "water":
        return Words("+{points} third water icon", points=e.points)
    if cat == "objectives":
        return Words("+{points} secret objective ({stations})", points=e.points,
                     stations=_station_list(board, e.stations))
    words = CATEGORY_WORDS.get(cat, cat.replace("_", " "))
    return at(Words("+{points} {category}", points=e.points, category=words))


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
        text = Words("Passenger stays at {station} and takes its second destination", station=dest.name)
    elif kind == "express":
        text = Words("Passenger: {origin} → {destination} (express)", origin=board.stations[e.origin].name,
                     destination=dest.name)
    elif kind == "standard":
        text = Words("Passenger: {origin} → {destination} (standard)", origin=board.stations[e.origin].name,
                     destination=dest.name)
    else:
        text = Words("Passenger: {origin} → {destination}", origin=board.stations[e.origin].name,
                     destination=dest.name)
    if paid:
        text = Words("{move}, {scores}", move=text, scores=WordList(
            Words("{colour} +{points} {name}", colour=state.lines[s.line].colour, points=s.points,
                  name=state.players[s.player].name) for s in paid))
    else:
        text = Words("{move}, no line scores", move=text)
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
            how = Words("met by {colours}", colours=WordList((state.lines[li].colour for li in met), kind="colour")) \
                if met else Words("not met")
            out.append(LogEntry(step, turn, p, FINAL,
                                Words("{name}'s secret objective {stations} ({points}): {how}", name=player.name,
                                      stations=_station_list(board, stations),
                                      points=_points(board.objective_points[card]), how=how), (), tuple(stations)))
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
        text = Words("{name}: {colour} {connection}", name=name, colour=colour,
                     connection=conn_words(board, action.connection))
        if placed is not None and placed.branch_tiles_spent:
            text = Words("{move} ({tiles})", move=text, tiles=_branch_tiles(placed.branch_tiles_spent))
        parts = []
        for e in own:  # in the order they happened: a landmark tile, then the set it completes
            if isinstance(e, ev.Scored):
                parts.append(score_words(board, state, e))
            elif isinstance(e, ev.LandmarkTaken):
                where = board.stations[e.station].name
                if e.landmark_type[:1].lower() in "aeiou":
                    parts.append(Words("takes an {landmark} landmark tile ({station})", landmark=e.landmark_type,
                                       station=where))
                else:
                    parts.append(Words("takes a {landmark} landmark tile ({station})", landmark=e.landmark_type,
                                       station=where))
        if parts:
            text = Words("{move}, {scores}", move=text, scores=WordList(parts))
        a, b = board.conn_ends[action.connection]
        out.append(LogEntry(step, turn, player, PLACE, text, (action.connection,), (a, b)))
    elif isinstance(action, TakeBranch):
        out.append(LogEntry(step, turn, player, BRANCH, Words("{name}: takes a branch tile", name=name)))
    elif isinstance(action, ChooseRoute):
        moved = next((e for e in table if isinstance(e, ev.PassengerMoved)), None)
        text = Words("{name}: chooses the passenger's route to {station}", name=name,
                     station=board.stations[moved.destination].name) if moved else \
            Words("{name}: chooses the passenger's route", name=name)
        out.append(LogEntry(step, turn, player, ROUTE, text, (), (moved.destination,) if moved else ()))
    elif isinstance(action, ChooseReward):
        s = next((e for e in own if isinstance(e, ev.Scored) and e.category == "terminus"), None)
        if s is not None:
            text = Words("{name}: terminus reward at {station}: {points}", name=name,
                         station=board.stations[s.stations[0]].name, points=_terminus_points(s))
            where = s.stations
        else:
            text, where = Words("{name}: terminus reward ({choice})", name=name, choice=action.choice), ()
        out.append(LogEntry(step, turn, player, REWARD, text, (), tuple(where)))
    elif isinstance(action, CompleteSet):
        s = next((e for e in own if isinstance(e, ev.Scored) and e.category == "landmark_sets"), None)
        if s is not None:
            paid = tiles_before - state.players[player].branch_tiles
            text = Words("{name}: completes a landmark set with {tiles}, +{points} landmark set", name=name,
                         tiles=_branch_tiles(paid), points=s.points)
            where = s.stations
        else:
            text, where = Words("{name}: keeps the branch tiles (no landmark set)", name=name), ()
        out.append(LogEntry(step, turn, player, COMPLETE_SET, text, (), tuple(where)))
    elif isinstance(action, Undo):
        out.append(LogEntry(step, turn, player, UNDO, Words("{name}: takes back the last action", name=name)))
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
            out.append(LogEntry(step, turn, -1, DRAWN, Words("New destinations: {stations}",
                                                             stations=_station_list(board, e.cards)), (),
                                tuple(e.cards)))
        elif isinstance(e, ev.PassengerLeft):
            out.append(LogEntry(step, turn, -1, LEFT, Words("The deck is empty: the passenger leaves the board"), (),
                                (e.station,)))
        elif isinstance(e, ev.EndTriggered):
            n = state.n_players
            last = state.players[(state.setup.start_player - 1) % n].name
            out.append(LogEntry(step, turn, -1, END, Words("The deck is empty: last round, the game ends after "
                                                           "{name}'s turn", name=last)))
        elif isinstance(e, ev.TurnStarted):
            out.append(turn_entry(state, step, turn + 1, e.player, e.actions))
        elif isinstance(e, ev.GameOver):
            for s in final:
                who = state.players[s.player].name
                score = score_words(board, state, s)
                if s.line >= 0 and s.category == "objectives":
                    text = Words("{name}: {score} with {colour}", name=who, score=score,
                                 colour=state.lines[s.line].colour)
                else:
                    text = Words("{name}: {score}", name=who, score=score)
                out.append(LogEntry(step, turn, s.player, FINAL, text, (), tuple(s.stations)))
            final = []
            if board.objective_stations and state.setup.objectives:
                out.extend(_objective_reveal(board, state, step, turn))
            out.append(over_entry(state, step, turn, e.winners))
    if final and not over:  # cannot happen today: scores outside an action or the end; never lose them
        for s in final:
            out.append(LogEntry(step, turn, s.player, FINAL,
                                Words("{name}: {score}", name=state.players[s.player].name,
                                      score=score_words(board, state, s)), (), tuple(s.stations)))
    return out


def turn_entry(state, step: int, turn: int, player: int, actions: int) -> LogEntry:
    return LogEntry(step, turn, player, TURN,
                    Words("Turn {turn}: {name} ({actions})", turn=turn + 1, name=state.players[player].name,
                          actions=ngettext("{n} action", "{n} actions", actions)))


def over_entry(state, step: int, turn: int, winners) -> LogEntry:
    names = [state.players[w].name for w in winners]
    pts = state.players[winners[0]].score if winners else 0
    if len(names) > 1:
        together = names[-1]
        for n in reversed(names[:-1]):  # "Ada and Ben and Chloe"
            together = Words("{name} and {names}", name=n, names=together)
        text = Words("Game over: {names} share the win with {points}", names=together, points=_points(pts))
    else:
        text = Words("Game over: {name} wins with {points}", name=names[0] if names else "?", points=_points(pts))
    return LogEntry(step, turn, -1, OVER, text)


def setup_entries(state) -> list[LogEntry]:
    """The lines before the first action: the board, the players and their lines, the first turn."""
    board = board_of(state)
    who = WordList((Words("{name} {colours}", name=p.name,
                          colours=WordList((state.lines[li].colour for li in p.lines), sep="/", kind="colour"))
                    for p in state.players), sep="; ")
    params = dict(board=board.name, seats=who, station=board.stations[state.passenger].name,
                  stations=_station_list(board, state.face_up))
    if state.setup.variant == "classic":
        text = Words("{board}, first edition: {seats}. Passenger at {station}; destinations {stations}", **params)
    else:
        text = Words("{board}: {seats}. Passenger at {station}; destinations {stations}", **params)
    return [LogEntry(-1, 0, -1, SETUP, text, (), (state.passenger,)),
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
