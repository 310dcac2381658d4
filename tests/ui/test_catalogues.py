"""The translations (docs/languages.md): every word the code marks is in the template, every language has all of
them translated with the same placeholders, the compiled catalogues the game reads are what their sources say,
and switching language really loads them.

No pygame here: the catalogues are read with Babel (a test dependency) and the standard library's gettext.
"""
from __future__ import annotations

import ast
import gettext
import io
import random
import re
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_keywords, parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from game import i18n

REPO = Path(__file__).resolve().parents[2]
LOCALE = REPO / "assets" / "locale"
POT = LOCALE / "underground.pot"
LANGS = ("de", "fr")
#: the keywords of `make translations` (Makefile): pybabel adds them to its defaults
KEYWORDS = {**DEFAULT_KEYWORDS, **parse_keywords(["N_", "Words", "pgettext:1c,2", "ngettext:1,2"])}
REMEDY = "run `make translations` (docs/languages.md) and translate the new entries"

# {name}, {0}, {n:>2} (not {{ or }}), %(name)s, %s, %d
PLACEHOLDER = re.compile(r"(?<!\{)\{[A-Za-z0-9_]*(?:[:!][^{}]*)?\}(?!\})|%\([A-Za-z0-9_]+\)[sdif]|%[sdif]")


def placeholders(text: str) -> set[str]:
    return {re.sub(r"[:!].*(?=\}$)", "", p) for p in PLACEHOLDER.findall(text or "")}


def _read(path: Path):
    with path.open("rb") as f:
        return read_po(f)


def _key(message) -> tuple:
    """What gettext looks a message up by: its context and its (singular) text."""
    mid = message.id[0] if isinstance(message.id, (tuple, list)) else message.id
    return message.context, mid


def _entries(catalog) -> dict:
    return {_key(m): m for m in catalog if m.id}


def _po(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "underground.po"


def _mo(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "underground.mo"


@pytest.fixture(scope="module")
def template():
    assert POT.is_file(), f"{POT} is missing: {REMEDY}"
    return _entries(_read(POT))


@pytest.fixture(autouse=True)
def english_again():
    yield
    i18n.set_language("en")


# ---- the template and the code ----------------------------------------------------------------------------
def test_the_template_has_every_word_the_code_marks(template):
    """Nothing marked is left out of the template: babel's extractor over babel.cfg, in-process, with the keywords
    of `make translations`, finds exactly the template's messages."""
    with (REPO / "babel.cfg").open() as f:
        method_map, options_map = parse_mapping_cfg(f)
    found, plain, counted = {}, {}, {}
    for filename, _lineno, message, _comments, context in extract_from_dir(
            str(REPO), method_map, options_map, keywords=KEYWORDS, comment_tags=(), strip_comment_tags=True):
        is_plural = isinstance(message, (tuple, list)) and len(message) > 1 and message[1]
        mid = message[0] if isinstance(message, (tuple, list)) else message
        if mid:
            found.setdefault((context, mid), filename)
            (counted if is_plural else plain).setdefault((context, mid), filename)
    # one English text cannot be both a plain message and a count's singular: the catalogue keeps one of them and
    # gettext misses the other (the screen stays English)
    both = sorted(set(plain) & set(counted))
    assert not both, ("marked both with _()/Words() and as ngettext's singular: " +
                      "; ".join(f"{mid!r} ({plain[(c, mid)]}, {counted[(c, mid)]})" for c, mid in both))
    new = {k: f for k, f in found.items() if k not in template}
    gone = set(template) - set(found)
    assert not new, (f"{len(new)} marked words are not in {POT.relative_to(REPO)}: " +
                     "; ".join(f"{mid!r} ({f})" for (_c, mid), f in sorted(new.items())[:15]) + f" — {REMEDY}")
    assert not gone, (f"{len(gone)} words of the template are no longer in the code: " +
                      "; ".join(repr(mid) for _c, mid in sorted(gone, key=str)[:15]) + f" — {REMEDY}")


def test_the_template_has_words_from_every_part_of_the_screen(template):
    """The places marked last (card strip, hint, game log, Paris choices, end screen) are really in it."""
    ids = {mid for _c, mid in template}
    for word in ("Deck: {n} card", "No passenger", "Hint: {move} ({reason})", "closes a loop",
                 "Turn {turn}: {name} ({actions})", "{n} branch tile", "Game over: {name} wins with {points}",
                 "Terminus {station}: choose your reward", "Hints used: {seats}", "Player {n}", "Resume"):
        assert word in ids, f"{word!r} is not in the template"


def test_no_function_hides_the_translation_function():
    """A function that assigns ``_`` (``_, x = pair``, ``for a, _ in ...``) and also calls ``_("...")`` makes ``_``
    local: the call raises UnboundLocalError (it happened on the play screen's board tap)."""
    bad = []
    for path in sorted((REPO / "game").rglob("*.py")) + sorted((REPO / "kiosk").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            stores, calls = [], []
            todo = list(ast.iter_child_nodes(fn))
            while todo:
                node = todo.pop()
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
                    continue  # their own scope
                scoped = isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp))
                if isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store):
                    stores.append(node.lineno)
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_":
                    calls.append(node.lineno)
                for child in ast.iter_child_nodes(node):
                    if scoped and isinstance(child, ast.comprehension):
                        todo.extend(c for c in ast.iter_child_nodes(child) if c is not child.target)
                    else:
                        todo.append(child)
            stores += [fn.lineno for a in fn.args.args + fn.args.kwonlyargs if a.arg == "_"]
            if stores and calls:
                bad.append(f"{path.relative_to(REPO)}:{min(stores)} {fn.name}() assigns _ and calls _()")
    assert not bad, "; ".join(bad)


