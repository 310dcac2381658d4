"""The shared ruleset: set-up, legal actions, applying actions, turn flow and the passenger.

Cities change the game only through the hooks of :class:`Ruleset` (ruleset.py; the cities in ``cities/`` import
that module, never this one, so no import goes round in a circle); nothing here knows about London connection
tiles or Berlin landmarks.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Iterable

import msgspec

from . import passenger
from .actions import (CHOICE_ACTIONS, Action, ChooseRoute, IllegalAction, PlaceTrack, TakeBranch, Undo, Words,
                      ngettext)
from .board import Board, board_of, load_board  # board_of lives with the board; still found here, as Ruleset
from .events import (BranchTaken, ChoiceNeeded, DestinationsDrawn, EndTriggered, Event, GameOver, PassengerMoved,
                     RouteChoiceNeeded, TokenPlaced, TurnStarted, Undone)
from .ruleset import Ruleset, add_points
from .state import (ACTIONS_PER_TURN, CHOICE_PHASES, DEFAULT_LINES, FIRST_EDITION_MAPS, LINES_PER_PLAYER,
                    PHASE_ACTIONS, PHASE_OVER, PHASE_ROUTE, TOKEN_SUPPLY, VARIANTS, GameState, Line, Player, Setup)

FACE_UP = 4


def ruleset_for(board: Board) -> Ruleset:
    from .cities import ruleset_for_city

    return ruleset_for_city(board.city)


# ------------------------------------------------------------------------------------------------
# set-up


class SetupError(ValueError):
    """A set-up that cannot start a game; the message says which field and why."""


def classic_map(map: str) -> str:
    """The board the classic variant plays on for ``map``: its first edition's, or raise SetupError."""
    if map in FIRST_EDITION_MAPS.values():
        return map
    if map in FIRST_EDITION_MAPS:
        return FIRST_EDITION_MAPS[map]
    known = ", ".join(f"{k!r}" for k in FIRST_EDITION_MAPS)
    raise SetupError(f"variant: the classic variant (first edition, 2006) is played on the first edition's "
                     f"board; map {map!r} has none (maps with a first edition: {known})")


def default_lines(n_players: int) -> list[list[str]]:
    if n_players not in DEFAULT_LINES:
        raise SetupError(f"players: {n_players} players; On the Underground is for 2 to 5 players")
    return [list(x) for x in DEFAULT_LINES[n_players]]


def new_game(map: str = "london", players: int | list[str] = 2, seed: int | None = 0,
             start_player: int | None = None, deck: list[int] | list[str] | None = None,
             connection_tiles: list[str] | None = None, lines: list[list[str]] | None = None,
             variant: str = "standard", landmark_tiles: list[str] | None = None,
             objectives: list[list[int]] | None = None) -> GameState:
    """Set up a game. Every random element comes from ``seed`` unless given explicitly.

    ``variant="classic"`` plays the first edition: on London that is its own board, so ``map="london"``
    becomes ``setup.map == "london-2006"``; a map without a first edition is a SetupError.
    ``landmark_tiles`` (Berlin, Paris) pins the landmark deal: one type per landmark station, in the map's
    order; ``objectives`` (Paris) pins each player's secret objective cards.
    """
    if variant == "classic":
        map = classic_map(map)
    board = load_board(map)
    names = [f"Player {i + 1}" for i in range(players)] if isinstance(players, int) else list(players)
    rng = random.Random(seed)
    if deck is None:
        d = list(board.express_cards) + list(board.standard_cards)
        rng.shuffle(d)
    else:
        d = [board.station(x) if isinstance(x, str) else x for x in deck]
    extra: dict = {"connection_tiles": connection_tiles, "landmark_tiles": landmark_tiles,
                   "objectives": objectives, "n_players": len(names)}
    ruleset_for(board).random_setup(board, rng, extra)
    if start_player is None:
        start_player = rng.randrange(len(names)) if len(names) else 0
    setup = Setup(map=map, players=names, lines=lines if lines is not None else default_lines(len(names)),
                  start_player=start_player, deck=d, connection_tiles=extra["connection_tiles"] or [],
                  landmark_tiles=extra["landmark_tiles"] or [], objectives=extra["objectives"] or [], seed=seed,
                  variant=variant)
    return start(setup)


