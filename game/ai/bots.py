"""The computer levels: easy (loose), normal (greedy one action), hard (plans the whole turn).

Each bot's ``choose(state)`` first builds the public view (view.py) and never touches ``state`` again,
so no level can read the deck order.
"""
from __future__ import annotations

import math
import random
import time

from ..engine import ChooseRoute, GameState, PlaceTrack, TakeBranch, apply, passenger
from ..engine.rules import board_of, legal_placements
from ..engine.state import CHOICE_PHASES
from .evaluate import (DEFAULT, ROUTE, Judge, Weights, branch_legal, copy_state, facts_of, finish_routes,
                       lead_of, passenger_now, route_choice, score_lead)
from .cities import city_value
from .view import public_view


class Bot:
    """Shared plumbing: the public view, route choices, and a seeded tie-break."""

    level = "bot"

    def __init__(self, seed: int | None = None, weights: Weights = DEFAULT):
        self.rng = random.Random(seed)
        self.w = weights
        self.last_seconds = 0.0  # how long the last decision took (arena statistics)

    def choose(self, state: GameState):
        t0 = time.perf_counter()
        if state.over:
            raise ValueError("the game is over: there is no action to choose")
        view = public_view(state)
        me = view.current
        if view.phase == ROUTE:
            action = self.choose_route(view, me)
        elif view.phase in CHOICE_PHASES:
            action = self.choose_choice(view, me)
        else:
            action = self.act(view, me)
        self.last_seconds = time.perf_counter() - t0
        return action

    def choose_route(self, view: GameState, me: int):
        return ChooseRoute(route_choice(view, me))

    def choose_choice(self, view: GameState, me: int):
        """A terminus reward or a set completion (Paris): the board's answer, the one look-aheads assume too."""
        return city_value(view).choice(view, me)

    def act(self, view: GameState, me: int):  # pragma: no cover - every level overrides it
        raise NotImplementedError


# ------------------------------------------------------------------------------------------------
# a quick look at one placement, without applying it


def quick_gain(view: GameState, facts, w: Weights, li: int, conn: int, cost: int, pool: set[int],
               face: set[int], mine: set[int], extra: dict[int, float] | None = None) -> float:
    """Rough worth of a placement from the stations it reaches and the step after; no copy, no apply.

    ``mine`` holds the stations the player's lines already touch: reaching a station with a card still
    to come counts like the judge's passenger cover only if it is new to the player. ``extra`` is the
    city's worth of this line reaching a station (cities/: Berlin's "+" stations and landmarks).
    """
    ln = view.lines[li]
    deg = ln.degree
    a, b = facts.conn_ends[conn]
    if not ln.conns:
        v = facts.start_value[conn]
        v += 1.0 * ((a in face) + (b in face))
        v += w.cover * ((a in pool and a not in mine) + (b in pool and b not in mine))
        if extra:
            v += extra.get(a, 0.0) + extra.get(b, 0.0)
        return v
    v = -cost * w.tile
    tokens = view.tokens
    for s in (a, b):
        if deg.get(s, 0):
            continue
        v += facts.base[s]
        sym = facts.symbol[s]
        if sym is not None and sym not in ln.symbols_scored:
            v += 3.0 if deg.get(facts.partner[s], 0) else w.symbol_half
        if s in pool:
            v += w.pool_reach
            if s not in mine:
                v += w.cover
        if s in face:
            v += 1.0 + w.face_reach  # the passenger may ride there at the end of this very turn
        if extra:
            v += extra.get(s, 0.0)
        # one step beyond the new end; none at all means the end is walled in
        best = 0.0
        exits = 0
        for c, t in facts.nbrs[s]:
            if c == conn or deg.get(t, 0):
                continue
            toks = tokens[c]
            if len(toks) < facts.spaces[c] and li not in toks:
                exits += 1
                x = facts.base[t] + w.pool_reach * (t in pool) + w.face_reach * (t in face)
                if extra:
                    x += extra.get(t, 0.0)
                if x > best:
                    best = x
        v += w.decay * best
        if not exits:
            v -= w.room * w.end
    if deg.get(a, 0) and deg.get(b, 0):
        v += 0.5  # closes a loop: worth a look, the look-ahead scores it exactly
    return v


