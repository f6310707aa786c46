"""The lessons as a learner meets them: every stepped table shows what its caption tells, every wrong answer
says why, and the glossary cites lessons that teach its words.

The lessons' code cells are run here in one namespace per lesson (the hidden checks too), with every
``Stepper`` and ``Quiz`` they build collected.
"""
from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import nbformat
import pytest
from step_checks import check_steps, check_tricks, strings

from bulka_teach import Record
from bulka_teach.table import Puzzle, Quiz, Stepper

LESSONS = Path(__file__).resolve().parent.parent / "lessons" / "czech-bulka"
TAUGHT = sorted(LESSONS.glob("*.ipynb"))
GLOSSARY = LESSONS / "09-slang.ipynb"
ROW = re.compile(r"^\|\s*(?P<czech>[^|]+?)\s*\|\s*(?P<english>[^|]+?)\s*\|\s*(?P<lessons>[\d, ]+)\s*\|$")


def run_lesson(path: Path) -> dict[str, list[Any]]:
    """Run the lesson's code cells; the steppers, puzzles and quizzes it built (and no other lesson's), and under
    "Table" each stepper and puzzle with the lesson's text read before it."""
    built: dict[str, list[Any]] = {"Stepper": [], "Puzzle": [], "Quiz": [], "Table": []}
    read: list[str] = []  # the lesson's markdown so far
    with pytest.MonkeyPatch.context() as monkeypatch:
        for cls in (Stepper, Puzzle, Quiz):
            original = cls.__init__

            def init(self: Any, *args: Any, _original: Any = original, _name: str = cls.__name__,
                     **kwargs: Any) -> None:
                _original(self, *args, **kwargs)
                built[_name].append(self)
                if _name != "Quiz":
                    built["Table"].append((self, " ".join(read)))

            monkeypatch.setattr(cls, "__init__", init)
        namespace: dict[str, Any] = {}
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type == "markdown":
                read.append(cell.source)
            elif cell.cell_type == "code":
                exec(compile(cell.source, f"{path.name}", "exec"), namespace)  # noqa: S102 - the lesson's own code
    return built


@pytest.fixture(scope="module")
def lessons() -> dict[str, dict[str, list[Any]]]:
    return {p.stem: run_lesson(p) for p in TAUGHT}


@pytest.mark.parametrize("stem", [p.stem for p in TAUGHT])
def test_every_step_of_every_lesson_table_shows_what_its_caption_tells(lessons, stem):
    """The trick before it is won, the melds scored when told, the bank and chips as paid so far, the cut and
    the deal's packets drawn; no two consecutive steps draw the same table (step_checks.check_steps)."""
    steppers = lessons[stem]["Stepper"]
    if stem not in ("01-cards", "09-slang", "10-practice", "11-classmates"):
        assert steppers, f"{stem} builds no stepped table"
    for built in steppers:
        assert check_steps(built) == built.count


#: Each game's tricks in a deal (Bouillotte plays none).
TRICKS = {"czech-bulka": 9, "trappola": 9, "bouillotte": 9}
EVERY_LESSON = sorted(LESSONS.parent.glob("*/*.ipynb"))
GOLDEN = Path(__file__).resolve().parent / "golden"


@pytest.fixture(scope="module")
def every_lesson(lessons) -> dict[str, dict[str, list[Any]]]:
    """Every game's lessons run (the Czech ones already are), by "game/stem"."""
    return {f"{p.parent.name}/{p.stem}": lessons[p.stem] if p.parent == LESSONS else run_lesson(p)
            for p in EVERY_LESSON}


@pytest.mark.parametrize("lesson", [f"{p.parent.name}/{p.stem}" for p in EVERY_LESSON])
def test_every_stepper_of_every_game_leads_each_trick_by_the_last_ones_winner_and_stops_at_the_last(every_lesson,
                                                                                                     lesson):
    """A stepped table never shows "trick 10 of 9" after the last trick, and each trick is led by the winner of
    the one before — in the log and on the table (step_checks.check_tricks)."""
    for built in every_lesson[lesson]["Stepper"]:
        check_tricks(built, TRICKS[lesson.split("/")[0]])


@pytest.mark.parametrize("name", ["cb2-std", "cb3-renonc", "tr2-std", "tr4-house", "bo3-std"])
def test_a_stepper_over_a_whole_recorded_session_stops_at_each_deals_last_trick(name):
    """Whole sessions, many deals each: a trick-taking deal ends at its last trick, renonc or not."""
    scenario = json.loads((GOLDEN / f"{name}.json").read_text())["scenario"]
    built = Stepper(Record.from_dict(scenario))
    game = {"cb": "czech-bulka", "tr": "trappola", "bo": "bouillotte"}[name[:2]]
    checked = check_tricks(built, TRICKS[game])
    assert checked or game == "bouillotte"


@pytest.mark.parametrize("lesson", [f"{p.parent.name}/{p.stem}" for p in EVERY_LESSON])
def test_every_wrong_choice_of_every_quiz_says_why_when_it_is_chosen(every_lesson, lesson):
    """In every game's lessons: a one-line reason for each wrong choice, shown when it is chosen."""
    quizzes = every_lesson[lesson]["Quiz"]
    assert quizzes, f"{lesson} asks no question"
    for asked in quizzes:
        for choice in asked.choices:
            asked.answer_with(choice)
            if choice in asked.answers:
                assert "Right" in asked.feedback.value
            else:
                reason = asked.reasons[choice]
                assert reason.strip() and len(reason) < 160, f"{asked.question}: {choice!r} needs a one-line reason"
                shown = asked.feedback.value
                assert html.escape(reason) in shown and "Try again." not in shown, f"{asked.question}: {choice!r}"


