"""Computer players and the coach, for any game. A bot receives a seat's view (``game.view(seat)``) and nothing else.

Here: the ``Bot`` protocol and ``Choice``, ``RandomBot``, the sampling bot's skeleton (``sampling``), the coach's
loop (``coach``) and a match arena by game id (``match_bench``). Each game's own players — its solver, sampler
and teaching rules — live with the game (``bulka_teach.czech.ai``) and are offered through its ``GameSpec.ai``.
"""
from .base import Bot, Choice, GameAI, RandomBot, View
from .coach import Coach, Hint, ReviewItem, Teacher, hint, review
from .sampling import LEVELS, Estimate, Evaluation, SamplingGame

__all__ = ["Bot", "Choice", "Coach", "Estimate", "Evaluation", "GameAI", "Hint", "LEVELS", "RandomBot",
           "ReviewItem", "SamplingGame", "Teacher", "View", "hint", "review"]
