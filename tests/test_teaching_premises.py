"""A teaching rule is named only where it applies: wherever a rule advises (and so wherever the coach may name it),
its premise is true of the position — checked here against the whole game, hidden cards included.

The coach once named "lead a sure winner" for a card the computer beat (it held the knight over the ten), and "pass a
weak hand" for a hand its own rule called strong. Each premise below is written from the rules file and the rule's
own sentence, not from the rule's code: "a sure winner" means no card the opponent really holds beats it, "a weak
hand" means the strength the rule's lesson names is below its mark, and so on for every rule of the three games.
Positions come from many games played by the rule-based bots with random moves mixed in, so that every rule speaks.
"""
from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from bulka_teach import Record
from bulka_teach.bouillotte.ai import teaching as bouillotte_teaching
from bulka_teach.bouillotte.hands import CARRE, MISTIGRI, brelan_of
from bulka_teach.bouillotte.rules import BouillotteRules, pack_for
from bulka_teach.cards import Card
from bulka_teach.czech.ai import teaching as czech_teaching
from bulka_teach.czech.melds import HUNDRED, find_melds, parse_meld
from bulka_teach.czech.rules import PACK as MARIAS
from bulka_teach.czech.rules import (
    POINTS_WITH_TRUMP,
    STRENGTH_WITH_TRUMP,
    SUITS,
    TRICK_RULES,
    exchanging_card,
)
from bulka_teach.czech.stacking import stack_deck
from bulka_teach.trappola.ai import teaching as trappola_teaching
from bulka_teach.trappola.figura import held_figura, parse_figura
from bulka_teach.trappola.rules import ACE, TWO, TrappolaRules
from bulka_teach.trappola.rules import PACK as ITALIAN

Premise = Callable[[Any, str], bool]  # (the position's truth, the advised action) -> the premise holds


def positions(game_id: str, players: tuple[str, ...], games: int, rules_bot: Callable[[int], Any],
              randomness: float = 0.3, rules: dict | None = None,
              deck: Callable[[random.Random], list[str]] | None = None) -> Iterator[tuple[Any, int]]:
    """(game, seat) at each decision, over ``games`` games of rule-based play with random moves mixed in (from a
    seed, or from ``deck(rng)`` for the first deal, the seed dealing the rest)."""
    for seed in range(1, games + 1):
        stacked = {"decks": (tuple(deck(random.Random(seed))),), "dealer": 0} if deck is not None else {}
        game = Record(game=game_id, players=players, rules=rules or {}, seed=seed, **stacked).start()
        rng = random.Random(seed)
        bot = rules_bot(seed)
        deals = 0
        for _ in range(400):
            seat = game.to_move
            if seat is None:
                break
            view = game.view(seat)
            yield game, seat  # one choice too: a rule that speaks then must be as true
            action = rng.choice(view["legal"]) if rng.random() < randomness else bot.choose(view).action
            before = len(game.deals)
            game.apply(action, seat)
            deals += len(game.deals) - before
            if deals >= 3:
                break


def check_premises(game_id: str, premises: dict[str, Premise], advice_of_rules: Callable, truth: Callable,
                   stream: Iterator[tuple[Any, int]], all_rules: tuple) -> None:
    names = {rule.name for rule in all_rules}
    assert set(premises) == names, f"every rule has a premise: {sorted(names ^ set(premises))}"
    spoke: dict[str, int] = dict.fromkeys(names, 0)
    for game, seat in stream:
        view = game.view(seat)
        facts = truth(game, seat, view)
        for rule, advice in advice_of_rules(view):
            spoke[rule.name] += 1
            assert premises[rule.name](facts, advice.action), \
                f"{game_id}: {rule.name} advised {advice.action!r} where its premise is false: {advice.why}"
    silent = [name for name, count in spoke.items() if count == 0]
    assert not silent, f"rules never heard in these positions (their premises went untested): {silent}"


# --- Czech Bulka ----------------------------------------------------------------------------------------------------


