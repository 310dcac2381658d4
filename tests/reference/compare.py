"""Every difference between an engine position (read field by field) and the reference's."""
from __future__ import annotations

from .game import SUPPLY, RefGame


def differences(state, ref: RefGame, engine_can_undo: bool | None = None,
                engine_legal: list[tuple[int, int, int]] | None = None,
                engine_branch_legal: bool | None = None) -> list[str]:
    """What differs, in words; empty when the engine agrees with the reference.

    ``state`` is a ``game.engine.GameState``; only its public fields are read.
    """
    out: list[str] = []
    names = ref.board.names

    def diff(what: str, engine, reference) -> None:
        if engine != reference:
            out.append(f"{what}: engine {engine!r}, reference {reference!r}")

    for p in range(ref.n):
        pl = state.players[p]
        diff(f"player {p} points by category", {k: v for k, v in pl.points.items() if v}, ref.points(p))
        diff(f"player {p} score", pl.score, ref.score(p))
        diff(f"player {p} branch tiles", pl.branch_tiles, ref.branch[p])
        if ref.board.landmark_stations:
            diff(f"player {p} landmark tiles in hand", dict(pl.landmarks), ref.hand[p])
    for li, ln in enumerate(state.lines):
        diff(f"line {li} ({ln.colour}) tokens left", ln.tokens_left, SUPPLY[ln.colour] - len(ref.line_conns(li)))
        diff(f"line {li} ({ln.colour}) stations scored in loops",
             sorted(names[s] for s in ln.loop_scored), sorted(names[s] for s in ref.loop_scored[li]))
    diff("tokens per connection", state.tokens, ref.track)
    if ref.board.landmark_stations:
        diff("landmark tiles left", list(state.landmarks_left), [ref.tiles_left[x] for x in ref.board.landmark_stations])
    # off the board is -1 in the engine (docs/engine.md), None in the reference
    passenger = "off the board" if state.passenger == -1 else (
        names[state.passenger] if isinstance(state.passenger, int) and state.passenger >= 0 else state.passenger)
    diff("passenger", passenger, "off the board" if ref.passenger is None else names[ref.passenger])
    diff("face-up destinations", sorted(names[d] for d in state.face_up), sorted(names[d] for d in ref.face_up))
    diff("deck", state.deck, ref.deck)
    diff("discard pile", sorted(state.discard), sorted(ref.discard))
    diff("phase", state.phase, ref.phase)
    diff("player to act", state.current, ref.current)
    diff("end triggered", state.end_triggered, not ref.deck)
    if ref.phase != "over":
        diff("actions left", state.actions_left, ref.actions_left)
    if ref.phase in ("reward", "complete_set"):  # Paris: the choice asked now
        asked = state.pending[0] if state.pending else None
        diff("choice asked (kind, line, station)",
             asked and (asked.kind, asked.line, names[asked.station]), (ref.pending[0][0], ref.pending[0][1],
                                                                         names[ref.pending[0][2]]))
    if ref.phase == "route":
        diff("route options", [(names[o.destination], tuple(o.lines)) for o in state.options],
             [(names[d], lines) for d, lines in ref.options])
        diff("empty spaces of the options", sorted({o.empty for o in state.options}), [ref.least_empty])
    if engine_can_undo is not None:
        diff("undo allowed", engine_can_undo, ref.can_undo())
    if engine_legal is not None:  # a list: an option offered twice is a difference too
        diff("legal placements (line, connection, branch tiles)", sorted(engine_legal),
             sorted(ref.legal_placements()))
    if engine_branch_legal is not None:  # New York: not when it would leave a line on the water
        diff("taking a branch tile allowed", engine_branch_legal, ref.branch_allowed())
    return out


def route_problems(ref: RefGame, origin: int, hops, lines, empty: int) -> list[str]:
    """Whether the hops the engine gave for a passenger move are a real route with the lines and cost it claims."""
    out = []
    at = origin
    ridden = set()
    walked = 0
    for a, b, line in hops:
        if a != at:
            out.append(f"hop {a}->{b} does not start where the passenger is ({at})")
        try:
            c = next(i for i, (x, y, _) in enumerate(ref.board.conns) if {x, y} == {a, b})
        except StopIteration:
            out.append(f"hop {a}->{b} is not a connection")
            break
        if line < 0:
            walked += 1
            if len(ref.track[c]) >= ref.board.conns[c][2]:
                out.append(f"walks {ref.board.names[a]}-{ref.board.names[b]}, which has no empty track space")
        else:
            ridden.add(line)
            if line not in ref.track[c]:
                out.append(f"rides line {line} over {ref.board.names[a]}-{ref.board.names[b]} where it has no token")
        at = b
    if sorted(ridden) != sorted(lines):
        out.append(f"rides lines {sorted(ridden)} but scores lines {sorted(lines)}")
    if walked != empty:
        out.append(f"walks {walked} empty connections but claims {empty}")
    return out
