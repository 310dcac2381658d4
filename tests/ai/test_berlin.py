"""Berlin for the bots: they finish games, take a set of five when it is there, and see the landmark stacks
(face up on the board) but not the deck order."""
from __future__ import annotations

import pytest

from game.ai import LEVELS, make_bot, public_view
from game.ai.cities import city_value
from game.ai.evaluate import Judge, copy_state
from game.engine import PlaceTrack, TakeBranch, apply, new_game
from game.engine.rules import board_of, legal_placements
from tests.ai.conftest import sample_positions, shuffled_deck
from tests.ai.test_hidden import bot

MAX_ACTIONS = 2000


@pytest.fixture(scope="module")
def berlin_positions():
    return sample_positions(games=3, every=9, seed=50, map="berlin")


# one thinking level per player count, the rest random (cheap): every level and every count is covered
SEATS = {2: ["easy", "random"], 3: ["random", "normal", "random"], 4: ["random", "easy", "expert", "normal"],
         5: ["random", "random", "hard", "random", "random"]}


@pytest.mark.parametrize("players", sorted(SEATS))
def test_bots_finish_berlin_games(players):
    """Every level plays a whole Berlin game, and every player count 2-5 is played."""
    levels = SEATS[players]
    assert set().union(*map(set, SEATS.values())) == set(LEVELS)
    state = new_game(map="berlin", players=players, seed=players)
    bots = [make_bot(lv, seed=10 + i) for i, lv in enumerate(levels)]
    actions = 0
    while not state.over and actions < MAX_ACTIONS:
        apply(state, bots[state.current].choose(state))
        actions += 1
    assert state.over, (levels, actions)
    board = board_of(state)
    held = sum(sum(p.landmarks.values()) for p in state.players)
    sets = sum(p.points.get("landmark_sets", 0) for p in state.players) // board.berlin.set_points
    dealt = sum(board.landmark_stack_sizes)
    assert held + 5 * sets + sum(state.landmarks_left) == dealt  # every tile is on the board, in a hand or in a set
    assert held + 5 * sets > 0, "a whole game without any landmark tile taken"


def _set_position(actions_left: int):
    """The game's last turn: player 0 holds four landmark types; line 0 is one token from the last stack of
    the fifth type and line 1 one token from a stack of a type already held (a duplicate: 3 more at the
    end, against 10 for the set)."""
    state = new_game(map="berlin", players=2, seed=5, start_player=0)
    board = board_of(state)
    types = board.berlin.landmark_types
    tiles = state.setup.landmark_tiles
    special = {s for s in range(len(board.stations)) if board.stations[s].kinds & {"plus", "landmark"}}
    nbrs: dict[int, list[tuple[int, int]]] = {}
    for c, (a, b) in enumerate(board.conn_ends):
        nbrs.setdefault(a, []).append((c, b))
        nbrs.setdefault(b, []).append((c, a))

    def approach(station: int, avoid: set[int]):
        """A connection two stations away from ``station``, touching nothing special, and the one after it."""
        for c1, b in nbrs[station]:
            if b in special or b in avoid:
                continue
            for c0, a in nbrs[b]:
                if a not in special and a != station and a not in avoid and board.conn_spaces[c1] == 1:
                    return c0, c1, {a, b}
        return None

    missing = types[4]
    found = None
    for i, target in enumerate(board.landmark_stations):
        near = approach(target, set()) if tiles[i] == missing else None
        if near is None:
            continue
        for j, dup in enumerate(board.landmark_stations):
            far = approach(dup, near[2] | {target}) if tiles[j] in types[:4] else None
            if far is not None and not ({dup} | far[2]) & ({target} | near[2]):
                found = near, far
                break
        if found:
            break
    assert found, "the Berlin board has landmark stations with quiet approaches"
    (c0, c1, _), (d0, d1, _) = found
    apply(state, PlaceTrack(0, c0))
    apply(state, PlaceTrack(1, d0))
    # a constructed position: the deck has run out and this is the game's last turn (player 0 is the last
    # in turn order), so a tile taken now is worth what it scores and holds at the end, no hope beyond
    state.actions_left = actions_left
    state.discard += state.deck
    state.deck = []
    state.end_triggered = True
    state.setup.start_player = 1
    # the four other types in hand, each from its single-tile stack, which is now empty; the fifth type's
    # other stacks are gone too (to the other player, who holds them), so this set is now or maybe never
    state.players[0].landmarks = {t: 1 for t in types[:4]}
    state.players[1].landmarks = {missing: 8 - state.landmarks_left[board.landmark_stations.index(target)]}
    for i, s in enumerate(board.landmark_stations):
        if tiles[i] in types[:4] and board.landmark_stack_sizes[i] == 1 or tiles[i] == missing and s != target:
            state.landmarks_left[i] = 0
    return state, PlaceTrack(0, c1), PlaceTrack(1, d1)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bot_completes_a_set_of_five_over_a_duplicate(level):
    state, to_set, to_dup = _set_position(actions_left=1)
    assert (to_set.line, to_set.connection, 0) in legal_placements(state)
    assert (to_dup.line, to_dup.connection, 0) in legal_placements(state)
    action = bot(level, 3).choose(state)
    apply(state, action)
    # the line already there or a new line started at the stack: either way the set is scored now
    assert state.players[0].points.get("landmark_sets", 0) == 10, action