LOOKUPS = {"_", "N_", "ngettext", "pgettext", "Words"}


def test_every_marked_word_is_a_literal_the_extractor_can_read():
    """pybabel reads only string literals: ``_(f"...")`` or ``_("a" + b)`` is looked up at run time but never in a
    catalogue, and on Python 3.11 a literal inside an f-string (``f"{_('Game log')}"``) is not extracted at all
    (``f"{_(COLOUR_NAMES[c])}"`` is fine: the constant is marked where it is written)."""
    bad = []
    for path in sorted((REPO / "game").rglob("*.py")) + sorted((REPO / "kiosk").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = path.relative_to(REPO)
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name) and inner.func.id in LOOKUPS \
                            and any(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in inner.args):
                        bad.append(f"{where}:{inner.lineno}: {inner.func.id}('...') inside an f-string")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in LOOKUPS and node.args:
                first = node.args[1] if node.func.id == "pgettext" and len(node.args) > 1 else node.args[0]
                if isinstance(first, (ast.JoinedStr, ast.BinOp)):
                    bad.append(f"{where}:{node.lineno}: {node.func.id}() of a made string")
    assert not bad, "words the catalogues never get: " + "; ".join(sorted(set(bad)))


# ---- every language complete ------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_every_word_is_translated(lang, template):
    path = _po(lang)
    assert path.is_file(), f"no {lang} catalogue at {path.relative_to(REPO)}"
    catalog = _read(path)
    entries = _entries(catalog)
    forms = catalog.num_plurals
    missing, empty, fuzzy = [], [], []
    for key, pot_msg in template.items():
        m = entries.get(key)
        if m is None:
            missing.append(key[1])
            continue
        strings = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
        if pot_msg.pluralizable and (not m.pluralizable or len(strings) != forms):
            empty.append(f"{key[1]!r} (needs {forms} plural forms)")
        elif not all(s.strip() for s in strings):
            empty.append(repr(key[1]))
        if m.fuzzy:
            fuzzy.append(repr(key[1]))
    assert not missing, (f"{lang}: {len(missing)} words of the template are not in the catalogue, e.g. "
                         f"{missing[:8]} — pybabel update -l {lang} (docs/languages.md)")
    assert not empty, f"{lang}: {len(empty)} words untranslated, e.g. {', '.join(empty[:10])}"
    assert not fuzzy, (f"{lang}: {len(fuzzy)} fuzzy entries (a guess gettext does not use: check and clear the "
                       f"flag), e.g. {', '.join(fuzzy[:10])}")


