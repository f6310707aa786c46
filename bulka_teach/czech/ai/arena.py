"""Czech Bulka in the bots' arena (``bots.match_bench.Arena``): its bots by name; a match is one game."""
from __future__ import annotations

from typing import Any

from ...bots.base import Bot
from ..match import CzechBulka
from .sampling import SamplingBot
from .teaching import RuleBot


class CzechArena:
    names = "rule or sampling:<level>[:<worlds>]"

    def bot(self, name: str, seed: int) -> Bot | None:
        if name == "rule":
            return RuleBot(seed)
        if name.startswith("sampling:"):
            parts = name.split(":")
            worlds = int(parts[2]) if len(parts) > 2 else None
            return SamplingBot(level=parts[1], seed=seed, worlds=worlds)
        return None

    def over(self, game: Any) -> bool:
        assert isinstance(game, CzechBulka)
        return game.game_number > 1  # the first game is decided (redeals included)

    def winner(self, game: Any) -> int:
        assert isinstance(game, CzechBulka)
        return max(range(2), key=lambda s: game.streaks[s])


ARENA = CzechArena()
