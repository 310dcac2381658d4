"""The game review: which of a person's turns cost them most, what the expert would have played instead, and
the win chances the table may see. Engine only (it runs in a background process, game/ai/review_worker.py).

A *decision* is one whole turn of one seat: its placements, branch tiles, route choices and (Paris) rewards,
from the position at the turn's start. The expert's answer is the turn the expert bot (expert.py, through
``make_bot``) plays from the seat's public view of that position. Both turns are then tried in the same
``WORLDS`` determinisations made from what the seat could know then (the unseen cards shuffled; on Paris, the
other seats' objectives drawn from the cards not in the seat's hand): the turn is applied, each following player
answers with one turn of the normal bot, and the position is valued by the expert's leaf evaluation (hard's
judge: points lead plus potential, the trips to come and the ride the next mover gets now), in points of final
lead; a playout that reaches the end of the game counts the exact final points lead. The *cost* of the played
turn is the mean over the worlds of (expert's value - played value): the final points the seat is estimated to
have given away. A turn is a *mistake* when the cost is at least ``MISTAKE`` points (less is within the
estimate's noise); the review shows a seat's ``SHOWN`` costliest mistakes. docs/ai.md, "Game review".

Win chances (``win_chances``) read the public table only: every seat's objective cards are taken out first,
so nothing secret can move them.
"""
from __future__ import annotations

import math
import random
import zlib

from ..engine import GameState, apply
from ..engine import events as ev
from ..engine.rules import board_of, winners
from .bots import HardBot, NormalBot
from .cities import city_value
from .evaluate import DEFAULT, Judge, finish_routes, passenger_now, score_lead
from .view import public_view

WORLDS = 8  # determinisations each decision's two turns are tried in (the same ones for both)
MISTAKE = 1.0  # points of estimated final lead: a smaller cost is not called a mistake
SHOWN = 3  # mistakes shown per seat
# win chances: a soft-max over each seat's estimated deficit to the leader, in points, with a spread that grows
# with the destination cards still to come (calibrated on normal-bot games: docs/ai.md)
SPREAD_BASE = 3.0
SPREAD_PER_CARD = 0.35


def _seed(*parts) -> int:
    return zlib.crc32(repr(parts).encode())


def sample_world(view: GameState, seat: int, rng: random.Random) -> GameState:
    """One table consistent with what ``seat`` knows (``view`` is its public view): the unseen cards in a new
    order, and on Paris every other hand of objectives dealt from the cards ``seat`` has not seen."""
    world = view.copy()
    rng.shuffle(world.deck)
    hands = world.setup.objectives
    if hands:
        per = board_of(view).paris.objectives_per_player
        own = set(hands[seat]) if 0 <= seat < len(hands) else set()
        rest = [c for c in range(len(board_of(view).paris.objectives)) if c not in own]
        rng.shuffle(rest)
        others = [p for p in range(len(hands)) if p != seat]
        world.setup.objectives = [list(hands[p]) for p in range(len(hands))]
        for k, p in enumerate(others):
            world.setup.objectives[p] = sorted(rest[per * k:per * (k + 1)])
    return world


def expert_turn(view: GameState, seat: int, seed: int, level: str = "expert") -> list:
    """The turn the expert plays from ``view`` (the seat's public view at its turn's start), action by action."""
    from . import make_bot

    bot = make_bot(level, seed)
    v = view.copy()
    turn = v.turn
    acts = []
    while not v.over and v.turn == turn and v.current == seat and len(acts) < 64:
        a = bot.choose(v)
        apply(v, a)
        acts.append(a)
    return acts


def turn_scoring(view: GameState, actions: list, seat: int) -> dict:
    """What a turn scores for ``seat`` as it is played (all public within a turn): points by category with the
    lines and stations, branch tiles, landmark tiles, and where the track went."""
    c = view.copy()
    items: list[dict] = []
    placed: list[tuple[int, int]] = []
    branches = 0
    for a in actions:
        for e in apply(c, a):
            if isinstance(e, ev.Scored) and e.player == seat and (e.points or e.branch_tiles):
                items.append({"category": e.category, "points": e.points, "tiles": e.branch_tiles,
                              "line": e.line, "stations": list(e.stations)})
            elif isinstance(e, ev.LandmarkTaken) and e.player == seat:
                items.append({"category": "landmark", "points": 0, "tiles": 0, "line": e.line,
                              "stations": [e.station], "landmark": e.landmark_type})
            elif isinstance(e, ev.TokenPlaced) and e.player == seat:
                placed.append((e.line, e.connection))
            elif isinstance(e, ev.BranchTaken) and e.player == seat:
                branches += 1
    return {"items": items, "placed": placed, "branches": branches,
            "points": c.players[seat].score - view.players[seat].score}


