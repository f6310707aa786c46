"""The referee bounds its input (README, "The referee command"): a hostile or careless scenario gets a one-line
error and exit 2, never a traceback, an exit 1 (that is a refused action) or a report of hundreds of megabytes;
and two outcomes of Bouillotte's protocol (shared/rules/bouillotte.md, "Decisions, in order", step 10 and the
reason codes): a void last deal's stakes stay in the bank's pot, and an amount of ten or more digits is an amount.

Each test runs the real command in a subprocess: the exit status and what reaches standard error are the point.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from referee_run import assert_malformed, report_of, run_referee

DECK = ["8h", "Kh", "Xc", "8d", "Xh", "8c", "Xs", "8s", "Kd", "Ah", "Ac", "Kc", "Ad", "Xd", "As", "Ks"]
THREE = {"game": "bouillotte", "players": ["Ann", "Ben", "Cleo"], "dealer": 0, "decks": [DECK]}
MESSAGE = 320  # the most characters a one-line error may take: it quotes a few dozen characters of the input


def malformed(data: Any = None, *names: str, raw: str | None = None, tmp_path: Path | None = None) -> str:
    """Run a malformed scenario: exit 2, one line on each stream, the usual JSON, a short sentence; its message."""
    code, out, err = run_referee(data, tmp_path, raw=raw)
    assert_malformed(code, out, err, *names)
    assert json.loads(out)["error"]["reason"] == "malformed"
    message = json.loads(out)["error"]["message"]
    assert len(message) <= MESSAGE and len(err) <= MESSAGE + 20, (len(message), message[:500])
    return message


def test_a_scenarios_chips_are_capped_as_start_chips_is(tmp_path):
    message = malformed({**THREE, "chips": [10**7] * 3}, "chips", "10,000")
    assert "start_chips" in message
    assert "10000" in malformed({**THREE, "rules": {"start_chips": 10**7}}, "start_chips")  # the same limit
    report = report_of({**THREE, "chips": [10_000] * 3, "actions": ["pass", "open 2"]}, tmp_path)
    opens = report["steps"][1]["legal"]  # every amount is named, as the protocol says, up to the cap
    assert len(opens) == 2 + 9_999 and "open 9999" in opens and "open 10000" not in opens


def test_json_nested_deeper_than_a_scenario_needs(tmp_path):
    for depth in (1_000, 100_000):  # Python's parser would recurse
        malformed(None, "nested", f"{depth:,}", raw="[" * depth + "]" * depth)
    malformed(None, "nested", raw=json.dumps({**THREE, "rules": {"preset": [[[[[[[[["seed"]]]]]]]]]}}))
    report = report_of({**THREE, "players": ["[" * 30, "{" * 30, "Cleo"]}, tmp_path)  # brackets in texts: no nesting
    assert report["ok"] is True


def test_a_number_of_five_thousand_digits():
    message = malformed(None, "digits", "5,000", raw=json.dumps(THREE)[:-1] + ', "seed": ' + "7" * 5_000 + "}")
    assert "7" * 40 not in message


@pytest.mark.parametrize("number, names", [
    ("1e999", ("1e999", "too large")),  # Python would read infinity
    ("3." + "0" * 5_000, ("3.000", "5,002 characters")),
    ("NaN", ("NaN", "not a JSON number")),
    ("-Infinity", ("-Infinity", "not a JSON number")),
])
def test_numbers_no_float_can_hold(number, names):
    message = malformed(None, *names, raw=json.dumps(THREE)[:-1] + f', "rules": {{"start_chips": {number}}}}}')
    assert "inf" not in message.replace("Infinity", "") and "0" * 40 not in message


def test_a_lone_surrogate_in_a_name(tmp_path):
    raw = json.dumps({**THREE, "players": ["Ann\ud800", "Ben", "Cleo"]})  # written as the escape \ud800
    assert "\\ud800" in raw
    message = malformed(None, "players[0]", "surrogate", raw=raw, tmp_path=tmp_path)
    assert "\\ud800" in message


def test_a_five_megabyte_action_string():
    malformed({**THREE, "actions": ["pass", "x" * 5_000_000]}, "1 MiB")


@pytest.mark.parametrize("action", ["x" * 100, "open " + "9" * 4_000, "Ann\ud800"])
def test_an_action_string_out_of_bounds_is_malformed_not_refused(action):
    message = malformed({**THREE, "actions": ["pass", action]}, "actions[1]")
    assert "x" * 40 not in message and "9" * 40 not in message


def test_a_long_input_of_spaces():
    malformed(None, "1 MiB", raw=json.dumps(THREE) + " " * (2 << 20))


def test_the_action_count():
    malformed({**THREE, "actions": ["pass"] * 10_001}, "10,001 actions", "10,000")


def test_a_report_over_the_output_bound_stops_early():
    """Every raise amount is listed at every step: 5 seats of 10,000 jetons raising one by one would print hundreds
    of megabytes; the referee stops once the lists pass 16 MiB."""
    ladder = ["pass", "open 2"] + [f"raise {n}" for n in range(3, 3_003)]
    scenario = {"game": "bouillotte", "players": ["Ann", "Ben", "Cleo", "Dan", "Eve"], "dealer": 0, "seed": 1,
                "chips": [10_000] * 5, "actions": ladder}
    malformed(scenario, "16 MiB", "fewer chips")


def test_a_void_last_deal_keeps_its_stake_in_the_banks_pot(tmp_path):
    report = report_of({**THREE, "exposed": [0], "actions": ["pass"]}, tmp_path)
    (deal,) = report["deals"]
    assert deal["result"] == "void" and deal["stakes"] == [1, 0, 0]
    assert report["bank"] == {"pot": 1, "chips": [29, 30, 30]}  # Σ chips + pot stays 90
    assert report["to_move"] is None and "stay in the pot as dead money" in report["log"][-1]


@pytest.mark.parametrize("amount", ["1000000000", "9" * 30])
def test_an_amount_of_ten_or_more_digits_is_not_enough_chips(amount, tmp_path):
    report = report_of({**THREE, "actions": ["pass", f"open {amount}"]}, tmp_path, status=1)
    assert report["error"]["reason"] == "not-enough-chips" and report["error"]["index"] == 1
    assert "30 in front of you" in report["error"]["message"]
    assert len(report["error"]["message"]) <= MESSAGE
