"""The shared tables over HTTP and websockets (tornado): inside the app server, or on their own as a JupyterHub service.

``table_routes(tables, base_url)`` are the routes the app server mounts (``bulka_teach.serve.app``); ``main`` runs
them on their own: ``python -m bulka_teach.serve tables --port P``. Started by JupyterHub as a service, it reads the
hub's environment: ``JUPYTERHUB_SERVICE_URL`` (where to listen) and ``JUPYTERHUB_SERVICE_PREFIX`` (its base URL); and
``BULKA_TABLES_SECRET``, the secret every request must carry in ``X-Bulka-Secret`` (the students' kernels have it,
their browsers do not). The protocol is ``bulka_teach.tables.protocol``'s.

The tables' work (a move, the computer's moves, a join, the time's sweep) runs on a few worker threads, each table's
one piece at a time (the service's locks), so the server's event loop — the app's pages and kernels — never waits
for the computer to think, and a computer thinking at one table holds up no other. Each connection is then sent its
own frame.
"""
from __future__ import annotations

import argparse
import asyncio
import hmac
import json
import logging
import os
import secrets
import sys
from collections.abc import Callable, MutableMapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from tornado.httpserver import HTTPServer
from tornado.ioloop import IOLoop, PeriodicCallback
from tornado.web import Application, RequestHandler
from tornado.websocket import WebSocketClosedError, WebSocketHandler

from ..links import hub_service_parser, local_host
from .protocol import MAX_BODY_BYTES, PREFIX, SECRET_ENV, SECRET_HEADER, URL_ENV, refused
from .seating import Refused, Table
from .service import Client, Full, Limits, TableService

log = logging.getLogger("bulka_teach.tables")
T = TypeVar("T")
WORKERS = 4  # threads for the tables' work: a strong computer's seconds of thought at one table, quick moves beside it
SWEEP_SECONDS = 1.0  # how often time acts on the tables (stand-ins, closing)
SOCKET_BYTES = 64 * 1024  # a frame the socket reads before the table judges it (and refuses one over 2 KB)
NO_SECRET = "This server of shared tables answers only the lessons' kernels: the request carries no valid secret."
Outbox = list[tuple["SeatSocket", dict[str, Any]]]


class Tables:
    """The service, the secret and the one worker thread, shared by the handlers of one server."""

    def __init__(self, service: TableService | None = None, secret: str | None = None) -> None:
        self.service = service or TableService()
        self.secret = secret or None
        self.sockets: dict[Client, SeatSocket] = {}
        self.worker = ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="bulka-tables")
        self.sweeper: PeriodicCallback | None = None

    def allows(self, handler: RequestHandler) -> bool:
        if self.secret is None:
            return True
        given = handler.request.headers.get(SECRET_HEADER, "")
        return hmac.compare_digest(given.encode(), self.secret.encode())

    async def call(self, work: Callable[[], T]) -> T:
        """Run ``work`` on one of the tables' worker threads."""
        return await asyncio.get_running_loop().run_in_executor(self.worker, work)

    def frames(self, table: Table) -> Outbox:
        """Each connection's frame of ``table``, for those it changed for (on a worker thread)."""
        out: Outbox = []
        with self.service.lock(table):
            for client in list(self.service.at(table)):
                frame = client.frame()
                socket = self.sockets.get(client)
                if frame is not None and socket is not None:
                    out.append((socket, frame))
        return out

    def start_sweeping(self) -> None:
        """Let time act on the tables every ``SWEEP_SECONDS`` (from the first request on, in the server's loop)."""
        if self.sweeper is None:
            self.sweeper = PeriodicCallback(self.sweep, SWEEP_SECONDS * 1000)
            self.sweeper.start()

    async def sweep(self) -> None:
        """Let time act on the tables; send what changed; close the connections of closed tables."""
        def work() -> tuple[Outbox, list[Table]]:
            changed = list(self.service.sweep())
            out = [item for table in changed for item in self.frames(table)]
            return out, [table for table in changed if table.closed]
        try:
            out, closed = await self.call(work)
        except Exception:
            log.exception("sweeping the tables failed")
            return
        send(out)
        for table in closed:
            for client in list(self.service.at(table)):
                socket = self.sockets.pop(client, None)
                if socket is not None:
                    socket.close(1000, "the table closed")
            self.service.forget(table)


