"""One-off: author maps/london.toml from the transcribed board facts in ../shared/reference/boards/.

Kept for provenance; maps/london.toml is the source of truth and may be edited by hand afterwards. Its station
positions are then spread by tools/layout_london.py (issue 22 item 1: names need room), which rewrites x, y and width.
"""
import csv
import sys
from pathlib import Path

ref = Path(sys.argv[1] if len(sys.argv) > 1 else "../shared/reference/boards")
stations = list(csv.DictReader(open(ref / "london-stations.csv", encoding="utf-8")))
conns = list(csv.DictReader(open(ref / "london-connections.csv", encoding="utf-8")))


def q(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


out = ["# The London board of On the Underground (2nd edition), as facts: stations, kinds, connections and",
       "# parallel track spaces, transcribed from the printed board (see ../shared/reference/boards/README.md).",
       "# Coordinates are the board's own (a 1600 x 1078 grid). No artwork is copied.",
       "",
       "[map]", 'name = "London"', 'city = "london"', 'start = "Euston"', "width = 1600", "height = 1078",
       "express_cards = 22", "standard_cards = 33", ""]
express = [s["name"] for s in stations if s["kind"] == "express"]
standard = [s["name"] for s in stations if s["kind"] == "standard"]
conn_st = [s["name"] for s in stations if s["kind"] == "connection"]
out += ["[destinations]", "express = [" + ", ".join(map(q, express)) + "]",
        "standard = [" + ", ".join(map(q, standard)) + "]", ""]
out += ["[london]", "connection_stations = [" + ", ".join(map(q, conn_st)) + "]",
        'symbols = ["restaurants", "monuments", "shops", "parks"]', "tiles_per_symbol = 2", ""]
for s in stations:
    out += ["[[stations]]", f"name = {q(s['name'])}", f"x = {s['x']}", f"y = {s['y']}",
            f"kinds = [{q(s['kind'])}]", ""]
for c in conns:
    out += ["[[connections]]", f"a = {q(c['a'])}", f"b = {q(c['b'])}", f"spaces = {c['spaces']}", ""]
Path("maps/london.toml").write_text("\n".join(out), encoding="utf-8")
print(f"{len(stations)} stations, {len(conns)} connections")
