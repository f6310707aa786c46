"""bulka_teach: learn Czech Bulka, Trappola's Bulka and Bouillotte in Jupyter.

The rules engine is pure Python. Start a game from a ``Record`` (the same shape as a referee
scenario)::

    from bulka_teach import Record
    game = Record(game="czech-bulka", players=("Ann", "Ben"), seed=7).start()
    game.legal_actions(); game.apply("pass"); game.view(0)
"""
from .cards import ITALIAN, MARIAS, Card, CardError, Pack, french_pack
from .dealing import DealCode, new_seed
from .errors import DealCodeError, IllegalAction, Refusal, ScenarioError
from .events import Event
from .records import Record, undo
from .registry import GAMES, GameSpec, game_spec, register

__version__ = "0.1.0"

__all__ = ["Card", "CardError", "DealCode", "DealCodeError", "Event", "GAMES", "GameSpec", "ITALIAN", "IllegalAction",
           "MARIAS", "Pack", "Record", "Refusal", "ScenarioError", "french_pack", "game_spec", "new_seed", "register",
           "undo"]
