"""Computer players and the coach. A bot receives a seat's view (``game.view(seat)``) and nothing else."""
from .base import Bot, Choice, RandomBot
from .coach import Coach, Hint, ReviewItem, hint, review
from .sampling import LEVELS, SamplingBot
from .teaching import RULES, RuleBot, TeachingRule

#: The practice tables' computer opponents, by name, with the words the table shows for them.
OPPONENTS = {
    "rule": "teaching rules (quick; names the rule behind each move)",
    "easy": "sampling bot, easy (6 possible deals a decision, loose)",
    "medium": "sampling bot, medium (16 possible deals a decision)",
    "strong": "sampling bot, strong (40 possible deals a decision; up to a second or two a move)",
}


def opponent_bot(name: str, seed: int | None = None) -> Bot:
    """A practice opponent by name (see ``OPPONENTS``), deterministic for a seed and a view, so a deal code and
    the same clicks replay the same game: the sampling bot runs without its time cap here."""
    if name == "rule":
        return RuleBot(seed)
    if name in LEVELS:
        return SamplingBot(name, seed, time_cap=None)
    raise ValueError(f"there is no opponent {name!r}: choose one of {', '.join(OPPONENTS)}")


def default_bot(seed: int | None = None) -> Bot:
    """The opponent practice tables use unless told otherwise: the rule-based bot."""
    return opponent_bot("rule", seed)


__all__ = ["Bot", "Choice", "RandomBot", "RuleBot", "RULES", "TeachingRule", "SamplingBot", "OPPONENTS",
           "opponent_bot", "default_bot", "Coach", "Hint", "ReviewItem", "hint", "review"]
