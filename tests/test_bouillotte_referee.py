"""The referee for Bouillotte (``python -m bulka_teach referee FILE``): the three worked examples of
shared/rules/bouillotte.md ("Decisions, in order"), every figure their text gives, the order of the questions, the
output keys, and the exits 1 (a refused action, everything before it applied) and 2 (malformed input)."""
from __future__ import annotations

import json

import pytest
from referee_run import report_of, run_referee

EXAMPLE_1 = {"game": "bouillotte", "players": ["Ann", "Ben", "Cleo", "Dan"], "dealer": 0,
             "decks": [["Kc", "8c", "Qc", "As", "Kd", "8d", "Ah", "Xs", "Kh", "8h", "Ad", "8s", "Ks", "Ac", "Qd", "Qh",
                        "Qs", "Xc", "Xd", "Xh"]],
             "actions": ["pass", "open 2", "raise 5", "hold", "fold", "raise 10", "hold", "hold", "pass"]}
EXAMPLE_2 = {"game": "bouillotte", "players": ["Ann", "Ben", "Cleo"], "dealer": 0, "chips": [30, 30, 6],
             "decks": [["8h", "Kh", "Xc", "8d", "Xh", "8c", "Xs", "8s", "Kd", "Ah", "Ac", "Kc", "Ad", "Xd", "As",
                        "Ks"]],
             "actions": ["pass", "open 4", "tapis", "raise 12", "hold"]}
EXAMPLE_3 = {"game": "bouillotte", "players": ["Ann", "Ben", "Cleo", "Dan", "Eve"], "dealer": 0,
             "decks": [["Ac", "Qc", "Kc", "Xc", "Jc", "Kd", "Jd", "8d", "Ad", "Xd", "8h", "Xs", "Js", "Qh", "8s", "As",
                        "Ah", "Kh", "Ks", "Qd", "Qs", "Jh", "Xh", "8c"],
                       ["Ac", "Kc", "Qc", "Jc", "Xc", "8c", "Ad", "Kd", "Qd", "Jd", "Xd", "8d", "Ah", "Kh", "Qh", "Jh",
                        "Xh", "8h", "As", "Ks", "Qs", "Js", "Xs", "8s"]],
             "actions": ["carre", "contre-carre", "pass", "pass", "pass", "pass", "pass",
                         "pass", "pass", "pass", "pass", "pass", "pass"]}


def test_example_1_brelan_carre_and_two_brelans_paid(tmp_path):
    report = report_of(EXAMPLE_1, tmp_path)
    assert report["ok"] is True and report["to_move"] is None and report["legal"] == []
    # who is asked what: Ben the carre, then Ben opens; the raises are totals (Ben's raise 10 adds 8)
    seats = [s["seat"] for s in report["steps"]]
    assert seats == [1, 1, 2, 3, 0, 1, 2, 3, 2]
    assert report["steps"][0]["legal"] == ["carre", "pass"]
    assert report["steps"][-1]["legal"] == ["pass", "turn-first", "turn-last"]  # Cleo's 888 faces the carré
    (deal,) = report["deals"]
    assert deal["hands"] == [["As", "Xs", "8s"], ["Kc", "Kd", "Kh"], ["8c", "8d", "8h"], ["Qc", "Ah", "Ad"]]
    assert deal["retourne"] == "Ks"
    assert deal["stakes"] == [1, 10, 10, 10]
    assert deal["folded"] == [0] and deal["shown"] == [1, 2, 3] and deal["opened"] == 1 and deal["blinds"] == []
    assert deal["result"] == "showdown" and deal["winner"] == 1 and deal["first"] == 1 and deal["dealer"] == 0
    (pot,) = deal["pots"]
    assert pot["amount"] == 31 and pot["winner"] == 1 and pot["hand"] == "brelan-carre" and pot["rank"] == "K"
    assert pot["contenders"] == [1, 2, 3] and pot["level"] == 10
    assert deal["brelans"] == [{"seat": 1, "hand": "brelan-carre", "rank": "K", "paid": 3},
                               {"seat": 2, "hand": "brelan", "rank": "8", "paid": 2},
                               {"seat": 3, "hand": "brelan-mistigri", "rank": "A", "paid": 0}]
    assert deal["chips"] == [27, 54, 21, 18] == report["bank"]["chips"]
    assert report["bank"]["pot"] == 0
    assert report["dealer"] == 1


