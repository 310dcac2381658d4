"""The board on screen, as parts: ``BoardView`` (view.py) composes the camera, the geometry and hit-testing,
the names (placed by the pure ``placement.py``, which imports no pygame), the static sheet, the state layer and
the pieces. See docs/architecture.md."""
