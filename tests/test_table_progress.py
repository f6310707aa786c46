"""What a lesson page tells the browser's progress: each question and puzzle answered (the learner's, never a
lesson's own hidden checks), the practice deals played and won, and the costliest mistakes a Review found."""
from __future__ import annotations

from collections.abc import Iterator

import pytest
from test_table_review import CheapCards

from bulka_teach.bots import Coach
from bulka_teach.dealing import DealCode
from bulka_teach.progress import browser as progress
from bulka_teach.progress.browser import page_progress, question_id, won
from bulka_teach.table import Practice, Puzzle, Quiz


@pytest.fixture(autouse=True)
def fresh_page() -> Iterator[None]:
    """Each test is a page of its own (a kernel runs one page)."""
    progress._page = None
    yield
    progress._page = None


def quiz(question: str = "Which suit is trumps?") -> Quiz:
    return Quiz(question, ["hearts", "acorns"], answer="hearts", explain="Hearts are trumps here.",
                reasons={"acorns": "Acorns were not chosen."})


def test_each_answer_tells_the_browser_the_question_whether_right_and_how_many_the_page_asks():
    first, second = quiz(), quiz("Who leads?")
    first.answer_with("acorns")
    first.answer_with("hearts")
    second.answer_with("hearts")
    sent = page_progress().sent
    assert [(m["question"], m["right"], m["total"]) for m in sent] == [
        (first.qid, False, 2), (first.qid, True, 2), (second.qid, True, 2)]
    assert first.qid == question_id("Which suit is trumps?") != second.qid


def test_a_puzzle_records_the_learners_moves_and_not_a_lessons_twin():
    record = DealCode.parse("CB2-std-7").record(("Ann", "Ben"))
    game = record.start()
    seat, legal = game.to_move, game.legal_actions()
    puzzle = Puzzle(record, seat=seat, answer=legal[0], right="Right: that is the move.")
    twin = Puzzle(record, seat=seat, answer=legal[0], right="Right: that is the move.")
    assert page_progress().questions == [puzzle.qid] == [twin.qid]  # one question, however many copies check it
    twin.act(legal[0])  # a hidden cell's check: the learner did nothing
    assert page_progress().sent == []
    puzzle.table.send_from_browser({"type": "action", "action": legal[1]})
    puzzle.table.send_from_browser({"type": "action", "action": legal[0]})
    assert [(m["question"], m["right"]) for m in page_progress().sent] == [(puzzle.qid, False), (puzzle.qid, True)]


def test_a_practice_deal_played_by_clicks_is_counted_with_whether_it_was_won_and_its_reviewed_mistakes():
    practice = Practice(code="CB2-std-7", coach=Coach(evaluator=CheapCards()))
    practice.new_deal("CB2-std-7")
    assert page_progress().sent == []  # dealing, and the computer's moves, tell nothing
    while practice.table.view["deal"]["outcome"] is None:
        ui = practice.table.ui
        message = ({"type": "card", "card": next(iter(ui["clickable"]))} if ui["clickable"] else
                   {"type": "action", "action": ui["buttons"][0]["action"]})
        practice.table.send_from_browser(message)
    deals = [m for m in page_progress().sent if m["kind"] == "deal"]
    outcome = practice.table.view["deal"]["outcome"]
    assert deals == [{"kind": "deal", "won": won(outcome, practice.seat)}]
    practice.table.send_from_browser({"type": "control", "name": "review"})
    mistakes = [m for m in page_progress().sent if m["kind"] == "mistakes"]
    judged = [item for item in practice._review.items if item.mistake] if practice._review else []
    assert len(mistakes) == (1 if judged else 0)
    if judged:
        assert len(mistakes[0]["items"]) == len(judged) and all(m["text"] for m in mistakes[0]["items"])


def test_won_reads_the_deals_winner_or_a_pots():
    assert won({"winner": 1}, 1) and not won({"winner": 0}, 1) and not won(None, 0)
    assert won({"winner": None, "pots": [{"winner": 0}, {"winner": 2}]}, 2)
