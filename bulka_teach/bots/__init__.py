"""Computer players and the coach. A bot receives a seat's view (``game.view(seat)``) and nothing else."""
from .base import Bot, Choice, RandomBot


def default_bot(seed: int | None = None) -> Bot:
    """The opponent practice tables use (deterministic for a given seed, so a deal code replays exactly)."""
    return RandomBot(seed)


__all__ = ["Bot", "Choice", "RandomBot", "default_bot"]
