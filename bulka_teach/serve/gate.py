"""The door of the lesson pages: each page request is let in (and given a kernel) or answered with a sentence.

In this order, for a request to ``/voila/render/…``:

1. a contest deal (``?contest=1&deal=CODE`` on a practice lesson) is played in one tab: a page of that deal, as a
   contest or for practice (where Undo would show the computer's cards), while another of the visitor's tabs holds
   its contest page (its widgets connected), is refused (409): "This contest deal is already open in another tab
   of yours …"; and a contest page while a practice page of the deal is open, "This deal is open in another tab". A
   reload closes the old tab's websocket, so the request waits up to ``RELOAD_SECONDS`` for that first; an
   earlier page of the deal that is not connected (a tab still loading, or gone) is given up for the new one;
2. a visitor at ``Visitors.limit`` pages gives up the oldest (its kernel shut down: the tab reloaded or left
   behind); requests without the visitor cookie (a program, counted by address) are refused instead (429);
3. a server already holding ``max_kernels`` kernels (pools included) answers 503 "The class is full: try again
   in a minute", with ``Retry-After``.

A page let in is followed to its end: its kernel is then watched for its widgets' connection
(``BoundedKernels.await_connection``), or shut down at once if its request was abandoned before the last byte.
"""
from __future__ import annotations

import asyncio
import html
import time
from dataclasses import dataclass
from typing import Any

import tornado.web
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from .kernels import BoundedKernels
from .visitors import COOKIE, Page, Visitor, Visitors, new_token, practice_deal, token_of
from .xsrf import RenderWithXsrfCookie

SETTING = "bulka_teach_gate"  # where the app puts its ``Gate`` in tornado's settings
RELOAD_SECONDS = 3.0  # how long a contest page waits for the tab it replaces (a reload) to let go of its kernel
COOKIE_DAYS = 30
FULL_RETRY_SECONDS = 60
TOO_MANY_RETRY_SECONDS = 30


@dataclass(frozen=True)
class Refusal:
    """A page answered with sentences instead of a lesson."""

    status: int
    title: str
    sentences: tuple[str, ...]
    retry_after: int | None = None
    reload_with_cookie: bool = False  # a browser that stored the visitor cookie reloads, and is then let in

    def html(self) -> str:
        paragraphs = "".join(f"<p>{html.escape(sentence)}</p>" for sentence in self.sentences)
        script = (f"<script>if (document.cookie.includes('{COOKIE}=')) setTimeout(() => location.reload(), 1000)"
                  "</script>" if self.reload_with_cookie else "")
        return ("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
                "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
                f"<title>{html.escape(self.title)}</title><style>body{{font:1.15rem/1.5 system-ui,sans-serif;"
                "max-width:36rem;margin:4rem auto;padding:0 1rem;color:#222}</style></head>"
                f"<body><h1 class=\"refusal\">{html.escape(self.title)}</h1>{paragraphs}{script}</body></html>")


def class_full(max_kernels: int) -> Refusal:
    return Refusal(503, "The class is full: try again in a minute",
                   (f"The server already runs as many lessons as it can hold ({max_kernels}). "
                    "A lesson is freed as soon as a student closes its tab.",), retry_after=FULL_RETRY_SECONDS)


def too_many(limit: int) -> Refusal:
    return Refusal(429, "Too many pages from this address",
                   (f"{limit} lesson pages were opened from this address by a program that keeps no cookies, "
                    "and none of them is in use yet: try again in half a minute.",
                    "A browser gets its page: this one reloads itself if it keeps cookies; "
                    "if it does not, allow cookies for this site."),
                   retry_after=TOO_MANY_RETRY_SECONDS, reload_with_cookie=True)


CONTEST_OPEN = Refusal(409, "This contest deal is already open", (
    "This contest deal is already open in another tab of yours: close this one and go back to it.",))
DEAL_OPEN = Refusal(409, "This deal is open in another tab", (
    "This deal is open in another tab of yours: close that tab, then open the contest link again.",
    "A contest deal is played in one tab, with no Undo and no Hint beside it."))


