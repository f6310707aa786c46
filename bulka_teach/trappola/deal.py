"""One Partie of Trappola between the dealer and the challenger, from the Pro question to the score.

Phases: ``pro`` (3–4 players: the last winner, with two wins in a row, is asked before any card is out) →
``exchange`` (house rule ``stock_exchange``: the challenger, then the dealer, may take the stock's top nine) →
``play`` (nine tricks; before a card a seat may declare Figura and, at its second card, ask "Manko?") → ``over``.
Every action that breaks a rule is refused with a reason code and a sentence; under ``renonc_mode`` a revoke or a
false Figura is accepted and ends the Partie, lost by the offender. Payments and the rotation are the session's
(``match.py``); the Partie only says who won and what was declared and earned.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from ..cards import Card, CardError, codes, holds
from ..errors import Refusal
from ..events import Event, make_event, seat_keys
from ..quoting import quote
from .bonuses import LAST, Bonus, trick_bonuses
from .figura import BLANS, Figura, excluded, held_figura, parse_figura
from .rules import ACE, PACK, SUIT_NAMES, SUITS, TRICK_RULES, TRICKS, TrappolaRules, is_two

PRO, EXCHANGE, PLAY, OVER = "pro", "exchange", "play", "over"
SEATS = 4  # a table seats two to four; a Partie is always between two of them

Parsed = tuple  # (verb, argument)
_SIMPLE = ("pro", "no-pro", "exchange", "pass", "manko")
PARSED: dict[str, Parsed] = {v: (v, None) for v in _SIMPLE}
for _c in PACK.cards:
    PARSED[f"play {_c.code}"] = ("play", _c)
_PLAY_TEXT = {c: f"play {c.code}" for c in PACK.cards}
#: Events are immutable values, so the event of a seat playing a card is made once.
_PLAY_EVENTS = [[Event("play", seat, {"card": c.code}) for c in PACK.cards] for seat in range(SEATS)]
_PLAY_OF = _PLAY_TEXT.__getitem__
_FOLLOW = TRICK_RULES.follow
_BEATS = TRICK_RULES.beats_table[None]  # led.index * len(PACK) + card.index: the card takes the trick
_CARDS = len(PACK.cards)
_IS_TWO = tuple(is_two(c) for c in PACK.cards)  # by card index: ``is_two``, looked up
VERBS = ("declare <figura>", "manko", "play <card>", "pro", "no-pro", "exchange", "pass")
_VERB_MOMENT = {"pro": PRO, "no-pro": PRO, "exchange": EXCHANGE, "pass": EXCHANGE, "declare": PLAY, "manko": PLAY,
                "play": PLAY}


def parse_action(action: str) -> Parsed | Refusal:
    """The (verb, argument) of an action string, or a Refusal naming what is wrong with it."""
    parsed = PARSED.get(action)
    if parsed is not None:
        return parsed
    verb, _, rest = action.partition(" ")
    if verb == "declare" and rest:
        try:
            return ("declare", parse_figura(rest))
        except CardError as err:
            return Refusal("bad-card", f"Cannot read the Figura: {err}.")
        except ValueError as err:
            return Refusal("not-a-meld", f"That is not a Figura (declaration): {err}.")
    if verb == "play" and rest:
        try:
            PACK.card(rest)
        except CardError as err:
            return Refusal("bad-card", f"Cannot read the card: {err}.")
    return Refusal("unknown-action", f"{quote(action)} is not an action of Trappola; the actions are "
                                     + ", ".join(VERBS) + ".")


@dataclass
class Declared:
    """A Figura a seat declared: when (the trick it was made in) and the suit a Manko answer told."""

    figura: Figura
    points: int
    trick: int
    manko: str | None = None


@dataclass
class Outcome:
    """How a Partie ended. ``result``: won, renonc, alifer (a tie replayed), draw (a two-player tie)."""

    result: str
    winner: int | None = None
    loser: int | None = None
    points: dict[int, int] = field(default_factory=dict)
    renonc: Refusal | None = None


def _s(suit: int) -> str:
    letter = SUITS[suit]
    return f"{SUIT_NAMES[letter]} ({PACK.suit_names[letter].split('(')[1].rstrip(')')})"


class Partie:
    """One Partie. Seats are the session's seat numbers; the challenger leads trick 1, the dealer deals."""

    # more than 30 attributes: slots keep attribute access fast (CPython shares dict keys only up to 30)
    __slots__ = ("rules", "dealer", "challenger", "seats", "number", "deck", "events", "first_event", "multiplier",
                 "pro", "replay", "tie_replays", "points_of", "hands", "set_aside", "stock", "stock_card", "exchanged",
                 "stock_card_taker", "played", "aces_played", "aces_at_play", "declared", "manko_asked", "trick",
                 "tricks", "by_two", "won", "voids", "_other", "outcome", "dealt", "chips_before", "chips_delta",
                 "bulka_number", "pot_won", "phase", "to_move")

    def __init__(self, rules: TrappolaRules, dealer: int, challenger: int, deck: list[Card], number: int,
                 events: list[Event], multiplier: int = 1, ask_pro: bool = False, pro: int | None = None,
                 replay: bool = False, tie_replays: bool = True) -> None:
        self.rules = rules
        self.dealer, self.challenger = dealer, challenger
        self.seats = (challenger, dealer)
        self.number = number
        self.deck = deck
        self.events = events
        self.first_event = len(events)
        self.multiplier = multiplier
        self.pro = pro  # the seat playing for the whole Bulka, if any
        self.replay = replay  # an Alifer replay (same roles, the multiplier doubled)
        self.tie_replays = tie_replays  # a tie is Alifer (3–4 players, or two who agreed it), else a draw
        self.points_of = rules.card_points()
        self.hands: list[list[Card]] = [[], [], [], []]  # SEATS lists
        self.set_aside: list[list[Card]] = [[], [], [], []]  # stock_exchange: the nine laid aside
        self.stock: list[Card] = []
        self.stock_card = deck[-1]  # the stock's bottom card lies face up: public
        self.exchanged: dict[int, bool] = {}
        self.stock_card_taker: int | None = None  # stock_exchange: who took the face-up card with the top nine
        self.played = [0] * SEATS  # cards each seat has played
        self.aces_played = [False] * SEATS
        #: aces each seat held when play began: still in its hand until it plays one (no card joins a hand in play)
        self.aces_at_play = [0] * SEATS
        self.declared: list[list[Declared]] = [[], [], [], []]
        self.manko_asked = [False] * SEATS
        self.trick: list[tuple[int, Card]] = []
        self.tricks: list[tuple[tuple[tuple[int, Card], ...], int]] = []
        self.by_two: list[tuple[int, bool]] = []  # each trick's (winner, won by the winner's own Two)
        self.won = [0] * SEATS  # card points won in tricks
        self.voids: list[set[int]] = [set(), set(), set(), set()]
        self._other = [0] * SEATS
        self._other[challenger], self._other[dealer] = dealer, challenger
        self.outcome: Outcome | None = None
        self.dealt = False
        # the session's bookkeeping of this Partie: chips before it, their net change, the Bulka it was played for
        self.chips_before: list[int] = []
        self.chips_delta: list[int] = []
        self.bulka_number = 1
        self.pot_won: dict[str, int] | None = None
        self.phase: str = PLAY
        self.to_move: int | None = None
        if ask_pro:
            self.phase, self.to_move = PRO, dealer
            self.events.append(Event("pro-asked", dealer, {"number": number}))
        else:
            self.phase, self.to_move = PLAY, None  # the session pays the stakes, then ``start`` deals

    # --- the deal ----------------------------------------------------------------------------------------------
    def start(self) -> None:
        """Deal: three packets of three each, the challenger first; the other 18 are the stock, its bottom card
        face up."""
        deck, c, d = self.deck, self.challenger, self.dealer
        self.hands[c] = deck[0:3] + deck[6:9] + deck[12:15]
        self.hands[d] = deck[3:6] + deck[9:12] + deck[15:18]
        self.stock = deck[18:]  # stock[0] on top
        self.dealt = True
        self.events.append(make_event(("deal", d, {"dealer": d, "challenger": c, "number": self.number,
                                                   "stock_card": self.stock_card.code, "multiplier": self.multiplier,
                                                   "pro": self.pro}, None)))
        for seat in self.seats:
            self.events.append(make_event(("hand", seat, {"count": 9}, {"cards": codes(self.hands[seat])})))
        if self.rules.stock_exchange:
            self.phase, self.to_move = EXCHANGE, c
        else:
            self._start_play()

    def _start_play(self) -> None:
        for seat in self.seats:
            aces = 0
            for card in self.hands[seat]:
                if card.rank == ACE:
                    aces += 1
            self.aces_at_play[seat] = aces
        self.phase, self.to_move = PLAY, self.challenger
        self.events.append(make_event(("play-starts", self.challenger, {}, None)))

    # --- whose turn, what may be done -----------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase == OVER

    def other(self, seat: int) -> int:
        return self._other[seat]

    def _mover(self) -> int:
        seat = self.to_move
        assert seat is not None, "nobody is to move"
        return seat

    def candidates(self) -> Iterator[tuple[str, Parsed]]:
        seat = self.to_move
        if seat is None:
            return
        if self.phase == PLAY:
            for figura in held_figura(self.hands[seat]):
                yield f"declare {figura.code}", ("declare", figura)
            yield "manko", PARSED["manko"]
            for card in self.hands[seat]:
                yield _PLAY_TEXT[card], PARSED[_PLAY_TEXT[card]]
        elif self.phase == PRO:
            yield from (("pro", PARSED["pro"]), ("no-pro", PARSED["no-pro"]))
        elif self.phase == EXCHANGE:
            yield from (("exchange", PARSED["exchange"]), ("pass", PARSED["pass"]))

    def legal_actions(self) -> list[str]:
        """Every action whose verdict is ok; in the common case (a seat past its second card) only plays."""
        seat = self.to_move
        if seat is None:
            return []
        if self.phase != PLAY:
            return [a for a, parsed in self.candidates() if self.refusal(parsed) is None]
        hand, trick = self.hands[seat], self.trick
        # ``playable`` inline: leading, any card (as ``follow`` answers a trick not led yet), else what it allows
        plays = list(map(_PLAY_OF, _FOLLOW(hand, trick[0][1], None)[0] if trick else hand))
        played = self.played[seat]
        if played >= 2 and (self.aces_played[seat] or self.aces_at_play[seat] < 3):
            return plays  # past the second card Manko is gone, and only aces may be declared (see may_declare)
        # what candidates() and refusal() allow, in their order, with the playable cards found once
        # later only aces, while none is played: those held when play began, three or four
        may_declare = not played or (not self.aces_played[seat] and self.aces_at_play[seat] >= 3)
        asked = []
        if may_declare:
            for figura in held_figura(hand):  # a loop: cheaper than a comprehension in CPython 3.11
                if self._declare_refusal(figura) is None:
                    asked.append(f"declare {figura.code}")
        if played == 1 and not self.manko_asked[seat] and self._mankoable(self._other[seat]):
            asked.append("manko")  # what _manko_refusal allows, without writing its refusals
        return asked + plays

    def refusal(self, parsed: Parsed) -> Refusal | None:
        verb, arg = parsed
        moment = _VERB_MOMENT[verb]
        if moment != self.phase:
            return Refusal("not-now", self._now_sentence(verb))
        if verb == "play":
            return self._play_refusal(arg)
        if verb == "declare":
            return self._declare_refusal(arg)
        if verb == "manko":
            return self._manko_refusal()
        return None  # pro, no-pro, exchange, pass: each asked in its moment, either answer allowed

    def _now_sentence(self, verb: str) -> str:
        asked = {
            PRO: "answer whether you play this Partie as Pro (for the whole Bulka): pro or no-pro",
            EXCHANGE: "say whether you exchange your nine for the top nine of the stock: exchange or pass",
            PLAY: "play a card (before it you may declare a Figura, and at your second card ask Manko)",
        }[self.phase]
        return f"You cannot {verb} now: now you {asked}."

    def playable(self) -> list[Card]:
        """The cards the seat to move may play: the suit led if it holds any, else any card (``legal_actions``
        asks the same, inline)."""
        hand = self.hands[self._mover()]
        return TRICK_RULES.follow(hand, self.trick[0][1] if self.trick else None, None)[0]

    def _play_refusal(self, card: Card) -> Refusal | None:
        hand = self.hands[self._mover()]
        if card not in hand:
            return Refusal("card-not-in-hand", f"You do not hold {card.code}.")
        if card in self.playable():
            return None
        led = self.trick[0][1]
        same = ", ".join(c.code for c in hand if c.suit == led.suit)
        return Refusal("must-follow-suit", f"You must follow suit (Farbe bedienen): {_s(led.suit)} were led and "
                                           f"you hold {same}. Not following is a renonc that loses the Partie.",
                       renonc=True)

    def _declare_refusal(self, figura: Figura) -> Refusal | None:
        seat = self._mover()
        done = set()
        for declared in self.declared[seat]:
            done.add(declared.figura.key)
        if figura.key in done:
            what = "Blans or Bianka" if figura.rank is None else f"your {figura.name().split(' ', 1)[1]}"
            return Refusal("meld-already-declared", f"You have declared {what} already in this Partie: each rank "
                                                    "once, and Blans or Bianka once.")
        if figura.rank == "A":
            if self.aces_played[seat]:
                return Refusal("declare-too-late", "Aces may be held back only until you play your first ace "
                                                   "(bis zum Ausspielen des ersten Asses): you have played one "
                                                   "without declaring, so the aces are lost for this Partie.")
        elif self.played[seat]:
            return Refusal("declare-too-late", "A Figura is declared before your first card; only aces may be held "
                                               "back until you play your first ace.")
        hand = self.hands[seat]
        if figura.rank is None:
            spoil = excluded(figura, hand)
            if spoil:
                which = "king, knight or knave" if figura.code == BLANS else "ace, king, knight or knave"
                return Refusal("meld-not-held", f"{figura.name()} is a hand without any {which}, and you hold "
                                                f"{', '.join(c.code for c in spoil)}: a false Figura is a renonc.",
                               renonc=True)
            return None
        missing = [c.code for c in figura.cards if not holds(hand, c)]
        if missing:
            return Refusal("meld-not-held", f"You do not hold {', '.join(missing)}: a false Figura is a renonc.",
                           renonc=True)
        if figura.size == 3 and [c.code[0] for c in hand].count(figura.rank) == 4:
            return Refusal("declare-whole-meld", f"You hold all four {figura.name().split(' ', 1)[1]}: declare the "
                                                 "four together, not three of them.")
        return None

    def _manko_refusal(self) -> Refusal | None:
        seat = self._mover()
        if self.played[seat] != 1:
            return Refusal("manko-not-now", "Manko is asked when you play your second card of the Partie"
                                            + (", which is still to come." if self.played[seat] == 0 else
                                               ", and that moment has passed."))
        if self.manko_asked[seat]:
            return Refusal("no-manko", "You have asked Manko already in this Partie: one question covers every "
                                       "three-card set.")
        if not self._mankoable(self.other(seat)):
            return Refusal("no-manko", "There is nothing to ask: your opponent declared no three-card set of "
                                       "kings, knights, knaves or twos (no Manko for fours or aces).")
        return None

    def _mankoable(self, seat: int) -> list[Declared]:
        declared = self.declared[seat]
        return [d for d in declared if d.figura.mankoable] if declared else []  # mostly none were declared

    # --- doing ------------------------------------------------------------------------------------------------
    def do(self, parsed: Parsed, renonc: Refusal | None) -> bool:
        """Carry out an action already judged (``renonc``: the rule error it commits, if any); True when the Partie
        asks no one any more (it is over, or Pro was answered), so that the session acts."""
        verb, arg = parsed
        seat = self.to_move
        assert seat is not None, "nobody is to move"
        if renonc is not None:
            self._renonc(seat, verb, arg, renonc)
            return True
        if verb == "play":
            self._play(seat, arg)
            return self.to_move is None
        elif verb == "declare":
            self._declare(seat, arg)
        elif verb == "manko":
            self._manko(seat)
        elif verb in ("pro", "no-pro"):
            self.pro = seat if verb == "pro" else None
            self.events.append(Event(verb, seat, {}))
            self.to_move = None  # the session pays the stakes, then deals
        else:
            self._exchange(seat, verb == "exchange")
        return self.to_move is None

    def _renonc(self, seat: int, verb: str, arg: object, renonc: Refusal) -> None:
        if verb == "play":
            assert isinstance(arg, Card)
            self.hands[seat].remove(arg)
            self.trick.append((seat, arg))  # it lies on the table, the trick never completed
            self.events.append(Event("play", seat, {"card": arg.code, "renonc": renonc.reason}))
        else:
            assert isinstance(arg, Figura)
            self.events.append(Event("declare", seat, self._declare_data(arg) | {"renonc": renonc.reason,
                                                                                 "meld": arg.code}))
        self.events.append(Event("renonc", seat, {"reason": renonc.reason}, {"message": renonc.message}))
        self._finish(Outcome("renonc", self.other(seat), seat, self.card_points(), renonc))

    def _exchange(self, seat: int, exchange: bool) -> None:
        self.exchanged[seat] = exchange
        if exchange:
            self.set_aside[seat] = self.hands[seat]
            self.hands[seat], self.stock = self.stock[:9], self.stock[9:]
            if self.stock_card in self.hands[seat]:
                self.stock_card_taker = seat
        self.events.append(Event("exchange" if exchange else "exchange-pass", seat,
                                 {"stock_left": len(self.stock), "took_stock_card": self.stock_card in
                                  self.hands[seat]} if exchange else {},
                                 {"cards": [c.code for c in self.hands[seat]]} if exchange else None))
        if seat == self.challenger:
            self.to_move = self.dealer
        else:
            self._start_play()

    def _declare_data(self, figura: Figura) -> dict[str, object]:
        """What the table hears of a Figura: its rank, number and points, never its suits — but a four and Blans or
        Bianka name every card they mean."""
        data: dict[str, object] = {"name": figura.name(), "rank": figura.rank, "count": figura.size,
                                   "points": figura.points(self.rules), "trick": len(self.tricks) + 1}
        if figura.size != 3:
            data["meld"] = figura.code
        return data

    def _declare(self, seat: int, figura: Figura) -> None:
        declared = Declared(figura, figura.points(self.rules), len(self.tricks) + 1)
        self.declared[seat].append(declared)
        self.events.append(Event("declare", seat, self._declare_data(figura), {"meld": figura.code}))

    def _manko(self, seat: int) -> None:
        self.manko_asked[seat] = True
        owner = self.other(seat)
        answers = []
        for declared in self._mankoable(owner):
            declared.manko = declared.figura.missing_suit()
            answers.append({"name": declared.figura.name(), "rank": declared.figura.rank, "suit": declared.manko})
        self.events.append(Event("manko", seat, {}))
        self.events.append(Event("manko-answer", owner, {"answers": answers}))

    def _play(self, seat: int, card: Card) -> None:
        hand, i = self.hands[seat], 0  # ``cards.remove_card`` inline: on every play its call costs more than its loop
        while hand[i] is not card:  # the card was judged legal, so it is held
            i += 1
        del hand[i]
        self.played[seat] += 1
        if card.rank == ACE:
            self.aces_played[seat] = True
        self.events.append(_PLAY_EVENTS[seat][card.index])
        trick = self.trick
        if not trick:
            trick.append((seat, card))
            self.to_move = self._other[seat]
            return
        first = trick[0]
        led_seat, led = first
        winner = seat if _BEATS[led.index * _CARDS + card.index] else led_seat
        if card.suit != led.suit:
            self.voids[seat].add(led.suit)
        worth = self.points_of[led.index] + self.points_of[card.index]
        self.won[winner] += worth
        by_two = winner == led_seat and _IS_TWO[led.index]
        tricks = self.tricks
        tricks.append(((first, (seat, card)), winner))
        self.by_two.append((winner, by_two))
        self.trick = []
        self.to_move = winner
        number = len(tricks)
        self.events.append(make_event(("trick", winner, {"cards": [led.code, card.code], "number": number,
                                                         "points": worth, "by_two": by_two}, None)))
        if by_two and number < TRICKS:
            bonus = trick_bonuses(self.by_two, self.rules)[-1]
            self.events.append(make_event(("bonus", winner, {"bonus": bonus.bonus, "tricks": list(bonus.tricks),
                                                             "points": bonus.points,
                                                             "provisional": number == TRICKS - 1}, None)))
        if number == TRICKS:
            self._score()

    # --- the end ----------------------------------------------------------------------------------------------
    def card_points(self) -> dict[int, int]:
        """Card points won in tricks so far."""
        (first, second), won = self.seats, self.won  # the two seats, in order (no comprehension's frame)
        return {first: won[first], second: won[second]}

    def bonuses(self) -> list[Bonus]:
        """The trick bonuses earned so far (final once nine tricks are played; none count after a renonc)."""
        return trick_bonuses(self.by_two, self.rules)

    def last_trick_points(self) -> dict[int, int]:
        """The plain last trick (card points): to its winner, unless his Two took it (then a bonus instead)."""
        out = dict.fromkeys(self.seats, 0)
        if len(self.tricks) == TRICKS and not self.by_two[-1][1]:
            out[self.tricks[-1][1]] = self.rules.last_trick
        return out

    def scores(self) -> dict[int, int]:
        """Card points + the plain last trick + trick bonuses + declarations."""
        return self._total(self.last_trick_points(), self.bonuses())

    def _total(self, last_trick: dict[int, int], bonuses: list[Bonus]) -> dict[int, int]:
        """``scores``, given ``last_trick_points`` and ``bonuses`` (``_score`` finds them once for the log too)."""
        total = self.card_points()
        for seat, extra in last_trick.items():
            total[seat] += extra
        for bonus in bonuses:
            total[bonus.seat] += bonus.points
        for seat in self.seats:
            for declared in self.declared[seat]:
                total[seat] += declared.points
        return total

    def _score(self) -> None:
        bonuses, last_trick = self.bonuses(), self.last_trick_points()
        for bonus in bonuses:
            if bonus.bonus == LAST:
                self.events.append(make_event(("bonus", bonus.seat, {"bonus": LAST, "tricks": list(bonus.tricks),
                                                                     "points": bonus.points, "provisional": False},
                                               None)))
        total = self._total(last_trick, bonuses)
        c, d = self.seats
        self.events.append(make_event(("score", None, {"points": seat_keys(total),
                                                       "last_trick": seat_keys(last_trick)}, None)))
        if total[c] == total[d]:
            self._finish(Outcome("alifer" if self.tie_replays else "draw", points=total))
            return
        winner = c if total[c] > total[d] else d
        self._finish(Outcome("won", winner, self.other(winner), total))

    def _finish(self, outcome: Outcome) -> None:
        self.outcome = outcome
        self.phase, self.to_move = OVER, None

    # --- what the others know -----------------------------------------------------------------------------------
    def figura_codes_public(self) -> bool:
        """Whether every Figura's suits are public: once the Partie is over (the Figura are laid down to count)."""
        return self.phase == OVER

    def all_cards(self) -> list[Card]:
        """Every card of the deck, wherever it is (hands, stock, laid aside, tricks, the trick on the table)."""
        out = [c for h in self.hands for c in h] + list(self.stock) + [c for h in self.set_aside for c in h]
        out += [c for t, _ in self.tricks for _, c in t] + [c for _, c in self.trick]
        if not self.dealt:
            out = list(self.deck)
        return out

