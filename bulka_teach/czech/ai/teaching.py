"""The rule-based bot: named teaching rules, tried in order, each explaining itself to the learner.

A teaching rule reads a ``Situation`` (what one seat's view says, in cards) and either gives
advice — an action of ``view["legal"]`` and a sentence why — or stays silent. ``RuleBot``
asks the rules of the current phase in order; the first that speaks decides. The coach uses
the same rules to name the rule a weak decision breaks.

Only the view is read. From the engine this module takes the card tables (pack, trick
strength, card points) and the meld reader, nothing that holds a game.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from ...bots.base import Choice, asked
from ...cards import Card
from ..melds import FIFTY, HUNDRED, find_melds, parse_meld
from ..rules import PACK, POINTS_WITH_TRUMP, STRENGTH_WITH_TRUMP, SUITS, exchanging_card

_TRUMP_RANK_VALUE = {"O": 3.0, "9": 2.5, "A": 2.0, "X": 1.5, "K": 1.0, "U": 1.0, "8": 0.8, "7": 0.8}
TAKE_THRESHOLD = 3.5  # hand strength (see ``trump_strength``) from which the bot takes a suit; tuned in self-play
SEVERAL_TRUMPS = 3  # from this many trumps a strong hand is strong in trumps; with fewer, aces and melds carry it
HIGH_TRUMPS = ("O", "9")  # jasnej (20) and minda (14)


def suit_words(suit: int) -> str:
    """'hearts (červené)' for a suit index."""
    return PACK.suit_names[SUITS[suit]]


@dataclass(frozen=True)
class Advice:
    """What a rule recommends: one legal action and a sentence about this position."""

    action: str
    why: str


@dataclass
class Situation:
    """One seat's view read as cards: the hand, trumps, the trick, and what is still out."""

    view: dict[str, Any]
    seat: int
    phase: str
    legal: list[str]
    hand: list[Card]
    trump: int | None
    offered: int | None  # the suit offered in the trump phase
    declarer: int | None
    trick: list[Card]  # the cards of the trick in progress, led card first
    outside: set[Card] = field(default_factory=set)  # cards the opponent may hold (unseen or taken by them)
    opponent_voids: set[int] = field(default_factory=set)

    @classmethod
    def from_view(cls, view: dict[str, Any]) -> Situation:
        deal = view["deal"]
        seat = view["seat"]
        hand = PACK.cards_of(deal["hand"])
        trump = SUITS.index(deal["trump"]) if deal["trump"] else None
        offered = SUITS.index(deal["offer"]["suit"]) if deal.get("offer") else None
        trick = PACK.cards_of(t["card"] for t in deal["trick"])
        seen = set(hand) | set(trick)
        for t in deal["tricks"]:
            seen.update(PACK.cards_of(t["cards"]))
        seen.update(PACK.cards_of(deal["out_of_play"]))
        seen.update(PACK.cards_of(deal["discards"]))
        for visible in (deal["first_candidate"], deal["stock_top"]):
            if visible:
                seen.add(PACK.card(visible))
        opponent = next((int(s) for s in deal["hand_counts"] if int(s) != seat), None)
        outside = set(PACK.cards) - seen  # cards the opponent took by exchange are among them: not seen since
        voids = {SUITS.index(s) for s in deal["voids"][str(opponent)]} if opponent is not None else set()
        return cls(view=view, seat=seat, phase=deal["phase"], legal=list(view["legal"]), hand=hand, trump=trump,
                   offered=offered, declarer=deal["declarer"], trick=trick, outside=outside, opponent_voids=voids)

    @property
    def trumps(self) -> int:
        """The trump suit: the rules that read it are asked only once trumps are chosen."""
        assert self.trump is not None, "trumps are not chosen yet"
        return self.trump

    @property
    def offer(self) -> int:
        """The suit offered as trumps: the rules that read it are asked only while trumps are chosen."""
        assert self.offered is not None, "no suit is offered now"
        return self.offered

    # --- card arithmetic under the trump chosen -----------------------------------------
    def points(self, card: Card) -> int:
        return POINTS_WITH_TRUMP[self.trumps][card.index]

    def strength(self, card: Card) -> int:
        return STRENGTH_WITH_TRUMP[self.trumps][card.index]

    def beats(self, card: Card, led: Card) -> bool:
        """Whether ``card`` played second wins the trick led by ``led``."""
        if card.suit != led.suit and card.suit != self.trump:
            return False
        return self.strength(card) > self.strength(led)

    def is_boss(self, card: Card) -> bool:
        """No card the opponent may hold is higher in the card's own suit."""
        return all(self.strength(o) < self.strength(card) for o in self.outside if o.suit == card.suit)

    def suit_of(self, suit: int) -> list[Card]:
        return [c for c in self.hand if c.suit == suit]

    # --- what may be done ------------------------------------------------------------
    def plays(self) -> list[Card]:
        return [PACK.card(a[5:]) for a in self.legal if a.startswith("play ")]

    def discards(self) -> list[Card]:
        return [PACK.card(a[8:]) for a in self.legal if a.startswith("discard ")]

    def exchanging_card(self, during_play: bool) -> str | None:
        """The rank that would exchange (7, else 8, else the minda 9), from the face-up trumps the view shows."""
        deal = self.view["deal"]
        face_up = [deal["stock_top"]] if deal["stock_top"] else []
        if not during_play and deal["first_candidate"]:
            face_up.append(deal["first_candidate"])
        card = exchanging_card(self.trumps, PACK.cards_of(face_up)) if self.trump is not None else None
        return PACK.ranks[card.rank] if card is not None else None


