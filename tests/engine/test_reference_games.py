"""Random games checked action by action against the slow reference in tests/reference/.

After every action: scores by category, branch tiles, tokens, the passenger, the face-up cards, the deck,
whose turn, actions left, the phase, undo, the legal placements, whether a branch tile may be taken (New York's
water) and the offered route options must be exactly what the reference (written from the rulebook, sharing no code with the engine) says; every
passenger move's route must be a real route with the claimed cost; a finished game's winners must be
the reference's.
"""
from __future__ import annotations

import functools
import os
import random

import networkx as nx

import pytest

from game.engine import (ChooseReward, ChooseRoute, CompleteSet, PlaceTrack, TakeBranch, apply, board_of, can_undo,
                         is_legal, legal_actions, new_game, winners)
from game.engine.actions import Undo
from game.engine.events import (BranchTaken, DestinationsDrawn, GameOver, PassengerLeft, PassengerMoved,
                                RouteChoiceNeeded, Scored, TokenPlaced, TurnStarted)
from game.engine.state import CHOICE_PHASES, NO_PASSENGER
from game.engine import passenger as engine_passenger
from game.engine.rules import legal_placements
from tests.reference import RefGame, differences, ref_board
from tests.reference.compare import route_problems
from tests.reference.geometry import strictly_inside


def as_ref(action) -> tuple:
    if isinstance(action, PlaceTrack):
        return ("place", action.line, action.connection)
    if isinstance(action, TakeBranch):
        return ("branch",)
    if isinstance(action, ChooseRoute):
        return ("route", action.option)
    if isinstance(action, Undo):
        return ("undo",)
    if isinstance(action, ChooseReward):
        return ("reward", action.choice)
    if isinstance(action, CompleteSet):
        return ("complete_set", action.complete)
    raise TypeError(action)


def reference_for(state) -> RefGame:
    su = state.setup
    return RefGame(ref_board(su.map), len(su.players), su.lines, su.start_player, su.deck,
                   su.connection_tiles, su.variant, su.landmark_tiles, su.objectives)


@functools.lru_cache(maxsize=None)
def loop_plans(map_name: str) -> list[frozenset[int]]:
    """Cycles of the board (as sets of connections) with stations inside: lines follow them to close real loops."""
    board = ref_board(map_name)
    g = nx.Graph()
    g.add_edges_from((a, b, {"c": c}) for c, (a, b, _) in enumerate(board.conns))
    plans = []
    for cycle in nx.simple_cycles(g, length_bound=8):
        if len(cycle) >= 4:
            poly = [board.xy[s] for s in cycle]
            if any(strictly_inside(xy, poly) for s, xy in enumerate(board.xy) if s not in cycle):
                plans.append(frozenset(g[a][b]["c"] for a, b in zip(cycle, cycle[1:] + cycle[:1])))
    return sorted(plans, key=sorted)


@functools.lru_cache(maxsize=None)
def objective_plan(map_name: str, card: int) -> frozenset[int]:
    """The connections of shortest paths joining the three stations of a secret objective card."""
    board = ref_board(map_name)
    g = nx.Graph()
    g.add_edges_from((a, b, {"c": c}) for c, (a, b, _) in enumerate(board.conns))
    x, y, z = sorted(board.objectives[card][0])
    path = nx.shortest_path(g, x, y) + nx.shortest_path(g, y, z)[1:]
    return frozenset(g[a][b]["c"] for a, b in zip(path, path[1:]))


# Loops around the middle of London (both editions), for runs too short to search the board for cycles.
FIXED_LOOPS = [
    ["Bond Street", "Baker Street", "Great Portland Street", "Euston", "Tottenham Court Road", "Leicester Square",
     "Piccadilly Circus", "Green Park"],
    ["Bank", "London Bridge", "Borough", "Elephant & Castle", "Stockwell", "Vauxhall", "Pimlico", "Victoria",
     "Green Park", "Oxford Circus", "Euston", "King's Cross St. Pancras", "Moorgate"],
    ["Holborn", "King's Cross St. Pancras", "Moorgate", "Bank", "Blackfriars", "Charing Cross", "Leicester Square"],
]


def fixed_plans(map_name: str) -> list[frozenset[int]]:
    board = ref_board(map_name)
    return [frozenset(board.conn(a, b) for a, b in zip(loop, loop[1:] + loop[:1])) for loop in FIXED_LOOPS]


