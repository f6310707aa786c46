"""The class over HTTP, as students' browsers and the teacher's page use it (a real tornado server, a real store).

Names typed once and refused with a sentence, a lesson page's records counted for its student only, the teacher's
page and its data behind the printed token (a forged one, a student's secret, none: refused), the CSV, erasing,
bounded bodies, another site's page refused.
"""
from __future__ import annotations

import asyncio
import contextlib
import csv
import io
import json
import sqlite3
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tornado.httpserver import HTTPServer
from tornado.web import Application

from bulka_teach.classroom.store import ClassStore, open_store
from bulka_teach.classroom.web import (
    ALREADY_PLAYED,
    FORGED,
    MAX_BODY_BYTES,
    NOT_THE_CLASS_DEAL,
    TEACHER_HEADER,
    Classroom,
    class_routes,
)
from bulka_teach.seals import seal

TEACHER = "the-teachers-token"
SEAL = "the-kernels-seal-key"


@contextlib.contextmanager
def class_server(store: ClassStore) -> Iterator[str]:
    """A class's server on ``store``, on a free port, in a thread of its own: its address while the block runs."""
    started = threading.Event()
    box: dict[str, Any] = {}

    def serve() -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        http = HTTPServer(Application(class_routes(Classroom(store, TEACHER, SEAL, "/voila/render/"), "/")))
        http.listen(0, "127.0.0.1")
        box["port"] = next(iter(http._sockets.values())).getsockname()[1]
        box["loop"], box["http"] = loop, http
        started.set()
        loop.run_forever()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    started.wait(10)
    yield f"http://127.0.0.1:{box['port']}/bulka/class/"
    box["loop"].call_soon_threadsafe(box["http"].stop)
    box["loop"].call_soon_threadsafe(box["loop"].stop)
    thread.join(5)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, ClassStore]]:
    """A class's server on a free port, in a thread of its own: its address and its store."""
    store = open_store(str(tmp_path / "class.sqlite3"))
    with class_server(store) as url:
        yield url, store
    store.close()


@pytest.fixture
def server(served: tuple[str, ClassStore]) -> str:
    return served[0]


def call(url: str, body: Any = None, headers: dict[str, str] | None = None, raw: bytes | None = None
         ) -> tuple[int, Any]:
    """POST ``body`` as JSON (GET without one); the status and the decoded answer (text where not JSON)."""
    data = raw if raw is not None else (None if body is None else json.dumps(body).encode("utf-8"))
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            status, text = answer.status, answer.read().decode("utf-8")
    except urllib.error.HTTPError as refused:
        status, text = refused.code, refused.read().decode("utf-8")
    try:
        return status, json.loads(text)
    except ValueError:
        return status, text


def join(server: str, name: str) -> str:
    status, said = call(server + "api/join", {"name": name})
    assert status == 200 and said["name"] == name
    return said["token"]


def answer(server: str, token: str, lesson: str, question: str, choice: str, right: bool, total: int = 2) -> int:
    entry = {"kind": "answer", "question": question, "text": f"Words of {question}", "choice": choice,
             "right": right, "total": total}
    return call(server + "api/record", {"token": token, "lesson": lesson, "entry": entry})[0]


def teacher(server: str) -> dict[str, Any]:
    status, data = call(server + "teacher/data", headers={TEACHER_HEADER: TEACHER})
    assert status == 200, data
    return data


