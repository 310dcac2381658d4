"""The search that finds tools/layout_london.py's NUDGES: station moves that give names room on the play screen.

Each candidate layout (the printed positions through layout_london's stretch and the nudges) is built in memory
for both editions (the first edition through make_london_2006_map's own differences) and put on the real play
screen (PlayScene, headless) at each view below; the game's own placement (game/ui/board/placement.py) says which
names it leaves without room (``names_without_room``, the readability audit's ``no_room``). A move (one station,
one of eight directions, a few board units) is kept when the target views lose a name without room, no other
view gains one, layout_london.check_layout stays clean and the board keeps its size; the candidates are tried in
a seeded order, so a run can be repeated. The placement depends on the board and the view only, never on the
game's position, so one position per view is enough.

    .venv/bin/python tools/search_london_nudges.py [--target 1280] [--seed 1] [--rounds 2] [--steps 10,20,30] [--why]
    .venv/bin/python tools/search_london_nudges.py --group "Tottenham Court Road,Euston" [--span 10] [--step 5]
    .venv/bin/python tools/search_london_nudges.py --try '{"Euston": [-5, 0], "@x": [[909.8, 13]]}'

``--try`` measures moves on top of NUDGES (and, with "@x" / "@y", every stretch knot at or past a printed
coordinate shifted) on every view and prints each view's names without room and layout_london.check_layout's
answer; tools/descend_london_nudges.py is the descent for where single and grid moves find nothing.

prints each kept move and, at the end, the NUDGES table to paste into tools/layout_london.py (it writes no
file); ``--group`` measures every joint move of the named stations on a grid (where no single move helps) and
prints the best one kept. ``--why`` only lists, per target view, the names without room and what bars their places (the neighbours
whose discs or centres are in the way, the connections whose track spaces are). Runs for minutes: use
``nice -n 15``.
"""
from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import random
import sys
import tempfile
import tomllib
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tools"), str(ROOT / "tests" / "ui")]

import layout_london as ll  # noqa: E402
import make_london_2006_map as m2006  # noqa: E402

BOARDS = ("london", "london-2006")
# (size, seats, arrangement): every view the play screen gives London (2-4 seats share one view per arrangement)
# (a laptop's panels lie in one row up to four seats, but its boards differ with two or three seats and with four:
# both are measured; round a table two to four seats share one board)
VIEWS = [((w, h), n, a) for w, h in ((1920, 1080), (3840, 2160), (1280, 720)) for n in (3, 4, 5)
         for a in ("table", "laptop") if n != 3 or a == "laptop"]
TARGETS = {"5": [v for v in VIEWS if v[1] == 5 and v[0][0] > 1280],  # the goal's five seats at 1920 and 3840
           "1280": [v for v in VIEWS if v[0] == (1280, 720) and v[1] < 5]}  # 1280x720, up to four seats
KEPT = [v for v in VIEWS if not (v[0] == (1280, 720) and v[1] == 5)]  # no name may lose its room here
# 1280x720 with five seats (names left off are allowed there): the lead's priority lets each of these views lose
# up to two names' room where the views up to four seats gain, against tenth session's start (seed 1: London /
# first edition round a table 25 / 26, on a laptop 4 / 4); a move is refused when it passes these
FIVE_720 = {(b, ((1280, 720), 5, a)): most + 2 for (b, a), most in {
    ("london", "table"): 25, ("london-2006", "table"): 26, ("london", "laptop"): 4, ("london-2006", "laptop"): 4}.items()}
DIRECTIONS = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
STEPS = (10, 20, 30)  # board units (the printed grid is 88 apart)
NEAR = 180.0  # board units: the stations moved are those without room and their neighbours this near


def shifted(knots, shifts) -> tuple:
    """``knots`` with each knot at or past a printed coordinate moved by that shift (``shifts``: [(printed, units)])."""
    return tuple((a, b + sum(d for at, d in shifts if a >= at)) for a, b in knots)


def layout_texts(nudges: dict, x_knots=None, y_knots=None) -> tuple[dict, dict[str, str]]:
    """The 2nd edition's positions and both editions' map texts for ``nudges`` (and the stretch's knots)."""
    old = ll.printed()
    new = ll.layout(old, x_knots or ll.X_KNOTS, y_knots or ll.Y_KNOTS, nudges=nudges)
    text = ll.TARGET.read_text(encoding="utf-8")
    width = round(max(x for x, _ in new.values()) + ll.PRINTED_WIDTH - max(x for x, _ in old.values()))
    london = ll.write_positions(text, new, width)
    return new, {"london": london, "london-2006": m2006.render(m2006.first_edition(tomllib.loads(london)))}


