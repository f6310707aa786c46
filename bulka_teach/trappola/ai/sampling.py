"""Trappola's side of the sampling bot: worlds from the view, each decision valued by the exact solver.

``SamplingBot(level)`` is the generic ``bots.sampling.SamplingBot`` over ``TRAPPOLA``: for each decision it draws
opponent hands consistent with the view (``sampler``), values every legal action in each world with the exact
open-card solver (``solver``), averages, and picks the action of highest utility: the chance to win the Partie
(the higher total wins it), the final points margin separating near-equal actions.

- **Play**: every legal card is valued in every world (the final margin: the points so far, the solver's margin
  from here, the Figura still to come — the opponent's too, in worlds where he can still declare them).
- **Declarations** (before the first card): "declare F" is valued as "declare F, then play c" for every card c,
  the best c over all worlds counting (one card for all worlds, as for a plain play). A set not declared now is
  lost; aces are not (they may be declared until the first ace), so a plain play of another card keeps them, and
  declaring aces early costs ``SECRECY`` points of margin (what the opponent learns): the bot holds them back
  until it plays its first ace.
- **Manko**: asked whenever it may be (the answer can only help), valued as the best play.
- **Exchange** (``stock_exchange``): the stock's nine are drawn with the opponent's hand; each answer (and the
  dealer's, by the teaching rule, when the challenger is asked) is valued by solving the whole Partie with every
  Figura of both hands declared.
- **Pro** (before the deal, no card known): the chance ``p`` to win a Partie as dealer is measured over whole
  deals solved exactly; Pro is worth ``p × (Bulka + 3 stakes) − 2 stakes`` chips, no Pro ``− stake`` plus the chance
  to win and announce Pro at the next Partie with a Bulka two stakes richer.

Not modelled: what a declaration tells the opponent beyond ``SECRECY``, and the chips of payments with three or
four players (the Partie's winner is what the bot plays for; points separate).
"""
from __future__ import annotations

import random
from typing import Any

from ...bots import sampling as skeleton
from ...bots.sampling import Decision, Estimate, Evaluation, Outcomes, deals_text
from ...cards import Card
from ..figura import Figura, held_figura, parse_figura
from ..rules import ACE, PACK, TrappolaRules
from .sampler import Knowledge, draw, read_view
from .solver import INF, Position, Solver, mask, run_of
from .teaching import EXCHANGE_BELOW, hand_worth

SECRECY = 0.5  # margin points a declaration of aces made early gives away (the opponent learns of them)
MANKO_WORTH = 0.5  # margin points the Manko answer is worth (it can only help)
_SEP = "|"


def _rules(view: dict[str, Any]) -> TrappolaRules:
    return TrappolaRules.from_dict(view["rules"])


def _win(margin: float) -> float:
    return 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0


def figura_points(hand: list[Card], rules: TrappolaRules) -> int:
    """What every Figura of a hand declared together is worth (each rank's set, Bianka before Blans)."""
    found = held_figura(hand)
    total = sum(f.points(rules) for f in found if f.rank is not None)
    loose = [f.points(rules) for f in found if f.rank is None]
    return total + (max(loose) if loose else 0)


def _pending_opponent(view: dict[str, Any], knowledge: Knowledge, hand: list[Card], rules: TrappolaRules) -> int:
    """The Figura the opponent may still declare in this world: all of them before his first card, else his
    aces until he plays one."""
    deal = view["deal"]
    opp = str(knowledge.opponent)
    done = {d["rank"] or "blans" for d in deal["declarations"][opp]}
    if deal["played"][opp] == 0:
        found = [f for f in held_figura(hand) if f.key not in done]
        sets = sum(f.points(rules) for f in found if f.rank is not None)
        loose = [f.points(rules) for f in found if f.rank is None]
        return sets + (max(loose) if loose else 0)
    if not deal["aces_played"][opp] and "A" not in done:
        return sum(f.points(rules) for f in held_figura(hand) if f.rank == "A")
    return 0


def _scored(view: dict[str, Any], seat: int) -> int:
    deal = view["deal"]
    points = int(deal["points_won"][str(seat)])
    points += sum(b["points"] for b in deal["bonuses"] if b["seat"] == seat)
    points += sum(d["points"] for d in deal["declarations"][str(seat)])
    return points


