"""The play screen's parts; ``game.ui.play_scene.PlayScene`` composes them (see that module)."""