@dataclass
class Czech:
    """What is true of a Czech Bulka position: the seat's hand and the opponent's (hidden) one, trumps, the trick."""

    game: Any
    seat: int
    view: dict[str, Any]

    @property
    def deal(self) -> Any:
        return self.game.deal

    @property
    def hand(self) -> list[Card]:
        return list(self.deal.hands[self.seat])

    @property
    def opponent_hand(self) -> list[Card]:
        opponent = next(s for s in self.deal.seats if s != self.seat)
        return list(self.deal.hands[opponent])

    @property
    def trump(self) -> int:
        return self.deal.trump

    @property
    def offered(self) -> int:
        return SUITS.index(self.view["deal"]["offer"]["suit"])

    @property
    def led(self) -> Card | None:
        return self.deal.trick[0][1] if self.deal.trick else None

    def points(self, card: Card) -> int:
        return POINTS_WITH_TRUMP[self.trump][card.index]

    def strength(self, card: Card) -> int:
        return STRENGTH_WITH_TRUMP[self.trump][card.index]

    def wins(self, card: Card) -> bool:
        """Played now, second to the card led, ``card`` takes the trick (the engine's trick rules)."""
        assert self.led is not None
        return TRICK_RULES.beats(card, self.led, self.trump)

    def plays(self) -> list[Card]:
        return [MARIAS.card(a[5:]) for a in self.view["legal"] if a.startswith("play ")]

    def strong(self, suit: int) -> bool:
        """The hand the rules call strong with ``suit`` as trumps (the lesson's count of trumps, aces, tens, melds)."""
        return czech_teaching.trump_strength(self.hand, suit) >= czech_teaching.TAKE_THRESHOLD

    def trumps_held(self, suit: int) -> list[Card]:
        return [c for c in self.hand if c.suit == suit]

    def exchanger(self) -> Card | None:
        """The card that exchanges for the face-up trump now (the rules file: the 7, else the 8, else the 9 of
        trumps; during play only the stock's top card lies face up)."""
        deal = self.view["deal"]
        face_up = [deal["stock_top"]] + ([deal["first_candidate"]] if self.deal.phase != "play" else [])
        return exchanging_card(self.trump, MARIAS.cards_of([c for c in face_up if c]))

    def can_beat_a_hundred(self) -> bool:
        trumps = {MARIAS.ranks[c.rank] for c in self.trumps_held(self.trump)}
        own = any(m.kind >= HUNDRED for m in find_melds(self.hand))
        return own or (len(self.trumps_held(self.trump)) >= 5 and {"O", "9"} <= trumps)


def _card(action: str) -> Card:
    return MARIAS.card(action.split(" ", 1)[1])


def _leading(t: Czech) -> bool:
    return t.led is None


def _discard_premise(t: Czech, a: str) -> bool:
    card = _card(a)
    plain = [MARIAS.card(x[8:]) for x in t.view["legal"] if x.startswith("discard ")]
    plain = [c for c in plain if c.suit != t.trump]
    in_melds = {c for m in find_melds(t.hand) for c in m.cards}
    outside = [c for c in plain if c not in in_melds]
    pool = outside or plain
    return card.suit != t.trump and card in pool and t.points(card) == min(t.points(c) for c in pool)


def _cheapest_winner_is(t: Czech, card: Card) -> bool:
    winners = [c for c in t.plays() if t.wins(c)]
    return t.wins(card) and t.strength(card) == min(t.strength(c) for c in winners)


