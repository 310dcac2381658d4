"""Each city is a few rule hooks over the shared ruleset (ruleset.Ruleset)."""
from __future__ import annotations


def ruleset_for_city(city: str):
    from .berlin import BerlinRules
    from .london import LondonRules
    from .newyork import NewYorkRules
    from .paris import ParisRules

    table = {"london": LondonRules, "berlin": BerlinRules, "newyork": NewYorkRules, "paris": ParisRules}
    try:
        return table[city]()
    except KeyError:
        raise ValueError(f"no rules for city {city!r}; known: {', '.join(sorted(table))}") from None
