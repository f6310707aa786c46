"""Bouillotte's sampling bot: its worlds are consistent with the seat's view (and rebuild the engine's deal as the
seat sees it), its choices are legal and deterministic for a seed, a lone opponent's hands are enumerated at a
table of three, and the values are the engine's settlement of each world."""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bulka_teach import Record
from bulka_teach.bots import RandomBot
from bulka_teach.bots.base import Choice
from bulka_teach.bouillotte.ai.sampling import LEVELS, SamplingBot, legal_of, value
from bulka_teach.bouillotte.ai.teaching import RuleBot
from bulka_teach.bouillotte.ai.worlds import (
    BET_LIKELIHOOD,
    Known,
    World,
    draw,
    hand_class,
    rebuild,
    sample_worlds,
    weight,
)
from bulka_teach.bouillotte.rules import BouillotteRules, pack_for
from bulka_teach.bouillotte.stacking import stack_deck
from bulka_teach.bouillotte.view import deal_view

NAMES = ("Ann", "Ben", "Cleo", "Dan", "Eve")
VARIANTS = [{}, {"preset": "pagat"}, {"variant": "no-brelan"}, {"ante": "all", "favori_pagat": True},
            {"variant": "old"}]


def random_view(players: int, rules: dict[str, Any], seed: int, steps: int) -> dict[str, Any] | None:
    """The view of the seat to move after ``steps`` random legal actions of a session (None: it ended)."""
    if rules.get("variant") == "old":
        players = 5
    game = Record(game="bouillotte", players=NAMES[:players], rules=rules, seed=seed).start()
    rng = random.Random(seed)
    for _ in range(steps):
        if game.to_move is None:
            return None
        legal = game.view(game.to_move)["legal"]
        game.apply(rng.choice(legal))
    return game.view(game.to_move) if game.to_move is not None else None


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([3, 4, 5]), rules=st.sampled_from(VARIANTS), seed=st.integers(0, 10**6),
       steps=st.integers(0, 40))
def test_worlds_are_consistent_with_the_view_and_rebuild_what_the_seat_sees(players, rules, seed, steps):
    view = random_view(players, rules, seed, steps)
    if view is None:
        return
    known = Known.from_view(view)
    seat, deal = view["seat"], view["deal"]
    for world in sample_worlds(known, 4, random.Random(seed)):
        cards = [c for h in world.hands.values() for c in h] + world.stock
        seen = [known.retourne] if known.retourne else []
        seen += [c for _, _, c in known.turned]
        assert Counter(cards + seen) == Counter(known.pack.cards)  # every card once: the pack accounted for
        assert len(world.hands) == known.n and all(len(h) == 3 for h in world.hands.values())
        if deal["hand"]:
            assert sorted(c.code for c in world.hands[seat]) == sorted(deal["hand"])
        for s, shown in deal["shown"].items():
            assert [c.code for c in world.hands[int(s)]] == shown
        if deal["phase"] in ("betting", "anglais"):
            assert len(world.stock) == deal["stock_count"]
            rebuilt = rebuild(known, world)
            assert deal_view(rebuilt, seat) == deal  # the engine's deal, as the seat sees it
            assert sorted(legal_of(rebuilt)) == sorted(view["legal"])


def test_weights_follow_the_bets_so_far():
    # four players; Ben (seat 1) passes the carre and opens 4: worlds where he holds a brelan weigh most
    pack = pack_for(4, BouillotteRules())
    hands = [["8c", "8d", "Xh"], ["Kc", "Kd", "Kh"], ["Qc", "Xs", "8s"], ["Ad", "Qd", "8h"]]
    deck = tuple(stack_deck(pack, hands, 0, "As"))
    game = Record(game="bouillotte", players=NAMES[:4], dealer=0, decks=(deck,), actions=("pass", "open 4")).replay()
    view = game.view(2)  # Cleo's turn
    known = Known.from_view(view)
    assert known.bets[1] == ["aggressive"] and 1 in known.hidden and 2 not in known.hidden
    strong = World({**known.hands, 0: pack.cards_of(hands[0]), 1: pack.cards_of(hands[1]),
                    3: pack.cards_of(hands[3])}, [])
    weak = World({**known.hands, 0: pack.cards_of(hands[1]), 1: pack.cards_of(["8c", "8d", "Xh"]),
                  3: pack.cards_of(hands[3])}, [])
    assert weight(known, strong) == BET_LIKELIHOOD["brelan"]["aggressive"]
    assert weight(known, weak) == BET_LIKELIHOOD["weak"]["aggressive"]

    def weak_share(worlds: list[World]) -> float:
        return sum(hand_class(w.hands[1], known.retourne, known.rules, pack, 3) == "weak" for w in worlds) / len(worlds)

    weighted = weak_share(sample_worlds(known, 400, random.Random(1)))
    rng = random.Random(1)
    uniform = weak_share([draw(known, rng) for _ in range(400)])
    assert weighted < uniform / 2  # Ben opened: a weak hand in his seat is kept less often