_SCALED: dict[tuple[int, float], tuple[dict, dict]] = {}  # (id of a city's reach answer, share) -> (it, scaled)


def _scaled(ex: dict | None, share: float) -> dict | None:
    """A city's reach answer (cities/) × ``share`` (``Weights.city_quick``), kept per answer: the cities keep their
    answers and hand out the same dict for the same position of a line, never changed after (a playout's rankings
    asked for the same few hundred times)."""
    if not ex or share == 1.0:
        return ex
    key = (id(ex), share)
    hit = _SCALED.get(key)
    if hit is not None and hit[0] is ex:  # the answer is kept alive in the entry, so its id is not reused
        return hit[1]
    out = {s: x * share for s, x in ex.items()}
    if len(_SCALED) >= 4096:
        _SCALED.clear()
    _SCALED[key] = (ex, out)
    return out


def ranked_placements(view: GameState, w: Weights, limit: int | None = None):
    """(quick worth, line, connection, branch tiles spent) of legal placements, best first.

    Unstarted lines of equal size are the same choice, so only the first of them is listed.
    """
    facts = facts_of(view, w)
    pool = set(view.deck) | set(view.face_up)
    face = set(view.face_up)
    fresh_seen: set[int] = set()
    skip: set[int] = set()
    for li in view.players[view.current].lines:
        ln = view.lines[li]
        if not ln.conns and ln.tokens_left > 0:
            if ln.tokens_left in fresh_seen:
                skip.add(li)  # same supply as another unstarted line: the same choice
            fresh_seen.add(ln.tokens_left)
    mine: set[int] = set()
    for li in view.players[view.current].lines:
        mine.update(s for s, d in view.lines[li].degree.items() if d > 0)
    placements = [p for p in legal_placements(view) if p[0] not in skip]
    # the city's worth per station, asked only for lines with a placement
    reach = city_value(view).reach_lines(view, list(dict.fromkeys(li for li, _, _ in placements)))
    extra = {li: _scaled(ex, w.city_quick) for li, ex in reach.items()}
    scored = [(quick_gain(view, facts, w, li, c, cost, pool, face, mine, extra[li]), li, c, cost)
              for li, c, cost in placements]
    scored.sort(key=lambda x: -x[0])
    if limit is not None:
        scored = scored[:limit]
    return scored


# ------------------------------------------------------------------------------------------------
# easy


class EasyBot(Bot):
    """Plausible but loose: one action ahead, judged by the position it leaves, chosen with plenty of noise.

    It looks at the most promising placements (quick_gain) and a branch tile, values the position after
    each with the hard level's judge but without any thought for the passenger, then draws one with a
    soft-max; now and then it plays any placement at all.
    """

    level = "easy"
    temperature = 1.0  # points: how loosely it picks among good actions
    looks = 10  # placements it looks at
    wander = 0.1  # share of placements made without looking

    def act(self, view: GameState, me: int):
        ranked = ranked_placements(view, self.w)
        if ranked and self.rng.random() < self.wander:
            _, li, c, _ = ranked[self.rng.randrange(len(ranked))]
            return PlaceTrack(li, c)
        judge = Judge(view, me, self.w)
        judge.value(view)
        options = [TakeBranch()] * branch_legal(view) + [PlaceTrack(li, c) for _, li, c, _ in ranked[:self.looks]]
        values = []
        for a in options:
            c = copy_state(view)
            apply(c, a)
            finish_routes(c, me)
            values.append(judge.value(c, view, a.connection if isinstance(a, PlaceTrack) else -1))
        hi = max(values)
        weights = [math.exp((v - hi) / self.temperature) for v in values]
        return self.rng.choices(options, weights=weights)[0]


