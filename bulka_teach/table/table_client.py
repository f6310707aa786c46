"""A student's kernel at a shared table: one seat's connection to the server of shared tables (``bulka_teach.tables``).

The kernel, not the browser, holds the connection: the server sends it only its seat's view, and the page draws
what the kernel draws from that, so a card the seat may not see never reaches the kernel, let alone the browser.
Where the server is: ``BULKA_TABLES_URL`` (``http://host:port/base/bulka/tables/``), and its secret
``BULKA_TABLES_SECRET``; the app server sets both in its kernels' environment, a JupyterHub class in the singleuser
environment (the README's chart values).

``TableClient`` runs on the kernel's event loop (asyncio, as tornado's): ``create`` sets a table up, ``join``,
``rejoin`` or ``watch`` take a place at it, ``act`` sends an action; each ``table`` frame the server sends is kept
as ``frame`` and handed to ``on_frame``, each refusal's sentence to ``on_refused``. A lost connection is made again
and the seat taken back with its token (``reconnects`` tries, a second apart).
"""
from __future__ import annotations

import asyncio
import json
import logging
import os
from collections.abc import Callable, Mapping
from typing import Any

from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
from tornado.websocket import WebSocketClientConnection, WebSocketClosedError, websocket_connect

from ..names import name_problem
from ..tables import protocol
from ..tables.protocol import REFUSED, SEATED, SECRET_HEADER, TABLE, WATCHING

log = logging.getLogger("bulka_teach.table")
CONNECT_SECONDS = 10
RECONNECTS = 10
NO_SERVER = ("There is no server of shared tables here (BULKA_TABLES_URL is not set): play with classmates from the "
             "app, or at one device (pass and play).")
Frame = dict[str, Any]


class TableRefused(Exception):
    """The server refused: ``str(err)`` is its sentence for the student."""


class Unreachable(TableRefused):
    """The server of shared tables could not be reached (or answered no sentence): worth trying again."""


def server_url(env: Mapping[str, str] = os.environ) -> str:
    """The shared tables' address (ending in ``bulka/tables/``), from the kernel's environment."""
    url = env.get(protocol.URL_ENV, "").strip()
    if not url:
        raise TableRefused(NO_SERVER)
    return url if url.endswith("/") else url + "/"


