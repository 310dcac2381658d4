"""Prune a re-annealing's moves by the play screen's own count (tenth session, issue 22 item 1).

tools/reanneal_paris_names.py moves stations by a stand-in for the play screen's names without room; this takes
each moved station back to its old cell in turn (where that cell is free and the layout stays clean) and keeps
the station back where the play screen's names without room, over :data:`VIEWS`, score no worse
(:func:`score`: a view at 1920 x 1080 or 3840 x 2160 above its count on the old layout weighs 10 a name, every
such view's count 1, a 1280 x 720 view 0.3 a name and 10 a name past two above its old count).

    .venv/bin/python tools/prune_paris_moves.py NEW.json [--out F.json]

Rewrites maps/paris.toml as it goes (the last one written is the kept layout's); prints each step.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests" / "ui"))
import layout_paris as lay  # noqa: E402
import make_paris_map as mk  # noqa: E402
import paris_name_room as pr  # noqa: E402

VIEWS = [(size, seats, arr) for size in ((1920, 1080), (3840, 2160), (1280, 720)) for seats in (2, 4, 5)
         for arr in ("table", "laptop")]


class Measure:
    def __init__(self, old: dict):
        self.facts = mk.read_facts(ROOT.parent / "shared" / "reference" / "boards")
        self.edges = [(a, b) for a, b, _ in self.facts["connections"]]
        self.old = old
        self.apps = {}

    def build(self, cells: dict):
        """Write maps/paris.toml from ``cells`` (the nudges of stations that keep their cells); its problems."""
        nudges = {n: c for n, c in lay.NUDGES.items() if tuple(cells[n]) == tuple(self.old[n])}
        board, grid_bends = lay.board_layout(cells, self.edges, nudges=nudges)
        if len(set(board.values())) < len(board):
            return ["two stations on one cell"]
        pos, bends, lines = lay.board_positions(board, grid_bends, self.edges)
        water = lay.water_areas(lines=lines)
        problems = lay.check_layout(pos, self.edges, bends=bends) + lay.seine_problems(pos, water)
        (ROOT / "maps" / "paris.toml").write_text(mk.render_toml(self.facts, pos, water, bends), encoding="utf-8")
        return problems

    def counts(self, cells: dict) -> dict | None:
        if self.build(cells):
            return None
        import names_audit as na
        from game.engine import new_game
        from game.ui import play_scene
        from game.ui.app import App

        out = {}
        for size, seats, arr in VIEWS:
            if size not in self.apps:
                self.apps[size] = App(size=size, headless=True)
            app = self.apps[size]
            state = new_game("paris", seats, seed=1, start_player=0, variant="standard")
            scene = app.push(play_scene.PlayScene(app, state, na.seats_for(state, arr)))
            try:
                app.step(0.1)
                names = scene.board_view.names
                names.place()
                out[(size, seats, arr)] = len(names.names_without_room)
            finally:
                while app.scenes:
                    app.scenes.pop().exit()
        return out


def score(got: dict, base: dict) -> float:
    s = 0.0
    for v, n in got.items():
        if v[0] == (1280, 720):
            s += 0.3 * n + 10 * max(0, n - base[v] - 2)
        else:
            s += n + 10 * max(0, n - base[v])
    return s


def show(got: dict) -> str:
    return " ".join(f"{v[0][0]}/{v[1]}{v[2][0]}:{n}" for v, n in got.items())


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("new")
    ap.add_argument("--out", default="/tmp/paris_pruned_cells.json")
    args = ap.parse_args(argv)
    old = pr.current_cells()
    new = {n: tuple(c) for n, c in json.loads(Path(args.new).read_text(encoding="utf-8")).items()}
    m = Measure(old)
    base = m.counts(old)
    print("old:", show(base), flush=True)
    now = m.counts(new)
    best = score(now, base)
    print(f"new: {best:.1f}", show(now), flush=True)
    moved = sorted(n for n in new if new[n] != old[n])
    for n in moved:
        taken = {c: k for k, c in new.items()}
        trial = dict(new)
        if old[n] in taken and taken[old[n]] != n:  # swap back with whoever stands there now
            other = taken[old[n]]
            trial[other] = new[n]
        trial[n] = old[n]
        got = m.counts(trial)
        if got is None:
            print(f"  {n} back: layout breaks a rule", flush=True)
            continue
        sc = score(got, base)
        print(f"  {n} back: {sc:.1f}", show(got), flush=True)
        if sc <= best:
            best, new, now = sc, trial, got
            print(f"kept {n} back", flush=True)
    Path(args.out).write_text("{\n" + ",\n".join(
        f"  {json.dumps(n, ensure_ascii=False)}: [{c}, {r}]" for n, (c, r) in new.items()) + "\n}\n",
        encoding="utf-8")
    m.build(new)
    print(f"end: {best:.1f}", show(now))
    print("moved:", sorted((n, old[n], new[n]) for n in new if new[n] != old[n]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
