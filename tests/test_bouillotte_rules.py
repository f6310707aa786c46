"""Scenario tests for Bouillotte, written from shared/rules/bouillotte.md ("Decisions, in order").

Every position is a stacked deck (``stack_deck``: the hands wanted, the retourne, the stock's ends), so each hand
is known; the expected figures are worked out by hand in the comments. Seats are Ann 0, Ben 1, Cleo 2, Dan 3,
Eve 4; with ``dealer=0`` Ben is the first hand (at the dealer's right), asked the carre and speaking first.
"""
from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

import pytest

from bulka_teach import IllegalAction, Record
from bulka_teach.bouillotte.hands import Brelan, brelan_of, decide, mistigri_name, points_showdown
from bulka_teach.bouillotte.rules import BouillotteRules, mistigri, pack_for
from bulka_teach.bouillotte.session import Bouillotte
from bulka_teach.bouillotte.stacking import stack_deck
from bulka_teach.cards import french_pack

NAMES = ("Ann", "Ben", "Cleo", "Dan", "Eve")


def deck_for(hands: Sequence[Sequence[str]], retourne: str, dealer: int = 0, rules: dict[str, Any] | None = None,
             stock_first: Sequence[str] = (), stock_last: Sequence[str] = ()) -> tuple[str, ...]:
    pack = pack_for(len(hands), BouillotteRules.from_dict(rules or {}))
    return tuple(stack_deck(pack, hands, dealer, retourne, stock_first, stock_last))


def bo(hands: Sequence[Sequence[str]], retourne: str, actions: Sequence[str] = (), dealer: int = 0,
       rules: dict[str, Any] | None = None, chips: Sequence[int] | None = None, more: Sequence[Sequence[str]] = (),
       exposed: Sequence[int | None] = (), stock_first: Sequence[str] = (), stock_last: Sequence[str] = ()
       ) -> Bouillotte:
    deck = deck_for(hands, retourne, dealer, rules, stock_first, stock_last)
    record = Record(game="bouillotte", players=NAMES[:len(hands)], rules=dict(rules or {}), dealer=dealer,
                    decks=(deck, *(tuple(d) for d in more)), chips=tuple(chips) if chips is not None else None,
                    exposed=tuple(exposed), actions=tuple(actions))
    game = record.replay()
    assert isinstance(game, Bouillotte)
    return game


def snapshot(game: Bouillotte) -> str:
    views = [game.view(s) for s in (None, *range(game.n))]
    return json.dumps({"views": views, "actions": len(game.actions), "result": game.result()}, sort_keys=True)


def refuse(game: Bouillotte, action: str, reason: str) -> IllegalAction:
    before = snapshot(game)
    verdict = game.verdict(action)
    assert verdict is not None and verdict.reason == reason, verdict
    assert action not in game.legal_actions()
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert info.value.reason == reason and info.value.message == verdict.message
    message = info.value.message
    assert len(message.split()) >= 5 and message.rstrip().endswith((".", "!", ")")), message
    assert snapshot(game) == before, "a refused action changed the game"
    return info.value


def summary(game: Bouillotte, k: int = 0) -> dict[str, Any]:
    return game.result()["deals"][k]


# ----------------------------------------------------------------------------------------------
# Cards, packs, seats
# ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("preset, players, ranks", [
    ("seed", 5, "AKQJX8"), ("seed", 4, "AKQX8"), ("seed", 3, "AKX8"),
    ("pagat", 5, "AKQJ98"), ("pagat", 4, "AKQ98"), ("pagat", 3, "AK98"), ("old", 5, "AKQJX98"),
])
def test_the_pack_by_players_and_preset(preset, players, ranks):
    pack = pack_for(players, BouillotteRules.from_dict({"preset": preset}))
    assert "".join(reversed(pack.ranks)) == ranks and len(pack) == 4 * len(ranks)
    game = Record(game="bouillotte", players=NAMES[:players], rules={"preset": preset}, seed=3).start()
    assert game.pack is pack and game.view(0)["pack"] == "french"


def test_the_mistigri_is_whichever_club_figure_is_left():
    assert mistigri(french_pack(5)).code == "Jc" and mistigri_name(french_pack(5)) == "brelan Saint-James"
    assert mistigri(french_pack(4)).code == "Qc" and mistigri_name(french_pack(4)) == "brelan mistigri"
    assert mistigri(french_pack(3)) is None