class TableClient:
    """``TableClient(url=None, secret=None, on_frame=None, on_refused=None, reconnects=10)``: one place at a table."""

    def __init__(self, url: str | None = None, secret: str | None = None,
                 on_frame: Callable[[Frame], None] | None = None, on_refused: Callable[[str], None] | None = None,
                 reconnects: int = RECONNECTS) -> None:
        self.url = url or server_url()
        self.secret = os.environ.get(protocol.SECRET_ENV, "") if secret is None else secret
        self.on_frame, self.on_refused, self.reconnects = on_frame, on_refused, reconnects
        self.code: str | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.frame: Frame | None = None  # the latest table frame
        self.refusals: list[str] = []  # the latest few sentences (for a caller without on_refused)
        self._socket: WebSocketClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._answer: asyncio.Future[dict[str, Any]] | None = None
        self._changed = asyncio.Event()
        self._closing = False

    # --- HTTP ----------------------------------------------------------------------------------------------------
    async def create(self, game: str, seats: list[str], rules: dict[str, Any] | None = None,
                     deal: str | None = None) -> dict[str, Any]:
        """Set a table up; returns ``{"code", "table"}``. A setup that cannot be played: ``TableRefused``."""
        body = json.dumps({"game": game, "seats": seats, "rules": rules, "deal": deal})
        return await self._fetch("new", "POST", body)

    async def summary(self, code: str) -> dict[str, Any]:
        """A table's public summary (its game, seats, who sits there); a wrong code: ``TableRefused``."""
        return await self._fetch(code.strip().upper().replace(" ", ""), "GET")

    async def _fetch(self, path: str, method: str, body: str | None = None) -> dict[str, Any]:
        request = HTTPRequest(self.url + path, method=method, body=body, headers=self._headers(),
                              connect_timeout=CONNECT_SECONDS, request_timeout=CONNECT_SECONDS)
        try:
            response = await AsyncHTTPClient().fetch(request)
        except HTTPClientError as err:
            answer = _json(err.response.body if err.response is not None else b"")
            if "error" not in answer:
                raise Unreachable(f"The server of shared tables answered {err.code}.") from None
            raise TableRefused(answer["error"]) from None
        except OSError as err:
            raise Unreachable(f"The server of shared tables cannot be reached ({err.strerror or err}).") from None
        return _json(response.body)

    def _headers(self) -> dict[str, str]:
        return {SECRET_HEADER: self.secret} if self.secret else {}

    # --- a place at a table --------------------------------------------------------------------------------------
    async def join(self, code: str, name: str, seat: int | None = None) -> dict[str, Any]:
        """Take a seat by name (the first free one unless ``seat``); returns the ``seated`` answer (with the token).
        A name the table would refuse is refused here, before it is sent."""
        problem = name_problem(name)
        if problem:
            raise TableRefused(problem)
        return await self._enter(code, protocol.join(name, seat))

    async def rejoin(self, code: str, token: str) -> dict[str, Any]:
        """Take one's seat back with its token (after a reload: the token the page kept)."""
        return await self._enter(code, protocol.rejoin(token))

    async def watch(self, code: str) -> dict[str, Any]:
        """Watch the table as a spectator: no hidden card."""
        return await self._enter(code, protocol.watch())

    async def act(self, action: str) -> None:
        """Send an action for this seat; a refusal comes back as a sentence (``on_refused``), the table unchanged."""
        if self._socket is None:
            raise TableRefused("You are not at a table: join one with its code first.")
        await self._socket.write_message(json.dumps(protocol.act(action)))

    async def wait(self, until: Callable[[Frame], bool], timeout: float = 10.0) -> Frame:
        """The first frame (the latest, or one to come) for which ``until`` holds."""
        async def waiting() -> Frame:
            while self.frame is None or not until(self.frame):
                self._changed.clear()
                await self._changed.wait()
            return self.frame
        return await asyncio.wait_for(waiting(), timeout)

    async def close(self) -> None:
        """Leave the table (the seat stays this student's: the computer stands in after a while)."""
        self._closing = True
        if self._socket is not None:
            self._socket.close()
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)
        self._socket = self._reader = None

    async def _enter(self, code: str, first: dict[str, Any]) -> dict[str, Any]:
        await self.close()
        self._closing = False
        self.code = code.strip().upper().replace(" ", "")
        answer = await self._connect(first)
        if answer["type"] == SEATED:
            self.seat, self.token = answer["seat"], answer["token"]
        return answer

    async def _connect(self, first: dict[str, Any]) -> dict[str, Any]:
        request = HTTPRequest(f"{_ws(self.url)}{self.code}/seat", headers=self._headers(),
                              connect_timeout=CONNECT_SECONDS, request_timeout=CONNECT_SECONDS)
        try:
            socket = await websocket_connect(request)
        except HTTPClientError as err:
            answer = _json(err.response.body if err.response is not None else b"")
            if "error" not in answer:
                raise Unreachable(f"The server of shared tables answered {err.code}.") from None
            raise TableRefused(answer["error"]) from None
        except OSError as err:
            raise Unreachable(f"The server of shared tables cannot be reached ({err.strerror or err}).") from None
        self._socket = socket
        self._answer = asyncio.get_running_loop().create_future()
        self._reader = asyncio.create_task(self._read(socket))
        try:
            await socket.write_message(json.dumps(first))
        except WebSocketClosedError:
            pass  # the server answered at once (no such table) and closed: its sentence is read below
        answer = await asyncio.wait_for(self._answer, CONNECT_SECONDS)
        if answer["type"] == REFUSED:
            await self.close()
            raise TableRefused(answer["text"])
        return answer

    async def _read(self, socket: WebSocketClientConnection) -> None:
        while True:
            raw = await socket.read_message()
            if raw is None:
                break
            self._received(_json(raw))
        if self._answer is not None and not self._answer.done():
            self._answer.set_result({"type": REFUSED, "text": "The server of shared tables closed the connection."})
        if not self._closing and self.token is not None and socket is self._socket:
            asyncio.create_task(self._come_back())

    def _received(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == TABLE:
            self.frame = message
            self._changed.set()
            if self.on_frame is not None:
                try:
                    self.on_frame(message)
                except Exception:  # the connection goes on: the next frame draws the table again
                    log.exception("drawing a table frame failed")
        elif kind in (SEATED, WATCHING) or (kind == REFUSED and self._answer is not None
                                            and not self._answer.done()):
            if self._answer is not None and not self._answer.done():
                self._answer.set_result(message)
        elif kind == REFUSED:
            text = str(message.get("text", ""))
            self.refusals = [*self.refusals[-9:], text]
            if self.on_refused is not None:
                self.on_refused(text)

    async def _come_back(self) -> None:
        """The connection was lost: connect again and take the seat back with its token."""
        for _ in range(self.reconnects):
            await asyncio.sleep(1.0)
            if self._closing or self.token is None:
                return
            try:
                await self._connect(protocol.rejoin(self.token))
                return
            except (TimeoutError, Unreachable, WebSocketClosedError) as err:
                log.info("could not take the seat back yet: %s", err)
            except TableRefused as err:  # the server's answer (the table closed): no use trying again
                self.token = None
                if self.on_refused is not None:
                    self.on_refused(str(err))
                return
        if self.on_refused is not None:
            self.on_refused("The connection to the table was lost: reload the page to take your seat back.")


def _ws(url: str) -> str:
    return "ws" + url.removeprefix("http") if url.startswith("http") else url


def _json(raw: str | bytes) -> dict[str, Any]:
    try:
        value = json.loads(raw)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}