def pick(rng: random.Random, state, undo_rate: float, plans: dict[int, frozenset[int]] | None = None):
    """A random action with a taste for what exercises the rules: branches, closed loops, undo, every route.

    ``plans`` gives some lines a cycle of the board to follow, so that loops with stations inside get built.
    """
    if can_undo(state) and rng.random() < undo_rate:
        return Undo()
    if state.phase == "route":
        return ChooseRoute(rng.randrange(len(state.options)))
    if state.phase in CHOICE_PHASES:  # Paris: a terminus reward, or (mostly yes) whether to complete a landmark set
        return CompleteSet(True) if state.phase == "complete_set" and rng.random() < 0.6 else rng.choice(
            legal_actions(state))
    placements = legal_placements(state)
    if not placements or rng.random() < 0.12:
        if placements and not is_legal(state, TakeBranch()):  # New York: it would leave a line on the water
            return PlaceTrack(*rng.choice(placements)[:2])
        return TakeBranch()
    lines = state.lines
    board = board_of(state)
    closing, bending = [], []  # close a cycle now; reach a station next to the line (a cycle next time)
    for li, c, cost in placements:
        ln = lines[li]
        if not ln.conns:
            continue
        a, b = board.conn_ends[c]
        if ln.degree.get(a, 0) and ln.degree.get(b, 0):
            closing.append((li, c, cost))
            continue
        new = b if ln.degree.get(a, 0) else a
        if any(ln.degree.get(board.connections[k].other(new), 0) for k in board.station_conns[new]
               if k != c):
            bending.append((li, c, cost))
    branching = [p for p in placements if p[2]]
    planned = [p for p in placements if plans and p[1] in plans.get(p[0], ())]
    r = rng.random()
    if planned and rng.random() < 0.95:
        li, c, _ = rng.choice(planned)
    elif closing and r < 0.8:
        li, c, _ = rng.choice(closing)
    elif bending and r < 0.85:
        li, c, _ = rng.choice(bending)
    elif branching and r < 0.9:
        li, c, _ = rng.choice(branching)
    else:
        extend = [p for p in placements if lines[p[0]].conns] if rng.random() < 0.8 else []
        li, c, _ = rng.choice(extend or placements)
    return PlaceTrack(li, c)


def play_against_reference(seed: int, players: int, map_name: str = "london", variant: str = "standard",
                           undo_rate: float = 0.05, check_legal_every: int = 1, search_loops: bool = True) -> dict:
    rng = random.Random(seed)
    state = new_game(map_name, players, seed=seed, variant=variant)
    ref = reference_for(state)
    if ref.board.city == "london":  # loops score on London only
        catalogue = loop_plans(state.setup.map) if search_loops else fixed_plans(state.setup.map)
        plans = {li: rng.choice(catalogue) for li in range(len(state.lines)) if rng.random() < 0.5}
    elif ref.board.water:  # New York: some lines seek the water crossings (icons mid-turn, the third icon's points)
        wet = frozenset(c for c, (a, b, _) in enumerate(ref.board.conns) if {a, b} & ref.board.water)
        plans = {li: wet for li in range(len(state.lines)) if rng.random() < 0.6}
    elif ref.board.objectives:  # Paris: some lines head for the stations of one of their owner's secret cards
        plans = {li: objective_plan(state.setup.map, rng.choice(ref.objectives[ref.line_owner[li]]))
                 for li in range(len(state.lines)) if rng.random() < 0.7}
    else:
        plans = {}
    assert differences(state, ref, can_undo(state), legal_placements(state), is_legal(state, TakeBranch())) == []
    stats = {"actions": 0, "route_choices": 0, "undos": 0, "loops": 0, "branches": 0, "water": 0, "clusters": 0,
             "stays": 0, "on_water": 0, "rer": 0, "rewards": 0, "sets_completed": 0, "landmark_sets": 0,
             "objectives": 0, "full": 0}
    step = 0
    while not state.over:
        assert step < 1000, "the game does not end"  # a real game has about 150 actions
        action = pick(rng, state, undo_rate, plans)
        if isinstance(action, Undo) and rng.random() < 0.5:
            state = state.copy()  # a position decoded mid-turn (no snapshot, no caches) undoes the same way
        if step % 3 == 1 and "_pgraph" in state.__dict__:
            state = shared_twins(state)
        before = state.copy()
        cost = ref.placement_cost(action.line, action.connection) if isinstance(action, PlaceTrack) else 0
        rides_before = len(ref.rides_made)
        events = apply(state, action)
        ref.apply(as_ref(action))
        step += 1
        stats["actions"] += 1
        stats["route_choices"] += isinstance(action, ChooseRoute)
        stats["undos"] += isinstance(action, Undo)
        stats["branches"] += any(getattr(e, "branch_tiles_spent", 0) for e in events)
        stats["loops"] += any(getattr(e, "category", "") == "loops" for e in events)
        stats["water"] += any(getattr(e, "category", "") == "water" for e in events)
        stats["clusters"] += any(getattr(e, "category", "") == "clusters" for e in events)
        stats["stays"] += sum(a == b for a, b, _, _ in ref.rides_made[rides_before:])
        stats["on_water"] += bool(ref.board.water and ref.phase == "actions" and ref.on_water())
        for cat in ("rer", "landmark_sets", "objectives"):
            stats[cat] += any(getattr(e, "category", "") == cat for e in events)
        stats["rewards"] += isinstance(action, ChooseReward)
        stats["sets_completed"] += action == CompleteSet(True)
        stats["full"] += any(isinstance(e, TokenPlaced) and e.lane >= ref.board.conns[e.connection][2] for e in events)
        problems = event_problems(action, events, before, state, ref, cost, ref.rides_made[rides_before:])
        problems += cache_problems(state)
        legal = legal_placements(state) if step % check_legal_every == 0 else None
        branch = is_legal(state, TakeBranch()) if legal is not None else None
        problems += differences(state, ref, can_undo(state), legal, branch)
        assert not problems, _report(seed, players, variant, step, action, before, problems)
    assert winners(state) == ref.winners(), (seed, players, "winners")
    stats["water_refusals"] = ref.water_refusals
    return stats