def test_a_world_is_valued_by_the_engines_settlement():
    # the rules file's worked example 2 at Cleo's tapis: hands known, Cleo's tapis wins 18 - 6 = 12 back
    deck = ("8h", "Kh", "Xc", "8d", "Xh", "8c", "Xs", "8s", "Kd", "Ah", "Ac", "Kc", "Ad", "Xd", "As", "Ks")
    game = Record(game="bouillotte", players=NAMES[:3], dealer=0, chips=(30, 30, 6), decks=(deck,),
                  actions=("pass", "open 4")).replay()
    view = game.view(2)
    known = Known.from_view(view)
    pack = known.pack
    world = World({0: pack.cards_of(["Xc", "8c", "Kd"]), 1: pack.cards_of(["8h", "8d", "Xs"]),
                   2: pack.cards_of(["Kh", "Xh", "8s"])}, pack.cards_of(["Ac", "Kc", "Ad", "Xd", "As", "Ks"]))

    class Script(RuleBot):
        """Ann raises to 12, Ben holds: the example's actions."""

        def choose(self, view):  # type: ignore[no-untyped-def]
            return Choice("raise 12" if view["seat"] == 0 else "hold")

    chips, won = value(known, world, "tapis", Script())
    assert (chips, won) == (18 - 6, True)  # pot 1 of 18 to Cleo: her 6 back and 12 more


def _play(players: int, rules: dict[str, Any], seed: int, bot: SamplingBot) -> list[tuple[dict, str]]:
    game = Record(game="bouillotte", players=NAMES[:players], rules=rules, seed=seed).start()
    others = [RuleBot(seed) if s % 2 else RandomBot(seed + s) for s in range(players)]
    chosen = []
    while game.to_move is not None and len(game.deals) <= 3:
        seat = game.to_move
        view = game.view(seat)
        choice = (bot if seat == 0 else others[seat]).choose(view)
        assert choice.action in view["legal"], (choice, view["legal"])
        if seat == 0:
            assert choice.why
            chosen.append((view, choice.action))
        game.apply(choice.action)
    return chosen


@pytest.mark.parametrize("players,rules", [(3, {}), (4, {"preset": "pagat"}), (5, {"variant": "no-brelan"}),
                                           (5, {"variant": "old"}), (4, {"ante": "all"})], ids=str)
def test_legal_in_whole_hands_and_deterministic_for_a_seed(players, rules):
    chosen = _play(players, rules, 3, SamplingBot("easy", 7, worlds=4, time_cap=None))
    assert chosen
    again = SamplingBot("easy", 7, worlds=4, time_cap=None)  # the same seed on the same views: the same game
    assert [again.choose(v).action for v, _ in chosen] == [action for _, action in chosen]
    coach = SamplingBot("medium", 5, worlds=4, time_cap=None, per_view=True)
    first = [coach.evaluate(v).estimates for v, _ in chosen]
    assert first == [coach.evaluate(v).estimates for v, _ in chosen]  # per view: the same worlds every time


def test_three_players_heads_up_are_enumerated_at_the_strongest_level():
    # three players (16 cards); Ben passes the carre, Cleo opens, Ann folds: Ben against Cleo alone
    game = Record(game="bouillotte", players=NAMES[:3], dealer=0, seed=4, actions=("pass", "pass", "open 3",
                                                                                   "fold")).replay()
    view = game.view(1)
    evaluation = SamplingBot("strong", 1, time_cap=None).evaluate(view)
    assert evaluation.details["enumerated"] and evaluation.worlds == 220  # C(12, 3) hands for Cleo
    assert set(evaluation.estimates) >= {"hold", "fold", "tapis"}
    assert evaluation.estimates["fold"].win == 0.0


def test_a_hand_that_cannot_lose_bets_and_a_hopeless_one_gives_up():
    pack = pack_for(4, BouillotteRules())
    # Ben's brelan carré of kings (the retourne Ks) facing an open of 3 that two players held: the best action
    # bets on, wins the pot nearly always, and beats folding
    hands = [["8c", "Xd", "Qh"], ["Kc", "Kd", "Kh"], ["Ac", "Xs", "8s"], ["Ad", "Qd", "8h"]]
    deck = tuple(stack_deck(pack, hands, 0, "Ks"))
    game = Record(game="bouillotte", players=NAMES[:4], dealer=0, decks=(deck,),
                  actions=("pass", "pass", "open 3", "hold", "hold")).replay()
    evaluation = SamplingBot("medium", 2, time_cap=None).evaluate(game.view(1))
    assert evaluation.ranked()[0] != "fold" and evaluation.estimates["fold"].chips < evaluation.estimates[
        evaluation.ranked()[0]].chips
    assert evaluation.estimates[evaluation.ranked()[0]].win > 0.9


def test_levels_and_bad_input():
    assert set(LEVELS) == {"easy", "medium", "strong"}
    assert LEVELS["easy"].worlds < LEVELS["medium"].worlds < LEVELS["strong"].worlds
    with pytest.raises(ValueError, match="unknown level"):
        SamplingBot("expert")
