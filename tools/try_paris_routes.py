"""Rebuild maps/paris.toml with extra hand routes or nudges, without editing tools/layout_paris.py, so a route can
be measured with tools/names_without_room.py at every view (twelfth session, second round; restore the map with
``git checkout maps/paris.toml`` after). Exit status 1 when the layout has a problem (a crossing, say).

    .venv/bin/python tools/try_paris_routes.py '{"Reuilly - Diderot|Daumesnil": [[22, 8]]}' ['{"Arts et Métiers": [15, 6]}']
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import layout_paris as lay  # noqa: E402
import make_paris_map  # noqa: E402


def main(argv: list[str]) -> int:
    routes = json.loads(argv[0]) if argv else {}
    nudges = json.loads(argv[1]) if len(argv) > 1 else {}
    for key, cells in routes.items():  # "A|B" in the connection's own order (maps/paris.toml)
        lay.ROUTES[tuple(key.split("|"))] = [tuple(c) for c in cells]
    lay.NUDGES.update({n: tuple(c) for n, c in nudges.items()})
    return make_paris_map.main([])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
