"""Computer players and the coach. A bot receives a seat's view (``game.view(seat)``) and nothing else."""
from .base import Bot, Choice, RandomBot
from .coach import Coach, Hint, ReviewItem, hint, review
from .teaching import RULES, RuleBot, TeachingRule


def default_bot(seed: int | None = None) -> Bot:
    """The opponent practice tables use: the rule-based bot (deterministic for a seed and a view, so a deal
    code replays exactly)."""
    return RuleBot(seed)


__all__ = ["Bot", "Choice", "RandomBot", "RuleBot", "RULES", "TeachingRule", "default_bot",
           "Coach", "Hint", "ReviewItem", "hint", "review"]
