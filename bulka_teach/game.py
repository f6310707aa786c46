"""The one state-machine shape every game shares.

Whose turn (``to_move``), ``legal_actions``, ``verdict``, ``apply``, ``over``, ``result``,
per-seat ``view``, the event log and the record. ``legal_actions`` is, by construction,
every candidate action whose verdict is ok, so legality and its explanation cannot disagree.
A refused action raises ``IllegalAction`` before anything is changed.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from typing import Any, ClassVar

from .dealing import DealCode
from .errors import IllegalAction, Refusal
from .events import Event
from .records import Record

Parsed = Any  # a game's own parsed form of an action string


class Game(ABC):
    """Base of each game's state machine (a whole session of play at one table)."""

    game_id: ClassVar[str]
    #: Action strings whose parsed form never changes (looked up before calling ``_parse``).
    _parsed_once: ClassVar[dict[str, Any]] = {}

    def __init__(self, record: Record) -> None:
        self.setup = record  # the record this game was started from, without actions
        self.actions: list[str] = []
        self.events: list[Event] = []
        self._legal: list[str] = []
        self._legal_at = -1  # len(self.actions) when self._legal was computed

    # --- to be provided by each game -------------------------------------------------
    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """The seat asked to act, or None when nothing is asked."""

    @abstractmethod
    def _candidates(self) -> Iterable[tuple[str, Parsed]]:
        """Every action worth asking a verdict on now, with its parsed form."""

    @abstractmethod
    def _parse(self, action: str) -> Parsed | Refusal:
        """The game's own form of an action string, or a Refusal when it names no action."""

    @abstractmethod
    def _refusal(self, parsed: Parsed) -> Refusal | None:
        """Why the (well-formed) action may not be taken by ``to_move`` now, or None."""

    @abstractmethod
    def _do(self, parsed: Parsed, renonc: Refusal | None) -> None:
        """Carry out an action already judged; ``renonc`` is the rule error it commits, if any."""

    def _renonc_accepted(self) -> bool:
        return False

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may know, and nothing more (None: a spectator)."""

    @abstractmethod
    def result(self) -> dict[str, Any]:
        """The outcome so far: deals played and the money."""

    @abstractmethod
    def explain(self, event: Event, viewer: int | None = None) -> str:
        """The event in a sentence for the learner, as ``viewer`` may know it."""

    # --- shared -------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.to_move is None

    def legal_actions(self) -> list[str]:
        """Every action the seat to move may take now: the candidates whose verdict is ok."""
        if self._legal_at != len(self.actions):
            self._legal = self._legal_now()
            self._legal_at = len(self.actions)
        return list(self._legal)

    def _legal_now(self) -> list[str]:
        refusal = self._refusal
        return [action for action, parsed in self._candidates() if refusal(parsed) is None]

    def verdict(self, action: str, seat: int | None = None) -> Refusal | None:
        """None when ``action`` may be taken now (by ``seat``, if given), else the Refusal."""
        judged = self._judge(action, seat)
        return judged if isinstance(judged, Refusal) else judged[1]

    def apply(self, action: str, seat: int | None = None) -> list[Event]:
        """Take ``action`` for the seat to move (checked against ``seat`` if given).

        Returns the new events. Raises IllegalAction, changing nothing, when it is refused;
        under a renonc house rule a rule error is accepted and punished instead.
        """
        actions = self.actions
        if self._legal_at == len(actions) and action in self._legal and (seat is None or seat == self.to_move):
            # judged already when the legal actions were listed
            parsed, refusal = self._parsed_once.get(action) or self._parse(action), None
        else:
            judged = self._judge(action, seat)
            if isinstance(judged, Refusal):
                raise IllegalAction(judged, action)
            parsed, refusal = judged
            if refusal is not None and not (refusal.renonc and self._renonc_accepted()):
                raise IllegalAction(refusal, action)
        start = len(self.events)
        self._do(parsed, refusal)
        actions.append(action)
        return self.events[start:]

    def _judge(self, action: str, seat: int | None) -> Refusal | tuple[Parsed, Refusal | None]:
        to_move = self.to_move
        if to_move is None:
            return Refusal("nothing-to-do", "Nothing is asked of anyone now: the game is over or waits for a new deck.")
        if seat is not None and seat != to_move:
            return Refusal("not-your-turn", f"It is not your turn: {self.name(to_move)} is to move.")
        if not isinstance(action, str):
            return Refusal("unknown-action", f"{action!r} is not an action; actions are words like "
                                              f"{', '.join(self.legal_actions()[:3])}.")
        parsed = self._parse(action)
        if isinstance(parsed, Refusal):
            return parsed
        return parsed, self._refusal(parsed)

    def name(self, seat: int) -> str:
        return self.setup.players[seat]

    def deal_code(self) -> DealCode | None:
        """The short code that deals this game again, when it was dealt from a seed alone."""
        setup = self.setup
        if setup.seed is None or setup.decks or setup.dealer is not None:
            return None
        return DealCode(setup.game, len(setup.players), setup.house_rules().rules_id, setup.seed)

    def record(self) -> Record:
        """Everything needed to replay this game to where it is now."""
        return self.setup.with_actions(self.actions)
