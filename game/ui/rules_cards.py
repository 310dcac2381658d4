"""The rules cards' words and diagrams, as data: one set of pages per board (rules_help.py draws them).

A board's card is the shared pages (the turn, placing tokens, branch tiles), then its city's scoring
pages, then the passenger and the end. Each city's drawing (game/ui/cities) names its scoring pages in
``CityDrawing.rules_pages``; the pages themselves live here so all the rules' words are in one place
(and one catalogue). A city with no drawing module yet (Paris until game/ui/cities/paris.py names its
own) takes its pages from ``CITY_PAGES``.

A diagram is a :class:`Sketch`: a few stations, track spaces, tokens and labels on a 100 x 40 grid,
drawn with pygame primitives by rules_help.draw_sketch. Nothing is artwork from the printed game.
The text follows /work/shared/RULES.md and the rulebooks.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..i18n import N_, _

SKETCH_W, SKETCH_H = 100.0, 40.0  # the diagram grid; drawn uniformly scaled into its box


@dataclass(frozen=True)
class Sketch:
    """A small diagram. Stations are indexed by their place in ``stations``.

    stations: (x, y, kind) — kind: a station kind the board view draws (standard, express, terminus,
        national_rail, connection, start), "water" (a New York icon) or a city's own as "city:kind"
        ("berlin:plus", "paris:rer"), drawn by that city's drawing.
    links: (a, b, spaces, colours) — a connection with ``spaces`` track spaces and tokens of ``colours``.
    ghosts: (a, b, colour, ok) — a token someone might place: ok=True allowed (tick), False refused (cross).
    walks: (a, b) — a dotted passenger route along the connection a-b.
    notes: (x, y, text, tone) — tone "good" (points), "bad", "ink" or "muted".
    icons: (x, y, icon, arg) — "branch" (a branch tile, arg: how many), "passenger", "card" (a destination
        card, arg: "express" or "standard"), "symbol" (a city symbol, arg: its name), "deck" (arg: cards left).
    areas: (kind, stations) — "cluster" (a shaded group round those stations) or "water" (a pale band).
    symbols: (station, symbol) — the symbol drawn inside a connection station.
    """

    stations: tuple = ()
    links: tuple = ()
    ghosts: tuple = ()
    walks: tuple = ()
    notes: tuple = ()
    icons: tuple = ()
    areas: tuple = ()
    symbols: tuple = ()


@dataclass(frozen=True)
class Page:
    key: str
    title: str
    text: tuple[str, ...]  # paragraphs
    sketch: Sketch | None = None


# ------------------------------------------------------------------------------------------------
# shared pages

TURN = Page(
    "turn", N_("Your turn"),
    (N_("On your turn you take actions one at a time. Each action is either placing one track token of one "
     "of your lines, or taking a branch tile."),
     N_("The first turn has 3, 4 or 5 actions depending on your seat (later players get more); every later "
     "turn has 4. There is no passing."),
     N_("After your last action the passenger moves, then the next player's turn begins. On screen: choose a "
     "line on your panel, then tap a track space; Undo takes back an action of this turn.")),
    Sketch(stations=((8, 22, "standard"), (30, 22, "standard"), (52, 22, "standard")),
           links=((0, 1, 1, ("red",)), (1, 2, 1, ("red",))),
           icons=((66, 22, "branch", 1), (88, 22, "passenger", None)),
           notes=((19, 34, "1", "muted"), (41, 34, "2", "muted"), (66, 34, "3", "muted"),
                  (88, 34, N_("then"), "muted"))))

TURN_CLASSIC = Page(
    "turn", N_("Your turn (first edition)"),
    (N_("On your turn you take 4 actions, one at a time, every turn including the first. Each action is "
     "either placing one track token of one of your lines, or taking a branch tile. There is no passing."),
     N_("To make up for going later, players start with 0, 1, 2, 3 and 4 points in turn order."),
     N_("After your last action the passenger moves. On screen: choose a line on your panel, then tap a "
     "track space; Undo takes back an action of this turn.")),
    TURN.sketch)

PLACING = Page(
    "placing", N_("Placing track tokens"),
    (N_("A line's first token may go on any connection with a free track space."),
     N_("Every later token must touch an end of that line, so the line grows as one piece. An end is a "
     "station where only one token of the line arrives."),
     N_("A line never has two tokens on one connection, and the tokens on one connection are all different "
     "colours. Tokens never move.")),
    Sketch(stations=((8, 20, "standard"), (30, 20, "standard"), (52, 20, "standard"), (74, 20, "standard"),
                     (30, 4, "standard"), (94, 34, "standard")),
           links=((0, 1, 1, ("red",)), (1, 2, 2, ("red", "blue")), (2, 3, 1, ()), (1, 4, 1, ()),
                  (3, 5, 1, ())),
           ghosts=((2, 3, "red", True), (1, 4, "red", False)),
           notes=((63, 32, N_("at an end: yes"), "good"), (18, 6, N_("not an end"), "bad"))))

BRANCH = Page(
    "branch", N_("Branch tiles"),
    (N_("Taking a branch tile is always allowed and uses one action."),
     N_("Hand back 2 branch tiles to place a token that touches any station of the line instead of an end: "
     "the line branches there."),
     N_("At the end of the game a tie on points goes to the player with more branch tiles.")),
    Sketch(stations=((8, 28, "standard"), (30, 28, "standard"), (52, 28, "standard"), (30, 6, "standard")),
           links=((0, 1, 1, ("blue",)), (1, 2, 1, ("blue",)), (1, 3, 1, ())),
           ghosts=((1, 3, "blue", True),),
           icons=((70, 12, "branch", 2),),
           notes=((82, 30, N_("2 tiles: branch"), "good"),)))

BRANCH_PARIS = Page(
    "branch", N_("Branch tiles"),
    (N_("Taking a branch tile is always allowed and uses one action."),
     N_("Hand back 2 branch tiles to place a token that touches any station of the line instead of an end. "
     "In Paris, 2 branch tiles also buy a token on a connection whose spaces are all full (still a colour "
     "not already there); a token that is both off the line's ends and on a full connection costs 4."),
     N_("At the end a tie on points goes to the player with more branch tiles.")),
    BRANCH.sketch)

STATIONS = Page(
    "stations", N_("Stations that score"),
    (N_("Each bonus is earned once per line per station, the moment that line first reaches the station. "
     "Several lines, even of one player, can earn the same station."),
     N_("National Rail station: 1 point."),
     N_("Terminus: 2 points and 1 branch tile.")),
    Sketch(stations=((10, 24, "standard"), (40, 24, "national_rail"), (70, 24, "standard"), (92, 24, "terminus")),
           links=((0, 1, 1, ("red",)), (1, 2, 1, ("red",)), (2, 3, 1, ("red",))),
           icons=((92, 6, "branch", 1),),
           notes=((40, 8, "+1", "good"), (80, 8, "+2", "good"))))

STATIONS_PARIS = Page(
    "stations", N_("Stations that score"),
    (N_("Each bonus is earned once per line per station, the moment that line first reaches the station."),
     N_("National Rail station: 1 point."),
     N_("Terminus: you choose 2 points, or 1 point and 1 branch tile, or 2 branch tiles.")),
    Sketch(stations=((10, 24, "standard"), (40, 24, "national_rail"), (70, 24, "standard"), (92, 24, "terminus")),
           links=((0, 1, 1, ("red",)), (1, 2, 1, ("red",)), (2, 3, 1, ("red",))),
           icons=((92, 6, "branch", 1),),
           notes=((40, 8, "+1", "good"), (78, 8, N_("+2 or"), "good"))))

PASSENGER = Page(
    "passenger", N_("The passenger"),
    (N_("After your last action the passenger must move: first to an express destination, then to a standard "
     "one, if both kinds are face up; otherwise once."),
     N_("It goes to the destination it can reach walking the fewest empty track spaces, and then boarding the "
     "fewest lines. Riding a connection with any token on it costs nothing."),
     N_("Every line it rides scores 1 point for its owner, however far. Where routes tie, you choose. The "
     "card it reached leaves the game and a new one is drawn.")),
    Sketch(stations=((8, 24, "standard"), (30, 24, "standard"), (52, 24, "standard"), (74, 24, "standard"),
                     (94, 24, "express")),
           links=((0, 1, 1, ("red",)), (1, 2, 1, ("red",)), (2, 3, 1, ("blue",)), (3, 4, 1, ())),
           walks=((0, 1), (1, 2), (2, 3), (3, 4)),
           icons=((8, 8, "passenger", None), (94, 8, "card", "express")),
           notes=((19, 36, N_("+1 red"), "good"), (58, 36, N_("+1 blue"), "good"), (88, 36, N_("walked"), "muted"))))

PASSENGER_NY = Page(
    "passenger", N_("The passenger"),
    (N_("After your last action the passenger moves twice. Every destination in New York is standard; a "
     "station with two cards gives up one per move (the second move may stay where it is)."),
     N_("It goes to the destination it can reach walking the fewest empty track spaces, then boarding the "
     "fewest lines. Walking a water crossing costs a space for each side of the icon."),
     N_("Every line it rides scores 1 point for its owner. Where routes tie, you choose.")),
    PASSENGER.sketch)

PASSENGER_PARIS = Page(
    "passenger", N_("The passenger"),
    (N_("After your last action the passenger moves once, to the destination it can reach walking the fewest "
     "empty track spaces, and then boarding the fewest lines."),
     N_("Riding a connection with any token on it costs nothing; every line it rides scores 1 point for its "
     "owner. Where routes tie, you choose. The card it reached leaves the game and a new one is drawn.")),
    PASSENGER.sketch)

END = Page(
    "end", N_("The end of the game"),
    (N_("When the deck is empty the end is near: play goes on until the last player in turn order has had a "
     "turn, so everyone has had the same number of turns. The passenger keeps moving while destinations "
     "remain."),
     N_("Most points wins. A tie goes to the player with more branch tiles; after that the win is shared.")),
    Sketch(icons=((14, 20, "deck", 0), (40, 20, "card", "standard"), (62, 20, "card", "express")),
           notes=((14, 36, N_("deck empty"), "muted"), (84, 20, N_("most points"), "good"))))

END_CLASSIC = Page(
    "end", N_("The end of the game (first edition)"),
    (N_("When the deck is empty after refilling the destinations, the passenger leaves the board at once: no "
     "more moves, and the destinations go too."),
     N_("Play goes on until everyone has had the same number of turns. Most points wins; equal points share "
     "the win (the first edition has no tie-break).")),
    END.sketch)

TABLE_HELP = Page(
    "table", N_("Help at the table"),
    (N_("Press and hold a station: a card shows its name and kind, and what it would score for the chosen "
     "line now."),
     N_("Press and hold a player's score: their points by kind so far."),
     N_("The menu button on every panel opens the game menu, facing that seat: these rules, settings, "
     "restart, save and leave.")),
    None)

# ------------------------------------------------------------------------------------------------
# each city's scoring pages

LONDON_CONNECTIONS = Page(
    "london_connections", N_("London: connections"),
    (N_("Eight stations carry a connection tile: four symbols, two tiles of each."),
     N_("A line scores 3 points when it reaches the second station with the same symbol. The tiles stay on "
     "the board, so every line can score each pair.")),
    Sketch(stations=((10, 22, "connection"), (32, 22, "standard"), (54, 22, "standard"), (76, 22, "connection")),
           links=((0, 1, 1, ("red",)), (1, 2, 1, ("red",)), (2, 3, 1, ("red",))),
           symbols=((0, "parks"), (3, "parks")),
           notes=((88, 8, "+3", "good"),)))

LONDON_LOOPS = Page(
    "london_loops", N_("London: loops"),
    (N_("After each placement, every station inside a loop of that line, not itself on the line, scores 1 "
     "point for the line."),
     N_("A station scores at most once per line, even if the loop is later broken.")),
    Sketch(stations=((30, 4, "standard"), (56, 4, "standard"), (64, 36, "standard"), (22, 36, "standard"),
                     (43, 20, "standard"), (90, 20, "standard")),
           links=((0, 1, 1, ("green",)), (1, 2, 1, ("green",)), (2, 3, 1, ("green",)), (3, 0, 1, ()),
                  (2, 5, 1, ())),
           ghosts=((3, 0, "green", True),),
           notes=((43, 30, "+1", "good"),)))

BERLIN_PLUS = Page(
    "berlin_plus", N_("Berlin: \u201c+\u201d stations"),
    (N_("The first \u201c+\u201d station a line reaches scores nothing; the second and third score 2 points each, "
     "the fourth 4. Later ones score nothing."),),
    Sketch(stations=((6, 22, "berlin:plus"), (30, 22, "berlin:plus"), (54, 22, "berlin:plus"), (78, 22, "berlin:plus"), (96, 22, "standard")),
           links=((0, 1, 1, ("yellow",)), (1, 2, 1, ("yellow",)), (2, 3, 1, ("yellow",)), (3, 4, 1, ())),
           notes=((6, 6, "0", "muted"), (30, 6, "+2", "good"), (54, 6, "+2", "good"), (78, 6, "+4", "good"))))

BERLIN_LANDMARKS = Page(
    "berlin_landmarks", N_("Berlin: landmarks"),
    (N_("Landmark stations hold a stack of tiles of one type. A line newly reaching a station with tiles left "
     "gives its owner the top tile."),
     N_("Five different types in hand are handed in at once for 10 points."),
     N_("At the end: 3 points for each tile of the type you hold most of.")),
    Sketch(icons=((10, 18, "symbol", "culture"), (28, 18, "symbol", "government"), (46, 18, "symbol", "retail"),
                  (64, 18, "symbol", "education"), (82, 18, "symbol", "sports")),
           notes=((46, 36, N_("five different: +10"), "good"),)))

NY_CLUSTERS = Page(
    "newyork_clusters", N_("New York: clusters"),
    (N_("The shaded groups of stations are clusters. A line reaching a new cluster scores 1 point for each "
     "cluster it had reached before (nothing for its first)."),
     N_("A line scores each cluster once.")),
    Sketch(stations=((8, 22, "standard"), (20, 22, "standard"), (46, 22, "standard"), (58, 22, "standard"),
                     (84, 22, "standard"), (96, 22, "standard")),
           links=((0, 1, 1, ("purple",)), (1, 2, 1, ("purple",)), (2, 3, 1, ("purple",)), (3, 4, 1, ("purple",)),
                  (4, 5, 1, ())),
           areas=(("cluster", (0, 1)), ("cluster", (2, 3)), ("cluster", (4, 5))),
           notes=((14, 6, "0", "muted"), (52, 6, "+1", "good"), (90, 6, "+2", "good"))))

NY_WATER = Page(
    "newyork_water", N_("New York: water"),
    (N_("Water crossings run station \u2013 icon \u2013 station. A line may pass over an icon but must not "
     "end on one when your turn ends."),
     N_("A line scores 3 points when it reaches its third water icon (once per line).")),
    Sketch(stations=((6, 22, "standard"), (22, 22, "water"), (38, 22, "standard"), (54, 22, "water"),
                     (70, 22, "standard"), (86, 22, "water"), (98, 22, "standard")),
           links=((0, 1, 1, ("black",)), (1, 2, 1, ("black",)), (2, 3, 1, ("black",)), (3, 4, 1, ("black",)),
                  (4, 5, 1, ("black",)), (5, 6, 1, ())),
           ghosts=((5, 6, "black", True),),
           areas=(("water", (1,)), ("water", (3,)), ("water", (5,))),
           notes=((86, 6, N_("third: +3"), "good"),)))

PARIS_RER = Page(
    "paris_rer", N_("Paris: RER stations"),
    (N_("The first line of anyone to reach an RER station scores nothing there; every line that reaches it "
     "later scores 1 point."),),
    Sketch(stations=((10, 10, "standard"), (50, 22, "paris:rer"), (90, 10, "standard"), (50, 40, "standard")),
           links=((0, 1, 1, ("red",)), (2, 1, 1, ("blue",)), (3, 1, 1, ())),
           ghosts=((3, 1, "green", True),),
           notes=((28, 34, N_("red first: 0"), "muted"), (76, 30, N_("blue, green: +1"), "good"))))

PARIS_LANDMARKS = Page(
    "paris_landmarks", N_("Paris: landmarks"),
    (N_("Each landmark station has one tile, taken by the first line to reach it."),
     N_("Five different types make a set: 7 points, and the tiles leave the game."),
     N_("Whenever you take a tile you may complete a set by handing back 2 branch tiles for each type missing.")),
    Sketch(icons=((12, 18, "symbol", "monument"), (30, 18, "symbol", "museum"), (48, 18, "symbol", "church"),
                  (66, 18, "symbol", "garden"), (84, 18, "branch", 2)),
           notes=((48, 36, N_("a set of five: +7"), "good"),)))

PARIS_OBJECTIVES = Page(
    "paris_objectives", N_("Paris: secret objectives"),
    (N_("Each player has two secret objective cards, each naming three stations."),
     N_("At the end, each of your lines connected to all three stations of a card scores its value (3 or 5). "
     "A line may score both cards, and a card may be scored by several of your lines."),
     N_("To look, press and hold the cards button on your panel and shield it with your hand; the table is "
        "told whenever a seat's cards are looked at. A computer's cards stay hidden until the end.")),
    Sketch(stations=((10, 24, "standard"), (40, 24, "standard"), (70, 24, "standard"), (92, 24, "standard")),
           links=((0, 1, 1, ("orange",)), (1, 2, 1, ("orange",)), (2, 3, 1, ("orange",))),
           notes=((10, 8, "1", "ink"), (40, 8, "2", "ink"), (92, 8, "3", "ink"), (66, 38, N_("all three: +3 or +5"),
                                                                                      "good"))))

CLASSIC = Page(
    "classic", N_("First edition (2006)"),
    (N_("This is the London board as first printed, played by the first edition's rules: 4 actions every turn, "
     "starting points 0, 1, 2, 3, 4 in turn order, and the passenger leaves when the deck runs out."),),
    None)

PAGES: dict[str, Page] = {p.key: p for p in (
    LONDON_CONNECTIONS, LONDON_LOOPS, BERLIN_PLUS, BERLIN_LANDMARKS, NY_CLUSTERS, NY_WATER, PARIS_RER,
    PARIS_LANDMARKS, PARIS_OBJECTIVES)}

# Scoring pages of a city whose drawing module does not name its own yet (game/ui/cities).
CITY_PAGES: dict[str, tuple[str, ...]] = {
    "paris": ("paris_rer", "paris_landmarks", "paris_objectives"),
}
CITY_NAMES = {"london": "London", "berlin": "Berlin", "newyork": "New York", "paris": "Paris"}

# The boards a card exists for: (city, variant) -> the title on the card.
BOARDS = (("london", "standard"), ("london", "classic"), ("berlin", "standard"), ("newyork", "standard"),
          ("paris", "standard"))


def board_title(city: str, variant: str = "standard") -> str:
    """The board's name as the card's heading shows it, in the current language (city names stay as printed)."""
    name = CITY_NAMES.get(city, city.capitalize())
    return _("{board}, first edition (2006)").format(board=name) if variant == "classic" else name


def scoring_keys(city: str) -> tuple[str, ...]:
    """The scoring pages a city names (its drawing's ``rules_pages``, else ``CITY_PAGES``)."""
    from .cities import drawing_for

    keys = tuple(getattr(drawing_for(city), "rules_pages", ()) or ())
    return keys or CITY_PAGES.get(city, ())


def pages_for(city: str, variant: str = "standard") -> list[Page]:
    """Every page of a board's rules card, in reading order."""
    city = (city or "").lower()
    classic = variant == "classic"
    paris = city == "paris"
    out = [TURN_CLASSIC if classic else TURN, PLACING, BRANCH_PARIS if paris else BRANCH]
    out.append(STATIONS_PARIS if paris else STATIONS)
    for key in scoring_keys(city):
        page = PAGES.get(key)
        if page is None:
            raise KeyError(f"the {city} drawing names rules page {key!r}, which game/ui/rules_cards.py does not "
                           f"have; add it to PAGES or fix the name in rules_pages")
        out.append(page)
    out.append(PASSENGER_NY if city == "newyork" else PASSENGER_PARIS if paris else PASSENGER)
    out.append(END_CLASSIC if classic else END)
    if classic:
        out.append(CLASSIC)
    out.append(TABLE_HELP)
    return out


def city_of_map(map_id: str) -> tuple[str, str]:
    """(city, variant) for a map id: "london-2006" is London's first edition."""
    from ..engine.state import FIRST_EDITION_MAPS

    for base, first in FIRST_EDITION_MAPS.items():
        if map_id == first:
            return base, "classic"
    from ..engine.board import load_board

    try:
        return (load_board(map_id).city or map_id).lower(), "standard"
    except Exception:  # an unknown map still gets the shared pages
        return map_id, "standard"
