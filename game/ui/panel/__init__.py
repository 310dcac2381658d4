"""One player's panel at their table edge: score, lines, branch tiles, actions and their buttons.

Where each job lives: ``layout.py`` places the controls for a panel size (and the route options or a city's
choices being asked), ``draw.py`` draws one panel upright from its layout, ``hits.py`` says what a screen
point hits through the panel's rotation, ``icons.py`` holds the pictures without words (branch tile, round
buttons: menu, phone, hint, secret cards; note pills), ``words.py`` the cached word pictures and the fonts names
fit in, ``view.py`` what the play scene tells a panel to show, and ``panel.py`` the ``SeatPanel`` composing them.
"""
from .icons import (draw_branch_icon, draw_hint_button, draw_menu_button, draw_page_button, draw_phone_button,
                    draw_secret_button)
from .layout import DEPTH, LEAST_SWATCH, LINES_ROW, STRIP
from .panel import SeatPanel
from .view import BRANCH_LABEL, ROUTE_LABEL, UNDO_LABEL, PanelView
from .words import MIN_NAME_PX, NAME_SIZES, fit_name

__all__ = ["SeatPanel", "PanelView", "DEPTH", "STRIP", "LINES_ROW", "LEAST_SWATCH", "BRANCH_LABEL", "UNDO_LABEL",
           "ROUTE_LABEL", "MIN_NAME_PX", "NAME_SIZES", "fit_name", "draw_branch_icon", "draw_hint_button",
           "draw_menu_button", "draw_page_button", "draw_phone_button", "draw_secret_button"]
