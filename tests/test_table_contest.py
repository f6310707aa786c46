"""A contest table, for a game a teacher grades: no Undo (replaying a decision shows what the computer holds), no
Hint while the deal is played, the computer opponent kept, the Review once the deal is over; ``?contest=1`` in the
page's link makes one, and the table's heading says so in one line."""
from __future__ import annotations

import random
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from test_table_practice import controls, play
from test_table_present import _preheated, _RequestSocket
from test_table_review import CheapCards

from bulka_teach.bots import Coach
from bulka_teach.dealing import DealCode
from bulka_teach.links import contest_param
from bulka_teach.registry import GAMES
from bulka_teach.table import Practice
from bulka_teach.table.practice import CONTEST_LINE

CODES = {"czech-bulka": "CB2-std-4KQ7M2XA", "trappola": "TR2-std-4KQ7M2XA", "bouillotte": "BO3-std-4KQ7M2XA"}


def contest_table(game: str = "czech-bulka", **kwargs) -> Practice:
    players = ("Player", "Computer 1", "Computer 2") if game == "bouillotte" else ("Player", "Computer")
    return Practice(players=players, game=game, code=CODES[game], contest=True, **kwargs)


def one_move(table: Practice) -> None:
    ui = table.table.ui
    clicks = [{"type": "card", "card": c} for c in ui["clickable"]]
    clicks += [{"type": "action", "action": b["action"]} for b in ui["buttons"] if not b.get("amount")]
    table.table.send_from_browser(clicks[0])


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_contest_table_offers_no_undo_and_no_hint_and_says_so_in_one_line(game):
    table = contest_table(game)
    assert table.table.ui["title"] == CONTEST_LINE
    assert list(controls(table)) == ["new", "review", "continue"]
    one_move(table)
    assert "undo" not in controls(table) and "hint" not in controls(table)
    practice = Practice(players=table.players, game=game, code=CODES[game])
    assert "undo" in controls(practice) and "hint" in controls(practice) and practice.table.ui["title"] == ""


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("name, says", [("undo", "there is no Undo"), ("hint", "there is no Hint")])
def test_a_forged_undo_or_hint_is_refused_in_a_sentence_and_changes_nothing(game, name, says):
    table = contest_table(game)
    one_move(table)
    before, view = table.game.record(), table.table.view
    table.table.send_from_browser({"type": "control", "name": name})
    notice = table.table.ui["notice"]
    assert notice["kind"] == "refused" and says in notice["text"] and "Review" in notice["text"]
    assert table.game.record() == before and table.table.view == view
    assert "undo" not in controls(table) and "hint" not in controls(table)


def test_the_opponent_stays_the_one_the_contest_was_given():
    table = contest_table()
    assert table.opponent_menu.disabled
    table.choose_opponent("easy")
    assert table.opponent == "rule" and table.table.ui["notice"]["kind"] == "refused"


def test_the_review_opens_once_the_contest_deal_is_over():
    table = contest_table(coach=Coach(CheapCards()))
    table.control("review")
    assert "review" not in table.table.ui  # not while it is played
    play(table, random.Random(2), until=lambda p: p._shown is not None)
    assert controls(table)["review"]
    table.table.send_from_browser({"type": "control", "name": "review"})
    assert table.table.ui["review"]["items"] and table.table.ui["title"] == CONTEST_LINE
    table.table.send_from_browser({"type": "control", "name": "back"})
    assert "review" not in table.table.ui


def test_a_title_keeps_the_contest_line_beside_it():
    table = Practice(code=CODES["czech-bulka"], contest=True, title="Class 3B, Friday")
    assert table.table.ui["title"] == f"Class 3B, Friday · {CONTEST_LINE}"


def test_the_contest_parameter_is_read_from_the_query_string():
    assert contest_param("deal=CB2-std-7&contest=1") and contest_param("?contest=yes") and contest_param("contest=x")
    assert not any(contest_param(q) for q in ("", "deal=CB2-std-7", "contest=0", "contest=off", "contest="))


def test_a_contest_link_deals_its_code_at_a_contest_table(monkeypatch):
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "deal=CB2-std-4KQ7M2XA&contest=1")
    table = Practice.from_url()
    assert table.contest and table.deal_code == str(DealCode.parse("CB2-std-4KQ7M2XA"))
    assert "undo" not in controls(table)
    monkeypatch.setenv("QUERY_STRING", "deal=CB2-std-4KQ7M2XA&contest=0")
    assert not Practice.from_url().contest
    assert Practice.from_url(contest=True).contest  # a link cannot turn off what the lesson turned on


def test_a_preheated_kernel_becomes_a_contest_table_once_its_contest_link_is_asked_for(monkeypatch):
    socket = _RequestSocket({"QUERY_STRING": "deal=CB2-std-12&contest=1"})
    _preheated(monkeypatch, socket)
    with ThreadPoolExecutor(1) as thread:
        table = thread.submit(Practice.from_url).result()
    assert not table.contest and "undo" in controls(table)
    socket.send()
    dealt = str(DealCode.parse("CB2-std-12"))
    deadline = time.monotonic() + 10
    while table.deal_code != dealt:
        assert time.monotonic() < deadline, "the page's deal code was never dealt"
        time.sleep(0.05)
    assert table.contest and list(controls(table)) == ["new", "review", "continue"]
    assert table.table.ui["title"] == CONTEST_LINE
