"""Golden playthroughs: whole games replayed through the referee and compared with a saved report.

Each ``tests/golden/<name>.json`` holds
- ``spec``: how the playthrough was made (players, house rules, seed, the random player's seed,
  how many games it plays);
- ``scenario``: the referee scenario (seed + the actions the fixed-seed random player chose);
- ``report``: what ``bulka_teach.referee.run_scenario`` printed for it.

The test re-runs every scenario and compares, first the facts (deals, tricks, points, money,
steps with their legal actions), then the explanatory log, so a change of wording shows up
apart from a change of play.

When the engine changes on purpose, regenerate and read the diff before committing::

    python tests/test_golden.py --regenerate            # every file
    python tests/test_golden.py --regenerate cb2-std    # only the named ones

Regeneration replays the random player from the spec, so the actions themselves may change
when the legal actions do.
"""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from bulka_teach import Record  # noqa: E402
from bulka_teach.czech.deal import PLAY  # noqa: E402
from bulka_teach.referee import run_scenario  # noqa: E402

GOLDEN = Path(__file__).resolve().parent / "golden"

#: The playthroughs. ``renonc_rate``: how often the player commits an accepted rule error.
SPECS: dict[str, dict[str, Any]] = {
    "cb2-std": {"players": ["Ann", "Ben"], "rules": {}, "seed": 52, "chooser": 1, "games": 1},
    "cb2-house": {"players": ["Ann", "Ben"], "seed": 4242, "chooser": 2, "games": 4,
                  "rules": {"stake": 20, "meld_scope": "best_only", "must_beat": True, "bela_mode": "capture",
                            "max_deals": 2, "exchange_chain": "none"}},
    "cb3-std": {"players": ["Ann", "Ben", "Cid"], "rules": {}, "seed": 303, "chooser": 3, "games": 6},
    "cb3-renonc": {"players": ["Ann", "Ben", "Cid"], "seed": 909, "chooser": 4, "games": 5, "renonc_rate": 0.08,
                   "rules": {"stake": 5, "renonc_mode": True, "max_deals": 1}},
}


def choose_actions(spec: dict[str, Any]) -> list[str]:
    """The actions of the fixed-seed random player until ``games`` games are over."""
    record = Record(game="czech-bulka", players=tuple(spec["players"]), rules=dict(spec["rules"]), seed=spec["seed"])
    game = record.start()
    rng = random.Random(spec["chooser"])
    rate = spec.get("renonc_rate", 0.0)
    actions: list[str] = []
    while sum(e.kind == "game-over" for e in game.events) < spec["games"]:
        legal = sorted(game.legal_actions())  # sorted: independent of the engine's listing order
        action = rng.choice(legal)
        deal = game.deal
        if rate and deal.phase == PLAY and deal.trick and rng.random() < rate:
            errors = sorted(a for a in (f"play {c.code}" for c in deal.hands[deal.to_move])
                            if (v := game.verdict(a)) is not None and v.renonc)
            if errors:
                action = rng.choice(errors)
        game.apply(action)
        actions.append(action)
    return actions


def scenario_of(spec: dict[str, Any]) -> dict[str, Any]:
    return {"game": "czech-bulka", "players": spec["players"], "rules": spec["rules"], "seed": spec["seed"],
            "actions": choose_actions(spec)}


def regenerate(names: list[str]) -> None:
    GOLDEN.mkdir(exist_ok=True)
    for name in names or sorted(SPECS):
        spec = SPECS[name]
        scenario = scenario_of(spec)
        report, status = run_scenario(scenario)
        assert status == 0, report.get("error")
        path = GOLDEN / f"{name}.json"
        path.write_text(json.dumps({"spec": spec, "scenario": scenario, "report": report}, ensure_ascii=False,
                                   indent=1) + "\n", encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}: {len(scenario['actions'])} actions, "
              f"{len(report['deals'])} deals")


# --- the tests -----------------------------------------------------------------------------
def load(name: str) -> dict[str, Any]:
    return json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))


def without_log(report: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in report.items() if k != "log"}


@pytest.fixture(params=sorted(SPECS))
def golden(request):
    return request.param, load(request.param)


def test_every_spec_has_a_golden_file_and_back():
    files = {p.stem for p in GOLDEN.glob("*.json")}
    assert files == set(SPECS), "run: python tests/test_golden.py --regenerate"


def test_golden_play_is_unchanged(golden):
    name, data = golden
    report, status = run_scenario(data["scenario"])
    assert status == 0, f"{name}: an action is now refused: {report.get('error')}"
    expected = without_log(data["report"])
    got = without_log(report)
    for key in expected:
        assert got.get(key) == expected[key], f"{name}: '{key}' changed (regenerate if intended)"
    assert got == expected


def test_golden_log_is_unchanged(golden):
    name, data = golden
    report, _ = run_scenario(data["scenario"])
    for i, (want, got) in enumerate(zip(data["report"]["log"], report["log"])):
        assert got == want, f"{name}: log line {i} changed"
    assert len(report["log"]) == len(data["report"]["log"])


def test_golden_scenario_is_what_the_spec_plays(golden):
    """The saved actions are still what the fixed-seed random player chooses: the file is in sync."""
    name, data = golden
    assert data["spec"] == SPECS[name]
    assert data["scenario"]["actions"] == choose_actions(SPECS[name])


def test_golden_files_cover_what_they_claim():
    """Two and three players, default and house rules, several games, a bank won, a renonc."""
    reports = {name: load(name)["report"] for name in SPECS}
    assert {len(load(n)["scenario"]["players"]) for n in SPECS} == {2, 3}
    assert any(load(n)["scenario"]["rules"] == {} for n in SPECS)
    assert any(load(n)["scenario"]["rules"] for n in SPECS)
    kinds = {d["result"] for r in reports.values() for d in r["deals"]}
    assert {"declarer-won", "declarer-lost", "renonc"} <= kinds, kinds
    assert any(step.get("renonc") for step in reports["cb3-renonc"]["steps"])
    # the pre-play questions: the šíbr question to a player without the šíbr (pass only) and to its holder,
    # an exchange before play, and the hundred question its holder must ask
    steps = [step for r in reports.values() for step in r["steps"]]
    assert any(step["legal"] == ["pass"] for step in steps)
    assert any(step["legal"] == ["exchange", "pass"] and step["action"] == "pass" for step in steps)
    assert any(step["legal"] == ["exchange", "pass"] and step["action"] == "exchange" for step in steps)
    assert any(step["legal"] == ["ask-hundred"] and step["action"] == "ask-hundred" for step in steps)
    games = {name: Record.from_dict(load(name)["scenario"]).replay() for name in SPECS}
    assert any(e.kind == "bank-won" for g in games.values() for e in g.events)


def test_referee_command_prints_the_golden_report(tmp_path):
    data = load("cb2-house")
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(data["scenario"]), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "bulka_teach", "referee", str(path)], capture_output=True,
                         text=True, cwd=ROOT, timeout=60)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == data["report"]


if __name__ == "__main__":
    args = sys.argv[1:]
    if not args or args[0] != "--regenerate":
        print(__doc__)
        sys.exit(2)
    regenerate(args[1:])