class Screen:
    """The play screen at each view, for boards given as map texts (``why``: each measure also keeps its view's
    ``diagnose`` in ``diagnosis``)."""

    def __init__(self, why: bool = False):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        os.environ.setdefault("UNDERGROUND_CACHE_DIR", tempfile.mkdtemp(prefix="london-nudges-"))
        from game.ui.app import App

        self.apps = {}
        self.App = App
        self.why = why
        self.diagnosis: dict = {}

    def no_room(self, board: str, text: str, view) -> set[str]:
        """The names the placement leaves without room on ``board`` (its map ``text``) at ``view``."""
        import names_audit as na
        from game import mapfile
        from game.engine import new_game
        from game.engine.board import from_mapfile
        from game.ui import play_scene

        size, seats, arrangement = view
        app = self.apps.get(size) or self.apps.setdefault(size, self.App(size=size, headless=True))
        variant = "classic" if board == "london-2006" else "standard"
        state = new_game("london", seats, seed=1, start_player=0, variant=variant)
        state.__dict__["_board"] = b = from_mapfile(mapfile.decode(text, board))
        try:
            scene = app.push(play_scene.PlayScene(app, state, na.seats_for(state, arrangement)))
            app.step(0.1)
            names = scene.board_view.names
            if self.why:
                self.diagnosis = diagnose(scene.board_view)
            return {b.stations[i].name for i in names.names_without_room}
        finally:
            while app.scenes:
                app.scenes.pop().exit()


def diagnose(bv) -> dict[str, tuple[Counter, str]]:
    """For each name without room: what bars its places, counted over the places looked at round the station
    (station names: their disc or centre is in the way; "A - B": that connection's track spaces; "edge"), and
    the place barred by the fewest of them."""
    from game.ui.board import name_forms
    from game.ui.board.clearance import HardRule, MARGIN, point_box_dist, seg_near_box

    names = bv.names
    key = names.wanted()
    gen = names.name_card(key)
    try:
        while True:
            next(gen)
    except StopIteration as stop:
        card = stop.value
    rule = HardRule(card.centres, card.keep_out, card.segments, card.card, card.view, card.clearances)
    board = bv.board
    seg_conn = []  # each piece of track's connection (name_card: every connection's pieces, then letter discs)
    for c, con in enumerate(board.connections):
        seg_conn += [c] * (len(con.bends) + 1)
    pieces = card.segments[:len(seg_conn)]
    for x, y, _, _, _ in card.segments[len(seg_conn):]:  # a letter disc: the connection whose track is nearest
        seg_conn.append(seg_conn[min(range(len(pieces)), key=lambda k: _seg_dist((x, y), pieces[k]))])
    out = {}
    for i in sorted(names.names_without_room):
        x, y = card.centres[i]
        why, least = Counter(), (1 << 30, "")
        for text, _ in name_forms.forms(card.names[i]):
            w, h = card.measure(text)
            r = card.keep_out[i] + 2
            for ang in range(0, 360, 15):
                a = math.radians(ang)
                cx, cy = x + math.cos(a) * (r + w / 2), y + math.sin(a) * (r + h / 2)
                box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
                barred = {"edge"} if not rule._inside(box) else set()
                own = point_box_dist(x, y, box)
                for j, (jx, jy) in enumerate(card.centres):
                    if j != i and point_box_dist(jx, jy, box) < max(card.keep_out[j] + MARGIN, own + MARGIN):
                        barred.add(board.stations[j].name)
                for k, (ax, ay, bx, by, hw) in enumerate(card.segments):
                    if seg_near_box(ax, ay, bx, by, box, hw + MARGIN):
                        barred.add(board.conn_name(seg_conn[k]))
                why.update(barred)
                if len(barred) < least[0]:
                    least = (len(barred), f"{text!r} at {ang} degrees: {', '.join(sorted(barred))}")
        out[board.stations[i].name] = (why, least[1])
    return out


def _seg_dist(p, seg) -> float:
    return ll._seg_dist(p, seg[:2], seg[2:4])


def measure(screen: Screen, nudges: dict, views) -> dict:
    """{(board, view): names without room} for the layout with ``nudges``."""
    _, texts = layout_texts(nudges)
    return {(b, v): screen.no_room(b, texts[b], v) for b in BOARDS for v in views}


def score(got: dict) -> int:
    return sum(len(s) for s in got.values())


def _width(texts: dict) -> str:
    return texts["london"].split("\nwidth = ")[1].split("\n")[0]


def _start(screen: Screen, nudges: dict, target: str, out) -> tuple[list, list, dict, dict]:
    """The target views, the other guarded ones, and what each leaves without room at the start."""
    targets = TARGETS[target]
    others = [v for v in KEPT if v not in targets]
    best, rest = measure(screen, nudges, targets), measure(screen, nudges, others)
    print(f"start: {score(best)} without room in the target views; {sorted(set().union(*best.values()))}", file=out,
          flush=True)
    return targets, others, best, rest


