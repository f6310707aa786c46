"""A page's kernel is bounded and says little: past its memory cap it ends with a sentence on the student's page (and
the server's other kernels run on), and an error in a widget's handler reaches the browser as one sentence at most,
never a traceback or a server path (issue 27).

A mischievous student needs no code execution for either: forged widget messages over the page's kernel websocket
(``comm_open``, ``comm_msg``) are enough, and are what these tests send, from a raw websocket client beside the page.
"""
from __future__ import annotations

import asyncio
import json
import re
import sys
import time
import uuid
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import psutil
import pytest
from playwright.sync_api import Browser, Page, WebSocket, expect
from tornado.websocket import WebSocketClientConnection, websocket_connect

from bulka_teach.layout import DEFAULT_WORDS
from bulka_teach.serve.kernel_errors import ERROR_SENTENCE

from .practice_page import TABLE, click_and_wait, next_move, open_practice
from .voila_server import REPO, WIDGET_TIMEOUT_MS, Server, free_port, kernel_ids, start_server, voila_command

pytestmark = pytest.mark.browser
WORDS = DEFAULT_WORDS
CAP_MB = 200  # a practice page's kernel needs about 130 MB (VmData) to draw its table: room for play, not for 5 MB
BIG_VALUE = "x" * (5 << 20)  # each forged widget holds this (and ipywidgets echoes it back)
FORGED_WIDGETS = 60  # 300 MB of values: well past the cap
# What a traceback or a server path looks like in a frame: Python's words, a source file, the server's folders.
LEAKS = re.compile("|".join([r"Traceback", r"site-packages", r"\.py\b", r'File \\?"', re.escape(str(REPO)),
                             re.escape(sys.base_prefix), re.escape(sys.prefix)]))
MEMORY_LINE = "ran out of the memory it may use"
T = TypeVar("T")


