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
import csv
import hmac
import io
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
from ..seals import SEAL_ENV, is_sealed
from .board import ranked, splits
from .deal import DealRefused, choose, class_deal
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
KINDS = ("opened", "answer", "mistakes", "result")
MAX_DECISIONS = 300  # decisions a game of the class deal reports at most
UNKNOWN = ("This browser's name is not one of this class's (the class may have been erased): type your name again "
           "on the start page.")
NOT_THE_CLASS_DEAL = ("This deal is not your class's deal now (your teacher set another, or none): your game was not "
                      "put on the results board. The class deal's link is on the start page.")
ALREADY_PLAYED = ("You played the class deal already: your first game stays on the results board (a second game "
                  "would know where the cards lie).")
FORGED = "This result was not made by the class's own table: it was not put on the results board."


class Classroom:
    """The store, the teacher's token and the worker thread, shared by the handlers."""

    def __init__(self, store: ClassStore, teacher_token: str, seal_key: str = "", lessons_url: str = "") -> None:
        self.store = store
        self.teacher_token = teacher_token
        self.seal_key = seal_key  # what the class's kernels seal a game of the class deal with (``seals.py``)
        self.lessons_url = lessons_url  # where the lessons are rendered, for the teacher's copy of the class deal's
        # link ("": on a hub each student has a server of their own, and finds the link on their start page)
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
            return
        code = await self.classroom.run(self.classroom.store.class_deal)
        deal = None if code is None else class_deal(code)
        self.answer(200, {"name": student.name, "deal": None if deal is None else {
            "title": deal.title, "link": deal.link()}})  # relative to the start page: on a hub, the student's own


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
    if entry["kind"] == "result" and not (isinstance(entry.get("code"), str) and isinstance(entry.get("won"), bool)
                                          and _number(entry.get("score")) and isinstance(entry.get("unit"), str)
                                          and isinstance(entry.get("decisions"), list)
                                          and len(entry["decisions"]) <= MAX_DECISIONS):
        return (f"A game of the class deal gives its code, whether it was won, its score, its unit and at most "
                f"{MAX_DECISIONS} decisions.")
    return None


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


DECISION_TEXTS = ("at", "where", "choice", "best", "cost_words")


def _decision(found: object) -> dict[str, Any]:
    """One reported decision, keeping only what the board reads (texts clipped, numbers checked)."""
    item = found if isinstance(found, dict) else {}
    kept: dict[str, Any] = {name: _text(item.get(name))[:200] for name in DECISION_TEXTS}
    kept["number"] = _count(item.get("number"))
    kept["mistake"] = item.get("mistake") is True
    kept["cost"] = float(item["cost"]) if _number(item.get("cost")) else 0.0
    return kept


def record(classroom: Classroom, token: object, lesson: str, entry: dict[str, Any]) -> tuple[int, str | None]:
    """Write one entry of a page's progress log for the student holding ``token``: the answer's status and, for a
    refusal, its sentence (an unknown token; a game of the class deal not sealed by the class's kernels, or of
    another deal than the class's)."""
    store = classroom.store
    student = store.student(token)
    if student is None:
        return 404, UNKNOWN
    kind = entry["kind"]
    if kind == "opened":
        store.opened(student, lesson, _count(entry.get("total")))
    elif kind == "answer":
        store.answered(student, lesson, entry["question"], _text(entry.get("text"), entry["question"]),
                       _text(entry.get("choice")), entry["right"], _count(entry.get("total")))
    elif kind == "result":
        if not classroom.seal_key or not is_sealed(entry, classroom.seal_key):
            return 403, FORGED
        if entry["code"] != store.class_deal():
            return 409, NOT_THE_CLASS_DEAL
        if not store.result(student, entry["code"], entry["won"], float(entry["score"]), entry["unit"],
                            [_decision(found) for found in entry["decisions"]]):
            return 409, ALREADY_PLAYED
    else:
        items = [(_text(item.get("text")), float(item["cost"])) for item in entry.get("items") or []
                 if isinstance(item, dict) and _number(item.get("cost"))]
        store.mistakes(student, lesson, items[:5])
    return 200, None


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
            status, refused = await self.classroom.run(record, self.classroom, body.get("token"), body["lesson"],
                                                       body["entry"])
        except StoreError as failed:
            log.warning("A record was not kept: %s", failed.__cause__ or failed)
            self.answer(503, {"error": str(failed)})
            return
        self.answer(status, {} if refused is None else {"error": refused})


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


