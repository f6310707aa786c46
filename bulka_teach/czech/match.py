"""A session of Czech Bulka at one table: the cut, the bank, streaks, the 3-player rotation.

``CzechBulka`` is the game object lessons, bots and the referee use. It holds the current
``Deal`` and starts the next one whenever a deal ends and a deck can be had.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..dealing import DeckSource, shuffled
from ..errors import Refusal, ScenarioError
from ..events import Event, make_event
from ..game import Decided, Decision, Game, Pot
from ..records import Record
from .deal import OVER, PARSED, Deal, Outcome, Parsed, parse_action
from .moments import cut_view, deal_moments, rewind
from .rules import PACK, SUITS, CzechRules
from .text import explain
from .view import deal_view

BANK_STREAK = 3
STREAK_WORDS = {0: "", 1: "novej (one win)", 2: "nahoře (one win from the bank)"}
_DECIDES: dict[str, Decided] = {"bank-won": "match", "game-over": "game"}  # the bank won follows its game over


class CzechBulka(Game[Deal]):
    game_id = "czech-bulka"
    pack = PACK

    def __init__(self, record: Record) -> None:
        super().__init__(record)
        self.rules: CzechRules = CzechRules.from_dict(record.rules)
        n = self.n
        self.source = DeckSource.from_codes(PACK, record.decks, record.seed)
        self.bank = 0
        self.chips = [0] * n
        self.streaks = [0] * n
        self.bulka = 1
        self.game_number = 1
        self.deals = []
        self.deal = None
        dealer, opponent = self._seat_players(record)
        self.sitting_out: int | None = next((s for s in range(n) if s not in (dealer, opponent)), None)
        self._ante()
        self._next_deal(dealer, opponent, number=1)

    # --- seats ------------------------------------------------------------------------
    def _seat_players(self, record: Record) -> tuple[int, int]:
        n, dealer, queue = self.n, record.dealer, record.queue
        if dealer is not None and not 0 <= dealer < n:
            raise ScenarioError(f"dealer {dealer} is not a seat: seats are 0 to {n - 1}")
        if n == 2 and queue is not None:
            raise ScenarioError("'queue' names the seat sitting out, and with two players nobody sits out: "
                                "leave 'queue' out")
        if n == 2 and dealer is not None:
            return dealer, 1 - dealer
        if n == 3 and dealer is not None and queue is not None:
            if len(queue) != 1 or queue[0] == dealer or not 0 <= queue[0] < n:
                raise ScenarioError("with three players 'queue' lists the one seat sitting out, not the dealer")
            return dealer, 3 - dealer - queue[0]
        if n == 3 and (dealer is None) != (queue is None):
            raise ScenarioError("with three players give both 'dealer' and 'queue', or neither (the cut decides)")
        return self._cut()

    def _cut(self) -> tuple[int, int]:
        """Everyone cuts; the highest deals, the lowest plays against him, the middle one sits out."""
        rng = self.source.rng
        if rng is None:
            raise ScenarioError("no 'dealer' is given and no 'seed' to cut for seats with")
        while True:
            cut = shuffled(PACK.cards, rng)[: self.n]
            self.events.append(Event("cut", None, {"cards": [c.code for c in cut]}))
            if len({c.rank for c in cut}) == self.n:
                break
            self.events.append(Event("cut-tie", None, {}))
        order = sorted(range(self.n), key=lambda s: cut[s].rank)
        return order[-1], order[0]

    def _ante(self) -> None:
        stake = self.rules.stake
        for s in range(self.n):
            self.chips[s] -= stake
        self.bank += stake * self.n
        self.events.append(make_event(("ante", None, {"bulka": self.bulka, "stake": stake, "bank": self.bank}, None)))

    # --- deals ------------------------------------------------------------------------
    def _next_deal(self, dealer: int, opponent: int, number: int) -> None:
        deck = self.source.next_deck()
        if deck is None:
            self.deal = self._deal_legal = self._deal_do = None
            return
        self.deal = Deal(self.rules, dealer, opponent, deck, number, self.events)
        self.deals.append(self.deal)
        self._deal_legal, self._deal_do = self.deal.legal_actions, self.deal.do  # the session's are the deal's

    def _deal_over(self, deal: Deal) -> None:
        outcome = deal.outcome
        assert outcome is not None, "the deal is over"
        if outcome.kind == "redeal":
            # the other player shuffles and deals the next deal of the same game
            self._next_deal(deal.forehand, deal.dealer, deal.number + 1)
            return
        self._settle(outcome)

    def _settle(self, outcome: Outcome) -> None:
        winner, loser = outcome.winner, outcome.loser
        assert winner is not None and loser is not None, "a game that is decided has a winner and a loser"
        penalty = self.rules.stake if outcome.pays else 0
        self.streaks[winner] += 1
        self.streaks[loser] = 0
        self.game_number += 1
        self.events.append(make_event(("game-over", winner, {"loser": loser, "kind": outcome.kind, "penalty": penalty,
                                                             "streak": self.streaks[winner]}, None)))
        bank_won = self.streaks[winner] >= BANK_STREAK
        if bank_won:
            self.chips[winner] += self.bank
            self.events.append(make_event(("bank-won", winner, {"bank": self.bank}, None)))
            self.bank = 0
            self.bulka += 1
            self.streaks = [0] * self.n
            self._ante()  # the loser's penalty then goes into the new bank
        self._pay(loser, penalty)
        # next game: the winner deals (in a new bulka the loser does) against the one who sat out,
        # and the other of the two sits out; with two players the same two play again
        dealer, other = (loser, winner) if bank_won else (winner, loser)
        if self.sitting_out is None:
            opponent = other
        else:
            opponent, self.sitting_out = self.sitting_out, other
        self._next_deal(dealer, opponent, number=1)

    def _pay(self, seat: int, amount: int) -> None:
        if amount:
            self.chips[seat] -= amount
            self.bank += amount
            self.events.append(make_event(("pay", seat, {"amount": amount, "bank": self.bank}, None)))

    # --- the Game shape ---------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return self.deal.to_move if self.deal is not None else None

    def _legal_now(self) -> list[str]:
        return self.deal.legal_actions() if self.deal is not None else []

    def _candidates(self) -> Iterable[tuple[str, Parsed]]:
        return self.deal.candidates() if self.deal is not None else ()

    _parse = staticmethod(parse_action)
    _parsed_once = PARSED

    def _refusal(self, parsed: Parsed) -> Refusal | None:
        return self._current().refusal(parsed)

    def _current(self) -> Deal:
        """The deal being played: verdicts and actions come only while someone is to move, so there is one."""
        deal = self.deal
        assert deal is not None, "no deal is being played"
        return deal

    def _renonc_accepted(self) -> bool:
        return self.rules.renonc_mode

    def _do(self, parsed: Parsed, renonc: Refusal | None) -> None:
        if self._current().do(parsed, renonc):
            self._deal_paused()

    def _deal_paused(self) -> None:
        deal = self._current()
        if deal.phase == OVER:
            self._deal_over(deal)

    # --- what seats see and what happened ----------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        view = self.session_view(seat)
        view.update(bulka=self.bulka, game_number=self.game_number, bank=self.bank, streaks=list(self.streaks),
                    streak_words=[STREAK_WORDS.get(s, "") for s in self.streaks], sitting_out=self.sitting_out)
        return view

    def pots(self) -> list[Pot]:
        return [Pot("bank", self.bank)]

    def deal_view(self, deal: Deal, seat: int | None) -> dict[str, Any]:
        return deal_view(deal, seat)

    def log_entry(self, event: Event, seat: int | None) -> dict[str, Any]:
        """One event of a view's log; a trump answer's entry also carries its suit (public: the table said it
        aloud, and the bots read it to guess what the answering hand held)."""
        entry = {"kind": event.kind, "seat": event.seat, "text": self.explain(event, seat)}
        if event.kind in ("take", "pass"):
            entry["suit"] = event.data["suit"]
        return entry

    def _past_view(self, view: dict[str, Any], deal: Deal) -> None:
        if self.n > 2:
            view["sitting_out"] = next(s for s in range(self.n) if s not in deal.seats)

    def _rewind(self, view: dict[str, Any], seat: int | None, upto: int) -> None:
        rewind(self, view, seat, upto)  # czech/moments.py: the trick before it is won, the bank before it is paid
        view["streak_words"] = [STREAK_WORDS.get(s, "") for s in view["streaks"]]

    def moments(self, index: int, seat: int | None, open_hands: bool = False) -> list[tuple[str, dict[str, Any]]]:
        """The cut with its cards on the table, the deal in its packets (czech/moments.py), else one moment."""
        moments = super().moments(index, seat, open_hands)
        event = self.events[index]
        if event.kind == "cut":
            return [(text, cut_view(view, event)) for text, view in moments]
        if event.kind == "deal":
            return deal_moments(self, index, seat, moments[0][1])
        return moments

    def explain(self, event: Event, viewer: int | None = None) -> str:
        return explain(event.for_seat(viewer), self.setup.players, viewer)

    def deal_summary(self, deal: Deal) -> dict[str, Any]:
        """A deal as the referee reports it (public facts once the deal is over)."""
        outcome = deal.outcome
        seats = deal.seats
        pts: list[int | None] | None = None
        if outcome is not None and outcome.points is not None:
            pts = [outcome.points.get(s) for s in range(self.n)]
        elif outcome is None:
            won = deal.card_points()
            pts = [won.get(s) for s in range(self.n)]
        bela = deal.bela() if outcome is not None and outcome.points is not None else None
        return {
            "number": deal.number,
            "dealer": deal.dealer,
            "forehand": deal.forehand,
            "players": sorted(seats),
            "trump": SUITS[deal.trump] if deal.trump is not None else None,
            "declarer": deal.declarer,
            "winner": outcome.winner if outcome else None,
            "result": outcome.kind if outcome else None,
            "points": pts,
            "melds": [{"seat": deal.meld_winner, "meld": m.code, "points": m.points} for m in deal.scored_melds],
            "bela": {"seat": bela, "points": 40} if bela is not None else None,
            "tricks": [{"cards": [c.code for _, c in trick], "winner": w} for trick, w in deal.tricks],
            "renonc": ({"seat": outcome.loser, "reason": outcome.renonc.reason}
                       if outcome is not None and outcome.renonc is not None else None),
        }

    def deal_decision(self, k: int) -> Decision:
        """A bank won ends a bulka (the match), a game over a game; a deal nobody took trumps in is dealt again.

        Read from the deal's last event back: its settlement (game over, then the bank won) ends its log.
        """
        events = self.events
        for i in range(self.deal_end(k) - 1, self.deals[k].first_event - 1, -1):
            kind = events[i].kind
            if kind in _DECIDES:
                return Decision(_DECIDES[kind], events[i])
        return Decision("redeal", None)

    def result(self) -> dict[str, Any]:
        return {"deals": [self.deal_summary(d) for d in self.deals],
                "bank": {"pot": self.bank, "chips": list(self.chips)},
                "streaks": list(self.streaks), "bulka": self.bulka}
