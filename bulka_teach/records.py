"""Game records: JSON with a format version; replay and undo by replaying the action list.

A record read from JSON (the referee's scenario) is read within bounds, each a sentence when broken: JSON nested
at most ``MAX_DEPTH`` deep, numbers of at most ``MAX_DIGITS`` digits, texts of at most ``MAX_TEXT`` characters and
no lone surrogate, at most ``MAX_ACTIONS`` actions.
"""
from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field, replace
from itertools import accumulate
from typing import TYPE_CHECKING, Any

from .errors import ScenarioError
from .house_rules import HouseRules
from .quoting import quote
from .registry import GameSpec, game_spec

if TYPE_CHECKING:  # a type only: the game base imports this module
    from .game import Game

FORMAT = 1
MAX_DEPTH = 8  # JSON nesting: a scenario needs 3 (the object, its decks, a deck)
MAX_DIGITS = 20  # a number's digits (and a float's characters): a seed up to 2**64 has 20
MAX_TEXT = 40  # a text's characters: a name, a card code, an action (the longest, a Czech sequence, has 32)
MAX_RULES_ID = 160  # a record's rules id (written by the engine; Trappola's longest, every option changed, has 120)
MAX_ACTIONS = 10_000  # actions in one record: a long Czech session is a few thousand

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')  # a JSON string (its brackets are no nesting)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_SURROGATE = re.compile("[\ud800-\udfff]")


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
            raise ScenarioError(f"record format {quote(data.get('format'))} is not supported (this version reads "
                                f"{FORMAT})")
        unknown = set(data) - {"game", "players", "rules", "rules_id", "dealer", "queue", "seed", "decks",
                               "actions", "format", "chips", "exposed"}
        if unknown:
            raise ScenarioError(f"unknown key(s) {quote(', '.join(sorted(unknown)))} in the scenario")
        if "game" not in data:
            raise ScenarioError("the scenario names no 'game'")
        players = data.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
            raise ScenarioError("'players' must be a list of player names")
        actions = data.get("actions", [])
        if not isinstance(actions, list):
            raise ScenarioError("'actions' must be a list of action strings")
        if len(actions) > MAX_ACTIONS:
            raise ScenarioError(f"the scenario has {len(actions):,} actions; a scenario has at most {MAX_ACTIONS:,}: "
                                "split it, starting the next part from where this one ends (its 'chips', its decks)")
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
        """A record (or referee scenario) from JSON text, read within the bounds; ScenarioError when malformed."""
        return cls.from_dict(read_json(text))

    def _spec(self) -> GameSpec:
        return game_spec(self.game)

    def start(self) -> Game:
        """A new game in the starting position of this record (no actions applied)."""
        return self._spec().new_game(replace(self, actions=()) if self.actions else self)

    def replay(self) -> Game:
        """The game after every action of the record; IllegalAction if one is refused."""
        game = self.start()
        for action in self.actions:
            game.apply(action)
        return game


def _json_name(value: Any) -> str:
    """A JSON value as the scenario wrote it (null, true, 5), for an error message: a long one shortened."""
    if value is None or isinstance(value, bool):
        return "null" if value is None else str(value).lower()
    return quote(value)


def read_json(text: str) -> Any:
    """Parse JSON text within the bounds (nesting, numbers, texts); ScenarioError, one sentence, when it breaks one
    or is not JSON. Checked before parsing where parsing itself would suffer: the nesting (Python's parser recurses)
    and the numbers (it reads any number of digits, and a float too large for a float as infinity)."""
    depth = _depth(text)
    if depth > MAX_DEPTH:
        raise ScenarioError(f"the JSON is nested {depth:,} deep; a scenario is nested at most {MAX_DEPTH} deep (an "
                            "object holding lists of lists): look for brackets that were never closed")
    try:
        data = json.loads(text, parse_int=_whole, parse_float=_float, parse_constant=_constant)
    except json.JSONDecodeError as err:
        raise ScenarioError(f"not valid JSON: {err.msg} at line {err.lineno}, column {err.colno}") from None
    for where, value in _texts(data, ""):
        if _SURROGATE.search(value):
            raise ScenarioError(f"the text {quote(value)} at {where} is not Unicode text: it holds half of a "
                                "UTF-16 pair (a lone surrogate); write the character itself")
        limit = MAX_RULES_ID if where == "rules_id" else MAX_TEXT
        if len(value) > limit:
            raise ScenarioError(f"the text at {where} is too long, {quote(value)}; a text in a scenario has at most "
                                f"{limit} characters")
    return data


def _depth(text: str) -> int:
    """How deep the JSON text nests its arrays and objects (brackets inside strings do not count)."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(1 if b in "[{" else -1 for b in brackets), default=0)


def _whole(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise ScenarioError(f"the number {digits[:MAX_DIGITS]}… has {len(digits.lstrip('-')):,} digits; a number in "
                            f"a scenario has at most {MAX_DIGITS}")
    return int(digits)


def _float(written: str) -> float:
    value = float(written) if len(written) <= MAX_DIGITS else math.inf
    if not math.isfinite(value):
        shown = written if len(written) <= MAX_DIGITS else f"{written[:MAX_DIGITS]}… ({len(written):,} characters)"
        raise ScenarioError(f"the number {shown} is too long or too large for a number of a scenario: write it "
                            f"in at most {MAX_DIGITS} characters, and below 1e308")
    return value


def _constant(name: str) -> Any:
    raise ScenarioError(f"{name} is not a JSON number: write a number, or null")


def _texts(value: Any, where: str) -> Iterator[tuple[str, str]]:
    """Every text in a parsed JSON value (keys too) with where it is (``players[0]``, ``rules.preset``)."""
    if isinstance(value, str):
        yield where or "the top", value
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _texts(item, f"{where}[{index}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            place = f"{where}.{key}" if where else key
            yield (f"a key of {where}" if where else "a key"), key
            yield from _texts(item, place)


def undo(game: Game, steps: int = 1) -> Game:
    """The game as it was ``steps`` actions ago, rebuilt by replay."""
    record = game.record()
    keep = max(0, len(record.actions) - steps)
    return record.with_actions(record.actions[:keep]).replay()
