"""The games the engine knows, by id. The core imports no game: each game declares its ``GameSpec`` once,
in its own package, and registers it when that package is imported.

The packages are found through the ``bulka_teach.games`` entry points of the installed distribution
(``pyproject.toml``; each entry point is named after its game's id): asked for one game, the registry
loads that game's package; asked for the list, it loads them all. So ``import bulka_teach`` (the core)
loads no game, and ``Record(game="czech-bulka", …).start()`` loads Czech Bulka alone.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any

from .cards import Pack
from .errors import DealCodeError, ScenarioError
from .house_rules import HouseRules
from .quoting import quote

if TYPE_CHECKING:  # types only: the game base and records import this module at run time
    from .game import Game
    from .records import Record

ENTRY_POINTS = "bulka_teach.games"


@dataclass(frozen=True)
class GameSpec:
    """What the core, the table, the bots and the referee know of one game.

    ``factory`` starts a game from a record (None: the game is declared but cannot be played yet);
    ``pack(players, rules)`` is the pack a table of that many players deals; ``presenter`` turns one
    seat's view into the table's layout and wording (pure Python); ``ai`` is the game's computer players
    and coaching (a ``bots.GameAI``: the practice opponents, and the coach's teacher), or None.
    """

    game: str
    tag: str
    title: str
    players: range
    rules_class: type[HouseRules]
    pack: Callable[[int, Any], Pack]
    factory: Callable[[Record], Game] | None = None
    presenter: Any = None
    ai: Any = None

    @property
    def available(self) -> bool:
        return self.factory is not None

    def new_game(self, record: Record) -> Game:
        if self.factory is None:
            playable = ", ".join(s.title for s in GAMES.values() if s.available)
            raise ScenarioError(f"{self.title} is not available yet: only {playable} can be played so far")
        if len(record.players) not in self.players:
            raise ScenarioError(f"{self.title} is for {min(self.players)} to {max(self.players)} players, "
                                f"not {len(record.players)}")
        return self.factory(record)

    def rules_from_id(self, rules_id: str) -> HouseRules:
        try:
            return self.rules_class.from_id(rules_id)
        except ValueError as err:
            raise DealCodeError(str(err)) from None


_specs: dict[str, GameSpec] = {}
_all_loaded = False


def register(spec: GameSpec) -> GameSpec:
    """Add a game (its package calls this when imported); registering the same id twice is an error."""
    known = _specs.get(spec.game)
    if known is not None and known is not spec:
        raise ValueError(f"a game {spec.game!r} is registered already")
    if any(other.tag == spec.tag and other.game != spec.game for other in _specs.values()):
        raise ValueError(f"the deal-code tag {spec.tag!r} of {spec.game!r} is another game's")
    _specs[spec.game] = spec
    return spec


def _load(game: str | None = None) -> None:
    """Import the package of ``game`` (None: of every game) that the installed distribution declares."""
    global _all_loaded
    if _all_loaded:
        return
    points = entry_points(group=ENTRY_POINTS) if game is None else entry_points(group=ENTRY_POINTS, name=game)
    for point in points:
        point.load()  # the package registers its spec
    _all_loaded = game is None


class _Games(Mapping[str, GameSpec]):
    """``GAMES``: every game by id, its packages imported on first use."""

    def __getitem__(self, game: str) -> GameSpec:
        if game not in _specs:
            _load(game)
        return _specs[game]

    def __iter__(self) -> Iterator[str]:
        _load()
        return iter(sorted(_specs))

    def __len__(self) -> int:
        _load()
        return len(_specs)

    def __repr__(self) -> str:
        return f"GAMES({', '.join(self)})"


GAMES: Mapping[str, GameSpec] = _Games()


def game_spec(game: str) -> GameSpec:
    """The spec of ``game``; a ScenarioError names the games there are."""
    if not isinstance(game, str) or game not in GAMES:
        games = ", ".join(f"{g} ({GAMES[g].title})" for g in GAMES)
        raise ScenarioError(f"unknown game {quote(game)}; the games are {games}")
    return GAMES[game]


def spec_by_tag(tag: str) -> GameSpec | None:
    """The game whose deal codes start with ``tag`` (``CB``), or None."""
    return next((spec for spec in (GAMES[g] for g in GAMES) if spec.tag == tag), None)
