"""Scenario tests for Trappola's Partie, written from shared/rules/trappola.md.

Every position is a stacked deck (``stack_deck`` or a literal one), so each hand is known and the expected values
are worked out by hand in the comments. With two players and ``dealer=0``, Ben (seat 1) is the challenger: he is
asked first and leads trick 1.

Part 1: one scenario per reason code (the reason, a sentence, the game unchanged). Part 2: the rules, section by
section. Part 3: the protocol's order of questions.
"""
from __future__ import annotations

import pytest
from trappola_helpers import CARD_TOKEN, EX1, EX1_ACTIONS, EX2, EX2_ACTIONS, refuse, summary, trappola

from bulka_teach import ITALIAN, IllegalAction
from bulka_teach.trappola.bonuses import trick_bonuses
from bulka_teach.trappola.figura import held_figura, parse_figura
from bulka_teach.trappola.rules import PACK, TrappolaRules
from bulka_teach.trappola.stacking import stack_deck

# Ben leads his aces and kings, then his Twos when Ann is void: the last three tricks fall to Twos.
# Ben As Ac Ad Ab Rc Cd 2s 2c 2d; Ann 2b 7b 8b 9b Xb Fb Cb Rb 7s.
BEN_TWOS = ["As", "Ac", "Ad", "Ab", "Rc", "Cd", "2s", "2c", "2d"]
ANN_BATONS = ["2b", "7b", "8b", "9b", "Xb", "Fb", "Cb", "Rb", "7s"]


def twos_deck(ben=BEN_TWOS, ann=ANN_BATONS):
    return stack_deck(challenger=ben, dealer=ann)


def play_out(game, ben_order, ann_answers):
    """Ben leads each card of ``ben_order`` (he wins every trick), Ann answers with ``ann_answers``."""
    for lead, answer in zip(ben_order, ann_answers, strict=True):
        game.apply(f"play {lead}")
        game.apply(f"play {answer}")
    return game


# ---------------------------------------------------------------------------------------------------------------
# Part 1: reason codes
# ---------------------------------------------------------------------------------------------------------------
def test_not_your_turn():
    game = trappola(EX1)
    refuse(game, "play As", "not-your-turn", seat=0)


def test_nothing_to_do_when_no_deck_is_left():
    game = trappola(EX1, EX1_ACTIONS)
    assert game.to_move is None and game.deal is game.deals[-1] or game.deal is None
    refuse(game, "play 2b", "nothing-to-do")


@pytest.mark.parametrize("action", ["bid 3", "play", "declare", "Pro", "exchange now"])
def test_unknown_action(action):
    refuse(trappola(EX1), action, "unknown-action")


@pytest.mark.parametrize("action", ["play Zz", "play 3s", "declare Rs-Rc-Rz", "declare royal"])
def test_bad_card(action):
    refuse(trappola(EX1), action, "bad-card")


@pytest.mark.parametrize("action", ["pro", "no-pro", "exchange", "pass"])
def test_not_now_in_play(action):
    err = refuse(trappola(EX1), action, "not-now")
    assert "play a card" in err.message


def test_card_not_in_hand():
    err = refuse(trappola(EX1), "play As", "card-not-in-hand")
    assert "As" in err.message


def test_must_follow_suit():
    game = trappola(EX1, ["play Rs"])  # Ann holds As Xs 9s
    err = refuse(game, "play Ac", "must-follow-suit")
    assert "As" in err.message and "renonc" in err.message
    assert sorted(a for a in game.legal_actions() if a.startswith("play")) == ["play 9s", "play As", "play Xs"]


@pytest.mark.parametrize("figura", ["Rs-Rc", "Rc-Rs-Rb", "Xs-Xc-Xd", "Rs-Cc-Rd", "7s-7c-7d", "Rs-Rc-Rd-Rb-Rs"])
def test_not_a_meld(figura):
    refuse(trappola(EX1), f"declare {figura}", "not-a-meld")


def test_meld_not_held_a_card_missing():
    err = refuse(trappola(EX1), "declare Cs-Cc-Cd", "meld-not-held")  # Ben holds only Cb
    assert "Cs" in err.message and "Cc" in err.message


def test_meld_not_held_blans_with_a_court_card_and_bianka_with_an_ace():
    refuse(trappola(EX1), "declare blans", "meld-not-held")  # Ben holds Rb Cb Fb Rs Rc
    game = trappola(EX1, ["play Rb"])  # Ann: no court card (Blans), but three aces (no Bianka)
    err = refuse(game, "declare bianka", "meld-not-held")
    assert "As" in err.message
    assert "declare blans" in game.legal_actions()