def shared_twins(state):
    """A look-ahead's copy of ``state`` (its passenger lookups shared, passenger.share_lookups), to go on with the game;
    a second twin takes the first legal action meanwhile, which must change neither of the others' lookups."""
    go_on = state.copy()
    engine_passenger.share_lookups(state, go_on)
    other = state.copy()
    engine_passenger.share_lookups(go_on, other)
    acts = legal_actions(other)
    if acts:
        apply(other, acts[0])
    assert not cache_problems(other) and not cache_problems(go_on) and not cache_problems(state)
    return go_on


def cache_problems(state) -> list[str]:
    """The passenger search's lookups, kept up to date placement by placement, must equal fresh ones."""
    cached = state.__dict__.get("_pgraph")
    if cached is None:
        return []
    fresh = engine_passenger._graph(state.copy(), board_of(state))

    def norm(g):
        empty_nbr, line_mask, station_lines, line_adj = g[:4]
        return (list(empty_nbr), list(line_mask), list(station_lines),
                [{k: sorted(v) for k, v in adj.items()} for adj in line_adj])

    return [] if norm(cached) == norm(fresh) else ["the passenger's cached lookups differ from fresh ones"]


def event_problems(action, events, before, after, ref: RefGame, cost: int, rides) -> list[str]:
    """Whether what ``apply`` reported is what happened: the UI animates from these events alone."""
    out: list[str] = []
    board = ref.board
    kinds = {type(e).__name__ for e in events}
    if isinstance(action, Undo):
        if [(type(e).__name__, e.player) for e in events] != [("Undone", before.current)]:
            out.append(f"undo reported {events!r}")
        return out
    placed = [e for e in events if isinstance(e, TokenPlaced)]
    if isinstance(action, PlaceTrack):
        want = [TokenPlaced(before.current, action.line, action.connection,
                            ref.track[action.connection].index(action.line), cost)]
        if placed != want:
            out.append(f"token events {placed!r}, expected {want!r}")
    elif placed:
        out.append(f"a token event without a placement: {placed!r}")
    taken = [e.player for e in events if isinstance(e, BranchTaken)]
    if taken != ([before.current] if isinstance(action, TakeBranch) else []):
        out.append(f"branch tile events for {taken}")
    # every point scored is reported, with the line and stations that earned it
    got: dict[tuple[int, str], int] = {}
    for e in events:
        if not isinstance(e, Scored):
            continue
        got[(e.player, e.category)] = got.get((e.player, e.category), 0) + e.points
        if e.category == "landmark_bonus":
            if e.line != -1 or not after.over:
                out.append(f"{e!r}: the landmark bonus is for the player, at the end")
            continue
        if e.line < 0 or ref.line_owner[e.line] != e.player:
            out.append(f"{e!r}: not a line of player {e.player}")
            continue
        on = ref.stations_of(e.line)
        if e.category == "terminus" and isinstance(action, ChooseReward):  # Paris: the reward chosen
            want = [(p, t) for name, p, t in board.terminus_rewards if name == action.choice]
            if [(e.points, e.branch_tiles)] != want or e.stations != (before.pending[0].station,):
                out.append(f"{e!r}: not the reward {action.choice} for the station asked about")
        elif e.branch_tiles != (1 if e.category == "terminus" else 0):
            out.append(f"{e!r}: wrong branch tiles")
        if e.category in ("national_rail", "terminus", "plus", "rer"):
            if len(e.stations) != 1 or e.stations[0] not in on or e.category not in board.kinds[e.stations[0]]:
                out.append(f"{e!r}: not a {e.category} station of the line")
        elif e.category == "connections":
            if (len(e.stations) != 2 or not set(e.stations) <= on
                    or len({ref.symbol.get(x) for x in e.stations}) != 1 or e.stations[0] not in ref.symbol):
                out.append(f"{e!r}: not two stations of the line with the same symbol")
        elif e.category == "loops":
            if len(e.stations) != e.points or not set(e.stations) <= ref.loop_scored[e.line]:
                out.append(f"{e!r}: not the stations scored inside the loop")
        elif e.category == "passenger":
            if e.points != 1 or not any(e.stations == (to,) and e.line in lines for _, to, lines, _ in rides):
                out.append(f"{e!r}: not a line of a passenger move")
        elif e.category == "water":
            if e.points != 3 or len(set(e.stations)) != 3 or not set(e.stations) <= on & board.water:
                out.append(f"{e!r}: not 3 points for three water icons of the line")
        elif e.category == "clusters":
            if len(e.stations) != 1 or e.stations[0] not in on or not any(e.stations[0] in cl for cl in board.clusters):
                out.append(f"{e!r}: not a station of a cluster on the line")
        elif e.category == "objectives":
            cards = [board.objectives[k] for k in ref.objectives[e.player]]
            if not after.over or (frozenset(e.stations), e.points) not in cards or not set(e.stations) <= on:
                out.append(f"{e!r}: not a secret objective of the player met by the line, at the end")
        elif e.category != "landmark_sets":
            out.append(f"{e!r}: a category the reference does not know")
    for p, pl in enumerate(after.players):
        for cat in set(pl.points) | set(before.players[p].points):
            delta = pl.points.get(cat, 0) - before.players[p].points.get(cat, 0)
            if delta != got.get((p, cat), 0):
                out.append(f"player {p} {cat}: +{delta} points but events report {got.get((p, cat), 0)}")
    if isinstance(action, PlaceTrack) and board.clusters:
        # the clusters the token reached score the number reached before, one after the other (the first scores 0)
        on = ref.stations_of(action.line)
        was = set()
        for c in ref.line_conns(action.line):
            if c != action.connection:
                was |= set(board.conns[c][:2])
        before_n, after_n = (sum(1 for cl in board.clusters if cl & x) for x in (was, on))
        pts = [e.points for e in events if isinstance(e, Scored) and e.category == "clusters"]
        if pts != [k for k in range(before_n, after_n) if k]:
            out.append(f"cluster points {pts}: the line reached {before_n} clusters before this token, {after_n} now")
    moved = [(e.origin, e.destination, tuple(e.lines)) for e in events if isinstance(e, PassengerMoved)]
    if moved != [(a, b, lines) for a, b, lines, _ in rides]:
        out.append(f"passenger moves reported {moved}, the reference made {rides}")
    for e, (a, b, lines, empty) in zip([e for e in events if isinstance(e, PassengerMoved)], rides):
        out += route_problems(ref, a, e.hops, lines, empty)
        if e.hops and e.hops[-1][1] != b or not e.hops and a != b:
            out.append(f"the route of {e!r} does not end at the destination")
    left = [e.station for e in events if isinstance(e, PassengerLeft)]
    if left != ([(moved[-1][1] if moved else before.passenger)] if after.passenger == NO_PASSENGER
                and before.passenger != NO_PASSENGER else []):
        out.append(f"passenger left events {left}")
    drawn = [e.cards for e in events if isinstance(e, DestinationsDrawn)]
    took = len(before.deck) - len(after.deck)
    if drawn != ([tuple(before.deck[:took])] if took else []):
        out.append(f"drawn cards reported {drawn}, drawn {before.deck[:took]}")
    if ("EndTriggered" in kinds) != (bool(before.deck) and not after.deck):
        out.append("the end triggered event is wrong")
    over = [e.winners for e in events if isinstance(e, GameOver)]
    if over != ([tuple(ref.winners())] if after.over else []):
        out.append(f"game over reported {over}")
    choice = [(e.player, e.options) for e in events if isinstance(e, RouteChoiceNeeded)]
    if choice != ([(after.current, len(after.options))] if after.phase == "route" else []):
        out.append(f"route choice events {choice}")
    turns = [(e.player, e.actions) for e in events if isinstance(e, TurnStarted)]
    if turns != ([(after.current, after.actions_left)] if after.current != before.current or
                 after.turn != before.turn and not after.over else []):
        out.append(f"turn started events {turns}")
    return out


