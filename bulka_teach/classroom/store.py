"""The class's data on real storage: SQLite by default, PostgreSQL for a class spread over many servers.

``open_store(where)`` takes a file path (SQLite; created, and migrated, when first opened) or a
``postgresql://`` URL (psycopg, the ``postgres`` extra). Only what a student typed and answered is kept: their
name, a hash of the secret their browser holds, the lessons they opened, each answer with the choice made, the
mistakes a Review found and their games of the class deal. Every write is one committed transaction: a restart
loses nothing that was answered, and a write that fails (a full disk, a database gone) raises ``StoreError`` with
a sentence and leaves the data as it was.
"""
from __future__ import annotations

import csv
import hashlib
import io
import json
import secrets
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from ..names import name_problem
from .board import Result
from .migrations import MIGRATIONS, statements

NAME_MISSING = "Type your name once: your teacher sees your lessons by it."
CANNOT_WRITE = ("The class's record could not be saved ({why}): what you just did was not kept. Your lesson goes on; "
                "tell your teacher.")
TEXT_LIMIT = 400  # characters kept of a question's words, a choice or a mistake's sentence


class StoreError(Exception):
    """The class's data could not be written or read; ``str(err)`` says so in a sentence. Nothing was changed."""


class NameRefused(Exception):
    """A name the class cannot take; ``str(err)`` says what to type instead."""


@dataclass(frozen=True)
class Student:
    id: int
    name: str


@dataclass
class LessonRow:
    lesson: str
    questions: int  # how many the page asks
    right: int  # questions answered right, in the end
    first: int  # questions right at the first try
    opened: float

    @property
    def done(self) -> bool:
        return self.questions > 0 and self.right >= self.questions


@dataclass
class RosterRow:
    name: str
    lessons: list[LessonRow] = field(default_factory=list)

    @property
    def current(self) -> str | None:
        """The lesson opened last."""
        return max(self.lessons, key=lambda row: row.opened).lesson if self.lessons else None

    @property
    def done(self) -> int:
        return sum(row.done for row in self.lessons)


@dataclass
class HardQuestion:
    lesson: str
    question: str
    text: str
    students: int  # students who answered it
    wrong_first: int  # of them, wrong at the first try
    wrong_choices: list[tuple[str, int]]  # each wrong answer chosen, with how many times


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _clip(text: object) -> str:
    return str(text)[:TEXT_LIMIT]


