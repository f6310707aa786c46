"""Trappola's rule-based bot: named teaching rules, tried in order, each explaining itself to the learner.

A teaching rule reads a ``Situation`` (what one seat's view says, in cards) and either gives advice — an action of
``view["legal"]`` and a sentence about this position — or stays silent. ``RuleBot`` asks the rules in order; the
first that speaks decides. Each rule names the lesson that teaches it (``trappola/03-the-two``), and the coach uses
the same rules to name the rule a weak decision breaks.

Only the view is read. From the engine this module takes the card tables (pack, ranks, card points) and the
Figura reader, nothing that holds a game.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ...bots.base import Choice, asked
from ...cards import Card
from ..figura import Figura, parse_figura
from ..rules import ACE, PACK, SUIT_NAMES, SUITS, TRICKS, TWO, TrappolaRules

PRO_POT_STAKES = 5  # announce Pro when the Bulka holds at least this many stakes (at the Partie's multiplier)
EXCHANGE_BELOW = 16  # exchange a hand whose worth (``hand_worth``) is below this: an average nine is worth ~21
TWO_WORTH = 3  # what a Two adds to a hand's worth (it scores nothing itself, but may take the last tricks)
LAST_TRICKS = 3  # the last-tricks bonus covers at most the last three tricks


@lru_cache(maxsize=64)
def _points_table(rules_id: str, rules: tuple[tuple[str, Any], ...]) -> tuple[int, ...]:
    return TrappolaRules.from_dict(dict(rules)).card_points()


def card_points(view: dict[str, Any]) -> tuple[int, ...]:
    """By card index: the card points of the view's house rules."""
    return _points_table(view["rules_id"], tuple(sorted(view["rules"].items())))


def suit_words(suit: int) -> str:
    return SUIT_NAMES[SUITS[suit]]


@dataclass(frozen=True)
class Advice:
    """What a rule recommends: one legal action and a sentence about this position."""

    action: str
    why: str


@dataclass
class Situation:
    """One seat's view read as cards: the hand, the trick, what the opponent may hold and is known to hold."""

    view: dict[str, Any]
    seat: int
    phase: str
    legal: list[str]
    hand: list[Card]
    opponent: int | None
    trick: list[Card]  # the trick in progress, led card first
    tricks_done: int
    points: tuple[int, ...]
    outside: set[Card] = field(default_factory=set)  # cards the opponent may hold: not seen by this seat
    opponent_voids: set[int] = field(default_factory=set)
    opponent_known: set[Card] = field(default_factory=set)  # cards the opponent is known to hold still

    @classmethod
    def from_view(cls, view: dict[str, Any]) -> Situation:
        deal = view["deal"]
        seat = view["seat"]
        hand = PACK.cards_of(deal["hand"])
        trick = PACK.cards_of(t["card"] for t in deal["trick"])
        opponent = next((s for s in deal["seats"] if s != seat), None)
        seen = set(hand) | set(trick)
        for t in deal["tricks"]:
            seen.update(PACK.cards_of(t["cards"]))
        known: set[Card] = set()
        if deal["stock_card"]:
            stock_card = PACK.card(deal["stock_card"])
            if deal["stock_card_taken_by"] == opponent:
                known.add(stock_card)
            seen.add(stock_card)
        voids: set[int] = set()
        if opponent is not None:
            voids = {SUITS.index(s) for s in deal["voids"][str(opponent)]}
            for figura in deal["declarations"][str(opponent)]:
                known.update(declared_cards(figura))
        outside = set(PACK.cards) - seen
        return cls(view=view, seat=seat, phase=deal["phase"], legal=list(view["legal"]), hand=hand, opponent=opponent,
                   trick=trick, tricks_done=len(deal["tricks"]), points=card_points(view), outside=outside,
                   opponent_voids=voids, opponent_known=known & outside)

    # --- card arithmetic ------------------------------------------------------------------------------------
    def worth(self, card: Card) -> int:
        return self.points[card.index]

    @property
    def tricks_left(self) -> int:
        return TRICKS - self.tricks_done

    def plays(self) -> list[Card]:
        return [PACK.card(a[5:]) for a in self.legal if a.startswith("play ")]

    def suit_of(self, suit: int) -> list[Card]:
        return [c for c in self.hand if c.suit == suit]

    def is_boss(self, card: Card) -> bool:
        """No card the opponent may hold is higher in the card's suit: led, it wins."""
        return all(o.rank < card.rank for o in self.outside if o.suit == card.suit)

    def safe_two(self, card: Card) -> bool:
        """A Two the opponent cannot follow (void in its suit, or no card of it unseen): led, it wins (the Two's
        rule)."""
        if card.rank != TWO:
            return False
        return card.suit in self.opponent_voids or not any(o.suit == card.suit for o in self.outside)

    def played_mine(self) -> int:
        return int(self.view["deal"]["played"][str(self.seat)])


