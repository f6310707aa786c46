"""What the coach needs of Bouillotte (``bots.coach.Teacher``): the sampling bot valuing each action in jetons,
the teaching rules, and the words — the situation, a hint's average, its chance to take the pot and the pot
odds, a review's cost in jetons against the best action."""
from __future__ import annotations

from typing import Any

from ...bots.sampling import Estimate, Evaluation
from ...bots.words import amount, difference, in_how_many, ways
from ..text import jetons
from .sampling import SamplingBot
from .teaching import RULES_BY_NAME, advice_of_rules, pot_odds

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


def jetons_words(chips: float | None) -> str:
    """An average in jetons as the sampling can tell it: "won about 2 jetons", "lost about half a jeton",
    "about broke even"."""
    chips = chips or 0.0
    if abs(chips) < 0.25:
        return "about broke even"
    return f"{'won' if chips > 0 else 'lost'} {amount(chips, 'jeton')}"


class BouillotteTeacher:
    """The coach's Bouillotte: valued by the sampling bot in jetons, taught by the seventeen teaching rules."""

    tolerance = JETON_TOLERANCE
    worlds = 80  # a Bouillotte world is a quick playout: twice the medium bot's 40 (a hint: ~0.1 s on 2 cores)
    say = staticmethod(say)

    def evaluator(self, level: str, seed: int, worlds: int) -> SamplingBot:
        """The sampling bot at ``level`` over ``worlds`` worlds, without its time cap and drawing each view's worlds
        from ``seed`` and that view alone: a hint and a review of the same decision see the same worlds and value it
        alike."""
        return SamplingBot(level=level, seed=seed, worlds=worlds, time_cap=None, per_view=True)

    def advice(self, view: dict[str, Any]) -> list[tuple[str, str]]:
        return [(rule.name, advice.action) for rule, advice in advice_of_rules(view)]

    def lesson(self, rule: str) -> str:
        found = RULES_BY_NAME[rule]
        return f"{found.sentence} (lesson {int(found.lesson[:2])})"

    def describe(self, view: dict[str, Any]) -> str:
        return describe(view)

    def why_best(self, action: str, evaluation: Evaluation, view: dict[str, Any], equal: tuple[str, ...]) -> str:
        """A hint in words: what the action won on average and how often it took the pot, over how many ways the
        others' cards might lie; the pot odds where holding costs jetons; the next best, or those as good."""
        estimates, n = evaluation.estimates, evaluation.worlds
        best = estimates[action]
        text = (f"Over {ways(n)} (each deal played out by the computer's rules), {say(action)} "
                f"{jetons_words(best.chips)} on average and took the pot {in_how_many(best.win, n)}.")
        cost = evaluation.details.get("cost") or 0
        if cost:
            text += " " + pot_odds(cost, evaluation.details["pot"])
        if equal:
            text += (f" {say(equal[0]).capitalize()}{' and others' if len(equal) > 1 else ''} did about as well: too "
                     "close to call on these tries, so either is fine.")
        else:
            others = [a for a in evaluation.ranked() if a != action]
            if others:
                text += f" The next best, {say(others[0])}, {jetons_words(estimates[others[0]].chips)} on average."
        return text

    def cost_words(self, best: Estimate, taken: Estimate, n: int) -> str:
        """A review's cost, a clause of "it …": the jetons given away on average against the best action, and how
        much less often the pot was taken."""
        words = f"gave away {amount((best.chips or 0.0) - (taken.chips or 0.0), 'jeton')} on average"
        fewer = difference(taken.win - best.win, n)
        if fewer is not None:
            words += f" and took the pot {fewer}"
        return words


TEACHER = BouillotteTeacher()
