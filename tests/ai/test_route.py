"""Route choices: the bots' shortcut (reading line sets off the passenger search) agrees with the engine."""
from __future__ import annotations

from game.ai.evaluate import copy_state, finish_routes, passenger_now, route_choice, score_lead
from game.engine import ChooseRoute, TakeBranch, apply


def best_lead_by_engine(state, me):
    """Brute force: try every option with the engine, and every option of any choice that follows."""
    best = None
    for i in range(len(state.options)):
        c = state.copy()
        apply(c, ChooseRoute(i))
        lead = best_lead_by_engine(c, me) if c.phase == "route" else score_lead(c, me)
        best = lead if best is None else max(best, lead)
    return best


def test_route_choice_is_the_best_for_the_chooser(route_positions):
    for state in route_positions:
        me = state.current
        c = state.copy()
        apply(c, ChooseRoute(route_choice(state, me)))
        finish_routes(c, me)
        assert score_lead(c, me) == best_lead_by_engine(state, me)


def test_passenger_now_is_what_the_engine_pays(positions):
    """A branch tile leaves the network as it is, so ending the turn with one pays exactly passenger_now."""
    checked = 0
    for state in positions:
        if state.phase != "actions" or state.actions_left != 1:
            continue
        me = state.current
        expect = passenger_now(state, me)
        c = copy_state(state)
        apply(c, TakeBranch())
        finish_routes(c, me)
        assert score_lead(c, me) - score_lead(state, me) == expect
        checked += 1
    assert checked >= 3