def test_old_bouillotte_is_for_five_and_plays_the_old_pack():
    with pytest.raises(Exception, match="5 players"):
        Record(game="bouillotte", players=NAMES[:4], rules={"variant": "old"}, seed=1).start()
    game = Record(game="bouillotte", players=NAMES, rules={"variant": "old"}, seed=1).start()
    assert len(game.pack) == 28


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_draw_makes_the_kings_seat_the_dealer(players):
    for seed in range(6):
        game = Record(game="bouillotte", players=NAMES[:players], seed=seed).start()
        draw = game.events[0]
        assert draw.kind == "draw" and len(draw.data["cards"]) == players
        assert draw.data["cards"][game.deals[0].dealer] == "Ks" == draw.data["cards"][draw.data["dealer"]]
        ranks = sorted(c[0] for c in draw.data["cards"])
        assert len(set(ranks)) == players  # consecutive ranks, one each
        assert "king" in game.explain(draw)


def test_the_deal_one_card_at_a_time_from_the_dealers_right_then_the_retourne():
    deck = list(deck_for([["Ac", "Kc", "Xc"], ["Ad", "Kd", "Xd"], ["Ah", "Kh", "Xh"]], "As", dealer=2))
    # index i goes to seat dealer + 1 + (i mod 3): Ann, Ben, Cleo, Ann, …; index 9 is the retourne
    assert deck[:10] == ["Ac", "Ad", "Ah", "Kc", "Kd", "Kh", "Xc", "Xd", "Xh", "As"]
    game = Record(game="bouillotte", players=NAMES[:3], dealer=2, decks=(tuple(deck),)).start()
    deal = game.deals[0]
    assert game.to_move == 0 and deal.hands == [[], [], []]  # the carre is asked before the cards
    game.apply("pass")
    assert [c.code for c in deal.hands[0]] == ["Ac", "Kc", "Xc"] and deal.retourne is not None  # as received
    assert deal.retourne.code == "As" and [c.code for c in deal.stock] == deck[10:]
    assert game.view(0)["deal"]["hand"] == ["Xc", "Kc", "Ac"]  # a view sorts the hand, low to high


# ----------------------------------------------------------------------------------------------
# The game jeton, the ante, dead money, carre and contre-carre
# ----------------------------------------------------------------------------------------------

THREE = [["8c", "Xc", "Kd"], ["8h", "8d", "Xs"], ["Kh", "Xh", "8s"]]  # example 2's hands: no brelan


def test_the_dealer_stakes_the_game_and_the_first_hand_is_asked_the_carre():
    game = bo(THREE, "Ah")
    assert game.deals[0].stakes == [1, 0, 0] and game.chips == [29, 30, 30]
    assert game.to_move == 1 and sorted(game.legal_actions()) == ["carre", "pass"]
    assert [p.amount for p in game.pots()] == [1]


def test_the_ante_option_puts_a_dead_jeton_from_everyone():
    game = bo(THREE, "Ah", rules={"ante": "all"}, actions=["pass"])
    assert game.deals[0].stakes == [0, 0, 0] and game.chips == [29, 29, 29] and game.view(0)["dead"] == 3
    assert "open 1" in game.legal_actions()  # the opening level is at least one jeton
    refuse(game, "hold", "not-now")


def test_carre_stakes_the_pot_and_contre_carre_doubles_it():
    game = bo(THREE, "Ah", actions=["carre"])
    assert game.deals[0].stakes == [1, 1, 0] and game.to_move == 2
    assert sorted(game.legal_actions()) == ["contre-carre", "pass"]
    refuse(game, "carre", "not-now")
    game.apply("contre-carre")
    assert game.deals[0].stakes == [1, 1, 2]
    assert game.to_move == 0  # the seat after the last blind speaks first
    assert "open 1" not in game.legal_actions() and "open 2" in game.legal_actions()
    refuse(game, "open 1", "bet-below-minimum")


