"""Bouillotte's sampling bot: each action valued by the jetons it wins on average over possible worlds.

For each decision the bot reads its view alone (``worlds.Known``), draws the hidden hands and the stock
consistent with it, weighted by how each player has bet so far (``worlds.sample_worlds``) — or, at a table of
three with one hidden player still in, enumerates every hand he may hold, each with its weight
(``worlds.enumerate_worlds``) — and in each world plays every candidate action on from the engine's own
``Deal`` rebuilt at the view's moment: the players, itself included, go on by the teaching rules until the deal
is settled, so every showdown, pot, side pot and brelan payment is counted by the engine. An action's value is
the jetons in front of the seat after the deal minus those before the decision, averaged over the worlds
(a jeton staked is a jeton gone unless won back).

The candidates are every plain action (pass, hold, fold, tapis, carre, contre-carre, the stock turns) and, of
the amounts, the least, the teaching rules' own, the highest stake plus half the pot and plus the pot, and the
most. Levels (``LEVELS``) set the worlds per decision, a time cap, and noise in jetons added to the values.
"""
from __future__ import annotations

import random
import time
from typing import Any

from ...bots.base import Choice, View, asked
from ...bots.sampling import Estimate, Evaluation, Level, deals_text, view_key
from ...errors import Refusal
from ..deal import CARRE_ASK, CONTRE_ASK, Blind, Deal, Parsed, parse_action
from ..view import deal_view
from .teaching import CHEAP_BLIND, RuleBot
from .worlds import Known, World, enumerate_worlds, rebuild, sample_worlds

#: worlds per decision, seconds per decision (None: no cap), noise in jetons on each action's value
LEVELS = {
    "easy": Level(worlds=12, time_cap=0.25, noise=1.5),
    "medium": Level(worlds=40, time_cap=0.5, noise=0.3),
    "strong": Level(worlds=120, time_cap=0.9, noise=0.0),
}
#: at the strongest level, a lone hidden opponent's hands are enumerated when there are at most this many
ENUMERATE_UP_TO = 220
MAX_STEPS = 200  # a deal's betting is far shorter; a longer playout means a bot is stuck


def legal_of(deal: Deal) -> list[str]:
    """The legal actions of the deal's seat to move: the candidates the engine does not refuse."""
    return [action for action, parsed in deal.candidates() if deal.refusal(parsed) is None]


def seat_view(deal: Deal, seat: int, known: Known) -> dict[str, Any]:
    """The view a seat has of a rebuilt deal, as much of it as the teaching rules read."""
    return {"game": "bouillotte", "seat": seat, "players": known.view["players"], "rules": known.view["rules"],
            "chips": list(deal.table.chips), "legal": legal_of(deal), "deal": deal_view(deal, seat), "log": []}


def parsed_legal(action: str) -> Parsed:
    """The engine's reading of an action the view listed as legal."""
    parsed = parse_action(action)
    if isinstance(parsed, Refusal):
        raise ValueError(f"{action!r} is no action: {parsed.message}")
    return parsed


def play_out(deal: Deal, known: Known, policy: RuleBot) -> None:
    """Every seat plays on by ``policy`` until the deal is settled."""
    for _ in range(MAX_STEPS):
        if deal.over or deal.to_move is None:
            return
        view = seat_view(deal, deal.to_move, known)
        deal.do(parsed_legal(policy.choose(view).action))
    raise RuntimeError(f"a playout did not end after {MAX_STEPS} actions")