def test_the_teacher_sees_each_student_their_lesson_and_the_question_the_class_gets_wrong(server: str) -> None:
    ann, ben = join(server, "Ann"), join(server, "Ben")
    assert answer(server, ann, "czech-bulka/01-cards", "q1", "the ace", True) == 200
    assert answer(server, ann, "czech-bulka/01-cards", "q2", "36", False) == 200
    assert answer(server, ann, "czech-bulka/01-cards", "q2", "32", True) == 200
    assert answer(server, ben, "czech-bulka/01-cards", "q2", "28", False) == 200
    call(server + "api/record", {"token": ben, "lesson": "czech-bulka/02-deal", "entry": {"kind": "opened"}})
    call(server + "api/record", {"token": ben, "lesson": "czech-bulka/10-practice",
                                 "entry": {"kind": "mistakes", "items": [{"text": "play 7c, not Ab", "cost": 1.5}]}})

    data = teacher(server)
    students = {s["name"]: s for s in data["students"]}
    assert students["Ann"]["done"] == 1 and students["Ann"]["current"] == "czech-bulka/01-cards"
    assert students["Ann"]["lessons"] == [{"lesson": "czech-bulka/01-cards", "questions": 2, "right": 2, "first": 1,
                                           "done": True}]
    assert students["Ben"]["current"] == "czech-bulka/10-practice" and students["Ben"]["done"] == 0
    assert data["hardest"][0]["text"] == "Words of q2" and data["hardest"][0]["wrong"] == 2
    assert data["hardest"][0]["choices"] == [["28", 1], ["36", 1]]
    assert data["mistakes"] == [{"lesson": "czech-bulka/10-practice", "text": "play 7c, not Ab", "cost": 1.5,
                                 "students": 1}]


@pytest.mark.parametrize("headers, query", [({}, ""), ({TEACHER_HEADER: "forged"}, ""), ({}, "?token=forged")])
def test_the_teachers_page_and_data_refuse_anyone_without_the_token(server: str, headers: dict[str, str],
                                                                    query: str) -> None:
    token = join(server, "Ann")
    status, page = call(server + "teacher" + query, headers=headers)
    assert status == 403 and "This page is the teacher's" in page and "Ann" not in page
    for path in ("teacher/data", "teacher/csv"):
        status, said = call(server + path + query, headers=headers)
        assert status == 403 and "Ann" not in json.dumps(said)
    assert call(server + "teacher/data", headers={TEACHER_HEADER: token})[0] == 403  # a student's secret
    assert call(server + "teacher/erase", {}, headers=headers)[0] == 403
    assert [s["name"] for s in teacher(server)["students"]] == ["Ann"]  # nothing was erased


def test_the_teachers_page_opens_with_the_printed_link_and_exports_and_erases(server: str) -> None:
    token = join(server, "Ann, \"Nan\"")
    answer(server, token, "bouillotte/01-pack", "q1", "the queen of clubs", True)
    status, page = call(server + "teacher?token=" + TEACHER)
    assert status == 200 and "The questions the class gets wrong most" in page
    status, text = call(server + "teacher/csv?token=" + TEACHER)
    rows = list(csv.reader(io.StringIO(text)))
    assert status == 200 and rows[1][:5] == ["Ann, \"Nan\"", "bouillotte/01-pack", "Words of q1",
                                             "the queen of clubs", "yes"]
    assert call(server + "teacher/erase", {}, headers={TEACHER_HEADER: TEACHER}) == (200, {"erased": True})
    assert teacher(server) == {"deal": None, "students": [], "hardest": [], "mistakes": []}
    status, said = call(server + "api/me", {"token": token})
    assert status == 404 and "type your name again" in said["error"]
    assert answer(server, token, "bouillotte/01-pack", "q1", "x", True) == 404


@pytest.mark.parametrize("name, words", [("", "Type your name once"), ("<script>x</script>", "not < or >"),
                                         ("y" * 10_000, "10,000 characters long")])
def test_a_name_the_class_cannot_take_is_a_sentence(server: str, name: str, words: str) -> None:
    status, said = call(server + "api/join", {"name": name})
    assert status == 400 and words in said["error"] and len(said["error"]) < 200


def test_a_name_taken_is_refused_and_a_browser_gets_its_own_name_back(server: str) -> None:
    token = join(server, "Ann")
    status, said = call(server + "api/join", {"name": "ANN"})
    assert status == 400 and "A classmate already joined as Ann" in said["error"]
    assert call(server + "api/me", {"token": token}) == (200, {"name": "Ann", "deal": None})


