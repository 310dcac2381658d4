"""The phone pages speak the table's language (the same catalogues), without switching the table's."""
from __future__ import annotations

import asyncio

from game import i18n
from game.companion.words import ERROR_WORDS, PAGE_WORDS, error_text, page_words
from game.engine import new_game

from .phones import Phone, served


def test_every_page_word_is_translated_in_german_and_french():
    for lang in ("de", "fr"):
        words = page_words(lang)
        same = {"Destinations", "Score", "Scores", "2 points"}  # the same word in French
        untranslated = [k for k, en in PAGE_WORDS.items() if words[k] == en and en not in same]
        assert not untranslated, (lang, untranslated)
        assert words["colour_red"] != "red" and words["landmark_museum"] != "museum"
    assert page_words("de")["cat_terminus"] == "Endstation"
    assert error_text("not_your_turn", "de", name="Ada") == "Du bist nicht am Zug: Ada spielt."
    assert all(error_text(code, "fr", why="x", kind="x", size=1, limit=2, rate=3, name="A") for code in ERROR_WORDS)
    assert i18n.current_language() == "en"  # looking words up for phones never switches the table


def test_a_phone_is_welcomed_and_refused_in_the_tables_language():
    async def scenario():
        state = new_game("paris", 2, seed=1)
        async with served(state) as (table, s):
            table.companion.publish(state, language="fr")
            p = await Phone.open(s, table.companion, table.companion.spectator_token)
            welcome = await p.wait_for(lambda m: m.get("type") == "welcome" and m["language"] == "fr")
            st = await p.state()
            await p.send({"type": "act", "version": st["version"], "action": {"type": "branch"}})
            err = await p.wait_error("spectator")
            await p.close()
            return welcome, st, err

    welcome, st, err = asyncio.run(scenario())
    assert welcome["words"]["your_turn"] == "À vous de jouer !"
    assert err["text"] == "Les spectateurs ne font que regarder."
    assert any("Tour" in line[2] or "Paris" in line[2] for line in st["log"])  # the log said in French


def test_a_change_of_the_tables_language_reaches_the_phones():
    async def scenario():
        state = new_game("london", 2, seed=1)
        async with served(state) as (table, s):
            p = await Phone.open(s, table.companion, table.companion.spectator_token)
            await p.wait_for(lambda m: m.get("type") == "welcome" and m["language"] == "en")
            table.companion.publish(state, language="de")
            welcome = await p.wait_for(lambda m: m.get("type") == "welcome" and m["language"] == "de")
            await p.close()
            return welcome

    assert asyncio.run(scenario())["words"]["your_turn"] == "Du bist am Zug!"