def check_setup(setup: Setup, board: Board) -> list[str]:
    """Every reason a pinned set-up cannot be played, naming the field."""
    problems = []
    n = len(setup.players)
    if not 2 <= n <= 5:
        problems.append(f"setup.players: {n} players; the game is for 2 to 5")
        return problems
    if len(setup.lines) != n:
        problems.append(f"setup.lines: {len(setup.lines)} line sets for {n} players; give one set per player")
    seen = set()
    want = LINES_PER_PLAYER[n]
    for i, cols in enumerate(setup.lines):
        if len(cols) != want:
            problems.append(f"setup.lines[{i}]: {len(cols)} line(s); with {n} players every player has {want} "
                            f"lines (rulebook set-up)")
        for c in cols:
            if c not in TOKEN_SUPPLY:
                problems.append(f"setup.lines[{i}]: unknown colour {c!r}; use one of {', '.join(TOKEN_SUPPLY)}")
            if c in seen:
                problems.append(f"setup.lines[{i}]: colour {c!r} is used twice; each colour is one line")
            seen.add(c)
    tokens = [sum(TOKEN_SUPPLY.get(c, 0) for c in cols) for cols in setup.lines]
    if len(set(tokens)) > 1 and all(c in TOKEN_SUPPLY for cols in setup.lines for c in cols):
        shown = ", ".join(f"{'+'.join(cols) or 'none'} = {t}" for cols, t in zip(setup.lines, tokens))
        problems.append(f"setup.lines: players have different numbers of track tokens ({shown}); give every "
                        f"player the same mix of 20-token (red, yellow, blue, purple, black) and 15-token colours")
    if not 0 <= setup.start_player < n:
        problems.append(f"setup.start_player: {setup.start_player} is not a seat (0..{n - 1})")
    full = sorted(board.express_cards + board.standard_cards)
    if sorted(setup.deck) != full:
        bad = [x for x in setup.deck if not 0 <= x < len(board.stations)]
        hint = f" (station numbers out of range: {bad[:5]})" if bad else ""
        if not bad:
            want, got = Counter(full), Counter(setup.deck)
            off = [f"{board.stations[x].name} {got[x]} time(s), the deck has {want[x]}"
                   for x in sorted(set(want) | set(got)) if want[x] != got[x]]
            hint = f" ({'; '.join(off[:4])})" if off else ""
        problems.append(f"setup.deck: not the {board.name} deck of {len(full)} destination cards{hint}; "
                        f"give every card exactly once")
    if setup.variant not in VARIANTS:
        problems.append(f"setup.variant: unknown variant {setup.variant!r}; use 'standard' or 'classic'")
    elif setup.variant == "classic" and setup.map not in FIRST_EDITION_MAPS.values():
        fe = FIRST_EDITION_MAPS.get(setup.map)
        fix = (f"use map {fe!r} (the first edition's board)" if fe else
               f"this map has no first edition (maps with one: {', '.join(FIRST_EDITION_MAPS)})")
        problems.append(f"setup.map: {setup.map!r} with variant 'classic'; the classic variant is played on the "
                        f"first edition's board: {fix}")
    if setup.landmark_tiles and not board.landmark_stations:
        problems.append(f"setup.landmark_tiles: the {board.name} board has no landmark stations; leave it empty")
    if setup.objectives and not board.objective_stations:
        problems.append(f"setup.objectives: the {board.name} board has no secret objectives (Paris only); "
                        f"leave it empty")
    problems += ruleset_for(board).check_setup(board, setup)
    return problems


def start(setup: Setup) -> GameState:
    """The position before the first action of a pinned set-up."""
    board = load_board(setup.map)
    problems = check_setup(setup, board)
    if problems:
        raise SetupError("; ".join(problems))
    rs = ruleset_for(board)
    n = len(setup.players)
    players = []
    lines = []
    for i, (name, cols) in enumerate(zip(setup.players, setup.lines)):
        ids = []
        for col in cols:
            ids.append(len(lines))
            lines.append(Line(colour=col, owner=i, tokens_left=TOKEN_SUPPLY[col]))
        seat = (i - setup.start_player) % n
        p = Player(name=name, lines=ids, score=rs.initial_score(setup, seat))
        if p.score:
            p.points["start"] = p.score
        players.append(p)
    deck = list(setup.deck)
    face_up = deck[:FACE_UP]
    state = GameState(
        setup=setup, players=players, lines=lines, tokens=[[] for _ in board.connections],
        deck=deck[FACE_UP:], face_up=face_up, discard=[], passenger=board.start,
        current=setup.start_player, actions_left=rs.first_turn_actions(setup, 0),
    )
    rs.prepare_state(state, board)
    return state


