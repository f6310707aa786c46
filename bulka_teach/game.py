"""The one state-machine shape every game shares, and the session contract the table, bots and referee use.

The state machine: whose turn (``to_move``), ``legal_actions``, ``verdict``, ``apply``, ``over``,
``result``, per-seat ``view``, the event log and the record. ``legal_actions`` is, by construction,
every candidate action whose verdict is ok, so legality and its explanation cannot disagree.
A refused action raises ``IllegalAction`` before anything is changed.

The session: a game object is a whole session of deals at one table — its seats and their names, the
chips before each seat and the pot(s), every deal played (``deals``; each a ``Deal``: its number, dealer,
seats, where its events begin, whether it is over) with its summary (``deal_summary``), and the view a
seat had at any step of the log (``view_at``). Views are JSON-ready dicts: every game's view holds the
``SessionView`` keys, its deal (when there is one) the ``DealView`` keys, and the game adds its own.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from typing import Any, ClassVar, Generic, Literal, NamedTuple, Protocol, TypedDict, TypeVar

from .cards import Pack
from .dealing import DealCode
from .errors import IllegalAction, Refusal
from .events import Event
from .house_rules import HouseRules
from .quoting import foreign_digit, foreign_digit_text, quote
from .records import Record

Parsed = Any  # a game's own parsed form of an action string
View = dict[str, Any]  # a seat's view (the keys of ``SessionView`` and the game's own)
PREVIOUS = 3  # a view's "previous" lists the summaries of at most this many finished deals


class Deal(Protocol):
    """What every game's deal tells the session: its number, dealer, seats (those playing it), where its
    events begin in the session's log, and whether it is over."""

    @property
    def number(self) -> int: ...

    @property
    def dealer(self) -> int: ...

    @property
    def seats(self) -> tuple[int, ...]: ...

    @property
    def first_event(self) -> int: ...

    @property
    def over(self) -> bool: ...


D = TypeVar("D", bound=Deal)


class Pot(NamedTuple):
    """Chips in the middle of the table: what the pot is called, and how many chips it holds."""

    name: str
    amount: int


#: What a finished deal decided: nothing (it is dealt again and the same seats play on), one game among its
#: seats, or the match (the session's big prize: Czech Bulka's bank, Trappola's Bulka).
Decided = Literal["redeal", "game", "match"]


class Decision(NamedTuple):
    """What deal ``k`` decided (``Game.deal_decision``), and the event that says so (None for a redeal)."""

    decided: Decided
    event: Event | None


class PotView(TypedDict):
    name: str
    amount: int


class LogEntry(TypedDict):
    kind: str
    seat: int | None
    text: str


class DealView(TypedDict):
    """The keys every game's deal view holds (the game adds its own)."""

    number: int
    dealer: int
    phase: str
    to_move: int | None
    hand: list[str]  # the viewer's cards (none for a spectator or a seat not in the deal)
    hand_counts: dict[str, int]  # by seat (as a string): how many cards each seat in the deal holds
    outcome: dict[str, Any] | None


class SessionView(TypedDict):
    """The keys every game's view holds (the game adds its own, e.g. Czech Bulka's ``bank`` and ``streaks``)."""

    game: str
    seat: int | None
    players: list[str]
    pack: str  # the art of the cards' pack: "marias", "italian" or "french" (codes collide across packs)
    rules: dict[str, Any]
    rules_id: str
    chips: list[int]
    pots: list[PotView]
    to_move: int | None
    legal: list[str]
    deal: DealView | None
    previous: list[dict[str, Any]]
    log: list[LogEntry]


