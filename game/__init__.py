"""On the Underground: the game package (engine, map files, UI, computer players)."""
import os as _os

# pygame prints a banner on import; it would corrupt `--json` output on stdout.
_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