# ------------------------------------------------------------------------------------------------
# queries


def rules_of(state: GameState) -> Ruleset:
    try:
        return state._rules
    except AttributeError:
        r = state.__dict__["_rules"] = ruleset_for(board_of(state))
        return r


def seat_of(state: GameState, player: int) -> int:
    return (player - state.setup.start_player) % state.n_players


def last_player(state: GameState) -> int:
    return (state.setup.start_player - 1) % state.n_players


def placement_cost(state: GameState, line: int, conn: int) -> int:
    """Branch tiles a placement would cost (0 or 2), or raise IllegalAction saying why it is not allowed."""
    board = board_of(state)
    if not 0 <= line < len(state.lines):
        raise IllegalAction(f"there is no line {line}")
    if not 0 <= conn < len(board.connections):
        raise IllegalAction(f"there is no connection {conn} on the {board.name} board")
    ln = state.lines[line]
    if ln.owner != state.current:
        raise IllegalAction(Words("the {colour} line belongs to {owner}, not to {player}", colour=ln.colour,
                                  owner=state.players[ln.owner].name, player=state.players[state.current].name))
    if ln.tokens_left <= 0:
        raise IllegalAction(Words("no {colour} tokens left", colour=ln.colour))
    toks = state.tokens[conn]
    if line in toks:
        raise IllegalAction(Words("the {colour} line is already on {connection}; tokens on one connection must be "
                                  "different colours", colour=ln.colour, connection=board.conn_name(conn)))
    full = 0
    if len(toks) >= board.connections[conn].spaces:
        extra = rules_of(state).full_connection_tiles(board)
        if extra is None:
            raise IllegalAction(Words("no free track space on {connection}: space taken",
                                      connection=board.conn_name(conn)))
        full = extra
    have = state.players[ln.owner].branch_tiles
    if not ln.conns:
        branch = 0
    else:
        a, b = board.conn_ends[conn]
        da = ln.degree.get(a, 0)
        db = ln.degree.get(b, 0)
        if da == 1 or db == 1:
            branch = 0
        elif da or db:
            branch = 2
            if have < 2 + full:
                if full:
                    raise IllegalAction(Words(
                        "{connection} is not at an end of the {colour} line and branching there needs 2 branch "
                        "tiles and {full} for the full connection (you have {have}): no branch tiles",
                        connection=board.conn_name(conn), colour=ln.colour, full=full, have=have))
                raise IllegalAction(Words("{connection} is not at an end of the {colour} line and branching there "
                                          "needs 2 branch tiles (you have {have}): no branch tiles",
                                          connection=board.conn_name(conn), colour=ln.colour, have=have))
        else:
            raise IllegalAction(Words("{connection} does not touch the {colour} line; extend it at an end of the line",
                                      connection=board.conn_name(conn), colour=ln.colour))
    if full and have < branch + full:
        raise IllegalAction(Words("every track space on {connection} is taken; a token there costs {cost} (you have "
                                  "{have})", connection=board.conn_name(conn), have=have,
                                  cost=ngettext("{n} branch tile", "{n} branch tiles", branch + full)))
    return branch + full


