"""The opponent's answers on trumps shape the sampled worlds: a taker holds trumps, a passer fewer, and every
world still fits the view (that property is checked with the plain sampler's, in ``test_sampler.py``)."""
from __future__ import annotations

import random
import statistics

from conftest import czech

from bulka_teach.bots.inference import answer_chance, likely_worlds, opponent_answers, take_chance
from bulka_teach.bots.sampler import read_view, sample_worlds
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