CZECH: dict[str, Premise] = {
    "forced-dealer-takes": lambda t, a: a == "take" and t.deal.forced and t.seat == t.deal.dealer,
    "take-with-strong-trumps": lambda t, a: a == "take" and len(t.trumps_held(t.offered)) >= 3 and t.strong(t.offered),
    "take-with-aces-and-melds": lambda t, a: a == "take" and len(t.trumps_held(t.offered)) < 3 and t.strong(t.offered),
    "pass-a-weak-hand": lambda t, a: a == "pass" and not t.strong(t.offered),
    "keep-the-minda": lambda t, a: a == "pass" and t.exchanger() in t.hand and MARIAS.ranks[t.exchanger().rank] == "9",
    "sibr-when-you-can": lambda t, a: a == "exchange" and t.exchanger() in t.hand
    and MARIAS.ranks[t.exchanger().rank] != "9",
    "pass-without-the-seven": lambda t, a: a == "pass" and "exchange" not in t.view["legal"],
    "discard-low-plain": _discard_premise,
    "ask-about-your-hundred": lambda t, a: a == "ask-hundred" and any(m.kind >= HUNDRED for m in find_melds(t.hand)),
    "play-on-with-strong-hand": lambda t, a: a == "play-on" and t.can_beat_a_hundred(),
    "fold-against-a-hundred": lambda t, a: a == "fold" and not t.can_beat_a_hundred(),
    "declare-every-meld-highest-first": lambda t, a: set(parse_meld(a[8:]).cards) <= set(t.hand) and parse_meld(
        a[8:]).height == max(parse_meld(x[8:]).height for x in t.view["legal"] if x.startswith("declare ")),
    "take-the-trick-when-it-holds-points": lambda t, a: t.led is not None and t.points(t.led) >= 10
    and _cheapest_winner_is(t, _card(a)),
    "dont-waste-jasnej": lambda t, a: t.led is not None and t.points(t.led) == 0 and not t.wins(_card(a))
    and MARIAS.ranks[min((c for c in t.plays() if t.wins(c)), key=t.strength).rank] in "O9",
    "win-cheaply": lambda t, a: t.led is not None and _cheapest_winner_is(t, _card(a)),
    "throw-a-low-card": lambda t, a: t.led is not None and not any(t.wins(c) for c in t.plays())
    and t.points(_card(a)) == min(t.points(c) for c in t.plays()),
    "draw-trumps-when-long": lambda t, a: _leading(t) and len(t.trumps_held(t.trump)) >= 4
    and _card(a).suit == t.trump
    and all(t.strength(o) < t.strength(_card(a)) for o in t.opponent_hand if o.suit == t.trump),
    "lead-aces": lambda t, a: _leading(t) and _card(a).suit != t.trump and t.points(_card(a)) >= 10
    and all(t.strength(o) < t.strength(_card(a)) for o in t.opponent_hand if o.suit == _card(a).suit),
    "lead-a-singleton": lambda t, a: _leading(t) and _card(a).suit != t.trump and t.points(_card(a)) < 10
    and len([c for c in t.hand if c.suit == _card(a).suit]) == 1 and bool(t.trumps_held(t.trump)),
    "lead-low": lambda t, a: _leading(t) and t.points(_card(a)) == min(
        t.points(c) for c in ([c for c in t.plays() if c.suit != t.trump] or t.plays())),
}


def _hundred_in_hand(rng: random.Random) -> list[str]:
    """A deck whose forehand or dealer holds four of a kind of aces, kings or ober (a hundred), the rest shuffled."""
    rank = rng.choice("AKO")
    four = [rank + suit for suit in SUITS]
    rest = [c.code for c in MARIAS.cards if c.code not in four]
    rng.shuffle(rest)
    hand = four + rest[:2]
    return stack_deck(**{rng.choice(("forehand", "dealer")): hand})


def at_the_end(record: Record) -> Iterator[tuple[Any, int]]:
    """The position a record's actions lead to (for a rule too rare to meet by chance)."""
    game = record.replay()
    yield game, game.to_move


#: Hearts trumps; the forehand leads the 8h, and the dealer can follow it only with the 7h or with minda and jasnej
#: (9h, Oh): "don't waste jasnej" (a position about one game in 600 meets).
MINDA_OVER_A_LOW_TRUMP = Record(game="czech-bulka", players=("Ann", "Ben"), dealer=0, actions=(
    "take", "pass", "pass", "play 8h"), decks=(tuple(stack_deck(
        forehand=["8h", "Ah", "Xh", "Al", "Aa", "Ab"], dealer=["7h", "9h", "Oh", "7l", "8l", "7a"], first="Kh")),))


def test_every_czech_rule_is_true_of_the_positions_it_advises_in():
    def rule_bot(seed: int) -> Any:
        return czech_teaching.RuleBot(seed)

    players = ("Ann", "Ben")
    stream = itertools.chain(positions("czech-bulka", players, 120, rule_bot),
                             positions("czech-bulka", players, 40, rule_bot, rules={"max_deals": 1}),
                             positions("czech-bulka", players, 40, rule_bot, deck=_hundred_in_hand),
                             at_the_end(MINDA_OVER_A_LOW_TRUMP))
    check_premises("czech-bulka", CZECH, czech_teaching.advice_of_rules, Czech, stream, czech_teaching.RULES)


