"""The class as a JupyterHub service, and a class spread over several servers on one PostgreSQL database.

``python -m bulka_teach.serve class`` is started as JupyterHub starts a managed service (its environment, as a
subprocess), on a PostgreSQL database that a second server — an app's class, in this process — shares: a student
who joins and answers through one is on the teacher's page of the other, the class deal set on one is the other's,
and a game of it sealed with the class's key is ranked on both.
"""
from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.error
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_class_store import _postgres_database
from test_class_web import call, class_server, report

from bulka_teach.classroom.store import open_store
from bulka_teach.classroom.web import DB_ENV, TEACHER_ENV, TEACHER_HEADER
from bulka_teach.seals import SEAL_ENV

REPO = Path(__file__).resolve().parents[1]
PREFIX = "/services/bulka-class/"
TEACHER = "the-teachers-token"
SEAL = "the-kernels-seal-key"  # test_class_web's report() seals with it


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def database() -> Iterator[str]:
    yield from _postgres_database()


@pytest.fixture(scope="module")
def hub_service(database: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """``python -m bulka_teach.serve class`` with the environment JupyterHub gives a managed service: its base URL
    and its log."""
    port = free_port()
    env = dict(os.environ, JUPYTERHUB_SERVICE_NAME="bulka-class", JUPYTERHUB_SERVICE_URL=f"http://127.0.0.1:{port}",
               JUPYTERHUB_SERVICE_PREFIX=PREFIX, JUPYTERHUB_API_TOKEN="hub-token",
               JUPYTERHUB_API_URL="http://127.0.0.1:1/hub/api", JUPYTERHUB_BASE_URL="/",
               **{DB_ENV: database, TEACHER_ENV: TEACHER, SEAL_ENV: SEAL})
    log_path = tmp_path_factory.mktemp("class") / "service.log"
    with log_path.open("wb") as log:
        process = subprocess.Popen([sys.executable, "-m", "bulka_teach.serve", "class"], cwd=REPO, env=env,
                                   stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}{PREFIX}bulka/class/"
    try:
        for _ in range(150):
            try:
                if call(url + "teacher/data", headers={TEACHER_HEADER: TEACHER})[0] == 200:
                    break
            except (urllib.error.URLError, ConnectionError):
                if process.poll() is not None:
                    raise AssertionError(log_path.read_text()) from None
            time.sleep(0.2)
        else:
            raise AssertionError(f"the service did not start:\n{log_path.read_text()}")
        yield url, log_path
    finally:
        process.terminate()
        process.wait(10)


@pytest.fixture(scope="module")
def other_server(database: str) -> Iterator[str]:
    """A second server of the same class (an app's, as on another machine), on the same database."""
    store = open_store(database)
    with class_server(store) as url:
        yield url
    store.close()


def test_the_hub_service_and_another_server_are_one_class(hub_service: tuple[str, Path], other_server: str) -> None:
    service, log_path = hub_service
    assert f"The teacher's page: <the hub's address>{PREFIX}bulka/class/teacher?token={TEACHER}" in \
        log_path.read_text()
    status, page = call(service + "teacher?token=" + TEACHER)
    assert status == 200 and "The class deal" in page

    ann = call(service + "api/join", {"name": "Ann"})[1]["token"]  # Ann's pages record through the hub's service
    entry = {"kind": "answer", "question": "q1", "text": "Which card is highest?", "choice": "the ace", "right": True,
             "total": 1}
    assert call(service + "api/record", {"token": ann, "lesson": "czech-bulka/01-cards", "entry": entry})[0] == 200
    status, taken = call(other_server + "api/join", {"name": "ann"})  # one class: the name is taken on both
    assert status == 400 and "already joined as Ann" in taken["error"]
    ben = call(other_server + "api/join", {"name": "Ben"})[1]["token"]

    status, deal = call(other_server + "teacher/deal", {"game": "trappola"}, headers={TEACHER_HEADER: TEACHER})
    assert status == 200
    status, me = call(service + "api/me", {"token": ben})  # Ben's token, asked of the other server
    assert status == 200 and me["deal"]["link"] == f"trappola/09-practice.ipynb?contest=1&deal={deal['code']}"
    assert report(service, ann, deal["code"], True, 40, [("m1", "play Ac", False)]) == (200, {})
    assert report(other_server, ben, deal["code"], False, 20, [("m1", "play 7c", True)]) == (200, {})

    for server in (service, other_server):
        data = call(server + "teacher/data", headers={TEACHER_HEADER: TEACHER})[1]
        assert [s["name"] for s in data["students"]] == ["Ann", "Ben"]
        assert [(r["name"], r["won"]) for r in data["deal"]["results"]] == [("Ann", True), ("Ben", False)]
        assert [c["students"] for c in data["deal"]["splits"][0]["choices"]] == [["Ann"], ["Ben"]]
    # the hub's service knows no student's server: its teacher's page leaves the link to the start pages
    assert call(service + "teacher/data", headers={TEACHER_HEADER: TEACHER})[1]["deal"]["link"] is None