def play(card: Card) -> str:
    return f"play {card.code}"


def _lowest(cards: Iterable[Card], s: Situation) -> Card:
    """The card worth the fewest points, then the weakest."""
    return min(cards, key=lambda c: (s.points(c), s.strength(c), c.index))


def _cheapest_winner(s: Situation) -> Card | None:
    led = s.trick[0]
    winners = [c for c in s.plays() if s.beats(c, led)]
    return min(winners, key=lambda c: (s.strength(c), c.index)) if winners else None


def trump_strength(hand: Iterable[Card], suit: int) -> float:
    """How well a hand would play with ``suit`` as trumps: its trumps by rank, plus plain aces and guarded tens."""
    hand = list(hand)
    score = sum(_TRUMP_RANK_VALUE[PACK.ranks[c.rank]] for c in hand if c.suit == suit)
    for other in range(len(SUITS)):
        if other == suit:
            continue
        ranks = {PACK.ranks[c.rank] for c in hand if c.suit == other}
        score += 1.5 * ("A" in ranks) + 0.5 * ("X" in ranks and ("A" in ranks or len(ranks) >= 2))
    for meld in find_melds(hand):
        score += 1.0 if meld.kind < FIFTY else 2.5
    return score


# --- the rules ------------------------------------------------------------------------
Check = Callable[[Situation], Advice | None]


@dataclass(frozen=True)
class TeachingRule:
    """A named rule of thumb: when it applies (``check``), and the lesson it teaches (``lesson``)."""

    name: str
    phases: tuple[str, ...]
    lesson: str
    check: Check

    def advise(self, s: Situation) -> Advice | None:
        """The rule's advice here, or None when it does not apply (or would advise something not legal)."""
        if s.phase not in self.phases:
            return None
        advice = self.check(s)
        return advice if advice is not None and advice.action in s.legal else None


def _forced_dealer_takes(s: Situation) -> Advice | None:
    if "fold" in s.legal and "take" in s.legal:
        return Advice("take", "As the forced dealer, folding pays the stake for sure; taking pays it only if you "
                              "fall (spadnout), so take.")
    return None


def _strong_enough(s: Situation) -> bool:
    """Whether the hand is strong enough to take the suit offered (``trump_strength`` at ``TAKE_THRESHOLD``)."""
    return trump_strength(s.hand, s.offer) >= TAKE_THRESHOLD


def _take_with_strong_trumps(s: Situation) -> Advice | None:
    trumps = s.suit_of(s.offer)
    if len(trumps) >= SEVERAL_TRUMPS and _strong_enough(s):
        return Advice("take", f"With {suit_words(s.offer)} as trumps your hand is strong: {len(trumps)} trumps "
                              f"({', '.join(c.code for c in trumps)}). Take it (zadat) and play to win.")
    return None


def _take_with_aces_and_melds(s: Situation) -> Advice | None:
    trumps = s.suit_of(s.offer)
    if len(trumps) < SEVERAL_TRUMPS and _strong_enough(s):
        held = f"only {len(trumps)} trump{'' if len(trumps) == 1 else 's'} ({', '.join(c.code for c in trumps)})" \
            if trumps else "no trump"
        return Advice("take", f"With {suit_words(s.offer)} as trumps you hold {held}, but your plain aces, tens "
                              "and melds make the hand strong: take it (zadat) and play to win.")
    return None


def _pass_a_weak_hand(s: Situation) -> Advice | None:
    if _strong_enough(s):
        return None
    return Advice("pass", f"Your hand is too weak with {suit_words(s.offer)} as trumps: pass and let the "
                          "opponent carry the risk of declaring.")


