"""Hard's search on Paris is bounded by its work budget, counted at Paris's prices (cities/paris.py
``search_costs``): the largest Paris search, the second seat's opening (five actions, every line still to be
started), stays within the budget, is narrowed the same way every time, and every piece it makes is counted.
Work units, not the clock: nothing here is timed."""
from __future__ import annotations

import pytest

import game.ai.bots as bots
from game.ai import HardBot, RandomBot
from game.ai.cities import city_value
from game.ai.evaluate import Judge
from game.engine import apply, is_legal, new_game


def second_seat_opening(seed: int):
    """The second player's first decision on Paris: five actions, four lines to start."""
    state = new_game(map="paris", players=2, seed=seed, start_player=0)
    first = RandomBot(seed)
    while not (state.current == 1 and state.phase == "actions"):
        apply(state, first.choose(state))
    assert state.actions_left == 5
    assert all(not state.lines[li].conns for li in state.players[1].lines)
    return state


def mid_game(seed: int):
    """A first action of a turn in the middle of a Paris game between random players."""
    state = new_game(map="paris", players=2, seed=seed, start_player=0)
    players = [RandomBot(seed * 3 + i) for i in range(2)]
    while not (state.phase == "actions" and state.actions_left == 4 and len(state.deck) <= 20):
        apply(state, players[state.current].choose(state))
    return state


def test_paris_prices_its_pieces_above_london():
    costs = HardBot.COST
    paris = city_value(new_game(map="paris", players=2, seed=0)).search_costs(costs)
    london = city_value(new_game(map="london", players=2, seed=0)).search_costs(costs)
    assert london == costs
    assert set(paris) - {"playout"} == set(costs)  # and the price of the expert's playouts (ai/expert.py)
    # a child position and a ranking cost more on Paris (its judge and ranking value landmarks and objectives)
    assert paris["child"] > costs["child"] and paris["rank"] > costs["rank"]


@pytest.mark.parametrize("seed", [1000, 1003])
def test_the_paris_opening_stays_within_the_work_budget(seed):
    state = second_seat_opening(seed)
    picks = []
    for _ in range(2):
        bot = HardBot(11, budget=60.0)  # the clock stop far away: this is about the work count
        picks.append((bot.choose(state), bot.last_work, bot.cut_by_work))
        assert bot.cut_by_clock == 0
        # the budget is what bounds this search (without it the opening would cost more), and it holds: a search
        # stops at the first check past the budget, so it can go over by one piece at most
        assert bot.cut_by_work == 1
        assert 0 < bot.last_work <= bot.work_budget + max(city_value(state).search_costs(bot.COST).values())
        assert is_legal(state, picks[-1][0])
    assert picks[0] == picks[1]  # the same narrowing every time


def test_a_smaller_budget_bounds_the_paris_search_too():
    state = mid_game(5)
    full = HardBot(3, budget=60.0)
    full.choose(state)
    small = full.last_work / 3
    bot = HardBot(3, budget=60.0, work_budget=small)
    action = bot.choose(state)
    assert bot.cut_by_work == 1 and bot.cut_by_clock == 0
    assert bot.last_work <= small + 2 * max(city_value(state).search_costs(bot.COST).values()) + 1
    assert is_legal(state, action)


def test_every_piece_of_a_paris_search_is_counted_at_paris_prices(monkeypatch):
    """The work count is the pieces made times their Paris price: children (copies), rankings, passenger
    estimates and trip origins, counted here independently of the bot."""
    made = {"child": 0, "rank": 0, "passenger": 0, "origin": 0}
    copy_state, ranked, passenger_terms, trip_lead = (bots.copy_state, bots.ranked_placements,
                                                      HardBot.passenger_terms, Judge.trip_lead)

    def counted_copy(state):
        made["child"] += 1
        return copy_state(state)

    def counted_rank(*a, **k):
        made["rank"] += 1
        return ranked(*a, **k)

    def counted_passenger(self, state, judge, me):
        made["passenger"] += 1
        return passenger_terms(self, state, judge, me)

    def counted_trips(self, state, origins):
        made["origin"] += len(origins)
        return trip_lead(self, state, origins)

    monkeypatch.setattr(bots, "copy_state", counted_copy)
    monkeypatch.setattr(bots, "ranked_placements", counted_rank)
    monkeypatch.setattr(HardBot, "passenger_terms", counted_passenger)
    monkeypatch.setattr(Judge, "trip_lead", counted_trips)
    for state in (second_seat_opening(1001), mid_game(7)):
        for k in made:
            made[k] = 0
        bot = HardBot(2, budget=60.0)
        bot.choose(state)
        prices = city_value(state).search_costs(HardBot.COST)
        assert made["child"] and made["rank"] and made["passenger"] and made["origin"]
        assert bot.last_work == pytest.approx(sum(prices[k] * n for k, n in made.items()))
        # at London's prices the same pieces would count less: the Paris prices are what the budget saw
        assert bot.last_work > sum(HardBot.COST[k] * n for k, n in made.items()) + 1
