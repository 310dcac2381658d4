"""The game review's words: what a turn did and why the expert's turn was better, made from what each turn
scored (ai/review.py ``turn_scoring``: the engine's own scoring events) and the estimated cost. Not a screen;
end_review.py shows them."""
from __future__ import annotations

from ...i18n import COLOUR_NAMES, LANDMARK_NAMES, _, ngettext
from ..play.hint import CATEGORY_WORDS


def _item(board, state, it: dict) -> str:
    """One scoring: "the red line reaches Bank: connects a terminus +2 and a tile"."""
    if it["category"] == "landmark":
        what = _("takes a {landmark} landmark").format(landmark=_(LANDMARK_NAMES.get(it["landmark"],
                                                                                      it["landmark"])))
    else:
        what = _(CATEGORY_WORDS.get(it["category"], it["category"].replace("_", " ")))
        if it["points"]:
            what = _("{reason} +{points}").format(reason=what, points=it["points"])
        if it["tiles"]:
            what = _("{reasons} and {tiles}").format(
                reasons=what, tiles=ngettext("a tile", "{n} tiles", it["tiles"]).format(n=it["tiles"]))
    line = it.get("line", -1)
    if it["category"] == "passenger" or not 0 <= line < len(state.lines) or not it["stations"]:
        return what
    colour = _(COLOUR_NAMES.get(state.lines[line].colour, state.lines[line].colour))
    station = board.stations[it["stations"][-1]].name
    return _("the {colour} line at {station}: {what}").format(colour=colour, station=station, what=what)


def merged(items: list[dict]) -> list[dict]:
    """The scorings added up where the words would repeat: the passenger's moves of a turn (London's express and
    standard, every line it rode) are one "the passenger rides it +3"; one line at one station is one item."""
    out: dict[tuple, dict] = {}
    for it in items:
        key = (("passenger",) if it["category"] == "passenger" else
               (it["category"], it.get("line", -1), tuple(it["stations"][-1:]), it.get("landmark")))
        if key in out:
            out[key] = dict(out[key], points=out[key]["points"] + it["points"], tiles=out[key]["tiles"] + it["tiles"])
        else:
            out[key] = dict(it)
    return list(out.values())


def turn_words(board, state, scoring: dict) -> str:
    """What one turn scored, in a sentence fragment ("nothing scored" when nothing did)."""
    parts = [_item(board, state, it) for it in merged(scoring["items"])]
    if scoring["branches"]:
        parts.append(ngettext("took a branch tile", "took {n} branch tiles", scoring["branches"]).format(
            n=scoring["branches"]))
    return "; ".join(dict.fromkeys(parts)) if parts else _("nothing scored this turn")


def why_words(board, state, d: dict) -> str:
    """Why the expert's turn is better: what it scores now that the played one does not, else what it
    leaves for later (the estimate's part beyond this turn's points)."""
    now = d["expert"]["points"] - d["played"]["points"]
    if now > 0:
        mine = {(it["category"], tuple(it["stations"]), it["points"]) for it in merged(d["played"]["items"])}
        better = [it for it in merged(d["expert"]["items"])
                  if (it["category"], tuple(it["stations"]), it["points"]) not in mine]
        found = "; ".join(dict.fromkeys(_item(board, state, it) for it in better)) or turn_words(board, state,
                                                                                                d["expert"])
        return ngettext("The expert's turn scores {n} point more now: {what}.",
                        "The expert's turn scores {n} points more now: {what}.", now).format(n=now, what=found)
    if now < 0:
        return ngettext("Yours scores {n} point more now, but the expert's turn builds towards stations still to "
                        "come: worth more later in the game.",
                        "Yours scores {n} points more now, but the expert's turn builds towards stations still to "
                        "come: worth more later in the game.", -now).format(n=-now)
    if d.get("lead_gap", 0) >= 1:
        return _("Both score alike now, but yours leaves the next players more to score.")
    return _("Both score alike now; the expert's turn builds towards stations still to come: worth more later "
             "in the game.")


def cost_words(cost: float) -> str:
    n = max(1, round(cost))
    return ngettext("costs about {n} point", "costs about {n} points", n).format(n=n)
