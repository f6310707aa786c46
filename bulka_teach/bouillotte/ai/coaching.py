"""What the coach needs of Bouillotte (``bots.coach.Teacher``): the sampling bot valuing each action in jetons,
the teaching rules, and the words — the situation, a hint's average, its chance to take the pot and the pot
odds, a review's cost in jetons against the best action."""
from __future__ import annotations

from typing import Any

from ...bots.sampling import Evaluation, deals_text
from ..text import jetons
from .sampling import SamplingBot, chips_words
from .teaching import RULES_BY_NAME, advice_of_rules

#: Two actions whose averages differ by less than this many jetons are as good (the sampling's noise).
JETON_TOLERANCE = 0.25
PHASES = {"carre": "the carre, before the cards", "contre-carre": "the contre-carre, before the cards",
          "betting": "the betting", "anglais": "the brelan carré anglais: a stock card may be turned"}


def describe(view: dict[str, Any]) -> str:
    """The view's situation in a sentence: the deal, the phase, the hand and retourne, the pot and the stakes."""
    deal, seat = view["deal"], view["seat"]
    hand = f"; you hold {' '.join(deal['hand'])}" if deal["hand"] else ""
    retourne = f", the retourne is {deal['retourne']}" if deal["retourne"] else ""
    pot = sum(p["amount"] for p in deal["pots"])
    stakes = (f"; the pot holds {jetons(pot)}, the highest stake is {deal['highest']}, yours "
              f"{deal['stakes'][seat]}, and {jetons(view['chips'][seat])} lie before you")
    return f"Deal {deal['number']}, {PHASES.get(deal['phase'], deal['phase'])}{hand}{retourne}{stakes}."


#: How a sentence names each action: a learner's words, with the amount where it has one.
_SAY = {"open": "open with {n}", "raise": "raise to {n}", "tapis": "go all in (tapis)",
        "turn-first": "turn the first card of the stock", "turn-last": "turn the last card of the stock"}


def say(action: str) -> str:
    """An action as a sentence names it: "raise 14" → "raise to 14", "tapis" → "go all in (tapis)"."""
    verb, _, amount = action.partition(" ")
    return _SAY.get(verb, verb).format(n=amount)


def pot_odds(cost: int, pot: int) -> str:
    """The pot odds in words: what a hold costs against what it may win, and the share of wins that pays."""
    need = cost / (pot + cost)
    return (f"Holding costs {jetons(cost)} for a pot of {pot}: pot odds of {pot} to {cost}, so holding pays if "
            f"you win more than {need:.0%} of the time.")


class BouillotteTeacher:
    """The coach's Bouillotte: valued by the sampling bot in jetons, taught by the seventeen teaching rules."""

    tolerance = JETON_TOLERANCE
    say = staticmethod(say)

    def evaluator(self, level: str, seed: int) -> SamplingBot:
        """The sampling bot at ``level``, without its time cap and drawing each view's worlds from ``seed`` and
        that view alone: a hint and a review of the same decision see the same worlds and value it alike."""
        return SamplingBot(level=level, seed=seed, time_cap=None, per_view=True)

    def advice(self, view: dict[str, Any]) -> list[tuple[str, str]]:
        return [(rule.name, advice.action) for rule, advice in advice_of_rules(view)]

    def lesson(self, rule: str) -> str:
        found = RULES_BY_NAME[rule]
        return f"{found.sentence} (lesson {found.lesson})"

    def describe(self, view: dict[str, Any]) -> str:
        return describe(view)

    def why_best(self, action: str, evaluation: Evaluation, view: dict[str, Any]) -> str:
        """A hint in words: the action's average in jetons, its chance to take the pot, the pot odds, the next
        best."""
        estimates = evaluation.estimates
        best = estimates[action]
        said = say(action)
        text = (f"{said[:1].upper()}{said[1:]}: across {deals_text(evaluation.worlds)} it {chips_words(best.chips)} "
                f"on average, and you take the pot in {best.win:.0%} of them.")
        cost = evaluation.details.get("cost") or 0
        if cost:
            text += " " + pot_odds(cost, evaluation.details["pot"])
        others = [a for a in evaluation.ranked() if a != action]
        if others:
            text += f" The next best, {say(others[0])}, {chips_words(estimates[others[0]].chips)}."
        return text

    def cost_words(self, cost_chips: float | None, cost_win: float) -> str:
        """A review's cost: the jetons given away on average against the best action, and the chance to take
        the pot."""
        words = f"{cost_chips or 0.0:.1f} jetons on average"
        if cost_win >= 0.005:
            words += f" and {cost_win:.0%} of your chance to take the pot"
        return words


TEACHER = BouillotteTeacher()
