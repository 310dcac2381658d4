"""What the table keeps with a saved game besides the record (game/saves.py ``SavedGame.extras``): hints used
per seat, the line each seat has chosen on its panel, which way the names face and the seats' hand-offs
(play/handoff.py), so that Continue brings back the table as it was left. Functions of the scene
(``PlayScene.saved_extras`` / ``restore_table``).
"""
from __future__ import annotations

from .handoff import read_hand_offs


def saved_extras(scene) -> dict:
    """What the table keeps with the saved game besides the record (game/saves.py): hints used per seat,
    the line each seat has chosen on its panel and which way the names face, so Continue is the table as
    it was left."""
    return {"hints_used": list(scene.hints.used),
            "selected": [scene.selected.get(i) for i in range(scene.state.n_players)],
            "names": scene.names_mode,
            "hand_offs": [list(h) for h in scene.turns.hand_offs]}  # play/handoff.py; the seats say who plays now


def restore_table(scene, extras: dict) -> None:
    """The chosen lines and the names' facing kept with a save (``saved_extras``); what does not fit this
    game (an old save, a line that is not the seat's) is left as a new table would have it."""
    scene.turns.hand_offs = read_hand_offs(extras.get("hand_offs"))
    if extras.get("names") in ("upright", "active"):
        scene.names_mode = extras["names"]
    chosen = extras.get("selected")
    if isinstance(chosen, list):
        for seat, line in enumerate(chosen[:scene.state.n_players]):
            if isinstance(line, int) and line in scene.state.players[seat].lines:
                scene.selected[seat] = line
    scene.turns.default_selection()  # a chosen line since run out of tokens gives way, as in play
    scene._invalidate()