def declared_cards(figura: dict[str, Any]) -> set[Card]:
    """The cards a Figura as the view shows it names: a four's, or a three-card set's once Manko told the suit it
    lacks (the other three); none for an untold three, Blans or Bianka."""
    if figura.get("meld") and figura["meld"] not in ("blans", "bianka"):
        return set(parse_figura(figura["meld"]).cards)
    if figura["rank"] and figura["count"] == 3 and figura.get("manko"):
        return {PACK.card(figura["rank"] + s) for s in SUITS if s != figura["manko"]}
    return set()


def play(card: Card) -> str:
    return f"play {card.code}"


def _throwaway_key(s: Situation) -> Callable[[Card], tuple[int, int, int, int, int]]:
    """The card to give away first: the fewest points, not a Two, from a short suit, the lowest."""
    return lambda c: (s.worth(c), c.rank == TWO, len(s.suit_of(c.suit)), c.rank, c.index)


def _cheapest_winner(s: Situation) -> Card | None:
    led = s.trick[0]
    winners = [c for c in s.plays() if c.suit == led.suit and c.rank > led.rank]
    return min(winners, key=lambda c: (s.worth(c), c.rank)) if winners else None


def hand_worth(hand: Iterable[Card], points: tuple[int, ...]) -> int:
    """A hand's worth for the exchange: its card points, and ``TWO_WORTH`` for each Two."""
    return sum(points[c.index] + (TWO_WORTH if c.rank == TWO else 0) for c in hand)


def _declarations(s: Situation) -> list[Figura]:
    return [parse_figura(a[8:]) for a in s.legal if a.startswith("declare ")]


# --- the rules --------------------------------------------------------------------------------------------------
Check = Callable[[Situation], Advice | None]

_PRO, _EXCHANGE, _PLAY = "pro", "exchange", "play"


@dataclass(frozen=True)
class TeachingRule:
    """A named rule of thumb: when it applies (``check``), the sentence it teaches, and the lesson teaching it."""

    name: str
    phases: tuple[str, ...]
    sentence: str
    lesson: str
    check: Check

    def advise(self, s: Situation) -> Advice | None:
        """The rule's advice here, or None when it does not apply (or would advise something not legal)."""
        if s.phase not in self.phases:
            return None
        advice = self.check(s)
        return advice if advice is not None and advice.action in s.legal else None


def _pot_stakes(s: Situation) -> float:
    view = s.view
    return float(view["pot"]) / (view["rules"]["stake"] * max(1, view["deal"]["multiplier"]))


def _pro_for_a_rich_bulka(s: Situation) -> Advice | None:
    stakes = _pot_stakes(s)
    if stakes < PRO_POT_STAKES:
        return None
    return Advice("pro", f"The Bulka holds {s.view['pot']} chips, {stakes:.0f} stakes: announce Pro. A second "
                         "stake buys the chance to take it all, and losing costs no more than any lost Partie.")


def _no_pro_for_a_thin_bulka(s: Situation) -> Advice | None:
    if _pot_stakes(s) >= PRO_POT_STAKES:
        return None
    return Advice("no-pro", f"The Bulka holds only {s.view['pot']} chips: not worth a second stake yet. Play on "
                            "without Pro and let it grow.")


def _exchange_a_weak_hand(s: Situation) -> Advice | None:
    worth = hand_worth(s.hand, s.points)
    if worth >= EXCHANGE_BELOW:
        return None
    return Advice("exchange", f"Your nine are worth little ({worth}: card points and the Twos): lay them aside "
                              "and take the top nine of the stock, which are worth about 21 on average.")


def _keep_a_good_hand(s: Situation) -> Advice | None:
    worth = hand_worth(s.hand, s.points)
    if worth < EXCHANGE_BELOW:
        return None
    return Advice("pass", f"Your nine are worth {worth} (card points and the Twos), as good as the stock's nine on "
                          "average or better: keep them and pass.")