def legal_placements(state: GameState) -> list[tuple[int, int, int]]:
    """(line, connection, branch tiles it costs) for every legal placement of the active player."""
    if state.phase != PHASE_ACTIONS:
        return []
    board = board_of(state)
    player = state.players[state.current]
    tokens = state.tokens
    spaces = board.conn_spaces
    station_conns = board.station_conns
    branch_ok = player.branch_tiles >= 2
    out: list[tuple[int, int, int]] = []
    free_all = None
    lines = state.lines
    for li in player.lines:
        ln = lines[li]
        if ln.tokens_left <= 0:
            continue
        if not ln.conns:
            if free_all is None:
                free_all = [c for c, t in enumerate(tokens) if len(t) < spaces[c]]
            out += [(li, c, 0) for c in free_all]
            continue
        # ends first (touching an end is free), then, with 2 branch tiles, the line's other stations; a connection
        # is offered once, at its first station
        degree = ln.degree
        seen = set()
        for s, d in degree.items():
            if d == 1:
                for c in station_conns[s]:
                    t = tokens[c]
                    if len(t) < spaces[c] and li not in t and c not in seen:
                        seen.add(c)
                        out.append((li, c, 0))
        if branch_ok:
            for s, d in degree.items():
                if d > 1:
                    for c in station_conns[s]:
                        t = tokens[c]
                        if len(t) < spaces[c] and li not in t and c not in seen:
                            seen.add(c)
                            out.append((li, c, 2))
    rs = rules_of(state)
    full = rs.full_connection_tiles(board)
    if full is not None and player.branch_tiles >= full:
        out += _full_placements(state, board, player, full)
    return rs.filter_placements(state, board, out)


def _full_placements(state: GameState, board: Board, player, full: int) -> list[tuple[int, int, int]]:
    """Placements on full connections, bought with ``full`` Branch tiles (plus 2 off the line's ends)."""
    tiles = player.branch_tiles
    tokens = state.tokens
    spaces = board.conn_spaces
    out = []
    for li in player.lines:
        ln = state.lines[li]
        if ln.tokens_left <= 0:
            continue
        if not ln.conns:
            out.extend((li, c, full) for c, t in enumerate(tokens) if len(t) >= spaces[c] and li not in t)
            continue
        seen = set()
        ends = [s for s, d in ln.degree.items() if d == 1]
        inner = [s for s, d in ln.degree.items() if d > 1] if tiles >= full + 2 else []
        for cost, stations in ((full, ends), (full + 2, inner)):
            for s in stations:
                for c in board.station_conns[s]:
                    if c not in seen:
                        seen.add(c)
                        t = tokens[c]
                        if len(t) >= spaces[c] and li not in t:
                            out.append((li, c, cost))
    return out


def legal_actions(state: GameState) -> list[Action]:
    """Every legal game action for the player to act (Undo is offered separately, see can_undo)."""
    if state.phase == PHASE_ACTIONS:
        acts: list[Action] = [PlaceTrack(li, c) for li, c, _ in legal_placements(state)]
        take = TakeBranch()
        if rules_of(state).action_problem(state, board_of(state), take) is None:
            acts.append(take)
        return acts
    if state.phase == PHASE_ROUTE:
        return [ChooseRoute(i) for i in range(len(state.options))]
    if state.phase in CHOICE_PHASES:
        return rules_of(state).choice_actions(state, board_of(state))
    return []


def can_undo(state: GameState) -> bool:
    return (state.phase != PHASE_OVER and not state.passenger_moved_this_turn
            and len(state.log) > state.turn_log_start)


def is_legal(state: GameState, action: Action) -> bool:
    try:
        check(state, action)
    except IllegalAction:
        return False
    return True


def check(state: GameState, action: Action) -> None:
    """Raise IllegalAction saying why ``action`` cannot be applied now."""
    _check(state, action)


def _check(state: GameState, action: Action) -> int:
    """check(); returns the branch tiles a legal placement costs (0 for any other action), so apply need not
    work it out again."""
    if state.phase == PHASE_OVER:
        raise IllegalAction(Words("the game is over"))
    if isinstance(action, Undo):
        if not can_undo(state):
            raise IllegalAction(Words("nothing to undo: undo works only within the current turn, "
                                      "before the passenger moves"))
        return 0
    if isinstance(action, ChooseRoute):
        if state.phase != PHASE_ROUTE:
            raise IllegalAction(Words("there is no passenger route to choose now"))
        if not 0 <= action.option < len(state.options):
            raise IllegalAction(f"route option {action.option} does not exist "
                                f"(there are {len(state.options)})")
        return 0
    if isinstance(action, CHOICE_ACTIONS) or state.phase in CHOICE_PHASES:
        if state.phase not in CHOICE_PHASES:
            raise IllegalAction(Words("there is no choice to make now"))
        problem = rules_of(state).choice_problem(state, board_of(state), action)
        if problem:
            raise IllegalAction(problem)
        return 0
    if state.phase == PHASE_ROUTE:
        raise IllegalAction(Words("choose the passenger's route first"))
    if state.actions_left <= 0:
        raise IllegalAction(Words("no actions left this turn"))
    cost = 0
    if isinstance(action, PlaceTrack):
        cost = placement_cost(state, action.line, action.connection)
    elif not isinstance(action, TakeBranch):
        raise IllegalAction(f"unknown action {action!r}")
    problem = rules_of(state).action_problem(state, board_of(state), action)
    if problem:
        raise IllegalAction(problem)
    return cost


