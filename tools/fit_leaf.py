"""Fit the expert's learned leaf (game/ai/leaf.py) to hard-against-hard games: final points or candidates' outcomes.

    python tools/fit_leaf.py record DATA.jsonl.gz [--deals 5000-5011] [--boards london,classic,...]
    python tools/fit_leaf.py fit DATA.jsonl.gz[,MORE.jsonl.gz] [--out game/ai/leaf_weights.json]
    python tools/fit_leaf.py pairs DATA.jsonl.gz [--deals 6000-6003] [--every 3] [--worlds 5]
    python tools/fit_leaf.py fitpairs DATA.jsonl.gz[,MORE.jsonl.gz] [--out game/ai/leaf_paired_weights.json]

The shipped weights were fitted to tools/fit_leaf_data.jsonl.gz: deals 5000-5011 and 5012-5035 recorded in two runs
and joined (360 games, 11154 turn starts).

``record`` plays hard against hard (both clocks off, seeded as the arena seeds its bots) at two and at four players
on each board, and at the start of every turn writes every player's features (leaf.FEATURES, with the judge built at
that position), the old leaf's value for each player, and at the end of the game the final points and winners.
``fit`` fits, per board family, each player's final points to its features by ridge regression, reports on held-out
games (every fourth deal) how well the learned leaf and the old leaf predict the final points margin (own final
points minus the best opponent's), and writes the weights fitted on all games. Both are deterministic: the same
deals give the same data, the same data the same weights.

``pairs`` plays the same games and, at every third turn start, takes the mover's top candidate turns as the expert
builds them (four; three at four players) and plays each in the same five sampled worlds: the leaf's features at the
six-turn playout's end, the expert's judge leaf there, and the bot's final points lead once that playout is continued
to the end of the game. ``fitpairs`` fits, per board, weights whose leaf difference between two candidates of one
world predicts the difference of their final leads (ridge on paired differences, shrunk towards the judge's own
weights), reports with four folds by deal how often each fit and the judge's leaf order two candidates as their
outcomes, and writes the weights. The shipped paired weights were fitted to tools/fit_leaf_pairs_data.jsonl.gz
(deals 6000-6015, recorded in four runs of four deals and joined).
"""
from __future__ import annotations

import argparse
import gzip
import io
import json
import sys

from game.ai.arena import _bot_seed
from game.ai.bots import HardBot
from game.ai.cities import city_value
from game.ai.evaluate import DEFAULT, PARTS, Judge, lead_of, score_lead
from game.ai.expert import ExpertBot, determinise
from game.ai.leaf import FEATURES, PAIRED_FILE, WEIGHTS_FILE, features, judge_leaf, predicted
from game.ai.view import public_view
from game.engine import apply, new_game, winners

BOARDS = {"london": ("london", "standard"), "classic": ("london", "classic"), "berlin": ("berlin", "standard"),
          "newyork": ("newyork", "standard"), "paris": ("paris", "standard")}
OFF = 1e9  # hard's wall-clock safety stop, off: the games depend on the seeds only
RIDGE = 1.0  # the ridge penalty, on standardised features (a whole game's positions are one game's evidence)
HELD_OUT = 4  # every fourth deal is held out of the check's fit


def turn_starts(board: str, players: int, deal: int):
    """A hard-against-hard game (both clocks off, seeded as the arena seeds its bots): the position at every turn
    start (one state, played on after each), and at last the finished game."""
    map_, variant = BOARDS[board]
    state = new_game(map=map_, players=players, seed=deal, start_player=0, variant=variant)
    bots = [HardBot(_bot_seed(deal, i), budget=OFF) for i in range(players)]
    turn = None
    while not state.over:
        if state.turn != turn and state.phase == "actions":
            turn = state.turn
            yield state
        apply(state, bots[state.current].choose(state))
    yield state


def play(board: str, players: int, deal: int) -> list[dict]:
    """One hard-against-hard game; a record per turn start, each with the game's outcome."""
    recs = []
    for state in turn_starts(board, players, deal):
        if not state.over:
            turn = state.turn
            w = city_value(state).weights("hard", DEFAULT)
            judge = Judge(state, 0, w)
            origins = [state.passenger] + HardBot(0, w).trip_origins(state)
            rows = features(judge, state, origins)
            recs.append({"board": board, "players": players, "deal": deal, "turn": turn, "mover": state.current,
                         "rows": [[round(x, 6) for x in r] for r in rows],
                         "judge": [round(judge_leaf(judge, rows, state.current, p), 6) for p in range(players)]})
    final = [p.score for p in state.players]
    won = winners(state)
    for r in recs:
        r["final"] = final
        r["winners"] = won
    return recs