def _declare_your_figura(s: Situation) -> Advice | None:
    sets = [f for f in _declarations(s) if f.rank != "A"]
    if not sets:
        return None
    rules = TrappolaRules.from_dict(s.view["rules"])
    best = max(sets, key=lambda f: (f.points(rules), f.size))
    return Advice(f"declare {best.code}", f"Declare {best.name()} for {best.points(rules)} before your first card: "
                                          "a Figura not declared then counts nothing, and it is paid at once.")


def _ask_manko(s: Situation) -> Advice | None:
    if "manko" not in s.legal:
        return None
    return Advice("manko", "Ask \"Manko?\" now, with your second card: the answer names the suit your opponent's "
                           "three-card set lacks, so you learn exactly which of those cards they hold.")


def _play_rules(s: Situation) -> tuple[TeachingRule, Advice] | None:
    """The first rule about the card itself (not a declaration) that applies here."""
    return first_advice(s, PLAY_RULES)


def _aces_with_the_first_ace(s: Situation) -> Advice | None:
    aces = [f for f in _declarations(s) if f.rank == "A"]
    found = _play_rules(s)
    if not aces or found is None or PACK.card(found[1].action[5:]).rank != ACE:
        return None
    rules = TrappolaRules.from_dict(s.view["rules"])
    return Advice(f"declare {aces[0].code}", f"You are about to play your first ace: declare {aces[0].name()} for "
                                             f"{aces[0].points(rules)} now — after an undeclared ace they are lost.")


def _hold_aces_back(s: Situation) -> Advice | None:
    if not any(f.rank == "A" for f in _declarations(s)):
        return None
    found = _play_rules(s)
    if found is None or PACK.card(found[1].action[5:]).rank == ACE:
        return None
    return Advice(found[1].action, f"Hold your aces back (you may declare them until you play the first one): "
                                   f"your opponent does not learn of them yet. {found[1].why}")


def _take_points_cheaply(s: Situation) -> Advice | None:
    if len(s.trick) != 1 or s.worth(s.trick[0]) == 0:
        return None
    card = _cheapest_winner(s)
    if card is None:
        return None
    led = s.trick[0]
    return Advice(play(card), f"{led.code} is worth {s.worth(led)} points: take it with {card.code}, the cheapest "
                              "card that beats it.")


def _win_cheaply(s: Situation) -> Advice | None:
    if len(s.trick) != 1:
        return None
    card = _cheapest_winner(s)
    if card is None or s.worth(card) > 0:
        return None
    return Advice(play(card), f"Win the trick with {card.code}: it costs you nothing and you lead next.")


def _dont_spend_a_court_on_nothing(s: Situation) -> Advice | None:
    if len(s.trick) != 1 or s.worth(s.trick[0]) > 0 or _cheapest_winner(s) is None:
        return None
    losers = [c for c in s.plays() if not (c.suit == s.trick[0].suit and c.rank > s.trick[0].rank)]
    if not losers:
        return None
    card = min(losers, key=_throwaway_key(s))
    if s.worth(card) > 0:
        return None
    return Advice(play(card), f"{s.trick[0].code} is worth nothing, and only a court card or an ace would beat it: "
                              f"keep those for tricks with points, give {card.code}.")


def _keep_your_twos(s: Situation) -> Advice | None:
    if len(s.trick) != 1:
        return None
    plays = s.plays()
    if not any(c.rank == TWO for c in plays):
        return None
    others = [c for c in plays if c.rank != TWO and s.worth(c) == 0]
    if not others or _cheapest_winner(s) is not None and s.worth(s.trick[0]) > 0:
        return None
    card = min(others, key=_throwaway_key(s))
    return Advice(play(card), f"Give {card.code} and keep your Two: led when your opponent holds none of its suit, "
                              "a Two wins the trick, and the last tricks won by Twos are worth 26, 52 or 78.")


def _throw_the_lowest(s: Situation) -> Advice | None:
    if len(s.trick) != 1 or not s.plays():
        return None
    winner = _cheapest_winner(s)
    if winner is not None and s.worth(winner) == 0:  # a card worth nothing wins it: not this rule's position
        return None
    card = min(s.plays(), key=_throwaway_key(s))
    return Advice(play(card), f"You cannot win this trick cheaply: give the card worth least, {card.code}.")