def test_declare_whole_meld():
    err = refuse(trappola(EX1), "declare 2s-2c-2d", "declare-whole-meld")  # Ben holds all four Twos
    assert "four" in err.message
    assert "declare 2s-2c-2d-2b" in trappola(EX1).legal_actions()


def test_meld_already_declared():
    game = trappola(EX1, ["declare Rs-Rc-Rb"])
    refuse(game, "declare Rs-Rc-Rb", "meld-already-declared")
    game = trappola(EX1, ["play Rb", "declare blans"])
    refuse(game, "declare blans", "meld-already-declared")


def test_blans_and_bianka_exclude_each_other():
    ann = ["7s", "8s", "9s", "Xs", "7c", "8c", "9c", "Xc", "7d"]  # no ace, king, knight or knave: Bianka (and Blans)
    game = trappola(stack_deck(challenger=EX1[0:3] + EX1[6:9] + EX1[12:15], dealer=ann), ["play Rb"])
    assert {"declare bianka", "declare blans"} <= set(game.legal_actions())
    game.apply("declare bianka")
    refuse(game, "declare blans", "meld-already-declared")


def test_declare_too_late_after_the_first_card():
    game = trappola(EX1, ["play Rb", "play 9s"])  # Ben won trick 1 and leads again: his first card is out
    refuse(game, "declare 2s-2c-2d-2b", "declare-too-late")


def test_aces_too_late_is_refused_with_the_reason():
    # Ann holds As Ac Ad; she plays As on Rs (following suit) and wins the trick, then asks to declare the aces
    game = trappola(EX1, ["play Rs", "play As"])
    assert game.to_move == 0
    assert not any(a.startswith("declare") for a in game.legal_actions())
    err = refuse(game, "declare As-Ac-Ad", "declare-too-late")
    assert "first ace" in err.message


def test_manko_not_now_and_no_manko():
    game = trappola(EX2, EX2_ACTIONS[:5], players=("Ann", "Ben", "Cleo"), queue=[2])  # Ann won trick 1, leads
    assert "manko" in game.legal_actions()
    game.apply("manko")
    refuse(game, "manko", "no-manko")  # asked already
    game = trappola(EX2, EX2_ACTIONS[:1], players=("Ann", "Ben", "Cleo"), queue=[2])
    refuse(game, "manko", "manko-not-now")  # Ben's first card: too early
    game = trappola(EX2, EX2_ACTIONS[:3], players=("Ann", "Ben", "Cleo"), queue=[2])
    refuse(game, "manko", "manko-not-now")  # Ann's first card
    game = trappola(EX2, EX2_ACTIONS[:12], players=("Ann", "Ben", "Cleo"), queue=[2])  # Ann's third card
    refuse(game, "manko", "manko-not-now")


def test_no_manko_for_fours_or_aces():
    game = trappola(EX1, EX1_ACTIONS[:5])  # Ann at her second card: Ben declared four Twos
    refuse(game, "manko", "no-manko")
    game = trappola(EX1, ["declare 2s-2c-2d-2b", "play 2b", "declare As-Ac-Ad", "play 8d"])
    refuse(game, "manko", "no-manko")  # Ben at his second card: Ann declared three aces — no Manko for aces


def test_nothing_to_ask_without_a_declaration():
    game = trappola(EX1, ["play 2b", "play 8d"])
    refuse(game, "manko", "no-manko")


# ---------------------------------------------------------------------------------------------------------------
# Part 2: the rules
# ---------------------------------------------------------------------------------------------------------------
def test_the_italian_pack():
    assert len(PACK) == 36 and PACK is ITALIAN
    assert PACK.suits == ("s", "c", "d", "b")
    assert PACK.ranks == ("2", "7", "8", "9", "X", "F", "C", "R", "A")  # low to high: the trick order
    assert not any(c.code[0] in "3456" for c in PACK.cards)


def test_the_deal_in_packets_of_three_and_the_dead_stock():
    game = trappola(EX1)
    deal = game.deal
    assert sorted(game.view(1)["deal"]["hand"]) == sorted(EX1[0:3] + EX1[6:9] + EX1[12:15])
    assert sorted(game.view(0)["deal"]["hand"]) == sorted(EX1[3:6] + EX1[9:12] + EX1[15:18])
    assert [c.code for c in deal.stock] == EX1[18:]
    for viewer in (0, 1, None):
        view = game.view(viewer)["deal"]
        assert view["stock_card"] == "7b" and view["stock_count"] == 18
    assert game.view(None)["deal"]["hand"] == []
    assert game.to_move == 1 and game.deal.challenger == 1  # the challenger leads


