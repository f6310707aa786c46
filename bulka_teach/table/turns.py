"""Turns at a table where some seats are the computer's: ``bulka_teach.bots.turns``, where the shared tables of a
class (``bulka_teach.tables``, which knows no Jupyter) find them too."""
from ..bots.turns import MAX_COMPUTER_ACTIONS, bot_seed, computers_play, deal_coach, deal_ended

__all__ = ["MAX_COMPUTER_ACTIONS", "bot_seed", "computers_play", "deal_coach", "deal_ended"]