def elsewhere(screen: Screen, texts: dict, rest: dict, others) -> tuple[dict, dict]:
    """The guarded views' names without room for the map ``texts`` and, per view, the names it lost against
    ``rest`` (the views in ``others``; each 1280x720 five-seat view only past its FIVE_720 limit)."""
    got = {(b, v): screen.no_room(b, texts[b], v) for b in BOARDS for v in others}
    lost = {k: sorted(got[k] - rest[k]) for k in got if len(got[k]) > len(rest[k])}
    for k, most in FIVE_720.items():
        n = len(screen.no_room(k[0], texts[k[0]], k[1]))
        if n > most:
            lost[k] = [f"{n} names without room (at most {most})"]
    return got, lost


def _faithful(trial: dict, old: dict, edges: list, width: str):
    """The trial's positions and map texts, or None when it stops reading as the printed board or resizes it."""
    pos, texts = layout_texts(trial)
    return None if ll.check_layout(pos, old, edges) or _width(texts) != width else (pos, texts)


def search(target: str, seed: int, rounds: int, out=sys.stdout, steps=STEPS) -> dict:
    """Greedy: each station near a name without room (a target view's) moved a step each way, in a seeded
    order; a move is kept when the target views lose a name and no view in KEPT gains one."""
    rng = random.Random(seed)
    screen = Screen()
    nudges = dict(ll.NUDGES)
    old = ll.printed()
    edges = ll.connections()
    width = _width(layout_texts(nudges)[1])
    targets, others, best, rest = _start(screen, nudges, target, out)
    for rnd in range(rounds):
        new = ll.layout(old, nudges=nudges)
        lacking = set().union(*best.values())
        movers = sorted(n for n in new if any(math.dist(new[n], new[m]) <= NEAR for m in lacking))
        tries = [(n, d, s) for n in movers for d in DIRECTIONS for s in steps]
        rng.shuffle(tries)
        tries.sort(key=lambda t: t[0] not in lacking)  # a station without room moved first, then its neighbours
        kept = tried = 0
        for n, (dx, dy), step in tries:
            lacking = set().union(*best.values())
            if not lacking:
                break
            if not any(math.dist(new[n], new[m]) <= NEAR for m in lacking):
                continue
            k = step / math.hypot(dx, dy)
            cx, cy = nudges.get(n, (0, 0))
            trial = dict(nudges)
            trial[n] = (round(cx + dx * k), round(cy + dy * k))
            if (made := _faithful(trial, old, edges, width)) is None:
                continue
            pos, texts = made
            tried += 1
            if tried % 10 == 0:
                print(f"round {rnd + 1}: {tried} moves measured", file=out, flush=True)
            # the 2nd edition first: the first edition differs only round Aldgate, so a move that does not help
            # there is dropped before the first edition's views are measured
            got = {(BOARDS[0], v): screen.no_room(BOARDS[0], texts[BOARDS[0]], v) for v in targets}
            if score(got) >= score({k: best[k] for k in got}) or any(len(got[k]) > len(best[k]) for k in got):
                continue
            got.update({(b, v): screen.no_room(b, texts[b], v) for b in BOARDS[1:] for v in targets})
            if score(got) >= score(best) or any(len(got[k]) > len(best[k]) for k in got):
                continue
            got_rest, lost = elsewhere(screen, texts, rest, others)
            if lost:
                continue
            nudges, best, rest, new = trial, got, got_rest, pos
            kept += 1
            print(f"round {rnd + 1}: {n} {trial[n]}: {score(best)} left {sorted(set().union(*best.values()))}",
                  file=out, flush=True)
        if not kept:
            break
    print("NUDGES = {", file=out)
    print("    " + ", ".join(f'"{k}": {v}' for k, v in sorted(nudges.items() if nudges else [])) + ",", file=out)
    print("}", file=out)
    for k, v in sorted({**best, **rest}.items()):
        print(k, len(v), sorted(v), file=out)
    return nudges


def joint_moves(nudges: dict, names: list[str], span: int, step: int):
    """(each station's move, the nudges with it) for every joint move of ``names`` on the grid (each station by
    -span..span units on each axis in ``step`` units, on top of its nudge), all but the one moving none."""
    offsets = [(dx, dy) for dx in range(-span, span + 1, step) for dy in range(-span, span + 1, step)]
    for combo in itertools.product(offsets, repeat=len(names)):
        if any(move != (0, 0) for move in combo):
            trial = dict(nudges)
            for n, (dx, dy) in zip(names, combo):
                cx, cy = trial.get(n, (0, 0))
                trial[n] = (cx + dx, cy + dy)
            yield combo, trial