class ClassStore:
    """One class's data in one database. Thread-safe: one connection, used under a lock."""

    def __init__(self, connection: Any, dialect: str, where: str) -> None:
        self._db = connection
        self.dialect = dialect
        self.where = where  # for the log: the file, or the URL without its password
        self._lock = threading.Lock()
        self._errors: tuple[type[BaseException], ...] = (sqlite3.Error,)
        if dialect == "postgresql":
            import psycopg

            self._errors = (psycopg.Error,)
        self.migrate()

    # --- the database ------------------------------------------------------------------------------------------
    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s") if self.dialect == "postgresql" else sql

    @contextmanager
    def _transaction(self) -> Iterator[Any]:
        """A cursor inside one transaction: committed at the end, rolled back (and ``StoreError``) on failure."""
        with self._lock:
            cursor = self._db.cursor()
            try:
                yield cursor
                self._db.commit()
            except self._errors as failed:
                self._db.rollback()
                raise StoreError(CANNOT_WRITE.format(why=str(failed).strip().splitlines()[0][:120])) from failed
            finally:
                cursor.close()

    def _run(self, cursor: Any, sql: str, params: Sequence[Any] = ()) -> Any:
        cursor.execute(self._sql(sql), tuple(params))
        return cursor

    def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self._transaction() as cursor:
            return list(self._run(cursor, sql, params).fetchall())

    def version(self) -> int:
        """The schema's migration number (0: a new database)."""
        with self._transaction() as cursor:
            self._run(cursor, "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            row = self._run(cursor, "SELECT MAX(version) FROM schema_version").fetchone()
        return int(row[0] or 0)

    def migrate(self) -> None:
        """Bring the database to the newest schema, one migration per transaction."""
        for version in range(self.version() + 1, len(MIGRATIONS) + 1):
            with self._transaction() as cursor:
                for sql in statements(version, self.dialect):
                    self._run(cursor, sql)
                self._run(cursor, "INSERT INTO schema_version (version) VALUES (?)", (version,))

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # --- students ----------------------------------------------------------------------------------------------
    def join(self, name: object) -> tuple[Student, str]:
        """A new student of the class: the student and the secret their browser keeps (never stored as such)."""
        problem = name_problem(name, NAME_MISSING)
        if problem:
            raise NameRefused(problem)
        assert isinstance(name, str)
        name = " ".join(name.split())
        token = secrets.token_urlsafe(18)
        with self._transaction() as cursor:
            taken = self._run(cursor, "SELECT name FROM students WHERE name_key = ?", (name.casefold(),)).fetchone()
            if taken:
                raise NameRefused(f"A classmate already joined as {taken[0]}: add the first letter of your family "
                                  f"name ({name} B.), so your teacher can tell you apart.")
            self._run(cursor, "INSERT INTO students (name, name_key, token_hash, joined) VALUES (?, ?, ?, ?)",
                      (name, name.casefold(), token_hash(token), time.time()))
            row = self._run(cursor, "SELECT id FROM students WHERE name_key = ?", (name.casefold(),)).fetchone()
        return Student(int(row[0]), name), token

    def student(self, token: object) -> Student | None:
        """The student whose browser holds ``token``; None for a token no student of this class holds."""
        if not isinstance(token, str) or not 0 < len(token) <= 64:
            return None
        rows = self._rows("SELECT id, name FROM students WHERE token_hash = ?", (token_hash(token),))
        return Student(int(rows[0][0]), rows[0][1]) if rows else None

    # --- what students do --------------------------------------------------------------------------------------
    def opened(self, student: Student, lesson: str, questions: int) -> None:
        """``student`` opened ``lesson``, which asks ``questions`` questions (as far as the page knows)."""
        with self._transaction() as cursor:
            self._upsert_lesson(cursor, student, lesson, questions)

    def _upsert_lesson(self, cursor: Any, student: Student, lesson: str, questions: int) -> None:
        self._run(cursor, """INSERT INTO lessons (student, lesson, questions, opened) VALUES (?, ?, ?, ?)
                             ON CONFLICT (student, lesson) DO UPDATE SET opened = excluded.opened,
                             questions = CASE WHEN excluded.questions > lessons.questions
                                              THEN excluded.questions ELSE lessons.questions END""",
                  (student.id, _clip(lesson), max(0, int(questions)), time.time()))

    def answered(self, student: Student, lesson: str, question: str, text: str, choice: str, right: bool,
                 questions: int = 0) -> bool:
        """Record an answer; whether it was the student's first try at this question."""
        with self._transaction() as cursor:
            self._upsert_lesson(cursor, student, lesson, questions)
            before = self._run(cursor, "SELECT 1 FROM answers WHERE student = ? AND lesson = ? AND question = ? "
                                       "LIMIT 1", (student.id, _clip(lesson), _clip(question))).fetchone()
            first = before is None
            self._run(cursor, """INSERT INTO answers (student, lesson, question, question_text, choice, is_right,
                                 first_try, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)""",
                      (student.id, _clip(lesson), _clip(question), _clip(text), _clip(choice), int(bool(right)),
                       int(first), time.time()))
        return first

    def mistakes(self, student: Student, lesson: str, items: Sequence[tuple[str, float]]) -> None:
        """The mistakes a Review of ``student``'s practice deal found: each sentence with its cost."""
        with self._transaction() as cursor:
            self._upsert_lesson(cursor, student, lesson, 0)
            for text, cost in items:
                self._run(cursor, "INSERT INTO mistakes (student, lesson, text, cost, at) VALUES (?, ?, ?, ?, ?)",
                          (student.id, _clip(lesson), _clip(text), float(cost), time.time()))

    # --- the class deal ----------------------------------------------------------------------------------------
    def set_class_deal(self, code: str) -> None:
        with self._transaction() as cursor:
            self._run(cursor, """INSERT INTO class_deal (one, code, set_at) VALUES (1, ?, ?)
                                 ON CONFLICT (one) DO UPDATE SET code = excluded.code, set_at = excluded.set_at""",
                      (_clip(code), time.time()))

    def class_deal(self) -> str | None:
        rows = self._rows("SELECT code FROM class_deal")
        return rows[0][0] if rows else None

    def result(self, student: Student, code: str, won: bool, score: float, unit: str,
               decisions: list[dict[str, Any]]) -> bool:
        """Keep ``student``'s game of the class deal ``code``: whether they won, the score and each decision
        (``{"at", "choice", "cost", …}``, in order). Only the first game counts (a second one knows the cards): False,
        and nothing changed, when the student has one already."""
        with self._transaction() as cursor:
            added = self._run(cursor, """INSERT INTO results (student, code, won, score, unit, decisions, at)
                                         VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (student, code) DO NOTHING""",
                              (student.id, _clip(code), int(bool(won)), float(score), _clip(unit),
                               json.dumps(decisions), time.time()))
            return bool(added.rowcount)

    def results(self, code: str) -> list[Result]:
        """Each student's game of ``code``, in the order they were played (``board.ranked`` ranks them)."""
        rows = self._rows("""SELECT s.name, r.won, r.score, r.unit, r.decisions FROM results r
                             JOIN students s ON s.id = r.student WHERE r.code = ? ORDER BY r.at, s.name_key""",
                          (code,))
        return [Result(name, bool(won), float(score), unit, json.loads(decisions))
                for name, won, score, unit, decisions in rows]

    # --- the teacher's page ------------------------------------------------------------------------------------
    def roster(self) -> list[RosterRow]:
        """Every student with each lesson opened: questions asked, answered right, right at the first try."""
        rows = self._rows("""
            SELECT s.id, s.name, l.lesson, l.questions, l.opened,
                   (SELECT COUNT(DISTINCT a.question) FROM answers a
                     WHERE a.student = s.id AND a.lesson = l.lesson AND a.is_right = 1),
                   (SELECT COUNT(*) FROM answers a
                     WHERE a.student = s.id AND a.lesson = l.lesson AND a.first_try = 1 AND a.is_right = 1)
              FROM students s LEFT JOIN lessons l ON l.student = s.id
             ORDER BY s.name_key, l.opened""")
        roster: dict[int, RosterRow] = {}
        for sid, name, lesson, questions, opened, right, first in rows:
            row = roster.setdefault(sid, RosterRow(name))
            if lesson is not None:
                row.lessons.append(LessonRow(lesson, int(questions), int(right), int(first), float(opened)))
        return list(roster.values())

    def hardest(self, limit: int = 5) -> list[HardQuestion]:
        """The questions most students got wrong at the first try, with the wrong answers chosen."""
        rows = self._rows("""
            SELECT lesson, question, MAX(question_text), COUNT(DISTINCT student),
                   SUM(CASE WHEN first_try = 1 AND is_right = 0 THEN 1 ELSE 0 END) AS wrong
              FROM answers GROUP BY lesson, question
            HAVING SUM(CASE WHEN first_try = 1 AND is_right = 0 THEN 1 ELSE 0 END) > 0
             ORDER BY wrong DESC, lesson, question LIMIT ?""", (limit,))
        found = []
        for lesson, question, text, students, wrong in rows:
            choices = self._rows("""SELECT choice, COUNT(*) AS n FROM answers
                                     WHERE lesson = ? AND question = ? AND is_right = 0
                                     GROUP BY choice ORDER BY n DESC, choice LIMIT 5""", (lesson, question))
            found.append(HardQuestion(lesson, question, text, int(students), int(wrong),
                                      [(choice, int(n)) for choice, n in choices]))
        return found

    def costliest(self, limit: int = 5) -> list[tuple[str, str, float, int]]:
        """The practice mistakes that cost the class most: lesson, sentence, total cost, students who made it."""
        rows = self._rows("""SELECT lesson, text, SUM(cost) AS total, COUNT(DISTINCT student) FROM mistakes
                              GROUP BY lesson, text ORDER BY total DESC, text LIMIT ?""", (limit,))
        return [(lesson, text, float(total), int(students)) for lesson, text, total, students in rows]

    def csv(self) -> str:
        """Every answer, one row each, for a spreadsheet."""
        rows = self._rows("""SELECT s.name, a.lesson, a.question_text, a.choice, a.is_right, a.first_try, a.at
                               FROM answers a JOIN students s ON s.id = a.student ORDER BY a.at, a.id""")
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(["student", "lesson", "question", "answer", "right", "first try", "time (UTC)"])
        for name, lesson, text, choice, right, first, at in rows:
            writer.writerow([name, lesson, text, choice, "yes" if right else "no", "yes" if first else "no",
                             time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(at))])
        return out.getvalue()

    def erase(self) -> None:
        """Forget the whole class: every student, answer, mistake, result and the class deal."""
        with self._transaction() as cursor:
            for table in ("results", "mistakes", "answers", "lessons", "class_deal", "students"):
                self._run(cursor, f"DELETE FROM {table}")


def open_store(where: str) -> ClassStore:
    """The class store at ``where``: a SQLite file's path, or a ``postgresql://`` URL."""
    if where.startswith(("postgresql://", "postgres://")):
        try:
            import psycopg
        except ImportError as missing:
            raise StoreError("A PostgreSQL class store needs psycopg: pip install 'bulka_teach[postgres]'.") \
                from missing
        try:
            remote = psycopg.connect(where)
        except psycopg.Error as failed:
            raise StoreError(f"The class's PostgreSQL database could not be reached: {str(failed).strip()[:200]}") \
                from failed
        info = remote.info
        return ClassStore(remote, "postgresql", f"postgresql://{info.user}@{info.host}:{info.port}/{info.dbname}")
    try:
        connection = sqlite3.connect(where, check_same_thread=False, timeout=10)
        connection.execute("PRAGMA journal_mode = WAL")
        connection.execute("PRAGMA synchronous = FULL")  # an answer committed is on the disk
        connection.execute("PRAGMA foreign_keys = ON")
    except sqlite3.Error as failed:
        raise StoreError(f"The class's file {where} could not be opened: {failed}") from failed
    return ClassStore(connection, "sqlite", where)
