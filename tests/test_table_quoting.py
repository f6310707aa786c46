"""The tables' notices quote what a learner (or a forged message) sent in at most a few dozen characters, read numbers
in the digits 0 to 9 alone, and name games by their titles: a 4 MB card string came back as an 8,000,135-character
notice, a 10 KB ``?deal=`` code as a 10,234-character sentence, ``CB٢-std-…`` dealt CB2's deal."""
from __future__ import annotations

import random
import re

import pytest
from test_table_hotseat import play as play_hotseat
from test_table_review import CheapCards

from bulka_teach.bots import Coach
from bulka_teach.dealing import DealCode
from bulka_teach.quoting import QUOTED
from bulka_teach.registry import GAMES
from bulka_teach.table import HotSeat, Practice
from bulka_teach.table.hotseat import REVIEW_FOR

BIG = "Q" * 4_000_000
LONGEST_NOTICE = 600  # characters: the longest sentence quoting a 4 MB input (with the house rules' names in it)
CODES = {"czech-bulka": "CB2-std-4KQ7M2XA", "trappola": "TR2-std-4KQ7M2XA", "bouillotte": "BO3-std-4KQ7M2XA"}


def practice(game: str, **kwargs) -> Practice:
    players = ("Player", "Computer 1", "Computer 2") if game == "bouillotte" else ("Player", "Computer")
    return Practice(players=players, game=game, **kwargs)


def notice_text(table: Practice | HotSeat) -> str:
    notice = table.table.ui["notice"]
    assert notice is not None and notice["kind"] != "error", notice
    return notice["text"]


def quoted_short(text: str, long: str = "Q") -> bool:
    """The notice is a sentence, and quotes at most ``QUOTED`` characters of the input made of ``long``."""
    return len(text) <= LONGEST_NOTICE and long * (QUOTED + 1) not in text


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("message", [{"type": "card", "card": BIG}, {"type": "action", "action": BIG},
                                     {"type": "action", "action": f"play {BIG}"},
                                     {"type": "action", "action": f"declare {BIG}"},
                                     {"type": "action", "action": f"raise {BIG}"},
                                     {"type": "control", "name": BIG}])
def test_a_4_mb_message_is_quoted_in_a_few_dozen_characters_and_changes_nothing(game, message):
    table = practice(game, code=CODES[game])
    before = table.game.record()
    table.table.send_from_browser(message)
    text = notice_text(table)
    assert quoted_short(text), text[:500]
    assert re.search(r"\(4,000,0\d\d characters\)", text) or message["type"] == "control"  # the control: a list
    assert table.game.record() == before


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_long_deal_code_is_quoted_in_a_few_dozen_characters(game):
    for code in (CODES[game] + "7" * 10_000, BIG):
        table = practice(game, code=code)
        text = notice_text(table)
        assert text.startswith("That deal code cannot be used:") and quoted_short(text, code[-1]), text[:500]
        assert f"({len(code):,} characters)" in text
        table.new_deal(code)
        assert quoted_short(notice_text(table), code[-1])


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_4_mb_opponent_or_house_rule_is_quoted_short(game):
    table = practice(game)
    table.choose_opponent(BIG)
    assert quoted_short(notice_text(table))
    for values in ({BIG: 1}, {"stake": BIG}):
        table.deal_with_rules(values)
        assert quoted_short(notice_text(table))


@pytest.mark.parametrize("two", ["٢", "２"])
def test_a_deal_code_with_a_digit_of_another_script_is_refused_in_a_sentence_and_not_dealt(two):
    code = "CB2-std-4KQ7M2XA-N"
    table = Practice(code=code.replace("2", two, 1))
    text = notice_text(table)
    assert "is not one of the digits 0 to 9" in text and text.endswith("Here is a fresh deal instead.")
    assert table.deal_code != str(DealCode.parse(code))  # CB٢ was dealt as CB2: the same deal


def test_a_deal_of_another_game_is_named_by_its_title():
    text = notice_text(Practice(code="TR2-std-4KQ7M2XA"))
    assert "is a deal of Trappola's Bulka, and this table plays Czech Bulka" in text
    text = notice_text(practice("trappola", code="CB2-std-4KQ7M2XA"))
    assert "is a deal of Czech Bulka, and this table plays Trappola's Bulka" in text
    assert "trappola" not in notice_text(practice("bouillotte", code="TR3-std-4KQ7M2XA"))


def test_pass_and_play_quotes_a_4_mb_seating_short_and_changes_nothing():
    h = HotSeat(("Ann", "Ben"), code="CB2-std-7")
    before = h.game.record()
    for names, computers in [(("Ann", BIG), {}), (("Ann", "Ben"), {1: BIG})]:
        h.sit_down(names, computers)
        assert quoted_short(notice_text(h))
        assert h.game.record() == before and h.players == ("Ann", "Ben")
    h.sit_down(("Ann", "Ben"), {}, BIG)  # a 4 MB code typed in the form: a fresh deal, and the code quoted short
    assert quoted_short(notice_text(h))


@pytest.mark.parametrize("seat", ["١", "１", "+1", " 1"])
def test_whose_review_is_read_from_the_digits_0_to_9_alone(seat):
    """A forged "review-for ١" was read as Ben's (seat 1): ``str.isdigit`` and ``int`` accept it."""
    h = HotSeat(("Ann", "Ben"), code="CB2-std-7", coach=Coach(CheapCards()))
    play_hotseat(h, random.Random(1), until=lambda h: h.s.shown is not None)
    h.control("review")
    assert h.s.asking_whose
    h.act(f"{REVIEW_FOR} {seat}")
    assert h.table.ui["notice"]["kind"] == "refused" and h.s.cover is None and h.s.asking_whose
    h.act(f"{REVIEW_FOR} 1")
    assert h.s.cover is not None and h.s.cover.seat == 1
