"""What the coach needs of Czech Bulka (``bots.coach.Teacher``): the sampling bot, the teaching rules, the words."""
from __future__ import annotations

from typing import Any

from ..rules import SUIT_NAMES
from ..text import PHASE_WORDS
from .sampling import CZECH, SamplingBot
from .teaching import RULES_BY_NAME, advice_of_rules


def describe(view: dict[str, Any]) -> str:
    """The view's situation in a sentence: the deal, the phase, trumps and who declared, the trick, the hand."""
    deal = view["deal"]
    phase = deal["phase"]
    trumps = ""
    if deal["trump"]:
        declared = "you declared" if deal["declarer"] == view["seat"] else "your opponent declared"
        trumps = f", trumps {SUIT_NAMES[deal['trump']]} ({declared})"
    if phase == "trump":
        offer = deal["offer"]
        where = f"choosing trumps: {SUIT_NAMES[offer['suit']]} ({offer['which']} candidate) offered"
    elif phase == "play":
        led = ", ".join(t["card"] for t in deal["trick"])
        where = f"trick {len(deal['tricks']) + 1}{trumps}, " + (f"{led} led to you" if led else "your lead")
    else:
        where = PHASE_WORDS.get(phase, phase) + trumps
    return f"Deal {deal['number']}, {where}; your hand: {' '.join(deal['hand'])}."


class CzechTeacher:
    """The coach's Czech Bulka: valued by the sampling bot, taught by the 21 teaching rules."""

    def evaluator(self, level: str, seed: int, worlds: int) -> SamplingBot:
        """The sampling bot at ``level`` over ``worlds`` worlds, without its time cap and drawing each view's worlds
        from ``seed`` and that view alone: a hint and a review of the same decision see the same worlds and value it
        alike."""
        return SamplingBot(level=level, seed=seed, worlds=worlds, time_cap=None, per_view=True)

    def say(self, action: str) -> str:
        """An action as the coach's sentences name it: a card by its code ("play Ah" → "Ah")."""
        return CZECH.name(action)

    def advice(self, view: dict[str, Any]) -> list[tuple[str, str]]:
        return [(rule.name, advice.action) for rule, advice in advice_of_rules(view)]

    def lesson(self, rule: str) -> str:
        return RULES_BY_NAME[rule].lesson

    def describe(self, view: dict[str, Any]) -> str:
        return describe(view)


TEACHER = CzechTeacher()
