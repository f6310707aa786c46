"""Golden playthroughs: whole games replayed through the referee and compared with a saved report.

Each ``tests/golden/<name>.json`` holds
- ``spec``: how the playthrough was made (the game, players, house rules, seed, the random player's
  seed, and when it stops: after so many events of a kind, or when the session is over);
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
from bulka_teach.game import Game  # noqa: E402
from bulka_teach.referee import run_scenario  # noqa: E402
from bulka_teach.registry import game_spec  # noqa: E402

GOLDEN = Path(__file__).resolve().parent / "golden"

#: The playthroughs. ``until``: the event kind and how many of it end the playthrough (or the session's end,
#: whichever comes first); ``renonc_rate``: how often the player commits an accepted rule error; ``by_kind``:
#: choose the kind of action first (play, declare, open, raise, tapis …), then one of that kind, so a betting
#: game's many amounts do not crowd out its other actions; ``rare``: kinds offered only with this chance (a
#: random tapis would end a Bouillotte session in a deal or two).
SPECS: dict[str, dict[str, Any]] = {
    "cb2-std": {"players": ["Ann", "Ben"], "rules": {}, "seed": 52, "chooser": 1, "games": 1},
    "cb2-house": {"players": ["Ann", "Ben"], "seed": 4242, "chooser": 2, "games": 4,
                  "rules": {"stake": 20, "meld_scope": "best_only", "must_beat": True, "bela_mode": "capture",
                            "max_deals": 2, "exchange_chain": "none"}},
    "cb3-std": {"players": ["Ann", "Ben", "Cid"], "rules": {}, "seed": 303, "chooser": 3, "games": 6},
    "cb3-renonc": {"players": ["Ann", "Ben", "Cid"], "seed": 909, "chooser": 4, "games": 5, "renonc_rate": 0.08,
                   "rules": {"stake": 5, "renonc_mode": True, "max_deals": 1}},
    "tr2-std": {"game": "trappola", "players": ["Ann", "Ben"], "rules": {}, "seed": 2024, "chooser": 11,
                "until": ["partie-over", 3], "by_kind": True},
    "tr3-std": {"game": "trappola", "players": ["Ann", "Ben", "Cid"], "rules": {}, "seed": 3033, "chooser": 12,
                "until": ["bulka-won", 1], "by_kind": True},
    "tr4-house": {"game": "trappola", "players": ["Ann", "Ben", "Cid", "Dan"], "seed": 4044, "chooser": 16,
                  "until": ["bulka-won", 1], "by_kind": True, "renonc_rate": 0.04,
                  "rules": {"stake": 20, "stock_exchange": True, "renonc_mode": True}},
    "bo3-std": {"game": "bouillotte", "players": ["Ann", "Ben", "Cid"], "rules": {}, "seed": 5055, "chooser": 57,
                "until": ["deal-end", 6], "by_kind": True, "rare": {"tapis": 0.05}},
    "bo4-house": {"game": "bouillotte", "players": ["Ann", "Ben", "Cid", "Dan"], "seed": 6066, "chooser": 58,
                  "until": ["deal-end", 6], "by_kind": True, "rare": {"tapis": 0.05},
                  "rules": {"preset": "pagat", "ante": "all", "favori_pagat": True, "deal_passes": "unopened"}},
    "bo5-old": {"game": "bouillotte", "players": ["Ann", "Ben", "Cid", "Dan", "Eve"], "seed": 7077, "chooser": 32,
                "until": ["deal-end", 6], "by_kind": True, "rare": {"tapis": 0.05},
                "rules": {"variant": "old", "start_chips": 20}},
}


CZECH = [name for name in SPECS if name.startswith("cb")]


def game_of(spec: dict[str, Any]) -> str:
    return spec.get("game", "czech-bulka")


def until(spec: dict[str, Any]) -> tuple[str, int]:
    return tuple(spec["until"]) if "until" in spec else ("game-over", spec["games"])  # type: ignore[return-value]


def renonc_candidates(game: Game, spec: dict[str, Any]) -> list[str]:
    """The card plays the rules would accept as a renonc (an accepted rule error, a revoke) now, sorted."""
    pack = game_spec(game_of(spec)).pack(game.n, game.rules)
    return sorted(a for a in (f"play {c.code}" for c in pack.cards)
                  if (v := game.verdict(a)) is not None and v.renonc)


def pick(rng: random.Random, legal: list[str], spec: dict[str, Any]) -> str:
    if not spec.get("by_kind"):
        return rng.choice(legal)
    kinds = sorted({a.split()[0] for a in legal})
    rare = spec.get("rare", {})
    common = [k for k in kinds if k not in rare]
    if common and any(k in rare for k in kinds):
        kinds = [k for k in kinds if k not in rare or rng.random() < rare[k]] or common
    kind = rng.choice(kinds)
    return rng.choice([a for a in legal if a.split()[0] == kind])


def choose_actions(spec: dict[str, Any]) -> list[str]:
    """The actions of the fixed-seed random player until the spec's stop (or the session's end)."""
    record = Record(game=game_of(spec), players=tuple(spec["players"]), rules=dict(spec["rules"]),
                    seed=spec["seed"])
    game = record.start()
    rng = random.Random(spec["chooser"])
    rate = spec.get("renonc_rate", 0.0)
    kind, count = until(spec)
    actions: list[str] = []
    while sum(e.kind == kind for e in game.events) < count:
        legal = sorted(game.legal_actions())  # sorted: independent of the engine's listing order
        if not legal:
            break
        action = pick(rng, legal, spec)
        following = bool(getattr(game.deal, "trick", None))  # a card follows a lead: a revoke is possible
        if rate and following and rng.random() < rate:
            errors = renonc_candidates(game, spec)
            if errors:
                action = rng.choice(errors)
        game.apply(action)
        actions.append(action)
    return actions


def scenario_of(spec: dict[str, Any]) -> dict[str, Any]:
    return {"game": game_of(spec), "players": spec["players"], "rules": spec["rules"], "seed": spec["seed"],
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
    """Czech Bulka: two and three players, default and house rules, several games, a bank won, a renonc."""
    reports = {name: load(name)["report"] for name in CZECH}
    assert {len(load(n)["scenario"]["players"]) for n in CZECH} == {2, 3}
    assert any(load(n)["scenario"]["rules"] == {} for n in CZECH)
    assert any(load(n)["scenario"]["rules"] for n in CZECH)
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
    games = {name: Record.from_dict(load(name)["scenario"]).replay() for name in CZECH}
    assert any(e.kind == "bank-won" for g in games.values() for e in g.events)


def test_trappola_and_bouillotte_golden_files_cover_what_they_claim():
    """Trappola at 2, 3 and 4 players (a Bulka won by Pro, a Pro lost, Figura paid, Manko, renonc, Cardano's
    exchange); Bouillotte at 3, 4 and 5 players (showdowns on the points, side pots, a brelan paid, nothing opened,
    the one-jeton player, old Bouillotte)."""
    events = {name: {e.kind for e in Record.from_dict(load(name)["scenario"]).replay().events} for name in SPECS}
    assert {len(load(n)["scenario"]["players"]) for n in SPECS if n.startswith("tr")} == {2, 3, 4}
    assert {len(load(n)["scenario"]["players"]) for n in SPECS if n.startswith("bo")} == {3, 4, 5}
    trappola = set().union(*(events[n] for n in SPECS if n.startswith("tr")))
    assert {"bonus", "declare", "manko", "manko-answer", "pay-figura", "pay-bonus", "pro", "no-pro", "pro-lost",
            "bulka-won", "renonc", "exchange", "exchange-pass", "draw-tie"} <= trappola
    bouillotte = set().union(*(events[n] for n in SPECS if n.startswith("bo")))
    assert {"carre", "contre-carre", "ante", "last-jeton", "open", "hold", "raise", "tapis", "fold", "show", "pot",
            "brelan-paid", "uncontested", "thrown-in", "blind-takes", "session-over"} <= bouillotte
    assert any(len(d["pots"]) > 1 for n in SPECS if n.startswith("bo") for d in load(n)["report"]["deals"])


def test_golden_figures_checked_by_hand():
    """Figures worked out by hand from the logs, to pin the arithmetic and not only the file."""
    # tr2-std, Partie 1: Ann takes 9s Cs (4), 2s Fd (3), Rb Rc (10), Fb Cd (7) and the last trick (6) = 30 card
    # points, and her own Two wins trick 6: a bonus of 10. Ben takes Xs Fs: 3.
    partie = load("tr2-std")["report"]["deals"][0]
    assert partie["points"] == [40, 3] and partie["bonuses"] == [[{"bonus": "two", "tricks": [6], "points": 10}], []]
    # tr3-std: Ann stakes 10, 10, then 20 for Pro, and takes the Bulka of 70: +30; Ben and Cid stake 20 and 30;
    # the new Bulka holds the next Partie's two stakes, 20. Nothing is created: 30 - 20 - 30 + 20 = 0.
    assert load("tr3-std")["report"]["bank"] == {"pot": 20, "chips": [30, -20, -30]}
    # tr4-house (stake 20, so every point pays 2): three knaves 6 → Ann pays Ben 12; three aces 15 → Cid pays Ben
    # 30; Ben's Two bonus 10 → Ann pays 20 into the Bulka; Ben wins Pro by Dan's renonc and takes the Bulka of 380.
    log = load("tr4-house")["report"]["log"]
    assert "Ann pays Ben 12 for three knaves (fanti) (Figura: paid directly)." in log
    assert "Cid pays Ben 30 for three aces (assi) (Figura: paid directly)." in log
    assert load("tr4-house")["report"]["bank"] == {"pot": 40, "chips": [-152, 322, -130, -80]}
    # bo5-old, deal 1 (old Bouillotte, 20 jetons each): game 1 + carre 1 + contre-carre 2, Eve opens 7, Ben and Cid
    # hold 7, Dan raises to 12 with a dead jeton, Eve holds 12: pot 39. Dan's Qh takes hearts (Qh Xh 8h = 28).
    deals = load("bo5-old")["report"]["deals"]
    first = deals[0]["pots"][0]
    assert (first["amount"], first["winner"], first["suit"], first["total"]) == (39, 3, "h", 28)
    assert deals[0]["chips"] == [20, 13, 13, 46, 8]
    # deal 2: Cid all in by raising to 12 (+1 dead), Dan raises to 18: the main pot 36 to Cid on 30 in spades,
    # Dan's 6 above Cid's 12 comes back to him.
    assert [(p["amount"], p["winner"]) for p in deals[1]["pots"]] == [(36, 2), (6, 3)]
    assert deals[1]["chips"] == [20, 8, 36, 33, 3]
    # bo4-house: Ben, left with one jeton, stakes it; his favori of eights (8c 8d, the retourne 8s) takes the main
    # pot of 7 and 1 jeton from each of the three others.
    assert "Ben is paid for a brelan favori of eights: 3 jetons, 1 from each of Ann, Cid and Dan." \
           in load("bo4-house")["report"]["log"]


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