def _exchange_advice(s: Situation, during_play: bool) -> Advice | None:
    if "exchange" not in s.legal:
        return None
    rank = s.exchanging_card(during_play)
    if rank == "9":
        return None
    return Advice("exchange", f"Give your {rank} of trumps (šíbr) for the face-up trump: a better trump for a "
                              "worthless one.")


def _sibr_when_you_can(s: Situation) -> Advice | None:
    return _exchange_advice(s, during_play=s.phase == "play")


def _keep_the_minda(s: Situation) -> Advice | None:
    if "exchange" in s.legal and "pass" in s.legal and s.exchanging_card(during_play=False) == "9":
        return Advice("pass", "Here only your minda (the 9 of trumps, 14 points) could exchange: keep it and pass.")
    return None


def _pass_without_the_seven(s: Situation) -> Advice | None:
    if s.legal == ["pass"]:
        return Advice("pass", "You do not hold the card that exchanges (šíbr), so you can only pass.")
    return None


def _discard_low_plain(s: Situation) -> Advice | None:
    held_melds = {c for m in find_melds(s.hand) for c in m.cards}
    plain = [c for c in s.discards() if c.suit != s.trump]
    if not plain:
        return None
    # keep melds together, discard worthless cards first, from the shortest suit (towards a void)
    card = min(plain, key=lambda c: (c in held_melds, s.points(c), len(s.suit_of(c.suit)), s.strength(c), c.index))
    return Advice(f"discard {card.code}", f"Discard {card.code}: a low plain card, so you keep your trumps (jasnej "
                                          "and minda above all) and your melds, and your short suit gets shorter.")


def _ask_about_your_hundred(s: Situation) -> Advice | None:
    return Advice("ask-hundred", "You hold a hundred (sto) against the declarer: ask whether they play against "
                                 "it, or it will not count.")


def _can_beat_a_hundred(s: Situation) -> bool:
    """A hundred of one's own, or five trumps with jasnej and minda."""
    own_hundred = any(m.kind >= HUNDRED for m in find_melds(s.hand))
    trumps = s.suit_of(s.trumps)
    jasnej_and_minda = {PACK.ranks[c.rank] for c in trumps} >= set(HIGH_TRUMPS)
    return own_hundred or (len(trumps) >= 5 and jasnej_and_minda)


def _play_on_with_strong_hand(s: Situation) -> Advice | None:
    if _can_beat_a_hundred(s):
        return Advice("play-on", "Your hand can beat a hundred (your own hundred, or five trumps with jasnej and "
                                 "minda): play on.")
    return None


def _fold_against_a_hundred(s: Situation) -> Advice | None:
    if _can_beat_a_hundred(s):
        return None
    return Advice("fold", "A hundred is 100 points against you: fold, and you lose this game without paying "
                          "the stake.")


def _declare_every_meld(s: Situation) -> Advice | None:
    melds = [parse_meld(a[8:]) for a in s.legal if a.startswith("declare ")]
    if not melds:
        return None
    best = max(melds, key=lambda m: m.height)
    return Advice(f"declare {best.code}", f"Declare your {best.name} {best.code} now, with your first card "
                                          "(hláška): an undeclared meld counts nothing. Highest first.")


def _take_points(s: Situation) -> Advice | None:
    if len(s.trick) != 1 or s.points(s.trick[0]) < 10:
        return None
    card = _cheapest_winner(s)
    if card is None:
        return None
    led = s.trick[0]
    return Advice(play(card), f"{led.code} is worth {s.points(led)} points: take the trick with {card.code}, "
                              "the cheapest card that wins it.")


def _dont_waste_jasnej(s: Situation) -> Advice | None:
    if len(s.trick) != 1 or s.points(s.trick[0]) > 0:
        return None
    led = s.trick[0]
    card = _cheapest_winner(s)
    losers = [c for c in s.plays() if not s.beats(c, led)]
    if card is None or PACK.ranks[card.rank] not in HIGH_TRUMPS or card.suit != s.trump or not losers:
        return None
    low = _lowest(losers, s)
    return Advice(play(low), f"The trick holds no points: don't spend your {card.code} on it (keep jasnej and "
                             f"minda for tricks worth them); play {low.code}.")


def _win_cheaply(s: Situation) -> Advice | None:
    if len(s.trick) != 1:
        return None
    card = _cheapest_winner(s)
    if card is None:
        return None
    return Advice(play(card), f"You can win this trick: win it with {card.code}, the cheapest card that does, "
                              "and you lead next.")


