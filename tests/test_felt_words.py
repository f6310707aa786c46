"""The original words on the felt: one beside an English word at most, never Cyrillic, and a setting that hides them.

The lessons teach the Czech, Italian, German, French and Russian terms; the practice table's labels, buttons and
prompt carry one of them at most beside each English word (``layout.term``), and the learner may hide them
(``Controller.show_original_words``, the practice table's checkbox). Each game is played at random a while and
every felt it draws is read.
"""
from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import nbformat
import pytest

from bulka_teach import layout as lay
from bulka_teach.table import Practice
from bulka_teach.table.base import FELT_UI

CYRILLIC = re.compile(r"[\u0400-\u04FF]")
BESIDE = re.compile(r"\(([^()]+)\)")
LESSONS = Path(__file__).resolve().parent.parent / "lessons"
GAMES = {"bouillotte": ("You", "Ann", "Ben", "Cleo", "Dan"), "trappola": ("You", "Ann", "Ben"),
         "czech-bulka": ("You", "Ann", "Ben")}


def strings(tree: Any) -> Iterator[str]:
    if isinstance(tree, str):
        yield tree
    elif isinstance(tree, dict):
        for value in tree.values():
            yield from strings(value)
    elif isinstance(tree, list | tuple):
        for value in tree:
            yield from strings(value)


def felt(practice: Practice) -> list[str]:
    """Every string the felt shows now: the layout's, the prompt's, the buttons' and the review's."""
    ui = practice.table.ui
    return [*strings(practice.table.layout), *strings({k: ui[k] for k in FELT_UI if k in ui})]


def table(game: str) -> Practice:
    return Practice(game=game, players=GAMES[game], whole="match")


def played(practice: Practice, seed: int, clicks: int = 160) -> Iterator[Practice]:
    """The practice table played at random by its buttons and cards (Continue between deals), after each click."""
    rng = random.Random(seed)
    for _ in range(clicks):
        yield practice
        ui = practice.table.ui
        options = [{"type": "action", "action": b["action"] + (f" {b['amount']['min']}" if "amount" in b else "")}
                   for b in ui["buttons"] if b["action"] != "tapis"]  # all in: the session would end at once
        options += [{"type": "card", "card": c} for c in ui.get("clickable") or {}]
        if not options and practice.finished:
            return
        practice.table.send_from_browser(rng.choice(options) if options else {"type": "control", "name": "continue"})


@pytest.mark.parametrize("game", GAMES)
def test_the_felt_carries_one_original_word_beside_an_english_one_and_never_cyrillic(game):
    for practice in played(table(game), 1, clicks=400):
        for text in felt(practice):
            assert not CYRILLIC.search(text), f"{game}: {text!r}"
            for inside in BESIDE.findall(text):
                pieces = re.split(r", | / ", inside)
                if len(pieces) > 1:
                    assert not any(p in lay.ORIGINAL_WORDS for p in pieces), f"{game}: two original words: {text!r}"


@pytest.mark.parametrize("game", GAMES)
def test_the_learner_may_hide_the_original_words_and_show_them_again(game):
    shown = hidden = 0
    for practice in played(table(game), 2, clicks=80):
        before = (practice.table.layout, practice.table.ui)
        practice.words_box.value = False  # the checkbox under the table
        for text in felt(practice):
            assert not any(word in lay.ORIGINAL_WORDS for word in BESIDE.findall(text)), f"{game}: {text!r}"
        hidden += sum(text.count("(") for text in felt(practice))
        practice.words_box.value = True
        assert (practice.table.layout, practice.table.ui) == before, "showing them again draws the table as before"
        shown += sum(text.count("(") for text in felt(practice))
    assert hidden < shown, "the original words were there to hide"


def test_the_hidden_words_stay_hidden_as_play_goes_on_and_the_caption_keeps_them():
    practice = table("bouillotte")
    assert practice.words_box.description == "Show the French words beside the English"
    practice.words_box.value = False
    captions = []
    for _ in played(practice, 3, clicks=40):
        assert not any(word in lay.ORIGINAL_WORDS for text in felt(practice) for word in BESIDE.findall(text))
        captions.append(practice.table.ui["caption"])
    assert any(re.search(r"\((passe|ouvre|tient|relance|se retire|le jeu)\)", c) for c in captions), captions


def headings() -> Iterator[tuple[str, str]]:
    for path in sorted(LESSONS.glob("**/*.ipynb")):
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type == "markdown":
                for line in cell.source.splitlines():
                    if line.startswith("#") or path.name == "index.ipynb" and "](" in line:
                        yield path.name, line


def test_no_lesson_title_nor_index_entry_gives_a_term_in_cyrillic_alone():
    """"The player with one jeton (обойщик)" gives the key term in a script most learners cannot read."""
    for name, line in headings():
        outside = BESIDE.sub("", line)
        assert not CYRILLIC.search(outside), f"{name}: a Cyrillic word outside a term's brackets: {line!r}"
        for inside in BESIDE.findall(line):
            if CYRILLIC.search(inside):
                assert re.search(r"[A-Za-zÀ-ÿ]{3,}", inside), f"{name}: {line!r}"