def group_search(names: list[str], target: str, span: int, step: int, out=sys.stdout) -> dict:
    """Every joint move of the stations ``names`` (each by -span..span units on each axis, in ``step`` units, on
    top of NUDGES): the moves no single station's move gives (one station's room made by two moving together).
    A joint move is measured when layout_london.check_layout stays clean and the board keeps its size: first on
    the 2nd edition's target views (dropped unless a name gains room there and none loses it), then the first
    edition's; the best (fewest names without room in the target views, then the least moved) is kept when no
    view in KEPT gains a name. Exhaustive, so no seed."""
    screen = Screen()
    old, edges = ll.printed(), ll.connections()
    width = _width(layout_texts(ll.NUDGES)[1])
    targets, others, best, rest = _start(screen, ll.NUDGES, target, out)
    found, tried = [], 0  # found: (score, moved, nudges, got)
    for combo, trial in joint_moves(ll.NUDGES, names, span, step):
        if (made := _faithful(trial, old, edges, width)) is None:
            continue
        texts = made[1]
        tried += 1
        if tried % 50 == 0:
            print(f"{tried} joint moves measured", file=out, flush=True)
        got = {}
        for b, v in [(b, v) for b in BOARDS for v in targets]:  # one view at a time: most moves fail the first
            got[b, v] = screen.no_room(b, texts[b], v)
            if len(got[b, v]) > len(best[b, v]):
                break
            if b == BOARDS[0] and v == targets[-1] and score(got) >= score({k: best[k] for k in got}):
                break  # no 2nd-edition view gained: the first edition's are not measured
        if len(got) < len(best) or score(got) >= score(best):
            continue
        moved = sum(math.hypot(*c) for c in combo)
        print(f"{dict(zip(names, combo))}: {score(got)} left {sorted(set().union(*got.values()))}", file=out, flush=True)
        found.append((score(got), moved, trial, got))
    for sc, moved, trial, got in sorted(found, key=lambda f: f[:2]):
        if sc >= score(best):
            break
        _, texts = layout_texts(trial)
        got_rest, lost = elsewhere(screen, texts, rest, others)
        print(f"{ {n: trial[n] for n in names} }: {sc} in the target views; elsewhere {lost or 'no view loses a name'}",
              file=out, flush=True)
        if not lost:
            return {n: trial[n] for n in names}
    return {}


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--target", choices=sorted(TARGETS), default="1280")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--steps", default=",".join(map(str, STEPS)), help="move lengths, board units (e.g. 5,10,15)")
    ap.add_argument("--group", help="stations moved together, comma-separated: every joint move is measured")
    ap.add_argument("--span", type=int, default=10, help="--group: each station's move on each axis, at most")
    ap.add_argument("--step", type=int, default=5, help="--group: the moves' grid (board units)")
    ap.add_argument("--try", dest="trial", help='moves on top of NUDGES, JSON {"station": [dx, dy]}: every view measured')
    ap.add_argument("--why", action="store_true", help="list what bars each name without room, then stop")
    args = ap.parse_args(argv)
    if args.why:
        screen = Screen(why=True)
        _, texts = layout_texts(ll.NUDGES)
        for b in BOARDS:
            for v in TARGETS[args.target]:
                screen.no_room(b, texts[b], v)
                for name, (why, least) in screen.diagnosis.items():
                    print(f"{b} {v[0][0]}x{v[0][1]} {v[1]} {v[2]}: {name}: most often "
                          f"{', '.join(f'{k} {c}' for k, c in why.most_common(5))}; least barred {least}")
        return 0
    if args.trial:
        trial, moves = dict(ll.NUDGES), json.loads(args.trial)
        knots = shifted(ll.X_KNOTS, moves.pop("@x", [])), shifted(ll.Y_KNOTS, moves.pop("@y", []))
        for n, (dx, dy) in moves.items():
            cx, cy = trial.get(n, (0, 0))
            trial[n] = (cx + dx, cy + dy)
        pos, texts = layout_texts(trial, *knots)
        print("check_layout:", ll.check_layout(pos, ll.printed(), ll.connections()) or "clean",
              "width", _width(texts), "was", _width(layout_texts(ll.NUDGES)[1]))
        screen = Screen()
        for b in BOARDS:
            for v in VIEWS:
                got = sorted(screen.no_room(b, texts[b], v))
                print(f"{b} {v[0][0]}x{v[0][1]} {v[1]} {v[2]}: {len(got)} {got if len(got) < 8 else ''}", flush=True)
        return 0
    if args.group:
        print(group_search(args.group.split(","), args.target, args.span, args.step))
        return 0
    search(args.target, args.seed, args.rounds, steps=tuple(int(v) for v in args.steps.split(",")))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