def test_hard_plans_the_set_into_its_turn():
    """With two actions left, hard's turn (whatever its order) ends with the set scored."""
    state, _, _ = _set_position(actions_left=2)
    b = bot("hard", 4)
    before = state.players[0].score
    while state.current == 0 and state.phase != "over":
        apply(state, b.choose(state))
    assert state.players[0].points.get("landmark_sets", 0) == 10
    assert state.players[0].score >= before + 10


def test_city_value_counts_the_set_and_the_bonus():
    state, to_set, to_dup = _set_position(actions_left=1)
    city = city_value(state)
    board = board_of(state)
    worth = city.reach(state, 0)
    set_station = next(s for s in board.conn_ends[to_set.connection] if "landmark" in board.stations[s].kinds)
    dup_station = next(s for s in board.conn_ends[to_dup.connection] if "landmark" in board.stations[s].kinds)
    assert worth[set_station] > worth[dup_station] > 0
    # a full hand is scored as the set (10) plus what is left; the bonus is 3 per tile of the most-held type
    plenty = (5,) * 5
    assert city.hand_points((1, 1, 1, 1, 1), plenty, 0.0) == 10 + city.hand_points((0,) * 5, plenty, 0.0)
    assert city.hand_points((2, 4, 0, 1, 0), plenty, 0.0) == 12
    # a set needing a type with no tiles left on the board is no hope at all; a scarce one is less hope
    assert city.hand_points((1, 1, 1, 1, 0), (5, 5, 5, 5, 0), 1.0) == 3
    assert 3 < city.hand_points((1, 1, 1, 1, 0), (5, 5, 5, 5, 1), 1.0) < city.hand_points((1, 1, 1, 1, 0), plenty, 1.0)


def test_view_keeps_the_landmarks_and_hides_the_deck_order(berlin_positions):
    for state in berlin_positions[:15]:
        other = shuffled_deck(state, seed=5)
        a, b = public_view(state), public_view(other)
        assert a.deck == b.deck and a.setup.deck == b.setup.deck and a.setup.seed is None
        # landmark stacks and hands are face up: the view keeps them as they are
        assert a.setup.landmark_tiles == state.setup.landmark_tiles
        assert a.landmarks_left == state.landmarks_left
        assert [p.landmarks for p in a.players] == [p.landmarks for p in state.players]
        assert [ln.plus_stations for ln in a.lines] == [ln.plus_stations for ln in state.lines]


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_berlin_deck_order_never_changes_a_choice(level, berlin_positions):
    sample = berlin_positions[::16] if level == "hard" else berlin_positions[::4]
    for k, state in enumerate(sample):
        other = shuffled_deck(state, seed=k)
        assert bot(level, 7).choose(state) == bot(level, 7).choose(other), (level, k)


def test_berlin_reused_line_end_values_match_a_fresh_count(berlin_positions):
    """Line-end values are reused only while the landmark stacks and hands are unchanged (the hook's
    signature): a placement that takes a tile changes every player's landmark worth."""
    checked = took = 0
    for state in berlin_positions:
        if state.phase != "actions":
            continue
        view = public_view(state)
        judge = Judge(view, view.current)
        judge.value(view)
        places = legal_placements(view)
        board = board_of(view)
        lm = set(board.landmark_stations)
        near = [p for p in places if set(board.conn_ends[p[1]]) & lm][:3]
        for li, c, _ in near + places[::max(1, len(places) // 4)] + [(None, -1, 0)]:
            child = copy_state(view)
            apply(child, TakeBranch() if li is None else PlaceTrack(li, c))
            took += child.landmarks_left != view.landmarks_left
            assert judge.potentials(child, view, c) == judge.potentials(copy_state(child))
            checked += 1
    assert checked > 30 and took > 0


def test_the_expert_judges_with_full_potential_at_four_players_only():
    """Against hard, London's potential weights with Berlin's city shares won at four players, not at two
    (docs/ai.md, Measured, s12/tune): the expert takes them there; hard keeps its own everywhere."""
    import dataclasses

    from game.ai.cities.berlin import EXPERT_FOUR, HARD
    from game.ai.evaluate import DEFAULT

    city = city_value(new_game(map="berlin", players=4, seed=0))
    assert city.weights("expert", DEFAULT, 4) == dataclasses.replace(DEFAULT, **EXPERT_FOUR)
    assert city.weights("expert", DEFAULT, 4).end == DEFAULT.end
    for players in (2, 4):
        assert city.weights("hard", DEFAULT, players) == dataclasses.replace(DEFAULT, **HARD)
    assert city.weights("expert", DEFAULT, 2) == dataclasses.replace(DEFAULT, **HARD)
