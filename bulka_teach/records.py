"""Game records: JSON with a format version; replay and undo by replaying the action list."""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, replace
from typing import TYPE_CHECKING, Any

from .errors import ScenarioError
from .house_rules import HouseRules
from .registry import GameSpec, game_spec

if TYPE_CHECKING:  # a type only: the game base imports this module
    from .game import Game

FORMAT = 1


@dataclass(frozen=True)
class Record:
    """How a game started (game, players, rules, seats, seed, stacked decks) and every action since.

    It has the shape of a referee scenario, plus ``format``.
    """

    game: str
    players: tuple[str, ...]
    rules: dict[str, Any] = field(default_factory=dict)
    dealer: int | None = None
    queue: tuple[int, ...] | None = None
    seed: int | None = None
    decks: tuple[tuple[str, ...], ...] = ()
    actions: tuple[str, ...] = ()
    format: int = FORMAT
    chips: tuple[int, ...] | None = None  # per seat: the chips each starts with (None: the rules' own)
    exposed: tuple[int | None, ...] = ()  # parallel to decks: the index of a card exposed in the deal, or None

    def with_actions(self, actions: list[str] | tuple[str, ...]) -> Record:
        return replace(self, actions=tuple(actions))

    def house_rules(self) -> HouseRules:
        """The game's house rules: its defaults with this record's overrides."""
        return self._spec().rules_class.from_dict(self.rules)

    def to_json(self) -> str:
        data = asdict(self)
        for key in ("chips", "exposed"):  # keys only some games use, written only when given
            if not data[key]:
                del data[key]
        data["rules_id"] = self.house_rules().rules_id
        return json.dumps(data, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Record:
        """A record (or referee scenario) from parsed JSON; ScenarioError when malformed."""
        if not isinstance(data, dict):
            raise ScenarioError("a scenario or record is a JSON object")
        if data.get("format", FORMAT) != FORMAT:
            raise ScenarioError(f"record format {data.get('format')!r} is not supported (this version reads {FORMAT})")
        unknown = set(data) - {"game", "players", "rules", "rules_id", "dealer", "queue", "seed", "decks",
                               "actions", "format", "chips", "exposed"}
        if unknown:
            raise ScenarioError(f"unknown key(s) {', '.join(sorted(unknown))} in the scenario")
        if "game" not in data:
            raise ScenarioError("the scenario names no 'game'")
        players = data.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
            raise ScenarioError("'players' must be a list of player names")
        actions = data.get("actions", [])
        if not isinstance(actions, list):
            raise ScenarioError("'actions' must be a list of action strings")
        for index, action in enumerate(actions):
            if not isinstance(action, str):
                raise ScenarioError(f"action {index} is {_json_name(action)}, not an action string"
                                    + (": an action is missing there" if action is None else ""))
        decks = data.get("decks", [])
        if not isinstance(decks, list) or not all(isinstance(d, list) for d in decks):
            raise ScenarioError("'decks' must be a list of decks, each a list of card codes")
        for number, deck in enumerate(decks):
            for index, card in enumerate(deck):
                if not isinstance(card, str):
                    raise ScenarioError(f"deck {number}, card {index} is {_json_name(card)}, not a card code"
                                        + (": a card code is missing there" if card is None else ""))
        seed = data.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
            raise ScenarioError("'seed' must be a whole number of 0 or more")
        rules = data.get("rules") or {}
        if not isinstance(rules, dict):
            raise ScenarioError("'rules' must be an object of house-rule names and values")
        dealer, queue = data.get("dealer"), data.get("queue")
        if dealer is not None and (isinstance(dealer, bool) or not isinstance(dealer, int)):
            raise ScenarioError("'dealer' must be a seat number")
        if queue is not None and (not isinstance(queue, list) or not all(isinstance(q, int) for q in queue)):
            raise ScenarioError("'queue' must be a list of seat numbers")
        chips, exposed = data.get("chips"), data.get("exposed", [])
        if chips is not None and (not isinstance(chips, list) or len(chips) != len(players) or not all(
                isinstance(c, int) and not isinstance(c, bool) and c >= 0 for c in chips)):
            raise ScenarioError("'chips' must list each seat's starting chips, whole numbers of 0 or more")
        if not isinstance(exposed, list) or not all(e is None or (isinstance(e, int) and not isinstance(e, bool)
                                                                 and e >= 0) for e in exposed):
            raise ScenarioError("'exposed' must list, deck by deck, null or the index of the card exposed")
        return cls(game=data["game"], players=tuple(players), rules=rules, dealer=dealer,
                   queue=tuple(queue) if queue is not None else None, seed=seed,
                   decks=tuple(tuple(d) for d in decks), actions=tuple(actions),
                   chips=tuple(chips) if chips is not None else None, exposed=tuple(exposed))

    @classmethod
    def from_json(cls, text: str) -> Record:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise ScenarioError(f"not valid JSON: {err.msg} at line {err.lineno}, column {err.colno}") from None
        return cls.from_dict(data)

    def _spec(self) -> GameSpec:
        return game_spec(self.game)

    def start(self) -> Game:
        """A new game in the starting position of this record (no actions applied)."""
        return self._spec().new_game(replace(self, actions=()))

    def replay(self) -> Game:
        """The game after every action of the record; IllegalAction if one is refused."""
        game = self.start()
        for action in self.actions:
            game.apply(action)
        return game


def _json_name(value: Any) -> str:
    """A JSON value as the scenario wrote it (null, true, 5), for an error message."""
    return json.dumps(value, ensure_ascii=False)


def undo(game: Game, steps: int = 1) -> Game:
    """The game as it was ``steps`` actions ago, rebuilt by replay."""
    record = game.record()
    keep = max(0, len(record.actions) - steps)
    return record.with_actions(record.actions[:keep]).replay()
