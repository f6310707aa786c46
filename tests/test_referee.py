"""The referee command, a contract of shared/design.md: ``python -m bulka_teach referee [FILE]``.

Every test runs the real command in a subprocess (``sys.executable``), reading the scenario from a
file or from standard input, and checks the JSON it prints and its exit status.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from referee_run import assert_malformed, report_of, run_referee

from bulka_teach.czech.stacking import stack_deck

ROOT = Path(__file__).resolve().parents[1]

# ----------------------------------------------------------------------------------------------
# The worked example (as in the README): one whole deal, scripted card by card.
#
#   $ python -m bulka_teach referee deal.json
#
# Ann deals (seat 0), Ben (seat 1) is the forehand. Dealt from index 0: Ben Ah Xh 9l, Ann Oh 9h Al,
# Ben Ul Ab Kb, Ann Xl Aa Ka; the first candidate Kh; dokup Xa 8b 7b (Ben) and Ua 9a 7l (Ann); the
# stock, with 8l on top. Ben takes hearts; a trump (Kh) lies face up, so both are asked the šíbr
# question, Ben first; the 7h is in the stock, so each can only pass. Ben loses: 14 points to Ann's
# 116 (trump O 20, minda 14, aces 11, tens 10, the last trick 10), so he pays the stake of 10 into
# the bank: 20 + 10 = 30.
# ----------------------------------------------------------------------------------------------
README_SCENARIO = """
{
  "game": "czech-bulka",
  "players": ["Ann", "Ben"],
  "dealer": 0,
  "decks": [["Ah", "Xh", "9l", "Oh", "9h", "Al", "Ul", "Ab", "Kb", "Xl", "Aa", "Ka", "Kh",
             "Xa", "8b", "7b", "Ua", "9a", "7l",
             "7h", "8h", "Uh", "Ol", "Kl", "7a", "8a", "Oa", "9b", "Xb", "Ub", "Ob", "8l"]],
  "actions": ["take", "pass", "pass",
              "play Ab", "play 9h", "play Al", "play 9l", "play Xl", "play Ul",
              "play Aa", "play Xa", "play Ka", "play Xh", "play Ah", "play Oh",
              "play Ua", "play 7b", "play 9a", "play 8b", "play 7l", "play Kb"]
}
"""
README_DEAL = {
    "dealer": 0, "trump": "h", "declarer": 1, "winner": 0, "points": [116, 14], "melds": [], "bela": None,
    "tricks": [{"cards": ["Ab", "9h"], "winner": 0}, {"cards": ["Al", "9l"], "winner": 0},
               {"cards": ["Xl", "Ul"], "winner": 0}, {"cards": ["Aa", "Xa"], "winner": 0},
               {"cards": ["Ka", "Xh"], "winner": 1}, {"cards": ["Ah", "Oh"], "winner": 0},
               {"cards": ["Ua", "7b"], "winner": 0}, {"cards": ["9a", "8b"], "winner": 0},
               {"cards": ["7l", "Kb"], "winner": 0}],
}
README_BANK = {"pot": 30, "chips": [-10, -20]}

PLAIN = json.loads(README_SCENARIO)["decks"][0]
PLAIN_ACTIONS = json.loads(README_SCENARIO)["actions"]

# Ben: fifty 9h-Xh-Uh-Oh and twenty Ul-Ol-Kl; Ann: twenty Xa-Ua-Oa; trumps bells (first candidate Ab).
MELD = stack_deck(forehand=["9h", "Xh", "Uh", "Oh", "Ul", "Ol"], dealer=["Xa", "Ua", "Oa", "Ah", "Kh", "Al"],
                  first="Ab", forehand_dokup=["Kl", "Aa", "8a"], dealer_dokup=["Xl", "Kb", "9b"], stock_top=["8l"])
MELD_ACTIONS = ["take", "pass", "pass", "declare 9h-Xh-Uh-Oh", "declare Ul-Ol-Kl", "play Aa", "declare Xa-Ua-Oa",
                "play Xa"]


def scenario(**fields: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"game": "czech-bulka", "players": ["Ann", "Ben"], "dealer": 0, "decks": [PLAIN],
                            "actions": []}
    data.update(fields)
    return data


# ----------------------------------------------------------------------------------------------
# Reading and the shape of the report
# ----------------------------------------------------------------------------------------------

def test_readme_example_from_a_file(tmp_path):
    code, out, err = run_referee(None, tmp_path, raw=README_SCENARIO)
    assert code == 0, err
    report = json.loads(out)
    assert report["ok"] is True
    assert len(report["deals"]) == 1
    deal = report["deals"][0]
    for key, value in README_DEAL.items():
        assert deal[key] == value, key
    assert report["bank"] == README_BANK
    assert report["to_move"] is None and report["legal"] == []  # one deck, no seed: nothing more to play
    assert len(report["steps"]) == len(PLAIN_ACTIONS)
    first = report["steps"][0]
    assert (first["seat"], first["action"], first["legal"]) == (1, "take", ["pass", "take"])
    sibr = [(s["seat"], s["action"], s["legal"]) for s in report["steps"][1:3]]
    assert sibr == [(1, "pass", ["pass"]), (0, "pass", ["pass"])]  # forehand first; nobody holds the 7h
    assert report["steps"][4]["seat"] == 0 and report["steps"][4]["legal"] == ["play 9h", "play Oh"]


def test_reads_standard_input_the_same_as_a_file(tmp_path):
    from_file = report_of(json.loads(README_SCENARIO), tmp_path)
    from_stdin = report_of(json.loads(README_SCENARIO))
    assert from_stdin == from_file


def test_report_has_the_contract_keys():
    report = report_of(scenario(actions=["take", "pass", "pass", "play Ul"]))
    assert {"ok", "steps", "deals", "bank", "to_move", "legal"} <= set(report)
    assert report["ok"] is True
    assert report["to_move"] == 0
    assert report["legal"] == ["play 7l", "play Al", "play Xl"]
    assert report["bank"] == {"pot": 20, "chips": [-10, -10]}
    for step in report["steps"]:
        assert {"seat", "action", "legal"} <= set(step)
    assert [s["seat"] for s in report["steps"]] == [1, 1, 0, 1]
    deal = report["deals"][0]
    assert {"dealer", "trump", "declarer", "winner", "points", "melds", "bela", "tricks"} <= set(deal)
    assert deal["winner"] is None and deal["tricks"] == []  # the deal is still being played


def test_legal_lists_are_sorted():
    report = report_of(scenario(actions=["take", "pass", "pass", "play Ab", "play 9h"]))
    for step in report["steps"]:
        assert step["legal"] == sorted(step["legal"]) and step["action"] in step["legal"]
    assert report["legal"] == sorted(report["legal"]) and len(report["legal"]) == 8  # Ann leads, 8 cards


def test_deals_include_redeals_with_winner_null():
    report = report_of(scenario(decks=[PLAIN, PLAIN], actions=["pass"] * 4 + ["take"]))
    assert len(report["deals"]) == 2
    first, second = report["deals"]
    assert first["winner"] is None and first["trump"] is None and first["dealer"] == 0
    assert second["dealer"] == 1  # the other player deals again
    assert second["declarer"] == 0 and second["trump"] == "h"  # Ann, now the forehand, takes hearts


def test_melds_lists_only_scored_melds():
    report = report_of(scenario(decks=[MELD], actions=MELD_ACTIONS))
    assert report["deals"][0]["melds"] == [{"seat": 1, "meld": "9h-Xh-Uh-Oh", "points": 50},
                                           {"seat": 1, "meld": "Ul-Ol-Kl", "points": 20}]
    report = report_of(scenario(decks=[MELD], actions=MELD_ACTIONS, rules={"meld_scope": "best_only"}))
    assert report["deals"][0]["melds"] == [{"seat": 1, "meld": "9h-Xh-Uh-Oh", "points": 50}]


def test_to_move_null_when_the_decks_run_out_without_a_seed():
    report = report_of(scenario(actions=["pass"] * 4))
    assert report["to_move"] is None and report["legal"] == []
    assert report["ok"] is True


def test_a_seed_deals_on_when_the_decks_run_out():
    report = report_of(scenario(actions=["pass"] * 4, seed=7))
    assert report["to_move"] == 0  # deal 2: Ben deals, Ann is asked first
    assert report["legal"] == ["pass", "take"]
    assert len(report["deals"]) == 2 and report["deals"][1]["dealer"] == 1


def test_three_players_dealer_and_queue():
    report = report_of(scenario(players=["Ann", "Ben", "Cid"], dealer=2, queue=[0], actions=["pass"]))
    assert report["deals"][0]["dealer"] == 2
    assert report["steps"][0]["seat"] == 1  # the one remaining seat is the forehand
    assert report["to_move"] == 2
    assert report["bank"] == {"pot": 30, "chips": [-10, -10, -10]}


def test_three_players_without_queue_the_cut_decides_from_the_seed():
    data = {"game": "czech-bulka", "players": ["Ann", "Ben", "Cid"], "seed": 3}
    one, two = report_of(data), report_of(data)
    assert one == two
    assert one["to_move"] in (0, 1, 2) and one["legal"] == ["pass", "take"]


def test_a_whole_game_ends_with_the_winner_dealing_next(tmp_path):
    report = report_of(scenario(decks=[PLAIN, PLAIN], actions=PLAIN_ACTIONS), tmp_path)
    assert [d["dealer"] for d in report["deals"]] == [0, 0]  # Ann won and deals the next game
    assert report["to_move"] == 1


# ----------------------------------------------------------------------------------------------
# An illegal action: ok false, exit 1, everything before it applied
# ----------------------------------------------------------------------------------------------

def test_illegal_action_reports_the_error_and_keeps_what_came_before(tmp_path):
    actions = ["take", "pass", "pass", "play Ul", "play Aa", "play Al"]
    report = report_of(scenario(actions=actions), tmp_path, status=1)
    assert report["ok"] is False
    error = report["error"]
    assert error["index"] == 4 and error["action"] == "play Aa"
    assert error["reason"] == "must-follow-suit"
    assert isinstance(error["message"], str) and "Al" in error["message"]
    assert [s["action"] for s in report["steps"]] == ["take", "pass", "pass", "play Ul"]
    assert report["to_move"] == 0
    assert report["legal"] == ["play 7l", "play Al", "play Xl"]
    assert report["deals"][0]["declarer"] == 1 and report["deals"][0]["trump"] == "h"


@pytest.mark.parametrize("actions,index,reason", [
    (["play Ah"], 0, "not-now"),
    (["take", "take"], 1, "not-now"),
    (["take", "play Ab"], 1, "not-now"),  # the šíbr question comes first
    (["take", "exchange"], 1, "no-exchange"),  # Ben does not hold the 7h
    (["take", "pass", "pass", "play Oh"], 3, "card-not-in-hand"),
    (["take", "pass", "pass", "play Ab", "play Aa"], 4, "must-trump"),
    (["take", "pass", "pass", "declare Xa-Ua-Oa"], 3, "meld-not-held"),
    (["pass", "pass", "pass", "pass", "take"], 4, "nothing-to-do"),
    (["fold"], 0, "cannot-fold"),
])
def test_illegal_actions_exit_1_with_the_reason(actions, index, reason):
    report = report_of(scenario(actions=actions), status=1)
    assert report["ok"] is False
    assert report["error"]["index"] == index and report["error"]["reason"] == reason
    assert report["error"]["action"] == actions[index]
    assert len(report["steps"]) == index


def test_renonc_mode_accepts_the_error_and_reports_it():
    report = report_of(scenario(actions=["take", "pass", "pass", "play Ul", "play Aa"], rules={"renonc_mode": True}))
    assert report["ok"] is True
    assert report["deals"][0]["winner"] == 1
    assert report["bank"] == {"pot": 30, "chips": [-20, -10]}
    assert report["to_move"] is None


# ----------------------------------------------------------------------------------------------
# Malformed input: a one-line error, exit 2, no traceback
# ----------------------------------------------------------------------------------------------

def bad_deck(index: int, code: str) -> list[str]:
    deck = list(PLAIN)
    deck[index] = code
    return deck


@pytest.mark.parametrize("data,names", [
    (scenario(game="chess"), ["chess"]),
    (scenario(decks=[bad_deck(5, "Zh")]), ["Zh"]),
    (scenario(decks=[bad_deck(5, "ah")]), ["ah"]),
    (scenario(decks=[PLAIN[:31]]), ["31"]),
    (scenario(decks=[PLAIN + ["Ah"]]), ["33"]),
    (scenario(decks=[bad_deck(5, "Ah")]), ["Ah"]),  # Ah twice (and Al missing)
    (scenario(actions=["take", "play Zh"]), ["Zh"]),
    (scenario(actions=["take", "declare Ah-Zh-Kh"]), ["Zh"]),
    (scenario(rules={"no_such_rule": True}), ["no_such_rule"]),
    (scenario(rules={"meld_scope": "everything"}), ["meld_scope"]),
    (scenario(rules={"stake": "ten"}), ["stake"]),
])
def test_malformed_scenarios_exit_2(data, names, tmp_path):
    code, out, err = run_referee(data, tmp_path)
    assert_malformed(code, out, err, *names)


@pytest.mark.parametrize("raw,names", [
    ('{"game": "czech-bulka", "players": ["Ann", "Ben"],', ["JSON"]),
    ("", ["JSON"]),
    ("not json at all", ["JSON"]),
])
def test_invalid_json_exits_2(raw, names):
    code, out, err = run_referee(None, raw=raw)
    assert_malformed(code, out, err, *names)


def test_missing_file_exits_2(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, "-m", "bulka_teach", "referee", str(tmp_path / "nowhere.json")],
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=60)
    assert_malformed(proc.returncode, proc.stdout, proc.stderr, "nowhere.json")



# ----------------------------------------------------------------------------------------------
# Loose ends found by outside scenarios (issue 12, item 7)
# ----------------------------------------------------------------------------------------------

# Ben (seat 1, forehand) holds the twenty 7h-8h-9h and takes hearts on the Kh; the Ah lies on the stock.
SEVEN_IN_MELD = stack_deck(forehand=["7h", "8h", "9h", "Al", "Xl", "Ab"], dealer=["Oa", "Ka", "Ua", "Kb", "Ob", "Ub"],
                           first="Kh", forehand_dokup=["Aa", "Xa", "Kl"], dealer_dokup=["7b", "8b", "9b"],
                           stock_top=["Ah"])


def test_a_declared_melds_card_is_not_exchanged_away_and_the_meld_scores():
    """After ``declare 7h-8h-9h`` the 7h stays: no exchange is offered, and the twenty scores 20 (the rule added to
    shared/rules/czech-bulka.md: a declared meld's cards cannot be exchanged away)."""
    actions = ["take", "pass", "pass", "declare 7h-8h-9h", "play Al", "play 7b"]
    report = report_of(scenario(decks=[SEVEN_IN_MELD], actions=actions))
    assert "exchange" in report["steps"][3]["legal"]  # before declaring, Ben may still exchange the 7h
    assert "exchange" not in report["steps"][4]["legal"]
    assert report["deals"][0]["melds"] == [{"seat": 1, "meld": "7h-8h-9h", "points": 20}]
    assert "exchange" not in report["legal"]


def test_exchanging_a_declared_melds_card_is_refused_with_the_rule():
    actions = ["take", "pass", "pass", "declare 7h-8h-9h", "exchange"]
    report = report_of(scenario(decks=[SEVEN_IN_MELD], actions=actions), status=1)
    error = report["error"]
    assert (error["index"], error["reason"]) == (4, "no-exchange")
    assert "7h-8h-9h" in error["message"] and "cannot be exchanged" in error["message"]
    assert report["legal"] and all(a.startswith("play ") for a in report["legal"])  # the game as it was: plays


@pytest.mark.parametrize("bad", ["play Ax", "play  Ah", "tkae", "Take", "take ", " take", "play", "declare 7h-8h-Kh"])
@pytest.mark.parametrize("before", [[], ["take"], ["play Ah"]])  # first, after a legal action, after a refused one
def test_every_action_string_that_does_not_parse_exits_2_naming_its_index(bad, before, tmp_path):
    actions = [*before, bad]
    code, out, err = run_referee(scenario(actions=actions), tmp_path)
    text = assert_malformed(code, out, err, f"action {len(before)} ({bad!r})")
    assert "cannot be read" in text


def test_a_well_formed_refused_action_still_exits_1():
    report = report_of(scenario(actions=["take", "take"]), status=1)
    assert report["error"]["reason"] == "not-now"


def test_a_scenario_file_that_is_not_utf8_is_a_one_line_error(tmp_path):
    path = tmp_path / "latin1.json"
    text = json.dumps(scenario(players=["Zoë", "Ben"]), ensure_ascii=False)
    path.write_bytes(text.encode("utf-8").replace("ë".encode(), b"\xeb"))  # Latin-1's ë
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    for command, stdin in (([str(path)], None), ([], path.read_bytes())):
        proc = subprocess.run([sys.executable, "-m", "bulka_teach", "referee", *command], input=stdin,
                              capture_output=True, cwd=ROOT, env=env, timeout=60)
        text = assert_malformed(proc.returncode, proc.stdout.decode(), proc.stderr.decode(), "UTF-8")
        assert "0xeb" in text


def test_a_non_holder_at_the_exchange_question_is_told_only_what_is_legal():
    report = report_of(scenario(actions=["take", "play Ab"]), status=1)  # nobody holds the 7h
    message = report["error"]["message"]
    assert report["steps"][-1]["legal"] == ["pass", "take"]  # Ben took trumps; now the exchange question
    assert "so pass" in message and "exchange, or pass" not in message
    holder = report_of(scenario(decks=[SEVEN_IN_MELD], actions=["take", "play Al"]), status=1)
    assert "exchange, or pass" in holder["error"]["message"]  # Ben holds the 7h: both answers are his


# Ben (forehand) and Ann each hold a twenty up to the king: equal melds, so the leader of the first trick scores.
EQUAL_MELDS = stack_deck(forehand=["Ul", "Ol", "Kl", "Ah", "Xh", "Ab"], dealer=["Ua", "Oa", "Ka", "7b", "8b", "Xb"],
                         first="9h", forehand_dokup=["Aa", "Xa", "9l"], dealer_dokup=["7l", "8l", "9b"],
                         stock_top=["7a"])


def test_equal_melds_are_logged_as_decided_by_the_leader():
    actions = ["take", "pass", "pass", "declare Ul-Ol-Kl", "play 9l", "declare Ua-Oa-Ka", "play 7l"]
    report = report_of(scenario(decks=[EQUAL_MELDS], actions=actions))
    assert report["deals"][0]["melds"] == [{"seat": 1, "meld": "Ul-Ol-Kl", "points": 20}]
    scored = [line for line in report["log"] if "scores 20" in line]
    assert scored == ["The best melds are equal: the one who led the first trick wins the tie, so Ben scores 20 for "
                      "twenty (dvacet)."]
    assert not any("higher one" in line for line in report["log"])
    higher = report_of(scenario(decks=[EQUAL_MELDS], actions=actions[:5] + ["play 7l"]))  # Ann declares nothing
    assert any("Ben's meld is the higher one" in line for line in higher["log"])


def test_queue_with_two_players_is_an_error():
    code, out, err = run_referee(scenario(queue=[1]))
    text = assert_malformed(code, out, err, "queue")
    assert "two players" in text


@pytest.mark.parametrize("deck_value,action_value,words", [
    (None, "take", ["deck 0, card 5 is null", "a card code is missing"]),
    (7, "take", ["deck 0, card 5 is 7, not a card code"]),
    ("Ah", None, ["action 1 is null", "an action is missing"]),
])
def test_a_null_card_or_action_is_named_as_missing(deck_value, action_value, words):
    deck = list(PLAIN) if deck_value == "Ah" else bad_deck(5, deck_value)
    code, out, err = run_referee(scenario(decks=[deck], actions=["take", action_value]))
    text = assert_malformed(code, out, err, *words)
    assert "None" not in text
