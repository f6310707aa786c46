"""The class over HTTP (tornado), inside the app server: students' browsers record, the teacher's page reads.

Routes under ``<base>/bulka/class/``:

- ``api/join`` (a name → the student's secret, which their browser keeps), ``api/me`` (a secret → the name),
  ``api/record`` (a secret and one entry of a lesson page's progress log). A student's browser sends only its
  own secret: nothing answers with another student's data.
- ``teacher?token=T``: the teacher's page (the token the app prints at start, as Jupyter prints its own), which
  reads ``teacher/data`` every 2 s, ``teacher/csv`` and ``teacher/erase``; any other token is refused.

The store's writes run on one worker thread, so the server's event loop (the pages' kernels) never waits for a
disk. Bodies are at most ``MAX_BODY_BYTES``; every refusal is a sentence.
"""
from __future__ import annotations

import asyncio
import hmac
import json
import logging
import math
import os
import secrets
from collections.abc import Callable, MutableMapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar
from urllib.parse import urlsplit

from tornado.web import RequestHandler

from ..links import CLASS_PATH_ENV
from .page import TEACHER_PAGE, WRONG_TOKEN_PAGE
from .store import ClassStore, NameRefused, StoreError, open_store

log = logging.getLogger("bulka_teach.classroom")
T = TypeVar("T")
PREFIX = "bulka/class/"
DB_ENV = "BULKA_CLASS_DB"  # the store: a SQLite file's path or a postgresql:// URL
DEFAULT_DB = "bulka_class.sqlite3"  # in the folder the app starts in
TEACHER_ENV = "BULKA_TEACHER_TOKEN"  # the teacher's token (one is made at start when it is not set)
TEACHER_HEADER = "X-Bulka-Teacher"
MAX_BODY_BYTES = 16 * 1024
KINDS = ("opened", "answer", "mistakes")
UNKNOWN = ("This browser's name is not one of this class's (the class may have been erased): type your name again "
           "on the start page.")


class Classroom:
    """The store, the teacher's token and the worker thread, shared by the handlers."""

    def __init__(self, store: ClassStore, teacher_token: str) -> None:
        self.store = store
        self.teacher_token = teacher_token
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bulka-class")

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.worker, work, *args)

    def is_teacher(self, token: object) -> bool:
        return isinstance(token, str) and hmac.compare_digest(token.encode("utf-8"),
                                                              self.teacher_token.encode("utf-8"))


class ClassHandler(RequestHandler):
    """Base of the handlers: bounded JSON bodies, answers as JSON sentences."""

    def initialize(self, classroom: Classroom) -> None:
        self.classroom = classroom

    def prepare(self) -> None:
        """A request comes from a page of this server (its Origin, where a browser sends one, is this host)."""
        origin = self.request.headers.get("Origin")
        if origin is not None and urlsplit(origin).netloc != self.request.host:
            self.answer(403, {"error": "This class answers only its own pages."})

    def check_xsrf_cookie(self) -> None:
        """No cookie is needed: ``prepare`` refuses another site's page, and a student's secret is in the body."""

    def body(self) -> dict[str, Any] | None:
        """The request's JSON object, or None once a refusal has been sent."""
        if len(self.request.body) > MAX_BODY_BYTES:
            self.answer(413, {"error": f"A request holds at most {MAX_BODY_BYTES:,} bytes."})
            return None
        try:
            found = json.loads(self.request.body or b"{}")
        except ValueError:
            found = None
        if not isinstance(found, dict):
            self.answer(400, {"error": "A request is a JSON object."})
            return None
        return found

    def answer(self, status: int, body: dict[str, Any]) -> None:
        if self._finished:
            return
        self.set_status(status)
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(body, ensure_ascii=False))


class JoinHandler(ClassHandler):
    async def post(self) -> None:
        body = self.body()
        if body is None:
            return
        try:
            student, token = await self.classroom.run(self.classroom.store.join, body.get("name"))
        except NameRefused as refused:
            self.answer(400, {"error": str(refused)})
        except StoreError as failed:
            self.answer(503, {"error": str(failed)})
        else:
            self.answer(200, {"name": student.name, "token": token})


class MeHandler(ClassHandler):
    async def post(self) -> None:
        body = self.body()
        if body is None:
            return
        student = await self.classroom.run(self.classroom.store.student, body.get("token"))
        if student is None:
            self.answer(404, {"error": UNKNOWN})
        else:
            self.answer(200, {"name": student.name})


def _text(value: object, default: str = "") -> str:
    return value if isinstance(value, str) else default


