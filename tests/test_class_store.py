"""The class's data on SQLite and on PostgreSQL: the same tests on both (``.ci/run`` starts Debian's PostgreSQL).

What a teacher would notice: a student's answers counted right (first try, done), the class's hardest question
with the wrong answers chosen, the class deal's ranking, the CSV, erasing, a restart that keeps the class, names
refused with a sentence, a write that fails losing nothing already kept.
"""
from __future__ import annotations

import csv
import io
import os
import secrets
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from bulka_teach.classroom.board import Result, ranked
from bulka_teach.classroom.migrations import MIGRATIONS
from bulka_teach.classroom.store import ClassStore, NameRefused, StoreError, open_store
from bulka_teach.names import NAME_LIMIT

ADMIN_URL = os.environ.get("BULKA_TEST_POSTGRES", "postgresql:///postgres")  # where a test may create databases


def _postgres_database() -> Iterator[str]:
    """A new empty PostgreSQL database for one test, dropped after it."""
    psycopg = pytest.importorskip("psycopg")
    try:
        admin = psycopg.connect(ADMIN_URL, autocommit=True)
    except psycopg.Error as failed:
        if os.environ.get("CI"):
            pytest.fail(f"PostgreSQL is not reachable at {ADMIN_URL} ({failed}): .ci/run starts it")
        pytest.skip(f"PostgreSQL is not reachable at {ADMIN_URL}: scripts/postgres.sh starts Debian's")
    name = f"bulka_test_{secrets.token_hex(4)}"
    with admin:
        admin.execute(f"CREATE DATABASE {name}")
        try:
            yield ADMIN_URL.rsplit("/", 1)[0] + "/" + name
        finally:
            admin.execute(f"DROP DATABASE {name} WITH (FORCE)")