def why_illegal(state: GameState, action: Action) -> str | None:
    """Why ``action`` cannot be applied now, in the game's words (for a refused tap), or None if it can."""
    try:
        check(state, action)
    except IllegalAction as exc:
        return str(exc)
    return None


# ------------------------------------------------------------------------------------------------
# applying actions


def apply(state: GameState, action: Action) -> list[Event]:
    """Apply a legal action in place and return what happened; raise IllegalAction otherwise."""
    cost = _check(state, action)
    events: list[Event] = []
    if isinstance(action, Undo):
        _undo(state, events)
        return events
    if len(state.log) == state.turn_log_start and not state.passenger_moved_this_turn:
        # the turn's start, for Undo; without the log, which undo takes from the log itself (a third of the cost)
        log = state.log
        state.log = []
        try:
            state.__dict__["_turn_snapshot"] = msgspec.msgpack.encode(state)
        finally:
            state.log = log
    state.log.append(action)
    if isinstance(action, ChooseRoute):
        opt = state.options[action.option]
        state.options = []
        state.phase = PHASE_ACTIONS
        _move_passenger(state, opt, events)
        _continue_passenger(state, events)
        return events
    if isinstance(action, CHOICE_ACTIONS):
        choice = state.pending.pop(0)
        rules_of(state).apply_choice(state, board_of(state), choice, action, events)
        _after_action(state, events)
        return events
    player = state.current
    if isinstance(action, TakeBranch):
        state.players[player].branch_tiles += 1
        events.append(BranchTaken(player))
    else:
        _place(state, action, events, cost)
    state.actions_left -= 1
    _after_action(state, events)
    return events


def _after_action(state: GameState, events: list) -> None:
    """Ask the next pending choice (skipping those no longer open); with none left, go on with the turn: after
    the last action the passenger moves."""
    rs = rules_of(state)
    board = board_of(state)
    while state.pending and not rs.choice_open(state, board, state.pending[0]):
        state.pending.pop(0)
    if state.pending:
        c = state.pending[0]
        state.phase = c.kind
        events.append(ChoiceNeeded(c.player, c.kind, c.station))
        return
    state.phase = PHASE_ACTIONS
    if state.actions_left == 0:
        state.moves_left = rs.passenger_moves(state, board)
        _continue_passenger(state, events)


def _place(state: GameState, action: PlaceTrack, events: list, cost: int | None = None) -> None:
    """Place the token; ``cost`` is placement_cost's answer for it, if already known (apply's check)."""
    board = board_of(state)
    rs = rules_of(state)
    li, c = action.line, action.connection
    if cost is None:
        cost = placement_cost(state, li, c)
    ln = state.lines[li]
    owner = ln.owner
    if cost:
        state.players[owner].branch_tiles -= cost
    toks = state.tokens[c]
    lane = len(toks)
    toks.append(li)
    ln.conns.append(c)
    ln.tokens_left -= 1
    a, b = board.conn_ends[c]
    passenger.note_placement(state, li, a, b, lane == 0)
    events.append(TokenPlaced(owner, li, c, lane, cost))
    da = ln.degree.get(a, 0)
    db = ln.degree.get(b, 0)
    ln.degree[a] = da + 1
    ln.degree[b] = db + 1
    if da == 0:
        rs.on_connected(state, board, li, a, events)
    if db == 0:
        rs.on_connected(state, board, li, b, events)
    rs.after_placement(state, board, li, c, da > 0 and db > 0, events)


