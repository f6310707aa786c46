"""Trappola in the bots' arena (``bots.match_bench.Arena``): its bots by name; a match is one decided Partie (a
two-player tie is a draw, and the next Partie decides), counted in points as well (two players pay no chips)."""
from __future__ import annotations

from typing import Any

from ...bots.base import Bot
from ..match import TrappolaBulka
from .sampling import SamplingBot
from .teaching import RuleBot


def decided(game: TrappolaBulka) -> Any:
    """The first Partie with a winner (a two-player tie is a draw and is played again), or None."""
    return next((p for p in game.deals if p.outcome is not None and p.outcome.winner is not None), None)


class TrappolaArena:
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
        assert isinstance(game, TrappolaBulka)
        return decided(game) is not None

    def winner(self, game: Any) -> int:
        assert isinstance(game, TrappolaBulka)
        partie = decided(game)
        assert partie is not None and partie.outcome is not None and partie.outcome.winner is not None
        return partie.outcome.winner

    def points(self, game: Any, seat: int) -> int:
        """The seat's final points minus its opponent's in the decided Partie (card points only after a renonc)."""
        assert isinstance(game, TrappolaBulka)
        partie = decided(game)
        assert partie is not None and partie.outcome is not None
        points = partie.outcome.points
        return points[seat] - points[partie.other(seat)]


ARENA = TrappolaArena()
