"""The lesson notebooks: what nbval cannot check.

nbval runs every cell (the hidden ``assert`` cells check each lesson's positions against the engine).
These tests check how the notebooks are committed and built — clean, a question at every step, every
question checked, the lessons linked in order — and that a teacher's ``?deal=`` link deals that deal.
"""
from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from bulka_teach.bouillotte.ai.teaching import RULES as BOUILLOTTE_RULES
from bulka_teach.trappola.ai import RULES as TRAPPOLA_RULES

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
INDEX = LESSONS / "index.ipynb"
#: Each game's lessons, by folder, in the order they are taught (the first whole deal first, then practice against
#: the computer and play with classmates).
TOPICS = {
    "czech-bulka": ["first-deal", "cards", "deal", "trumps", "sibr", "melds", "tricks", "counting", "bank", "slang",
                    "practice", "classmates"],
    "trappola": ["first-partie", "cards", "points", "the-two", "bonuses", "declarations", "partie", "bulka",
                 "three-four", "practice", "classmates"],
    "bouillotte": ["first-hand", "pack", "deal-retourne", "brelans", "betting", "showdown", "side-pots", "one-jeton",
                   "variants", "practice", "classmates"],
}
COURSES = {game: sorted((LESSONS / game).glob("*.ipynb")) for game in TOPICS}
ALL = [path for paths in COURSES.values() for path in paths]
LINK = re.compile(r"\]\(([^)\s]+\.ipynb)\)")
QUESTION = re.compile(r"\b(Quiz|Puzzle)\(")
TABLE = re.compile(r"\b(Puzzle|Stepper|show_cards|Practice|Practice\.from_url|HotSeat)\(")
PROBE = 'print(game.deal_code)\nprint((game.table.ui["notice"] or {}).get("text"))'