def _throw_a_low_card(s: Situation) -> Advice | None:
    if len(s.trick) != 1 or not s.plays() or _cheapest_winner(s) is not None:
        return None
    card = _lowest(s.plays(), s)
    return Advice(play(card), f"You cannot win this trick: give the least you can, {card.code}.")


def _draw_trumps_when_long(s: Situation) -> Advice | None:
    if s.trick:
        return None
    trumps = s.suit_of(s.trumps)
    out = [c for c in s.outside if c.suit == s.trump]
    if len(trumps) < 4 or not out:
        return None
    top = max(trumps, key=s.strength)
    if not s.is_boss(top):
        return None
    return Advice(play(top), f"You hold {len(trumps)} trumps and {top.code} is the highest still out: lead it "
                             "to draw the opponent's trumps.")


def _lead_aces(s: Situation) -> Advice | None:
    if s.trick:
        return None
    trump_out = any(c.suit == s.trump for c in s.outside) and s.trump not in s.opponent_voids
    bosses = [c for c in s.plays() if c.suit != s.trump and s.points(c) >= 10 and s.is_boss(c)
              and not (c.suit in s.opponent_voids and trump_out)]
    if not bosses:
        return None
    card = max(bosses, key=lambda c: (s.points(c), c.index))
    return Advice(play(card), f"{card.code} is the highest card of its suit still out: lead it and take its "
                              f"{s.points(card)} points home.")


def _lead_a_singleton(s: Situation) -> Advice | None:
    if s.trick or not s.suit_of(s.trumps):
        return None
    singles = [c for c in s.plays() if c.suit != s.trump and len(s.suit_of(c.suit)) == 1 and s.points(c) < 10]
    if not singles:
        return None
    card = _lowest(singles, s)
    return Advice(play(card), f"Lead your single {card.code}: once you hold none of that suit you can trump "
                              "the opponent's cards in it.")


def _lead_low(s: Situation) -> Advice | None:
    if s.trick or not s.plays():  # no card may be played yet (a hundred to declare first)
        return None
    cards = s.plays()
    plain = [c for c in cards if c.suit != s.trump] or cards
    card = min(plain, key=lambda c: (s.points(c), -len(s.suit_of(c.suit)), s.strength(c), c.index))
    return Advice(play(card), f"Lead a low card, {card.code}: it costs little if the opponent wins it, and you "
                              "keep your trumps and high cards.")


_TRUMP, _EXCHANGE, _DISCARD, _ASK, _ANSWER, _PLAY = "trump", "exchange", "discard", "hundred-ask", "hundred-answer", \
    "play"

