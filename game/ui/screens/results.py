"""Who won and how the rulebook decides it, in words: the ranking with shared places, the tie-break sentence and a
player's name as the results give it. The end screen, the kiosk's demo and the tests share these."""
from __future__ import annotations

from ...engine import rules as engine_rules
from ...engine.state import GameState
from ...i18n import LEVEL_NAMES, _, ngettext
from ..seats import SeatConfig


def has_tie_break(state: GameState) -> bool:
    """Branch tiles break a tie on points in the 2nd edition; the first edition shares the win."""
    return engine_rules.rules_of(state).tie_break_by_branch_tiles(state.setup)


def end_winners(state: GameState) -> list[int]:
    """The winners as the edition played decides them (the engine's rule)."""
    return engine_rules.winners(state)


def tie_note(state: GameState) -> str:
    """Say how the winner was decided, in the rulebook's order: points, then branch tiles, then shared."""
    ps = state.players
    win = end_winners(state)
    best = max(p.score for p in ps)
    tied = [i for i, p in enumerate(ps) if p.score == best]
    names = [ps[i].name for i in win]
    tiles = ngettext("{n} branch tile", "{n} branch tiles", ps[win[0]].branch_tiles).format(n=ps[win[0]].branch_tiles)
    if len(win) > 1 and not has_tie_break(state):
        return ngettext("{players} share the win on {n} point: the first edition has no tie-break.",
                        "{players} share the win on {n} points: the first edition has no tie-break.", best).format(
            players=_(" and ").join(names), n=best)
    if len(win) > 1:
        return ngettext("{players} share the win: tied on {n} point and {tiles}.",
                        "{players} share the win: tied on {n} points and {tiles}.", best).format(
            players=_(" and ").join(names), n=best, tiles=tiles)
    if len(tied) > 1:
        others = ", ".join(str(ps[i].branch_tiles) for i in tied if i != win[0])
        return ngettext("{player} wins: tied on {n} point, more branch tiles ({tiles} to {others}).",
                        "{player} wins: tied on {n} points, more branch tiles ({tiles} to {others}).", best).format(
            player=names[0], n=best, tiles=ps[win[0]].branch_tiles, others=others)
    return ngettext("{player} wins with {n} point.", "{player} wins with {n} points.", best).format(
        player=names[0], n=best)


def rank_labels(state: GameState) -> list[tuple[int, str]]:
    """(player, rank text) in ranking order; players the edition cannot tell apart share a rank."""
    order = engine_rules.ranking(state)
    out = []
    prev_key = None
    rank = 0
    for pos, i in enumerate(order):
        key = engine_rules.rank_key(state, i)
        if key != prev_key:
            rank = pos + 1
            prev_key = key
        out.append((i, str(rank)))
    counts: dict[str, int] = {}
    for _i, r in out:
        counts[r] = counts.get(r, 0) + 1
    return [(i, f"={r}" if counts[r] > 1 else r) for i, r in out]


def seat_label(name: str, seat: SeatConfig | None) -> str:
    """A player's name as the end screen gives it: "Ada (computer, hard)" for a computer seat."""
    if seat is not None and seat.computer:
        return _("{name} (computer, {level})").format(name=name, level=_(LEVEL_NAMES.get(seat.level, seat.level)))
    return name
