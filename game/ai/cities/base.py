"""The hooks' defaults: a board without pieces of its own. Each city module derives from this (its own module,
so a city never imports the package that picks it)."""
from __future__ import annotations


class CityValue:
    """A board without pieces of its own (London's symbols are counted in evaluate.Facts)."""

    cards_per_turn = 1.6  # destination cards a turn uses on average (express then standard when both are out)

    def reach(self, state, line: int, deny: bool = True) -> dict[int, float] | None:
        return None

    def reach_lines(self, state, lines, deny: bool = True) -> dict:
        """``reach`` of each of ``lines`` (one player's) in one position: a board whose answer has a part shared by
        the lines works it out once (``PositionReach``)."""
        return {li: self.reach(state, li, deny) for li in lines}

    def hand(self, state, player: int, h: float) -> float:
        return 0.0

    def signature(self, state):
        return None

    def weights(self, level: str, w, players: int = 2):
        """The judge's weights a level uses on this board with ``players`` seats (London: as tuned in
        evaluate.Weights)."""
        return w

    def choice(self, state, me: int):
        """The answer to a choice the board asks (Paris: terminus reward, set completion); boards without
        choices never ask."""
        raise ValueError(f"the {state.setup.map} board asks no {state.phase!r} choice")

    def search_costs(self, costs: dict[str, float]) -> dict[str, float]:
        """Work units of each piece of hard's search on this board (``HardBot.COST``: measured on London and
        Berlin, so the default)."""
        return costs

    def grab_key(self, line: int, station: int):
        """What the worth of ``line`` reaching ``station`` is counted once for (the judge keeps the best)."""
        return (line, station)


class PositionReach(CityValue):
    """A city whose worth per station (``reach``) reads a part of the position that is the same for every line
    (``_position``: hands, horizon, ...) and a part of the line itself (``_line_reach``): a ranking asks for all of a
    player's lines at once (``reach_lines``) and the shared part is worked out once (Berlin, Paris)."""

    def reach(self, state, line: int, deny: bool = True) -> dict[int, float]:
        return self._line_reach(state, line, deny, self._position(state))

    def reach_lines(self, state, lines, deny: bool = True) -> dict:
        position = self._position(state)
        return {li: self._line_reach(state, li, deny, position) for li in lines}

    def _position(self, state) -> tuple:
        raise NotImplementedError

    def _line_reach(self, state, line: int, deny: bool, position: tuple) -> dict[int, float]:
        raise NotImplementedError
