"""The per-city drawing hooks (game/ui/cities): London's connection stations show their dealt tiles."""
import pygame

from game.engine import new_game
from game.engine.board import load_board
from game.ui import theme as th
from game.ui.cities import CityDrawing, draw_station, drawing_for
from game.ui.cities.london import LondonDrawing


def test_the_board_city_picks_its_drawing():
    board = load_board("london")
    assert isinstance(drawing_for(board), LondonDrawing)
    assert type(drawing_for("nowhere")) is CityDrawing  # an unknown city draws nothing of its own


def test_london_puts_each_dealt_tile_on_its_connection_station():
    st = new_game("london", 2, seed=3)
    board = load_board("london")
    symbols = drawing_for(board).station_symbols(board, st.setup.connection_tiles)
    assert sorted(symbols) == sorted(board.london_connection_stations)
    assert [symbols[s] for s in board.london_connection_stations] == list(st.setup.connection_tiles)
    assert drawing_for("nowhere").station_symbols(board, st.setup.connection_tiles) == {}


def test_an_unknown_symbol_still_draws_a_mark():
    theme = th.Theme()
    shots = []
    for sym in ("parks", "no-such-symbol", None):
        surf = pygame.Surface((60, 60))
        surf.fill(theme.board_bg)
        draw_station(surf, "connection", (30, 30), 22, 3, theme, sym)
        shots.append(pygame.image.tobytes(surf, "RGB"))
    assert len(set(shots)) == 3


def test_a_citys_panel_notes_reach_every_panel(app):
    """The seat panels take a city's own notes through the hook; London adds none."""
    from game.ui.play_scene import PlayScene

    class Counting(CityDrawing):  # a city whose panels say how many lines each player has
        def panel_notes(self, state, player):
            return [f"{len(state.players[player].lines)} lines"]

    st = new_game("london", 2, seed=3)
    scene = PlayScene(app, st)
    assert all(scene.panel_view(i).city_notes == () for i in range(2))
    scene.board_view.city = Counting()
    for i, panel in enumerate(scene.panels):
        view = scene.panel_view(i)
        assert view.city_notes == (f"{len(st.players[i].lines)} lines",)
        assert (f"{len(st.players[i].lines)} lines", "muted") in panel.notes(view)