def send(out: Outbox) -> None:
    for socket, message in out:
        socket.send(message)


class TablesHandler(RequestHandler):
    """Base of the HTTP handlers: the secret, JSON answers, no cookie check (the secret is a header)."""

    def initialize(self, tables: Tables) -> None:
        self.tables = tables

    def prepare(self) -> None:
        self.tables.start_sweeping()
        if not self.tables.allows(self):
            self.answer(403, {"error": NO_SECRET})

    def check_xsrf_cookie(self) -> None:
        """Requests carry the secret in a header, which another site's page cannot set: no cookie is needed."""

    def answer(self, status: int, body: dict[str, Any]) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(body, ensure_ascii=False))


class StatusHandler(TablesHandler):
    """``GET bulka/tables/``: how many tables are open, of how many (a health check)."""

    def get(self) -> None:
        self.answer(200, {"tables": len(self.tables.service.tables), "limit": self.tables.service.limits.tables})


class NewTableHandler(TablesHandler):
    """``POST bulka/tables/new``: set up a table."""

    async def post(self) -> None:
        body = self.request.body
        if len(body) > MAX_BODY_BYTES:
            self.answer(413, {"error": f"A table's setup is a few lines, not {len(body):,} bytes."})
            return
        try:
            setup = json.loads(body)
        except (ValueError, RecursionError):
            setup = None
        if not isinstance(setup, dict):
            self.answer(400, {"error": "A table's setup names its game and seats: choose them in the form."})
            return
        service = self.tables.service
        try:
            table = await self.tables.call(lambda: service.create(setup.get("game"), setup.get("seats"),
                                                                  setup.get("rules"), setup.get("deal")))
        except Full as err:
            self.answer(429, {"error": str(err)})
            return
        except Refused as err:
            self.answer(400, {"error": str(err)})
            return
        self.answer(201, {"code": table.code, "table": table.summary()})


class TableHandler(TablesHandler):
    """``GET bulka/tables/<code>``: a table's public summary."""

    async def get(self, code: str) -> None:
        try:
            summary = await self.tables.call(lambda: self.tables.service.find(code).summary())
        except Refused as err:
            self.answer(404, {"error": str(err)})
            return
        self.answer(200, summary)


class SeatSocket(WebSocketHandler):
    """``bulka/tables/<code>/seat``: one connection — a student's kernel at one seat, or a spectator's."""

    def initialize(self, tables: Tables) -> None:
        self.tables = tables
        self.client: Client | None = None

    def prepare(self) -> None:
        self.tables.start_sweeping()
        if not self.tables.allows(self):
            self.set_status(403)
            self.finish(json.dumps({"error": NO_SECRET}))

    @property
    def max_message_size(self) -> int:
        return SOCKET_BYTES

    def check_origin(self, origin: str) -> bool:
        """Kernels send no Origin; a browser page does, and no browser may hold a seat (it would see a seat's
        view without the kernel in between): with a secret set, the secret decides; without, only origin-less."""
        return self.tables.secret is not None or not origin

    async def open(self, code: str) -> None:  # type: ignore[override]  # tornado passes the route's group
        try:
            self.client = await self.tables.call(lambda: self.tables.service.connect(code))
        except Refused as err:
            self.send(refused(str(err)))
            self.close(4404, "no such table")
            return
        self.tables.sockets[self.client] = self

    async def on_message(self, message: str | bytes) -> None:
        client = self.client
        if client is None:
            return
        tables = self.tables

        def work() -> tuple[list[dict[str, Any]], Outbox]:
            replies = client.handle(message, computers=False)
            return replies, tables.frames(client.table)

        def computers() -> Outbox:
            with tables.service.lock(client.table):
                client.table.play_computers()
                return tables.frames(client.table)
        try:
            replies, out = await tables.call(work)
        except Exception:
            log.exception("a table's message failed")
            replies, out = [refused("Something went wrong at the table; it is as it was. Please try again.")], []
        for reply in replies:
            self.send(reply)
        send(out)  # everyone sees the student's move, then the computer's
        if client.flooding:
            self.close(1008, "too many messages")
        elif client.table.computer_to_move():
            try:
                send(await tables.call(computers))
            except Exception:
                log.exception("the computer's move failed")

    def on_close(self) -> None:
        client = self.client
        if client is None:
            return
        tables = self.tables
        tables.sockets.pop(client, None)

        def work() -> Outbox:
            client.close()
            return tables.frames(client.table)

        async def leave() -> None:
            send(await tables.call(work))
        IOLoop.current().add_callback(leave)

    def send(self, message: dict[str, Any]) -> None:
        try:
            self.write_message(json.dumps(message, ensure_ascii=False))
        except WebSocketClosedError:
            pass


