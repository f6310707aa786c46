"""One deal of Czech Bulka between two players, from the deal to the score.

Phases: trump choice → dokup → šíbr (exchange with the trump seven) and discards → the
hundred procedure → nine tricks with melds and bela → score. The deal refuses every action
that breaks a rule with a reason code and a sentence addressed to the player; under
``renonc_mode`` a rule error (revoke, false meld) is accepted and ends the deal.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from ..cards import Card, CardError, codes, holds
from ..errors import Refusal
from ..events import Event, make_event, seat_keys
from ..quoting import quote
from .melds import FOUR, HUNDRED, TWENTY, Meld, find_melds, has_hundred, meld_winner, parse_meld, scored_melds
from .rules import (
    BELA,
    LAST_TRICK,
    PACK,
    POINTS_WITH_TRUMP,
    SUIT_NAMES,
    SUITS,
    TRICK_RULES,
    CzechRules,
    card_of,
    exchanging_card,
    points,
)

TRUMP, EXCHANGE, DISCARD, HUNDRED_ASK, HUNDRED_ANSWER, PLAY, OVER = (
    "trump", "exchange", "discard", "hundred-ask", "hundred-answer", "play", "over")
HAND_SIZE = 9
MAX_SEATS = 3  # Czech Bulka seats two or three; one deal is always between two of them
TRICKS = 9

Parsed = tuple  # (verb, argument)
_SIMPLE = ("take", "pass", "fold", "play-on", "ask-hundred", "exchange")
PARSED: dict[str, Parsed] = {v: (v, None) for v in _SIMPLE}
for _c in PACK.cards:
    PARSED[f"play {_c.code}"] = ("play", _c)
    PARSED[f"discard {_c.code}"] = ("discard", _c)
_PLAY_TEXT = {c: f"play {c.code}" for c in PACK.cards}
_PLAY_OF = _PLAY_TEXT.__getitem__
_DISCARD_TEXT = {c: f"discard {c.code}" for c in PACK.cards}
#: Events are immutable values, so the event of a seat playing a card is made once.
_PLAY_EVENTS = [[Event("play", seat, {"card": c.code}) for c in PACK.cards] for seat in range(MAX_SEATS)]
VERBS = ("take", "pass", "fold", "play-on", "ask-hundred", "exchange", "discard <card>", "declare <meld>",
         "play <card>")


def parse_action(action: str) -> Parsed | Refusal:
    """The (verb, argument) of an action string, or a Refusal naming what is wrong with it."""
    parsed = PARSED.get(action)
    if parsed is not None:
        return parsed
    verb, _, rest = action.partition(" ")
    if verb == "declare" and rest:
        try:
            return ("declare", parse_meld(rest))
        except CardError as err:
            return Refusal("bad-card", f"Cannot read the meld: {err}.")
        except ValueError as err:
            return Refusal("not-a-meld", f"That is not a meld: {err}.")
    if verb in ("play", "discard") and rest:
        try:
            PACK.card(rest)
        except CardError as err:
            return Refusal("bad-card", f"Cannot read the card: {err}.")
    return Refusal("unknown-action", f"{quote(action)} is not an action of Czech Bulka; the actions are "
                                     + ", ".join(VERBS) + ".")


#: ``follow_cards(hand, led, trump, must_beat)``: the cards of ``hand`` that may answer ``led`` (None: leading) and
#: the rule that forbids the others — follow suit (and beat it, house rule ``must_beat``), else trump: the shared
#: trick rules (``rules.TRICK_RULES``)
follow_cards = TRICK_RULES.follow
_BEATS = TRICK_RULES.beats_table  # by trump, then led.index * 32 + card.index: the card takes the trick


@dataclass
class Outcome:
    """How a deal ended. ``kind``: declarer-won, declarer-lost, tie, hundred-fold, forced-fold, renonc, redeal."""

    kind: str
    winner: int | None = None
    loser: int | None = None
    pays: bool = False  # the loser pays the stake into the bank
    points: dict[int, int] | None = None
    renonc: Refusal | None = None


@dataclass
class MeldState:
    """One seat's declarations in the first trick and what the opponent has learned of them."""

    declared: list[Meld] = field(default_factory=list)
    height_known: bool = False
    suit_known: bool = False


