"""Re-anneal the Paris layout with the names' room as a cost (issue 22 item 1, tenth session).

A warm start from the current annealed cells (tools/paris_annealed_cells.json with layout_paris.FIXES), at a
low temperature, seeded: layout_paris.Annealer with a paris_name_room.NameRoom (each station whose name has no
place the play screen's hard rule allows at the target view costs layout_paris.W_NAME). Every station stays on
its bank of the Seine and off the river's centre line; every landmark stays within 2.5 steps of its stretched
printed cell and in the printed rows' order (tests/maps/test_paris_map.py); no station moves onto a nudged
station's board cell, nor past the outermost stations' columns and rows (the board's size); the ends of a connection drawn with bends (layout_paris.BENDS) stay. The nudges (layout_paris.NUDGES) of stations that keep their cell are kept, the others
dropped (printed).

    .venv/bin/python tools/reanneal_paris_names.py [--seed N] [--steps N] [--t0 T] [--t1 T] [--radius R]
        [--out F.json] [--views 1920x1080:4:table,...]

Writes the cells to --out (default /tmp/paris_reannealed_cells.json); make the map from them with
``tools/make_paris_map.py --cells F.json`` and measure with tests/ui/names_audit.py.
"""
from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import layout_paris as lay  # noqa: E402
import make_paris_map as mk  # noqa: E402
import paris_name_room as pr  # noqa: E402


def banks() -> dict[tuple[int, int], int]:
    """Each annealing grid cell's bank of the Seine (0, 1, ...; -1 on the river's centre line): cells joined
    where the step between them crosses no piece of the river (its ends carried on to the grid's edge)."""
    line = [(lay.COLS + 1.0, lay.SEINE[0][1]), *lay.SEINE, (lay.SEINE[-1][0], lay.ROWS + 1.0)]
    pieces = list(zip(line, line[1:]))
    on = {(c, r) for c in range(lay.COLS) for r in range(lay.ROWS)
          if any(pr._pt_seg(c, r, a, b) < 0.3 for a, b in pieces)}
    label: dict[tuple[int, int], int] = {c: -1 for c in on}
    k = 0
    for start in ((c, r) for c in range(lay.COLS) for r in range(lay.ROWS)):
        if start in label:
            continue
        label[start] = k
        todo = [start]
        while todo:
            a = todo.pop()
            for d in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                b = (a[0] + d[0], a[1] + d[1])
                if b in label or not (0 <= b[0] < lay.COLS and 0 <= b[1] < lay.ROWS):
                    continue
                if any(lay.segments_clash(a, b, p, q) for p, q in pieces):
                    continue
                label[b] = k
                todo.append(b)
        k += 1
    return label


def make_allowed(cells: dict, printed: dict, ann_pos: dict):
    """allowed(station, cell) for the Annealer (see the module's docstring); ``ann_pos``: the annealer's cells
    (read as it runs)."""
    bank = banks()
    home = {n: bank[tuple(c)] for n, c in cells.items()}
    want = {n: (lay.PRINTED_OFFSET[0] + c * lay.PRINTED_COL, lay.PRINTED_OFFSET[1] + r) for n, (c, r) in printed.items()}
    nudged = {tuple(b): n for n, b in lay.NUDGES.items()}
    fixed = {n for e in lay.BENDS for n in e}  # a connection drawn with bends keeps its ends (its bends fit them)
    lo = [min(c[a] for c in cells.values()) for a in (0, 1)]  # the board's extent (its size, so the zoom)
    hi = [max(c[a] for c in cells.values()) for a in (0, 1)]

    def allowed(n, cell) -> bool:
        if bank[cell] != home[n] or n in fixed or not (lo[0] <= cell[0] <= hi[0] and lo[1] <= cell[1] <= hi[1]):
            return False
        who = nudged.get(lay.spread_cell(cell))
        if who is not None and who != n and tuple(ann_pos[who]) == tuple(cells[who]):
            return False  # a nudged station's board cell
        if n in want:
            w = want[n]
            if max(abs(cell[0] - w[0]), abs(cell[1] - w[1])) > 2.5:
                return False
            for m, (pc, pr_) in printed.items():
                if m == n:
                    continue
                if printed[n][1] + 1 < pr_ and cell[1] > ann_pos[m][1]:
                    return False
                if pr_ + 1 < printed[n][1] and cell[1] < ann_pos[m][1]:
                    return False
        return True

    return allowed


