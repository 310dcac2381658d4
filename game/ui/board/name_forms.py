"""The ways a station's name may be set, as printed maps set names in crowded places: on one line, or broken
onto two or three lines where a reader expects a break. Pure: strings in, strings out.

Where a name may break (each line keeps what it ends with):

- at a space between words ("Kew" / "Gardens"), never at the space before a lone dash;
- after a double name's dash ("Palais-Royal -" / "Musée du Louvre", "14 St -" / "7 Av"): the usual break;
- after a hyphen inside a word, each side at least four letters ("Karl-Bonhoeffer-" / "Nervenklinik",
  "Notre-Dame-" / "de-Lorette", never "Alt-" / "Tegel" nor "Saint-" / "Ouen"), a little less liked than a
  space, and on two lines only.

A double name ("Palais-Royal - Musée du Louvre") always breaks at its dash, and at most once more. Never
inside a word, never a line of fewer than three letters or digits (no lone "-", "St" or "Av"), never a line
ending on an English small word ("Harrow on" / "the Hill") or on "St." (Saint, "King's Cross St." /
"Pancras"), never a line starting with a dash or with a street's abbreviation that runs on ("Jackson" / "Hts
Roosevelt Av"); a line that is only such an abbreviation ("Woodhaven" / "Blvd", two lines only) costs a
little more, and so does a French "de", "du", "la"... at a line's end ("Porte de" / "Versailles" reads,
"Porte" / "de Versailles" a little better). Unbalanced breaks cost a little more than balanced ones; a form only counts
when its widest line is clearly narrower than the name on one line, a three-line form only when narrower
than every two-line one.
"""
from __future__ import annotations

import itertools
import re

# A form's text starting with this is set a little smaller (names.py: at most 15 % smaller, never below its
# least size), tried only where a name has no allowed place at its full size. (A control character no
# station's name holds.)
SMALLER = "\x1f"

TWO_LINES = 3.0  # a two-line form's preference cost (the placement's places cost 0-5 by their side)
THREE_LINES = 5.0  # a three-line form's
UNEVEN = 2.0  # per unit of unevenness: 1 - shortest line / longest line
IN_WORD = 0.8  # a break after a hyphen inside a word
SMALL_WORD_END = 0.6  # a line ending on a French article or preposition
ABBREVIATION_LINE = 1.0  # a line that is only a street's abbreviation ("Blvd")
NARROWER = 0.8  # a broken form's widest line, at most this share of the name's length
MOST_FORMS = 6  # forms offered per name, the one-line form included (the cheapest kept)

_NEVER_LAST = {"on", "the", "of", "and", "&", "at", "in", "a", "st."}  # words no line ends on
# a street's abbreviation belongs to the word before it: it starts no line, unless alone on it
_ABBREVIATIONS = {"st", "av", "avs", "hts", "blvd", "pkwy", "sq", "ctr", "str.", "hbf", "rd"}
_UNITS = {"saint", "sainte"}  # "Saint-Ouen" is one name: no break after its hyphen
_SMALL = {"de", "du", "des", "la", "le", "les", "et", "l'", "d'", "sur", "en", "am", "an", "der", "zum"}
_LETTERS = re.compile(r"[\w]", re.UNICODE)


def breaks(name: str) -> list[tuple[int, int, float]]:
    """Where ``name`` may break: (end of the first line, start of the next, the break's own cost; a dash's
    break costs -1, read as 0 by ``forms``, which knows it by that)."""
    out = []
    for k, ch in enumerate(name):
        if ch == " ":
            if name[k + 1:k + 3] == "- " or name[k + 1:] == "-":
                continue  # never before a lone dash
            out.append((k, k + 1, -1.0 if name[k - 2:k] == " -" else 0.0))
        elif ch == "-" and 0 < k < len(name) - 1 and name[k - 1] != " " and name[k + 1] != " ":
            before, after = name[:k].rsplit(" ", 1)[-1], name[k + 1:].split(" ", 1)[0]
            if len(_LETTERS.findall(before)) >= 4 and len(_LETTERS.findall(after)) >= 4 \
                    and before.lower() not in _UNITS:
                out.append((k + 1, k + 1, IN_WORD))
    return out


def _line_ok(line: str, last: bool, lines: int) -> bool:
    body = line[:-2] if line.endswith(" -") else line
    if len(_LETTERS.findall(body)) < 3 or line.startswith("-"):
        return False
    words = line.split(" ")
    if words[0].lower() in _ABBREVIATIONS and (len(words) > 1 or lines > 2):
        return False
    return last or words[-1].lower() not in _NEVER_LAST


def _line_cost(line: str, last: bool) -> float:
    word = line.rsplit(" ", 1)[-1].lower()
    if line.lower() in _ABBREVIATIONS:
        return ABBREVIATION_LINE
    return SMALL_WORD_END if not last and (word in _SMALL or (len(word) == 2 and word.endswith("'"))) else 0.0


def forms(name: str) -> list[tuple[str, float]]:
    """``name``'s forms with their preference costs, cheapest first: the one-line form (cost 0), then the
    two- and three-line forms that read right (lines joined by newlines)."""
    out = [(name, 0.0)]
    if not name:
        return out
    spots = breaks(name)
    dashes = {s for s in spots if s[2] < 0}
    found = []
    for n_breaks, base in ((1, TWO_LINES), (2, THREE_LINES)):
        for chosen in itertools.combinations(spots, n_breaks):
            if dashes and not dashes & set(chosen) or n_breaks == 2 and any(s[2] > 0 for s in chosen):
                continue  # a double name breaks at its dash; three lines break between words only
            lines, start, cost = [], 0, base
            for end, nxt, own in chosen:
                lines.append(name[start:end])
                start = nxt
                cost += max(own, 0.0)
            lines.append(name[start:])
            if not all(_line_ok(t, k == len(lines) - 1, len(lines)) for k, t in enumerate(lines)):
                continue
            widest = max(len(t) for t in lines)
            if widest > NARROWER * len(name):
                continue
            if n_breaks == 2 and found and widest >= min(max(len(t) for t in f.split("\n")) for f, _ in found):
                continue  # three lines only where narrower than every two-line form
            cost += UNEVEN * (1 - min(len(t) for t in lines) / widest) + sum(_line_cost(t, k == len(lines) - 1) for k, t in enumerate(lines))
            found.append(("\n".join(lines), round(cost, 3)))
    found.sort(key=lambda f: f[1])
    return out + found[:MOST_FORMS - 1]


def smaller(text: str) -> str:
    """``text`` to be set a little smaller."""
    return SMALLER + text


def unmarked(text: str) -> tuple[str, bool]:
    """A form's text as written, and whether it is set smaller."""
    return (text[1:], True) if text.startswith(SMALLER) else (text, False)