def _twos_take_the_last_tricks(s: Situation) -> Advice | None:
    if s.trick:
        return None
    safe = [c for c in s.plays() if s.safe_two(c)]
    others = [c for c in s.plays() if c.rank != TWO and s.is_boss(c)]
    if not safe or others or s.tricks_left > LAST_TRICKS:
        return None
    card = safe[0]
    return Advice(play(card), f"Lead {card.code}: your opponent cannot follow {suit_words(card.suit)}, so the Two "
                              "wins, and the last tricks won by Twos bring 26, 52 or 78.")


def _cash_winners_before_the_twos(s: Situation) -> Advice | None:
    if s.trick or not any(s.safe_two(c) for c in s.plays()):
        return None
    bosses = [c for c in s.plays() if c.rank != TWO and s.is_boss(c)]
    if not bosses:
        return None
    card = max(bosses, key=lambda c: (s.worth(c), c.rank))
    return Advice(play(card), f"Lead {card.code}, the highest of its suit still out, and save your Two for the end: "
                              "it keeps the lead, and the last trick won by a Two is worth 26, not 10.")


def _lead_a_two_they_cannot_follow(s: Situation) -> Advice | None:
    if s.trick:
        return None
    safe = [c for c in s.plays() if s.safe_two(c)]
    if not safe:
        return None
    card = safe[0]
    what = "Marc, 20" if s.tricks_done == 0 else "10"
    return Advice(play(card), f"Lead {card.code}: your opponent holds no {suit_words(card.suit)}, so your Two wins "
                              f"the trick ({what} as a trick bonus) and you keep the lead.")


def _lead_a_sure_winner(s: Situation) -> Advice | None:
    if s.trick:
        return None
    bosses = [c for c in s.plays() if s.worth(c) > 0 and s.is_boss(c)]
    if not bosses:
        return None
    card = max(bosses, key=lambda c: (s.worth(c), c.rank))
    return Advice(play(card), f"{card.code} is the highest card of its suit still out: lead it and its "
                              f"{s.worth(card)} points are yours.")


def _lead_low(s: Situation) -> Advice | None:
    if s.trick or not s.plays():
        return None
    plays = s.plays()
    card = min(plays, key=lambda c: (s.worth(c), c.rank == TWO, -len(s.suit_of(c.suit)), c.rank, c.index))
    return Advice(play(card), f"Lead a low card, {card.code}, from a long suit: it costs little if your opponent "
                              "wins it, and you keep your high cards and your Twos.")


_LESSON = "trappola/"
PLAY_RULES: tuple[TeachingRule, ...] = (
    TeachingRule("twos-take-the-last-tricks", (_PLAY,), "In the last three tricks, lead a Two your opponent cannot "
                 "follow: the last tricks won by Twos are worth 26, 52 or 78 (instead of the last trick's 6).",
                 _LESSON + "03-the-two", _twos_take_the_last_tricks),
    TeachingRule("cash-winners-before-the-twos", (_PLAY,), "Holding a Two your opponent cannot follow, lead your "
                 "sure winners first and the Two last: the last trick won by a Two pays 26.",
                 _LESSON + "03-the-two", _cash_winners_before_the_twos),
    TeachingRule("lead-a-two-they-cannot-follow", (_PLAY,), "A Two wins only when it is led and the opponent cannot "
                 "follow suit: lead it then, for 10 (20 as Marc in trick 1).", _LESSON + "04-bonuses",
                 _lead_a_two_they_cannot_follow),
    TeachingRule("take-points-cheaply", (_PLAY,), "When the card led is worth points, take it with the cheapest "
                 "card of its suit that beats it.", _LESSON + "02-points", _take_points_cheaply),
    TeachingRule("win-cheaply", (_PLAY,), "When a card worth nothing wins the trick, win it: it costs nothing and "
                 "gives you the lead.", _LESSON + "01-cards", _win_cheaply),
    TeachingRule("dont-spend-a-court-on-nothing", (_PLAY,), "Don't spend an ace or a court card on a trick worth "
                 "nothing: keep them to take tricks with points.", _LESSON + "02-points",
                 _dont_spend_a_court_on_nothing),
    TeachingRule("keep-your-twos", (_PLAY,), "When you give a card away, give a 7, 8, 9 or 10, not a Two: the Two "
                 "may win the last tricks.", _LESSON + "03-the-two", _keep_your_twos),
    TeachingRule("throw-the-lowest", (_PLAY,), "When you cannot win a trick with a card worth nothing, give the card "
                 "worth least.",
                 _LESSON + "02-points", _throw_the_lowest),
    TeachingRule("lead-a-sure-winner", (_PLAY,), "Lead the highest card still out of a suit (the ace, or the king "
                 "once the ace is gone): without trumps it wins, with its points.", _LESSON + "02-points",
                 _lead_a_sure_winner),
    TeachingRule("lead-low", (_PLAY,), "Otherwise lead a low card from a long suit, keeping your high cards and "
                 "your Twos.", _LESSON + "01-cards", _lead_low),
)