def record(path: str, deals: list[int], boards: list[str], game=play) -> None:
    """``game``'s records of every deal, board and player count (two, four) into ``path``."""
    with io.TextIOWrapper(gzip.GzipFile(path, "wb", mtime=0)) as f:  # no time stamp: the same games, the same file
        for deal in deals:
            for board in boards:
                for players in (2, 4):
                    for r in game(board, players, deal):
                        f.write(json.dumps(r, sort_keys=True) + "\n")
                    f.flush()
                    print(deal, board, players, file=sys.stderr, flush=True)


def candidate_records(state, deal: int, worlds: int, keep: int) -> list[dict]:
    """The mover's top ``keep`` candidate turns (as ExpertBot.act builds them), each played in the same ``worlds``
    sampled worlds (ExpertBot.determinise, common random numbers): per candidate and world, the features of every
    player at the six-turn playout's leaf (None when the game ended first), the expert's judge leaf there, and the
    bot's final points lead when that playout is continued to the end of the game."""
    view = public_view(state)
    me = view.current
    bot = ExpertBot(_bot_seed(deal, me), budget=OFF)
    bot.w = bot._weights(view)
    rng = bot._rng(view)
    cands = bot.root_turns(view, me, rng)[0][:keep]
    if len(cands) < 2:
        return []
    cost = bot.playout_costs(view)
    judges = {me: Judge(view, me, bot.w)}
    origins = HardBot.trip_origins(bot, view)
    recs = []
    for k in range(worlds):
        world = determinise(view, me, rng)
        for i, cand in enumerate(cands):
            c = bot.to_leaf(cand, world, me, cost)[0]
            value = bot.leaf_value(c, me, judges, origins, cost)[0]
            rows = None if c.over else features(Judge(c, me, bot.w), c, [c.passenger] + origins)
            end = bot.rollout(c, 0, cost)[0]
            recs.append({"me": me, "world": k, "cand": i, "judge": round(value, 6), "end": score_lead(end, me),
                         "won": me in winners(end), "leaf_mover": None if c.over else c.current,
                         "rows": None if rows is None else [[round(x, 6) for x in r] for r in rows]})
    return recs


def play_pairs(board: str, players: int, deal: int, every: int = 3, worlds: int = 5) -> list[dict]:
    """One hard-against-hard game; at every ``every``-th turn start, ``candidate_records`` of the mover's top four
    candidates (three at four players: as many as the expert tries there)."""
    recs = []
    for state in turn_starts(board, players, deal):
        if not state.over and state.turn % every == deal % every:
            for r in candidate_records(state, deal, worlds, 4 if players < 4 else 3):
                recs.append(dict(r, board=board, players=players, deal=deal, turn=state.turn))
    return recs


def load_records(paths: str) -> list[dict]:
    """The records of one or more (comma-separated) data files."""
    recs = []
    for path in paths.split(","):
        with gzip.open(path, "rt") as f:
            recs += [json.loads(line) for line in f]
    return recs


def design(recs: list[dict], relative: bool = False) -> tuple[list[list[float]], list[float]]:
    """Per player of every record: its features, and its final points; ``relative``: both less the record's mean
    over its players (what sets one player's lead, without what lifts every player of the game alike)."""
    if not relative:
        return [row for r in recs for row in r["rows"]], [float(v) for r in recs for v in r["final"]]
    x, y = [], []
    for r in recs:
        n = r["players"]
        mu = [sum(c) / n for c in zip(*r["rows"])]
        x += [[a - m for a, m in zip(row, mu)] for row in r["rows"]]
        y += [v - sum(r["final"]) / n for v in r["final"]]
    return x, y


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a`` x = ``b`` by Gaussian elimination with partial pivoting (``a`` is small and positive definite)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for k in range(c, n + 1):
                m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for c in range(n - 1, -1, -1):
        x[c] = (m[c][n] - sum(m[c][k] * x[k] for k in range(c + 1, n))) / m[c][c]
    return x