def offered_suits(first: Card, second: Card) -> list[tuple[int, str]]:
    """The suits offered as trumps, in order, with which candidate offers each: the first candidate's, then the
    second's unless it is the same suit (a suit is offered once)."""
    offers = [(first.suit, "first")]
    if second.suit != first.suit:
        offers.append((second.suit, "second"))
    return offers


def _s(suit: int) -> str:
    return SUIT_NAMES[SUITS[suit]]


class Deal:
    """One deal. Seats are the match's seat numbers; ``forehand`` leads, ``dealer`` deals."""

    # more than 30 attributes: slots keep attribute access fast (CPython shares dict keys only up to 30)
    __slots__ = ("rules", "dealer", "forehand", "seats", "number", "forced", "deck", "events", "first_event",
                 "hands", "dokup", "first_candidate", "stock", "offers", "offer_index", "phase", "trump",
                 "declarer", "out_of_play", "taken", "discards", "exchange_asked", "exchanged_in_play",
                 "hundred_asked", "hundred_owed", "bela_holder", "melds", "meld_winner", "scored_melds", "trick",
                 "tricks", "voids", "won", "_other", "trump_o", "trump_k", "o_winner", "_plans",
                 "outcome", "to_move")

    def __init__(self, rules: CzechRules, dealer: int, forehand: int, deck: list[Card], number: int,
                 events: list[Event]) -> None:
        self.rules = rules
        self.dealer, self.forehand = dealer, forehand
        self.seats = (forehand, dealer)
        self.number = number
        self.forced = number >= rules.max_deals
        self.deck = deck
        self.events = events
        self.first_event = len(events)  # where this deal's events start in the log
        # per-seat state: lists indexed by the match's seat numbers (the seat sitting out stays empty)
        self.hands: list[list[Card]] = [[], [], []]  # MAX_SEATS lists
        self.dokup: list[list[Card]] = [[], [], []]
        self.phase = TRUMP
        self.trump: int | None = None
        self.declarer: int | None = None
        self.out_of_play: list[Card] = []  # exchanged sevens (public)
        self.taken: list[list[Card]] = [[], [], []]  # face-up cards taken by exchange
        self.discards: list[list[Card]] = [[], [], []]
        self.exchange_asked: set[int] = set()  # one exchange question per player before play
        self.exchanged_in_play: set[int] = set()  # during play: one exchange of one card per player
        self.hundred_asked = False
        self.hundred_owed: int | None = None  # the seat that asked and must declare its hundred first
        self.bela_holder: int | None = None
        self.melds: list[MeldState] = [MeldState(), MeldState(), MeldState()]
        self.meld_winner: int | None = None
        self.scored_melds: list[Meld] = []
        self.trick: list[tuple[int, Card]] = []
        self.tricks: list[tuple[tuple[tuple[int, Card], ...], int]] = []
        self.voids: list[set[int]] = [set(), set(), set()]
        self.won: list[int] = [0] * MAX_SEATS  # card points won in tricks
        self._other: list[int] = [0] * MAX_SEATS
        self._other[forehand], self._other[dealer] = dealer, forehand
        self.trump_o: Card | None = None
        self.trump_k: Card | None = None
        self.o_winner: int | None = None  # who won the trump O in a trick
        self._plans: dict[tuple, tuple[Card | None, list[Card]]] = {}  # exchange plans by what lies face up
        self.outcome: Outcome | None = None
        self.to_move: int | None = forehand
        self._deal_cards()

    # --- the deal ----------------------------------------------------------------------
    def _deal_cards(self) -> None:
        d, f, deck = self.dealer, self.forehand, self.deck
        self.hands[f] = deck[0:3] + deck[6:9]
        self.hands[d] = deck[3:6] + deck[9:12]
        self.first_candidate: Card | None = deck[12]
        self.dokup[f], self.dokup[d] = deck[13:16], deck[16:19]
        self.stock = deck[19:]  # the last card is on top, face up: the second candidate
        self.offers = offered_suits(deck[12], self.stock[-1])
        self.offer_index = 0
        events = self.events
        events.append(make_event(("deal", d, {"dealer": d, "forehand": f, "number": self.number,
                                              "forced": self.forced, "first": deck[12].code,
                                              "second": self.stock[-1].code}, None)))
        for seat in self.seats:
            events.append(make_event(("hand", seat, {"count": 6}, {"cards": codes(self.hands[seat])})))

    # --- whose turn, what may be done ---------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase == OVER

    def _mover(self) -> int:
        """The seat to move, while the deal asks someone (every action's verdict and effect need one)."""
        seat = self.to_move
        assert seat is not None, "the deal is over: nobody is to move"
        return seat

    def _trumps(self) -> int:
        """The trump suit, once it is chosen (every phase after the trump choice needs it)."""
        trump = self.trump
        assert trump is not None, "trumps are not chosen yet"
        return trump

    def _declarer(self) -> int:
        declarer = self.declarer
        assert declarer is not None, "trumps are not chosen yet"
        return declarer

    def other(self, seat: int) -> int:
        return self._other[seat]

    def candidates(self) -> Iterator[tuple[str, Parsed]]:
        phase, seat = self.phase, self.to_move
        if seat is None:  # the deal is over
            return
        if phase == PLAY:
            if self._first_card(seat):
                yield from self._declare_candidates(seat)
            if self.stock and self.stock[-1].suit == self.trump:
                yield "exchange", ("exchange", None)
            for card in self.hands[seat]:
                yield _PLAY_TEXT[card], PARSED[_PLAY_TEXT[card]]
        elif phase == TRUMP:
            yield from (("take", ("take", None)), ("pass", ("pass", None)), ("fold", ("fold", None)))
        elif phase == DISCARD:
            for card in self.hands[seat]:
                yield _DISCARD_TEXT[card], PARSED[_DISCARD_TEXT[card]]
        elif phase == EXCHANGE:
            yield from (("exchange", ("exchange", None)), ("pass", ("pass", None)))
        elif phase == HUNDRED_ASK:
            yield "ask-hundred", ("ask-hundred", None)
        elif phase == HUNDRED_ANSWER:
            yield from (("fold", ("fold", None)), ("play-on", ("play-on", None)))

    def refusal(self, parsed: Parsed) -> Refusal | None:
        verb, arg = parsed
        phase = self.phase
        if phase == PLAY:
            if verb == "play":
                return self._play_refusal(arg)
            if verb == "declare":
                return self._declare_refusal(arg)
            if verb == "exchange":
                return self._exchange_refusal(during_play=True)
        elif phase == TRUMP:
            if verb in ("take", "pass", "fold"):
                return self._trump_refusal(verb)
        elif phase == DISCARD:
            if verb == "discard":
                if arg not in self.hands[self.to_move or 0]:  # the phase asks someone
                    return Refusal("card-not-in-hand", f"You do not hold {arg.code}.")
                return None
        elif phase == EXCHANGE:
            if verb == "pass":
                return None
            if verb == "exchange":
                return self._exchange_refusal(during_play=False)
        elif phase == HUNDRED_ASK:
            if verb == "ask-hundred":
                return None
        elif phase == HUNDRED_ANSWER:
            if verb in ("fold", "play-on"):
                return None
        return Refusal("not-now", self._now_sentence(verb))

    def _now_sentence(self, verb: str) -> str:
        """Why ``verb`` is not for now: what the phase asks, naming only what this seat may answer."""
        phase = self.phase
        if phase == TRUMP:
            asked = ("choose trumps as the forced dealer: take the suit offered, or fold and pay the stake"
                     if self._final_offer()
                     else "choose trumps: take the suit offered, or pass")
        elif phase == EXCHANGE:
            asked = ("say whether you exchange for the face-up trump (šíbr): exchange, or pass"
                     if self._exchange_refusal(during_play=False) is None else
                     "answer the exchange question (šíbr): you do not hold the card that exchanges, so pass")
        else:
            asked = {
                DISCARD: "discard face down until you hold 9 cards",
                HUNDRED_ASK: "hold a hundred against the declarer, and the rules make you ask whether they play "
                             "against it: ask-hundred",
                HUNDRED_ANSWER: "answer the hundred: fold (lose without paying), or play-on",
                PLAY: "play a card (and with your first card you may declare melds)",
            }.get(phase, "nothing")
        return f"You cannot {verb} now: now you {asked}."

    def _final_offer(self) -> bool:
        """Whether the trump question now is the forced dealer's last chance: he must take or fold, not pass."""
        return self.forced and self.to_move == self.dealer and self.offer_index == len(self.offers) - 1

    def _trump_refusal(self, verb: str) -> Refusal | None:
        final = self._final_offer()
        if verb == "pass" and final:
            return Refusal("forced-dealer", f"This is deal {self.number}, the last one: as dealer you are forced. "
                                            f"Take {_s(self.offers[-1][0])} or fold and pay the stake.")
        if verb == "fold" and not final:
            if self.forced and self.to_move == self.dealer:
                return Refusal("cannot-fold", "You may fold only at your last chance to choose trumps; "
                                              "now take or pass.")
            return Refusal("cannot-fold", "Only the dealer, forced on the last deal, may fold; take or pass.")
        return None

    def _exchange_plan(self, during_play: bool) -> tuple[Card | None, list[Card]]:
        """The card that would exchange (7, else 8, else 9 of trumps) and the face-up trumps it takes.

        Before play both candidates count; during play only the visible stock card does.
        """
        key = (during_play, len(self.stock), self.first_candidate is None)  # what lies face up
        plan = self._plans.get(key)
        if plan is None:
            plan = self._plans[key] = self._face_up_plan(during_play)
        return plan

    def _face_up_plan(self, during_play: bool) -> tuple[Card | None, list[Card]]:
        trump = self._trumps()
        face_up = []
        if not during_play and self.first_candidate is not None and self.first_candidate.suit == trump:
            face_up.append(self.first_candidate)
        if self.stock and self.stock[-1].suit == trump:
            face_up.append(self.stock[-1])
        return exchanging_card(trump, face_up), face_up

    def _exchange_bar(self, during_play: bool) -> str | None:
        """What forbids the seat to move an exchange now (``_exchange_refusal`` says it in a sentence), or None:
        ``legal_actions`` asks this alone, without writing the sentences."""
        seat = self.to_move
        assert seat is not None, "an exchange is asked of the seat to move"
        card, _ = self._exchange_plan(during_play)
        if card is None:
            return "nothing-face-up"
        if not holds(self.hands[seat], card):
            return "not-held"
        if during_play and self.hundred_owed == seat:
            return "must-declare-hundred"
        if during_play and seat in self.exchanged_in_play:
            return "exchanged"
        for meld in self.melds[seat].declared:
            if holds(meld.cards, card):
                return "in-meld"
        return None

    def _exchange_refusal(self, during_play: bool) -> Refusal | None:
        bar = self._exchange_bar(during_play)
        if bar is None:
            return None
        card, face_up = self._exchange_plan(during_play)
        if card is None:
            where = "the visible stock card" if during_play else "the candidates"
            return Refusal("no-exchange", f"There is no trump face up to exchange for: {where} "
                                          f"{'is not a trump' if during_play else 'are not trumps'}.")
        if bar == "not-held":
            return Refusal("no-exchange", f"To exchange for {_codes_text(face_up)} you need the {card.code} "
                                          "(šíbr), and you do not hold it.")
        if bar == "must-declare-hundred":
            return Refusal("must-declare-hundred", "You asked the declarer to play against your hundred: "
                                                   "declare it first, then exchange.")
        if bar == "exchanged":
            return Refusal("no-exchange", "During play you may exchange only once, for a single card: "
                                          "you have already done so.")
        meld = next(m for m in self.melds[self._mover()].declared if card in m.cards)
        return Refusal("no-exchange", f"Your {card.code} is in the meld {meld.code} you declared: a declared "
                                      "meld's cards cannot be exchanged away (the meld stands on the cards "
                                      "shown). Keep it and play a card.")

    def _declare_refusal(self, meld: Meld, held: list[Meld] | None = None) -> Refusal | None:
        seat = self._mover()
        if not self._first_card(seat):
            return Refusal("declare-too-late", "Melds are declared with your first card of the first trick; "
                                               "that moment has passed.")
        state = self.melds[seat]
        if meld in state.declared:
            return Refusal("meld-already-declared", f"You have already declared {meld.code}.")
        if meld.kind != FOUR:  # a card may sit in a sequence and a four of a kind, never in two sequences
            shared = next((m for m in state.declared if m.kind != FOUR and set(m.cards) & set(meld.cards)), None)
            if shared is not None:
                return Refusal("meld-already-declared", f"{meld.code} shares cards with {shared.code}, which you "
                                                        "already declared: a card counts in one sequence only.")
        held = find_melds(self.hands[seat]) if held is None else held
        if meld not in held:
            hand = set(self.hands[seat])
            if all(c in hand for c in meld.cards):
                whole = next(m for m in held if set(meld.cards) <= set(m.cards))
                return Refusal("declare-whole-meld", f"{meld.code} is part of your {whole.name} {whole.code}: "
                                                     "declare the whole meld.")
            missing = [c.code for c in meld.cards if c not in hand]
            return Refusal("meld-not-held", f"You cannot declare {meld.code}: you do not hold "
                                            f"{', '.join(missing)}. A false meld is a renonc.", renonc=True)
        if self.hundred_owed == seat and meld.kind < HUNDRED:
            return Refusal("must-declare-hundred", "You asked the declarer to play against your hundred: "
                                                   "declare the hundred first.")
        if state.declared and meld.height > state.declared[-1].height:
            return Refusal("declare-highest-first", f"Declare the highest meld first: {meld.code} is higher "
                                                    f"than {state.declared[-1].code}, which you already declared.")
        if meld.kind >= HUNDRED and seat != self.declarer and not self.hundred_asked:
            return Refusal("hundred-not-asked", "A hundred against the declarer counts only if you asked the declarer "
                                                "before the first lead whether to play against it (ask-hundred).")
        return None

    def playable(self) -> tuple[list[Card], str | None]:
        """The cards the player to move may play, and the rule that forbids the others (if any).

        Verdicts on plays and ``legal_actions`` both use it (the follow rules are ``follow_cards``).
        """
        seat, trump = self.to_move, self.trump
        assert seat is not None and trump is not None, "cards are played only in play, with trumps chosen"
        hand = self.hands[seat]
        if self.hundred_owed == seat:
            return [], "must-declare-hundred"
        return follow_cards(hand, self.trick[0][1] if self.trick else None, trump, self.rules.must_beat)

    def _play_refusal(self, card: Card) -> Refusal | None:
        hand = self.hands[self.to_move or 0]  # the play phase asks someone
        if card not in hand:
            return Refusal("card-not-in-hand", f"You do not hold {card.code}.")
        allowed, rule = self.playable()
        if card in allowed:
            return None
        if rule == "must-declare-hundred":
            return Refusal(rule, "You asked the declarer to play against your hundred: declare it with your "
                                 "first card, then play.")
        led = self.trick[0][1]
        others = ", ".join(c.code for c in allowed)
        if rule == "must-beat" and card.suit == led.suit:
            return Refusal(rule, f"You must beat {led.code} when you can (a house rule of this table): play {others}.",
                           renonc=True)
        if card.suit != led.suit and any(c.suit == led.suit for c in hand):
            same = ", ".join(c.code for c in hand if c.suit == led.suit)
            return Refusal("must-follow-suit", f"You must follow suit: {_s(led.suit)} were led and you hold "
                                               f"{same}.", renonc=True)
        return Refusal("must-trump", f"You have no {_s(led.suit)}, so you must trump ({_s(self._trumps())}): "
                                     f"you hold {others}.", renonc=True)

    def legal_actions(self) -> list[str]:
        """Every action whose verdict is ok, in the order of ``candidates``, worked out at once: plays come straight
        from ``playable``, and each other phase's answers from the one rule ``refusal`` asks (the property tests
        hold this list equal to the candidates whose verdict is ok)."""
        phase = self.phase
        if phase != PLAY:
            if self.to_move is None:
                return []
            if phase == TRUMP:
                return ["take", "fold"] if self._final_offer() else ["take", "pass"]
            if phase == DISCARD:
                return list(map(_DISCARD_TEXT.__getitem__, self.hands[self.to_move]))
            if phase == EXCHANGE:
                return ["exchange", "pass"] if self._exchange_bar(during_play=False) is None else ["pass"]
            if phase == HUNDRED_ASK:
                return ["ask-hundred"]
            return ["fold", "play-on"]  # HUNDRED_ANSWER
        seat, trick = self.to_move, self.trick
        assert seat is not None, "the play phase asks someone"
        # what ``playable`` allows, asked here without its call (the hot path of every random playout): leading, any
        # card (as ``follow_cards`` answers a trick not led yet)
        hand = self.hands[seat]
        plays = [] if self.hundred_owed == seat else list(map(_PLAY_OF, follow_cards(
            hand, trick[0][1], self.trump, self.rules.must_beat)[0] if trick else hand))
        stock = self.stock
        if self.tricks and not (stock and stock[-1].suit == self.trump):
            return plays  # the common case: only plays
        actions: list[str] = []
        if self._first_card(seat):
            held = find_melds(self.hands[seat])
            for meld in held:  # a loop: cheaper than a comprehension in CPython 3.11
                if self._declare_refusal(meld, held) is None:
                    actions.append(f"declare {meld.code}")
        if stock and stock[-1].suit == self.trump:
            if self._exchange_bar(during_play=True) is None:
                actions.append("exchange")
        return actions + plays

    def _declare_candidates(self, seat: int) -> Iterator[tuple[str, Parsed]]:
        for meld in find_melds(self.hands[seat]):
            yield f"declare {meld.code}", ("declare", meld)

    def _first_card(self, seat: int) -> bool:
        """Whether the seat is about to play its first card of the deal: the moment to declare melds."""
        return not self.tricks and (not self.trick or self.trick[0][0] != seat)

    # --- doing ------------------------------------------------------------------------
    def do(self, parsed: Parsed, renonc: Refusal | None) -> bool:
        """Carry out an action already judged (``renonc``: the rule error it commits, if any); True when the deal is
        over, so that the session settles it."""
        verb, arg = parsed
        seat = self.to_move
        assert seat is not None, "the deal is over: nobody is to move"
        if renonc is not None:
            if verb == "play":
                self.events.append(Event("play", seat, {"card": arg.code, "renonc": renonc.reason}))
            else:
                self.events.append(Event("declare", seat, {"kind": arg.kind, "name": arg.name, "meld": arg.code,
                                                           "renonc": renonc.reason}))
            self.events.append(Event("renonc", seat, {"reason": renonc.reason}, {"message": renonc.message}))
            self._finish(Outcome("renonc", winner=self.other(seat), loser=seat, pays=True, renonc=renonc))
            return True
        _DO[verb](self, seat, arg)
        return self.to_move is None  # nobody is asked only once the deal is over

    def _do_take(self, seat: int, _arg: None) -> None:
        suit, which = self.offers[self.offer_index]
        self.trump, self.declarer = suit, seat
        self.trump_o, self.trump_k = card_of("O", suit), card_of("K", suit)
        self.events.append(make_event(("take", seat, {"suit": SUITS[suit], "which": which}, None)))
        for s in self.seats:
            self.hands[s] += self.dokup[s]
            self.events.append(make_event(("dokup", s, {"count": 3}, {"cards": codes(self.dokup[s])})))
            self._check_bela(s)
        self._next_preplay()

    def _do_pass(self, seat: int, _arg: None) -> None:
        phase = self.phase
        if phase == TRUMP:
            suit, _ = self.offers[self.offer_index]
            self.events.append(make_event(("pass", seat, {"suit": SUITS[suit]}, None)))
            if seat == self.forehand:
                self.to_move = self.dealer
            elif self.offer_index + 1 < len(self.offers):
                self.offer_index += 1
                self.to_move = self.forehand
            else:
                self.events.append(make_event(("redeal", None, {"number": self.number}, None)))
                self._finish(Outcome("redeal"))
        elif phase == EXCHANGE:
            self.events.append(make_event(("exchange-pass", seat, {}, None)))
            self._next_preplay()

    def _do_fold(self, seat: int, _arg: None) -> None:
        other = self.other(seat)
        if self.phase == TRUMP:
            self.events.append(Event("fold", seat, {"forced": True}))
            self._finish(Outcome("forced-fold", winner=other, loser=seat, pays=True))
        else:
            self.events.append(Event("fold", seat, {"hundred": True}))
            self._finish(Outcome("hundred-fold", winner=other, loser=seat, pays=False))

    def _do_play_on(self, seat: int, _arg: None) -> None:
        self.events.append(Event("play-on", seat, {}))
        self._start_play()

    def _do_ask_hundred(self, seat: int, _arg: None) -> None:
        self.hundred_asked = True
        self.hundred_owed = seat
        self.events.append(Event("ask-hundred", seat, {}))
        self.phase, self.to_move = HUNDRED_ANSWER, self.declarer

    def _do_exchange(self, seat: int, _arg: None) -> None:
        during_play = self.phase == PLAY
        card, face_up = self._exchange_plan(during_play)
        assert card is not None, "the verdict allowed an exchange, so a card exchanges"
        hand = self.hands[seat]
        hand.remove(card)
        self.out_of_play.append(card)
        taken, took_stock = [], False
        for up in face_up:
            if up is self.first_candidate:
                self.first_candidate = None
            else:
                self.stock.pop()
                took_stock = True
            taken.append(up)
        if took_stock and not during_play and self.rules.exchange_chain == "trumps":
            while self.stock and self.stock[-1].suit == self.trump:  # the chain: each next visible trump
                taken.append(self.stock.pop())
        hand += taken
        self.taken[seat] += taken
        self.events.append(Event("exchange", seat, {"given": card.code, "taken": codes(taken),
                                                    "during_play": during_play, "tupl": len(face_up) == 2,
                                                    "visible": self.stock[-1].code if self.stock else None}))
        self._check_bela(seat)
        if during_play:
            self.exchanged_in_play.add(seat)
            return
        if len(hand) > HAND_SIZE:
            self.phase = DISCARD
        else:
            self._next_preplay()

    def _do_discard(self, seat: int, card: Card) -> None:
        hand = self.hands[seat]
        hand.remove(card)
        self.discards[seat].append(card)
        self.events.append(Event("discard", seat, {"left": len(hand) - HAND_SIZE}, {"card": card.code}))
        if len(hand) == HAND_SIZE:
            self._next_preplay()

    def _do_declare(self, seat: int, meld: Meld) -> None:
        self.melds[seat].declared.append(meld)
        if self.hundred_owed == seat and meld.kind >= HUNDRED:
            self.hundred_owed = None
        public = {"kind": meld.kind, "name": meld.name}
        if meld.kind > 1:  # a fifty or a hundred: height and suit are told at once
            public["meld"] = meld.code
        self.events.append(Event("declare", seat, public, {"meld": meld.code}))

    def _do_play(self, seat: int, card: Card) -> None:
        hand, i = self.hands[seat], 0  # ``cards.remove_card`` inline: on every play its call costs more than its loop
        while hand[i] is not card:  # the card was judged legal, so it is held
            i += 1
        del hand[i]
        self.events.append(_PLAY_EVENTS[seat][card.index])
        trick = self.trick
        if not trick:
            trick.append((seat, card))
            self.to_move = self._other[seat]
            if len(self.tricks) == 1:
                self._reveal_twenty_suits()
            return
        # the second card closes the trick (two players): the higher of the suit led, or a trump, wins
        trump = self.trump
        assert trump is not None, "cards are played once trumps are chosen"
        led_seat, led = trick[0]
        winner = seat if _BEATS[trump][led.index * 32 + card.index] else led_seat
        if card.suit != led.suit:  # what the table learns: no card of the suit led (and no trump either)
            self.voids[seat].update(TRICK_RULES.voids_shown(card, led, trump))
        worth = POINTS_WITH_TRUMP[trump][led.index] + POINTS_WITH_TRUMP[trump][card.index]
        self.won[winner] += worth
        if led is self.trump_o or card is self.trump_o:
            self.o_winner = winner
        tricks = self.tricks
        tricks.append(((trick[0], (seat, card)), winner))
        self.trick = []
        self.to_move = winner
        number = len(tricks)
        self.events.append(make_event(("trick", winner, {"cards": [led.code, card.code], "number": number,
                                                         "points": worth}, None)))
        if number == 1:
            self._settle_melds()
        elif number == TRICKS:
            self._score()

    # --- phases between trump and play ------------------------------------------------
    def _next_preplay(self) -> None:
        """Ask the next player who may exchange, then the hundred question, then play."""
        card, _ = self._exchange_plan(during_play=False)
        if card is not None and card not in self.out_of_play:
            # both players are asked, holder or not: asking only the holder would give the seven away
            for seat in self.seats:
                if seat not in self.exchange_asked:
                    self.exchange_asked.add(seat)
                    self.phase, self.to_move = EXCHANGE, seat
                    return
        self.exchange_asked.update(self.seats)
        opponent = self.other(self._declarer())
        if not self.hundred_asked and has_hundred(self.hands[opponent]):
            self.phase, self.to_move = HUNDRED_ASK, opponent
            return
        self._start_play()

    def _start_play(self) -> None:
        self.phase, self.to_move = PLAY, self.forehand
        self.events.append(make_event(("play-starts", self.forehand, {}, None)))

    def _check_bela(self, seat: int) -> None:
        if self.bela_holder is None and holds(self.hands[seat], self.trump_o) and holds(self.hands[seat], self.trump_k):
            self.bela_holder = seat

    # --- melds ------------------------------------------------------------------------
    def _settle_melds(self) -> None:
        """After trick 1: whose melds count, and what the opponent learns of a twenty's height."""
        melds = self.melds
        winner = meld_winner(self.forehand, self.dealer, {self.forehand: melds[self.forehand].declared,
                                                          self.dealer: melds[self.dealer].declared})
        if winner is None:
            return
        scored = scored_melds(self.melds[winner].declared, self.rules.meld_scope)
        self.meld_winner, self.scored_melds = winner, scored
        for s in self.seats:
            declared = self.melds[s].declared
            if declared:
                self.melds[s].height_known = True
                if any(m.kind == TWENTY for m in declared):  # fifties and hundreds were told in full
                    self.events.append(Event("meld-height", s, {"heights": [
                        f"{m.name} to the {m.top_rank}" for m in declared]}))
        heights = [max((m.height for m in self.melds[s].declared), default=None) for s in self.seats]
        self.events.append(make_event(("melds-scored", winner, {"names": [m.name for m in scored],
                                                                "points": sum(m.points for m in scored),
                                                                "equal": heights[0] == heights[1]}, None)))

    def _reveal_twenty_suits(self) -> None:
        for s in self.seats:
            declared = self.melds[s].declared
            if declared and not self.melds[s].suit_known:
                self.melds[s].suit_known = True
                if any(m.kind == TWENTY for m in declared):
                    self.events.append(Event("meld-suit", s, {"melds": [m.code for m in declared]}))

    # --- the end ----------------------------------------------------------------------
    def card_points(self) -> dict[int, int]:
        """Points won so far in tricks, bela's change to the O's value not applied."""
        (first, second), won = self.seats, self.won  # the two seats, in order (no comprehension's frame)
        return {first: won[first], second: won[second]}

    def bela(self) -> int | None:
        """The seat that scores the bela's 40, if anyone does (at the end of play)."""
        if self.bela_holder is None:
            return None
        if self.rules.bela_mode == "holder":
            return self.bela_holder
        won = {c: w for trick, w in self.tricks for _, c in trick}
        o, k = self.trump_o, self.trump_k
        if o in won and k in won and won[o] == won[k]:
            return won[o]
        return None

    def _score(self) -> None:
        total = self.card_points()
        total[self.tricks[-1][1]] += LAST_TRICK
        if self.meld_winner is not None:
            total[self.meld_winner] += sum(m.points for m in self.scored_melds)
        bela = self.bela()
        if bela is not None:
            total[bela] += BELA
            if self.o_winner is not None:  # the O's own 20 counts for nobody
                trump = self._trumps()
                total[self.o_winner] -= points(card_of("O", trump), trump)
            self.events.append(Event("bela", bela, {"points": BELA}))
        declarer = self._declarer()
        opponent = self._other[declarer]
        if total[declarer] > total[opponent]:
            outcome = Outcome("declarer-won", declarer, opponent, False, total)
        elif total[declarer] == total[opponent]:
            outcome = Outcome("tie", opponent, declarer, False, total)
        else:
            outcome = Outcome("declarer-lost", opponent, declarer, True, total)
        self.events.append(make_event(("score", declarer, {"points": seat_keys(total),
                                                           "kind": outcome.kind}, None)))
        self._finish(outcome)

    def _finish(self, outcome: Outcome) -> None:
        self.outcome = outcome
        self.phase, self.to_move = OVER, None


def _codes_text(cards: list[Card]) -> str:
    return " and ".join(c.code for c in cards)


_DO = {verb: getattr(Deal, "_do_" + verb.replace("-", "_")) for verb in _SIMPLE + ("discard", "declare", "play")}
