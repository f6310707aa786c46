"""Bouillotte's rule-based bot: named teaching rules, tried in order, each explaining itself to the learner.

A teaching rule reads a ``Situation`` (one seat's view read as cards and jetons) and either gives advice — an
action of ``view["legal"]`` and a sentence why — or stays silent. ``RuleBot`` asks the rules of the phase in
order; the first that speaks decides, and every phase ends with a rule that always speaks, so every decision a
seat is asked (carre, contre-carre, the betting, the brelan carré anglais) is a named rule's. Amounts are
chosen inside the range the view offers (``deal.amounts``). The coach uses the same rules to name the rule a
weak decision breaks; each rule names the lesson of ``lessons/bouillotte/`` that teaches it.

Only the view is read; from the engine this module takes the card facts (the pack, the brelans, the points).
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any

from ...bots.base import Choice, asked
from ...cards import Card, Pack
from ..hands import CARRE, MISTIGRI, Brelan, brelan_of
from ..rules import BouillotteRules, pack_for, points

STRONG_POINTS = 30  # expected best-suit total from which a hand bets for value (tuned against random players)
FAIR_POINTS = 22  # from which a hand opens cheaply or holds a cheap bet
SHORT_STACK = 4  # a fair hand goes all in (tapis) with at most a quarter of the starting jetons left
CHEAP_BLIND = 25  # a carre is played when the pot is at most a 25th of one's chips


@dataclass(frozen=True)
class Advice:
    """What a rule recommends: one legal action and a sentence about this position."""

    action: str
    why: str


class Situation:
    """One seat's view read as cards and jetons: the hand, the retourne, the stakes and what may be staked."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        deal = view["deal"]
        self.deal = deal
        self.seat: int = view["seat"]
        self.n = len(view["players"])
        self.rules = BouillotteRules.from_dict(view["rules"])
        self.pack: Pack = pack_for(self.n, self.rules)
        self.phase: str = deal["phase"]
        self.legal: list[str] = list(view["legal"])
        self.hand: list[Card] = self.pack.cards_of(deal["hand"])
        self.retourne: Card | None = self.pack.card(deal["retourne"]) if deal["retourne"] else None
        self.amounts: dict[str, Any] = deal["amounts"]
        self.stakes: list[int] = deal["stakes"]
        self.chips: list[int] = view["chips"]
        self.folded: set[int] = set(deal["folded"])

    # --- money ------------------------------------------------------------------------
    @property
    def pot(self) -> int:
        return sum(p["amount"] for p in self.deal["pots"])

    @property
    def my_chips(self) -> int:
        return self.chips[self.seat]

    @property
    def cost(self) -> int:
        """What holding costs now (0 before the open)."""
        return self.amounts.get("hold") or 0

    def clip(self, amount: int) -> int:
        return max(self.amounts["min"], min(self.amounts["max"], amount))

    def bet(self, amount: int) -> str | None:
        """``open n``/``raise n`` for ``amount`` brought into the legal range, or ``tapis`` when no amount is
        left between the minimum and all one's chips; None when neither is legal."""
        verb = self.amounts.get("verb")
        if verb and self.amounts["min"] <= self.amounts["max"]:
            action = f"{verb} {self.clip(amount)}"
            if action in self.legal:
                return action
        return "tapis" if "tapis" in self.legal else None

    def value_bet(self) -> str | None:
        """A bet of the pot's size above the highest stake: what a strong hand asks the others to pay."""
        return self.bet(self.amounts["highest"] + max(1, self.pot // 2))

    def hold_or_tapis(self) -> str | None:
        """``hold``, or ``tapis`` when holding takes all one's chips (the engine calls it tapis)."""
        if "hold" in self.legal:
            return "hold"
        return "tapis" if "tapis" in self.legal else None

    # --- cards ------------------------------------------------------------------------
    @cached_property
    def brelan(self) -> Brelan | None:
        if len(self.hand) != 3:
            return None
        return brelan_of(self.hand, self.retourne, self.rules, self.pack)

    @property
    def pair(self) -> bool:
        """Two cards of a rank in hand."""
        return len({c.rank for c in self.hand}) < len(self.hand)

    @cached_property
    def unseen(self) -> list[Card]:
        return unseen_by(self.hand, self.retourne, self.pack)

    def holds_top(self, suit: int) -> bool:
        """Whether my best card of ``suit`` is above every card of it I cannot see: I collect that suit."""
        return holds_top(self.hand, self.unseen, suit)

    @cached_property
    def suit_totals(self) -> dict[int, float]:
        """For each suit I collect for sure, the points I expect it to bring (``suit_totals``)."""
        live_others = sum(1 for s in range(self.n) if s != self.seat and s not in self.folded)
        return suit_totals(self.hand, self.retourne, self.pack, live_others)

    @property
    def expected_points(self) -> float:
        """The best suit total I expect to collect (0 when I hold the top card of no suit)."""
        return max(self.suit_totals.values(), default=0.0)

    @property
    def real_brelan(self) -> bool:
        """A brelan that is paid and beats every mistigri: three of a kind in hand."""
        return self.brelan is not None and self.brelan.hand != MISTIGRI


def unseen_by(hand: list[Card], retourne: Card | None, pack: Pack) -> list[Card]:
    """The cards of the pack a seat holding ``hand`` cannot see (the retourne is seen by all)."""
    seen = set(hand) | ({retourne} if retourne else set())
    return [c for c in pack.cards if c not in seen]


def holds_top(hand: list[Card], unseen: list[Card], suit: int) -> bool:
    """Whether the hand's best card of ``suit`` is above every unseen card of it: the hand collects that suit."""
    mine = [c.rank for c in hand if c.suit == suit]
    return bool(mine) and all(c.rank < max(mine) for c in unseen if c.suit == suit)


def suit_totals(hand: list[Card], retourne: Card | None, pack: Pack, live_others: int) -> dict[int, float]:
    """For each suit the hand collects for sure: its points in it, the retourne's if of that suit, and the points
    of the suit's unseen cards weighted by the chance that one of ``live_others`` hands still in holds them."""
    unseen = unseen_by(hand, retourne, pack)
    share = 3 * live_others / len(unseen) if unseen else 0.0
    totals: dict[int, float] = {}
    for suit in range(4):
        if holds_top(hand, unseen, suit):
            total: float = sum(points(c) for c in hand if c.suit == suit)
            if retourne is not None and retourne.suit == suit:
                total += points(retourne)
            total += share * sum(points(c) for c in unseen if c.suit == suit)
            totals[suit] = total
    return totals


Check = Callable[[Situation], Advice | None]
CARRE_PHASES, BETTING_PHASE, ANGLAIS_PHASE = ("carre", "contre-carre"), "betting", "anglais"


@dataclass(frozen=True)
class TeachingRule:
    """A named rule of thumb: its phases, its sentence for the learner, the lesson that teaches it (a notebook
    of ``lessons/bouillotte/``), and when it applies (``check``)."""

    name: str
    phases: tuple[str, ...]
    sentence: str
    lesson: str
    check: Check

    def advise(self, s: Situation) -> Advice | None:
        if s.phase not in self.phases:
            return None
        advice = self.check(s)
        return advice if advice is not None and advice.action in s.legal else None


# --- the carre -----------------------------------------------------------------------------
def _carre_due(s: Situation) -> tuple[str, int, bool]:
    """The blind asked (carre or contre-carre), what it costs (the pot, or double the carre), and whether that is
    cheap: at most a ``CHEAP_BLIND``-th of one's jetons."""
    verb = "carre" if "carre" in s.legal else "contre-carre"
    due = s.pot if verb == "carre" else 2 * s.deal["blinds"][-1]["amount"]
    return verb, due, due * CHEAP_BLIND <= s.my_chips


def _cheap_carre(s: Situation) -> Advice | None:
    verb, due, cheap = _carre_due(s)
    if cheap:
        return Advice(verb, f"The {verb} costs {due} jeton{'s' if due != 1 else ''}, little against your "
                            f"{s.my_chips}: if nobody opens, the pot is yours.")
    return None


def _pass_the_blind(s: Situation) -> Advice | None:
    verb, due, cheap = _carre_due(s)
    if cheap:
        return None
    return Advice("pass", f"The {verb} would cost {due} jetons of your {s.my_chips}, staked blind before the cards, "
                          "and never comes back: pass it.")


# --- before the open --------------------------------------------------------------------
def _open_a_brelan(s: Situation) -> Advice | None:
    if s.amounts.get("verb") != "open" or not s.real_brelan:
        return None
    action = s.value_bet()
    kind = "a brelan carré" if s.brelan and s.brelan.hand == CARRE else "a brelan"
    return Advice(action, f"You hold {kind}: open for the pot's size; it beats every hand of points, and it is "
                          "paid a jeton by each player once shown.") if action else None


def _open_a_mistigri(s: Situation) -> Advice | None:
    if s.amounts.get("verb") != "open" or s.brelan is None or s.brelan.hand != MISTIGRI:
        return None
    action = s.bet(s.amounts["min"])
    return Advice(action, "The mistigri with a pair beats any hand of points but no real brelan: open at the "
                          "lowest stake.") if action else None


def _short_stack_tapis(s: Situation) -> Advice | None:
    if "tapis" not in s.legal or s.my_chips * SHORT_STACK > s.rules.start_chips or s.expected_points < FAIR_POINTS:
        return None
    return Advice("tapis", f"You have only {s.my_chips} jetons and a fair hand: go all in (tapis) now; you "
                           "can lose no more than you stake, and the others play for the rest in a side pot.")


def _strong_points_open(s: Situation) -> Advice | None:
    if s.amounts.get("verb") != "open" or s.expected_points < STRONG_POINTS:
        return None
    action = s.value_bet()
    return Advice(action, f"You hold the highest card of a suit worth about {s.expected_points:.0f} points at "
                          "the showdown: open for the pot's size.") if action else None


def _retourne_suit_open(s: Situation) -> Advice | None:
    r = s.retourne
    if s.amounts.get("verb") != "open" or r is None or not s.holds_top(r.suit):
        return None
    if s.suit_totals[r.suit] < FAIR_POINTS:
        return None
    action = s.bet(s.amounts["min"])
    return Advice(action, f"You hold the highest card of the retourne's suit: the {r.code} counts for you. "
                          "Open at the lowest stake.") if action else None


def _fair_points_open(s: Situation) -> Advice | None:
    if s.amounts.get("verb") != "open" or s.expected_points < FAIR_POINTS:
        return None
    action = s.bet(s.amounts["min"])
    return Advice(action, f"You collect a suit of about {s.expected_points:.0f} points: open at the lowest "
                          "stake.") if action else None


def _old_pass_costs(s: Situation) -> Advice | None:
    if s.rules.variant != "old" or s.amounts.get("verb") != "open" or not s.pair:
        return None
    action = s.bet(s.amounts["min"])
    return Advice(action, "In old Bouillotte a pass costs a jeton: with a pair open at the lowest stake rather "
                          "than pay to pass.") if action else None


def _pass_a_weak_hand(s: Situation) -> Advice | None:
    if s.brelan is not None or s.expected_points >= FAIR_POINTS:
        return None  # not a weak hand: the rules above open it
    return Advice("pass", "Your hand holds no brelan and the top card of no good suit: pass, it costs nothing "
                          "and you stay in.")


# --- once the betting is open -------------------------------------------------------------
def _raise_a_brelan(s: Situation) -> Advice | None:
    if s.amounts.get("verb") != "raise" or not s.real_brelan:
        return None
    carre = s.brelan is not None and s.brelan.hand == CARRE
    if not carre and s.amounts["highest"] * 2 >= s.amounts["tapis"]:
        action = s.hold_or_tapis()  # half one's chips are in already: hold, do not raise into a higher brelan
        return Advice(action, "You hold a brelan and the stakes are high already: hold (tenir).") if action else None
    action = s.value_bet()
    return Advice(action, "You hold a brelan: raise (relancer) by the pot's size; only a higher brelan beats "
                          "you.") if action else None


def _hold_a_mistigri(s: Situation) -> Advice | None:
    if s.amounts.get("verb") != "raise" or s.brelan is None or s.brelan.hand != MISTIGRI:
        return None
    action = s.hold_or_tapis()
    return Advice(action, "The mistigri beats every hand of points: hold, but do not raise against a possible "
                          "real brelan.") if action else None


def _hold_for_nothing(s: Situation) -> Advice | None:
    if s.amounts.get("verb") != "raise" or s.cost != 0:
        return None
    return Advice("hold", "Holding costs you nothing: your stake is already the highest. Hold and see the "
                          "showdown.")


def _raise_strong_points(s: Situation) -> Advice | None:
    if s.amounts.get("verb") != "raise" or s.expected_points < STRONG_POINTS + 6:
        return None
    if s.amounts["highest"] * 3 >= s.amounts["tapis"]:
        return None
    action = s.value_bet()
    return Advice(action, f"You collect a suit of about {s.expected_points:.0f} points, a strong hand: raise by "
                          "the pot's size.") if action else None


def pot_odds(cost: int, pot: int) -> str:
    """The pot odds in words, explained where they are used: what holding costs against the pot it may win, and
    how often it must win for holding to pay ("more than 1 time in 4")."""
    need = Fraction(cost, pot + cost)
    often = f"{need.numerator} time{'' if need.numerator == 1 else 's'} in {need.denominator}" \
        if need.denominator <= 12 else f"{round(100 * need)} times in 100"
    return (f"Holding costs {cost} jeton{'' if cost == 1 else 's'} to win a pot of {pot}: it pays if you take the "
            f"pot more than {often} (these are the pot odds, {pot} to {cost}: lesson 6).")


def _pot_odds_hold(s: Situation) -> Advice | None:
    if s.amounts.get("verb") != "raise" or s.cost == 0:
        return None
    odds = s.cost / (s.pot + s.cost)
    strong = s.expected_points >= STRONG_POINTS
    if strong or (s.expected_points >= FAIR_POINTS and odds <= 0.25) or odds <= 0.1:
        action = s.hold_or_tapis()
        return Advice(action, f"{pot_odds(s.cost, s.pot)} Your hand wins about that often: hold.") if action else None
    return None


def _fold_a_weak_hand(s: Situation) -> Advice | None:
    if s.cost == 0 or s.brelan is not None or s.expected_points >= STRONG_POINTS:
        return None  # free to hold, or a hand the rules above hold or raise
    return Advice("fold", f"Holding costs {s.cost} jetons and your hand is not strong enough to pay for it: fold "
                          "(se retirer); what you staked is lost, but no more.")


# --- the brelan carré anglais -------------------------------------------------------------
def _turn_for_the_fourth(s: Situation) -> Advice | None:
    return Advice("turn-first", "Against a brelan carré your brelan loses unless the fourth card of its rank is "
                                "in the stock: turning a card costs nothing, so turn it.")


_BET = (BETTING_PHASE,)  # the rules of the open and of the raise tell them apart by the amount verb offered
RULES: tuple[TeachingRule, ...] = (
    TeachingRule("cheap-carre", CARRE_PHASES, "Play the carre (or double it) only when it costs a small part of "
                 "your chips: it is staked blind, but if nobody opens it takes the pot.", "04-betting",
                 _cheap_carre),
    TeachingRule("pass-the-blind", CARRE_PHASES, "A carre is staked before you see your cards and never comes "
                 "back: pass it when it costs much.", "04-betting", _pass_the_blind),
    TeachingRule("open-a-brelan", _BET, "With a brelan (three of a kind), open for the pot's size: it beats "
                 "every hand of points and each player pays it a jeton.", "03-brelans", _open_a_brelan),
    TeachingRule("open-a-mistigri", _BET, "The mistigri (or Saint-James) with a pair beats any hand of points "
                 "but loses to a real brelan: open at the lowest stake.", "03-brelans", _open_a_mistigri),
    TeachingRule("short-stack-tapis", _BET, "With few jetons left and a fair hand, go all in (tapis): "
                 "you risk only what you stake, and waiting leaves you one jeton to stake blind.", "07-one-jeton",
                 _short_stack_tapis),
    TeachingRule("strong-points-open", _BET, "Holding the highest card of a long, rich suit wins the points: "
                 "open for the pot's size.", "05-showdown", _strong_points_open),
    TeachingRule("retourne-suit-open", _BET, "The retourne counts for whoever holds the highest card of its "
                 "suit: holding it, open.", "02-deal-retourne", _retourne_suit_open),
    TeachingRule("fair-points-open", _BET, "The highest card of a suit still in the pack (the ace, or the king "
                 "where the ace is missing) collects that suit: with a fair suit, open low.", "01-pack",
                 _fair_points_open),
    TeachingRule("old-pass-costs", _BET, "In old Bouillotte a pass costs a jeton: open a pair at the "
                 "lowest stake rather than pay to pass.", "08-variants", _old_pass_costs),
    TeachingRule("pass-a-weak-hand", _BET, "Before anyone opens, pass a weak hand: it costs nothing and you "
                 "stay in.", "00-first-hand", _pass_a_weak_hand),
    TeachingRule("raise-a-brelan", _BET, "With a brelan, raise (relancer) by the pot's size until the stakes "
                 "are high; then hold.", "03-brelans", _raise_a_brelan),
    TeachingRule("hold-a-mistigri", _BET, "With the mistigri, hold but do not raise: a real brelan beats "
                 "it.", "03-brelans", _hold_a_mistigri),
    TeachingRule("hold-for-nothing", _BET, "When your stake is already the highest, holding costs nothing: "
                 "hold.", "04-betting", _hold_for_nothing),
    TeachingRule("raise-strong-points", _BET, "With a very rich suit whose top card you hold, raise once while "
                 "the stakes are low.", "05-showdown", _raise_strong_points),
    TeachingRule("pot-odds-hold", _BET, "Hold when what it costs is a small part of what you may win (the pot "
                 "odds): a cost of a quarter of the pot needs a win one time in five.", "06-side-pots",
                 _pot_odds_hold),
    TeachingRule("fold-a-weak-hand", _BET, "Facing a bet with a weak hand, fold (se retirer): what you staked "
                 "is lost, but no more.", "04-betting", _fold_a_weak_hand),
    TeachingRule("turn-for-the-fourth", (ANGLAIS_PHASE,), "Facing a brelan carré with a brelan, turn a stock "
                 "card (brelan carré anglais): the fourth of your rank makes yours a carré too.", "03-brelans",
                 _turn_for_the_fourth),
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
    """Every rule that applies to the view's position, in the bot's order, with its advice."""
    s = Situation(view)
    return [(rule, advice) for rule in RULES if (advice := rule.advise(s)) is not None]


class RuleBot:
    """Plays by the teaching rules: the first rule that applies decides. Deterministic for a seed and a view;
    ``noise`` is the chance of a random legal action instead, drawn from the seed and the position."""

    name = "rule-based"

    def __init__(self, seed: int | None = None, noise: float = 0.0, rules: tuple[TeachingRule, ...] = RULES) -> None:
        if not 0.0 <= noise <= 1.0:
            raise ValueError(f"noise is a chance between 0 and 1, not {noise!r}")
        self.seed, self.noise, self.rules = seed, noise, rules

    def choose(self, view: dict[str, Any]) -> Choice:
        legal = asked(view)
        if self.noise:
            deal = view["deal"]
            rng = random.Random(f"{self.seed}|{deal['number']}|{len(view['log'])}|{','.join(deal['hand'])}|"
                                f"{','.join(legal)}")
            if rng.random() < self.noise:
                return Choice(rng.choice(legal), "a random legal action (this level plays loosely)")
        found = first_advice(Situation(view), self.rules)
        if found is not None:
            rule, advice = found
            return Choice(advice.action, advice.why, rule.name)
        return Choice(legal[0], "No teaching rule covers this position: the first legal action.")
