"""``python -m kiosk``: see kiosk/app.py and docs/kiosk.md."""

import sys

from kiosk.app import main

sys.exit(main())