# --- Trappola -------------------------------------------------------------------------------------------------------


@dataclass
class Trappola:
    """What is true of a Trappola position: the seat's hand and the opponent's (hidden) one, the trick, the points."""

    game: Any
    seat: int
    view: dict[str, Any]

    @property
    def deal(self) -> Any:
        return self.game.deal

    @property
    def rules(self) -> TrappolaRules:
        return TrappolaRules.from_dict(self.view["rules"])

    @property
    def hand(self) -> list[Card]:
        return list(self.deal.hands[self.seat])

    @property
    def opponent_hand(self) -> list[Card]:
        opponent = next(s for s in self.deal.seats if s != self.seat)
        return list(self.deal.hands[opponent])

    @property
    def led(self) -> Card | None:
        return self.deal.trick[0][1] if self.deal.trick else None

    def worth(self, card: Card) -> int:
        return self.rules.card_points()[card.index]

    def plays(self) -> list[Card]:
        return [ITALIAN.card(a[5:]) for a in self.view["legal"] if a.startswith("play ")]

    def beats_led(self, card: Card) -> bool:
        """Played second, ``card`` takes the trick: a higher card of the suit led (no trumps)."""
        assert self.led is not None
        return card.suit == self.led.suit and card.rank > self.led.rank

    def sure(self, card: Card) -> bool:
        """Led now, ``card`` takes the trick: the opponent really holds no higher card of its suit."""
        return all(not (o.suit == card.suit and o.rank > card.rank) for o in self.opponent_hand)

    def two_wins(self, card: Card) -> bool:
        """A Two led now takes the trick: the opponent really holds no card of its suit."""
        return card.rank == TWO and all(o.suit != card.suit for o in self.opponent_hand)

    def worth_of_hand(self) -> int:
        return trappola_teaching.hand_worth(self.hand, self.rules.card_points())

    def pot_stakes(self) -> float:
        return self.view["pot"] / (self.rules.stake * max(1, self.deal.multiplier))


def _t_card(a: str) -> Card:
    return ITALIAN.card(a.rsplit(" ", 1)[1])


def _lead(t: Trappola) -> bool:
    return t.led is None


def _cheapest(t: Trappola, card: Card, key: Callable[[Card], Any]) -> bool:
    winners = [c for c in t.plays() if t.beats_led(c)]
    return t.beats_led(card) and key(card) == min(key(c) for c in winners)


def _declarable(t: Trappola) -> list[Any]:
    return [parse_figura(a[8:]) for a in t.view["legal"] if a.startswith("declare ")]


def _held(t: Trappola, figura: Any) -> bool:
    """The seat really holds what it would declare (a set's cards, or Blans/Bianka's empty hand of courts)."""
    return any(f.code == figura.code for f in held_figura(t.hand))