#: the target views (size, seats, arrangement): the goal's sizes round a table and on a laptop, and 1280 x 720
VIEWS = [((1920, 1080), 4, "table"), ((1920, 1080), 5, "laptop"), ((3840, 2160), 4, "table"),
         ((1280, 720), 2, "table"), ((1280, 720), 4, "laptop")]


def parse_view(text):
    size, seats, arr = text.split(":")
    return tuple(map(int, size.split("x"))), int(seats), arr


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=10)
    ap.add_argument("--steps", type=int, default=20_000)
    ap.add_argument("--t0", type=float, default=3.0)
    ap.add_argument("--t1", type=float, default=0.1)
    ap.add_argument("--radius", type=int, default=2)
    ap.add_argument("--w-name", type=float, default=lay.W_NAME)
    ap.add_argument("--views", type=lambda t: [parse_view(v) for v in t.split(",")], default=VIEWS,
                    help="target views, 1920x1080:4:table,... (weighted by --weights)")
    ap.add_argument("--weights", type=lambda t: [float(w) for w in t.split(",")])
    ap.add_argument("--cards", help="directory of the target views' numbers (JSON, from an earlier run; made "
                                    "there when missing)", default="/tmp/paris-name-cards")
    ap.add_argument("--out", default="/tmp/paris_reannealed_cells.json")
    ap.add_argument("--start", help="start from these cells (JSON) instead of the current ones")
    args = ap.parse_args(argv)
    lay.W_NAME = args.w_name
    facts = mk.read_facts(ROOT.parent / "shared" / "reference" / "boards")
    edges = [(a, b) for a, b, _ in facts["connections"]]
    orig = pr.current_cells()
    cells = {n: tuple(c) for n, c in json.loads(Path(args.start).read_text(encoding="utf-8")).items()} \
        if args.start else orig
    rooms = []
    for size, seats, arr in args.views:
        f = Path(args.cards) / f"{size[0]}x{size[1]}-{seats}-{arr}.json"
        if not f.exists():
            f.parent.mkdir(parents=True, exist_ok=True)
            f.write_text(json.dumps(pr.target_card(size, seats, arr), ensure_ascii=False), encoding="utf-8")
        rooms.append(pr.NameRoom(json.loads(f.read_text(encoding="utf-8")), cells, pr.nudged_from(orig)))
    names = pr.Views(rooms, args.weights)
    print(f"start: {names.counts()} without room {names.without_room()}", flush=True)
    init = lay.fit_positions(facts["latlon"], facts["printed"])
    pos: dict = {}
    ann = lay.Annealer(list(facts["latlon"]), edges, init, landmarks=facts["printed"], seed=args.seed,
                       start=cells, names=names, allowed=make_allowed(cells, facts["printed"], pos))
    pos.update(ann.pos)
    ann.pos = pos  # the allowed test reads the annealer's own dict
    hard0 = ann.hard_problems()
    t = time.time()
    ann.run(args.steps, args.t0, args.t1, args.radius)
    hard = ann.hard_problems()
    print(f"incremental count {names.cost}", end="; ")
    if set(hard) - set(hard0):
        ann.repair(log=print)
        names.set_cells(ann.pos)
        hard = ann.hard_problems()
    names.set_cells(ann.pos)
    print(f"afresh {names.cost}")
    after = names.without_room()
    moved = {n: max(abs(ann.pos[n][0] - cells[n][0]), abs(ann.pos[n][1] - cells[n][1])) for n in cells}
    steps = [d for d in moved.values() if d]
    print(f"{time.time() - t:.0f}s; hard problems {len(hard0)} -> {len(hard)} {hard[:3]}")
    print(f"end: {names.counts()} without room {after}")
    print(f"moved {len(steps)} stations, median {statistics.median(steps) if steps else 0} most "
          f"{max(steps, default=0)} steps: {sorted((n, cells[n], ann.pos[n]) for n in moved if moved[n])}")
    print("nudges dropped:", sorted(n for n in lay.NUDGES if moved[n]))
    Path(args.out).write_text("{\n" + ",\n".join(
        f"  {json.dumps(n, ensure_ascii=False)}: [{c}, {r}]" for n, (c, r) in ann.pos.items()) + "\n}\n",
        encoding="utf-8")
    return 1 if set(hard) - set(hard0) else 0


if __name__ == "__main__":
    sys.exit(main())
