"""Game records: the pinned set-up plus every action, as JSON (see docs/record-format.md).

A record replays to exactly the same position because nothing random happens after set-up.
Loading never trusts the file: wrong types, truncated JSON, unknown stations and illegal actions all
become a RecordError naming the file and where in it the problem is.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import msgspec

from .. import mapfile
from .actions import Action, IllegalAction, describe
from .board import load_board
from .rules import SetupError, apply, check_setup, start
from .state import GameState, Setup

FORMAT = "underground-record"
SCHEMA_VERSION = 1
MAX_RECORD_BYTES = 16 * 1024 * 1024


class Record(msgspec.Struct, forbid_unknown_fields=True):
    format: str
    schema_version: int
    map: str
    players: list[str]
    setup: Setup
    actions: list[Action]
    map_digest: str = ""  # sha256 of the map file the record was made with (a warning, not an error)


class RecordError(ValueError):
    """A record that cannot be loaded or replayed; the message names the file and the place."""


def map_digest(map_name: str) -> str:
    try:
        return hashlib.sha256(mapfile.map_file(map_name).read_bytes()).hexdigest()[:16]
    except (OSError, mapfile.MapError):
        return ""


def position_digest(state: GameState) -> str:
    """A short fingerprint of a whole position (every field, caches excluded): the kiosk's self-test prints it,
    the arena reports it per game (equal digests, the same game), tests compare it."""
    data = json.dumps(msgspec.to_builtins(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(data.encode("utf-8")).hexdigest()[:20]


def actions_digest(actions) -> str:
    return hashlib.sha256(msgspec.json.encode(list(actions))).hexdigest()[:20]


def from_state(state: GameState) -> Record:
    return Record(format=FORMAT, schema_version=SCHEMA_VERSION, map=state.setup.map,
                  players=list(state.setup.players), setup=state.setup, actions=list(state.log),
                  map_digest=map_digest(state.setup.map))


def encode(state_or_record: GameState | Record) -> bytes:
    rec = state_or_record if isinstance(state_or_record, Record) else from_state(state_or_record)
    return msgspec.json.format(msgspec.json.encode(rec), indent=1)


def _where(exc: msgspec.ValidationError) -> str:
    msg = str(exc)
    if " - at `" in msg:
        text, _, at = msg.partition(" - at `")
        return f"{at.rstrip('`').removeprefix('$.')}: {text}"
    return msg


def decode(data: bytes, path: str = "<record>") -> Record:
    if len(data) > MAX_RECORD_BYTES:
        raise RecordError(f"{path}: {len(data)} bytes is too large for a game record "
                          f"(limit {MAX_RECORD_BYTES}); is this the right file?")
    try:
        rec = msgspec.json.decode(data, type=Record)
    except msgspec.ValidationError as exc:
        raise RecordError(f"{path}: {_where(exc)}") from None
    except msgspec.DecodeError as exc:
        raise RecordError(f"{path}: not valid JSON ({exc}); the file may be truncated") from None
    if rec.format != FORMAT:
        raise RecordError(f"{path}: format: {rec.format!r} is not {FORMAT!r}; this is not a game record")
    if rec.schema_version != SCHEMA_VERSION:
        raise RecordError(f"{path}: schema_version: {rec.schema_version} is not supported "
                          f"(this version reads {SCHEMA_VERSION})")
    if not mapfile.is_map_name(rec.map):
        raise RecordError(f"{path}: map: {rec.map!r} is not a map name; a record names a bundled or user map "
                          f"(letters, digits, '-' and '_', e.g. 'london'), never a file path")
    if rec.map != rec.setup.map:
        raise RecordError(f"{path}: map: {rec.map!r} but setup.map is {rec.setup.map!r}; they must agree")
    if rec.players != rec.setup.players:
        raise RecordError(f"{path}: players: differ from setup.players; they must agree")
    return rec


def replay(rec: Record, path: str = "<record>", upto: int | None = None) -> GameState:
    """The position after the record's actions (or the first ``upto`` of them)."""
    try:
        board = load_board(rec.map)
    except mapfile.MapError as exc:
        raise RecordError(f"{path}: map: {rec.map!r} cannot be loaded: {exc}") from None
    problems = check_setup(rec.setup, board)
    if problems:
        raise RecordError(f"{path}: " + "; ".join(problems))
    try:
        state = start(rec.setup)
    except (SetupError, IndexError, KeyError) as exc:
        raise RecordError(f"{path}: setup: {exc}") from None
    for i, action in enumerate(rec.actions[:upto]):
        try:
            apply(state, action)
        except IllegalAction as exc:
            raise RecordError(f"{path}: actions[{i}] ({describe(action, board, state)}): illegal: {exc}") from None
        except (IndexError, KeyError) as exc:  # pragma: no cover - belt and braces against odd input
            raise RecordError(f"{path}: actions[{i}]: {exc!r}") from None
    return state