class Decision:
    """One seat's turn under review: the expert's side is worked out from the turn's start (before the seat has
    played), the played side once the turn is over; both over the same worlds."""

    def __init__(self, before: GameState, seat: int, start: int, seed: int = 0, worlds: int = WORLDS,
                 level: str = "expert"):
        self.seat = seat
        self.level = level  # whose turn is the better one: the expert's (a weaker level only for quick tests)
        self.start = start  # index in the game's log of the turn's first action
        self.turn = before.turn
        self.view = public_view(before, seat)
        self.seed = _seed(seed, start, seat)
        w = city_value(self.view).weights("hard", DEFAULT)
        self.judge = Judge(self.view, seat, w)
        self.origins = HardBot(0, w).trip_origins(self.view)
        rng = random.Random(self.seed)
        self.worlds = [sample_world(self.view, seat, rng) for _ in range(worlds)]
        self.expert: list | None = None
        self.expert_values: list[tuple[float, float]] = []

    def prepare(self) -> None:
        """The expert's turn and its value in every world (the slow part: about a second of processor time)."""
        if self.expert is None:
            self.expert = expert_turn(self.view, self.seat, self.seed, self.level)
            self.expert_values = [self.value(w, self.expert, k) for k, w in enumerate(self.worlds)]

    def value(self, world: GameState, actions: list, k: int) -> tuple[float, float]:
        """(value, points lead) after ``actions`` in ``world`` and one turn of answers by the other seats."""
        c = world.copy()
        for a in actions:
            apply(c, a)
        if not c.over and c.current == self.seat and c.turn == self.turn:
            finish_routes(c, self.seat)
        replies = NormalBot(_seed(self.seed, k))
        while not c.over and c.current != self.seat:
            turn = c.turn
            while not c.over and c.turn == turn:
                apply(c, replies.choose(c))
        lead = float(score_lead(c, self.seat))
        if c.over:
            return lead, lead
        v = self.judge.value(c) + self.judge.trip_lead(c, [c.passenger] + self.origins)
        ride = passenger_now(c, c.current)
        return v + (ride if c.current == self.seat else -ride), lead

    def finish(self, played: list) -> dict:
        """The review of the turn as played: its cost in final points and what each turn scored."""
        self.prepare()
        assert self.expert is not None
        same = [type(a).__name__ + repr(a) for a in played] == [type(a).__name__ + repr(a) for a in self.expert]
        if same:
            mine = self.expert_values
        else:
            mine = [self.value(w, played, k) for k, w in enumerate(self.worlds)]
        n = max(1, len(mine))
        cost = sum(e[0] - m[0] for e, m in zip(self.expert_values, mine)) / n
        lead_gap = sum(e[1] - m[1] for e, m in zip(self.expert_values, mine)) / n
        return {"seat": self.seat, "start": self.start, "end": self.start + len(played), "turn": self.turn,
                "cost": round(max(0.0, cost), 2), "same": same, "lead_gap": round(lead_gap, 2),
                "played": turn_scoring(self.view, played, self.seat),
                "expert": turn_scoring(self.view, self.expert, self.seat),
                "expert_actions": list(self.expert)}


def mistakes(decisions: list[dict], seat: int, shown: int = SHOWN) -> list[dict]:
    """A seat's costliest turns (cost at least ``MISTAKE``), costliest first, at most ``shown``."""
    mine = [d for d in decisions if d["seat"] == seat and not d["same"] and d["cost"] >= MISTAKE]
    return sorted(mine, key=lambda d: (-d["cost"], d["start"]))[:shown]


def table_view(state: GameState) -> GameState:
    """The table as everyone sees it: the public view with every seat's objective cards taken out."""
    view = public_view(state)
    view.setup.objectives = [[] for _ in view.setup.objectives]
    return view


def win_chances(state: GameState) -> list[float]:
    """Each seat's chance to win by the expert's evaluation of the public table (sums to 1).

    Each seat's estimated final lead (hard's judge and the trips to come) gives its deficit to the leader; the
    chances are a soft-max over the deficits, with a spread that grows with the cards still to come. Finished:
    the winners share it.
    """
    n = state.n_players
    if state.over:
        won = winners(state)
        return [1.0 / len(won) if p in won else 0.0 for p in range(n)]
    view = table_view(state)
    w = city_value(view).weights("hard", DEFAULT)
    origins = [view.passenger] + HardBot(0, w).trip_origins(view)
    leads = []
    for p in range(n):
        judge = Judge(view, p, w)
        leads.append(judge.value(view) + judge.trip_lead(view, origins))
    spread = SPREAD_BASE + SPREAD_PER_CARD * len(view.deck)
    deficits = [min(0.0, x) for x in leads]
    top = max(deficits)
    weights = [math.exp((d - top) / spread) for d in deficits]
    total = sum(weights)
    return [x / total for x in weights]


def practice_position(state: GameState, start: int, seed: int) -> GameState:
    """The position before action ``start`` of ``state``'s game, to play again: everything as it was except the
    order of the unseen cards, shuffled with ``seed`` (so nobody learns what came next).

    It is a game of its own: a set-up whose deck is the cards drawn until then, in the order drawn, and then the
    unseen cards reshuffled, with the same actions up to ``start`` replayed, so its record replays too.
    """
    from ..engine.rules import start as start_game

    setup = state.setup
    before = start_game(setup)
    for a in state.log[:start]:
        apply(before, a)
    drawn = len(setup.deck) - len(before.deck)
    rest = list(before.deck)
    random.Random(seed).shuffle(rest)
    fresh = type(setup)(**{f: getattr(setup, f) for f in setup.__struct_fields__})
    fresh.deck = list(setup.deck[:drawn]) + rest
    fresh.seed = seed
    again = start_game(fresh)
    for a in state.log[:start]:
        apply(again, a)
    return again
