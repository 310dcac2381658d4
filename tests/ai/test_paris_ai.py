"""Paris for the bots: they finish games of 2-5 players, answer every choice phase legally, decide without the
other players' secret objectives (and with their own), and take the terminus reward and set completion that
their hand makes worth it."""
from __future__ import annotations

import random

import pytest

from game.ai import LEVELS, RandomBot, make_bot, public_view
from game.ai.arena import run_games
from game.ai.cities import city_value
from game.engine import ChooseReward, CompleteSet, apply, is_legal, legal_actions, new_game
from game.engine.rules import board_of
from game.engine.state import CHOICE_PHASES, PHASE_COMPLETE_SET, PHASE_REWARD, Choice
from tests.ai.conftest import sample_positions
from tests.ai.test_hidden import bot

MAX_ACTIONS = 2000

# one thinking level per player count, the rest random (cheap): every level and every count is covered
SEATS = {2: ["normal", "random"], 3: ["random", "easy", "random"], 4: ["random", "normal", "expert", "easy"],
         5: ["random", "random", "hard", "random", "random"]}


@pytest.fixture(scope="module")
def paris_positions():
    return sample_positions(games=3, every=7, seed=70, map="paris")


@pytest.fixture(scope="module")
def choice_positions():
    """Every terminus reward and set completion asked in seeded games between random players (who start with
    12 Branch tiles each: random play rarely saves enough to be asked whether to complete a set)."""
    out = []
    for g in range(4):
        state = new_game(map="paris", players=2 + g % 3, seed=80 + g)
        for pl in state.players:
            pl.branch_tiles = 12
        bots = [RandomBot(g * 10 + i) for i in range(state.n_players)]
        while not state.over:
            if state.phase in CHOICE_PHASES:
                out.append(state.copy())
            apply(state, bots[state.current].choose(state))
    kinds = {s.phase for s in out}
    assert kinds == set(CHOICE_PHASES), kinds  # both phases met, so the tests below test both
    return out


@pytest.mark.parametrize("players", sorted(SEATS))
def test_bots_finish_paris_games_choosing_legally(players):
    """Every level plays a whole Paris game, every player count 2-5 is played, and every action a bot picks
    (placements, branch tiles, routes, terminus rewards, set completions) is legal when it is picked."""
    levels = SEATS[players]
    assert set().union(*map(set, SEATS.values())) == set(LEVELS)
    state = new_game(map="paris", players=players, seed=players)
    bots = [make_bot(lv, seed=30 + i) for i, lv in enumerate(levels)]
    actions = 0
    phases = set()
    while not state.over and actions < MAX_ACTIONS:
        action = bots[state.current].choose(state)
        assert is_legal(state, action), (state.phase, action)
        phases.add(state.phase)
        apply(state, action)
        actions += 1
    assert state.over, (levels, actions)
    assert PHASE_REWARD in phases, "a whole game without a terminus reward: the choices were not tested"
    board = board_of(state)
    held = sum(sum(p.landmarks.values()) for p in state.players)
    assert held + sum(state.landmarks_left) <= len(board.landmark_stations)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_answers_every_choice_legally(level, choice_positions):
    for k, state in enumerate(choice_positions[:40]):
        action = make_bot(level, seed=k).choose(state)
        assert action in legal_actions(state), (level, k, state.phase, action)


# ---- hidden information --------------------------------------------------------------------------------


def _other_hands(state, seat: int, k: int):
    """The same table where every player but ``seat`` holds other objective cards (the seat's own kept)."""
    board = board_of(state)
    own = set(state.setup.objectives[seat])
    spare = [c for c in range(len(board.objective_points)) if c not in own]
    rng = random.Random(k)
    other = state.copy()
    while other.setup.objectives == state.setup.objectives:
        rng.shuffle(spare)
        it = iter(spare)
        other.setup.objectives = [list(hand) if p == seat else [next(it) for _ in hand]
                                  for p, hand in enumerate(state.setup.objectives)]
    assert other.setup.objectives != state.setup.objectives
    return other


def test_view_blanks_the_other_players_objectives(paris_positions):
    for state in paris_positions[:20]:
        for seat in range(state.n_players):
            view = public_view(state, seat)
            assert view.setup.objectives[seat] == state.setup.objectives[seat]
            assert all(hand == [] for p, hand in enumerate(view.setup.objectives) if p != seat)
            assert view.setup.seed is None  # the deal could be rebuilt from it
            assert state.setup.objectives[1 - seat]  # the game itself still holds them
        # by default the view is the player to act's
        assert public_view(state).setup.objectives[state.current] == state.setup.objectives[state.current]


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "expert"])
def test_other_players_objectives_never_change_a_choice(level, paris_positions, choice_positions):
    """Expert draws the others' cards for its playouts from those not in its own hand: never from theirs."""
    if level == "expert":
        sample = paris_positions[::8] + choice_positions[:4]
    elif level == "hard":
        sample = paris_positions[::5] + choice_positions[:6]
    else:
        sample = paris_positions + choice_positions
    for k, state in enumerate(sample):
        other = _other_hands(state, state.current, k)
        assert bot(level, 7).choose(state) == bot(level, 7).choose(other), (level, k)


