"""The game position as plain, serialisable data.

Everything random was decided at set-up and is pinned in :class:`Setup`, so a position is fully
determined by its set-up and the actions applied since; a record is exactly that pair.
Stations, connections and lines are referred to by index (see board.py).
"""
from __future__ import annotations

import msgspec

from .actions import Action

# Token supply per colour (RULES.md: 20 of the five "long" colours, 15 of the six "short" ones).
TOKEN_SUPPLY: dict[str, int] = {
    "red": 20, "yellow": 20, "blue": 20, "purple": 20, "black": 20,
    "pink": 15, "orange": 15, "green": 15, "brown": 15, "white": 15, "grey": 15,
}

# Default line sets by player count: every player gets the same number of tokens.
# 4 players follow the rulebook's set-up picture (black/grey, white/yellow, red/orange, blue/green).
DEFAULT_LINES: dict[int, list[list[str]]] = {
    2: [["red", "blue", "orange", "green"], ["black", "yellow", "pink", "brown"]],
    3: [["red", "orange", "pink"], ["blue", "green", "white"], ["black", "grey", "brown"]],
    4: [["black", "grey"], ["yellow", "white"], ["red", "orange"], ["blue", "green"]],
    5: [["black", "grey"], ["yellow", "white"], ["red", "orange"], ["blue", "green"], ["purple", "pink"]],
}

# Lines per player by player count (rulebook set-up: the score tiles show 4, 3 or 2 colours).
LINES_PER_PLAYER: dict[int, int] = {2: 4, 3: 3, 4: 2, 5: 2}

VARIANTS = ("standard", "classic")
# The first edition's (2006) board for each map that had one: the classic variant plays there.
FIRST_EDITION_MAPS: dict[str, str] = {"london": "london-2006"}
NO_PASSENGER = -1  # state.passenger once the first edition's passenger has left the board

# Actions in the first turn, by seat in turn order (RULES.md).
FIRST_TURN_ACTIONS: dict[int, list[int]] = {
    2: [3, 5], 3: [3, 4, 5], 4: [3, 4, 4, 5], 5: [3, 4, 4, 4, 5],
}
ACTIONS_PER_TURN = 4

PHASE_ACTIONS = "actions"  # the active player takes actions
PHASE_ROUTE = "route"  # the active player must choose the passenger's route
PHASE_REWARD = "reward"  # Paris: the active player chooses a terminus reward (state.pending[0])
PHASE_COMPLETE_SET = "complete_set"  # Paris: the active player may complete a landmark set with Branch tiles
PHASE_OVER = "over"
CHOICE_PHASES = (PHASE_REWARD, PHASE_COMPLETE_SET)

# Points by category (Player.points), for the end screen: Berlin adds "plus" ("+" stations), "landmark_sets"
# (sets of five different landmark types, 10 each) and "landmark_bonus" (the end-of-game tile bonus); New York
# adds "clusters" (a line newly reaching a cluster) and "water" (a line's third water icon, 3 points); Paris adds
# "rer" (a line reaching an RER station someone reached before) and "objectives" (secret objectives, at the end).
SCORE_CATEGORIES = ("national_rail", "terminus", "connections", "loops", "plus", "landmark_sets", "landmark_bonus",
                    "clusters", "water", "rer", "objectives", "passenger", "start", "other")


class Setup(msgspec.Struct, forbid_unknown_fields=True):
    """Everything decided before the first action; with it, any game replays exactly."""

    map: str
    players: list[str]
    lines: list[list[str]]  # colours per player
    start_player: int
    deck: list[int]  # the whole shuffled deck as station indices, top first
    connection_tiles: list[str] = []  # London: symbol on each connection station (board order)
    landmark_tiles: list[str] = []  # Berlin/Paris: the type on each landmark station ([berlin]/[paris] order)
    objectives: list[list[int]] = []  # Paris: each player's secret objective cards (0-based, [paris].objectives order)
    seed: int | None = None  # the seed that produced the above, if any (information only)
    variant: str = "standard"  # "standard" | "classic"


class Player(msgspec.Struct):
    name: str
    lines: list[int]
    score: int = 0
    branch_tiles: int = 0
    points: dict[str, int] = {}  # score by category, for the end screen
    score_history: list[int] = []  # score at the end of every turn (anyone's), for the chart
    landmarks: dict[str, int] = {}  # Berlin: landmark tiles held and not yet scored in a set, by type (no zeros)