class TrappolaSampling:
    """The ``bots.sampling.SamplingGame`` of Trappola."""

    def decision(self, view: dict[str, Any]) -> Decision | Evaluation:
        legal = list(view["legal"])
        deal = view["deal"]
        if len(legal) == 1:
            return Evaluation({}, 0, "forced")
        if deal["phase"] == "pro":
            return self._pro(view)
        knowledge = read_view(view)
        rules = _rules(view)

        def sample(n: int, rng: random.Random, deadline: float | None) -> list[list[Card]]:
            return [draw(knowledge, rng) for _ in range(n)]

        if deal["phase"] == "exchange":
            return Decision("exchange", lambda world: self._exchange(view, knowledge, world, rules),
                            self._stock_worlds(knowledge))
        return Decision("play", lambda world: self._play(view, knowledge, world, legal, rules), sample,
                        settle=lambda evaluation: self._settle(evaluation, legal))

    # --- play, declarations, Manko -----------------------------------------------------------------------------
    def _play(self, view: dict[str, Any], knowledge: Knowledge, world: list[Card], legal: list[str],
              rules: TrappolaRules) -> Outcomes:
        deal = view["deal"]
        me, opp = knowledge.seat, knowledge.opponent
        trick = deal["trick"]
        led = PACK.card(trick[0]["card"]).index if trick else -1
        leader = trick[0]["seat"] if trick else me
        history = [(t["winner"], bool(t["by_two"])) for t in deal["tricks"]]
        position = Position(hands=(mask(knowledge.hand), mask(world)), led=led, run=run_of(history, leader))
        values = Solver(rules).values(position)
        base = _scored(view, me) - _scored(view, opp) - _pending_opponent(view, knowledge, world, rules)
        declares = [parse_figura(a[8:]) for a in legal if a.startswith("declare ")]
        aces = next((f.points(rules) for f in declares if f.rank == "A"), 0)
        out: Outcomes = {}
        for code, value in values.items():
            card = PACK.card(code)
            kept = aces if card.rank != ACE else 0  # aces not played may still be declared later
            margin = base + value + kept
            out[f"play {code}"] = (_win(margin), 0.0, 0.0, float(margin))
            for figura in declares:
                if figura.rank == "A" and card.rank != ACE:
                    continue  # declaring aces, then another card: holding them back does as well, unseen
                extra = figura.points(rules) + (aces if figura.rank != "A" and card.rank != ACE else 0)
                m = base + value + extra  # what an early declaration of aces tells is a cost in margin only
                out[f"declare {figura.code}{_SEP}{code}"] = (_win(m), 0.0, 0.0,
                                                             m - (SECRECY if figura.rank == "A" else 0.0))
            if "manko" in legal:
                out[f"manko{_SEP}{code}"] = (_win(margin), 0.0, 0.0, margin + MANKO_WORTH)
        return out

    @staticmethod
    def _settle(evaluation: Evaluation, legal: list[str]) -> Evaluation:
        """A declaration (or Manko) takes the value of its best follow-up card over all worlds."""
        estimates: dict[str, Estimate] = {}
        follow: dict[str, str] = {}
        for key, estimate in evaluation.estimates.items():
            action, _, card = key.partition(_SEP)
            if not card:
                estimates[action] = estimate
                continue
            known = estimates.get(action)
            if known is None or estimate.utility > known.utility:
                estimates[action] = estimate
                follow[action] = card
        evaluation.estimates = {a: e for a, e in estimates.items() if a in legal}
        evaluation.details["then"] = follow
        return evaluation

    # --- the stock exchange ------------------------------------------------------------------------------------
    @staticmethod
    def _stock_worlds(knowledge: Knowledge):
        def sample(n: int, rng: random.Random, deadline: float | None) -> list[list[Card]]:
            out = []
            for _ in range(n):
                cards = list(knowledge.pool)
                rng.shuffle(cards)
                out.append(cards)
            return out
        return sample

    def _exchange(self, view: dict[str, Any], knowledge: Knowledge, world: list[Card],
                  rules: TrappolaRules) -> Outcomes:
        """``world``: the unseen cards in a random order — the opponent's nine first, then the stock from its top
        (the face-up bottom card stays the stock's last)."""
        deal = view["deal"]
        me = knowledge.seat
        challenger = deal["challenger"] == me
        stock_card = PACK.card(deal["stock_card"])
        opp_hand = world[:knowledge.size]
        stock = world[knowledge.size:knowledge.size + int(deal["stock_count"]) - 1] + [stock_card]
        points = rules.card_points()
        out: Outcomes = {}
        for action in ("exchange", "pass"):
            mine, rest = (stock[:9], stock[9:]) if action == "exchange" else (knowledge.hand, stock)
            theirs = opp_hand
            if challenger and len(rest) >= 9 and hand_worth(theirs, points) < EXCHANGE_BELOW:
                theirs = rest[:9]  # the dealer answers by the teaching rule
            margin = partie_margin(mine, theirs, challenger, rules)
            out[action] = (_win(margin), 0.0, 0.0, float(margin))
        return out

    # --- Pro ---------------------------------------------------------------------------------------------------
    def _pro(self, view: dict[str, Any]) -> Decision:
        rules = _rules(view)
        stake = rules.stake * view["deal"]["multiplier"]
        pot = float(view["pot"])

        def sample(n: int, rng: random.Random, deadline: float | None) -> list[list[Card]]:
            out = []
            for _ in range(n):
                cards = list(PACK.cards)
                rng.shuffle(cards)
                out.append(cards)
            return out

        def per_world(deck: list[Card]) -> Outcomes:
            challenger = deck[0:3] + deck[6:9] + deck[12:15]
            dealer = deck[3:6] + deck[9:12] + deck[15:18]
            margin = partie_margin(dealer, challenger, False, rules)
            return {"pro": (_win(margin), 0.0, 0.0, float(margin)), "no-pro": (_win(margin), 0.0, 0.0, float(margin))}

        def settle(evaluation: Evaluation) -> Evaluation:
            p = evaluation.estimates["pro"].win
            pro = p * (pot + 3 * stake) - 2 * stake
            later = p * (p * (pot + 5 * stake) - 2 * stake) if p * (pot + 5 * stake) > 2 * stake else 0.0
            no_pro = -stake + later
            evaluation.estimates = {
                "pro": Estimate(p, 0.0, None, chips=pro, stake=stake),
                "no-pro": Estimate(p, 0.0, None, chips=no_pro, stake=stake),
            }
            evaluation.details.update(p=p, pot=pot, stake=stake)
            return evaluation

        return Decision("pro", per_world, sample, settle=settle)

    # --- sentences ---------------------------------------------------------------------------------------------
    def why(self, action: str, evaluation: Evaluation, view: dict[str, Any]) -> str:
        deals = deals_text(evaluation.worlds)
        estimate = evaluation.estimates[action]
        if evaluation.decision == "pro":
            p = evaluation.details["p"]
            verdict = "worth" if action == "pro" else "not worth"
            return (f"A dealer wins about {p:.0%} of Partien (over {deals}); with {evaluation.details['pot']:.0f} "
                    f"chips in the Bulka, Pro is {verdict} its second stake: {self.name(action)} "
                    f"({estimate.chips:+.1f} chips expected).")
        then = evaluation.details.get("then", {}).get(action)
        follow = f", then {then}" if then else ""
        margin = f", by {estimate.margin:+.1f} points on average" if estimate.margin is not None else ""
        return f"Across {deals}, {self.name(action)}{follow} wins the Partie {estimate.win:.0%} of the time{margin}."

    def only(self, action: str) -> str:
        return f"{self.name(action).capitalize()} is the only thing to do here."

    def name(self, action: str) -> str:
        if action.startswith("play "):
            return action[5:]
        if action.startswith("declare "):
            figura: Figura = parse_figura(action[8:])
            return f"declaring {figura.name()}"
        return {"manko": "asking Manko", "pro": "announcing Pro", "no-pro": "playing without Pro",
                "exchange": "exchanging for the stock's nine", "pass": "keeping your nine"}.get(action, action)


def partie_margin(first: list[Card], second: list[Card], first_leads: bool, rules: TrappolaRules) -> int:
    """The final margin of ``first`` over ``second`` in a whole Partie played perfectly with all cards open, every
    Figura of both hands declared."""
    solver = Solver(rules)
    if first_leads:
        value = solver.lead(mask(first), mask(second), 0, -INF, INF)
    else:
        value = -solver.lead(mask(second), mask(first), 0, -INF, INF)
    return value + figura_points(first, rules) - figura_points(second, rules)


TRAPPOLA = TrappolaSampling()


class SamplingBot(skeleton.SamplingBot):
    """The sampling bot playing Trappola: ``SamplingBot(level, seed, worlds=…, time_cap=…, noise=…)``."""

    def __init__(self, level: str = "strong", seed: int | None = None, *, worlds: int | None = None,
                 time_cap: float | None | str = "level", noise: float | None = None, per_view: bool = False) -> None:
        super().__init__(TRAPPOLA, level, seed, worlds=worlds, time_cap=time_cap, noise=noise, per_view=per_view)


__all__ = ["SECRECY", "SamplingBot", "TRAPPOLA", "TrappolaSampling", "figura_points", "partie_margin"]