def _undo(state: GameState, events: list) -> None:
    """Restore the turn's start and replay its actions but the last."""
    snap = state.__dict__.get("_turn_snapshot")
    redo = state.log[state.turn_log_start:-1]
    undone_player = state.current
    if snap is None:  # e.g. a state decoded mid-turn: rebuild from the record
        fresh = start(state.setup)
        for a in state.log[:state.turn_log_start]:
            apply(fresh, a)
        base = fresh
    else:
        base = msgspec.msgpack.decode(snap, type=GameState)
        base.log = state.log[:state.turn_log_start]
    for f in state.__struct_fields__:
        setattr(state, f, getattr(base, f))
    passenger.invalidate(state)
    for a in redo:
        apply(state, a)
    events.append(Undone(undone_player))


def _continue_passenger(state: GameState, events: list) -> None:
    """Make the remaining passenger moves; stop to ask when a move has several outcomes."""
    board = board_of(state)
    while state.moves_left:
        kind = state.moves_left[0]
        opts = passenger.route_options(state, board, kind)
        if not opts:
            state.moves_left.pop(0)
            continue
        if len(opts) > 1:
            state.phase = PHASE_ROUTE
            state.options = opts
            events.append(RouteChoiceNeeded(state.current, len(opts)))
            return
        _move_passenger(state, opts[0], events)
    _end_turn(state, events)


def _move_passenger(state: GameState, opt, events: list) -> None:
    state.moves_left.pop(0)
    origin = state.passenger
    state.passenger = opt.destination
    state.passenger_moved_this_turn = True
    for li in opt.lines:
        add_points(state, state.lines[li].owner, 1, "passenger", events, li, (opt.destination,))
    state.face_up.remove(opt.destination)
    state.discard.append(opt.destination)
    events.append(PassengerMoved(origin, opt.destination, tuple(tuple(h) for h in opt.hops), tuple(opt.lines)))


def _end_turn(state: GameState, events: list) -> None:
    drawn = []
    while len(state.face_up) < FACE_UP and state.deck:
        card = state.deck.pop(0)
        state.face_up.append(card)
        drawn.append(card)
    if drawn:
        events.append(DestinationsDrawn(tuple(drawn)))
    rules_of(state).after_refill(state, board_of(state), events)
    if not state.deck and not state.end_triggered:
        state.end_triggered = True
        events.append(EndTriggered())
    for p in state.players:  # everyone's score after every turn, for the end screen's chart
        p.score_history.append(p.score)
    state.passenger_moved_this_turn = False
    state.moves_left = []
    if state.end_triggered and state.current == last_player(state):
        board = board_of(state)
        rules_of(state).final_scoring(state, board, events)
        state.phase = PHASE_OVER
        state.turn_log_start = len(state.log)
        events.append(GameOver(tuple(winners(state))))
        return
    state.turn += 1
    state.current = (state.current + 1) % state.n_players
    seat = seat_of(state, state.current)
    rs = rules_of(state)
    state.actions_left = (rs.first_turn_actions(state.setup, seat) if state.turn < state.n_players
                          else ACTIONS_PER_TURN)
    state.phase = PHASE_ACTIONS
    state.turn_log_start = len(state.log)
    state.__dict__.pop("_turn_snapshot", None)
    events.append(TurnStarted(state.current, state.actions_left))


def rank_key(state: GameState, player: int) -> tuple[int, ...]:
    """What places a player: (points, branch tiles), or (points,) in the classic variant (no tie-break).

    Players with equal keys share a place (and, at the top, the win).
    """
    p = state.players[player]
    if rules_of(state).tie_break_by_branch_tiles(state.setup):
        return (p.score, p.branch_tiles)
    return (p.score,)


def winners(state: GameState) -> list[int]:
    """Most points; ties go to most branch tiles (not in the classic variant); a tie after that is shared."""
    keys = [rank_key(state, i) for i in range(state.n_players)]
    best = max(keys)
    return [i for i, k in enumerate(keys) if k == best]


def ranking(state: GameState) -> list[int]:
    """Players best first (equal rank_key: seat order in the set-up)."""
    return sorted(range(state.n_players), key=lambda i: (tuple(-x for x in rank_key(state, i)), i))


def apply_all(state: GameState, actions: Iterable[Action]) -> GameState:
    for a in actions:
        apply(state, a)
    return state
