"""The expert level: hard's turn plans, tried out over determinisations of what the seat cannot see.

Information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012) at the level of whole turns:
every iteration samples one *determinisation* of the hidden part of the table, made only from what the
seat may know (its public view: the unseen cards in a shuffled order; on Paris, every other seat's secret
objectives drawn from the objective cards not in the seat's own hand), and plays candidate turns in it.
The candidates (the root's moves) are hard's best finished turns (its beam search, bots.HardBot); a
playout applies the turn's last action in the sampled world (the engine refills the face-up destinations
from the sampled deck) and plays six more turns (whole rounds: one at four players, ``playout_length``),
every action quick_gain's best placement except a turn's last, which of quick_gain's best three leaves the
mover the largest lead once the passenger has moved (the passenger's rides are most of the points, and the
last placement steers them); the leaf is valued by hard's
judge (points, potential, the trips to come, the next ride), or by the final points lead and a win bonus when
the game ends first. Six turns, not the end of the game: a playout to the end varies so much between two
candidates of one world that a decision's few dozen worlds cannot tell them apart (docs/ai.md has the
measurements). The candidates share their determinisations (common random numbers), and the work goes to
the better half again and again (sequential halving), so the budget is spent where the choice is close. Hard's
own turn plays every world and is played unless the best challenger beats it clearly in the worlds both played:
a decision affords only a dozen worlds or so per candidate, and hard's ranking already knows most of what the
leaf does.

Like hard, the search is bounded by counted work units, not by the clock, and it is seeded per position:
the same seed and the same position give the same choice on a busy machine as on an idle one.
"""
from __future__ import annotations

import random
import time
import zlib

from ..engine import ChooseRoute, GameState, PlaceTrack, TakeBranch, apply
from ..engine.rules import board_of, legal_actions, winners
from ..engine.state import CHOICE_PHASES
from .bots import Bot, HardBot, ranked_placements
from .cities import city_value
from .evaluate import (DEFAULT, ROUTE, Judge, Weights, branch_legal, copy_state, finish_routes, passenger_now,
                       route_choice, score_lead)
from .leaf import PAIRED_FILE, WEIGHTS_FILE, learned_leaf


def determinise(view: GameState, me: int, rng: random.Random) -> GameState:
    """One world consistent with what ``me`` sees: the unseen cards shuffled, and on Paris every other seat's
    objective cards drawn from the cards ``me`` has not seen (the box holds the rest, unseen by anyone).

    ``view`` is already a public view (view.public_view), so nothing here can read another seat's secret or
    the real deck order; the sample is the seat's own guess.
    """
    det = copy_state(view)
    rng.shuffle(det.deck)
    hands = det.setup.objectives
    if hands and any(not h for p, h in enumerate(hands) if p != me):
        board = board_of(view)
        per = board.paris.objectives_per_player
        mine = set(hands[me]) if me < len(hands) else set()
        free = [c for c in range(len(board.paris.objectives)) if c not in mine]
        rng.shuffle(free)
        det.setup.objectives = [list(h) if p == me else sorted(free[per * k:per * (k + 1)])
                                for k, (p, h) in enumerate((p, h) for p, h in enumerate(hands))]
    return det


