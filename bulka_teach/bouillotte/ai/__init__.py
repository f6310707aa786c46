"""Bouillotte's computer players and coaching: the teaching rules, the rule bot, the sampling bot, the coach.

``AI`` is what the game's spec offers the table and the coach (``bots.GameAI``): the practice opponents by
name, a factory for them, the coach's ``Teacher`` and the arena of the bots' bench.
"""
from ...bots.base import Bot, GameAI
from .arena import ARENA
from .coaching import TEACHER, BouillotteTeacher, describe
from .sampling import LEVELS, SamplingBot
from .teaching import RULES, RULES_BY_NAME, RuleBot, TeachingRule

#: The practice tables' computer opponents, by name, with the words the table shows for them.
OPPONENTS = {
    "rule": "teaching rules (quick; names the rule behind each bet)",
    "easy": "sampling bot, easy (12 possible deals a decision, loose)",
    "medium": "sampling bot, medium (40 possible deals a decision)",
    "strong": "sampling bot, strong (120 possible deals a decision, every hand of a lone opponent of three; "
              "under a second a bet)",
}


def opponent_bot(name: str, seed: int | None = None) -> Bot:
    """A practice opponent by name (see ``OPPONENTS``), deterministic for a seed and a view, so a deal code and
    the same clicks replay the same game: the sampling bot runs without its time cap here."""
    if name == "rule":
        return RuleBot(seed)
    if name in LEVELS:
        return SamplingBot(name, seed, time_cap=None)
    raise ValueError(f"there is no opponent {name!r}: choose one of {', '.join(OPPONENTS)}")


AI = GameAI(opponents=OPPONENTS, opponent=opponent_bot, teacher=TEACHER, default="rule", arena=ARENA)

__all__ = ["AI", "OPPONENTS", "RULES", "RULES_BY_NAME", "BouillotteTeacher", "RuleBot", "SamplingBot", "TEACHER",
           "TeachingRule", "describe", "opponent_bot"]