def read(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


def hidden(cell: nbformat.NotebookNode) -> bool:
    return "hide" in cell.metadata.get("tags", [])


def steps(nb: nbformat.NotebookNode) -> list[tuple[str, list[nbformat.NotebookNode]]]:
    """The notebook cut at its ``## `` headings: (heading, the cells under it)."""
    found: list[tuple[str, list[nbformat.NotebookNode]]] = []
    for cell in nb.cells:
        if cell.cell_type == "markdown" and cell.source.startswith("## "):
            found.append((cell.source.splitlines()[0], []))
        elif found:
            found[-1][1].append(cell)
    return found


def ids(paths: list[Path]) -> list[str]:
    return [p.stem for p in paths]


@pytest.mark.parametrize("game", TOPICS)
def test_the_lessons_are_numbered_in_order_from_the_first_deal(game: str) -> None:
    assert [p.name for p in COURSES[game]] == [f"{n:02d}-{topic}.ipynb" for n, topic in enumerate(TOPICS[game])]


PACKS = LESSONS / "packs.ipynb"


@pytest.mark.parametrize("path", [INDEX, PACKS, *ALL], ids=ids([INDEX, PACKS, *ALL]))
def test_committed_clean(path: Path) -> None:
    nb = read(path)
    nbformat.validate(nb)
    assert nb.metadata.kernelspec.name == "python3"
    assert "widgets" not in nb.metadata, "widget state is random ids: strip metadata.widgets"
    for cell in nb.cells:
        assert "TODO" not in cell.source and "FIXME" not in cell.source
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, f"outputs left in: {cell.source[:60]}"


@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_every_step_shows_a_table_and_asks_a_question(path: Path) -> None:
    """In the practice lesson the practice tables are the pictures: there only the questions are per step."""
    for heading, cells in steps(read(path)):
        shown = [c for c in cells if c.cell_type == "code" and not hidden(c)]
        assert any(QUESTION.search(c.source) for c in shown), f"{heading}: no question"
        if not path.stem.endswith("-practice"):
            assert any(TABLE.search(c.source) for c in shown), f"{heading}: no table"
    assert TABLE.search("".join(c.source for c in read(path).cells if not hidden(c)))


@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_every_question_is_checked_by_a_hidden_cell(path: Path) -> None:
    for heading, cells in steps(read(path)):
        for k, cell in enumerate(cells):
            if cell.cell_type == "code" and not hidden(cell) and QUESTION.search(cell.source):
                later = cells[k + 1:]
                assert any(hidden(c) for c in later), f"{heading}: a question with no hidden check after it"


@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_hidden_cells_hold_checks_only(path: Path) -> None:
    """Voilà strips ``hide`` cells but still runs them: they assert, and never display anything."""
    for cell in read(path).cells:
        if hidden(cell):
            assert "assert" in cell.source
            assert not re.search(r"\bdisplay\(|^\w+\s*$", cell.source, re.M), cell.source[:60]


@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_hidden_cells_are_collapsed_in_jupyterlab(path: Path) -> None:
    """JupyterLab shows every cell: a learner experimenting there sees the checks folded away."""
    for cell in read(path).cells:
        if hidden(cell):
            assert cell.metadata.get("jupyter", {}).get("source_hidden") is True, cell.source[:60]


def test_the_index_links_every_lesson_relatively() -> None:
    links = [m for cell in read(INDEX).cells if cell.cell_type == "markdown" for m in LINK.findall(cell.source)]
    assert links == [f"{game}/{p.name}" for game, paths in COURSES.items() for p in paths] + ["packs.ipynb"]
    assert all((LESSONS / link).is_file() for link in links)


@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_each_lesson_links_the_next(path: Path) -> None:
    links = [m for cell in read(path).cells if cell.cell_type == "markdown" for m in LINK.findall(cell.source)]
    course = COURSES[path.parent.name]
    position = course.index(path)
    expected = course[position + 1].name if position + 1 < len(course) else "../index.ipynb"
    assert links[-1] == expected and (path.parent / links[-1]).is_file()


def run_practice_with_query(query: str, monkeypatch: pytest.MonkeyPatch, game: str = "czech-bulka") -> list[str]:
    """Run a game's practice lesson up to its table under a page query string; the table's deal code and notice."""
    monkeypatch.setenv("QUERY_STRING", query)
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    nb = read(next(p for p in COURSES[game] if p.stem.endswith("-practice")))
    end = next(k for k, c in enumerate(nb.cells) if "Practice.from_url(" in c.source)
    nb.cells = [c for c in nb.cells[: end + 1] if c.cell_type == "code" and not hidden(c)]
    nb.cells.append(nbformat.v4.new_code_cell(PROBE))
    NotebookClient(nb, timeout=120, kernel_name="python3").execute()
    return "".join(o.get("text", "") for o in nb.cells[-1].outputs).splitlines()


def test_a_teachers_link_deals_the_teachers_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    code, notice = run_practice_with_query("deal=CB2-s20.b1-4KQ7M2XA", monkeypatch)
    assert code == "CB2-s20.b1-4KQ7M2XA-W" and notice == "None"  # a code from before the check, printed with it


def test_a_bad_deal_code_says_so_and_deals_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    code, notice = run_practice_with_query("deal=CB2-std-4KQ7U", monkeypatch)
    assert code.startswith("CB2-std-") and code != "CB2-std-4KQ7U"
    assert "cannot be used" in notice and "fresh deal" in notice


def test_a_teachers_link_deals_the_teachers_trappola_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    code, notice = run_practice_with_query("deal=TR2-std-802HHG6T-C", monkeypatch, "trappola")
    assert code == "TR2-std-802HHG6T-C" and notice == "None"  # the code the index and the lesson give teachers


def test_a_teachers_link_deals_the_teachers_bouillotte_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    code, notice = run_practice_with_query("deal=BO3-std-7Z3JHS8P-B", monkeypatch, "bouillotte")
    assert code == "BO3-std-7Z3JHS8P-B" and notice == "None"  # the code the index and the lesson give teachers


def test_every_trappola_teaching_rule_names_a_lesson_there_is() -> None:
    """The coach names the lesson behind each rule it cites: that lesson must exist."""
    named = {rule.lesson for rule in TRAPPOLA_RULES}
    assert named <= {f"trappola/{p.stem}" for p in COURSES["trappola"]}, named


def test_every_bouillotte_teaching_rule_names_a_lesson_there_is() -> None:
    """The coach cites each rule's lesson by its notebook's name: that lesson must exist."""
    named = {rule.lesson for rule in BOUILLOTTE_RULES}
    assert named <= {p.stem for p in COURSES["bouillotte"]}, named