RULES: tuple[TeachingRule, ...] = (
    TeachingRule("forced-dealer-takes", (_TRUMP,), "On the last deal the dealer is forced: folding pays the stake "
                 "for sure, taking pays it only if you fall (spadnout). Take.", _forced_dealer_takes),
    TeachingRule("take-with-strong-trumps", (_TRUMP,), "Take the suit (zadat) when you hold several trumps (three "
                 "or more), best of all jasnej (the O of trumps, 20) and minda (the 9, 14), and plain aces.",
                 _take_with_strong_trumps),
    TeachingRule("take-with-aces-and-melds", (_TRUMP,), "With fewer than three trumps, take the suit (zadat) only "
                 "when plain aces, guarded tens and melds make the hand strong.", _take_with_aces_and_melds),
    TeachingRule("pass-a-weak-hand", (_TRUMP,), "The declarer must win or pays the stake: with a weak hand "
                 "pass, and let the opponent take the risk.", _pass_a_weak_hand),
    TeachingRule("keep-the-minda", (_EXCHANGE,), "Exchange (šíbr) gives away a low trump; when only the minda "
                 "(the 9 of trumps, 14 points) could exchange, keep it.", _keep_the_minda),
    TeachingRule("sibr-when-you-can", (_EXCHANGE, _PLAY), "With the seven of trumps (šíbr) exchange it for the "
                 "face-up trump: you swap a worthless trump for a better one.", _sibr_when_you_can),
    TeachingRule("pass-without-the-seven", (_EXCHANGE,), "Without the exchanging card you can only pass "
                 "(everyone is asked, so nobody learns who holds the seven).", _pass_without_the_seven),
    TeachingRule("discard-low-plain", (_DISCARD,), "Discard low plain cards, from your shortest suit; keep your "
                 "trumps (jasnej and minda above all) and your melds.", _discard_low_plain),
    TeachingRule("ask-about-your-hundred", (_ASK,), "A hundred (sto) against the declarer counts only if you ask "
                 "before the first lead whether they play against it.", _ask_about_your_hundred),
    TeachingRule("play-on-with-strong-hand", (_ANSWER,), "Against a hundred play on only with a hand that can "
                 "still win: a hundred of your own, or long trumps with jasnej and minda.",
                 _play_on_with_strong_hand),
    TeachingRule("fold-against-a-hundred", (_ANSWER,), "Against a hundred, fold: you lose the game but pay "
                 "nothing, where playing on and falling (spadnout) pays the stake.", _fold_against_a_hundred),
    TeachingRule("declare-every-meld-highest-first", (_PLAY,), "Declare every meld (hláška: dvacet, padesát, "
                 "sto) with your first card, highest first: an undeclared meld counts nothing.",
                 _declare_every_meld),
    TeachingRule("take-the-trick-when-it-holds-points", (_PLAY,), "When the card led is worth 10 or more "
                 "(an ace, a ten, jasnej, minda), take the trick if you can, with the cheapest winner.", _take_points),
    TeachingRule("dont-waste-jasnej", (_PLAY,), "Don't spend jasnej or minda on a trick that holds no points "
                 "when a low card will do.", _dont_waste_jasnej),
    TeachingRule("win-cheaply", (_PLAY,), "When you can win a trick, win it with the cheapest card that does.",
                 _win_cheaply),
    TeachingRule("throw-a-low-card", (_PLAY,), "When you cannot win a trick, give the card worth least.",
                 _throw_a_low_card),
    TeachingRule("draw-trumps-when-long", (_PLAY,), "With long trumps and the highest trump still out in your "
                 "hand, lead trumps to draw the opponent's.", _draw_trumps_when_long),
    TeachingRule("lead-aces", (_PLAY,), "Lead the highest card still out of a suit (an ace, or a ten once the "
                 "ace is gone): it wins its points unless the opponent can trump.", _lead_aces),
    TeachingRule("lead-a-singleton", (_PLAY,), "Lead a single low card of a suit: once you are void in it you "
                 "can trump it.", _lead_a_singleton),
    TeachingRule("lead-low", (_PLAY,), "Otherwise lead a low plain card from your longest suit.", _lead_low),
)
RULES_BY_NAME: dict[str, TeachingRule] = {rule.name: rule for rule in RULES}


def first_advice(s: Situation, rules: tuple[TeachingRule, ...] = RULES) -> tuple[TeachingRule, Advice] | None:
    """The first of ``rules`` that applies here, with its advice: what the rule-based bot does."""
    for rule in rules:
        advice = rule.advise(s)
        if advice is not None:
            return rule, advice
    return None


def advice_of_rules(view: dict[str, Any]) -> list[tuple[TeachingRule, Advice]]:
    """Every rule that applies to the view's position, in the bot's order, with its advice. A rule applies only
    where its own conditions hold for the hand (a weak hand for pass-a-weak-hand, no card that wins the trick for
    throw-a-low-card), so the rule the coach names is one that is true of the position."""
    s = Situation.from_view(view)
    found = []
    for rule in RULES:
        advice = rule.advise(s)
        if advice is not None:
            found.append((rule, advice))
    return found


class RuleBot:
    """Plays by the teaching rules: the first rule that applies decides. Deterministic for a seed and a view.

    ``noise`` is the chance of a random legal action instead (easier levels); the random draw is seeded by
    the seed and the position, so the same view always gets the same answer. ``rules`` replaces the rule
    list (e.g. a lesson's bot that knows only some rules).
    """

    name = "rule-based"

    def __init__(self, seed: int | None = None, noise: float = 0.0, rules: tuple[TeachingRule, ...] = RULES) -> None:
        if not 0.0 <= noise <= 1.0:
            raise ValueError(f"noise is a chance between 0 and 1, not {noise!r}")
        self.seed = seed
        self.noise = noise
        self.rules = rules

    def choose(self, view: dict[str, Any]) -> Choice:
        legal = asked(view)
        if self.noise:
            rng = self._rng(view)
            if rng.random() < self.noise:
                return Choice(rng.choice(legal), "a random legal action (this level plays loosely)")
        found = first_advice(Situation.from_view(view), self.rules)
        if found is not None:
            rule, advice = found
            return Choice(advice.action, advice.why, rule.name)
        return Choice(legal[0], "No teaching rule covers this position: the first legal action.")

    def _rng(self, view: dict[str, Any]) -> random.Random:
        deal = view["deal"]
        key = f"{self.seed}|{view['bulka']}|{view['game_number']}|{deal['number']}|{len(view['log'])}|" \
              f"{','.join(deal['hand'])}|{','.join(view['legal'])}"
        return random.Random(key)