def ridge(x: list[list[float]], y: list[float], lam: float = RIDGE) -> tuple[float, list[float]]:
    """Intercept and weights of a ridge fit on standardised features, given back on the features' own scale."""
    n, k = len(x), len(x[0])
    mu = [sum(r[j] for r in x) / n for j in range(k)]
    sd = [(sum((r[j] - mu[j]) ** 2 for r in x) / n) ** 0.5 or 1.0 for j in range(k)]
    ym = sum(y) / n
    z = [[(r[j] - mu[j]) / sd[j] for j in range(k)] for r in x]
    a = [[sum(r[i] * r[j] for r in z) + (lam if i == j else 0.0) for j in range(k)] for i in range(k)]
    b = [sum(r[i] * (v - ym) for r, v in zip(z, y)) for i in range(k)]
    coef = [bj / sj for bj, sj in zip(_solve(a, b), sd)]
    return ym - sum(m * c for m, c in zip(mu, coef)), coef


def margins(recs: list[dict], model: tuple[float, list[float]] | None) -> tuple[list[float], list[float]]:
    """Per player of every record: the final points margin, and the leaf's value (learned, or the old leaf with
    ``model`` None)."""
    true, pred = [], []
    for r in recs:
        fin = r["final"]
        p = r["judge"] if model is None else predicted(r["rows"], {"intercept": model[0], "coef": model[1]})
        for i in range(r["players"]):
            true.append(lead_of(fin, i))
            pred.append(p[i] if model is None else lead_of(p, i))
    return true, pred


def _corr(a: list[float], b: list[float]) -> float:
    ma, mb = sum(a) / len(a), sum(b) / len(b)
    sab = sum((x - ma) * (y - mb) for x, y in zip(a, b))
    saa = sum((x - ma) ** 2 for x in a)
    sbb = sum((y - mb) ** 2 for y in b)
    return sab / (saa * sbb) ** 0.5


