"""The London rulebook's worked examples (2nd edition), played on the real London board."""
from __future__ import annotations

from engine_helpers import BOARD, conn, lay, line_of, make_game, place

from game.engine import ChooseRoute, TakeBranch, apply, legal_actions
from game.engine.rules import legal_placements
from game.engine.events import PassengerMoved, RouteChoiceNeeded, Scored


def test_example_branch_tiles():
    """Acton-Ealing Broadway terminus (2 + tile), take a tile, branch NHG-Paddington (1), Paddington-Marylebone (1)."""
    s = make_game(players=2)
    # the red line already runs through Notting Hill Gate, so it is not an end there
    lay(s, "red", "Shepherd's Bush", "Notting Hill Gate", "High Street Kensington")
    lay(s, "orange", "Alperton", "Acton")
    p = s.players[0]
    p.score, p.branch_tiles, p.points = 0, 0, {}
    s.actions_left = 4

    ev = apply(s, place("orange", "Acton", "Ealing Broadway", s))
    assert (p.score, p.branch_tiles) == (2, 1)
    assert any(isinstance(e, Scored) and e.category == "terminus" and e.branch_tiles == 1 for e in ev)

    apply(s, TakeBranch())
    assert p.branch_tiles == 2

    ev = apply(s, place("red", "Notting Hill Gate", "Paddington", s))
    assert p.branch_tiles == 0, "two branch tiles go back to the supply"
    assert p.score == 3, "Paddington is National Rail: 1 point"
    assert ev[0].branch_tiles_spent == 2

    apply(s, place("red", "Paddington", "Marylebone", s))
    assert p.points["national_rail"] == 2 and p.points["terminus"] == 2
    assert s.current == 1, "four actions end the turn"


def test_example_passenger_movement_from_goldhawk_road():
    """Three express candidates; Oxford Circus wins on fewer lines; the tie to Great Portland Street is a choice."""
    s = make_game(players=2, first=("Leicester Square", "Oxford Circus", "Turnham Green", "Great Portland Street"))
    lay(s, "red", "Shepherd's Bush", "Notting Hill Gate", "Marble Arch", "Bond Street", "Oxford Circus")
    lay(s, "green", "Leicester Square", "Piccadilly Circus", "Green Park", "Bond Street", "Baker Street",
        "Great Portland Street")
    lay(s, "orange", "Notting Hill Gate", "Paddington", "Marylebone", "Baker Street", "Great Portland Street")
    s.passenger = BOARD.station("Goldhawk Road")
    before = [p.score for p in s.players]

    events = []
    while s.phase == "actions":
        events += apply(s, TakeBranch())

    moved = [e for e in events if isinstance(e, PassengerMoved)]
    assert [BOARD.stations[m.destination].name for m in moved] == ["Oxford Circus"]
    assert moved[0].lines == (line_of(s, "red"),)
    assert moved[0].hops[0] == (BOARD.station("Goldhawk Road"), BOARD.station("Shepherd's Bush"), -1)
    assert any(isinstance(e, RouteChoiceNeeded) for e in events)
    assert s.phase == "route" and s.current == 0, "the player moving the passenger chooses"

    opts = {(BOARD.stations[o.destination].name, frozenset(s.lines[li].colour for li in o.lines)) for o in s.options}
    assert opts == {("Great Portland Street", frozenset({"red", "orange"})),
                    ("Great Portland Street", frozenset({"red", "green"}))}
    assert all(o.empty == 0 for o in s.options)
    assert len(legal_actions(s)) == 2

    pick = next(i for i, o in enumerate(s.options) if line_of(s, "orange") in o.lines)
    events = apply(s, ChooseRoute(pick))
    moved = [e for e in events if isinstance(e, PassengerMoved)]
    assert set(moved[0].lines) == {line_of(s, "red"), line_of(s, "orange")}
    # red scored twice (both moves), orange once; all three lines are the first player's
    assert s.players[0].score - before[0] == 3
    assert s.players[0].points["passenger"] == 3
    assert s.passenger == BOARD.station("Great Portland Street")
    assert len(s.face_up) == 4 and BOARD.station("Oxford Circus") in s.discard
    assert s.current == 1


def test_example_a_new_loop():
    """Bond Street-Green Park-Victoria-Westminster-Charing Cross closes a green loop: 3 for the connection
    tiles (Victoria and King's Cross St. Pancras), then 4 stations inside; Holborn was already scored."""
    s = make_game(players=2)
    lay(s, "green", "Bond Street", "Baker Street", "Great Portland Street", "Euston", "King's Cross St. Pancras",
        "Moorgate", "Bank", "Blackfriars", "Charing Cross")
    green = s.lines[line_of(s, "green")]
    holborn = BOARD.station("Holborn")
    green.loop_scored.append(holborn)  # scored by an earlier green loop (the rulebook's picture)
    p = s.players[0]
    start = p.score
    s.actions_left = 4

    apply(s, place("green", "Bond Street", "Green Park", s))
    assert p.score == start
    ev = apply(s, place("green", "Green Park", "Victoria", s))
    assert p.score == start + 3
    assert any(e.category == "connections" for e in ev if isinstance(e, Scored))
    apply(s, place("green", "Victoria", "Westminster", s))
    assert p.score == start + 3
    ev = apply(s, place("green", "Westminster", "Charing Cross", s))
    loops = [e for e in ev if isinstance(e, Scored) and e.category == "loops"]
    assert len(loops) == 1 and loops[0].points == 4
    inside = {BOARD.stations[x].name for x in loops[0].stations}
    assert inside == {"Oxford Circus", "Tottenham Court Road", "Leicester Square", "Piccadilly Circus"}
    assert holborn not in loops[0].stations
    assert p.points["loops"] == 4 and p.points["connections"] == 3
    assert p.score == start + 7 + p.points.get("passenger", 0), "the passenger moved after the fourth action"


def test_example_extending_a_line_ends_and_branches():
    """Only connections at the line's ends are free; elsewhere needs 2 branch tiles (the ✓/✗ picture)."""
    s = make_game(players=2)
    lay(s, "blue", "Paddington", "Notting Hill Gate", "Marble Arch")
    blue = line_of(s, "blue")
    free = {c for li, c, cost in legal_placements(s)
            if li == blue and cost == 0}
    assert conn("Notting Hill Gate", "Shepherd's Bush") not in free
    assert conn("Marble Arch", "Bond Street") in free
    assert conn("Paddington", "Marylebone") in free