def test_example_2_points_a_tapis_and_a_side_pot():
    report = report_of(EXAMPLE_2)
    assert report["ok"] is True
    assert [s["seat"] for s in report["steps"]] == [1, 1, 2, 0, 1]
    (deal,) = report["deals"]
    assert deal["hands"] == [["Xc", "8c", "Kd"], ["8h", "8d", "Xs"], ["Kh", "Xh", "8s"]]
    assert deal["retourne"] == "Ah"
    assert deal["stakes"] == [12, 12, 6]
    main, side = deal["pots"]
    assert main == {"amount": 18, "level": 6, "contenders": [0, 1, 2], "winner": 2, "hand": "points", "rank": None,
                    "suit": "h", "total": 39, "suits": {"c": [0, 18], "d": [0, 18], "h": [2, 39], "s": [1, 18]}}
    assert side["amount"] == 12 and side["level"] == 12 and side["contenders"] == [0, 1]
    assert side["winner"] == 1 and side["hand"] == "points" and side["suit"] == "h" and side["total"] == 19
    assert side["suits"]["c"] == [0, 18] and side["suits"]["h"] == [1, 19]  # without the retourne Ann would win
    assert deal["winner"] == 2 and deal["brelans"] == []
    assert report["bank"] == {"pot": 0, "chips": [18, 30, 18]} and deal["chips"] == [18, 30, 18]
    # as the seed says: Ben takes Ann's 12 and pays Cleo twice her 6
    assert 30 - 12 == 18 and 30 - 12 + 12 == 30 and 6 + 2 * 6 == 18


def test_example_3_nobody_opens_after_a_carre_then_nobody_at_all():
    report = report_of(EXAMPLE_3)
    assert report["ok"] is True
    one, two = report["deals"]
    assert one["blinds"] == [{"seat": 1, "kind": "carre", "amount": 1}, {"seat": 2, "kind": "contre-carre",
                                                                         "amount": 2}]
    assert [s["seat"] for s in report["steps"][:7]] == [1, 2, 3, 4, 0, 1, 2]  # Dan speaks first, level 2
    assert "open 1" not in report["steps"][2]["legal"] and "open 2" in report["steps"][2]["legal"]
    assert one["result"] == "blind-takes" and one["winner"] == 2 and one["pots"][0]["amount"] == 4
    assert one["stakes"] == [1, 1, 2, 0, 0] and one["opened"] is None
    assert two["dealer"] == 1 and two["result"] == "thrown-in" and two["winner"] is None and two["pots"] == []
    assert [s["seat"] for s in report["steps"][7:]] == [2, 2, 3, 4, 0, 1]  # Cleo declines the carre, all pass
    assert report["steps"][7]["legal"] == ["carre", "pass"]
    assert report["bank"] == {"pot": 1, "chips": [29, 28, 32, 30, 30]}
    assert report["dealer"] == 2


def test_the_deal_report_has_the_protocol_keys():
    report = report_of(EXAMPLE_1)
    keys = {"number", "dealer", "first", "hands", "retourne", "blinds", "opened", "stakes", "folded", "shown",
            "result", "winner", "pots", "brelans", "chips"}
    assert keys <= set(report["deals"][0])
    assert {"ok", "steps", "deals", "bank", "to_move", "legal", "dealer"} <= set(report)


def test_an_illegal_action_exits_1_with_everything_before_it_applied():
    data = dict(EXAMPLE_1, actions=["pass", "open 2", "raise 2"])
    report = report_of(data, status=1)
    assert report["ok"] is False
    assert report["error"]["index"] == 2 and report["error"]["action"] == "raise 2"
    assert report["error"]["reason"] == "bet-below-minimum" and report["error"]["message"]
    assert len(report["steps"]) == 2 and report["to_move"] == 2
    assert report["deals"][0]["stakes"] == [1, 2, 0, 0]
    assert report["bank"]["chips"] == [29, 28, 30, 30]


@pytest.mark.parametrize("actions, reason", [
    (["hold"], "not-now"),
    (["pass", "hold"], "not-now"),
    (["pass", "open 2", "pass"], "not-now"),
    (["pass", "open 31"], "not-enough-chips"),
    (["pass", "open 30"], "use-tapis"),
    (["pass", "open x"], "unknown-action"),
    (["pass", "open 0"], "unknown-action"),
    (["pass", "bet 3"], "unknown-action"),
    (["pass", "carre"], "not-now"),
])
def test_every_refusal_reaches_the_report(actions, reason):
    report = report_of(dict(EXAMPLE_1, actions=actions), status=1)
    assert report["error"]["reason"] == reason
    assert report["error"]["index"] == len(actions) - 1


@pytest.mark.parametrize("change, words", [
    ({"decks": [["Zz"] + EXAMPLE_1["decks"][0][1:]]}, "Zz"),
    ({"decks": [EXAMPLE_1["decks"][0][:-1]]}, "19"),
    ({"decks": [EXAMPLE_1["decks"][0][:-1] + ["Kc"]]}, "twice"),
    ({"decks": [EXAMPLE_2["decks"][0]]}, "16"),  # a three-player deck at a table of four
    ({"players": ["Ann", "Ben"]}, "3 to 5"),
    ({"chips": [30, 30]}, "chips"),
    ({"chips": [30, 30, -1, 30]}, "chips"),
    ({"exposed": [12]}, "exposed"),
    ({"exposed": ["x"]}, "exposed"),
    ({"rules": {"preset": "nope"}}, "preset"),
    ({"rules": {"variant": "old"}}, "5 players"),
    ({"queue": [1]}, "queue"),
])
def test_malformed_input_exits_2_with_one_line(change, words):
    code, out, err = run_referee(dict(EXAMPLE_1, **change))
    assert code == 2, (out, err)
    assert "Traceback" not in err and "Traceback" not in out
    line = json.loads(out)["error"]["message"]
    assert words in line and "\n" not in line
