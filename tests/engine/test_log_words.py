"""The game log in words (game/engine/log_words.py): every kind of action and score on every board."""
from __future__ import annotations

import random

import pytest

from game.engine import events as ev
from game.engine import load_board, new_game
from game.engine.actions import ChooseReward, ChooseRoute, CompleteSet, PlaceTrack, TakeBranch, Undo
from game.engine.log_words import GameLog, game_log, log_of
from game.engine.rules import apply, legal_actions, start

# What each score category must say in the log (independent of the module's own table).
WORDS = {"national_rail": "National Rail", "terminus": "terminus", "connections": "connection tiles",
         "loops": "loop", "plus": "+ station", "landmark_sets": "landmark set", "landmark_bonus": "landmark bonus",
         "clusters": "cluster", "water": "third water icon", "rer": "RER", "objectives": "secret objective"}
BOARDS = {
    "london": {"national_rail", "terminus", "connections", "loops", "passenger"},
    "london-2006": {"national_rail", "terminus", "connections", "loops", "passenger"},
    "berlin": {"national_rail", "terminus", "plus", "landmark_sets", "landmark_bonus", "passenger"},
    "newyork": {"national_rail", "terminus", "clusters", "water", "passenger"},
    "paris": {"terminus", "rer", "landmark_sets", "objectives", "passenger"},
}
ACTIONS = {"london": {PlaceTrack, TakeBranch, ChooseRoute}, "london-2006": {PlaceTrack, TakeBranch, ChooseRoute},
           "berlin": {PlaceTrack, TakeBranch, ChooseRoute}, "newyork": {PlaceTrack, TakeBranch, ChooseRoute},
           "paris": {PlaceTrack, TakeBranch, ChooseRoute, ChooseReward, "set_yes", "set_no"}}


def _kind(a):
    if isinstance(a, CompleteSet):
        return "set_yes" if a.complete else "set_no"
    return type(a)


def _games(map_name: str):
    """Seeded random games, until every score category and action kind of the board has happened."""
    cats, kinds = set(), set()
    for g in range(80):
        st = new_game(map_name, ["Ada", "Bob", "Cy"][:2 + g % 2], seed=g,
                      variant="classic" if map_name == "london-2006" else "standard")
        rng = random.Random(g)
        steps = []
        while not st.over:
            before = st.current
            a = rng.choice(legal_actions(st))
            events = apply(st, a)
            steps.append((a, events, before))
            kinds.add(_kind(a))
            cats.update(e.category for e in events if isinstance(e, ev.Scored))
        yield st, steps
        if cats >= BOARDS[map_name] and kinds >= ACTIONS[map_name]:
            return
    pytest.fail(f"{map_name}: 80 random games never scored {BOARDS[map_name] - cats} "
                f"or took {ACTIONS[map_name] - kinds}")


@pytest.mark.parametrize("map_name", sorted(BOARDS))
def test_every_action_and_score_is_in_words(map_name):
    board = load_board(map_name)
    for st, steps in _games(map_name):
        log = log_of(st)
        assert log[0].kind == "setup" and board.name in log[0].text
        by_step: dict[int, list] = {}
        for e in log:
            by_step.setdefault(e.step, []).append(e)
        assert sorted(k for k in by_step if k >= 0) == list(range(len(steps)))
        for i, (action, events, who) in enumerate(steps):
            lines = by_step[i]
            text = "\n".join(e.text for e in lines)
            name = st.players[who].name
            first = lines[0]
            assert first.text.startswith(f"{name}: "), (i, first.text)
            if isinstance(action, PlaceTrack):
                a, b = board.conn_ends[action.connection]
                assert first.kind == "place" and first.connections == (action.connection,)
                assert set(first.stations) == {a, b}
                def seen(s):  # a New York water icon is named as players see it (no "Water:" map name)
                    name = board.stations[s].name
                    return f"water crossing by {name.removeprefix('Water: ')}" if s in board.water else name

                assert f"{st.lines[action.line].colour} {seen(a)} – {seen(b)}" in first.text
                spent = next(e.branch_tiles_spent for e in events if isinstance(e, ev.TokenPlaced))
                assert (f"({spent} branch tiles)" in first.text) == bool(spent)
            elif isinstance(action, TakeBranch):
                assert first.text == f"{name}: takes a branch tile"
            elif isinstance(action, ChooseRoute):
                assert first.kind == "route" and "route to" in first.text
            elif isinstance(action, ChooseReward):
                assert first.kind == "reward" and "terminus reward at" in first.text
            elif isinstance(action, CompleteSet):
                assert ("completes a landmark set" in first.text) == action.complete
            for e in events:
                if isinstance(e, ev.Scored) and e.category != "passenger":
                    want = WORDS[e.category]
                    owner = st.players[e.player].name
                    pts = f"+{e.points}" if e.points else f"+{e.branch_tiles} branch tile"
                    if e.branch_tiles:
                        pts += "" if not e.points else f" and {e.branch_tiles} branch tile"
                    hit = [x for x in lines if want in x.text and pts in x.text and
                           (x.text.startswith(owner) or x.player == e.player)]
                    assert hit, (i, e, text)
                elif isinstance(e, ev.PassengerMoved):
                    dest = board.stations[e.destination].name
                    hit = [x for x in lines if x.kind == "passenger" and x.stations[-1] == e.destination
                           and (f"→ {dest} (" in x.text or f"→ {dest}," in x.text or f"stays at {dest} " in x.text)]
                    assert hit, (i, text)
                    paid = [s for s in events if isinstance(s, ev.Scored) and s.category == "passenger"
                            and s.stations == (e.destination,)]
                    for s in paid:
                        assert f"{st.lines[s.line].colour} +1 {st.players[s.player].name}" in text
                    if not paid:
                        assert "no line scores" in hit[0].text
                elif isinstance(e, ev.DestinationsDrawn):
                    assert any(x.kind == "drawn" and all(board.stations[c].name in x.text for c in e.cards)
                               for x in lines)
                elif isinstance(e, ev.EndTriggered):
                    assert any(x.kind == "end" and "last round" in x.text for x in lines)
                elif isinstance(e, ev.PassengerLeft):
                    assert any(x.kind == "left" for x in lines)
                elif isinstance(e, ev.TurnStarted):
                    assert any(x.kind == "turn" and st.players[e.player].name in x.text for x in lines)
                elif isinstance(e, ev.GameOver):
                    over = lines[-1]
                    assert over.kind == "over" and all(st.players[w].name in over.text for w in e.winners)
                    assert f"{st.players[e.winners[0]].score} points" in over.text