def test_carre_is_not_asked_of_a_seat_whose_chips_do_not_exceed_the_pot():
    game = bo(THREE, "Ah", chips=[30, 2, 30], rules={"ante": "all"})  # pot 3 after the ante, Ben has 1
    # Ben, left with a single jeton, stakes it (the обойщик) and is never asked: Cleo speaks first
    assert game.deals[0].stakes == [0, 1, 0] and game.chips == [29, 0, 29]
    assert game.to_move == 2 and "carre" not in game.legal_actions()
    game = bo(THREE, "Ah", chips=[30, 30, 2], actions=["carre"])  # Cleo's 2 do not exceed twice the carre
    assert game.deals[0].phase == "betting" and game.to_move == 2


def test_dead_money_carries_and_the_next_carre_stakes_it_too():
    again = deck_for(THREE, "Ah", dealer=1)
    game = bo(THREE, "Ah", more=[again], actions=["pass", "pass", "pass", "pass"])
    assert summary(game)["result"] == "thrown-in" and game.view(0)["dead"] == 1
    # Ben deals: his jeton doubles the game (1 dead + 1); Cleo's carre stakes as much as the pot holds
    assert [p.amount for p in game.pots()] == [2] and game.to_move == 2
    game.apply("carre")
    assert game.deals[1].stakes == [0, 1, 2]
    assert game.deal_decision(0).decided == "redeal"


def test_after_a_blind_nobody_opening_the_last_blind_takes_the_pot():
    game = bo(THREE, "Ah", actions=["carre", "pass", "pass", "pass", "pass"])
    s = summary(game)
    assert s["result"] == "blind-takes" and s["winner"] == 1 and s["pots"][0]["amount"] == 2
    assert game.chips == [29, 31, 30] and s["shown"] == [] and game.deal_decision(0).decided == "game"


# ----------------------------------------------------------------------------------------------
# Betting
# ----------------------------------------------------------------------------------------------

def test_the_reason_codes_of_the_betting():
    game = bo(THREE, "Ah", actions=["pass"])
    refuse(game, "hold", "not-now")
    refuse(game, "raise 3", "not-now")
    refuse(game, "fold", "not-now")
    refuse(game, "open 31", "not-enough-chips")
    refuse(game, "open 30", "use-tapis")
    refuse(game, "open five", "unknown-action")
    refuse(game, "open 02", "unknown-action")
    refuse(game, "check", "unknown-action")
    refuse(game, "turn-first", "not-now")
    with pytest.raises(IllegalAction) as info:
        game.apply("open 2", seat=2)
    assert info.value.reason == "not-your-turn"
    game.apply("open 3")
    refuse(game, "pass", "not-now")
    refuse(game, "open 5", "not-now")
    refuse(game, "raise 3", "bet-below-minimum")
    refuse(game, "raise 31", "not-enough-chips")
    refuse(game, "raise 30", "use-tapis")
    game.apply("raise 4")
    assert "raise 5" in game.legal_actions() and "raise 4" not in game.legal_actions()


def test_the_legal_amounts_are_every_stake_between_the_minimum_and_all_but_one_jeton():
    game = bo(THREE, "Ah", chips=[30, 7, 30], actions=["pass"])
    assert sorted(game.legal_actions()) == ["open 1", "open 2", "open 3", "open 4", "open 5", "open 6", "pass",
                                            "tapis"]
    amounts = game.view(1)["deal"]["amounts"]
    assert amounts == {"verb": "open", "min": 1, "max": 6, "stake": 0, "chips": 7, "highest": 1, "hold": None,
                       "tapis": 7}
    assert game.view(2)["deal"]["amounts"] == {}


def test_a_tapis_that_cannot_reach_the_opening_level_is_refused_and_a_short_tapis_is_a_hold():
    game = bo(THREE, "Ah", chips=[30, 30, 2], actions=["carre"])  # Cleo's 2 reach the level 1: her tapis opens
    assert game.to_move == 2 and "tapis" in game.legal_actions()
    four = [["Ah", "Kh", "Qh"], ["8c", "8d", "8h"], ["Ac", "Kc", "Xc"], ["Ad", "Kd", "Qd"]]
    # ante 4 → Ben's carre 4, Cleo's contre-carre 8: Dan's 2 jetons cannot reach 8, he may only pass
    game = bo(four, "Xs", rules={"ante": "all"}, chips=[30, 30, 30, 3], actions=["carre", "contre-carre"])
    assert game.deals[0].stakes == [0, 4, 8, 0] and game.to_move == 3
    refuse(game, "tapis", "bet-below-minimum")
    assert game.legal_actions() == ["pass"]
    game = bo(THREE, "Ah", chips=[30, 30, 3], actions=["pass", "open 5"])
    game.apply("tapis")  # Cleo's 3 are below Ben's 5: a short hold, which reopens nothing
    assert game.events[-1].data["kind"] == "hold" and game.to_move == 0
    game.apply("hold")
    assert game.deals[0].phase == "over" and game.deals[0].stakes == [5, 5, 3]