def _count(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 1000 else 0


def entry_problem(lesson: object, entry: object) -> str | None:
    """What is wrong with a recorded entry, or None."""
    if not isinstance(lesson, str) or not 0 < len(lesson) <= 200 or "<" in lesson:
        return "A record names its lesson (czech-bulka/03-trumps)."
    if not isinstance(entry, dict) or entry.get("kind") not in KINDS:
        return f"A record is one of: {', '.join(KINDS)}."
    if entry["kind"] == "answer" and not (isinstance(entry.get("question"), str) and
                                          isinstance(entry.get("right"), bool)):
        return "An answer names its question and whether it was right."
    return None


def record(store: ClassStore, token: object, lesson: str, entry: dict[str, Any]) -> bool:
    """Write one entry of a page's progress log for the student holding ``token``; False for an unknown token."""
    student = store.student(token)
    if student is None:
        return False
    kind = entry["kind"]
    if kind == "opened":
        store.opened(student, lesson, _count(entry.get("total")))
    elif kind == "answer":
        store.answered(student, lesson, entry["question"], _text(entry.get("text"), entry["question"]),
                       _text(entry.get("choice")), entry["right"], _count(entry.get("total")))
    else:
        items = [(_text(item.get("text")), float(item["cost"])) for item in entry.get("items") or []
                 if isinstance(item, dict) and isinstance(item.get("cost"), int | float)
                 and math.isfinite(item["cost"])]
        store.mistakes(student, lesson, items[:5])
    return True


class RecordHandler(ClassHandler):
    async def post(self) -> None:
        body = self.body()
        if body is None:
            return
        problem = entry_problem(body.get("lesson"), body.get("entry"))
        if problem:
            self.answer(400, {"error": problem})
            return
        try:
            known = await self.classroom.run(record, self.classroom.store, body.get("token"), body["lesson"],
                                             body["entry"])
        except StoreError as failed:
            log.warning("A record was not kept: %s", failed.__cause__ or failed)
            self.answer(503, {"error": str(failed)})
            return
        self.answer(200 if known else 404, {} if known else {"error": UNKNOWN})


class TeacherHandler(ClassHandler):
    """The teacher's: the token from the query (the printed link) or the page's header."""

    def prepare(self) -> None:
        super().prepare()
        if self._finished:
            return
        token = self.request.headers.get(TEACHER_HEADER) or self.get_query_argument("token", "")
        if not self.classroom.is_teacher(token):
            self.set_status(403)
            if self.request.path.endswith("/teacher"):
                self.set_header("Content-Type", "text/html; charset=utf-8")
                self.finish(WRONG_TOKEN_PAGE)
            else:
                self.answer(403, {"error": "This is the teacher's: the token is not the one the app printed."})


class TeacherPageHandler(TeacherHandler):
    def get(self) -> None:
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.set_header("Referrer-Policy", "no-referrer")  # the token in the address goes nowhere else
        self.finish(TEACHER_PAGE)


def teacher_data(store: ClassStore) -> dict[str, Any]:
    """Everything the teacher's page shows, as JSON."""
    return {
        "students": [{"name": row.name, "current": row.current, "done": row.done,
                      "lessons": [{"lesson": lesson.lesson, "questions": lesson.questions, "right": lesson.right,
                                   "first": lesson.first, "done": lesson.done} for lesson in row.lessons]}
                     for row in store.roster()],
        "hardest": [{"lesson": q.lesson, "text": q.text, "students": q.students, "wrong": q.wrong_first,
                     "choices": q.wrong_choices} for q in store.hardest()],
        "mistakes": [{"lesson": lesson, "text": text, "cost": round(cost, 1), "students": students}
                     for lesson, text, cost, students in store.costliest()],
    }


class TeacherDataHandler(TeacherHandler):
    async def get(self) -> None:
        try:
            self.answer(200, await self.classroom.run(teacher_data, self.classroom.store))
        except StoreError as failed:
            self.answer(503, {"error": str(failed)})


class TeacherCsvHandler(TeacherHandler):
    async def get(self) -> None:
        text = await self.classroom.run(self.classroom.store.csv)
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", 'attachment; filename="class-answers.csv"')
        self.set_header("Cache-Control", "no-store")
        self.finish(text)


class TeacherEraseHandler(TeacherHandler):
    async def post(self) -> None:
        await self.classroom.run(self.classroom.store.erase)
        self.answer(200, {"erased": True})


def class_routes(classroom: Classroom, base_url: str) -> list[Any]:
    root = base_url.rstrip("/") + "/" + PREFIX
    settings = {"classroom": classroom}
    return [(root + "api/join", JoinHandler, settings), (root + "api/me", MeHandler, settings),
            (root + "api/record", RecordHandler, settings), (root + "teacher", TeacherPageHandler, settings),
            (root + "teacher/data", TeacherDataHandler, settings), (root + "teacher/csv", TeacherCsvHandler, settings),
            (root + "teacher/erase", TeacherEraseHandler, settings)]


def app_class_routes(base_url: str, env: MutableMapping[str, str] = os.environ) -> tuple[list[Any], Classroom]:
    """The class inside the app server: the store opened (``BULKA_CLASS_DB``, else ``bulka_class.sqlite3`` here),
    the teacher's token (``BULKA_TEACHER_TOKEN``, else a new one), the kernels told where pages record."""
    store = open_store(env.get(DB_ENV) or DEFAULT_DB)
    token = env.get(TEACHER_ENV) or secrets.token_urlsafe(24)
    env[CLASS_PATH_ENV] = base_url.rstrip("/") + "/" + PREFIX + "api/"
    classroom = Classroom(store, token)
    return class_routes(classroom, base_url), classroom
