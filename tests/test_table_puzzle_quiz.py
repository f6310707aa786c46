"""Puzzles (find the move: right, wrong, refused) and quizzes (checked multiple choice)."""
from __future__ import annotations

import pytest

from bulka_teach import Record
from bulka_teach.czech.stacking import stack_deck
from bulka_teach.table import Puzzle, Quiz

DECK = ("Xb", "Ub", "Ob", "Oh", "Kh", "Ah", "Kl", "Al", "7h", "9h", "7a", "8a", "Xh", "8l", "9l", "Xl",
        "Uh", "Ka", "Aa", "8h", "Ul", "Ol", "9a", "Xa", "Ua", "Oa", "7b", "8b", "9b", "Kb", "Ab", "7l")


def record(*actions: str) -> Record:
    return Record(game="czech-bulka", players=("Ann", "Ben"), dealer=0, decks=(DECK,), actions=actions)


# Ben led Kl; Ann, without leaves, must trump: the Oh wins the trick and is the answer.
AFTER_KL = record("pass", "take", "exchange", "declare Xb-Ub-Ob", "play Kl")


def test_refused_click_shows_the_engines_explanation_and_changes_nothing():
    puzzle = Puzzle(AFTER_KL, seat=0, answer={"play Oh"}, right="The over is the highest trump.")
    before = puzzle.game.record()
    puzzle.table.send_from_browser({"type": "card", "card": "7a"})
    notice = puzzle.table.ui["notice"]
    assert notice["kind"] == "refused"
    assert notice["text"] == "You have no leaves, so you must trump (hearts): you hold Oh, Kh, Ah, 9h, Uh."
    assert puzzle.game.record() == before and not puzzle.solved


def test_legal_but_wrong_move_gets_the_hint_and_can_be_retried():
    puzzle = Puzzle(AFTER_KL, seat=0, answer="play Oh", right="Right.", wrong="A trump wins, but which is best?")
    puzzle.click("9h")
    assert puzzle.table.ui["notice"]["kind"] == "wrong"
    assert puzzle.table.ui["notice"]["text"] == "A trump wins, but which is best?"
    assert not puzzle.solved and puzzle.game.record() == AFTER_KL
    puzzle.click("Oh")
    assert puzzle.solved
    assert puzzle.table.ui["notice"]["kind"] == "ok" and puzzle.table.ui["notice"]["text"] == "Right."
    assert puzzle.game.actions[-1] == "play Oh"  # the answer is played on the table
    assert puzzle.table.ui["clickable"] == {} and "Ann (you) plays Oh." in puzzle.table.ui["caption"]


def test_each_wrong_move_may_say_its_own_reason():
    puzzle = Puzzle(AFTER_KL, seat=0, answer="play Oh", right="Right.", wrong="Another trump.",
                    reasons={"play 9h": "The minda wins too, but the over is worth more to keep in the trick."})
    puzzle.click("9h")
    assert puzzle.table.ui["notice"]["text"].startswith("The minda wins too")
    puzzle.click("Kh")
    assert puzzle.table.ui["notice"]["text"] == "Another trump."
    with pytest.raises(ValueError, match="legal wrong moves"):
        Puzzle(AFTER_KL, seat=0, answer="play Oh", right="Right.", reasons={"play Oh": "the answer itself"})


def test_a_puzzle_of_several_moves_runs_to_its_end():
    """Two discards after a tupl šíbr: the first right one says one more is due, the second solves it."""
    deck = stack_deck(forehand=["7h", "Kl", "Al", "Aa", "Ka", "Xa"], dealer=["8l", "9l", "7b", "8b", "Xb", "Ub"],
                      first="Xh", forehand_dokup=["9a", "7a", "8a"], dealer_dokup=["Ul", "Ol", "Ab"],
                      stock_top=["Kh", "Ah", "7l"])
    position = Record(game="czech-bulka", players=("Ann", "Ben"), dealer=0, decks=(deck,), actions=("take", "exchange"))
    puzzle = Puzzle(position, seat=1, answer={"discard 7a", "discard 8a", "discard 9a"}, right="Done.", moves=2)
    puzzle.click("7a")
    assert not puzzle.solved and puzzle.table.ui["notice"]["text"] == "Right. One more move to go."
    assert puzzle.answers == {"discard 8a", "discard 9a"}
    puzzle.click("8a")
    assert puzzle.solved and puzzle.table.ui["notice"]["text"] == "Done."
    assert len(puzzle.game.view(1)["deal"]["hand"]) == 9


def test_an_unmarked_puzzle_gives_no_legal_card_away_but_still_judges_clicks():
    marked = Puzzle(AFTER_KL, seat=0, answer={"play Oh"}, right="Right.")
    unmarked = Puzzle(AFTER_KL, seat=0, answer={"play Oh"}, right="Right.", marks=False)
    assert set(marked.table.ui["clickable"]) == {"Oh", "Kh", "Ah", "9h", "Uh"} and "trump" in marked.table.ui["prompt"]
    assert unmarked.table.ui["clickable"] == {} and "trump" not in unmarked.table.ui["prompt"]
    unmarked.click("7a")
    assert unmarked.table.ui["notice"]["kind"] == "refused"
    unmarked.click("Oh")
    assert unmarked.solved and unmarked.table.ui["notice"]["kind"] == "ok"


def test_notice_ids_grow_so_the_same_refusal_is_announced_twice():
    puzzle = Puzzle(AFTER_KL, seat=0, answer="play Oh", right="Right.")
    puzzle.click("7a")
    first = puzzle.table.ui["notice"]
    puzzle.click("7a")
    assert puzzle.table.ui["notice"]["text"] == first["text"] and puzzle.table.ui["notice"]["id"] > first["id"]