TRAPPOLA: dict[str, Premise] = {
    "pro-for-a-rich-bulka": lambda t, a: a == "pro" and t.pot_stakes() >= trappola_teaching.PRO_POT_STAKES,
    "no-pro-for-a-thin-bulka": lambda t, a: a == "no-pro" and t.pot_stakes() < trappola_teaching.PRO_POT_STAKES,
    "exchange-a-weak-hand": lambda t, a: a == "exchange" and t.worth_of_hand() < trappola_teaching.EXCHANGE_BELOW,
    "keep-a-good-hand": lambda t, a: a == "pass" and t.worth_of_hand() >= trappola_teaching.EXCHANGE_BELOW,
    "declare-your-figura": lambda t, a: a.startswith("declare ") and _held(t, parse_figura(a[8:]))
    and parse_figura(a[8:]).rank != "A",
    "declare-aces-with-the-first-ace": lambda t, a: a.startswith("declare ") and parse_figura(a[8:]).rank == "A"
    and _held(t, parse_figura(a[8:])) and not t.deal.aces_played[t.seat],
    "ask-manko": lambda t, a: a == "manko" and any(d.figura.size == 3 for d in t.deal.declared[
        next(s for s in t.deal.seats if s != t.seat)]),
    "hold-aces-back": lambda t, a: a.startswith("play ") and _t_card(a).rank != ACE
    and any(f.rank == "A" for f in _declarable(t)),
    "twos-take-the-last-tricks": lambda t, a: _lead(t) and len(t.hand) <= trappola_teaching.LAST_TRICKS
    and t.two_wins(_t_card(a)),
    "cash-winners-before-the-twos": lambda t, a: _lead(t) and _t_card(a).rank != TWO and t.sure(_t_card(a))
    and any(t.two_wins(c) for c in t.plays()),
    "lead-a-two-they-cannot-follow": lambda t, a: _lead(t) and t.two_wins(_t_card(a)),
    "take-points-cheaply": lambda t, a: t.led is not None and t.worth(t.led) > 0
    and _cheapest(t, _t_card(a), t.worth),
    "win-cheaply": lambda t, a: t.led is not None and t.beats_led(_t_card(a)) and t.worth(_t_card(a)) == 0,
    "dont-spend-a-court-on-nothing": lambda t, a: t.led is not None and t.worth(t.led) == 0
    and not t.beats_led(_t_card(a)) and t.worth(_t_card(a)) == 0,
    "keep-your-twos": lambda t, a: t.led is not None and _t_card(a).rank != TWO and t.worth(_t_card(a)) == 0
    and any(c.rank == TWO for c in t.plays()),
    "throw-the-lowest": lambda t, a: t.led is not None
    and not any(t.beats_led(c) and t.worth(c) == 0 for c in t.plays())
    and t.worth(_t_card(a)) == min(t.worth(c) for c in t.plays()),
    "lead-a-sure-winner": lambda t, a: _lead(t) and t.worth(_t_card(a)) > 0 and t.sure(_t_card(a)),
    "lead-low": lambda t, a: _lead(t) and t.worth(_t_card(a)) == min(t.worth(c) for c in t.plays()),
}


def test_every_trappola_rule_is_true_of_the_positions_it_advises_in():
    def rule_bot(seed: int) -> Any:
        return trappola_teaching.RuleBot(seed)

    three = ("Ann", "Ben", "Cleo")
    stream = itertools.chain(positions("trappola", ("Ann", "Ben"), 150, rule_bot),
                             positions("trappola", ("Ann", "Ben"), 40, rule_bot, rules={"stock_exchange": True}),
                             positions("trappola", three, 40, rule_bot, randomness=0.1))
    check_premises("trappola", TRAPPOLA, trappola_teaching.advice_of_rules, Trappola, stream,
                   trappola_teaching.RULES)


# --- Bouillotte -----------------------------------------------------------------------------------------------------


@dataclass
class Bouillotte:
    """What is true of a Bouillotte position: every hand (the others' hidden), the retourne, the jetons at stake."""

    game: Any
    seat: int
    view: dict[str, Any]

    @property
    def deal(self) -> Any:
        return self.game.deal

    @property
    def rules(self) -> BouillotteRules:
        return BouillotteRules.from_dict(self.view["rules"])

    @property
    def hand(self) -> list[Card]:
        return list(self.deal.hands[self.seat])

    def brelan(self) -> Any:
        pack = pack_for(len(self.view["players"]), self.rules)
        return brelan_of(self.hand, self.deal.retourne, self.rules, pack) if len(self.hand) == 3 else None

    def real_brelan(self) -> bool:
        found = self.brelan()
        return found is not None and found.hand != MISTIGRI

    def mistigri(self) -> bool:
        found = self.brelan()
        return found is not None and found.hand == MISTIGRI

    def collects(self, suit: int) -> bool:
        """The seat's best card of ``suit`` is above every card of it in the other hands: it collects the suit."""
        mine = [c.rank for c in self.hand if c.suit == suit]
        others = [c.rank for s, h in enumerate(self.deal.hands) if s != self.seat for c in h if c.suit == suit]
        return bool(mine) and all(r < max(mine) for r in others)

    def expected(self) -> float:
        """The best total of a suit the seat collects, as the lessons count it (``suit_totals``)."""
        totals = bouillotte_teaching.Situation(self.view).suit_totals
        assert all(self.collects(suit) for suit in totals), "a suit counted as collected is collected"
        return max(totals.values(), default=0.0)

    @property
    def chips(self) -> int:
        return self.view["chips"][self.seat]

    @property
    def pot(self) -> int:
        return sum(p["amount"] for p in self.view["deal"]["pots"])

    @property
    def cost(self) -> int:
        return self.view["deal"]["amounts"].get("hold") or 0

    def carre_due(self) -> int:
        """What the carre asked costs: as much as the pot holds, or double the carre (contre-carre)."""
        if self.deal.phase == "carre":
            return self.pot
        return 2 * self.deal.blinds[-1].amount

    def weak(self) -> bool:
        return not self.brelan() and self.expected() < bouillotte_teaching.FAIR_POINTS