def test_a_holder_is_asked_again_only_after_a_raise_and_folded_or_all_in_seats_never():
    game = bo(THREE, "Ah", chips=[30, 30, 10], actions=["pass", "open 2", "hold", "hold"])
    assert game.deals[0].phase == "over"  # Cleo and Ann held: nobody raised, the betting ends
    game = bo(THREE, "Ah", chips=[30, 30, 10], actions=["pass", "open 2", "tapis"])
    assert game.to_move == 0  # Cleo's tapis (10) raised: Ann, then Ben speak again, Cleo never
    game.apply("fold")
    assert game.to_move == 1
    game.apply("hold")
    assert game.deals[0].phase == "over" and game.deals[0].stakes == [1, 10, 10]


def test_all_but_one_folding_he_takes_the_pot_showing_nothing_and_no_brelan_is_paid():
    hands = [["8c", "Xc", "Kd"], ["8h", "8d", "8s"], ["Kh", "Xh", "Ks"]]  # Ben holds a brelan
    game = bo(hands, "Ah", actions=["pass", "open 3", "fold", "fold"])
    s = summary(game)
    assert s["result"] == "uncontested" and s["winner"] == 1 and s["shown"] == [] and s["brelans"] == []
    assert game.chips == [29, 31, 30]
    assert game.deal_summary(game.deals[0])["hands"] == [None, None, None]  # the public summary: nothing shown
    assert game.view(0)["previous"][0]["hands"] == [None, None, None]


def test_side_pots_three_levels_and_the_tie_to_the_first_hand_from_the_dealers_right():
    # four players (A K Q X 8); Ben 3 jetons, Cleo 8: Ben tapis (opens), Cleo tapis (raises), Dan raises to 20,
    # Ann holds. Stakes [20, 3, 8, 20]: pot 1 = 3×4 = 12 (all four), pot 2 = 5×3 = 15 (Ann, Cleo, Dan),
    # pot 3 = 12×2 = 24 (Ann, Dan). Ben's brelan of eights wins pot 1; Ann, Cleo, Dan each collect 31 in one suit:
    # the tie goes to the first from the dealer's right (Ben, Cleo, Dan, Ann): Cleo pot 2, Dan pot 3.
    hands = [["Ah", "Kh", "Qh"], ["8c", "8d", "8h"], ["Ac", "Kc", "Xc"], ["Ad", "Kd", "Qd"]]
    game = bo(hands, "Xs", chips=[30, 3, 8, 30], actions=["pass", "tapis", "tapis", "raise 20", "hold"])
    s = summary(game)
    assert s["stakes"] == [20, 3, 8, 20]
    assert [(p["amount"], p["level"], p["contenders"], p["winner"], p["hand"]) for p in s["pots"]] == [
        (12, 3, [0, 1, 2, 3], 1, "brelan"), (15, 8, [0, 2, 3], 2, "points"), (24, 20, [0, 3], 3, "points")]
    assert s["pots"][1]["total"] == 31 and s["pots"][2]["suits"] == {"d": [3, 31], "h": [0, 31]}
    # Ben's brelan takes a jeton from each: Ann 10 − 1 = 9, Ben 12 + 3 = 15, Cleo 15 − 1 = 14, Dan 34 − 1 = 33
    assert s["brelans"] == [{"seat": 1, "hand": "brelan", "rank": "8", "paid": 3}]
    assert game.chips == [9, 15, 14, 33]


