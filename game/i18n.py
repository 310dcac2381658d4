"""The words on screen in the player's language: gettext catalogues in ``assets/locale`` (English, German, French).

Every visible string is written in English in the code and looked up when it is drawn, never when a module is
imported: ``_("Resume")`` where the text is made, ``N_("Resume")`` to mark a constant that is looked up later with
``_(constant)``. Station names are never translated (they stay as printed on the board). The catalogues are
extracted and compiled with Babel (``make translations``, docs/languages.md); the game reads the compiled ``.mo``
files with the standard library, so playing needs nothing extra.

Nothing here imports pygame: the engine's words (refusals) stay English, the screens translate theirs.
"""
from __future__ import annotations

import gettext
import locale
import logging
import os
from typing import Callable

from .resources import open_asset

log = logging.getLogger(__name__)

DOMAIN = "underground"


def N_(message: str) -> str:
    """Mark a string for extraction without translating it now (module constants)."""
    return message


#: Language code -> its name in that language (as the language chooser shows it).
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "fr": "Français"}
DEFAULT = "en"

#: Words the screens show for the engine's names (colours, computer levels, table edges), looked up with _().
COLOUR_NAMES = {"red": N_("red"), "yellow": N_("yellow"), "blue": N_("blue"), "purple": N_("purple"),
                "black": N_("black"), "pink": N_("pink"), "orange": N_("orange"), "green": N_("green"),
                "brown": N_("brown"), "white": N_("white"), "grey": N_("grey")}
# the weakest level plays any legal move at random: named for what it does, "Computer (random moves)"
LEVEL_NAMES = {"random": N_("random moves"), "easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard"),
               "expert": N_("expert")}
EDGE_NAMES = {"bottom": N_("Bottom"), "right": N_("Right"), "top": N_("Top"), "left": N_("Left")}
#: The landmark types the maps name (Berlin, Paris), so screens can say them with _(type).
LANDMARK_NAMES = {"culture": N_("culture"), "government": N_("government"), "retail": N_("retail"),
                  "education": N_("education"), "sports": N_("sports"), "monument": N_("monument"),
                  "museum": N_("museum"), "church": N_("church"), "garden": N_("garden"), "cafe": N_("cafe")}
#: London's connection tile symbols (maps/london.toml ``symbols``), as the game log names them.
CONNECTION_TILE_NAMES = {"restaurants": N_("restaurants"), "monuments": N_("monuments"), "shops": N_("shops"),
                         "parks": N_("parks")}
#: The score categories (state.SCORE_CATEGORIES and the cities' own), as the end screen's table and a score's card
#: on the play screen name them.
CATEGORY_LABELS = {
    "national_rail": N_("National Rail"), "terminus": N_("Terminus"), "connections": N_("Connections"),
    "loops": N_("Loops"), "passenger": N_("Passenger"), "start": N_("Start"), "other": N_("Other"),
    "plus": N_("+ stations"), "landmark_sets": N_("Landmark sets"), "landmark_bonus": N_("Landmark bonus"),
    "clusters": N_("Clusters"), "water": N_("Water crossings"), "rer": N_("RER"), "objectives": N_("Objectives"),
}

_current = DEFAULT
_translation: gettext.NullTranslations = gettext.NullTranslations()
_listeners: list[Callable[[str], None]] = []




def _(message: str) -> str:
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """A word whose translation depends on where it stands (e.g. "Back" as a button)."""
    return _translation.pgettext(context, message)


def load(code: str) -> gettext.NullTranslations:
    """The catalogue for ``code`` (English: the code's own words)."""
    if code == DEFAULT:
        return gettext.NullTranslations()
    with open_asset(f"locale/{code}/LC_MESSAGES/{DOMAIN}.mo") as f:  # a missing one is FileNotFoundError
        return gettext.GNUTranslations(f)


