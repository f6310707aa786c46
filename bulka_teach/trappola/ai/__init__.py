"""Trappola's computer players and coaching: the teaching rules and the rule-based bot.

``AI`` is what the game's spec offers the table and the coach (``bots.GameAI``): the practice opponents by name,
a factory for them, and the coach's ``Teacher``.
"""
from ...bots.base import Bot, GameAI
from .arena import ARENA
from .teaching import LESSONS, RULES, RULES_BY_NAME, RuleBot, TeachingRule

#: The practice tables' computer opponents, by name, with the words the table shows for them.
OPPONENTS = {
    "rule": "teaching rules (quick; names the rule behind each move)",
}


def opponent_bot(name: str, seed: int | None = None) -> Bot:
    """A practice opponent by name (see ``OPPONENTS``), deterministic for a seed and a view, so a deal code and the
    same clicks replay the same game."""
    if name == "rule":
        return RuleBot(seed)
    raise ValueError(f"there is no opponent {name!r}: choose one of {', '.join(OPPONENTS)}")


def default_bot(seed: int | None = None) -> Bot:
    """The opponent practice tables use unless told otherwise: the rule-based bot."""
    return opponent_bot("rule", seed)


AI = GameAI(opponents=OPPONENTS, opponent=opponent_bot, teacher=None, default="rule", arena=ARENA)

__all__ = ["AI", "LESSONS", "OPPONENTS", "RULES", "RULES_BY_NAME", "RuleBot", "TeachingRule", "default_bot",
           "opponent_bot"]