def test_the_pots_during_the_betting_show_the_side_pot_of_a_seat_all_in():
    hands = [["Ah", "Kh", "Qh"], ["8c", "8d", "8h"], ["Ac", "Kc", "Xc"], ["Ad", "Kd", "Qd"]]
    game = bo(hands, "Xs", chips=[30, 3, 8, 30], actions=["pass", "tapis", "tapis"])
    assert [(p.name, p.amount) for p in game.pots()] == [("pot", 7), ("side pot 1", 5)]  # 1+3+3 | 5
    assert game.view(3)["deal"]["all_in"] == [1, 2]


def test_the_one_jeton_player_stakes_it_is_never_asked_and_wins_only_what_is_on_the_table():
    # Ben has a single jeton: staked at once (all in). Cleo opens 5, Ann holds: pot 1 = 3 (1 each), pot 2 = 8.
    # Ann's brelan wins both; Ben, ruined, pays nothing for it; Cleo pays 1. The session is over.
    hands = [["8c", "8d", "8h"], ["Kh", "Xh", "Ks"], ["Ac", "Kc", "Xc"]]
    game = bo(hands, "As", chips=[30, 1, 30])
    assert game.deals[0].stakes == [1, 1, 0] and game.to_move == 2  # no carre: Ben's 0 chips do not exceed 2
    assert [e.kind for e in game.events[:2]] == ["game-jeton", "last-jeton"]
    game.apply("open 5")
    game.apply("hold")
    s = summary(game)
    assert [(p["amount"], p["contenders"], p["winner"]) for p in s["pots"]] == [(3, [0, 1, 2], 0), (8, [0, 2], 0)]
    assert s["brelans"] == [{"seat": 0, "hand": "brelan", "rank": "8", "paid": 1}]
    assert game.chips == [37, 0, 24] and game.to_move is None and game.deal is None
    assert game.deal_decision(0).decided == "match" and game.events[-1].kind == "session-over"


# ----------------------------------------------------------------------------------------------
# Hands and the showdown
# ----------------------------------------------------------------------------------------------

def cards(*codes: str, players: int = 4) -> list:
    return french_pack(players).cards_of(codes)


RULES = BouillotteRules()


@pytest.mark.parametrize("hand, retourne, rules, expected", [
    (("Kc", "Kd", "Kh"), "Ks", {}, Brelan("brelan-carre", "K")),
    (("Kc", "Kd", "Kh"), "As", {}, Brelan("brelan", "K")),
    (("Kc", "Kd", "Kh"), "Qs", {}, Brelan("brelan-favori", "K")),
    (("Kc", "Kd", "Kh"), "Qs", {"favori": False}, Brelan("brelan", "K")),
    (("Qc", "Qd", "Qh"), "Qs", {}, Brelan("brelan-carre", "Q")),
    (("Kc", "Kd", "Ah"), "Ks", {}, None),
    (("Kc", "Kd", "Ah"), "Ks", {"favori_pagat": True}, Brelan("brelan-favori", "K")),
    (("Qc", "Ad", "Ah"), "Ks", {}, Brelan("brelan-mistigri", "A")),
    (("Qc", "Qd", "Ah"), "Ks", {}, None),
    (("Kc", "Kd", "Kh"), "Ks", {"variant": "no-brelan"}, None),
])
def test_the_brelans(hand, retourne, rules, expected):
    pack = french_pack(4)
    got = brelan_of(pack.cards_of(hand), pack.card(retourne), BouillotteRules.from_dict(rules), pack)
    assert got == expected


def test_brelans_best_first_and_by_rank():
    pack = french_pack(5)
    order = [Brelan("brelan-mistigri", "8"), Brelan("brelan-mistigri", "A"), Brelan("brelan-favori", "8"),
             Brelan("brelan", "8"), Brelan("brelan", "A"), Brelan("brelan-carre", "8"), Brelan("brelan-carre", "A")]
    assert sorted(order, key=lambda b: b.key(pack)) == order
    hands = {0: cards("Ah", "Kh", "Xh"), 1: cards("8c", "8d", "8h"), 2: cards("Qc", "Ad", "As")}
    brelans = {0: None, 1: Brelan("brelan", "8"), 2: Brelan("brelan-mistigri", "A")}
    verdict = decide((0, 1, 2), hands, brelans, None, french_pack(4), (1, 2, 0))
    assert (verdict.winner, verdict.hand, verdict.rank) == (1, "brelan", "8")


