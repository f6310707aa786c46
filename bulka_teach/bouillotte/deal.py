"""One deal of Bouillotte, from the game jeton to the last payment (the protocol's "A deal, step by step").

Phases: the carre (first hand, before the cards) → the contre-carre (the next seat) → the deal and the
retourne → the betting → the brelan carré anglais questions → the settlement (the pots, then the brelans).
A card exposed in the deal makes it void: the brelans in hand are shown and paid, the stakes stay, and the same
dealer deals again. Every refused action has a reason code and a sentence for the player.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ..cards import Card, Pack
from ..errors import Refusal
from ..events import Event
from ..quoting import quote
from .hands import CARRE, MISTIGRI, PLAIN, Brelan, Verdict, brelan_of, decide
from .pots import Share, betting_pots, showdown_pots
from .rules import HAND_SIZE, BouillotteRules, rank_of

CARRE_ASK, CONTRE_ASK, BETTING, ANGLAIS, OVER = "carre", "contre-carre", "betting", "anglais", "over"
SHOWDOWN, UNCONTESTED, BLIND_TAKES, THROWN_IN, VOID = "showdown", "uncontested", "blind-takes", "thrown-in", "void"

Parsed = tuple[str, int | None]  # (verb, amount)
_PLAIN_VERBS = ("carre", "contre-carre", "pass", "hold", "tapis", "fold", "turn-first", "turn-last")
_AMOUNT_VERBS = ("open", "raise")
PARSED: dict[str, Parsed] = {v: (v, None) for v in _PLAIN_VERBS}
VERBS = ("carre", "contre-carre", "pass", "open <n>", "hold", "raise <n>", "tapis", "fold", "turn-first",
         "turn-last")
_AMOUNT = re.compile(r"[1-9][0-9]*", re.ASCII)  # a plain positive integer, of any length: an amount
#: An amount of more digits is more jetons than any table holds (a seat starts with at most ``MAX_CHIPS``): it is
#: read as ``BEYOND``, which the rules refuse for want of jetons (``not-enough-chips``) as they would the number.
_AMOUNT_DIGITS = 18
BEYOND = 10**_AMOUNT_DIGITS


#: How many amounts of each verb keep their action strings made once (``amount_words``); beyond it they are written
#: each time, so a table of thousands of jetons does not fill the memory with words.
_WORDS_KEPT = 1000
_WORDS: dict[str, list[str]] = {verb: [""] for verb in _AMOUNT_VERBS}  # by amount; there is no amount 0


def amount_words(verb: str, low: int, high: int) -> list[str]:
    """The action strings ``verb low`` … ``verb high`` (``open 4``), made once each and known to ``parse_action``:
    the betting lists a whole range of them at every turn."""
    words = _WORDS[verb]
    top = min(high, _WORDS_KEPT)
    while len(words) <= top:
        word = f"{verb} {len(words)}"
        PARSED[word] = (verb, len(words))
        words.append(word)
    if high <= _WORDS_KEPT:
        return words[low:high + 1]
    return words[low:top + 1] + [f"{verb} {n}" for n in range(max(low, top + 1), high + 1)]


def parse_action(action: str) -> Parsed | Refusal:
    """The (verb, amount) of an action string, or a Refusal saying what is wrong with it."""
    parsed = PARSED.get(action)
    if parsed is not None:
        return parsed
    verb, _, rest = action.partition(" ")
    if verb in _AMOUNT_VERBS:
        if _AMOUNT.fullmatch(rest):
            return verb, int(rest) if len(rest) <= _AMOUNT_DIGITS else BEYOND
        return Refusal("unknown-action", f"{quote(action)} names no amount: write {verb} and your whole stake in this "
                                         f"deal as a plain number of jetons, e.g. '{verb} 4'.")
    return Refusal("unknown-action", f"{quote(action)} is not an action of Bouillotte; the actions are "
                                     + ", ".join(VERBS) + ".")


def _opening_level(highest: int) -> int:
    """The least whole stake that opens: one jeton, or the highest stake (a blind's) when it is more."""
    return max(1, highest)


def _hold_is_tapis(stake: int, chips: int, highest: int) -> bool:
    """Holding the highest stake takes every jeton the seat has, or more: that is a tapis, not a hold."""
    return highest - stake >= chips


@dataclass
class Table:
    """The money of a session: the jetons in front of each seat and the dead money left in the middle."""

    chips: list[int]
    dead: int = 0


@dataclass
class PotResult:
    """One pot as it was settled."""

    share: Share
    winner: int | None
    verdict: Verdict | None  # None: a lone contender took it back, or nothing was shown

    def to_dict(self, showdown: bool) -> dict[str, Any]:
        v = self.verdict
        points = v.showdown if v is not None else None
        return {"amount": self.share.amount, "level": self.share.level if showdown else None,
                "contenders": list(self.share.contenders), "winner": self.winner,
                "hand": v.hand if v is not None else None, "rank": v.rank if v is not None else None,
                "suit": points.suit if points else None, "total": points.total if points else None,
                "suits": dict(sorted(points.suits.items())) if points else None}


@dataclass
class BrelanPaid:
    """A brelan shown and what it was paid; who paid, and why the others did not (public facts, for the table)."""

    seat: int
    brelan: Brelan
    paid: int
    payers: tuple[int, ...] = ()
    higher: tuple[int, ...] = ()  # held a higher brelan: they pay nothing for a lower one
    broke: tuple[int, ...] = ()  # had no jeton left to pay with

    def to_dict(self) -> dict[str, Any]:
        """The referee's report of it (the rules file's keys)."""
        return {"seat": self.seat, "hand": self.brelan.hand, "rank": self.brelan.rank, "paid": self.paid}

    def reasons(self) -> dict[str, Any]:
        """Who paid and why the others did not: the table says it beside the amount."""
        return {"payers": list(self.payers), "higher": list(self.higher), "broke": list(self.broke)}


@dataclass
class Blind:
    seat: int
    kind: str  # carre or contre-carre
    amount: int

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "amount": self.amount}


