"""The reference position and turn flow, written from the rulebooks (london-berlin-2nd-edition.txt,
newyork-paris-2nd-edition.txt, RULES.md).

Actions are plain tuples: ("place", line, connection), ("branch",), ("route", option), ("undo",), and Paris's
choices ("reward", "points" | "point_and_tile" | "tiles") and ("complete_set", True | False).
Scores are not kept as running totals: :meth:`RefGame.points` recounts every category from the tokens
on the board, except what only history can tell (stations scored inside loops, passenger rides).
"""
from __future__ import annotations

import copy
from collections import Counter

from . import rulebook as rb
from .board import RefBoard
from .geometry import simple_cycles, strictly_inside
from .routes import best_outcomes

# Components: "20 each of red, yellow, blue, purple, and black and 15 each of pink, orange, green, brown,
# white, and grey".
SUPPLY = {**{c: 20 for c in ("red", "yellow", "blue", "purple", "black")},
          **{c: 15 for c in ("pink", "orange", "green", "brown", "white", "grey")}}
# "The first turn": actions by position in turn order, per number of players.
FIRST_TURN = {2: (3, 5), 3: (3, 4, 5), 4: (3, 4, 4, 5), 5: (3, 4, 4, 4, 5)}


class RefIllegal(Exception):
    pass


def _check_setup(board: RefBoard, players: int, deck, tiles, landmark_tiles, objectives) -> None:
    """A set-up on a bundled board, against the rulebook's counts (so a wrong count in the map cannot shape the
    deck, the tiles or the cards dealt unseen): ValueError naming what differs."""
    problems = []
    express = sum(1 for d in deck if d in board.express)
    if (express, len(deck) - express) != board.cards or not set(deck) <= board.express | board.standard:
        problems.append(f"the deck holds {express} express and {len(deck) - express} standard cards; the rulebook's "
                        f"deck is {board.cards[0]} and {board.cards[1]}")
    if board.symbol_stations and sorted(Counter(tiles).values()) != [rb.LONDON_TILES_PER_SYMBOL] * rb.LONDON_SYMBOLS:
        problems.append(f"connection tiles {sorted(tiles)}; the rulebook has {rb.LONDON_TILES_PER_SYMBOL} each of "
                        f"{rb.LONDON_SYMBOLS} types")
    if board.stacks_per_type:  # Berlin: each type split into stacks of 3, 2, 2 and 1
        split = {t: sorted((n for x, n in zip(landmark_tiles, board.landmark_sizes) if x == t), reverse=True)
                 for t in board.landmark_types}
        if len(landmark_tiles) != len(board.landmark_stations) or any(
                v != list(board.stacks_per_type) for v in split.values()):
            problems.append(f"landmark stacks per type {split}; the rulebook splits each type into "
                            f"{list(board.stacks_per_type)}")
    if board.objectives_per_player is not None:  # Paris
        if len(landmark_tiles) != len(board.landmark_stations):
            problems.append(f"{len(landmark_tiles)} landmark tiles for {len(board.landmark_stations)} landmark "
                            f"stations; the rulebook places one on each")
        if len(objectives) != players or any(len(h) != board.objectives_per_player for h in objectives):
            problems.append(f"secret objectives dealt {list(map(list, objectives))}; the rulebook deals "
                            f"{board.objectives_per_player} to each player")
    if problems:
        raise ValueError("set-up against the rulebook: " + "; ".join(problems))


