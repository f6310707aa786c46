"""A session of Bouillotte at one table: the draw for the deal, the jetons before each seat, the dead money,
deal after deal until the decks run out or a player has no jeton left.

``Bouillotte`` is the game object lessons, bots and the referee use. It holds the current ``Deal`` and starts
the next one whenever a deal ends and a deck can be had.
"""
from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any

from ..cards import FRENCH
from ..dealing import DeckSource, shuffled
from ..errors import Refusal, ScenarioError
from ..events import Event
from ..game import Decision, Game, Pot
from ..records import Record
from .deal import HAND_SIZE, OVER, PARSED, THROWN_IN, VOID, Deal, Parsed, Table, parse_action
from .hands import mistigri_name
from .moments import rewind
from .rules import MAX_CHIPS, BouillotteRules, pack_for
from .text import explain
from .view import deal_view

DRAW_RANKS = ("8", "9", "X", "J", "Q", "K")  # the draw for seats: as many consecutive ranks as players, up to the king
_DRAW_CARDS = tuple(FRENCH.card(rank + "s") for rank in DRAW_RANKS)  # the spades drawn


class Bouillotte(Game[Deal]):
    game_id = "bouillotte"
    referee_keys = ("dealer",)  # the current or next dealer: the deal passes round the table
    unreadable_is_malformed = False  # its protocol refuses an unknown verb with the reason unknown-action

    def __init__(self, record: Record) -> None:
        super().__init__(record)
        n = self.n
        self.rules: BouillotteRules = BouillotteRules.from_dict(record.rules)
        self.pack = pack_for(n, self.rules)
        self.source = DeckSource.from_codes(self.pack, record.decks, record.seed)
        if record.queue is not None:
            raise ScenarioError("Bouillotte has no 'queue': every seat plays every deal")
        self.exposed = list(record.exposed)
        if len(self.exposed) > len(self.source.stacked):
            raise ScenarioError("'exposed' has more entries than there are decks")
        for index in self.exposed:
            if index is not None and index >= HAND_SIZE * n:
                raise ScenarioError(f"an exposed card is one dealt to the hands: index 0 to {HAND_SIZE * n - 1}, "
                                    f"not {index}")
        chips = list(record.chips) if record.chips is not None else [self.rules.start_chips] * n
        if len(chips) != n:
            raise ScenarioError(f"'chips' lists {len(chips)} seats; the table has {n}")
        if max(chips, default=0) > MAX_CHIPS:
            raise ScenarioError(f"'chips' gives a seat {max(chips):,} jetons; a seat starts with at most "
                                f"{MAX_CHIPS:,}, as with the house rule start_chips")
        self.table = Table(chips)
        self.chips = self.table.chips
        self.deals = []
        self.deal = None
        self.dealer = self._first_dealer(record)
        self._next_deal()

    @functools.cached_property
    def saint_james(self) -> bool:
        """Whether the mistigri is the jack of clubs, called Saint-James (the log's words say so)."""
        return mistigri_name(self.pack) == "brelan Saint-James"

    def _first_dealer(self, record: Record) -> int:
        n, dealer = self.n, record.dealer
        if dealer is not None:
            if not 0 <= dealer < n:
                raise ScenarioError(f"dealer {dealer} is not a seat: seats are 0 to {n - 1}")
            return dealer
        rng = self.source.rng
        if rng is None:
            raise ScenarioError("no 'dealer' is given and no 'seed' to draw for the deal with")
        drawn = shuffled(_DRAW_CARDS[-n:], rng)
        king = next(s for s, c in enumerate(drawn) if c.code[0] == "K")
        self.events.append(Event("draw", None, {"cards": [c.code for c in drawn], "dealer": king}))
        return king

    # --- deals ------------------------------------------------------------------------
    def _next_deal(self, carried: Deal | None = None) -> None:
        if carried is None:
            ruined = [s for s in range(self.n) if self.chips[s] == 0]
            if ruined:
                self.deal = None
                self.events.append(Event("session-over", None, {"ruined": ruined}))
                return
        deck = self.source.next_deck()
        if deck is None:
            if carried is not None:  # a void deal with no deck left to deal it again: its stakes stay as dead money
                amount = sum(carried.stakes)
                self.table.dead += amount
                self.events.append(Event("void-stakes", None, {"amount": amount, "dead": self.table.dead}))
            self.deal = None
            return
        used = self.source.used - 1
        exposed = self.exposed[used] if used < len(self.exposed) else None
        number = len(self.deals) + 1
        self.deal = Deal(self.rules, self.pack, self.table, self.dealer, number, deck, self.events, exposed, carried)
        self.deals.append(self.deal)
        if self.deal.over:  # a void deal asks nobody anything
            self._deal_over(self.deal)

    def _deal_over(self, deal: Deal) -> None:
        outcome = deal.outcome
        assert outcome is not None, "the deal is over"
        self.events.append(Event("deal-end", outcome.winner, {"result": outcome.result, "chips": list(self.chips),
                                                              "dead": self.table.dead}))
        if outcome.result == VOID:
            self._next_deal(carried=deal)
            return
        if self.rules.deal_passes == "always" or deal.opened is None:
            self.dealer = (self.dealer + 1) % self.n
        self._next_deal()

    # --- the Game shape ---------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return self.deal.to_move if self.deal is not None else None

    def _candidates(self) -> Iterable[tuple[str, Parsed]]:
        return self.deal.candidates() if self.deal is not None else ()

    def _legal_now(self) -> list[str]:
        return self.deal.legal() if self.deal is not None else []

    _parse = staticmethod(parse_action)
    _parsed_once = PARSED

    def _current(self) -> Deal:
        deal = self.deal
        assert deal is not None, "no deal is being played"
        return deal

    def _refusal(self, parsed: Parsed) -> Refusal | None:
        return self._current().refusal(parsed)

    def _do(self, parsed: Parsed, renonc: Refusal | None) -> None:
        deal = self._current()
        deal.do(parsed)
        if deal.phase == OVER:
            self._deal_over(deal)

    # --- money --------------------------------------------------------------------------
    def pots(self) -> list[Pot]:
        """The pot and the side pots as they stand (pot 1 holds the dead money); between deals, the dead money."""
        deal = self.deal
        if deal is None or deal.over:
            return [Pot("pot", self.table.dead)]
        shares = deal.pots_now()
        return [Pot("pot" if j == 0 else f"side pot {j}", share.amount) for j, share in enumerate(shares)]

    # --- what seats see and what happened ----------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        view = self.session_view(seat)
        view.update(dead=self.table.dead, dealer=self.dealer, start_chips=self.rules.start_chips)
        return view

    def deal_view(self, deal: Deal, seat: int | None) -> dict[str, Any]:
        return deal_view(deal, seat)

    def _rewind(self, view: dict[str, Any], seat: int | None, upto: int) -> None:
        """A stepped table at one event of the showdown: the hands shown so far, the pots and brelans told so far."""
        k = self.deal_index_of(upto - 1) if upto > 0 else None
        if k is None or view.get("deal") is None:
            return
        deal = self.deals[k]
        rewind(deal, view, self.events[deal.first_event:upto], self.events[upto:self.deal_end(k)], upto)

    def _past_view(self, view: dict[str, Any], deal: Deal) -> None:
        """A finished deal is shown with the jetons and the dead money its end left: the next dealer's jeton
        belongs to the next deal, so the plates say what the result box and the log say."""
        k = self.deals.index(deal)
        end = next((e for e in reversed(self.events[deal.first_event:self.deal_end(k)]) if e.kind == "deal-end"),
                   None)
        if end is not None and end.data["result"] != VOID:  # a void deal's stakes stay on for the redeal
            view.update(chips=list(end.data["chips"]), dead=end.data["dead"],
                        pots=[{"name": "pot", "amount": end.data["dead"]}])

    def explain(self, event: Event, viewer: int | None = None) -> str:
        return explain(event.for_seat(viewer), self.setup.players, viewer, self.saint_james)

    def deal_summary(self, deal: Deal) -> dict[str, Any]:
        """A deal in public facts: the hands shown (a hand never shown is null), the stakes, the pots, the brelans
        paid and each seat's jetons after it."""
        summary = self._summary(deal)
        summary["hands"] = [summary["hands"][s] if s in deal.shown else None for s in range(self.n)]
        return summary

    def _summary(self, deal: Deal) -> dict[str, Any]:
        outcome = deal.outcome
        k = self.deals.index(deal)
        end = self.events[self.deal_end(k) - 1] if deal.over else None
        chips = list(end.data["chips"]) if end is not None and end.kind == "deal-end" else list(self.chips)
        showdown = outcome is not None and outcome.result == "showdown"
        return {
            "number": deal.number,
            "dealer": deal.dealer,
            "first": deal.first,
            "players": list(deal.seats),
            "hands": [[c.code for c in deal.hands[s]] for s in deal.seats],
            "retourne": deal.retourne.code if deal.retourne is not None else None,
            "exposed": deal.deck[deal.exposed].code if deal.exposed is not None else None,
            "blinds": [b.to_dict() for b in deal.blinds],
            "opened": deal.opened,
            "stakes": list(deal.stakes),
            "folded": sorted(deal.folded),
            "shown": sorted(deal.shown),
            "turned": [{"seat": s, "which": w, "card": c.code} for s, w, c in deal.turned],
            "result": outcome.result if outcome is not None else None,
            "winner": outcome.winner if outcome is not None else None,
            "pots": ([p.to_dict(showdown) for p in outcome.pots] if outcome is not None else
                     [{"amount": p.amount, "level": None, "contenders": list(p.contenders), "winner": None,
                       "hand": None, "rank": None, "suit": None, "total": None, "suits": None}
                      for p in deal.pots_now()]),
            "brelans": [b.to_dict() for b in outcome.brelans] if outcome is not None else [],
            "chips": chips,
        }

    def deal_decision(self, k: int) -> Decision:
        """A void or thrown-in deal is dealt again; any other decides a game; a deal after which a player has no
        jeton left ends the session, the match."""
        events = self.events[self.deals[k].first_event:self.deal_end(k)]
        over = next((e for e in events if e.kind == "session-over"), None)
        if over is not None:
            return Decision("match", over)
        end = next((e for e in reversed(events) if e.kind == "deal-end"), None)
        if end is None or end.data["result"] in (VOID, THROWN_IN):
            return Decision("redeal", None)
        return Decision("game", end)

    def result(self) -> dict[str, Any]:
        """The referee's report: every deal with every hand as dealt (the scenario's author knows the decks)."""
        return {"deals": [self._summary(d) for d in self.deals],
                "bank": {"pot": self.table.dead, "chips": list(self.chips)}, "dealer": self.dealer}

