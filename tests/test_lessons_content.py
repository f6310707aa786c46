"""The lesson notebooks: what nbval cannot check.

nbval runs every cell (the hidden ``assert`` cells check each lesson's positions against the engine).
These tests check how the notebooks are committed and built — clean, a question at every step, every
question checked, the lessons linked in order — and that a teacher's ``?deal=`` link deals that deal.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from bulka_teach.bouillotte.ai.teaching import RULES as BOUILLOTTE_RULES
from bulka_teach.bouillotte.rules import BouillotteRules, mistigri
from bulka_teach.cards import ITALIAN, french_pack
from bulka_teach.dealing import DealCode
from bulka_teach.trappola.ai import RULES as TRAPPOLA_RULES
from bulka_teach.trappola.rules import TRICK_RULES

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
TABLE = re.compile(r"\b(Puzzle|Stepper|show_cards|Practice|Practice\.from_url|HotSeat|Classmates)\(")
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


# --- the facts the lessons teach, checked against the rules ----------------------------------------------------

def captions(path: Path) -> list[str]:
    """The captions of a lesson's ``show_cards`` pictures, as the learner reads them."""
    found = []
    for cell in read(path).cells:
        if cell.cell_type == "code" and not hidden(cell):
            for node in ast.walk(ast.parse(cell.source)):
                if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "show_cards":
                    found += [ast.literal_eval(k.value) for k in node.keywords if k.arg == "caption"]
    return found


def prose(path: Path) -> str:
    """A lesson's learner text (its markdown cells), on one line."""
    return " ".join(" ".join(c.source for c in read(path).cells if c.cell_type == "markdown").split())


TRICK_TOLD = re.compile(r"Trick (\d+): (.*?)(?=Trick \d+:|$)")
TRAPPOLA_CARD = re.compile(r"\b[ARCFX9872][scdb]\b")


@pytest.mark.parametrize("path", COURSES["trappola"], ids=ids(COURSES["trappola"]))
def test_a_trappola_picture_of_tricks_in_a_row_has_each_led_by_the_winner_of_the_one_before(path: Path) -> None:
    """"Trick 6: Ann leads 2c, Ben … plays Rd. Trick 7: Ben leads …" is false: Ann's two won trick 6."""
    for caption in captions(path):
        tricks = {}
        for number, told in TRICK_TOLD.findall(caption):
            leader = re.search(r"(Ann|Ben)\b.*? leads", told)
            cards = TRAPPOLA_CARD.findall(told)
            if leader is None or len(cards) != 2:  # a hand shown at that trick, not a trick played
                continue
            led = leader[1]
            won = TRICK_RULES.winner(list(enumerate(ITALIAN.cards_of(cards))), None)
            tricks[int(number)] = (led, led if won == 0 else {"Ann": "Ben", "Ben": "Ann"}[led])
        for number, (led, _) in tricks.items():
            if number - 1 in tricks:
                assert led == tricks[number - 1][1], f"{caption!r}: trick {number} is led by the winner of trick " \
                                                     f"{number - 1}, {tricks[number - 1][1]}"


NUMBER_WORDS = {w: n for n, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve "
                                           "thirteen fourteen".split())}


def test_the_trappola_pack_is_the_full_pack_less_its_threes_to_sixes() -> None:
    """Thirteen ranks a suit (ace, 2 to 10, three court cards), less the 3, 4, 5 and 6: nine; 52 − 16 = 36."""
    text = prose(COURSES["trappola"][1])
    told = re.search(r"has (\w+) ranks", text)
    assert told, "lesson 1 says how many ranks the full pack has"
    removed = ("3", "4", "5", "6")
    assert NUMBER_WORDS[told[1]] - len(removed) == len(ITALIAN.ranks) == 9, told[0]
    assert "36 cards" in text and f"{NUMBER_WORDS[told[1]] * 4}" in text


def test_the_mistigri_is_the_clubs_jack_or_queen_never_the_highest_clubs_court_card() -> None:
    """The king of clubs is in every pack: the mistigri is the jack of clubs where jacks are left, else the queen."""
    text = prose(COURSES["bouillotte"][1]).lower()
    definition = text[text.index("**mistigri**") - 200:text.index("**mistigri**") + 300]
    assert "highest" not in definition, definition
    for players, word in ((5, "five"), (4, "four")):
        card = mistigri(french_pack(players))
        assert card is not None and french_pack(players).card("Kc") in french_pack(players).cards
        name = {"J": "jack", "Q": "queen"}[card.code[0]]
        assert f"the {name} of clubs at {word}" in definition, (players, definition)
    assert "queen of clubs" in definition and "jack of clubs" in definition and "jacks are" in definition


def test_the_deal_lesson_gives_the_seeds_rule_for_the_next_dealer_and_the_tables_house_rule() -> None:
    """The seeds pass the deal only when a game does not open; this table passes it after every deal (a house
    rule, in the house-rules panel)."""
    text = prose(COURSES["bouillotte"][2]).lower()
    assert BouillotteRules().deal_passes == "always"
    assert "after every deal" in text and "house rule" in text
    assert re.search(r"only when (nobody opens|the game does not open|a game does not open)", text), text[:400]


CODE = re.compile(r"\b(?:CB|TR|BO)\d-[a-z0-9.]+-[0-9A-Z]+(?:-[0-9A-Z])?\b")


@pytest.mark.parametrize("path", [INDEX, *ALL], ids=ids([INDEX, *ALL]))
def test_the_lessons_show_deal_codes_as_the_table_prints_them(path: Path) -> None:
    """"like CB2-std-4KQ7M2XA" while the table prints CB2-std-4KQ7M2XA-N and the typo sentence says codes end -N."""
    for cell in read(path).cells:
        if cell.cell_type == "markdown":
            for code in CODE.findall(cell.source):
                assert str(DealCode.parse(code)) == code, f"{path.stem}: {code} is printed {DealCode.parse(code)}"


def test_a_teachers_link_whose_last_dash_was_lost_deals_the_teachers_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    code, notice = run_practice_with_query("deal=CB2-std-JPEVH49J3", monkeypatch)
    assert code == "CB2-std-JPEVH49J-3" and notice == "None"


def test_the_readme_first_screen_says_what_the_package_is_now() -> None:
    """It said Trappola's and Bouillotte's tables and lessons "come next" long after they came."""
    readme = (LESSONS.parent / "README.md").read_text(encoding="utf-8")
    first = readme[:readme.index("\n## ")]
    assert "come next" not in first and "All three games are complete" in first
    for title in ("Czech Bulka", "Trappola's Bulka", "Bouillotte"):
        assert title in first
    assert all(COURSES[game] for game in TOPICS), "each game has its lessons, as the first screen says"


@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_a_hidden_puzzle_is_a_twin_of_a_shown_one(path: Path) -> None:
    """The browser counts a lesson's questions by their words: a hidden cell's puzzle checks a shown one with its
    words (``right=shown.right``), so it is the same question and not one more the learner could never answer."""
    for cell in read(path).cells:
        if cell.cell_type == "code" and hidden(cell):
            for call in re.finditer(r"\bPuzzle\((.*)", cell.source):
                assert re.search(r"\bright=\w+\.right\b", call.group(1)), call.group(0)[:80]
