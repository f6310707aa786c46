"""Shared tables over the network: the standalone service started as JupyterHub starts a service, and the same inside
the app server; students' kernels are played by ``TableClient``s, and every frame each receives is checked against
the seat's own view of the same deal, replayed here — no frame names a card its seat may not know.
"""
from __future__ import annotations

import asyncio
import json
import os
import random
import re
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from browser.voila_server import Server, free_port, start_server, voila_command
from tornado.httpserver import HTTPServer

from bulka_teach.dealing import DealCode
from bulka_teach.game import Game
from bulka_teach.table.table_client import TableClient, TableRefused, server_url
from bulka_teach.tables.protocol import SECRET_ENV, SECRET_HEADER, URL_ENV
from bulka_teach.tables.seating import Table
from bulka_teach.tables.service import TableService
from bulka_teach.tables.web import Tables, app_routes, make_app


def run_apart(coroutine: Any) -> Any:
    """``asyncio.run`` in a thread of its own: the browser tests leave an event loop running in the main thread."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result()


REPO = Path(__file__).resolve().parents[1]
SECRET = "a-class-secret"
DEAL = "CB2-std-7"
PREFIX = "/services/bulka-tables/"
HELD = 40.0  # seconds at most the computer at one table is held thinking (the other table's move must come in half)


def get(url: str, secret: str | None = None) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(url, headers={SECRET_HEADER: secret} if secret else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read() or b"{}")


@pytest.fixture(scope="module")
def hub_service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``python -m bulka_teach.serve tables`` with the environment JupyterHub gives a managed service."""
    port = free_port()
    env = dict(os.environ, JUPYTERHUB_SERVICE_NAME="bulka-tables", JUPYTERHUB_SERVICE_URL=f"http://127.0.0.1:{port}",
               JUPYTERHUB_SERVICE_PREFIX=PREFIX, JUPYTERHUB_API_TOKEN="hub-token",
               JUPYTERHUB_API_URL="http://127.0.0.1:1/hub/api", JUPYTERHUB_BASE_URL="/", **{SECRET_ENV: SECRET})
    log_path = tmp_path_factory.mktemp("tables") / "service.log"
    log = log_path.open("wb")
    process = subprocess.Popen([sys.executable, "-m", "bulka_teach.serve", "tables"], cwd=REPO, env=env, stdout=log,
                               stderr=subprocess.STDOUT)
    server = Server(url=f"http://127.0.0.1:{port}{PREFIX}bulka/tables/", process=process, log_path=log_path)
    try:
        for _ in range(150):
            try:
                if get(server.url, SECRET)[0] == 200:
                    break
            except (urllib.error.URLError, ConnectionError):
                if process.poll() is not None:
                    raise AssertionError(server.log()) from None
            time.sleep(0.2)
        else:
            raise AssertionError(f"the service did not start:\n{server.log()}")
        yield server.url
    finally:
        server.stop()