@pytest.mark.parametrize("lang", LANGS)
def test_translations_keep_their_placeholders(lang, template):
    """Every {value} of the English is in the translation and it has no other (a missing one loses a station
    name, an extra one is a KeyError on screen)."""
    bad = []
    for m in _read(_po(lang)):
        if not m.id or not m.string or _key(m) not in template:
            continue
        if m.pluralizable:
            singular, plural = m.id[0], m.id[1]
            allowed = placeholders(singular) | placeholders(plural)
            strings = [s for s in m.string if s]
            for s in strings:
                if not placeholders(s) <= allowed:
                    bad.append(f"{singular!r} -> {s!r}: unknown {sorted(placeholders(s) - allowed)}")
            if strings and not placeholders(plural) <= placeholders(strings[-1]):
                bad.append(f"{plural!r} -> {strings[-1]!r}: lacks {sorted(placeholders(plural) - placeholders(strings[-1]))}")
            if strings and not placeholders(singular) - {"{n}"} <= placeholders(strings[0]):
                bad.append(f"{singular!r} -> {strings[0]!r}: lacks {sorted(placeholders(singular) - placeholders(strings[0]))}")
        elif placeholders(m.id) != placeholders(m.string):
            bad.append(f"{m.id!r} -> {m.string!r}: {sorted(placeholders(m.id))} vs {sorted(placeholders(m.string))}")
    assert not bad, f"{lang}: {len(bad)} translations change their placeholders: " + "; ".join(bad[:10])


@pytest.mark.parametrize("lang", LANGS)
def test_the_compiled_catalogue_is_its_source(lang):
    """The .mo the game reads says what the .po says (compiled in memory the way `pybabel compile` does)."""
    mo = _mo(lang)
    assert mo.is_file(), f"{mo.relative_to(REPO)} is missing: pybabel compile -d assets/locale -D underground -l {lang}"
    buf = io.BytesIO()
    write_mo(buf, _read(_po(lang)))
    buf.seek(0)
    want = gettext.GNUTranslations(buf)
    with mo.open("rb") as f:
        have = gettext.GNUTranslations(f)
    want_cat = {k: v for k, v in want._catalog.items() if k != ""}  # the header: dates
    have_cat = {k: v for k, v in have._catalog.items() if k != ""}
    stale = sorted(str(k) for k in set(want_cat) | set(have_cat) if want_cat.get(k) != have_cat.get(k))
    assert not stale, (f"{mo.relative_to(REPO)} differs from its .po in {len(stale)} messages, e.g. {stale[:5]}: "
                       f"pybabel compile -d assets/locale -D underground -l {lang}")
    assert [have.plural(n) for n in range(12)] == [want.plural(n) for n in range(12)], "Plural-Forms differ"


# ---- the game speaks it -----------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_choosing_a_language_loads_its_catalogue(lang):
    assert i18n.set_language(lang) == lang, f"{lang}: set_language fell back to English (no .mo?)"
    assert i18n.current_language() == lang
    assert isinstance(i18n.load(lang), gettext.GNUTranslations)
    po = _entries(_read(_po(lang)))
    for word in ("Resume", "Settings", "No passenger", "closes a loop"):
        want = po[(None, word)].string
        assert want and i18n._(word) == want, f"{lang}: {word!r} said as {i18n._(word)!r}, the catalogue has {want!r}"
    want = po[(None, "Deck: {n} card")].string
    assert i18n.ngettext("Deck: {n} card", "Deck: {n} cards", 3) == want[catalog_plural(lang, 3)]
    assert i18n.set_language("en") == "en" and i18n._("Resume") == "Resume"