def load(path: str | Path) -> Record:
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise RecordError(f"{path}: cannot read ({exc.strerror})") from None
    return decode(data, str(path))


def load_state(path: str | Path) -> GameState:
    return replay(load(path), str(path))


def save(state: GameState, path: str | Path) -> None:
    """Write atomically: a crash mid-save leaves the previous file intact."""
    from ..autosave import save_atomic

    save_atomic(Path(path), encode(state))


def summary(state: GameState, reveal: bool = False) -> dict:
    """The final position as plain data (what `underground replay` prints).

    Paris: the players' secret objectives are in it only with ``reveal`` (the record holds them; a replay printed
    for the table must not give them away unless asked)."""
    board = load_board(state.setup.map)
    from .rules import winners

    out = {
        "map": state.setup.map,
        "finished": state.over,
        "turn": state.turn + 1,
        "current_player": state.current,
        "phase": state.phase,
        "players": [{"name": p.name, "score": p.score, "branch_tiles": p.branch_tiles,
                     "lines": [state.lines[li].colour for li in p.lines]} for p in state.players],
        "scores": [p.score for p in state.players],
        "branch_tiles": [p.branch_tiles for p in state.players],
        # None once the classic variant's passenger has left the board (state.passenger == -1)
        "passenger": board.stations[state.passenger].name if state.passenger >= 0 else None,
        "face_up": [board.stations[s].name for s in state.face_up],
        "deck_left": len(state.deck),
        "winners": winners(state) if state.over else [],
    }
    if board.berlin is not None:
        # Berlin: each player's landmark tiles in hand by type (map order, zeros included) and sets scored;
        # the tiles left on each landmark station
        types = board.berlin.landmark_types
        for entry, p in zip(out["players"], state.players):
            entry["landmark_tiles"] = {t: p.landmarks.get(t, 0) for t in types}
            entry["landmark_sets"] = p.points.get("landmark_sets", 0) // max(board.berlin.set_points, 1)
        out["landmarks_left"] = {board.stations[s].name: n
                                 for s, n in zip(board.landmark_stations, state.landmarks_left)}
    if board.paris is not None:
        _paris_summary(state, board, out, reveal)
    if board.water or board.clusters:
        # New York: points from clusters and third water icons, each line's clusters and icons, and the
        # destination tokens now on the board (a station with two identical cards face up has 2)
        for entry, p in zip(out["players"], state.players):
            entry["cluster_points"] = p.points.get("clusters", 0)
            entry["water_points"] = p.points.get("water", 0)
            entry["line_clusters"] = {state.lines[li].colour: list(state.lines[li].clusters) for li in p.lines}
            entry["line_water_icons"] = {state.lines[li].colour: sum(1 for s, d in state.lines[li].degree.items()
                                                                     if d and s in board.water) for li in p.lines}
        tokens: dict[str, int] = {}
        for s in state.face_up:
            name = board.stations[s].name
            tokens[name] = tokens.get(name, 0) + 1
        out["destination_tokens"] = tokens
    return out


def _paris_summary(state: GameState, board, out: dict, reveal: bool) -> None:
    """Paris: landmark tiles in hand by type (map order, zeros included), sets scored, RER and terminus points,
    the tiles left on the board, the choice being asked; with ``reveal``, each player's objective cards."""
    from .cities.paris import lines_meeting, objectives_of

    pd = board.paris
    for i, (entry, p) in enumerate(zip(out["players"], state.players)):
        entry["landmark_tiles"] = {t: p.landmarks.get(t, 0) for t in pd.landmark_types}
        entry["landmark_sets"] = p.points.get("landmark_sets", 0) // max(pd.set_points, 1)
        entry["rer_points"] = p.points.get("rer", 0)
        entry["terminus_points"] = p.points.get("terminus", 0)
        if reveal:
            entry["objective_points"] = p.points.get("objectives", 0)
            entry["objectives"] = [{"card": c, "points": board.objective_points[c],
                                    "stations": [board.stations[s].name for s in board.objective_stations[c]],
                                    "lines": [state.lines[li].colour for li in lines_meeting(state, board, i, c)]}
                                   for c in objectives_of(state, i)]
    out["landmarks_left"] = {board.stations[s].name: n for s, n in zip(board.landmark_stations, state.landmarks_left)}
    if state.pending:
        c = state.pending[0]
        out["choice"] = {"kind": c.kind, "player": c.player, "station": board.stations[c.station].name}