def test_a_placement_in_the_brief_s_words():
    st = new_game("london", ["Ada", "Bob"], seed=3, start_player=0)
    board = load_board("london")
    red = st.players[0].lines[0]
    apply(st, PlaceTrack(red, board.connection("Moorgate", "Liverpool Street")))
    apply(st, PlaceTrack(red, board.connection("Bank", "Moorgate")))
    log = log_of(st)
    assert log[-2].text == "Ada: red Liverpool Street – Moorgate, +1 National Rail (Liverpool Street)"
    assert log[-1].text == "Ada: red Bank – Moorgate"
    assert log[-1].turn == 0 and log[-1].player == 0


def test_an_undo_in_a_record_is_logged_and_the_log_follows_undo_on_the_table():
    st = new_game("london", ["Ada", "Bob"], seed=3, start_player=0)
    board = load_board("london")
    red = st.players[0].lines[0]
    actions = [PlaceTrack(red, board.connection("Bank", "Moorgate")), Undo(), TakeBranch()]
    log = game_log(st.setup, actions)
    assert [e.text for e in log if e.step >= 0] == ["Ada: red Bank – Moorgate", "Ada: takes back the last action",
                                                    "Ada: takes a branch tile"]
    book = GameLog(st.setup)
    apply(st, actions[0])
    apply(st, actions[2])
    assert [e.kind for e in book.update(st.log)][-2:] == ["place", "branch"]
    apply(st, Undo())  # the table's log (state.log) loses the branch tile: the book starts again
    assert [e.kind for e in book.update(st.log)][-1] == "place"
    assert len(book.actions) == 1


def test_paris_objectives_stay_secret_until_the_end():
    board = load_board("paris")
    for st, steps in _games("paris"):
        log = log_of(st)
        last = len(steps) - 1
        for e in log:
            if e.step < last:
                assert "objective" not in e.text, e.text
        reveal = [e for e in log if e.step == last and "secret objective" in e.text and "'s" in e.text]
        assert len(reveal) == 2 * st.n_players
        for p, hand in enumerate(st.setup.objectives):
            for card in hand:
                names = ", ".join(board.stations[s].name for s in board.objective_stations[card])
                assert any(e.player == p and names in e.text for e in reveal)


def test_the_log_of_a_record_replays_from_its_set_up():
    st = new_game("berlin", ["Ada", "Bob"], seed=9)
    rng = random.Random(9)
    for _ in range(30):
        apply(st, rng.choice(legal_actions(st)))
    assert game_log(start(st.setup).setup, st.log) == log_of(st)
    bad = list(st.log[:3]) + [PlaceTrack(0, 10 ** 6)]
    book = GameLog(st.setup)
    book.update(bad)
    assert len(book.actions) == 3 and "actions[3]: illegal" in book.problem


def test_new_york_names_water_crossings_and_clusters_as_players_see_them():
    """The map names a water icon "Water: Marcy Av" (it has no name on the board): the log says "water
    crossing by Marcy Av", in the reader's language; a cluster is written as the board prints it."""
    from game import i18n

    board = load_board("newyork")
    seen_water = seen_cluster = False
    for g in range(40):
        st = new_game("newyork", ["Ada", "Bob"], seed=g)
        rng = random.Random(g)
        while not st.over:
            apply(st, rng.choice(legal_actions(st)))
        for entry in log_of(st):
            assert "Water:" not in entry.text, entry.text
            seen_water |= "water crossing by " in entry.text
            if "cluster" in entry.text:
                seen_cluster = True
                assert any(f"cluster {name}" in entry.text for name in
                           ("LOWER MANHATTAN", "DOWNTOWN BROOKLYN", "VILLAGE", "MIDTOWN")), entry.text
        if seen_water and seen_cluster:
            break
    assert seen_water and seen_cluster
    water = next(iter(board.water))
    c = next(i for i, ends in enumerate(board.conn_ends) if water in ends)
    from game.engine.log_words import conn_words

    try:
        for lang, word in (("de", "Wasserquerung"), ("fr", "traversée")):
            assert i18n.set_language(lang) == lang
            said = i18n.words_text(conn_words(board, c))
            assert word in said and "Water:" not in said, said
    finally:
        i18n.set_language("en")