def _report(seed, players, variant, step, action, before, problems) -> str:
    return (f"engine and reference disagree in game seed={seed} players={players} variant={variant} after action "
            f"{step} ({action!r}, turn {before.turn}, player {before.current}):\n  " + "\n  ".join(problems))


# A bounded number for `make test` (about 40 s of one core in all); thousands under `make soak`.
QUICK = [("london", "standard", 6), ("london", "classic", 3), ("london-2006", "standard", 2), ("berlin", "standard", 3),
         ("newyork", "standard", 3), ("paris", "standard", 3)]
SCALE = float(os.environ.get("REFERENCE_GAMES_SCALE", "1"))


@pytest.mark.parametrize("map_name,variant,games", QUICK)
def test_random_games_agree_with_the_reference(map_name, variant, games):
    totals: dict[str, int] = {}
    for g in range(max(1, round(games * SCALE))):
        stats = play_against_reference(1000 + g, 2 + g % 4, map_name, variant)
        for k, v in stats.items():
            totals[k] = totals.get(k, 0) + v
    # the games really met what they are meant to check
    assert totals["route_choices"] and totals["undos"] and totals["branches"], totals
    if map_name == "newyork":  # lines ended on icons mid-turn, the rule refused placements, the third icon scored,
        # clusters scored, and the passenger stayed put for a second card of its station
        assert all(totals[k] for k in ("on_water", "water_refusals", "water", "clusters", "stays")), totals
    if map_name == "paris":  # RER points, terminus rewards chosen, a set of five, a set completed with branch tiles,
        # a secret objective met, and tokens bought onto full connections
        assert all(totals[k] for k in ("rer", "rewards", "landmark_sets", "sets_completed", "objectives", "full")), totals