def test_own_objectives_change_the_play_somewhere(paris_positions):
    """The bots do value their own cards: some position gets another choice when the player's cards differ."""
    changed = 0
    for k, state in enumerate(paris_positions):
        if state.phase != "actions":
            continue
        me = state.current
        other = state.copy()
        board = board_of(state)
        taken = {c for hand in state.setup.objectives for c in hand}
        free = [c for c in range(len(board.objective_points)) if c not in taken]
        other.setup.objectives[me] = free[:2]
        changed += bot("normal", 7).choose(state) != bot("normal", 7).choose(other)
        if changed:
            break  # one is the proof; the rest would only cost time
    assert changed >= 1


# ---- the choices --------------------------------------------------------------------------------------------


def _choice_state(phase: str, landmarks: dict[str, int], tiles: int):
    """Player 0 asked a ``phase`` choice early in a two-player game, holding ``landmarks`` and ``tiles``."""
    state = new_game(map="paris", players=2, seed=9, start_player=0)
    board = board_of(state)
    terminus = next(st.index for st in board.stations if "terminus" in st.kinds)
    state.players[0].landmarks = dict(landmarks)
    state.players[0].branch_tiles = tiles
    state.pending = [Choice(phase, 0, 0, terminus)]
    state.phase = phase
    return state


def test_reward_points_unless_tiles_would_complete_a_set():
    types = None
    plain = _choice_state(PHASE_REWARD, {}, 0)
    types = board_of(plain).paris.landmark_types
    three = _choice_state(PHASE_REWARD, {t: 1 for t in types[:3]}, 0)
    for level in ("easy", "normal", "hard"):
        # nothing the tiles could buy soon: the two points
        assert bot(level, 1).choose(plain) == ChooseReward("points"), level
        # three types held and no tile: two tiles complete a set at the next landmark of a fourth type
        assert bot(level, 1).choose(three) == ChooseReward("tiles"), level


def test_set_completed_when_seven_points_beat_the_tiles():
    types = board_of(new_game(map="paris", players=2, seed=9)).paris.landmark_types
    four = _choice_state(PHASE_COMPLETE_SET, {t: 1 for t in types[:4]}, 2)
    one = _choice_state(PHASE_COMPLETE_SET, {types[0]: 1}, 8)
    for level in ("easy", "normal", "hard"):
        assert bot(level, 1).choose(four) == CompleteSet(True), level
    # at the end, tiles are only a tie-break: any affordable set is taken
    one.deck = []
    one.end_triggered = True
    assert bot("hard", 1).choose(one) == CompleteSet(True)


def test_choices_follow_the_hand_the_look_ahead_assumed():
    """Hard's plan assumes the board's own answer to a choice; asked at the table, it gives the same one."""
    state = new_game(map="paris", players=2, seed=12, start_player=0)
    b = bot("hard", 3)
    checked = 0
    while not state.over and state.turn < 60 and checked < 2:
        action = b.choose(state) if state.current == 0 else RandomBot(state.turn).choose(state)
        if state.current == 0 and state.phase in CHOICE_PHASES:  # hard's answers (the random seat's are random)
            assert action == city_value(state).choice(public_view(state), state.current)
            checked += 1
        apply(state, action)
    assert checked, "hard was never asked a choice: pick a deal where it is"


# ---- strength, bounded ------------------------------------------------------------------------------------


def test_hard_beats_random_on_paris():
    """A small series (the 200-game figures are in docs/ai.md): hard wins both seats of one deal (83-25 and
    64-33 when measured); `make soak` plays a longer series below."""
    res = run_games(["hard", "random"], games=2, seed=600, players=2, map="paris", workers=2)
    assert all(g["finished"] for g in res["games"])
    assert res["winrates"]["hard"] == 1.0, [g["scores"] for g in res["games"]]


@pytest.mark.soak
def test_hard_beats_random_on_paris_soak():
    res = run_games(["hard", "random"], games=20, seed=600, players=2, map="paris", workers=2)
    assert all(g["finished"] for g in res["games"])
    assert res["winrates"]["hard"] >= 0.9, [g["scores"] for g in res["games"]]