class Gate:
    """Lets page requests in or refuses them; ``visitors`` holds who has which page."""

    def __init__(self, visitors: Visitors, max_kernels: int) -> None:
        self.visitors = visitors
        self.max_kernels = max_kernels

    async def admit(self, manager: Any, visitor: Visitor, path: str, query: str) -> Page | Refusal:
        """The page for this request (from now on the visitor's), or the refusal to send instead."""
        self.visitors.prune(lambda kernel_id: kernel_id in manager)
        opened = practice_deal(path, query)
        if opened is not None:
            rivals = await self._open_elsewhere(manager, visitor, *opened)
            if rivals:
                return CONTEST_OPEN if any(page.contest for page in rivals) else DEAL_OPEN
            await self._give_up(manager, self.visitors.rival_pages(visitor, *opened))
        older = self.visitors.make_room(visitor)
        if older:
            if not visitor.has_cookie:
                return too_many(self.visitors.limit)
            await self._give_up(manager, older)
        if self.in_use(manager) >= self.max_kernels:
            return class_full(self.max_kernels)
        return self.visitors.open(visitor, opened)

    def in_use(self, manager: Any) -> int:
        """Kernels running (pools included) and page requests about to hold one."""
        return len(manager.list_kernel_ids()) + self.visitors.waiting()

    async def finished(self, manager: Any, page: Page) -> None:
        """The page's request ended: watch its kernel for the page's widgets, or end it if nobody will come."""
        page.finished = True
        kernel_id = page.kernel_id
        if kernel_id is None:
            self.visitors.drop(page)
            return
        if not isinstance(manager, BoundedKernels):
            return
        if page.given_up or page.abandoned and not manager.ever_connected(kernel_id):
            self.visitors.drop(page)
            await manager.end(kernel_id)
        else:
            manager.await_connection(kernel_id)

    async def _open_elsewhere(self, manager: Any, visitor: Visitor, deal: str, contest: bool) -> list[Page]:
        """The visitor's tabs, their widgets connected, that a page of ``deal`` may not open beside (its contest
        page; or, for a contest, any page of the deal), after waiting a moment for a reloading tab to let go."""
        deadline = time.monotonic() + RELOAD_SECONDS
        while rivals := [page for page in self.visitors.rival_pages(visitor, deal, contest)
                         if _connections(manager, page)]:
            if time.monotonic() > deadline:
                return rivals
            await asyncio.sleep(0.1)
            self.visitors.prune(lambda kernel_id: kernel_id in manager)
        return []

    async def _give_up(self, manager: Any, pages: list[Page]) -> None:
        """Shut the pages' kernels down (a page still on its way is ended when its request ends)."""
        for page in pages:
            self.visitors.drop(page)
            page.given_up = True
            if page.kernel_id is not None and isinstance(manager, BoundedKernels):
                manager.log.info("Kernel %s shut down: its visitor opened a newer page", page.kernel_id)
                await manager.end(page.kernel_id)


def _connections(manager: Any, page: Page) -> int:
    if page.kernel_id is None or page.kernel_id not in manager:
        return 0
    return int(getattr(manager, "_kernel_connections", {}).get(page.kernel_id, 0))


def visitor_of(handler: tornado.web.RequestHandler) -> Visitor:
    return Visitor(handler.request.remote_ip or "", token_of(handler.get_cookie(COOKIE)))


class GatedRender(RenderWithXsrfCookie):
    """Voilà's render page (with the ``_xsrf`` cookie) behind the ``Gate``; it gives each browser its visitor
    cookie."""

    _page: Page | None = None

    @tornado.web.authenticated  # before anything is counted, as Voilà's page does
    async def get(self, path: str | None = None) -> None:  # type: ignore[override]  # the decorator's typing
        gate: Gate = self.settings[SETTING]
        visitor = visitor_of(self)
        if not visitor.has_cookie:
            self.set_cookie(COOKIE, new_token(), path=self.base_url, expires_days=COOKIE_DAYS, samesite="Lax")
        admitted = await gate.admit(self.kernel_manager, visitor, path or "", self.request.query)
        if isinstance(admitted, Refusal):
            self.refuse(admitted)
            return
        self._page = admitted
        try:
            await super().get(path=path)
        finally:
            await gate.finished(self.kernel_manager, admitted)

    def page_kernel(self, kernel_id: str) -> None:
        if self._page is not None:
            self._page.kernel_id = kernel_id

    def refuse(self, refusal: Refusal) -> None:
        self.set_status(refusal.status)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        if refusal.retry_after is not None:
            self.set_header("Retry-After", str(refusal.retry_after))
        self.finish(refusal.html())

    def on_connection_close(self) -> None:
        if self._page is not None and not self._page.finished:
            self._page.abandoned = True
        super().on_connection_close()


class GatedKernelSocket(VoilaKernelWebsocketHandler):  # type: ignore[misc]  # voila ships no type information
    """The kernel websocket; a page asked for without the visitor cookie becomes the visitor's whose cookie its
    widgets connect with."""

    async def get(self, kernel_id: str) -> None:
        gate: Gate | None = self.settings.get(SETTING)
        if gate is not None:
            gate.visitors.confirm(kernel_id, visitor_of(self))
        await super().get(kernel_id)