@dataclass
class Outcome:
    result: str  # showdown, uncontested, blind-takes, thrown-in, void
    pots: list[PotResult] = field(default_factory=list)
    brelans: list[BrelanPaid] = field(default_factory=list)

    @property
    def winner(self) -> int | None:
        return self.pots[0].winner if self.pots else None


class Deal:
    """One deal at a table of ``n`` seats; ``carried`` is the void deal whose stakes and blinds it keeps."""

    def __init__(self, rules: BouillotteRules, pack: Pack, table: Table, dealer: int, number: int, deck: list[Card],
                 events: list[Event], exposed: int | None = None, carried: Deal | None = None) -> None:
        self.rules, self.pack, self.table = rules, pack, table
        self.n = n = len(table.chips)
        self.dealer, self.number, self.deck, self.events = dealer, number, deck, events
        self.first = (dealer + 1) % n
        self.seats = tuple(range(n))
        #: the seats from the dealer's right, the dealer last: the order of the deal and of the tie
        self.priority = self.seats[dealer + 1:] + self.seats[:dealer + 1]
        self.first_event = len(events)
        self.exposed = exposed
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.retourne: Card | None = None
        self.stock: list[Card] = []
        self.stakes: list[int] = list(carried.stakes) if carried is not None else [0] * n
        self.blinds: list[Blind] = list(carried.blinds) if carried is not None else []
        self.dead_start = table.dead
        self.folded: set[int] = set()
        self.opened: int | None = None
        self.to_speak: set[int] = set()
        self.shown: list[int] = []
        self.brelans: dict[int, Brelan | None] = {}
        self.turned: list[tuple[int, str, Card]] = []  # (seat, which, card) of the brelan carré anglais
        self.asked_anglais: set[int] = set()
        #: the jetons before each seat once the deal, the end of the betting and each settlement event had
        #: happened (by event index): a stepped table shows the cards dealt, the hands shown, then each pot and
        #: each brelan paid, at its own moment
        self.chips_at: dict[int, list[int]] = {}
        self.outcome: Outcome | None = None
        self.phase = BETTING
        self.to_move: int | None = None
        self.redeal = carried is not None
        if carried is not None:
            events.append(Event("redeal", dealer, {"number": number}))
            self._deal_cards()
            return
        self._game_jeton()
        if table.chips[self.first] > self.pot_total():
            self.phase, self.to_move = CARRE_ASK, self.first
        else:
            self._deal_cards()

    # --- money --------------------------------------------------------------------------
    @property
    def chips(self) -> list[int]:
        return self.table.chips

    def _stake(self, seat: int, amount: int) -> None:
        self.table.chips[seat] -= amount
        self.stakes[seat] += amount

    def _dead(self, seat: int, amount: int) -> None:
        self.table.chips[seat] -= amount
        self.table.dead += amount

    def pot_total(self) -> int:
        return self.table.dead + sum(self.stakes)

    @property
    def highest(self) -> int:
        return max(self.stakes)

    @property
    def live(self) -> list[int]:
        return [s for s in self.seats if s not in self.folded]

    def pots_now(self) -> list[Share]:
        """The pot and the side pots as they stand (before the settlement)."""
        live = self.live
        return betting_pots(self.stakes, live, [s for s in live if self.chips[s] == 0], self.table.dead)

    # --- the start ----------------------------------------------------------------------
    def _game_jeton(self) -> None:
        if self.rules.ante == "all":
            for seat in self.seats:
                self._dead(seat, 1)
            self.events.append(Event("ante", None, {"amount": 1, "pot": self.pot_total()}))
        else:
            self._stake(self.dealer, 1)
            self.events.append(Event("game-jeton", self.dealer, {"amount": 1, "pot": self.pot_total()}))
        jetons = self.table.chips
        for seat in self.priority:
            if jetons[seat] == 1:  # the обойщик: his last jeton is staked, he is all in
                self._stake(seat, 1)
                self.events.append(Event("last-jeton", seat, {"stake": self.stakes[seat]}))

    def _deal_cards(self) -> None:
        n, deck = self.n, self.deck
        for k, seat in enumerate(self.priority):  # one card at a time round the table, from the dealer's right
            self.hands[seat].extend(deck[k:HAND_SIZE * n:n])
        exposed = self.exposed
        if exposed is None:
            self.retourne = deck[HAND_SIZE * n]
            self.stock = deck[HAND_SIZE * n + 1:]
        self._chips_now()  # as the event before the deal left them: dealing moves no jeton
        self.events.append(Event("deal", self.dealer, {
            "number": self.number, "first": self.first,
            "retourne": self.retourne.code if self.retourne is not None else None,
            "exposed": deck[exposed].code if exposed is not None else None, "stock": len(self.stock)}))
        for seat in self.priority:
            self.events.append(Event("hand", seat, {"count": HAND_SIZE}, {"cards": [c.code for c in self.hands[seat]]}))
        if exposed is not None:
            self._void()
            return
        self.phase = BETTING
        jetons = self.table.chips
        self.to_speak = {s for s in self.seats if jetons[s] > 0}
        start = (self.blinds[-1].seat + 1) % n if self.blinds else self.first
        self.to_move = None
        self._ask_next(start - 1)

    # --- whose turn, what may be done -------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase == OVER

    def _mover(self) -> int:
        seat = self.to_move
        assert seat is not None, "the deal is over: nobody is to move"
        return seat

    def opening_level(self) -> int:
        return _opening_level(self.highest)

    def _purse(self, seat: int) -> tuple[int, int, int]:
        """The seat's stake in the deal, the jetons before it, and the highest stake at the table."""
        stakes = self.stakes
        return stakes[seat], self.table.chips[seat], max(stakes)

    def candidates(self) -> Iterator[tuple[str, Parsed]]:
        seat, phase = self.to_move, self.phase
        if seat is None:
            return
        if phase == CARRE_ASK:
            yield from (("carre", PARSED["carre"]), ("pass", PARSED["pass"]))
        elif phase == CONTRE_ASK:
            yield from (("contre-carre", PARSED["contre-carre"]), ("pass", PARSED["pass"]))
        elif phase == ANGLAIS:
            yield from ((v, PARSED[v]) for v in ("turn-first", "turn-last", "pass"))
        elif phase == BETTING:  # the amounts of the range the seat may stake, no more (a raise's cap included)
            verb, low, high = self._range(self._purse(seat))
            yield ("pass", PARSED["pass"]) if verb == "open" else ("hold", PARSED["hold"])
            for n in range(low, high + 1):
                yield f"{verb} {n}", (verb, n)
            if verb == "raise":
                yield "fold", PARSED["fold"]
            yield "tapis", PARSED["tapis"]

    def legal(self) -> list[str]:
        """The candidates ``refusal`` lets through, worked out at once: every amount of ``_range`` is legal by its
        making (a stake above the minimum, below all one's jetons, within a raise's cap), so only the plain actions
        are asked. The same list, in the same order, as filtering ``candidates`` (a test holds them equal)."""
        seat = self.to_move
        if seat is None:
            return []
        if self.phase != BETTING:
            return [action for action, _ in self.candidates()]
        stake, chips, highest = purse = self._purse(seat)
        verb, low, high = self._range(purse)
        if verb == "open":
            legal = ["pass"]  # nothing forbids a pass before anyone opened
        else:
            legal = [] if _hold_is_tapis(stake, chips, highest) else ["hold"]
        legal += amount_words(verb, low, high)
        if verb == "raise":
            legal.append("fold")
        if self._tapis_refusal(stake, chips, highest) is None:
            legal.append("tapis")
        return legal

    def _range(self, purse: tuple[int, int, int]) -> tuple[str, int, int]:
        """The verb of a stake now (open or raise) and the whole stakes it may name, lowest and highest."""
        stake, chips, highest = purse
        high = stake + chips - 1
        if self.opened is None:
            return "open", max(_opening_level(highest), stake + 1), high
        if not self.rules.brelans:
            high = min(high, highest + self.rules.start_chips)
        return "raise", highest + 1, high

    def amounts(self) -> dict[str, Any]:
        """What the seat to move may stake now (a table's amount action): the range of open or raise, the cost of
        a hold, the tapis; all amounts are the seat's whole stake in the deal."""
        seat = self.to_move
        if seat is None or self.phase != BETTING:
            return {}
        stake, chips, _ = purse = self._purse(seat)
        verb, low, high = self._range(purse)
        return {"verb": verb, "min": low, "max": high, "stake": stake, "chips": chips, "highest": self.highest,
                "hold": max(0, self.highest - stake) if self.opened is not None else None, "tapis": stake + chips}

    def refusal(self, parsed: Parsed) -> Refusal | None:
        verb, amount = parsed
        phase = self.phase
        if phase == CARRE_ASK and verb in ("carre", "pass"):
            return None
        if phase == CONTRE_ASK and verb in ("contre-carre", "pass"):
            return None
        if phase == ANGLAIS and verb in ("turn-first", "turn-last", "pass"):
            return None
        if phase == BETTING:
            opened = self.opened is not None
            if verb in ("pass", "open") and not opened or verb in ("hold", "raise", "fold") and opened:
                return self._bet_refusal(verb, amount)
            if verb == "tapis":
                return self._bet_refusal(verb, amount)
        return Refusal("not-now", self._now_sentence(verb))

    def _bet_refusal(self, verb: str, amount: int | None) -> Refusal | None:
        stake, chips, highest = self._purse(self._mover())
        if verb == "open":
            assert amount is not None, "open names an amount"
            level = self.opening_level()
            if amount < level or amount <= stake:
                low = max(level, stake + 1)
                return Refusal("bet-below-minimum", f"To open (ouvrir) you must bring your stake to at least {low}: "
                                                    f"the largest stake so far is {highest}.")
            return self._chips_refusal(amount - stake, chips, amount)
        if verb == "raise":
            assert amount is not None, "raise names an amount"
            if amount <= highest:
                return Refusal("bet-below-minimum", f"A raise (relance) must bring your stake above the highest, "
                                                    f"{highest}: at least raise {highest + 1}.")
            refused = self._chips_refusal(amount - stake, chips, amount)
            return refused or self._cap_refusal(amount)
        if verb == "hold" and _hold_is_tapis(stake, chips, highest):
            return Refusal("use-tapis", f"To hold (tenir) {highest} takes all your {chips} jetons or more: that is "
                                        "tapis (all in), so say tapis.")
        if verb == "tapis":
            return self._tapis_refusal(stake, chips, highest)
        return None

    def _tapis_refusal(self, stake: int, chips: int, highest: int) -> Refusal | None:
        whole = stake + chips
        if self.opened is None and whole < _opening_level(highest):
            return Refusal("bet-below-minimum", f"Your tapis would make your stake {whole}, below the "
                                                f"{_opening_level(highest)} needed to open: pass instead.")
        if self.opened is not None and whole > highest:
            return self._cap_refusal(whole)
        return None

    @staticmethod
    def _chips_refusal(cost: int, chips: int, amount: int) -> Refusal | None:
        if cost > chips:
            stake = f"A stake of {amount} would take {cost} more jetons" if amount < BEYOND else \
                "That stake is more jetons than any table holds"
            return Refusal("not-enough-chips", f"{stake} and you have {chips} in front of you: nobody bets more than "
                                               "lies before him.")
        if cost == chips:
            return Refusal("use-tapis", f"A stake of {amount} takes all your {chips} jetons: that is tapis (all "
                                        "in), so say tapis.")
        return None

    def _cap_refusal(self, amount: int) -> Refusal | None:
        cap = self.rules.start_chips
        if not self.rules.brelans and amount - self.highest > cap:
            return Refusal("raise-too-large", f"Without brelans a raise adds at most the first stake, {cap} jetons: "
                                              f"raise to {self.highest + cap} at most.")
        return None

    def _now_sentence(self, verb: str) -> str:
        if self.phase == CARRE_ASK:
            now = "say whether you play carre (blind, before the cards) or pass"
        elif self.phase == CONTRE_ASK:
            now = "say whether you double the carre (contre-carre) or pass"
        elif self.phase == ANGLAIS:
            now = "say whether you turn the first or the last card of the stock (brelan carré anglais), or pass"
        elif self.opened is None:
            now = "may pass, open (ouvrir) with a stake, or go all in (tapis): nobody has opened yet"
        else:
            now = "may hold (tenir), raise (relancer), go all in (tapis) or fold (se retirer): the betting is open"
        return f"You cannot {verb} now: now you {now}."

    # --- doing ------------------------------------------------------------------------
    def do(self, parsed: Parsed) -> None:
        verb, amount = parsed
        seat = self._mover()
        phase = self.phase
        if phase == CARRE_ASK:
            self._do_carre(seat, verb == "carre")
        elif phase == CONTRE_ASK:
            self._do_contre(seat, verb == "contre-carre")
        elif phase == ANGLAIS:
            self._do_turn(seat, verb)
        else:
            self._do_bet(seat, verb, amount)

    def _do_carre(self, seat: int, play: bool) -> None:
        if not play:
            self.events.append(Event("carre-pass", seat, {}))
            self._deal_cards()
            return
        amount = self.pot_total()
        self._stake(seat, amount)
        self.blinds.append(Blind(seat, "carre", amount))
        self.events.append(Event("carre", seat, {"amount": amount, "pot": self.pot_total()}))
        nxt = (seat + 1) % self.n
        if self.chips[nxt] > 2 * amount:
            self.phase, self.to_move = CONTRE_ASK, nxt
        else:
            self._deal_cards()

    def _do_contre(self, seat: int, play: bool) -> None:
        if play:
            amount = 2 * self.blinds[-1].amount
            self._stake(seat, amount)
            self.blinds.append(Blind(seat, "contre-carre", amount))
            self.events.append(Event("contre-carre", seat, {"amount": amount, "pot": self.pot_total()}))
        else:
            self.events.append(Event("contre-carre-pass", seat, {}))
        self._deal_cards()

    def _do_bet(self, seat: int, verb: str, amount: int | None) -> None:
        jetons = self.table.chips
        stake, chips = self.stakes[seat], jetons[seat]
        old = self.rules.variant == "old"
        reopen = False
        data: dict[str, Any] = {}
        if verb == "pass":
            if old:
                self._dead(seat, 1)
                data["dead"] = 1
        elif verb == "open":
            assert amount is not None, "open names an amount"
            self._stake(seat, amount - stake)
            self.opened, reopen = seat, True
        elif verb == "hold":
            self._stake(seat, self.highest - stake)
        elif verb == "raise":
            assert amount is not None, "raise names an amount"
            self._stake(seat, amount - stake)
            if old:
                self._dead(seat, 1)
                data["dead"] = 1
            reopen = True
        elif verb == "tapis":
            highest = self.highest
            self._stake(seat, chips)
            data["kind"] = "open" if self.opened is None else "raise" if self.stakes[seat] > highest else "hold"
            data["short"] = self.stakes[seat] < highest  # all in for less: a side pot
            if self.opened is None:
                self.opened = seat
            reopen = data["kind"] != "hold"
        elif verb == "fold":
            self.folded.add(seat)
        data.update(stake=self.stakes[seat], chips=jetons[seat], pot=self.pot_total())
        self.events.append(Event(verb, seat, data))
        live = self.live
        if reopen:
            self.to_speak = {s for s in live if s != seat and jetons[s] > 0}
        else:  # only the seat that spoke changed its jetons or folded: the others to speak still are
            self.to_speak.discard(seat)
        if len(live) == 1:
            self._uncontested(live[0])
        elif not self.to_speak:
            self._end_betting()
        else:
            self._ask_next(seat)

    def _ask_next(self, after: int) -> None:
        """Ask the next seat to speak after ``after``; the betting ends when nobody is to speak."""
        for i in range(1, self.n + 1):
            seat = (after + i) % self.n
            if seat in self.to_speak:
                self.to_move = seat
                return
        self._end_betting()

    # --- the end of the betting -----------------------------------------------------------
    def _end_betting(self) -> None:
        self.to_move = None
        if self.opened is None:
            if self.blinds:
                seat = self.blinds[-1].seat
                self._take_all(seat, BLIND_TAKES)
            else:
                amount = sum(self.stakes)
                self.table.dead += amount
                self.events.append(Event("thrown-in", None, {"dead": self.table.dead}))
                self._finish(Outcome(THROWN_IN))
            return
        self._chips_now()
        self.shown = self.live
        self.brelans = {s: brelan_of(self.hands[s], self.retourne, self.rules, self.pack) for s in self.shown}
        for seat in self.priority:
            if seat in self.shown:
                brelan = self.brelans[seat]
                self.events.append(Event("show", seat, {"cards": [c.code for c in self.hands[seat]],
                                                        "hand": brelan.hand if brelan else None,
                                                        "rank": brelan.rank if brelan else None}))
                self._chips_now()
        self.phase = ANGLAIS
        self._ask_anglais()

    def _take_all(self, seat: int, result: str) -> None:
        amount = self.pot_total()
        share = Share(amount, 0, (seat,))
        self.table.chips[seat] += amount
        self.table.dead = 0
        self.events.append(Event(result, seat, {"amount": amount}))
        self._finish(Outcome(result, [PotResult(share, seat, None)]))

    def _uncontested(self, seat: int) -> None:
        self.to_move = None
        self._take_all(seat, UNCONTESTED)

    def _ask_anglais(self) -> None:
        """Ask the next plain brelan facing a brelan carré in a pot it contends, from the dealer's right."""
        brelans = self.brelans
        if self.rules.carre_anglais and self.rules.brelans and self.stock and \
                any(b is not None and b.hand == CARRE for b in brelans.values()):
            pots = showdown_pots(self.stakes, self.shown, self.table.dead)
            for seat in self.priority:
                brelan = self.brelans.get(seat)
                if seat in self.asked_anglais or brelan is None or brelan.hand not in PLAIN or not self.stock:
                    continue
                if any(seat in p.contenders and any((b := self.brelans[o]) is not None and b.hand == CARRE
                                                    for o in p.contenders) for p in pots):
                    self.asked_anglais.add(seat)
                    self.to_move = seat
                    return
        self.to_move = None
        self._settle()

    def _do_turn(self, seat: int, verb: str) -> None:
        if verb == "pass":
            self.events.append(Event("turn-pass", seat, {}))
        else:
            card = self.stock.pop(0) if verb == "turn-first" else self.stock.pop()
            brelan = self.brelans[seat]
            assert brelan is not None, "a plain brelan is asked"
            made = rank_of(card) == brelan.rank
            which = "first" if verb == "turn-first" else "last"
            self.turned.append((seat, which, card))
            if made:
                self.brelans[seat] = Brelan(CARRE, brelan.rank)
            self.events.append(Event("turn", seat, {"which": which, "card": card.code, "carre": made,
                                                    "rank": brelan.rank}))
        self._ask_anglais()

    # --- the settlement -------------------------------------------------------------------
    def _settle(self) -> None:
        self._chips_now()
        self.phase = OVER
        pots = showdown_pots(self.stakes, self.shown, self.table.dead)
        self.table.dead = 0
        results = []
        for share in pots:
            if len(share.contenders) == 1:
                winner, verdict = share.contenders[0], None
            else:
                verdict = decide(share.contenders, self.hands_of(share.contenders), self.brelans, self.retourne,
                                 self.pack, self.priority)
                winner = verdict.winner
            self.table.chips[winner] += share.amount
            results.append(PotResult(share, winner, verdict))
            self.events.append(Event("pot", winner, {
                "index": len(results), "amount": share.amount, "contenders": list(share.contenders),
                "hand": verdict.hand if verdict else None, "rank": verdict.rank if verdict else None,
                "suit": verdict.showdown.suit if verdict and verdict.showdown else None,
                "total": verdict.showdown.total if verdict and verdict.showdown else None,
                "suits": verdict.showdown.suits if verdict and verdict.showdown else None, "of": len(pots)}))
            self._chips_now()
        paid = self._pay_brelans(self.brelans)
        self._finish(Outcome(SHOWDOWN, results, paid))

    def hands_of(self, seats: tuple[int, ...]) -> dict[int, list[Card]]:
        return {s: self.hands[s] for s in seats}

    def _pay_brelans(self, brelans: dict[int, Brelan | None]) -> list[BrelanPaid]:
        """Each brelan shown but a mistigri takes its due from every other seat, highest first; nobody pays a
        lower brelan than his own; a seat without a jeton pays nothing."""
        pack = self.pack
        held = sorted(((s, b) for s, b in brelans.items() if b is not None), key=lambda sb: sb[1].key(pack),
                      reverse=True)
        paid = []
        for seat, brelan in held:
            total = 0
            payers: list[int] = []
            higher: list[int] = []
            broke: list[int] = []
            if brelan.hand != MISTIGRI:
                due = self.rules.favori_pays if brelan.hand == "brelan-favori" else 1
                for payer in self.priority:
                    other = brelans.get(payer)
                    if payer == seat:
                        continue
                    if other is not None and other.key(pack) > brelan.key(pack):
                        higher.append(payer)
                        continue
                    amount = min(due, self.table.chips[payer])
                    (payers if amount else broke).append(payer)
                    self.table.chips[payer] -= amount
                    self.table.chips[seat] += amount
                    total += amount
                self.events.append(Event("brelan-paid", seat, {"hand": brelan.hand, "rank": brelan.rank,
                                                               "paid": total, "due": due, "payers": sorted(payers),
                                                               "higher": sorted(higher), "broke": sorted(broke)}))
                self._chips_now()
            paid.append(BrelanPaid(seat, brelan, total, tuple(sorted(payers)), tuple(sorted(higher)),
                                   tuple(sorted(broke))))
        return paid

    def _void(self) -> None:
        """A card was exposed in the deal: the brelans in hand are shown and paid, the stakes stay."""
        self.events.append(Event("void", None, {"card": self.deck[self.exposed or 0].code}))
        brelans: dict[int, Brelan | None] = {}
        for seat in self.priority:
            brelan = brelan_of(self.hands[seat], None, self.rules, self.pack)
            if brelan is not None and brelan.hand != MISTIGRI:
                brelans[seat] = brelan
                self.shown.append(seat)
                self.events.append(Event("show", seat, {"cards": [c.code for c in self.hands[seat]],
                                                        "hand": brelan.hand, "rank": brelan.rank}))
        self.brelans = brelans
        paid = self._pay_brelans(brelans)
        self._finish(Outcome(VOID, [], paid))

    def _chips_now(self) -> None:
        """Note the jetons before each seat as the event just told left them."""
        self.chips_at[len(self.events) - 1] = list(self.table.chips)

    def _finish(self, outcome: Outcome) -> None:
        self.outcome = outcome
        self.phase, self.to_move = OVER, None
