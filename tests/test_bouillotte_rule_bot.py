"""Bouillotte's rule-based bot: each teaching rule fires in a position built for it, and the bot is legal and
deterministic over many random hands at 3, 4 and 5 players under every preset and variant."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from bulka_teach import Record
from bulka_teach.bots import RandomBot
from bulka_teach.bouillotte.ai.teaching import RULES, RULES_BY_NAME, RuleBot, advice_of_rules
from bulka_teach.bouillotte.rules import BouillotteRules, pack_for
from bulka_teach.bouillotte.stacking import stack_deck

NAMES = ("Ann", "Ben", "Cleo", "Dan", "Eve")
LESSONS = {"00-first-hand", "01-pack", "02-deal-retourne", "03-brelans", "04-betting", "05-showdown",
           "06-side-pots", "07-one-jeton", "08-variants", "09-practice"}


def view_after(hands: Sequence[Sequence[str]], retourne: str, actions: Sequence[str] = (),
               rules: dict[str, Any] | None = None, chips: Sequence[int] | None = None) -> dict[str, Any]:
    """Ann (seat 0) deals, Ben (seat 1) is the first hand; the view of the seat to move after ``actions``."""
    pack = pack_for(len(hands), BouillotteRules.from_dict(rules or {}))
    deck = tuple(stack_deck(pack, hands, 0, retourne))
    record = Record(game="bouillotte", players=NAMES[:len(hands)], rules=dict(rules or {}), dealer=0,
                    decks=(deck,), chips=tuple(chips) if chips is not None else None, actions=tuple(actions))
    game = record.replay()
    assert game.to_move is not None
    return game.view(game.to_move)


WEAK = ["8c", "Xd", "Qh"]  # four players: no brelan, the top card of no suit (the queen of hearts is no mistigri)


def four(ben: list[str], retourne: str = "As", actions: Sequence[str] = (), **kw: Any) -> dict[str, Any]:
    """Four players; Ben holds ``ben``, the others the rest of the pack in its order (hidden from Ben)."""
    pack = pack_for(4, BouillotteRules())
    rest = [c.code for c in pack.cards if c.code not in {*ben, retourne}]
    hands = [rest[0:3], ben, rest[3:6], rest[6:9]]
    return view_after(hands, retourne, actions, **kw)


THREE = [["Kc", "Kh", "Xh"], ["Ad", "Xs", "8c"], ["Ks", "Xc", "8s"]]

CASES: dict[str, tuple[dict[str, Any], str | None]] = {
    # the first hand with 30 jetons and a pot of 1: a carre of 1 is cheap
    "cheap-carre": (four(WEAK), "carre"),
    # Cleo's contre-carre would cost 2 of her 30: more than a 25th
    "pass-the-blind": (four(WEAK, actions=["carre"]), "pass"),
    "open-a-brelan": (four(["Kc", "Kd", "Kh"], retourne="8s", actions=["pass"]), None),
    "open-a-mistigri": (four(["Qc", "Xs", "Xd"], actions=["pass"]), "open 1"),
    # seven jetons (at most a quarter of 30) and the ace of clubs: all in
    "short-stack-tapis": (four(["Ac", "Kd", "8h"], retourne="Xs", actions=["pass"], chips=[30, 7, 30, 30]), "tapis"),
    "strong-points-open": (four(["Ac", "Kc", "Xc"], retourne="8d", actions=["pass"]), None),
    # three players (A K X 8): Ad with the retourne 8d, about 29 points
    "retourne-suit-open": (view_after(THREE, "8d", ["pass"]), "open 1"),
    "fair-points-open": (view_after(THREE, "8h", ["pass"]), "open 1"),
    "old-pass-costs": (view_after([["Ac", "Kc", "Qc"], ["9c", "9d", "8h"], ["Ad", "Kd", "Qd"], ["Ah", "Kh", "Qh"],
                                   ["As", "Ks", "Qs"]], "Jd", ["pass"], rules={"variant": "old"}), "open 1"),
    "pass-a-weak-hand": (four(WEAK, actions=["pass"]), "pass"),
    "raise-a-brelan": (four(["Kc", "Kd", "Kh"], retourne="8s", actions=["pass", "pass", "open 3", "fold", "fold"]),
                       None),
    "hold-a-mistigri": (four(["Qc", "Xs", "Xd"], actions=["pass", "pass", "open 3", "fold", "fold"]), "hold"),
    # Ben's carre, Cleo's contre-carre (2), Dan opens 2, Ann and Ben hold: Cleo holds for nothing
    "hold-for-nothing": (four(WEAK, actions=["carre", "contre-carre", "open 2", "hold", "hold"]), "hold"),
    "raise-strong-points": (four(["Ac", "Kc", "Xc"], retourne="Qc", actions=["pass", "pass", "open 2", "fold",
                                                                             "fold"]), None),
    # Cleo opens 3, Dan and Ann hold: 3 more for a pot of 10, and the ace of clubs against three hands
    "pot-odds-hold": (four(["Ac", "Kd", "8h"], retourne="Xs", actions=["pass", "pass", "open 3", "hold", "hold"]),
                      "hold"),
    "fold-a-weak-hand": (four(WEAK, actions=["pass", "pass", "open 3", "fold", "fold"]), "fold"),
}
# the rules file's worked example 1: Cleo's brelan of eights faces Ben's brelan carré of kings
EXAMPLE_1 = Record(game="bouillotte", players=NAMES[:4], dealer=0, decks=((
    "Kc", "8c", "Qc", "As", "Kd", "8d", "Ah", "Xs", "Kh", "8h", "Ad", "8s", "Ks", "Ac", "Qd", "Qh", "Qs", "Xc", "Xd",
    "Xh"),), actions=("pass", "open 2", "raise 5", "hold", "fold", "raise 10", "hold", "hold"))


def _anglais_view() -> dict[str, Any]:
    game = EXAMPLE_1.replay()
    assert game.to_move == 2
    return game.view(2)


@pytest.mark.parametrize("name", list(CASES) + ["turn-for-the-fourth"])
def test_each_rule_fires_where_it_should(name):
    view, action = CASES[name] if name in CASES else (_anglais_view(), "turn-first")
    choice = RuleBot().choose(view)
    assert choice.rule == name, (choice, view["legal"][:5])
    assert choice.action in view["legal"]
    if action is not None:
        assert choice.action == action
    assert choice.why and RULES_BY_NAME[name].sentence


def test_value_bets_are_amounts_within_the_legal_range():
    brelan = RuleBot().choose(CASES["raise-a-brelan"][0])
    amounts = CASES["raise-a-brelan"][0]["deal"]["amounts"]
    verb, amount = brelan.action.split()
    assert verb == "raise" and amounts["min"] <= int(amount) <= amounts["max"]
    assert int(amount) > amounts["min"]  # by the pot's size, more than the least raise
    opened = RuleBot().choose(CASES["strong-points-open"][0]).action
    assert opened.startswith("open ")


def test_every_rule_is_fired_by_a_case_and_names_a_planned_lesson():
    assert set(CASES) | {"turn-for-the-fourth"} == set(RULES_BY_NAME)
    assert {rule.lesson for rule in RULES} <= LESSONS


def test_the_coach_sees_every_rule_that_applies():
    # a strong hand of points facing a cheap bet: the raise rule and the pot-odds rule both apply; "fold a weak
    # hand" does not, for the hand is not weak (a rule is named only where its premise holds)
    names = [rule.name for rule, _ in advice_of_rules(CASES["raise-strong-points"][0])]
    assert names == ["raise-strong-points", "pot-odds-hold"]


SETTINGS = [(3, {}), (4, {}), (5, {}), (3, {"preset": "pagat"}), (4, {"preset": "pagat", "favori_pagat": True}),
            (5, {"variant": "no-brelan"}), (4, {"ante": "all", "deal_passes": "unopened"}), (5, {"variant": "old"}),
            (5, {"preset": "old", "carre_anglais": False}), (3, {"variant": "no-brelan", "start_chips": 10})]


@pytest.mark.parametrize("players,rules", SETTINGS, ids=lambda x: str(x))
def test_legal_and_covered_over_many_random_hands(players, rules):
    decisions = 0
    for seed in range(12):
        game = Record(game="bouillotte", players=NAMES[:players], rules=rules, seed=seed).start()
        bots = [RuleBot(seed) if (s + seed) % 3 else RandomBot(seed * 7 + s) for s in range(players)]
        while game.to_move is not None and len(game.deals) <= 30:
            view = game.view(game.to_move)
            choice = bots[game.to_move].choose(view)
            assert choice.action in view["legal"], (choice, view["legal"])
            if isinstance(bots[game.to_move], RuleBot):
                assert choice.rule in RULES_BY_NAME  # every decision is a named rule's
                decisions += 1
            game.apply(choice.action)
    assert decisions > 50


def test_deterministic_for_a_view_and_noise_for_a_seed():
    views = [view for view, _ in CASES.values()]
    assert [RuleBot(1).choose(v).action for v in views] == [RuleBot(99).choose(v).action for v in views]
    noisy = [RuleBot(5, noise=0.7).choose(v).action for v in views]
    assert noisy == [RuleBot(5, noise=0.7).choose(v).action for v in views]
    assert noisy != [RuleBot().choose(v).action for v in views]
    with pytest.raises(ValueError, match="between 0 and 1"):
        RuleBot(noise=1.5)
