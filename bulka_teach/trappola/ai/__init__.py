"""Trappola's computer players and coaching: the exact solver, the sampler, the teaching rules, the bots.

``AI`` is what the game's spec offers the table and the coach (``bots.GameAI``): the practice opponents by name,
a factory for them, and the coach's ``Teacher``.
"""
from ...bots.base import Bot, GameAI
from ...bots.sampling import LEVELS
from .arena import ARENA
from .coaching import TEACHER, TrappolaTeacher, describe
from .sampling import SamplingBot
from .teaching import LESSONS, RULES, RULES_BY_NAME, RuleBot, TeachingRule

#: The practice tables' computer opponents, by name, with the words the table shows for them.
OPPONENTS = {
    "rule": "teaching rules (quick; names the rule behind each move)",
    "easy": "sampling bot, easy (6 possible deals a decision, loose)",
    "medium": "sampling bot, medium (16 possible deals a decision)",
    "strong": "sampling bot, strong (40 possible deals a decision; up to 3 s at a Partie's first cards)",
}


def opponent_bot(name: str, seed: int | None = None) -> Bot:
    """A practice opponent by name (see ``OPPONENTS``), deterministic for a seed and a view, so a deal code and the
    same clicks replay the same game: the sampling bot runs without its time cap here."""
    if name == "rule":
        return RuleBot(seed)
    if name in LEVELS:
        return SamplingBot(name, seed, time_cap=None)
    raise ValueError(f"there is no opponent {name!r}: choose one of {', '.join(OPPONENTS)}")


def default_bot(seed: int | None = None) -> Bot:
    """The opponent practice tables use unless told otherwise: the rule-based bot."""
    return opponent_bot("rule", seed)


AI = GameAI(opponents=OPPONENTS, opponent=opponent_bot, teacher=TEACHER, default="rule", arena=ARENA)

__all__ = ["AI", "LESSONS", "OPPONENTS", "RULES", "RULES_BY_NAME", "RuleBot", "SamplingBot", "TEACHER",
           "TeachingRule", "TrappolaTeacher", "default_bot", "describe",
           "opponent_bot"]
