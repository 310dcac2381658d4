"""The board on screen, as parts: ``BoardView`` (view.py) composes the camera, the geometry and hit-testing,
the names (placed by the pure ``placement.py``), the static sheet, the state layer and the pieces. See
docs/architecture.md."""
from .view import BoardView

__all__ = ["BoardView"]
