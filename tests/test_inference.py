"""The opponent's answers on trumps shape the sampled worlds: a taker holds trumps, a passer fewer, and every
world still fits the view (that property is checked with the plain sampler's, in ``test_sampler.py``)."""
from __future__ import annotations

import random
import statistics

from conftest import czech
from test_sampler import true_world

from bulka_teach import Record
from bulka_teach.czech.ai.inference import (
    answer_chance,
    exchange_chance,
    likely_worlds,
    meld_chance,
    opponent_answers,
    passed_on_exchange,
    past_plays,
    play_chance,
    rule_card,
    take_chance,
)
from bulka_teach.czech.ai.sampler import read_view, sample_worlds
from bulka_teach.czech.ai.teaching import RuleBot
from bulka_teach.czech.rules import PACK, SUITS

HEARTS = SUITS.index("h")


def trumps_in(cards) -> int:
    return sum(PACK.card(c).suit == HEARTS for c in cards)


def test_a_trump_answer_in_the_log_names_its_suit(deck):
    game = czech(deck(first="Kh", stock_top=["Xa"]), ["pass", "pass"])  # Ben (forehand), then Ann pass on hearts
    log = game.view(0)["log"]
    assert [(e["kind"], e["seat"], e["suit"]) for e in log if e["kind"] == "pass"] == [("pass", 1, "h"),
                                                                                      ("pass", 0, "h")]
    assert opponent_answers(game.view(0), 1) == [("pass", HEARTS)]


def test_strong_trumps_take_and_weak_ones_pass():
    assert take_chance(["Oh", "9h", "Ah", "Xh", "Kh", "Al"], HEARTS) > 0.95
    assert take_chance(["7h", "8l", "9l", "Ua", "8a", "7b"], HEARTS) < 0.05
    assert answer_chance([("pass", HEARTS)], ["Oh", "9h", "Ah", "Xh", "Kh", "Al"]) < 0.05


def mean_trumps(seat: int, worlds) -> float:
    """The hearts a seat holds on average over the worlds (hand, discards and, before trumps, dokup)."""
    return statistics.fmean(trumps_in(w.hands[seat] + w.discards[seat] + w.dokup.get(seat, ())) for w in worlds)


def test_the_worlds_give_a_taker_more_trumps_and_a_passer_fewer(deck):
    # Ben (forehand) answers on hearts; Ann, the dealer, sees only her own cards
    stacked = deck(forehand=["Ah", "Oh", "9h", "Xh", "Al", "7b"], dealer=["7l", "8l", "Ua", "8a", "9b", "Ub"],
                   first="Kh", stock_top=["Xa"])
    shift = {}
    for answer in ("take", "pass"):
        view = czech(stacked, [answer]).view(0)
        plain = sample_worlds(view, 400, random.Random(1))
        likely = likely_worlds(view, read_view(view), 400, random.Random(1))
        shift[answer] = mean_trumps(1, likely) - mean_trumps(1, plain)
    assert shift["take"] > 0.1 and shift["pass"] < -0.2


def test_a_forced_dealers_take_tells_nothing():
    view = {"deal": {"forced": True, "dealer": 1},
            "log": [{"kind": "pass", "seat": 1, "suit": "h"}, {"kind": "take", "seat": 1, "suit": "a"}]}
    assert opponent_answers(view, 1) == [("pass", HEARTS)]


def rule_bot_views(seeds: range):
    """Every play-phase view of seat 0 in whole games between rule-based bots, with the game at that moment."""
    for seed in seeds:
        game = Record(game="czech-bulka", players=("Ann", "Ben"), seed=seed).start()
        bot = RuleBot(seed)
        while game.game_number == 1 and game.to_move is not None:
            seat = game.to_move
            view = game.view(seat)
            if view["deal"]["phase"] == "play":
                yield game, view
            game.apply(bot.choose(view).action, seat)


def test_the_teaching_rules_holding_the_real_cards_replay_every_card_a_rule_bot_played():
    turns = 0
    for game, view in rule_bot_views(range(12)):
        knowledge = read_view(view)
        real = true_world(game.deal)
        for turn in past_plays(view, knowledge):
            turns += 1
            assert rule_card(view, knowledge, real, turn) == turn.card
        assert play_chance(view, knowledge, real, past_plays(view, knowledge)) == 1.0
    assert turns > 300


def test_a_rule_bot_declared_every_meld_it_held_and_plain_worlds_often_hold_one_more():
    real_chances, plain_chances = [], []
    for game, view in rule_bot_views(range(30)):
        knowledge = read_view(view)
        if len(knowledge.opp_played) != 1:
            continue
        real_chances.append(meld_chance(knowledge, true_world(game.deal)))
        plain_chances += [meld_chance(knowledge, w) for w in sample_worlds(view, 20, random.Random(3))]
    assert len(real_chances) > 40 and set(real_chances) == {1.0}
    assert 0.05 < statistics.fmean(c < 1.0 for c in plain_chances) < 0.5


def test_a_rule_bot_that_passed_on_the_sibr_held_no_exchanging_card_and_plain_worlds_often_give_it_one():
    real_chances, plain_chances = [], []
    for seed in range(25):
        game = Record(game="czech-bulka", players=("Ann", "Ben"), seed=seed).start()
        bot = RuleBot(seed)
        while game.game_number == 1 and game.to_move is not None:
            view = game.view(game.to_move)
            deal = view["deal"]
            if deal["phase"] in ("exchange", "play") and passed_on_exchange(view, read_view(view).opponent):
                knowledge = read_view(view)
                real_chances.append(exchange_chance(view, knowledge, true_world(game.deal)))
                plain_chances += [exchange_chance(view, knowledge, w) for w in sample_worlds(view, 5, random.Random(4))]
            game.apply(bot.choose(view).action, game.to_move)
    assert len(real_chances) > 100 and set(real_chances) == {1.0}
    assert 0.05 < statistics.fmean(c < 1.0 for c in plain_chances) < 0.6


def test_the_worlds_follow_the_opponents_plays():
    """Against a player of the teaching rules, the worlds kept by its plays are ones where the rules would have
    played as it did, far more often than plain worlds."""
    plain_agree, likely_agree = [], []
    for _, view in rule_bot_views(range(6)):
        knowledge = read_view(view)
        turns = past_plays(view, knowledge)
        if len(turns) < 2:
            continue
        plain_agree += [play_chance(view, knowledge, w, turns) == 1.0
                        for w in sample_worlds(view, 30, random.Random(2))]
        likely_agree += [play_chance(view, knowledge, w, turns) == 1.0
                         for w in likely_worlds(view, knowledge, 30, random.Random(2))]
    assert statistics.fmean(likely_agree) > statistics.fmean(plain_agree) + 0.15


def test_a_turn_before_the_opponents_exchange_in_play_is_left_out():
    """Before it exchanged during play the opponent held another card: those turns tell nothing a world holds."""
    view = {"deal": {"trump": "h", "phase": "play", "forehand": 1, "dealer": 0, "first_candidate": None,
                     "stock_top": None, "out_of_play": ["7h"], "tricks": [{"cards": ["Al", "7l"], "winner": 1}],
                     "trick": [{"seat": 1, "card": "Aa"}]},
            "log": [{"kind": "play", "seat": 1}, {"kind": "play", "seat": 0}, {"kind": "exchange", "seat": 1},
                    {"kind": "play", "seat": 1}]}
    knowledge = type("K", (), {"viewer": 0, "opponent": 1})()
    assert [t.card for t in past_plays(view, knowledge)] == ["Aa"]