def test_bad_records_are_sentences_and_change_nothing(server: str) -> None:
    token = join(server, "Ann")
    record = server + "api/record"
    cases = [
        ({"token": token, "lesson": "x" * 500, "entry": {"kind": "opened"}}, 400, "names its lesson"),
        ({"token": token, "lesson": "czech-bulka/01-cards", "entry": {"kind": "drop table"}}, 400, "one of"),
        ({"token": token, "lesson": "czech-bulka/01-cards", "entry": {"kind": "answer", "right": "yes"}}, 400,
         "names its question"),
        ({"token": "forged", "lesson": "czech-bulka/01-cards", "entry": {"kind": "opened"}}, 404, "type your name"),
    ]
    for body, status, words in cases:
        got, said = call(record, body)
        assert got == status and words in said["error"]
    got, said = call(record, raw=b"{" + b" " * MAX_BODY_BYTES + b"}")
    assert got == 413 and "at most" in said["error"]
    got, said = call(record, raw=b"[1, 2]")
    assert got == 400 and "JSON object" in said["error"]
    got, said = call(record, {"token": token, "lesson": "czech-bulka/01-cards", "entry": {"kind": "opened"}},
                     headers={"Origin": "http://elsewhere.example"})
    assert got == 403 and "its own pages" in said["error"]
    assert teacher(server)["students"] == [{"name": "Ann", "current": None, "done": 0, "lessons": []}]


def test_a_record_the_store_cannot_write_is_a_sentence_and_loses_nothing(served: tuple[str, ClassStore],
                                                                          tmp_path: Path) -> None:
    server, store = served
    token = join(server, "Ann")
    assert answer(server, token, "czech-bulka/01-cards", "q1", "the ace", True) == 200
    blocker = sqlite3.connect(tmp_path / "class.sqlite3", timeout=0)
    blocker.execute("BEGIN EXCLUSIVE")  # the file cannot be written now (as with a full disk)
    store._db.execute("PRAGMA busy_timeout = 50")
    try:
        entry = {"kind": "answer", "question": "q2", "text": "How many cards?", "choice": "32", "right": True}
        status, said = call(server + "api/record", {"token": token, "lesson": "czech-bulka/01-cards",
                                                    "entry": entry})
    finally:
        blocker.rollback()
        blocker.close()
    assert status == 503 and "could not be saved" in said["error"] and "tell your teacher" in said["error"]
    lessons = teacher(server)["students"][0]["lessons"]
    assert [(row["right"], row["first"]) for row in lessons] == [(1, 1)]  # the first answer is kept


def set_deal(server: str, game: str = "", code: str = "") -> tuple[int, Any]:
    return call(server + "teacher/deal", {"game": game, "code": code}, headers={TEACHER_HEADER: TEACHER})


def test_the_teacher_sets_the_class_deal_and_each_students_start_page_gets_its_link(server: str) -> None:
    ann = join(server, "Ann")
    status, deal = set_deal(server, game="bouillotte")
    assert status == 200 and deal == {"code": deal["code"], "title": "Bouillotte, 3 players"}
    assert deal["code"].startswith("BO3-std-")
    status, me = call(server + "api/me", {"token": ann})
    assert me["deal"] == {"title": "Bouillotte, 3 players",  # beside the start page, wherever it is served
                          "link": f"bouillotte/09-practice.ipynb?contest=1&deal={deal['code']}"}
    copied = teacher(server)["deal"]["link"]  # the teacher's copy, under the app's lessons
    assert copied == f"/voila/render/bouillotte/09-practice.ipynb?contest=1&deal={deal['code']}"
    status, typed = set_deal(server, code=" cb2-std-3bn1zjvk ")  # a code read out to the teacher, as typed
    assert status == 200 and typed["code"] == "CB2-std-3BN1ZJVK-N" and typed["title"] == "Czech Bulka, 2 players"
    assert teacher(server)["deal"]["code"] == "CB2-std-3BN1ZJVK-N"
    for game, code, words in [("", "CB3-std-3BN1ZJVK", "table of 2 players, and this code deals for 3"),
                              ("", "CB2-std-3BN1ZJVX-N", "typo"), ("poker", "", "Choose the game")]:
        status, said = set_deal(server, game, code)
        assert status == 400 and words in said["error"], said
    assert call(server + "teacher/deal", {"game": "trappola"}, headers={TEACHER_HEADER: ann})[0] == 403
    assert teacher(server)["deal"]["code"] == "CB2-std-3BN1ZJVK-N"  # nothing a refusal changed


