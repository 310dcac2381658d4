"""The expert level (ai/expert.py): its determinisations come from the seat's view alone, its search is bounded by
counted work and seeded by the position, it answers every phase on every board, and it outscores hard over a few
fixed deals (the long series against hard are `make soak`'s, at the end of this file; the figures are in docs/ai.md)."""
from __future__ import annotations

import random

import pytest

from game.ai import ExpertBot, make_bot, public_view
from game.ai.arena import _bot_seed, run_games
from game.ai.bots import HardBot
from game.ai.expert import determinise
from game.engine import ChooseRoute, apply, is_legal, new_game, winners
from game.engine.rules import board_of
from tests.ai.conftest import sample_positions

BOARDS = [("london", "standard"), ("london", "classic"), ("berlin", "standard"), ("newyork", "standard"),
          ("paris", "standard")]


def expert(seed: int = 7, **settings) -> ExpertBot:
    """An expert whose choice depends only on what it sees: the wall-clock safety stop is switched off."""
    return ExpertBot(seed, budget=float("inf"), **settings)


@pytest.fixture(scope="module")
def paris_positions():
    return sample_positions(games=2, every=11, seed=71, map="paris", players=3)


def test_determinisations_are_drawn_from_the_view_alone(paris_positions):
    """The deck is a reordering of the unseen cards; the seat keeps its own objective cards and every other seat
    gets as many cards drawn from those not in the seat's hand; the rest of the table is the view's."""
    for k, state in enumerate(paris_positions[::3]):
        me = state.current
        view = public_view(state, me)
        per = board_of(state).paris.objectives_per_player
        orders = set()
        for s in range(4):
            det = determinise(view, me, random.Random(s))
            assert sorted(det.deck) == sorted(view.deck)
            orders.add(tuple(det.deck))
            hands = det.setup.objectives
            assert hands[me] == view.setup.objectives[me]
            others = [c for p, h in enumerate(hands) if p != me for c in h]
            assert all(len(h) == per for h in hands)
            assert len(set(others)) == len(others) and not set(others) & set(hands[me])
            assert det.tokens == view.tokens and det.face_up == view.face_up and det.players == view.players
        assert len(orders) > 1 or len(view.deck) < 2, k
    # the view holds nothing of the others' cards, so the draw cannot depend on them
    state = paris_positions[5]
    other = state.copy()
    other.setup.objectives = [list(reversed(h)) if p != state.current else h
                              for p, h in enumerate(state.setup.objectives)]
    a = determinise(public_view(state), state.current, random.Random(1))
    b = determinise(public_view(other), other.current, random.Random(1))
    assert a.deck == b.deck and a.setup.objectives == b.setup.objectives


def test_same_seed_and_position_same_choice_whatever_came_before(positions):
    """The search's randomness is drawn from the seed and the position, not from the bot's earlier decisions."""
    sample = [p for p in positions if p.phase == "actions"][3:12:4]
    used = expert(5)
    used.follow_plan = False
    for state in reversed(sample):
        used.choose(state)  # earlier decisions of the same bot object
    for state in sample:
        assert expert(5).choose(state) == used.choose(state)


def test_work_is_counted_and_bounded(positions):
    """Every decision stays within its work units, and the same position takes the same work (so the same
    search) each time: the count, not the clock, bounds it."""
    sample = [p for p in positions if p.phase == "actions"][::14]
    assert sample
    for state in sample:
        a, b = expert(3), expert(3)
        assert a.choose(state) == b.choose(state)
        assert a.last_work == b.last_work and a.last_playouts == b.last_playouts
        assert 0 < a.last_work <= a.work_budget
        assert a.last_playouts > 0  # the beam left work for the tryout
        assert a.cut_by_clock == 0
    small = expert(3, work_budget=300.0, beam_budget=250.0)
    small.choose(sample[0])
    assert small.last_work <= 300.0


def test_the_tryout_can_overrule_hard(positions):
    """Over some positions the expert plans another turn than hard's best: the playouts decide, they are not a
    costly way of playing hard's plan."""
    from tests.ai.test_hidden import bot

    sample = [p for p in positions if p.phase == "actions" and p.actions_left == 4][:6]
    differ = 0
    for s in sample:
        e, h = expert(7), bot("hard", 7)
        differ += [e.choose(s)] + e._plan != [h.choose(s)] + h._plan
    assert differ >= 1


def test_route_choices_are_tried_out(route_positions):
    """A route choice with several outcomes is decided by playouts, among the options offered."""
    tried = 0
    for state in route_positions[:8]:
        b = expert(2)
        action = b.choose(state)
        assert isinstance(action, ChooseRoute) and 0 <= action.option < len(state.options)
        tried += b.last_playouts > 0
    assert tried