def test_answer_by_button():
    puzzle = Puzzle(record("pass"), seat=0, answer={"pass"}, right="Without trumps in hand, pass.")
    assert puzzle.table.ui["caption"] == "Ben passes on hearts (červené)."
    puzzle.table.send_from_browser({"type": "action", "action": "take"})
    assert puzzle.table.ui["notice"]["kind"] == "wrong" and not puzzle.solved
    puzzle.table.send_from_browser({"type": "card", "card": "Kh"})  # a card in the trump choice: refused
    assert puzzle.table.ui["notice"]["kind"] == "refused"
    assert puzzle.table.ui["notice"]["text"].startswith("You cannot play now")
    puzzle.table.send_from_browser({"type": "action", "action": "pass"})
    assert puzzle.solved and puzzle.table.ui["notice"]["kind"] == "ok"


def test_a_failure_while_playing_the_answer_leaves_the_puzzle_unsolved_and_as_it_was(monkeypatch, caplog):
    puzzle = Puzzle(AFTER_KL, seat=0, answer="play Oh", right="Right.")
    game, apply = puzzle.game, puzzle.game.apply

    def half_then_fail(action, seat=None):
        apply(action, seat)  # the move goes through, then something breaks
        raise RuntimeError("boom")

    monkeypatch.setattr(game, "apply", half_then_fail)
    puzzle.table.send_from_browser({"type": "card", "card": "Oh"})
    assert puzzle.table.ui["notice"]["kind"] == "error" and "boom" not in puzzle.table.ui["notice"]["text"]
    assert not puzzle.solved and puzzle.game.record() == AFTER_KL
    assert "Oh" in puzzle.table.ui["clickable"]
    puzzle.click("Oh")  # the learner tries again, and the table works
    assert puzzle.solved and puzzle.table.ui["notice"]["kind"] == "ok"


def test_a_puzzle_whose_answer_is_not_legal_is_refused_when_written():
    with pytest.raises(ValueError, match="legal actions"):
        Puzzle(AFTER_KL, seat=0, answer={"play 7a"}, right="")
    with pytest.raises(ValueError, match="is to move"):
        Puzzle(AFTER_KL, seat=1, answer={"play 7a"}, right="")


def test_quiz_right_and_wrong_and_each_wrong_choice_says_why():
    quiz = Quiz("Which card wins the trick in hearts?", ["Ah", "Xh", "Oh"], answer="Oh",
                explain="The over (svršek) is the highest trump.",
                reasons={"Ah": "As a trump the ace stands below the over and the nine.",
                         "Xh": "The X is below the ace."})
    assert quiz.correct is None
    assert quiz.answer_with("Ah") is False and quiz.correct is False
    assert "Not Ah — ace (eso) of hearts (červené): As a trump the ace stands below" in quiz.feedback.value
    assert quiz.answer_with("Xh") is False and "The X is below the ace." in quiz.feedback.value
    assert "Try another" in quiz.feedback.value and "Ace" not in quiz.feedback.value
    assert quiz.answer_with("Oh") is True and quiz.correct is True
    assert "Right" in quiz.feedback.value and "highest trump" in quiz.feedback.value
    assert quiz.attempts == 3


def test_quiz_choices_read_as_card_names_and_other_values_as_text():
    quiz = Quiz("How many points is bela?", [20, 40, 100], answer=40, explain="40.",
                reasons={20: "That is the over's own value.", 100: "That is a hundred (sto)."})
    assert [label for label, _value in quiz.buttons.options] == ["20", "40", "100"]
    cards = Quiz("?", ["Ul", "Oa"], answer="Ul", explain="Yes.", reasons={"Oa": "No."})
    assert [label for label, _ in cards.buttons.options] == ["Ul — under (spodek) of leaves (zelené)",
                                                             "Oa — over (svršek) of acorns (žaludy)"]


def test_quiz_with_several_right_answers_and_a_click_on_the_buttons():
    quiz = Quiz("Which of these is a trump in hearts?", ["7h", "Al", "Kh"], answer={"7h", "Kh"}, explain="Hearts.",
                reasons={"Al": "A leaf, not a heart."})
    quiz.buttons.value = 2  # what a click on the third button does
    assert quiz.correct is True and quiz.chosen == "Kh"
    assert quiz.answer_with("Al") is False and "A leaf, not a heart." in quiz.feedback.value


def test_a_quiz_without_a_reason_for_every_wrong_choice_is_refused_when_written():
    with pytest.raises(ValueError, match=r"every wrong choice needs its own reason: \['c'\]"):
        Quiz("?", ["a", "b", "c"], answer="a", explain="A.", reasons={"b": "Not b."})
    with pytest.raises(ValueError, match="are not choices"):
        Quiz("?", ["a", "b"], answer="a", explain="A.", reasons={"b": "Not b.", "z": "?"})
    with pytest.raises(ValueError, match="explains its right answer"):
        Quiz("?", ["a", "b"], answer="a", explain="", reasons={"b": "Not b."})


def test_quiz_refuses_an_answer_that_is_not_a_choice():
    with pytest.raises(ValueError, match="among the choices"):
        Quiz("?", ["a", "b"], answer="c", explain="", reasons={})
    quiz = Quiz("?", ["a", "b"], answer="a", explain="A.", reasons={"b": "Not b."})
    with pytest.raises(ValueError, match="not one of the choices"):
        quiz.answer_with("z")
