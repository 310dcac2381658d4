"""The rulebooks' numbers for the bundled boards, typed in here from the rulebooks, not read from the maps.

The engine reads these numbers from maps/*.toml. Were the reference to read them from the same file, a wrong
number there would go unseen: both sides would score it the same way. So for the bundled boards the reference
scores with these constants, and refuses a bundled map whose board facts contradict them (`ref_board`). A custom
map (any other file) is still read for its own numbers. `tests/maps/test_rule_numbers.py` pins the maps to the
same rulebook values, quoting the rulebooks' words, and checks that these constants agree.
"""
from __future__ import annotations

# map file (maps/<name>.toml) -> the city whose rulebook it follows
BUNDLED = {"london": "london", "london-2006": "london", "berlin": "berlin", "newyork": "newyork", "paris": "paris"}

# "Place the Passenger token on the Passenger start station: Euston London or Friedrichstr. Berlin";
# "Grand Central New York or République Paris"
START = {"london": "Euston", "berlin": "Friedrichstr.", "newyork": "Grand Central", "paris": "République"}

# (express, standard) destination cards: "55 London Destination cards 22 Express & 33 Standard", "55 Berlin
# Destination cards 25 Express & 30 Standard"; Yucata: "54 New York Destination Cards (all Standard ...)";
# "37 Paris Destination cards"
CARDS = {"london": (22, 33), "berlin": (25, 30), "newyork": (0, 54), "paris": (0, 37)}

# London: "8 London Connection tiles 2 each of 4 types"; the first edition names the eight stations
# ("die acht Verbundmarker ... auf die Verbundstationen ... (Aldgate, Baker Street, ...)")
LONDON_CONNECTION_STATIONS = frozenset({
    "Aldgate", "Baker Street", "Charing Cross", "Elephant & Castle", "Hammersmith", "King's Cross St. Pancras",
    "Notting Hill Gate", "Victoria"})
LONDON_SYMBOLS = 4
LONDON_TILES_PER_SYMBOL = 2

# Berlin: "8 each of 5 types: Culture, Government, Retail, Education and Sports"; "one stack of 3 tiles, two
# stacks of 2 tiles, a single tile"; stacks of 3 on "the five stations", of 2 on "the ten", single on "the five"
BERLIN_LANDMARK_TYPES = ("culture", "government", "retail", "education", "sports")
BERLIN_STACKS_PER_TYPE = (3, 2, 2, 1)
BERLIN_STATIONS_PER_STACK = {3: 5, 2: 10, 1: 5}
# "0 points for the first + station ..., 2 points for each of the second and third ..., and 4 points for the fourth"
BERLIN_PLUS_POINTS = (0, 2, 2, 4)
BERLIN_SET_POINTS = 10  # "those five tiles are discarded and the player discarding them scores 10 points"
BERLIN_BONUS_PER_TILE = 3  # "They then earn 3 points per tile of the type with the most tiles."

# Paris
PARIS_RER_POINTS = (0, 1)  # "0 points if this is the first line that connects to this RER station, 1 point otherwise"
# "2 points, or 1 point and 1 Branch tile, or 2 Branch tiles": (choice, points, Branch tiles)
PARIS_TERMINUS_REWARDS = (("points", 2, 0), ("point_and_tile", 1, 1), ("tiles", 0, 2))
PARIS_LANDMARK_TYPES = 5  # "a set of 5 different types of Landmark tiles"
PARIS_SET_POINTS = 7  # "... and the player scores 7 points"
PARIS_SET_TILE_COST = 2  # "returning 2 Branch tiles to the supply for each missing Landmark tile"
PARIS_FULL_CONNECTION_TILES = 2  # "2 Branch tiles ... placing the Track token in a connection where all ... are full"
PARIS_OBJECTIVES_PER_PLAYER = 2  # "Shuffle the Secret Objective cards and deal two to each player."
# "11 Paris Secret Objective cards", each worth "3 or 5 points, as shown on the card"; which card is worth which is
# printed on the cards (shared/reference/boards/README.md lists them): the card's three stations -> its points
PARIS_OBJECTIVE_CARDS = {
    frozenset(stations): points for stations, points in (
        (("Pereire", "Gare de l'Est", "Montparnasse - Bienvenüe"), 5),
        (("Charles de Gaulle - Étoile", "Gare de l'Est", "Nation"), 5),
        (("Saint-Lazare", "Gare du Nord", "Gare d'Austerlitz"), 3),
        (("Saint-Lazare", "Invalides", "Gare de Lyon"), 3),
        (("Champ de Mars - Tour Eiffel", "Saint-Lazare", "Châtelet"), 3),
        (("Sèvres - Babylone", "Gare du Nord", "Châtelet"), 3),
        (("Charles de Gaulle - Étoile", "Saint-Michel Notre-Dame", "République"), 5),
        (("Opéra", "Denfert-Rochereau", "Nation"), 5),
        (("La Muette", "Opéra", "Montparnasse - Bienvenüe"), 5),
        (("Montparnasse - Bienvenüe", "République", "Gare de Lyon"), 5),
        (("Porte de Clichy", "Châtelet", "République"), 5),
    )}
