"""The class deal at the table: the contest link's deal, played by clicks in a class's kernel, is reported once, sealed,
with every decision the Review judged; two students who chose differently meet at the same moment, which the results
board shows as a split. Outside a class, or on another deal, nothing is reported and nothing is judged."""
from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from bulka_teach.classroom.board import Result, splits
from bulka_teach.classroom.deal import CLASS_TABLES, choose
from bulka_teach.dealing import DealCode
from bulka_teach.progress import browser as progress
from bulka_teach.progress.browser import page_progress
from bulka_teach.seals import SEAL_ENV, canonical, is_sealed, seal
from bulka_teach.table import Practice
from bulka_teach.table.class_deal import moment

KEY = "the-class-seal"
CODE = str(DealCode("bouillotte", 3, "std", 4242))
PLAYERS = ("Player", "Computer 1", "Computer 2")


@pytest.fixture(autouse=True)
def class_kernel(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A kernel of the app run for a class: its page records for the class, its seal key set; the page's link is the
    class deal's contest link."""
    progress._page = None
    monkeypatch.setenv(SEAL_ENV, KEY)
    monkeypatch.setenv("QUERY_STRING", f"contest=1&deal={CODE}")
    page_progress().widget.class_path = "/bulka/class/api/"
    yield
    progress._page = None


def play(practice: Practice, first: int = 0) -> None:
    """Click until the first deal's outcome: the ``first``-th button at the first decision, then the first one."""
    clicks = 0
    while practice.table.view["deal"]["outcome"] is None:
        ui = practice.table.ui
        buttons = [b for b in ui["buttons"] if "min" not in b]  # the plain ones (an amount is typed in its box)
        assert buttons, ui.get("prompt")
        pick = buttons[min(first, len(buttons) - 1)] if clicks == 0 else buttons[0]
        practice.table.send_from_browser({"type": "action", "action": pick["action"]})
        clicks += 1


def results() -> list[dict]:
    return [m for m in page_progress().sent if m["kind"] == "result"]


def test_the_class_deal_is_reported_once_sealed_with_each_decision_the_review_judged() -> None:
    practice = Practice.from_url(game="bouillotte", players=PLAYERS, whole="match")
    assert practice.contest and practice.deal_code == CODE
    play(practice)
    [report] = results()
    assert report["code"] == CODE and report["unit"] == "jetons" and isinstance(report["won"], bool)
    start_chips = practice.game.view_at(0, practice.game.deals[0].first_event)["chips"][0]
    assert report["score"] == practice.table.view["chips"][0] - start_chips
    through_a_browser = json.loads(json.dumps(canonical(report)))  # 6.0 reads 6 after JSON.stringify
    assert is_sealed(through_a_browser, KEY) and not is_sealed({**through_a_browser, "score": 99}, KEY)
    assert not is_sealed(through_a_browser, "another class's key")

    practice.table.send_from_browser({"type": "control", "name": "review"})
    items = practice.open_review.items  # the Review opened at once: the deal was judged for the report
    assert [(d["number"], d["mistake"]) for d in report["decisions"]] == [
        (n, item.mistake) for n, item in enumerate(items, start=1)]
    actions = list(practice.game.record().actions)
    assert [d["at"] for d in report["decisions"]] == [moment(actions[:item.index]) for item in items]
    assert all(d["where"].startswith("deal 1") and d["choice"] and d["cost_words"] for d in report["decisions"])

    practice.table.send_from_browser({"type": "control", "name": "continue"})
    play(practice)  # the next deal of the session is not the class deal's game: nothing more is reported
    assert len(results()) == 1


def test_two_students_who_chose_differently_split_at_the_same_moment() -> None:
    games = []
    for first in (0, 5):  # two kernels: the first button, then the last one, at the first decision
        progress._page = None
        page_progress().widget.class_path = "/bulka/class/api/"
        practice = Practice.from_url(game="bouillotte", players=PLAYERS, whole="match")
        play(practice, first)
        [report] = results()
        games.append(Result(f"student {first}", report["won"], report["score"], report["unit"], report["decisions"]))
    assert games[0].decisions[0]["at"] == games[1].decisions[0]["at"]  # the same deal, the same computer
    [split, *_] = splits(games)
    assert split["number"] == 1 and split["students"] == 2
    assert sorted(c["choice"] for c in split["choices"]) == sorted(g.decisions[0]["choice"] for g in games)


def test_outside_a_class_or_on_another_deal_nothing_is_reported_or_judged(monkeypatch: pytest.MonkeyPatch) -> None:
    page_progress().widget.class_path = ""  # a learner alone (Binder, the static site): no class
    alone = Practice.from_url(game="bouillotte", players=PLAYERS, whole="match")
    play(alone)
    assert results() == [] and alone._judged == {}
    page_progress().widget.class_path = "/bulka/class/api/"
    monkeypatch.setenv("QUERY_STRING", "contest=1")  # a contest link without a code: a fresh deal
    fresh = Practice.from_url(game="bouillotte", players=PLAYERS, whole="match")
    play(fresh)
    monkeypatch.setenv("QUERY_STRING", f"deal={CODE}")  # the code, for practice (Undo, Hint): not the contest
    practice = Practice.from_url(game="bouillotte", players=PLAYERS, whole="match")
    play(practice)
    assert results() == []


def test_without_the_seal_key_a_kernel_reports_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(SEAL_ENV)
    practice = Practice.from_url(game="bouillotte", players=PLAYERS, whole="match")
    play(practice)
    assert results() == []


def test_a_seal_reads_the_same_after_a_trip_through_a_browser() -> None:
    report = {"kind": "result", "score": 6.0, "decisions": [{"cost": 0.25, "where": "šíbr"}]}
    assert seal(report, KEY) == seal({"decisions": [{"where": "šíbr", "cost": 0.25}], "score": 6, "kind": "result"},
                                     KEY)


@pytest.mark.parametrize("game", sorted(CLASS_TABLES))
def test_a_new_class_deal_is_dealt_for_its_practice_lessons_first_table(game: str) -> None:
    """The class deal's players are the practice lesson's first table's, which the contest link deals."""
    lesson, players = CLASS_TABLES[game]
    deal = choose(game, "")
    assert deal.lesson == lesson and DealCode.parse(deal.code).players == players
    with open(f"lessons/{lesson}.ipynb", encoding="utf-8") as notebook:
        cells = ["".join(c["source"]) for c in json.load(notebook)["cells"] if c["cell_type"] == "code"]
    first = next(c for c in cells if "Practice.from_url(" in c)
    names = first.count('"Player"') + first.count('"Computer')  # the players named (none: the two by default)
    assert (names or 2) == players


def test_the_outcome_is_drawn_before_the_game_is_judged_and_reported() -> None:
    """The learner sees how the deal ended at once; "thinking…" follows while the coach judges it, then goes."""
    practice = Practice.from_url(game="bouillotte", players=PLAYERS, whole="match")
    frames: list[tuple[bool, bool, bool]] = []  # per ui drawn: the outcome shown, thinking, the report sent
    practice.table.observe(lambda change: frames.append((practice.table.view["deal"]["outcome"] is not None,
                                                         bool(change["new"].get("busy")), bool(results()))), "ui")
    play(practice)
    ended = [frame for frame in frames if frame[0]]
    assert ended[0] == (True, False, False)  # the outcome, before any judging
    assert (True, True, False) in ended and ended[-1] == (True, False, True)  # thinking, then the table as it was
