"""The games the engine knows, by id: tag for deal codes, players, rules, how to start one."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .dealing import DealCodeError
from .errors import ScenarioError
from .house_rules import HouseRules

if TYPE_CHECKING:
    from .game import Game
    from .records import Record


@dataclass(frozen=True)
class GameSpec:
    game: str
    tag: str
    title: str
    players: range
    rules_class: type[HouseRules]
    factory: Callable[[Record], Game] | None = None

    def new_game(self, record: Record) -> Game:
        if self.factory is None:
            raise ScenarioError(f"{self.game} is not available yet: only "
                                + ", ".join(g for g, s in GAMES.items() if s.factory) + " can be played so far")
        if len(record.players) not in self.players:
            raise ScenarioError(f"{self.title} is for {min(self.players)} to {max(self.players)} players, "
                                f"not {len(record.players)}")
        return self.factory(record)

    def rules_from_id(self, rules_id: str) -> HouseRules:
        try:
            return self.rules_class.from_id(rules_id)
        except ValueError as err:
            raise DealCodeError(str(err)) from None


def _czech(record: Record) -> Game:
    from .czech.match import CzechBulka

    return CzechBulka(record)


def _build() -> dict[str, GameSpec]:
    from .czech.rules import CzechRules
    from .house_rules import HouseRules as NoRulesYet

    return {
        "czech-bulka": GameSpec("czech-bulka", "CB", "Czech Bulka", range(2, 4), CzechRules, _czech),
        "trappola": GameSpec("trappola", "TR", "Trappola's Bulka", range(2, 5), NoRulesYet),
        "bouillotte": GameSpec("bouillotte", "BO", "Bouillotte", range(3, 6), NoRulesYet),
    }


GAMES: dict[str, GameSpec] = _build()


def game_spec(game: str) -> GameSpec:
    spec = GAMES.get(game)
    if spec is None:
        raise ScenarioError(f"unknown game {game!r}; the games are {', '.join(GAMES)}")
    return spec