def tables_path(base_url: str) -> str:
    """The shared tables' path under ``base_url``: ``/bulka/tables/``, ``/services/bulka-tables/bulka/tables/``."""
    return "/" + f"{base_url.strip('/')}/{PREFIX}".lstrip("/")


def table_routes(tables: Tables, base_url: str = "/") -> list[tuple[str, type[RequestHandler], dict[str, Any]]]:
    """The routes of the shared tables under ``base_url`` (the app's, or a hub service's prefix)."""
    root = tables_path(base_url)
    args = {"tables": tables}
    return [(root, StatusHandler, args), (root + "new", NewTableHandler, args),
            (root + r"([A-Za-z]{1,12})", TableHandler, args), (root + r"([A-Za-z]{1,12})/seat", SeatSocket, args)]


def app_routes(ip: str, port: int, base_url: str, env: MutableMapping[str, str] = os.environ) -> list[Any]:
    """The shared tables inside an app server listening on ``ip:port`` under ``base_url``: its routes, and its
    kernels told where the tables are and their secret (in ``env``, which the server's kernels inherit: a configured
    ``BULKA_TABLES_URL`` or ``BULKA_TABLES_SECRET`` is kept; without a secret, one is made for this run)."""
    host = local_host(ip)
    secret = env.get(SECRET_ENV) or secrets.token_urlsafe(24)
    env[SECRET_ENV] = secret
    env.setdefault(URL_ENV, f"http://{host}:{port}{tables_path(base_url)}")
    return table_routes(Tables(TableService(), secret), base_url)


def make_app(tables: Tables, base_url: str = "/") -> Application:
    """A tornado application serving only the shared tables."""
    return Application(table_routes(tables, base_url), websocket_ping_interval=20)


# --- standalone: python -m bulka_teach.serve tables -----------------------------------------------------------------
def arguments(argv: Sequence[str], env: dict[str, str]) -> argparse.Namespace:
    """The command line, its defaults read from a JupyterHub service's environment when there is one."""
    parser = hub_service_parser("python -m bulka_teach.serve tables", "Serve the shared tables of a class (classmates "
                                "at one table).", 8870, "the tables are", env)
    parser.add_argument("--max-tables", type=int, default=Limits.tables, help="tables open at once")
    parser.add_argument("--stand-in-after", type=float, default=Limits.stand_in_after,
                        help="seconds a student's seat is empty before the computer plays it")
    parser.add_argument("--close-after", type=float, default=Limits.close_after,
                        help="seconds a table nobody is at stays open")
    return parser.parse_args(list(argv))


def main(argv: Sequence[str] | None = None) -> None:
    """Serve the shared tables on their own until interrupted."""
    logging.basicConfig(level=logging.INFO, format="[%(levelname)s %(asctime)s %(name)s] %(message)s")
    env = dict(os.environ)
    args = arguments(sys.argv[1:] if argv is None else argv, env)
    secret = env.get(SECRET_ENV) or None
    if secret is None:
        log.warning("%s is not set: any program that reaches %s:%d can sit at the tables", SECRET_ENV, args.ip,
                    args.port)
    limits = Limits(tables=args.max_tables, stand_in_after=args.stand_in_after, close_after=args.close_after)
    tables = Tables(TableService(limits), secret)
    server = HTTPServer(make_app(tables, args.base_url), xheaders=True)
    server.listen(args.port, args.ip)
    log.info("Shared tables at http://%s:%d%s", args.ip, args.port, tables_path(args.base_url))
    try:
        IOLoop.current().start()
    except KeyboardInterrupt:
        log.info("Stopping the shared tables")
