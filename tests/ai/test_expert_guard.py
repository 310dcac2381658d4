"""A guard for speed work on the expert's playouts (the engine's copies, the passenger search, ranked_placements,
ride_step): on fixed positions of every board, two and four players, middle and late game, the expert's choice, its
counted work, its number of playouts and every playout's value are pinned as recorded on the code before that work
(main f98ce03). A change that makes a playout cheaper must leave all of them exactly as they were; a change that
alters any choice or value fails here.

A smaller work budget than the game's keeps it to a few seconds; every part of a playout still runs (hard's beam,
determinisations, the policy's ranked placements, the turn-ending ride looks, the leaf's judge). The settings are
given in full (the cities' playout prices too, as recorded), so a change of the level's defaults does not touch
this test; a deliberate change of the search (new choices) re-records the table: ``python -m
tests.ai.test_expert_guard`` prints it.
"""
from __future__ import annotations

import zlib
from unittest import mock

import pytest

from game.ai import ExpertBot, RandomBot
from game.ai import expert as expert_mod
from game.ai.cities import city_value
from game.engine import apply, new_game

BOARDS = [("london", "standard"), ("london", "classic"), ("berlin", "standard"), ("newyork", "standard"),
          ("paris", "standard")]
# every search setting of the level, as it was when the table below was recorded
SETTINGS = dict(work_budget=500.0, beam_budget=250.0, budget=float("inf"), candidates=6, playout_turns=6,
                leaf_ride=1.0, win_bonus=5.0, follow_plan=False, step_share=0.75, ride_looks=3, playout_price=1.6,
                look_share=0.25, overrule_z=1.5, candidates_four=6)
# the cities' own playout prices when the table was recorded (Berlin and London had none: ``playout_price``); the
# level's prices may change since (they set how many playouts a decision affords), the guard's stay
RECORDED_PLAYOUT_PRICE = {"paris": 1.0, "newyork": 1.9}


class _PricedAsRecorded:
    """A city's search values with its playout price and the expert's judge as the table was recorded."""

    def __init__(self, city, map_name: str):
        self._city, self._map = city, map_name

    def __getattr__(self, name):
        return getattr(self._city, name)

    def weights(self, level: str, w, players: int = 2):
        # the expert judged with hard's weights on every board then (Berlin at four players has its own since s12)
        return self._city.weights("hard", w)

    def search_costs(self, costs: dict[str, float]) -> dict[str, float]:
        got = {k: v for k, v in self._city.search_costs(costs).items() if k != "playout"}
        if self._map in RECORDED_PLAYOUT_PRICE:
            got["playout"] = RECORDED_PLAYOUT_PRICE[self._map]
        return got


class RecordingExpert(ExpertBot):
    """The real expert, noting each playout's value and work as the search gets them."""

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.seen: list[tuple[float, float]] = []

    def playout(self, *args, **kw):
        v, w = super().playout(*args, **kw)
        self.seen.append((v, w))
        return v, w


