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
from .evaluate import (DEFAULT, ROUTE, Judge, Weights, copy_state, facts_of, finish_routes, lead_of,
                       passenger_now, route_choice, score_lead)
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
        else:
            action = self.act(view, me)
        self.last_seconds = time.perf_counter() - t0
        return action

    def choose_route(self, view: GameState, me: int):
        return ChooseRoute(route_choice(view, me))

    def act(self, view: GameState, me: int):  # pragma: no cover - every level overrides it
        raise NotImplementedError


# ------------------------------------------------------------------------------------------------
# a quick look at one placement, without applying it


def quick_gain(view: GameState, facts, w: Weights, li: int, conn: int, cost: int, pool: set[int],
               face: set[int]) -> float:
    """Rough worth of a placement from the stations it reaches and the step after; no copy, no apply."""
    ln = view.lines[li]
    deg = ln.degree
    a, b = facts.conn_ends[conn]
    if not ln.conns:
        v = facts.start_value[conn]
        v += 1.0 * ((a in face) + (b in face))
        return v
    v = -cost * w.tile
    for s in (a, b):
        if deg.get(s, 0):
            continue
        v += facts.base[s]
        sym = facts.symbol[s]
        if sym is not None and sym not in ln.symbols_scored:
            v += 3.0 if deg.get(facts.partner[s], 0) else w.symbol_half
        if s in pool:
            v += w.pool_reach
        if s in face:
            v += 1.0 + w.face_reach
        # one step beyond the new end
        best = 0.0
        tokens = view.tokens
        for c, t in facts.nbrs[s]:
            if c == conn or deg.get(t, 0):
                continue
            toks = tokens[c]
            if len(toks) < facts.spaces[c] and li not in toks:
                x = facts.base[t] + w.pool_reach * (t in pool) + w.face_reach * (t in face)
                if x > best:
                    best = x
        v += w.decay * best
    if not deg.get(a, 0) == 0 and not deg.get(b, 0) == 0:
        v += 0.5  # closes a loop: the look-ahead scores it exactly
    return v


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
    scored = []
    for li, c, cost in legal_placements(view):
        if li in skip:
            continue
        scored.append((quick_gain(view, facts, w, li, c, cost, pool, face), li, c, cost))
    scored.sort(key=lambda x: -x[0])
    if limit is not None:
        scored = scored[:limit]
    return scored


# ------------------------------------------------------------------------------------------------
# easy


class EasyBot(Bot):
    """Plausible but loose: likes placements that reach bonuses or destinations, chosen with plenty of noise."""

    level = "easy"
    temperature = 1.5
    wander = 0.15  # share of turns' actions played without looking

    def act(self, view: GameState, me: int):
        ranked = ranked_placements(view, self.w)
        if not ranked or self.rng.random() < 0.08:
            return TakeBranch()
        if self.rng.random() < self.wander:
            _, li, c, _ = ranked[self.rng.randrange(len(ranked))]
            return PlaceTrack(li, c)
        top = ranked[:12]
        hi = top[0][0]
        weights = [math.exp((x[0] - hi) / self.temperature) for x in top]
        _, li, c, _ = self.rng.choices(top, weights=weights)[0]
        return PlaceTrack(li, c)


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
    """Greedy: tries every legal action and keeps the one with the best immediate points and passenger value.

    The passenger's value is what it would bring if the turn ended now (exact when the action is the
    turn's last, since the engine then moves it), plus a share of the average over the destinations still
    to come. A small one-step bonus look breaks ties between actions that score nothing yet.
    """

    level = "normal"
    next_share = 0.3
    cover = 0.3
    tile = 0.1
    peek = 0.3
    most = 150  # placements tried; only a first turn has more (lines can start anywhere)

    def act(self, view: GameState, me: int):
        base = score_lead(view, me)
        last = view.actions_left == 1
        facts = facts_of(view, self.w)
        pool = set(view.deck) | set(view.face_up)
        face = set(view.face_up)
        best = None
        cover0 = cover_lead(view, me)
        options = [(TakeBranch(), 0)] + [(PlaceTrack(li, c), cost)
                                         for _, li, c, cost in ranked_placements(view, self.w, self.most)]
        for action, cost in options:
            c = copy_state(view)
            apply(c, action)
            finish_routes(c, me)
            v = score_lead(c, me) - base
            if not last:
                v += passenger_now(c, me)
            v += self.next_share * expected_next(c, me)
            v += self.cover * (cover_lead(c, me) - cover0)
            if isinstance(action, TakeBranch):
                v += self.tile
            else:
                v += self.peek * quick_peek(view, facts, action.line, action.connection, pool, face)
                v -= cost * self.tile
            v += self.rng.random() * 1e-6
            if best is None or v > best[0]:
                best = (v, action)
        return best[1]


def cover_lead(view: GameState, me: int) -> float:
    """Destinations still to come touched by own lines minus the best opponent's (shared ones split).

    Whoever's line reaches a destination is likely to carry the passenger there.
    """
    pool = set(view.deck) | set(view.face_up)
    touch: dict[int, set[int]] = {}
    for ln in view.lines:
        for s, d in ln.degree.items():
            if d > 0 and s in pool:
                touch.setdefault(s, set()).add(ln.owner)
    n = view.n_players
    share = [0.0] * n
    for owners in touch.values():
        for o in owners:
            share[o] += 1.0 / len(owners)
    return share[me] - max(x for i, x in enumerate(share) if i != me)