def test_a_playout_turn_ends_with_the_best_ride(positions):
    """The playout's turn-ending action is, of quick_gain's best few placements, the one whose passenger move
    leaves the mover the largest lead; in some positions that is not quick_gain's own best (the greedy policy
    without it lost every London game to the ride-minding one by about 16 points a game)."""
    from game.ai.bots import ranked_placements
    from game.ai.evaluate import DEFAULT, copy_state, finish_routes, score_lead
    from game.engine import PlaceTrack

    last = [p for p in positions if p.phase == "actions" and p.actions_left == 1]
    assert last
    other = 0
    for state in last:
        view = public_view(state)
        me = view.current
        ranked = ranked_placements(view, DEFAULT, 3)
        if len(ranked) < 2:
            continue
        leads = []
        for _, li, conn, _ in ranked:
            n = copy_state(view)
            apply(n, PlaceTrack(li, conn))
            finish_routes(n, me)
            leads.append((score_lead(n, me), n.tokens))
        chosen = ExpertBot.ride_step(copy_state(view), ranked)
        lead = score_lead(chosen, me)
        assert lead == max(x for x, _ in leads)
        other += chosen.tokens != leads[0][1]
    assert other >= 1


def test_hard_keeps_its_turn_unless_clearly_beaten():
    """The incumbent (hard's own turn, candidate 0) is overruled only by a challenger whose paired lead over the
    worlds both played is more than ``overrule_z`` standard errors: a higher but noisy mean keeps hard's turn (a few
    worlds per candidate overruled hard on noise, and on London's first edition lost 11.5 of 20 games)."""
    b = expert()
    hard = [10.0, 12.0, 8.0, 11.0, 9.0, 10.0]
    noisy = [h + d for h, d in zip(hard, (6.0, -5.0, 7.0, -4.0, 5.0, -3.0))]  # +1 on average, spread ±5
    clear = [h + d for h, d in zip(hard, (1.4, 1.0, 1.3, 1.1, 1.2, 1.2))]  # +1.2 on average, every world
    worse = [h - 2.0 for h in hard]
    assert b.overrule([hard, noisy, worse], [1]) == 0
    assert b.overrule([hard, clear, worse], [1]) == 1
    assert b.overrule([hard, noisy, clear], [1, 2]) == 2  # the best mean among those left, then the test
    assert b.overrule([hard, worse], [1]) == 0
    assert b.overrule([hard, []], [1]) == 0  # no world played: hard's turn


def test_a_route_choice_starts_from_every_level_s_answer(route_positions):
    """At a route choice the incumbent is the answer every level gives (``route_choice``): with no work for a
    playout the expert gives it too, not merely the first option."""
    from game.ai.evaluate import route_choice

    other = 0
    for state in route_positions:
        view = public_view(state)
        answer = route_choice(view, view.current)
        assert expert(2, work_budget=0.0).choose(state) == ChooseRoute(answer)
        other += answer != 0
    assert other  # some route choice's answer is not the first option


def test_a_playout_ends_after_whole_rounds():
    """Every player, the bot too, has played as often when a playout's leaf is judged: six turns at two players,
    one round at four (six left two opponents having played twice and one once)."""
    b = expert()
    assert [b.playout_length(n) for n in (2, 3, 4, 5)] == [6, 6, 4, 5]
    state = new_game(map="london", players=4, seed=3, start_player=0)
    view = public_view(state)
    c, work = b.rollout(view.copy(), b.playout_length(4), HardBot.COST)
    assert c.turn == view.turn + 4 and c.current == view.current and work > 0


def test_four_players_try_fewer_candidates_in_more_worlds():
    """At four players the tryout takes hard's best four turns (``candidates_four``), not six: each is played in
    more worlds, and on the same four-player deals of London's first edition and New York that won more points
    (docs/ai.md, Measured); at two players six, as before."""
    seen = []

    class Seeing(ExpertBot):
        def tryout(self, view, me, cands, *args, **kw):
            seen.append((view.n_players, len(cands)))
            return super().tryout(view, me, cands, *args, **kw)

    for players in (2, 4):
        state = new_game(map="london", players=players, seed=3, start_player=0)
        Seeing(7, budget=float("inf"), work_budget=300.0, beam_budget=250.0).choose(state)
    assert seen == [(2, 6), (4, 4)]