# ------------------------------------------------------------------------------------------------
# normal


def expected_next(view: GameState, me: int) -> float:
    """Average lead the passenger would give ``me`` going to a destination still to come, from where it is.

    One search settles every station (a target bit no station has), then each possible destination's
    best routes are read off; tied line sets are averaged, since the mover need not be ``me``.
    """
    board = board_of(view)
    pool = set(view.deck) | set(view.face_up)
    pool.discard(view.passenger)
    if not pool:
        return 0.0
    se = passenger.Search(view, board, view.passenger, 1 << len(board.stations))
    total = 0.0
    for v in pool:
        if v not in se.lvl:
            continue
        sets = se.line_sets(v)
        total += sum(_lines_lead(view, m, me) for m in sets) / len(sets)
    return total / len(pool)


def _lines_lead(view: GameState, mask: int, me: int) -> int:
    """Passenger points of the lines in ``mask``, own minus the best opponent's."""
    pts = [0] * view.n_players
    while mask:
        low = mask & -mask
        pts[view.lines[low.bit_length() - 1].owner] += 1
        mask ^= low
    return lead_of(pts, me)


class NormalBot(Bot):
    """Greedy: tries every legal action once and keeps the one that looks best right after it.

    The worth of an action: the change in points lead (exact, including the passenger when it is the
    turn's last action, since the engine then moves it); before the last action, the lead the passenger
    would bring if the turn ended now; a share of the average lead over trips from where the passenger
    stands to every destination still to come; and half the change in the judge's position value
    (line ends, room to grow, destinations touched, branch tiles), so that a quiet action is not
    chosen blindly. It never looks two actions ahead.
    """

    level = "normal"
    next_share = 0.3  # weight of the average over the next destinations
    position = 0.5  # weight of the judge's position value
    most = 150  # placements tried; only a first turn has more (lines can start anywhere)

    def act(self, view: GameState, me: int):
        base = score_lead(view, me)
        last = view.actions_left == 1
        judge = Judge(view, me, self.w)
        pos0 = lead_of(judge.potentials(view), me)
        options = [TakeBranch()] * branch_legal(view)
        options += [PlaceTrack(li, c) for _, li, c, _ in ranked_placements(view, self.w, self.most)]
        best = None
        for action in options:
            c = copy_state(view)
            apply(c, action)
            finish_routes(c, me)
            v = score_lead(c, me) - base
            if not last:
                v += passenger_now(c, me)
            v += self.next_share * expected_next(c, me)
            changed = action.connection if isinstance(action, PlaceTrack) else -1
            v += self.position * (lead_of(judge.potentials(c, view, changed), me) - pos0)
            v += self.rng.random() * 1e-6
            if best is None or v > best[0]:
                best = (v, action)
        return best[1]


# ------------------------------------------------------------------------------------------------
# hard