def set_language(code: str) -> str:
    """Switch every later lookup to ``code``; an unknown code or a missing catalogue keeps English and is logged.

    Returns the language now in use."""
    global _current, _translation
    if code not in LANGUAGES:
        log.warning("language %r is not one of %s; using English", code, ", ".join(LANGUAGES))
        code = DEFAULT
    try:
        tr = load(code)
    except OSError as exc:
        log.warning("no %s catalogue (%s); using English", LANGUAGES[code], exc)
        code, tr = DEFAULT, gettext.NullTranslations()
    changed = code != _current
    _current, _translation = code, tr
    if changed:
        for fn in list(_listeners):
            fn(code)
    return code


def current_language() -> str:
    return _current


def on_change(fn: Callable[[str], None]) -> None:
    """Call ``fn(code)`` after every change of language (screens drop their cached text)."""
    _listeners.append(fn)


def system_language(environ: dict | None = None) -> str:
    """The system locale's language if we have it, else English (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, then the OS)."""
    env = os.environ if environ is None else environ
    candidates = []
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var)
        if value:
            candidates += value.split(":")
    if environ is None:
        try:
            loc = locale.getlocale()[0]
        except ValueError:
            loc = None
        if loc:
            candidates.append(loc)
    for c in candidates:
        code = c.split(".")[0].split("_")[0].split("-")[0].lower()
        if code in LANGUAGES:
            return code
        if code in ("c", "posix"):
            continue
    return DEFAULT


#: Which values in an engine message are words to translate too (colours, landmark types, London's connection tile
#: symbols); stations and names
#: stay as printed.
_TRANSLATED_PARAMS = {"colour": COLOUR_NAMES, "landmark": LANDMARK_NAMES, "connection_tile": CONNECTION_TILE_NAMES}


def _is_words(value) -> bool:
    return getattr(value, "template", None) is not None or getattr(value, "parts", None) is not None


def words_text(words, tr: gettext.NullTranslations | None = None) -> str:
    """An engine message in the current language (or in catalogue ``tr``: the phones' server thread says words
    in the table's language without switching it); plain str as is. ``words`` is a game.engine.actions.Words
    (template and values), a log_words.Plural (a count: ngettext) or a log_words.WordList (a list of words),
    nested as deep as it goes: values that are words themselves are said first, colour and landmark values
    (``_TRANSLATED_PARAMS``) are translated, every other value (station and player names, numbers) is kept."""
    say = _ if tr is None else tr.gettext
    count = ngettext if tr is None else tr.ngettext
    parts = getattr(words, "parts", None)
    if parts is not None:
        names = _TRANSLATED_PARAMS.get(getattr(words, "kind", ""), {})
        return words.sep.join(words_text(p, tr) if _is_words(p) else say(names[p]) if p in names else str(p)
                              for p in parts)
    template = getattr(words, "template", None)
    if template is None:
        return str(words)
    params = {}
    for key, value in words.params.items():
        if _is_words(value):
            params[key] = words_text(value, tr)
        elif key in _TRANSLATED_PARAMS and isinstance(value, str):
            params[key] = say(_TRANSLATED_PARAMS[key].get(value, value))
        else:
            params[key] = value
    plural = getattr(words, "plural", None)
    try:
        said = count(template, plural, words.n) if plural is not None else say(template)
        return said.format(**params)
    except (KeyError, IndexError, ValueError, AttributeError):  # a broken translation must never hide the words
        log.warning("translation of %r does not fit its values; English shown", template)
        return str(words)


def refusal_text(exc: BaseException) -> str:
    """Why an action was refused, in the current language (the engine raises IllegalAction(Words(...))). The
    words start small, as they are also parts of longer messages; shown alone, they go through ``capitalised``."""
    return words_text(exc.args[0]) if exc.args else str(exc)


def capitalised(text: str) -> str:
    """A message shown on its own, as a sentence: with a capital."""
    return text[:1].upper() + text[1:]