@pytest.fixture(scope="module")
def app_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app as ``scripts/app.sh`` runs it (no kernels prepared: the tables need none)."""
    port = free_port()
    env = dict(os.environ, **{SECRET_ENV: SECRET})
    env.pop(URL_ENV, None)
    server = start_server(voila_command(port, "--VoilaConfiguration.preheat_kernel=False"),
                          tmp_path_factory.mktemp("app") / "app.log", f"http://127.0.0.1:{port}", "/voila/tree",
                          env=env)
    try:
        yield f"{server.url}/bulka/tables/"
    finally:
        server.stop()


class Seen:
    """Every frame a client received, each checked on arrival against what its seat may know of the replayed deal."""

    def __init__(self, mirror: Game) -> None:
        self.mirror = mirror
        pack = mirror.pack
        self.pattern = re.compile(rf"(?<![A-Za-z0-9])([{''.join(pack.ranks)}][{''.join(pack.suits)}])(?![A-Za-z0-9])")
        self.known: dict[int | None, set[str]] = {seat: set() for seat in (None, 0, 1)}
        self.told = 0
        self.frames: list[dict[str, Any]] = []
        self.failures: list[str] = []  # kept, not raised: the client's reader would only log them

    def cards(self, value: Any) -> set[str]:
        return set(self.pattern.findall(json.dumps(value, ensure_ascii=False)))

    def learn(self) -> None:
        game = self.mirror
        for seat, known in self.known.items():
            known |= self.cards(game.view(seat))
            for event in game.events[self.told:]:
                known |= self.cards(game.explain(event, seat))
        self.told = len(game.events)

    def __call__(self, frame: dict[str, Any]) -> None:
        self.learn()
        seat = frame["me"]
        leaked = self.cards(frame) - self.known[seat]
        if leaked:
            self.failures.append(f"a frame sent to seat {seat} names {sorted(leaked)}, never shown to it")
        if frame["view"] is not None and frame["events"] == len(self.mirror.events):
            if frame["view"] != json.loads(json.dumps(self.mirror.view(seat))):
                self.failures.append(f"a frame sent to seat {seat} is not its own view")
        self.frames.append(frame)


async def play_a_czech_deal(url: str) -> dict[str, Any]:
    """Ann and Ben set a table up with a deal code, join from their kernels, and play a whole deal by their frames."""
    mirror = DealCode.parse(DEAL).record(("Ann", "Ben")).start()
    seen = Seen(mirror)
    refusals: list[str] = []
    ann = TableClient(url, SECRET, on_frame=seen, on_refused=refusals.append)
    ben = TableClient(url, SECRET, on_frame=seen, on_refused=refusals.append)
    teacher = TableClient(url, SECRET, on_frame=seen)
    made = await ann.create("czech-bulka", ["student", "student"], deal=DEAL)
    code = made["code"]
    assert made["table"]["phase"] == "waiting" and len(code) == 5
    assert (await ann.join(code, "Ann"))["seat"] == 0
    with pytest.raises(TableRefused, match="Ann sits at this table already"):
        await ben.join(code, "ann")
    assert (await ben.join(code.lower(), "Ben"))["seat"] == 1
    await teacher.watch(code)
    clients = {0: ann, 1: ben}
    rng = random.Random(3)
    for _ in range(200):
        assert not seen.failures, seen.failures[:3]
        for client in (*clients.values(), teacher):
            await client.wait(lambda f: f["events"] == len(mirror.events))
        if any(f["ended_deal"] is not None for f in seen.frames):
            break
        mover = mirror.to_move
        assert mover is not None
        frame = clients[mover].frame
        assert frame is not None and frame["status"] == "It is your turn."
        action = rng.choice(frame["view"]["legal"])  # chosen from what the student's own kernel was sent
        mirror.apply(action, mover)
        await clients[mover].act(action)
    else:
        raise AssertionError("the deal did not end")
    # a refused action: a sentence to that kernel alone, nothing changed
    waiting = clients[1 - mirror.to_move] if mirror.to_move is not None else ann
    before = len(seen.frames)
    await waiting.act(mirror.legal_actions()[0] if mirror.to_move is not None else "pass")
    for _ in range(50):
        if refusals:
            break
        await asyncio.sleep(0.05)
    assert refusals and ("not your turn" in refusals[-1] or "Nothing is asked" in refusals[-1]), refusals
    assert len(seen.frames) == before
    # a lost connection: the kernel connects again and takes its seat back by itself
    lost, socket = ann.frame, ann._socket
    assert socket is not None
    socket.close()
    back = await ann.wait(lambda f: f is not lost, timeout=15)
    assert ann._socket is not socket and back["me"] == 0 and back["seats"][0]["present"]
    # a reload: the kernel's next connection takes the seat back with its token
    token = ann.token
    assert token is not None
    await ann.close()
    again = TableClient(url, SECRET, on_frame=seen)
    assert (await again.rejoin(code, token))["seat"] == 0
    frame = await again.wait(lambda f: f["me"] == 0)
    for client in (again, ben, teacher):
        await client.close()
    assert {f["me"] for f in seen.frames} == {0, 1, None} and not seen.failures, seen.failures[:3]
    return frame


def test_the_standalone_service_started_as_a_hub_service_plays_a_whole_czech_deal_for_two_students(hub_service):
    assert hub_service.endswith(f"{PREFIX}bulka/tables/")
    frame = run_apart(play_a_czech_deal(hub_service))
    assert frame["seats"][0]["name"] == "Ann" and frame["seats"][1]["name"] == "Ben"


def test_without_the_secret_the_service_answers_nothing_but_a_sentence(hub_service):
    for secret in (None, "wrong", SECRET + "x"):
        status, body = get(hub_service, secret)
        assert status == 403 and "answers only the lessons' kernels" in body["error"]
    with pytest.raises(TableRefused, match="answers only the lessons' kernels"):
        run_apart(TableClient(hub_service, "wrong").create("czech-bulka", ["student", "student"]))
    status, body = get(hub_service + "KXQM", SECRET)
    assert status == 404 and "a table code is 5 letters" in body["error"]


def test_a_table_that_cannot_be_played_and_a_mistyped_code_are_sentences_over_the_network(hub_service):
    async def go() -> None:
        client = TableClient(hub_service, SECRET)
        with pytest.raises(TableRefused, match="Bouillotte is for 3 to 5 players, not 2"):
            await client.create("bouillotte", ["student", "student"])
        with pytest.raises(TableRefused, match="There is no table ACDEF here"):
            await client.join("ACDEF", "Ann")
    run_apart(go())


def test_the_app_server_serves_the_same_tables_to_its_kernels(app_server):
    status, body = get(app_server, SECRET)
    assert status == 200 and body["tables"] == 0
    assert get(app_server)[0] == 403
    frame = run_apart(play_a_czech_deal(app_server))
    assert frame["game"] == "czech-bulka"


def test_the_app_tells_its_kernels_where_the_tables_are_and_their_secret():
    env: dict[str, str] = {}
    routes = app_routes("0.0.0.0", 8866, "/school/", env)
    assert env[URL_ENV] == "http://127.0.0.1:8866/school/bulka/tables/" and len(env[SECRET_ENV]) >= 24
    assert server_url(env) == env[URL_ENV] and routes[0][0] == "/school/bulka/tables/"
    configured = {URL_ENV: "http://tables.school:8870/bulka/tables/", SECRET_ENV: SECRET}
    app_routes("127.0.0.1", 8866, "/", configured)
    assert configured == {URL_ENV: "http://tables.school:8870/bulka/tables/", SECRET_ENV: SECRET}
    with pytest.raises(TableRefused, match="pass and play"):
        server_url({})


def test_a_computer_thinking_at_one_table_holds_up_no_move_at_another(monkeypatch):
    """The tables' work runs on several threads, each table under its own lock: while the computer at Ann's table
    is held thinking (until the test lets it go, far longer than the wait below), Ben's move reaches Cleo."""
    real_bot = Table._bot
    free, thinking = threading.Event(), threading.Event()
    free.set()

    def slow_bot(table: Table, seat: int) -> Any:
        bot = real_bot(table, seat)

        class Slow:
            def choose(self, view: dict[str, Any]) -> Any:
                thinking.set()
                free.wait(HELD)
                return bot.choose(view)
        return Slow()

    monkeypatch.setattr(Table, "_bot", slow_bot)

    async def go() -> None:
        port = free_port()
        server = HTTPServer(make_app(Tables(TableService(), SECRET)))
        server.listen(port, "127.0.0.1")
        url = f"http://127.0.0.1:{port}/bulka/tables/"
        try:
            ann = TableClient(url, SECRET)
            await ann.join((await ann.create("trappola", ["student", "rule"]))["code"], "Ann")
            ben, cleo = TableClient(url, SECRET), TableClient(url, SECRET)
            code = (await ben.create("czech-bulka", ["student", "student"]))["code"]
            await ben.join(code, "Ben")
            await cleo.join(code, "Cleo")
            await ann.wait(lambda f: bool(f["view"]["legal"]), timeout=30)
            first = await cleo.wait(lambda f: f["view"] is not None)
            mover, other = (ben, cleo) if first["view"]["to_move"] == 0 else (cleo, ben)
            legal = (await mover.wait(lambda f: bool(f["view"]["legal"])))["view"]["legal"]
            free.clear()
            thinking.clear()
            deadline, acted_at = time.monotonic() + 30, -1
            while not thinking.is_set():  # Ann plays until the computer is asked (Trappola may ask her twice), held
                assert time.monotonic() < deadline, f"the computer at Ann's table was never asked: {ann.frame}"
                frame = ann.frame
                if frame is not None and frame["view"]["legal"] and frame["events"] != acted_at:
                    acted_at = frame["events"]
                    await ann.act(frame["view"]["legal"][0])
                await asyncio.sleep(0.02)
            before = other.frame["events"] if other.frame else 0
            await mover.act(legal[0])
            await other.wait(lambda f: f["events"] > before, timeout=HELD / 2)  # served while Ann's table is held
            assert not free.is_set() and ann.frame is not None and ann.frame["status"] == "Computer is to play."
            free.set()
            await ann.wait(lambda f: f["status"] != "Computer is to play.", timeout=30)
            for client in (ann, ben, cleo):
                await client.close()
        finally:
            free.set()
            server.stop()

    run_apart(go())