def report(server: str, token: str, code: str, won: bool, score: float, choices: list[tuple[str, str, bool]],
           key: str = SEAL) -> tuple[int, Any]:
    """A game of the class deal as a kernel reports it: sealed with the class's key; ``choices`` are (moment, choice,
    mistake) in order."""
    decisions = [{"at": at, "number": n, "where": f"deal 1, betting: decision {n}", "choice": choice,
                  "best": "call", "mistake": mistake, "cost": 0.25 if mistake else 0.0,
                  "cost_words": "won the game in 8 fewer of the 32 ways tried" if mistake else "best"}
                 for n, (at, choice, mistake) in enumerate(choices, start=1)]
    entry = {"kind": "result", "code": code, "won": won, "score": score, "unit": "jetons", "decisions": decisions}
    entry["seal"] = seal(entry, key)
    return call(server + "api/record", {"token": token, "lesson": "bouillotte/09-practice", "entry": entry})


def test_sealed_games_of_the_class_deal_are_ranked_and_show_where_the_class_split(server: str) -> None:
    ann, ben, cid, dan = (join(server, name) for name in ("Ann", "Ben", "Cid", "Dan"))
    code = set_deal(server, game="bouillotte")[1]["code"]
    assert report(server, ann, code, True, 6.0, [("m1", "call", False), ("m2", "check", False)]) == (200, {})
    assert report(server, ben, code, False, -4, [("m1", "fold", True)]) == (200, {})
    assert report(server, cid, code, True, 9, [("m1", "call", False), ("m2", "raise to 8", False)]) == (200, {})
    assert report(server, dan, code, True, 99, [("m1", "call", False)], key="guessed") == (403, {"error": FORGED})
    assert report(server, dan, "BO3-std-779QR6V7-Y", True, 5, []) == (409, {"error": NOT_THE_CLASS_DEAL})
    assert report(server, ben, code, True, 30, [("m1", "call", False)]) == (409, {"error": ALREADY_PLAYED})
    entry = {"kind": "result", "code": code, "won": True, "score": 99, "unit": "jetons", "decisions": []}
    unsealed = call(server + "api/record", {"token": dan, "lesson": "x/09-practice", "entry": entry})
    assert unsealed == (403, {"error": FORGED})

    deal = teacher(server)["deal"]
    assert [(r["place"], r["name"], r["won"], r["score"], r["mistakes"]) for r in deal["results"]] == [
        (1, "Cid", True, 9.0, 0), (2, "Ann", True, 6.0, 0), (3, "Ben", False, -4.0, 1)]
    first, second = deal["splits"]
    assert first["number"] == 1 and first["students"] == 3 and first["best"] == "call"
    assert [(c["choice"], c["students"], c["best"]) for c in first["choices"]] == [
        ("call", ["Ann", "Cid"], True), ("fold", ["Ben"], False)]
    assert first["choices"][1]["cost_words"] == "won the game in 8 fewer of the 32 ways tried"
    assert [(c["choice"], c["students"]) for c in second["choices"]] == [("check", ["Ann"]), ("raise to 8", ["Cid"])]
    assert first["after"] == [] and second["after"] == ["call"]  # the choices that led there

    status, text = call(server + "teacher/results.csv?token=" + TEACHER)
    rows = list(csv.reader(io.StringIO(text)))
    assert status == 200 and rows[0][:3] == ["place", "student", "won"]
    assert [row[:5] for row in rows[1:]] == [["1", "Cid", "yes", "9", "jetons"], ["2", "Ann", "yes", "6", "jetons"],
                                             ["3", "Ben", "no", "-4", "jetons"]]
    assert call(server + "teacher/results.csv")[0] == 403