def test_follow_suit_else_any_card():
    game = trappola(EX1, ["play Rb"])  # Ann has no batons: any card
    assert len(game.legal_actions()) == len([a for a in game.legal_actions() if a.startswith("play")]) + 2
    assert sorted(a for a in game.legal_actions() if a.startswith("play")) == sorted(
        f"play {c}" for c in EX1[3:6] + EX1[9:12] + EX1[15:18])


def test_a_two_wins_only_when_led_and_not_followed():
    game = trappola(EX1, ["play 2b", "play 8d"])  # Ann void in batons: the Two wins
    assert game.deal.tricks[0][1] == 1 and game.deal.by_two[0] == (1, True)
    game.apply("play 2d")
    game.apply("play 9d")  # Ann follows coins: any card of the suit beats a Two
    assert game.deal.tricks[1][1] == 0 and game.deal.by_two[1] == (0, False)
    game.apply("play Xc")
    game.apply("play 2c")  # a Two that follows never wins
    assert game.deal.tricks[2][1] == 0


def test_card_points_and_the_last_trick():
    # Ben wins every trick with A A A A R C, then Rs Fc Fd: cards 6*4+5+4+5+3+3 = 44, Ann's Fb Cb Rb 12, last 6
    ben = ["As", "Ac", "Ad", "Ab", "Rc", "Cd", "Rs", "Fc", "Fd"]
    game = play_out(trappola(twos_deck(ben)), ["As", "Ac", "Ad", "Ab", "Rc", "Cd", "Rs", "Fc", "Fd"],
                    ["7s", "2b", "7b", "Rb", "8b", "9b", "Xb", "Fb", "Cb"])
    s = summary(game)
    assert s["points"] == [0, 24 + 5 + 4 + 5 + 3 + 3 + 12 + 6] and s["bonuses"] == [[], []]
    assert s["result"] == "won" and s["winner"] == 1


def test_last_three_tricks_by_twos_78_and_no_10_for_them():
    game = play_out(trappola(twos_deck()), BEN_TWOS, ["7s", "2b", "7b", "Rb", "8b", "9b", "Xb", "Fb", "Cb"])
    s = summary(game)
    assert s["bonuses"][1] == [{"bonus": "last", "tricks": [7, 8, 9], "points": 78}]
    assert s["points"][1] == 24 + 5 + 4 + 12 + 78  # no 6 for the last trick: the bonus is instead of it


def test_last_two_tricks_52_and_last_one_26():
    ben = ["As", "Ac", "Ad", "Ab", "Rc", "Cd", "Rs", "2c", "2d"]
    game = play_out(trappola(twos_deck(ben)), ben, ["7s", "2b", "7b", "Rb", "8b", "9b", "Xb", "Fb", "Cb"])
    assert summary(game)["bonuses"][1] == [{"bonus": "last", "tricks": [8, 9], "points": 52}]
    ben = ["As", "Ac", "Ad", "Ab", "Rc", "Cd", "Rs", "Fc", "2d"]
    game = play_out(trappola(twos_deck(ben)), ben, ["7s", "2b", "7b", "Rb", "8b", "9b", "Xb", "Fb", "Cb"])
    assert summary(game)["bonuses"][1] == [{"bonus": "last", "tricks": [9], "points": 26}]


def test_tens_for_tricks_two_to_eight_and_the_plain_last_trick():
    ben = ["As", "2s", "Ac", "Ad", "Ab", "Rc", "Cd", "2c", "Fd"]
    game = trappola(twos_deck(ben))
    play_out(game, ben[:8], ["7s", "2b", "7b", "8b", "Rb", "9b", "Xb", "Fb"])
    assert game.deal.bonuses()[-1].tricks == (8,)  # provisional: the last trick may still cover it
    play_out(game, ben[8:], ["Cb"])
    s = summary(game)
    assert s["bonuses"][1] == [{"bonus": "two", "tricks": [2], "points": 10},
                               {"bonus": "two", "tricks": [8], "points": 10}]
    assert s["points"][1] == 24 + 5 + 4 + 3 + 12 + 6 + 20


def test_marc_stacks_with_the_last_tricks():
    game = trappola(EX1, EX1_ACTIONS)
    s = summary(game)
    assert s["bonuses"][1] == [{"bonus": "marc", "tricks": [1], "points": 20},
                               {"bonus": "last", "tricks": [8, 9], "points": 52}]
    assert s["points"] == [25, 132]  # the rules file's worked example 1
    assert s["declarations"] == [[{"meld": "blans", "points": 10, "trick": 1, "manko": None},
                                  {"meld": "As-Ac-Ad", "points": 15, "trick": 6, "manko": None}],
                                 [{"meld": "2s-2c-2d-2b", "points": 20, "trick": 1, "manko": None}]]


