"""Author maps/paris.toml from the reconstructed Paris board facts in ../shared/reference/boards/.

    .venv/bin/python tools/make_paris_map.py [REFERENCE_DIR] [--anneal] [--cells F.json] [--png F.png]

Without --anneal the annealed grid cells come from tools/paris_annealed_cells.json (what the annealing, the hand
fixes and the tenth session's re-annealing for the names' room made: tools/reanneal_paris_names.py,
tools/prune_paris_moves.py); the spread's columns, the nudges and the fisheye of tools/layout_paris.py are
applied on every run, so the map file is rebuilt exactly (tests/maps/test_paris_map.py checks that it is).
With --anneal the first annealing and the hand fixes are made afresh (not the re-annealing: it measures the play
screen).

The facts (stations, kinds, destination cards, connections, track spaces) come from paris-stations.csv and
paris-connections.csv; the 11 secret objective cards from the Paris part of the README there (they are listed
only there); the landmark stations' printed grid cells from paris-landmark-board-positions.csv. The board
positions and the Seine come from the schematic layout in tools/layout_paris.py (seeded, so a rerun gives the
same board).
"""
from __future__ import annotations

import argparse
import csv
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import layout_paris as lay  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ANNEALED = ROOT / "tools" / "paris_annealed_cells.json"  # the annealing's grid cells (the hand fixes in them)
KIND_ORDER = ("start", "standard", "terminus", "rer", "landmark")
#: The five landmark types. The rulebook says only "5 different types" and the fan data has none: these names
#: are ours (the screens draw an icon per type). 8 tiles of each, one dealt on each of the 40 landmark stations.
LANDMARK_TYPES = ["monument", "museum", "church", "garden", "cafe"]
TILES_PER_TYPE = 8
CARD_RE = re.compile(r"^(\d+)\. (\d+) pts: (.+)$")
GRID_REF_RE = re.compile(r"^[A-E]\d ")


def read_objectives(readme: Path) -> list[tuple[list[str], int]]:
    """The secret objective cards, in the README's order: ([three stations], points)."""
    text = readme.read_text(encoding="utf-8")
    part = text[text.index("## Paris board"):]
    part = part[part.index("**Secret objective cards"):]
    cards = []
    for line in part.splitlines()[1:]:
        m = CARD_RE.match(line.strip())
        if m:
            if int(m.group(1)) != len(cards) + 1:
                raise SystemExit(f"README: objective card {m.group(1)} out of order")
            cards.append(([GRID_REF_RE.sub("", s.strip()) for s in m.group(3).split(", ")], int(m.group(2))))
        elif cards:
            break
    return cards


def read_facts(ref: Path) -> dict:
    """The board facts from the CSVs and README, in the CSVs' order."""
    stations = list(csv.DictReader(open(ref / "paris-stations.csv", encoding="utf-8")))
    conns = list(csv.DictReader(open(ref / "paris-connections.csv", encoding="utf-8")))
    printed = list(csv.DictReader(open(ref / "paris-landmark-board-positions.csv", encoding="utf-8")))
    out = {"stations": [], "connections": [], "cards": [], "latlon": {}, "start": None, "landmarks": [],
           "printed": {r["name"]: (int(r["grid_col"]), int(r["grid_row"])) for r in printed}}
    for s in stations:
        kinds = []
        for t in (t for t in s["kinds"].split(";") if t):
            if t == "destination":
                kinds.append("standard")  # Paris's cards are all one kind
            elif t in ("terminus", "rer", "landmark", "start"):
                kinds.append(t)
            else:
                raise SystemExit(f"paris-stations.csv: {s['name']}: unknown kind {t!r}")
        if "start" in kinds:
            out["start"] = s["name"]
        if "landmark" in kinds:
            out["landmarks"].append(s["name"])
        kinds.sort(key=KIND_ORDER.index)
        out["stations"].append((s["name"], kinds))
        out["cards"] += [s["name"]] * int(s["cards"] or 0)
        out["latlon"][s["name"]] = (float(s["lat"]), float(s["lon"]))
    for c in conns:
        out["connections"].append((c["a"], c["b"], int(c["spaces"])))
    out["objectives"] = read_objectives(ref / "README.md")
    return out