def test_the_points_each_suits_highest_card_collects_it_with_the_retourne():
    pack = french_pack(3)
    hands = {0: pack.cards_of(["Xc", "8c", "Kd"]), 1: pack.cards_of(["8h", "8d", "Xs"]),
             2: pack.cards_of(["Kh", "Xh", "8s"])}
    result = points_showdown(hands, pack.card("Ah"), pack, (1, 2, 0))
    assert result.suits == {"c": [0, 18], "d": [0, 18], "h": [2, 39], "s": [1, 18]}
    assert (result.winner, result.suit, result.total) == (2, "h", 39)
    tie = points_showdown({0: hands[0], 1: pack.cards_of(["Ac", "8d", "Xs"])}, None, pack, (1, 0))
    # Ben's Ac collects clubs 11 + 10 + 8 = 29; Ann collects diamonds 10 + 8 = 18
    assert tie.winner == 1 and tie.total == 29


def test_the_brelan_carre_anglais_turns_the_fourth_and_the_higher_carre_wins():
    hands = [["8c", "8d", "Xc"], ["Kc", "Kd", "Kh"], ["Ac", "Ah", "As"]]
    game = bo(hands, "Ks", stock_first=["Ad"], actions=["pass", "open 2", "hold", "fold"])
    assert game.to_move == 2 and sorted(game.legal_actions()) == ["pass", "turn-first", "turn-last"]
    refuse(game, "hold", "not-now")
    game.apply("turn-first")
    s = summary(game)
    assert s["turned"] == [{"seat": 2, "which": "first", "card": "Ad"}]
    assert s["pots"][0]["winner"] == 2 and s["pots"][0]["hand"] == "brelan-carre" and s["pots"][0]["rank"] == "A"
    # Cleo's carré of aces is paid by Ann and Ben (2); Ben's carré of kings by Ann alone (1): the higher pays not
    assert s["brelans"] == [{"seat": 2, "hand": "brelan-carre", "rank": "A", "paid": 2},
                            {"seat": 1, "hand": "brelan-carre", "rank": "K", "paid": 1}]
    assert game.chips == [27, 28, 35]
    assert "Ad" in json.dumps(game.view(0))  # the card turned is shown to all


def test_the_brelan_carre_anglais_can_turn_the_last_card_and_miss():
    hands = [["8c", "8d", "Xc"], ["Kc", "Kd", "Kh"], ["Ac", "Ah", "As"]]
    game = bo(hands, "Ks", stock_first=["Ad"], stock_last=["Xd"], actions=["pass", "open 2", "hold", "fold",
                                                                           "turn-last"])
    s = summary(game)
    assert s["turned"][0]["card"] == "Xd" and s["pots"][0]["winner"] == 1
    game = bo(hands, "Ks", rules={"carre_anglais": False}, actions=["pass", "open 2", "hold", "fold"])
    assert summary(game)["result"] == "showdown"  # nobody is asked


def test_a_seat_without_jetons_pays_nothing_for_a_brelan():
    hands = [["8c", "8d", "8h"], ["Kc", "Kd", "Kh"], ["Ac", "Xh", "8s"]]
    game = bo(hands, "As", chips=[30, 30, 3], actions=["pass", "open 2", "tapis", "hold", "hold"])
    s = summary(game)  # Ben's kings beat Ann's eights: Cleo (all in, lost) pays nothing
    assert game.chips[2] == 0 and s["brelans"] == [{"seat": 1, "hand": "brelan", "rank": "K", "paid": 1},
                                                   {"seat": 0, "hand": "brelan", "rank": "8", "paid": 0}]


def test_saint_james_is_the_mistigri_of_five_players():
    hands = [["As", "Xs", "8s"], ["Jc", "Kd", "Kh"], ["Ac", "Xh", "8h"], ["Ad", "Xd", "8d"], ["Ah", "Xc", "8c"]]
    game = bo(hands, "Qs", actions=["pass", "open 2", "hold", "fold", "fold", "fold"])
    s = summary(game)
    assert s["pots"][0]["hand"] == "brelan-mistigri" and s["pots"][0]["winner"] == 1
    assert s["brelans"] == [{"seat": 1, "hand": "brelan-mistigri", "rank": "K", "paid": 0}]
    assert any("Saint-James" in game.explain(e) for e in game.events)