RULES: tuple[TeachingRule, ...] = (
    TeachingRule("pro-for-a-rich-bulka", (_PRO,), f"After two wins in a row, announce Pro when the Bulka holds "
                 f"{PRO_POT_STAKES} stakes or more: a second stake buys the chance to win it all.",
                 _LESSON + "07-bulka", _pro_for_a_rich_bulka),
    TeachingRule("no-pro-for-a-thin-bulka", (_PRO,), "With little in the Bulka, don't pay a second stake for Pro: "
                 "let it grow first.", _LESSON + "07-bulka", _no_pro_for_a_thin_bulka),
    TeachingRule("exchange-a-weak-hand", (_EXCHANGE,), "With a weak nine (few points, no Twos), take the stock's top "
                 "nine instead.", _LESSON + "06-partie", _exchange_a_weak_hand),
    TeachingRule("keep-a-good-hand", (_EXCHANGE,), "Keep a nine as good as an average one: the stock's nine is a "
                 "gamble.", _LESSON + "06-partie", _keep_a_good_hand),
    TeachingRule("declare-your-figura", (_PLAY,), "Declare every set (three or four of kings, knights, knaves or "
                 "Twos) and Blans or Bianka before your first card: later they count nothing.",
                 _LESSON + "05-declarations", _declare_your_figura),
    TeachingRule("declare-aces-with-the-first-ace", (_PLAY,), "Declare your aces just before you play the first "
                 "one: after an undeclared ace they are lost.", _LESSON + "05-declarations", _aces_with_the_first_ace),
    TeachingRule("ask-manko", (_PLAY,), "When your opponent declared a three-card set, ask \"Manko?\" with your "
                 "second card: the answer tells you which of its cards they hold.", _LESSON + "05-declarations",
                 _ask_manko),
    TeachingRule("hold-aces-back", (_PLAY,), "Hold your aces back until you play the first one: until then your "
                 "opponent does not know of them.", _LESSON + "05-declarations", _hold_aces_back),
    *PLAY_RULES,
)
RULES_BY_NAME: dict[str, TeachingRule] = {rule.name: rule for rule in RULES}
LESSONS = ("00-first-partie", "01-cards", "02-points", "03-the-two", "04-bonuses", "05-declarations", "06-partie",
           "07-bulka", "08-three-four", "09-practice")


def first_advice(s: Situation, rules: tuple[TeachingRule, ...] = RULES) -> tuple[TeachingRule, Advice] | None:
    """The first of ``rules`` that applies here, with its advice: what the rule-based bot does."""
    for rule in rules:
        advice = rule.advise(s)
        if advice is not None:
            return rule, advice
    return None


def advice_of_rules(view: dict[str, Any]) -> list[tuple[TeachingRule, Advice]]:
    """Every rule that applies to the view's position, in the bot's order, with its advice."""
    s = Situation.from_view(view)
    found = []
    for rule in RULES:
        advice = rule.advise(s)
        if advice is not None:
            found.append((rule, advice))
    return found


class RuleBot:
    """Plays by the teaching rules: the first rule that applies decides. Deterministic for a seed and a view.

    ``noise`` is the chance of a random legal action instead (easier levels); the draw is seeded by the seed and
    the position, so the same view always gets the same answer. ``rules`` replaces the rule list (e.g. a lesson's
    bot that knows only some rules).
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
        key = f"{self.seed}|{view['bulka']}|{deal['number']}|{len(view['log'])}|{','.join(deal['hand'])}|" \
              f"{','.join(view['legal'])}"
        return random.Random(key)


__all__ = ["LESSONS", "PLAY_RULES", "RULES", "RULES_BY_NAME", "RuleBot", "Situation", "TeachingRule",
           "advice_of_rules", "first_advice"]