class RefGame:
    def __init__(self, board: RefBoard, players: int, lines: list[list[str]], start_player: int,
                 deck: list[int], tiles: list[str], variant: str = "standard", landmark_tiles: list[str] = (),
                 objectives: list[list[int]] = ()):
        self.board = board
        if board.rulebook:
            _check_setup(board, players, deck, tiles, landmark_tiles, objectives)
        self.n = players
        self.variant = variant
        self.start_player = start_player
        self.line_owner = [p for p, cols in enumerate(lines) for _ in cols]
        self.line_colour = [c for cols in lines for c in cols]
        self.symbol = dict(zip(board.symbol_stations, tiles))  # station -> connection tile symbol
        self.track: list[list[int]] = [[] for _ in board.conns]  # lines on each connection, in order placed
        self.branch = [0] * players
        self.loop_scored: list[set[int]] = [set() for _ in self.line_owner]
        self.rides = [0] * players  # passenger points
        # Berlin landmarks: the type of each stack, tiles left on it, tiles in hand, sets of five scored, end bonus
        self.stack_type = dict(zip(board.landmark_stations, landmark_tiles))
        self.tiles_left = dict(zip(board.landmark_stations, board.landmark_sizes))
        self.hand: list[dict[str, int]] = [{} for _ in range(players)]
        self.sets = [0] * players
        self.bonus = [0] * players
        # Paris: who reached each RER station in what order, the terminus rewards chosen, the secret cards, and the
        # choices a placement raised that are still to ask: (kind, line, station)
        self.arrivals: list[tuple[int, int]] = []
        self.reward_points = [0] * players
        self.objectives = [list(h) for h in objectives]
        self.pending: list[tuple[str, int, int]] = []
        self.deck = list(deck[4:])
        self.face_up = list(deck[:4])
        self.discard: list[int] = []
        self.passenger: int | None = board.start
        self.turns_done = [0] * players
        self.current = start_player
        self.phase = "actions"
        self.actions_left = self._actions_for(start_player)
        self.moves: list[str] = []  # passenger moves still to make this turn
        self.options: list[tuple[int, tuple[int, ...]]] = []
        self.least_empty = 0
        self.moved = False  # the passenger has moved this turn: no more undo
        self.turn_actions: list[tuple] = []
        self.rides_made: list[tuple[int, int, tuple[int, ...], int]] = []  # (from, to, lines, empty) of every move
        self.water_refusals = 0  # New York: placements refused only by the water rule (how often it mattered)
        self.snapshot = self._copy()

    # ---- what the position says -----------------------------------------------------------------
    def seat(self, player: int) -> int:
        return (player - self.start_player) % self.n

    def _actions_for(self, player: int) -> int:
        if self.variant == "classic" or self.turns_done[player] > 0:
            return 4
        return FIRST_TURN[self.n][self.seat(player)]

    def line_conns(self, line: int) -> list[int]:
        return [c for c, toks in enumerate(self.track) if line in toks]

    def stations_of(self, line: int) -> set[int]:
        out: set[int] = set()
        for c in self.line_conns(line):
            out |= {self.board.conns[c][0], self.board.conns[c][1]}
        return out

    def points(self, player: int) -> dict[str, int]:
        """Score by category, recounted from the board (plus the loop and passenger history)."""
        kinds = self.board.kinds
        cats = {"national_rail": 0, "terminus": 0, "connections": 0, "loops": 0, "passenger": self.rides[player],
                "start": self.seat(player) if self.variant == "classic" else 0, "water": 0, "clusters": 0}
        for li, owner in enumerate(self.line_owner):
            if owner != player:
                continue
            on = self.stations_of(li)
            cats["national_rail"] += sum("national_rail" in kinds[s] for s in on)
            if not self.paris:  # Paris: the player chooses the reward (below)
                cats["terminus"] += 2 * sum("terminus" in kinds[s] for s in on)
            symbols = [self.symbol[s] for s in on if s in self.symbol]
            cats["connections"] += 3 * len({x for x in symbols if symbols.count(x) >= 2})
            cats["loops"] += len(self.loop_scored[li])
            # Berlin: "0 points for the first + station connected to a line, 2 points for each of the second and
            # third + stations connected to a line, and 4 points for the fourth"
            plus = sum("plus" in kinds[s] for s in on)
            cats["plus"] = cats.get("plus", 0) + sum(self.board.plus_points[:plus])
            # New York: "3 points when a third [water icon] is connected to a line"
            if len(on & self.board.water) >= 3:
                cats["water"] += 3
            # "1 point for each Cluster that line has already reached": the 1st, 2nd, 3rd ... cluster a line
            # reaches scores 0, 1, 2 ..., whatever the order it reaches them in
            reached = sum(1 for cluster in self.board.clusters if cluster & on)
            cats["clusters"] += sum(range(reached))
        cats["landmark_sets"] = self.sets[player] * self.board.set_points
        cats["landmark_bonus"] = self.bonus[player]
        if self.paris:
            cats["terminus"] += self.reward_points[player]
            # "0 points if this is the first line that connects to this RER station, 1 point otherwise"
            table = self.board.rer_points
            cats["rer"] = sum(table[min(len([x for x in self.arrivals[:i] if x[1] == s]), len(table) - 1)]
                              for i, (li, s) in enumerate(self.arrivals) if self.line_owner[li] == player)
            if self.phase == "over":  # secret objectives are scored at the end
                cats["objectives"] = sum(points for card in self.objectives[player]
                                         for stations, points in [self.board.objectives[card]]
                                         for li, owner in enumerate(self.line_owner)
                                         if owner == player and stations <= self.stations_of(li))
        return {k: v for k, v in cats.items() if v}

    @property
    def paris(self) -> bool:
        return self.board.city == "paris"

    def score(self, player: int) -> int:
        return sum(self.points(player).values())

    def token_counts(self, line: int) -> dict[int, int]:
        """Station -> how many of the line's tokens touch it."""
        out: dict[int, int] = {}
        for c in self.line_conns(line):
            for s in self.board.conns[c][:2]:
                out[s] = out.get(s, 0) + 1
        return out

    def placement_cost(self, line: int, conn: int, counts: dict[int, int] | None = None) -> int:
        """0 or 2 branch tiles, or RefIllegal: the rulebook's "Action: Place a Track token" and "Using Branch tiles"."""
        if self.phase != "actions" or self.line_owner[line] != self.current:
            raise RefIllegal("not this player's line or not the time to build")
        a, b, spaces = self.board.conns[conn]
        counts = self.token_counts(line) if counts is None else counts
        placed = sum(counts.values()) // 2
        if placed >= SUPPLY[self.line_colour[line]]:
            raise RefIllegal("no tokens of that colour left")
        if line in self.track[conn]:
            raise RefIllegal("this colour is on that connection already")
        full = 0
        if len(self.track[conn]) >= spaces:
            # Paris: "2 Branch tiles may instead pay for a token on a connection whose spaces are all full"
            if self.board.full_connection_tiles is None:
                raise RefIllegal("no free space")
            full = self.board.full_connection_tiles
        if placed == 0:
            branching = 0  # a line's first token goes on any empty track space
        elif counts.get(a) == 1 or counts.get(b) == 1:
            branching = 0  # extends the line at one of its ends ("only one Track token of that line")
        elif counts.get(a) or counts.get(b):
            branching = 2
        else:
            raise RefIllegal("does not touch the line")
        if self.branch[self.current] < branching + full:
            raise RefIllegal("not enough branch tiles")
        return branching + full

    def legal_placements(self) -> set[tuple[int, int, int]]:
        out = set()
        for li, owner in enumerate(self.line_owner):
            if owner != self.current or self.phase != "actions":
                continue
            counts = self.token_counts(li)
            for c in range(len(self.board.conns)):
                try:
                    cost = self.placement_cost(li, c, counts)
                except RefIllegal:
                    continue
                if self.water_allows(li, c, cost):
                    out.add((li, c, cost))
                else:
                    self.water_refusals += 1
        return out

    # ---- New York water: "a player cannot end their turn while one of their lines ends at a [water icon]" --
    def on_water(self) -> list[tuple[int, int]]:
        """(line, icon) for each line of the player to act that ends at a water icon."""
        return [(li, s) for li, owner in enumerate(self.line_owner) if owner == self.current
                for s, n in self.token_counts(li).items() if n == 1 and s in self.board.water]

    def can_leave_water(self, budget: int) -> bool:
        """Whether some ``budget`` placements or fewer leave none of the player's lines ending at an icon.

        Tried naively: for every line ending at an icon, every legal token of that line on a connection at that
        icon (nothing else changes how many of its tokens touch the icon), then the same again, to any depth
        within the budget. Spare actions can always go on branch tiles."""
        wet = self.on_water()
        if not wet:
            return True
        if budget <= 0:
            return False
        for li, icon in wet:
            for c, (a, b, _) in enumerate(self.board.conns):
                if icon not in (a, b):
                    continue
                try:
                    cost = self.placement_cost(li, c)
                except RefIllegal:
                    continue
                if self._imagine(li, c, cost, budget - 1):
                    return True
        return False

    def _imagine(self, line: int, conn: int | None, cost: int, budget: int) -> bool:
        """can_leave_water(budget) after a token of ``line`` on ``conn`` (None: after a branch tile), then undone."""
        if conn is None:
            return self.can_leave_water(budget)
        self.track[conn].append(line)
        self.branch[self.current] -= cost
        try:
            return self.can_leave_water(budget)
        finally:
            self.track[conn].pop()
            self.branch[self.current] += cost

    def water_allows(self, line: int | None = None, conn: int | None = None, cost: int = 0) -> bool:
        """Whether the action (a token, or a branch tile when ``conn`` is None) leaves the turn able to end with
        no line on the water: "an action that would leave that impossible within the actions left is not legal"."""
        if not self.board.water:
            return True
        return self._imagine(line, conn, cost, self.actions_left - 1)

    def branch_allowed(self) -> bool:
        return self.phase == "actions" and self.actions_left > 0 and self.water_allows()

    def can_undo(self) -> bool:
        return self.phase != "over" and not self.moved and bool(self.turn_actions)

    def winners(self) -> list[int]:
        """"The player who has scored the most points is the winner. If there is a tie, then the tied player
        with the most Branch tiles wins. If there is still a tie, the tied players rejoice in their shared
        victory." The first edition has no tie-break."""
        top = max(self.score(p) for p in range(self.n))
        tied = [p for p in range(self.n) if self.score(p) == top]
        if self.variant == "classic":
            return tied
        most = max(self.branch[p] for p in tied)
        return [p for p in tied if self.branch[p] == most]

    # ---- actions ------------------------------------------------------------------------------------
    def apply(self, action: tuple) -> None:
        kind = action[0]
        if self.phase == "over":
            raise RefIllegal("the game is over")
        if kind == "undo":
            if not self.can_undo():
                raise RefIllegal("nothing to undo")
            keep = self.turn_actions[:-1]
            self._restore(self.snapshot)
            for a in keep:
                self.apply(a)
            return
        if kind in ("reward", "complete_set"):
            if self.phase != kind:
                raise RefIllegal("no such choice to make now")
            self.turn_actions.append(action)
            self._choose(action)
            self._after_action()
            return
        if kind == "route":
            if self.phase != "route" or not 0 <= action[1] < len(self.options):
                raise RefIllegal("no such route option")
            self.turn_actions.append(action)
            dest, lines = self.options[action[1]]
            self.options = []
            self.phase = "actions"
            self._ride(dest, lines, self.least_empty)
            self._passenger_moves()
            return
        if self.phase != "actions" or self.actions_left <= 0:
            raise RefIllegal("no action to take now")
        if kind == "branch":
            if not self.water_allows():
                raise RefIllegal("a line would be left on the water")
            self.branch[self.current] += 1
        elif kind == "place":
            self._place(action[1], action[2])
        else:
            raise RefIllegal(f"unknown action {action!r}")
        self.turn_actions.append(action)
        self.actions_left -= 1
        self._after_action()

    def _after_action(self) -> None:
        """Ask the next choice still worth asking; with none, the turn goes on (the passenger after the last action)."""
        while self.pending and not self._worth_asking(*self.pending[0]):
            self.pending.pop(0)
        if self.pending:
            self.phase = self.pending[0][0]
            return
        self.phase = "actions"
        if self.actions_left == 0:
            self._start_passenger()

    def missing_types(self, player: int) -> int:
        return sum(1 for t in self.board.landmark_types if not self.hand[player].get(t))

    def _worth_asking(self, kind: str, line: int, station: int) -> bool:
        """A set is completed only from a hand that lacks a type, has a tile, and can pay 2 per missing type."""
        if kind != "complete_set":
            return True
        p = self.line_owner[line]
        missing = self.missing_types(p)
        return any(self.hand[p].values()) and missing > 0 and self.branch[p] >= self.board.set_tile_cost * missing

    def _choose(self, action: tuple) -> None:
        kind, line, station = self.pending.pop(0)
        p = self.line_owner[line]
        if kind == "reward":
            # "2 points, or 1 point and 1 Branch tile, or 2 Branch tiles"
            rewards = {name: (points, tiles) for name, points, tiles in self.board.terminus_rewards}
            if action[1] not in rewards:
                self.pending.insert(0, (kind, line, station))
                raise RefIllegal("no such reward")
            points, tiles = rewards[action[1]]
            self.reward_points[p] += points
            self.branch[p] += tiles
        elif action[1]:
            # "a player may substitute any number of missing types by returning 2 Branch tiles ... for each"
            self.branch[p] -= self.board.set_tile_cost * self.missing_types(p)
            self._score_set(p)

    def _place(self, line: int, conn: int) -> None:
        cost = self.placement_cost(line, conn)
        if not self.water_allows(line, conn, cost):
            raise RefIllegal("a line would be left on the water")
        before = self.stations_of(line)
        self.branch[self.current] -= cost
        self.track[conn].append(line)
        new = self.stations_of(line) - before
        if not self.paris:
            self.branch[self.current] += sum("terminus" in self.board.kinds[s] for s in new)  # 2 points and a tile
        took = []
        for s in self.board.conns[conn][:2]:  # in the map's order
            if s in new and "rer" in self.board.kinds[s]:
                self.arrivals.append((line, s))
            if s in new and self.tiles_left.get(s):
                self._take_landmark(s)
                took.append(s)
        if self.paris:  # then the choices, station by station: the terminus reward before completing a set
            for s in self.board.conns[conn][:2]:
                if s in new and "terminus" in self.board.kinds[s]:
                    self.pending.append(("reward", line, s))
                if s in took:
                    self.pending.append(("complete_set", line, s))
        self._score_loops(line)

    def _take_landmark(self, station: int) -> None:
        """Berlin: "the current player takes one of those tiles"; five different types are discarded for 10."""
        self.tiles_left[station] -= 1
        hand = self.hand[self.current]
        kind = self.stack_type[station]
        hand[kind] = hand.get(kind, 0) + 1
        if all(hand.get(t, 0) for t in self.board.landmark_types):
            self._score_set(self.current)

    def _score_set(self, player: int) -> None:
        """One tile of each type the player holds leaves the game (a completed set pays for the rest); +1 set."""
        hand = self.hand[player]
        for t in self.board.landmark_types:
            if hand.get(t):
                hand[t] -= 1
        self.hand[player] = {t: n for t, n in hand.items() if n}
        self.sets[player] += 1

    def _score_loops(self, line: int) -> None:
        """"1 point for each station inside a loop created by one line. Stations that are connected by the
        line forming the loop are not counted", once per line even if the loop is divided later."""
        if self.board.city != "london":
            return  # loops score on the London board only
        edges = [self.board.conns[c][:2] for c in self.line_conns(line)]
        on = self.stations_of(line)
        for cycle in simple_cycles(edges):
            polygon = [self.board.xy[s] for s in cycle]
            for s, xy in enumerate(self.board.xy):
                if s not in on and s not in self.loop_scored[line] and strictly_inside(xy, polygon):
                    self.loop_scored[line].add(s)

    # ---- the passenger and the end of a turn ----------------------------------------------------------
    def _start_passenger(self) -> None:
        """"If there are both Express and Standard stations: 2 movements", express first; else one."""
        kinds = [self.board.kinds[d] for d in self.face_up]
        self.moves = [k for k in ("express", "standard") if any(k in ks for ks in kinds)]
        if self.board.city == "newyork":
            # "The Passenger will visit ... 2 [in] New York of those stations, one after the other" (all standard)
            self.moves = ["standard", "standard"]
        if self.variant == "classic" and self.passenger is None:
            self.moves = []
        self._passenger_moves()

    def _passenger_moves(self) -> None:
        while self.moves:
            kind = self.moves[0]
            dests = sorted({d for d in self.face_up if kind in self.board.kinds[d]})  # New York: a card twice
            if not dests:  # New York: the last card went with the first move
                self.moves.pop(0)
                continue
            self.least_empty, outcomes = best_outcomes(self.board, self.track, self.passenger, dests)
            if len(outcomes) > 1:
                self.phase = "route"
                self.options = outcomes
                return
            self._ride(*outcomes[0], self.least_empty)
        self._end_turn()

    def _ride(self, dest: int, lines: tuple[int, ...], empty: int) -> None:
        self.moves.pop(0)
        self.rides_made.append((self.passenger, dest, lines, empty))
        for li in lines:  # "For each line that the Passenger uses to travel, the player owning that line scores 1"
            self.rides[self.line_owner[li]] += 1
        self.passenger = dest
        self.face_up.remove(dest)
        self.discard.append(dest)
        self.moved = True

    def _end_turn(self) -> None:
        while len(self.face_up) < 4 and self.deck:
            self.face_up.append(self.deck.pop(0))
        if self.variant == "classic" and not self.deck and self.passenger is not None:
            # first edition: once the deck is empty the passenger and the destinations leave the board
            self.passenger = None
            self.discard += self.face_up
            self.face_up = []
        self.turns_done[self.current] += 1
        if not self.deck and len(set(self.turns_done)) == 1:
            self.phase = "over"  # the deck is out and everyone has had the same number of turns
            # Berlin: "3 points per tile of the type with the most tiles" (ties count once)
            self.bonus = [self.board.bonus_per_tile * max(h.values(), default=0) for h in self.hand]
            return
        self.current = (self.current + 1) % self.n
        self.actions_left = self._actions_for(self.current)
        self.phase = "actions"
        self.moved = False
        self.turn_actions = []
        self.snapshot = self._copy()

    # ---- undo: a copy of the position at the start of the turn ----------------------------------------
    def _copy(self) -> dict:
        return copy.deepcopy({k: v for k, v in self.__dict__.items() if k not in ("snapshot", "board")})

    def _restore(self, snap: dict) -> None:
        self.__dict__.update(copy.deepcopy(snap))