@pytest.mark.parametrize("map,variant", BOARDS)
def test_expert_finishes_a_game_on_every_board(map, variant):
    """Every board and both London editions: an expert plays a whole two-player game against normal, every
    action legal when picked (placements, routes, Paris's rewards and set completions), the state given to it
    never changed, and every search bounded by its work count alone (the wall-clock stop is off: on the shared
    machine at a load of 25 a niced test process got so little of a core that 500 units took over 5 s). A smaller
    work budget keeps it quick: legality does not depend on how much the search may do."""
    state = new_game(map=map, players=2, seed=31, start_player=0, variant=variant)
    bots = [expert(1, work_budget=500.0, beam_budget=300.0), make_bot("normal", 2)]
    phases = set()
    while not state.over:
        b = bots[state.current]
        before = state.copy()
        action = b.choose(state)
        assert state == before
        assert is_legal(state, action), (state.phase, action)
        if b is bots[0]:
            phases.add(state.phase)
        apply(state, action)
    assert state.over
    assert "actions" in phases
    assert bots[0].cut_by_clock == 0 and bots[0].last_work <= 500.0


@pytest.mark.soak  # about five minutes of a worker (ten whole games with the expert's full budget): `make soak`
def test_expert_outscores_hard():
    """A bounded strength check beside the 200-game series (in `make soak`: too long for `make test`): five London
    deals, each in both seatings, expert against hard with both wall-clock stops off, so every choice is the
    reproducible one. The expert's points lead over hard, summed over the ten games, is positive, and it wins more
    than half of them. Measured 27 Nov 2026 with hard's turn kept unless clearly beaten: leads +18, -16, -8, +9,
    +12, +13, -5, -11, +7, +9 (six wins). It was two deals (four games) before; on those the new code won 2 of 4
    (the playouts that overruled hard freely: 3 of 4, leads +27, +1, -7, +14), so it was widened to five, which
    shows a direction with less noise (ten games, still not the goals: docs/ai.md has the series)."""
    margins = []
    wins = 0.0
    for deal in range(5):
        for seat in (0, 1):
            state = new_game(map="london", players=2, seed=deal, start_player=0)
            bots = [HardBot(_bot_seed(deal, s), budget=float("inf")) for s in range(2)]
            bots[seat] = expert(_bot_seed(deal, seat))
            while not state.over:
                apply(state, bots[state.current].choose(state))
            scores = [p.score for p in state.players]
            margins.append(scores[seat] - scores[1 - seat])
            won = winners(state)
            wins += (seat in won) / len(won)
    assert sum(margins) > 0 and wins > len(margins) / 2, (margins, wins)


def test_bench_expert_reports_the_keys(monkeypatch):
    """The bench's expert part gives its keys per board (a small, cheap run: the figures are `make soak`'s and
    docs/ai.md's): two-player games and four-player ones, the expert's seat rotated, all finished. Both series
    are played in this process, so the smaller budgets hold in them."""
    from game.ai.arena import bench_expert
    from game.ai.bots import HardBot

    monkeypatch.setattr(ExpertBot, "work_budget", 240.0)
    monkeypatch.setattr(ExpertBot, "beam_budget", 160.0)
    monkeypatch.setattr(HardBot, "work_budget", 160.0)
    out = bench_expert(games=2, games4=4, workers=1, boards=(("classic", "london", "classic"),))
    assert 0.0 <= out["expert_vs_hard_classic"] <= 1.0 and 0.0 <= out["expert_4p_share_classic"] <= 1.0
    assert out["ai_turn_s_max_expert"] > 0 and out["ai_turn_cpu_s_max_expert"] > 0
    assert out["ai_games_expert"] == 2 and out["ai_games_4p_expert"] == 4


# ---- the goals of issue 24, in `make soak` ------------------------------------------------------------------


@pytest.mark.soak
@pytest.mark.parametrize("map,variant", BOARDS)
def test_expert_beats_hard_soak(map, variant):
    """200 two-player games per board, seats rotated: expert wins at least 60 %."""
    res = run_games(["expert", "hard"], games=200, seed=0, players=2, map=map, workers=2, variant=variant)
    assert res["winrates"]["expert"] >= 0.60, res["winrates"]


@pytest.mark.soak
@pytest.mark.parametrize("map,variant", BOARDS)
def test_expert_alone_against_three_hard_soak(map, variant):
    """100 four-player games per board, the expert's seat rotated: it wins at least 40 % (a fair share is 25 %)."""
    res = run_games(["expert", "hard", "hard", "hard"], games=100, seed=0, players=4, map=map, workers=2,
                    variant=variant)
    assert res["winrates"]["expert"] >= 0.40, res["winrates"]