def _ranks(v: list[float]) -> list[float]:
    """Ranks, ties given their mean rank."""
    order = sorted(range(len(v)), key=v.__getitem__)
    r = [0.0] * len(v)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and v[order[j + 1]] == v[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2
        i = j + 1
    return r


def scores(true: list[float], pred: list[float]) -> dict:
    """r² of the margin (the share of its variance a linear function of the leaf explains), the rank correlation,
    and the R² of the leaf taken as the margin itself (its own scale)."""
    r = _corr(true, pred)
    mt = sum(true) / len(true)
    direct = 1.0 - sum((t - p) ** 2 for t, p in zip(true, pred)) / sum((t - mt) ** 2 for t in true)
    return {"r2": round(r * r, 3), "spearman": round(_corr(_ranks(true), _ranks(pred)), 3),
            "R2_as_is": round(direct, 3), "n": len(true)}


def _write(out: str, data: dict) -> None:
    """The weights file (none when ``out`` is empty), the same bytes for the same weights."""
    if out:
        with open(out, "w") as f:
            json.dump(data, f, indent=1, sort_keys=True)
            f.write("\n")


def fit(path: str, out: str, relative: bool = False) -> dict:
    recs = load_records(path)
    report = {}
    boards = {}
    for board in BOARDS:
        mine = [r for r in recs if r["board"] == board]
        if not mine:
            continue
        train = [r for r in mine if r["deal"] % HELD_OUT != HELD_OUT - 1]
        test = [r for r in mine if r["deal"] % HELD_OUT == HELD_OUT - 1]
        model = ridge(*design(train, relative))
        rep = {}
        for players in (2, 4, None):
            sub = [r for r in test if players is None or r["players"] == players]
            if sub:
                rep[str(players or "all")] = {"learned": scores(*margins(sub, model)),
                                              "judge": scores(*margins(sub, None))}
        report[board] = rep
        b0, coef = ridge(*design(mine, relative))
        boards[board] = {"intercept": round(b0, 6), "coef": [round(c, 6) for c in coef],
                         "games": len({(r["deal"], r["players"]) for r in mine})}
    data = {"features": list(FEATURES), "ridge": RIDGE, "boards": boards, "relative": relative,
            "fitted_by": "tools/fit_leaf.py fit (hard against hard, 2 and 4 players)"}
    _write(out, data)
    return report


def _pair_groups(recs: list[dict]) -> list[list[dict]]:
    """The records of one position's one world (its candidates), for those with two or more leaves not at the end."""
    groups: dict[tuple, list[dict]] = {}
    for r in recs:
        if r["rows"] is not None:
            groups.setdefault((r["board"], r["players"], r["deal"], r["turn"], r["world"]), []).append(r)
    return [g for g in groups.values() if len(g) > 1]


def _lead_rows(r: dict, coef: list[float] | None) -> list[float]:
    """The bot's features less the best opponent's: best by ``coef``'s prediction, or by the judge's total (points
    and potential) when ``coef`` is None."""
    me, rows = r["me"], r["rows"]
    if coef is None:
        k = len(PARTS) + 1
        value = [sum(row[:k]) for row in rows]
    else:
        value = [sum(c * x for c, x in zip(coef, row)) for row in rows]
    best = max((p for p in range(len(rows)) if p != me), key=lambda p: (value[p], -p))
    return [a - b for a, b in zip(rows[me], rows[best])]


def pair_design(groups: list[list[dict]], coef: list[float] | None) -> tuple[list[list[float]], list[float]]:
    """For every two candidates of one world, both ways round: the difference of their leaves' lead features, and
    of their final points leads."""
    x, y = [], []
    for g in groups:
        lead = [_lead_rows(r, coef) for r in g]
        for i in range(len(g)):
            for j in range(len(g)):
                if i != j:
                    x.append([a - b for a, b in zip(lead[i], lead[j])])
                    y.append(float(g[i]["end"] - g[j]["end"]))
    return x, y


def judge_weights(board: str) -> list[float]:
    """The judge's leaf as weights on the lead features (FEATURES' order): points and every part of the potential 1,
    the trips to come the board's ``trips``, the next ride 1 (the expert's leaf_ride), the turns left 0."""
    map_, variant = BOARDS[board]
    w = city_value(new_game(map=map_, players=2, seed=0, variant=variant)).weights("hard", DEFAULT)
    return [{"trips": w.trips, "turns_left": 0.0}.get(f, 1.0) for f in FEATURES]


def fit_paired(groups: list[list[dict]], lam: float = RIDGE, prior: list[float] | None = None) -> list[float]:
    """Weights whose leaf difference between two candidates of one world predicts their final leads' difference
    (ridge on the paired differences, penalty ``lam`` on the weights' distance from ``prior``, zero when None; the
    best opponent taken by the judge, then by the first fit's prediction)."""
    prior = prior or [0.0] * len(FEATURES)
    coef = None
    for _ in range(2):
        x, y = pair_design(groups, coef)
        y = [v - sum(p * a for p, a in zip(prior, r)) for r, v in zip(x, y)]
        coef = [p + d for p, d in zip(prior, ridge(x, y, lam)[1])]
    return coef


def ranking(groups: list[list[dict]], coef: list[float] | None) -> dict:
    """How often the leaf orders two candidates of one world as their final leads do (pairs with a difference), and
    two candidates of one position by their means over the worlds; ``coef`` None: the judge's leaf."""

    def leaf(r):
        return r["judge"] if coef is None else lead_of([sum(c * x for c, x in zip(coef, row)) for row in r["rows"]],
                                                        r["me"])

    hits = n = 0
    pos: dict[tuple, dict[int, list]] = {}
    for g in groups:
        v = [leaf(r) for r in g]
        for i in range(len(g)):
            pos.setdefault((g[i]["board"], g[i]["players"], g[i]["deal"], g[i]["turn"]), {}).setdefault(
                g[i]["cand"], []).append((v[i], g[i]["end"]))
            for j in range(i + 1, len(g)):
                if g[i]["end"] != g[j]["end"]:
                    n += 1
                    hits += (v[i] - v[j]) * (g[i]["end"] - g[j]["end"]) > 0
    phits = pn = 0
    for cands in pos.values():
        means = [(sum(a for a, _ in w) / len(w), sum(b for _, b in w) / len(w)) for w in cands.values()]
        for i in range(len(means)):
            for j in range(i + 1, len(means)):
                if means[i][1] != means[j][1]:
                    pn += 1
                    phits += (means[i][0] - means[j][0]) * (means[i][1] - means[j][1]) > 0
    return {"world_pairs": round(hits / max(n, 1), 3), "n": n, "position_pairs": round(phits / max(pn, 1), 3),
            "pn": pn}


PAIR_FITS = {"zero": (RIDGE, False), "judge100": (100.0, True), "judge1000": (1000.0, True)}
PAIR_FIT = "judge1000"  # the fit written: penalty 1000 on standardised parts, towards the judge's weights


def _fold_hits(groups: list[list[dict]], board: str, fits: dict) -> dict:
    """Four folds by deal: each fit's ranking of the fold's candidates when fitted on the other three, summed."""
    tally: dict[tuple, list[int]] = {}
    for fold in range(HELD_OUT):
        train = [g for g in groups if g[0]["deal"] % HELD_OUT != fold]
        held = [g for g in groups if g[0]["deal"] % HELD_OUT == fold]
        if not train or not held:
            continue
        models = {"judge": None} | {name: fit_paired(train, lam, judge_weights(board) if prior else None)
                                    for name, (lam, prior) in fits.items()}
        for players in (2, 4):
            sub = [g for g in held if g[0]["players"] == players]
            for name, coef in models.items():
                r = ranking(sub, coef)
                t = tally.setdefault((players, name), [0, 0, 0, 0])
                t[0] += round(r["world_pairs"] * r["n"])
                t[1] += r["n"]
                t[2] += round(r["position_pairs"] * r["pn"])
                t[3] += r["pn"]
    return {f"{p} {name}": {"world_pairs": round(t[0] / max(t[1], 1), 3), "n": t[1],
                            "position_pairs": round(t[2] / max(t[3], 1), 3), "pn": t[3]}
            for (p, name), t in sorted(tally.items())}


def fit_pairs(path: str, out: str, check: bool = True) -> dict:
    """Per board family: each paired fit's ranking of held-out candidates (four folds by deal) against the judge's
    (``check``); the weights of PAIR_FIT fitted on all written to ``out``."""
    groups = _pair_groups(load_records(path))
    report = {}
    boards = {}
    lam, prior = PAIR_FITS[PAIR_FIT]
    for board in BOARDS:
        mine = [g for g in groups if g[0]["board"] == board]
        if not mine:
            continue
        if check:
            report[board] = _fold_hits(mine, board, PAIR_FITS)
        coef = fit_paired(mine, lam, judge_weights(board) if prior else None)
        boards[board] = {"intercept": 0.0, "coef": [round(c, 6) for c in coef],
                         "positions": len({(g[0]["deal"], g[0]["players"], g[0]["turn"]) for g in mine})}
    data = {"features": list(FEATURES), "ridge": lam, "boards": boards, "paired": PAIR_FIT,
            "fitted_by": "tools/fit_leaf.py fitpairs (hard's candidates, their playouts continued to the end)"}
    _write(out, data)
    return report


def _deals(text: str) -> list[int]:
    a, _, b = text.partition("-")
    return list(range(int(a), int(b or a) + 1))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("command", choices=("record", "fit", "pairs", "fitpairs"))
    ap.add_argument("data")
    ap.add_argument("--deals", default="5000-5011")
    ap.add_argument("--boards", default=",".join(BOARDS))
    ap.add_argument("--out", default=None, help=f"the weights file (fit: {WEIGHTS_FILE.name}, fitpairs: "
                    f"{PAIRED_FILE.name}, beside game/ai/leaf.py); '' writes none")
    ap.add_argument("--relative", action="store_true", help="fit each player's points less its game's mean")
    ap.add_argument("--every", type=int, default=3, help="pairs: the candidates of every n-th turn start")
    ap.add_argument("--worlds", type=int, default=5, help="pairs: sampled worlds per position")
    a = ap.parse_args(argv)
    if a.command == "pairs":
        record(a.data, _deals(a.deals), a.boards.split(","),
               lambda board, players, deal: play_pairs(board, players, deal, a.every, a.worlds))
    elif a.command == "fitpairs":
        print(json.dumps(fit_pairs(a.data, str(PAIRED_FILE) if a.out is None else a.out), indent=1))
    elif a.command == "record":
        record(a.data, _deals(a.deals), a.boards.split(","))
    else:
        print(json.dumps(fit(a.data, str(WEIGHTS_FILE) if a.out is None else a.out, a.relative), indent=1))


if __name__ == "__main__":
    main()