def _bet(a: str) -> bool:
    return a.split(" ")[0] in ("open", "raise", "tapis")


B = bouillotte_teaching
BOUILLOTTE: dict[str, Premise] = {
    "cheap-carre": lambda t, a: a in ("carre", "contre-carre") and t.carre_due() * B.CHEAP_BLIND <= t.chips,
    "pass-the-blind": lambda t, a: a == "pass" and t.carre_due() * B.CHEAP_BLIND > t.chips,
    "open-a-brelan": lambda t, a: _bet(a) and t.real_brelan(),
    "open-a-mistigri": lambda t, a: _bet(a) and t.mistigri(),
    "short-stack-tapis": lambda t, a: a == "tapis" and t.chips * B.SHORT_STACK <= t.rules.start_chips
    and t.expected() >= B.FAIR_POINTS,
    "strong-points-open": lambda t, a: _bet(a) and t.expected() >= B.STRONG_POINTS,
    "retourne-suit-open": lambda t, a: _bet(a) and t.collects(t.deal.retourne.suit),
    "fair-points-open": lambda t, a: _bet(a) and t.expected() >= B.FAIR_POINTS,
    "old-pass-costs": lambda t, a: _bet(a) and t.rules.variant == "old"
    and len({c.rank for c in t.hand}) < len(t.hand),
    "pass-a-weak-hand": lambda t, a: a == "pass" and t.weak(),
    "raise-a-brelan": lambda t, a: (_bet(a) or a == "hold") and t.real_brelan(),
    "hold-a-mistigri": lambda t, a: a in ("hold", "tapis") and t.mistigri(),
    "hold-for-nothing": lambda t, a: a == "hold" and t.cost == 0,
    "raise-strong-points": lambda t, a: _bet(a) and t.expected() >= B.STRONG_POINTS + 6,
    "pot-odds-hold": lambda t, a: a in ("hold", "tapis") and t.cost > 0 and (
        t.expected() >= B.STRONG_POINTS or t.cost / (t.pot + t.cost) <= 0.25 and t.expected() >= B.FAIR_POINTS
        or t.cost / (t.pot + t.cost) <= 0.1),
    "fold-a-weak-hand": lambda t, a: a == "fold" and t.cost > 0 and not t.brelan()
    and t.expected() < B.STRONG_POINTS,
    "turn-for-the-fourth": lambda t, a: a == "turn-first" and t.real_brelan() and any(
        getattr(brelan_of(h, t.deal.retourne, t.rules, pack_for(len(t.view["players"]), t.rules)), "hand", None)
        == CARRE for s, h in enumerate(t.deal.hands) if s != t.seat and len(h) == 3),
}


def test_every_bouillotte_rule_is_true_of_the_positions_it_advises_in():
    def rule_bot(seed: int) -> Any:
        return bouillotte_teaching.RuleBot(seed)

    stream = itertools.chain(*(positions("bouillotte", tuple("ABCDE"[:n]), 60, rule_bot) for n in (3, 4, 5)),
                             positions("bouillotte", tuple("ABCDE"), 40, rule_bot, rules={"variant": "old"}))
    check_premises("bouillotte", BOUILLOTTE, bouillotte_teaching.advice_of_rules, Bouillotte, stream,
                   bouillotte_teaching.RULES)
