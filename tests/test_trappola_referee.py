"""The referee for Trappola (``python -m bulka_teach referee``): the rules file's three worked examples run through
the real command, an illegal action (exit 1 with the error object) and malformed input (exit 2, one line)."""
from __future__ import annotations

import json
from typing import Any

import pytest
from referee_run import run_referee
from trappola_helpers import EX1, EX1_ACTIONS, EX2, EX2_ACTIONS, EX3, EX3_ACTIONS


def referee(data: Any, raw: str | None = None) -> tuple[int, dict[str, Any] | None, str, str]:
    code, out, err = run_referee(data, raw=raw)
    try:
        report = json.loads(out)
    except json.JSONDecodeError:
        report = None
    return code, report, out, err


def scenario(**fields: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"game": "trappola", "players": ["Ann", "Ben"], "dealer": 0, "decks": [EX1],
                            "actions": []}
    data.update(fields)
    return data


def test_example_1_twos_marc_the_last_tricks_aces_held_back():
    code, report, _, _ = referee(scenario(actions=EX1_ACTIONS))
    assert code == 0 and report["ok"]
    deal = report["deals"][0]
    assert deal["points"] == [25, 132] and deal["winner"] == 1 and deal["result"] == "won"
    assert deal["bonuses"] == [[], [{"bonus": "marc", "tricks": [1], "points": 20},
                                    {"bonus": "last", "tricks": [8, 9], "points": 52}]]
    assert deal["declarations"][0][1] == {"meld": "As-Ac-Ad", "points": 15, "trick": 6, "manko": None}
    assert deal["stock_card"] == "7b" and deal["players"] == [0, 1] and deal["pro"] is None
    assert deal["tricks"][1] == {"cards": ["2d", "9d"], "winner": 0}
    assert (report["dealer"], report["challenger"], report["queue"], report["bulka"]) == (1, 0, [], None)
    assert report["to_move"] is None and report["legal"] == []


def test_example_2_manko_and_payments():
    code, report, _, _ = referee(scenario(players=["Ann", "Ben", "Cleo"], queue=[2], decks=[EX2],
                                          actions=EX2_ACTIONS))
    assert code == 0
    deal = report["deals"][0]
    assert deal["points"] == [39, 50, None] and deal["winner"] == 1
    assert [d["manko"] for d in deal["declarations"][0]] == ["c", "d"]
    assert deal["declarations"][1][0]["manko"] == "b"
    assert deal["bonuses"] == [[{"bonus": "two", "tricks": [2], "points": 10}], [], None]
    assert report["bank"] == {"pot": 30, "chips": [0, -30, 0]} and deal["chips"] == [0, -30, 0]
    assert report["streaks"] == [0, 1, 0]
    assert (report["dealer"], report["challenger"], report["queue"], report["bulka"]) == (1, 2, [0], 1)
    manko = [s for s in report["steps"] if s["action"] == "manko"]
    assert [s["seat"] for s in manko] == [0, 1]


def test_example_3_two_renoncs_then_a_pro_partie_won():
    code, report, _, _ = referee(scenario(players=["Ann", "Ben", "Cleo"], queue=[2], decks=[EX3] * 3,
                                          rules={"renonc_mode": True}, actions=EX3_ACTIONS))
    assert code == 0
    deals = report["deals"]
    assert [d["renonc"] for d in deals] == [{"seat": 0, "reason": "must-follow-suit"},
                                           {"seat": 2, "reason": "meld-not-held"}, None]
    assert [s.get("renonc") for s in report["steps"] if "renonc" in s] == ["must-follow-suit", "meld-not-held"]
    pro_step = next(s for s in report["steps"] if s["action"] == "pro")
    assert pro_step == {"seat": 1, "action": "pro", "legal": ["no-pro", "pro"]}
    assert deals[2]["points"] == [16, 66, None] and deals[2]["pro"] == 1
    assert deals[2]["pot_won"] == {"seat": 1, "chips": 80}
    assert report["bank"] == {"pot": 0, "chips": [-39, 49, -10]} and report["streaks"] == [0, 0, 0]
    assert (report["dealer"], report["challenger"], report["queue"], report["bulka"]) == (0, 2, [1], 2)


def test_an_illegal_action_exits_1_with_the_error_object():
    code, report, _, _ = referee(scenario(actions=["play Rs", "play Ac", "play As"]))
    assert code == 1 and report["ok"] is False
    assert report["error"]["index"] == 1 and report["error"]["action"] == "play Ac"
    assert report["error"]["reason"] == "must-follow-suit" and "follow suit" in report["error"]["message"]
    assert len(report["steps"]) == 1 and report["to_move"] == 0


@pytest.mark.parametrize("action, reason", [
    ("manko", "manko-not-now"), ("pro", "not-now"), ("declare 2s-2c-2d", "declare-whole-meld"),
    ("declare Cs-Cc-Cd", "meld-not-held"), ("declare Rc-Rs-Rb", "not-a-meld"), ("play Ad", "card-not-in-hand"),
    ("jump", "unknown-action"),
])
def test_each_reason_code_through_the_referee(action, reason):
    code, report, _, _ = referee(scenario(actions=[action]))
    assert code == 1 and report["error"]["reason"] == reason


@pytest.mark.parametrize("fields, words", [
    ({"decks": [EX1[:-1]]}, "36"),
    ({"decks": [EX1[:-1] + ["Rb"]]}, "twice"),
    ({"decks": [EX1[:-1] + ["3b"]]}, "3b"),
    ({"actions": ["play Zz"]}, "Zz"),
    ({"actions": ["declare Rs-Rc-Rq"]}, "Rq"),
    ({"rules": {"stake": 15}}, "multiple of 10"),
    ({"rules": {"nonsense": True}}, "nonsense"),
    ({"players": ["Ann", "Ben", "Cleo"]}, "queue"),
    ({"players": ["A", "B", "C", "D", "E"]}, "2 to 4"),
])
def test_malformed_input_exits_2_with_one_line(fields, words):
    code, report, out, err = referee(scenario(**fields))
    assert code == 2 and report is not None and report["ok"] is False
    assert words in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_the_stock_exchange_through_the_referee():
    code, report, _, _ = referee(scenario(rules={"stock_exchange": True}, actions=["exchange", "pass"]))
    assert code == 0 and report["steps"][0] == {"seat": 1, "action": "exchange", "legal": ["exchange", "pass"]}
    assert report["deals"][0]["stock_exchange"] == {"1": True, "0": False}
    assert report["to_move"] == 1


def test_without_a_deck_nothing_is_asked():
    code, report, _, _ = referee(scenario(decks=[], seed=None, actions=[]))
    assert code == 0 and report["to_move"] is None and report["deals"] == [] and report["legal"] == []


def test_a_seed_deals_the_rest():
    code, report, _, _ = referee(scenario(decks=[EX1], seed=5, actions=EX1_ACTIONS))
    assert code == 0 and report["to_move"] == 0 and len(report["deals"]) == 2