def test_bonus_rules_on_their_own():
    rules = TrappolaRules()
    nine = [(0, False)] * 6 + [(1, True)] * 3
    assert [(b.bonus, b.tricks, b.points) for b in trick_bonuses(nine, rules)] == [("last", (7, 8, 9), 78)]
    four = [(0, False)] * 5 + [(1, True)] * 4  # four trailing Two-tricks: the last three's bonus, trick 6 its 10
    assert [(b.bonus, b.tricks) for b in trick_bonuses(four, rules)] == [("two", (6,)), ("last", (7, 8, 9))]
    assert trick_bonuses([(1, True)], rules)[0].bonus == "marc"
    assert trick_bonuses([(0, False), (1, True)], rules)[0] == (1, "two", (2,), 10)


def test_figura_values_from_the_rules_table():
    rules = TrappolaRules()
    values = {code: parse_figura(code).points(rules) for code in
              ("Rs-Rc-Rd", "Rs-Rc-Rd-Rb", "Cs-Cc-Cd", "Fs-Fc-Fd-Fb", "2s-2c-2d", "2s-2c-2d-2b", "As-Ac-Ad",
               "As-Ac-Ad-Ab", "blans", "bianka")}
    assert values == {"Rs-Rc-Rd": 6, "Rs-Rc-Rd-Rb": 12, "Cs-Cc-Cd": 6, "Fs-Fc-Fd-Fb": 12, "2s-2c-2d": 10,
                      "2s-2c-2d-2b": 20, "As-Ac-Ad": 15, "As-Ac-Ad-Ab": 30, "blans": 10, "bianka": 20}
    other = TrappolaRules.from_dict({"figura_aces_four": 40, "points_asso": 11})
    assert parse_figura("As-Ac-Ad-Ab").points(other) == 40 and other.card_points()[PACK.card("Ad").index] == 11
    assert all("Source" in row["help"] or "Value" in row["help"] for row in TrappolaRules.sources())


def test_held_figura_offers_the_whole_set():
    hand = PACK.cards_of(["Rs", "Rc", "Rd", "Rb", "2s", "2c", "2d", "7b", "8b"])
    assert [f.code for f in held_figura(hand)] == ["Rs-Rc-Rd-Rb", "2s-2c-2d"]


def test_combinations_of_figura():
    # Ann (EX1): Blans and three aces side by side
    game = trappola(EX1, ["play Rb"])
    assert {"declare blans", "declare As-Ac-Ad"} <= set(game.legal_actions())
    game.apply("declare blans")
    game.apply("declare As-Ac-Ad")
    assert [d.figura.code for d in game.deal.declared[0]] == ["blans", "As-Ac-Ad"]


def test_aces_held_back_until_the_first_ace():
    game = trappola(EX1, EX1_ACTIONS[:13])  # Ann has not played an ace yet at trick 6
    assert "declare As-Ac-Ad" in game.legal_actions()
    assert "declare blans" not in game.legal_actions()  # Blans only before the first card


def test_the_table_hears_rank_number_and_points_never_the_suits():
    game = trappola(EX2, EX2_ACTIONS[:1], players=("Ann", "Ben", "Cleo"), queue=[2])
    for viewer in (0, 2, None):
        seen = game.view(viewer)["deal"]["declarations"]["1"]
        assert seen == [{"name": "three kings (re)", "rank": "R", "count": 3, "points": 6, "trick": 1,
                         "manko": None}]
        assert "Rs-Rc-Rd" not in str(game.view(viewer))
    assert game.view(1)["deal"]["declarations"]["1"][0]["meld"] == "Rs-Rc-Rd"
    text = game.view(0)["log"][-1]["text"]
    assert "Könige für 6" in text and "Rs" not in text


def test_manko_tells_the_missing_suit_to_everyone():
    game = trappola(EX2, EX2_ACTIONS[:8], players=("Ann", "Ben", "Cleo"), queue=[2])
    for viewer in (0, 1, 2, None):
        deal = game.view(viewer)["deal"]
        assert deal["declarations"]["1"][0]["manko"] == "b"
        assert [d["manko"] for d in deal["declarations"]["0"]] == ["c", "d"]
    assert [e.kind for e in game.events].count("manko-answer") == 2
    assert any("lack batons" in entry["text"] for entry in game.view(2)["log"])


