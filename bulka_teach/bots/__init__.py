"""Computer players and the coach. A bot receives a seat's view (``game.view(seat)``) and nothing else."""
from .base import Bot, Choice, RandomBot

__all__ = ["Bot", "Choice", "RandomBot"]