def catalog_plural(lang: str, n: int) -> int:
    with _mo(lang).open("rb") as f:
        return gettext.GNUTranslations(f).plural(n)


def _finished_game(map_name: str, seed: int):
    from game.engine import new_game
    from game.engine.rules import apply, legal_actions

    st = new_game(map_name, 3, seed=seed)
    rng = random.Random(seed)
    while st.phase != "over":
        acts = legal_actions(st)
        if not acts:
            break
        apply(st, rng.choice(acts))
    return st


@pytest.mark.parametrize("map_name", ["london", "berlin", "newyork", "paris"])
def test_the_game_log_is_said_word_for_word_in_english(map_name):
    """The log's words keep how they were made (Words, Plural, WordList); said in English they are the text."""
    from game.engine.log_words import log_of

    entries = log_of(_finished_game(map_name, 5))
    assert len(entries) > 20
    i18n.set_language("en")
    for e in entries:
        assert i18n.words_text(e.text) == str(e.text)


@pytest.mark.parametrize("lang", LANGS)
def test_the_game_log_is_said_in_the_language(lang):
    """Every line of a game's log changes language, station and player names stay as printed."""
    from game.engine.log_words import log_of

    st = _finished_game("london", 3)
    entries = log_of(st)
    assert i18n.set_language(lang) == lang
    said = [i18n.words_text(e.text) for e in entries]
    same = [s for s, e in zip(said, entries) if s == str(e.text)]
    # a line can be all names and numbers ("Ada: +1 National Rail" if a language keeps the proper name)
    assert len(same) <= len(said) // 5, f"{lang}: {len(same)} of {len(said)} log lines still in English: {same[:5]}"
    stuck = [s for s, e in zip(said, entries) if e.kind in ("turn", "passenger", "setup", "over") and s == str(e.text)]
    assert not stuck, f"{lang}: still English: {stuck[:5]}"
    names = [p.name for p in st.players]
    assert all(any(n in s for s in said) for n in names)
    turns = [s for s, e in zip(said, entries) if e.kind == "turn"]
    assert all(st.players[e.player].name in s for s, e in zip(turns, [e for e in entries if e.kind == "turn"]))


def test_every_score_category_has_words_in_the_hint_and_the_log():
    """A category without words would show its key ("rer: +1") in every language."""
    from game.engine.log_words import CATEGORY_WORDS as LOG_WORDS
    from game.engine.state import SCORE_CATEGORIES
    from game.ui.play.hint import CATEGORY_WORDS as HINT_WORDS

    scored = set(SCORE_CATEGORIES) - {"start", "other"}  # the first edition's starting points; a fallback bucket
    assert scored - set(HINT_WORDS) == set(), "hint.CATEGORY_WORDS lacks words"
    assert scored - set(LOG_WORDS) == set(), "log_words.CATEGORY_WORDS lacks words"


@pytest.mark.parametrize("lang", LANGS)
def test_londons_connection_tile_symbols_are_words_of_the_language(lang):
    """The log names a connection tile's symbol ("+3 connection tiles parks ...") in the player's language; the
    screens' list of symbols covers every symbol the London map deals."""
    from game.engine.actions import Words
    from game.engine.board import load_board

    symbols = set(load_board("london").london_symbols)
    assert symbols and symbols <= set(i18n.CONNECTION_TILE_NAMES)
    assert i18n.set_language(lang) == lang
    try:
        for symbol in i18n.CONNECTION_TILE_NAMES:
            said = i18n.words_text(Words("+{points} connection tiles {connection_tile} ({station} and {other})",
                                         points=3, connection_tile=symbol, station="Bank", other="Aldgate"))
            assert i18n._(symbol) in said and "Bank" in said and "Aldgate" in said, said
        assert i18n._("shops") != "shops"
    finally:
        i18n.set_language("en")
