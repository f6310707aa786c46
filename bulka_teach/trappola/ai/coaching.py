"""What the coach needs of Trappola (``bots.coach.Teacher``): the sampling bot, the teaching rules, the words."""
from __future__ import annotations

from typing import Any

from ..rules import SUIT_NAMES
from .sampling import TRAPPOLA, SamplingBot
from .teaching import RULES_BY_NAME, advice_of_rules

_PHASES = {"pro": "asked whether you play this Partie as Pro", "exchange": "asked whether you exchange your nine "
           "for the stock's top nine", "over": "the Partie is over"}


def describe(view: dict[str, Any]) -> str:
    """The view's situation in a sentence: the Partie, the trick, what the opponent declared, the hand."""
    deal = view["deal"]
    phase = deal["phase"]
    seat = view["seat"]
    if phase == "play":
        led = ", ".join(t["card"] for t in deal["trick"])
        where = f"trick {len(deal['tricks']) + 1}, " + (f"{led} led to you" if led else "your lead")
        opponent = next((s for s in deal["seats"] if s != seat), None)
        told = [d["name"] + (f" (no {SUIT_NAMES[d['manko']]})" if d.get("manko") else "")
                for d in deal["declarations"].get(str(opponent), [])]
        if told:
            where += f"; your opponent declared {', '.join(told)}"
    else:
        where = _PHASES.get(phase, phase)
    hand = f"; your hand: {' '.join(deal['hand'])}" if deal["hand"] else ""
    return f"Partie {deal['number']}, {where}{hand}."


class TrappolaTeacher:
    """The coach's Trappola: valued by the sampling bot, taught by the teaching rules."""

    def evaluator(self, level: str, seed: int, worlds: int) -> SamplingBot:
        """The sampling bot at ``level`` over ``worlds`` worlds, without its time cap and drawing each view's worlds
        from ``seed`` and that view alone: a hint and a review of the same decision see the same worlds and value it
        alike."""
        return SamplingBot(level=level, seed=seed, worlds=worlds, time_cap=None, per_view=True)

    def say(self, action: str) -> str:
        """An action as the coach's sentences name it: a card by its code ("play Ah" → "Ah")."""
        return TRAPPOLA.name(action)

    def advice(self, view: dict[str, Any]) -> list[tuple[str, str]]:
        return [(rule.name, advice.action) for rule, advice in advice_of_rules(view)]

    def lesson(self, rule: str) -> str:
        return RULES_BY_NAME[rule].sentence

    def describe(self, view: dict[str, Any]) -> str:
        return describe(view)


TEACHER = TrappolaTeacher()
