"""Author maps/newyork.toml from the reconstructed New York board facts in ../shared/reference/boards/.

    .venv/bin/python tools/make_newyork_map.py [REFERENCE_DIR] [--steps N] [--png docs/screenshots/newyork-layout.png]

The facts (stations, kinds, destination cards, connections, track spaces, clusters) come from
newyork-stations.csv and newyork-connections.csv; the board positions and water areas from the schematic layout
in tools/layout_newyork.py (seeded, so a rerun gives the same board). Kept for provenance: maps/newyork.toml is
the source of truth and may be edited by hand afterwards (the map's tests check the layout rules on the TOML).
"""
from __future__ import annotations

import argparse
import csv
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import layout_newyork as lay  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
KIND_ORDER = ("start", "standard", "terminus", "national_rail", "water")


def read_facts(ref: Path) -> dict:
    """The board facts from the CSVs, in the CSVs' order."""
    stations = list(csv.DictReader(open(ref / "newyork-stations.csv", encoding="utf-8")))
    conns = list(csv.DictReader(open(ref / "newyork-connections.csv", encoding="utf-8")))
    out = {"stations": [], "connections": [], "cards": [], "clusters": {}, "latlon": {}, "start": None}
    for s in stations:
        tags = [t for t in s["kinds"].split(";") if t]
        kinds = []
        for t in tags:
            if t == "destination":
                kinds.append("standard")  # New York's cards are all standard
            elif t.startswith("cluster:"):
                out["clusters"].setdefault(t.split(":", 1)[1], []).append(s["name"])
            elif t in ("terminus", "national_rail", "water", "start"):
                kinds.append(t)
            else:
                raise SystemExit(f"newyork-stations.csv: {s['name']}: unknown kind {t!r}")
        if "start" in kinds:
            out["start"] = s["name"]
        kinds.sort(key=KIND_ORDER.index)
        out["stations"].append((s["name"], kinds))
        out["cards"] += [s["name"]] * int(s["cards"] or 0)
        out["latlon"][s["name"]] = (float(s["lat"]), float(s["lon"]))
    for c in conns:
        out["connections"].append((c["a"], c["b"], int(c["spaces"])))
    return out


def q(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def render_toml(facts: dict, pos: dict, water: list[tuple[str, list]], bends: dict) -> str:
    water_nodes = [n for n, k in facts["stations"] if "water" in k]
    out = ["# The New York board of On the Underground (New York/Paris, 2nd edition), reconstructed as facts:",
           "# stations, kinds, connections and track spaces from ../shared/reference/boards/newyork-*.csv (no photo",
           "# of the board exists; see the README there). The positions are a schematic layout made by",
           f"# tools/layout_newyork.py (a {lay.WIDTH} x {lay.HEIGHT} board, an 88-unit grid, octilinear connections); docs/boards.md",
           "# says how. Water icons are nodes of kind \"water\": a crossing is station - icon(s) - station.",
           "",
           "[map]", 'name = "New York"', 'city = "newyork"', f"start = {q(facts['start'])}",
           f"width = {lay.WIDTH}", f"height = {lay.HEIGHT}", "express_cards = 0",
           f"standard_cards = {len(facts['cards'])}", "",
           "[destinations]  # all standard; a station with two cards is listed twice",
           "express = []", "standard = [" + ", ".join(map(q, facts["cards"])) + "]", "",
           "[newyork.clusters]  # cluster -> stations (inferred extents; see the reference README)"]
    for name, members in facts["clusters"].items():
        out.append(f"{name} = [" + ", ".join(map(q, members)) + "]")
    out.append("")
    for name, poly in water:
        pts = ", ".join(f"[{x:g}, {y:g}]" for x, y in poly)
        out += ["[[water]]", f"name = {q(name)}", f"points = [{pts}]", ""]
    for name, kinds in facts["stations"]:
        x, y = pos[name]
        out += ["[[stations]]", f"name = {q(name)}", f"x = {x:g}", f"y = {y:g}",
                "kinds = [" + ", ".join(map(q, kinds)) + "]", ""]
    for a, b, spaces in facts["connections"]:
        out += ["[[connections]]", f"a = {q(a)}", f"b = {q(b)}", f"spaces = {spaces}"]
        if (a, b) in bends:
            out.append("bends = [" + ", ".join(f"[{x:g}, {y:g}]" for x, y in bends[(a, b)]) + "]")
        out.append("")
    assert len(water_nodes) + len(facts["stations"]) > 0
    return "\n".join(out)


def read_cells(path: Path) -> tuple[dict, dict]:
    """The grid cells of a map file's stations and of its connections' bends."""
    import tomllib

    with open(path, "rb") as f:
        m = tomllib.load(f)
    cells = {s["name"]: lay.to_cell((s["x"], s["y"])) for s in m["stations"]}
    bends = {(c["a"], c["b"]): [((x - lay.ORIGIN[0]) / lay.PITCH, (y - lay.ORIGIN[1]) / lay.PITCH)
                                for x, y in c["bends"]] for c in m["connections"] if c.get("bends")}
    return cells, bends


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ref", nargs="?", default=str(ROOT.parent / "shared" / "reference" / "boards"))
    ap.add_argument("--anneal", action="store_true",
                    help="make the layout afresh (layout_newyork.STAGES; minutes) instead of keeping the positions "
                         "in the current map file")
    ap.add_argument("--cells", help="take the annealed grid cells from this JSON file ({node: [col, row]}; the "
                                    "columns are let in and the nudges made after)")
    ap.add_argument("--out", default=str(ROOT / "maps" / "newyork.toml"))
    ap.add_argument("--png", help="also draw the board to this PNG (1920 x 1080)")
    args = ap.parse_args(argv)
    facts = read_facts(Path(args.ref))
    water_nodes = {n for n, k in facts["stations"] if "water" in k}
    edges = [(a, b) for a, b, _ in facts["connections"]]
    if args.anneal:
        cells, bend_cells = lay.layout(facts["latlon"], edges, water_nodes)
    elif args.cells:  # the annealed grid (before the columns are let in): the spread and nudges follow
        annealed = {n: tuple(c) for n, c in json.loads(Path(args.cells).read_text()).items()}
        annealed.update(lay.FIXES)
        cells, bend_cells = lay.finish(annealed, edges)
    else:  # keep the board as it is: the map file is the source of truth
        cells, bend_cells = read_cells(Path(args.out))
    missing = sorted(n for n, _ in facts["stations"] if n not in cells)
    if missing:
        raise SystemExit(f"no position for {', '.join(missing)}; run with --anneal")
    pos = {n: lay.to_board(c) for n, c in cells.items()}
    water = lay.water_areas(cells)
    bends = {e: [lay.to_board(c) for c in cs] for e, cs in bend_cells.items()}
    problems = lay.check_layout(pos, edges, water_nodes, water, bends=bends)
    Path(args.out).write_text(render_toml(facts, pos, water, bends), encoding="utf-8")
    n_st = sum("water" not in k for _, k in facts["stations"])
    print(f"{n_st} stations + {len(water_nodes)} water icons, {len(edges)} connections, "
          f"{sum(s for *_, s in facts['connections'])} track spaces, {len(facts['cards'])} cards -> {args.out}")
    if args.png:
        lay.draw_view_png(args.out, args.png)
    for p in problems:
        print("layout:", p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