def test_a_few_games_agree_with_the_reference():
    """The short version `make mutate` runs for every mutant: both London editions and Berlin, loops, undo, ties."""
    stats = play_against_reference(3, 2, "london", "standard", check_legal_every=3, search_loops=False)
    stats2 = play_against_reference(6, 2, "london", "classic", check_legal_every=3, search_loops=False)
    play_against_reference(2, 2, "berlin", "standard", check_legal_every=3)
    assert stats["loops"] and stats["route_choices"] + stats2["route_choices"] and stats["undos"] + stats2["undos"]


def test_reference_games_build_loops_with_stations_inside():
    """The random players follow planned cycles, so loops that score do get compared (seeds checked here)."""
    loops = sum(play_against_reference(seed, 2, "london", "standard")["loops"] for seed in (1, 2))
    assert loops > 0


@pytest.mark.soak
@pytest.mark.parametrize("map_name,variant", [(m, v) for m, v, _ in QUICK])
def test_thousands_of_games_agree_with_the_reference(map_name, variant):
    """REFERENCE_SOAK_GAMES (default 1000 per edition) games with more undo."""
    n = int(os.environ.get("REFERENCE_SOAK_GAMES", "1000"))
    for g in range(n):
        play_against_reference(50_000 + g, 2 + g % 4, map_name, variant, undo_rate=0.08)