@pytest.fixture(scope="module")
def capped(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The app as shipped, but each kernel capped at ``CAP_MB``, with the practice lesson's preheated kernel ready."""
    port = free_port()
    log_path = tmp_path_factory.mktemp("capped") / "voila.log"
    server = start_server(voila_command(port, f"--kernel-memory={CAP_MB}"), log_path, f"http://127.0.0.1:{port}",
                          "/voila/tree/")
    try:
        server.wait_for_log("Kernel pool of czech-bulka/10-practice.ipynb is filled")
        yield server
    finally:
        server.stop()


# --- a raw kernel websocket, as a script on the school network would use it ---------------------------------------
def message(msg_type: str, content: dict[str, Any], session: str, metadata: dict[str, Any] | None = None) -> str:
    header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": session, "username": "student",
              "version": "5.3", "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
    return json.dumps({"header": header, "parent_header": {}, "metadata": metadata or {}, "content": content,
                       "channel": "shell", "buffers": []})


class Forger:
    """A websocket on a kernel's channels that sends forged messages and keeps every frame it receives."""

    def __init__(self, ws: WebSocketClientConnection) -> None:
        self.ws, self.session, self.frames = ws, uuid.uuid4().hex, []  # type: list[str | bytes]

    @classmethod
    async def connect(cls, server: Server, kernel: str) -> Forger:
        url = f"{server.url.replace('http', 'ws')}/api/kernels/{kernel}/channels?session_id={uuid.uuid4().hex}"
        return cls(await websocket_connect(url, connect_timeout=30, max_message_size=64 << 20))

    def send(self, msg_type: str, content: dict[str, Any], metadata: dict[str, Any] | None = None) -> None:
        self.ws.write_message(message(msg_type, content, self.session, metadata))

    async def listen(self, seconds: float) -> bool:
        """Keep the frames of the next ``seconds``; False once the socket closed."""
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            try:
                frame = await asyncio.wait_for(self.ws.read_message(), left)
            except TimeoutError:
                return True
            if frame is None:
                return False
            self.frames.append(frame)
        return True

    def messages(self) -> list[dict[str, Any]]:
        """The JSON (text-frame) messages received."""
        return [json.loads(frame) for frame in self.frames if isinstance(frame, str)]

    async def widget(self, model_name: str) -> str:
        """The comm id of the page's first widget whose model is ``model_name``."""
        self.send("comm_info_request", {"target_name": "jupyter.widget"})
        comms: list[str] = []
        while not comms:
            await self.listen(1)
            comms = [comm for m in self.messages() if m["header"]["msg_type"] == "comm_info_reply"
                     for comm in m["content"]["comms"]]
        for comm in comms:
            self.send("comm_msg", {"comm_id": comm, "data": {"method": "request_state"}})
        models: dict[str, str] = {}
        for _ in range(60):  # every widget's state, before the forged messages begin
            await self.listen(1)
            for m in self.messages():
                data = m["content"].get("data") if isinstance(m["content"], dict) else None
                if m["header"]["msg_type"] == "comm_msg" and "state" in (data or {}):
                    models[m["content"]["comm_id"]] = data["state"].get("_model_name", "")
            if set(comms) <= set(models):
                break
        for comm, model in models.items():
            if model == model_name:
                return comm
        raise LookupError(f"the page has no {model_name}")


def run_apart(work: Coroutine[Any, Any, T]) -> T:
    """Run ``work`` to its end in a thread of its own (Playwright's sync API holds this thread's event loop)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, work).result()


def leaks(frames: list[str | bytes]) -> list[str]:
    """The bits of traceback or server path in ``frames``, each with its surroundings."""
    found = []
    for frame in frames:
        text = frame if isinstance(frame, str) else frame.decode("utf-8", errors="replace")
        found += [text[max(0, m.start() - 80):m.end() + 80] for m in LEAKS.finditer(text)]
    return found


def record_frames(page: Page) -> list[str | bytes]:
    """Every websocket frame ``page`` receives from now on."""
    frames: list[str | bytes] = []

    def on_socket(ws: WebSocket) -> None:
        ws.on("framereceived", lambda payload: frames.append(payload))

    page.on("websocket", on_socket)
    return frames


# --- the memory cap --------------------------------------------------------------------------------------------------
def gone(process: psutil.Process) -> bool:
    """Whether ``process`` has ended (a zombie not yet reaped by the server counts as ended)."""
    try:
        return not process.is_running() or process.status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True


async def flood(server: Server, kernel: str, process: psutil.Process) -> int:
    """Open widgets holding ``BIG_VALUE`` on ``kernel`` until its ``process`` ends (the server then starts another
    under the same id) or ``FORGED_WIDGETS`` are sent; how many were sent."""
    forger = await Forger.connect(server, kernel)
    state = {"_model_name": "TextModel", "_model_module": "@jupyter-widgets/controls",
             "_model_module_version": "2.0.0", "_view_name": "TextView", "_view_module": "@jupyter-widgets/controls",
             "_view_module_version": "2.0.0", "value": BIG_VALUE}
    sent = 0
    while sent < FORGED_WIDGETS:
        sent += 1
        forger.send("comm_open", {"comm_id": uuid.uuid4().hex, "target_name": "jupyter.widget",
                                  "data": {"state": state}}, {"version": "2.1.0"})
        if not await forger.listen(0.3) or gone(process):
            break
    forger.ws.close()
    return sent


def test_a_kernel_past_its_memory_cap_ends_with_a_sentence_and_a_reload_gives_a_working_page(
        browser: Browser, capped: Server) -> None:
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(2)]
    try:
        page, neighbour = (context.new_page() for context in contexts)
        ids, neighbour_ids = kernel_ids(page), kernel_ids(neighbour)
        open_practice(page, capped)
        neighbour_table = open_practice(neighbour, capped)
        kernel, neighbour_kernel = capped.kernel(ids[0]), capped.kernel(neighbour_ids[0])
        assert kernel is not None and neighbour_kernel is not None, "each page's kernel runs"

        sent = run_apart(flood(capped, ids[0], kernel))

        deadline = time.monotonic() + 30
        while not gone(kernel) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert gone(kernel), f"the kernel still runs after {sent} widgets of 5 MB"
        assert MEMORY_LINE in capped.log(), "the server's log says why the kernel ended"
        banner = page.get_by_role("alert")
        expect(banner).to_contain_text(WORDS["stopped_memory"])
        expect(neighbour.get_by_role("alert")).to_have_count(0)
        assert not gone(neighbour_kernel), "another student's kernel is untouched"
        target, _move = next_move(neighbour_table)
        click_and_wait(neighbour, neighbour_table, target)  # and still plays

        banner.get_by_role("button", name=WORDS["reload"]).click()
        page.wait_for_selector("#loading", state="detached", timeout=WIDGET_TIMEOUT_MS)
        table = page.locator(TABLE).first
        target, _move = next_move(table)
        click_and_wait(page, table, target)
        expect(page.get_by_role("alert")).to_have_count(0)
        assert ids[-1] != ids[0] and capped.kernel(ids[-1]) is not None, "the reloaded page has a fresh kernel"
    finally:
        for context in contexts:
            context.close()


# --- errors in widget handlers ---------------------------------------------------------------------------------------
async def forge_errors(server: Server, kernel: str) -> list[str | bytes]:
    """Send the forged messages that make widget handlers fail; the frames the forger received meanwhile."""
    forger = await Forger.connect(server, kernel)
    dropdown = await forger.widget("DropdownModel")
    forger.frames.clear()
    forger.send("comm_msg", {"comm_id": dropdown, "data": {"method": "update", "state": {"index": 99}}})
    forger.send("comm_msg", {"comm_id": dropdown, "data": "not a message"})
    forger.send("comm_open", {"comm_id": uuid.uuid4().hex, "target_name": "jupyter.widget.control", "data": {}},
                {"version": "9.0.0"})  # a control protocol this kernel does not speak
    forger.send("comm_open", {"comm_id": uuid.uuid4().hex, "target_name": "jupyter.widget",
                              "data": {"state": {"_model_name": "NoSuchModel"}}}, {"version": "2.1.0"})
    forger.send("comm_open", {"comm_id": uuid.uuid4().hex, "target_name": "no.such.target", "data": {}})
    forger.send("comm_msg", {"comm_id": "no-such-comm", "data": {"method": "update", "state": {}}})
    await forger.listen(5)
    forger.ws.close()
    return forger.frames


def test_a_handler_error_reaches_the_browser_as_a_sentence_at_most(page: Page, capped: Server) -> None:
    frames = record_frames(page)
    ids = kernel_ids(page)
    table = open_practice(page, capped)
    frames.clear()  # from here on, only what the forged messages bring

    forged = run_apart(forge_errors(capped, ids[0]))

    assert not leaks(forged), f"a traceback or server path reached the forger: {leaks(forged)[:3]}"
    assert not leaks(frames), f"a traceback or server path reached the page: {leaks(frames)[:3]}"
    messages = [json.loads(frame) for frame in forged if isinstance(frame, str)]
    errors = [m["content"] for m in messages if m["header"]["msg_type"] == "error"]
    assert errors, "the out-of-range index is refused with a sentence"
    assert all(e["traceback"] == [ERROR_SENTENCE] and e["evalue"] == ERROR_SENTENCE for e in errors)
    assert not [m for m in messages if m["header"]["msg_type"] == "stream"], "nothing is printed to the page"
    assert "Invalid selection: index out of bounds" in capped.log(), "the server's log keeps the whole story"
    assert "Traceback (most recent call last)" in capped.log()
    assert "Traceback" not in page.content()
    target, _move = next_move(table)
    click_and_wait(page, table, target)  # the lesson plays on
    assert capped.kernel(ids[0]) is not None


def test_a_forged_id_is_logged_in_a_few_hundred_characters(capped: Server) -> None:
    """A 1 MB comm id is not copied into the server's log (where a script could fill the disk with it)."""
    kernel = next(k for k in capped.kernels())
    kernel_id = Path(kernel.cmdline()[-1]).stem.removeprefix("kernel-")

    async def forge() -> None:
        forger = await Forger.connect(capped, kernel_id)
        forger.send("comm_msg", {"comm_id": "z" * (1 << 20), "data": {"method": "update", "state": {}}})
        await forger.listen(3)
        forger.ws.close()

    before = len(capped.log())
    run_apart(forge())
    added = capped.log()[before:]
    assert re.search(r"No such comm: z{100,400}… \(1,048,5\d\d characters\)", added), added[-2000:]
    assert len(added) < 5_000