class Game(ABC, Generic[D]):
    """Base of each game's state machine (a whole session of play at one table); ``D`` is the game's deal."""

    game_id: ClassVar[str]
    #: Keys of ``result()`` the referee reports at its top level besides the common ones (design.md's contract).
    referee_keys: ClassVar[tuple[str, ...]] = ()
    #: Whether the referee treats an action string this game cannot read as malformed input (exit 2; Czech
    #: Bulka), or leaves it to the rules' refusal with its reason code (exit 1; the Trappola and Bouillotte
    #: protocols answer an unknown verb with ``unknown-action``; a bad card code is malformed in every game).
    unreadable_is_malformed: ClassVar[bool] = True
    #: Action strings whose parsed form never changes (looked up before calling ``_parse``).
    _parsed_once: ClassVar[dict[str, Any]] = {}
    # --- the session, kept by each game -----------------------------------------------
    pack: Pack  # the pack the table deals
    rules: HouseRules  # the house rules in force
    chips: list[int]  # by seat: the chips won or lost so far, or those lying in front of the seat
    deals: list[D]  # every deal so far, the current one last
    deal: D | None  # the deal being played (None: no deck left to deal one)

    def __init__(self, record: Record) -> None:
        self.setup = record  # the record this game was started from, without actions
        self.actions: list[str] = []
        self.events: list[Event] = []
        self._legal: list[str] = []
        self._legal_at = -1  # len(self.actions) when self._legal was computed
        #: the current deal's own ``legal_actions`` and ``do``, where the game's legal actions and actions are
        #: exactly its deal's (set by the game whenever that changes); None: ``_legal_now`` and ``_do``. They spare
        #: the playouts' hot path a call each. ``do`` says True when the deal asks no one any more: then
        #: ``_deal_paused`` acts.
        self._deal_legal: Callable[[], list[str]] | None = None
        self._deal_do: Callable[[Parsed, Refusal | None], bool] | None = None
        # ``_parsed_once`` as an instance attribute, read by every ``apply``: through the class it is a slower lookup,
        # which CPython 3.11 does not specialize
        self._parsed: dict[str, Any] = self._parsed_once

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

    def _deal_paused(self) -> None:
        """After ``_deal_do``, when the deal asks no one: the session's part (settle the deal, deal the next)."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may know, and nothing more (None: a spectator)."""

    @abstractmethod
    def result(self) -> dict[str, Any]:
        """The outcome so far: deals played and the money."""

    @abstractmethod
    def explain(self, event: Event, viewer: int | None = None) -> str:
        """The event in a sentence for the learner, as ``viewer`` may know it."""

    @abstractmethod
    def pots(self) -> list[Pot]:
        """The chips in the middle of the table now (Czech Bulka: the bank)."""

    @abstractmethod
    def deal_view(self, deal: D, seat: int | None) -> dict[str, Any]:
        """``deal`` as ``seat`` sees it now (its ``DealView`` keys and the game's own)."""

    @abstractmethod
    def deal_summary(self, deal: D) -> dict[str, Any]:
        """A deal as the referee reports it: public facts only."""

    # --- shared -------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.to_move is None

    @property
    def players(self) -> tuple[str, ...]:
        return self.setup.players

    @property
    def n(self) -> int:
        """How many seats the table has."""
        return len(self.setup.players)

    def session_view(self, seat: int | None) -> dict[str, Any]:
        """The ``SessionView`` keys of ``view(seat)`` now: what every game's view starts with."""
        to_move = self.to_move
        rules = self.rules
        return {
            "game": self.setup.game,
            "seat": seat,
            "players": list(self.setup.players),
            "pack": self.pack.art,
            "rules": rules.to_dict(),
            "rules_id": rules.rules_id,
            "chips": list(self.chips),
            "pots": [{"name": pot.name, "amount": pot.amount} for pot in self.pots()],
            "to_move": to_move,
            "legal": self.legal_actions() if seat is not None and seat == to_move else [],
            "deal": self.deal_view(self.deal, seat) if self.deal is not None else None,
            "previous": [self.deal_summary(d) for d in self.deals if d.over][-PREVIOUS:],
            "log": self.log_entries(seat, self.deals[-1].first_event if self.deals else 0, len(self.events)),
        }

    def log_entries(self, seat: int | None, start: int, stop: int) -> list[dict[str, Any]]:
        """Events ``start``…``stop - 1`` as the game explains them to ``seat`` (a view's log)."""
        return [self.log_entry(e, seat) for e in self.events[start:stop]]

    def log_entry(self, event: Event, seat: int | None) -> dict[str, Any]:
        """One event of a view's log: its kind, seat and the sentence for ``seat`` (a game may add public facts)."""
        return {"kind": event.kind, "seat": event.seat, "text": self.explain(event, seat)}

    # --- the log, deal by deal ------------------------------------------------------------
    def deal_end(self, k: int) -> int:
        """One past the last event of deal ``k`` (its settlement included)."""
        deals = self.deals
        return deals[k + 1].first_event if k + 1 < len(deals) else len(self.events)

    @abstractmethod
    def deal_decision(self, k: int) -> Decision:
        """What finished deal ``k`` decided: a redeal, a game or the match (see ``Decided``)."""

    def deal_index_of(self, event_index: int) -> int | None:
        """The deal (index into ``deals``) that event ``event_index`` belongs to; None before the first deal.

        The settlement after a deal (game over, payment, a new stake) belongs to the deal it ends.
        """
        found = None
        for k, deal in enumerate(self.deals):
            if deal.first_event <= event_index:
                found = k
        return found

    def view_at(self, seat: int | None, upto: int | None = None) -> dict[str, Any]:
        """``view(seat)`` as it looked once the first ``upto`` events had happened (None: all of them).

        Games deal the next deal inside the action that ends one, so after that action ``view(seat)``
        already shows the new deal; steppers and practice tables still want to show the finished deal (its
        tricks, outcome and log) until the learner moves on. This shows the deal event ``upto - 1`` belongs
        to, drawn by ``deal_view`` for the same seat, with the log cut at that event; a finished deal is
        shown with nothing asked of anyone (also the last deal of a record whose decks ran out, where the
        view has no deal). At the end of the log of the current deal it is ``view(seat)`` unchanged.
        """
        view = self.view(seat)
        total = len(self.events)
        upto, k = self._shown(upto)
        if upto == total and (k is None or self.deals[k] is self.deal):
            return view
        if k is None:  # before any card is dealt (the cut, the first stake)
            view.update(deal=None, to_move=None, legal=[], log=self.log_entries(seat, 0, upto), previous=[])
        else:
            deal = self.deals[k]
            view["deal"] = self.deal_view(deal, seat)
            view["log"] = self.log_entries(seat, deal.first_event, upto)
            if deal is not self.deal:
                view.update(to_move=None, legal=[])
                view["previous"] = [self.deal_summary(d) for d in self.deals[: k + 1] if d.over][-PREVIOUS:]
                self._past_view(view, deal)
        if upto < total:
            self._rewind(view, seat, upto)
        return view

    def _rewind(self, view: dict[str, Any], seat: int | None, upto: int) -> None:
        """Mend ``view`` (drawn from the state after every event) to the moment after event ``upto - 1``.

        The state moves in whole actions, and one action may cause several events (a card played, the trick
        won, the melds scored, the game paid); a game undoes in the view what the events from ``upto`` on
        did, so a stepped table shows each event's own moment. Exact when those events follow one action
        (a stepper replays up to the action that caused the event shown).
        """

    def moments(self, index: int, seat: int | None, open_hands: bool = False) -> list[tuple[str, dict[str, Any]]]:
        """Event ``index`` on a stepped table: (its sentence for ``seat``, the view once it had happened).

        Usually one; a game splits an event whose one sentence covers several moments on the table (Czech
        Bulka's deal, in its packets). ``open_hands``: every playing hand face up (``open_view``).
        """
        view = self.open_view(index + 1) if open_hands else self.view_at(seat, index + 1)
        return [(self.explain(self.events[index], seat), view)]

    def _shown(self, upto: int | None) -> tuple[int, int | None]:
        """``upto`` within the log (None: all of it) and the deal its last event belongs to (None: before any)."""
        total = len(self.events)
        upto = total if upto is None else min(upto, total)
        return upto, self.deal_index_of(upto - 1) if upto > 0 else None

    def _past_view(self, view: dict[str, Any], deal: D) -> None:
        """Mend the game's own keys of a view that shows a finished ``deal`` (e.g. who sat it out)."""

    def open_view(self, upto: int | None = None) -> dict[str, Any]:
        """A lesson demonstration: the spectator's ``view_at`` with every playing seat's hand face up
        (``deal["open_hands"]``), each from that seat's own view of the deal."""
        view = self.view_at(None, upto)
        if view["deal"] is not None:
            view["deal"]["open_hands"] = {s: self.view_at(int(s), upto)["deal"]["hand"]
                                          for s in view["deal"]["hand_counts"]}
        return view

    def legal_actions(self) -> list[str]:
        """Every action the seat to move may take now: the candidates whose verdict is ok."""
        at = len(self.actions)
        if self._legal_at == at:
            return self._legal.copy()  # a copy: the caller may change it, the cache must not change
        deal_legal = self._deal_legal
        legal = self._legal = deal_legal() if deal_legal is not None else self._legal_now()
        self._legal_at = at
        return legal.copy()

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
            parsed, refusal = self._parsed.get(action) or self._parse(action), None
        else:
            judged = self._judge(action, seat)
            if isinstance(judged, Refusal):
                raise IllegalAction(judged, action)
            parsed, refusal = judged
            if refusal is not None and not (refusal.renonc and self._renonc_accepted()):
                raise IllegalAction(refusal, action)
        events = self.events  # the one log, only ever appended to
        start = len(events)
        deal_do = self._deal_do
        if deal_do is None:
            self._do(parsed, refusal)
        elif deal_do(parsed, refusal):
            self._deal_paused()
        actions.append(action)
        return events[start:]

    def _judge(self, action: str, seat: int | None) -> Refusal | tuple[Parsed, Refusal | None]:
        to_move = self.to_move
        if to_move is None:
            return Refusal("nothing-to-do", "Nothing is asked of anyone now: the game is over or waits for a new deck.")
        if seat is not None and seat != to_move:
            return Refusal("not-your-turn", f"It is not your turn: {self.name(to_move)} is to move.")
        if not isinstance(action, str):
            return Refusal("unknown-action", f"{quote(action)} is not an action; actions are words like "
                                              f"{', '.join(self.legal_actions()[:3])}.")
        parsed = self._read(action)
        if isinstance(parsed, Refusal):
            return parsed
        return parsed, self._refusal(parsed)

    def _read(self, action: str) -> Parsed | Refusal:
        """The game's ``_parse`` of ``action``, after the rule every game shares: an action is written in ASCII
        digits (an amount, a card's rank), so one holding a digit of another script is refused, saying so."""
        digit = foreign_digit(action)
        if digit is not None:
            return Refusal("unknown-action", f"{quote(action)} cannot be read: {foreign_digit_text(digit)}. Write "
                                             "amounts and cards with the digits 0 to 9.")
        return self._parse(action)

    def unreadable(self, action: object) -> Refusal | None:
        """Why ``action`` could never be a legal action of this game, whatever the position (not a string, an
        unknown verb, a bad card code, cards that make no meld, a stray space or capital); None for a well-formed
        action, which the rules may still refuse now."""
        if not isinstance(action, str):
            return Refusal("unknown-action", f"{quote(action)} is not an action string")
        parsed = self._read(action)
        if not isinstance(parsed, Refusal):
            return None
        return parsed if self.unreadable_is_malformed or parsed.reason == "bad-card" else None

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