def deal_board(classroom: Classroom) -> dict[str, Any] | None:
    """The class deal, its students' link and its results board (None: no class deal set)."""
    code = classroom.store.class_deal()
    if code is None:
        return None
    deal, results = class_deal(code), classroom.store.results(code)
    link = deal.link(classroom.lessons_url) if classroom.lessons_url else None  # a hub: each student has their own
    return {"code": deal.code, "title": deal.title, "link": link,
            "results": [{"place": place, "name": r.name, "won": r.won, "score": r.score, "unit": r.unit,
                         "mistakes": r.mistakes, "decisions": len(r.decisions)} for place, r in ranked(results)],
            "splits": splits(results)}


def teacher_data(classroom: Classroom) -> dict[str, Any]:
    """Everything the teacher's page shows, as JSON."""
    store = classroom.store
    return {
        "deal": deal_board(classroom),
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
            self.answer(200, await self.classroom.run(teacher_data, self.classroom))
        except StoreError as failed:
            self.answer(503, {"error": str(failed)})


class TeacherCsvHandler(TeacherHandler):
    async def get(self) -> None:
        text = await self.classroom.run(self.classroom.store.csv)
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", 'attachment; filename="class-answers.csv"')
        self.set_header("Cache-Control", "no-store")
        self.finish(text)


class TeacherDealHandler(TeacherHandler):
    """The teacher sets the class deal: a code typed, or a new deal of the game chosen."""

    async def post(self) -> None:
        body = self.body()
        if body is None:
            return
        try:
            deal = choose(body.get("game"), body.get("code"))
            await self.classroom.run(self.classroom.store.set_class_deal, deal.code)
        except DealRefused as refused:
            self.answer(400, {"error": str(refused)})
        except StoreError as failed:
            self.answer(503, {"error": str(failed)})
        else:
            self.answer(200, {"code": deal.code, "title": deal.title})


class TeacherResultsCsvHandler(TeacherHandler):
    async def get(self) -> None:
        board = await self.classroom.run(deal_board, self.classroom)
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(["place", "student", "won", "score", "unit", "mistakes (Review)", "deal"])
        for row in (board or {}).get("results", []):
            writer.writerow([row["place"], row["name"], "yes" if row["won"] else "no", f"{row['score']:g}",
                             row["unit"], row["mistakes"], board["code"] if board else ""])
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", 'attachment; filename="class-deal-results.csv"')
        self.set_header("Cache-Control", "no-store")
        self.finish(out.getvalue())


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
            (root + "teacher/erase", TeacherEraseHandler, settings),
            (root + "teacher/deal", TeacherDealHandler, settings),
            (root + "teacher/results.csv", TeacherResultsCsvHandler, settings)]


def app_class_routes(base_url: str, env: MutableMapping[str, str] = os.environ) -> tuple[list[Any], Classroom]:
    """The class inside the app server: the store opened (``BULKA_CLASS_DB``, else ``bulka_class.sqlite3`` here),
    the teacher's token (``BULKA_TEACHER_TOKEN``, else a new one), the kernels told where pages record."""
    store = open_store(env.get(DB_ENV) or DEFAULT_DB)
    token = env.get(TEACHER_ENV) or secrets.token_urlsafe(24)
    env[CLASS_PATH_ENV] = base_url.rstrip("/") + "/" + PREFIX + "api/"
    env.setdefault(SEAL_ENV, secrets.token_urlsafe(32))  # the kernels seal the class deal's games with it
    classroom = Classroom(store, token, env[SEAL_ENV], base_url.rstrip("/") + "/voila/render/")
    return class_routes(classroom, base_url), classroom
