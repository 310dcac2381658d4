"""The phone pages' words, from the table's gettext catalogues (assets/locale): the same languages as the table.

The pages (static/*.js) look words up by key in the ``words`` of the ``welcome`` message; the English is here,
marked with ``N_`` so ``make translations`` extracts it. A language's catalogue is loaded on its own
(:func:`game.i18n.load`), so the server thread never touches the language the table is drawn in.
"""
from __future__ import annotations

import gettext
from functools import lru_cache

from ..engine.log_words import CATEGORY_WORDS
from ..i18n import COLOUR_NAMES, DEFAULT, LANDMARK_NAMES, LANGUAGES, N_, load

PAGE_WORDS: dict[str, str] = {
    "title_seat": N_("Your seat"),
    "title_watch": N_("Watching the game"),
    "connecting": N_("Connecting to the table…"),
    "reconnecting": N_("Connection lost: reconnecting…"),
    "waiting_keep": N_("Waiting for the table to keep this phone (someone at the table presses Keep)."),
    "your_turn": N_("Your turn!"),
    "turn_of": N_("{name} is playing"),
    "turn_n": N_("Turn {n}"),
    "actions_left": N_("Actions left: {n}"),
    "score": N_("Score"),
    "lines": N_("Lines"),
    "tokens_left": N_("Tokens left: {n}"),
    "branch_tiles": N_("Branch tiles"),
    "landmarks": N_("Landmark tiles"),
    "objectives": N_("Your secret objectives"),
    "objective_met": N_("met by {colours}"),
    "objective_open": N_("not met yet"),
    "points_n": N_("Points: {n}"),
    "destinations": N_("Destinations"),
    "passenger": N_("Passenger at {station}"),
    "passenger_gone": N_("The passenger has left the board"),
    "deck_left": N_("Cards left in the deck: {n}"),
    "take_branch": N_("Take a branch tile"),
    "undo": N_("Undo"),
    "choose_route": N_("Choose the passenger's route"),
    "route_to": N_("to {station}"),
    "reward_points": N_("2 points"),
    "reward_point_and_tile": N_("1 point and 1 branch tile"),
    "reward_tiles": N_("2 branch tiles"),
    "choose_reward": N_("Terminus reward at {station}"),
    "complete_set": N_("Complete the landmark set with branch tiles"),
    "keep_tiles": N_("Keep the branch tiles"),
    "choose_line": N_("Line to place"),
    "tap_board": N_("Tap a highlighted track space to place a token."),
    "plays_at_table": N_("This seat plays at the table; the phone only shows its hand."),
    "log": N_("Game log"),
    "scores": N_("Scores"),
    "game_over": N_("Game over"),
    "winner": N_("{names} won"),
    "fit": N_("Fit"),
    "board": N_("Board"),
}


@lru_cache(maxsize=8)
def _catalogue(language: str) -> gettext.NullTranslations:
    try:
        return load(language)
    except OSError:
        return gettext.NullTranslations()


def translator(language: str) -> gettext.NullTranslations:
    """The catalogue of ``language`` (English for an unknown or missing one)."""
    return _catalogue(language if language in LANGUAGES else DEFAULT)


def page_words(language: str) -> dict[str, str]:
    """Every word a page shows, in ``language``: its sentences, score categories, colours and landmark types."""
    tr = translator(language)
    out = {key: tr.gettext(text) for key, text in PAGE_WORDS.items()}
    out.update({f"cat_{k}": tr.gettext(str(w)) for k, w in CATEGORY_WORDS.items()})
    out.update({f"colour_{k}": tr.gettext(w) for k, w in COLOUR_NAMES.items()})
    out.update({f"landmark_{k}": tr.gettext(w) for k, w in LANDMARK_NAMES.items()})
    return out


#: The errors a phone is told, by code (protocol.Error.code); values with {braces} are filled in when sent.
ERROR_WORDS: dict[str, str] = {
    "bad_json": N_("That message is not JSON: {why}"),
    "bad_message": N_("That message is not one the table understands: {why}"),
    "unknown_type": N_("Unknown message type {kind}; the table knows hello, act and ping."),
    "too_big": N_("That message is too long ({size} bytes; at most {limit})."),
    "hello_first": N_("Say hello with your link's code first."),
    "bad_token": N_("This link is not valid for the game on the table (a new game began or the seat was claimed "
                    "anew). Scan the table's code again."),
    "wrong_seat": N_("This phone has already joined as another seat or as a spectator."),
    "not_kept": N_("The table has not kept this phone yet."),
    "refused": N_("The table refused this phone."),
    "replaced": N_("Another phone took this seat, or the table took it back."),
    "new_game": N_("A new game began at the table. Scan its code again."),
    "spectator": N_("Spectators only watch."),
    "not_remote": N_("This seat plays at the table; the phone only shows its hand."),
    "not_your_turn": N_("It is not your turn: {name} is playing."),
    "stale": N_("The table has moved on; here is the game as it is now."),
    "illegal": N_("Not allowed: {why}"),
    "rate": N_("Too many messages; slow down (at most {rate} a second)."),
    "too_many": N_("Too many phones are connected to the table (at most {limit})."),
    "game_over": N_("The game is over."),
    "no_game": N_("There is no game on the table yet."),
}


def error_text(code: str, language: str, **values) -> str:
    """The error ``code`` in ``language``, its values filled in."""
    text = translator(language).gettext(ERROR_WORDS[code])
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError):
        return ERROR_WORDS[code].format(**values)
