"""Unattended-table support: supervisor, heartbeat and admin access.

The game side uses ``kiosk.heartbeat.Heartbeat`` and ``kiosk.pin``; the
supervisor (``python -m kiosk``) lives in ``kiosk.supervisor`` and
``kiosk.app``.  Settings are in ``game.kiosk_config``, saving in
``game.autosave``.
"""