def q(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def render_toml(facts: dict, pos: dict, water: list[tuple[str, list]], bends: dict) -> str:
    out = ["# The Paris board of On the Underground (New York/Paris, 2nd edition), reconstructed as facts:",
           "# stations, kinds, connections and track spaces from ../shared/reference/boards/paris-*.csv, the 11 secret",
           "# objective cards from the Paris part of the README there (no photo of the board exists; see that README).",
           "# The positions are a schematic layout made by tools/make_paris_map.py with tools/layout_paris.py: an",
           "# 88-unit square grid fitted to the printed grid cells of the 40 landmark stations, octilinear",
           "# connections, no crossings, then five empty columns, three one-step fixes, nudges and a fisheye over",
           "# the rows for the names' room (issue 22 item 1);",
           "# the Seine is drawing only (Paris has no water icons). docs/boards.md says",
           "# how. This file is the source of truth now; edit it by hand and run tests/maps/test_paris_map.py.",
           "",
           "[map]", 'name = "Paris"', 'city = "paris"', f"start = {q(facts['start'])}",
           f"width = {lay.WIDTH}", f"height = {lay.HEIGHT}", "express_cards = 0",
           f"standard_cards = {len(facts['cards'])}", "",
           "[destinations]  # all one kind (standard), one card each",
           "express = []", "standard = [" + ", ".join(map(q, facts["cards"])) + "]", "",
           "[paris]",
           f"landmark_types = [{', '.join(map(q, LANDMARK_TYPES))}]  # our names: the rulebook only says 5 types",
           f"tiles_per_type = {TILES_PER_TYPE}  # one tile per landmark station at set-up",
           "objectives_per_player = 2",
           "rer_points = [0, 1]  # the first line of anyone to reach an RER station, then every later line",
           "terminus_rewards = {points = [2, 0], point_and_tile = [1, 1], tiles = [0, 2]}  # [points, Branch tiles]",
           "set_points = 7  # five different landmark types",
           "set_tile_cost = 2  # Branch tiles per missing type when completing a set",
           "full_connection_tiles = 2  # a token on a full connection (4 when also off the line's ends)",
           "landmarks = [  # setup.landmark_tiles deals one type to each, in this order"]
    out += [f"    {q(n)}," for n in facts["landmarks"]]
    out += ["]", "objectives = [  # the secret objective cards; setup.objectives numbers them from 0"]
    for stations, points in facts["objectives"]:
        out.append(f"    {{stations = [{', '.join(map(q, stations))}], points = {points}}},")
    out += ["]", ""]
    for name, poly in water:
        pts = ", ".join(f"[{x:g}, {y:g}]" for x, y in poly)
        out += ["[[water]]  # drawing only", f"name = {q(name)}", f"points = [{pts}]", ""]
    for name, kinds in facts["stations"]:
        x, y = pos[name]
        out += ["[[stations]]", f"name = {q(name)}", f"x = {x:g}", f"y = {y:g}",
                "kinds = [" + ", ".join(map(q, kinds)) + "]", ""]
    for a, b, spaces in facts["connections"]:
        out += ["[[connections]]", f"a = {q(a)}", f"b = {q(b)}", f"spaces = {spaces}"]
        if (a, b) in bends:
            out.append("bends = [" + ", ".join(f"[{x:g}, {y:g}]" for x, y in bends[(a, b)]) + "]")
        out.append("")
    return "\n".join(out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ref", nargs="?", default=str(ROOT.parent / "shared" / "reference" / "boards"))
    ap.add_argument("--anneal", action="store_true",
                    help="make the layout afresh (layout_paris.STAGES; minutes) instead of keeping the positions in "
                         "the current map file")
    ap.add_argument("--cells", default=str(ANNEALED),
                    help="take the annealed grid cells from this JSON file ({station: [col, row]})")
    ap.add_argument("--save-cells", help="write the annealed grid cells to this JSON file")
    ap.add_argument("--out", default=str(ROOT / "maps" / "paris.toml"))
    ap.add_argument("--png", help="also draw the board to this PNG (1920 x 1080)")
    args = ap.parse_args(argv)
    facts = read_facts(Path(args.ref))
    edges = [(a, b) for a, b, _ in facts["connections"]]
    if args.anneal:
        cells = lay.layout(facts["latlon"], edges, facts["printed"])
    else:
        cells = {n: tuple(c) for n, c in json.loads(Path(args.cells).read_text(encoding="utf-8")).items()}
    missing = sorted(n for n, _ in facts["stations"] if n not in cells)
    if missing:
        raise SystemExit(f"no position for {', '.join(missing)}; run with --anneal")
    if args.save_cells:
        Path(args.save_cells).write_text("{\n" + ",\n".join(
            f"  {json.dumps(n, ensure_ascii=False)}: [{c}, {r}]" for n, (c, r) in cells.items()) + "\n}\n",
            encoding="utf-8")
    cells, grid_bends = lay.board_layout(cells, edges)
    pos, bends, lines = lay.board_positions(cells, grid_bends, edges)
    water = lay.water_areas(lines=lines)
    problems = lay.check_layout(pos, edges, bends=bends) + lay.seine_problems(pos, water)
    Path(args.out).write_text(render_toml(facts, pos, water, bends), encoding="utf-8")
    print(f"{len(facts['stations'])} stations, {len(edges)} connections, "
          f"{sum(s for *_, s in facts['connections'])} track spaces, {len(facts['cards'])} cards, "
          f"{len(facts['landmarks'])} landmarks, {len(facts['objectives'])} objective cards -> {args.out}")
    if args.png:
        lay.draw_view_png(args.out, args.png)
    for p in problems:
        print("layout:", p, "(known)" if p in lay.KNOWN_PROBLEMS else "")
    return 1 if set(problems) - set(lay.KNOWN_PROBLEMS) else 0


if __name__ == "__main__":
    sys.exit(main())
