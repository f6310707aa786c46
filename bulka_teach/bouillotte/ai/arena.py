"""Bouillotte in the bots' arena (``bots.match_bench.Arena``): its bots by name; a match is one hand (the first
deal of a session, a void deal's redeal included), won by the seat that gained most from it. The duplicate
matches of three to five players are ``bench``'s."""
from __future__ import annotations

from typing import Any

from ...bots.base import Bot
from ..session import Bouillotte
from . import bench
from .bench import hand_over
from .sampling import SamplingBot
from .teaching import RuleBot


class BouillotteArena:
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
        assert isinstance(game, Bouillotte)
        return hand_over(game)

    def winner(self, game: Any) -> int:
        assert isinstance(game, Bouillotte)
        start = game.rules.start_chips
        return max(range(game.n), key=lambda s: game.chips[s] - start)

    def main(self, deals: int, seed: int, jobs: int | None, match_level: str) -> int:
        """``bench bots --game bouillotte``: Bouillotte's own bench (three to five players)."""
        return bench.main(hands=deals, seed=seed, jobs=jobs, match_level=match_level)


ARENA = BouillotteArena()