def candidates(view: View, rule_action: str) -> list[str]:
    """The actions worth valuing: every plain one and a few amounts (see the module's docstring)."""
    legal = view["legal"]
    chosen = [a for a in legal if " " not in a]
    amounts = view["deal"]["amounts"]
    if amounts and amounts["min"] <= amounts["max"]:
        pot = sum(p["amount"] for p in view["deal"]["pots"])
        top = amounts["highest"]
        for amount in (amounts["min"], top + max(1, pot // 2), top + pot, amounts["max"]):
            action = f"{amounts['verb']} {max(amounts['min'], min(amounts['max'], amount))}"
            if action in legal and action not in chosen:
                chosen.append(action)
    if rule_action in legal and rule_action not in chosen:
        chosen.append(rule_action)
    return chosen


def _blinds_deal(known: Known, world: World, action: str) -> Deal:
    """A world before the cards with the carre (or contre-carre) played or passed, then dealt: the next seat
    answers a carre by the teaching rules' cheap-carre rule."""
    view = known.view
    stakes, chips = list(view["deal"]["stakes"]), list(view["chips"])
    blinds = [Blind(b["seat"], b["kind"], b["amount"]) for b in view["deal"]["blinds"]]
    seat, n = known.seat, known.n

    def stake(who: int, kind: str, amount: int) -> None:
        stakes[who] += amount
        chips[who] -= amount
        blinds.append(Blind(who, kind, amount))

    if action == "carre":
        amount = view["dead"] + sum(stakes)
        stake(seat, "carre", amount)
        nxt = (seat + 1) % n
        if chips[nxt] > 2 * amount and 2 * amount * CHEAP_BLIND <= chips[nxt]:
            stake(nxt, "contre-carre", 2 * amount)
    elif action == "contre-carre":
        stake(seat, "contre-carre", 2 * blinds[-1].amount)
    return rebuild(known, world, blinds, stakes, chips)


def value(known: Known, world: World, action: str, policy: RuleBot) -> tuple[float, bool]:
    """The jetons ``action`` brings the seat in this world (its chips after the deal less those before the
    decision), and whether it takes the pot."""
    if known.phase in (CARRE_ASK, CONTRE_ASK):
        deal = _blinds_deal(known, world, action)
    else:
        deal = rebuild(known, world)
        deal.do(parsed_legal(action))
    play_out(deal, known, policy)
    seat = known.seat
    outcome = deal.outcome
    assert outcome is not None, "the playout settled the deal"
    return deal.table.chips[seat] - known.view["chips"][seat], outcome.winner == seat


class SamplingBot:
    """Bouillotte's sampling bot at one level; ``choose(view)`` for the seat to move, ``evaluate(view)`` for the
    coach. ``per_view``: each view's worlds are drawn from the seed and that view alone (the coach's hint and
    review then value a decision alike); otherwise one generator runs on."""

    name = "sampling"

    def __init__(self, level: str = "strong", seed: int | None = None, *, worlds: int | None = None,
                 time_cap: float | None | str = "level", noise: float | None = None, per_view: bool = False) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
        base = LEVELS[level]
        self.level, self.seed = level, seed
        self.worlds = worlds if worlds is not None else base.worlds
        self.time_cap: float | None = base.time_cap if time_cap == "level" else time_cap  # type: ignore[assignment]
        self.noise = base.noise if noise is None else noise
        self.enumerate = ENUMERATE_UP_TO if level == "strong" and worlds is None else 0
        self.rng = random.Random(seed)
        self.per_view = per_view
        self.policy = RuleBot(seed)

    def choose(self, view: View) -> Choice:
        legal = asked(view)
        evaluation = self.evaluate(view)
        if not evaluation.estimates:
            return Choice(legal[0], f"{legal[0]} is the only thing you may do now.")
        noisy = {a: e.utility + (self.rng.gauss(0.0, self.noise) if self.noise else 0.0)
                 for a, e in evaluation.estimates.items()}
        action = max(noisy, key=noisy.__getitem__)
        best = evaluation.ranked()[0]
        rule = evaluation.details.get("rule") if action == evaluation.details.get("rule_action") else None
        if action != best:
            return Choice(action, f"A loose choice (level {self.level}): across {deals_text(evaluation.worlds)}, "
                                  f"{best} would have won more on average than {action}.", rule)
        return Choice(action, why(action, evaluation), rule)

    def evaluate(self, view: View) -> Evaluation:
        """Every candidate action's average jetons and chance to take the pot (empty when only one is legal)."""
        legal = list(view.get("legal") or [])
        if len(legal) <= 1:
            return Evaluation({}, 0, "forced")
        rule_choice = self.policy.choose(view)
        known = Known.from_view(view)
        rng = random.Random(f"{self.seed}|{view_key(view)}") if self.per_view else self.rng
        actions = candidates(view, rule_choice.action)
        start = time.perf_counter()
        enumerated = enumerate_worlds(known, rng, self.enumerate) if self.enumerate else None
        weighted = enumerated if enumerated is not None else [(w, 1.0) for w in sample_worlds(known, self.worlds, rng)]
        rows: list[tuple[float, dict[str, tuple[float, float]]]] = []  # per world: its weight, (jetons, won)
        used = 0
        for world, w in weighted:
            began = time.perf_counter()
            if w > 0:
                rows.append((w, {action: value(known, world, action, self.policy) for action in actions}))
            used += 1
            now = time.perf_counter()
            if self.time_cap is not None and now + (now - began) - start > self.time_cap:
                break
        sums, total = _weighted_sums(rows, actions)
        if total == 0:
            return Evaluation({}, used, "forced")
        pot = sum(p["amount"] for p in view["deal"]["pots"])
        estimates = _estimates(sums, total)
        kind = "blind" if known.phase in (CARRE_ASK, CONTRE_ASK) else known.phase
        details = {"rule": rule_choice.rule, "rule_action": rule_choice.action, "pot": pot,
                   "cost": view["deal"]["amounts"].get("hold") or 0, "enumerated": enumerated is not None}
        replicates = None
        if self.per_view and enumerated is None and len(rows) > 1:  # the coach: the worlds' luck (none if exact)
            replicates = []
            for w, row in rows:
                less = {a: [sums[a][0] - w * row[a][0], sums[a][1] - w * row[a][1]] for a in actions}
                replicates.append({a: e.utility for a, e in _estimates(less, total - w).items()})
        return Evaluation(estimates, used, kind, details, replicates)


def _weighted_sums(rows: list[tuple[float, dict[str, tuple[float, float]]]], actions: list[str]
                   ) -> tuple[dict[str, list[float]], float]:
    """Per action the weighted sums [jetons, won] over the worlds, and the worlds' total weight."""
    sums = {a: [0.0, 0.0] for a in actions}
    for w, row in rows:
        for action, (chips, won) in row.items():
            sums[action][0] += w * chips
            sums[action][1] += w * won
    return sums, sum(w for w, _ in rows)


def _estimates(sums: dict[str, list[float]], total: float) -> dict[str, Estimate]:
    return {a: Estimate(win=won / total, pays=0.0, margin=None, chips=chips / total)
            for a, (chips, won) in sums.items()}


def why(action: str, evaluation: Evaluation) -> str:
    """The sentence for the chosen action: what it wins on average, and by how much it beats the next best."""
    estimates = evaluation.estimates
    best = estimates[action]
    deals = deals_text(evaluation.worlds)
    text = f"Across {deals}, {action} {chips_words(best.chips)} on average; you take the pot in {best.win:.0%}."
    others = [a for a in evaluation.ranked() if a != action]
    if others:
        runner = estimates[others[0]]
        assert best.chips is not None and runner.chips is not None, "the values are jetons"
        text += f" The next best, {others[0]}, {chips_words(runner.chips)}."
    return text


def chips_words(chips: float | None) -> str:
    """ "wins 2.5 jetons" / "loses 1.0 jeton": an average in words a learner reads."""
    chips = chips or 0.0
    amount = abs(chips)
    unit = "jeton" if round(amount, 1) == 1.0 else "jetons"
    if amount < 0.05:
        return "breaks even"
    return f"{'wins' if chips > 0 else 'loses'} {amount:.1f} {unit}"