class ExpertBot(Bot):
    """Hard's candidate turns, each played out over the same sampled worlds; the best average is played.

    The root's candidates are the ``candidates`` best finished turns (``candidates_four`` at four players and more)
    of hard's beam search (run with ``beam_budget`` work units) or, at a route choice with several outcomes, every
    option. A playout:
    the candidate's last action in a determinisation (the engine refills the face-up destinations from
    the sampled deck), then every player's turns by the greedy policy (``rollout``) to the end of the
    game (``playout_turns`` 0) or for ``playout_length`` turns (whole rounds), the leaf then valued by hard's judge (points,
    potential, the trips to come and the next ride); a game's end is valued by ``me``'s points lead plus
    ``win_bonus`` for a win (split among shared winners), minus it for a loss.
    """

    level = "expert"
    work_budget = 2000.0  # work units per decision, beam and playouts together (hard's prices: bots.HardBot.COST)
    beam_budget = 1000.0  # of which at most this for hard's beam search (it stops earlier when the turn is small)
    budget = 5.0  # seconds of wall clock: a safety stop only, as hard's
    candidates = 6  # finished turns of the beam tried out
    playout_turns = 6  # turns after the candidate's, in whole rounds (``playout_length``); 0: to the end of the game
    leaf_ride = 1.0  # weight of the ride the next turn offers at a judged leaf (``passenger_now``)
    win_bonus = 5.0  # points a finished playout's win is worth beyond its lead
    follow_plan = True  # play the rest of the chosen turn without searching again
    step_share = 0.75  # a playout action's work, as a share of a ranking's (its cost is mostly the ranking)
    ride_looks = 3  # placements a playout's turn-ending action tries with the passenger's move (1: quick_gain's best)
    playout_price = 1.6  # a playout's work units at hard's prices × this: their processor time per unit is higher
    look_share = 0.25  # a ride look's work (a copy and an apply, no ranking), as a share of a playout action's
    overrule_z = 1.5  # standard errors by which a challenger must beat hard's own turn to be played instead
    candidates_four = 4  # ``candidates`` at four players and more: more worlds each (docs/ai.md, Measured)
    leaf = "judge"  # a playout's leaf: "judge" (hard's judge, trips, next ride), "learned" (leaf.py's fit to final
    # points) or "paired" (leaf.py's fit to the differences between hard's candidates' playouts to the end)

    def __init__(self, seed: int | None = None, weights: Weights = DEFAULT, **settings):
        """``settings`` override the class's search settings above (work_budget, candidates, ...)."""
        super().__init__(seed, weights)
        self.seed = 0 if seed is None else seed
        self._given_w = weights
        for k, v in settings.items():
            if k.startswith("_") or not hasattr(type(self), k) or callable(getattr(type(self), k)):
                raise TypeError(f"ExpertBot has no setting {k!r}")
            setattr(self, k, v)
        if self.leaf not in ("judge", "learned", "paired"):
            raise ValueError(f"ExpertBot's leaf is 'judge', 'learned' or 'paired', not {self.leaf!r}")
        self._plan: list = []
        self._plan_keys: list[tuple] = []
        self.last_work = 0.0  # work units the last decision used
        self.last_playouts = 0  # playouts of the last decision
        self.cut_by_work = 0  # searches narrowed by the work budget (reproducible)
        self.cut_by_clock = 0  # searches stopped by the wall-clock safety stop (the choice then depends on timing)

    # ---- the seeded randomness: a function of the seed and the position, never of earlier decisions --------
    def _rng(self, view: GameState) -> random.Random:
        key = (self.seed, HardBot._key(view), view.phase, tuple(o.destination for o in view.options))
        return random.Random(zlib.crc32(repr(key).encode()))

    def _weights(self, view: GameState) -> Weights:
        if self._given_w is not DEFAULT:
            return self._given_w
        return city_value(view).weights("expert", DEFAULT, view.n_players)  # hard's, but Berlin at four players

    # ---- the phases ------------------------------------------------------------------------------------
    def choose_route(self, view: GameState, me: int):
        distinct = {(o.destination, tuple(sorted(o.lines))) for o in view.options}
        if len(distinct) < 2:
            return super().choose_route(view, me)
        self.w = self._weights(view)
        rng = self._rng(view)
        first = route_choice(view, me)  # the incumbent: every level's own answer
        order = [first] + [i for i in range(len(view.options)) if i != first]
        cands = [([ChooseRoute(i)], view, None) for i in order]
        return self.tryout(view, me, cands, rng, self.work_budget, time.perf_counter())[0][0]

    def act(self, view: GameState, me: int):
        key = HardBot._key(view)
        if self.follow_plan and self._plan and self._plan_keys and self._plan_keys[0] == key:
            self._plan_keys.pop(0)
            return self._plan.pop(0)
        t0 = time.perf_counter()
        self.w = self._weights(view)
        rng = self._rng(view)
        cands, work = self.root_turns(view, me, rng)
        acts, _, keys = self.tryout(view, me, cands, rng, self.work_budget - work, t0, spent=work)
        self._plan = list(acts[1:])
        self._plan_keys = list(keys[1:])
        return acts[0]

    def root_turns(self, view: GameState, me: int, rng: random.Random) -> tuple[list, float]:
        """The root's candidates, hard's best finished turns as (actions, position before the last action, keys),
        hard's own first; and the work units the beam and the positions took."""
        hard = HardBot(rng.randrange(1 << 30), self.w, work_budget=min(self.beam_budget, self.work_budget),
                       budget=self.budget, follow_plan=False)
        ranked = hard.search(view, me)
        work = hard.last_work
        cost = city_value(view).search_costs(HardBot.COST)
        cands = []
        for node in ranked[:self.candidates if view.n_players < 4 else self.candidates_four]:
            acts, keys = node[2], node[3]
            pre = copy_state(view)  # the turn but its last action: nothing hidden is drawn before the turn ends
            for a in acts[:-1]:
                apply(pre, a)
                finish_routes(pre, me)
            work += cost["child"] * (len(acts) - 1)
            cands.append((acts, pre, keys))
        self.cut_by_clock += hard.cut_by_clock
        self.cut_by_work += hard.cut_by_work
        return cands, work

    # ---- the playouts ----------------------------------------------------------------------------------
    def tryout(self, view: GameState, me: int, cands: list, rng: random.Random, budget: float, t0: float,
               spent: float = 0.0):
        """Sequential halving over ``cands`` ((actions, position before the last action, _)), the first of them
        hard's own answer (the *incumbent*): each round plays the incumbent and every challenger still in in the
        same new determinisations, then keeps the better half of the challengers by mean value. The incumbent
        plays every world, and the last challenger left replaces it only when it was better in the worlds both
        played by ``overrule_z`` standard errors of the paired difference (common worlds). A few worlds per
        candidate are noisy, and hard's own ranking already knows a lot: overruling it on noise lost games."""
        self.last_playouts = 0
        cost = self.playout_costs(view)
        judges = {me: Judge(view, me, self.w)}  # the leaf judge of a playout that stops early
        origins = HardBot.trip_origins(self, view)
        values: list[list[float]] = [[] for _ in cands]  # per candidate, its value in each world it played
        rivals = list(range(1, len(cands)))
        clock = False
        work = 0.0
        per_playout = self.playout_guess(view, cost)  # then the dearest playout so far: a world fits or is not begun
        dearest = 0.0
        rounds_left = 1  # rounds until one challenger is left, that one's included (5 -> 2 -> 1: three)
        n = len(rivals)
        while n > 1:
            n //= 2
            rounds_left += 1
        while rivals:
            alive = [0] + rivals
            round_end = work + (budget - work) / rounds_left
            if work + per_playout * len(alive) > budget:
                self.cut_by_work += 1  # not even one more world fits: decide on the worlds so far
                break
            worlds = 0
            while not worlds or work + per_playout * len(alive) <= round_end:
                if time.perf_counter() - t0 > self.budget:
                    clock = True
                    break
                world = determinise(view, me, rng)
                for i in alive:
                    v, w = self.playout(cands[i], world, me, judges, origins, cost)
                    values[i].append(v)
                    work += w
                    dearest = max(dearest, w)
                    self.last_playouts += 1
                per_playout = dearest
                worlds += 1
            if clock:
                self.cut_by_clock += 1
                break
            if len(rivals) == 1:
                break
            rivals = sorted(sorted(rivals, key=lambda i: -sum(values[i]) / len(values[i]))[:len(rivals) // 2])
            rounds_left = max(1, rounds_left - 1)
        self.last_work = spent + work
        return cands[self.overrule(values, rivals)]

    def playout_costs(self, view: GameState) -> dict:
        """A playout's pieces in work units: hard's prices (the board's) × the playout price, dearer than the beam's
        (measured)."""
        cost = city_value(view).search_costs(HardBot.COST)
        price = cost.get("playout", self.playout_price)
        return {k: v * price for k, v in cost.items()}

    def overrule(self, values: list[list[float]], rivals: list[int]) -> int:
        """The candidate to play: the best challenger still in when its paired lead over the incumbent (candidate
        0), over the worlds both played, is more than ``overrule_z`` standard errors; else the incumbent."""
        best = min((i for i in rivals if values[i]), key=lambda i: (-sum(values[i]) / len(values[i]), i),
                   default=None)
        if best is None:
            return 0
        diffs = [a - b for a, b in zip(values[best], values[0])]
        n = len(diffs)
        mean = sum(diffs) / n
        if mean <= 0:
            return 0
        if n < 2:
            return best if self.overrule_z <= 0 else 0
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return best if mean > self.overrule_z * (var / n) ** 0.5 else 0

    def playout_guess(self, view: GameState, cost: dict) -> float:
        """Work units a playout from ``view`` will take, before any is played: a greedy action per action left in
        the game (the turns the unseen cards allow, as the judge counts them), so that a small budget is not
        overrun by the first world."""
        turns = len(view.deck) / city_value(view).cards_per_turn + view.n_players
        if self.playout_turns:
            turns = min(turns, self.playout_length(view.n_players))
        return cost["child"] + 4.0 * turns * self.step_share * cost["rank"]

    def playout_length(self, players: int) -> int:
        """Turns a playout plays after the candidate's: as many whole rounds as fit in ``playout_turns`` (at least
        one), so that every player, the bot too, has played as often when the leaf is judged: 6 at two and three
        players, 4 at four, 5 at five. At four players six turns left the leaf with two opponents having played
        twice and one once, and whole rounds won more (docs/ai.md, Measured); 0 plays to the end of the game."""
        if not self.playout_turns:
            return 0
        return players * max(1, self.playout_turns // players)

    def playout(self, cand, world: GameState, me: int, judges: dict, origins: list[int], cost: dict):
        """One candidate in one determinisation: its last action, the players' turns after it (``rollout``), the
        value for ``me`` of the end (or of the leaf); and the work units it took."""
        c, work = self.to_leaf(cand, world, me, cost)
        return self.leaf_value(c, me, judges, origins, cost, work)

    def to_leaf(self, cand, world: GameState, me: int, cost: dict) -> tuple[GameState, float]:
        """The candidate's last action in the determinisation ``world``, then ``playout_length`` turns: the leaf (or
        the game's end), and the work units it took."""
        acts, pre, _ = cand
        c = copy_state(pre)
        c.deck = list(world.deck)
        c.setup.objectives = [list(h) for h in world.setup.objectives]
        apply(c, acts[-1])
        finish_routes(c, me)
        c, work = self.rollout(c, self.playout_length(c.n_players), cost)
        return c, work + cost["child"]

    def leaf_value(self, c: GameState, me: int, judges: dict, origins: list[int], cost: dict,
                   work: float = 0.0) -> tuple[float, float]:
        """A playout's end valued for ``me`` (the game's end, or the leaf by ``leaf``), and ``work`` plus the work
        units the valuing took."""
        if c.over:
            won = winners(c)
            bonus = self.win_bonus / len(won) if me in won else -self.win_bonus
            return score_lead(c, me) + bonus, work
        if self.leaf != "judge":
            # the parts the judge's value, trip_lead and the ride add, weighed as fitted (leaf.py)
            work += cost["child"] + cost["passenger"] + cost["origin"] * (1 + len(origins))
            path = WEIGHTS_FILE if self.leaf == "learned" else PAIRED_FILE
            return learned_leaf(Judge(c, me, self.w), c, [c.passenger] + origins, me, str(path)), work
        judge = judges[me]
        v = judge.value(c)
        work += cost["child"]
        if self.leaf_ride:
            # the ride the player to move would get with the network as it is: for the bot, or against it
            mover = c.current
            ride = passenger_now(c, mover)
            v += self.leaf_ride * (ride if mover == me else -ride)
            work += cost["passenger"]
        if self.w.trips:
            v += judge.trip_lead(c, [c.passenger] + origins)
            work += cost["origin"] * (1 + len(origins))
        return v, work

    def rollout(self, c: GameState, turns: int, cost: dict) -> tuple[GameState, float]:
        """Every player's turns from ``c`` (``turns`` of them, or to the end of the game when 0), each action
        quick_gain's best placement (a branch tile when none is legal) but a turn's last, which minds the passenger
        (``ride_step``, of ``ride_looks`` placements), routes and choices the mover's own.
        Cheap enough to reach the end of the game: a whole London game this way takes about 12 ms."""
        w = self.w
        step = self.step_share * cost["rank"]
        work = 0.0
        end = c.turn + turns if turns else None
        while not c.over and (end is None or c.turn < end):
            if c.phase == ROUTE or c.phase in CHOICE_PHASES:
                finish_routes(c, c.current)
                continue
            looks = max(1, self.ride_looks) if c.actions_left == 1 else 1
            ranked = ranked_placements(c, w, looks)
            work += step
            if len(ranked) > 1:
                c = self.ride_step(c, ranked)
                work += self.look_share * step * (len(ranked) - 1)
            elif ranked:
                apply(c, PlaceTrack(ranked[0][1], ranked[0][2]))
            elif branch_legal(c):
                apply(c, TakeBranch())
            else:
                apply(c, legal_actions(c)[0])
        return c, work

    @staticmethod
    def ride_step(c: GameState, ranked: list) -> GameState:
        """The turn's last action of a playout: of quick_gain's best few placements, the one after which the
        mover's points lead is largest once the passenger has moved (routes chosen for the mover); quick_gain
        breaks ties. The passenger's rides are most of the points, and the last placement steers them. ``c`` itself
        takes the last look (changed in place, one copy fewer): the caller keeps only the state returned."""
        me = c.current
        best = None
        last = len(ranked) - 1
        for k, (q, li, conn, _) in enumerate(ranked):
            n = c if k == last else copy_state(c)  # the last look needs no copy: ``c`` is not used after
            apply(n, PlaceTrack(li, conn))
            finish_routes(n, me)
            v = (score_lead(n, me), q)
            if best is None or v > best[0]:
                best = (v, n)
        return best[1]