# ----------------------------------------------------------------------------------------------
# The exposed card, the deal passing, the variants
# ----------------------------------------------------------------------------------------------

def test_a_card_exposed_voids_the_deal_brelans_paid_stakes_kept_same_dealer():
    hands = [["8c", "Xc", "Kd"], ["Kc", "Kh", "Ks"], ["Ah", "Xh", "8s"]]
    again = deck_for(THREE, "Ah")
    game = bo(hands, "Ad", more=[again], exposed=[3], actions=["carre", "pass"])
    first = summary(game)
    assert first["result"] == "void" and first["retourne"] is None and first["exposed"] == "Kh"
    assert first["brelans"] == [{"seat": 1, "hand": "brelan", "rank": "K", "paid": 2}] and first["shown"] == [1]
    second = game.deals[1]
    assert second.dealer == 0 and second.stakes == [1, 1, 0]  # stakes kept, no new jeton, no new carre
    assert game.chips == [28, 31, 29] and game.to_move == 2  # after the last blind (Ben's carre)
    assert game.deal_decision(0).decided == "redeal"
    assert sum(game.chips) + sum(p.amount for p in game.pots()) == 90


def test_the_deal_passes_after_every_deal_or_only_when_nobody_opened():
    actions = ["pass", "open 2", "fold", "fold"]
    more = [deck_for(THREE, "Ah", dealer=0), deck_for(THREE, "Ah", dealer=1)]
    assert bo(THREE, "Ah", actions=actions, more=more[1:]).deals[1].dealer == 1
    game = bo(THREE, "Ah", actions=actions, more=more[:1], rules={"deal_passes": "unopened"})
    assert game.deals[1].dealer == 0 and game.deal_decision(0).decided == "game"


def test_without_brelans_no_brelan_counts_and_a_raise_adds_at_most_the_first_stake():
    hands = [["8c", "8d", "8h"], ["Ac", "Kc", "Xc"], ["Kh", "Xh", "Ks"]]
    game = bo(hands, "As", rules={"variant": "no-brelan", "start_chips": 5}, chips=[30, 30, 30],
              actions=["pass", "open 2"])
    refuse(game, "raise 8", "raise-too-large")
    refuse(game, "tapis", "raise-too-large")
    game.apply("raise 7")
    game.apply("hold")
    game.apply("hold")
    s = summary(game)
    assert s["pots"][0]["hand"] == "points" and s["pots"][0]["winner"] == 1 and s["brelans"] == []


def test_old_bouillotte_a_pass_and_a_raise_cost_a_jeton_and_the_favori_pays_double():
    hands = [["As", "Xs", "9s"], ["Kc", "Kd", "Kh"], ["Ac", "9d", "8h"], ["Ad", "Xd", "9c"], ["Ah", "Xh", "9h"]]
    game = bo(hands, "Qs", rules={"variant": "old"}, actions=["pass", "pass"])
    assert game.chips[1] == 29 and game.view(0)["dead"] == 1  # Ben's pass cost a dead jeton
    game = bo(hands, "Qs", rules={"variant": "old"}, actions=["pass", "open 2", "raise 4"])
    assert game.chips[2] == 25 and game.deals[0].stakes[2] == 4
    game = bo(hands, "Qs", rules={"variant": "old"}, actions=["pass", "open 2", "hold", "fold", "fold", "fold"])
    s = summary(game)
    assert s["pots"][0]["hand"] == "brelan-favori" and s["brelans"][0]["paid"] == 8
    assert game.chips == [27, 41, 26, 28, 28]


def test_every_event_is_explained_in_a_sentence():
    games = [bo(THREE, "Ah", actions=["carre", "contre-carre", "pass", "pass", "pass"]),
             bo([["8c", "8d", "Xc"], ["Kc", "Kd", "Kh"], ["Ac", "Ah", "As"]], "Ks", stock_first=["Ad"],
                actions=["pass", "open 2", "hold", "fold", "turn-first"]),
             Record(game="bouillotte", players=NAMES[:4], seed=4).start()]
    for game in games:
        for event in game.events:
            for viewer in (None, 0, 1):
                text = game.explain(event, viewer)
                assert len(text.split()) >= 3 and re.search(r"[.!]$", text), text