@pytest.fixture(params=["sqlite", "postgresql"])
def where(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Where a class store lives: a SQLite file, or a PostgreSQL database's URL."""
    if request.param == "sqlite":
        yield str(tmp_path / "class.sqlite3")
    else:
        yield from _postgres_database()


@pytest.fixture
def store(where: str) -> Iterator[ClassStore]:
    opened = open_store(where)
    yield opened
    opened.close()


def test_a_lesson_counts_first_tries_and_is_done_once_every_question_is_right(store: ClassStore) -> None:
    ann, _ = store.join("Ann")
    ben, _ = store.join("Ben")
    store.opened(ann, "czech-bulka/01-cards", 3)
    assert store.answered(ann, "czech-bulka/01-cards", "q1", "Which card is highest?", "the ace", True)
    assert store.answered(ann, "czech-bulka/01-cards", "q2", "How many cards?", "36", False)
    assert not store.answered(ann, "czech-bulka/01-cards", "q2", "How many cards?", "32", True)
    store.answered(ann, "czech-bulka/01-cards", "q3", "Who leads?", "the forehand", True)
    store.opened(ann, "czech-bulka/02-deal", 4)
    store.opened(ben, "czech-bulka/01-cards", 3)

    roster = {row.name: row for row in store.roster()}
    assert list(roster) == ["Ann", "Ben"]
    ann_row = roster["Ann"]
    assert ann_row.current == "czech-bulka/02-deal" and ann_row.done == 1
    first = {row.lesson: (row.first, row.right, row.questions, row.done) for row in ann_row.lessons}
    assert first == {"czech-bulka/01-cards": (2, 3, 3, True), "czech-bulka/02-deal": (0, 0, 4, False)}
    assert roster["Ben"].current == "czech-bulka/01-cards" and roster["Ben"].done == 0


def test_the_hardest_question_names_the_wrong_answers_chosen(store: ClassStore) -> None:
    students = [store.join(name)[0] for name in ("Ann", "Ben", "Cid", "Dora")]
    for student, choice in zip(students, ("36", "36", "28", "32")):
        store.answered(student, "czech-bulka/01-cards", "q2", "How many cards?", choice, choice == "32")
    store.answered(students[0], "czech-bulka/01-cards", "q1", "Which card is highest?", "the king", False)
    store.answered(students[0], "czech-bulka/01-cards", "q2", "How many cards?", "32", True)  # a second try

    hardest = store.hardest()
    assert [(q.question, q.wrong_first, q.students) for q in hardest] == [("q2", 3, 4), ("q1", 1, 1)]
    assert hardest[0].text == "How many cards?" and hardest[0].wrong_choices == [("36", 2), ("28", 1)]


def test_the_class_deal_ranks_the_students_and_keeps_each_decision(store: ClassStore) -> None:
    ann, ben, cid, dan = (store.join(name)[0] for name in ("Ann", "Ben", "Cid", "Dan"))
    assert store.class_deal() is None
    store.set_class_deal("CB2-std-4KQ7M2XA")
    store.set_class_deal("CB2-std-3BN1ZJVK")  # the teacher changed their mind: one class deal at a time
    assert store.class_deal() == "CB2-std-3BN1ZJVK"
    ace, seven = {"at": "m1", "choice": "play Ab", "cost": 0.0}, {"at": "m1", "choice": "play 7b", "cost": 0.4,
                                                                    "mistake": True}
    assert store.result(ann, "CB2-std-3BN1ZJVK", False, 52, "points", [ace])
    assert store.result(ben, "CB2-std-3BN1ZJVK", True, 70, "points", [seven])
    assert store.result(cid, "CB2-std-3BN1ZJVK", True, 61, "points", [ace])
    assert store.result(dan, "CB2-std-3BN1ZJVK", False, 52, "points", [ace])
    # a second game knows the cards: the first one stays
    assert not store.result(cid, "CB2-std-3BN1ZJVK", True, 90, "points", [ace])
    places = ranked(store.results("CB2-std-3BN1ZJVK"))
    assert [(place, r.name, r.won, r.score) for place, r in places] == [
        (1, "Ben", True, 70.0), (2, "Cid", True, 61.0), (3, "Ann", False, 52.0), (3, "Dan", False, 52.0)]
    assert places[0][1].decisions == [seven] and places[0][1].mistakes == 1
    assert store.results("CB2-std-4KQ7M2XA") == []


def test_a_class_of_the_first_schema_is_migrated_and_keeps_its_results(where: str) -> None:
    """A database written before the results knew who won (migration 1 only) opens, migrated, with its results."""
    old = open_store(where)
    ann, _ = old.join("Ann")
    old.close()
    if where.startswith("postgresql"):
        import psycopg

        raw = psycopg.connect(where, autocommit=True)
        raw.execute("ALTER TABLE results DROP COLUMN won")
        raw.execute("DELETE FROM schema_version WHERE version > 1")
        raw.execute("INSERT INTO results (student, code, score, unit, decisions, at) VALUES (%s, 'C', 3, 'points', "
                    "'[]', 0)", (ann.id,))
    else:
        raw = sqlite3.connect(where)
        raw.execute("ALTER TABLE results DROP COLUMN won")
        raw.execute("DELETE FROM schema_version WHERE version > 1")
        raw.execute("INSERT INTO results (student, code, score, unit, decisions, at) VALUES (?, 'C', 3, 'points', "
                    "'[]', 0)", (ann.id,))
        raw.commit()
    raw.close()
    store = open_store(where)
    try:
        assert store.version() == len(MIGRATIONS)
        assert store.results("C") == [Result("Ann", False, 3.0, "points", [])]
    finally:
        store.close()


def test_practice_mistakes_are_summed_over_the_class(store: ClassStore) -> None:
    ann, ben = store.join("Ann")[0], store.join("Ben")[0]
    store.mistakes(ann, "trappola/09-practice", [("play 7c, not Xb", 1.5), ("pass, not take", 0.5)])
    store.mistakes(ben, "trappola/09-practice", [("play 7c, not Xb", 2.0)])
    assert store.costliest() == [("trappola/09-practice", "play 7c, not Xb", 3.5, 2),
                                 ("trappola/09-practice", "pass, not take", 0.5, 1)]


def test_the_csv_holds_every_answer_and_erase_forgets_the_class(store: ClassStore) -> None:
    ann, _ = store.join("Ann, \"the quick\"")
    store.answered(ann, "bouillotte/01-pack", "q1", "Which queen is the mistigri?", "clubs", True)
    rows = list(csv.reader(io.StringIO(store.csv())))
    assert rows[0][:6] == ["student", "lesson", "question", "answer", "right", "first try"]
    assert rows[1][:6] == ["Ann, \"the quick\"", "bouillotte/01-pack", "Which queen is the mistigri?", "clubs",
                           "yes", "yes"]
    store.set_class_deal("TR2-std-214S5ZD4")
    store.erase()
    assert store.roster() == [] and store.hardest() == [] and store.class_deal() is None
    assert store.join("Ann")[0].name == "Ann"  # the name is free again


def test_a_restart_keeps_the_class_and_the_students_secrets(where: str) -> None:
    first = open_store(where)
    ann, token = first.join("Ann")
    first.answered(ann, "czech-bulka/01-cards", "q1", "Which card is highest?", "the ace", True, questions=1)
    first.close()
    again = open_store(where)  # the app restarted: migrations find the schema in place
    try:
        assert again.version() == len(MIGRATIONS)
        assert again.student(token) == ann
        assert again.student("forged-" + token) is None and again.student("x" * 10_000) is None
        assert [(row.name, row.done) for row in again.roster()] == [("Ann", 1)]
    finally:
        again.close()


@pytest.mark.parametrize("name, words", [
    ("", "Type your name once"),
    ("   ", "Type your name once"),
    ("x" * 10_000, "10,000 characters long"),
    ("x" * (NAME_LIMIT + 1), f"at most {NAME_LIMIT}"),
    ("<b>Ann</b>", "not < or >"),
    ("Ann\x00", "not < or >"),
    (None, "Type your name once"),
])
def test_a_name_the_class_cannot_take_gets_a_sentence(store: ClassStore, name: object, words: str) -> None:
    with pytest.raises(NameRefused, match=words):
        store.join(name)
    assert store.roster() == []


def test_a_name_already_taken_is_refused_whatever_its_case_and_spaces(store: ClassStore) -> None:
    store.join("Ann Novak")
    with pytest.raises(NameRefused, match="A classmate already joined as Ann Novak"):
        store.join("  ann   NOVAK ")
    assert [row.name for row in store.roster()] == ["Ann Novak"]


def test_a_write_that_fails_says_so_and_keeps_what_was_committed(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite3"
    store = open_store(str(path))
    ann, _ = store.join("Ann")
    store.answered(ann, "czech-bulka/01-cards", "q1", "Which card is highest?", "the ace", True)
    blocker = sqlite3.connect(path, timeout=0)
    blocker.execute("BEGIN EXCLUSIVE")  # another writer holds the file: this write cannot be made
    store._db.execute("PRAGMA busy_timeout = 50")
    try:
        with pytest.raises(StoreError, match="could not be saved .*was not kept"):
            store.answered(ann, "czech-bulka/01-cards", "q2", "How many cards?", "32", True)
    finally:
        blocker.rollback()
        blocker.close()
    assert [(row.lessons[0].right) for row in store.roster()] == [1]
    store.answered(ann, "czech-bulka/01-cards", "q2", "How many cards?", "32", True)  # and it works again
    assert store.roster()[0].lessons[0].right == 2
    store.close()


def test_an_unreachable_postgresql_is_a_sentence() -> None:
    pytest.importorskip("psycopg")
    with pytest.raises(StoreError, match="could not be reached"):
        open_store("postgresql://nobody@127.0.0.1:1/none?connect_timeout=2")