class HardBot(Bot):
    """Plans the rest of the turn with a beam search; the passenger's move at its end is the engine's own.

    Each step extends every kept sequence by its ``breadth`` most promising placements (quick_gain;
    ``opening_breadth`` while a line is unstarted) and a branch tile, applied by the engine on copies of
    the public view. Children are ranked by Judge.value; the best ``short_list`` per sequence then get
    the passenger terms (its ride if the turn ended there, and trips from its station), and the
    ``width`` best are kept. The last action makes the engine move the passenger exactly, so finished
    turns are judged on the real outcome; the best ``recheck`` of them also get the full count of trips
    to come. The plan is kept while the position follows it. docs/ai.md has the measured effect of each
    setting.
    """

    level = "hard"
    width = 6
    breadth = 12
    work_budget = 1000.0  # work units per decision (about a child position each, see COST); past it the search narrows
    budget = 5.0  # seconds of wall clock: a safety stop only, for a machine far slower or busier than usual
    recheck = 30  # finished turns that get the count of future trips
    opening_breadth = 40  # placements per sequence while a line is still to be started
    follow_plan = True  # play the rest of the turn's plan without searching again
    inner_trips = 1.0  # weight of a one-origin trip count before the last action
    short_list = 5  # children per kept sequence that get the passenger terms before the last action

    # what each piece of the search costs, in work units (a child position: copy, apply and judge = 1);
    # measured on Berlin and London, so that the work count tracks processor time without reading a clock;
    # a board whose pieces cost more says so through its city hook (``search_costs``: Paris)
    COST = {"child": 1.0, "rank": 0.4, "passenger": 0.4, "origin": 0.5}

    def __init__(self, seed: int | None = None, weights: Weights = DEFAULT, **settings):
        """``settings`` override the class's search settings above (width, breadth, work_budget, budget, ...)."""
        super().__init__(seed, weights)
        self._given_w = weights
        for k, v in settings.items():
            if k.startswith("_") or k == "COST" or not hasattr(type(self), k) or callable(getattr(type(self), k)):
                raise TypeError(f"HardBot has no setting {k!r}")
            setattr(self, k, v)
        self._plan: list = []
        self._plan_keys: list[tuple] = []
        self.last_work = 0.0  # work units the last search used
        self.cut_by_work = 0  # searches narrowed by the work budget (reproducible)
        self.cut_by_clock = 0  # searches narrowed by the wall-clock safety stop (the choice then depends on timing)

    @staticmethod
    def _key(view: GameState) -> tuple:
        return (view.turn, view.current, view.actions_left, tuple(map(tuple, view.tokens)),
                tuple(p.branch_tiles for p in view.players), view.passenger, tuple(view.face_up))

    def act(self, view: GameState, me: int):
        if self._given_w is DEFAULT:
            self.w = city_value(view).weights(self.level, DEFAULT)  # the board's tuning (cities/), if any
        key = self._key(view)
        if self.follow_plan and self._plan and self._plan_keys and self._plan_keys[0] == key:
            self._plan_keys.pop(0)
            return self._plan.pop(0)
        plan, keys = self.plan(view, me)
        self._plan = plan[1:]
        self._plan_keys = keys[1:]
        return plan[0]

    def passenger_terms(self, state: GameState, judge: Judge, me: int) -> float:
        """What the passenger promises in a half-built turn: its ride if the turn ended now, and trips to come."""
        v = passenger_now(state, me)
        if self.inner_trips:
            v += self.inner_trips * judge.trip_lead(state, [state.passenger])
        return v

    def trip_origins(self, view: GameState) -> list[int]:
        """Stations with cards still to come, spread over the pool, as origins of sample trips."""
        pool = sorted(set(view.deck) | set(view.face_up))
        k = max(0, self.w.origins - 1)
        if not pool or not k:
            return []
        step = len(pool) / k
        return [pool[int(i * step)] for i in range(k)]

    def plan(self, view: GameState, me: int):
        """The best sequence of the turn's remaining actions, with the position key before each.

        The search is bounded by counted work, not by the clock, so the same position gets the same
        choice on a busy machine as on a quiet one; the wall clock (``budget``) only stops a search
        that is running far slower than the work count expects.
        """
        best = self.search(view, me)[0]
        return best[2], best[3]

    def search(self, view: GameState, me: int) -> list[tuple]:
        """The finished turns the search judged, best first: (value, position, actions, keys before each
        action, placements, branch tiles, passenger terms). The expert level tries out the first few."""
        t0 = time.perf_counter()
        cost = city_value(view).search_costs(self.COST)  # a board with dearer pieces counts them so (cities/)
        work = 0.0
        clock_cut = False

        def out_of_work(extra: float = 0.0) -> bool:
            nonlocal clock_cut
            if work + extra > self.work_budget:
                return True
            if time.perf_counter() - t0 > self.budget:
                clock_cut = True
                return True
            return False

        judge = Judge(view, me, self.w)
        judge.value(view)  # line-end values for the children to start from
        steps = view.actions_left
        pterms0 = self.passenger_terms(view, judge, me)
        work += cost["passenger"] + cost["origin"] * (self.inner_trips > 0)
        p_cost = cost["passenger"] + cost["origin"] * (self.inner_trips > 0)
        # node: (value, state, actions, keys, placements, branches, passenger terms)
        beam = [(0.0, view, [], [self._key(view)], frozenset(), 0, pterms0)]
        late = False
        narrowed = False
        for step in range(steps):
            last = step == steps - 1
            breadth = 2 if late else self.breadth
            if not late and any(not view.lines[li].conns for li in view.players[me].lines):
                breadth = self.opening_breadth  # where a line starts shapes the whole game
            children: dict[tuple, tuple] = {}
            w_step = work
            expanded = 0
            for _, state, acts, keys, placed, branches, pterms in beam:
                if children and out_of_work():
                    late = True  # out of work: keep what this step found, finish the turn narrowly
                    break
                expanded += 1
                work += cost["rank"]
                cands = [PlaceTrack(li, c) for _, li, c, _ in ranked_placements(state, self.w, breadth)]
                if branch_legal(state):
                    cands.append(TakeBranch())
                for a in cands:
                    if children and out_of_work():
                        late = True
                        break
                    if isinstance(a, TakeBranch):
                        ckey = (placed, branches + 1)
                    else:
                        ckey = (placed | {(a.line, a.connection)}, branches)
                    if ckey in children:
                        continue
                    work += cost["child"]
                    c = copy_state(state)
                    apply(c, a)
                    changed = a.connection if isinstance(a, PlaceTrack) else -1
                    if last:
                        finish_routes(c, me)
                        v = judge.value(c, state, changed)
                    else:
                        finish_routes(c, me)  # a terminus reward or set completion the placement asked (Paris)
                        # the parent's passenger terms stand in until the child is short-listed
                        v = judge.value(c, state, changed) + pterms
                    v += self.rng.random() * 1e-6
                    nkeys = keys if last else keys + [self._key(c)]
                    children[ckey] = (v, c, acts + [a], nkeys, ckey[0], ckey[1], pterms)
            width = 1 if late else self.width
            ranked = sorted(children.values(), key=lambda n: -n[0])
            if not last:
                # the short list gets its own passenger terms (the slow part), then is ranked again
                short = []
                for v, c, acts, nkeys, placed, branches, old in ranked[:width * self.short_list]:
                    if short and out_of_work(p_cost):
                        late = True
                        break
                    if isinstance(acts[-1], TakeBranch):
                        p = old
                    else:
                        p = self.passenger_terms(c, judge, me)
                        work += p_cost
                    short.append((v - old + p, c, acts, nkeys, placed, branches, p))
                ranked = sorted(short, key=lambda n: -n[0])
            if last and not late and self.w.trips:
                # the finished turns that look best also get the slower count of future trips
                origins = self.trip_origins(view)
                o_cost = cost["origin"] * (1 + len(origins))
                top = []
                for v, c, *rest in ranked[:self.recheck]:
                    if top and out_of_work(o_cost):
                        narrowed = True
                        break  # out of work: choose among those counted so far
                    work += o_cost
                    top.append((v + judge.trip_lead(c, [c.passenger] + origins), c, *rest))
                ranked = sorted(top, key=lambda n: -n[0])
            if last:
                finished = ranked
            beam = ranked[:width]
            if not late and not last:
                # narrow the beam if the steps left would not fit in the work budget at this width
                per_node = (work - w_step) / max(1, expanded)
                rest = steps - step - 1
                if work + per_node * len(beam) * rest > self.work_budget:
                    fit = int((self.work_budget - work) / (per_node * rest))
                    if fit >= 1:
                        beam = beam[:fit]
                        narrowed = True
                    else:
                        late = True
            narrowed = narrowed or late
        if clock_cut:
            self.cut_by_clock += 1
        elif narrowed:
            self.cut_by_work += 1
        self.last_work = work
        return finished


LEVELS = ("random", "easy", "normal", "hard", "expert")  # weakest first (the set-up lists them so)