def guard_positions():
    """(name, position): a random game per board and player count, stopped at a turn's first action once half the
    deck is gone (middle) and once at most eight cards are left (late)."""
    out = []
    for map_name, variant in BOARDS:
        for players in (2, 4):
            seed = 500 + players
            state = new_game(map=map_name, players=players, seed=seed, variant=variant)
            bots = [RandomBot(seed * 13 + i) for i in range(players)]
            full = len(state.deck)
            marks = [("middle", full // 2), ("late", 8)]
            while not state.over and marks:
                if state.phase == "actions" and state.actions_left == 4 and len(state.deck) <= marks[0][1]:
                    out.append((f"{map_name}-{variant}-{players}p-{marks.pop(0)[0]}", state.copy()))
                    continue
                apply(state, bots[state.current].choose(state))
    return out


def decide(state) -> tuple:
    """(action, work, playouts, digest of every playout's value and work) of one decision."""
    bot = RecordingExpert(11, **SETTINGS)
    with mock.patch.object(expert_mod, "city_value", lambda s: _PricedAsRecorded(city_value(s), s.setup.map)):
        action = bot.choose(state)
    digest = zlib.crc32(repr(bot.seen).encode())
    return repr(action), round(bot.last_work, 6), bot.last_playouts, digest


# (action, work units, playouts, crc32 of the playouts' (value, work)), recorded on f98ce03
PINNED: dict[str, tuple] = {
    'london-standard-2p-middle': ('PlaceTrack(line=0, connection=123)', 486.1, 11, 2752687568),
    'london-standard-2p-late': ('PlaceTrack(line=7, connection=51)', 481.9, 20, 4257559033),
    'london-standard-4p-middle': ('TakeBranch()', 471.64, 13, 3728856546),
    'london-standard-4p-late': ('TakeBranch()', 484.26, 23, 3161164492),
    'london-classic-2p-middle': ('TakeBranch()', 485.36, 11, 2657952511),
    'london-classic-2p-late': ('TakeBranch()', 487.88, 17, 1766847392),
    'london-classic-4p-middle': ('PlaceTrack(line=2, connection=33)', 470.24, 13, 3381834385),
    'london-classic-4p-late': ('PlaceTrack(line=1, connection=38)', 472.84, 23, 2781692814),
    'berlin-standard-2p-middle': ('PlaceTrack(line=0, connection=17)', 486.22, 11, 44495609),
    'berlin-standard-2p-late': ('PlaceTrack(line=5, connection=36)', 485.42, 23, 1238608281),
    'berlin-standard-4p-middle': ('PlaceTrack(line=6, connection=105)', 496.96, 22, 1667223331),
    'berlin-standard-4p-late': ('PlaceTrack(line=5, connection=13)', 495.58, 38, 3262398243),
    'newyork-standard-2p-middle': ('PlaceTrack(line=4, connection=72)', 478.315, 9, 3302569499),
    'newyork-standard-2p-late': ('PlaceTrack(line=7, connection=121)', 488.285, 32, 2084603934),
    'newyork-standard-4p-middle': ('PlaceTrack(line=4, connection=99)', 467.63, 11, 2905838628),
    'newyork-standard-4p-late': ('PlaceTrack(line=5, connection=114)', 487.4825, 15, 2671682878),
    'paris-standard-2p-middle': ('PlaceTrack(line=3, connection=140)', 427.1, 6, 3369007611),
    'paris-standard-2p-late': ('TakeBranch()', 495.025, 9, 3640789714),
    'paris-standard-4p-middle': ('TakeBranch()', 496.65, 13, 4249295620),
    'paris-standard-4p-late': ('PlaceTrack(line=6, connection=1)', 497.7375, 22, 359314744),
}


@pytest.mark.parametrize("name,state", guard_positions(), ids=lambda x: x if isinstance(x, str) else "")
def test_the_expert_decides_as_recorded(name, state):
    assert decide(state) == PINNED[name]


def test_the_guard_covers_every_board_both_table_sizes_and_both_stages():
    names = [n for n, _ in guard_positions()]
    assert len(names) == len(BOARDS) * 2 * 2 == len(set(names))
    assert set(names) == set(PINNED)


if __name__ == "__main__":
    for n, s in guard_positions():
        print(f"    {n!r}: {decide(s)!r},")


def test_reach_lines_answers_as_reach_does_line_by_line():
    """ranked_placements asks a city's worth for all the lines with a placement at once (``reach_lines``: Paris and
    Berlin work the position's part out once): the answers are a fresh city object's ``reach``, line by line."""
    from game.ai import public_view
    from game.ai.cities import city_value
    from game.engine.rules import board_of

    asked = 0
    for name, state in guard_positions():
        if not name.startswith(("paris", "berlin")):
            continue
        view = public_view(state)
        lines = view.players[view.current].lines
        city = city_value(view)
        for deny in (True, False):
            fresh = type(city)(board_of(view))
            assert city.reach_lines(view, lines, deny) == {li: fresh.reach(view, li, deny) for li in lines}
            asked += 1
    assert asked == 16