def quick_peek(view, facts, li, conn, pool, face) -> float:
    """Best bonus one token beyond a placement: normal's tie-break, nothing more."""
    ln = view.lines[li]
    best = 0.0
    for s in facts.conn_ends[conn]:
        if ln.degree.get(s, 0):
            continue
        for c, t in facts.nbrs[s]:
            if c == conn or ln.degree.get(t, 0):
                continue
            toks = view.tokens[c]
            if len(toks) < facts.spaces[c] and li not in toks:
                best = max(best, facts.base[t] + 0.5 * (t in face))
    return best


# ------------------------------------------------------------------------------------------------
# hard


class HardBot(Bot):
    """Plans the rest of the turn with a beam search; the passenger's move at its end is the engine's own.

    Each step expands every kept sequence by its ``breadth`` most promising placements (quick_gain) and a
    branch tile, applies them on copies of the public view, and keeps the ``width`` best by Judge.value,
    plus, before the last action, what the passenger would bring if the turn ended there. The last
    action makes the engine move the passenger exactly (route choices made for the bot), so the kept
    sequences are judged on the real outcome. The plan is kept while the position follows it.
    """

    level = "hard"
    width = 6
    breadth = 10
    budget = 0.85  # seconds; a search that would take longer narrows to finish in time
    recheck = 12  # finished turns that get the count of future trips

    def __init__(self, seed: int | None = None, weights: Weights = DEFAULT, width: int | None = None,
                 breadth: int | None = None, budget: float | None = None):
        super().__init__(seed, weights)
        if width is not None:
            self.width = width
        if breadth is not None:
            self.breadth = breadth
        if budget is not None:
            self.budget = budget
        self._plan: list = []
        self._plan_keys: list[bytes] = []

    @staticmethod
    def _key(view: GameState) -> tuple:
        return (view.turn, view.current, view.actions_left, tuple(map(tuple, view.tokens)),
                tuple(p.branch_tiles for p in view.players), view.passenger, tuple(view.face_up))

    def act(self, view: GameState, me: int):
        key = self._key(view)
        if self._plan and self._plan_keys and self._plan_keys[0] == key:
            self._plan_keys.pop(0)
            return self._plan.pop(0)
        plan, keys = self.plan(view, me)
        self._plan = plan[1:]
        self._plan_keys = keys[1:]
        return plan[0]

    def trip_origins(self, view: GameState) -> list[int]:
        """Stations with cards still to come, spread over the pool, as origins of sample trips."""
        pool = sorted(set(view.deck) | set(view.face_up))
        k = max(0, self.w.origins - 1)
        if not pool or not k:
            return []
        step = len(pool) / k
        return [pool[int(i * step)] for i in range(k)]

    def plan(self, view: GameState, me: int):
        """The best sequence of the turn's remaining actions, with the position key before each."""
        t0 = time.perf_counter()
        judge = Judge(view, me, self.w)
        judge.value(view)  # line-end values for the children to start from
        steps = view.actions_left
        # node: (value, state, actions, keys, placements, branches)
        beam = [(0.0, view, [], [self._key(view)], frozenset(), 0)]
        late = False
        for step in range(steps):
            last = step == steps - 1
            breadth = 2 if late else self.breadth
            children: dict[tuple, tuple] = {}
            t_step = time.perf_counter()
            expanded = 0
            for _, state, acts, keys, placed, branches in beam:
                if children and time.perf_counter() - t0 > self.budget:
                    late = True  # out of time: keep what this step found, finish the turn narrowly
                    break
                expanded += 1
                cands = [PlaceTrack(li, c) for _, li, c, _ in ranked_placements(state, self.w, breadth)]
                cands.append(TakeBranch())
                for a in cands:
                    if children and time.perf_counter() - t0 > self.budget:
                        late = True
                        break
                    if isinstance(a, TakeBranch):
                        ckey = (placed, branches + 1)
                    else:
                        ckey = (placed | {(a.line, a.connection)}, branches)
                    if ckey in children:
                        continue
                    c = copy_state(state)
                    apply(c, a)
                    changed = a.connection if isinstance(a, PlaceTrack) else -1
                    if last:
                        finish_routes(c, me)
                        v = judge.value(c, state, changed)
                    else:
                        v = judge.value(c, state, changed) + passenger_now(c, me)
                    v += self.rng.random() * 1e-6
                    nkeys = keys if last else keys + [self._key(c)]
                    children[ckey] = (v, c, acts + [a], nkeys, ckey[0], ckey[1])
            width = 1 if late else self.width
            ranked = sorted(children.values(), key=lambda n: -n[0])
            if last and not late and self.w.trips:
                # the finished turns that look best also get the slower count of future trips
                origins = self.trip_origins(view)
                top = []
                for v, c, *rest in ranked[:self.recheck]:
                    if top and time.perf_counter() - t0 > self.budget:
                        break  # out of time: choose among those counted so far
                    top.append((v + judge.trip_lead(c, [c.passenger] + origins), c, *rest))
                ranked = sorted(top, key=lambda n: -n[0])
            beam = ranked[:width]
            if not late and not last:
                # narrow the rest if the steps left would not fit: a fallback for slow machines only,
                # on which the choice then depends on timing
                now = time.perf_counter()
                per_node = (now - t_step) / max(1, expanded)
                if now - t0 + per_node * len(beam) * (steps - step - 1) > self.budget:
                    late = True
        best = beam[0]
        return best[2], best[3]


LEVELS = ("random", "easy", "normal", "hard")