class Line(msgspec.Struct):
    colour: str
    owner: int
    tokens_left: int
    conns: list[int] = []  # connections holding this line's tokens, in placement order
    degree: dict[int, int] = {}  # station -> number of this line's tokens touching it
    loop_scored: list[int] = []  # stations already scored inside this line's loops
    symbols_scored: list[str] = []  # London connection symbols already paired by this line
    plus_stations: list[int] = []  # Berlin "+" stations this line is connected to, in the order reached
    clusters: list[str] = []  # New York clusters this line has reached, in the order reached


class Choice(msgspec.Struct):
    """A choice a placement raised that the player still has to make (Paris): asked in list order."""

    kind: str  # PHASE_REWARD | PHASE_COMPLETE_SET
    player: int
    line: int
    station: int


class RouteOption(msgspec.Struct):
    """One distinct outcome of a passenger move: where it goes and which lines score."""

    destination: int
    lines: list[int]
    empty: int  # empty track spaces walked
    hops: list[tuple[int, int, int]]  # (from station, to station, line or -1 for walking)


class GameState(msgspec.Struct, dict=True):
    setup: Setup
    players: list[Player]
    lines: list[Line]
    tokens: list[list[int]]  # per connection: the lines on its track spaces, lane by lane
    deck: list[int]
    face_up: list[int]
    discard: list[int]
    passenger: int  # a station, or NO_PASSENGER (-1): classic, the deck ran out and it left the board
    current: int
    actions_left: int
    turn: int = 0  # turns started so far, minus one
    phase: str = PHASE_ACTIONS
    moves_left: list[str] = []  # passenger moves still to make this turn ("express"/"standard"/"any")
    options: list[RouteOption] = []  # the pending choice, in PHASE_ROUTE
    end_triggered: bool = False
    log: list[Action] = []  # every action applied, in order (a record's action list)
    turn_log_start: int = 0  # index into log where the current turn's undoable actions start
    passenger_moved_this_turn: bool = False
    landmarks_left: list[int] = []  # Berlin/Paris: tiles left on each landmark station, in the map's landmarks order
    pending: list[Choice] = []  # Paris: choices still to ask; the first is asked now (state.phase is its kind)

    @property
    def n_players(self) -> int:
        return len(self.players)

    @property
    def over(self) -> bool:
        return self.phase == PHASE_OVER

    def copy(self) -> "GameState":
        """An independent copy (for look-ahead); caches are not carried over.

        Equal to a msgpack round trip (tests/engine/test_state_copy.py), at about half its cost: every list and
        dict is copied, the immutable parts (actions in the log, hops, strings) are shared.
        """
        s = self.setup
        setup = Setup(map=s.map, players=list(s.players), lines=[list(x) for x in s.lines],
                      start_player=s.start_player, deck=list(s.deck), connection_tiles=list(s.connection_tiles),
                      landmark_tiles=list(s.landmark_tiles), objectives=[list(h) for h in s.objectives],
                      seed=s.seed, variant=s.variant)
        players = [Player(name=p.name, lines=list(p.lines), score=p.score, branch_tiles=p.branch_tiles,
                          points=dict(p.points), score_history=list(p.score_history), landmarks=dict(p.landmarks))
                   for p in self.players]
        lines = [Line(colour=ln.colour, owner=ln.owner, tokens_left=ln.tokens_left, conns=list(ln.conns),
                      degree=dict(ln.degree), loop_scored=list(ln.loop_scored), symbols_scored=list(ln.symbols_scored),
                      plus_stations=list(ln.plus_stations), clusters=list(ln.clusters))
                 for ln in self.lines]
        return GameState(
            setup=setup, players=players, lines=lines, tokens=[list(t) for t in self.tokens], deck=list(self.deck),
            face_up=list(self.face_up), discard=list(self.discard), passenger=self.passenger, current=self.current,
            actions_left=self.actions_left, turn=self.turn, phase=self.phase, moves_left=list(self.moves_left),
            options=[RouteOption(destination=o.destination, lines=list(o.lines), empty=o.empty, hops=list(o.hops))
                     for o in self.options],
            end_triggered=self.end_triggered, log=list(self.log), turn_log_start=self.turn_log_start,
            passenger_moved_this_turn=self.passenger_moved_this_turn, landmarks_left=list(self.landmarks_left),
            pending=[Choice(kind=c.kind, player=c.player, line=c.line, station=c.station) for c in self.pending])

    def line_stations(self, line: int) -> list[int]:
        return [s for s, d in self.lines[line].degree.items() if d > 0]

    def ends(self, line: int) -> list[int]:
        return [s for s, d in self.lines[line].degree.items() if d == 1]
