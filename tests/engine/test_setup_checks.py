"""Set-ups are checked like the rulebook: lines per player, every colour once, equal tokens per player."""
from __future__ import annotations

from itertools import combinations

import pytest

from game.engine import SetupError, new_game
from game.engine.rules import default_lines
from game.engine.state import DEFAULT_LINES, LINES_PER_PLAYER, TOKEN_SUPPLY

LONG = [c for c, n in TOKEN_SUPPLY.items() if n == 20]
SHORT = [c for c, n in TOKEN_SUPPLY.items() if n == 15]


def test_rulebook_lines_per_player():
    # "2 players: four line colours; 3 players: three; 4 or 5 players: two" (set-up, step 8)
    assert LINES_PER_PLAYER == {2: 4, 3: 3, 4: 2, 5: 2}
    assert TOKEN_SUPPLY == {**{c: 20 for c in ("red", "yellow", "blue", "purple", "black")},
                            **{c: 15 for c in ("pink", "orange", "green", "brown", "white", "grey")}}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("variant", ["standard", "classic"])
def test_default_line_sets_are_legal(players, variant):
    sets = default_lines(players)
    assert [len(x) for x in sets] == [LINES_PER_PLAYER[players]] * players
    assert len({sum(TOKEN_SUPPLY[c] for c in x) for x in sets}) == 1
    s = new_game("london", players, seed=1, variant=variant)
    assert [[s.lines[li].colour for li in p.lines] for p in s.players] == DEFAULT_LINES[players]


def test_one_line_against_five_is_refused_naming_both_players():
    with pytest.raises(SetupError) as err:
        new_game("london", 2, seed=1, lines=[["red"], ["blue", "green", "orange", "pink", "brown"]])
    msg = str(err.value)
    assert "setup.lines[0]: 1 line(s); with 2 players every player has 4 lines" in msg
    assert "setup.lines[1]: 5 line(s)" in msg


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_one_line_too_many_or_too_few_is_refused(players):
    sets = default_lines(players)
    spare = [c for c in TOKEN_SUPPLY if all(c not in x for x in sets)]
    if spare:
        more = [list(x) for x in sets]
        more[-1].append(spare[0])
        with pytest.raises(SetupError, match=rf"setup.lines\[{players - 1}\]: {LINES_PER_PLAYER[players] + 1} line"):
            new_game("london", players, seed=1, lines=more)
    fewer = [list(x) for x in sets]
    fewer[0].pop()
    with pytest.raises(SetupError, match=rf"setup.lines\[0\]: {LINES_PER_PLAYER[players] - 1} line"):
        new_game("london", players, seed=1, lines=fewer)


def test_a_player_without_lines_is_refused():
    with pytest.raises(SetupError, match=r"setup.lines\[1\]: 0 line"):
        new_game("london", 4, seed=1, lines=[["black", "grey"], [], ["red", "orange"], ["blue", "green"]])


def test_unequal_tokens_are_refused_with_each_players_total():
    lines = [["red", "yellow", "blue", "purple"], ["black", "pink", "orange", "green"]]
    with pytest.raises(SetupError) as err:
        new_game("london", 2, seed=1, lines=lines)
    msg = str(err.value)
    assert "setup.lines: players have different numbers of track tokens" in msg
    assert "red+yellow+blue+purple = 80" in msg and "black+pink+orange+green = 65" in msg


def test_four_players_two_long_lines_against_two_short_is_refused():
    lines = [["black", "red"], ["pink", "orange"], ["yellow", "green"], ["blue", "white"]]
    with pytest.raises(SetupError, match="different numbers of track tokens"):
        new_game("london", 4, seed=1, lines=lines, variant="classic")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_equal_split_the_supply_allows_is_accepted(players):
    """Any choice with the same count of 20-token colours for everyone is a legal set-up."""
    k = LINES_PER_PLAYER[players]
    ok = 0
    for longs in range(k + 1):
        if longs * players > len(LONG) or (k - longs) * players > len(SHORT):
            continue
        lines = [LONG[i * longs:(i + 1) * longs] + SHORT[i * (k - longs):(i + 1) * (k - longs)] for i in range(players)]
        s = new_game("london", players, seed=1, lines=lines)
        assert {sum(s.lines[li].tokens_left for li in p.lines) for p in s.players} == {20 * longs + 15 * (k - longs)}
        ok += 1
    assert ok >= 1


def test_a_colour_twice_is_refused():
    with pytest.raises(SetupError, match="colour 'red' is used twice"):
        new_game("london", 4, seed=1, lines=[["red", "grey"], ["yellow", "white"], ["red", "orange"], ["blue", "green"]])


def test_every_two_player_pair_of_line_sets_with_unequal_totals_is_refused():
    """Exhaustive on 2 players: equal totals are accepted, unequal ones refused, nothing in between."""
    colours = list(TOKEN_SUPPLY)
    seen = 0
    for a in combinations(colours, 4):
        rest = [c for c in colours if c not in a]
        b = tuple(rest[:4])
        equal = sum(TOKEN_SUPPLY[c] for c in a) == sum(TOKEN_SUPPLY[c] for c in b)
        try:
            new_game("london", 2, seed=1, lines=[list(a), list(b)])
            accepted = True
        except SetupError as exc:
            assert "different numbers of track tokens" in str(exc)
            accepted = False
        assert accepted == equal, (a, b)
        seen += 1
    assert seen == 330
