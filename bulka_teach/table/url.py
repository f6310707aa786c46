"""The query string of the page a notebook runs in (Voilà), for ``Practice.from_url``; ``bulka_teach.links`` reads
its ``deal`` and ``contest``."""
from __future__ import annotations

import asyncio
import json
import logging
import os
import threading
from collections.abc import Callable

log = logging.getLogger("bulka_teach.table")
CONNECT_SECONDS = 5  # to reach Voilà's request-info socket (it is on this machine)


def preheated() -> bool:
    """Whether this is a preheated Voilà kernel, running its page before anyone asked for it."""
    return os.environ.get("VOILA_PREHEAT") == "True"


def query_string() -> str:
    """The page's query string under Voilà; "" in JupyterLab, nbval or a plain kernel.

    A preheated Voilà kernel starts before anyone asks for the page: it learns the request
    (and ``QUERY_STRING``) only when Voilà hands it over, so this waits for it (``wait_for_request``);
    ``when_requested`` does not wait.
    """
    if preheated():
        try:
            os.environ.update(wait_for_request())
        except Exception:  # the page still works, with a fresh deal
            log.exception("could not get the request from Voilà")
    return os.environ.get("QUERY_STRING", "")


def page_deals_codes() -> bool:
    """Whether this kernel runs a page whose address passes its query to Python: Voilà's (``QUERY_STRING``, or a
    preheated kernel that will learn it) or the static site's (``QUERY_STRING``, set by the page); not JupyterLab."""
    return preheated() or "QUERY_STRING" in os.environ


def when_requested(callback: Callable[[str], None]) -> None:
    """In a preheated kernel, call ``callback(query string)`` once a learner asks for the page; else never.

    The cell goes on at once, so Voilà renders the whole page before anyone asks for it and a learner's
    page costs the server nothing but sending it. The request is awaited on a thread; ``callback`` runs
    on the kernel's event loop (where widget messages are handled) as soon as the loop is free.
    """
    if not preheated():
        return
    try:
        loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
    except RuntimeError:  # not inside a kernel's loop: call it from the waiting thread
        loop = None

    def deliver(query: str) -> None:
        try:
            callback(query)
        except Exception:
            log.exception("the page's request could not be applied")

    def wait() -> None:
        try:
            os.environ.update(wait_for_request())
        except Exception:  # the page works with what it has
            log.exception("could not get the request from Voilà")
            return
        query = os.environ.get("QUERY_STRING", "")
        if loop is None:
            deliver(query)
        else:
            loop.call_soon_threadsafe(deliver, query)

    threading.Thread(target=wait, name="bulka-teach-when-requested", daemon=True).start()


def request_info_url() -> str:
    """Where Voilà hands a preheated kernel its request (the address ``voila.utils`` would use)."""
    protocol = os.environ.get("VOILA_WS_PROTOCOL", "ws")
    host = os.environ.get("VOILA_APP_IP", "127.0.0.1")
    port = os.environ.get("VOILA_APP_PORT", "8866")
    base = os.environ.get("VOILA_WS_BASE_URL", os.environ.get("VOILA_SERVER_URL", "/"))
    return f"{protocol}://{host}:{port}{base}voila/query/{os.environ.get('VOILA_KERNEL_ID', '')}"


def wait_for_request() -> dict[str, str]:
    """Block until a learner asks for this preheated kernel's page; return the request's variables.

    What ``voila.utils.wait_for_request`` does, without importing Voilà into the kernel: that import
    pulls in the whole server (jupyter_server, nbconvert, JupyterLab's config) and costs each practice
    kernel about 45 MB and seconds of CPU. The kernel's event loop is busy running this cell, so the
    socket is read on a thread of its own. Tornado is imported here, not at the top: the static site's
    kernel (Pyodide) has no tornado and never waits for a request.
    """
    from tornado.websocket import websocket_connect
    found: dict[str, str] = {}
    failed: list[BaseException] = []

    async def receive() -> None:
        connection = await websocket_connect(request_info_url(), connect_timeout=CONNECT_SECONDS)
        try:
            message = await connection.read_message()
        finally:
            connection.close()
        if message is None:
            raise ConnectionError("Voilà closed the request socket before sending the request")
        found.update(json.loads(message))

    def run() -> None:
        try:
            asyncio.run(receive())
        except BaseException as err:  # raised again below, in the kernel's thread
            failed.append(err)

    thread = threading.Thread(target=run, name="bulka-teach-wait-for-request", daemon=True)
    thread.start()
    thread.join()
    if failed:
        raise failed[0]
    return found