def glossary() -> list[tuple[list[str], list[int]]]:
    rows = []
    for cell in nbformat.read(GLOSSARY, as_version=4).cells:
        for line in cell.source.splitlines() if cell.cell_type == "markdown" else []:
            match = ROW.match(line.strip())
            if match:
                words = [w.strip().strip("*").strip() for w in match["czech"].split("*, *")]
                rows.append((words, [int(n) for n in match["lessons"].split(",")]))
    return rows


def prose(number: int) -> str:
    """A lesson's learner text: its markdown cells, lower case."""
    path = next(LESSONS.glob(f"{number:02d}-*.ipynb"))
    text = " ".join(c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "markdown")
    return " ".join(text.lower().split())


def test_the_glossary_cites_lessons_that_teach_each_word():
    rows = glossary()
    assert len(rows) >= 20
    for words, cited in rows:
        for number in cited:
            for word in words:
                assert word.lower() in prose(number), f"the glossary cites lesson {number} for {word!r}: not there"


def test_the_glossary_quiz_asks_only_words_of_the_glossary_and_balicek_is_in_it():
    words = {w.lower() for row, _ in glossary() for w in row}
    assert {"balíček", "patent", "kam to jde?", "shodit", "dole", "jdu na to"} <= words
    notebook = nbformat.read(GLOSSARY, as_version=4)
    quizzed = [c.source for c in notebook.cells if c.cell_type == "code" and "Quiz(" in c.source]
    for source in quizzed:
        answer = re.search(r'answer="([^"]+)"', source)
        assert answer, source[:60]
        asked = answer[1].split(" (")[0].lower()
        assert asked in words or any(w in source.lower() for w in words), source[:80]


OPTION_NAMES = re.compile(r"`[a-z]+_[a-z_]+`|\b(meld_scope|all_of_winner|best_only|bela_mode|must_beat|renonc_mode|"
                          r"max_deals|exchange_chain|rules id|stock_exchange|two_player_alifer|"
                          r"bulka_won_seating|start_chips|favori_pagat|carre_anglais|deal_passes)\b|"
                          r"\bs20\.b1\b")
TRAPPOLA = sorted((LESSONS.parent / "trappola").glob("*.ipynb"))
BOUILLOTTE = sorted((LESSONS.parent / "bouillotte").glob("*.ipynb"))


@pytest.mark.parametrize("path", [*sorted(LESSONS.glob("*.ipynb")), *TRAPPOLA, *BOUILLOTTE],
                         ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_learner_text_speaks_the_learners_words_not_option_names(path):
    for cell in nbformat.read(path, as_version=4).cells:
        if "hide" in cell.metadata.get("tags", []):
            continue
        strings = re.findall(r'"([^"]*)"(?!\s*:)', cell.source)  # what a code cell shows: its strings, not dict keys
        text = cell.source if cell.cell_type == "markdown" else " ".join(strings)
        assert not OPTION_NAMES.search(text), f"{path.stem}: {OPTION_NAMES.search(text)[0]!r} in {text[:80]!r}"


#: Words a table may show before a lesson explains them, by game: each must be taught (in this game's lessons so far,
#: or earlier in this lesson) before a stepped table or a puzzle shows it.
TERMS = {
    "bouillotte": [r"\bcarre\b", "contre-carre", "mistigri", "anglais", "fiche", "favori", "Saint-James", "tapis",
                   "side pot", "dead money", "privilege"],
    "trappola": ["renonc", r"\bMarc\b", "Blans", "Bianka", "Manko", "Alifer", r"\bPro\b", "known to have no",
                 "Figura", "Cardano"],
}


def table_texts(built: Any) -> Iterator[str]:
    """Every caption and every string on the felt a stepper or puzzle shows, step by step."""
    if isinstance(built, Stepper):
        for step in built.steps:
            yield step.caption
            yield from strings(step.layout)
    else:
        yield from strings(built.table.layout)
        yield from strings({k: v for k, v in built.table.ui.items() if k in ("caption", "prompt", "buttons")})


@pytest.mark.parametrize("lesson", [f"{p.parent.name}/{p.stem}" for p in EVERY_LESSON
                                    if p.parent.name in TERMS])
def test_no_stepped_table_nor_puzzle_shows_a_word_before_the_lessons_teach_it(every_lesson, lesson):
    """Bouillotte's lesson 0 stepped through "a brelan mistigri", "brelan carré anglais", "6 fiches 1" and "carre",
    Trappola's first table showed "Blans 10", "Marc (trick 1) 20" and "known to have no batons", before any word
    of them was taught."""
    game, stem = lesson.split("/")
    earlier = " ".join(c.source for p in sorted((LESSONS.parent / game).glob("*.ipynb")) if p.stem < stem
                       for c in nbformat.read(p, as_version=4).cells if c.cell_type == "markdown")
    for built, before in every_lesson[lesson]["Table"]:
        taught = earlier + " " + before
        for text in table_texts(built):
            for term in TERMS[game]:
                if re.search(term, text, re.IGNORECASE):
                    assert re.search(term, taught, re.IGNORECASE), f"{lesson}: {term!r} shown before taught: {text!r}"
