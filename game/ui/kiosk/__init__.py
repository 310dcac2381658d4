"""The kiosk's screens: ``mode`` (the controller and app a table runs), ``attract`` (the demo game while
nobody plays), ``idle`` (the countdown before a walked-away game is put away) and ``admin`` (the
operator's PIN and settings screens)."""
