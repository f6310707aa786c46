"""A session of Trappola at one table: the draw for order, the Bulka and its stakes, payments, streaks, Pro, Alifer,
the winner-stays rotation and the reseating when the Bulka is won.

``TrappolaBulka`` is the game object lessons, bots and the referee use. Two players play Partien for points only
(no Bulka, no payments); three or four play for the Bulka, two at a time, the others waiting in a queue. Leaving,
joining and the final split are table commands (``leave``, ``join_allowed``, ``split``), not actions.
"""
from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from ..dealing import DeckSource, shuffled
from ..errors import Refusal, ScenarioError
from ..events import Event, make_event, seat_keys
from ..game import Decided, Decision, Game, Pot
from ..records import Record
from .deal import OVER, PARSED, PRO, Outcome, Parsed, Partie, parse_action
from .moments import deal_moments, rewind
from .rules import PACK, TrappolaRules
from .text import explain
from .view import deal_view

PRO_STREAK = 2  # wins in a row before Pro may be announced


class TrappolaBulka(Game[Partie]):
    game_id = "trappola"
    pack = PACK
    referee_keys = ("dealer", "challenger", "queue", "multiplier", "bulka")
    unreadable_is_malformed = False  # its protocol refuses an unknown verb with the reason unknown-action

    def __init__(self, record: Record) -> None:
        super().__init__(record)
        self.rules: TrappolaRules = TrappolaRules.from_dict(record.rules)
        n = self.n
        self.with_bulka = n > 2  # three or four players play for a Bulka; two play for points only
        self.source = DeckSource.from_codes(PACK, record.decks, record.seed)
        self.pot = 0  # the Bulka (three or four players)
        self.chips = [0] * n
        self.streaks = [0] * n
        self.bulka = 1
        self.multiplier = 1
        self.deals = []
        self.deal = None
        self.left: list[int] = []  # seats that left the table (their stakes stay in the Bulka)
        self.split_done = False
        self.dealer, self.challenger, self.queue = self._seat_players(record)
        self._announce_seats()
        self._next_partie(replay=False, pro=None)

    # --- seats --------------------------------------------------------------------------------------------------
    def _seat_players(self, record: Record) -> tuple[int, int, list[int]]:
        n, dealer, queue = self.n, record.dealer, record.queue
        if dealer is not None and not 0 <= dealer < n:
            raise ScenarioError(f"dealer {dealer} is not a seat: seats are 0 to {n - 1}")
        if n == 2:
            if queue:
                raise ScenarioError("with two players there is no 'queue': the other seat challenges")
            if dealer is not None:
                return dealer, 1 - dealer, []
            return self._draw(self._rng())
        if (dealer is None) != (queue is None):
            raise ScenarioError(f"with {n} players give both 'dealer' and 'queue' (the {n - 2} waiting seat(s) in "
                                "order), or neither (the draw decides)")
        if dealer is None or queue is None:
            return self._draw(self._rng())
        waiting = list(queue)
        if (len(waiting) != n - 2 or len(set(waiting)) != len(waiting) or dealer in waiting
                or not all(0 <= q < n for q in waiting)):
            raise ScenarioError(f"with {n} players 'queue' lists the {n - 2} waiting seat(s), each once, not the "
                                "dealer")
        challenger = next(s for s in range(n) if s != dealer and s not in waiting)
        return dealer, challenger, waiting

    def _rng(self) -> random.Random:
        rng = self.source.rng
        if rng is None:
            raise ScenarioError("no 'dealer' is given and no 'seed' to draw for order with")
        return rng

    def _draw(self, rng: random.Random, seats: list[int] | None = None) -> tuple[int, int, list[int]]:
        """Everyone draws a card: the lowest deals, the highest challenges, the others queue highest first; any
        tie: all draw again."""
        seats = list(range(self.n)) if seats is None else seats
        while True:
            cards = shuffled(PACK.cards, rng)[: len(seats)]
            drawn = ["" for _ in range(self.n)]
            for seat, card in zip(seats, cards, strict=True):
                drawn[seat] = card.code
            self.events.append(Event("draw", None, {"cards": drawn}))
            if len({c.rank for c in cards}) == len(cards):
                break
            self.events.append(Event("draw-tie", None, {}))
        order = [s for _, s in sorted(zip((c.rank for c in cards), seats, strict=True), reverse=True)]
        return order[-1], order[0], order[1:-1]

    def _announce_seats(self) -> None:
        self.events.append(make_event(("seats", None, {"dealer": self.dealer, "challenger": self.challenger,
                                                       "queue": list(self.queue)}, None)))

    # --- Partien ------------------------------------------------------------------------------------------------
    def _next_partie(self, replay: bool, pro: int | None) -> None:
        deck = self.source.next_deck()
        if deck is None:
            self.deal = self._deal_legal = self._deal_do = None
            return
        ask_pro = self.with_bulka and not replay and self.streaks[self.dealer] >= PRO_STREAK
        partie = Partie(self.rules, self.dealer, self.challenger, deck, len(self.deals) + 1, self.events,
                        multiplier=self.multiplier, ask_pro=ask_pro, pro=pro if replay else None, replay=replay,
                        tie_replays=self.with_bulka or self.rules.two_player_alifer)
        partie.chips_before = list(self.chips)
        partie.chips_delta = [0] * self.n
        partie.bulka_number = self.bulka
        self.deals.append(partie)
        self.deal = partie
        self._deal_legal, self._deal_do = partie.legal_actions, partie.do  # the session's are the Partie's (to a split)
        if not ask_pro:
            self._begin(partie)

    def _begin(self, partie: Partie) -> None:
        """The stakes (three or four players), then the deal."""
        if self.with_bulka:
            base = self.rules.stake * partie.multiplier
            for seat in partie.seats:
                amount = base * (2 if seat == partie.pro else 1)
                self.chips[seat] -= amount
                self.pot += amount
                self.events.append(make_event(("stake", seat, {"amount": amount, "pot": self.pot,
                                                               "pro": seat == partie.pro,
                                                               "multiplier": partie.multiplier}, None)))
        partie.start()

    def _settle(self, partie: Partie) -> None:
        outcome = partie.outcome
        assert outcome is not None, "the Partie is over"
        if self.with_bulka and outcome.result != "renonc":
            self._payments(partie)
        winner, loser = outcome.winner, outcome.loser
        decided = winner is not None and loser is not None
        if winner is not None and loser is not None:
            self.streaks[winner] += 1
            self.streaks[loser] = 0
        self.events.append(make_event(("partie-over", winner, {
            "winner": winner, "loser": loser, "result": outcome.result, "multiplier": partie.multiplier,
            "points": seat_keys(outcome.points),
            "streak": self.streaks[winner] if winner is not None else 0, "bulka": self.with_bulka,
            "pro": partie.pro}, None)))
        if not decided:  # a tie decides nothing: the same roles again (Alifer: the multiplier doubled)
            if outcome.result == "alifer":
                self.multiplier *= 2
            self._close(partie)
            self._next_partie(replay=outcome.result == "alifer", pro=partie.pro)
            return
        assert winner is not None and loser is not None
        self.multiplier = 1
        if partie.pro is not None and partie.pro == winner:
            won = self.pot
            self.chips[winner] += won
            self.pot = 0
            partie.pot_won = {"seat": winner, "chips": won}
            self.events.append(make_event(("bulka-won", winner, {"chips": won, "bulka": self.bulka}, None)))
            self.bulka += 1
            self.streaks = [0] * self.n
            self._reseat_after_bulka(winner, loser)
        else:
            if partie.pro is not None:
                self.events.append(Event("pro-lost", partie.pro, {}))
            self.dealer = winner
            if self.queue:
                self.challenger = self.queue.pop(0)
                self.queue.append(loser)
            else:
                self.challenger = loser
        self._close(partie)
        self._announce_seats()
        self._next_partie(replay=False, pro=None)

    def _close(self, partie: Partie) -> None:
        delta = []
        for now, before in zip(self.chips, partie.chips_before, strict=True):  # a loop: every Partie (CPython 3.11)
            delta.append(now - before)
        partie.chips_delta = delta

    def _reseat_after_bulka(self, winner: int, loser: int) -> None:
        if self.rules.bulka_won_seating == "redraw":
            rng = self.source.rng or random.Random(f"trappola-redraw-{self.bulka}")
            self.dealer, self.challenger, self.queue = self._draw(rng, self._present())
            return
        if len(self.queue) == 1:  # three players: the Pro loser deals, the waiting player challenges
            self.dealer, self.challenger, self.queue = loser, self.queue[0], [winner]
        else:  # four: the two waiting players play (the head challenges), then the loser, then the winner
            self.challenger, self.dealer = self.queue[0], self.queue[1]
            self.queue = [*self.queue[2:], loser, winner]

    def _present(self) -> list[int]:
        return [s for s in range(self.n) if s not in self.left]

    def _payments(self, partie: Partie) -> None:
        """Figura are paid directly by the opponent; trick bonuses by the earner's opponent into the Bulka; each at
        points × stake/10 × the multiplier."""
        f = self.rules.factor * partie.multiplier
        for seat in partie.seats:
            opponent = partie.other(seat)
            for declared in partie.declared[seat]:
                amount = declared.points * f
                self.chips[opponent] -= amount
                self.chips[seat] += amount
                self.events.append(make_event(("pay-figura", seat, {"from": opponent, "amount": amount,
                                                                    "name": declared.figura.name()}, None)))
        for bonus in partie.bonuses():
            opponent = partie.other(bonus.seat)
            amount = bonus.points * f
            self.chips[opponent] -= amount
            self.pot += amount
            self.events.append(make_event(("pay-bonus", bonus.seat, {"from": opponent, "amount": amount,
                                                                     "bonus": bonus.bonus, "pot": self.pot}, None)))

    # --- table commands: leaving, joining, the end of play -----------------------------------------------------
    def leave(self, seat: int) -> Refusal | None:
        """``seat`` leaves the table (not while in a Partie); its stakes stay in the Bulka. A Refusal says why not."""
        partie = self.deal
        if seat in self.left:
            return Refusal("not-now", f"{self.name(seat)} has left the table already.")
        if partie is not None and seat in partie.seats and not partie.over:
            return Refusal("not-now", f"{self.name(seat)} is playing this Partie: a Partie begun is played to the "
                                      "end before one may leave.")
        if partie is None and seat in (self.dealer, self.challenger):
            return Refusal("not-now", f"{self.name(seat)} is to play the next Partie.")
        if len(self._present()) <= 2:
            return Refusal("not-now", "Two players must stay for play to go on; end the play with a split.")
        if seat in self.queue:
            self.queue.remove(seat)
        self.left.append(seat)
        self.events.append(Event("leave", seat, {"queue": list(self.queue)}))
        self._legal_at = -1
        return None

    def join_allowed(self) -> bool:
        """Whether a newcomer may join now (all players consenting): the Bulka is empty, or so few Partien were
        played since it was last emptied that, queued last, he would not yet have come to challenge."""
        if self.pot == 0:
            return True
        since = [p for p in self.deals if p.bulka_number == self.bulka]
        return len(since) < len(self.queue) + 1

    def split(self) -> Refusal | None:
        """The end of play: the Bulka is shared equally by the players at the table (after a pending Pro Partie);
        what does not divide stays on the table as the remainder, reported."""
        partie = self.deal
        if partie is not None and partie.pro is not None and not partie.over:
            return Refusal("not-now", "A Pro Partie is under way: it is played out before the Bulka is split.")
        if partie is not None and partie.phase == PRO:
            return Refusal("not-now", "Pro is being asked: the answer, and a Pro Partie, come before the split.")
        present = self._present()
        share, rest = divmod(self.pot, len(present))
        for seat in present:
            self.chips[seat] += share
        self.pot = rest
        self.split_done = True
        self._deal_legal = self._deal_do = None  # nothing is asked any more (``_legal_now``)
        self.events.append(Event("split", None, {"share": share, "seats": present, "remainder": rest}))
        self._legal_at = -1  # no action was taken, yet nothing is asked any more: the listed actions are stale
        return None

    # --- the Game shape ----------------------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        if self.split_done:
            return None
        return self.deal.to_move if self.deal is not None else None

    def _legal_now(self) -> list[str]:
        return self.deal.legal_actions() if self.deal is not None and not self.split_done else []

    def _candidates(self) -> Iterable[tuple[str, Parsed]]:
        return self.deal.candidates() if self.deal is not None else ()

    _parse = staticmethod(parse_action)
    _parsed_once = PARSED

    def _refusal(self, parsed: Parsed) -> Refusal | None:
        deal = self.deal
        assert deal is not None, "no Partie is being played"
        return deal.refusal(parsed)

    def _renonc_accepted(self) -> bool:
        return self.rules.renonc_mode

    def _do(self, parsed: Parsed, renonc: Refusal | None) -> None:
        partie = self.deal
        assert partie is not None, "an action is taken only while a Partie is played"
        if partie.do(parsed, renonc):
            self._deal_paused()

    def _deal_paused(self) -> None:
        partie = self.deal
        assert partie is not None, "a Partie was being played"
        if partie.phase == PRO:  # Pro answered: the stakes, then the deal
            self._begin(partie)
        elif partie.phase == OVER:
            self._settle(partie)

    # --- what seats see and what happened ------------------------------------------------------------------------
    def waiting(self, partie: Partie | None = None) -> list[int]:
        partie = partie or self.deal
        seats = partie.seats if partie is not None else (self.dealer, self.challenger)
        return [s for s in range(self.n) if s not in seats and s not in self.left]

    def view(self, seat: int | None) -> dict[str, Any]:
        view = self.session_view(seat)
        view.update(bulka=self.bulka if self.with_bulka else None, pot=self.pot, streaks=list(self.streaks),
                    dealer=self.dealer, challenger=self.challenger, queue=list(self.queue),
                    waiting=self.waiting(), multiplier=self.multiplier, left=list(self.left),
                    pro=self.deal.pro if self.deal is not None else None)
        return view

    def _past_view(self, view: dict[str, Any], deal: Partie) -> None:
        view.update(waiting=self.waiting(deal), pro=deal.pro, multiplier=deal.multiplier, dealer=deal.dealer,
                    challenger=deal.challenger)

    def _rewind(self, view: dict[str, Any], seat: int | None, upto: int) -> None:
        rewind(self, view, seat, upto)  # trappola/moments.py: the trick before it is won, the pot before it is paid

    def moments(self, index: int, seat: int | None, open_hands: bool = False) -> list[tuple[str, dict[str, Any]]]:
        """The deal in its packets of three (trappola/moments.py), else one moment per event."""
        moments = super().moments(index, seat, open_hands)
        if self.events[index].kind == "deal":
            return deal_moments(self, index, seat, moments[0][1])
        return moments

    def pots(self) -> list[Pot]:
        return [Pot("Bulka", self.pot)]

    def deal_view(self, deal: Partie, seat: int | None) -> dict[str, Any]:
        return deal_view(deal, seat, self.n)

    def explain(self, event: Event, viewer: int | None = None) -> str:
        return explain(event.for_seat(viewer), self.setup.players, viewer)

    def deal_summary(self, deal: Partie) -> dict[str, Any]:
        """A Partie as the referee reports it. The Figura are given in full: a finished Partie's Figura are laid
        down to be counted (and the views show only finished Partien's summaries)."""
        outcome: Outcome | None = deal.outcome
        n, seats = self.n, deal.seats
        finished = outcome is not None and outcome.result != "renonc"
        pts = deal.scores() if finished else deal.card_points()
        bonuses = deal.bonuses()
        return {
            "number": deal.number,
            "dealer": deal.dealer,
            "challenger": deal.challenger,
            "players": sorted(seats),
            "pro": deal.pro,
            "multiplier": deal.multiplier,
            "stock_card": deal.stock_card.code if deal.dealt else None,
            "winner": outcome.winner if outcome else None,
            "result": outcome.result if outcome else None,
            "points": [pts.get(s) if s in seats else None for s in range(n)],
            "declarations": [[{"meld": d.figura.code, "points": d.points, "trick": d.trick, "manko": d.manko}
                              for d in deal.declared[s]] if s in seats else None for s in range(n)],
            "bonuses": [[{"bonus": b.bonus, "tricks": list(b.tricks), "points": b.points} for b in bonuses
                         if b.seat == s] if s in seats else None for s in range(n)],
            "tricks": [{"cards": [c.code for _, c in trick], "winner": w} for trick, w in deal.tricks],
            "renonc": ({"seat": outcome.loser, "reason": outcome.renonc.reason}
                       if outcome is not None and outcome.renonc is not None else None),
            "chips": list(deal.chips_delta) if deal.over else [a - b for a, b in zip(self.chips, deal.chips_before,
                                                                                     strict=True)],
            "pot_won": deal.pot_won,
            "stock_exchange": ({str(s): deal.exchanged.get(s) for s in seats} if self.rules.stock_exchange else None),
        }

    def deal_decision(self, k: int) -> Decision:
        """The Bulka won decides the match, a won (or renonc) Partie a game; a tie (Alifer, a draw) is played again."""
        events, won, over = self.events, None, None
        for i in range(self.deal_end(k) - 1, self.deals[k].first_event - 1, -1):  # from the settlement back
            kind = events[i].kind
            if kind == "bulka-won":
                won = events[i]
            elif kind == "partie-over":  # one a Partie, which the Bulka won follows
                over = events[i]
                break
        if won is not None:
            return Decision("match", won)
        decided: Decided = "game" if over is not None and over.data["winner"] is not None else "redeal"
        return Decision(decided, over if decided == "game" else None)

    def result(self) -> dict[str, Any]:
        return {"deals": [self.deal_summary(d) for d in self.deals],
                "bank": {"pot": self.pot, "chips": list(self.chips)},
                "streaks": list(self.streaks), "dealer": self.dealer, "challenger": self.challenger,
                "queue": list(self.queue), "multiplier": self.multiplier,
                "bulka": self.bulka if self.with_bulka else None}