def test_renonc_mode_plays_a_revoke_out_and_loses_the_partie():
    game = trappola(EX1, ["play Rs", "play Ac"], rules={"renonc_mode": True})
    s = summary(game, 0)
    assert s["result"] == "renonc" and s["winner"] == 1 and s["renonc"] == {"seat": 0, "reason": "must-follow-suit"}
    assert s["points"] == [0, 0]  # card points only: trick 1 was never completed


def test_renonc_mode_a_false_figura_loses():
    game = trappola(EX1, ["declare Cs-Cc-Cd"], rules={"renonc_mode": True})
    s = summary(game, 0)
    assert s["result"] == "renonc" and s["winner"] == 0 and s["renonc"]["reason"] == "meld-not-held"
    assert s["declarations"] == [[], []]  # a false Figura is no declaration


def test_renonc_mode_does_not_accept_what_is_not_a_renonc():
    game = trappola(EX1, rules={"renonc_mode": True})
    refuse(game, "declare 2s-2c-2d", "declare-whole-meld")
    refuse(game, "play As", "card-not-in-hand")


def test_two_players_tie_is_a_draw_unless_alifer_was_agreed():
    from trappola_helpers import first_tie
    game, k = first_tie(2)
    tied = game.deals[k]
    assert tied.outcome.result == "draw" and game.deal_decision(k).decided == "redeal"
    assert game.deals[k + 1].dealer == tied.dealer and game.deals[k + 1].multiplier == 1
    game, k = first_tie(2, {"two_player_alifer": True})
    assert game.deals[k].outcome.result == "alifer" and game.deals[k + 1].multiplier == 2
    assert game.chips == [0, 0] and game.pot == 0  # two players: only points count


def test_stock_exchange_asks_the_challenger_then_the_dealer():
    game = trappola(EX1, rules={"stock_exchange": True})
    assert game.to_move == 1 and sorted(game.legal_actions()) == ["exchange", "pass"]
    refuse(game, "play 2b", "not-now")
    game.apply("exchange")  # Ben takes the top nine: deck 18–26
    assert sorted(c.code for c in game.deal.hands[1]) == sorted(EX1[18:27])
    assert game.to_move == 0 and sorted(game.legal_actions()) == ["exchange", "pass"]
    assert game.view(0)["deal"]["hand_counts"] == {"1": 9, "0": 9}
    assert not set(EX1[18:27]) & set(CARD_TOKEN.findall(str(game.view(0))))  # Ann does not see what Ben took
    game.apply("exchange")  # Ann takes the rest, the face-up 7b with it
    assert sorted(c.code for c in game.deal.hands[0]) == sorted(EX1[27:36])
    assert game.view(1)["deal"]["stock_card_taken_by"] == 0 and game.view(1)["deal"]["stock_count"] == 0
    assert game.to_move == 1 and game.deal.phase == "play"


def test_stock_exchange_pass_keeps_the_nine():
    game = trappola(EX1, ["pass", "exchange"], rules={"stock_exchange": True})
    assert sorted(c.code for c in game.deal.hands[0]) == sorted(EX1[18:27])
    assert sorted(c.code for c in game.deal.hands[1]) == sorted(EX1[0:3] + EX1[6:9] + EX1[12:15])


# ---------------------------------------------------------------------------------------------------------------
# Part 3: the order of questions
# ---------------------------------------------------------------------------------------------------------------
def test_the_challenger_is_asked_first_and_the_dealer_at_his_first_card():
    game = trappola(EX1)
    assert game.to_move == 1
    assert sorted(game.legal_actions()) == ["declare 2s-2c-2d-2b", "declare Rs-Rc-Rb", "play 2b", "play 2c",
                                            "play 2d", "play 2s", "play Cb", "play Fb", "play Rb", "play Rc",
                                            "play Rs"]
    game.apply("play 2b")
    assert game.to_move == 0  # Ann's card is due: her declarations ride on it
    assert sorted(a for a in game.legal_actions() if not a.startswith("play")) == ["declare As-Ac-Ad",
                                                                                 "declare blans"]


def test_declaring_does_not_pass_the_turn():
    game = trappola(EX1)
    game.apply("declare 2s-2c-2d-2b")
    assert game.to_move == 1 and "declare Rs-Rc-Rb" in game.legal_actions()


def test_the_winner_of_a_trick_leads_the_next():
    game = trappola(EX1, ["play 2d", "play 9d"])
    assert game.to_move == 0


def test_verdicts_and_legal_actions_agree():
    game = trappola(EX2, EX2_ACTIONS[:5], players=("Ann", "Ben", "Cleo"), queue=[2])
    legal = set(game.legal_actions())
    for action, _ in game.deal.candidates():
        assert (game.verdict(action) is None) == (action in legal)
    with pytest.raises(IllegalAction):
        game.apply("play Zs")
