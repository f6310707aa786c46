"""What every bot is: it reads one seat's view and chooses one of the legal actions listed in it."""
from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

View = dict[str, Any]  # a seat's view, as ``game.view(seat)`` returns it


@dataclass(frozen=True)
class Choice:
    """A bot's decision: the action, a sentence saying why, and the teaching rule it follows (if any)."""

    action: str
    why: str = ""
    rule: str | None = None


def asked(view: dict[str, Any]) -> list[str]:
    """The legal actions the view asks its seat to choose from; ValueError when it asks nothing."""
    legal = view.get("legal") or []
    if not legal:
        raise ValueError("the view asks nothing of this seat: a bot is only asked when view['legal'] is not empty")
    return legal


class Bot(Protocol):
    """A computer player. ``view`` is ``game.view(seat)`` for the seat to move: ``view["legal"]`` is not empty."""

    name: str

    def choose(self, view: dict[str, Any]) -> Choice: ...


class RandomBot:
    """Chooses uniformly among the legal actions (a baseline for matches, not a teacher)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any]) -> Choice:
        legal = asked(view)
        return Choice(self.rng.choice(legal), "a random legal action")


@dataclass(frozen=True)
class GameAI:
    """A game's computer players and coaching, as its ``GameSpec.ai`` offers them to the table and the coach.

    ``opponents``: the practice opponents by name, with the words the table shows; ``opponent(name, seed)``
    makes one (deterministic for a seed and a view); ``teacher``: what the coach needs (``coach.Teacher``);
    ``default``: the opponent a practice table starts with; ``arena``: the game's side of the bots' match bench
    (``match_bench.Arena``).
    """

    opponents: Mapping[str, str]
    opponent: Callable[[str, int | None], Bot]
    teacher: Any
    default: str
    arena: Any = None
